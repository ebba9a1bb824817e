"""Moves of the Game of 5 Fields and their notation.

A turn is one action. Moving one or two pawns is written as a sequence of
sub-moves that the state walks through, the same player staying to move until
the action is complete:

* ``move P h2->f4``: a pawn (``P`` Prince, ``Q`` Queen) starts moving;
  with ``blank_map`` a Prince's move is then one step;
* ``explore P h2 g3``: with ``blank_map``, a Prince starts moving by
  turning over a face-down neighbour;
* ``step P g3->h4``: with ``blank_map``, the moving Prince goes on one hex;
* ``reveal P g3 g5``: with ``blank_map``, the moving Prince turns over a
  face-down neighbour;
* ``end``: end the action after the first pawn (or part-way through a
  step-by-step move);
* ``castle Q g1<->P h2``: castling;
* ``build field`` and ``build city``: build under the Queen;
* ``regenerate prince f2``: a new Prince in the City at ``f2``;
* ``regenerate queen f2 from P h2``: the Prince at ``h2`` leaves the
  board and the Queen returns in the City at ``f2``;
* ``pass``.

Examples:
    >>> m = parse_move("move P h2->f4")
    >>> m
    PawnMove(Pawn.PRINCE, (1, 1), (1, -1))
    >>> str(m) == "move P h2->f4" and parse_move(str(m)) == m
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeAlias

import attrs

from boardkit.compiling import TextArgument
from boardkit.errors import NotationError
from boardkit.games.five_fields.board import BOARD, Pawn, format_hex, parse_hex
from boardkit.topology import Hex

__all__ = [
    "BuildCity",
    "BuildField",
    "Castle",
    "End",
    "Explore",
    "Move",
    "Pass",
    "PawnMove",
    "RegeneratePrince",
    "RegenerateQueen",
    "Reveal",
    "Step",
    "parse_move",
]


def _positional_repr(move: attrs.AttrsInstance) -> str:
    """A move as its constructor is called, fields by position: ``Step((1, 0), (2, -1))``, ``Pass()``."""
    fields = attrs.astuple(move, recurse=False)
    args = ", ".join(f"Pawn.{v.name}" if isinstance(v, Pawn) else repr(v) for v in fields)
    return f"{type(move).__name__}({args})"


@attrs.frozen(repr=False)
class PawnMove:
    """A pawn starts its move: ``move P h2->f4``.

    Without ``blank_map`` a Prince goes straight to ``target`` along any legal
    path; with it a Prince's move is one step and goes on with :class:`Step`.

    Examples:
        >>> str(PawnMove(Pawn.QUEEN, (0, 2), (0, 1)))
        'move Q g1->f2'
    """

    pawn: Pawn
    source: Hex
    target: Hex

    def __str__(self) -> str:
        return f"move {self.pawn.letter} {format_hex(self.source)}->{format_hex(self.target)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class Explore:
    """With ``blank_map``: a Prince starts its move by turning over a
    face-down neighbour: ``explore P h2 g3``.

    Examples:
        >>> str(Explore((1, 1), (1, 0)))
        'explore P h2 g3'
    """

    source: Hex
    target: Hex

    def __str__(self) -> str:
        return f"explore P {format_hex(self.source)} {format_hex(self.target)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class Step:
    """With ``blank_map``: the moving Prince goes on one hex: ``step P g3->h4``.

    Examples:
        >>> str(Step((1, 0), (2, -1)))
        'step P g3->h4'
    """

    source: Hex
    target: Hex

    def __str__(self) -> str:
        return f"step P {format_hex(self.source)}->{format_hex(self.target)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class Reveal:
    """With ``blank_map``: the moving Prince turns over a face-down
    neighbour: ``reveal P g3 g5``.

    Examples:
        >>> str(Reveal((1, 0), (2, -2)))
        'reveal P g3 g5'
    """

    source: Hex
    target: Hex

    def __str__(self) -> str:
        return f"reveal P {format_hex(self.source)} {format_hex(self.target)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class End:
    """End the move action here: ``end``.

    Examples:
        >>> str(End()), End()
        ('end', End())
    """

    def __str__(self) -> str:
        return "end"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class Castle:
    """The Queen and a Prince swap hexes: ``castle Q g1<->P h2``.

    Examples:
        >>> str(Castle((0, 2), (1, 1)))
        'castle Q g1<->P h2'
    """

    queen: Hex
    prince: Hex

    def __str__(self) -> str:
        return f"castle Q {format_hex(self.queen)}<->P {format_hex(self.prince)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class BuildField:
    """Build a Field under the Queen: ``build field``.

    Examples:
        >>> str(BuildField())
        'build field'
    """

    def __str__(self) -> str:
        return "build field"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class BuildCity:
    """Build a City under the Queen: ``build city``.

    Examples:
        >>> str(BuildCity())
        'build city'
    """

    def __str__(self) -> str:
        return "build city"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class RegeneratePrince:
    """Place a new Prince in one of one's Cities: ``regenerate prince f2``.

    Examples:
        >>> str(RegeneratePrince((0, 1)))
        'regenerate prince f2'
    """

    city: Hex

    def __str__(self) -> str:
        return f"regenerate prince {format_hex(self.city)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class RegenerateQueen:
    """A Prince leaves the board and the Queen returns in a City:
    ``regenerate queen f2 from P h2``.

    Examples:
        >>> str(RegenerateQueen((0, 1), (1, 1)))
        'regenerate queen f2 from P h2'
    """

    city: Hex
    prince: Hex

    def __str__(self) -> str:
        return f"regenerate queen {format_hex(self.city)} from P {format_hex(self.prince)}"

    __repr__ = _positional_repr


@attrs.frozen(repr=False)
class Pass:
    """Pass the turn: ``pass``.

    Examples:
        >>> str(Pass())
        'pass'
    """

    def __str__(self) -> str:
        return "pass"

    __repr__ = _positional_repr


#: Any move of the Game of 5 Fields.
Move: TypeAlias = (
    PawnMove | Explore | Step | Reveal | End | Castle | BuildField | BuildCity | RegeneratePrince | RegenerateQueen
    | Pass
)

_H = r"\(\s*(-?\d{1,3})\s*,\s*(-?\d{1,3})\s*\)"
#: Each kind of move and its pattern, matched once the hexes' names are written ``(q,r)``: the
#: groups are a pawn's letter (``move`` only), then the hexes' numbers, the class's fields in order.
_PATTERNS: tuple[tuple[Callable[..., Move], re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        (PawnMove, rf"move\s+([QP])\s*{_H}\s*-?>?\s*{_H}"),
        (Explore, rf"explore\s+P\s*{_H}\s*{_H}"),
        (Step, rf"step\s+P\s*{_H}\s*-?>?\s*{_H}"),
        (Reveal, rf"reveal\s+P\s*{_H}\s*{_H}"),
        (Castle, rf"castle\s+Q\s*{_H}\s*<?-?>?\s*P\s*{_H}"),
        (RegeneratePrince, rf"regenerate\s+prince\s+{_H}"),
        (RegenerateQueen, rf"regenerate\s+queen\s+{_H}\s+from\s+P\s*{_H}"),
        (End, r"end"),
        (BuildField, r"build\s+field"),
        (BuildCity, r"build\s+city"),
        (Pass, r"pass"),
    )
)
_PAWNS = {pawn.letter: pawn for pawn in Pawn}
_ACCEPTED = (
    "a move is 'move P f2->e3' (or Q), 'castle Q g1<->P f2', 'build field', 'build city', 'pass', 'end', "
    "'regenerate prince e3', 'regenerate queen e3 from P f2', or with blank_map 'explore P f2 e3', "
    "'step P f2->e3', 'reveal P f2 e3'"
)
_NAME = re.compile(r"(?<![a-z])([a-z])(\d{1,2})(?![0-9])")


def _axial(match: re.Match[str]) -> str:
    q, r = parse_hex(match.group(0))
    return f"({q},{r})"


def parse_move(text: TextArgument) -> Move:
    """Read a move from its notation (see the module docstring).

    Raises:
        NotationError: if ``text`` is not a move, or names a hex that is not
            on the board.

    Examples:
        >>> parse_move("move P f2-e3") == parse_move("move P f2->e3") == parse_move("move Pf2 e3")
        True
        >>> parse_move("castle Q g1 <-> P h2")
        Castle((0, 2), (1, 1))
        >>> parse_move("move P(5,5)->e3")
        Traceback (most recent call last):
        ...
        boardkit.errors.NotationError: invalid notation 'move P(5,5)->e3': no hex (5,5) on the 19-hex board
    """
    if not isinstance(text, str):
        raise NotationError(text, f"a move is text; {_ACCEPTED}")
    try:
        stripped = _NAME.sub(_axial, text.strip())
    except NotationError as exc:
        raise NotationError(text, exc.reason) from None
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(stripped)
        if match is None:
            continue
        groups = match.groups()
        pawn = [_PAWNS[groups[0]]] if kind is PawnMove else []
        numbers = [int(g) for g in groups[len(pawn) :]]
        hexes: list[Hex] = []
        for i in range(0, len(numbers), 2):
            cell = (numbers[i], numbers[i + 1])
            if cell not in BOARD:
                raise NotationError(text, f"no hex {format_hex(cell)} on the 19-hex board")
            hexes.append(cell)
        return kind(*pawn, *hexes)
    raise NotationError(text, _ACCEPTED)
