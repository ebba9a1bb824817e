"""What a game hands to reinforcement learning: its every move at a fixed
action index (:class:`ActionList`) and a player's view as numbers
(:class:`Encoder`).

Components floor: it imports the core only, never a game or an application.
It imports numpy (the ``rl`` extra) at its top, so nothing imports it until
RL asks: the ``all_moves`` and ``observation_encoder`` a game declares among
its parts (:class:`~boardkit.parts.Parts`) import their own encoding module
(which imports this one) when called, and importing a game never imports
numpy.

A game tells :mod:`boardkit.rl` everything through its declaration
(:attr:`Game.declared <boardkit.Game.declared>`), so that RL never names a
game:

* ``all_moves(game)`` lists every move the
  game can ever make, each at its action index. A plain list will do; an
  :class:`ActionList` may also leave holes (``None``: an index no move uses)
  and give a quicker way to the legal moves' indices (:attr:`ActionList.legal_numbers`,
  Tafl's, which numbers its moves without making them).
* ``observation_encoder(game, players)`` returns an :class:`Encoder`: the
  array's shape, its largest value, and the
  function that writes a view into it.

A game may instead write the short form: ``observation_shape(players)`` and
``observation(view)`` returning plain numbers (and optionally
``observation_high``); :func:`encoder_of` wraps them in an :class:`Encoder`
(:func:`declared_encoder`). The authoring kit's
:class:`~boardkit.kit.BoardGame` returns :func:`piece_planes`.

Examples:
    >>> from boardkit.games import load
    >>> game = load("tafl", variant="brandubh")
    >>> moves = game.declared.all_moves(game)
    >>> len(moves), moves[5], moves[6], callable(moves.legal_numbers)
    (1176, None, Move('a7', 'b7'), True)
    >>> encode = game.declared.observation_encoder(game, 2)
    >>> encode.shape, encode(game.new_game(seed=1).view(0)).dtype
    ((7, 7, 7), dtype('float32'))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload, runtime_checkable

import numpy as np
import numpy.typing as npt

from boardkit.errors import OptionTypeError
from boardkit.game import Game, State

if TYPE_CHECKING:  # a board is below; the kit, which calls piece_planes, is not named here
    from boardkit.topology import Topology

__all__ = [
    "ActionList",
    "Array",
    "DeclaresObservation",
    "DeclaresPieces",
    "Encoder",
    "LegalNumbers",
    "declared_encoder",
    "encoder_of",
    "piece_planes",
]

#: An observation: a float32 array.
Array = npt.NDArray[np.float32]
#: A function from a state to the action indices of its legal moves, in the
#: state's move order, or ``None`` for a state it cannot number.
LegalNumbers = Callable[[State[Any]], list[int] | None]

M = TypeVar("M", bound=Hashable)


class Encoder:
    """Turns one player's view into a float32 array of a fixed shape.

    Args:
        shape: The observation's shape.
        fill: Writes a view into a zeroed flat array (``fill(view, flat)``).
        high: The largest value any entry may take (for the observation space).
        encode: Makes the whole array from a view at once, instead of
            ``fill`` (for encoders that start from a precomputed array).

    Raises:
        TypeError: if neither ``fill`` nor ``encode`` is given.

    Examples:
        >>> def fill(view, flat):
        ...     flat[view] = 1.0
        >>> one_hot = Encoder((3,), fill)
        >>> one_hot(2), one_hot.size, one_hot.high
        (array([0., 0., 1.], dtype=float32), 3, 1.0)
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

    def __repr__(self) -> str:
        return f"<Encoder of shape {self.shape!r}, high {self.high!r}>"

    def _filled(self, view: Any) -> Array:
        flat: Array = self._zeros.copy()
        self.fill(view, flat)
        return flat.reshape(self.shape)


class ActionList(Sequence[M | None]):
    """Every move of a game at its action index, as
    a game's declared ``all_moves`` (:class:`~boardkit.parts.Parts`) may return them, with
    two things a plain list cannot say.

    * ``None`` at an index no move uses (never legal): Tafl keeps one index
      per square, direction and distance, including the runs off the board.
      The list is typed as a sequence of moves or ``None``, as
      ``all_moves`` is, and :mod:`boardkit.rl` skips the holes.
    * :attr:`legal_numbers`: a quicker way to the indices of a state's legal
      moves than making them and looking each up.

    Args:
        moves: Every move at its index (``None``: an index no move uses).
        legal_numbers: The indices of a state's legal moves, in the state's
            move order, found without making the moves; it returns ``None``
            for a state it cannot number (a subclass's state, whose rules may
            differ), and :mod:`boardkit.rl` then looks up ``legal_moves()``.

    Examples:
        >>> from boardkit.testing import Take
        >>> moves = ActionList([Take(1), None, Take(3)])
        >>> len(moves), moves[2], moves[1] is None, moves.legal_numbers is None
        (3, Take(3), True, True)
    """

    __slots__ = ("_moves", "legal_numbers")

    def __init__(self, moves: Iterable[M | None], legal_numbers: LegalNumbers | None = None) -> None:
        self._moves: tuple[M | None, ...] = tuple(moves)
        #: The legal moves' indices without making the moves, or ``None``.
        self.legal_numbers = legal_numbers

    @overload
    def __getitem__(self, index: int) -> M | None: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[M | None, ...]: ...

    def __getitem__(self, index: int | slice) -> M | tuple[M | None, ...] | None:
        return self._moves[index]

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[M | None]:
        return iter(self._moves)

    def __repr__(self) -> str:
        return f"<ActionList of {len(self._moves)} actions>"


