"""Setting up a game of 5 Fields by hand: ``from_position``'s checks and
the record's ``setup`` data read back.

The state is built by the rules (:class:`~boardkit.games.five_fields.FiveFieldsState`);
this module fills in and validates a position on it. It imports the core,
5 Fields' board and the state's floor that judges a position
(:class:`~boardkit.games.five_fields.battles.Battles`: the lists, the
generator and ``_judge``), never the rules (which import it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardkit.errors import OptionError, OptionTypeError, shown
from boardkit.game import Player, setup_fields
from boardkit.games.five_fields.battles import Battles
from boardkit.games.five_fields.board import (
    CELL_COUNT,
    CELLS,
    HIDDEN_CODE,
    MOST_CITIES,
    MOST_FIELDS,
    MOST_PRINCES,
    SEA_CODE,
    TERRAIN_CODE,
    TERRAIN_CODES,
    TILES,
    Pawn,
    Terrain,
    format_hex,
    hex_index,
    parse_hex,
)
from boardkit.topology import Hex

__all__ = ["place", "read_setup"]


def _enum(kind: Any, value: Any) -> Any:
    """The member of the enum ``kind`` whose value is ``value`` (set-up data)."""
    try:
        return kind(value)
    except (ValueError, TypeError):
        names = ", ".join(repr(m.value) for m in kind)
        raise OptionError(f"bad setup for five-fields: {value!r:.40} is not one of {names}") from None


def _princes_lost(counts: Any, princes: list[list[int]]) -> list[int]:
    """Validate ``from_position``'s ``princes_lost``: two counts, each at most the Princes off the board."""
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence) or len(counts) != 2:
        raise OptionError(f"bad position: princes_lost is a pair of counts, one per player, not {counts!r:.80}")
    for p, n in enumerate(counts):
        if type(n) is not int or n < 0:
            raise OptionError(f"bad position: princes_lost counts are non-negative ints, not {n!r:.80}")
        if n > MOST_PRINCES - len(princes[p]):
            raise OptionError(
                f"bad position: player {p} cannot have lost {n} Princes with {len(princes[p])} on the board"
            )
    return list(counts)



