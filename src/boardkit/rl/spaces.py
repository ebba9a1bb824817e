"""Fixed action spaces: one index per move, the same in every position.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A space's size depends only on the game and its options. Every game, shipped
or your own, gets one by declaring every move it can ever make among its
parts (``all_moves`` in :attr:`Game.declared <boardkit.Game.declared>`; see
:func:`actions`); the
shipped games build compact spaces from their move structure.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from boardkit.encoding import ActionList
from boardkit.errors import IllegalMoveError, OptionError
from boardkit.game import Game, State
from boardkit.rl.games import all_moves

__all__ = ["ActionSpace", "actions"]

M = TypeVar("M", bound=Hashable)


class ActionSpace(Generic[M]):
    """A game's fixed action space: index ``i`` names the same move in every
    position (legal or not in a given one).

    Args:
        game: The game.
        moves: Every move, at its index; ``None`` marks an index that no move
            uses (Tafl's runs off the board, say), which is never legal.
        numbers: The indices of a state's legal moves, in their order, found
            without making the moves (``None`` from it, or no function: the
            indices of ``legal_moves()`` are looked up); a game gives it as
            :attr:`ActionList.legal_numbers <boardkit.encoding.ActionList.legal_numbers>`.

    Examples:
        >>> from boardkit.games import load
        >>> game = load("tafl", variant="brandubh")
        >>> space = actions(game)
        >>> len(space)
        1176
        >>> state = game.new_game(seed=1)
        >>> i = space.index("d2-b2")
        >>> space.move(i, state), bool(space.mask(state)[i])
        (Move('d2', 'b2'), True)
        >>> int(space.mask(state).sum()) == len(state.legal_moves())
        True
    """

    def __init__(
        self, game: Game[Any, M], moves: Sequence[M | None],
        numbers: Callable[[State[M]], list[int] | None] | None = None,
    ) -> None:
        self.game = game
        # The game's own way to the legal moves' indices without making the moves, if any.
        self._numbers = numbers
        #: The move at each index (``None``: an index no move uses).
        self.moves: tuple[M | None, ...] = tuple(moves)
        self._index: dict[M, int] = {}
        for i, m in enumerate(self.moves):
            if m is not None:
                if m in self._index:
                    raise OptionError(f"the action space lists {str(m)!r} twice")
                self._index[m] = i
        # Games that hand out the same move objects every time (Tafl's move
        # table, Camelot's placements) are looked up by identity: much cheaper
        # than hashing an attrs value. The objects are kept alive, so that an
        # id is never reused; the cache stops growing at a bound.
        self._by_id: dict[int, int] = {}
        self._kept: list[M] = []
        self._id_bound = 2 * len(self.moves) + 1024

    def __len__(self) -> int:
        return len(self.moves)

    def __repr__(self) -> str:
        return f"<ActionSpace of {self.game!r}: {len(self)} actions>"

    def index(self, move: M | str) -> int:
        """The index of a move (a move value or its notation).

        Raises:
            NotationError: for text that is not a move of the game.
            IllegalMoveError: for a move that is not in the space.
        """
        if isinstance(move, str):
            move = self.game.parse_move(move)
        try:
            return self._index[move]
        except (KeyError, TypeError):
            raise IllegalMoveError(move, "not in the game's action space") from None

    def move(self, i: int, state: State[M]) -> M:
        """The move with index ``i``, if it is legal in ``state``.

        Raises:
            IllegalMoveError: if ``i`` is out of range or its move is not legal now.
        """
        index = int(i) if isinstance(i, int | np.integer) and not isinstance(i, bool) else -1
        if not 0 <= index < len(self.moves):
            raise IllegalMoveError(i, f"no action {i!r}; actions are 0 to {len(self.moves) - 1}")
        move = self.moves[index]
        if move is None or move not in state.legal_moves():
            raise IllegalMoveError(move if move is not None else i, f"action {index} is not legal now")
        return move

    def legal(self, state: State[M]) -> dict[int, M]:
        """The legal moves of ``state`` by index, in the state's move order.

        Raises:
            IllegalMoveError: if a legal move is missing from the space (the
                game's declared moves are incomplete).
        """
        moves = state.legal_moves()
        return dict(zip(self._indices(moves), moves, strict=True))

    def legal_indices(self, state: State[M]) -> npt.NDArray[np.intp]:
        """The indices of the legal moves of ``state``, in the state's move order.

        Raises:
            IllegalMoveError: if a legal move is missing from the space.
        """
        if self._numbers is not None:
            found = self._numbers(state)
            if found is not None:
                return np.fromiter(found, dtype=np.intp, count=len(found))
        moves = state.legal_moves()
        try:  # every move seen before: by identity, in C, straight into the array
            return np.fromiter(map(self._by_id.__getitem__, map(id, moves)), dtype=np.intp, count=len(moves))
        except KeyError:
            return np.fromiter(self._indices(moves), dtype=np.intp, count=len(moves))

    def _indices(self, moves: list[M]) -> list[int]:
        by_id = self._by_id
        found: list[int | None] = list(map(by_id.get, map(id, moves)))  # by identity, in C
        if None not in found:
            return found  # type: ignore[return-value]
        out: list[int] = []
        for m, i in zip(moves, found, strict=True):
            if i is None:
                i = self._index.get(m)
                if i is None:
                    raise IllegalMoveError(m, "legal but missing from the game's action space")
                if len(self._kept) < self._id_bound:
                    self._kept.append(m)
                    by_id[id(m)] = i
            out.append(i)
        return out

    def mask(self, state: State[M]) -> npt.NDArray[np.bool_]:
        """A bool array of shape ``(len(self),)``, True exactly at the legal moves."""
        mask = np.zeros(len(self.moves), dtype=np.bool_)
        mask[list(self.legal(state))] = True
        return mask


@functools.lru_cache(maxsize=64)
def actions(game: Game[Any, Any]) -> ActionSpace[Any]:
    """The fixed action space of ``game`` with its options: the moves its
    declaration's ``all_moves`` lists (:attr:`~boardkit.Game.declared`) (every move the game can ever make,
    in a fixed order, for the game's options; an
    :class:`~boardkit.encoding.ActionList` may leave holes and number a
    state's legal moves itself). The shipped games list:

    * Tafl: from-square x direction (up, right, down, left) x distance
      ``1 .. size-1``: ``size * size * 4 * (size - 1)`` actions;
    * Cloth of Gold: token (2) x oval (7) x Dragon's oval or none (8): 112;
    * 5 Fields: each sub-move kind over its hexes (pawn moves per pawn,
      source and target; explore, step and reveal per hex and neighbour;
      castles; builds; regenerations; end; pass);
    * Camelot: each tile placed on each square of its kind, each tile
      concealed, and ``end``: a turn of up to three tiles is up to three
      actions, so the space stays small (the game's own moves).

    Raises:
        OptionError: for a game that declares no ``all_moves``.

    Examples:
        >>> from boardkit.games import load
        >>> len(actions(load("cloth-of-gold"))), len(actions(load("tafl")))
        (112, 4840)
        >>> from boardkit.testing import Nim
        >>> actions(Nim())
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: nim has no fixed action space: declare every move it can make, Parts(all_moves=...)
    """
    moves = all_moves(game)
    if moves is None:
        raise OptionError(
            f"{game.name} has no fixed action space: declare every move it can make, Parts(all_moves=...)"
        )
    return ActionSpace(game, moves, moves.legal_numbers if isinstance(moves, ActionList) else None)
