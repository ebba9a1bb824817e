"""The chains a kit state keeps for :meth:`BoardState.chain_marks
<boardkit.kit.BoardCells.chain_marks>`, against the plain answer grown
afresh by :func:`boardkit.patterns.reach` at every step: through moves that
add stones and moves that take them, asks during a move and after it, undo,
copies, pickles and positions set up by hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hex import Hex
from kit_walks import random_walk
from y import Y

from boardkit import Outcome
from boardkit.chance import Random
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.patterns import reach
from boardkit.topology import HexGrid

BOARD = HexGrid.rhombus(6, 6)
EVERY = Place.every(BOARD)
#: Two marks tables: each side's bit, and each cell its own bit (the chain itself, as a number).
NAMES = ("top", "bottom", "left", "right")
SIDES = [sum(1 << k for k, side in enumerate(NAMES) if c in BOARD.side(side)) for c in BOARD.cells]
OWN = [1 << i for i in range(len(BOARD.cells))]


def plain_marks(state: BoardState, i: int, marks: Sequence[int]) -> int:
    piece = state.at[i]
    if piece is None:
        return 0
    found = 0
    for j in reach(BOARD.compiled, state.at, [i], pieces={piece}):
        found |= marks[j]
    return found


class Grower(BoardGame):
    """Put a stone of your colour; it asks for its chain half-way, and a stone on the hex below the new one
    (if any) is taken off after that; the game is judged on the chain of the stone put."""

    name, board, moves = "grower", BOARD, (Place,)

    class state_class(BoardState):  # noqa: N801
        seen: list[tuple[int, int]]

        def moves(self) -> list[Place]:
            return self.place_moves(EVERY)

        def play(self, move: Place) -> None:
            i = BOARD.index(move.cell)
            self.put(move.cell, "XO"[self.player])
            assert self.chain_marks(move.cell, SIDES) == plain_marks(self, i, SIDES)  # asked during the move
            below = i + 6
            if below < 36 and self.at[below] is not None and i % 5 == 0:
                self.put(BOARD.cells[below], None)
            self.next_turn()

        def judge(self) -> Outcome | None:
            last = self.last_move
            if None not in self.at:
                return Outcome.draw("the board is full")
            if last is None:
                return None
            touched = self.chain_marks(last.cell, SIDES)
            assert touched == plain_marks(self, BOARD.index(last.cell), SIDES)
            return Outcome.win(1 - self.player, "top to bottom") if touched & 3 == 3 else None


class Quiet(BoardGame):
    """Put a stone of your colour; the rules never ask for chains: only the test does, between moves."""

    name, board, moves = "quiet", BOARD, (Place,)

    class state_class(BoardState):  # noqa: N801
        def moves(self) -> list[Place]:
            return self.place_moves(EVERY)

        def play(self, move: Place) -> None:
            self.put(move.cell, "XO"[self.player])
            self.next_turn()

        def judge(self) -> Outcome | None:
            return None if None in self.at else Outcome.draw("the board is full")


@pytest.mark.parametrize("game", [Grower, Quiet])
@pytest.mark.parametrize("seed", range(6))
def test_chain_marks_are_the_plain_chain_through_undo_copies_pickles_and_set_ups(
    game: type[BoardGame], seed: int
) -> None:
    rng = Random(seed)

    def by_hand(state: BoardState, rng: Random) -> None:  # a stone put, changed or taken
        state.put(BOARD.cells[rng.randbelow(36)], [None, "X", "O"][rng.randbelow(3)])

    for state in random_walk(game().new_game(seed=seed), rng, 300, by_hand):
        for _ in range(rng.randbelow(4)):  # sometimes none: the chains brought forward over several moves
            i = rng.randbelow(36)
            marks = OWN if rng.randbelow(4) == 0 else SIDES  # now and then another table: built anew
            assert state.chain_marks(BOARD.cells[i], marks) == plain_marks(state, i, marks)
            j = rng.randbelow(36)
            joined = state.at[i] is not None and j in reach(BOARD.compiled, state.at, [i], pieces={state.at[i]})
            assert state.same_chain(BOARD.cells[i], BOARD.cells[j]) == joined


def test_a_copy_and_its_original_keep_their_own_chains() -> None:
    state = Grower().new_game(seed=0)
    for name in ["a1", "f6", "a2"]:
        state.apply(name)
    assert state.chain_marks("a1", OWN) == OWN[0] | OWN[6]
    twin = state.copy()
    twin.apply("f5")
    twin.apply("a3")
    assert twin.chain_marks("a1", OWN) == OWN[0] | OWN[6] | OWN[12]
    assert state.chain_marks("a1", OWN) == OWN[0] | OWN[6]  # the original's chain did not grow
    state.undo()
    assert state.chain_marks("a1", OWN) == OWN[0] and state.chain_marks("a2", OWN) == 0


def test_chains_asked_before_the_first_move_are_brought_forward_after_it() -> None:
    state = Quiet().new_game(seed=0)
    assert state.chain_marks("a1", OWN) == 0
    state.apply("a1")
    state.apply("f6")
    state.apply("a2")
    assert state.chain_marks("a1", OWN) == OWN[0] | OWN[6]


def test_chain_marks_refuses_a_cell_off_the_board() -> None:
    from boardkit.topology import TopologyError

    state = Grower().new_game(seed=0)
    with pytest.raises(TopologyError):
        state.chain_marks("z9", SIDES)


@pytest.mark.parametrize(("game", "size"), [(Hex, 5), (Y, 6)])
def test_hex_and_y_end_where_a_plain_search_of_the_chains_says(game: type[BoardGame], size: int) -> None:
    """Hex's and Y's judges read chain_marks: each random game ends exactly when a chain grown by reach
    first touches the player's sides (all three for Y), with undo and copies on the way."""
    rng = Random(size)
    for g in range(30):
        state = game(size=size).new_game(seed=g)
        grid = state.board
        while not state.is_over:
            state.apply(state.random_move(rng))
            if rng.randbelow(8) == 0:
                state.undo()
                state = state.copy()
                continue
            player = 1 - state.player
            chain = reach(
                grid.compiled,
                state.at,
                [grid.index(state.last_move.cell)],
                pieces={state.at[grid.index(state.last_move.cell)]},
            )
            sides = (("top", "bottom"), ("left", "right"))[player] if game is Hex else ("left", "right", "top")
            if game is Y:
                hexes = grid.hexes
                touched = [
                    any(hexes[i][1] == 0 for i in chain),
                    any(hexes[i][0] == 0 for i in chain),
                    any(sum(hexes[i]) == size - 1 for i in chain),
                ]
            else:
                touched = [any(grid.index(c) in chain for c in grid.side(s)) for s in sides]
            assert state.is_over == all(touched), (g, str(state.last_move))


