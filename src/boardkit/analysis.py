"""Statistics of many games: win rates with honest intervals, game lengths,
end reasons and agent ratings, from records.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Everything here reads :class:`~boardkit.GameRecord` values: a path to a file of
JSON lines (as ``boardkit simulate --out`` writes, read one line at a time),
any iterable of records, or a :class:`~boardkit.play.TournamentResult`.

How games are counted, here and in :class:`boardkit.play.Standing` alike:

* a seat **wins** a game when it is the only winner;
* a game is a **draw** when nobody won (:attr:`boardkit.Outcome.is_draw`);
* a game is a **shared victory** when several seats won: neither a win of
  any seat nor a draw, and a loss for the seats that did not win;
* a game stopped at a move cap (no outcome) is **unfinished**: neither won
  nor drawn, but counted in the games played;
* an agent (:func:`ratings`) has one result per game however many seats it
  held: it wins when only its seats won, shares the victory when seats of
  other agents won too, and loses when it held no winning seat; a game in
  which one agent held every seat says nothing about it and is left out.

Win rates are wins over games played, with a Wilson 95% score interval
(:func:`boardkit.play.wilson_interval`), which stays inside ``[0, 1]`` and is
honest for small counts and rates near 0 or 1.

Ratings (:func:`ratings`) are Bradley-Terry strengths fitted by maximum
likelihood on all games at once, shown on the Elo scale (400 points = 10 to 1
odds), with a 95% interval from the fit's standard errors. The fit visits
only the pairs of agents that met, so its cost grows with the games, not
with a power of the agents.

A file's records are replayed as they are read, as ``boardkit replay``
replays them, so a record with an illegal move or a made-up outcome is
refused rather than counted: a registered game's by its name, a game of your
own under the ``game`` given (see :func:`read_records`).

Examples:
    >>> from boardkit.testing import Nim
    >>> from boardkit.agents import GreedyAgent, RandomAgent
    >>> from boardkit.play import tournament
    >>> result = tournament(Nim(heap=7), {"greedy": GreedyAgent(), "random": RandomAgent()}, games=40, seed=1)
    >>> summary = summarize(result)
    >>> summary.games, summary.seats[0].wins + summary.seats[1].wins + summary.draws
    (40, 40)
    >>> [r.agent for r in ratings(result)]
    ['greedy', 'random']

Why this module is long: reading records, the summary, grouping and ratings share one
counting rule (how a shared victory counts) and one streaming reader; the
plot, which needs matplotlib, is at the end and imports it only when called.
"""

from __future__ import annotations

import io
import json
import math
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

import attrs

from boardkit import registry
from boardkit.errors import BoardkitError, OptionError, RecordError, shown
from boardkit.game import Game
from boardkit.games import load as load_game
from boardkit.play import TournamentResult, agent_results, table_lines, wilson_interval
from boardkit.record import GameRecord, strict_json, thaw_json
from boardkit.recordfiles import NoRecordsError
from boardkit.standings import seat_label
from boardkit.words import counted

__all__ = [
    "Length",
    "Rating",
    "Records",
    "SeatResult",
    "Summary",
    "group_key",
    "no_records",
    "plot",
    "ratings",
    "read_records",
    "summarize",
    "summarize_by",
]

#: What the functions here read: a JSON-lines path, records, or a tournament's result.
Records = str | os.PathLike[str] | Iterable[GameRecord] | TournamentResult

#: The longest line of records read (as long as the longest record): a longer
#: one, or a file with no line break at all (``/dev/zero``), is refused as soon
#: as this much of it is read, whatever ``skip_bad`` says.
_MAX_LINE = 32 * 1024 * 1024
#: A UTF-8 byte order mark, which a file's first line may begin with.
_BOM = b"\xef\xbb\xbf"


def read_records(
    source: Records,
    *,
    skip_bad: bool = False,
    on_skip: Callable[[int, str], None] | None = None,
    game: Game[Any, Any] | None = None,
) -> Iterator[GameRecord]:
    """The records of ``source``, one at a time.

    A path is read line by line (blank lines are skipped), so a file of a
    million games is never held in memory; a file holding one record
    written over several lines (``boardkit play --out``) is read too. A
    record of a registered game is replayed as it is read, so one with an
    illegal move or an outcome its moves do not give is refused (or
    skipped), as ``boardkit replay`` refuses it; so is a record of ``game``,
    a game that is not registered, under that game with the record's
    options. Records of a game neither registered nor given are counted as
    they say (their fields checked, not their moves); records given as
    values (an iterable, a tournament) are taken as they are. A file may
    begin with a UTF-8 byte order mark. All records must be of one game.

    Args:
        source: A path to JSON lines, an iterable of records, or a
            :class:`~boardkit.play.TournamentResult`.
        skip_bad: Skip malformed lines instead of raising; ``on_skip`` is
            told each one's line number and reason.
        on_skip: Called as ``on_skip(line, reason)`` for a skipped line.
        game: The game to replay a file's records under, for a game that is
            not registered (``boardkit analyze --game``).

    Raises:
        RecordError: naming the line and the reason, for a file that cannot be
            read, a malformed line (unless ``skip_bad``), or records of
            different games.

    Examples:
        >>> from boardkit.testing import Nim
        >>> record = Nim(heap=2).new_game(seed=1).to_record()
        >>> [r.game for r in read_records([record, record])]
        ['nim', 'nim']
    """
    for _, _, record in _numbered(source, skip_bad, on_skip, game):
        yield record


