"""Tafl for reinforcement learning: every move at a fixed action index, a
quick way to the legal moves' indices, and a player's view as planes.

Games floor: it imports the core, the components (:mod:`boardkit.encoding`,
which imports numpy) and Tafl's own modules below the rules (the game and its
states typed by the protocols of :mod:`~boardkit.games.tafl.shape`). :meth:`Tafl.all_moves
<boardkit.games.tafl.Tafl.all_moves>` and :meth:`Tafl.observation_encoder
<boardkit.games.tafl.Tafl.observation_encoder>` import it when asked, so that
importing Tafl never imports numpy.

The encoder reads only a player's view (``state.view(player)``), never the
state, so an observation cannot show what that player may not know.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from boardkit.encoding import ActionList, Array, Encoder
from boardkit.games.tafl.moves import Move, square_name
from boardkit.games.tafl.shape import NumbersMoves, TaflShape
from boardkit.games.tafl.variants import default_corners, default_throne
from boardkit.games.tafl.view import TaflView

__all__ = ["OFFICER_PLANES", "TAFL_PLANES", "all_moves", "observation_encoder"]

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

#: The two planes a game with Berserk's officers adds after :data:`TAFL_PLANES` (either
#: side's; the officers are in the attackers' or defenders' plane too).
OFFICER_PLANES = ("commanders", "knights")

_DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left


def all_moves(game: TaflShape, numbered: type[NumbersMoves] | None = None) -> ActionList[Move]:
    """Every move at its action index: from-square (row by row from the
    top-left) x direction (up, right, down, left) x distance ``1 .. size-1``,
    ``None`` where the run leaves the board; with :attr:`legal_numbers
    <boardkit.encoding.ActionList.legal_numbers>`, which numbers the legal
    moves of a state of exactly the class ``numbered`` without making them
    (:meth:`Tafl.all_moves <boardkit.games.tafl.Tafl.all_moves>` passes
    :class:`~boardkit.games.tafl.TaflState`). A state of any other class (a
    subclass with rules of its own, such as
    :class:`~boardkit.games.tafl.SpecialTaflState` or a user's), and every
    state when ``numbered`` is ``None``, is left to the generic way.

    Examples:
        >>> from boardkit.games.tafl import Tafl, TaflState
        >>> game = Tafl("brandubh")
        >>> moves = all_moves(game, TaflState)
        >>> len(moves), moves[5], moves[6]
        (1176, None, Move('a7', 'b7'))
        >>> state = game.new_game(seed=1)
        >>> [moves[i] for i in moves.legal_numbers(state)] == state.legal_moves()
        True
    """
    n = game.size
    cells = n * n
    # From-square (row by row from the top-left) x direction x distance 1 .. n-1; None off the board.
    moves: list[Move | None] = []
    # Each (origin, target) pair's action index, laid out as the state's own move table.
    table: list[int | None] = [None] * (cells * cells)
    for i in range(cells):
        row, col = divmod(i, n)
        for dr, dc in _DIRECTIONS:
            for d in range(1, n):
                r, c = row + dr * d, col + dc * d
                if 0 <= r < n and 0 <= c < n:
                    table[i * cells + r * n + c] = len(moves)
                    moves.append(Move(square_name(i, n), square_name(c, n, r)))
                else:
                    moves.append(None)

    def numbers(state: Any) -> list[int] | None:  # a State[Move]: exactly a ``numbered`` is numbered here
        if numbered is None or type(state) is not numbered or state.size != n:
            return None  # a subclass's state, whose rules may differ
        return cast("list[int]", state.legal_entries(table))  # a legal move is never off the table

    return ActionList(moves, numbers)


def observation_encoder(game: TaflShape, players: int) -> Encoder:
    """A player's view as planes of shape ``(7, size, size)``, row 0 the top
    row (:data:`TAFL_PLANES`); a game with Berserk's officers, jumps or berserk
    rule (:meth:`~boardkit.games.tafl.TaflOptions.has_officers`) has
    ``(9, size, size)``, the :data:`OFFICER_PLANES` last, each officer also
    in its side's plane.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> game = Tafl("brandubh")
        >>> encode = observation_encoder(game, 2)
        >>> planes = encode(game.new_game(seed=1).view(1))
        >>> planes.shape, int(planes[0].sum()), int(planes[2].sum())
        ((7, 7, 7), 8, 1)
        >>> berserk = Tafl(layout="/3c3/3t3/3T3/ttTKTtt/3N3/3t3/3t3/")
        >>> planes = observation_encoder(berserk, 2)(berserk.new_game(seed=1).view(1))
        >>> planes.shape, int(planes[0].sum()), int(planes[1].sum()), int(planes[7].sum()), int(planes[8].sum())
        ((9, 7, 7), 8, 4, 1, 1)
    """
    n = game.size
    officers = game.options.has_officers()
    names = TAFL_PLANES + (OFFICER_PLANES if officers else ())
    shape = (len(names), n, n)
    # The planes that do not depend on the pieces, made once for each of the four
    # combinations of (attackers to move, observer plays the attackers).
    starts: list[Array] = []
    for attackers_move in (False, True):
        for observer_attacks in (False, True):
            start = np.zeros((len(names), n * n), dtype=np.float32)
            start[3, [*default_throne(n), *default_corners(n, game.options.escape)]] = 1.0
            start[4] = float(attackers_move)
            start[5] = float(observer_attacks)
            start[6] = 1.0
            starts.append(start.reshape(shape))
    pieces = np.arange(1, 4, dtype=np.uint8)[:, None, None]  # attacker, defender, King: one plane each

    def encode(view: TaflView) -> Array:
        flat: Array = starts[(view.to_move == 0) * 2 + (view.player == 0)].copy()
        codes = np.frombuffer(view.board, dtype=np.uint8).reshape(n, n)
        np.equal(codes, pieces, out=flat[:3], casting="unsafe")
        return flat

    # Officer codes (4, 5 the attackers' commander and knight, 6, 7 the defenders'): in their
    # side's plane, and in the commanders' or knights' plane.
    side_codes = (np.array([1, 4, 5], dtype=np.uint8), np.array([2, 6, 7], dtype=np.uint8))
    kind_codes = (np.array([4, 6], dtype=np.uint8), np.array([5, 7], dtype=np.uint8))

    def encode_officers(view: TaflView) -> Array:
        flat: Array = starts[(view.to_move == 0) * 2 + (view.player == 0)].copy()
        codes = np.frombuffer(view.board, dtype=np.uint8).reshape(n, n)
        flat[0] = np.isin(codes, side_codes[0])
        flat[1] = np.isin(codes, side_codes[1])
        flat[2] = codes == 3
        flat[7] = np.isin(codes, kind_codes[0])
        flat[8] = np.isin(codes, kind_codes[1])
        return flat

    return Encoder(shape, encode=encode_officers if officers else encode)
