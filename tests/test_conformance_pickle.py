"""check_game's pickling round trip (issue 41): a state pickled and unpickled
equals the original and goes on identically, or check_game names the fault."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from boardkit.testing import ConformanceError, Nim, NimState, check_game


class _Full(NimState):
    """Nim whose copy keeps its own class and every field."""

    def copy(self) -> Any:
        twin = self._bare_twin()
        twin.heap, twin._most = self.heap, self._most
        for name, value in vars(self).items():
            if not hasattr(twin, name):
                setattr(twin, name, value)
        return twin


class UnpicklableState(_Full):
    def __init__(self, game: Nim, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.hook = lambda: None  # a lambda does not pickle


class ForgetfulState(_Full):
    """Pickles as an equal state that has forgotten how many may be taken."""

    def __reduce__(self) -> Any:
        return (_forgetful, (NimState.copy(self),))


class AmnesiacState(_Full):
    """Pickles with the moves played so far forgotten."""

    def __reduce__(self) -> Any:
        return (_amnesiac, (NimState.copy(self),))


def _rebuilt(cls: type[_Full], plain: NimState) -> Any:
    state = cls.__new__(cls)
    plain._copy_base_into(state)
    state.heap, state._most = plain.heap, plain._most
    return state


def _forgetful(plain: NimState) -> ForgetfulState:
    state = _rebuilt(ForgetfulState, plain)
    state._most = 1
    return state  # type: ignore[no-any-return]


def _amnesiac(plain: NimState) -> AmnesiacState:
    state = _rebuilt(AmnesiacState, plain)
    state._moves, state._tokens = [], []
    return state  # type: ignore[no-any-return]


class StateNim(Nim):
    """Nim whose states are of the class ``STATES[self.options.heap]``."""

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> Any:
        return STATES[self.options.heap](self, self.check_players(players), seed)


STATES: dict[int, type[NimState]] = {9: _Full, 10: UnpicklableState, 11: ForgetfulState, 12: AmnesiacState}


def nim_of(state_class: type[NimState]) -> Nim:
    return StateNim(heap=next(heap for heap, kind in STATES.items() if kind is state_class))


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (UnpicklableState, "the state does not pickle and unpickle"),
        (ForgetfulState, "offers other legal moves than the original"),
        (AmnesiacState, "a state pickled and unpickled differs from the original"),
    ],
)
def test_check_game_finds_a_state_that_does_not_survive_pickling(state_class: type[NimState], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(nim_of(state_class), games=3)


def test_a_state_that_pickles_faithfully_passes() -> None:
    check_game(nim_of(_Full), games=3)
    state = nim_of(_Full).new_game(seed=1)
    state.apply("take 2")
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.undo() == state.undo()
