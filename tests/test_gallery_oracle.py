"""The gallery's classics against OpenSpiel, and the lockstep oracle itself
(:func:`boardkit.testing.lockstep`): English draughts, Breakthrough, Clobber,
Go 9x9, Amazons, Nine Men's Morris, Kalah and Dots and Boxes agree with
OpenSpiel's ``checkers``, ``breakthrough``, ``clobber``, ``go``, ``amazons``,
``nine_mens_morris``, ``mancala`` and ``dots_and_boxes`` over 200 random
games each, and rule bugs of the kind the oracle is for (a capture search
that jumps from empty squares, a missing draw rule, capture not forced, no
ko, ...) are caught."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path as FilePath
from typing import Any

import amazons
import clobber
import dots_and_boxes
import go
import kalah
import nine_mens_morris
import pytest
from breakthrough import PIECES, Breakthrough, BreakthroughState
from breakthrough import openspiel_names as breakthrough_names
from draughts import BOARD, ROUTES, SIDES, TABLES, WAYS, Draughts, DraughtsState
from draughts import openspiel_names as draughts_names

from boardkit import Outcome
from boardkit.capture import chains
from boardkit.kit import Path
from boardkit.testing import (
    LockstepError,
    Nim,
    _NimByHand,
    check_game,
    lockstep,
    openspiel_reference,
    two_player_returns,
)

pyspiel = pytest.importorskip("pyspiel")


def _spiel_version() -> tuple[int, ...]:
    from importlib.metadata import version

    return tuple(int(part) for part in re.findall(r"\d+", version("open-spiel"))[:2])


#: The gallery follows OpenSpiel 2.0's rules; Python 3.10 can only install open-spiel 1.6, whose Nine Men's
#: Morris, Gomoku, Ultimate tic-tac-toe and Chinese checkers play otherwise: those comparisons skip there.
needs_openspiel_2 = pytest.mark.skipif(
    _spiel_version() < (2, 0), reason="the gallery follows OpenSpiel 2.0's rules; this is an older open-spiel"
)

EXAMPLES = FilePath(__file__).resolve().parents[1] / "examples"


#: The games written since, each with its OpenSpiel game, that game's parameters and the names of its moves.
CLASSICS = {
    "clobber": (clobber.Clobber(), "clobber", {}, clobber.openspiel_names),
    "go": (go.Go(), "go", {"board_size": 9}, go.openspiel_names),
    "amazons": (amazons.Amazons(), "amazons", {}, amazons.openspiel_names),
    "nine_mens_morris": (nine_mens_morris.NineMensMorris(), "nine_mens_morris", {}, nine_mens_morris.openspiel_names),
    "kalah": (kalah.Kalah(), "mancala", {}, kalah.openspiel_names),
    "dots_and_boxes": (dots_and_boxes.DotsAndBoxes(), "dots_and_boxes", {}, dots_and_boxes.openspiel_names),
}
ALL = {"draughts": Draughts(), "breakthrough": Breakthrough()} | {name: c[0] for name, c in CLASSICS.items()}


@pytest.mark.parametrize("name", list(ALL))
def test_the_classics_are_short_and_write_only_rules(name: str) -> None:
    from test_kit import _code_lines

    path = EXAMPLES / f"{name}.py"
    text = path.read_text()
    assert 30 <= _code_lines(path) <= (140 if name == "go" else 110)  # issue 30's budget for a gallery game
    if _code_lines(path) > 110:
        assert "missing from the kit" in text  # a file over the budget says why
    for bookkeeping in ("def copy", "def _key", "def _unplay", "def snapshot", "def render", "def __eq__"):
        assert bookkeeping not in text


# -- the games pass the contract and agree with OpenSpiel ---------------------


@pytest.mark.parametrize("game", list(ALL.values()), ids=list(ALL))
def test_the_classics_pass_the_conformance_kit(game: Any) -> None:
    report = check_game(game, games=6, sample=3)
    assert report.finished == 6


def test_draughts_agrees_with_openspiel_over_200_random_games() -> None:
    report = lockstep(Draughts(), openspiel_reference("checkers"), names=draughts_names, games=200, seed=30)
    assert report.games == report.finished == 200
    assert report.reference_moves > report.moves  # chains of several jumps were played, jump by jump
    reasons = Counter(outcome.reason for outcome in report.outcomes)
    assert reasons["40 moves without a capture"] > 0 and reasons["the other side cannot move"] > 0


def test_breakthrough_agrees_with_openspiel_over_200_random_games() -> None:
    report = lockstep(Breakthrough(), openspiel_reference("breakthrough"), names=breakthrough_names, games=200, seed=30)
    assert report.games == report.finished == 200 and report.reference_moves == report.moves
    assert {outcome.winner for outcome in report.outcomes} == {0, 1}


def classic_lockstep(name: str, seed: int = 30) -> Any:
    game, spiel_name, parameters, names = CLASSICS[name]
    return lockstep(game, openspiel_reference(spiel_name, **parameters), names=names, games=200, seed=seed)


def test_clobber_agrees_with_openspiel_over_200_random_games() -> None:
    report = classic_lockstep("clobber")
    assert report.games == report.finished == 200 and report.reference_moves == report.moves
    assert {outcome.winner for outcome in report.outcomes} == {0, 1}


def test_go_agrees_with_openspiel_over_200_random_games() -> None:
    report = classic_lockstep("go", seed=6003)  # a seed whose 200 games hold a superko
    assert report.games == report.finished == 200 and report.reference_moves == report.moves
    reasons = Counter(outcome.reason.split(",")[0].split(" ")[0] for outcome in report.outcomes)
    assert reasons["superko:"] == 1 and reasons["black"] == 199
    assert {outcome.winner for outcome in report.outcomes} == {0, 1, None}


def test_amazons_agrees_with_openspiel_over_200_random_games() -> None:
    report = classic_lockstep("amazons")
    assert report.games == report.finished == 200
    assert 2 * report.reference_moves == 3 * report.moves  # a turn: two parts here, three actions there
    assert {outcome.winner for outcome in report.outcomes} == {0, 1}


@needs_openspiel_2
def test_nine_mens_morris_agrees_with_openspiel_over_200_random_games() -> None:
    report = classic_lockstep("nine_mens_morris")
    assert report.games == report.finished == 200 and report.reference_moves == report.moves
    reasons = Counter(outcome.reason for outcome in report.outcomes)
    assert reasons["the other side is down to two men"] > 0 and reasons["200 turns"] > 0


def test_kalah_agrees_with_openspiel_over_200_random_games() -> None:
    report = classic_lockstep("kalah")
    assert report.games == report.finished == 200 and report.reference_moves == report.moves
    assert {outcome.winner for outcome in report.outcomes} == {0, 1, None}


def test_dots_and_boxes_agrees_with_openspiel_over_200_random_games() -> None:
    report = classic_lockstep("dots_and_boxes")
    assert report.games == report.finished == 200 and report.moves == 200 * 12
    assert {outcome.winner for outcome in report.outcomes} == {0, 1, None}


def test_go_forbids_suicide_and_an_immediate_ko_recapture() -> None:
    state = go.Go().new_game(seed=0)
    for move in ["a2", "b2", "b3", "c3", "b1", "d2", "i9", "c1"]:
        state.apply(move)
    assert "a1" in [str(m) for m in state.legal_moves()]  # black: its own eye
    state.apply("c2")  # black takes b2, a stone put in white's eye that takes one: ko
    assert state["b2"] is None and state.counter("captured") == 1
    legal = [str(m) for m in state.legal_moves()]
    assert "b2" not in legal and "a1" not in legal and "a3" in legal  # ko, and suicide for white
    state.apply("i8")
    state.apply("i7")
    assert "b2" in [str(m) for m in state.legal_moves()]  # the ko point is free once a move went elsewhere
    state.apply("b2")
    assert state["c2"] is None and state["b2"] == "W"


def test_go_scores_by_area_with_komi() -> None:
    state = go.Go().new_game(seed=0)
    for move in ["e5", "pass", "pass"]:
        state.apply(move)
    assert state.outcome == Outcome.win(0, "black 81, white 0 + 7.5 komi", (81, 7.5))
    state = go.Go().new_game(seed=0)
    for move in ["pass", "e5", "pass", "pass"]:
        state.apply(move)
    assert state.outcome is not None and state.outcome.winner == 1


def test_a_morris_mill_removes_a_man_outside_mills_first() -> None:
    state = nine_mens_morris.NineMensMorris().new_game(seed=0)
    for move in ["a7", "a1", "d7", "d1", "b6", "g1"]:  # black's a1-d1-g1 is a mill: it removes a7
        state.apply(move)
    assert state.part == "remove" and state.current_player == 1
    assert [str(m) for m in state.legal_moves()] == ["a7", "d7", "b6"]
    state.apply("b6")
    state.apply("g7")  # white: a7-d7-g7
    assert [str(m) for m in state.legal_moves()] == ["a1", "d1", "g1"]  # every black man is in a mill


def test_kalah_captures_across_and_sows_past_the_other_store() -> None:
    state = kalah.Kalah().new_game(seed=0)
    state.apply("f1")  # 4 seeds: k0, f2, e2, d2
    assert (state.count("k0"), state.count("f2"), state.current_player) == (1, 5, 1)
    state.apply("a2")  # player 1: 4 seeds to k1, a1, b1, c1; the last is not in its own pit
    assert state.count("k1") == 1 and state.current_player == 0


class CloberOntoEmpty(clobber.ClobberState):
    def moves(self) -> list[Any]:
        cells = self.layout()
        mine = clobber.STONES[self.player]
        return super().moves() + [
            m for i, stone in enumerate(cells) if stone == mine for j, _, m in clobber.CLOBBERS[i] if cells[j] is None
        ]


class NoKo(go.GoState):
    def play(self, move: Any) -> None:
        super().play(move)
        black, white, _ = self.counter("_board")
        self.set("_board", (black, white, 0))  # no point is ever forbidden


class RemovesFromMills(nine_mens_morris.NineMensMorrisState):
    def moves(self) -> list[Any]:
        if self.part != "remove":
            return super().moves()
        theirs = nine_mens_morris.MEN[1 - self.player]
        return [nine_mens_morris.PUT[p] for p, man in enumerate(self.layout()) if man == theirs]


class SowsIntoTheirStore(kalah.KalahState):
    def play(self, move: Any) -> None:
        if kalah.BOARD.index(self.sow(move.cell, "next")) != kalah.STORES[self.player]:
            self.next_turn()


class NoSecondLine(dots_and_boxes.DotsAndBoxesState):
    def play(self, move: Any) -> None:
        turn = self.player
        super().play(move)
        if self.player == turn:
            self.next_turn()


class ShootsFromWhereItStarted(amazons.AmazonsState):
    def play(self, move: Any) -> None:
        super().play(move)
        if self.part == "shoot":
            self.set("_amazon", amazons.BOARD.index(move.source))


BROKEN_CLASSICS = [
    ("clobber", CloberOntoEmpty),
    ("go", NoKo),
    ("nine_mens_morris", RemovesFromMills),
    ("kalah", SowsIntoTheirStore),
    ("dots_and_boxes", NoSecondLine),
    ("amazons", ShootsFromWhereItStarted),
]


@pytest.mark.parametrize(("name", "state"), BROKEN_CLASSICS, ids=[s.__name__ for _, s in BROKEN_CLASSICS])
def test_lockstep_catches_broken_classics(name: str, state: type) -> None:
    game, spiel_name, parameters, names = CLASSICS[name]
    broken = _broken(type(game), state)
    check_game(broken, games=2, sample=2)  # the contract holds: only the rules are wrong
    with pytest.raises(LockstepError):
        lockstep(broken, openspiel_reference(spiel_name, **parameters), names=names, games=200, seed=30)


def set_up(game: type, state: type, pieces: dict[str, str]) -> Any:
    """A new game of ``game`` whose board starts with just ``pieces``."""

    class Position(state):  # type: ignore[misc,valid-type]
        def setup(self) -> None:
            for name, piece in pieces.items():
                self.put(name, piece)

    return _broken(game, Position).new_game(seed=0)


def test_breakthrough_is_won_by_taking_every_piece() -> None:
    # Random games always end on the far row first, so the other way to win is set up here.
    state = set_up(Breakthrough, BreakthroughState, {"d5": "b", "e4": "w", "a2": "w"})
    assert [str(m) for m in state.legal_moves()] == ["d5-c4", "d5-d4", "d5xe4"]
    state.apply("d5xe4")
    assert state.outcome is None
    state.apply("a2-b3")
    state.apply("e4-d3")
    state.apply("b3-c4")
    assert [str(m) for m in state.legal_moves()] == ["d3-c2", "d3-d2", "d3-e2"]
    state = set_up(Breakthrough, BreakthroughState, {"d5": "b", "e4": "w"})
    state.apply("d5xe4")
    assert state.outcome == Outcome.win(0, "took every piece")


def test_a_draughts_chain_is_one_move_and_a_crowned_man_stops() -> None:
    pieces = {"c3": "w", "d4": "b", "f6": "b", "d6": "b", "f2": "w", "h8": "B"}
    state = set_up(Draughts, DraughtsState, pieces)
    assert [str(m) for m in state.legal_moves()] == ["c3xe5xc7", "c3xe5xg7"]  # forced, and on to the end
    state.apply("c3xe5xc7")
    assert state["c7"] == "w" and state["d4"] is None and state["d6"] is None and state["f6"] == "b"
    assert state.counter("moves without capture") == 0
    state.apply("h8-g7")
    state.apply("c7-d8")  # crowned on the far row
    assert state["d8"] == "W" and state.counter("moves without capture") == 2
    state.undo()
    assert state["c7"] == "w" and state["d8"] is None


# -- rule bugs the oracle catches (check_game passes them all) ----------------


class JumpsFromEmptySquares(DraughtsState):
    """The draughts author's first chain search, by hand, as issue 30 tells
    it: every dark square is tried as a start, whether a piece stands there
    or not."""

    def moves(self) -> list[Path]:
        player = self.current_player or 0
        cells = list(self.layout())
        found: list[Path] = []

        def search(at: int, path: list[int], ways: Sequence[int]) -> None:
            more = False
            for d in ways:
                over = TABLES.steps[at][d]
                land = TABLES.steps[over][d] if over >= 0 else -1
                if land >= 0 and cells[over] in SIDES[1 - player] and cells[land] is None:
                    more = True
                    taken, cells[over] = cells[over], None
                    search(land, [*path, land], ways)
                    cells[over] = taken
            if not more and len(path) > 1:
                found.append(Path.through(BOARD, path, capture=True))

        for start, (column, row) in enumerate(BOARD.squares):
            if (column + row) % 2 and cells[start] not in SIDES[1 - player]:
                search(start, [start], WAYS[cells[start] or "wb"[player]])
        return found or super().moves()


class NoDrawRule(DraughtsState):
    def judge(self) -> Outcome | None:
        return None if self.legal_moves() else Outcome.win(1 - (self.current_player or 0), "no move")


class CaptureNotForced(DraughtsState):
    def moves(self) -> list[Path]:
        found = super().moves()
        if found and found[0].capture:  # the plain steps as well
            cells = self.layout()
            mine = SIDES[self.current_player or 0]
            found += [step for i, p in enumerate(cells) if p in mine for j, step in ROUTES[p][i] if cells[j] is None]
        return found


class LongestOnly(DraughtsState):
    def moves(self) -> list[Path]:
        player = self.current_player or 0
        cells = self.layout()
        starts = [i for i, piece in enumerate(cells) if piece in SIDES[player]]
        jumps = chains(TABLES, cells, starts, enemies=SIDES[1 - player], directions=WAYS, longest=True)
        return [Path.through(BOARD, c.path, capture=True) for c in jumps] or super().moves()


class MenCaptureBackwards(DraughtsState):
    def moves(self) -> list[Path]:
        player = self.current_player or 0
        cells = self.layout()
        starts = [i for i, piece in enumerate(cells) if piece in SIDES[player]]
        every = dict.fromkeys(WAYS, WAYS["W"])
        jumps = chains(TABLES, cells, starts, enemies=SIDES[1 - player], directions=every)
        return [Path.through(BOARD, c.path, capture=True) for c in jumps] or super().moves()


class NeverCrowned(DraughtsState):
    def play(self, move: Path) -> None:
        piece = self[move.source]
        super().play(move)
        self.put(move.target, piece)


class StopsWhenItLikes(DraughtsState):
    """Every chain may stop after any jump: the chain's beginnings are moves too."""

    def moves(self) -> list[Path]:
        found = super().moves()
        extra = [
            Path.through(BOARD, m.indices(BOARD)[:k], capture=True)
            for m in found
            if m.capture
            for k in range(2, len(m.cells))
        ]
        return found + [m for m in dict.fromkeys(extra) if m not in found]


