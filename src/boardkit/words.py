"""What the screens say about a game, in words: its title and settings
(:func:`describe_game`), its one-line summary, its variants and options with
their help (:func:`game_options`), its rules (:func:`game_rules`: the goal, a
turn, what each kind of move does, the variant rules in play) and what it
calls each seat.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Everything here is read from what a game declares (its ``about``, its option
schema, its class docstring), never from a game known by name: ``boardkit
list``, ``boardkit play``, ``boardkit replay`` and the web page say the same
words about a game of your own as about the shipped ones. Every name here is
also :mod:`boardkit.terminal`'s, where it is documented.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> describe_game(Tafl("brandubh")), seat_name(Tafl(), 0)
    ('Tafl, variant brandubh', 'attackers')
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import Any

from boardkit.game import Game, Player
from boardkit.render.text import counted as counted  # its home is the text floor, where the games draw too

__all__ = ["counted", "describe_game", "game_options", "game_rules", "possessive", "seat_name", "summary"]

#: The width the words are wrapped to.
_WIDTH = 100


def seat_name(game: Game[Any, Any], player: Player) -> str:
    """What the players call a seat: :meth:`Game.seat_name
    <boardkit.Game.seat_name>`, the name the game's ``about`` declares
    (``"attackers"``), else ``"player N"``.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> from boardkit.testing import Nim
        >>> seat_name(Tafl(), 1), seat_name(Nim(), 1)
        ('defenders', 'player 1')
    """
    return game.seat_name(player)


def possessive(name: str) -> str:
    """``name`` owning something, in English: ``attackers'``, ``player 1's``.

    Examples:
        >>> f"{possessive('defenders')} turn", f"{possessive('player 1')} turn"
        ("defenders' turn", "player 1's turn")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def describe_game(game: Game[Any, Any]) -> str:
    """The game and its settings in words: its title (``game.about.title``),
    then the variant (the option ``game.about.variant_option`` names) and
    every other option that differs from the default.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> describe_game(Tafl("brandubh"))
        'Tafl, variant brandubh'
        >>> describe_game(Tafl("brandubh", repetition=None))
        'Tafl, variant brandubh (repetition=None)'

    Data of the game's own (a plan, a tile list) is written as ``--option``
    takes it, in JSON:

        >>> from boardkit.games.camelot import Camelot
        >>> describe_game(Camelot(plan=["TT", "WW"], tiles=[["tower", "T", 2, 2], ["wall", "W", 0, 2]]))
        'Camelot: The Build (plan=["TT", "WW"], tiles=[["tower", "T", 2, 2, false], ["wall", "W", 0, 2, false]])'
    """
    title = game.about.title or _doc_title(game)
    values = game.option_values()
    defaults = _built(game) or {}  # a game that needs options has no defaults to compare with
    key = game.about.variant_option
    words = [f"{key} {values[key]}"] if key in values else []
    plain = _built(game, **{key: values[key]}) if key in values else None  # the options the variant alone sets
    changed = [
        f"{k}={_value(v)}"
        for k, v in values.items()
        if k != key and (k not in defaults or defaults[k] != v) and not (plain is not None and plain.get(k) == v)
    ]
    if not defaults and not words:
        changed = [f"{k}={_value(v)}" for k, v in values.items()]
    text = title + (", " + ", ".join(words) if words else "")
    return text + (f" ({', '.join(changed)})" if changed else "")


def _value(value: Any) -> str:
    """An option's value in :func:`describe_game`: a number or a word as it
    is, data (a list, a mapping) in JSON, as ``--option`` takes it."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, list | tuple | dict) else str(value)


def _doc_title(game: Game[Any, Any]) -> str:
    """A title for a game that declares none in its ``about``: the first
    words of its class's summary line, else its registry name."""
    title = summary(type(game)).split(",")[0].split(":")[0].split(".")[0].strip()
    return title if title and len(title) <= 40 else game.name


def summary(game_class: type[Any]) -> str:
    """A game's one-line summary: the whole first paragraph of its class
    docstring, on one line.

    Examples:
        >>> from boardkit.games.five_fields import FiveFields
        >>> summary(FiveFields)
        'The Game of 5 Fields, for two players on a 19-hex map.'
    """
    paragraph = (game_class.__doc__ or "").strip().split("\n\n")[0]
    return _plain(paragraph)