@runtime_checkable
class DeclaresObservation(Protocol):
    """The short form of an observation: a game with these two methods (and
    optionally a number ``observation_high``, the largest value, 1 by default)
    gets an :class:`Encoder` from :func:`declared_encoder`.

    Examples:
        >>> from boardkit.testing import Nim
        >>> isinstance(Nim(), DeclaresObservation)
        False
    """

    def observation_shape(self, players: int) -> Sequence[int]:
        """The shape of :meth:`observation`'s numbers for ``players`` players."""

    def observation(self, view: Any) -> Any:
        """A player's view as numbers (nested lists or an array) of that shape."""


class DeclaresPieces(Protocol):
    """What :func:`piece_planes` reads of a game: its pieces, its board and the
    shape of its observation. The authoring kit's
    :class:`~boardkit.kit.BoardGame` is one (this module is below the kit, so
    it names what it reads rather than the kit's class).

    Examples:
        >>> from tic_tac_toe import TicTacToe
        >>> game: DeclaresPieces = TicTacToe()
        >>> list(game.pieces), len(game.topology.cells), game.observation_shape(2)
        (['X', 'O'], 9, (3, 9))
    """

    @property
    def pieces(self) -> Collection[str]:
        """The pieces' symbols, a plane each, in this order."""

    @property
    def topology(self) -> Topology:
        """The board, whose cells are numbered as the observation's columns."""

    def observation_shape(self, players: int) -> tuple[int, ...]:
        """The shape of the observation for ``players`` players."""


def declared_encoder(game: DeclaresObservation, players: int) -> Encoder:
    """The :class:`Encoder` of a game that writes the short form
    (:class:`DeclaresObservation`): its numbers, as float32, in its shape.

    Examples:
        >>> from boardkit.testing import Nim
        >>> class SeenNim(Nim):
        ...     def observation_shape(self, players):
        ...         return (1,)
        ...     def observation(self, view):
        ...         return [view.position[0]]
        ...     observation_high = 21.0
        >>> game = SeenNim()
        >>> encode = declared_encoder(game, 2)
        >>> encode(game.new_game(seed=0).view(0)), encode.high
        (array([21.], dtype=float32), 21.0)
    """
    shape = tuple(int(n) for n in game.observation_shape(players))
    observation = game.observation

    def fill(view: Any, flat: Array) -> None:
        flat[:] = np.asarray(observation(view), dtype=np.float32).reshape(-1)

    return Encoder(shape, fill, float(getattr(game, "observation_high", 1.0)))


def encoder_of(game: Game[Any, Any], players: int) -> Encoder | None:
    """How :mod:`boardkit.rl` observes ``game`` with ``players`` players: the
    declared ``observation_encoder`` (:attr:`Game.declared <boardkit.Game.declared>`), else the short form
    (:func:`declared_encoder`), else ``None``.

    Raises:
        OptionTypeError: if the declared ``observation_encoder`` returns
            something that is not an :class:`Encoder`.

    Examples:
        >>> from boardkit.games import load
        >>> from boardkit.testing import Nim
        >>> encoder_of(load("five-fields"), 2).shape, encoder_of(Nim(), 2)
        ((20, 19), None)
    """
    made = game.declared.observation_encoder
    own = None if made is None else made(game, players)
    if own is not None:
        if not isinstance(own, Encoder):
            raise OptionTypeError(
                f"{game.name}'s declared observation_encoder(game, {players}) returned {own!r};"
                " expected a boardkit.encoding.Encoder"
            )
        return own
    if isinstance(game, DeclaresObservation):
        return declared_encoder(game, players)
    return None


def piece_planes(game: DeclaresPieces, players: int) -> Encoder:
    """The authoring kit's observation (:meth:`boardkit.kit.BoardGame.observation`:
    a plane per piece, then one saying whether the observer is to move) as an
    :class:`Encoder`: the same numbers, written with numpy, without a Python
    list per plane.

    Examples:
        >>> from tic_tac_toe import TicTacToe
        >>> game = TicTacToe()
        >>> encode = piece_planes(game, 2)
        >>> encode.shape, encode(game.new_game(seed=0).view(0))[2].tolist() == [1.0] * 9
        ((3, 9), True)
    """
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
