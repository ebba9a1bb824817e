"""The games of ``boardkit serve`` on disk: one SQLite file (the standard
library's :mod:`sqlite3`) that outlives the server.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

What it keeps:

* every table in play: its game and options, its seats, its secret tokens,
  its version and its game so far (seed and moves). The server writes a
  table after every change and answers only once the write is committed, so
  a move the server acknowledged survives the server's crash or kill (the
  file is in SQLite's WAL mode with ``synchronous=NORMAL``: a commit is not
  flushed to the disk itself, so a power cut may lose the last moves); a
  restarted server resumes every table with the same links;
* the **archive**: every finished game, as the record a player of it
  downloads (``record.json``), with a public summary (game, options, seats,
  length, result) for the start page. Nothing else is ever read out: the
  tokens and the seeds of unfinished games stay in the file, which is made
  readable by its owner alone.

The file carries a schema version (``PRAGMA user_version``) and the
application id ``bkit``, so that a newer layout or another program's database
is refused, not misread. ``boardkit analyze FILE`` reads the archive as it
reads a file of JSON lines (:func:`archived_records`).

Nothing here needs the web extra.

Examples:
    >>> from boardkit.testing import Nim
    >>> from boardkit.web.table import Table, parse_seat
    >>> store = Store(":memory:")
    >>> table = Table(Nim(heap=2), [parse_seat("here"), parse_seat("here")], seed=1)
    >>> store.add(table, "nim", {"heap": 2})
    >>> host = table.viewer(table.host_token)
    >>> table.play(host, "take 2", table.version)
    >>> store.save(table)
    >>> [(g.game, g.moves, g.result) for g in store.archive()]
    [('nim', 1, 'won by player 0 (took the last counter)')]
    >>> store.close()
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from boardkit.errors import BoardkitError, OptionError, RecordError, shown
from boardkit.game import Game
from boardkit.web.table import Table, parse_seat

__all__ = ["DEFAULT_DB", "SCHEMA_VERSION", "ArchivedGame", "Store", "StoreError", "archived_records", "is_store"]

#: The file ``boardkit serve`` keeps its games in, unless told otherwise.
DEFAULT_DB = "boardkit-games.sqlite"
#: The layout of the file; a file of a later layout is refused.
SCHEMA_VERSION = 1
#: ``PRAGMA application_id``: "bkit".
_APPLICATION_ID = 0x626B6974
_HEADER = b"SQLite format 3\x00"
#: Seconds a write waits for a lock another program holds on the file, before the change is refused.
_BUSY = 1.0
_SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    host_token TEXT NOT NULL,
    seat_tokens TEXT NOT NULL,
    seed INTEGER NOT NULL,
    moves TEXT NOT NULL,
    version INTEGER NOT NULL,
    archived INTEGER,
    updated REAL NOT NULL
);
CREATE TABLE archive (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    spec TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    moves INTEGER NOT NULL,
    result TEXT NOT NULL,
    finished REAL NOT NULL,
    record TEXT NOT NULL
);
"""


def _hold(fd: int) -> None:
    """Take the lock of an open file at once, or raise :class:`OSError`."""
    if sys.platform == "win32":  # pragma: no cover - not on Linux
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class StoreError(BoardkitError, OSError):
    """The file would not take a change (a full disk, a lock held by another program)."""


@attrs.frozen
class ArchivedGame:
    """A finished game as the start page lists it: nothing a player of it
    could not see.

    Attributes:
        number: Its number in the archive (the download's address).
        game: The game as the server offers it.
        options: The options it was played with.
        seats: Who sat in each seat (``here``, ``link``, ``mcts:200``...).
        moves: How many moves it lasted.
        result: Who won, in words.
        finished: When it ended (seconds since the epoch).
    """

    number: int
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    moves: int
    result: str
    finished: float

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-safe values."""
        return {**attrs.asdict(self), "seats": list(self.seats)}


def _result(table: Table) -> str:
    outcome = table.state.outcome
    if outcome is None:
        return "unfinished"
    names = [table.game.seat_name(p) for p in sorted(outcome.winners)]
    said = f"won by {' and '.join(names)}" if names else "draw"
    return f"{said} ({outcome.reason})" if outcome.reason else said


def is_store(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is an SQLite file (a store of ``boardkit serve``,
    if anything, for boardkit).

    Examples:
        >>> is_store(__file__)
        False
    """
    try:
        with open(path, "rb") as stream:
            return stream.read(len(_HEADER)) == _HEADER
    except OSError:
        return False


