"""The kit's loops over a game's tables read a table of lists by index on the compiled build, and
any other table through Python's protocols (``boardkit.kit.cells``: ``_full``, ``_steps``,
``_slides``; ``patterns.line`` and ``Stones.pick``). Both readings must give what a plain reading of
the position gives, for tables of lists (the kit's makers' own), of tuples and of a mix, with
pieces that are equal without being the same object. On the pure build both are the one loop; the
compiled suite runs this too, and there the two are different code."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit.chance import Random
from boardkit.kit import BoardGame, BoardState, Path, Place, Step, line_table, slide_table, step_table
from boardkit.patterns import Stones, line
from boardkit.topology import HexGrid, SquareGrid, Topology

BOARDS: list[Topology] = [SquareGrid(5, 4), SquareGrid(6, 6, diagonals=True), HexGrid.hexagon(2)]


def twin(piece: str) -> str:
    """An equal piece that is another object (two letters: Python keeps one object for one letter)."""
    return "".join(list(piece))


def game_on(board: Topology) -> BoardGame[Any, Any]:
    class Pieces(BoardGame):  # type: ignore[type-arg]
        name = "pieces"
        state_class = BoardState
        moves = (Step,)

    Pieces.board = board
    return Pieces()


def scattered(board: Topology, seed: int) -> Any:
    """A position of ``wk``, ``bk`` and empty cells, about a third each, every piece its own object."""
    state = game_on(board).new_game(seed=0)
    rng = Random(seed)
    for cell in board.cells:
        roll = rng.randbelow(3)
        if roll:
            state.put(cell, twin("wk" if roll == 1 else "bk"))
    return state


def as_tuples(table: Any, depth: int) -> Any:
    """``table`` with its outer ``depth`` levels of lists made tuples (a table the kit reads generically)."""
    if depth == 0:
        return table
    return tuple(as_tuples(row, depth - 1) for row in table)


@pytest.mark.parametrize("board", BOARDS, ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_slides_and_steps_read_every_kind_of_table_alike(board: Topology, seed: int) -> None:
    state = scattered(board, seed)
    at = state.at
    slides = slide_table(board, Step)
    steps = step_table(board, Path, capture=True)
    mine = twin("wk")  # equal to the pieces on the board, never the same object
    plain_slides = [
        move
        for i, here in enumerate(at)
        if here == mine
        for ray in slides[i]
        for _, move in ray[: _free(at, [j for j, _ in ray])]
    ]
    plain_steps = [
        quiet if at[j] is None else capture
        for i, here in enumerate(at)
        if here == mine
        for j, quiet, capture in steps[i]
        if (at[j] is None and quiet is not None) or (at[j] == "bk" and capture is not None)
    ]
    for depth in range(4):  # lists, then tuples from the outside in
        assert state.slide_moves(as_tuples(slides, depth), mine) == plain_slides
        assert state.step_moves(mine, as_tuples(steps, min(depth, 3)), enemy=twin("bk")) == plain_steps
    mixed = [list(rows) if i % 2 else tuple(rows) for i, rows in enumerate(slides)]
    assert state.slide_moves(mixed, mine) == plain_slides
    start = next(i for i, here in enumerate(at) if here is not None)
    assert state.slide_moves(slides, start=start) == state.slide_moves(as_tuples(slides, 3), start=start)


def _free(at: Any, ray: list[int]) -> int:
    """How many cells of ``ray`` are empty before the first that is not."""
    for k, j in enumerate(ray):
        if at[j] is not None:
            return k
    return len(ray)


@pytest.mark.parametrize("board", BOARDS, ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_filled_reads_lists_tuples_and_ranges_alike(board: Topology, seed: int) -> None:
    state = scattered(board, seed)
    at = state.at
    lines = [list(cells) for cells in line_table(board, 2)]
    plain = [at[cells[0]] for cells in lines if at[cells[0]] is not None and all(at[i] == at[cells[0]] for i in cells)]
    for table in (lines, [tuple(cells) for cells in lines], tuple(lines), [range(c[0], c[0] + 1) for c in lines]):
        first = plain[0] if plain else None
        if isinstance(table[0], range):  # one cell a line: every piece fills its own
            ones = [at[c[0]] for c in lines if at[c[0]] is not None]
            assert state.all_filled(table) == ones
            continue
        assert state.all_filled(table) == plain
        assert state.filled(table) == first
    with pytest.raises(IndexError):
        state.filled([[]])


@pytest.mark.parametrize("board", BOARDS[:2], ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_line_reads_a_list_and_a_tuple_of_cells_alike(board: Topology, seed: int) -> None:
    state = scattered(board, seed)
    cells = list(state.at)
    compiled = board.compiled
    for i in range(len(cells)):
        for piece in (None, twin("wk")):
            plain = _longest(compiled, cells, i, piece)
            assert line(compiled, cells, i, piece=piece) == plain
            assert line(compiled, tuple(cells), i, piece=piece) == plain


def _longest(board: Any, cells: list[Any], i: int, piece: Any) -> int:
    """The longest run of ``piece`` (the piece on ``i`` when None) through ``i``, read one line at a time."""
    piece = cells[i] if piece is None else piece
    if piece is None:
        return 0
    best = 1
    for d, ray in enumerate(board.rays[i]):
        back = board.opposite[d]
        run = 1 + _free_run(cells, ray, piece) + (_free_run(cells, board.rays[i][back], piece) if back >= 0 else 0)
        best = max(best, run)
    return best


def _free_run(cells: list[Any], ray: tuple[int, ...], piece: Any) -> int:
    for k, j in enumerate(ray):
        if cells[j] != piece:
            return k
    return len(ray)


@pytest.mark.parametrize(("width", "height"), [(9, 9), (11, 10), (5, 3)])
def test_pick_reads_the_bits_as_whole_numbers_and_as_two_words_alike(width: int, height: int) -> None:
    whole, words = Stones(width, height, words=False), Stones(width, height, words=True)
    names = [f"p{i}" for i in range(width * height)]
    rows = whole.rows(names)
    rng = Random(width)
    for _ in range(200):
        bits = 0
        for i in range(width * height):
            if rng.randbelow(2):
                bits |= whole.bit[i]
        plain = [names[i] for i in whole.cells(bits)]
        assert whole.pick(bits, rows) == plain
        assert words.pick(bits, rows) == plain
        assert words.pick(bits, tuple(tuple(row) for row in rows)) == plain
        assert words.pick(bits | 1 << (whole.stride * height + 3), rows) == plain  # bits past the board: ignored


def test_a_game_with_a_table_of_tuples_plays_as_with_lists() -> None:
    """A whole game whose moves come from a table of tuples plays the same moves as from the kit's lists."""
    board = SquareGrid(5, 5)
    lists = slide_table(board, Place)
    tuples = as_tuples(lists, 3)
    histories = []
    for table in (lists, tuples):

        class Slides(BoardState):  # type: ignore[type-arg]
            TABLE = table

            def setup(self) -> None:
                self.put("c3", "o")

            def moves(self) -> list[Any]:
                return self.slide_moves(self.TABLE, start=self.find("o"))

            def play(self, move: Any) -> None:
                self.put(self.board.cells[self.find("o")], "x")
                self.put(move.cell, "o")
                self.next_turn()

            def judge(self) -> Any:
                return self.no_move_loses()

        class Game(BoardGame):  # type: ignore[type-arg]
            name = "slides"
            state_class = Slides
            moves = (Place,)

        Game.board = board
        state = Game().new_game(seed=0)
        state.playout(rng=Random(4))
        histories.append([str(m) for m in state.history])
    assert histories[0] == histories[1] and len(histories[0]) > 3


