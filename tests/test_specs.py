"""The written forms of games, options and agents, read once for the command and the web (issue 26)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from boardkit import OptionError
from boardkit.about import About
from boardkit.agents import MCTSAgent
from boardkit.match import AgentSpec, make_agent, parse_agent
from boardkit.specs import game_factory, load_game, parse_options
from boardkit.testing import Nim


@pytest.mark.parametrize("text", ["mcts:١٢", "mcts:²", "mcts:0", "mcts:-1", "mcts:", "mcts:99999999999", "robot", ""])
def test_bad_agents_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(OptionError) as info:
        parse_agent(text)
    assert "\n" not in str(info.value)


def test_agents_read_and_build() -> None:
    assert parse_agent("mcts:12") == AgentSpec("mcts", 12)
    agent = make_agent("mcts", seed=1, iterations=30)
    assert isinstance(agent, MCTSAgent) and agent.iterations == 30


class HeapNim(Nim):
    """Nim whose variants are its heap sizes: a variant option of another name, without choices."""

    about = About(title="Nim", variant_option="heap")


def test_a_variant_sets_the_option_the_game_declares() -> None:
    # The declared choice the text spells (Cloth of Gold's variants are numbers, Tafl's names).
    assert parse_options(game_factory("cloth-of-gold")[1], "2020", []) == {"variant": 2020}
    assert load_game("cloth-of-gold", "2020").option_values() == {"variant": 2020, "first": 0}
    assert load_game("tafl", "brandubh").options.variant == "brandubh"
    assert parse_options(HeapNim, "7", []) == {"heap": 7}
    with pytest.raises(OptionError, match="variant must be 2023 or 2020"):
        load_game("cloth-of-gold", "2021")
    with pytest.raises(OptionError, match="has no variants"):
        parse_options(game_factory("boardkit.testing:Nim")[1], "big", [])


def test_the_command_refuses_non_ascii_digits() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "simulate", "boardkit.testing:Nim", "--agents", "mcts:١٢", "random",
         "--games", "1"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "ASCII digits" in done.stderr


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("alphabeta", AgentSpec("alphabeta")),
        ("alphabeta:4", AgentSpec("alphabeta", 4)),
        ("best@2s", AgentSpec("best", 0, 2.0)),
        ("best@500ms", AgentSpec("best", 0, 0.5)),
        ("mcts@1.5s", AgentSpec("mcts", 0, 1.5)),
        ("mcts:2000", AgentSpec("mcts", 2000)),
    ],
)
def test_the_one_agent_grammar_reads_kinds_and_budgets(text: str, spec: AgentSpec) -> None:
    assert parse_agent(text) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("random:3", "takes no budget"),
        ("greedy@1s", "takes no budget"),
        ("best:3", "best takes a time budget"),
        ("alphabeta:65", "at most 64 plies"),
        ("alphabeta:x", "alphabeta:N needs a positive number of plies"),
        ("best@2", "written @2s or @500ms"),
        ("best@0s", "above 0"),
        ("best@3601s", "at most 3600"),
        ("best@-1s", "written @2s or @500ms"),
        ("best@1e3s", "written @2s or @500ms"),
        (" mcts", "unknown agent"),
        ("MCTS", "unknown agent"),
    ],
)
def test_bad_budgets_are_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message) as info:
        parse_agent(text)
    assert "\n" not in str(info.value)


def test_each_kind_builds_its_agent_with_its_budget() -> None:
    from boardkit.agents import AlphaBetaAgent
    from boardkit.games.tafl import Tafl

    assert make_agent("alphabeta:3", seed=1).depth == 3  # type: ignore[attr-defined]
    assert make_agent("mcts@250ms", seed=1).time_limit == 0.25  # type: ignore[attr-defined]
    best = make_agent("best@2s", seed=1, game=Tafl())
    assert isinstance(best, AlphaBetaAgent) and best.time_limit == 2.0
    assert isinstance(make_agent("best", seed=1, game=Nim()), MCTSAgent)  # Nim declares no evaluation
    with pytest.raises(OptionError, match="give the game"):
        make_agent("best", seed=1)


# -- the match layer's grammar (issue 38): one registry, old names kept with a warning -----------


def test_the_grammar_reads_its_kinds_from_the_registry() -> None:
    from boardkit.match import AGENT_KINDS, AGENTS

    assert tuple(AGENTS) == AGENT_KINDS
    for name, kind in AGENTS.items():
        assert parse_agent(name).kind == name
        if kind.count:
            assert parse_agent(f"{name}:3").iterations == 3
        else:
            with pytest.raises(OptionError, match=r"time budget|no budget"):
                parse_agent(f"{name}:3")
        if kind.timed:
            assert parse_agent(f"{name}@250ms").seconds == 0.25
        else:
            with pytest.raises(OptionError):
                parse_agent(f"{name}@1s")


def test_a_bare_mcts_means_the_same_everywhere() -> None:
    from boardkit.match import DEFAULT_PLAYOUTS
    from boardkit.web.table import parse_seat

    assert make_agent("mcts", seed=0).iterations == DEFAULT_PLAYOUTS == MCTSAgent().iterations  # type: ignore[attr-defined]
    assert parse_seat("mcts").iterations == DEFAULT_PLAYOUTS
    assert f"default {DEFAULT_PLAYOUTS}" in subprocess.run(
        [sys.executable, "-m", "boardkit", "play", "--help"], capture_output=True, text=True, check=True
    ).stdout


def test_a_time_cap_bounds_every_searching_bot() -> None:
    from boardkit.agents import AlphaBetaAgent
    from boardkit.games.tafl import Tafl

    capped = {text: parse_agent(text).build(1, game=Tafl(), most_seconds=0.5) for text in
              ("mcts:500", "mcts@3s", "alphabeta:6", "alphabeta@2s", "best@2s", "hard")}
    assert all(agent.time_limit == 0.5 for agent in capped.values()), capped  # type: ignore[attr-defined]
    assert isinstance(capped["alphabeta:6"], AlphaBetaAgent) and capped["alphabeta:6"].depth == 6
    assert parse_agent("best@200ms").build(1, game=Tafl(), most_seconds=0.5).time_limit == 0.2  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["parse_agent", "make_agent", "AgentSpec", "AGENT_KINDS", "LEVELS", "MAX_SECONDS"])
def test_the_old_names_in_specs_still_work_with_a_warning(name: str) -> None:
    import boardkit.match
    import boardkit.specs

    with pytest.warns(DeprecationWarning, match=f"boardkit.match.{name}"):
        assert getattr(boardkit.specs, name) is getattr(boardkit.match, name)
    with pytest.raises(AttributeError):
        boardkit.specs.nothing_here  # noqa: B018


def test_take_back_refusal_moved_to_the_match_layer() -> None:
    import boardkit.match
    import boardkit.terminal

    with pytest.warns(DeprecationWarning, match="boardkit.match.take_back_refusal"):
        assert boardkit.terminal.take_back_refusal is boardkit.match.take_back_refusal


@pytest.mark.parametrize("name", ["describe_game", "game_options", "game_rules", "seat_name", "summary"])
def test_the_words_have_one_import_path(name: str) -> None:
    """issue 41: the terminal re-exported boardkit.words, so each had two import paths."""
    import boardkit.terminal
    import boardkit.words

    assert name not in boardkit.terminal.__all__
    with pytest.warns(DeprecationWarning, match=f"boardkit.words.{name}"):
        assert getattr(boardkit.terminal, name) is getattr(boardkit.words, name)
