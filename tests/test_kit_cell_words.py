"""The kit's search over a board's cells as the bits of two machine words
(``CellWords``), which the compiled build's ``wall_moves`` uses on square
grids of up to 128 cells (issue 39, item 6): it must answer as the plain
search of ``boardkit.patterns`` does, on random boards with random walls, and
``wall_moves`` must list what a plain reading of its rules lists, on the pure
build's path and (with ``NATIVE`` flipped, pure only) on the compiled one."""

from __future__ import annotations

import pytest
from quoridor import GOAL, PAWNS, SEATS, Quoridor, Wall, layout

from boardkit import Random
from boardkit.kit import cells
from boardkit.kit.cells import CellBits, CellWords
from boardkit.patterns import can_reach
from boardkit.topology import HexGrid, SquareGrid, Topology


@pytest.mark.parametrize(
    "board",
    [SquareGrid(9, 9, origin="top"), SquareGrid(10, 10), SquareGrid(7, 4), SquareGrid(3, 3), SquareGrid(13, 7)],
    ids=["9x9", "10x10", "7x4", "3x3", "13x7"],
)
def test_cell_words_reach_as_the_plain_search(board: Topology) -> None:
    words = CellWords(CellBits(board.compiled))
    assert words.usable
    size, edges = len(board), board.edges
    found = {True: 0, False: 0}
    for seed in range(40):
        rng = Random(seed)
        share = 10 + rng.randbelow(50)  # from a few walls to a maze of them, in percent of the edges
        marks: list[object] = ["#" if rng.randbelow(100) < share else None for _ in edges]
        opens = words.opens([k for k, mark in enumerate(marks) if mark is not None])
        goals = frozenset(rng.randbelow(size) for _ in range(1 + rng.randbelow(6)))
        goals0, goals1 = words.goals(sum(1 << i for i in goals))
        for _ in range(8):
            start = rng.randbelow(size)
            closing = [rng.randbelow(len(edges)) for _ in range(rng.randbelow(3))]
            plain = can_reach(board.compiled, start, goals, marks, closing=closing)
            assert words.reaches(opens, start, goals0, goals1, closing) == plain
            found[plain] += 1
    assert found[True] and found[False]  # both answers were asked for


def test_cell_words_are_not_used_where_two_words_cannot_hold_the_board() -> None:
    assert not CellWords(CellBits(SquareGrid(11, 11).compiled)).usable  # 121 cells, 52 bits a word
    assert not CellWords(CellBits(HexGrid.rhombus(5, 6).compiled)).usable  # six directions
    assert not CellWords(CellBits(HexGrid.hexagon(3).compiled)).usable  # no shifts at all


@pytest.mark.parametrize("size", [9, 5])
def test_wall_moves_on_machine_words_list_what_the_plain_path_lists(size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    tables, rng = layout(size), Random(size)
    positions = 0
    for game in range(12):
        state = Quoridor(size=size).new_game(players=2 + game % 3, seed=game)
        while not state.is_over and positions < 40 * (game + 1):
            keep = [(state.find(PAWNS[p]), tables.goals[GOAL[seat]]) for p, seat in enumerate(SEATS[state.players])]
            lines, points = state.edge_marks, state.crossing_marks
            expected = [  # every wall that neither overlaps nor crosses one, nor cuts a pawn off (plain search)
                move
                for edges, (middle,), move in tables.walls
                if points[middle] is None
                and all(lines[k] is None for k in edges)
                and all(can_reach(state.board.compiled, at, goals, lines, closing=edges) for at, goals in keep)
            ]
            assert state.wall_moves(tables.walls, keep) == expected  # this build's own path
            with monkeypatch.context() as patch:  # on the pure build, the other path too
                patch.setattr(cells, "NATIVE", not cells.NATIVE)
                assert state.wall_moves(tables.walls, keep) == expected
            moves = state.legal_moves()
            walls = [move for move in moves if isinstance(move, Wall)]
            pick = walls if walls and rng.randbelow(3) else moves  # mostly walls: mazes, and pawns cut off
            state.apply(pick[rng.randbelow(len(pick))])
            positions += 1
    assert positions > 100
