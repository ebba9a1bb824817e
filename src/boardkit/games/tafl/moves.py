"""Tafl notation: squares, moves and OpenTafl position text.

Squares are named as in chess and in established tafl software: a file letter
from ``a`` at the left and a rank number from ``1`` at the bottom, so ``a1`` is
the bottom-left square; no letter is skipped. A move is written ``d1-d4``; in a
game record the squares it captured follow, as OpenTafl writes them:
``d1-d4xd5`` or, for several, ``d1-d4xd5/e4``. In OpenTafl's Berserk a jump is
written ``e6^e8``, a berserk move (the same piece again, after a capture)
``e8=e4`` and a berserk jump ``e6^=e8``; they are the same moves from square to
square, and :meth:`Move.parse` reads them all.

A position is written in OpenTafl position notation: the rows from rank 1 (the
bottom row) up to the top rank, each between slashes, with ``t`` for an
attacker, ``T`` for a defender, ``K`` for the King, ``c``/``n`` for an attacker
commander/knight, ``C``/``N`` for a defender commander/knight (OpenTafl's
Berserk officers) and a number for a run of empty squares. So ``/1t1/1K1/3/`` has its attacker on ``b1``.

Examples:
    >>> square_name(110, 11), parse_square("a1", 11)
    ('a1', (0, 10))
    >>> Move.parse("d1-d4")
    Move('d1', 'd4')
    >>> read_position("/1t1/1K1/3/")
    ((None, 'attacker', None), (None, 'king', None), (None, None, None))
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence

import attrs

from boardkit.compiling import TextArgument
from boardkit.errors import NotationError, shown

__all__ = [
    "MAX_SIZE",
    "Move",
    "Piece",
    "parse_square",
    "read_position",
    "square_name",
    "write_position",
]

#: The largest board the notation names: files ``a`` to ``y``.
MAX_SIZE = 25

_FILES = "abcdefghijklmnopqrstuvwxyz"
_SQUARE = r"([a-y])([1-9][0-9]?)"
# OpenTafl may name the moving or captured piece (``Kf6-c6``, ``d7-d6xKd5``, ``Ne6^=e8xce7``),
# separate captured squares with ``/`` or another ``x``, and mark a jump (``^``), a berserk
# move (``=``) or both (``^=``).
_LETTER = "[tcnTCNK]"
_MOVE_RE = re.compile(rf"{_LETTER}?{_SQUARE}(?:-|\^=?|=){_SQUARE}((?:x{_LETTER}?{_SQUARE}(?:/{_LETTER}?{_SQUARE})*)*)")
_CAPTURED_RE = re.compile(_SQUARE)


class Piece(enum.Enum):
    """A tafl piece; the value is its OpenTafl letter.

    Examples:
        >>> Piece("K"), Piece.ATTACKER.value
        (<Piece.KING: 'K'>, 't')
        >>> Piece.DEFENDER.side, Piece.KING.side
        (1, 1)
    """

    ATTACKER = "t"
    DEFENDER = "T"
    KING = "K"
    #: OpenTafl's Berserk officers: a commander and a knight of each side.
    ATTACKER_COMMANDER = "c"
    ATTACKER_KNIGHT = "n"
    DEFENDER_COMMANDER = "C"
    DEFENDER_KNIGHT = "N"

    @property
    def side(self) -> int:
        """The player the piece belongs to: 0 for attackers, 1 for defenders.

        Examples:
            >>> Piece.ATTACKER.side, Piece.ATTACKER_KNIGHT.side, Piece.DEFENDER_COMMANDER.side
            (0, 0, 1)
        """
        return 0 if self.value in "tcn" else 1

    @classmethod
    def _missing_(cls, value: object) -> Piece:
        """Anything but a piece or its letter: a :class:`~boardkit.errors.NotationError`.

        Examples:
            >>> Piece("x")
            Traceback (most recent call last):
            ...
            boardkit.errors.NotationError: invalid notation 'x': not a tafl piece (t T K c n C N)
        """
        raise NotationError(value, "not a tafl piece (t T K c n C N)")


def square_name(column: int, size: int, row: int | None = None) -> str:
    """The name of a square from its column and row.

    With ``row`` given, ``(column, row)`` are :class:`~boardkit.topology.SquareGrid`
    coordinates (row 0 at the top) on a ``size`` x ``size`` board. Without it,
    ``column`` is the cell index ``row * size + column``.

    Examples:
        >>> square_name(3, 7, 6), square_name(0, 7, 0)
        ('d1', 'a7')
        >>> square_name(42, 7)
        'a1'
    """
    if row is None:
        row, column = divmod(column, size)
    return f"{_FILES[column]}{size - row}"


def parse_square(text: str, size: int) -> tuple[int, int]:
    """The ``(column, row)`` grid cell of a square name (row 0 at the top).

    Raises:
        NotationError: if ``text`` is not a square of a ``size`` x ``size`` board.

    Examples:
        >>> parse_square("e5", 9)
        (4, 4)
        >>> parse_square("j1", 9)
        Traceback (most recent call last):
        ...
        boardkit.errors.NotationError: invalid notation 'j1': no such square on a 9x9 board (files a-i, ranks 1-9)
    """
    match = re.fullmatch(_SQUARE, text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(text, "a square is a file letter and a rank number, such as 'e5'")
    column = _FILES.index(match[1])
    rank = int(match[2])
    if column >= size or not 1 <= rank <= size or match[2].startswith("0"):
        raise NotationError(
            text, f"no such square on a {size}x{size} board (files a-{_FILES[size - 1]}, ranks 1-{size})"
        )
    return column, size - rank


def _claims(value: tuple[str, ...] | None) -> tuple[str, ...] | None:
    return None if value is None else tuple(sorted(value))


# The hash is cached: the board's moves are built once and looked up in dicts (a search's tree, an
# action table) over and over.
@attrs.frozen(repr=False, cache_hash=True)
class Move:
    """A tafl move: the piece on ``source`` runs in a straight line to ``target``.

    ``str(move)`` is the notation ``d1-d4``. A move read from a record may
    carry the squares the record says it captured (``d1-d4xd5``); they are
    checked when the move is played and take no part in equality.

    Attributes:
        source: The square the piece leaves, such as ``"d1"``.
        target: The square it stops on.
        captures: The captured squares claimed by the notation, sorted, or
            ``None`` when the notation made no claim.

    Examples:
        >>> move = Move("d1", "d4")
        >>> str(move), move
        ('d1-d4', Move('d1', 'd4'))
        >>> Move.parse("d1-d4xd5") == move
        True
        >>> Move.parse("d1-d4xd5/c4").captures
        ('c4', 'd5')
        >>> Move.parse("Kf6-c6"), Move.parse("d7-d6xKd5").captures
        (Move('f6', 'c6'), ('d5',))
    """

    source: str
    target: str
    captures: tuple[str, ...] | None = attrs.field(default=None, eq=False, converter=_claims)

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"

    def __repr__(self) -> str:
        if self.captures is None:
            return f"Move({self.source!r}, {self.target!r})"
        return f"Move({self.source!r}, {self.target!r}, captures={self.captures!r})"

    @classmethod
    def parse(cls, text: TextArgument, size: int = MAX_SIZE) -> Move:
        """Read ``d1-d4`` (or the record form ``d1-d4xd5/e4``) for a board of ``size``.

        OpenTafl's forms are read too: a piece letter before the move or a
        captured square (``Kf6-c6``, ``d7-d6xKd5``), squares joined by
        ``x`` (``f4-k4xk3xk2``), and Berserk's jumps and berserk moves
        (``ce6^e8``, ``Ne8=e4xe3``, ``Ne6^=e8xce7/e9``), which are moves
        from square to square like any other.

        Raises:
            NotationError: for anything else, or a square off the board.

        Examples:
            >>> Move.parse("a1-a3", size=7)
            Move('a1', 'a3')
            >>> Move.parse("ce6^e8"), Move.parse("Ne6^=e8xce7/ne9").captures
            (Move('e6', 'e8'), ('e7', 'e9'))
            >>> Move.parse("a1-a9", size=7)
            Traceback (most recent call last):
            ...
            boardkit.errors.NotationError: invalid notation 'a1-a9': 'a9': no such square on a 7x7 board ...
        """
        if not isinstance(text, str):
            raise NotationError(text, "a tafl move is text such as 'd1-d4'")
        match = _MOVE_RE.fullmatch(text.strip())
        if match is None:
            raise NotationError(text, "a tafl move is written 'd1-d4' (origin, dash, destination)")
        source = match[1] + match[2]
        target = match[3] + match[4]
        tail = match[5]
        claimed = [m[1] + m[2] for m in _CAPTURED_RE.finditer(tail)] if tail else []
        for name in (source, target, *claimed):
            try:
                parse_square(name, size)
            except NotationError as exc:
                raise NotationError(text, f"{name!r}: {exc.reason}") from None
        if not tail:
            return cls(source, target)
        if len(set(claimed)) != len(claimed):
            raise NotationError(text, "a captured square is listed twice")
        return cls(source, target, tuple(claimed))


_PIECE_NAMES = {
    "t": "attacker",
    "T": "defender",
    "K": "king",
    "c": "attacker-commander",
    "n": "attacker-knight",
    "C": "defender-commander",
    "N": "defender-knight",
}
_ROW_TOKEN = re.compile(r"[0-9]+|[A-Za-z]")
# The largest board (25 x 25, one letter a square) with slashes and some room for spaces.
_MAX_POSITION_TEXT = 4096


def read_position(text: str) -> tuple[tuple[str | None, ...], ...]:
    """Read OpenTafl position text into rows of piece names, in the text's order.

    As the OpenTafl notation says, the first row written is rank 1 (the bottom
    row), so ``rows[rank - 1][file]`` is the square ``file``/``rank``. Each
    square is ``"attacker"``, ``"defender"``, ``"king"``, an officer
    (``"attacker-commander"``, ``"attacker-knight"``, ``"defender-commander"``,
    ``"defender-knight"``) or ``None``. The
    outer slashes may be left out. The board must be square, with an odd side
    from 3 to 25.

    Raises:
        NotationError: for an unknown letter, rows of different lengths, or a
            board that is not square with an odd side.

    Examples:
        >>> read_position("/3/1K1/3/")
        ((None, None, None), (None, 'king', None), (None, None, None))
        >>> read_position("/3/1Kx/3/")
        Traceback (most recent call last):
        ...
        boardkit.errors.NotationError: invalid notation '/3/1Kx/3/': unknown piece letter 'x' in row 2; use t ...
    """
    if not isinstance(text, str):
        raise NotationError(text, "a position is OpenTafl text such as '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'")
    if len(text) > _MAX_POSITION_TEXT:
        raise NotationError(text, f"a position is at most {_MAX_POSITION_TEXT} characters, not {len(text)}")
    body = text.strip().removeprefix("/").removesuffix("/")
    if not body:
        raise NotationError(text, "the position has no rows")
    rows: list[tuple[str | None, ...]] = []
    for number, row_text in enumerate(body.split("/"), start=1):
        if not row_text:
            raise NotationError(text, f"row {number} is empty; write a run of empty squares as a number")
        row: list[str | None] = []
        pos = 0
        for token in _ROW_TOKEN.finditer(row_text):
            if token.start() != pos:
                bad = row_text[pos : token.start()]
                raise NotationError(text, f"unexpected {shown(bad)} in row {number}")
            pos = token.end()
            value = token[0]
            if value.isdigit():
                if len(value) > 2 or int(value) == 0 or int(value) > MAX_SIZE:
                    run = shown(value, 20)
                    raise NotationError(text, f"a run of {run} empty squares in row {number} is out of range")
                row.extend([None] * int(value))
            elif value in _PIECE_NAMES:
                row.append(_PIECE_NAMES[value])
            else:
                raise NotationError(
                    text,
                    f"unknown piece letter {value!r} in row {number}; use t (attacker), T (defender),"
                    " K (king), c/n/C/N (commanders and knights) or a number of empty squares",
                )
        if pos != len(row_text):
            raise NotationError(text, f"unexpected {row_text[pos:]!r} in row {number}")
        rows.append(tuple(row))
    size = len(rows)
    if size % 2 == 0 or not 3 <= size <= MAX_SIZE:
        raise NotationError(text, f"the board has {size} rows; a tafl board is square with an odd side from 3 to 25")
    for number, line in enumerate(rows, start=1):
        if len(line) != size:
            raise NotationError(
                text, f"row {number} is {len(line)} squares long, but the board has {size} rows; each row needs {size}"
            )
    return tuple(rows)


_LETTERS = {name: letter for letter, name in _PIECE_NAMES.items()}


def write_position(rows: Sequence[Sequence[str | None]]) -> str:
    """Write rows of piece names (rank 1 first) as OpenTafl position text.

    Examples:
        >>> write_position([[None, "attacker", None], [None, "king", None], [None, None, None]])
        '/1t1/1K1/3/'
        >>> write_position(read_position("/t2/1K1/3/"))
        '/t2/1K1/3/'
    """
    out = []
    for row in rows:
        parts: list[str] = []
        run = 0
        for piece in row:
            if piece is None:
                run += 1
                continue
            if run:
                parts.append(str(run))
                run = 0
            parts.append(_LETTERS[piece])
        if run:
            parts.append(str(run))
        out.append("".join(parts))
    return "/" + "/".join(out) + "/"
