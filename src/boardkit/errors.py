"""The errors boardkit raises.

Core floor: it imports only other core modules, never a board, a component,
a game or an application.

Every error boardkit raises on purpose inherits :class:`BoardkitError`, and each
concrete error also inherits the builtin that fits it, so ``except ValueError``
keeps working in code that does not know boardkit.

Examples:
    >>> from boardkit import IllegalMoveError
    >>> err = IllegalMoveError("d1-d4", "the path is blocked")
    >>> str(err)
    "illegal move 'd1-d4': the path is blocked"
    >>> isinstance(err, ValueError)
    True
"""

from __future__ import annotations

__all__ = [
    "BoardkitError",
    "ComponentError",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "RecordError",
    "UndoError",
]


class BoardkitError(Exception):
    """Base class of every error boardkit raises on purpose.

    Examples:
        >>> from boardkit import BoardkitError, OptionError
        >>> issubclass(OptionError, BoardkitError)
        True
    """


class IllegalMoveError(BoardkitError, ValueError):
    """A move that the rules do not allow in the current position.

    The state that refused the move is left exactly as it was.

    Attributes:
        move: The refused move (a move value, or the text that was given).
        reason: Why the rules refuse it, in lowercase words.

    Examples:
        >>> err = IllegalMoveError("e5-e9", "the game is over")
        >>> err.move, err.reason
        ('e5-e9', 'the game is over')
    """

    def __init__(self, move: object, reason: str) -> None:
        try:
            text = str(move)
        except Exception:  # a move built with fields of the wrong kind may not even print
            text = f"<{type(move).__name__}>"
        if len(text) > 200:
            text = text[:200] + "..."
        super().__init__(f"illegal move {text!r}: {reason}")
        self.move = move
        self.reason = reason


class NotationError(BoardkitError, ValueError):
    """Text that is not valid notation for a move, square or position.

    Attributes:
        text: The text that could not be read.
        reason: What is wrong with it and what would be accepted.

    Examples:
        >>> err = NotationError("z99", "no such square on an 11x11 board")
        >>> str(err)
        "invalid notation 'z99': no such square on an 11x11 board"
    """

    def __init__(self, text: object, reason: str) -> None:
        super().__init__(f"invalid notation {text!r}: {reason}")
        self.text = text
        self.reason = reason


class RecordError(BoardkitError, ValueError):
    """A game record that is malformed, inconsistent or tampered with.

    Examples:
        >>> str(RecordError("'moves' must be a list of strings"))
        "invalid record: 'moves' must be a list of strings"
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"invalid record: {reason}")
        self.reason = reason


class OptionError(BoardkitError, ValueError):
    """An unknown game, an unknown option, or an option value out of range.

    Examples:
        >>> str(OptionError("unknown game 'chess'; known games: 'tafl'"))
        "unknown game 'chess'; known games: 'tafl'"
    """


class UndoError(BoardkitError, IndexError):
    """:meth:`~boardkit.State.undo` on a state with no moves to take back.

    Examples:
        >>> isinstance(UndoError("nothing to undo"), IndexError)
        True
    """


class ComponentError(BoardkitError, LookupError):
    """A component asked for something it does not hold.

    Raised, for example, by :meth:`boardkit.TileBag.draw_one` on an empty bag or
    :meth:`boardkit.Zone.remove` for an item the zone does not hold.

    Examples:
        >>> isinstance(ComponentError("the bag is empty"), LookupError)
        True
    """
