"""Camelot's options: :class:`CamelotOptions` (who starts, a plan and a tile
list of your own).

This module imports only the errors and the game's plan and tiles.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

import attrs

from boardkit.about import option
from boardkit.errors import OptionError, shown
from boardkit.games.camelot.plan import STANDARD_PLAN, plan_rows
from boardkit.games.camelot.tiles import STANDARD_TILES, tile_entries

__all__ = ["CamelotOptions"]


def _to_first(value: object) -> int | str:
    if value == "random":
        return "random"
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 5:
        raise OptionError(f"first must be a player number 0 to 4 or 'random', not {value!r}")
    return value


@attrs.frozen
class CamelotOptions:
    """Camelot's options, all JSON-safe.

    Attributes:
        first: The player who starts (a number), or ``"random"`` to draw one
            with the game's seed. Default 0.
        plan: A plan of your own as rows of kind letters (see
            :func:`~boardkit.games.camelot.plan.plan_rows`); ``None`` (the
            default) for the reconstructed standard plan.
        tiles: A tile list of your own (see
            :func:`~boardkit.games.camelot.tiles.tile_entries`); ``None`` (the
            default) for the reconstructed standard list. Every kind of square
            must have exactly as many tiles as the plan has squares of it.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> CamelotOptions(first="random").first
        'random'
        >>> Camelot(first=2).options.first
        2
    """

    first: int | Literal["random"] = option(
        0, "the player who starts, or random", low=0, high=4, also=("random",), converter=_to_first
    )
    plan: tuple[str, ...] | None = option(
        None,
        "a castle plan of your own, as rows of kind letters (none: the standard plan)",
        none_is=STANDARD_PLAN,
        converter=attrs.converters.optional(plan_rows),
    )
    tiles: tuple[tuple[str, str, int, int, bool], ...] | None = option(
        None,
        "a tile list of your own, each tile its name, kind, value, count and (optionally) garden (none: the"
        " standard list)",
        none_is=STANDARD_TILES,
        converter=attrs.converters.optional(tile_entries),
    )

    def __attrs_post_init__(self) -> None:
        rows = STANDARD_PLAN if self.plan is None else self.plan
        entries = STANDARD_TILES if self.tiles is None else self.tiles
        squares = Counter(ch for row in rows for ch in row)
        per_kind: Counter[str] = Counter()
        for _, kind, _, count, _ in entries:
            per_kind[kind] += count
        for kind in sorted(set(squares) | set(per_kind)):
            if squares[kind] != per_kind[kind]:
                raise OptionError(
                    f"the plan has {squares[kind]} square(s) of kind {kind!r} but the tiles of that kind number "
                    f"{shown(per_kind[kind])}; every square needs exactly one tile"
                )
