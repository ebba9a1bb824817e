"""The API page (docs/reference/api.md) lists every public name and nothing
else: each package's ``__all__`` against the page's table for it, both ways
(issue 41)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import boardkit

PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "api.md"


def public_packages() -> list[str]:
    """``boardkit`` and every subpackage whose path has no private part."""
    found = [
        info.name
        for info in pkgutil.walk_packages(boardkit.__path__, "boardkit.")
        if info.ispkg and not any(part.startswith("_") for part in info.name.split(".")[1:])
    ]
    return ["boardkit", *sorted(found)]


def listed(text: str) -> dict[str, list[str]]:
    """The page's names, by package section (``## `boardkit.x```), from its table rows."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        heading = re.fullmatch(r"## `([\w.]+)`", line)
        if heading:
            current = sections.setdefault(heading.group(1), [])
        elif current is not None and (row := re.match(r"\| `([\w]+)` \| (.+) \|$", line)):
            assert row.group(2).strip(), f"{row.group(1)} has no meaning on the page"
            current.append(row.group(1))
    return sections


def test_the_page_lists_every_public_name_of_every_public_package_and_nothing_else() -> None:
    sections = listed(PAGE.read_text(encoding="utf-8"))
    assert sorted(sections) == sorted(public_packages())
    for package, names in sections.items():
        exported = importlib.import_module(package).__all__
        assert len(names) == len(set(names)), f"{package}: a name listed twice"
        assert set(exported) - set(names) == set(), f"{package}: exported but not on the page"
        assert set(names) - set(exported) == set(), f"{package}: on the page but not exported"


def test_the_page_reader_finds_a_missing_or_extra_name() -> None:
    page = "## `boardkit.games`\n\n| name | meaning |\n|---|---|\n| `load` | a game by name |\n| `gone` | x |\n"
    assert listed(page) == {"boardkit.games": ["load", "gone"]}


def test_the_page_is_in_the_reference_toctree_and_supersedes_the_first_agreement() -> None:
    index = (PAGE.parent / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^api$", index, re.MULTILINE)
    assert "supersedes `API.md`" in PAGE.read_text(encoding="utf-8")
