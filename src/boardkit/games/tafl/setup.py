"""Setting up a game of Tafl by hand: ``from_position``'s checks, and the
rule set that plays a set-up position in a file format without set-ups.

A position set up by hand keeps its game: ``Tafl("copenhagen").from_position(position=...)``
is a game of Copenhagen whose record carries the position as its ``setup``
(``{"position": ..., "to_move": ...}``), from which
:meth:`~boardkit.games.tafl.Tafl.from_setup` rebuilds it. The position is checked
as a layout of these rules would be (:func:`as_layout`). This module imports the
core and Tafl's notation and variants, never the rules (which import it and
hand it the game to build from): it types the game with the core's
:class:`~boardkit.Game`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from boardkit.errors import NotationError, OptionError, check_int
from boardkit.game import Game, Player
from boardkit.games.tafl.moves import read_position
from boardkit.games.tafl.variants import CUSTOM

__all__ = ["as_layout", "checked_position"]

G = TypeVar("G", bound=Game[Any, Any])


def as_layout(game: G, text: str, to_move: Player) -> G:
    """``game``'s rules with the position ``text`` as their start and
    ``to_move`` first: the ``"custom"`` rule set that a file format without
    set-ups (OpenTafl's) writes for a set-up game.

    Raises:
        NotationError: if the text is not a valid position for these rules.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> custom = as_layout(Tafl("brandubh"), "/7/7/3K3/7/t6/7/7/", 1)
        >>> custom.options.variant, custom.options.layout, custom.options.first
        ('custom', '/7/7/3K3/7/t6/7/7/', 1)
    """
    read_position(text)
    settings = {**game.option_values(), "variant": CUSTOM, "layout": text, "first": to_move}
    try:
        return type(game)(**settings)
    except OptionError as exc:
        raise NotationError(text, str(exc)) from None


def checked_position(game: G, text: Any, to_move: Any, size: int) -> tuple[G, Player]:
    """The position ``text`` checked for ``game``'s rules on their board of
    ``size`` squares a side (``game.from_position(position=text, to_move=...)``'s
    checks), as :func:`as_layout`'s rule set, and the player to move.

    Raises:
        NotationError: if the text is not a valid position, or is for another
            size of board.
        OptionError: if ``to_move`` is not 0 or 1.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> checked_position(Tafl("brandubh"), "/3/1K1/3/", 0, 7)
        Traceback (most recent call last):
        ...
        boardkit.errors.NotationError: invalid notation '/3/1K1/3/': the position is 3x3, but brandubh ... 7x7 ...
    """
    check_int(to_move, "to_move (0 for the attackers, 1 for the defenders)", low=0, high=1)
    rows = read_position(text)
    if len(rows) != size:
        variant = game.option_values()["variant"]
        raise NotationError(
            text,
            f"the position is {len(rows)}x{len(rows)}, but {variant} is played on {size}x{size}"
            " (Tafl(layout=...) plays another board)",
        )
    return as_layout(game, text, to_move), to_move
