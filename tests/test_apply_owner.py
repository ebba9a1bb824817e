"""``State.apply`` and ``undo``, the one owner of the move stack, the undo
records and the generator's states: the kit and Tafl give only ``_play`` and
``_unplay`` (the kit also ``_read``, text read in the position), and a
game's own playout loop (``_random_plies``) plays on the stack the base
state hands it."""

from __future__ import annotations

import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalMoveError, NotationError, Outcome, Random, UndoError
from boardkit.about import About, Chance
from boardkit.games.tafl import Move, Tafl
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.testing import ConformanceError, check_game
from boardkit.topology import SquareGrid

SRC = Path(__file__).resolve().parents[1] / "src" / "boardkit"
DATA = Path(__file__).parent / "data" / "tafl" / "opentafl"


class _DiceState(BoardState[str, Place]):
    """A stone on an empty cell, then a die roll kept in a counter. Two cells
    are traps while playing, after the roll: c1 is refused there, and b1
    (a bug in the rules) divides by zero."""

    def moves(self) -> list[Place]:
        return [Place(self.name(c)) for c in self.empty()]

    traps = True

    def play(self, move: Place) -> None:
        roll = self.rng.randbelow(6)
        self.put(move.cell, "XO"[self.player])
        self.set("roll", roll)
        if self.traps and self.name(move.cell) == "c1":
            raise IllegalMoveError(move, "c1 is refused once the die is rolled")
        if self.traps and self.name(move.cell) == "b1":
            roll //= 0
        self.next_turn()

    def judge(self) -> Outcome | None:
        return Outcome.draw("full") if not self.empty() else None


class _Dice(BoardGame[_DiceState, Place]):
    name = "dice row"
    about = About(chance=Chance.PUBLIC)
    board = SquareGrid(4, 1)
    pieces = {"X": "player 0", "O": "player 1"}
    counters = {"roll": -1}
    state_class = _DiceState


def test_a_kit_move_that_draws_is_undone_with_the_generator() -> None:
    state = _Dice().new_game(seed=3)
    start = state.snapshot()
    state.apply("a1")
    rolled, after = state.counter("roll"), state.snapshot()
    assert state.drew_chance() and rolled != -1
    assert state.undo() == Place("a1") and state.snapshot() == start
    state.apply(Place("a1"))  # the same move by value draws the same roll
    assert state.counter("roll") == rolled and state.snapshot() == after


@pytest.mark.parametrize(("move", "error"), [("c1", IllegalMoveError), ("b1", ZeroDivisionError)])
def test_a_move_that_fails_after_drawing_leaves_the_state_and_generator(move: str, error: type) -> None:
    # c1: a refusal found while playing, a boardkit error; b1: a bug in the rules, raised as itself.
    state = _Dice().new_game(seed=5)
    state.apply("a1")
    before, rng = state.snapshot(), state.rng.state
    with pytest.raises(error):
        state.apply(move)
    with pytest.raises(error):
        state.apply(Place(move))
    assert state.rng.state == rng and state.snapshot() == before and state.history == (Place("a1"),)
    state.apply("d1")
    assert state.drew_chance() and state.undo() == Place("d1") and state.snapshot() == before


@pytest.mark.parametrize("seed", range(4))
def test_a_playout_stopped_by_a_failing_move_keeps_the_moves_before_it(seed: int) -> None:
    # Every cell gets filled, so a playout meets a trap: the moves before it stay on the stack,
    # and the generator is as it was before the move that failed, as apply leaves it.
    state = _Dice().new_game(seed=seed)
    with pytest.raises((IllegalMoveError, ZeroDivisionError)):
        state.playout(rng=Random(seed))
    again = _Dice().new_game(seed=seed)
    for move in state.history:
        again.apply(move)
    assert again.snapshot() == state.snapshot()
    assert [again.drew_chance(i) for i in range(len(again.history))] == [True] * len(state.history)
    assert state.last_move == again.last_move  # the last move kept, not the one refused


@pytest.mark.parametrize("pickled", [False, True])
def test_a_determinized_kit_copy_refuses_to_undo_its_dealt_moves(pickled: bool) -> None:
    state = _Dice().new_game(seed=1)
    state.apply("a1")
    world = state.determinize(0, seed=7)
    if pickled:  # its sealed undo records are read back as sealed (they were new objects, which undo tried)
        world = pickle.loads(pickle.dumps(world))
    world.apply("d1")
    assert world.undo() == Place("d1")
    with pytest.raises(UndoError, match="dealt after move 1"):
        world.undo()
    assert world.history == (Place("a1"),)


class _PlainDiceState(_DiceState):
    traps = False


class _PlainDice(_Dice):
    state_class = _PlainDiceState


class _LosesDrawsState(_PlainDiceState):
    def _random_plies(
        self, stop: int, rng: Random, moves: list[Place], tokens: list[object], befores: list[int]
    ) -> None:
        # Its own playout's loop, which never keeps the generator's states.
        while not self.is_over and len(moves) != stop:
            move = self.random_move(rng)
            tokens.append(self._play(move))
            moves.append(move)


class _LosesDraws(_Dice):
    state_class = _LosesDrawsState


def test_check_game_compares_a_games_own_playout_with_apply() -> None:
    assert check_game(_PlainDice(), games=2).games == 2
    with pytest.raises(ConformanceError, match="disagree on which drew"):
        check_game(_LosesDraws(), games=1)


def _random_tafl_moves(variant: str, plies: int) -> list[Move]:
    state, rng = Tafl(variant).new_game(seed=2), Random(9)
    while not state.is_over and len(state.history) < plies:
        state.apply(state.random_move(rng))
    return list(state.history)


