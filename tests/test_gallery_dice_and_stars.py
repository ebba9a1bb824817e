"""Backgammon and Chinese checkers in the gallery (issue 39, item 5): each
written on the kit in at most 150 code lines, keeping the contract, agreeing
with OpenSpiel's ``backgammon`` and ``chinese_checkers`` over 200 random
games (moves, positions every ply, Backgammon's dice, ends and returns),
playing from its file in the terminal and in the browser, and drawn in the
gallery; a rule bug planted in each is caught."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path as FilePath
from typing import Any

import attrs
import backgammon
import chinese_checkers
import pytest
from backgammon import TRAYS, Backgammon, BackgammonState, openspiel_chance
from chinese_checkers import HOLES, INDEX, POINTS, SEATS, ChineseCheckers, ChineseCheckersState
from test_gallery_oracle import needs_openspiel_2

from boardkit import OptionError, Outcome
from boardkit.kit import Step
from boardkit.testing import LockstepError, check_game, lockstep, openspiel_reference

pyspiel = pytest.importorskip("pyspiel")

ROOT = FilePath(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


# -- OpenSpiel's games as references --------------------------------------------


class BackgammonByNumber:
    """OpenSpiel's ``backgammon``, its moves named by their action number (``"52"``,
    ``"Pass"``) rather than its whole text (``"52 - 24/22/21"``), which
    :func:`backgammon.openspiel_names` gives; chance named as OpenSpiel prints it."""

    def __init__(self, **parameters: Any) -> None:
        self.inner = openspiel_reference("backgammon", **parameters)()
        self.state = self.inner.state

    def _full(self) -> dict[str, str]:
        return {name.split(" - ")[0]: name for name in self.inner.legal_moves()}

    def legal_moves(self) -> list[str]:
        return list(self._full())

    def chance_outcomes(self) -> list[str]:
        return self.inner.chance_outcomes()

    def current_player(self) -> int | None:
        return self.inner.current_player()

    def is_over(self) -> bool:
        return self.inner.is_over()

    def returns(self) -> tuple[float, ...]:
        return self.inner.returns()

    def apply(self, name: str) -> None:
        self.inner.apply(name if self.state.is_chance_node() else self._full()[name])


def backgammon_position(state: BackgammonState) -> tuple[Any, ...]:
    """x's checkers less o's on each of OpenSpiel's points 0 to 23, each bar and tray, the dice to play."""
    points = [len(pile or ()) * (1 if (pile or ("x",))[0] == "x" else -1) for pile in state.at[:24]]
    dice = "" if state.is_over else "".join(map(str, sorted(state.counter("dice")[-2:])))
    return points, [state.count(cell) for cell in ("xbar", "obar", *TRAYS)], dice


def openspiel_backgammon_position(reference: BackgammonByNumber) -> tuple[Any, ...]:
    spiel = reference.state
    points = [spiel.board(0, p) - spiel.board(1, p) for p in range(24)]
    bars = [spiel.board(0, 100), spiel.board(1, 100)]
    trays = [15 - sum(spiel.board(p, q) for q in range(24)) - bars[p] for p in (0, 1)]
    dice = "" if spiel.is_terminal() else str(spiel).split("Dice: ")[1].split("\n")[0]
    return points, bars + trays, dice


def backgammon_returns(outcome: Outcome, players: int) -> tuple[float, ...]:
    """OpenSpiel's returns: the points won (1, 2 for a gammon, 3 for a backgammon), to the winner, against the loser."""
    if not outcome.winners or outcome.scores is None:
        return (0.0,) * players
    points = max(outcome.scores)
    return tuple(points if p in outcome.winners else -points for p in range(players))


def backgammon_lockstep(game: Any, games: int = 200, **parameters: Any) -> Any:
    return lockstep(
        game, lambda: BackgammonByNumber(**parameters), names=backgammon.openspiel_names, chance=openspiel_chance,
        same_position=(backgammon_position, openspiel_backgammon_position), returns=backgammon_returns,
        games=games, seed=39,
    )


def star_position(state: ChineseCheckersState) -> tuple[str, int]:
    """Every hole (``.`` or its player's digit) and the hole a hop chain goes on from (-1: none)."""
    return "".join(piece or "." for piece in state.at), state.counter("_at") if state.part == "hop" else -1


def openspiel_star_position(reference: Any) -> tuple[str, int]:
    text = str(reference.state)
    hopping = text.split("hopping from ")[1].rstrip(")") if "hopping from" in text else "-1"
    return "".join(text.split("Player")[0].split()), int(hopping)


