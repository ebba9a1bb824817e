"""The game protocol: :class:`Game` (the rules), :class:`State` (one game in
progress) and :class:`Outcome` (how it ended).

Core floor: it imports only other core modules, never a board, a component,
a game or an application.

A game is written by subclassing both base classes. The state keeps the move
stack, the seeded generator and the transactional ``apply``/``undo`` pair; a
game supplies the rules through a handful of small methods:

* ``legal_moves()`` - every legal move, in a deterministic order;
* ``_play(move)`` - check the move and carry it out, returning what ``_unplay``
  needs to take it back (raise :class:`~boardkit.IllegalMoveError` *before*
  changing anything);
* ``_unplay(move, token)`` - take the move back exactly;
* ``current_player``, ``outcome``, ``_key()`` (the position as a hashable
  value), ``copy()`` and ``render()``.

Games with hidden information also override ``view()`` and ``_determinize()``
(the deal behind :meth:`State.determinize`).
The tutorial :doc:`/tutorials/first-game` builds a complete game this way.

Why this module is long: it is the whole protocol a game is written against (:class:`Outcome`,
:class:`Game`, :class:`State` and the views), kept in one file so a reader
learns the contract from one place; most of its length is docstrings with
runnable examples.
"""

from __future__ import annotations

import abc
import enum
import functools
import types
import typing
import warnings
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast

import attrs
from typing_extensions import Self

from boardkit.about import OPTION_KEY, About, OptionInfo
from boardkit.chance import Random, check_generator, check_seed, derive_seed, fresh_seed
from boardkit.compiling import mypyc_attr
from boardkit.errors import (
    BoardkitError,
    IllegalMoveError,
    OptionError,
    OptionTypeError,
    RecordError,
    UndoError,
    check_int,
    shown,
)
from boardkit.outcome import Outcome, Player
from boardkit.parts import Parts
from boardkit.record import GameRecord, RecordFormat

__all__ = [
    "Game",
    "NoOptions",
    "Outcome",
    "PerfectInformationView",
    "Player",
    "State",
    "make_options",
    "to_json_value",
    "view_dict",
]

class _Dealt:
    """The undo record of a move played before a determinized copy was dealt: one object, which a
    pickle reads back as itself (so that undo still knows it)."""

    def __reduce__(self) -> str:
        return "_DEALT"


_DEALT: Any = _Dealt()
#: An argument not given (where ``None`` is a value a caller may give).
_UNSET: Any = object()

M = TypeVar("M", bound=Hashable)
S = TypeVar("S", bound="State[Any]")
Opts = TypeVar("Opts")


def by_position(method: str, names: Sequence[str], args: tuple[Any, ...], keywords: Sequence[Any]) -> tuple[Any, ...]:
    """The values of ``method``'s keyword-only arguments ``names`` when a
    caller still gives the first of them by position, the old spelling,
    with a :class:`DeprecationWarning`. ``keywords`` are the values given by
    keyword, ``None`` where none was.

    Raises:
        TypeError: for more positional arguments than ``names``, or one
            given both by position and by keyword.

    Examples:
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     by_position("playout", ("max_plies", "rng"), (10,), (None, None))
        (10, None)
        >>> str(caught[0].message)
        'playout(max_plies) by position is deprecated: write playout(max_plies=...)'
    """
    if len(args) > len(names):
        raise TypeError(f"{method}() takes {', '.join(names)} by keyword, not {len(args)} arguments by position")
    for name, value in zip(names, keywords[: len(args)]):  # noqa: B905 (keywords is longer)
        if value is not None:
            raise TypeError(f"{method}() got {name} both by position and by keyword")
    given = ", ".join(names[: len(args)])
    spelled = ", ".join(f"{name}=..." for name in names[: len(args)])
    warnings.warn(
        f"{method}({given}) by position is deprecated: write {method}({spelled})", DeprecationWarning, stacklevel=3
    )
    return (*args, *keywords[len(args) :])


def _shown(move: object) -> object:
    """A move for an error message: itself when its ``repr`` works, else a description."""
    try:
        repr(move)
        str(move)
    except Exception:
        return f"<{type(move).__name__} with fields of the wrong kind>"
    return move