@pytest.mark.parametrize("variant", ["brandubh", "copenhagen"])
def test_tafl_moves_by_value_by_text_and_by_playout_give_one_history(variant: str) -> None:
    game = Tafl(variant)
    by_value, by_text, by_playout = (game.new_game(seed=2) for _ in range(3))
    start = by_value.snapshot()
    by_playout.playout(max_plies=40, rng=Random(9))
    for move in by_playout.history:
        by_value.apply(move)
        by_text.apply(str(move))
    assert by_value.history == by_text.history == by_playout.history
    assert by_value._tokens == by_text._tokens == by_playout._tokens
    assert by_value.snapshot() == by_text.snapshot() == by_playout.snapshot()
    while by_playout.history:
        by_playout.undo()
    assert by_playout.snapshot() == start


def test_tafl_refuses_a_move_and_a_stranger_leaving_the_state() -> None:
    state = Tafl("brandubh").new_game(seed=0)
    state.apply(_random_tafl_moves("brandubh", 1)[0])
    before = state.snapshot()
    for bad in (Move("a1", "a2"), Move("d4", "d4"), "z9-z8", Place("a1")):
        with pytest.raises((IllegalMoveError, NotationError)):
            state.apply(bad)  # type: ignore[arg-type]
        assert state.snapshot() == before


def test_a_determinized_tafl_copy_refuses_to_undo_its_dealt_moves() -> None:
    state = Tafl("brandubh").new_game(seed=0)
    state.playout(max_plies=2, rng=Random(4))
    world = state.determinize(0, seed=3)
    with pytest.raises(UndoError):
        world.undo()


#: Writing to the move stack, the undo records or the draws: ``x._moves.append(``, ``x._tokens = ...``.
_WRITES = re.compile(
    r"\._(?:moves|tokens|draws)(?:\[[^\]]*\])?(?:\.(?:append|extend|pop|insert|clear)\(|\s*(?:\+=|=(?!=)))"
)


def test_only_the_base_state_writes_the_move_stack() -> None:
    writers: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
        hits = [line for line in lines if _WRITES.search(line) and not line.startswith("#")]
        if hits:
            writers[str(path.relative_to(SRC))] = hits
    assert set(writers) == {"game.py"}, writers


class _CountedState(BoardState[str, Place]):
    """Drawn after three moves, counted from the history: rules that read it."""

    def moves(self) -> list[Place]:
        return [Place(self.name(c)) for c in self.empty()]

    def play(self, move: Place) -> None:
        self.put(move.cell, "XO"[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        return Outcome.draw("three moves") if len(self.history) >= 3 or not self.empty() else None


class _Counted(BoardGame[_CountedState, Place]):
    name = "counted row"
    board = SquareGrid(4, 4)
    pieces = {"X": "player 0", "O": "player 1"}
    state_class = _CountedState


@pytest.mark.parametrize("played", [0, 1, 2])
def test_a_kit_playout_shows_the_rules_the_history_as_apply_does(played: int) -> None:
    # The kit's playout once kept its moves off the stack until the end: the judge saw no history grow.
    by_playout, by_apply = _Counted().new_game(seed=0), _Counted().new_game(seed=0)
    for cell in ["a1", "b1"][:played]:
        by_playout.apply(cell)
    by_playout.playout(rng=Random(1))
    for move in by_playout.history:
        by_apply.apply(move)
    assert len(by_playout.history) == 4 and by_playout.snapshot() == by_apply.snapshot()
    capped = _Counted().new_game(seed=0)
    capped.apply("a1")
    assert capped.playout(max_plies=2, rng=Random(1)) == 2 and len(capped.history) == 3


def _games_with_playouts() -> list[tuple[str, Any, int]]:
    """Every shipped game (Tafl's quick loop, its slow movement and Berserk, on the base loop) and
    kit games whose moves draw chance or not, each with a number of players."""
    from backgammon import Backgammon
    from connect_four import ConnectFour
    from einstein_wurfelt_nicht import EinsteinWurfeltNicht
    from high_tiles import HighTiles
    from othello import Othello

    from boardkit.games import camelot, cloth_of_gold, five_fields

    berserk = next(
        line for line in (DATA / "opentafl-builtin-rules.conf").read_text().splitlines() if " name:Berserk " in line
    )
    return [
        ("tafl", Tafl("brandubh"), 2),
        ("tafl slow king", Tafl("brandubh", king_speed=1), 2),
        ("tafl berserk", Tafl.from_opentafl(berserk), 2),
        ("cloth of gold", cloth_of_gold.ClothOfGold(), 2),
        ("5 fields", five_fields.FiveFields(), 2),
        ("camelot", camelot.Camelot(), 3),
        ("backgammon", Backgammon(), 2),
        ("einstein", EinsteinWurfeltNicht(), 2),
        ("high tiles", HighTiles(), 2),
        ("connect four", ConnectFour(), 2),
        ("othello", Othello(), 2),
    ]


@pytest.mark.parametrize(("game", "players"), [pytest.param(g, p, id=name) for name, g, p in _games_with_playouts()])
def test_undo_after_a_playout_restores_everything_on_every_game(game: Any, players: int) -> None:
    # A few moves by apply, then a whole playout (the game's own loop), undone move by move: the same
    # state, generator included, and a playout from there again plays the same game.
    state = game.new_game(players=players, seed=4)
    for _ in range(3):
        state.apply(state.random_move(Random(2)))
    start, ply = state.snapshot(), len(state.history)
    played = state.playout(max_plies=400, rng=Random(8))
    assert played == len(state.history) - ply > 0
    end = state.snapshot()
    while len(state.history) > ply:
        state.undo()
    assert state.snapshot() == start and state.rng.state == start[-1]
    assert state.playout(max_plies=400, rng=Random(8)) == played and state.snapshot() == end
