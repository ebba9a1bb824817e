"""The how-to on evaluations writes ``race.py`` block by block; ``examples/race.py`` is that file, whole."""

from __future__ import annotations

from pathlib import Path

from docs_run import ROOT, read_page


def test_examples_race_is_the_file_the_how_to_writes() -> None:
    page = ROOT / "docs" / "howto" / "evaluate-your-game.md"
    text = ""
    for step in read_page(page.read_text(encoding="utf-8"), page).steps:
        if step.kind == "file" and step.file == "race.py":
            text += ("\n" if text else "") + step.text
    assert text == (Path(ROOT) / "examples" / "race.py").read_text(encoding="utf-8")


def test_the_race_is_searched_with_alpha_beta_and_keeps_the_contract() -> None:
    from race import Race

    from boardkit.agents import AlphaBetaAgent, best_agent
    from boardkit.testing import check_game

    assert isinstance(best_agent(Race()), AlphaBetaAgent)
    assert check_game(Race(), games=3).finished == 3
