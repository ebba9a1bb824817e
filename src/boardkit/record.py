"""Game records: a finished or unfinished game as JSON that replays exactly.

Core floor: it imports only other core modules, never a board, a component,
a game or an application, and not the game protocol either (which imports
records: :meth:`State.to_record <boardkit.State.to_record>`). What a record
needs of a game and of a state to replay is written here as two protocols,
:class:`ReplayGame` and :class:`ReplayState`, that every
:class:`~boardkit.Game` and :class:`~boardkit.State` meet; a game named only
by its registry name is found in :mod:`boardkit.registry`, below this module.

A record holds the game's registry name and options, the number of players,
the seed, the starting position when the game was set up rather than started
(``setup``), the moves in notation and the declared outcome. Because every
chance event is drawn from the state's seeded generator, these are enough to
rebuild the identical game. Reading a record validates everything and replays
it; nothing is ever ``eval``-ed or unpickled. A record is an immutable,
hashable value: its options and set-up are frozen JSON data.

Format history: version 1 had no ``setup``; version 2 adds it (``null`` for a
game started with ``new_game``) and, optionally, ``agents``: a label per seat
saying which agent played it, as :func:`boardkit.play.tournament` and
``boardkit simulate`` write. Both versions are read.
"""

from __future__ import annotations

import gc
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, Protocol, TypeVar, overload, runtime_checkable

import attrs

from boardkit import registry
from boardkit.errors import BoardkitError, IllegalMoveError, NotationError, RecordError, shown
from boardkit.outcome import Outcome

__all__ = [
    "FORMAT_VERSION",
    "FrozenJSON",
    "GameRecord",
    "RecordFormat",
    "ReplayGame",
    "ReplayState",
    "freeze_json",
    "strict_json",
    "thaw_json",
]

#: The record format this version of boardkit writes (it also reads the older ones).
FORMAT_VERSION: Final = 2
#: Every format this version of boardkit reads.
READ_FORMATS: Final = (1, 2)

_MAX_TEXT = 32 * 1024 * 1024
_MAX_MOVES = 1_000_000
_MAX_MOVE_TEXT = 1_000
_MAX_PLAYERS = 64
_KEYS_V1 = ("format", "game", "options", "players", "seed", "moves", "outcome")
_KEYS = (*_KEYS_V1, "setup")
_OPTIONAL = ("agents",)
_MAX_LABEL = 200
#: The deepest a record's options or set-up nest (Camelot's tile list, the deepest real use, is 3).
_MAX_DEPTH = 32


class FrozenJSON(Mapping[str, Any]):
    """A read-only, hashable JSON object: what a record keeps its options and
    set-up in, so that a record can neither be changed nor disagree with itself.

    Nested objects are :class:`FrozenJSON` too and arrays are tuples (see
    :func:`freeze_json`); :func:`thaw_json` gives back plain ``dict``/``list``
    data. Equal by value to another mapping, a plain ``dict`` included.

    Examples:
        >>> options = FrozenJSON({"variant": "brandubh", "sizes": [7, 9]})
        >>> options["sizes"], options == {"variant": "brandubh", "sizes": (7, 9)}
        ((7, 9), True)
        >>> hash(options) == hash(FrozenJSON({"sizes": [7, 9], "variant": "brandubh"}))
        True
        >>> options["variant"] = "tablut"
        Traceback (most recent call last):
        ...
        TypeError: 'FrozenJSON' object does not support item assignment
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] = {}) -> None:
        self._data: dict[str, Any] = {str(k): freeze_json(v) for k, v in data.items()}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == {k: freeze_json(v) for k, v in other.items()}
        return NotImplemented

    def __repr__(self) -> str:
        return repr(thaw_json(self))


def freeze_json(value: Any) -> Any:
    """JSON data made immutable and hashable: objects become :class:`FrozenJSON`,
    arrays tuples; strings, numbers, booleans and ``None`` stay as they are.

    Examples:
        >>> freeze_json({"a": [1, {"b": None}]})
        {'a': [1, {'b': None}]}
        >>> freeze_json([1, [2]])
        (1, (2,))
    """
    if isinstance(value, FrozenJSON):
        return value
    if isinstance(value, Mapping):
        return FrozenJSON(value)
    if isinstance(value, list | tuple):
        return tuple(freeze_json(v) for v in value)
    return value


def thaw_json(value: Any) -> Any:
    """Frozen JSON data back as plain ``dict``/``list`` values, for ``json.dumps``
    and for code that expects lists.

    Examples:
        >>> thaw_json(freeze_json({"a": [1, {"b": (2,)}]}))
        {'a': [1, {'b': [2]}]}
    """
    if isinstance(value, Mapping):
        return {k: thaw_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw_json(v) for v in value]
    return value


def _result(outcome: Outcome | None) -> tuple[frozenset[int], tuple[float, ...] | None] | None:
    """What a replay checks of an outcome: who won and the scores, not the words of its reason."""
    return None if outcome is None else (outcome.winners, outcome.scores)


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "winners": sorted(outcome.winners),
        "scores": None if outcome.scores is None else list(outcome.scores),
        "reason": outcome.reason,
    }


def _to_moves(moves: Iterable[str]) -> tuple[str, ...]:
    return tuple(moves)


def _to_labels(labels: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if labels is None else tuple(labels)


def _to_options(options: Mapping[str, Any]) -> FrozenJSON:
    return options if isinstance(options, FrozenJSON) else FrozenJSON(options)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ReplayState(Protocol):
    """What a record needs of a state: every :class:`~boardkit.State` is one.

    Records stand below the game protocol (which imports them), so they name
    what they use of a state rather than its class.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state: ReplayState = Nim(heap=3).new_game(seed=0)
        >>> state.apply("take 3")
        >>> state.to_record().moves, state.outcome.winners
        (('take 3',), frozenset({0}))
    """

    @property
    def game(self) -> ReplayGame[Any]:
        """The game the state is of."""

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended; ``None`` while it goes on."""

    def apply(self, move: Any) -> None:
        """Play a move (a move value or its notation)."""

    def to_record(self) -> GameRecord:
        """The game so far as a record."""


