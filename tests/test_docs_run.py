"""Every tutorial and how-to page can be followed as written: the files it
tells the reader to write are written from its code blocks, its commands are
run in a fresh folder with the venv's ``boardkit`` and ``python``, its
``>>>`` lines run in a ``python`` started there, and every transcript it
shows is compared with what the command prints. The convention a page
follows is in ``tests/docs_run.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_run import ROOT, PageError, Step, follow, matches, read_page, run_command

PAGES = sorted(
    page
    for folder in ("tutorials", "howto")
    for page in (ROOT / "docs" / folder).glob("*.md")
    if page.name != "index.md"
)


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.parent.name}/{p.name}" for p in PAGES])
def test_the_page_can_be_followed_as_written(page: Path, tmp_path: Path) -> None:
    read = read_page(page.read_text(encoding="utf-8"), page)
    if read.skip:
        pytest.skip(read.skip)
    failure = ""
    try:
        follow(read, tmp_path, str(page.relative_to(ROOT)))
    except PageError as exc:
        failure = f"{page.relative_to(ROOT)}, {exc}"
    if failure:
        pytest.fail(failure, pytrace=False)


def test_every_page_does_something() -> None:
    idle = [p.name for p in PAGES if not read_page(p.read_text(encoding="utf-8"), p).steps]
    assert not idle, f"pages with nothing to follow: {idle}"


# -- the convention itself -------------------------------------------------


def test_files_are_written_in_page_order_and_a_later_block_appends(tmp_path: Path) -> None:
    page = read_page(
        "# Two blocks, one file\n\n"
        "```python\n# file: game.py\nX = 1\n```\n\n"
        "```{code-block} python\n:caption: game.py\n\nY = X + 1\n```\n\n"
        "```console\n$ python -c 'import game; print(game.Y)'\n2\n```\n"
    )
    assert [s.kind for s in page.steps] == ["file", "file", "command"]
    follow(page, tmp_path, "page")
    assert (tmp_path / "game.py").read_text() == "# file: game.py\nX = 1\n\nY = X + 1\n"


def test_a_wrong_transcript_fails_with_a_diff(tmp_path: Path) -> None:
    page = read_page("```console\n$ echo one; echo two\none\nthree\n```\n")
    with pytest.raises(PageError, match=r"(?s)-three.*\+two"):
        follow(page, tmp_path, "page")


def test_typed_lines_are_fed_to_boardkit_play(tmp_path: Path) -> None:
    page = read_page(
        "```console\n"
        "$ boardkit play boardkit.testing:Nim --option heap=3 --seat human greedy --seed 1\n"
        "...\n"
        "heap: ||| (3)\n"
        "player 0 (you)> take 3\n"
        "player 0 (you) played take 3\n"
        "heap:  (0)\n"
        "nim: player 0 won (took the last counter)\n"
        "```\n"
    )
    assert page.steps[0].typed == ["take 3"]
    follow(page, tmp_path, "page")


def test_sessions_see_only_the_folder_not_examples(tmp_path: Path) -> None:
    page = read_page("```python\n>>> import high_tiles\n\n```\n")
    with pytest.raises(PageError, match="ModuleNotFoundError"):
        follow(page, tmp_path, "page")


def test_a_quick_check_must_match_something() -> None:
    with pytest.raises(PageError, match="matches nothing"):
        read_page("# A\n\nFor a quick check use `games=4`.\n\n```console\n$ boardkit simulate tafl --games 9\n```\n")


def test_install_lines_check_the_extras_instead_of_running_pip(tmp_path: Path) -> None:
    for command in ("pip install 'boardkit[web]'", "pip install '.[rl,distributed]'"):
        run_command(Step("command", 1, command), tmp_path, {})
    with pytest.raises(PageError, match="no extra"):
        run_command(Step("command", 1, "pip install 'boardkit[gpu]'"), tmp_path, {})


def test_ellipsis_and_terminal_redraws() -> None:
    assert matches("[####] 2/2 games\n...", "\r[##..] 1/2 games\r[####] 2/2 games\nsummary   \n")
    assert not matches("d5-c5", "d5-f5")


# -- the site around the pages -----------------------------------------------


def test_the_gallery_counts_what_is_in_examples() -> None:
    gallery = (ROOT / "docs" / "reference" / "kit-gallery.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((ROOT / "examples").glob("*.py")) if f"`{p.name}`" not in gallery
               and f"examples/{p.name}" not in gallery]
    assert not missing, f"examples the gallery page does not name: {missing}"


def test_the_landing_page_shows_the_four_boards_and_links_their_pages() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for game in ("tafl", "cloth-of-gold", "five-fields", "camelot"):
        assert f"_static/boards/{game}.svg" in index
        assert f"games/{game}>" in index
        assert (ROOT / "docs" / "games" / f"{game}.md").exists()
