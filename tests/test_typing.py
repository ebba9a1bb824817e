"""The registry's types, as a user's type checker sees them: mypy on tests/typing/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "tests" / "typing").glob("*.py"))


def _expected_errors(script: Path) -> set[str]:
    expected: set[str] = set()
    for number, line in enumerate(script.read_text().splitlines(), start=1):
        _, marker, message = line.partition("  # error: ")
        if marker:
            expected.add(f"{script.name}:{number}: error: {message}")
    return expected


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_mypy_sees_what_the_script_says(script: Path, tmp_path: Path) -> None:
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}  # this checkout's boardkit, not an installed one
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(tmp_path), script.name],
        cwd=script.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    found = {line for line in done.stdout.splitlines() if ": error: " in line}
    assert found == _expected_errors(script), done.stdout + done.stderr
    assert done.returncode == (1 if found else 0), done.stdout + done.stderr