class StraightCaptures(BreakthroughState):
    def moves(self) -> list[Path]:
        found = super().moves()
        player = self.current_player or 0
        ahead = -8 if player else 8
        for i, piece in enumerate(self.layout()):
            j = i + ahead
            if piece == PIECES[player] and 0 <= j < 64 and self.layout()[j] == PIECES[1 - player]:
                found.append(Path.through(BOARD, (i, j), capture=True))
        return found


def _broken(base: type, state: type) -> Any:
    return type(f"Broken{state.__name__}", (base,), {"state_class": state})()


BROKEN_DRAUGHTS = [
    (JumpsFromEmptySquares, {"legal moves"}),
    (NoDrawRule, {"end"}),
    (CaptureNotForced, {"legal moves"}),
    (LongestOnly, {"legal moves"}),
    (MenCaptureBackwards, {"legal moves", "player to move"}),  # a chain that goes on backwards: within the move
    (NeverCrowned, {"legal moves"}),
    (StopsWhenItLikes, {"end", "player to move"}),  # goes on where it may stop, or stops where it must go on
]


@pytest.mark.parametrize(("state", "what"), BROKEN_DRAUGHTS, ids=[s.__name__ for s, _ in BROKEN_DRAUGHTS])
def test_lockstep_catches_broken_draughts(state: type, what: set[str]) -> None:
    game = _broken(Draughts, state)
    check_game(game, games=2, sample=2)  # the contract holds: only the rules are wrong
    with pytest.raises(LockstepError) as caught:
        lockstep(game, openspiel_reference("checkers"), names=draughts_names, games=200, seed=30)
    error = caught.value
    assert error.what in what
    assert f"seed {error.seed}" in str(error)
    # The error says how to get there: the same seed and moves rebuild the position.
    replay = game.new_game(seed=error.seed)
    for move in error.moves:
        replay.apply(move)
    if state is JumpsFromEmptySquares:
        assert error.ours and all(replay[name[:2]] is None for name in error.ours)  # each extra jump: from nowhere