_Skip = Callable[[int, str], None] | None


def _numbered(
    source: Records, skip_bad: bool, on_skip: _Skip, game: Game[Any, Any] | None = None
) -> Iterator[tuple[str, int | None, GameRecord]]:
    """The records of ``source``, each with where it came from (``"file line
    3"``, or ``"record 3"`` of an iterable), for error messages, and its line
    of the file (``None`` for records given as values)."""
    if isinstance(source, TournamentResult):
        yield from _one_game(enumerate(source.records, 1), skip_bad, on_skip, None)
    elif isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        yield from _one_game(_read_lines(path, skip_bad, on_skip, game), skip_bad, on_skip, path)
    elif isinstance(source, Iterable) and not isinstance(source, bytes | bytearray | Mapping):
        yield from _one_game(enumerate(source, 1), skip_bad, on_skip, None)
    else:
        raise RecordError(f"records come from a path, an iterable of GameRecords or a tournament, not {source!r:.80}")


def _each(
    source: Records,
    skip_bad: bool,
    on_skip: _Skip,
    work: Callable[[GameRecord, str], None],
    game: Game[Any, Any] | None = None,
) -> None:
    """Call ``work`` on every record and where it came from; a boardkit error
    it raises names the record's line (or is skipped and reported, with
    ``skip_bad``, for a file)."""
    for where, line, record in _numbered(source, skip_bad, on_skip, game):
        try:
            work(record, where)
        except BoardkitError as exc:
            reason = exc.reason if isinstance(exc, RecordError) else str(exc)
            if skip_bad and line is not None:
                if on_skip is not None:
                    on_skip(line, reason)
                continue
            raise RecordError(f"{where}: {reason}") from None


def no_records(path: str) -> NoRecordsError:
    """The refusal of ``path`` when it holds no record to count: a file of
    records that is empty or has only blank lines, or ``boardkit serve``'s
    database with no game in its archive.

    Examples:
        >>> str(no_records("games.jsonl"))
        'games.jsonl holds no records: it is empty or has only blank lines'
    """
    from boardkit.web.store import is_store

    return NoRecordsError(path, "no game in its archive") if is_store(path) else NoRecordsError(path)


def _read_lines(
    path: str, skip_bad: bool, on_skip: Callable[[int, str], None] | None, game: Game[Any, Any] | None = None
) -> Iterator[tuple[int, GameRecord]]:
    from boardkit.web.store import archived_records, is_store

    if is_store(path):  # boardkit serve's games: the archive's game N is read as line N
        lines: Iterable[tuple[int, bytes]] = ((n, text.encode("utf-8")) for n, text in archived_records(path))
        stream: IO[bytes] = io.BytesIO()
    else:
        try:
            stream = open(path, "rb")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise RecordError(f"cannot read {path!r}: {exc.strerror or exc}") from None
        lines = enumerate(iter(lambda: stream.readline(_MAX_LINE + 1), b""), 1)
    known = set(registry.names())  # records of these games are replayed: an illegal move is not counted
    under = _Under(game)
    whole = False
    with stream:
        for number, raw in lines:
            if len(raw) > _MAX_LINE:  # never read to its end: it may have none
                raise RecordError(
                    f"{path} line {number} is longer than {_MAX_LINE // 2**20} MiB, the longest record boardkit reads"
                )
            if number == 1 and raw.startswith(_BOM):  # as a Windows editor saves UTF-8
                raw = raw[len(_BOM) :]
            try:
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise RecordError("not UTF-8 text") from None
                if not text.strip():  # blank as replay reads it: a no-break space too
                    continue
                try:
                    data = strict_json(text)
                except (ValueError, RecursionError) as exc:
                    data = _one_document(path, number, text)
                    if data is None:
                        raise RecordError(f"not JSON: {str(exc)[:200]}") from None
                    whole = True
                name = data.get("game") if isinstance(data, dict) else None
                if isinstance(name, str) and name in known:
                    record = GameRecord.from_dict(data)
                elif game is not None and name == game.name:
                    record = GameRecord.from_dict(data, game=under(data.get("options")))
                else:
                    record = GameRecord.from_dict(data, replay=False)
            except RecordError as exc:
                if not skip_bad or whole:
                    raise RecordError(f"{path} line {number}: {exc.reason}") from None
                if on_skip is not None:
                    on_skip(number, exc.reason)
                continue
            yield number, record
            if whole:  # the file was one record, written over several lines
                return


