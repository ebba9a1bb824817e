"""``python -m boardkit`` runs the ``boardkit`` command."""

from __future__ import annotations

import sys

from boardkit.cli import main

if __name__ == "__main__":
    sys.exit(main())