def test_lockstep_catches_a_breakthrough_that_captures_straight_ahead() -> None:
    with pytest.raises(LockstepError) as caught:
        lockstep(_broken(Breakthrough, StraightCaptures), openspiel_reference("breakthrough"),
                 names=breakthrough_names, games=200)
    assert caught.value.what == "legal moves" and all(name.endswith("*") for name in caught.value.ours)


# -- lockstep on small references ----------------------------------------------


class _Reference(_NimByHand):
    """Nim by hand, with one rule changed by the tests below."""


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"returns": lambda self: (1.0, -1.0)}, "returns"),
        ({"current_player": lambda self: None if self.heap == 0 else 0}, "player to move"),
        ({"is_over": lambda self: self.heap <= 1}, "end"),
        ({"legal_moves": lambda self: [f"take {n}" for n in range(1, min(2, self.heap) + 1)]}, "legal moves"),
    ],
    ids=["returns", "player", "end", "legal"],
)
def test_lockstep_reports_each_kind_of_disagreement(change: dict[str, Callable[..., Any]], what: str) -> None:
    reference = type("Changed", (_Reference,), change)
    with pytest.raises(LockstepError) as caught:
        lockstep(Nim(heap=7), lambda: reference(7), games=50)
    assert caught.value.what == what
    assert "disagree on the " + what in str(caught.value)


