"""What :mod:`boardkit.rl` knows of each shipped game: its every move (for the
action space) and how to turn a view into numbers (for the observation).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Each encoder reads only a player's view (``state.view(player)``), never the
state, so an observation cannot show what that player may not know.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from boardkit.game import Game, State
from boardkit.topology import Hex

__all__ = ["Encoder", "all_moves", "encoder"]

Array = npt.NDArray[np.float32]


class Encoder:
    """Turns one player's view into a float32 array of a fixed shape.

    Args:
        shape: The observation's shape.
        fill: Writes a view into a zeroed flat array (``fill(view, flat)``).
        high: The largest value any entry may take (for the observation space).
        encode: Makes the whole array from a view at once, instead of
            ``fill`` (for encoders that start from a precomputed array).
    """

    def __init__(
        self, shape: tuple[int, ...], fill: Callable[[Any, Array], None] | None = None, high: float = 1.0,
        *, encode: Callable[[Any], Array] | None = None,
    ) -> None:
        self.shape = shape
        self.size = int(np.prod(shape))
        self.high = high
        self._zeros = np.zeros(self.size, dtype=np.float32)
        if encode is None:
            if fill is None:
                raise TypeError("an Encoder needs fill or encode")
            self.fill = fill
            encode = self._filled
        #: The array for a view (what calling the encoder does).
        self.encode: Callable[[Any], Array] = encode

    def __call__(self, view: Any) -> Array:
        return self.encode(view)

    def _filled(self, view: Any) -> Array:
        flat: Array = self._zeros.copy()
        self.fill(view, flat)
        return flat.reshape(self.shape)


def all_moves(game: Game[Any, Any]) -> Sequence[Hashable | None] | None:
    """Every move of ``game`` at its action index, or ``None`` if the game
    declares none."""
    kind = _shipped(game)
    if kind is not None:
        return _MOVES[kind](game)
    declared = getattr(game, "all_moves", None)
    if callable(declared):
        return list(declared())
    return None


def legal_numbers(game: Game[Any, Any]) -> Callable[[State[Any]], list[int] | None] | None:
    """A quicker way to the action indices of a state's legal moves, for games
    that can number their moves without making them (Tafl), or ``None``.

    The function returns ``None`` for a state it cannot number (a subclass's
    state, whose rules may differ): the caller then maps ``legal_moves()``.
    """
    kind = _shipped(game)
    make = _LEGAL_NUMBERS.get(kind) if kind is not None else None
    return None if make is None else make(game)


def encoder(game: Game[Any, Any], players: int) -> Encoder | None:
    """The observation encoder of ``game`` for ``players`` players, or ``None``
    if the game declares none."""
    kind = _shipped(game)
    if kind is not None:
        return _ENCODERS[kind](game, players)
    from boardkit.kit import BoardGame

    if isinstance(game, BoardGame) and type(game).observation is BoardGame.observation:
        return _kit_encoder(game, players)
    shape_of = getattr(game, "observation_shape", None)
    observation = getattr(game, "observation", None)
    if callable(shape_of) and callable(observation):
        shape = tuple(int(n) for n in shape_of(players))

        def fill(view: Any, flat: Array) -> None:
            flat[:] = np.asarray(observation(view), dtype=np.float32).reshape(-1)

        return Encoder(shape, fill, float(getattr(game, "observation_high", 1.0)))
    return None


def _kit_encoder(game: Any, players: int) -> Encoder:
    """The kit's observation planes (:meth:`boardkit.kit.BoardGame.observation`),
    written with numpy: the same numbers, without a Python list per plane."""
    # An empty cell, or a piece the game does not declare, is on no plane.
    code: defaultdict[str | None, int] = defaultdict(lambda: -1, {s: k for k, s in enumerate(game.pieces)})
    kinds = len(game.pieces)
    planes = np.arange(kinds, dtype=np.intp)[:, None]
    cells = len(game.topology.cells)
    last = kinds * cells
    shape = game.observation_shape(players)
    # The array before the pieces go in: the observer to move (the planes after the pieces
    # all ones) or not.
    waiting = np.zeros(int(np.prod(shape)), dtype=np.float32)
    moving = waiting.copy()
    moving[last:] = 1.0

    def encode(view: Any) -> Array:
        pieces, _, turn, result = view.position[0]
        flat: Array = (moving if result is None and turn == view.player else waiting).copy()
        codes = np.fromiter(map(code.__getitem__, pieces), dtype=np.intp, count=cells)
        np.equal(codes, planes, out=flat[:last].reshape(kinds, cells), casting="unsafe")
        shaped: Array = flat.reshape(shape)
        return shaped

    return Encoder(shape, encode=encode)


def _shipped(game: Game[Any, Any]) -> str | None:
    """Which shipped game ``game`` is (by class, so subclasses count), or ``None``."""
    from boardkit.games.camelot import Camelot
    from boardkit.games.cloth_of_gold import ClothOfGold
    from boardkit.games.five_fields import FiveFields
    from boardkit.games.tafl import Tafl

    for cls in (Tafl, ClothOfGold, FiveFields, Camelot):
        if isinstance(game, cls):
            return cls.name
    return None


# -- Tafl ---------------------------------------------------------------------------

#: Tafl's planes, in order.
TAFL_PLANES = (
    "attackers",
    "defenders",
    "king",
    "restricted squares (throne, and corners when escape='corner')",
    "attackers to move (all ones) or not",
    "the observer plays the attackers (all ones) or not",
    "the board (all ones)",
)


def _tafl_moves(game: Any) -> list[Hashable | None]:
    from boardkit.games.tafl import Move, square_name

    n = game.size
    out: list[Hashable | None] = []
    for i in range(n * n):
        row, col = divmod(i, n)
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            for d in range(1, n):
                r, c = row + dr * d, col + dc * d
                out.append(Move(square_name(i, n), square_name(c, n, r)) if 0 <= r < n and 0 <= c < n else None)
    return out


def _tafl_legal_numbers(game: Any) -> Callable[[State[Any]], list[int] | None]:
    from boardkit.games.tafl import TaflState

    n = game.size
    cells = n * n
    # Each (origin, target) pair's action index, laid out as the state's own move table.
    table: list[int | None] = [None] * (cells * cells)
    for a, move in enumerate(_tafl_moves(game)):
        if move is not None:
            i, rest = divmod(a, 4 * (n - 1))
            direction, d = divmod(rest, n - 1)
            dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[direction]
            row, col = divmod(i, n)
            table[i * cells + (row + dr * (d + 1)) * n + col + dc * (d + 1)] = a

    def numbers(state: State[Any]) -> list[int] | None:
        if type(state) is not TaflState or state.size != n:
            return None
        return cast("list[int]", state.legal_entries(table))  # a legal move is never off the table

    return numbers


def _tafl_encoder(game: Any, players: int) -> Encoder:
    n = game.size
    shape = (len(TAFL_PLANES), n, n)
    # The planes that do not depend on the pieces, made once for each of the four
    # combinations of (attackers to move, observer plays the attackers).
    starts: list[Array] = []
    for attackers_move in (False, True):
        for observer_attacks in (False, True):
            start = np.zeros((len(TAFL_PLANES), n * n), dtype=np.float32)
            corners = (0, n - 1, n * n - n, n * n - 1) if game.options.escape == "corner" else ()
            start[3, [(n // 2) * n + n // 2, *corners]] = 1.0
            start[4] = float(attackers_move)
            start[5] = float(observer_attacks)
            start[6] = 1.0
            starts.append(start.reshape(shape))
    pieces = np.arange(1, 4, dtype=np.uint8)[:, None, None]  # attacker, defender, King: one plane each

    def encode(view: Any) -> Array:
        flat: Array = starts[(view.to_move == 0) * 2 + (view.player == 0)].copy()
        codes = np.frombuffer(view.board, dtype=np.uint8).reshape(n, n)
        np.equal(codes, pieces, out=flat[:3], casting="unsafe")
        return flat

    return Encoder(shape, encode=encode)


# -- Field of the Cloth of Gold --------------------------------------------------------

#: Cloth of Gold's features, in order (the observer first, then the rival).
CLOTH_OF_GOLD_FEATURES = (
    ("to move: observer, rival", 2),
    ("observer's Hand, per tile colour", 5),
    ("rival's Hand size", 1),
    ("Courts, observer's then rival's, per tile colour", 10),
    ("scores, observer's then rival's", 2),
    ("each tile space: empty or a tile colour, one-hot", 36),
    ("each token (observer's two, rival's two): home or an oval, one-hot", 32),
    ("the Dragon: home or an oval, one-hot", 8),
    ("Darkness size", 1),
    ("tiles removed, per colour", 5),
    ("drawn since last reveal, observer's then rival's, per colour", 10),
    ("the observer's seat, one-hot", 2),
)


def _cloth_of_gold_moves(game: Any) -> list[Hashable | None]:
    from boardkit.games.cloth_of_gold import Move, Space

    return [Move(token, to, dragon) for token in (0, 1) for to in Space for dragon in (None, *Space)]


def _cloth_of_gold_encoder(game: Any, players: int) -> Encoder:
    from boardkit.games.cloth_of_gold import Space, Tile

    tiles = {t: k for k, t in enumerate(Tile)}
    ovals = {s: k + 1 for k, s in enumerate(Space)}
    ovals[None] = 0  # type: ignore[index]
    size = sum(n for _, n in CLOTH_OF_GOLD_FEATURES)

    def fill(view: Any, flat: Array) -> None:
        me = view.player
        rival = 1 - me
        if view.to_move is not None:
            flat[0 if view.to_move == me else 1] = 1.0
        for t, n in view.hand:
            flat[2 + tiles[t]] = n
        flat[7] = view.rival_hand_size
        for side, who in enumerate((me, rival)):
            for t, n in view.courts[who]:
                flat[8 + 5 * side + tiles[t]] = n
            flat[18 + side] = view.scores[who]
        for k, t in enumerate(view.tile_spaces):
            flat[20 + 6 * k + (0 if t is None else 1 + tiles[t])] = 1.0
        for side, who in enumerate((me, rival)):
            for k, space in enumerate(view.tokens[who]):
                flat[56 + 16 * side + 8 * k + ovals[space]] = 1.0
        flat[88 + ovals[view.dragon]] = 1.0
        flat[96] = view.darkness_size
        for t, n in view.removed:
            flat[97 + tiles[t]] = n
        for side, who in enumerate((me, rival)):
            flat[102 + 5 * side : 107 + 5 * side] = view.drawn_since_reveal[who]
        flat[112 + me] = 1.0

    return Encoder((size,), fill, high=1000.0)


# -- The Game of 5 Fields ----------------------------------------------------------

#: 5 Fields' planes over the 19 hexes (in the board's order), in order.
FIVE_FIELDS_PLANES = (
    "plain",
    "mountain",
    "sea",
    "face down",
    "observer's Queen",
    "observer's Princes (count)",
    "rival's Queen",
    "rival's Princes (count)",
    "observer's Field",
    "rival's Field",
    "observer's City",
    "rival's City",
    "observer to move (all ones) or not",
    "rival to move (all ones) or not",
    "face-down plains left (count, every hex)",
    "face-down mountains left (count, every hex)",
    "face-down seas left (count, every hex)",
    "passes in a row (every hex)",
    "the observer is player 0 (all ones) or not",
    "the board (all ones)",
)


def _five_fields_moves(game: Any) -> list[Hashable | None]:
    from boardkit.games.five_fields import (
        BOARD,
        BuildCity,
        BuildField,
        Castle,
        End,
        Explore,
        Pass,
        Pawn,
        PawnMove,
        RegeneratePrince,
        RegenerateQueen,
        Reveal,
        Step,
    )

    cells: tuple[Hex, ...] = BOARD.cells  # type: ignore[assignment]
    pairs = [(a, b) for a in cells for b in cells if a != b]
    near: list[tuple[Hex, Hex]] = [(a, b) for a in cells for b in BOARD.neighbors(a)]  # type: ignore[misc]
    out: list[Hashable | None] = [PawnMove(p, a, b) for p in Pawn for a, b in pairs]
    out += [kind(a, b) for kind in (Explore, Step, Reveal) for a, b in near]
    out += [Castle(a, b) for a, b in pairs]
    out += [BuildField(), BuildCity(), End(), Pass()]
    out += [RegeneratePrince(a) for a in cells]
    out += [RegenerateQueen(a, b) for a in cells for b in cells]
    return out


def _five_fields_encoder(game: Any, players: int) -> Encoder:
    from boardkit.games.five_fields import BOARD, Pawn, Terrain

    cells = BOARD.cells
    n = len(cells)
    where = {c: k for k, c in enumerate(cells)}
    terrain = {Terrain.PLAIN: 0, Terrain.MOUNTAIN: 1, Terrain.SEA: 2, None: 3}
    static = np.zeros(len(FIVE_FIELDS_PLANES) * n, dtype=np.float32)
    static[19 * n :] = 1.0

    def fill(view: Any, flat: Array) -> None:
        flat[:] = static
        me = view.player
        for h, t in view.terrain:
            flat[terrain[t] * n + where[h]] = 1.0
        for h, p, pawn in view.pawns:
            plane = (4 if p == me else 6) + (pawn is Pawn.PRINCE)
            flat[plane * n + where[h]] += 1.0
        for h, p in view.fields:
            flat[(8 if p == me else 9) * n + where[h]] = 1.0
        for h, p in view.cities:
            flat[(10 if p == me else 11) * n + where[h]] = 1.0
        if view.to_move is not None:
            plane = 12 if view.to_move == me else 13
            flat[plane * n : (plane + 1) * n] = 1.0
        for k, (_, count) in enumerate(view.unseen):
            flat[(14 + k) * n : (15 + k) * n] = count
        flat[17 * n : 18 * n] = view.passes
        if me == 0:
            flat[18 * n : 19 * n] = 1.0

    return Encoder((len(FIVE_FIELDS_PLANES), n), fill, high=100.0)


# -- Camelot: The Build -------------------------------------------------------------

#: Camelot's features per square of the plan (row by row from the top-left).
CAMELOT_SQUARE_FEATURES = ("a tile lies here", "laid this turn", "its value", "it is a garden")


def _camelot_moves(game: Any) -> list[Hashable | None]:
    from boardkit.games.camelot import Conceal, EndTurn, Place

    kinds = game.tiles.kinds
    out: list[Hashable | None] = [Place(c, t) for t in kinds for c in game.plan.squares_of[t.kind]]
    out += [Conceal(t) for t in kinds]
    out.append(EndTurn())
    return out


def camelot_shape(game: Any, players: int) -> tuple[int, ...]:
    """The length of Camelot's observation vector."""
    squares = len(game.plan.cells)
    letters = sorted(game.plan.square_counts)
    tiles = len(game.tiles.kinds)
    return (squares * (len(CAMELOT_SQUARE_FEATURES) + len(letters)) + players * (tiles + 1) + tiles + 1 + 3 * players,)


