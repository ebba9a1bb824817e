"""What a game is, declared as data: :class:`About`.

Core floor: it imports nothing of boardkit's.

Every :class:`~boardkit.Game` carries an :class:`About` on :attr:`Game.about
<boardkit.Game.about>`: whether players hold what others may not see, whether
chance takes part and who sees what it gives, the names of the seats, and, in
the players' own words, a goal, a turn summary, what each kind of move does,
and which variant rules the options in play select. The applications (the
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
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

__all__ = ["OPTION_KEY", "About", "Chance", "Information", "OptionInfo", "option"]


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


def _to_moves(moves: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    pairs = moves.items() if isinstance(moves, Mapping) else moves
    return tuple((str(kind), str(text)) for kind, text in pairs)


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
        moves: What each kind of move does, in the players' own words: pairs
            of the kind as players name it (``"capture"``, ``"gold"``,
            ``"build field"``) and one paragraph; a mapping is kept as its
            pairs, in order.
        rules_in_play: A function of the game (its options read) giving one
            line per variant rule that applies ("The King escapes to a
            corner."), so that each variant says its own rules; ``None``: the
            game's rules do not vary. Called by :meth:`rules_for`.
        variant_option: The option that picks one of the game's variants,
            which the command's ``--variant`` and the web form set: the
            option's choices are the variants (Tafl's rule sets, Field of the
            Cloth of Gold's editions). Every shipped game names it
            ``"variant"``, the default; a game may name another option.

    Examples:
        >>> About(title="Nim", goal="Take the last counter.").title
        'Nim'
        >>> About(moves={"take": "Take one to three counters from the heap."}).moves
        (('take', 'Take one to three counters from the heap.'),)
    """

    title: str = ""
    information: Information = Information.PERFECT
    chance: Chance = Chance.NONE
    seats: tuple[str, ...] = attrs.field(default=(), converter=_to_seats)
    goal: str = ""
    turn: str = ""
    variant_option: str = "variant"
    moves: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_to_moves)
    rules_in_play: Callable[[Any], Sequence[str]] | None = None

    def rules_for(self, game: Any) -> list[str]:
        """The variant rules that apply to ``game``, one line each, as
        :attr:`rules_in_play` says them from its options; empty without it.

        Examples:
            >>> about = About(rules_in_play=lambda game: [f"Take at most {game} counters."])
            >>> about.rules_for(3), About().rules_for(3)
            (['Take at most 3 counters.'], [])
        """
        return list(self.rules_in_play(game)) if self.rules_in_play is not None else []

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


#: The key under which an option field keeps its schema in attrs metadata.
OPTION_KEY = "boardkit"


@attrs.frozen
class OptionInfo:
    """One option of a game, as the command, the web form and the docs show it.

    Built by :meth:`Game.option_info <boardkit.Game.option_info>` from the
    game's options class: the type comes from the field's annotation, the
    help, choices and range from :func:`option` where the field declares
    them, and the default from the field.

    Attributes:
        name: The option's keyword (``--option NAME=VALUE``).
        type: ``"bool"``, ``"int"``, ``"float"``, ``"str"``, or ``"data"``
            (a JSON list or object, such as a custom plan).
        default: The default, as plain JSON data.
        help: One line saying what the option does.
        choices: The values allowed, when they are a fixed list.
        low: The smallest number allowed, for numbers with a range.
        high: The largest number allowed.
        also: Named values allowed besides the type's own (``"random"``
            beside the seat numbers of Camelot's ``first``).
        optional: Whether ``None`` (off) is allowed.
        labels: Each choice in words, in the order of ``choices`` (``""``
            where a choice has none), for forms that show a choice as a
            person reads it: ``"nobody"`` for ``""``, ``"both"`` for ``"tT"``.
        fields: For data that is a list of items, the type of each item's
            fields in order, from the annotation (``tuple[str, ...]``:
            ``("str",)``; Camelot's tiles: ``("str", "str", "int", "int",
            "bool")``), for forms that take an item a line: a tile named
            ``"2"`` stays text where a value is a number. Empty otherwise.
        none_is: What none stands for, as data, where the option declares
            it (Camelot's plan: the standard plan's rows), for forms to
            start from; ``None`` otherwise.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> info = {o.name: o for o in Tafl().option_info()}
        >>> info["escape"].describe()
        "one of 'edge', 'corner'; default 'edge'"
        >>> info["first"].describe()
        'an int from 0 to 1; default 0'
        >>> info["corner_hostile"].choices, info["corner_hostile"].labels
        (('', 't', 'T', 'tT'), ('nobody', 'attackers', 'defenders', 'both'))
        >>> from boardkit.games.camelot import Camelot
        >>> Camelot().option_info()[2].fields
        ('str', 'str', 'int', 'int', 'bool')
    """

    name: str
    type: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    also: tuple[Any, ...] = ()
    optional: bool = False
    labels: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    none_is: Any = None

    def describe(self) -> str:
        """What values the option takes and its default, in a few words."""
        if self.choices:
            text = "one of " + ", ".join(repr(c) for c in self.choices)
        elif self.type == "data":
            text = "JSON data"
        else:
            article = "an" if self.type == "int" else "a"
            text = f"{article} {self.type}"
            if self.low is not None and self.high is not None:
                text += f" from {self.low:g} to {self.high:g}"
            elif self.low is not None:
                text += f" of at least {self.low:g}"
        if self.also:
            text += ", or " + ", ".join(repr(a) for a in self.also)
        if self.optional:
            text += ", or none"
        default = "none" if self.default is None else repr(self.default)
        return f"{text}; default {default}"

    def to_dict(self) -> dict[str, Any]:
        """The schema as JSON data, for the web form.

        Examples:
            >>> OptionInfo("size", "int", 9, "the board's size", low=5).to_dict()["low"]
            5
        """
        return {f.name: _plain(getattr(self, f.name)) for f in attrs.fields(OptionInfo)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def option(
    default: Any,
    help: str,
    *,
    choices: Iterable[Any] = (),
    low: float | None = None,
    high: float | None = None,
    also: Iterable[Any] = (),
    labels: Mapping[Any, str] | None = None,
    none_is: Any = None,
    **field: Any,
) -> Any:
    """An attrs field for a game option that declares its help, and where
    they are not plain from its annotation its choices and range.

    ``labels`` names choices in words (a value to its words), for forms that
    show the choices to a person (:attr:`OptionInfo.labels`); ``none_is``
    is the data that none stands for (:attr:`OptionInfo.none_is`: Camelot's
    standard plan). Everything else (``validator``, ``converter``) goes to
    :func:`attrs.field`.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Options:
        ...     size: int = option(9, "the board's width and height", low=5, high=19)
        >>> attrs.fields(Options).size.metadata["boardkit"]["help"]
        "the board's width and height"
    """
    schema = {"help": help, "choices": tuple(choices), "low": low, "high": high, "also": tuple(also),
              "labels": dict(labels or {}), "none_is": none_is}
    metadata = {**field.pop("metadata", {}), OPTION_KEY: schema}
    return attrs.field(default=default, metadata=metadata, **field)
