"""Moves of Field of the Cloth of Gold and their notation: :class:`Move`.

This module imports only the errors and the game's board; the rules, the
set-up and the views import it.
"""

from __future__ import annotations

import re
from typing import Final

import attrs

from boardkit.compiling import TextArgument
from boardkit.errors import NotationError
from boardkit.games.cloth_of_gold.board import OVALS, TILE_SPACES, Space

__all__ = ["TOKEN_NAMES", "Move"]

#: The letters naming a player's two tokens in move notation.
TOKEN_NAMES: Final = "AB"
_NOTATION = re.compile(r"([ab])-([a-z]+)(?:/([a-z]+))?")
_SPACE_NAMES: Final = {s.value: s for s in OVALS}


@attrs.frozen(repr=False)
class Move:
    """A turn: token ``A`` (0) or ``B`` (1) goes to an oval space; a move onto
    the Dragon's oval also names where the Dragon flies.

    The notation is ``A-gold`` (token A to the Gold space) or
    ``B-dragon/red`` (token B to the Dragon's oval, the Dragon to Red). On a
    player's first turn the token entering the board is A, on the second B.

    Attributes:
        token: 0 for token A, 1 for token B.
        to: The oval space the token enters.
        dragon: The Dragon's destination, only for a move onto the Dragon's oval.

    Examples:
        >>> move = Move(1, Space.DRAGON, Space.RED)
        >>> str(move), move
        ('B-dragon/red', Move.from_text('B-dragon/red'))
        >>> Move.from_text("a-gold") == Move(0, Space.GOLD)
        True
    """

    token: int
    to: Space
    dragon: Space | None = None

    def __str__(self) -> str:
        name = TOKEN_NAMES[self.token] if self.token in (0, 1) else f"?{self.token}"
        text = f"{name}-{getattr(self.to, 'value', self.to)}"
        if self.dragon is not None:
            text += f"/{getattr(self.dragon, 'value', self.dragon)}"
        return text

    def __repr__(self) -> str:
        return f"Move.from_text({str(self)!r})"

    @classmethod
    def from_text(cls, text: TextArgument) -> Move:
        """Read a move from its notation (letters in any case).

        Raises:
            NotationError: if the text is not a move.

        Examples:
            >>> Move.from_text("B-dragon/gold").dragon
            <Space.GOLD: 'gold'>
            >>> Move.from_text("A-blue/gold")
            Traceback (most recent call last):
            ...
            boardkit.errors.NotationError: invalid notation 'A-blue/gold': only a move onto the dragon's oval ...
        """
        if not isinstance(text, str):
            raise NotationError(text, "a move is text such as 'A-gold' or 'B-dragon/red'")
        found = _NOTATION.fullmatch(text.strip().lower())
        if found is None:
            raise NotationError(text, "a move is a token, A or B, and an oval, as in 'A-gold' or 'B-dragon/red'")
        letter, to_name, dragon_name = found.groups()
        to = _SPACE_NAMES.get(to_name)
        if to is None:
            names = ", ".join(repr(s.value) for s in OVALS)
            raise NotationError(text, f"no oval {to_name!r}; the ovals are {names}")
        dragon: Space | None = None
        if dragon_name is not None:
            dragon = _SPACE_NAMES.get(dragon_name)
            if dragon is None or dragon is Space.DRAGON:
                raise NotationError(text, f"the dragon cannot go to {dragon_name!r}, only to the six other ovals")
        if to is Space.DRAGON and dragon is None:
            example = f"{letter.upper()}-dragon/gold"
            raise NotationError(text, f"a move onto the dragon's oval names where the dragon goes, as in {example!r}")
        if to is not Space.DRAGON and dragon is not None:
            raise NotationError(text, "only a move onto the dragon's oval names a dragon")
        return MOVES[(0 if letter == "a" else 1, to, dragon)]


MOVES: Final[dict[tuple[int, Space, Space | None], Move]] = {
    (token, to, dest): Move(token, to, dest)
    for token in (0, 1)
    for to in OVALS
    for dest in (TILE_SPACES if to is Space.DRAGON else (None,))
}

