"""Declared fields: a state lists what it keeps once, in a :class:`Fields`
table, and takes ``copy``, ``==`` and exact undo from that list.

A game whose position is more than cells and pieces (hands, bags, tracks,
counters; the kit's :class:`~boardkit.kit.BoardState` covers cells, pieces
and counters) declares each attribute it keeps, with how to copy it and how
to compare it, in one :class:`Fields` table, and reads it in four lines:

* ``copy()``: ``fields.copy_into(self, twin)``, every declared field copied;
* ``_key()``: ``fields.key(self)``, the fields' keys in one tuple, so
  ``snapshot()`` and ``==`` see everything the game keeps;
* ``_play``/``_unplay``: ``fields.save(self)``, a copy of every field taken
  before the move, is the undo record, and ``fields.restore(self, token)``
  puts copies of it back, so a copy of the state that shares the record can
  take the same move back too. (The generator's state is restored by
  :meth:`State.undo <boardkit.State.undo>` itself, for every kind of state.)

A field the game forgets to declare is missing from a copy, which fails at
once (``AttributeError``) rather than sharing a mutable value silently.

:class:`FieldState`, a state class that wrote those four lines for its
subclasses, is deprecated and warns when subclassed: no shipped game and no
example uses it (every shipped game measured faster with its own undo), and
the kit covers the games that keep cells and counters.

This module belongs to the core floor: it imports only the game protocol and
the chance module, never a board, a component class or a game.

Examples:
    >>> from boardkit import Game, Outcome, State
    >>> from boardkit.fields import LIST, VALUE, Fields
    >>> class CountState(State[int]):
    ...     fields = Fields(counts=LIST, turn=VALUE)
    ...     def __init__(self, game, players, seed):
    ...         super().__init__(game, players, seed)
    ...         self.counts, self.turn = [0, 0], 0
    ...     current_player = property(lambda self: None if self.outcome else self.turn)
    ...     outcome = property(lambda self: Outcome.win(0, "ten") if self.counts[0] >= 10 else None)
    ...     def legal_moves(self):
    ...         return [1, 2]
    ...     def _play(self, move):
    ...         token = self.fields.save(self)
    ...         self.counts[self.turn] += move
    ...         self.turn = 1 - self.turn
    ...         return token
    ...     def _unplay(self, move, token):
    ...         self.fields.restore(self, token)
    ...     def _key(self):
    ...         return self.fields.key(self)
    ...     def copy(self):
    ...         twin = self._bare_twin()
    ...         self.fields.copy_into(self, twin)
    ...         return twin
    ...     def render(self):
    ...         return str(self.counts)
    >>> class Count(Game):
    ...     name = "count"
    ...     def new_game(self, *, players=None, seed=None):
    ...         return CountState(self, 2, seed)
    ...     def parse_move(self, text):
    ...         return int(text)
    >>> state = Count().new_game(seed=1)
    >>> state.apply(2); twin = state.copy(); state.apply(1)
    >>> state.counts, twin.counts
    ([2, 1], [2, 0])
    >>> state.undo(); state == twin
    1
    True
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

import attrs
from typing_extensions import Self

from boardkit.game import State

__all__ = [
    "BAG",
    "COMPONENT",
    "COUNTER",
    "DICT",
    "GRID",
    "LIST",
    "VALUE",
    "Field",
    "FieldState",
    "Fields",
    "each",
]

M = TypeVar("M", bound=Hashable)

#: The fields of a state without a ``__dict__``: a kit state on the compiled build keeps the base
#: State's fields in the compiled class, so one that keeps no attribute of its own has none.
_NO_DICT: Mapping[str, Any] = MappingProxyType({})


def _same(value: Any, state: Any) -> Any:
    return value


def _itself(value: Any) -> Hashable:
    return value  # type: ignore[no-any-return]


@attrs.frozen
class Field:
    """How one attribute of a state is copied and compared.

    ``copy(value, state)`` returns an independent copy of ``value`` for
    ``state`` (the state it will belong to: a component that draws from the
    state's generator binds to ``state.rng``); ``key(value)`` returns a
    hashable value equal for equal contents.
    """

    copy: Callable[[Any, Any], Any] = _same
    key: Callable[[Any], Hashable] = _itself


#: An immutable value (a number, a string, a tuple, ``None``, an enum, an
#: :class:`~boardkit.Outcome`): shared, compared as it is.
VALUE = Field()
#: A list of immutable values.
LIST = Field(lambda v, s: v[:], tuple)
#: A list of lists of immutable values (a row per player, say).
GRID = Field(lambda v, s: [row[:] for row in v], lambda v: tuple(map(tuple, v)))
#: A dict of immutable keys and values; compared regardless of insertion order.
DICT = Field(lambda v, s: v.copy(), lambda v: frozenset(v.items()))
#: A :class:`collections.Counter`; compared regardless of order and of zero counts.
COUNTER = Field(lambda v, s: v.copy(), lambda v: frozenset((k, n) for k, n in v.items() if n))
#: A component with ``copy()`` and ``key()``
#: (:class:`~boardkit.Zone`, :class:`~boardkit.Hand`, :class:`~boardkit.ScoreTrack`).
COMPONENT = Field(lambda v, s: v.copy(), lambda v: v.key())
#: A :class:`~boardkit.TileBag` that draws with the state's generator.
BAG = Field(lambda v, s: v.copy(rng=s.rng), lambda v: v.key())


def each(field: Field) -> Field:
    """A list whose every item is copied and compared as ``field`` says.

    >>> each(COMPONENT)  # doctest: +ELLIPSIS
    Field(copy=<function each.<locals>.<lambda> at ...>, key=<function each.<locals>.<lambda> at ...>)
    """
    copy, key = field.copy, field.key
    return Field(lambda v, s: [copy(x, s) for x in v], lambda v: tuple(key(x) for x in v))


class Fields(Mapping[str, Field]):
    """The declared fields of a state, in order: attribute name to
    :class:`Field`.

    >>> Fields(scores=LIST, turn=VALUE)
    Fields(scores, turn)
    """

    def __init__(self, **fields: Field) -> None:
        for name, field in fields.items():
            if not isinstance(field, Field):
                raise TypeError(f"field {name!r} is declared as {field!r}, not a boardkit.fields.Field")
        self._fields = dict(fields)
        self._copies = tuple((name, f.copy) for name, f in fields.items())
        self._keys = tuple((name, f.key) for name, f in fields.items())

    def __getitem__(self, name: str) -> Field:
        return self._fields[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    def __repr__(self) -> str:
        return f"Fields({', '.join(self._fields)})"

    def copy_into(self, source: object, target: object) -> None:
        """Set every field of ``target`` to a copy of ``source``'s."""
        values = getattr(source, "__dict__", _NO_DICT)
        # setattr, not target.__dict__: a fresh twin of a Python subclass of the compiled State
        # has no __dict__ until its first attribute is set.
        for name, copy in self._copies:
            setattr(target, name, copy(values[name], target))

    def key(self, source: object) -> tuple[Hashable, ...]:
        """Every field's key, in declaration order."""
        values = getattr(source, "__dict__", _NO_DICT)
        return tuple(key(values[name]) for name, key in self._keys)

    def save(self, source: object) -> tuple[Any, ...]:
        """A copy of every field's value, in declaration order."""
        values = getattr(source, "__dict__", _NO_DICT)
        return tuple(copy(values[name], source) for name, copy in self._copies)

    def restore(self, target: object, saved: tuple[Any, ...]) -> None:
        """Put copies of the values :meth:`save` took back on ``target``."""
        for (name, copy), value in zip(self._copies, saved, strict=True):
            setattr(target, name, copy(value, target))  # as copy_into sets them


class FieldState(State[M], Generic[M]):
    """Deprecated: a :class:`~boardkit.State` whose ``copy``, ``_key`` and
    undo come from its declared :attr:`fields`; subclassing it warns.

    No shipped game and no example uses it. A state writes the four lines
    it gave with its :class:`Fields` table instead (the module's example).
    A subclass sets :attr:`fields`, assigns every field in ``__init__``, and
    in ``_play`` calls :meth:`_save` once it knows the move is legal and
    before changing anything, returning what it gives as the undo token.

    Examples:
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     class CountState(FieldState[int]):
        ...         fields = Fields(counts=LIST)
        >>> print(caught[0].category.__name__, caught[0].message)  # doctest: +ELLIPSIS
        DeprecationWarning boardkit.fields.FieldState is deprecated...
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if FieldState in cls.__bases__:  # once, where the class is written, not for its own subclasses
            warnings.warn(
                "boardkit.fields.FieldState is deprecated: keep the Fields table and write copy, _key and"
                " _unplay with its copy_into, key and restore (see boardkit.fields)",
                DeprecationWarning,
                stacklevel=3,  # past ABCMeta.__new__, to the class statement
            )

    #: The attributes this state keeps beyond the base class's move stack and
    #: generator, and how each is copied and compared.
    fields: ClassVar[Fields] = Fields()

    def _key(self) -> Hashable:
        return self.fields.key(self)

    def copy(self) -> Self:
        twin = self._bare_twin()  # the class's own __new__, which a compiled base class needs
        self.fields.copy_into(self, twin)
        return twin

    def _save(self) -> tuple[Any, ...]:
        """The undo token for a move about to be played: a copy of every
        field. (The generator is not in it: :meth:`State.undo
        <boardkit.State.undo>` restores chance for every kind of state.)"""
        return self.fields.save(self)

    def _unplay(self, move: M, token: Any) -> None:
        self.fields.restore(self, token)
