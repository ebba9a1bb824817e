"""What a game is, declared as data: :class:`About`.

Core floor: it imports nothing of boardkit's.

Every :class:`~boardkit.Game` carries an :class:`About` on :attr:`Game.about
<boardkit.Game.about>`: whether players hold what others may not see, whether
chance takes part and who sees what it gives, the names of the seats, and a
goal and a turn summary in the players' own words. The applications (the
command, the terminal, the web server, RL) read this declaration rather than
guessing from a game's class, so a game of your own is treated as the shipped
ones are. The defaults fit a short perfect-information game without chance,
which then declares nothing.

This is boardkit's counterpart of OpenSpiel's ``GameType``.

Examples:
    >>> from boardkit.testing import Nim
    >>> Nim.about.information, Nim.about.chance
    (<Information.PERFECT: 'perfect'>, <Chance.NONE: 'none'>)
    >>> about = About(information=Information.IMPERFECT, chance=Chance.HIDDEN, seats=("north", "south"))
    >>> about.hides_information, about.seat(1), about.seat(2)
    (True, 'south', 'player 2')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

__all__ = ["About", "Chance", "Information"]


class Information(enum.Enum):
    """Whether every player may see the whole position.

    ``PERFECT``: every player may see everything but what chance will give
    next (Tafl, 5 Fields). ``IMPERFECT``: some player holds what another may
    not see (hidden hands in Field of the Cloth of Gold, concealed tiles in
    Camelot); such a game overrides ``view`` and ``determinize``.
    """

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Chance(enum.Enum):
    """Whether chance takes part once the game is set up, and who sees what it gives.

    All chance is seeded: it comes from the state's generator, so a record
    replays exactly. ``NONE``: no chance event after the set-up (Tafl).
    ``PUBLIC``: every player sees each chance event as it happens (a die, a
    hex turned face up). ``HIDDEN``: some chance events go where not every
    player sees them (a tile drawn into a hidden hand).
    """

    NONE = "none"
    PUBLIC = "public"
    HIDDEN = "hidden"


def _to_seats(seats: Iterable[str]) -> tuple[str, ...]:
    return tuple(seats)


@attrs.frozen
class About:
    """A game's declaration of what it is.

    Attributes:
        title: The game's name as players write it ("Field of the Cloth of
            Gold"); empty: the registry name.
        information: :attr:`Information.PERFECT` or :attr:`Information.IMPERFECT`.
        chance: :attr:`Chance.NONE`, :attr:`Chance.PUBLIC` or :attr:`Chance.HIDDEN`.
        seats: What the players call the seats, in seat order ("attackers",
            "defenders"); a seat past the end is ``"player N"``.
        goal: One paragraph: how the game is won.
        turn: One paragraph: what a player does on a turn.

    Examples:
        >>> About(title="Nim", goal="Take the last counter.").title
        'Nim'
    """

    title: str = ""
    information: Information = Information.PERFECT
    chance: Chance = Chance.NONE
    seats: tuple[str, ...] = attrs.field(default=(), converter=_to_seats)
    goal: str = ""
    turn: str = ""

    @property
    def hides_information(self) -> bool:
        """True when some player may hold what another may not see.

        Examples:
            >>> About().hides_information
            False
        """
        return self.information is Information.IMPERFECT

    def seat(self, player: int) -> str:
        """The name of seat ``player``: the declared name, else ``"player N"``.

        Examples:
            >>> About(seats=("white",)).seat(0), About().seat(0)
            ('white', 'player 0')
        """
        if 0 <= player < len(self.seats):
            return self.seats[player]
        return f"player {player}"