def to_json_value(value: Any) -> Any:
    """``value`` as plain JSON data, the same for equal values: the helper
    behind every view's ``to_dict()``.

    attrs values become dicts of their fields (or their own ``to_dict()``),
    enums their ``value``, tuples and lists lists, sets and frozensets sorted
    lists, mappings dicts with string keys (tuples joined by commas); an
    attrs value with its own ``__str__`` (a move) becomes that text; numbers, strings, ``None`` and
    booleans stay as they are, and anything else becomes its ``str()``.

    Examples:
        >>> import json
        >>> to_json_value(Outcome.win(1, "king escaped"))
        {'winners': [1], 'scores': None, 'reason': 'king escaped'}
        >>> json.dumps(to_json_value({(0, 1): frozenset({3, 2})}))
        '{"0,1": [2, 3]}'
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return to_json_value(value.value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if attrs.has(type(value)):
        if getattr(type(value), "__str__", None) is not object.__str__:  # a move: its notation
            return str(value)
        return view_dict(value)
    if isinstance(value, tuple | list):
        return [to_json_value(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((to_json_value(v) for v in value), key=repr)
    if isinstance(value, Mapping):
        return {_json_key(k): to_json_value(v) for k, v in value.items()}
    return str(value)


def _json_key(key: object) -> str:
    if isinstance(key, tuple):
        return ",".join(_json_key(k) for k in key)
    value = to_json_value(key)
    return value if isinstance(value, str) else str(value)


@attrs.frozen
class PerfectInformationView:
    """The view of a game without hidden information: everything is public.

    Attributes:
        player: Whose view it is.
        position: The position and the moves so far, which every player may
            see (everything but the generator's state).

    Examples:
        >>> PerfectInformationView(0, ("board", 1)).position
        ('board', 1)
        >>> PerfectInformationView(0, ("board", 1)).to_dict()
        {'player': 0, 'position': ['board', 1]}
    """

    player: Player
    position: Hashable

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data (see :func:`to_json_value`); equal views give equal dicts."""
        return view_dict(self)


def view_dict(view: Any) -> dict[str, Any]:
    """An attrs view's fields as JSON data: what a view's ``to_dict()`` returns.

    Examples:
        >>> view_dict(PerfectInformationView(1, "x"))
        {'player': 1, 'position': 'x'}
    """
    return {f.name: to_json_value(getattr(view, f.name)) for f in attrs.fields(type(view))}


def setup_fields(setup: Any, keys: Iterable[str], *, game: str) -> dict[str, Any]:
    """Check a record's ``setup`` data is a JSON object with exactly ``keys``,
    for a game's :meth:`Game.from_setup`.

    Raises:
        OptionError: naming what is missing or unknown.

    Examples:
        >>> setup_fields({"to_move": 1}, ["to_move"], game="demo")
        {'to_move': 1}
        >>> setup_fields([1], ["to_move"], game="demo")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: bad setup for demo: expected an object with 'to_move', not [1]
    """
    wanted = list(keys)
    if not isinstance(setup, Mapping) or set(setup) != set(wanted):
        names = ", ".join(repr(k) for k in wanted)
        raise OptionError(f"bad setup for {game}: expected an object with {names}, not {setup!r:.80}")
    return dict(setup)


def make_options(cls: type[Opts], options: Mapping[str, Any], *, game: str) -> Opts:
    """Build a frozen options value from keyword arguments, or raise
    :class:`~boardkit.OptionError` naming the bad option.

    Game constructors use it so that an unknown option or a bad value never
    surfaces as a bare ``TypeError``.

    Examples:
        >>> @attrs.frozen
        ... class Options:
        ...     size: int = 9
        >>> make_options(Options, {"size": 7}, game="demo")
        Options(size=7)
        >>> make_options(Options, {"colour": "red"}, game="demo")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: unknown option 'colour' for demo; options are: 'size'

    Each value is also checked against its field's annotation where that is
    made of ``int``, ``bool``, ``float``, ``str``, ``None`` and ``Literal``
    (after the class's own converters and validators), so ``size=7.0`` or
    ``size=True`` is refused rather than taken for a number that breaks play
    later:

        >>> make_options(Options, {"size": 7.0}, game="demo")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionTypeError: bad option for demo: size must be int, not 7.0
    """
    fields = [f.name for f in attrs.fields(cast(Any, cls))]
    for key in options:
        if key not in fields:
            known = ", ".join(repr(f) for f in fields) or "none"
            raise OptionError(f"unknown option {shown(key)} for {game}; options are: {known}")
    try:
        value = cls(**options)
    except OptionError:
        raise
    except (TypeError, ValueError) as exc:
        # attrs validators put the readable message first and details after it.
        reason = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        raise OptionError(f"bad option for {game}: {reason}") from exc
    for name, allowed in _option_kinds(cast(Any, cls)).items():
        _check_kind(name, getattr(value, name), allowed, game)
    for info in option_info(cast(Any, cls)):
        _check_declared(info, getattr(value, info.name), game)
    return value


def _check_declared(info: OptionInfo, value: object, game: str) -> None:
    """Refuse a value outside the choices or the range an option declares."""
    if value is None and info.optional:
        return
    plain = _json_value(value)
    if plain in info.also:
        return
    if info.choices and plain not in info.choices:
        allowed = ", ".join(repr(c) for c in info.choices)
        raise OptionError(f"bad option for {game}: {info.name} must be one of {allowed}, not {shown(value)}")
    number = isinstance(plain, int | float) and not isinstance(plain, bool)
    if number and ((info.low is not None and plain < info.low) or (info.high is not None and plain > info.high)):
        wanted = info.describe().split(";")[0]
        raise OptionError(f"bad option for {game}: {info.name} must be {wanted}, not {shown(value)}")


def _check_kind(name: str, value: object, kinds: tuple[object, ...], game: str) -> None:
    if not any(_is_kind(value, kind) for kind in kinds):
        wanted = " or ".join(_kind_name(kind) for kind in kinds)
        same_type = any(type(kind) is type(value) for kind in kinds if not isinstance(kind, type))
        error = OptionError if same_type else OptionTypeError
        raise error(f"bad option for {game}: {name} must be {wanted}, not {shown(value)}")


def _type_hints(cls: type) -> dict[str, Any]:
    """The class's annotations, resolved; none where one cannot be (it is not judged)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:
        return {}


@functools.cache
def _option_kinds(cls: type) -> dict[str, tuple[object, ...]]:
    """Each field's allowed kinds (types, or Literal values), where the
    annotation is simple enough to judge; fields with other annotations are
    left to the class's own validators."""
    hints = _type_hints(cls)
    kinds = {}
    for field in attrs.fields(cast(Any, cls)):
        allowed = _alternatives(hints.get(field.name))
        if allowed is not None:
            kinds[field.name] = allowed
    return kinds


def _alternatives(annotation: object) -> tuple[object, ...] | None:
    if annotation in (int, bool, float, str, type(None)):
        return (annotation,)
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        parts = [_alternatives(part) for part in typing.get_args(annotation)]
        if None in parts:  # a part that cannot be judged: the whole is left to the class's validators
            return None
        return tuple(kind for part in parts for kind in part or ())
    return None


def _item_fields(annotation: object) -> tuple[str, ...]:
    """The type of each field of an item, for data that is a list of items
    (:attr:`OptionInfo.fields <boardkit.about.OptionInfo.fields>`): a tuple
    or list of plain values, or of tuples of them; ``()`` for anything else.

    Examples:
        >>> _item_fields(tuple[str, ...] | None), _item_fields(list[tuple[str, int]]), _item_fields(dict[str, int])
        (('str',), ('str', 'int'), ())
    """
    plain = (bool, int, float, str)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        parts = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _item_fields(parts[0]) if len(parts) == 1 else ()
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if not (origin is list and len(args) == 1) and not (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return ()
    item = args[0]
    if item in plain:
        return (item.__name__,)
    fields = typing.get_args(item)
    if typing.get_origin(item) is tuple and fields and all(f in plain for f in fields):
        return tuple(f.__name__ for f in fields)
    return ()


def _is_kind(value: object, kind: object) -> bool:
    if kind is float:
        return type(value) in (float, int)
    if kind is str:
        return isinstance(value, str)
    if isinstance(kind, type):
        return type(value) is kind
    return type(value) is type(kind) and value == kind


def _kind_name(kind: object) -> str:
    if kind is type(None):
        return "None"
    return kind.__name__ if isinstance(kind, type) else repr(kind)


@functools.cache
def option_info(cls: type) -> tuple[OptionInfo, ...]:
    """The :class:`~boardkit.about.OptionInfo` of every field of an options class.

    Examples:
        >>> from boardkit.testing import NimOptions
        >>> option_info(NimOptions)[0].help
        'counters on the heap at the start'
    """
    if not attrs.has(cls):
        return ()
    kinds = _option_kinds(cls)
    hints = _type_hints(cls)
    found = []
    for field in attrs.fields(cast(Any, cls)):
        declared = field.metadata.get(OPTION_KEY, {})
        alternatives = kinds.get(field.name, ())
        named = tuple(a for a in alternatives if not isinstance(a, type))  # Literal values
        types_ = [a for a in alternatives if isinstance(a, type) and a is not type(None)]
        choices: tuple[Any, ...] = ()
        also: tuple[Any, ...] = ()
        if types_:
            kind = types_[0].__name__
            also = named
        else:
            kind = type(named[0]).__name__ if named else "data"
            choices = named
        choices = tuple(declared.get("choices", ())) or choices
        words = declared.get("labels") or {}
        # A plain attrs field checked by attrs.validators.in_(range(a, b)) has that range (Hex's size).
        among = getattr(field.validator, "options", None)
        span = among if isinstance(among, range) and among.step == 1 and among.start < among.stop else None
        low = declared.get("low", None if span is None else span.start)
        high = declared.get("high", None if span is None else span.stop - 1)
        found.append(
            OptionInfo(
                name=field.name,
                type=kind,
                default=None if field.default is attrs.NOTHING else _json_value(field.default),
                help=declared.get("help", ""),
                choices=choices,
                low=low,
                high=high,
                also=tuple(declared.get("also", ())) or also,
                optional=type(None) in alternatives,
                labels=tuple(str(words.get(c, "")) for c in choices) if words else (),
                fields=_item_fields(hints.get(field.name)) if kind == "data" else (),
                none_is=_json_value(declared.get("none_is")),
            )
        )
    return tuple(found)


def _json_value(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return _json_value(value.value)
    if isinstance(value, tuple | list):
        return [_json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


@attrs.frozen
class NoOptions:
    """The options of a game that has none: ``option_values() == {}``, and
    every two games of the class are equal."""


#: A declaration of no parts (:attr:`Game.declared`'s default).
_NO_PARTS: Parts[Any, Any] = Parts()
#: The old hooks, each with the slot of :class:`~boardkit.parts.Parts` that replaces it.
_OLD_HOOKS = {"all_moves": "all_moves", "observation_encoder": "observation_encoder", "record_formats": "formats"}


def _deprecated_hook(old: str, new: str) -> None:
    warnings.warn(f"Game.{old} is deprecated: read game.{new}", DeprecationWarning, stacklevel=3)


def _from_old_hooks(game: Game[Any, Any]) -> Parts[Any, Any]:
    """The parts a game without a declaration gives through the old hooks it
    overrides, with a :class:`DeprecationWarning`; none for a game that
    overrides none."""
    cls = type(game)
    old = [name for name in _OLD_HOOKS if getattr(cls, name) is not getattr(Game, name)]
    if not old:
        return _NO_PARTS
    slots = ", ".join(f"{_OLD_HOOKS[name]}=..." for name in old)
    warnings.warn(
        f"{cls.__name__} overrides {', '.join(old)}, deprecated: declare its parts instead,"
        f" declared = boardkit.Parts({slots})",
        DeprecationWarning,
        stacklevel=3,
    )
    return Parts(
        all_moves=cast(Any, cls.all_moves) if "all_moves" in old else None,
        observation_encoder=cls.observation_encoder if "observation_encoder" in old else None,
        formats=game.record_formats() if "record_formats" in old else {},
    )


def _own_abc_data(cls: type) -> None:
    """Give ``cls`` its own abstract-class data, as ``ABCMeta`` does for a class it makes.

    A subclass compiled with mypyc is made without ``ABCMeta.__new__``: it would
    share its base's ``isinstance`` cache (a ``TicTacToe`` would pass for a
    ``Tafl`` once both had been checked against ``Game``). Classes made by
    ``ABCMeta`` get the same data again after this, so for them it changes
    nothing.
    """
    abc._abc_init(cls)  # type: ignore[attr-defined]


# Compiled with mypyc: every game subclasses it in Python; games pickle, copy and deep-copy.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Game(abc.ABC, Generic[S, M]):
    """The rules of one game, configured by options; immutable.

    Subclasses set :attr:`name`, :attr:`min_players` and :attr:`max_players`,
    keep their settings in a frozen attrs value on :attr:`options`, and
    implement :meth:`new_game` and :meth:`parse_move`. Two games are equal when
    they are the same class with equal options.

    Examples:
        >>> from boardkit.testing import Nim
        >>> game = Nim(heap=7)
        >>> game.name, game.min_players, game.max_players
        ('nim', 2, 2)
        >>> game == Nim(heap=7), game == Nim(heap=9)
        (True, False)
    """

    #: The registry name, for example ``"tafl"``.
    name: ClassVar[str] = ""
    #: The fewest players the game allows.
    min_players: ClassVar[int] = 2
    #: The most players the game allows.
    max_players: ClassVar[int] = 2
    #: What the game is, as data: information, chance, seat names, goal and
    #: turn summary (see :mod:`boardkit.about`). The applications read this,
    #: never the game's class; the default is a perfect-information game
    #: without chance.
    about: ClassVar[About] = About()
    #: The frozen attrs value holding the game's options (a game without
    #: options leaves it as :class:`NoOptions`).
    options: Any = NoOptions()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _own_abc_data(cls)

    @abc.abstractmethod
    def new_game(self, *, players: int | None = None, seed: int | None = None) -> S:
        """Set up a new game.

        Args:
            players: How many players; ``None`` means :attr:`min_players`.
            seed: Seed for every chance event of the game; ``None`` picks a
                fresh one (kept on the state, so the game can still be replayed).

        Raises:
            OptionError: if ``players`` is out of range.
        """

    @abc.abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move from its notation.

        Raises:
            NotationError: if the text is not a move in this game's notation.
        """

    def from_setup(self, setup: Any, *, players: Any, seed: Any) -> S:
        """Rebuild a set-up starting position from a record's ``setup`` data.

        A game whose ``from_position`` (or any other way of setting up a
        position) records the position with :meth:`State._record_setup` overrides
        this to read that data back, so that the game's records replay from
        the same position. Every shipped game's ``from_position`` has one
        shape: keyword arguments only, ``to_move=None`` for the rules' first
        player and ``seed=None`` for a fresh seed, as in :meth:`new_game`
        (:doc:`/reference/api`, "Starting a game from a position"). The data comes from a file: validate it and raise a
        :class:`~boardkit.BoardkitError` (an :class:`~boardkit.OptionError`,
        say) for anything malformed.

        Args:
            setup: The plain JSON data the state recorded.
            players: The number of players in the record.
            seed: The record's seed.

        Raises:
            RecordError: by default: this game cannot set up positions.
        """
        raise RecordError(f"{self.name or type(self).__name__} cannot rebuild a set-up start position")

    def option_values(self) -> dict[str, Any]:
        """The options as a JSON-safe dict, as written in a game record.

        ``load(game.name, **game.option_values()) == game`` holds for every
        shipped game.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim(heap=7).option_values()
            {'heap': 7, 'most': 3}
        """
        return {k: _json_value(v) for k, v in attrs.asdict(self.options, recurse=False).items()}

    def option_info(self) -> tuple[OptionInfo, ...]:
        """Every option of the game with its type, default, allowed values
        and one line of help, in declaration order: what ``boardkit list
        GAME`` prints and the web start page builds its form from.

        The type comes from the option's annotation; help, choices and range
        from :func:`boardkit.about.option` where the field declares them.

        Examples:
            >>> from boardkit.testing import Nim
            >>> [(o.name, o.type, o.default, o.low) for o in Nim().option_info()]
            [('heap', 'int', 21, 1), ('most', 'int', 3, 1)]
        """
        return option_info(cast(Hashable, type(self.options)))

    # -- what the applications may ask (each with a working default) -----------

    def cell_name(self, cell: Any) -> str:
        """A board cell's name as players write it in moves (``"e4"``); by
        default ``str(cell)``. The terminal and the web page name cells with it.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().cell_name((0, 1))
            '(0, 1)'
        """
        return str(cell)

    @property
    def declared(self) -> Parts[S, Any]:
        """The game's parts beyond its rules (:class:`~boardkit.parts.Parts`):
        its picture, RL action list and observation encoder, other
        programs' record formats and its state classes. The applications
        read them here, never from the game's class.

        A game declares its parts by overriding this with a class attribute
        (``declared = Parts(...)``), or with a property where the parts are
        assembled elsewhere (each shipped game's package assembles its
        ``PARTS``); the authoring kit's games declare theirs themselves. The
        default declares none, but for a game that still overrides the old
        hooks ``all_moves``, ``observation_encoder`` or ``record_formats``:
        those fill the slots, with a :class:`DeprecationWarning` naming the
        slot to declare instead.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().declared.all_moves is None, dict(Nim().declared.formats)
            (True, {})
        """
        return _from_old_hooks(self)

    def all_moves(self) -> Sequence[M | None] | None:
        """Deprecated: every move at its action index, from
        :attr:`declared` (``game.declared.all_moves(game)``), with a
        :class:`DeprecationWarning`; ``None`` when none is declared.

        Examples:
            >>> import warnings
            >>> from boardkit.testing import Nim
            >>> with warnings.catch_warnings(record=True):
            ...     warnings.simplefilter("always")
            ...     Nim().all_moves() is None
            True
        """
        _deprecated_hook("all_moves()", "declared.all_moves(game)")
        made = self.declared.all_moves
        return None if made is None else cast("Sequence[M | None]", made(self))

    def observation_encoder(self, players: int) -> Any:
        """Deprecated: the observation encoder for ``players`` players, from
        :attr:`declared` (``game.declared.observation_encoder(game, players)``),
        with a :class:`DeprecationWarning`; ``None`` when none is declared.

        Examples:
            >>> import warnings
            >>> from boardkit.testing import Nim
            >>> with warnings.catch_warnings(record=True):
            ...     warnings.simplefilter("always")
            ...     Nim().observation_encoder(2) is None
            True
        """
        _deprecated_hook("observation_encoder(players)", "declared.observation_encoder(game, players)")
        made = self.declared.observation_encoder
        return None if made is None else made(self, players)

    def record_formats(self) -> Mapping[str, RecordFormat]:
        """Deprecated: the game's other record formats by key, from
        :attr:`declared` (``game.declared.formats``), with a
        :class:`DeprecationWarning`.

        Examples:
            >>> import warnings
            >>> from boardkit.testing import Nim
            >>> with warnings.catch_warnings(record=True):
            ...     warnings.simplefilter("always")
            ...     Nim().record_formats()
            {}
        """
        _deprecated_hook("record_formats()", "declared.formats")
        return dict(self.declared.formats)

    def seat_name(self, player: Any) -> str:
        """What the players call a seat, in screens and messages: the name
        :attr:`about` declares (Tafl: ``"attackers"``, ``"defenders"``), else
        ``"player N"``.

        Raises:
            OptionError: if ``player`` is not a seat number of this game
                (``0`` to ``max_players - 1``).

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().seat_name(1)
            'player 1'
            >>> Nim().seat_name(2)
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: nim has no seat 2: its seats are 0 to 1
        """
        if type(player) is not int:
            raise _not_a_seat(player)
        if not 0 <= player < self.max_players:
            raise OptionError(f"{self.name} has no seat {player}: its seats are 0 to {self.max_players - 1}")
        return self.about.seat(player)

    def check_players(self, players: Any) -> int:
        """Return the number of players, checked against the game's range.

        Raises:
            OptionError: if the number is outside ``min_players .. max_players``.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().check_players(None)
            2
            >>> Nim().check_players(3)
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: nim is played by exactly 2 players, not 3
        """
        if players is None:
            return self.min_players
        count = check_int(players, "players")
        if not self.min_players <= count <= self.max_players:
            if self.min_players == self.max_players:
                allowed = f"exactly {self.min_players}"
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise OptionError(f"{self.name} is played by {allowed} players, not {count!r}")
        return count

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self.options == other.options)

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.option_values().items())
        return f"{type(self).__name__}({args})"


# Compiled with mypyc: every game's state subclasses it; states pickle, copy and deep-copy. What a
# user passes (players, seeds, a player, a ply) is typed ``Any`` here and in Game: a compiled
# parameter typed ``int`` would refuse a wrong type with a bare TypeError before the check that
# names it in a boardkit error, and would take ``True`` for ``1``.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State(abc.ABC, Generic[M]):
    """One game in progress: mutable, with a move stack.

    :meth:`apply` is transactional: an illegal move or bad notation raises and
    leaves the state exactly as it was. :meth:`undo` restores the previous
    state exactly, the random generator included.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=5).new_game(seed=0)
        >>> state.current_player
        0
        >>> state.apply("take 2")
        >>> state.history
        (Take(2),)
        >>> state.apply("take 4")
        Traceback (most recent call last):
        ...
        boardkit.errors.IllegalMoveError: illegal move 'take 4': at most 3 may be taken
        >>> state.undo()
        Take(2)
        >>> state.history
        ()
    """

    #: The rules this state is played under.
    game: Game[Any, M]
    #: How many players take part.
    players: int
    #: The seed this game was started with.
    seed: int
    #: The state's own generator; every chance event goes through it.
    rng: Random

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _own_abc_data(cls)

    def __init__(self, game: Game[Any, M], players: Any, seed: Any) -> None:
        self.game = game
        self.players = players
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self.rng = Random(self.seed)
        self._moves: list[M] = []
        self._tokens: list[object] = []
        # The moves that drew from the generator, as (ply, the generator's state before it): the one
        # place undo restores chance from, whoever wrote the game's own undo.
        self._draws: list[tuple[int, int]] = []
        self._setup: Any = None
        self._determinized = False

    # -- what a game supplies -------------------------------------------------

    @property
    @abc.abstractmethod
    def current_player(self) -> Player | None:
        """The player to move, or ``None`` once the game is over."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abc.abstractmethod
    def legal_moves(self) -> list[M]:
        """Every legal move, in a deterministic order; empty iff the game is over."""

    @abc.abstractmethod
    def _play(self, move: M) -> object:
        """Check ``move`` and carry it out; return what :meth:`_unplay` needs.

        Must raise :class:`~boardkit.IllegalMoveError` before changing anything.
        """

    @abc.abstractmethod
    def _unplay(self, move: M, token: Any) -> None:
        """Take back ``move`` exactly, using the token :meth:`_play` returned."""

    @abc.abstractmethod
    def _key(self) -> Hashable:
        """Everything the game keeps beyond the move stack and the generator,
        as a hashable value: the position, the hidden parts, counters.

        :meth:`snapshot` adds the move stack and the generator to it.
        """

    @abc.abstractmethod
    def copy(self) -> Self:
        """An independent deep copy; later moves on either leave the other alone."""

    def __copy__(self) -> Self:
        """``copy.copy(state)`` is :meth:`copy`: an independent game, as
        python-chess's boards do (a shallow copy shared the position's lists,
        so moves on one changed the other's record).

        Examples:
            >>> import copy
            >>> from boardkit.testing import Nim
            >>> state = Nim().new_game(seed=0)
            >>> twin = copy.copy(state)
            >>> twin.apply(twin.legal_moves()[0])
            >>> len(twin.history), len(state.history)
            (1, 0)
        """
        return self.copy()

    @abc.abstractmethod
    def render(self) -> str:
        """A text picture of the position for terminals."""

    # -- what the applications may ask (each with a working default) -----------

    @property
    def scores(self) -> tuple[float, ...] | None:
        """Every seat's score now, or ``None`` (the default) in a game that
        keeps no score. The terminal and the web page show it beside the board.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0).scores is None
            True
        """
        return None

    def public_info(self) -> dict[str, str]:
        """What every player may see beside the board, as label -> text, in
        the order to show it (tiles left in the bag, open hands, pieces
        taken); empty by default. Nothing only some players may see goes
        here: that belongs to :meth:`render_for`.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0).public_info()
            {}
        """
        return {}

    def prompt(self) -> str:
        """What the player to move is to do now, in the game's words ("shoot
        an arrow"), for a turn played in parts; ``""`` (the default) when a
        turn is one move or the game is over. The terminal and the web page
        show it after the player: "player 1: shoot an arrow".

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0).prompt()
            ''
        """
        return ""

    def describe(self, move: M, before: Self) -> str:
        """What ``move`` did, in the game's words, on this state just after
        it was played from ``before`` ("took c6", "drew 2 from the Darkness"):
        the line the terminal and the web page print after every move. It
        says only what every player may know. By default: the scores that
        changed, or nothing.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim().new_game(seed=0); before = state.copy()
            >>> state.apply("take 2"); state.describe(state.history[-1], before)
            ''
        """
        old, new = before.scores, self.scores
        if old is None or new is None or len(old) != len(new):
            return ""
        pairs = enumerate(zip(old, new, strict=True))
        said = [f"{self.game.seat_name(p)} scored {b - a:+g} (now {b:g})" for p, (a, b) in pairs if a != b]
        return "; ".join(said)

    def render_for(self, player: int) -> str:
        """The text picture ``player`` may see: everything of theirs, nothing
        only another player may know. By default :meth:`render`, which is
        right for a game without hidden information; a game whose
        :attr:`Game.about` declares imperfect information overrides it.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=2).new_game(seed=0)
            >>> state.render_for(1) == state.render()
            True
        """
        self.check_player(player)
        return self.render()

    # -- shared machinery -----------------------------------------------------

    def position_key(self) -> Hashable:
        """A hashable key of the position alone: equal for two states of one
        game whose position, hidden parts and player to move are the same,
        however they got there. Search agents key their transposition tables
        on it; it leaves out the move stack and the generator, which
        :meth:`snapshot` keeps.

        The base version is the game's own ``_key()``; a game may return
        something quicker to hash (an incremental Zobrist key, or its
        bitboards).

        Examples:
            >>> from boardkit.testing import Nim
            >>> a, b = Nim(heap=7).new_game(seed=0), Nim(heap=7).new_game(seed=0)
            >>> a.apply("take 1"); a.apply("take 2"); b.apply("take 2"); b.apply("take 1")
            >>> a.position_key() == b.position_key(), a.snapshot() == b.snapshot()
            (True, False)
        """
        return self._key()

    def urgent(self) -> bool:
        """Whether the player to move must answer a threat to lose at once
        (Tafl's King with an open line to a winning square, with the
        attackers to move). Search agents look a ply further where it is
        true, so that a threat at the end of a line is seen answered or not.

        The base version says ``False``: a game declares its threats by
        overriding it, and it must be quick.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0).urgent()
            False
        """
        return False

    def forcing_moves(self) -> list[M]:
        """The legal moves a search should look at past its depth because
        they change the position sharply: captures, and moves that threaten
        to win (Tafl's captures). :class:`~boardkit.agents.AlphaBetaAgent`
        searches them at its horizon (quiescence), so that a capture just
        beyond the depth is seen.

        The base version returns none: a game declares them by overriding
        it. It must be quick (it is asked at every position where a search
        stops), and it may leave out some, but must list legal moves only.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0).forcing_moves()
            []
        """
        return []

    def snapshot(self) -> Hashable:
        """A value equal for two states exactly when they are the same game in
        progress: position, hidden parts, history and generator included.

        Two states compare equal (``==``) when they are of equal games (the same
        rules and options) and their snapshots are equal.
        """
        return (self._key(), tuple(self._moves), self.rng.state)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``outcome`` is set)."""
        return self.outcome is not None

    @property
    def history(self) -> tuple[M, ...]:
        """The moves played so far, oldest first."""
        return tuple(self._moves)

    def apply(self, move: M | str) -> None:
        """Play a move, given as a move value or in the game's notation.

        The generator's state before the move is kept when the move draws
        from it, so :meth:`undo` restores chance exactly for every game,
        however the game writes its own undo.

        Raises:
            NotationError: if ``move`` is text that is not valid notation.
            IllegalMoveError: if the rules do not allow the move now, or it is
                not a move of this game at all (a value with fields of the
                wrong kind). In both cases the state is left exactly as it was.

        An error of any other kind raised while a legal move is carried out
        is a bug in the game's rules, and propagates as itself.

        This and :meth:`undo` are the one place that keeps the move stack,
        the undo records and the generator's states: a game supplies
        :meth:`_play` and :meth:`_unplay` (and :meth:`_read` where its
        notation depends on the position), and a faster playout of its own
        as :meth:`_random_plies`, the loop that :meth:`playout` hands the
        move stack to.
        """
        if isinstance(move, str):
            move = self._read(move)
        if self.outcome is not None:
            raise IllegalMoveError(move, "the game is over")
        rng = self.rng
        before = rng.state
        try:
            token = self._play(move)
        except BoardkitError:
            rng.state = before
            raise
        except Exception as exc:
            rng.state = before
            # _play refuses before it changes anything, so a value it could not even read (fields of
            # the wrong kind, off the board) is judged here against the untouched position. A move of
            # this game (legal here or not) tripped over the rules themselves: a bug, reported as itself.
            if self.is_well_formed(move):
                raise
            raise IllegalMoveError(_shown(move), f"not a move of {self.game.name}: {type(exc).__name__}") from exc
        if rng.state != before:
            self._draws.append((len(self._moves), before))
        self._moves.append(move)
        self._tokens.append(token)

    def is_well_formed(self, move: object) -> bool:
        """Whether ``move`` is a move of this game at all, legal now or not:
        a value that its own notation reads back as
        (``game.parse_move(str(move)) == move``).

        :meth:`apply` asks it when checking or playing a move raised an
        error that is not a boardkit one: a value that is not a move (fields
        of the wrong kind, a square off the board) is refused with an
        :class:`~boardkit.IllegalMoveError`, while an error on a move of the
        game is a bug in the rules and propagates as itself.

        Examples:
            >>> from boardkit.testing import Nim
            >>> from boardkit.testing.nim import Take
            >>> state = Nim(heap=5).new_game(seed=0)
            >>> [state.is_well_formed(m) for m in (Take(2), Take(9), Take("2"), "take 2")]
            [True, True, False, False]
        """
        try:
            text = str(move)
        except Exception:  # a value with fields of the wrong kind may not even print
            return False
        try:
            return bool(self._read(text) == move)
        except BoardkitError:
            return False

    def _read(self, text: str) -> M:
        """Read ``text`` as a move of this game in this position, for
        :meth:`apply` and :meth:`is_well_formed`: by default the game's
        :meth:`Game.parse_move`; a game whose notation depends on the
        position (the kit's: a move class's ``parse`` may take the state)
        reads it here.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0)._read("take 2")
            Take(2)
        """
        return self.game.parse_move(text)

    def undo(self) -> M:
        """Take back the last move and return it, the generator's state
        included: the same move played again draws the same chance.

        Raises:
            UndoError: if no move has been played, or (on a determinized
                copy) if the move was played before the copy was dealt.
        """
        moves, tokens = self._moves, self._tokens
        if not moves:
            raise UndoError("nothing to undo: no move has been played")
        token = tokens[-1]
        if token is _DEALT:
            raise UndoError(
                f"this determinized copy was dealt after move {len(moves)} ({str(moves[-1])!r});"
                " it cannot be taken back past that point"
            )
        move = moves.pop()
        tokens.pop()
        draws = self._draws  # the generator first: a rule that raises taking the move back leaves it right
        if draws and draws[-1][0] == len(moves):
            self.rng.state = draws.pop()[1]
        self._unplay(move, token)
        return move

    def drew_chance(self, ply: Any = -1) -> bool:
        """Whether the move at ``ply`` (an index into :attr:`history`; the
        last move by default) drew from the game's generator: a tile from a
        bag, a die, a face-down hex turned.

        Taking such a move back and playing it again draws the same thing
        (the generator is part of what :meth:`undo` restores, as search
        needs), so a person who could take it back would learn what chance
        gives next. The play surfaces (``boardkit play``, ``boardkit serve``)
        ask this and refuse to take such a move back.

        Raises:
            IndexError: if there is no move at ``ply``.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim().new_game(seed=0)
            >>> state.apply("take 1")
            >>> state.drew_chance()
            False
        """
        count = len(self._moves)
        if type(ply) is not int or not -count <= ply < count:
            raise IndexError(f"no move {shown(ply)} in a game of {count} moves")
        index = ply + count if ply < 0 else ply
        return any(p == index for p, _ in reversed(self._draws))

    def _bare_twin(self) -> Self:
        """A new state of this class holding only the base class's fields,
        copied (the start of a hand-written ``copy``, which then copies the
        game's own fields onto it); built without ``__init__``, here rather
        than in a game's rules module, which stays free of ``__new__``. The
        class's own ``__new__``, not ``object.__new__``: a class compiled with
        mypyc has one (which does not call ``__init__`` when the class is
        declared serializable)."""
        cls = type(self)
        twin = cls.__new__(cls)
        self._copy_base_into(twin)
        return twin

    def _copy_base_into(self, twin: State[M]) -> None:
        """Copy the fields this base class keeps onto ``twin`` (for ``copy``)."""
        twin.game = self.game
        twin.players = self.players
        twin.seed = self.seed
        twin.rng = self.rng.copy()
        twin._moves = list(self._moves)
        twin._tokens = list(self._tokens)
        twin._draws = list(self._draws)
        twin._setup = self._setup
        twin._determinized = self._determinized

    def check_player(self, player: object) -> Player:
        """Return ``player`` if it names a seat of this game.

        Raises:
            ValueError: (an :class:`~boardkit.OptionError`) otherwise.
        """
        if type(player) is not int:
            raise _not_a_seat(player)
        if not 0 <= player < self.players:
            raise OptionError(f"no player {shown(player)} in a {self.players}-player game")
        return player

    def view(self, player: int) -> Any:
        """What ``player`` may know of the game, as a frozen value.

        Games without hidden information return a
        :class:`PerfectInformationView`; games with hidden parts override this.
        """
        return PerfectInformationView(self.check_player(player), (self._key(), tuple(self._moves)))

    def determinize(self, player: int, *args: Any, seed: int | None = None) -> Self:
        """A copy whose hidden parts are resampled consistently with what
        ``player`` can see.

        The copy is a new world (see :meth:`_redeal`): its ``seed`` is
        ``seed``, its generator is seeded from it, and moves played before it
        was dealt cannot be undone on it. In a game without hidden
        information nothing else changes. A game with hidden parts deals
        them in :meth:`_determinize`.

        ``seed`` is keyword-only: ``determinize(0, 7)`` reads as two players
        or two seeds. The positional spelling still works, with a
        :class:`DeprecationWarning`, and goes in a later release.

        Raises:
            OptionError: if ``player`` is not a seat of this game or ``seed``
                is not a seed (an :class:`~boardkit.OptionTypeError` when
                missing).

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=5).new_game(seed=1)
            >>> state.apply("take 2")
            >>> world = state.determinize(0, seed=7)
            >>> world.seed, world.heap
            (7, 3)
            >>> world.undo()
            Traceback (most recent call last):
            ...
            boardkit.errors.UndoError: this determinized copy was dealt after move 1 ('take 2'); ...
        """
        if args:
            (seed,) = by_position("determinize", ("seed",), args, (seed,))
        return self._determinize(self.check_player(player), check_seed(seed))

    def _determinize(self, player: Player, seed: int) -> Self:
        """:meth:`determinize` with its arguments checked: by default a copy
        dealt with ``seed`` (:meth:`_redeal`). A game with hidden parts
        overrides it to deal them afresh from what ``player`` cannot see,
        calling :meth:`_redeal` on its copy."""
        twin = self.copy()
        twin._redeal(seed)
        return twin

    def _redeal(self, seed: Any) -> None:
        """Make this state (a fresh copy) a determinization dealt with ``seed``.

        A copy of the real game still holds two things that give hidden parts
        away: the real seed (replaying the public moves from it rebuilds the
        real game) and the real undo records (undo would put the real hidden
        parts back). This replaces the seed, reseeds the generator in place
        with ``derive_seed(seed, 1)`` (the same object, so every component
        bound to it draws the new world's chance) and seals the undo records, so undoing past
        the deal raises :class:`~boardkit.UndoError`. Games that override
        :meth:`determinize` call it on their copy.
        """
        self.seed = check_seed(seed)
        # In place: a component bound to this generator (a bag) must draw the new world's chance,
        # not go on with the real game's stream from a generator object the state has left.
        self.rng.reseed(derive_seed(seed, 1))
        self._tokens = [_DEALT] * len(self._tokens)
        self._determinized = True

    def random_move(self, rng: Random) -> M:
        """One legal move chosen uniformly at random with ``rng`` (not the
        state's own generator, which belongs to the game's chance events).

        Random players and the playouts of Monte Carlo search call this; a
        game may override it with a faster way to pick the same distribution.

        Raises:
            IllegalMoveError: if the game is over, or (a bug in the game's
                rules) goes on with no legal move.
            OptionTypeError: if ``rng`` is not a :class:`~boardkit.chance.Random`.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim(heap=1).new_game(seed=0).random_move(Random(3))
            Take(1)
        """
        moves = self.legal_moves()
        if not moves:
            raise no_move_error(self)
        try:
            return moves[rng.randbelow(len(moves))]
        except AttributeError:  # checked only when it failed: playouts call this every move
            check_generator(rng)
            raise  # a Random's own: a bug, as itself

    def playout(
        self, _max_plies: Any = _UNSET, _rng: Any = _UNSET, /, *, max_plies: Any = None, rng: Random | None = None
    ) -> int:
        """Play moves chosen by :meth:`random_move` with ``rng`` until the
        game ends or ``max_plies`` moves have been played; return how many
        were played. Monte Carlo search plays its playouts with it.

        The moves go on the move stack as :meth:`apply` puts them there, so
        :meth:`undo` takes them back and the state's own generator draws the
        game's chance events as usual. A game may override it with a faster
        way to play the same moves (Tafl and Field of the Cloth of Gold do).

        Args:
            max_plies: The most moves to play; ``None`` for no limit.
            rng: The generator that chooses the moves; by default one seeded
                from the game's seed and the number of moves played.

        Both arguments are keyword-only: ``playout(100)`` reads as a cap or
        a seed. The positional spelling still works, with a
        :class:`DeprecationWarning`, and goes in a later release.

        Raises:
            OptionError: if ``max_plies`` is not a non-negative integer or
                ``None``, or ``rng`` is not a :class:`~boardkit.chance.Random`
                (a seed is not a generator: ``Random(seed)`` makes one).

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=10).new_game(seed=0)
            >>> state.playout(max_plies=2, rng=Random(1)), len(state.history)
            (2, 2)
            >>> state.playout(rng=Random(1)) + 2 == len(state.history) and state.is_over
            True
        """
        if _max_plies is not _UNSET:  # the old spelling, by position
            args = (_max_plies,) if _rng is _UNSET else (_max_plies, _rng)
            max_plies, rng = by_position("playout", ("max_plies", "rng"), args, (max_plies, rng))
        if max_plies is not None and (type(max_plies) is not int or max_plies < 0):
            raise OptionError(f"max_plies must be a non-negative integer or None, not {shown(max_plies)}")
        chooser = Random(derive_seed(self.seed, "playout", len(self._moves))) if rng is None else check_generator(rng)
        return self._playout(-1 if max_plies is None else max_plies, chooser)

    def _playout(self, limit: int, rng: Random) -> int:
        """:meth:`playout` with its arguments checked (``limit`` -1: no
        limit): the moves of :meth:`_random_plies`, each on the move stack
        with its undo record as :meth:`apply` puts them, and the generator's
        state kept for those that drew, so that :meth:`undo` takes them back
        exactly; after a move that raised, the generator is as it was before
        that move, as :meth:`apply` leaves it.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=5).new_game(seed=0)
            >>> state._playout(2, Random(1)), len(state.history), state.drew_chance()
            (2, 2, False)
        """
        moves, start = self._moves, len(self._moves)
        befores: list[int] = []
        try:
            self._random_plies(limit if limit < 0 else start + limit, rng, moves, self._tokens, befores)
        finally:
            played, rng_now = len(moves) - start, self.rng
            if len(befores) > played:  # a move raised: the generator as it was before that move
                rng_now.state = befores[played]
            heads, last = befores[:played], rng_now.state
            if befores and heads.count(last) != played:  # else no move drew: the generator never moved
                afters = [*befores[1:played], last]  # each move's "after" is the next one's "before"
                pairs = enumerate(zip(heads, afters, strict=True))
                self._draws.extend((start + i, before) for i, (before, after) in pairs if before != after)
        return played

    def _random_plies(self, stop: int, rng: Random, moves: list[M], tokens: list[object], befores: list[int]) -> None:
        """The loop of :meth:`playout`, until ``moves`` (the move stack)
        holds ``stop`` moves (-1: no limit) or the game is over: each move
        :meth:`random_move` chooses with ``rng`` is played by :meth:`_play`
        and goes on ``moves``, what :meth:`_play` returned on ``tokens``,
        and the generator's state before it on ``befores`` (put there before
        the move is played, so one more when a move raised). A game
        overrides it with a faster loop that plays the same moves (Tafl,
        Field of the Cloth of Gold and the kit do); a game whose moves never
        draw from the generator may leave ``befores`` empty.
        :func:`~boardkit.testing.check_game` compares it with :meth:`apply`.
        """
        chance = self.rng
        while len(moves) != stop and self.outcome is None:
            move = self.random_move(rng)
            befores.append(chance.state)
            tokens.append(self._play(move))
            moves.append(move)

    def evaluate(self, player: int) -> float:
        """A cheap estimate in ``[-1, 1]`` of how good the position is for
        ``player``; bots such as a one-ply greedy agent use it.

        The base version knows only finished games, which it scores as
        :meth:`Outcome.rewards <boardkit.Outcome.rewards>` does, the one
        scale of rewards: 1 won, -1 lost, 0 drawn (or won by everybody or
        nobody), ``1/k`` each for a victory shared by ``k`` players; 0 while
        the game goes on. Games override it with a real heuristic.

        Raises:
            OptionError: if ``player`` is not a seat of this game.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=1).new_game(seed=0)
            >>> state.evaluate(0)
            0.0
            >>> state.apply("take 1")
            >>> state.evaluate(0), state.evaluate(1)
            (1.0, -1.0)
        """
        seat = self.check_player(player)
        outcome = self.outcome
        return 0.0 if outcome is None else outcome.rewards(self.players)[seat]

    def _record_moves(self) -> tuple[str, ...]:
        """The moves as written to a record; a game may annotate them."""
        return tuple(str(m) for m in self._moves)

    def _record_setup(self, setup: Any) -> None:
        """Note that this state was set up from a position rather than by
        ``new_game``: ``setup`` is plain JSON data from which the game's
        :meth:`Game.from_setup` rebuilds the identical starting state. Call it
        from a ``from_position`` before any move is played; records then carry
        the position and replay from it.
        """
        self._setup = to_json_value(setup)

    def to_record(self) -> GameRecord:
        """Write the game so far as a :class:`~boardkit.GameRecord`.

        A state set up from a position records that position (``setup``), so
        the record replays from it.

        Raises:
            RecordError: for a determinized copy (an imagined world, not the
                game played), or if the state was set up from a position that its
                game cannot rebuild (it does not override
                :meth:`Game.from_setup`): such a record would replay as a
                different game.
        """
        if self._determinized:
            raise RecordError(
                "a determinized copy is a world imagined for one player, not the game that was played: "
                "record the real game instead"
            )
        if self._setup is not None and type(self.game).from_setup is Game.from_setup:
            raise RecordError(
                f"this {self.game.name} game was set up from a position that {type(self.game).__name__} "
                "cannot rebuild (it has no from_setup), so its record would replay as another game"
            )
        return GameRecord(
            game=self.game.name,
            options=self.game.option_values(),
            players=self.players,
            seed=self.seed,
            moves=self._record_moves(),
            outcome=self.outcome,
            setup=self._setup,
        )

    def _repr_svg_(self) -> str:
        """The position as SVG, for Jupyter."""
        from boardkit.render import svg

        return svg(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.game == other.game and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = f"over: {self.outcome.reason}" if self.outcome else f"player {self.current_player} to move"
        return f"<{type(self).__name__} {self.game!r}, {len(self._moves)} moves, {status}>"


def fields_of(obj: object, leave: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every field of ``obj`` by name (but those in ``leave``), for a ``__reduce__`` that pickles the
    same on the pure and the compiled build: a native class keeps its fields outside ``__dict__``
    (named by mypyc's ``__mypyc_attrs__``), a pure one in ``__dict__`` or slots; the dictionary is
    the same either way, so :func:`from_fields` rebuilds the object on either build.

    Examples:
        >>> from boardkit.testing import Nim
        >>> fields_of(Nim(heap=5))
        {'options': NimOptions(heap=5, most=3)}
        >>> sorted(fields_of(Nim(heap=5).new_game(seed=1), leave=("game", "rng")))[:3]
        ['_determinized', '_draws', '_most']
    """
    fields = dict(getattr(obj, "__dict__", {}))
    names = [*getattr(type(obj), "__mypyc_attrs__", ())]
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    for name in names:
        if name not in fields and name not in ("__dict__", "__weakref__") and hasattr(obj, name):
            fields[name] = getattr(obj, name)
    for name in leave:
        fields.pop(name, None)
    return fields


