"""Make the example games importable in tests and in the docs' doctests."""

from __future__ import annotations

import sys
from pathlib import Path

collect_ignore = ["docs/conf.py", "benchmarks"]

sys.path.insert(0, str(Path(__file__).parent / "examples"))
