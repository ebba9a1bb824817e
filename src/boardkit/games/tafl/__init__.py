"""Tafl, the Norse siege game: seven historical layouts and three rule sets played today.

The attackers (player 0) try to capture the King; the defenders (player 1)
try to bring him to the edge of the board. :class:`Tafl` holds the rules and
options, :class:`TaflState` a game in progress, and moves are written
``d1-d4`` on squares named from ``a1`` at the bottom left.

Examples:
    >>> from boardkit.games import tafl
    >>> game = tafl.Tafl("brandubh")
    >>> state = game.new_game(seed=7)
    >>> state.apply("d2-b2")
    >>> state.piece_at("b2"), state.current_player
    (<Piece.ATTACKER: 't'>, 1)
    >>> state.position()
    '/3t3/1t5/3T3/ttTKTtt/3T3/3t3/3t3/'

The package also declares the game's parts (:data:`PARTS`, a
:class:`~boardkit.parts.Parts`), several of which build on its rules and so
cannot be imported by them: the state class of OpenTafl's own rules, the
record formats, the picture and the RL encoding; :attr:`Tafl.declared` gives
them, and the applications read them there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from boardkit.games.tafl import render
from boardkit.games.tafl.moves import MAX_SIZE, Move, Piece, parse_square, read_position, square_name, write_position
from boardkit.games.tafl.opentafl import OTG, read_opentafl_game, write_opentafl_game
from boardkit.games.tafl.rules import Tafl, TaflState
from boardkit.games.tafl.special import SpecialTaflState
from boardkit.games.tafl.variants import RULE_SETS, VARIANTS, TaflOptions, canonical_layout
from boardkit.games.tafl.view import TaflView
from boardkit.parts import Parts

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = [
    "MAX_SIZE",
    "PARTS",
    "RULE_SETS",
    "VARIANTS",
    "Move",
    "Piece",
    "SpecialTaflState",
    "Tafl",
    "TaflOptions",
    "TaflState",
    "TaflView",
    "canonical_layout",
    "parse_square",
    "read_opentafl_game",
    "read_position",
    "square_name",
    "write_opentafl_game",
    "write_position",
]


def _all_moves(game: Tafl) -> Sequence[Move | None]:
    """Every move at its action index: from-square x direction x distance, ``None`` where the run
    leaves the board, with a quick way to the legal moves' indices
    (:func:`boardkit.games.tafl.encoding.all_moves`)."""
    from boardkit.games.tafl.encoding import all_moves  # numpy, the rl extra: imported when RL asks

    return all_moves(game, TaflState)


def _observation_encoder(game: Tafl, players: int) -> Encoder:
    """A player's view as planes (:func:`boardkit.games.tafl.encoding.observation_encoder`)."""
    from boardkit.games.tafl.encoding import observation_encoder  # numpy, the rl extra

    return observation_encoder(game, players)


#: Tafl's parts, assembled here where the package sees them all (:attr:`Tafl.declared`): the state
#: classes (OpenTafl's own rules play as a SpecialTaflState), the picture, the RL encoding and the
#: record formats.
PARTS: Final[Parts[TaflState, Tafl]] = Parts(
    states=(TaflState, SpecialTaflState),
    picture=render.picture,
    all_moves=_all_moves,
    observation_encoder=_observation_encoder,
    formats={OTG.key: OTG},
)
