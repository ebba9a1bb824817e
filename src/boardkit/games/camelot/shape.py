"""What Camelot's rooms read of the game and of its state, as protocols:
:class:`CamelotShape`, :class:`CamelotStateShape` and
:class:`CopyableStateShape`.

The rules (:class:`~boardkit.games.camelot.Camelot` and
:class:`~boardkit.games.camelot.CamelotState`) import the set-up, the views,
the pictures and the encoder, whose functions are the state's methods
written out of line; those name here what they read of the game and the
state instead of importing the rules back, so the rules stand above them
all. This module imports only the core, the components and the game's plan,
tiles and moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from typing_extensions import Self

from boardkit.bag import TileBag
from boardkit.chance import Random
from boardkit.game import Outcome, Player
from boardkit.games.camelot.moves import Move
from boardkit.games.camelot.plan import Cell, Plan
from boardkit.games.camelot.tiles import Tile, TileSet
from boardkit.track import ScoreTrack
from boardkit.zones import Hand

__all__ = ["CamelotShape", "CamelotStateShape", "CopyableStateShape"]


class CamelotShape(Protocol):
    """What the set-up, views, pictures and encoder read of a game of
    Camelot: its plan and tiles. :class:`~boardkit.games.camelot.Camelot` is one.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> game: CamelotShape = Camelot()
        >>> len(game.plan.cells), len(game.tiles.kinds), game.cell_order[(1, 0)]
        (80, 27, 1)
    """

    @property
    def plan(self) -> Plan:
        """The castle plan."""

    @property
    def tiles(self) -> TileSet:
        """The tiles, each kind once, with their counts."""

    @property
    def cell_order(self) -> Mapping[Cell, int]:
        """Each square's place in the plan's order (``plan.cells``)."""

    def check_players(self, players: Any) -> int:
        """``players`` if the game is played by that many."""


class CamelotStateShape(Protocol):
    """What the set-up, views and pictures read and write of a game of
    Camelot in progress: the position and the bookkeeping the state keeps for
    its views (its private fields: these modules are the state's methods
    written out of line). :class:`~boardkit.games.camelot.CamelotState` is one.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state: CamelotStateShape = Camelot().new_game(players=2, seed=1)
        >>> len(state.bag), state.game.plan.width, state.scores
        (60, 10, (0, 0))
    """

    #: The bag the hands are filled from (the set-up and a determinized copy put a new one).
    bag: TileBag[Tile]
    #: The board as views show it (``None``: to be made again); views keep it here.
    _board_pairs: tuple[tuple[Cell, Tile], ...] | None
    #: How many high tiles and gardens each player was dealt (the set-up writes it).
    _dealt: tuple[tuple[int, int], ...]
    #: The player whose turn it is (the set-up writes it).
    _player: int
    #: Per square in the plan's order, whether a tile covers it (the set-up writes it).
    _covered: list[bool]

    @property
    def game(self) -> CamelotShape:
        """The game the state is of."""

    @property
    def rng(self) -> Random:
        """The state's generator."""

    @property
    def hands(self) -> list[Hand[Tile]]:
        """Every player's hand."""

    @property
    def track(self) -> ScoreTrack:
        """The scores."""

    @property
    def current_player(self) -> Player | None:
        """The player to move (``None`` once the game is over)."""

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended; ``None`` while it goes on."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's score."""

    @property
    def laid(self) -> tuple[tuple[Cell, Tile], ...]:
        """The tiles laid so far in the current turn, in order."""

    @property
    def _board(self) -> dict[Cell, Tile]:
        """The tiles laid, by square (the set-up lays some)."""

    @property
    def _laid(self) -> list[tuple[Cell, Tile]]:
        """The tiles laid so far in the current turn."""

    @property
    def _moves(self) -> list[Move]:
        """Every move so far."""

    @property
    def _own_concealed(
        self,
    ) -> dict[Player, tuple[tuple[tuple[Tile, int], ...], tuple[tuple[Tile, int], ...]]]:
        """Each player's concealed tiles as views list them, with the hand's pairs they came from."""

    @property
    def _need(self) -> list[dict[Tile, int]]:
        """Per player, the tiles a lay proved they were dealt."""

    @property
    def _net(self) -> list[dict[Tile, int]]:
        """Per player, the tiles seen concealed less those laid from the concealed ones."""

    def check_player(self, player: Any) -> Player:
        """``player`` if it is a seat of this game."""

    def known_concealed(self, player: Any) -> Counter[Tile]:
        """The tiles everybody knows ``player`` holds face down."""

    def face_up(self, player: Any) -> Counter[Tile]:
        """A player's face-up tiles."""

    def _redeal(self, seed: Any) -> None:
        """Give the state a generator of its own drawn from ``seed``."""

    def _turn_score(self) -> int:
        """What the turn so far would score if it ended now."""


class CopyableStateShape(CamelotStateShape, Protocol):
    """What a determinized copy reads of a state: :class:`CamelotStateShape`
    and a copy of the state's own type.
    :class:`~boardkit.games.camelot.CamelotState` is one.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state: CopyableStateShape = Camelot().new_game(players=2, seed=1)
        >>> state.copy().view(0) == state.view(0)
        True
    """

    def copy(self) -> Self:
        """An independent copy."""