class InParts(_NimByHand):
    """Nim whose player takes counters one action at a time: 'take 3' is
    'start 3', 'more', 'more', all by the same player."""

    def __init__(self) -> None:
        super().__init__(6)
        self.left = 0  # counters still to take this turn

    def legal_moves(self) -> list[str]:
        if self.heap == 0:
            return []
        return ["more"] if self.left else [f"start {n}" for n in range(1, min(3, self.heap) + 1)]

    def apply(self, move: str) -> None:
        if move.startswith("start"):
            self.left = int(move[-1])
        self.heap -= 1
        self.left -= 1
        if self.left == 0:
            self.turn = 1 - self.turn


def in_parts(move: Any, state: object) -> list[str]:
    return [f"start {move.count}"] + ["more"] * (move.count - 1)


def test_a_move_the_reference_plays_in_parts() -> None:
    report = lockstep(Nim(heap=6), InParts, names=in_parts, games=30)
    assert report.reference_moves > report.moves and report.finished == 30


def test_a_move_in_parts_is_checked_part_by_part() -> None:
    class Offers(InParts):
        def legal_moves(self) -> list[str]:
            return [*super().legal_moves(), "stop"] if self.left else super().legal_moves()

    with pytest.raises(LockstepError) as caught:
        lockstep(Nim(heap=6), Offers, names=in_parts, games=30)
    assert caught.value.what == "legal moves" and caught.value.theirs == ["stop"]
    assert caught.value.within and caught.value.within[0].startswith("start")
    assert "within one move of the game" in str(caught.value)


