"""``python -m boardkit`` runs the ``boardkit`` command.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

import sys

from boardkit.cli import main

if __name__ == "__main__":
    sys.exit(main())