def _one_document(path: str, number: int, first: str) -> Any:
    """The whole file as one JSON record, when its first line opens one written over several lines
    (``boardkit play --out`` writes a record indented); ``None`` for anything else."""
    if number != 1 or first.strip() != "{":
        return None
    try:
        if os.path.getsize(path) > _MAX_LINE:
            return None
        with open(path, "rb") as f:
            return strict_json(f.read().decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


class _Under:
    """The game a record of an unregistered game is replayed under: the given
    game when the record's options are its own, else one built with them
    (``type(game)(**options)``, as ``boardkit replay --game`` builds it),
    each kept for the records after."""

    def __init__(self, game: Game[Any, Any] | None) -> None:
        self.game = game
        self.built: dict[str, Game[Any, Any]] = {}

    def __call__(self, options: object) -> Game[Any, Any] | None:
        game = self.game
        if game is None or not isinstance(options, dict) or options == game.option_values():
            return game  # a malformed record is refused by its fields first
        try:
            key = json.dumps(options, sort_keys=True)
        except (TypeError, ValueError, RecursionError):
            return game
        found = self.built.get(key)
        if found is None:
            try:
                found = self.built[key] = type(game)(**options)
            except (BoardkitError, TypeError, ValueError) as exc:
                raise RecordError(f"the options {shown(options, 120)} do not make a {game.name}: {exc}") from None
        return found


def _one_game(
    numbered: Iterable[tuple[int, Any]], skip_bad: bool, on_skip: _Skip, path: str | None
) -> Iterator[tuple[str, int | None, GameRecord]]:
    """Check that every record is one, and of one game; each comes numbered
    by its line of the file at ``path``, or (no ``path``) by its place among
    the records given."""
    first: str | None = None
    for number, record in numbered:
        where = f"record {number}" if path is None else f"{path} line {number}"
        if not isinstance(record, GameRecord):
            raise RecordError(f"{where}: expected a GameRecord, not {type(record).__name__}")
        if first is None:
            first = record.game
        elif record.game != first:
            reason = f"a record of {record.game!r} among records of {first!r}; analyse one game at a time"
            if skip_bad and path is not None:
                if on_skip is not None:
                    on_skip(number, reason)
                continue
            raise RecordError(f"{where}: {reason}")
        yield where, None if path is None else number, record


@attrs.frozen
class SeatResult:
    """How one seat did.

    Attributes:
        seat: The seat (player number).
        games: Games with that seat.
        wins: Games that seat won alone.
        rate: ``wins / games``.
        low: Lower end of the Wilson 95% interval of ``rate``.
        high: Upper end of it.
    """

    seat: int
    games: int
    wins: int
    rate: float
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON data (``wins``, ``rate``, ``low``, ``high``, ``games``)."""
        return {"wins": self.wins, "rate": self.rate, "low": self.low, "high": self.high, "games": self.games}


@attrs.frozen
class Length:
    """Game lengths in moves: mean, median and the 10th and 90th percentiles
    (nearest-rank), over every game, finished or not, and how many games had
    each length (``histogram``, as ``(moves, games)`` pairs)."""

    mean: float
    median: float
    p10: float
    p90: float
    histogram: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, float]:
        """The lengths as JSON data."""
        return {"mean": self.mean, "median": self.median, "p10": self.p10, "p90": self.p90}


@attrs.frozen
class Summary:
    """What a batch of games of one game says.

    Attributes:
        game: The game's registry name ("" for no games).
        games: How many games.
        seats: One :class:`SeatResult` per seat.
        draws: Games nobody won.
        shared: Games won by several seats together (a shared victory is
            neither a draw nor a win of any seat).
        unfinished: Games stopped before the end.
        length: Game lengths in moves.
        reasons: How many games ended for each reason (``Outcome.reason``),
            most common first.
        branching: The mean number of legal moves per position, when asked for
            (it replays every game); else ``None``.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=3).new_game(seed=0)
        >>> state.apply("take 3")
        >>> s = summarize([state.to_record()])
        >>> s.seats[0].wins, s.length.mean, s.reasons
        (1, 1.0, (('took the last counter', 1),))
    """

    game: str
    games: int
    seats: tuple[SeatResult, ...]
    draws: int
    shared: int
    unfinished: int
    length: Length
    reasons: tuple[tuple[str, int], ...]
    branching: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The summary as the JSON object ``boardkit analyze --json`` prints.

        Examples:
            >>> import json
            >>> from boardkit.testing import Nim
            >>> data = summarize([Nim(heap=2).new_game(seed=0).to_record()]).to_dict()
            >>> sorted(data)
            ['branching', 'draws', 'game', 'games', 'length', 'reasons', 'seats', 'shared', 'unfinished']
        """
        return {
            "game": self.game,
            "games": self.games,
            "seats": [s.to_dict() for s in self.seats],
            "draws": self.draws,
            "shared": self.shared,
            "unfinished": self.unfinished,
            "length": self.length.to_dict(),
            "reasons": dict(self.reasons),
            "branching": self.branching,
        }

    def table(self) -> str:
        """A readable table: one row per seat, then draws (and shared
        victories, when there were any), lengths and reasons.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=3).new_game(seed=0)
            >>> state.apply("take 3")
            >>> print(summarize([state.to_record()]).table())
            nim: 1 game
            seat  games  wins  win rate  95% interval
            0         1     1    100.0%  20.7%-100.0%
            1         1     0      0.0%  0.0%-79.3%
            draws 0, unfinished 0
            length in moves: mean 1.0, median 1.0, 10% 1.0, 90% 1.0
            reasons: took the last counter 1
        """
        lines = [f"{self.game}: {counted(self.games, 'game')}"]
        head = ["seat", "games", "wins", "win rate", "95% interval"]
        names = _seat_names(self.game, len(self.seats))  # the game's own: attackers, defenders
        rows = [
            [seat_label(s.seat, names), str(s.games), str(s.wins), f"{s.rate:.1%}", f"{s.low:.1%}-{s.high:.1%}"]
            for s in self.seats
        ]
        lines += table_lines(head, rows, left={0, 4})
        shared = f", shared victories {self.shared}" if self.shared else ""
        lines.append(f"draws {self.draws}{shared}, unfinished {self.unfinished}")
        n = self.length
        lines.append(f"length in moves: mean {n.mean:.1f}, median {n.median:.1f}, 10% {n.p10:.1f}, 90% {n.p90:.1f}")
        if self.branching is not None:
            lines.append(f"mean branching factor: {self.branching:.1f}")
        if self.reasons:
            lines.append("reasons: " + ", ".join(f"{r} {k}" for r, k in self.reasons))
        return "\n".join(lines)


