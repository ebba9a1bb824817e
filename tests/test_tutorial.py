"""The tutorial "Build your first game" can be followed as written: its code
blocks, typed into one file in order, are the example game and pass the
conformance kit."""

from __future__ import annotations

import ast
import re
import sys
import types
from pathlib import Path

from boardkit.testing import check_game

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorials" / "first-game.md"


def typed_in(page: Path) -> str:
    """The code a reader types: every ``python`` block that is not a session at a prompt, in order."""
    blocks = re.findall(r"^```python\n(.*?)^```", page.read_text(), flags=re.S | re.M)
    return "\n\n".join(block for block in blocks if not block.lstrip().startswith(">>>"))


def test_the_tutorial_is_the_example_file() -> None:
    source = typed_in(TUTORIAL)
    example = (ROOT / "examples" / "hex_hasami.py").read_text()
    assert ast.dump(ast.parse(source)) == ast.dump(ast.parse(example))


def test_the_tutorial_typed_in_runs_and_passes_the_conformance_kit() -> None:
    module = types.ModuleType("typed_hex_hasami")
    sys.modules[module.__name__] = module  # attrs and the kit look classes up by module
    try:
        exec(compile(typed_in(TUTORIAL), "hex_hasami.py", "exec"), module.__dict__)
        report = check_game(module.HexHasami(move_limit=60), games=2)
    finally:
        del sys.modules[module.__name__]
    assert report.games == 2 and report.moves > 0