def _plain(text: str) -> str:
    """Docstring text as plain words: no roles, no backquotes, one line."""
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([\w]+)`", r"\1", text)
    return " ".join(text.replace("``", "").replace("`", "").split())


def game_options(game: Game[Any, Any]) -> list[str]:
    """Lines describing a game's variants and options, each with its type,
    allowed values, default and help, for ``boardkit list GAME``: read from
    the game's declared options (:meth:`Game.option_info
    <boardkit.Game.option_info>`).

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> for line in game_options(ClothOfGold()):
        ...     print(line)
        variants: 2023, 2020
          (--variant VARIANT; default 2023)
        options (--option KEY=VALUE):
          first  an int from 0 to 1; default 0
                 the player who takes the first turn
    """
    infos = game.option_info()
    lines: list[str] = []
    key = game.about.variant_option
    variant = [info for info in infos if info.name == key and info.choices]
    for info in variant:
        label = f"{key}s: "
        lines += textwrap.wrap(label + ", ".join(str(c) for c in info.choices), _WIDTH,
                               subsequent_indent=" " * len(label), break_on_hyphens=False)
        lines.append(f"  (--variant {key.upper()}; default {info.default})")
    infos = tuple(info for info in infos if info not in variant)
    if not infos:
        return [*lines, "options: none"]
    width = max(len(info.name) for info in infos)
    lines.append("options (--option KEY=VALUE):")
    for info in infos:
        lines += textwrap.wrap(f"{info.name:<{width}}  {info.describe()}", _WIDTH, initial_indent="  ",
                               subsequent_indent=" " * (width + 4), break_long_words=False, break_on_hyphens=False)
        if info.help:
            lines += textwrap.wrap(info.help, _WIDTH, initial_indent=" " * (width + 4),
                                   subsequent_indent=" " * (width + 4), break_on_hyphens=False)
    return lines


def game_rules(game: Game[Any, Any], *, width: int = _WIDTH) -> list[str]:
    """The game's rules as its ``about`` declares them, wrapped at ``width``
    columns for the terminal: what the ``rules`` command prints. The seats, the goal, what a
    player does on a turn, what each kind of move does (``about.moves``) and
    the variant rules that the options in play select
    (``about.rules_for(game)``). Empty when the game declares none of these.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> from boardkit.testing import Nim
        >>> for line in game_rules(Tafl())[:3]:
        ...     print(line)
        seats: attackers, defenders
        goal: The defenders win when their King escapes; the attackers win when they capture the King.
        turn: Move one of your pieces like a chess rook, any number of empty squares in a straight line. An
        >>> [line for line in game_rules(Tafl("copenhagen")) if line.startswith("  - The King escapes")]
        ['  - The King escapes by reaching a corner square; the edge gives no win.']
        >>> game_rules(Nim())
        []
    """
    about = game.about
    in_play = about.rules_for(game)
    if not (about.goal or about.turn or about.moves or in_play):
        return []
    width = max(width, 30)  # narrower, a word or two a line helps nobody
    lines: list[str] = []
    if about.seats:
        lines.append("seats: " + ", ".join(about.seats))
    for label, text in (("goal", about.goal), ("turn", about.turn)):
        if text:
            lines += textwrap.wrap(f"{label}: {text}", width, subsequent_indent="      ", break_on_hyphens=False)
    if about.moves:
        lines.append("moves:")
        kinds = max(len(kind) for kind, _ in about.moves)
        for kind, text in about.moves:
            lines += textwrap.wrap(text, width, initial_indent=f"  {kind:<{kinds}}  ",
                                   subsequent_indent=" " * (kinds + 4), break_on_hyphens=False)
    if in_play:
        lines.append("rules in play:")
        for text in in_play:
            lines += textwrap.wrap(text, width, initial_indent="  - ", subsequent_indent="    ",
                                   break_on_hyphens=False)
    return lines


def _built(game: Game[Any, Any], **options: Any) -> dict[str, Any] | None:
    """The option values of ``game``'s class built with ``options``, or ``None`` when it cannot be built so."""
    try:
        return type(game)(**options).option_values()
    except Exception:
        return None
