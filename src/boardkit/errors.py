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
    "MAX_MESSAGE",
    "BoardkitError",
    "CellError",
    "ComponentError",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "OptionTypeError",
    "RecordError",
    "UndoError",
    "check_int",
    "shown",
]

#: The longest message a boardkit error carries, in characters. Longer ones
#: are cut short (with ``...``), so that a huge bad input never makes a huge
#: message.
MAX_MESSAGE = 1000

def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for an error message: one line, at most about ``limit`` characters.

    A huge integer is described rather than converted (Python refuses to
    turn integers of over 4,300 digits into text), and a long repr is cut
    with ``...``.

    Examples:
        >>> shown("d1-d4")
        "'d1-d4'"
        >>> shown("x" * 1000, limit=10)
        "'xxxxxx..."
        >>> shown(10**5000)
        '<an integer of about 5001 digits>'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    if isinstance(value, str) and len(value) > limit:
        value = value[: limit + 1]
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _one_line(message: str) -> str:
    message = message.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


class BoardkitError(Exception):
    """Base class of every error boardkit raises on purpose.

    Its message is always one line of at most :data:`MAX_MESSAGE`
    characters, however large the input it complains about.

    Examples:
        >>> from boardkit import BoardkitError, OptionError
        >>> issubclass(OptionError, BoardkitError)
        True
        >>> len(str(OptionError("unknown game " + "x" * 10_000)))
        1000
    """

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            args = (_one_line(args[0]), *args[1:])
        super().__init__(*args)


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
            text = move if isinstance(move, str) else str(move)
        except Exception:  # a move built with fields of the wrong kind may not even print
            text = f"<{type(move).__name__}>"
        super().__init__(f"illegal move {shown(text, 200)}: {reason}")
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
        super().__init__(f"invalid notation {shown(text, 200)}: {reason}")
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


class OptionTypeError(OptionError, TypeError):
    """An option, count, player or seed of the wrong type (``first=1.0``, say).

    It is an :class:`OptionError` (so a ``ValueError``) and a ``TypeError``.

    Examples:
        >>> err = OptionTypeError("first must be an integer, not 1.0")
        >>> isinstance(err, OptionError), isinstance(err, TypeError)
        (True, True)
    """


def check_int(value: object, what: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high``.

    Raises:
        OptionTypeError: if it is not an integer (``1.0`` and ``True`` are not).
        OptionError: if it is out of range.

    Examples:
        >>> check_int(3, "games", low=0)
        3
        >>> check_int(1.5, "max_moves", low=0)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionTypeError: max_moves must be an integer, not 1.5
        >>> check_int(-1, "max_moves", low=0)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: max_moves must be a non-negative integer, not -1
    """
    if type(value) is not int:
        raise OptionTypeError(f"{what} must be an integer, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            wanted = f"an integer from {low} to {high}"
        elif low is not None:
            wanted = {0: "a non-negative integer", 1: "a positive integer"}.get(low, f"an integer of at least {low}")
        else:
            wanted = f"an integer of at most {high}"
        raise OptionError(f"{what} must be {wanted}, not {shown(value)}")
    return value


class CellError(ValueError, TypeError):
    """A board's cell asked for what it does not hold: a piece taken from an
    empty cell, a count read, added to or sown where a symbol or a stack
    stands.

    Only rules code asks a cell for these, so this is a bug in the rules, not
    bad input: it is deliberately not a :class:`BoardkitError`, and surfaces
    as itself (the command reports an internal error, the server a 500 it
    logs) instead of being taken for a refused move. It is a ``ValueError``
    and a ``TypeError``, the errors these used to be.

    Examples:
        >>> err = CellError("no piece on a1 to take")
        >>> isinstance(err, ValueError), isinstance(err, TypeError)
        (True, True)
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
