"""The kit's primitives that the gallery's plain code spends its time in
(issue 39, item 6), each against a plain reference in random positions:
``cycle`` (a ring of cells turned, Pentago's twist), ``tally`` and ``find``
(a piece counted and found without a scan in Python), ``streak`` and
``gather`` (a sowing game's capture: Oware's houses of two or three, taken to
the store), ``place_moves(among=...)`` (the empty cells of a part of the
board, Ultimate tic-tac-toe's small board) and ``remember`` (the positions
seen)."""

from __future__ import annotations

import pickle
from collections.abc import Sequence

import pytest
from k_in_a_row import KInARow, places
from oware import Oware
from pentago import Pentago

from boardkit.chance import Random
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import SquareGrid, TopologyError

GRID = SquareGrid(5, 4)


class Table(BoardGame):
    name, board, state_class = "table", GRID, BoardState


def scatter(state: BoardState, rng: Random) -> None:
    for cell in GRID.cells:
        state.put(cell, [None, None, "X", "O", "Y"][rng.randbelow(5)])


# -- cycle: a ring of cells turned ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_cycle_moves_each_cell_shift_places_round_the_ring(seed: int) -> None:
    rng = Random(seed)
    state = Table().new_game(seed=seed)
    for _ in range(20):
        scatter(state, rng)
        ring = list(range(len(GRID)))
        rng.shuffle(ring)
        del ring[rng.randbelow(len(GRID)) + 1 :]  # distinct cells, in any order
        shift = rng.randbelow(41) - 20
        before = list(state.at)
        expected = list(before)
        for k, i in enumerate(ring):  # the plain reference: cell k's piece lands on cell k + shift
            expected[ring[(k + shift) % len(ring)]] = before[i]
        state.cycle(ring, shift)
        assert list(state.at) == expected


def test_cycle_refuses_an_index_off_the_board_and_changes_nothing() -> None:
    state = Table().new_game(seed=0)
    state.put("a1", "X")
    with pytest.raises(TopologyError, match="not a cell index"):
        state.cycle([0, 1, len(GRID)], 1)
    with pytest.raises(TopologyError, match="not a cell index"):
        state.cycle([-1, 0], 1)
    assert state["a1"] == "X" and state["b1"] is None
    state.cycle([], 3)  # an empty ring: nothing to turn


class Turntable(BoardGame):
    """Put a piece, then the top row turns one place: every move is a put and a cycle."""

    name, board, moves = "turntable", GRID, (Place,)

    class state_class(BoardState):  # noqa: N801
        def moves(self) -> list[Place]:
            return [Place(c) for c in self.empty()]

        def play(self, move: Place) -> None:
            self.put(move.cell, "XO"[self.player])
            self.cycle([0, 1, 2, 3, 4], 1)
            self.next_turn()


@pytest.mark.parametrize("game", [Turntable(), Pentago()], ids=["turntable", "pentago"])
def test_cycle_in_a_move_is_undone_with_it(game: BoardGame) -> None:
    rng = Random(3)
    state = game.new_game(seed=0)
    layouts: list[tuple[object, ...]] = []
    while not state.is_over and len(layouts) < 16:
        layouts.append(state.layout())
        state.apply(state.random_move(rng))
    while layouts:
        state.undo()
        assert state.layout() == layouts.pop()


# -- tally and find: a piece counted and found ----------------------------------------------------


