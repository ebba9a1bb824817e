"""A user's script, checked by ``mypy --strict`` in tests/test_typing.py (never run).

Records stand below the game protocol and name a game only as a protocol
(:class:`boardkit.record.ReplayGame`), yet a record replayed under a game gives
that game's own state, and any game or state of boardkit is accepted where a
record asks for one. A line ending in ``# error: <text>`` must give one mypy
error that starts with that text.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

from boardkit import Game, GameRecord, State
from boardkit.games import load
from boardkit.games.tafl import TaflState
from boardkit.record import ReplayGame, ReplayState
from boardkit.testing import Nim, NimState


def typed_replay(text: str, game: Game[Any, Any]) -> None:
    tafl = load("tafl", variant="brandubh")
    record = tafl.new_game(seed=1).to_record()
    assert_type(record.replay(game=tafl), TaflState)
    assert_type(record.start(game=tafl), TaflState)
    assert_type(GameRecord.from_json(text, game=Nim()).replay(game=Nim()), NimState)
    assert_type(record.replay(game=game), Any)
    state: State[Any] = record.replay()
    replayable: ReplayGame[Any] = game
    replayed: ReplayState = state
    record.replay(game=tafl).aply("d6-f6")  # error: "TaflState" has no attribute "aply"
    record.replay(game="tafl")  # error: No overload variant of "replay" of "GameRecord" matches argument type "str"
    print(replayable, replayed)
