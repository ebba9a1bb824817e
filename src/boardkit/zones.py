"""Zones: where a player's components lie and who may see them.

Components floor: it imports the core and the boards only, never a game or
an application.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import Any, Generic, Literal, TypeVar, cast

import attrs

from boardkit.compiling import mypyc_attr
from boardkit.errors import ComponentError
from boardkit.game import Player, fields_of, from_fields

__all__ = ["Hand", "Visibility", "Zone", "ZoneView"]

T = TypeVar("T", bound=Hashable)

# A player who owns no zone: a hand's view for them is what everybody sees.
_NOBODY = -1

#: Who may see a zone's contents: everybody, only its owner, or nobody.
Visibility = Literal["public", "owner", "nobody"]


@attrs.frozen
class ZoneView(Generic[T]):
    """What one player may see of a zone.

    Attributes:
        owner: The zone's owner (``None`` for a shared zone).
        visible: The items this player may see, as sorted ``(item, count)`` pairs.
        hidden: How many items there are that this player may not see.

    Examples:
        >>> hand = Hand(owner=0, items=["gold", "red"])
        >>> hand.view(1)
        ZoneView(owner=0, visible=(), hidden=2)
        >>> hand.view(0).visible
        (('gold', 1), ('red', 1))
    """

    owner: Player | None
    visible: tuple[tuple[T, int], ...]
    hidden: int

    @property
    def size(self) -> int:
        """Every item in the zone, seen or not."""
        return sum(n for _, n in self.visible) + self.hidden


def _sorted_pairs(counts: Mapping[T, int]) -> tuple[tuple[T, int], ...]:
    """The items held, with their counts, in an order that does not depend on
    how they were added: by ``repr``."""
    return tuple(sorted(((k, n) for k, n in counts.items() if n > 0), key=_by_repr))


def _fewer(pairs: tuple[tuple[T, int], ...], item: T, left: int) -> tuple[tuple[T, int], ...] | None:
    """Sorted pairs after fewer of ``item``, without a re-sort: its pair with
    ``left`` as the count, or without it when none is left (``None`` when its pair
    is not found by identity: then the caller forgets the pairs and the next
    view sorts afresh).

    Taking items out of a Counter leaves the others in the order they were, so a
    fresh sort (stable, by ``repr``) would give the same pairs in the same order.
    """
    for i, pair in enumerate(pairs):
        key = pair[0]
        if key is item:
            rest = pairs[i + 1 :]
            return pairs[:i] + (rest if left <= 0 else ((key, left), *rest))
    return None


# Each item's repr, worked out once: views and keys sort zones on every move. Keyed by type
# too, so that equal items of different types (1 and 1.0) keep their own reprs.
_REPRS: dict[tuple[type, Any], str] = {}
# The same by the item's identity (no hashing: a game's own components come back every
# move); each item is kept with its repr, so that its id is not reused while it is here.
_REPRS_BY_ID: dict[int, tuple[Any, str]] = {}


def _by_repr(pair: tuple[Any, int]) -> str:
    item = pair[0]
    seen = _REPRS_BY_ID.get(id(item))
    if seen is not None and seen[0] is item:
        return seen[1]
    key = (type(item), item)
    text = _REPRS.get(key)
    if text is None:
        text = repr(item)
        if len(_REPRS) < 100_000:
            _REPRS[key] = text
    if len(_REPRS_BY_ID) < 100_000:
        _REPRS_BY_ID[id(item)] = (item, text)
    return text


def _counted(items: Iterable[T]) -> dict[T, int]:
    """How many of each item, as a plain dict without zero counts: ``items`` is
    a sequence of items, or a mapping from item to count (as for a Counter)."""
    return {item: n for item, n in Counter(items).items() if n > 0}


# Compiled with mypyc (hatch_build.py): made and subclassed from Python code; pickles, copies and
# deep-copies. The contents are a plain dict from item to count (never zero) and its total, not a
# Counter, whose methods are Python code: a copy is a dict copy, a count a dict lookup.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Zone(Generic[T]):
    """A multiset of components with an owner and a visibility.

    A Court is a public zone; a hand is an owner-only zone (see :class:`Hand`,
    which can also hold face-up tiles); a discard pile seen by nobody is a
    ``"nobody"`` zone.

    Views are kept until the contents change (a view is an immutable value),
    so reading the same zone for several players, or again before it
    changes, costs one lookup.

    Args:
        owner: The owning player, or ``None``.
        visibility: ``"public"``, ``"owner"`` or ``"nobody"``.
        items: The starting contents.

    Examples:
        >>> court = Zone(owner=1, visibility="public", items=["gold", "gold"])
        >>> court.count("gold"), len(court)
        (2, 2)
        >>> court.remove("red")
        Traceback (most recent call last):
        ...
        boardkit.errors.ComponentError: the zone holds no 'red'
    """

    def __init__(self, owner: Player | None = None, visibility: Visibility = "public", items: Iterable[T] = ()) -> None:
        self.owner: Player | None = owner
        self.visibility: Visibility = visibility
        self._items: dict[T, int] = _counted(items)
        self._size: int = sum(self._items.values())
        # Kept until the contents change (every change sets them to None, in place: this is
        # on every move's path): the view of a player who sees everything, of one who does
        # not, and a Hand's concealed items.
        self._full: ZoneView[T] | None = None
        self._outside: ZoneView[T] | None = None
        self._concealed: tuple[tuple[T, int], ...] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name, rebuilt by :func:`~boardkit.game.from_fields`: the same pickle
        on the pure and the compiled build."""
        return (from_fields, (type(self), fields_of(self)))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} owner={self.owner} {self._items}>"

    def __len__(self) -> int:
        return self._size

    def __contains__(self, item: object) -> bool:
        return item in self._items

    @property
    def items(self) -> Counter[T]:
        """The contents as a fresh Counter."""
        return Counter(self._items)

    def count(self, item: T) -> int:
        """How many of ``item`` the zone holds."""
        return self._items.get(item, 0)

    def kinds(self) -> list[T]:
        """The different items the zone holds, each once, in the order they
        came in (cheaper than :attr:`items` when the counts do not matter).

        Examples:
            >>> Zone(items=["red", "gold", "red"]).kinds()
            ['red', 'gold']
        """
        return list(self._items)

    def add(self, *items: T) -> None:
        """Put items into the zone."""
        counts = self._items
        for item in items:
            counts[item] = counts.get(item, 0) + 1
        self._size += len(items)
        self._full = self._outside = self._concealed = None

    def remove(self, item: T, n: int = 1) -> None:
        """Take ``n`` of ``item`` out of the zone.

        Raises:
            ComponentError: if the zone holds fewer than ``n`` of them.
        """
        counts = self._items
        held = counts.get(item, 0)
        if held < n:
            raise ComponentError(f"the zone holds no {item!r}" if n == 1 else f"the zone holds fewer than {n} {item!r}")
        if held > n:
            counts[item] = held - n
        elif item in counts:
            del counts[item]
        self._size -= n
        self._outside = self._concealed = None
        self._full = self._full_less(item)

    def clear(self) -> Counter[T]:
        """Empty the zone and return what it held."""
        held = Counter(self._items)
        self._items = {}
        self._size = 0
        self._full = self._outside = self._concealed = None
        return held

    def can_see(self, player: Player) -> bool:
        """Whether ``player`` may see the zone's contents."""
        return self.visibility == "public" or (self.visibility == "owner" and player == self.owner)

    def view(self, player: Player) -> ZoneView[T]:
        """What ``player`` may see of the zone."""
        if self.can_see(player):
            return self._full_view()
        view = self._outside
        if view is None or view.owner != self.owner:
            view = self._outside = ZoneView(self.owner, (), len(self))
        return view

    def _full_view(self) -> ZoneView[T]:
        """The view of a player who sees everything (kept until the contents change)."""
        view = self._full
        if view is None or view.owner != self.owner:
            view = self._full = ZoneView(self.owner, _sorted_pairs(self._items), 0)
        return view

    def _full_less(self, item: T) -> ZoneView[T] | None:
        """The kept full view after fewer of ``item`` (see :func:`_fewer`)."""
        view = self._full
        if view is None:
            return None
        pairs = _fewer(view.visible, item, self._items.get(item, 0))
        return None if pairs is None else ZoneView(view.owner, pairs, 0)

    def key(self) -> Hashable:
        """The full contents in a canonical order, for snapshots."""
        return self._full_view().visible

    def copy(self) -> Zone[T]:
        """An independent zone with the same contents."""
        cls = type(self)
        twin = cls.__new__(cls)
        extra = getattr(self, "__dict__", None)
        if extra:  # a subclass's own attributes (all of them, in the pure build)
            try:
                vars(twin).update(extra)
            except TypeError:  # compiled: a Python subclass's object has no dict until it holds a field
                for name, value in extra.items():
                    setattr(twin, name, value)
        twin.owner = self.owner
        twin.visibility = self.visibility
        twin._items = dict(self._items)
        twin._size = self._size
        # The views too: immutable, and true of the twin until it changes.
        twin._full = self._full
        twin._outside = self._outside
        twin._concealed = self._concealed
        return twin


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Hand(Zone[T]):
    """A player's hand: the owner sees it, the others see only how many.

    Some games lay part of a hand face up (Camelot: The Build); those tiles
    are in :attr:`face_up` and everybody sees them, while the rest stays
    concealed.

    Examples:
        >>> hand = Hand(owner=0, items=["garden", "wall"])
        >>> hand.reveal("wall")
        >>> hand.view(1)
        ZoneView(owner=0, visible=(('wall', 1),), hidden=1)
        >>> hand.conceal("wall")
        >>> hand.view(1).hidden
        2
    """

    def __init__(self, owner: Player | None = None, items: Iterable[T] = (), face_up: Iterable[T] = ()) -> None:
        super().__init__(owner, "owner", items)
        up = _counted(face_up)
        self._face_up: dict[T, int] = up
        self._up: int = sum(up.values())
        counts = self._items
        for item, n in up.items():
            counts[item] = counts.get(item, 0) + n
        self._size += self._up

    @property
    def face_up(self) -> Counter[T]:
        """The tiles every player can see."""
        return Counter(self._face_up)

    @property
    def face_up_size(self) -> int:
        """How many tiles lie face up.

        Examples:
            >>> Hand(owner=0, items=["wall"], face_up=["gate", "gate"]).face_up_size
            2
        """
        return self._up

    def count_face_up(self, item: T) -> int:
        """How many of ``item`` lie face up.

        Examples:
            >>> hand = Hand(owner=0, items=["gate"], face_up=["gate"])
            >>> hand.count("gate"), hand.count_face_up("gate")
            (2, 1)
        """
        return self._face_up.get(item, 0)

    def face_up_kinds(self) -> list[T]:
        """The different face-up tiles, each once (see :meth:`Zone.kinds`).

        Examples:
            >>> Hand(owner=0, face_up=["gate", "wall", "gate"]).face_up_kinds()
            ['gate', 'wall']
        """
        return list(self._face_up)

    @property
    def concealed(self) -> Counter[T]:
        """The tiles only the owner can see."""
        face_up = self._face_up.get
        concealed: Counter[T] = Counter()
        for item, n in self._items.items():  # what `items - face_up` gives, hashing each item once
            left = n - face_up(item, 0)
            if left > 0:
                concealed[item] = left
        return concealed

    def concealed_pairs(self) -> tuple[tuple[T, int], ...]:
        """The concealed items as ``(item, count)`` pairs sorted like a view's
        (by ``repr``). The same tuple comes back until the concealed items
        change, however the face-up ones do.

        Examples:
            >>> hand = Hand(owner=0, items=["wall", "gate"], face_up=["wall"])
            >>> pairs = hand.concealed_pairs()
            >>> pairs
            (('gate', 1), ('wall', 1))
            >>> hand.add_face_up("tower")
            >>> hand.remove_face_up("wall")
            >>> hand.concealed_pairs() is pairs
            True
        """
        pairs = self._concealed
        if pairs is None:
            pairs = self._concealed = _sorted_pairs(self.concealed)
        return pairs

    def add_face_up(self, *items: T) -> None:
        """Put items into the hand face up."""
        counts, up = self._items, self._face_up
        for item in items:
            counts[item] = counts.get(item, 0) + 1
            up[item] = up.get(item, 0) + 1
        self._size += len(items)
        self._up += len(items)
        self._full = self._outside = None

    def reveal(self, item: T) -> None:
        """Turn a concealed item face up.

        Raises:
            ComponentError: if no such item is concealed.
        """
        up = self._face_up
        shown = up.get(item, 0)
        if self._items.get(item, 0) - shown < 1:
            raise ComponentError(f"no concealed {item!r} in the hand")
        up[item] = shown + 1
        self._up += 1
        # the contents are the same: the full view stays
        self._outside = None
        self._concealed = self._concealed_less(self._concealed, item)

    def conceal(self, item: T) -> None:
        """Turn a face-up item face down.

        Raises:
            ComponentError: if no such item is face up.
        """
        self._one_less_face_up(item)
        # the contents are the same: the full view stays
        self._outside = self._outside_less(self._outside, item, 1)
        self._concealed = None

    def _one_less_face_up(self, item: T) -> None:
        up = self._face_up
        shown = up.get(item, 0)
        if shown < 1:
            raise ComponentError(f"no face-up {item!r} in the hand")
        if shown > 1:
            up[item] = shown - 1
        else:
            del up[item]
        self._up -= 1

    def _outside_less(self, view: ZoneView[T] | None, item: T, hidden: int) -> ZoneView[T] | None:
        """The others' kept view after fewer face-up ``item`` and ``hidden`` more
        concealed items (see :func:`_fewer`)."""
        if view is None:
            return None
        pairs = _fewer(view.visible, item, self._face_up.get(item, 0))
        return None if pairs is None else ZoneView(view.owner, pairs, view.hidden + hidden)

    def _concealed_less(self, pairs: tuple[tuple[T, int], ...] | None, item: T) -> tuple[tuple[T, int], ...] | None:
        """The kept concealed pairs after fewer concealed ``item`` (see :func:`_fewer`)."""
        if pairs is None:
            return None
        return _fewer(pairs, item, self._items.get(item, 0) - self._face_up.get(item, 0))

    def remove(self, item: T, n: int = 1) -> None:
        """Take items out, concealed ones first."""
        concealed, outside = self._concealed, self._outside
        super().remove(item, n)
        face_up = self._face_up
        shown = face_up.get(item, 0)
        extra = shown - self._items.get(item, 0)  # face-up ones taken
        if extra > 0:
            if shown > extra:
                face_up[item] = shown - extra
            else:
                del face_up[item]
            self._up -= extra
        else:
            extra = 0
        if extra < n:  # concealed ones taken
            concealed = self._concealed_less(concealed, item)
        self._concealed = concealed
        if extra:
            outside = self._outside_less(outside, item, extra - n)
        elif outside is not None:
            outside = ZoneView(outside.owner, outside.visible, outside.hidden - n)
        self._outside = outside

    def remove_face_up(self, item: T) -> None:
        """Take out one face-up ``item`` (a concealed one of the same stays).

        Raises:
            ComponentError: if no such item is face up.
        """
        self._one_less_face_up(item)
        counts = self._items
        left = counts[item] - 1
        if left:
            counts[item] = left
        else:
            del counts[item]
        self._size -= 1
        self._outside = self._outside_less(self._outside, item, 0)
        self._full = self._full_less(item)

    def clear(self) -> Counter[T]:
        self._face_up = {}
        self._up = 0
        return super().clear()

    def view(self, player: Player) -> ZoneView[T]:
        if player == self.owner:
            return self._full_view()
        view = self._outside
        if view is None or view.owner != self.owner:
            view = self._outside = ZoneView(self.owner, _sorted_pairs(self._face_up), self._size - self._up)
        return view

    def key(self) -> Hashable:
        return (self._full_view().visible, self.view(_NOBODY).visible)

    def copy(self) -> Hand[T]:
        twin = cast("Hand[T]", super().copy())
        twin._face_up = dict(self._face_up)
        twin._up = self._up
        return twin