def test_a_stone_changed_by_hand_is_judged_for_whoever_it_now_belongs_to() -> None:
    """A position changed by hand is judged whole, with no last move: the chain of the last move's hex
    counts for the player whose stone it now holds, never for the player who played it there."""
    from havannah import Havannah

    state = Hex(size=3).new_game(seed=0)
    for name in ["a1", "a2", "b1", "c1"]:
        state.apply(name)
    state.put("c1", "R")  # red's a1-b1-c1 now joins left and right, blue's sides: nobody's win
    assert state.outcome is None
    state = Havannah(size=2).new_game(seed=0)
    state.apply("b1")
    state.apply("a1")
    state.put("a1", "O")  # O's a1-b1 joins two corners: O's bridge, not a win of @, who played a1
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "a bridge")


NAN = float("nan")  # one object, never equal to itself


class NaNStones(BoardState):  # type: ignore[type-arg]
    """Each move puts the one NaN object: pieces that are the same object yet never equal."""

    def moves(self) -> list[Place]:
        return self.place_moves(Place.every(self.board))

    def play(self, move: Place) -> None:
        self.put(move.cell, NAN)  # type: ignore[arg-type]
        self.next_turn()


class NaNGame(BoardGame):  # type: ignore[type-arg]
    name = "nan-stones"
    board = HexGrid.hexagon(1)
    state_class = NaNStones
    moves = (Place,)


def test_chains_brought_forward_join_stones_as_a_fresh_build_does() -> None:
    """A piece that does not equal itself is joined to nothing, whether the chains are built anew (a copy
    builds them) or brought forward over the moves (which joined the very object by identity)."""
    state = NaNGame().new_game(seed=0)
    marks = [1 << i for i in range(len(state.board))]
    state.chain_marks(state.board.cells[0], marks)  # kept from here on, and brought forward
    for cell in state.board.cells[:4]:
        state.apply(Place(state.board.name(cell)))
    for cell in state.board.cells[:4]:
        assert state.chain_marks(cell, marks) == state.copy().chain_marks(cell, marks) == marks[state.board.index(cell)]