class _Counts:
    """Running totals for one summary; keeps only the lengths as a list."""

    def __init__(self) -> None:
        self.game = ""
        self.games = self.draws = self.shared = self.unfinished = 0
        self.seat_games: list[int] = []
        self.wins: list[int] = []
        self.lengths: list[int] = []
        self.reasons: Counter[str] = Counter()
        self.positions = self.moves_seen = 0

    def add(self, record: GameRecord, branching: bool, game: Game[Any, Any] | None = None) -> None:
        if branching:  # first, so that a record whose moves do not replay changes no count
            state = record.start(game=game)
            seen = 0
            for move in record.moves:
                seen += len(state.legal_moves())
                state.apply(move)
            self.positions += len(record.moves)
            self.moves_seen += seen
        self.game = self.game or record.game
        self.games += 1
        while len(self.wins) < record.players:
            self.wins.append(0)
            self.seat_games.append(0)
        for seat in range(record.players):
            self.seat_games[seat] += 1
        self.lengths.append(len(record.moves))
        outcome = record.outcome
        if outcome is None:
            self.unfinished += 1
        else:
            self.reasons[outcome.reason] += 1
            if len(outcome.winners) == 1:
                self.wins[next(iter(outcome.winners))] += 1
            elif outcome.is_draw:
                self.draws += 1
            else:
                self.shared += 1

    def summary(self) -> Summary:
        seats = []
        for seat, (wins, games) in enumerate(zip(self.wins, self.seat_games, strict=True)):
            low, high = wilson_interval(wins, games)
            seats.append(SeatResult(seat, games, wins, wins / games if games else 0.0, low, high))
        reasons = tuple(sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0])))
        branching = self.moves_seen / self.positions if self.positions else None
        return Summary(self.game, self.games, tuple(seats), self.draws, self.shared, self.unfinished,
                       _length(self.lengths), reasons, branching)


def _length(lengths: list[int]) -> Length:
    if not lengths:
        return Length(0.0, 0.0, 0.0, 0.0)
    histogram = tuple(sorted(Counter(lengths).items()))
    ordered = sorted(lengths)
    n = len(ordered)

    def rank(p: float) -> float:
        return float(ordered[max(0, math.ceil(p * n) - 1)])

    middle = n // 2
    median = float(ordered[middle]) if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return Length(sum(ordered) / n, median, rank(0.1), rank(0.9), histogram)


