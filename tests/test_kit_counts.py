"""Counts on a cell, stacks and sowing (issue 30, item 3): a small Kalah on a
ring of eight pits, and a pile of pieces."""

from __future__ import annotations

from typing import Any, ClassVar, cast

import networkx as nx
import pytest

from boardkit import BoardkitError, CellError, IllegalMoveError, Outcome
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.testing import check_game
from boardkit.topology import SquareGrid, TopologyError, from_graph

PITS = (("a1", "b1", "c1"), ("c2", "b2", "a2"))  # each side's pits, in sowing order
STORES = ("S0", "S1")
OPPOSITE = {"a1": "a2", "b1": "b2", "c1": "c2", "a2": "a1", "b2": "b1", "c2": "c1"}
RING = ("a1", "b1", "c1", "S0", "c2", "b2", "a2", "S1")
PLACES = {"a1": (1, 0), "b1": (2, 0), "c1": (3, 0), "S0": (4, 0.5), "c2": (3, 1), "b2": (2, 1), "a2": (1, 1)}


def ring_board() -> nx.DiGraph[str]:
    graph: nx.DiGraph[str] = nx.DiGraph()
    for pit in RING:
        graph.add_node(pit, pos=PLACES.get(pit, (0, 0.5)))
    for a, b in zip(RING, RING[1:] + RING[:1], strict=True):
        graph.add_edge(a, b, direction="ccw")
        graph.add_edge(b, a, direction="cw")
    return graph


class KalahState(BoardState[int]):
    def setup(self) -> None:
        for pit in PITS[0] + PITS[1]:
            self.put(pit, 3)
        for store in STORES:
            self.put(store, 0)

    def moves(self) -> list[Place]:
        return [Place(pit) for pit in PITS[self.player] if self.count(pit)]

    def play(self, move: Place) -> None:
        me = self.player
        last = self.name(self.sow(move.cell, "ccw", skip=[STORES[1 - me]]))
        if last in PITS[me] and self.count(last) == 1 and self.count(OPPOSITE[last]):
            self.add(STORES[me], 1 + self.count(OPPOSITE[last]))
            self.put(last, 0)
            self.put(OPPOSITE[last], 0)
        if last != STORES[me]:
            self.next_turn()

    def judge(self) -> Outcome | None:
        if any(self.count(p) for p in PITS[0]) and any(self.count(p) for p in PITS[1]):
            return None
        totals = [self.count(STORES[s]) + sum(self.count(p) for p in PITS[s]) for s in (0, 1)]
        if totals[0] == totals[1]:
            return Outcome.draw("a side is empty", scores=totals)
        return Outcome.win(int(totals[1] > totals[0]), "a side is empty", scores=totals)


class Kalah(BoardGame):
    name = "kalah-3"
    board = from_graph(ring_board())
    pieces: ClassVar = {}
    moves = (Place,)
    state_class = KalahState


def counts(state: BoardState[int]) -> dict[str, int]:
    return {pit: state.count(pit) for pit in RING}


def test_a_cell_holds_a_count_and_put_takes_a_number() -> None:
    state = Kalah().new_game(seed=0)
    assert counts(state) == {"a1": 3, "b1": 3, "c1": 3, "S0": 0, "c2": 3, "b2": 3, "a2": 3, "S1": 0}
    assert state["a1"] == 3 and state.label("S0") == "0"


def test_total_adds_up_counts_and_refuses_a_symbol() -> None:
    state = Kalah().new_game(seed=0)
    state.apply("a1")
    indices = [state.board.index(state.board.cell(pit)) for pit in RING]
    assert state.total(indices) == sum(counts(state).values()) == 18
    assert state.total(indices[:3]) == sum(state.count(pit) for pit in RING[:3])
    assert state.total([]) == 0
    state.put("b2", "x")
    with pytest.raises(TypeError, match="b2 holds 'x', not a count"):
        state.total(indices)


def test_the_last_seed_in_the_own_store_gives_another_turn() -> None:
    state = Kalah().new_game(seed=0)
    state.apply("a1")  # b1, c1, S0
    assert counts(state)["S0"] == 1 and state.current_player == 0
    state.apply("b1")  # c1, S0, c2, b2
    assert state.current_player == 1
    assert counts(state) == {"a1": 0, "b1": 0, "c1": 5, "S0": 2, "c2": 4, "b2": 4, "a2": 3, "S1": 0}


def test_sowing_goes_round_the_ring_past_the_other_store_and_undoes() -> None:
    state = Kalah().new_game(seed=0)
    state.put("a1", 9)
    before = state.copy()
    state.apply("a1")  # b1 c1 S0 c2 b2 a2 (S1 skipped) a1 b1 c1
    assert counts(state) == {"a1": 1, "b1": 5, "c1": 5, "S0": 1, "c2": 4, "b2": 4, "a2": 4, "S1": 0}
    state.undo()
    assert state == before and counts(state)["a1"] == 9


def test_a_last_seed_in_an_empty_own_pit_takes_the_opposite_pit() -> None:
    state = Kalah().new_game(seed=0)
    state.put("a1", 1)
    state.put("b1", 0)
    state.apply("a1")  # into the empty b1, opposite b2 holds 3
    assert counts(state)["S0"] == 4 and state.count("b1") == 0 and state.count("b2") == 0


