"""Options of the Game of 5 Fields: the blank map, a fixed map, a turn limit.

Examples:
    >>> FiveFieldsOptions()
    FiveFieldsOptions(blank_map=False, map=None, turn_limit=400)
    >>> FiveFieldsOptions(turn_limit=0)
    Traceback (most recent call last):
    ...
    boardkit.errors.OptionError: turn_limit must be a positive integer or None, not 0
"""

from __future__ import annotations

from typing import Any

import attrs

from boardkit.about import option
from boardkit.errors import OptionError
from boardkit.games.five_fields.board import format_map, parse_map

__all__ = ["TURN_LIMIT", "FiveFieldsOptions"]

#: The default turn limit (turns are whole actions). The rulebook sets none, and nothing in its
#: rules stops two players from moving back and forth for ever (random play sometimes does), so that
#: every game ends the default is a generous cap: 200 actions each. Of 16 bot games played to their
#: end (random against greedy, greedy against greedy, seeds 0-7), the longest took 248 turns, most
#: under 100; a game between people is far shorter. At two moves a turn at most (on the printed
#: map), 400 turns stay under the 1,000 moves at which ``boardkit simulate`` stops a game.
TURN_LIMIT = 400


def _to_map(value: Any) -> str:
    return format_map(parse_map(value))


@attrs.frozen
class FiveFieldsOptions:
    """The options of :class:`~boardkit.games.five_fields.FiveFields`.

    Attributes:
        blank_map: Play the optional rule in which only the eight starting
            hexes are face up and Princes discover the rest.
        map: A fixed map instead of a seeded random one, as a string of 19
            letters ``P``/``M``/``S`` in board order (rows from the top, west
            to east; ``/`` between rows is allowed and kept), a mapping from
            hex to :class:`~boardkit.games.five_fields.Terrain`, or a sequence
            of 19 terrains. Checked: 7 plains, 5 mountains, 7 seas, both
            Queens on plains. It is stored as the canonical string.
        turn_limit: End the game as a draw after this many turns (actions)
            without a winner: by default :data:`TURN_LIMIT` (400), a cap that
            played games do not reach, so that every game ends; ``None``
            plays on until someone wins.

    Examples:
        >>> FiveFieldsOptions(map="PSP MSSM PSPSP MSSM PMP").map
        'PSP/MSSM/PSPSP/MSSM/PMP'
        >>> FiveFieldsOptions(blank_map=True, map="PSP/MSSM/PSPSP/MSSM/PMP")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: a fixed map cannot be combined with blank_map: ...
    """

    blank_map: bool = option(False, "only the eight starting hexes face up; Princes discover the rest")
    map: str | None = option(
        None,
        "a fixed map of 19 letters P/M/S, rows from the top (none: a seeded random map)",
        converter=attrs.converters.optional(_to_map),
    )
    turn_limit: int | None = option(
        TURN_LIMIT, "end as a draw after this many turns without a winner (none: play on until someone wins)", low=1
    )

    @blank_map.validator
    def _check_blank(self, _: object, value: object) -> None:
        if not isinstance(value, bool):
            raise OptionError(f"blank_map must be True or False, not {value!r}")

    @turn_limit.validator
    def _check_limit(self, _: object, value: object) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise OptionError(f"turn_limit must be a positive integer or None, not {value!r}")

    def __attrs_post_init__(self) -> None:
        if self.blank_map and self.map is not None:
            raise OptionError(
                "a fixed map cannot be combined with blank_map: the blank map is drawn as it is discovered"
            )
