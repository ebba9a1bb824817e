"""What a player sees of a game of Tafl: :class:`TaflView`.

Tafl hides nothing, so both players' views hold the same position; the view
is a plain, JSON-ready value for pages and learners. This module imports only
the core and Tafl's notation.
"""

from __future__ import annotations

from typing import Any

import attrs

from boardkit.game import Outcome, PerfectInformationView, Player, view_dict
from boardkit.games.tafl.notation import Move, Piece

__all__ = ["TaflView"]


@attrs.frozen
class TaflView(PerfectInformationView):
    """What one player may know of a game of Tafl: everything.

    Attributes:
        player: Whose view it is.
        position: The position in OpenTafl notation (:meth:`TaflState.position`).
        size: The number of squares along each side.
        to_move: The player to move (0 attackers, 1 defenders), ``None`` once over.
        pieces: Every piece on the board as ``(square, piece)`` pairs, top row
            first, left to right; squares are named like ``"e5"``.
        history: Every move so far.
        outcome: How the game ended, if it has.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> view = Tafl("brandubh").new_game(seed=0).view(1)
        >>> view.pieces[:2], view.to_move
        ((('d7', <Piece.ATTACKER: 't'>), ('d6', <Piece.ATTACKER: 't'>)), 0)
        >>> view.to_dict()["pieces"][:2]
        [['d7', 't'], ['d6', 't']]
    """

    size: int = 0
    to_move: Player | None = None
    pieces: tuple[tuple[str, Piece], ...] = ()
    history: tuple[Move, ...] = ()
    outcome: Outcome | None = None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data; equal views give equal dicts.

        Examples:
            >>> import json
            >>> from boardkit.games.tafl import Tafl
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.apply("d2-b2")
            >>> data = state.view(0).to_dict()
            >>> data["position"], data["history"], data["to_move"]
            ('/3t3/1t5/3T3/ttTKTtt/3T3/3t3/3t3/', ['d2-b2'], 1)
            >>> json.loads(json.dumps(data)) == data
            True
        """
        return view_dict(self)
