"""A user's kit game written as the docs show passes the project's ruff
rules as they apply to a user's own code, RUF012 on the class-level
declarations included (issue 30, item 8); mypy --strict on the same file is
tests/test_typing.py's."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
USER = ROOT / "tests" / "typing" / "kit_user.py"


def ruff(path: Path) -> subprocess.CompletedProcess[str]:
    """The project's ruff rules on ``path``, a file outside the project's
    folders (so no per-file ignore of tests/ or examples/ applies)."""
    config = ROOT / "pyproject.toml"
    command = [sys.executable, "-m", "ruff", "check", "--config", str(config), "--output-format", "concise", str(path)]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


def test_a_kit_game_as_the_docs_show_passes_ruff_with_ruf012(tmp_path: Path) -> None:
    mine = tmp_path / "kit_user.py"
    shutil.copy(USER, mine)
    done = ruff(mine)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_check_would_catch_an_undeclared_class_level_dict(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(USER.read_text().replace("    pieces: ClassVar = {", "    pieces = {", 1))
    done = ruff(bad)
    assert done.returncode == 1 and "RUF012" in done.stdout