def test_a_game_that_may_stop_where_the_reference_goes_on_is_caught() -> None:
    class Chained(_NimByHand):
        """'take 1' (with more than one counter left) is always followed by 'again', by the same player."""

        def __init__(self) -> None:
            super().__init__(5)
            self.again = False

        def legal_moves(self) -> list[str]:
            if self.heap == 0:
                return []
            return ["again"] if self.again else [m for m in ("take 1", "take 3") if int(m[-1]) <= self.heap]

        def apply(self, move: str) -> None:
            if move == "take 1" and self.heap > 1:
                self.heap -= 1
                self.again = True
            elif move == "again":
                self.heap -= 1
                self.again = False
                self.turn = 1 - self.turn
            else:
                super().apply(move)

    def names(move: Any, state: object) -> list[str]:
        return ["take 1", "again"] if move.count == 2 else [str(move)]

    with pytest.raises(LockstepError) as caught:
        lockstep(Nim(heap=5), Chained, names=names, games=30)
    assert caught.value.what in ("end", "player to move")


def test_two_moves_named_alike_are_refused() -> None:
    with pytest.raises(LockstepError, match="each move needs names of its own") as caught:
        lockstep(Nim(heap=5), _NimByHand, names=lambda move, state: "take", games=1)
    assert caught.value.what == "move names"


