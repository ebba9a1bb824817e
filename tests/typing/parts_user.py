"""A user's script, checked by ``mypy --strict`` in tests/test_typing.py (never run).

A game declares its parts (:class:`boardkit.Parts`) in typed slots: the
picture takes the game's own state, the RL slots take the game, and a slot
of the wrong shape, or a picture of another game's states, fails the check.
The shipped games' and the kit's declarations are typed with their own game
and state. A line ending in ``# error: <text>`` must give one mypy error that
starts with that text.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

from boardkit import Parts
from boardkit.games.camelot import Camelot, CamelotState
from boardkit.testing import Nim, NimState, Take


def drawn(state: NimState, title: str | None) -> str:
    return f"<svg><text>{state.heap} {title or ''}</text></svg>"


def takes(game: Heap) -> list[Take]:
    return [Take(n) for n in range(1, game.options.most + 1)]


class Heap(Nim):
    declared = Parts(states=(NimState,), picture=drawn, all_moves=takes)


def check(state: NimState, camelot: CamelotState) -> None:
    parts = Heap().declared
    assert_type(parts, Parts[NimState, Any])  # the game is the base class's: annotate the attribute to narrow it
    assert_type(Camelot().declared, Parts[CamelotState, Camelot])
    if parts.picture is not None:
        assert_type(parts.picture(state, None), str)
        parts.picture(camelot, None)  # error: Argument 1 has incompatible type "CamelotState"; expected "NimState"
    Parts(states=(NimState,), picture=lambda state, title: state.heep)  # error: "NimState" has no attribute "heep"
    Parts[NimState, Any](all_moves=len)  # error: Argument "all_moves" to "Parts" has incompatible type
