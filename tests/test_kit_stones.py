"""Chains, liberties and captures on bitboards, :class:`boardkit.patterns.Stones`
(issue 31), against a plain walk over the board's neighbours with
:func:`boardkit.patterns.reach`; and ``place_moves(table, beside=piece)``
against the plain loop it replaces. The same tests run on the pure and the
compiled build (where both are native code)."""

from __future__ import annotations

from typing import Any

import pytest
from harvest import Harvest

from boardkit import Random
from boardkit.patterns import Stones, reach
from boardkit.topology import SquareGrid


def _position(width: int, height: int, seed: int) -> list[str | None]:
    rng = Random(seed)
    return [(None, None, "x", "o")[rng.randbelow(4)] for _ in range(width * height)]


def _taken(grid: SquareGrid, cells: list[str | None], point: int, me: str, them: str) -> set[int]:
    """The stones of ``them`` a stone of ``me`` on the empty ``point`` takes, walking the board."""
    after = [*cells]
    after[point] = me
    near = grid.compiled.neighbors
    taken: set[int] = set()
    for j in near[point]:
        if after[j] == them and j not in taken:
            chain = reach(grid.compiled, after, [j], pieces={them})
            if not any(after[k] is None for i in chain for k in near[i]):
                taken |= chain
    return taken


@pytest.mark.parametrize("words", [False, True], ids=["whole numbers", "two words"])
@pytest.mark.parametrize(("width", "height"), [(3, 3), (5, 4), (9, 9), (4, 13), (11, 10)])
def test_stones_agree_with_a_walk_over_the_board(width: int, height: int, words: bool) -> None:
    grid, stones = SquareGrid(width, height), Stones(width, height, words=words)
    near = grid.compiled.neighbors
    checked = {"taking": 0, "suicide": 0, "ko": 0}
    for seed in range(150):
        cells = _position(width, height, seed)
        black = stones.bits(i for i, c in enumerate(cells) if c == "x")
        white = stones.bits(i for i, c in enumerate(cells) if c == "o")
        empty = [i for i, c in enumerate(cells) if c is None]
        forbidden = stones.bit[empty[0]] if empty and seed % 3 == 0 else 0
        assert stones.cells(black) == [i for i, c in enumerate(cells) if c == "x"]
        legal = []
        for point in empty:
            taken = _taken(grid, cells, point, "x", "o")
            assert stones.cells(stones.take(point, black, white)) == sorted(taken)
            eye = all(cells[j] == "o" for j in near[point])
            ko = stones.bits(taken) if eye and len(taken) == 1 else 0
            after_bits = (black | stones.bit[point], white & ~stones.bits(taken), stones.bits(taken), ko)
            assert stones.place(point, black, white) == after_bits
            checked["ko"] += bool(ko)
            after = [None if i in taken else c for i, c in enumerate(cells)]
            after[point] = "x"
            mine = reach(grid.compiled, after, [point], pieces={"x"})
            breathes = any(after[k] is None for i in mine for k in near[i])
            checked["taking"] += bool(taken)
            checked["suicide"] += not breathes
            if breathes and not stones.bit[point] & forbidden:
                legal.append(point)
        assert stones.cells(stones.legal(black, white, forbidden)) == legal
        for i, c in enumerate(cells):
            if c is not None:
                chain, free = stones.chain(stones.bit[i], black if c == "x" else white)
                group = reach(grid.compiled, cells, [i], pieces={c})
                assert (stones.cells(chain), free) == (sorted(group), False)
        score = [0, 0]
        for i, c in enumerate(cells):
            if c is not None:
                score["xo".index(c)] += 1
            else:
                region = reach(grid.compiled, cells, [i], pieces={None})
                edge = {cells[k] for j in region for k in near[j]} - {None}
                if len(edge) == 1:
                    score["xo".index(edge.pop())] += 1
        assert stones.area(black, white) == tuple(score)
        table = [f"p{i}" for i in range(width * height)]
        assert stones.pick(black | white, stones.rows(table)) == [table[i] for i, c in enumerate(cells) if c]
    assert checked["taking"] and checked["suicide"] and checked["ko"]  # each case came up


