"""A user's script, checked by ``mypy --strict`` in tests/test_typing.py (never run).

A line ending in ``# error: <text>`` must give one mypy error that starts with
that text; every other line must check cleanly. ``assert_type`` fails the check if the type
mypy infers is not the one written.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

from boardkit import Game
from boardkit.games import load
from boardkit.games.camelot import Camelot, CamelotState
from boardkit.games.cloth_of_gold import ClothOfGold, ClothOfGoldState
from boardkit.games.five_fields import FiveFields, FiveFieldsState
from boardkit.games.tafl import Move, Tafl, TaflState


def typed_registry(name: str) -> None:
    tafl = load("tafl", variant="tablut")
    assert_type(tafl, Tafl)
    state = tafl.new_game(seed=1)
    assert_type(state, TaflState)
    assert_type(state.legal_moves(), list[Move])
    assert_type(load("cloth-of-gold"), ClothOfGold)
    assert_type(load("cloth-of-gold").new_game(), ClothOfGoldState)
    assert_type(load("five-fields"), FiveFields)
    assert_type(load("five-fields").new_game(), FiveFieldsState)
    assert_type(load("camelot", players=3), Camelot)
    assert_type(load("camelot").new_game(), CamelotState)
    assert_type(load(name), Game[Any, Any])
    assert_type(load("my-plugin"), Game[Any, Any])
    state.aply("e1-e2")  # error: "TaflState" has no attribute "aply"
    load("camelot").new_game().score_turn()  # error: "CamelotState" has no attribute "score_turn"  [attr-defined]
