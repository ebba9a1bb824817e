"""What a player sees of a game of Tafl: :class:`TaflView`.

Tafl hides nothing, so both players' views hold the same position; the view
is a plain, JSON-ready value for pages and learners. This module imports only
the core and Tafl's notation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from boardkit.game import Outcome, PerfectInformationView, Player, view_dict
from boardkit.games.tafl.notation import Move

__all__ = ["TaflView", "position_text"]

# Board codes 0 empty, 1 attacker, 2 defender, 3 king, as letters (empty: ".").
_LETTERS = bytes.maketrans(bytes(range(4)), b".tTK")
_EMPTY_RUN = re.compile(r"\.+")
# Each row's text, once worked out (a bounded cache: rows repeat from move to move).
_ROWS: dict[str, str] = {}


def position_text(board: Sequence[int], size: int) -> str:
    """OpenTafl position text (rank 1 first) of a board of piece codes
    (``0`` empty, ``1`` attacker, ``2`` defender, ``3`` king) listed row by
    row from the top-left: the same text as
    :meth:`TaflState.position <boardkit.games.tafl.TaflState.position>`, made
    cheaply enough to write on every move.

    Examples:
        >>> position_text([0, 1, 0, 0, 3, 0, 2, 0, 0], 3)
        '/T2/1K1/1t1/'
    """
    letters = bytes(board).translate(_LETTERS).decode()
    parts = []
    for start in range((size - 1) * size, -1, -size):
        row = letters[start : start + size]
        text = _ROWS.get(row)
        if text is None:
            text = _EMPTY_RUN.sub(lambda run: str(len(run.group())), row)
            if len(_ROWS) < 100_000:
                _ROWS[row] = text
        parts.append(text)
    return "/" + "/".join(parts) + "/"


@attrs.frozen
class TaflView(PerfectInformationView):
    """What one player may know of a game of Tafl: everything.

    Attributes:
        player: Whose view it is.
        position: The position in OpenTafl notation (:meth:`TaflState.position`).
        size: The number of squares along each side.
        to_move: The player to move (0 attackers, 1 defenders), ``None`` once over.
        attackers: The attackers' squares, named like ``"e5"``, top row first,
            left to right.
        defenders: The defenders' squares (the King apart), in the same order.
        king: The King's square, ``None`` once he is captured.
        history: Every move so far.
        outcome: How the game ended, if it has.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> view = Tafl("brandubh").new_game(seed=0).view(1)
        >>> view.attackers[:3], view.king, view.to_move
        (('d7', 'd6', 'a4'), 'd4', 0)
        >>> view.to_dict()["defenders"]
        ['d5', 'c4', 'e4', 'd3']
    """

    size: int = 0
    to_move: Player | None = None
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    king: str | None = None
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