class Token:
    """A piece equal to its symbol without being the same object: found by ==, not only by identity."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return other == self.text if isinstance(other, str) else isinstance(other, Token) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


@pytest.mark.parametrize("seed", range(8))
def test_tally_and_find_agree_with_a_plain_scan(seed: int) -> None:
    rng = Random(seed)
    state = Table().new_game(seed=seed)
    for _ in range(20):
        scatter(state, rng)
        if rng.randbelow(2):
            state.put(GRID.cells[rng.randbelow(len(GRID))], Token("X"))  # equal to "X", another object
        cells = list(state.at)
        for piece in ("X", "O", "Y", "Z"):
            assert state.tally(piece) == sum(1 for here in cells if here == piece)
            first = next((i for i, here in enumerate(cells) if here == piece), -1)
            assert state.find(piece) == first


# -- streak and gather: a sowing game's capture -------------------------------------------------------

RING = Oware().board  # twelve houses in a ring ("next" and "back") and two stores off it


class Houses(BoardGame):
    name, board, state_class = "houses", RING, BoardState


def plain_streak(cells: list[int | None], start: int, way: int, counts: set[int], within: range) -> list[int]:
    """The reference: walk the ring by index (house i's "back" is i - 1, round the ring of twelve)."""
    found: list[int] = []
    at = start
    while at in within and (cells[at] or 0) in counts and at not in found:
        found.append(at)
        at = (at + way) % 12
    return found


@pytest.mark.parametrize("seed", range(6))
def test_streak_and_gather_take_what_a_plain_walk_takes(seed: int) -> None:
    rng = Random(seed)
    state: BoardState[int] = Houses().new_game(seed=seed)
    for _ in range(40):
        for i in range(12):
            state.put(RING.cells[i], rng.randbelow(5) if rng.randbelow(4) else None)
        state.put("s0", rng.randbelow(30))
        counts = {2, 3} if rng.randbelow(2) else {0, 1, 2}
        low = rng.randbelow(12)
        within = range(low, low + rng.randbelow(13 - low) + 1) if rng.randbelow(4) else range(12)
        start, way = rng.randbelow(12), rng.choice([("back", -1), ("next", 1)])
        cells = list(state.at)
        taken = state.streak(RING.cells[start], way[0], counts=counts, within=within)
        assert taken == plain_streak(cells, start, way[1], counts, within)
        store = cells[12] or 0
        assert state.gather(taken, "s0") == sum(cells[i] or 0 for i in taken)
        expected = [0 if i in taken else here for i, here in enumerate(cells)]
        expected[12] = store + sum(cells[i] or 0 for i in taken)
        assert list(state.at) == expected


def test_gather_refuses_a_symbol_before_anything_changes() -> None:
    state = Houses().new_game(seed=0)
    for i, seeds in enumerate([2, 3, 4]):
        state.put(RING.cells[i], seeds)
    state.put("s0", 0)
    state.put("a2", "x")
    with pytest.raises(TypeError, match="not a count"):
        state.gather([0, 1, 11], "s0")  # index 11 is a2
    with pytest.raises(TypeError, match="not a count"):
        state.gather([0, 1], "a2")
    assert [state.count(c) for c in ("a1", "b1", "s0")] == [2, 3, 0]
    assert state.gather([0, 12, 1], "s0") == 5  # the store itself, listed, keeps its count
    assert state.count("s0") == 5 and state.count("a1") == 0


def test_oware_captures_and_sweeps_undo_with_their_moves() -> None:
    rng = Random(7)
    for seed in range(3):
        state = Oware().new_game(seed=seed)
        layouts: list[tuple[int | None, ...]] = []
        while not state.is_over:
            layouts.append(state.layout())
            state.apply(state.random_move(rng))
        assert state.count("s0") + state.count("s1") == 48  # every seed swept into a store at the end
        while layouts:
            state.undo()
            assert state.layout() == layouts.pop()


# -- place_moves among some cells: the empty cells of a part of the board ------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_place_moves_among_cells_is_the_plain_filter(seed: int) -> None:
    rng = Random(seed)
    state = Table().new_game(seed=seed)
    names = [state.name(cell) for cell in GRID.cells]
    sparse = [name if i % 3 else None for i, name in enumerate(names)]
    near = GRID.compiled.neighbors
    for _ in range(30):
        scatter(state, rng)
        cells = list(state.at)
        among = [rng.randbelow(len(GRID)) for _ in range(rng.randbelow(12))]  # any order, repeats allowed
        for table in (names, sparse):
            plain = [table[i] for i in among if cells[i] is None and table[i] is not None]
            assert state.place_moves(table, among=among) == plain
            assert state.place_moves(table, among=iter(among)) == plain  # any iterable of indices
            beside = [i for i in among if cells[i] is None and table[i] and any(cells[j] == "X" for j in near[i])]
            assert state.place_moves(table, among=among, beside="X") == [table[i] for i in beside]


# -- remember: the positions seen, by the cells and the player to move -----------------------------------


def test_remember_counts_a_position_by_its_cells_and_player() -> None:
    rng = Random(3)
    state = Houses().new_game(seed=0)
    seen: dict[tuple[object, ...], int] = {}
    for _ in range(60):
        for i in range(12):
            state.put(RING.cells[i], rng.randbelow(2) if i < 3 else 4)  # few distinct layouts: positions come back
        state.set_turn(rng.randbelow(2))
        key = (tuple(state.at), state.player)
        assert state.times_seen() == seen.get(key, 0)
        assert state.remember() == seen.get(key, 0)
        seen[key] = seen.get(key, 0) + 1
    assert max(seen.values()) > 1


# -- place_moves: the last answer for a long table brought forward from the moves' logs ---------------

SQUARE = SquareGrid(9, 9)
EVERY: list[Place | None] = [Place(SQUARE.name(c)) for c in SQUARE.cells]
ODD = [p if i % 3 else None for i, p in enumerate(EVERY)]  # a table with gaps
EVEN = tuple(p if i % 2 else None for i, p in enumerate(EVERY))  # a third table (a tuple): the state keeps two


class Sweeper(BoardGame):
    """Put a stone; the move asks for the empty cells half-way, then sweeps off a stone in the next row."""

    name, board, moves = "sweeper", SQUARE, (Place,)

    class state_class(BoardState):  # noqa: N801
        def moves(self) -> list[Place]:
            return self.place_moves(EVERY)

        def play(self, move: Place) -> None:
            self.put(move.cell, "XO"[self.player])
            self.place_moves(ODD)  # asked during the move, before the sweep changes another cell
            below = SQUARE.index(move.cell) + 9
            if below < 81 and self.at[below] is not None:
                self.put(SQUARE.cells[below], None)
            self.next_turn()


def plain_places(state: BoardState, table: Sequence[Place | None]) -> list[Place | None]:
    return [move for move, here in zip(table, state.at, strict=True) if here is None and move is not None]


@pytest.mark.parametrize("seed", range(4))
def test_place_moves_stays_the_plain_scan_through_undo_copies_and_set_ups(seed: int) -> None:
    rng = Random(seed)
    tables: list[tuple[BoardGame, Sequence[Place | None]]] = [
        (Sweeper(), EVERY),
        (KInARow(columns=9, rows=9, k=4), places(9, 9)[1]),
    ]
    for game, own in tables:
        state = game.new_game(seed=seed)
        for _ in range(120):
            roll = rng.randbelow(10)
            if state.is_over or (roll == 0 and state.history):
                for _ in range(min(len(state.history), rng.randbelow(3) + 1)):
                    state.undo()
            elif roll == 1:
                state = state.copy()
            elif roll == 2:  # a change outside a move
                state.put(SQUARE.cells[rng.randbelow(81)], [None, "X", "O"][rng.randbelow(3)])
            else:
                state.apply(state.random_move(rng))
            if not state.is_over:
                assert state.legal_moves() == plain_places(state, own)
            table = (ODD, EVERY, EVEN)[rng.randbelow(3)]
            answer = state.place_moves(table)
            assert answer == plain_places(state, table)
            answer.clear()  # the caller's own list: what the state keeps is not changed with it
            assert state.place_moves(table) == plain_places(state, table)


def test_place_moves_is_brought_forward_over_many_moves_and_back_past_them() -> None:
    rng = Random(7)
    state = Sweeper().new_game(seed=0)
    for _ in range(3):
        for _ in range(rng.randbelow(9)):  # up to twice as many moves as the state looks back over
            if not state.is_over:
                state.apply(state.random_move(rng))
        assert state.place_moves(EVERY) == plain_places(state, EVERY)
        for _ in range(min(len(state.history), rng.randbelow(9))):
            state.undo()
        assert state.place_moves(EVERY) == plain_places(state, EVERY)
        again = pickle.loads(pickle.dumps(state))
        assert again.place_moves(EVERY) == plain_places(again, EVERY)


class Flipper(BoardGame):
    """Put a stone on an empty cell or take it off a held one: a game as long as one likes."""

    name, board, moves = "flipper", SQUARE, (Place,)

    class state_class(BoardState):  # noqa: N801
        def moves(self) -> list[Place | None]:
            return EVERY

        def play(self, move: Place) -> None:
            self.put(move.cell, None if self[move.cell] is not None else "X")
            self.next_turn()


def test_an_answer_found_past_trimmed_records_is_not_taken_for_the_start() -> None:
    # After 70 moves the oldest records are trimmed to tuples: an answer found where the last
    # record is one was anchored as if at the start, and came back once every move was taken back.
    state = Flipper().new_game(seed=0)
    for k in range(70):
        state.apply(EVERY[k % 5])
    for _ in range(64):
        state.undo()
    marks = [1 << i % 20 for i in range(81)]
    cell = SQUARE.cells[1]
    assert state.chain_marks(cell, marks) == marks[1] | marks[2] | marks[3] | marks[4]  # b9 to e9 held
    assert state.place_moves(EVERY) == plain_places(state, EVERY)
    for _ in range(6):
        state.undo()
    assert state.place_moves(EVERY) == EVERY
    assert state.chain_marks(cell, marks) == 0


@pytest.mark.parametrize("seed", range(4))
def test_place_moves_of_a_table_with_few_moves_reads_only_their_cells(seed: int) -> None:
    rng = Random(seed)
    state = Table().new_game(seed=seed)
    names = [GRID.name(cell) for cell in GRID.cells]
    tables = [[name if i % k == 0 else None for i, name in enumerate(names)] for k in (3, 5, 7, 20)]
    for _ in range(20):
        scatter(state, rng)
        for table in tables:
            plain = [move for move, here in zip(table, state.at, strict=True) if here is None and move is not None]
            assert state.place_moves(table) == plain
    assert state.game.tables.spots(tables[1]) == [0, 5, 10, 15]
