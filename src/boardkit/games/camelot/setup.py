"""Camelot's set-up: the deal that starts a game, and a position set up by hand.

With two or more players the high tiles and the gardens are held back: with
three or four players a few tiles are laid on the plan first, then each
player is dealt two high tiles and a garden face down, and every hand is
filled face up from the bag. :func:`checked_position` and :func:`place` are
``Camelot.from_position``'s checks and the position it lays on a fresh
state. This module imports the core, the components and the game's plan,
tiles and shape (what it reads of the game and the state), never the rules
(which import it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from boardkit.bag import TileBag
from boardkit.chance import Random
from boardkit.errors import NotationError, OptionError, OptionTypeError, check_int, shown
from boardkit.game import Player
from boardkit.games.camelot.plan import Cell, Plan, parse_square, square_name
from boardkit.games.camelot.shape import CamelotShape, CamelotStateShape
from boardkit.games.camelot.tiles import KIND_NAMES, Tile
from boardkit.zones import Hand

__all__ = ["HAND_SIZE", "HIGH_VALUE", "MOST_CONCEALED", "Position", "checked_position", "deal", "place"]

#: Tiles in a full hand.
HAND_SIZE = 10
#: Tiles worth this much or more are held back and dealt at the set-up.
HIGH_VALUE = 3
#: At most this many Hand tiles may be concealed.
MOST_CONCEALED = 3

#: A position set up by hand, checked: the board, each hand (all its tiles), the concealed
#: part of each hand, and the scores.
Position = tuple[dict[Cell, Tile], list[Counter[Tile]], list[Counter[Tile]], tuple[int, ...]]


def deal(state: CamelotStateShape, everything: Sequence[Tile], plan: Plan, rng: Random, players: int) -> None:
    """Deal the start of a game onto the fresh ``state``: its bag, the tiles
    laid at the set-up, and every hand (see the module's description)."""
    if players == 1:
        state.bag = TileBag(everything, rng=rng)
    else:
        high = [t for t in everything if t.value >= HIGH_VALUE and not t.garden]
        gardens = [t for t in everything if t.garden]
        held = set(high) | set(gardens)
        state.bag = TileBag([t for t in everything if t not in held], rng=rng)
        for _ in range({3: 5, 4: 4}.get(players, 0)):
            if not state.bag:
                break
            t = state.bag.draw_one()
            free = [c for c in plan.squares_of[t.kind] if c not in state._board]
            state._board[free[rng.randbelow(len(free))]] = t
        high_bag = TileBag(high, rng=rng)
        garden_bag = TileBag(gardens, rng=rng)
        dealt = []
        for p in range(players):
            two, one = high_bag.draw(2), garden_bag.draw(1)
            state.hands[p].add(*two, *one)
            dealt.append((len(two), len(one)))
        state._dealt = tuple(dealt)
        state.bag.put(*high_bag.clear(), *garden_bag.clear())
    for p in range(players):
        state.hands[p].add_face_up(*state.bag.draw(HAND_SIZE - len(state.hands[p])))


def _players_list(value: object, what: str) -> Sequence[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise OptionTypeError(f"{what} must be a list with one entry per player, not {shown(value)}")
    return value


def _tile(game: CamelotShape, value: object, what: str) -> Tile:
    if isinstance(value, Tile):
        if value not in game.tiles:
            raise OptionError(f"{what}: {str(value)!r} is not a tile of this game")
        return value
    if not isinstance(value, str):
        raise OptionTypeError(f"{what}: a tile is a Tile or its name, not {shown(value)}")
    known = {str(t): t for t in game.tiles.kinds}
    found = known.get(" ".join(value.split()).lower())
    if found is None:
        raise OptionError(f"{what}: no tile named {shown(value)} in this game")
    return found


def _square(plan: Plan, value: object, what: str) -> Cell:
    if isinstance(value, str):
        try:
            cell = parse_square(value)
        except NotationError:
            raise OptionError(f"{what}: {shown(value)} is not a square name such as 'c5'") from None
    elif isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value):
        cell = (value[0], value[1])
    else:
        raise OptionTypeError(f"{what}: a square is its name ('c5') or (column, row), not {shown(value)}")
    if cell not in plan:
        raise OptionError(f"{what}: no square {shown(value)} on this {plan.width}x{plan.height} plan")
    return cell


def _counts(game: CamelotShape, value: object, what: str) -> Counter[Tile]:
    if not isinstance(value, Mapping):
        raise OptionTypeError(f"{what} must map tiles to counts, not {shown(value)}")
    counts: Counter[Tile] = Counter()
    for key, n in value.items():
        t = _tile(game, key, what)
        counts[t] += check_int(n, f"{what}: the count of {str(t)!r}", low=0)
    order = game.tiles.order
    return Counter({t: counts[t] for t in sorted(counts, key=order.__getitem__) if counts[t]})


def checked_position(game: CamelotShape, *, board: Any, hands: Any, concealed: Any, scores: Any) -> Position:
    """The position ``game.from_position`` describes, checked: squares and
    tiles read from names, each hand at most :data:`HAND_SIZE` tiles of
    which at most :data:`MOST_CONCEALED` concealed, each laid tile on a
    square of its kind, no tile used more often than the game has it.

    Raises:
        OptionError: naming what is wrong (an :class:`~boardkit.OptionTypeError`
            for a value of the wrong type).

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> game = Camelot()
        >>> board, hands, concealed, scores = checked_position(
        ...     game, board={"b1": "bathhouse"}, hands=[{"Tower": 1}, {}], concealed=None, scores=None)
        >>> board, hands[0], scores
        ({(1, 0): Tile(name='bathhouse', ...)}, Counter({Tile(name='tower', ...): 1}), (0, 0))
        >>> checked_position(game, board={"a1": "bathhouse"}, hands=[{}], concealed=None, scores=None)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: board: a 'bathhouse' does not fit square a1 (corner tower)
    """
    plan = game.plan
    players = game.check_players(len(_players_list(hands, "hands")))
    hand_counts = [_counts(game, h, f"player {p}'s hand") for p, h in enumerate(hands)]
    for p, counts in enumerate(hand_counts):
        if counts.total() > HAND_SIZE:
            raise OptionError(f"player {p}'s hand holds {counts.total()} tiles; a hand holds at most {HAND_SIZE}")
    hidden = [Counter[Tile]() for _ in range(players)]
    if concealed is not None:
        given = _players_list(concealed, "concealed")
        if len(given) != players:
            raise OptionError(f"concealed has {len(given)} entries for {players} players' hands")
        hidden = [_counts(game, c, f"player {p}'s concealed tiles") for p, c in enumerate(given)]
    for p, counts in enumerate(hidden):
        for t, n in counts.items():
            if n > hand_counts[p][t]:
                raise OptionError(f"player {p} conceals {n} {str(t)!r} but holds {hand_counts[p][t]} in hand")
        if counts.total() > MOST_CONCEALED:
            raise OptionError(f"player {p} conceals {counts.total()} tiles; at most {MOST_CONCEALED} lie face down")
    laid: dict[Cell, Tile] = {}
    if board is not None:
        if not isinstance(board, Mapping):
            raise OptionTypeError(f"board must map squares to tiles, not {shown(board)}")
        for key, value in board.items():
            cell, t = _square(plan, key, "board"), _tile(game, value, "board")
            if cell in laid:
                raise OptionError(f"board: square {square_name(cell)} is given twice")
            if plan.kinds[cell] != t.kind:
                kind = KIND_NAMES.get(plan.kinds[cell], plan.kinds[cell])
                raise OptionError(f"board: a {str(t)!r} does not fit square {square_name(cell)} ({kind})")
            laid[cell] = t
    used = Counter(laid.values())
    for counts in hand_counts:
        used.update(counts)
    for t in game.tiles.kinds:
        if used[t] > game.tiles.counts[t]:
            raise OptionError(f"the position uses {used[t]} {str(t)!r} tiles, but the game has {game.tiles.counts[t]}")
    points = (0,) * players
    if scores is not None:
        given_scores = _players_list(scores, "scores")
        if len(given_scores) != players:
            raise OptionError(f"scores has {len(given_scores)} entries for {players} players")
        points = tuple(check_int(s, "a score", low=0) for s in given_scores)
    order = game.cell_order
    return dict(sorted(laid.items(), key=lambda kv: order[kv[0]])), hand_counts, hidden, points


def place(state: CamelotStateShape, position: Position, to_move: Player) -> None:
    """Lay ``position`` (from :func:`checked_position`) on the fresh,
    undealt ``state``, with ``to_move`` starting a turn: the rest of the
    tiles go into the bag in list order, to be drawn with the state's
    generator.

    What the rivals know of the face-down tiles is what they would know in
    the game, where only the dealt tiles (high tiles and gardens) lie face
    down unseen: a concealed high tile or garden counts as dealt, hidden from
    the rivals, and any other concealed tile as concealed in sight of
    everybody (:meth:`~boardkit.games.camelot.CamelotState.known_concealed`).
    """
    board, hands, hidden, scores = position
    game = state.game
    rest = Counter(game.tiles.counts)
    rest.subtract(board.values())
    dealt = []
    for p, (hand, down) in enumerate(zip(hands, hidden, strict=True)):
        rest.subtract(hand)
        state.hands[p] = Hand(owner=p, items=down.elements(), face_up=(hand - down).elements())
        high = sum(n for t, n in down.items() if t.value >= HIGH_VALUE and not t.garden)
        gardens = sum(n for t, n in down.items() if t.garden)
        dealt.append((high, gardens))
        state._net[p].update((t, n) for t, n in down.items() if t.value < HIGH_VALUE and not t.garden)
        state.track.set(p, scores[p])
    state._dealt = tuple(dealt)
    state._board.update(board)
    state.bag = TileBag([t for t in game.tiles.kinds for _ in range(rest[t])], rng=state.rng)
    state._player = to_move
    state._covered = [c in board for c in game.plan.cells]
