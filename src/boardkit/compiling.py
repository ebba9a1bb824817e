"""What the compiled build needs to know of a class or an argument, and nothing at all in the pure one.

Core floor: it imports nothing of boardkit's.

``BOARDKIT_COMPILE=1 pip install .`` compiles boardkit's hot modules with
mypyc (``hatch_build.py``), which reads :func:`mypyc_attr` on a class: that
users may subclass it (``allow_interpreted_subclasses``) and that its objects
pickle and copy (``serializable``). mypyc takes it from ``mypy_extensions``,
which is there whenever mypy is; a pure install, which depends on nothing
but attrs, networkx and typing-extensions, gets the same name as a decorator
that changes nothing. Likewise :data:`i64`, for annotations only: a 64-bit
machine integer to mypyc (no Python object behind it), ``int`` to everyone
else.

A compiled function checks each argument annotated with a concrete type
(``int``, ``str``) on entry and refuses a wrong one with mypyc's own
``TypeError``, before boardkit's check can answer with its one-line error;
it leaves an argument annotated with a protocol alone. So a public method
that takes a seat, a seed or a notation from its caller annotates it with
:data:`IntArgument`, :class:`TextArgument` or :class:`RandomArgument`: precise
to a type checker (``mypy --strict`` refuses ``view("attackers")``,
``new_game(seed="one")`` and ``parse_move(42)``), and answered by
boardkit's own check at run time, alike on the pure and the compiled build.

Examples:
    >>> def seat(player: IntArgument) -> int:
    ...     return int(player)
    >>> seat(1)
    1
    >>> @mypyc_attr(allow_interpreted_subclasses=True)
    ... class Board:
    ...     pass
    >>> Board.__name__
    'Board'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, SupportsIndex, TypeAlias

__all__ = ["IntArgument", "RandomArgument", "TextArgument", "i64", "mypyc_attr"]

#: An integer as an argument (a seat, a number of players, a seed): ``int`` to a type checker (a text
#: is refused), checked by the function that takes it.
IntArgument: TypeAlias = SupportsIndex


class TextArgument(Protocol):
    """A text as an argument: ``str`` to a type checker (a number or bytes is
    refused), checked as text by the function that takes it.

    Examples:
        >>> def parse(text: TextArgument) -> str:
        ...     return str(text).casefold()
        >>> parse("D1-D4")
        'd1-d4'
    """

    def casefold(self) -> str: ...

    def isidentifier(self) -> bool: ...


class RandomArgument(Protocol):
    """A generator as an argument: :class:`boardkit.chance.Random` to a type
    checker (a seed, or the standard library's ``random.Random``, is
    refused), checked by the function that takes it
    (:func:`boardkit.chance.check_generator`).

    Examples:
        >>> def roll(rng: RandomArgument) -> int:
        ...     return rng.randbelow(6) + 1
        >>> from boardkit.chance import Random
        >>> 1 <= roll(Random(3)) <= 6
        True
    """

    def randbelow(self, n: int) -> int: ...


if TYPE_CHECKING:  # what mypy and mypyc read: the real decorator and machine-word integers
    from mypy_extensions import i64, mypyc_attr
else:
    try:
        from mypy_extensions import i64, mypyc_attr
    except ImportError:  # a pure install without mypy: the decorator changes nothing

        def mypyc_attr(*names, **settings):
            return lambda cls: cls

        i64 = int