def from_fields(cls: Any, fields: Mapping[str, Any]) -> Any:
    """An object of ``cls`` holding ``fields`` (from :func:`fields_of`), made without ``__init__``:
    the constructor that the pickles of games, states and components name, on either build.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from_fields(Nim, fields_of(Nim(heap=5))) == Nim(heap=5)
        True
    """
    obj = cls.__new__(cls)
    for name, value in fields.items():
        setattr(obj, name, value)
    return obj


def from_options(cls: Any, options: Mapping[str, Any]) -> Any:
    """The game ``cls(**options)``: the constructor that a shipped game's pickle names, with its
    :meth:`~Game.option_values` (plain data, as in a record), on either build.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from_options(Nim, Nim(heap=7).option_values()) == Nim(heap=7)
        True
    """
    return cls(**options)


def check_is_game(value: object, what: str = "game") -> Game[Any, Any]:
    """``value`` if it is a boardkit :class:`Game` (an instance, not a class
    or a name), for the functions that take one.

    Raises:
        OptionTypeError: otherwise, in one line that says what to pass.

    Examples:
        >>> from boardkit.testing import Nim
        >>> check_is_game(Nim())
        Nim(heap=21, most=3)
        >>> check_is_game("nim")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionTypeError: game must be a boardkit Game, not 'nim' (a name: boardkit.games.load('nim') ...
    """
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        hint = f" (a name: boardkit.games.load({value[:40]!r}) makes it)"
    elif isinstance(value, type) and issubclass(value, Game):
        hint = f" (a class: {value.__name__}() makes one)"
    else:
        hint = ""
    raise OptionTypeError(f"{what} must be a boardkit Game, not {shown(value)}{hint}")


def _not_a_seat(player: object) -> OptionTypeError:
    """The error for a player that is not a seat number at all (:meth:`Game.seat_name`,
    :meth:`State.check_player`); each says itself which numbers are seats.

    Examples:
        >>> _not_a_seat("attackers")
        OptionTypeError("a player is a seat number, not 'attackers'")
    """
    return OptionTypeError(f"a player is a seat number, not {shown(player)}")


def no_move_error(state: State[Any]) -> IllegalMoveError:
    """What a move asked of ``state`` with no legal move is refused with: the
    game is over or, while it goes on, its rules forgot to end it (a bug in
    the game, said as such, wherever an agent or a playout meets it).

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=1).new_game(seed=0)
        >>> state.apply("take 1")
        >>> str(no_move_error(state))
        "illegal move '(none)': the game is over, so there is no move to choose"
    """
    if state.is_over:
        return IllegalMoveError("(none)", "the game is over, so there is no move to choose")
    return IllegalMoveError(
        "(none)", f"{state.game.name} has no legal move here, yet the game is not over: its rules must end a game"
        " where no move is left (boardkit.testing.check_game finds this)"
    )
