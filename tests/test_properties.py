"""Property-based tests of the foundation, with hypothesis."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, cast

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import GameRecord, Random, RecordError, TileBag, registry
from boardkit.testing import Nim
from boardkit.topology import Hex, HexGrid, SquareGrid


@given(st.integers(1, 9), st.integers(1, 9), st.booleans())
@settings(max_examples=25, deadline=None)
def test_square_distances_match_networkx(width: int, height: int, diagonals: bool) -> None:
    grid = SquareGrid(width, height, diagonals=diagonals)
    lengths = dict(nx.all_pairs_shortest_path_length(grid.graph))
    for a in grid.cells[:: max(1, len(grid) // 7)]:
        for b in grid.cells:
            assert grid.distance(a, b) == lengths[a][b]


@given(st.integers(0, 4), st.data())
@settings(max_examples=25, deadline=None)
def test_hex_rays_are_straight_lines(radius: int, data: st.DataObject) -> None:
    board = HexGrid.hexagon(radius)
    cell = data.draw(st.sampled_from(board.hexes))
    direction = data.draw(st.sampled_from(board.directions))
    ray = board.ray(cell, direction)
    if ray:
        assert board.line(cell, cast(Hex, ray[-1]))[1:] == ray
    back = board.opposite(direction)
    for i, other in enumerate(ray):
        assert board.ray(other, back)[: i + 1] == (*reversed(ray[:i]), cell)


operations = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 5)),
        st.tuples(st.just("put"), st.sampled_from("abc")),
        st.tuples(st.just("take"), st.sampled_from("abc")),
    ),
    max_size=40,
)


@given(st.integers(0, 2**64 - 1), operations)
@settings(max_examples=60, deadline=None)
def test_bag_conserves_tiles_and_replays(seed: int, ops: list[tuple[str, Any]]) -> None:
    def run() -> tuple[Counter[str], list[str]]:
        bag = TileBag({"a": 3, "b": 2, "c": 1}, rng=Random(seed))
        outside: Counter[str] = Counter()
        log: list[str] = []
        for op, arg in ops:
            if op == "draw":
                got = bag.draw(arg)
                outside.update(got)
                log.extend(got)
            elif op == "put" and outside[arg]:
                outside[arg] -= 1
                bag.put(arg)
            elif op == "take" and arg in bag:
                bag.take(arg)
                outside[arg] += 1
        assert bag.counts + outside == Counter({"a": 3, "b": 2, "c": 1})
        return outside, log

    assert run() == run()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@given(st.sampled_from(["format", "game", "options", "players", "seed", "moves", "outcome"]), json_values)
@settings(max_examples=150, deadline=None)
def test_a_record_with_any_field_replaced_is_valid_or_refused_cleanly(field: str, value: Any) -> None:
    state = Nim(heap=5).new_game(seed=3)
    for text in ["take 2", "take 3"]:
        state.apply(text)
    data = json.loads(state.to_record().to_json())
    data[field] = value
    added = "nim" not in registry._registered
    registry._registered.setdefault("nim", Nim)  # for this example only: the registry is process-wide
    try:
        record = GameRecord.from_json(json.dumps(data))
        assert record.replay().outcome == record.outcome
    except RecordError:
        pass
    finally:
        if added:
            del registry._registered["nim"]
