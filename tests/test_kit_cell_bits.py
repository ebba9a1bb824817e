"""The kit's search over a board's cells as the bits of one int (``CellBits``),
which the pure build's ``wall_moves`` uses on a board whose steps are shifts
(issue 39, item 6): it must answer as the plain search of ``boardkit.patterns``
does, on random boards with random walls."""

from __future__ import annotations

import networkx as nx
import pytest

from boardkit import Random
from boardkit.kit.cells import CellBits
from boardkit.patterns import can_reach, shortest_way
from boardkit.topology import HexGrid, SquareGrid, Topology, from_graph


@pytest.mark.parametrize(
    "board", [SquareGrid(9, 9, origin="top"), SquareGrid(7, 4), HexGrid.rhombus(5, 6)], ids=["9x9", "7x4", "hex"]
)
def test_cell_bits_reach_and_ways_agree_with_the_plain_search(board: Topology) -> None:
    bits = CellBits(board.compiled)
    assert bits.usable
    size, edges = len(board), board.edges
    found = {True: 0, False: 0}
    for seed in range(40):
        rng = Random(seed)
        share = 10 + rng.randbelow(50)  # from a few walls to a maze of them, in percent of the edges
        marks: list[object] = ["#" if rng.randbelow(100) < share else None for _ in edges]
        opens = bits.opens([k for k, mark in enumerate(marks) if mark is not None])
        goals = frozenset(rng.randbelow(size) for _ in range(1 + rng.randbelow(4)))
        goal_bits = bits.goal_bits(goals)
        assert goal_bits == sum(1 << i for i in goals)
        for _ in range(6):
            start = rng.randbelow(size)
            closing = [rng.randbelow(len(edges)) for _ in range(rng.randbelow(3))]
            plain = can_reach(board.compiled, start, goals, marks, closing=closing)
            assert bits.reaches(opens, 1 << start, goal_bits, closing) == plain
            found[plain] += 1
            way, cells = bits.way_edges(opens, start, goal_bits), shortest_way(board.compiled, start, goals, marks)
            if cells is None:
                assert way is None
                continue
            assert way is not None and len(way) == len(cells)  # a shortest way too
            at = board.cells[start]
            for k in reversed(way):  # the way walks from start to a goal across open edges
                a, b = edges[k]
                assert marks[k] is None and at in (a, b)
                at = b if at == a else a
            assert board.index(at) in goals
    assert found[True] and found[False]  # both answers were asked for


def test_cell_bits_are_not_used_on_a_board_whose_steps_are_not_shifts() -> None:
    assert not CellBits(HexGrid.hexagon(3).compiled).usable  # its rows differ in length
    assert not CellBits(from_graph(nx.cycle_graph(6)).compiled).usable  # no directions
