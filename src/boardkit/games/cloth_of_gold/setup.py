"""Setting up a game of Field of the Cloth of Gold by hand: ``from_position``'s
checks and the position it builds.

This module imports the core, the components and the game's board and shapes
(:mod:`~boardkit.games.cloth_of_gold.shape`), never the rules (which import
it): the rules hand it the game and the state class to build.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from boardkit.bag import TileBag
from boardkit.chance import check_seed
from boardkit.compiling import IntArgument
from boardkit.errors import OptionError, OptionTypeError, shown
from boardkit.games.cloth_of_gold.board import TARGET, TILE_SPACES, TILES, Space, Tile, tile_pairs
from boardkit.games.cloth_of_gold.shape import GameShape, StateFields
from boardkit.zones import Hand, Zone

__all__ = ["position"]

#: The game's class and the state's (ClothOfGold and ClothOfGoldState): ``position`` builds
#: the state from the game.
_Game = TypeVar("_Game", bound=GameShape)
_State = TypeVar("_State", bound=StateFields)


_Kind = TypeVar("_Kind", Tile, Space)


def _member(kind: type[_Kind], value: object, what: str) -> _Kind:
    """``value`` as a :class:`Tile` or a :class:`Space` (``kind``), or an OptionError naming them all."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        noun = kind.__name__.lower()
        names = ", ".join(repr(m.value) for m in kind)
        raise OptionError(f"{what}: no {noun} {value!r}; {noun}s are {names}") from None


def _to_counts(value: object, what: str) -> Counter[Tile]:
    if not isinstance(value, Mapping):
        raise OptionError(f"{what} must map tiles to counts, not {value!r}")
    counts: Counter[Tile] = Counter()
    for key, n in value.items():
        tile = _member(Tile, key, what)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise OptionError(f"{what}: the count of {tile.value} must be a non-negative integer, not {n!r}")
        if n:
            counts[tile] += n
    return counts


def _pair(value: object, what: str) -> tuple[Any, Any]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise OptionError(f"{what} must be a pair, one per player, not {value!r}")
    return value[0], value[1]