def summarize(
    records: Records,
    *,
    branching: bool = False,
    skip_bad: bool = False,
    game: Game[Any, Any] | None = None,
    on_skip: _Skip = None,
) -> Summary:
    """Sum up a batch of games of one game.

    Args:
        records: See :func:`read_records`.
        branching: Also measure the mean branching factor, by replaying every
            game (slower).
        skip_bad: Skip malformed lines of a file (and, with ``branching``,
            records whose moves do not replay).
        game: The game to replay with, for a game that is not registered:
            a file's records are checked by replaying them under it (see
            :func:`read_records`), and ``branching`` measured with it.
        on_skip: Called as ``on_skip(line, reason)`` for a skipped line.

    Raises:
        RecordError: see :func:`read_records`; every error names the line of
            the file (or the position in ``records``) it is about.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import RandomAgent
        >>> from boardkit.play import tournament
        >>> result = tournament(Nim(heap=5), [RandomAgent(), RandomAgent()], games=10, seed=2)
        >>> s = summarize(result, branching=True, game=Nim(heap=5))
        >>> s.games, s.draws, round(s.branching, 2) > 1
        (10, 0, True)
    """
    counts = _Counts()
    _each(records, skip_bad, on_skip, lambda record, _: counts.add(record, branching, game), game)
    return counts.summary()


def group_key(record: GameRecord, by: str) -> str:
    """The group a record falls in for ``by``: an option's value as JSON text
    (``"2020"``, ``"\\"brandubh\\""`` shown bare for strings), or for
    ``"agents"`` the agents by seat joined by ``" vs "``.

    Raises:
        RecordError: if the record lacks the option (or the agent labels);
            :func:`summarize_by` says whether no record has it or one lacks it.

    Examples:
        >>> from boardkit import GameRecord
        >>> group_key(GameRecord("nim", {"heap": 5, "most": 3}, 2, 0, ()), "heap")
        '5'
        >>> group_key(GameRecord("nim", {}, 2, 0, (), agents=("a", "b")), "agents")
        'a vs b'
    """
    if by == "agents":
        if record.agents is None:
            raise RecordError(_lacks(record, by, every=False))
        return " vs ".join(record.agents)
    if by not in record.options:
        raise RecordError(_lacks(record, by, every=False))
    value = thaw_json(record.options[by])
    return value if isinstance(value, str) else json.dumps(value)


def _lacks(record: GameRecord, by: str, *, every: bool) -> str:
    """What is said of ``record`` (``every=False``), or of all the records
    read (``every=True``, the first of them standing for all), lacking
    ``by``: no such option, or for ``"agents"`` no agent labels."""
    if by == "agents":
        whose = "the records do not" if every else "the record does not"
        return f"{whose} say which agent sat where (write records with boardkit simulate)"
    known = ", ".join(sorted(record.options)) or "none"
    whose, which = ("the records have", "options") if every else ("the record has", "its options")
    return f"{whose} no option {by!r:.60}; {which} are: {known}; or group by 'agents'"


def summarize_by(
    records: Records,
    by: str,
    *,
    branching: bool = False,
    skip_bad: bool = False,
    game: Game[Any, Any] | None = None,
    on_skip: _Skip = None,
) -> dict[str, Summary]:
    """One :class:`Summary` per group (see :func:`group_key`), in the order
    the groups first appear.

    Raises:
        OptionError: if the first record has no ``by`` (no option of that
            name, or no agents): the error is about ``by``, not about a line.
        RecordError: as :func:`summarize`; a later record that lacks ``by``
            is named by its line.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import RandomAgent
        >>> from boardkit.play import tournament
        >>> a = tournament(Nim(heap=4), [RandomAgent(), RandomAgent()], games=4, seed=1).records
        >>> b = tournament(Nim(heap=5), [RandomAgent(), RandomAgent()], games=6, seed=1).records
        >>> {k: s.games for k, s in summarize_by([*a, *b], "heap").items()}
        {'4': 4, '5': 6}
    """
    groups: dict[str, _Counts] = {}
    first: list[tuple[str, GameRecord]] = []  # the first record without `by`, while no record has had it

    def add(record: GameRecord, where: str) -> None:
        try:
            key = group_key(record, by)
        except RecordError:
            if not groups and not first:
                first.append((where, record))
            if skip_bad or groups:
                raise  # skipped and reported, or named by its line: a record after those that have `by`
            return
        if first and not skip_bad:  # `by` is an option of these records, which the first ones lack
            raise _LackingError(f"{first[0][0]}: {_lacks(first[0][1], by, every=False)}")
        counts = groups.get(key) or _Counts()
        counts.add(record, branching, game)
        groups[key] = counts

    try:
        _each(records, skip_bad, on_skip, add, game)
    except _LackingError as exc:
        raise RecordError(str(exc)) from None
    if first and not groups:  # no record has `by`: the flag is wrong, not a line
        raise OptionError(_lacks(first[0][1], by, every=True))
    return {key: counts.summary() for key, counts in groups.items()}


class _LackingError(Exception):
    """A record lacked ``by`` before one had it: the error names that record's
    line, so it passes :func:`_each` without the later line put on it."""


@attrs.frozen
class Rating:
    """An agent's Bradley-Terry rating on the Elo scale.

    Attributes:
        agent: The agent's label.
        rating: Its rating; the ratings average 0.
        low: Lower end of its 95% interval.
        high: Upper end of it.
        games: Games it played against other agents (as
            :attr:`boardkit.play.Standing.games` counts them).
    """

    agent: str
    rating: float
    low: float
    high: float
    games: int

    def to_dict(self) -> dict[str, Any]:
        """The rating as JSON data."""
        return attrs.asdict(self)


