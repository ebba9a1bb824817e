"""A seeded bag of tiles: a public composition with a hidden order.

Components floor: it imports the core and the boards only, never a game or
an application.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

from boardkit.chance import Random
from boardkit.compiling import mypyc_attr
from boardkit.errors import ComponentError
from boardkit.game import fields_of, from_fields

__all__ = ["TileBag"]

T = TypeVar("T", bound=Hashable)


# Compiled with mypyc (hatch_build.py): made and subclassed from Python code; pickles, copies and
# deep-copies. Its tiles are a list, drawn from by index with the generator it is given.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class TileBag(Generic[T]):
    """A multiset of tiles drawn at random: the Darkness, a draw bag, a deck.

    What is in the bag (:attr:`counts`) is public; the order is not, and in
    fact does not exist: each draw picks uniformly among the tiles left, using
    the generator the bag was given. Give it the state's :attr:`~boardkit.State.rng`
    so that every draw follows the game's seed.

    Args:
        contents: A mapping from tile to count, or an iterable of tiles.
        rng: The generator to draw with (shared, not copied).
        seed: Seed for a generator of the bag's own, when ``rng`` is not given.

    Raises:
        ComponentError: for a count that is not a non-negative integer, or
            both ``rng`` and ``seed`` (the seed would be ignored).

    Examples:
        >>> bag = TileBag({"gold": 3, "red": 2}, seed=1)
        >>> len(bag), bag.counts["gold"]
        (5, 3)
        >>> drawn = bag.draw(2)
        >>> len(drawn), len(bag)
        (2, 3)
        >>> bag.put(*drawn)
        >>> sorted(bag.counts.items())
        [('gold', 3), ('red', 2)]
        >>> len(TileBag([], seed=0).draw(3))
        0
    """

    __slots__ = ("_items", "rng")

    def __init__(
        self,
        contents: Mapping[T, int] | Iterable[T] = (),
        *,
        rng: Random | None = None,
        seed: int | None = None,
    ) -> None:
        if rng is not None and seed is not None:
            raise ComponentError("a bag draws with the generator it is given (rng) or one of its own (seed), not both")
        if rng is None:
            rng = Random(0 if seed is None else seed)
        self.rng = rng
        items: list[T] = []
        if isinstance(contents, Mapping):
            for tile, n in contents.items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise ComponentError(f"count of {tile!r} must be a non-negative integer, not {n!r}")
                items.extend([tile] * n)
        else:
            items.extend(contents)
        self._items = items

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name, rebuilt by :func:`~boardkit.game.from_fields`: the same pickle
        on the pure and the compiled build."""
        return (from_fields, (type(self), fields_of(self)))

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[T]:
        """The tiles in a canonical order (by first appearance), never the draw order."""
        return iter(self.counts.elements())

    def __contains__(self, tile: object) -> bool:
        return tile in self._items

    def __repr__(self) -> str:
        inside = ", ".join(f"{t!r}: {n}" for t, n in self.counts.items())
        return f"<TileBag {len(self)} tiles {{{inside}}}>"

    @property
    def counts(self) -> Counter[T]:
        """How many of each tile the bag holds (a fresh Counter).

        Examples:
            >>> TileBag(["a", "b", "a"]).counts
            Counter({'a': 2, 'b': 1})
        """
        return Counter(self._items)

    def draw_one(self) -> T:
        """Draw one tile at random.

        Raises:
            ComponentError: if the bag is empty.

        Examples:
            >>> TileBag(["only"]).draw_one()
            'only'
        """
        items = self._items
        if not items:
            raise ComponentError("cannot draw from an empty bag")
        i = self.rng.randbelow(len(items))
        tile = items[i]
        items[i] = items[-1]
        items.pop()
        return tile

    def draw(self, n: int = 1) -> list[T]:
        """Draw up to ``n`` tiles at random; fewer (maybe none) if the bag
        runs out first, so ``len(bag.draw(n)) < n`` means it is now empty.

        Examples:
            >>> bag = TileBag(["x", "y"], seed=4)
            >>> sorted(bag.draw(5))
            ['x', 'y']
        """
        if n < 0:
            raise ComponentError(f"cannot draw {n!r} tiles")
        return [self.draw_one() for _ in range(min(n, len(self._items)))]

    def take(self, tile: T) -> T:
        """Take a chosen tile out of the bag (no randomness): for set-ups
        that pick particular tiles.

        Raises:
            ComponentError: if the bag holds no such tile.

        Examples:
            >>> bag = TileBag({"jewel": 1, "gold": 1})
            >>> bag.take("jewel"), len(bag)
            ('jewel', 1)
        """
        try:
            i = self._items.index(tile)
        except ValueError:
            raise ComponentError(f"the bag holds no {tile!r}") from None
        self._items[i] = self._items[-1]
        self._items.pop()
        return tile

    def put(self, *tiles: T) -> None:
        """Put tiles (back) into the bag.

        Examples:
            >>> bag = TileBag([]); bag.put("a", "a")
            >>> len(bag)
            2
        """
        self._items.extend(tiles)

    def clear(self) -> list[T]:
        """Empty the bag, returning its tiles in canonical order.

        Examples:
            >>> TileBag({"b": 1, "a": 2}).clear()
            ['b', 'a', 'a']
        """
        tiles = list(self)
        self._items.clear()
        return tiles

    def copy(self, rng: Random | None = None) -> TileBag[T]:
        """An independent bag with the same tiles, drawing with ``rng``
        (default: the same generator as this bag).

        Examples:
            >>> a = TileBag(["x"]); b = a.copy(); b.put("y")
            >>> len(a), len(b)
            (1, 2)
        """
        twin: TileBag[T] = TileBag.__new__(TileBag)
        twin._items = list(self._items)
        twin.rng = self.rng if rng is None else rng
        return twin

    def key(self) -> tuple[T, ...]:
        """The exact internal arrangement, for state snapshots and undo.

        Two bags with equal keys draw identically from equal generators;
        :meth:`restore` puts a saved key back.

        Examples:
            >>> bag = TileBag(["a", "b", "c"], seed=2)
            >>> saved = bag.key(); first = bag.draw(2)
            >>> bag.restore(saved); bag.rng = type(bag.rng)(2)
            >>> bag.draw(2) == first
            True
        """
        return tuple(self._items)

    def restore(self, key: tuple[T, ...]) -> None:
        """Put back an arrangement saved with :meth:`key` (for undo).

        The generator is not part of the bag: restore its ``state`` too.
        """
        self._items = list(key)