def position(
    game: _Game,
    state_type: Callable[[_Game, int, int | None], _State],
    *,
    hands: Sequence[Mapping[Any, int]],
    courts: Sequence[Mapping[Any, int]],
    scores: Sequence[int],
    tile_spaces: Mapping[Any, Any] | None,
    tokens: Sequence[Sequence[Any]],
    dragon: Any,
    darkness: Mapping[Any, int] | None,
    removed: Mapping[Any, int] | None,
    to_move: IntArgument | None,
    seed: IntArgument | None,
) -> _State:
    """Check the position ``game.from_position`` describes and build it as a
    ``state_type`` (see :meth:`ClothOfGold.from_position
    <boardkit.games.cloth_of_gold.ClothOfGold.from_position>`).

    Raises:
        OptionError: naming what is inconsistent.
    """
    if to_move is None:
        to_move = game.options.first
    if type(to_move) is not int:
        raise OptionTypeError(f"to_move must be player 0 or 1, not {shown(to_move)}")
    if to_move not in (0, 1):
        raise OptionError(f"to_move must be player 0 or 1, not {shown(to_move)}")
    for name, given in (("tile_spaces", tile_spaces), ("darkness", darkness), ("removed", removed)):
        if given is not None and not isinstance(given, Mapping):
            raise OptionTypeError(f"{name} must be a mapping, not {shown(given)}")
    score_pair = _pair(scores, "scores")
    for s in score_pair:
        if isinstance(s, bool) or not isinstance(s, int) or s < 0:
            raise OptionError(f"scores must be non-negative integers, not {tuple(score_pair)!r}")
    if max(score_pair) >= TARGET:
        raise OptionError(f"a score of 30 or more ends the game; scores must be below 30, not {tuple(score_pair)!r}")
    token_spaces: list[list[Space | None]] = []
    for p, pair in enumerate(_pair(tokens, "tokens")):
        a, b = _pair(pair, f"player {p}'s tokens")
        spaces = [None if x is None else _member(Space, x, f"player {p}'s tokens") for x in (a, b)]
        if spaces[0] is None and spaces[1] is not None:
            raise OptionError(f"player {p}'s token B is on the board before token A; A enters first")
        token_spaces.append(spaces)
    placed = [s for pair in token_spaces for s in pair if s is not None]
    if len(placed) != len(set(placed)):
        raise OptionError(f"two tokens stand on one space: {[s.value for s in placed]!r}")
    dragon_space = None if dragon is None else _member(Space, dragon, "dragon")
    if dragon_space is Space.DRAGON:
        raise OptionError("the dragon at home is written dragon=None")
    if dragon_space is not None:
        if dragon_space in placed:
            raise OptionError(f"the dragon and a token both stand on {dragon_space.value!r}")
        if Space.DRAGON not in placed:
            raise OptionError("the dragon is away from home only while a token stands on the dragon's oval")
    elif Space.DRAGON in placed:
        raise OptionError(
            "a token on the dragon's oval has sent the dragon away:"
            " name where the dragon stands, as in dragon='red'"
        )
    given_spaces: dict[Space, Tile | None] = {}
    for key, value in (tile_spaces or {}).items():
        space = _member(Space, key, "tile_spaces")
        if space is Space.DRAGON:
            raise OptionError("the dragon's oval has no tile space")
        tile = None if value is None else _member(Tile, value, "tile_spaces")
        if tile is not None and (space in placed or space is dragon_space):
            raise OptionError(f"the {space.value} oval is occupied, so its tile space is empty, not {tile.value!r}")
        if tile is None and space not in placed and space is not dragon_space:
            raise OptionError(f"the {space.value} oval is empty, so its tile space holds a tile")
        given_spaces[space] = tile
    hand_counts = [_to_counts(h, f"player {p}'s hand") for p, h in enumerate(_pair(hands, "hands"))]
    court_counts = [_to_counts(c, f"player {p}'s court") for p, c in enumerate(_pair(courts, "courts"))]
    used: Counter[Tile] = Counter()
    for counts in (*hand_counts, *court_counts):
        used.update(counts)
    used.update(t for t in given_spaces.values() if t is not None)
    full = game.tile_set
    removed_counts = None if removed is None else _to_counts(removed, "removed")
    dark_counts = None if darkness is None else _to_counts(darkness, "darkness")
    if removed_counts is None and dark_counts is None:
        removed_counts = Counter()
    for known in (removed_counts, dark_counts):
        if known is not None:
            used.update(known)
    over = used - full
    if over:
        tile = next(t for t in TILES if over[t])
        raise OptionError(
            f"the position uses {used[tile]} {tile.value} tiles, but the {game.variant} edition has {full[tile]}"
        )
    rest = full - used
    if removed_counts is None:
        removed_counts = rest
    elif dark_counts is None:
        dark_counts = rest
    elif rest:
        missing = ", ".join(f"{n} {t.value}" for t, n in tile_pairs(rest))
        raise OptionError(f"the position leaves out tiles of the {game.variant} edition: {missing}")
    dark_counts = rest if dark_counts is None else dark_counts
    state = state_type(game, 2, None if seed is None else check_seed(seed))
    state._darkness = TileBag({t: dark_counts[t] for t in TILES if dark_counts[t]}, rng=state.rng)
    state._hands = [Hand(owner=p, items=hand_counts[p].elements()) for p in (0, 1)]
    state._courts = [Zone(owner=p, visibility="public", items=court_counts[p].elements()) for p in (0, 1)]
    state._removed = removed_counts
    state._places = token_spaces
    # Without a history nothing is known of what the Hands hold.
    state._since = [[len(state._hands[p])] * len(TILES) for p in (0, 1)]
    state._dragon = dragon_space
    state._to_move = to_move
    for p in (0, 1):
        state._track.set(p, score_pair[p])
    for space in TILE_SPACES:
        if space in given_spaces:
            state._spaces[space] = given_spaces[space]
        elif space not in placed and space is not dragon_space:
            if not state._darkness:
                raise OptionError(f"the darkness is too small to put a tile on the {space.value} tile space")
            state._spaces[space] = state._darkness.draw_one()
    if not state._darkness:
        raise OptionError("the game ends when the darkness runs out; leave at least one tile in it")
    state._record_setup(
        {
            "hands": hand_counts,
            "courts": court_counts,
            "scores": score_pair,
            "tile_spaces": given_spaces,
            "tokens": token_spaces,
            "dragon": dragon_space,
            "darkness": dark_counts,
            "removed": removed_counts,
            "to_move": to_move,
        }
    )
    return state
