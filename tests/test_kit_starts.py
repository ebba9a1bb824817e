"""The kit's start position, set up once (issue 39, item 6): a later game of
the same game object copies the start its set-up laid out (for the same seed;
for every seed once two seeds set up the same start without chance), so a
copied start must be the very position the set-up would give, marks on edges
and crossing points, stacks, counters, the positions seen and the generator
included, and each game's own."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from boardkit import Random
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import SquareGrid

BOARD = SquareGrid(3, 3)


class _WalledState(BoardState[Any, Place]):
    """A start with a stack, an edge mark, a crossing mark, a counter, a position seen and player 1 to move."""

    def setup(self) -> None:
        self.put("a1", ("x", "x"))
        self.put_edge("a1", "b1", "#")
        self.put_crossing("a1", "b2", "+")
        self.set("count", 2)
        self.set_turn(1)
        self.remember()

    def moves(self) -> list[Place]:
        return self.place_moves(Place.every(self.board))

    def play(self, move: Place) -> None:
        self.put(move.cell, ("o",))
        self.put_edge("b2", "c2", "=")
        self.put_crossing("b2", "c3", "*")
        self.set("count", self.counter("count") + 1)
        self.next_turn()
        self.remember()


class _Walled(BoardGame[_WalledState, Place]):
    name = "walled"
    board = BOARD
    moves = (Place,)
    walls = True
    counters: ClassVar = {"count": 0}
    state_class = _WalledState


class _DealtState(_WalledState):
    """A start drawn from the generator: the same seed deals the same start."""

    def setup(self) -> None:
        self.put(("a1", "b1", "c1")[self.rng.randbelow(3)], ("x",))


class _SeededState(_WalledState):
    """A start that reads the seed itself, not the generator."""

    def setup(self) -> None:
        self.put("a1" if self.seed % 2 else "b1", ("x",))


class _OwnFieldState(_WalledState):
    """A set-up that gives the state a field of its own, and a copy that copies it."""

    def setup(self) -> None:
        self.own = [self.seed]

    def copy(self) -> _OwnFieldState:
        twin = super().copy()
        twin.own = list(self.own)
        return twin


def _game(state_class: type[_WalledState]) -> _Walled:
    game: _Walled = type("Game", (_Walled,), {"state_class": state_class})()
    return game


def _position(state: _WalledState) -> tuple[Any, ...]:
    return (state.snapshot(), list(state.edge_marks), list(state.crossing_marks), state.times_seen(), state.rng.state)


def test_a_copied_start_is_the_set_up_one_with_its_marks_stacks_and_positions_seen() -> None:
    game, fresh = _game(_WalledState), _game(_WalledState)
    for seed in (1, 1, 2, 3, 4):
        state = game.new_game(seed=seed)
        assert _position(state) == _position(fresh.new_game(seed=seed))
        assert state.player == 1 and state.counter("count") == 2 and state.times_seen() == 1
        assert state.stack("a1") == ("x", "x") and state.edge("a1", "b1") == "#" and state.crossing("a1", "b2") == "+"


def test_each_copied_start_is_its_own_and_undoes_to_the_start() -> None:
    game = _game(_WalledState)
    first, second = game.new_game(seed=1), game.new_game(seed=2)
    start = _position(second)
    first.apply("b2")
    assert first.counter("count") == 3 and first.edge("b2", "c2") == "="
    third = game.new_game(seed=2)
    assert _position(third) == start and third.legal_moves() == second.legal_moves()
    third.apply("b2")  # as the first game did: seen once in this game
    assert _position(second) == start and third.times_seen() == 1 and third.crossing("b2", "c3") == "*"
    fourth = game.new_game(seed=3)
    assert fourth.crossing("b2", "c3") is None and fourth.edge("b2", "c2") is None
    third.undo()
    assert _position(third) == start
    third.apply("b2")
    fourth.apply("b2")
    assert fourth.times_seen() == 1 and third.times_seen() == 1


@pytest.mark.parametrize("state_class", [_DealtState, _SeededState, _OwnFieldState])
def test_a_start_that_depends_on_the_seed_is_the_seeds_own(state_class: type[_WalledState]) -> None:
    game, fresh = _game(state_class), _game(state_class)
    seeds = (1, 2, 1, 3, 4, 5, 6, 2, 2)
    starts = [_position(game.new_game(seed=seed)) for seed in seeds]
    assert starts == [_position(fresh.new_game(seed=seed)) for seed in seeds]
    assert len({start[0] for start in starts}) > 1
    if state_class is _OwnFieldState:
        assert getattr(game.new_game(seed=5), "own", None) == [5]


def test_a_dealt_start_leaves_the_generator_where_the_deal_left_it() -> None:
    game = _game(_DealtState)
    dealt = [game.new_game(seed=7) for _ in range(3)]
    assert len({state.rng.state for state in dealt}) == 1
    assert dealt[-1].rng.state != Random(7).state