class Store:
    """The tables and the archive of one server, in an SQLite file.

    Args:
        path: The file (created, readable by its owner alone, if missing);
            ``":memory:"`` keeps nothing once the server stops.

    Raises:
        OptionError: for a file that is not a store of this boardkit (another
            database, or a later schema) or that cannot be opened.
    """

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_DB) -> None:
        self.path = os.fspath(path)
        self._lock: int | None = None
        try:
            if self.path != ":memory:" and not os.path.exists(self.path):
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            # The server's event loop is the only user, whichever thread runs it.
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=_BUSY)
            # Closed too when the store is dropped unclosed (refused below, or made by create_app for itself).
            self._closer = weakref.finalize(self, self._db.close)
            self._db.execute("PRAGMA journal_mode=WAL")
            # A commit is in the file before the server answers: it survives the server's crash or kill.
            # Not synced to the disk on every move (a power cut may lose the last few): 6 ms a move.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._setup()
        except sqlite3.Error as exc:
            raise OptionError(f"cannot keep games in {shown(self.path, 80)}: {exc}") from None
        except OSError as exc:
            raise OptionError(f"cannot keep games in {shown(self.path, 80)}: {exc.strerror or exc}") from None

    def _setup(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        app = self._db.execute("PRAGMA application_id").fetchone()[0]
        names = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 and app == 0 and not names:
            self._db.executescript(
                f"BEGIN; {_SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; "
                f"PRAGMA application_id = {_APPLICATION_ID}; COMMIT;"
            )
            return
        if app != _APPLICATION_ID:
            raise OptionError(f"{shown(self.path, 80)} is a database, but not one of boardkit serve's")
        if version != SCHEMA_VERSION:
            raise OptionError(
                f"{shown(self.path, 80)} has games in layout {version}; this boardkit reads layout {SCHEMA_VERSION}"
            )

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write: committed whole, or rolled back whole (a failed
        ``COMMIT`` too, so that the next write starts afresh)."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:  # a full disk, a file another program locked
            raise StoreError(f"the game could not be saved in {shown(self.path, 80)}: {exc}") from None

    def lock(self) -> None:
        """Hold the file for this server alone until :meth:`close`: a lock on
        ``FILE.lock`` beside it (made if missing, and left there), so that a
        second server on the same file is refused instead of overwriting
        the first one's moves and forgetting its tables. Readers (``boardkit
        analyze FILE``, a backup) are not held up. ``:memory:`` needs none.

        Raises:
            OptionError: when another server (in any process) holds it.

        Examples:
            >>> import os, tempfile
            >>> path = os.path.join(tempfile.mkdtemp(), "games.sqlite")
            >>> first, second = Store(path), Store(path)
            >>> first.lock()
            >>> second.lock()  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: '...games.sqlite' is in use by another boardkit serve (process ...); ...
            >>> first.close()
            >>> second.lock()
            >>> second.close()
        """
        if self.path == ":memory:" or self._lock is not None:
            return
        where = self.path + ".lock"
        try:
            fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise OptionError(f"cannot lock {shown(where, 80)}: {exc.strerror or exc}") from None
        try:
            _hold(fd)
        except OSError:
            holder = "unknown"
            with contextlib.suppress(OSError):  # Windows locks its bytes against reading too
                holder = os.read(fd, 20).decode("ascii", "replace").strip() or holder
            os.close(fd)
            raise OptionError(
                f"{shown(self.path, 80)} is in use by another boardkit serve"
                f" (process {holder if holder.isdigit() else shown(holder, 20)});"
                " one server per file: stop that one, or give this one another --db"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock = fd

    def close(self) -> None:
        """Close the file (everything is already committed), and let go of its lock."""
        self._closer()
        if self._lock is not None:
            os.close(self._lock)  # the lock goes with the descriptor
            self._lock = None

    def add(self, table: Table, spec: str, options: Mapping[str, Any]) -> None:
        """Keep a new table: ``spec`` and ``options`` rebuild its game."""
        seats = json.dumps([s.text for s in table.seats])
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)",
                (
                    table.id,
                    spec,
                    json.dumps(dict(options), sort_keys=True),
                    seats,
                    table.host_token,
                    json.dumps({str(p): t for p, t in table.seat_tokens.items()}),
                    table.state.seed,
                    json.dumps(list(table.state.to_record().moves)),
                    table.version,
                    time.time(),
                ),
            )
            self._archive(table)

    def save(self, table: Table) -> None:
        """Write the table as it stands (its game, its version), committed
        when this returns; a game that has just ended goes to the archive in
        the same write, and a finished game taken back leaves it."""
        with self._transaction():
            row = self._db.execute("SELECT seed, archived FROM tables WHERE id = ?", (table.id,)).fetchone()
            if row is None:
                return
            seed, archived = row
            if archived is not None and seed == table.state.seed and not table.state.is_over:
                self._db.execute("DELETE FROM archive WHERE number = ?", (archived,))  # its end was taken back
            if archived is not None and not table.state.is_over:  # taken back, or a new game began
                self._db.execute("UPDATE tables SET archived = NULL WHERE id = ?", (table.id,))
            self._db.execute(
                "UPDATE tables SET seed = ?, moves = ?, version = ?, updated = ? WHERE id = ?",
                (table.state.seed, json.dumps(list(table.state.to_record().moves)), table.version, time.time(),
                 table.id),
            )
            self._archive(table)

    def _archive(self, table: Table) -> None:
        """Put the table's game in the archive if it is over and not there yet."""
        query = "SELECT archived, spec, options, seats FROM tables WHERE id = ?"
        row = self._db.execute(query, (table.id,)).fetchone()
        if row is None or row[0] is not None or not table.state.is_over:
            return
        _, spec, options, seats = row
        record = table.state.to_record()
        cursor = self._db.execute(
            "INSERT INTO archive (spec, options, seats, moves, result, finished, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (spec, options, seats, len(record.moves), _result(table), time.time(), record.to_json(indent=1) + "\n"),
        )
        self._db.execute("UPDATE tables SET archived = ? WHERE id = ?", (cursor.lastrowid, table.id))

    def drop(self, table: Table) -> None:
        """Forget a table (its finished games stay in the archive)."""
        with self._transaction():
            self._db.execute("DELETE FROM tables WHERE id = ?", (table.id,))

    def resume(
        self,
        build: Callable[[str, dict[str, Any]], Game[Any, Any]],
        *,
        think: float | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> list[tuple[Table, str, dict[str, Any]]]:
        """Every kept table, rebuilt: the table, its game's spec and options.

        Args:
            build: Makes a game from its spec and options.
            think: The think-time cap of the tables' MCTS bots.
            warn: Told, in one line, of each table that cannot be rebuilt (a
                game the server no longer offers, say); it stays in the file.
        """
        found = []
        rows = self._db.execute(
            "SELECT id, spec, options, seats, host_token, seat_tokens, seed, moves, version"
            " FROM tables ORDER BY updated"
        ).fetchall()
        for table_id, spec, options, seats, host, tokens, seed, moves, version in rows:
            try:
                chosen = json.loads(options)
                table = Table.resume(
                    build(spec, chosen),
                    [parse_seat(s) for s in json.loads(seats)],
                    table_id=table_id,
                    host_token=host,
                    seat_tokens={int(p): t for p, t in json.loads(tokens).items()},
                    seed=seed,
                    moves=json.loads(moves),
                    version=version,
                    think=think,
                )
            except (BoardkitError, TypeError, ValueError, AttributeError) as exc:
                if warn is not None:
                    warn(f"game {shown(table_id, 20)} of {shown(spec, 40)} cannot be resumed: {exc}")
                continue
            found.append((table, spec, chosen))
        return found

    def archive(self, *, limit: int = 100) -> list[ArchivedGame]:
        """The latest finished games, newest first (summaries, no records).

        Examples:
            >>> Store(":memory:").archive()
            []
        """
        rows = self._db.execute(
            "SELECT number, spec, options, seats, moves, result, finished FROM archive ORDER BY number DESC LIMIT ?",
            (max(0, limit),),
        ).fetchall()
        return [
            ArchivedGame(number, spec, json.loads(options), tuple(json.loads(seats)), moves, result, finished)
            for number, spec, options, seats, moves, result, finished in rows
        ]

    def archived(self, number: int) -> tuple[str, dict[str, Any], str] | None:
        """A finished game's spec, options and record (the JSON a player of
        it downloads), or ``None`` for no such game."""
        row = self._db.execute("SELECT spec, options, record FROM archive WHERE number = ?", (number,)).fetchone()
        if row is None:
            return None
        spec, options, record = row
        return spec, json.loads(options), record


def archived_records(path: str | os.PathLike[str]) -> Iterator[tuple[int, str]]:
    """The records of a store's archive, oldest first: each game's number and
    record (JSON text), read from the file without changing it.

    Raises:
        RecordError: for a file that is not a store of this boardkit.

    Examples:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "games.sqlite")
        >>> Store(path).close()
        >>> list(archived_records(path))
        []
    """
    where = os.fspath(path)
    try:
        db = sqlite3.connect(f"file:{where}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise RecordError(f"cannot read {where!r}: {exc}") from None
    try:
        try:
            app = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as exc:
            raise RecordError(f"cannot read {where!r}: {exc}") from None
        if app != _APPLICATION_ID or version != SCHEMA_VERSION:
            raise RecordError(
                f"{where!r} is an SQLite file, but not an archive of boardkit serve (layout {SCHEMA_VERSION})"
            )
        last = 0
        while True:  # a page at a time: the file may hold many games
            rows = db.execute(
                "SELECT number, record FROM archive WHERE number > ? ORDER BY number LIMIT 200", (last,)
            ).fetchall()
            if not rows:
                return
            yield from rows
            last = rows[-1][0]
    finally:
        db.close()