def test_openspiel_games_with_simultaneous_moves_are_refused_and_chance_is_told() -> None:
    from boardkit import OptionError

    assert openspiel_reference("kuhn_poker")().chance_outcomes()  # chance is told, not refused (issue 39)
    with pytest.raises(OptionError, match="simultaneous"):
        openspiel_reference("matrix_rps")
    game = pyspiel.load_game("breakthrough", {"rows": 6, "columns": 6})
    with pytest.raises(OptionError, match="parameters"):
        openspiel_reference(game, rows=6)
    assert len(list(openspiel_reference("breakthrough", rows=6, columns=6)().legal_moves())) == 16
    state = openspiel_reference(game)()
    assert len(list(state.legal_moves())) == 16 and state.current_player() == 0 and not state.is_over()


def test_a_game_or_parameter_openspiel_does_not_know_is_one_line(capfd: pytest.CaptureFixture[str]) -> None:
    from boardkit import OptionError

    for name, parameters, words in [
        ("no_such_game", {}, "has no game 'no_such_game'"),
        ("breakthrough", {"rows": 6, "colums": 6}, "breakthrough has no parameter 'colums'"),
        ("breakthrough", {"rows": "six"}, "cannot load 'breakthrough'"),
        ("breakthrough", {"rows": [6]}, "cannot load 'breakthrough'"),
    ]:
        with pytest.raises(OptionError, match=words) as caught:
            openspiel_reference(name, **parameters)
        assert "\n" not in str(caught.value) and str(caught.value).startswith("OpenSpiel ")
    assert "Unknown" not in capfd.readouterr().err  # checked before OpenSpiel prints an error of its own