class Caseless(str):
    """A text equal to another in any case: it defines ``==`` only, so ``!=`` is still ``str``'s."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and self.lower() == other.lower()

    __hash__ = str.__hash__


class Aloof:
    """A piece equal to nothing, itself included (as a float NaN is)."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = object.__hash__


def _odd_pieces() -> list[Any]:
    return [float("nan"), Aloof(), Caseless("wk")]


@pytest.mark.parametrize("kind", range(3))
def test_the_typed_loops_compare_pieces_as_the_generic_ones(kind: int) -> None:
    """A table of lists (read by the typed loops, compiled) gives what the same table of tuples gives
    (read generically): the very object is no shortcut where a piece need not equal itself, and ``!=``
    is Python's own where a class defines it apart from ``==``."""
    odd = _odd_pieces()[kind]
    board = SquareGrid(4, 1)
    state = game_on(board).new_game(seed=0)
    for cell, piece in zip(board.cells, [odd, odd, Caseless("WK") if kind == 2 else odd, None], strict=True):
        state.put(cell, piece)
    lines = [[0, 1], [0, 1, 2], [1, 2]]
    assert state.filled(lines) == state.filled(as_tuples(lines, 1))
    assert state.all_filled(lines) == state.all_filled(as_tuples(lines, 1))
    assert state.all_filled(lines) == ([] if kind < 2 else [odd])  # "WK" != "wk", though "WK" == "wk"
    steps = [[(1, "quiet", "take 1"), (3, "go 3", None)], [], [], []]
    for enemy in (odd, None):
        assert state.step_moves(odd, steps, enemy=enemy) == state.step_moves(odd, as_tuples(steps, 1), enemy=enemy)
    if kind < 2:  # it is no piece equal to itself
        assert state.step_moves(odd, steps, enemy=odd) == ["go 3"]
    slides = [[[(3, "slide")]], [], [], []]
    assert state.slide_moves(slides, odd) == state.slide_moves(as_tuples(slides, 1), odd)


def test_a_slide_from_a_start_off_the_board_is_an_index_error_whatever_the_table() -> None:
    """A start past the last cell is refused as the generic loop refuses it, even by a table longer
    than the board (the typed loop once read that table's row)."""
    state = game_on(SquareGrid(2, 1)).new_game(seed=0)
    table: list[list[list[tuple[int, Any]]]] = [[[(1, "b1")]], [[(0, "a1")]], [[(0, "off")]]]
    for shape in (table, as_tuples(table, 1)):
        with pytest.raises(IndexError):
            state.slide_moves(shape, start=2)


def test_line_reads_cells_of_any_kind_and_compares_as_python_does() -> None:
    """``line`` on a mapping from index to piece reads it as given (compiled, it once read its keys as
    the cells), and a piece that is not equal to itself makes no line with itself."""
    grid = SquareGrid(4, 1)
    compiled = grid.compiled
    cells: list[Any] = ["R", "".join(["R"]), "R", None]
    assert line(compiled, dict(enumerate(cells)), 0) == line(compiled, cells, 0) == 3
    aloof = Aloof()
    assert line(compiled, [aloof, aloof, aloof, None], 1) == 1
    nan = float("nan")
    assert line(compiled, (nan, nan, None, None), 0) == 1


def test_pick_reads_rows_of_a_taller_board_as_whole_numbers() -> None:
    """Rows of a taller board than the one asked (bits past its two machine words) are read whole."""
    stones, taller = Stones(5, 12, words=True), Stones(5, 25)
    rows = taller.rows([f"p{i}" for i in range(5 * 25)])
    bits = taller.bit[3] | taller.bit[55] | taller.bit[111]
    assert stones.pick(bits, rows) == taller.pick(bits, rows) == ["p3", "p55", "p111"]
