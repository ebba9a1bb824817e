"""Files of records as ``boardkit replay`` reads them: one record as JSON,
records as JSON lines, or a game in another program's format that the file's
suffix names (``.otg``, OpenTafl's saved games), each read whole, checked
and refused in one line.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A file is read at once (replay needs every record), so it is refused when
larger than :data:`MAX_FILE`, without reading further (``/dev/zero`` never
ends). :mod:`boardkit.analysis` reads larger files of records one line at a
time instead.

Examples:
    >>> import os, tempfile
    >>> from boardkit.testing import Nim
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "game.json")
    >>> with open(path, "w") as f:
    ...     _ = f.write(Nim(heap=2).new_game(seed=1).to_record().to_json())
    >>> [r.players for r in read_records(path, "boardkit.testing:Nim")]
    [2]
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import TYPE_CHECKING

from boardkit import registry
from boardkit.errors import BoardkitError, RecordError, shown

if TYPE_CHECKING:  # imported where they are used: the command imports MAX_FILE at start-up, before its signals
    from boardkit import record
    from boardkit.record import GameRecord

__all__ = ["MAX_FILE", "NoRecordsError", "read_records", "read_text", "record_format"]

#: The largest file ``boardkit replay`` reads: 64 MiB (a record is at most 32
#: MiB). A larger file, or one that never ends (``/dev/zero``), is refused at
#: once; ``boardkit analyze`` reads records one at a time.
MAX_FILE = 64 * 1024 * 1024


class NoRecordsError(RecordError):
    """A file of records that holds none: empty, or blank lines only.

    Nothing in it is wrong, so it does not say "invalid record": ``boardkit
    replay`` and ``boardkit analyze`` both refuse it in these words (exit
    status 2), having nothing to show.

    Examples:
        >>> str(NoRecordsError("games.jsonl"))
        'games.jsonl holds no records: it is empty or has only blank lines'
        >>> isinstance(NoRecordsError("games.jsonl"), RecordError)
        True
        >>> str(NoRecordsError("games.sqlite", "no game in its archive"))
        'games.sqlite holds no records: no game in its archive'
    """

    def __init__(self, path: str, why: str = "it is empty or has only blank lines") -> None:
        reason = f"{path} holds no records: {why}"
        BoardkitError.__init__(self, reason)  # not RecordError's "invalid record: ": nothing is invalid
        self.reason = reason


def record_format(path: str, game_spec: str | None) -> record.RecordFormat | None:
    """The format of another program that a file's suffix names (``.otg``),
    found among the formats the games declare (``game.declared.formats``): the
    ``--game`` game's first, then every registered game's. ``None`` for
    boardkit's JSON records and for a suffix no game claims."""
    from boardkit import games
    from boardkit.specs import game_factory

    suffix = os.path.splitext(path)[1].lower()
    if suffix in ("", ".json", ".jsonl"):
        return None
    for spec in [*([game_spec] if game_spec else []), *games.names()]:
        try:
            formats = game_factory(spec)[1]().declared.formats
        except Exception:  # a game that cannot be built with its defaults claims no suffix
            continue
        for fmt in formats.values():
            if fmt.suffix.lower() == suffix:
                return fmt
    return None


def read_text(path: str) -> str:
    """The text of ``path``, refused at once when larger than :data:`MAX_FILE`
    (reading stops there: ``/dev/zero`` never ends) or not UTF-8; a UTF-8
    byte order mark at its start is left out."""
    try:
        with open(path, "rb") as f:
            large = os.fstat(f.fileno()).st_size > MAX_FILE  # a device or a pipe says 0: read to see
            data = b"" if large else f.read(MAX_FILE + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {shown(path, 200)}: {exc.strerror or exc}") from None
    if large or len(data) > MAX_FILE:
        raise RecordError(
            f"{shown(path, 200)}: the file is larger than {MAX_FILE // 2**20} MiB, the most boardkit replay reads"
            " (a record is at most 32 MiB; boardkit analyze reads larger files of records one at a time)"
        )
    try:
        text = data.decode("utf-8-sig")  # a byte order mark, as a Windows editor saves UTF-8, is not the record's
    except UnicodeDecodeError as exc:
        raise RecordError(f"{shown(path, 200)} is not UTF-8 text (byte {exc.start}); records are JSON") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it


def _names_an_unknown_game(chunk: str) -> bool:
    """Whether a record's text names a game that is not registered (a game of the user's own)."""
    try:
        name = json.loads(chunk).get("game")
    except (ValueError, AttributeError, RecursionError):
        return False
    return isinstance(name, str) and name not in registry.names()


def read_records(path: str, game_spec: str | None) -> list[GameRecord]:
    """Every record of the file ``path``, each checked by replaying it:
    another program's game (:func:`record_format`), one record as JSON, or
    records as JSON lines (blank lines skipped). ``game_spec`` names the
    game for records of a game that is not registered.

    Raises:
        RecordError: naming the file (and the line), for a file too large or
            not UTF-8, or a record that is malformed or not legal;
            :class:`NoRecordsError` for a file with none.
    """
    from boardkit.record import GameRecord
    from boardkit.specs import game_factory

    text = read_text(path)
    fmt = record_format(path, game_spec)
    if fmt is not None:
        try:
            return [fmt.read_game(text).to_record()]
        except BoardkitError as exc:
            raise RecordError(f"{path}: {exc.reason if isinstance(exc, RecordError) else exc}") from None
    factory = game_factory(game_spec)[1] if game_spec else None

    def read(chunk: str, where: str) -> GameRecord:
        game = None
        if factory is not None:
            with contextlib.suppress(ValueError, TypeError, AttributeError, RecursionError, BoardkitError):
                options = json.loads(chunk).get("options", {})
                game = factory(**options) if isinstance(options, dict) else None
        try:
            return GameRecord.from_json(chunk, game=game)
        except RecordError as exc:
            hint = ""
            if factory is None and _names_an_unknown_game(chunk):
                hint = "; for a game of your own, name its file: --game path/to/game.py"
            raise RecordError(f"{where}: {exc.reason}{hint}") from None

    try:
        json.loads(text)
    except (ValueError, RecursionError):
        lines = [(i + 1, line) for i, line in enumerate(text.splitlines()) if line.strip()]
        if not lines:
            raise NoRecordsError(path) from None
        return [read(line, f"{path} line {n}") for n, line in lines]
    return [read(text, path)]