def star_returns(outcome: Outcome, players: int) -> tuple[float, ...]:
    """OpenSpiel's returns: n - 1 to the winner and -1 to everyone else, 0 to all in a draw."""
    if not outcome.winners:
        return (0.0,) * players
    return tuple(players - 1.0 if p in outcome.winners else -1.0 for p in range(players))


#: Random games never fill a point: they are cut short, on both sides, to keep the test quick.
STAR_TURNS = 60


def star_lockstep(game: Any, players: int) -> Any:
    return lockstep(
        game, openspiel_reference("chinese_checkers", players=players, max_moves=STAR_TURNS),
        names=chinese_checkers.openspiel_names, returns=star_returns,
        same_position=(star_position, openspiel_star_position), players=players, games=200, seed=39,
    )


# -- short, the rules only, and the contract ----------------------------------------


@pytest.mark.parametrize("module", ["backgammon", "chinese_checkers"])
def test_they_are_short_and_write_only_rules(module: str) -> None:
    from test_kit import _code_lines

    path = EXAMPLES / f"{module}.py"
    assert 60 <= _code_lines(path) <= 150  # issue 39's budget for a gallery game
    text = path.read_text()
    for bookkeeping in ("def copy", "def _key", "def _unplay", "def snapshot", "def render", "def __eq__"):
        assert bookkeeping not in text
    assert "OpenSpiel" in text.split('"""')[1]  # the file says what OpenSpiel plays, variants included


@pytest.mark.parametrize(
    ("game", "players"),
    [(Backgammon(), 2), (Backgammon(scoring="full_scoring", max_turns=40), 2), (ChineseCheckers(max_moves=80), 2),
     (ChineseCheckers(max_moves=60), 3)],
    ids=["backgammon", "backgammon-40-turns", "chinese-checkers-2", "chinese-checkers-3"],
)
def test_they_pass_the_conformance_kit(game: Any, players: int) -> None:
    report = check_game(game, players=players, games=3, sample=3)
    assert report.finished == 3


def test_chinese_checkers_seats_what_openspiel_seats() -> None:
    assert [ChineseCheckers().new_game(players=n, seed=0).players for n in (2, 3, 4, 6)] == [2, 3, 4, 6]
    with pytest.raises(OptionError, match="2, 3, 4 or 6"):
        ChineseCheckers().new_game(players=5)


# -- in lockstep with OpenSpiel -------------------------------------------------------


def test_backgammon_agrees_with_openspiel_over_200_random_games() -> None:
    report = backgammon_lockstep(Backgammon(scoring="full_scoring"), scoring_type="full_scoring")
    assert report.games == report.finished == 200
    assert report.draws > report.games  # the opening roll and every roll after it, told to OpenSpiel
    assert report.positions == report.reference_moves + report.games  # compared after every action and at the start
    assert report.moves > report.reference_moves  # one checker a move here, two an action there
    points = Counter(max(outcome.scores or (0,)) for outcome in report.outcomes)
    assert points[1] and points[2] and points[3]  # single games, gammons and backgammons, each scored as OpenSpiel does


def test_backgammon_agrees_on_the_turn_limit_and_the_default_scoring() -> None:
    report = backgammon_lockstep(Backgammon(max_turns=30), games=12, max_player_turns=30)
    assert Counter(outcome.reason for outcome in report.outcomes) == {"30 turns": 12}
    report = backgammon_lockstep(Backgammon(), games=12)
    assert {max(outcome.scores or (0,)) for outcome in report.outcomes} == {1}


@needs_openspiel_2
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_chinese_checkers_agrees_with_openspiel_over_200_random_games(players: int) -> None:
    report = star_lockstep(ChineseCheckers(max_moves=STAR_TURNS), players)
    assert report.games == report.finished == 200 and report.moves == report.reference_moves
    assert report.positions == report.moves + report.games
    assert {outcome.reason for outcome in report.outcomes} == {f"{STAR_TURNS} turns"}


def greedy(state: ChineseCheckersState) -> Any:
    """The move that brings a piece furthest towards the mover's far point (the first of the best)."""
    far = [HOLES[i] for i in POINTS[(SEATS[state.players][state.player] + 3) % 6]]

    def away(i: int) -> float:
        r, c = HOLES[i]
        return min(abs(r - fr) + abs(c - fc) / 2 for fr, fc in far)

    moves = state.legal_moves()
    gains = [away(INDEX[m.source]) - away(INDEX[m.target]) if isinstance(m, Step) else 0.0 for m in moves]
    return moves[gains.index(max(gains))]


