"""Tafl's record formats: the files of other tafl programs that boardkit reads and writes.

A format is a :class:`RecordFormat`: how to read a saved game into a replayed
state and write one back, and how to read and write the program's own
description of a rule set. A format's module builds its format
(:mod:`boardkit.games.tafl.opentafl` builds ``OTG``, OpenTafl's saved games)
on the rules, so the rules never import a format: the package lists the
formats in its declaration of parts (``boardkit.games.tafl.PARTS``, a
:class:`~boardkit.parts.Parts`), where :attr:`Tafl.declared
<boardkit.games.tafl.Tafl.declared>` and :meth:`Tafl.from_opentafl
<boardkit.games.tafl.Tafl.from_opentafl>` find them. This module names neither
the game nor its states (:class:`RecordFormat` is generic in them), so the
rules import it and it imports only the core.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> otg = Tafl().declared.formats["otg"]
    >>> otg.name, otg.suffix
    ('OpenTafl saved game', '.otg')
    >>> otg.read_rules("dim:7 esc:e cor: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")["variant"]
    'brandubh'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from boardkit.errors import OptionError

__all__ = ["RecordFormat", "record_format"]

S = TypeVar("S")
G = TypeVar("G")


@attrs.frozen
class RecordFormat(Generic[S, G]):
    """One other program's files for Tafl, whose games replay as states of
    type ``S`` and whose rules describe games of type ``G``
    (:attr:`Tafl.declared <boardkit.games.tafl.Tafl.declared>` gives them
    among its parts).

    Attributes:
        key: The format's short name (``"otg"``), its key among the game's formats.
        name: What players call its files ("OpenTafl saved game").
        suffix: The file name ending (``".otg"``).
        read_game: A saved game's text -> the replayed state.
        write_game: A state (and extra tags) -> a saved game's text.
        read_rules: The program's rules text -> :class:`~boardkit.games.tafl.Tafl` options.
        write_rules: A game -> the program's rules text.
    """

    key: str
    name: str
    suffix: str
    read_game: Callable[[str], S]
    write_game: Callable[..., str]
    read_rules: Callable[[str], dict[str, Any]]
    write_rules: Callable[[G], str]


def record_format(key: str, formats: Mapping[str, RecordFormat[S, G]]) -> RecordFormat[S, G]:
    """The format ``key`` of ``formats`` (a game's formats by key).

    Raises:
        OptionError: if ``formats`` has no format of that name.

    Examples:
        >>> record_format("pgn", {})
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: no tafl record format 'pgn'; formats are: none
    """
    try:
        return formats[key]
    except KeyError:
        known = ", ".join(repr(k) for k in formats) or "none"
        raise OptionError(f"no tafl record format {key!r}; formats are: {known}") from None