_ELO = 400.0 / math.log(10.0)


def ratings(
    records: Records, *, skip_bad: bool = False, on_skip: _Skip = None, game: Game[Any, Any] | None = None
) -> tuple[Rating, ...]:
    """Rate every agent from all games at once (Bradley-Terry, maximum
    likelihood), strongest first.

    Each game gives each agent in it one result, however many seats it held,
    as :class:`boardkit.play.Standing` counts them: a win when only its seats
    won, a shared victory when seats of other agents won too, a loss when it
    held no winning seat, a draw when nobody won. The game is then split into
    pairs of agents: an agent that won or shared the victory beats every
    agent that lost, and two agents that both won, both lost, or sat in a
    draw or an unfinished game score half a win each way. A game in which one
    agent held every seat says nothing and is left out (an agent that only
    played itself is not rated). Each agent's strength is fitted with a weak
    prior (one drawn game against an average opponent) so that an agent that
    won or lost everything still gets a finite rating. The interval is 1.96
    standard errors of the fit (from the inverse of the observed information)
    of each rating relative to the mean, on the Elo scale; beyond
    :data:`_EXACT_ERRORS` agents (100), where that inverse would cost the cube
    of the agents, it is each agent's own (``1 / sqrt`` of its information),
    which leaves out its opponents' uncertainty and so reads a little narrow.
    ``skip_bad``, ``on_skip`` and ``game`` are as for :func:`summarize`.

    Raises:
        RecordError: if a record does not say which agent sat where, or names
            an agent for a number of seats other than its players'.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import GreedyAgent, RandomAgent
        >>> from boardkit.play import tournament
        >>> r = tournament(Nim(heap=9), {"greedy": GreedyAgent(), "random": RandomAgent()}, games=30, seed=5)
        >>> best, worst = ratings(r)
        >>> best.agent, best.rating > 0 > worst.rating, best.low < best.rating < best.high
        ('greedy', True, True)
    """
    index: dict[str, int] = {}  # each agent's number, in the order they come
    wins: defaultdict[tuple[int, int], float] = defaultdict(float)
    games: Counter[int] = Counter()

    def add(record: GameRecord, _: str) -> None:
        if record.agents is None:
            raise RecordError(_lacks(record, "agents", every=True))
        winners = () if record.outcome is None else record.outcome.winners
        if len(record.agents) != record.players or any(not 0 <= w < record.players for w in winners):
            raise RecordError(f"the record names {len(record.agents)} agents and the winners {sorted(winners)} "
                              f"for {record.players} seats")
        results = agent_results(record.outcome, record.agents)
        ids = [index.setdefault(label, len(index)) for label in results]
        games.update(ids)
        won = [how in ("win", "shared") for how, _ in results.values()]
        for a in range(len(ids)):
            for b in range(a + 1, len(ids)):
                x, y = ids[a], ids[b]
                if won[a] == won[b]:
                    wins[x, y] += 0.5
                    wins[y, x] += 0.5
                elif won[a]:
                    wins[x, y] += 1.0
                else:
                    wins[y, x] += 1.0

    _each(records, skip_bad, on_skip, add, game)
    names = list(index)
    strength = _fit(len(names), wins)
    errors = _standard_errors(strength, wins)
    mean = sum(strength) / len(strength) if strength else 0.0
    rated = [
        Rating(name, _ELO * (s - mean), _ELO * (s - mean - 1.96 * e), _ELO * (s - mean + 1.96 * e), games[i])
        for i, (name, s, e) in enumerate(zip(names, strength, errors, strict=True))
    ]
    return tuple(sorted(rated, key=lambda r: (-r.rating, r.agent)))


def _opponents(n: int, wins: Mapping[tuple[int, int], float]) -> list[list[tuple[int, float]]]:
    """For each agent, the agents it met and how many games with each (wins
    both ways), in the order of their numbers: only the pairs that played."""
    met: list[dict[int, float]] = [{} for _ in range(n)]
    for (a, b), won in wins.items():
        met[a][b] = met[a].get(b, 0.0) + won
        met[b][a] = met[b].get(a, 0.0) + won
    return [sorted((j, played) for j, played in each.items() if played) for each in met]