@needs_openspiel_2
@pytest.mark.parametrize("players", [3, 4])
def test_chinese_checkers_is_won_as_openspiel_wins_it(players: int) -> None:
    """Random games never fill a point; greedy ones do, and OpenSpiel, told the same moves, agrees at every move."""
    state = ChineseCheckers().new_game(players=players, seed=0)
    reference = openspiel_reference("chinese_checkers", players=players)()
    while not state.is_over:
        assert sorted(map(chinese_checkers.openspiel_names, state.legal_moves())) == sorted(reference.legal_moves())
        move = greedy(state)
        state.apply(move)
        reference.apply(chinese_checkers.openspiel_names(move))
    assert state.outcome is not None and state.outcome.reason == "filled the far point of the star"
    assert reference.is_over() and star_returns(state.outcome, players) == reference.returns()


# -- rule bugs lockstep catches ---------------------------------------------------------


class BearsOffFromAnywhere(BackgammonState):
    """A die larger than a checker needs bears it off from any point, not only the furthest."""

    def moves(self) -> list[Any]:
        found = super().moves()
        dice = self.counter("dice")
        mine, _ = self.counts()
        if len(dice) % 2 or any(mine[:19]):
            return found
        table = backgammon.MOVES[self.player]
        extra = [table[t][d] for d in set(dice) for t in range(19, 25) if mine[t] and t + d > 25]
        return found + [m for m in dict.fromkeys(extra) if m not in found]


class HopsOntoItsOwnTrail(ChineseCheckersState):
    """A hop chain may come back to a hole it has already stood on this turn."""

    def hops(self, i: int, seen: frozenset[int]) -> list[Step]:
        return super().hops(i, frozenset())


def _broken(game: Any, state: type) -> Any:
    """``game`` (its options too) with ``state`` for its rules."""
    return type(f"Broken{state.__name__}", (type(game),), {"state_class": state})(**attrs.asdict(game.options))


def test_lockstep_catches_a_backgammon_that_bears_off_from_anywhere() -> None:
    broken = _broken(Backgammon(), BearsOffFromAnywhere)
    check_game(broken, games=2, sample=2)  # the contract holds: only the rules are wrong
    with pytest.raises(LockstepError) as caught:
        backgammon_lockstep(broken)
    assert caught.value.what == "legal moves" and caught.value.ours


@needs_openspiel_2
def test_lockstep_catches_chinese_checkers_hopping_back_onto_its_trail() -> None:
    check_game(_broken(ChineseCheckers(max_moves=20), HopsOntoItsOwnTrail), games=2, sample=2)
    with pytest.raises(LockstepError) as caught:
        star_lockstep(_broken(ChineseCheckers(max_moves=STAR_TURNS), HopsOntoItsOwnTrail), 2)
    assert caught.value.what in {"legal moves", "position"}  # a hop back offered, or a chain going on that ends


# -- in the terminal, in the browser, in the gallery -------------------------------------


@pytest.mark.parametrize(("spec", "shown"), [("backgammon.py:Backgammon", "bore off all 15"),
                                             ("chinese_checkers.py:ChineseCheckers", "game over")])
def test_the_command_plays_them_from_their_files(tmp_path: FilePath, spec: str, shown: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "play", f"{EXAMPLES}/{spec}", "--seat", "random", "random", "--seed", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert shown in done.stdout


@pytest.mark.parametrize("game", [Backgammon(), ChineseCheckers(max_moves=40)], ids=["backgammon", "chinese-checkers"])
def test_they_play_in_the_browser(game: Any) -> None:
    from test_gallery_oracle import play_in_the_browser

    play_in_the_browser(game, 2, turns=3000, cells=("a1", "24"))


def test_they_have_their_gallery_pictures() -> None:
    from make_gallery import GALLERY, picture

    drawn = {name.partition(":")[0]: (file, name, options, seed, moves) for file, name, options, seed, moves in GALLERY}
    page = (ROOT / "docs" / "reference" / "kit-gallery.md").read_text()
    for module in ("backgammon", "chinese_checkers"):
        file, name, options, seed, moves = drawn[module]
        saved = ROOT / "docs" / "_static" / "gallery" / file
        assert saved.read_text(encoding="utf-8") == picture(name, options, seed=seed, moves=moves) + "\n", (
            f"{saved} is stale: run python examples/make_gallery.py"
        )
        assert f"../_static/gallery/{file}" in page and f"examples/{module}.py" in page