def test_kalah_passes_the_conformance_kit() -> None:
    report = check_game(Kalah(), games=8, sample=3)
    assert report.finished == 8


class Strip(BoardGame):
    name = "strip"
    board = SquareGrid(3, 1)
    state_class = BoardState[int]


def test_sowing_refuses_a_walk_off_the_board_or_with_nowhere_to_sow() -> None:
    state = Strip().new_game(seed=0)
    state.put("a1", 5)
    with pytest.raises(TopologyError, match="finds no cell"):
        state.sow("a1", "e")
    state = Kalah().new_game(seed=0)
    with pytest.raises(TopologyError, match="finds no cell"):
        state.sow("a1", "ccw", skip=RING)
    state.sow("a1", "ccw", skip=[p for p in RING if p != "a1"])
    assert state.count("a1") == 3  # round the ring three times, back into a1 alone
    assert state.sow("S0", "ccw") == "S0"  # nothing to sow: it ends where it starts


def test_sowing_from_a_cell_that_holds_no_count_is_refused_and_changes_nothing() -> None:
    """issue 38: sow checked the pits it sows into, not the one it sows from, so a piece became a count."""
    state = Strip().new_game(seed=0)
    state.put("a1", "X")  # type: ignore[arg-type]  # a piece's symbol where a count belongs: a rules bug
    before = state.snapshot()
    with pytest.raises(TypeError, match="a1 holds 'X', not a count to sow"):
        state.sow("a1", "e")
    assert state.snapshot() == before and state["a1"] == "X"


def test_sowing_a_count_below_0_is_refused_and_changes_nothing() -> None:
    """A newcomer's find: sown one seed at a time, a count of -3 never ran out (the loop ran until the
    process was killed)."""
    state = Strip().new_game(seed=0)
    state.put("a1", -3)
    before = state.snapshot()
    with pytest.raises(CellError, match="a1 holds -3, a count below 0: nothing to sow"):
        state.sow("a1", "e")
    assert state.snapshot() == before


def test_a_cell_holds_a_stack() -> None:
    class Piles(BoardGame):
        name = "piles"
        board = SquareGrid(2, 1)
        state_class = BoardState[tuple[str, ...]]

    state = Piles().new_game(seed=0)
    state.push("a1", "x")
    state.push("a1", "o")
    assert state["a1"] == ("x", "o") and state.count("a1") == 2 and state.label("a1") == "o2"
    assert state.pop("a1") == "o" and state.pop("a1") == "x" and state["a1"] is None
    # issue 40: a named error in one line, still the ValueError and TypeError these were.
    with pytest.raises(CellError, match=r"^no piece on a1 to take$") as taken:
        state.pop("a1")
    assert isinstance(taken.value, ValueError) and state["a1"] is None
    state.put("b1", ("x",))
    with pytest.raises(CellError, match="not a count") as added:
        state.add("b1")
    assert isinstance(added.value, TypeError) and state["b1"] == ("x",)


class Popper(BoardGame):
    """A game whose rules take a piece from a cell that may be empty: a bug in its rules."""

    name = "popper"
    board = SquareGrid(2, 1)
    moves = (Place,)

    class state_class(BoardState[tuple[str, ...], Place]):  # noqa: N801
        def moves(self) -> list[Place]:
            return [Place("a1")]

        def play(self, move: Place) -> None:
            self.pop(move.cell)


def test_a_cell_error_in_the_rules_is_a_bug_not_a_refused_move() -> None:
    """A CellError is deliberately not a BoardkitError: raised while a legal move is played, it is the rules'
    bug and surfaces as itself, where a boardkit error would have read as "that move is refused"."""
    state = Popper().new_game(seed=0)
    before = state.snapshot()
    with pytest.raises(CellError, match="no piece on a1 to take") as caught:
        state.apply("a1")
    assert not isinstance(caught.value, BoardkitError) and not isinstance(caught.value, IllegalMoveError)
    assert state.snapshot() == before


def test_counts_and_stacks_render() -> None:
    state = Strip().new_game(seed=0)
    state.put("a1", 4)
    state.put("b1", 0)
    assert "1 4 0 . 1" in state.render()
    assert ">4<" in state.svg_picture()
    kalah = Kalah().new_game(seed=0)
    assert kalah.render().count("3") >= 6


def test_sowing_onto_a_symbol_is_refused_before_anything_changes() -> None:
    state = Kalah().new_game(seed=0)
    state.put("b1", cast(Any, "x"))
    before = [state[p] for p in RING]
    with pytest.raises(TypeError, match="b1 holds 'x', not a count"):
        state.sow("a1", "ccw")
    assert [state[p] for p in RING] == before


def test_a_counter_refuses_a_value_it_could_not_hash() -> None:
    """A list in a counter would break hashing and comparing the position later; it is refused at once."""

    class Dice(BoardGame):
        name, board, state_class = "dice", SquareGrid(2, 1), BoardState
        counters: ClassVar = {"die": 0}

    state = Dice().new_game(seed=0)
    with pytest.raises(TypeError, match=r"counter 'die' holds hashable values .*, not a list"):
        state.set("die", [1, 2])
    state.set("die", (1, 2))
    state.set("die", frozenset({3}))
    assert state.counter("die") == frozenset({3})