def _fit(n: int, wins: Mapping[tuple[int, int], float]) -> list[float]:
    """Bradley-Terry log-strengths by the MM algorithm (Hunter 2004), each
    agent with one virtual draw against a fixed average opponent. Each step
    visits the pairs that played, not every pair: its cost grows with the
    games, not the square of the agents."""
    if n == 0:
        return []
    met = _opponents(n, wins)
    won = [0.5 for _ in range(n)]
    for (a, _), w in sorted(wins.items()):  # summed in the order of the opponents' numbers
        won[a] += w
    gamma = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            g = gamma[i]
            denom = 1.0 / (g + 1.0)  # the virtual game against strength 1
            for j, played in met[i]:
                denom += played / (g + gamma[j])
            new.append(won[i] / denom)
        new = _centred(new)
        change = max(abs(math.log(x / y)) for x, y in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-10:
            break
    return [math.log(g) for g in gamma]


def _centred(gamma: list[float]) -> list[float]:
    """``gamma`` times the one common factor that suits the virtual draws best.

    The real games say nothing of a factor common to every strength: only the
    weak prior does, so the MM steps alone move it slowly (2,000 steps were
    not enough for 300 agents). Solving for it at each step (Newton's method
    on the prior's one equation) takes that slow direction out; the fit
    reaches the same maximum in far fewer steps."""
    logs = [math.log(g) for g in gamma]
    shift = 0.0
    for _ in range(50):
        p = [1.0 / (1.0 + math.exp(-(s + shift))) for s in logs]
        slope = sum(x * (1 - x) for x in p)
        step = sum(0.5 - x for x in p) / slope
        shift += step
        if abs(step) < 1e-13:
            break
    factor = math.exp(shift)
    return [g * factor for g in gamma]


#: Up to this many agents, the intervals come from the whole inverse of the
#: fit's information (each rating's error beside its opponents'); beyond it,
#: whose inverse costs the cube of the agents, from each agent's own
#: information alone.
_EXACT_ERRORS = 100


def _standard_errors(strength: list[float], wins: Mapping[tuple[int, int], float]) -> list[float]:
    """Standard errors of the log-strengths relative to their mean, from the
    inverse observed information (the prior included); for more than
    :data:`_EXACT_ERRORS` agents, from each one's own information
    (``1 / sqrt(I_ii)``), which leaves out its opponents' uncertainty."""
    n = len(strength)
    met = _opponents(n, wins)
    diagonal = []
    for i in range(n):
        p = 1.0 / (1.0 + math.exp(-strength[i]))
        diagonal.append(p * (1 - p))  # the virtual game
    off: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for i in range(n):
        for j, played in met[i]:
            q = 1.0 / (1.0 + math.exp(strength[j] - strength[i]))
            w = played * q * (1 - q)
            diagonal[i] += w
            off[i].append((j, w))
    if n > _EXACT_ERRORS:
        return [1.0 / math.sqrt(d) for d in diagonal]
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        info[i][i] = diagonal[i]
        for j, w in off[i]:
            info[i][j] -= w
    inverse = _inverse(info)
    # The ratings are shown relative to their mean, so the error of s_i - mean(s) is what counts:
    # the variance of c.s with c = e_i - 1/n (the common shift, which the data cannot tell, drops out).
    # That is inverse[i][i] - (row i + column i of the inverse) / n + (the sum of it all) / n^2.
    rows = [sum(row) for row in inverse]
    columns = [sum(row[j] for row in inverse) for j in range(n)]
    total = sum(rows)
    return [
        math.sqrt(max(inverse[i][i] - (rows[i] + columns[i]) / n + total / (n * n), 0.0)) for i in range(n)
    ]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small, positive definite matrix."""
    n = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        scale = rows[col][col]
        rows[col] = [x / scale for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


def _seat_names(game: str, seats: int) -> list[str]:
    try:
        found = load_game(game)
    except BoardkitError:
        return []
    return [found.seat_name(p) for p in range(seats)]


def plot(
    summary: Summary,
    path: str | os.PathLike[str],
    *,
    groups: Mapping[str, Summary] | None = None,
    seat_names: Sequence[str] | None = None,
) -> None:
    """Draw the win rate of each seat with its 95% interval and the game
    lengths, to an SVG or PNG file (by its extension). Needs matplotlib:
    ``pip install 'boardkit[plot]'``.

    Without ``groups`` the left panel has a bar per seat and the right one the
    distribution of game lengths. With ``groups`` (as from
    :func:`summarize_by`) each group is a place on the axis with a bar per
    seat (and one each for shared victories, draws and unfinished games when
    there are any), and the lengths are drawn per group as the median with a
    line from the 10th to the 90th percentile.

    Args:
        summary: The games (for a single panel and the title's game name).
        path: Where to write, ``.svg`` or ``.png``.
        groups: Summaries to compare side by side.
        seat_names: What to call the seats (default: the game's names for
            them if it is registered, as Tafl's ``attackers`` and
            ``defenders``; else ``seat 0``, ``seat 1``, ...).

    Raises:
        OptionError: if matplotlib is missing or the file type is not .svg or .png.
    """
    target = os.fspath(path)
    if not target.lower().endswith((".svg", ".png")):
        raise OptionError(f"a plot is written to a .svg or .png file, not {target!r:.80}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import PercentFormatter
    except ImportError:
        raise OptionError("plots need matplotlib: pip install 'boardkit[plot]'") from None
    shown = dict(groups) if groups else {"all games": summary}
    seats = max(len(s.seats) for s in shown.values())
    names = [*(seat_names if seat_names is not None else _seat_names(summary.game, seats))][:seats]
    names += [f"seat {i}" for i in range(len(names), seats)]
    wide = len(shown) > 1
    many = len(shown) > 4  # then the panels go one above the other, the labels slanted
    if many:
        figure, (rates, lengths) = plt.subplots(2, 1, figsize=(max(9.0, 0.9 * len(shown) + 2), 8.5))
    else:
        figure, (rates, lengths) = plt.subplots(1, 2, figsize=(11.0, 4.6), width_ratios=(3, 2) if wide else (1, 1))
    if wide:
        sizes = {part.games for part in shown.values()}
        labels = list(shown) if len(sizes) == 1 else [f"{k} ({part.games})" for k, part in shown.items()]
        tick = {"rotation": 25, "ha": "right", "rotation_mode": "anchor"} if many else {}
        # A bar per seat, then the games won by no single seat: shared victories, draws, and games
        # cut short (grey, hatched).
        kinds = (("shared", "shared"), ("draw", "draws"), ("unfinished", "unfinished"))
        extra = [(name, count) for name, count in kinds if any(getattr(part, count) for part in shown.values())]
        bars = [*names, *(name for name, _ in extra)]
        width = 0.84 / len(bars)
        for b, name in enumerate(bars):
            xs, ys, low, high = [], [], [], []
            for g, part in enumerate(shown.values()):
                if b < seats:
                    if b >= len(part.seats):
                        continue
                    rate, lo, hi = part.seats[b].rate, part.seats[b].low, part.seats[b].high
                else:
                    count = getattr(part, extra[b - seats][1])
                    rate = count / part.games if part.games else 0.0
                    lo, hi = wilson_interval(count, part.games)
                xs.append(g + (b - (len(bars) - 1) / 2) * width)
                ys.append(rate)
                low.append(rate - lo)
                high.append(hi - rate)
            style: dict[str, Any] = {}
            if b >= seats:
                style = ({"color": "#bbbbbb"} if name == "draw" else {"color": "#d8c88a"} if name == "shared"
                         else {"color": "#eeeeee", "edgecolor": "#999999", "hatch": "///"})
            rates.bar(xs, ys, width=width * 0.92, yerr=[low, high], capsize=2, label=name, **style)
        rates.set_xticks(range(len(shown)), labels, **tick)
        rates.set_xlim(-0.5, len(shown) - 0.5)
        each = f" ({sizes.pop()} games each)" if len(sizes) == 1 else " (games per group)"
        rates.set_title(f"{summary.game}: who wins{each}")
        rates.legend(fontsize="small", ncols=len(bars), loc="upper center")
        middle = [part.length.median for part in shown.values()]
        spread = [
            [part.length.median - part.length.p10 for part in shown.values()],
            [part.length.p90 - part.length.median for part in shown.values()],
        ]
        lengths.errorbar(range(len(shown)), middle, yerr=spread, fmt="o", capsize=4, label="median, 10%-90%")
        lengths.plot(range(len(shown)), [part.length.mean for part in shown.values()], "x", label="mean")
        lengths.set_xticks(range(len(shown)), labels, **tick)
        lengths.set_xlim(-0.5, len(shown) - 0.5)
        lengths.set_ylim(0, max(part.length.p90 for part in shown.values()) * 1.25 + 1)
        lengths.set_ylabel("game length (moves)")
        lengths.legend(fontsize="small", ncols=2, loc="upper left")
    else:
        part = summary
        rates.bar(range(len(part.seats)), [s.rate for s in part.seats], width=0.6,
                  yerr=[[s.rate - s.low for s in part.seats], [s.high - s.rate for s in part.seats]], capsize=5)
        rates.set_xticks(range(len(part.seats)), names[: len(part.seats)])
        counts = part.length.histogram
        if counts:
            lengths.bar([m for m, _ in counts], [n / part.games for _, n in counts], width=1.0)
        lengths.set_xlabel("game length (moves)")
        lengths.set_ylabel("share of games")
        lengths.yaxis.set_major_formatter(PercentFormatter(1.0))
    rates.set_ylim(0, 1.15 if wide else 1.0)
    rates.set_yticks([0.0, 0.2, 0.4, 0.6, 0.8, 1.0])
    rates.yaxis.set_major_formatter(PercentFormatter(1.0))
    rates.set_ylabel("share of games (95% Wilson interval)" if wide else "win rate (95% Wilson interval)")
    if not wide:
        rates.set_title(f"{summary.game}: who wins ({summary.games} games)")
    lengths.set_title("game lengths")
    figure.tight_layout()
    try:
        figure.savefig(target, dpi=100)
    except OSError as exc:
        raise OptionError(f"cannot write {target!r:.80}: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)
