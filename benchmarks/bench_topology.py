"""Rook-move generation on 11x11: compiled tables against walking networkx.

Run:  python benchmarks/bench_topology.py

Both generators produce every rook move of every piece on a half-filled
11x11 board; the figure is positions per second and the ratio between them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from boardkit import Random
from boardkit.topology import SquareGrid

BOARD = SquareGrid(11, 11)
TABLES = BOARD.compiled


def _positions(n: int) -> list[list[int]]:
    rng = Random(2026)
    out = []
    for _ in range(n):
        cells = [0] * TABLES.size
        for i in range(TABLES.size):
            if rng.randbelow(4) == 0:
                cells[i] = 1
        out.append(cells)
    return out


def compiled_moves(cells: list[int]) -> list[tuple[int, int]]:
    moves = []
    rays = TABLES.rays
    for start in range(TABLES.size):
        if not cells[start]:
            continue
        for ray in rays[start]:
            for end in ray:
                if cells[end]:
                    break
                moves.append((start, end))
    return moves


def networkx_moves(cells: list[int]) -> list[tuple[int, int]]:
    graph = BOARD.graph
    index = BOARD.index
    moves = []
    for cell in BOARD.cells:
        start = index(cell)
        if not cells[start]:
            continue
        for direction in BOARD.directions:
            here = cell
            while True:
                step = next(
                    (nb for nb in graph.neighbors(here) if graph.edges[here, nb]["steps"][here] == direction), None
                )
                if step is None or cells[index(step)]:
                    break
                moves.append((start, index(step)))
                here = step
    return moves


def rate(generate: Callable[[list[int]], Any], positions: list[list[int]], seconds: float = 1.5) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for cells in positions:
            generate(cells)
        done += len(positions)
    return done / (time.perf_counter() - start)


def main() -> None:
    positions = _positions(50)
    for cells in positions:
        assert sorted(compiled_moves(cells)) == sorted(networkx_moves(cells))
    fast = rate(compiled_moves, positions)
    slow = rate(networkx_moves, positions)
    print("| generator | positions/s |")
    print("|---|---:|")
    print(f"| compiled tables | {fast:,.0f} |")
    print(f"| networkx walk | {slow:,.0f} |")
    print(f"\nratio: compiled is {fast / slow:.1f}x faster")


if __name__ == "__main__":
    main()
