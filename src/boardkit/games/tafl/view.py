"""What a player sees of a game of Tafl: :class:`TaflView`.

Tafl hides nothing, so both players' views hold the same position; the view
is a plain, JSON-ready value for pages and learners. This module imports only
the core and Tafl's notation.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

import attrs

from boardkit.game import Outcome, PerfectInformationView, Player, to_json_value
from boardkit.games.tafl.moves import Move, square_name

__all__ = ["TaflView", "position_text"]

# Board codes 0 empty, 1 attacker, 2 defender, 3 king, 4 to 7 Berserk's officers (attacker
# commander and knight, defender commander and knight), as letters (empty: ".").
_LETTERS = bytes.maketrans(bytes(range(8)), b".tTKcnCN")
_EMPTY_RUN = re.compile(r"\.+")
# Each row's text by its bytes of codes, once worked out (a bounded cache: rows repeat from
# move to move).
_ROWS: dict[bytes, str] = {}


def position_text(board: Sequence[int] | bytes, size: int) -> str:
    """OpenTafl position text (rank 1 first) of a board of piece codes
    (``0`` empty, ``1`` attacker, ``2`` defender, ``3`` king; ``4`` to ``7``
    Berserk's officers: ``c``, ``n``, ``C``, ``N``) listed row by row from the top-left: the same text as
    :meth:`TaflState.position <boardkit.games.tafl.TaflState.position>`, made
    cheaply enough to write on every move.

    Examples:
        >>> position_text([0, 1, 0, 0, 3, 0, 2, 0, 0], 3)
        '/T2/1K1/1t1/'
        >>> position_text(bytes([0, 1, 0, 0, 3, 0, 2, 0, 0]), 3)
        '/T2/1K1/1t1/'
    """
    codes = board if isinstance(board, bytes) else bytes(board)
    rows = _ROWS
    parts = []
    for start in range((size - 1) * size, -1, -size):
        row = codes[start : start + size]
        text = rows.get(row)
        if text is None:
            text = _EMPTY_RUN.sub(lambda run: str(len(run.group())), row.translate(_LETTERS).decode())
            if len(rows) < 100_000:
                rows[row] = text
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
        board: The piece on every square as one byte each, row by row from the
            top-left: ``0`` empty, ``1`` attacker, ``2`` defender, ``3`` the
            King; in Berserk ``4`` an attacker commander, ``5`` an attacker
            knight, ``6`` a defender commander, ``7`` a defender knight (what
            learners read, see :mod:`boardkit.rl`).
        history: Every move so far.
        outcome: How the game ended, if it has.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> view = Tafl("brandubh").new_game(seed=0).view(1)
        >>> view.attackers[:3], view.king, view.to_move
        (('d7', 'd6', 'a4'), 'd4', 0)
        >>> view.to_dict()["defenders"]
        ['d5', 'c4', 'e4', 'd3']
        >>> view.board[21:28]
        b'\\x01\\x01\\x02\\x03\\x02\\x01\\x01'
    """

    size: int = 0
    to_move: Player | None = None
    board: bytes = attrs.field(default=b"", repr=False)
    history: tuple[Move, ...] = ()
    outcome: Outcome | None = None

    @property
    def attackers(self) -> tuple[str, ...]:
        """The attackers' squares (their officers too), named like ``"e5"``, top
        row first, left to right."""
        return self._squares(1, 4, 5)

    @property
    def defenders(self) -> tuple[str, ...]:
        """The defenders' squares (their officers too, the King apart), in the same order."""
        return self._squares(2, 6, 7)

    @property
    def king(self) -> str | None:
        """The King's square, ``None`` once he is captured."""
        found = self._squares(3)
        return found[0] if found else None

    @property
    def commanders(self) -> tuple[str, ...]:
        """The squares of Berserk's commanders, either side's (in :attr:`attackers`
        or :attr:`defenders` too), in the same order.

        Examples:
            >>> from boardkit.games.tafl import Tafl
            >>> view = Tafl(layout="/3c3/3t3/3T3/ttTKTtt/3N3/3t3/3t3/").new_game(seed=0).view(0)
            >>> view.commanders, view.knights, "d1" in view.attackers, view.position
            (('d1',), ('d5',), True, '/3c3/3t3/3T3/ttTKTtt/3N3/3t3/3t3/')
        """
        return self._squares(4, 6)

    @property
    def knights(self) -> tuple[str, ...]:
        """The squares of Berserk's knights, either side's, in the same order."""
        return self._squares(5, 7)

    def _squares(self, *codes: int) -> tuple[str, ...]:
        names = _names(self.size)
        board = self.board
        return tuple(names[i] for i in range(len(board)) if board[i] in codes)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data; equal views give equal dicts. The board
        is given as the squares of each side rather than as bytes.

        Examples:
            >>> import json
            >>> from boardkit.games.tafl import Tafl
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.apply("d2-b2")
            >>> data = state.view(0).to_dict()
            >>> data["position"], data["history"], data["to_move"], data["king"]
            ('/3t3/1t5/3T3/ttTKTtt/3T3/3t3/3t3/', ['d2-b2'], 1, 'd4')
            >>> json.loads(json.dumps(data)) == data
            True
        """
        return {
            "player": self.player,
            "position": self.position,
            "size": self.size,
            "to_move": self.to_move,
            "attackers": list(self.attackers),
            "defenders": list(self.defenders),
            "king": self.king,
            "history": to_json_value(self.history),
            "outcome": to_json_value(self.outcome),
        } | (
            {"commanders": list(self.commanders), "knights": list(self.knights)}
            if max(self.board, default=0) > 3
            else {}
        )


@functools.cache
def _names(size: int) -> tuple[str, ...]:
    """Every square's name on a board of ``size``, by index (kept per size)."""
    return tuple(square_name(i, size) for i in range(size * size))