S_co = TypeVar("S_co", bound=ReplayState, covariant=True)
S = TypeVar("S", bound=ReplayState)


class ReplayGame(Protocol[S_co]):
    """What a record needs of a game to replay it: every :class:`~boardkit.Game`
    is one, and :meth:`GameRecord.replay` gives back the game's own state type.

    Examples:
        >>> from boardkit.testing import Nim
        >>> nim: ReplayGame[Any] = Nim(heap=3)
        >>> state = nim.new_game(seed=0)
        >>> state.apply("take 3")
        >>> state.to_record().replay(game=nim).outcome.winners
        frozenset({0})
    """

    @property
    def name(self) -> str:
        """The registry name a record of the game carries."""

    def option_values(self) -> dict[str, Any]:
        """The options as written in a record."""

    def parse_move(self, text: str) -> Any:
        """A move read from its notation."""

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> S_co:
        """The game's start for ``players`` and ``seed``."""

    def from_setup(self, setup: Any, *, players: Any, seed: Any) -> S_co:
        """A set-up start rebuilt from a record's ``setup`` data."""


@runtime_checkable
class RecordFormat(Protocol):
    """Another program's file format a game reads and writes its games in,
    beside boardkit's own JSON records: what a game declares among its parts
    (``formats`` in :attr:`Game.declared <boardkit.Game.declared>`). The command's ``replay`` reads a
    file by its suffix, and the web page offers a download in each format.

    Tafl's ``.otg`` (OpenTafl's saved games) is one. Any value with these
    four attributes is a format:

        >>> import attrs
        >>> @attrs.frozen
        ... class Lines:
        ...     name: str = "moves, one a line"
        ...     suffix: str = ".txt"
        ...     read_game: Any = None
        ...     write_game: Any = lambda state: "\\n".join(map(str, state.history))
        >>> isinstance(Lines(), RecordFormat)
        True
    """

    @property
    def name(self) -> str:
        """What players call the files ("OpenTafl saved game")."""

    @property
    def suffix(self) -> str:
        """The file name ending, with its dot (``".otg"``)."""

    @property
    def read_game(self) -> Callable[[str], ReplayState]:
        """A file's text -> the game it holds, replayed (raises a boardkit error for a bad file)."""

    @property
    def write_game(self) -> Callable[..., str]:
        """A state -> the file's text."""