@pytest.mark.parametrize(("width", "height"), [(9, 9), (10, 10), (11, 10), (7, 13), (2, 40), (3, 3), (19, 19)])
def test_legal_in_two_words_is_legal_in_whole_numbers(width: int, height: int) -> None:
    """The compiled build's two-word :meth:`Stones.legal` gives what the whole numbers give, on
    crowded boards where most empty points have no empty neighbour (the chains' part of the work),
    on every board it fits and, where it does not, by falling back to whole numbers."""
    whole, paired = Stones(width, height, words=False), Stones(width, height, words=True)
    rng = Random(width * 100 + height)
    hard = 0
    for _ in range(400):
        crowd = 0.5 + rng.random() / 2
        black = white = 0
        for bit in whole.bit:
            r = rng.random()
            if r < crowd / 2:
                black |= bit
            elif r < crowd:
                white |= bit
        empty = whole.board & ~(black | white)
        forbidden = empty & -empty if rng.randbelow(3) == 0 else 0
        hard += bool(empty & ~whole.around(empty))
        for mine, theirs in ((black, white), (white, black)):
            assert paired.legal(mine, theirs, forbidden) == whole.legal(mine, theirs, forbidden)
            for point in whole.cells(empty):  # a stone put there: what it takes, read in words first
                assert paired.place(point, mine, theirs) == whole.place(point, mine, theirs)
    assert hard > 100  # the positions did ask about points walled in by stones


def test_place_moves_beside_a_piece_is_the_plain_loop() -> None:
    game = Harvest(size=5)
    for seed in range(20):
        state: Any = game.new_game(seed=seed)
        rng = Random(seed)
        near = state.board.compiled.neighbors
        names = [state.name(cell) for cell in state.board.cells]
        while not state.is_over:
            layout = state.layout()
            for stone in "GS":
                plain = [
                    names[i] for i, c in enumerate(layout) if c is None and any(layout[j] == stone for j in near[i])
                ]
                assert state.place_moves(names, beside=stone) == plain
            sparse = [name if i % 2 else None for i, name in enumerate(names)]
            plain = [
                sparse[i]
                for i, c in enumerate(layout)
                if c is None and sparse[i] and any(layout[j] == "G" for j in near[i])
            ]
            assert state.place_moves(sparse, beside="G") == plain
            # Without beside: a table with gaps (its Nones dropped) and one without, each asked twice.
            for table in (sparse, names, sparse, names):
                assert state.place_moves(table) == [m for m, c in zip(table, layout, strict=True) if c is None and m]
            legal = state.legal_moves()
            state.apply(legal[rng.randbelow(len(legal))])


def test_place_reads_bits_past_the_board_as_the_whole_numbers_do() -> None:
    """A bitboard with bits far past the board (not one ``bits`` makes) is answered by ``place`` as the
    whole numbers answer it, where the two words cannot hold it: on the compiled build the words' test
    falls back, rather than raise."""
    whole, paired = Stones(11, 10, words=False), Stones(11, 10, words=True)
    stray = 1 << 125
    for mine, theirs in ((whole.bit[0], whole.bit[1] | stray), (whole.bit[0] | stray, whole.bit[1])):
        assert paired.place(2, mine, theirs) == whole.place(2, mine, theirs)


def test_legal_reads_bits_past_the_board_as_the_whole_numbers_do() -> None:
    """``legal`` answers such bitboards (stones, or forbidden points, far past the board) as the whole
    numbers do too: on the compiled build the two words' version falls back to them, rather than raise
    ``ValueError``."""
    whole, paired = Stones(11, 10, words=False), Stones(11, 10, words=True)
    stray, corner = 1 << 125, whole.bit[0]
    hemmed = whole.bit[1] | whole.bit[11]  # the corner is a point with no empty neighbour: a hard one
    for mine, theirs, forbidden in (
        (stray, hemmed, 0),
        (hemmed, stray, 0),
        (hemmed, 0, stray),
        (hemmed | stray, whole.bit[2], corner),
    ):
        assert paired.legal(mine, theirs, forbidden) == whole.legal(mine, theirs, forbidden)