def place(
    state: Battles,
    terrain: Mapping[Hex, Terrain],
    pawns: Mapping[Hex, Sequence[tuple[Player, Pawn]]],
    fields: Mapping[Hex, Player],
    cities: Mapping[Hex, Player],
    to_move: Player,
    princes_lost: Sequence[int] = (0, 0),
) -> None:
    """Put the position ``from_position`` describes on the fresh ``state``, checking it.

    Raises:
        OptionError: if the position breaks a rule of the board.
    """
    state.rng.reseed(state.seed)  # in place: nothing may keep a generator the state has left
    state.check_player(to_move)
    codes = [HIDDEN_CODE] * CELL_COUNT
    for cell, kind in terrain.items():
        if not isinstance(kind, Terrain):
            raise OptionError(f"bad position: the terrain of {cell!r} must be a Terrain, not {kind!r}")
        codes[hex_index(cell)] = TERRAIN_CODE[kind]
    if not state._blank and HIDDEN_CODE in codes:
        missing = CELLS[codes.index(HIDDEN_CODE)]
        raise OptionError(f"bad position: no terrain for {format_hex(missing)} (only blank_map hides hexes)")
    pool = [TILES[t] - codes.count(TERRAIN_CODE[t]) for t in TERRAIN_CODES] if state._blank else [0, 0, 0]
    if min(pool) < 0:
        raise OptionError("bad position: more face-up hexes of a terrain than the box holds")
    state._terrain, state._pool = codes, pool
    state._queen = [-1, -1]
    state._princes = [[], []]
    for cell, owner in fields.items():
        i = hex_index(cell)
        state.check_player(owner)
        if codes[i] in (SEA_CODE, HIDDEN_CODE):
            raise OptionError(f"bad position: no Field may lie on the sea or face-down hex {format_hex(CELLS[i])}")
        state._field[i] = owner
    for cell, owner in cities.items():
        i = hex_index(cell)
        state.check_player(owner)
        if codes[i] in (SEA_CODE, HIDDEN_CODE) or state._field[i] >= 0:
            raise OptionError(f"bad position: a City cannot stand on {format_hex(CELLS[i])}")
        state._city[i] = owner
    for cell, items in pawns.items():
        i = hex_index(cell)
        if isinstance(items, str | bytes) or not isinstance(items, Sequence):
            raise OptionTypeError(
                f"bad position: the pawns on {format_hex(cell)} are a list of (player, Pawn) pairs, not {shown(items)}"
            )
        for item in items:
            if not isinstance(item, tuple) or len(item) != 2 or not isinstance(item[1], Pawn):
                raise OptionError(f"bad position: a pawn is a (player, Pawn) pair, not {item!r}")
            owner, piece = item
            state.check_player(owner)
            if codes[i] == HIDDEN_CODE:
                raise OptionError(f"bad position: no pawn may stand on the face-down hex {format_hex(cell)}")
            if piece is Pawn.QUEEN:
                if state._queen[owner] >= 0:
                    raise OptionError(f"bad position: player {owner} has two Queens")
                if codes[i] == SEA_CODE:
                    raise OptionError(f"bad position: a Queen cannot stand on the sea hex {format_hex(cell)}")
                state._queen[owner] = i
            else:
                state._princes[owner].append(i)
    for p in (0, 1):
        e = 1 - p
        if len(state._princes[p]) > MOST_PRINCES:
            raise OptionError(f"bad position: player {p} has more than {MOST_PRINCES} Princes")
        if state._field.count(p) > MOST_FIELDS or state._city.count(p) > MOST_CITIES:
            raise OptionError(f"bad position: player {p} has too many Fields or Cities")
        for i in set(state._princes[p]) | ({state._queen[p]} - {-1}):
            mine = state._princes[p].count(i) + (state._queen[p] == i)
            if mine > 2 or (mine == 2 and state._queen[p] == i):
                raise OptionError(f"bad position: too many of player {p}'s pawns on {format_hex(CELLS[i])}")
            if state._blocks(e, i) or state._field[i] == e:
                raise OptionError(f"bad position: player {p}'s pawn shares {format_hex(CELLS[i])} with the enemy")
    state._lost = _princes_lost(princes_lost, state._princes)
    state._to_move = to_move
    state._pairs = state._pairs_of(to_move)
    state._outcome = state._judge(1 - to_move, count_turn=False)


def read_setup(setup: Any, *, game: str) -> tuple[Any, ...]:
    """``from_position``'s arguments (terrain, pawns, fields, cities, to_move,
    princes_lost) read back from a record's ``setup`` data.

    Raises:
        OptionError, NotationError: for malformed data.
    """
    data = setup_fields(
        setup, ("terrain", "pawns", "fields", "cities", "to_move", "princes_lost"), game=game
    )
    for key in ("terrain", "pawns", "fields", "cities"):
        if not isinstance(data[key], Mapping):
            raise OptionError(f"bad setup for five-fields: {key!r} must map hex names, not {data[key]!r:.60}")
    terrain = {parse_hex(h): _enum(Terrain, t) for h, t in data["terrain"].items()}
    pawns: dict[Hex, list[tuple[Any, Pawn]]] = {}
    for h, items in data["pawns"].items():
        if not isinstance(items, Sequence) or not all(isinstance(i, Sequence) and len(i) == 2 for i in items):
            raise OptionError(f"bad setup for five-fields: pawns are [player, pawn] pairs, not {items!r:.60}")
        pawns[parse_hex(h)] = [(p, _enum(Pawn, pawn)) for p, pawn in items]
    fields = {parse_hex(h): p for h, p in data["fields"].items()}
    cities = {parse_hex(h): p for h, p in data["cities"].items()}
    return terrain, pawns, fields, cities, data["to_move"], data["princes_lost"]
