"""Camelot: The Build for reinforcement learning: every sub-move at a fixed
action index, and a player's view as a vector of numbers.

Games floor: it imports the core, the components (:mod:`boardkit.encoding`,
which imports numpy) and the game's moves and shape (what it reads of the
game), never the rules (which import it). :meth:`Camelot.all_moves
<boardkit.games.camelot.Camelot.all_moves>` and
:meth:`Camelot.observation_encoder
<boardkit.games.camelot.Camelot.observation_encoder>` import it when asked,
so that importing the game never imports numpy.

The encoder reads only a player's view (``state.view(player)``), never the
state: of another player's hand it writes the face-up tiles and how many are
hidden.
"""

from __future__ import annotations

import bisect
from typing import Any

import numpy as np

from boardkit.encoding import Array, Encoder
from boardkit.games.camelot.moves import Conceal, EndTurn, Move, Place
from boardkit.games.camelot.shape import CamelotShape

__all__ = ["CAMELOT_SQUARE_FEATURES", "all_moves", "camelot_shape", "observation_encoder"]

#: Camelot's features per square of the plan (row by row from the top-left).
CAMELOT_SQUARE_FEATURES = ("a tile lies here", "laid this turn", "its value", "it is a garden")


def all_moves(game: CamelotShape) -> list[Move]:
    """Every sub-move at its action index: each tile placed on each square
    of its kind, each tile concealed, and ``end``.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> moves = all_moves(Camelot())
        >>> len(moves), str(moves[-1])
        (482, 'end')
    """
    kinds = game.tiles.kinds
    out: list[Move] = [Place(c, t) for t in kinds for c in game.plan.squares_of[t.kind]]
    out += [Conceal(t) for t in kinds]
    out.append(EndTurn())
    return out


def camelot_shape(game: CamelotShape, players: int) -> tuple[int, ...]:
    """The length of Camelot's observation vector.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> camelot_shape(Camelot(), 2)
        (1050,)
    """
    squares = len(game.plan.cells)
    letters = sorted(game.plan.square_counts)
    tiles = len(game.tiles.kinds)
    return (squares * (len(CAMELOT_SQUARE_FEATURES) + len(letters)) + players * (tiles + 1) + tiles + 1 + 3 * players,)


def observation_encoder(game: CamelotShape, players: int) -> Encoder:
    """A player's view as a vector (:func:`camelot_shape`): per square of the
    plan :data:`CAMELOT_SQUARE_FEATURES` and its kind one-hot, then each
    player's hand from the observer on, the observer's concealed tiles, the
    bag, the scores, who is to move and the observer's seat.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> game = Camelot()
        >>> encode = observation_encoder(game, 2)
        >>> encode(game.new_game(players=2, seed=1).view(0)).shape, encode.high
        ((1050,), 1000.0)
    """
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
            numbers[tile_index(t)] = n
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