def _camelot_encoder(game: Any, players: int) -> Encoder:
    cells = game.plan.cells
    where = {c: k for k, c in enumerate(cells)}
    letters = sorted(game.plan.square_counts)
    per = len(CAMELOT_SQUARE_FEATURES) + len(letters)
    kinds = game.tiles.kinds
    order = {t: k for k, t in enumerate(kinds)}
    # the game's own tile objects, looked up by identity (hashing attrs values is slow)
    by_id = {id(t): k for k, t in enumerate(kinds)}
    nt = len(kinds)

    def tile_index(t: Any) -> int:
        k = by_id.get(id(t))
        return order[t] if k is None else k

    (size,) = camelot_shape(game, players)
    static = np.zeros(size, dtype=np.float32)
    for c, k in where.items():
        static[k * per + len(CAMELOT_SQUARE_FEATURES) + letters.index(game.plan.kinds[c])] = 1.0
    hands = len(cells) * per
    own = hands + players * (nt + 1)
    bag = own + nt
    rest = bag + 1

    def with_board(board: Any) -> Array:
        # The static features and the tiles laid: one numpy write per feature, not one per square.
        flat: Array = static.copy()
        if board:
            at = np.fromiter([where[c] * per for c, _ in board], dtype=np.intp, count=len(board))
            flat[at] = 1.0
            flat[at + 2] = [t.value for _, t in board]
            flat[at + 3] = [t.garden for _, t in board]
        return flat

    values = {id(t): (float(t.value), float(t.garden)) for t in kinds}

    def board_numbers(board: Any, laid: Any) -> Array:
        # The board is often the last one with the tile just laid added: then only that
        # square is written (checked exactly, square by square, else all are).
        last, numbers = last_board[0]
        if board is last:
            return numbers
        made: Array | None = None
        if laid and len(board) == len(last) + 1:
            cell, tile = new = laid[-1]
            k = where.get(cell)
            value = values.get(id(tile))
            if k is not None and value is not None:
                i = bisect.bisect(last, k, key=lambda ct: where[ct[0]])
                if board[i] == new and board[:i] == last[:i] and board[i + 1 :] == last[i:]:
                    made = numbers.copy()
                    made[k * per] = 1.0
                    made[k * per + 2], made[k * per + 3] = value
        if made is None:
            made = with_board(board)
        last_board[0] = (board, made)
        return made

    def hand_numbers(hand: Any) -> Array:
        numbers = np.zeros(nt + 1, dtype=np.float32)
        for t, n in hand.visible:
            k = by_id.get(id(t))
            numbers[order[t] if k is None else k] = n
        numbers[nt] = hand.hidden
        return numbers

    # A state keeps its board and each hand's view until they change, so the same objects
    # come back move after move: the numbers of the last of each are kept, by identity.
    # (Each is kept with its numbers, in one tuple, so that its id is not reused meanwhile.)
    last_board: list[tuple[Any, Array]] = [((), static)]
    last_hands: list[tuple[Any, Array]] = [(None, static)] * players

    def encode(view: Any) -> Array:
        flat: Array = board_numbers(view.board, view.laid).copy()
        me = view.player
        for c, _ in view.laid:
            flat[where[c] * per + 1] = 1.0
        for seat in range(players):
            who = (me + seat) % players
            hand = view.hands[who]
            kept = last_hands[who]
            if kept[0] is not hand:
                kept = last_hands[who] = (hand, hand_numbers(hand))
            k = hands + seat * (nt + 1)
            flat[k : k + nt + 1] = kept[1]
            flat[rest + seat] = view.scores[who]
        for t, n in view.concealed:
            flat[own + tile_index(t)] = n
        flat[bag] = view.bag
        if view.to_move is not None:
            flat[rest + players + (view.to_move - me) % players] = 1.0
        flat[rest + 2 * players + me] = 1.0
        return flat

    return Encoder((size,), encode=encode, high=1000.0)


_MOVES: dict[str, Callable[[Any], list[Hashable | None]]] = {
    "tafl": _tafl_moves,
    "cloth-of-gold": _cloth_of_gold_moves,
    "five-fields": _five_fields_moves,
    "camelot": _camelot_moves,
}
_LEGAL_NUMBERS: dict[str, Callable[[Any], Callable[[State[Any]], list[int] | None]]] = {
    "tafl": _tafl_legal_numbers,
}
_ENCODERS: dict[str, Callable[[Any, int], Encoder]] = {
    "tafl": _tafl_encoder,
    "cloth-of-gold": _cloth_of_gold_encoder,
    "five-fields": _five_fields_encoder,
    "camelot": _camelot_encoder,
}