@attrs.frozen
class GameRecord:
    """One game, as data: replayable, JSON-safe and validated on reading.

    Attributes:
        game: The registry name (see :func:`boardkit.games.names`).
        options: The game's options as read-only JSON values
            (:class:`FrozenJSON`).
        players: How many players took part.
        seed: The seed of the game's generator.
        moves: The moves in the game's notation, oldest first.
        outcome: The declared outcome; ``None`` for an unfinished game.
        format: The record format version.
        setup: The starting position, for a game set up with the game's
            ``from_position`` rather than started with ``new_game``: frozen
            JSON data that the game's ``from_setup`` rebuilds it from. ``None``
            for a game played from the normal start.
        agents: Which agent sat at each seat, one label per player (for
            analysis: :func:`boardkit.analysis.ratings`); ``None`` when
            unknown.

    Examples:
        >>> from boardkit.games import load
        >>> state = load("tafl", variant="brandubh").new_game(seed=3)
        >>> for text in ["d6-f6", "d5-b5", "d7-e7"]:
        ...     state.apply(text)
        >>> record = state.to_record()
        >>> record.game, record.moves, record.outcome
        ('tafl', ('d6-f6', 'd5-b5', 'd7-e7'), None)
        >>> text = record.to_json()
        >>> GameRecord.from_json(text) == record
        True
        >>> GameRecord.from_json(text).replay() == state
        True

        A game that is not registered is replayed by passing it:

        >>> from boardkit.testing import Nim
        >>> nim = Nim(heap=4).new_game(seed=3)
        >>> nim.apply("take 3"); nim.apply("take 1")
        >>> GameRecord.from_json(nim.to_record().to_json(), game=Nim(heap=4)).outcome.winners
        frozenset({1})
    """

    game: str
    options: FrozenJSON = attrs.field(converter=_to_options)
    players: int
    seed: int
    moves: tuple[str, ...] = attrs.field(converter=_to_moves)
    outcome: Outcome | None = None
    format: int = FORMAT_VERSION
    setup: Any = attrs.field(default=None, converter=freeze_json)
    agents: tuple[str, ...] | None = attrs.field(default=None, converter=_to_labels)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON-safe values.

        Examples:
            >>> r = GameRecord("nim", {"heap": 2, "most": 3}, 2, 0, ("take 2",))
            >>> r.to_dict()["moves"]
            ['take 2']
        """
        data = {
            "format": self.format,
            "game": self.game,
            "options": thaw_json(self.options),
            "players": self.players,
            "seed": self.seed,
            "moves": list(self.moves),
            "outcome": _outcome_json(self.outcome),
        }
        if self.format >= 2:
            data["setup"] = thaw_json(self.setup)
            if self.agents is not None:
                data["agents"] = list(self.agents)
        return data

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text.

        Examples:
            >>> r = GameRecord("nim", {"heap": 2, "most": 3}, 2, 0, ())
            >>> r.to_json()[:24]
            '{"format": 2, "game": "n'
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: object, *, game: ReplayGame[Any] | None = None, replay: bool = True) -> GameRecord:
        """Validate plain JSON values and replay them; see :meth:`from_json`.
        With ``replay=False`` only the fields are checked (their types and
        ranges), not the moves: what :mod:`boardkit.analysis` needs to count
        a million records quickly.

        Raises:
            RecordError: for anything malformed or inconsistent.

        Examples:
            >>> data = GameRecord("nim", {"heap": 2, "most": 3}, 2, 0, ("take 9",)).to_dict()
            >>> GameRecord.from_dict(data, replay=False).moves
            ('take 9',)
        """
        record = cls._parse(data)
        if replay:
            record.replay(game=game)
        return record

    @classmethod
    def from_json(cls, text: str | bytes, *, game: ReplayGame[Any] | None = None) -> GameRecord:
        """Read a record from JSON, validating every field and replaying every
        move, so that a record that loads is one that really happened.

        Args:
            text: The JSON text.
            game: The game to check the moves against, for a game that is not
                registered (see :meth:`replay`).

        Raises:
            RecordError: if the text is not JSON, a field is missing, of the
                wrong type or out of range, the game or an option is unknown, a
                move is not legal notation or not legal where it stands, or the
                declared outcome is not the one the moves lead to.

        Examples:
            >>> GameRecord.from_json('{"format": 1}')
            Traceback (most recent call last):
            ...
            boardkit.errors.RecordError: invalid record: missing field 'game'
            >>> GameRecord.from_json("[1, 2")
            Traceback (most recent call last):
            ...
            boardkit.errors.RecordError: invalid record: not JSON: Expecting ',' delimiter: line 1 column 6 (char 5)
        """
        if not isinstance(text, str | bytes):
            raise RecordError(f"expected JSON text, not {type(text).__name__}")
        if len(text) > _MAX_TEXT:
            raise RecordError(f"the record is larger than {_MAX_TEXT} bytes")
        try:
            data = strict_json(text)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_dict(data, game=game)

    @classmethod
    def _parse(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        version = data.get("format")
        if not _is_int(version) or version not in READ_FORMATS:
            given = f"{version!r:.40}" if "format" in data else "missing"
            raise RecordError(f"unsupported format {given}; this boardkit reads formats 1 and 2")
        keys = _KEYS_V1 if version == 1 else _KEYS
        for key in keys:
            if key not in data:
                raise RecordError(f"missing field {key!r}")
        extra = sorted(set(data) - set(keys) - set(_OPTIONAL if version >= 2 else ()), key=str)
        if extra:
            raise RecordError(f"unknown field {extra[0]!r:.40}")
        game, options, players, seed, moves = (data[k] for k in _KEYS[1:6])
        if not isinstance(game, str):
            raise RecordError(f"'game' must be a string, not {game!r}")
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        _check_depth("options", options)
        if not _is_int(players) or not 1 <= players <= _MAX_PLAYERS:
            raise RecordError(f"'players' must be an integer from 1 to {_MAX_PLAYERS}, not {players!r}")
        if not _is_int(seed) or not 0 <= seed < 2**64:
            raise RecordError(f"'seed' must be an integer from 0 to 2**64 - 1, not {seed!r}")
        if not isinstance(moves, list) or len(moves) > _MAX_MOVES:
            raise RecordError(f"'moves' must be a list of at most {_MAX_MOVES} strings")
        if not (set(map(type, moves)) <= {str} and max(map(len, moves), default=0) <= _MAX_MOVE_TEXT):
            for i, move in enumerate(moves):  # name the first bad one
                if not isinstance(move, str) or len(move) > _MAX_MOVE_TEXT:
                    limit = _MAX_MOVE_TEXT
                    raise RecordError(f"move {i + 1} must be a string of at most {limit} characters, not {move!r:.60}")
        setup = data.get("setup")
        if setup is not None and not isinstance(setup, dict | list | str):
            raise RecordError(f"'setup' must be null or JSON data describing the start position, not {setup!r:.60}")
        _check_depth("setup", setup)
        agents = data.get("agents")
        if agents is not None and (
            not isinstance(agents, list)
            or len(agents) != players
            or not all(isinstance(a, str) and 0 < len(a) <= _MAX_LABEL for a in agents)
        ):
            raise RecordError(f"'agents' must be null or {players} agent labels (strings), not {agents!r:.80}")
        outcome = _parse_outcome(data["outcome"], players)
        return cls(game, options, players, seed, tuple(moves), outcome, FORMAT_VERSION, setup, agents)

    @overload
    def replay(self, *, game: None = None) -> Any: ...
    @overload
    def replay(self, *, game: ReplayGame[S]) -> S: ...

    def replay(self, *, game: ReplayGame[Any] | None = None) -> Any:
        """Rebuild the game by playing every move from the seeded start.

        Args:
            game: The game to replay under, for a game that is not registered;
                by default the registered game named in the record, with the
                record's options (found in :mod:`boardkit.registry`).

        Returns:
            The state after the last move: to a type checker, the given
            game's own state type (``Any`` for a game found by its name).

        Raises:
            RecordError: if the game or options are unknown, a move is illegal,
                or the result differs from the declared one: its winners or
                scores (the reason is words, which a later release may say
                better, so a record's reason is not compared).
        """
        state = self.start(game=game)
        # Notation is the game's, not the position's, and moves are values: each
        # distinct text is read once (a long record repeats its moves, and reading
        # them again cost as much as playing them).
        read = state.game.parse_move
        moves: dict[str, Any] = {}
        apply = state.apply
        # A replay only adds to the state (its moves and what undoes them): no garbage
        # cycle for the collector to find, which would walk the growing history again
        # and again (a third of the time of a 100,000-move record).
        collecting = gc.isenabled()
        gc.disable()
        try:
            for i, text in enumerate(self.moves):
                try:
                    move = moves.get(text)
                    if move is None:
                        move = moves[text] = read(text)
                    apply(move)
                except (NotationError, IllegalMoveError) as exc:
                    raise RecordError(f"move {i + 1} ({text!r}): {exc}") from None
        finally:
            if collecting:
                gc.enable()
        actual = state.outcome
        if _result(actual) != _result(self.outcome):
            said = "unfinished" if self.outcome is None else f"{_outcome_json(self.outcome)}"
            real = "unfinished" if actual is None else f"{_outcome_json(actual)}"
            raise RecordError(f"the record declares the outcome {said}, but its moves give {real}")
        return state

    @overload
    def start(self, *, game: None = None) -> Any: ...
    @overload
    def start(self, *, game: ReplayGame[S]) -> S: ...

    def start(self, *, game: ReplayGame[Any] | None = None) -> Any:
        """The state the record's moves are played from: the game's normal
        start for the record's seed, or the set-up position (``setup``).

        Args:
            game: As for :meth:`replay`. A record may list only some options
                (one written by hand): the given game must have the value of
                each it lists, and has its own for the others, as a game
                loaded by name has its defaults.

        Raises:
            RecordError: if the game, its options or the set-up are not valid.

        Examples:
            >>> from boardkit.games import load
            >>> state = load("tafl", variant="brandubh").new_game(seed=3)
            >>> state.apply("d6-f6")
            >>> state.to_record().start() == load("tafl", variant="brandubh").new_game(seed=3)
            True
        """
        options = thaw_json(self.options)
        try:
            if game is None:
                game = registry.load(self.game, **options)
            elif game.name != self.game or not _agrees(game.option_values(), self.options):
                raise RecordError(f"the record is of {self.game} with options {shown(options, 300)}, not {game!r:.300}")
            if self.setup is None:
                state = game.new_game(players=self.players, seed=self.seed)
            else:
                state = game.from_setup(thaw_json(self.setup), players=self.players, seed=self.seed)
        except RecordError:
            raise
        except BoardkitError as exc:
            raise RecordError(str(exc)) from None
        return state


def _agrees(values: Mapping[str, Any], listed: FrozenJSON) -> bool:
    """Whether a game's option values have every value a record lists (a
    record may leave options out, which then take the game's values)."""
    return all(key in values and freeze_json(values[key]) == value for key, value in listed.items())


def strict_json(text: str | bytes) -> Any:
    """``json.loads`` for records: ``NaN`` and ``Infinity`` and a key given
    twice in one object are refused (``ValueError``), since a record that
    means two things must not load as one of them.

    Examples:
        >>> strict_json('{"a": 1}')
        {'a': 1}
        >>> strict_json('{"a": 1, "a": 2}')
        Traceback (most recent call last):
        ...
        ValueError: the key 'a' is given twice
    """
    return json.loads(text, object_pairs_hook=_object_once, parse_constant=_reject_constant)


def _object_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {shown(key, 40)} is given twice")
            seen.add(key)
    return data


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def _check_depth(field: str, value: object) -> None:
    """Refuse a field's JSON data that nests deeper than :data:`_MAX_DEPTH`
    (walked without recursion: the data may nest as deep as JSON parses)."""
    level: list[object] = [value]
    for _ in range(_MAX_DEPTH + 1):
        level = [v for item in level for v in _children(item)]
        if not level:
            return
    raise RecordError(f"{shown(field)} nests deeper than {_MAX_DEPTH} levels")


def _children(value: object) -> Iterable[object]:
    if isinstance(value, dict):
        return value.values()
    return value if isinstance(value, list | tuple) else ()


def _finite(value: object) -> bool:
    """Whether ``value`` is a number (not a boolean) that a float holds (an integer of 400 digits is not)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _parse_outcome(data: object, players: int) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {"winners", "scores", "reason"}:
        raise RecordError("'outcome' must be null or an object with 'winners', 'scores' and 'reason'")
    winners, scores, reason = data["winners"], data["scores"], data["reason"]
    if not isinstance(winners, list) or not all(_is_int(w) and 0 <= w < players for w in winners):
        raise RecordError(f"'outcome.winners' must list player numbers below {players}, not {shown(winners)}")
    if len(set(winners)) != len(winners):
        raise RecordError(f"'outcome.winners' names a player twice: {shown(winners)}")
    if scores is not None and (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(_finite(s) for s in scores)
    ):
        raise RecordError(f"'outcome.scores' must be null or {players} numbers, not {shown(scores)}")
    if not isinstance(reason, str):
        raise RecordError("'outcome.reason' must be a string")
    return Outcome(frozenset(winners), None if scores is None else tuple(scores), reason)
