"""The project's promises about itself: the README's commands and CI agree."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", quick, flags=re.S)


def test_readme_has_exactly_two_quick_start_commands() -> None:
    commands = _readme_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = _readme_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_command in ci
    for tool in ("pytest", "mypy --strict src examples", "ruff check", "sphinx-build -W"):
        assert tool in test_command


def test_command_line_lists_every_registered_game_by_name() -> None:
    from boardkit import games

    done = subprocess.run(
        [sys.executable, "-m", "boardkit.cli", "list"], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0] for line in done.stdout.splitlines() if line.strip()}
    registered = games.names()
    assert len(registered) >= 4
    missing = [name for name in registered if name not in listed]
    assert not missing, f"boardkit list leaves out {missing}:\n{done.stdout}"
