"""A user's script, checked by ``mypy --strict`` in tests/test_typing.py (never run).

Tafl's sibling modules (``formats.py``, ``setup.py``, ``encoding.py``) name
neither :class:`~boardkit.games.tafl.Tafl` nor its state (the rules import
them), yet what they give is still typed as the game's own: the format
:data:`~boardkit.games.tafl.opentafl.OTG` replays a ``TaflState`` and writes
a ``Tafl``'s rules, the game's declaration of parts is typed with the game
and its state, ``as_layout`` keeps the game's own class, and the encoder
takes a ``Tafl``. A line ending in ``# error: <text>`` must give one mypy error that
starts with that text.
"""

from __future__ import annotations

from typing_extensions import assert_type

from boardkit.encoding import ActionList
from boardkit.games.tafl import Move, Tafl, TaflState
from boardkit.games.tafl.encoding import all_moves
from boardkit.games.tafl.formats import RecordFormat
from boardkit.games.tafl.opentafl import OTG
from boardkit.games.tafl.setup import as_layout
from boardkit.parts import Parts


def typed_siblings(text: str) -> None:
    game = Tafl("brandubh")
    otg = OTG
    assert_type(game.declared, Parts[TaflState, Tafl])
    assert_type(OTG, RecordFormat[TaflState, Tafl])
    assert_type(otg.read_game(text), TaflState)
    assert_type(otg.write_rules(game), str)
    otg.write_rules("brandubh")  # error: Argument 1 has incompatible type "str"; expected "Tafl"
    otg.read_game(text).aply("d6-f6")  # error: "TaflState" has no attribute "aply"
    assert_type(as_layout(game, text, 0), Tafl)
    assert_type(all_moves(game), ActionList[Move])
    all_moves("brandubh")  # error: Argument 1 to "all_moves" has incompatible type "str"; expected "TaflShape"
