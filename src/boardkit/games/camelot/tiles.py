"""Camelot's tiles: what each one is worth and which kind of plan square it fits.

boardkit's tile list is a reconstruction (the published one could not be
recovered): 80 tiles, one for each square of the plan in :mod:`.plan`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from boardkit.errors import ComponentError, OptionError, shown

__all__ = ["KIND_NAMES", "STANDARD_TILES", "Tile", "TileSet", "tile", "tile_entries"]

#: What each kind letter of the standard plan stands for.
KIND_NAMES: Final[Mapping[str, str]] = {
    "T": "corner tower",
    "W": "curtain wall",
    "G": "gatehouse",
    "s": "small hall",
    "k": "great hall corner",
    "h": "great hall wall",
    "f": "great hall centre",
    ".": "open floor",
}

#: The most a tile of a list of one's own may be worth (the standard tiles are worth 0 to 5): the scores of
#: a tile worth a 4,300-digit number would outgrow what Python writes as text (an internal error).
_MOST_VALUE: Final = 1000

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9'-]*( [A-Za-z0-9'-]+)*")


@attrs.frozen(order=False, cache_hash=True)
class Tile:
    """One kind of tile: its name, its value and the kind of square it fits.

    Tiles turn freely, so a tile fits every square of its kind and no other.
    A *garden* also scores from tiles touching it corner to corner in the turn
    it is laid. ``str(tile)`` is the name in lower case, as move notation
    writes it.

    Attributes:
        name: The tile's name, as in the tile list (``"Holy Grail"``).
        value: The points it scores when laid, and when a new tile touches it.
        kind: The letter of the plan squares it fits (see :data:`KIND_NAMES`).
        garden: Whether it scores corner contacts too in the turn it is laid.

    Examples:
        >>> grail = tile("holy grail")
        >>> grail.name, grail.value, grail.kind
        ('Holy Grail', 5, 's')
        >>> tile("garden").garden, grail.garden, str(grail)
        (True, False, 'holy grail')
    """

    name: str
    value: int
    kind: str
    garden: bool = False

    def __str__(self) -> str:
        return self.name.lower()

    @property
    def short(self) -> str:
        """A label of at most three letters for pictures: initials of a
        several-word name, else its first three letters.

        Examples:
            >>> tile("Round Table").short, tile("tower").short
            ('RT', 'Tow')
        """
        words = self.name.split()
        letters = "".join(w[0] for w in words) if len(words) > 1 else self.name[:3]
        return letters[0].upper() + letters[1:3]


Entry = tuple[str, str, int, int, bool]


def _check_entry(name: object, kind: object, value: object, count: object, garden: object = False) -> Entry:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise OptionError(
            f"bad tile name {name!r}: use letters, digits, hyphens and apostrophes, single spaces between words"
        )
    if not isinstance(kind, str) or len(kind) != 1 or kind.isspace():
        raise OptionError(f"the kind of tile {name!r} must be one plan letter, not {kind!r}")
    for label, number, low in (("value", value, 0), ("count", count, 1)):
        if isinstance(number, bool) or not isinstance(number, int) or number < low:
            raise OptionError(f"the {label} of tile {name!r} must be an integer of at least {low}, not {shown(number)}")
    if isinstance(value, int) and value > _MOST_VALUE:
        raise OptionError(f"the value of tile {name!r} must be at most {_MOST_VALUE:,}, not {shown(value)}")
    if not isinstance(garden, bool):
        raise OptionError(f"garden for tile {name!r} must be true or false, not {garden!r}")
    return name, kind, value, count, garden  # type: ignore[return-value]


def tile_entries(spec: object) -> tuple[tuple[str, str, int, int, bool], ...]:
    """Read a tile list given as data into its canonical form: a tuple of
    ``(name, kind, value, count, garden)`` entries.

    ``spec`` is either a mapping from tile name to ``{"kind": ..., "value":
    ..., "count": ..., "garden": ...}`` (``garden`` optional, default false)
    or a sequence of ``[name, kind, value, count]`` or ``[name, kind, value,
    count, garden]`` entries.

    Raises:
        OptionError: for anything else, or for a name given twice (in any case).

    Examples:
        >>> tile_entries({"tower": {"kind": "T", "value": 2, "count": 4}})
        (('tower', 'T', 2, 4, False),)
        >>> tile_entries([["rose", ".", 1, 3, True]])
        (('rose', '.', 1, 3, True),)
    """
    entries: list[tuple[str, str, int, int, bool]] = []
    if isinstance(spec, Mapping):
        for name, fields in spec.items():
            if not isinstance(fields, Mapping):
                raise OptionError(f"tile {name!r} needs a mapping with kind, value and count, not {fields!r}")
            unknown = set(fields) - {"kind", "value", "count", "garden"}
            if unknown:
                first = sorted(unknown, key=str)[0]
                raise OptionError(f"unknown field {first!r} for tile {name!r}; fields are kind, value, count, garden")
            missing = [k for k in ("kind", "value", "count") if k not in fields]
            if missing:
                raise OptionError(f"tile {name!r} lacks {missing[0]!r}; give kind, value and count")
            entries.append(
                _check_entry(name, fields["kind"], fields["value"], fields["count"], fields.get("garden", False))
            )
    elif isinstance(spec, Sequence) and not isinstance(spec, str | bytes):
        for item in spec:
            if isinstance(item, str | bytes) or not isinstance(item, Sequence) or len(item) not in (4, 5):
                raise OptionError(f"a tile entry is [name, kind, value, count] or [..., garden], not {item!r}")
            entries.append(_check_entry(*item))
    else:
        raise OptionError(f"tiles must be a mapping of tile name to fields, or a list of entries, not {spec!r}")
    if not entries:
        raise OptionError("a tile list needs at least one tile")
    seen: set[str] = set()
    for name, *_ in entries:
        if name.lower() in seen:
            raise OptionError(f"tile name {name!r} is given twice (names ignore case)")
        seen.add(name.lower())
    return tuple(entries)


#: The reconstructed tile list as ``(name, kind, value, count, garden)`` entries.
STANDARD_TILES: Final[tuple[tuple[str, str, int, int, bool], ...]] = (
    ("tower", "T", 2, 4, False),
    ("gatehouse", "G", 2, 2, False),
    ("wall blank", "W", 0, 16, False),
    ("bathhouse", "W", 1, 2, False),
    ("blacksmith", "W", 1, 2, False),
    ("butcher", "W", 1, 2, False),
    ("weaver", "W", 1, 2, False),
    ("armoury", "W", 2, 2, False),
    ("Holy Grail", "s", 5, 1, False),
    ("clerk", "s", 3, 1, False),
    ("chapel", "s", 3, 1, False),
    ("small hall", "s", 2, 5, False),
    ("hall corner", "k", 1, 4, False),
    ("Excalibur", "h", 5, 1, False),
    ("Round Table", "h", 4, 1, False),
    ("throne", "h", 4, 1, False),
    ("banner", "h", 3, 1, False),
    ("tapestry", "h", 1, 2, False),
    ("fireplace", "f", 2, 2, False),
    ("blank", ".", 0, 14, False),
    ("garden", ".", 1, 6, True),
    ("treasury", ".", 3, 1, False),
    ("library", ".", 3, 1, False),
    ("minstrels", ".", 3, 1, False),
    ("well", ".", 1, 2, False),
    ("stables", ".", 1, 2, False),
    ("kitchen", ".", 2, 1, False),
)


class TileSet:
    """A game's tiles: each kind of tile once, in list order, with its count.

    Args:
        entries: ``(name, kind, value, count, garden)`` entries, as from
            :func:`tile_entries`.

    Examples:
        >>> tiles = TileSet(STANDARD_TILES)
        >>> len(tiles.kinds), sum(tiles.counts.values())
        (27, 80)
        >>> tiles["WALL BLANK"].value
        0
    """

    def __init__(self, entries: Iterable[tuple[str, str, int, int, bool]]) -> None:
        self.counts: dict[Tile, int] = {
            Tile(name, value, kind, garden): count for name, kind, value, count, garden in entries
        }
        self.kinds: tuple[Tile, ...] = tuple(self.counts)
        self._by_name = {t.name.lower(): t for t in self.kinds}
        #: Each tile's position in the list, for a canonical order.
        self.order: dict[Tile, int] = {t: i for i, t in enumerate(self.kinds)}
        #: Each tile's label on boards, unique in the set (see :meth:`label`).
        self.labels: dict[Tile, str] = _unique_labels(self.kinds)

    def label(self, item: Tile) -> str:
        """A tile's label on boards: its :attr:`Tile.short`, unless another
        tile of the set has the same one; then the first letter and the last
        two (``blank`` is ``Bnk`` beside ``blacksmith``, ``Bth``).

        Examples:
            >>> tiles = TileSet(STANDARD_TILES)
            >>> tiles.label(tiles["blank"]), tiles.label(tiles["blacksmith"]), tiles.label(tiles["garden"])
            ('Bnk', 'Bth', 'Gar')
        """
        return self.labels.get(item) or item.short

    def __getitem__(self, name: str) -> Tile:
        if isinstance(name, str):
            found = self._by_name.get(" ".join(name.split()).lower())
            if found is not None:
                return found
        known = ", ".join(repr(t.name) for t in self.kinds)
        raise ComponentError(f"no tile named {shown(name)}; tiles are: {known}")

    def __contains__(self, item: object) -> bool:
        return isinstance(item, Tile) and item in self.counts

    def all_tiles(self) -> list[Tile]:
        """Every tile, each as many times as it is in the set, in list order.

        Examples:
            >>> len(TileSet(STANDARD_TILES).all_tiles())
            80
        """
        return [t for t in self.kinds for _ in range(self.counts[t])]


def _unique_labels(kinds: Sequence[Tile]) -> dict[Tile, str]:
    shorts = Counter(t.short for t in kinds)
    labels = {}
    for t in kinds:
        letters = "".join(t.name.split())
        labels[t] = t.short if shorts[t.short] == 1 else (letters[0] + letters[-2:]).capitalize()
    return labels


_STANDARD = TileSet(STANDARD_TILES)


def tile(name: str) -> Tile:
    """The standard tile called ``name`` (any case, as in the tile list).

    Raises:
        ComponentError: if no standard tile has that name.

    Examples:
        >>> tile("Excalibur")
        Tile(name='Excalibur', value=5, kind='h', garden=False)
        >>> tile("wall blank") == tile("WALL BLANK")
        True
        >>> tile("dragon")
        Traceback (most recent call last):
        ...
        boardkit.errors.ComponentError: no tile named 'dragon'; tiles are: 'tower', ...
    """
    return _STANDARD[name]
