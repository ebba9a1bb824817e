"""A counter has its own accessor (issue 41): ``state.counter(name)`` reads a
declared counter and ``state[cell]`` a cell; ``state.get(name)``, which read a
counter under a name that promised a cell, still works with a warning."""

from __future__ import annotations

import pytest
from dots_and_boxes import DotsAndBoxes
from go import Go

from boardkit import OptionError


def test_counter_reads_a_declared_counter_as_moves_change_it() -> None:
    state = DotsAndBoxes().new_game(seed=0)
    for line in ["a1-b1", "a2-b2", "a1-a2", "b1-b2"]:
        state.apply(line)
    assert state.counter("boxes") == (0, 1)
    state.undo()
    assert state.counter("boxes") == (0, 0)


def test_a_cell_and_a_counter_are_read_by_different_names() -> None:
    state = Go().new_game(seed=0)
    state.apply("a1")
    assert state["a1"] is not None and state.counter("passes") == 0
    with pytest.raises(OptionError, match=r"no counter 'a1'; go declares .*'passes'"):
        state.counter("a1")
    with pytest.raises(OptionError, match="no counter"):
        state.counter(["unhashable"])  # type: ignore[arg-type]


def test_get_is_deprecated_and_reads_the_counter() -> None:
    state = DotsAndBoxes().new_game(seed=0)
    with pytest.warns(DeprecationWarning, match=r"state\.counter\(name\)"):
        assert state.get("boxes") == state.counter("boxes")
