"""The registry's types, as a user's type checker sees them: mypy on tests/typing/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "tests" / "typing").glob("*.py"))


def _expected_errors(script: Path) -> dict[int, str]:
    """The start of the error each marked line must give, by line number."""
    expected: dict[int, str] = {}
    for number, line in enumerate(script.read_text().splitlines(), start=1):
        _, marker, message = line.partition("  # error: ")
        if marker:
            expected[number] = message
    return expected


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_mypy_sees_what_the_script_says(script: Path, tmp_path: Path) -> None:
    # this checkout's boardkit, not an installed one, and the gallery's games (imported as the examples' doctests do)
    env = {**os.environ, "MYPYPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "examples")])}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path), script.name],
        cwd=script.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    found: dict[int, list[str]] = {}
    for line in done.stdout.splitlines():
        where, marker, message = line.partition(": error: ")
        if marker:
            file, _, number = where.rpartition(":")
            found.setdefault(int(number) if file == script.name else -1, []).append(message)  # -1: elsewhere
    expected = _expected_errors(script)
    assert found.keys() == expected.keys(), done.stdout + done.stderr
    for number, start in expected.items():
        assert len(found[number]) == 1 and found[number][0].startswith(start), done.stdout
    assert done.returncode == (1 if found else 0), done.stdout + done.stderr
