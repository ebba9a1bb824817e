"""Seeded fuzzing of the kit's undoable records against naive second
implementations: the positions seen (``remember``) and ``last_move`` against
a replay of the history, across apply, undo, copy, pickling and playouts;
``hop_moves`` against a brute-force reading of its docstring."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from lines_of_action import LinesOfAction
from oware import Oware

from boardkit import Random
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.kit import cells as kit_cells
from boardkit.topology import SquareGrid


def _replayed(game: Any, moves: tuple[Any, ...]) -> Any:
    """The naive record: a new game with the same moves applied one by one."""
    state = game.new_game(seed=0)
    for move in moves:
        state.apply(move)
    return state


@pytest.mark.parametrize("game", [Oware(), LinesOfAction()], ids=["oware", "lines-of-action"])
def test_positions_seen_and_last_move_match_a_replay_of_the_history(game: Any) -> None:
    rnd = random.Random(7)
    for _ in range(3):
        states = [game.new_game(seed=0)]
        for step in range(60):
            i = rnd.randrange(len(states))
            state, roll = states[i], rnd.random()
            if roll < 0.5 and not state.is_over:
                state.apply(rnd.choice(state.legal_moves()))
            elif roll < 0.75 and state.history:
                state.undo()
            elif roll < 0.83:
                states.append(state.copy())  # both go on, and may undo past a forget_seen
            elif roll < 0.9:
                states[i] = pickle.loads(pickle.dumps(state))
            elif not state.is_over:
                state.playout(max_plies=rnd.randrange(1, 6), rng=Random(step))
            states = states[-3:]
            for each in states:
                again = _replayed(game, each.history)
                assert each._positions_seen == again._positions_seen, each.history
                assert each.last_move == (each.history[-1] if each.history else None)
                assert each.times_seen() == again.times_seen()


class _HopState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        return []


class _Hops(BoardGame[_HopState, Place]):
    name = "hops"
    board = SquareGrid(4, 4)
    pieces = {"X": "player 0", "O": "player 1"}
    state_class = _HopState


def _hops_by_hand(
    cells: list[str | None], piece: str, table: list[list[Any]], start: int, steps: bool, skip: set[int]
) -> list[Any]:
    found: list[Any] = []
    for i in [start] if start >= 0 else [i for i, here in enumerate(cells) if here == piece]:
        for j, step, k, hop in table[i]:
            if cells[j] is None:
                if steps:
                    found.append(step)
            elif k != -1 and cells[k] is None and k not in skip:
                found.append(hop)
    return found


def test_hop_moves_match_a_brute_force_reading_on_random_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd, size = random.Random(3), 16
    for _ in range(300):
        state = _Hops().new_game(seed=0)
        for cell in state.board.cells:
            piece = rnd.choice([None, None, "X", "O"])
            if piece is not None:
                state.put(cell, piece)
        cells = [state[cell] for cell in state.board.cells]
        table = []
        for i in range(size):
            routes = []
            for _ in range(rnd.randrange(4)):
                j, k = rnd.randrange(size), rnd.choice([-1, rnd.randrange(size)])
                routes.append((j, ("step", i, j), k, None if k < 0 else ("hop", i, j, k)))
            table.append(routes)
        piece, start = rnd.choice("XO"), rnd.choice([-1, -1, rnd.randrange(size)])
        steps, skip = rnd.random() < 0.5, set(rnd.sample(range(size), rnd.randrange(4)))
        expected = _hops_by_hand(cells, piece, table, start, steps, skip)
        assert state.hop_moves(piece, table, start=start, steps=steps, skip=skip) == expected  # this build's path
        with monkeypatch.context() as patch:  # on the pure build, the compiled build's path (its HopTable) too
            patch.setattr(kit_cells, "NATIVE", not kit_cells.NATIVE)
            assert state.hop_moves(piece, table, start=start, steps=steps, skip=skip) == expected
            assert state.hop_moves(piece, table, start=start, steps=steps, skip=skip) == expected  # its table kept