def test_two_player_returns() -> None:
    assert two_player_returns(Outcome.win(0, "x"), 2) == (1.0, -1.0)
    assert two_player_returns(Outcome(frozenset({0, 2}), None, "shared"), 3) == (1.0, -1.0, 1.0)


# -- in the terminal, in the browser, in the gallery ---------------------------


SPECS = {
    "draughts": "Draughts", "breakthrough": "Breakthrough", "clobber": "Clobber", "go": "Go", "amazons": "Amazons",
    "nine_mens_morris": "NineMensMorris", "kalah": "Kalah", "dots_and_boxes": "DotsAndBoxes",
}


@pytest.mark.parametrize(
    ("spec", "shown"), [(f"{module}.py:{name}", ALL[module].name) for module, name in SPECS.items()], ids=list(SPECS)
)
def test_the_command_plays_the_classics_from_their_files(tmp_path: FilePath, spec: str, shown: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "play", f"{EXAMPLES}/{spec}", "--seat", "random", "random", "--seed", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout and shown in done.stdout


@pytest.mark.parametrize("game", list(ALL.values()), ids=list(ALL))
def test_the_classics_play_in_the_browser(game: Any) -> None:
    play_in_the_browser(game, 2)


def play_in_the_browser(game: Any, players: int, *, turns: int = 1000, cells: tuple[str, ...] = ("a1",)) -> None:
    """Play ``game`` to its end (within ``turns`` moves) in the browser's table, every seat here, checking each
    page's moves and that its picture names one of ``cells``."""
    pytest.importorskip("starlette")
    from boardkit.web.page import seat_page
    from boardkit.web.table import Table, parse_seat

    table = Table(game, [parse_seat("here")] * players, seed=1)
    viewer = table.viewer(table.host_token)
    for _ in range(turns):
        if table.state.is_over:
            break
        page = seat_page(table, viewer, table.state.current_player)
        offered = [m["move"] for m in page["moves"]]
        assert offered == [str(m) for m in table.state.legal_moves()]
        assert any(f'data-cell="{cell}"' in page["svg"] for cell in cells)
        table.play(viewer, offered[len(offered) // 2], table.version)
    assert table.state.is_over


def test_every_classic_has_its_gallery_picture() -> None:
    from make_gallery import GALLERY, picture

    drawn = {name.partition(":")[0]: (file, name, options, seed, moves) for file, name, options, seed, moves in GALLERY}
    page = (FilePath(__file__).resolve().parents[1] / "docs" / "reference" / "kit-gallery.md").read_text()
    for module in SPECS:
        file, name, options, seed, moves = drawn[module]
        saved = FilePath(__file__).resolve().parents[1] / "docs" / "_static" / "gallery" / file
        assert saved.read_text(encoding="utf-8") == picture(name, options, seed=seed, moves=moves) + "\n", (
            f"{saved} is stale: run python examples/make_gallery.py"
        )
        assert f"../_static/gallery/{file}" in page and f"examples/{module}.py" in page
