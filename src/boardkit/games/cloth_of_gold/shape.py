"""The shapes of Field of the Cloth of Gold's game and state, as the package's
other rooms see them: :class:`GameShape`, :class:`StateShape` and
:class:`StateFields`, typing protocols.

``hidden.py``, ``render.py``, ``setup.py`` and ``encoding.py`` are the
state's and the game's methods written out of line. They annotate what they
are handed with these protocols, naming exactly the attributes and methods
they use, rather than with :class:`~boardkit.games.cloth_of_gold.ClothOfGold`
and :class:`~boardkit.games.cloth_of_gold.ClothOfGoldState`: so they never
import ``rules.py``, which imports them. This module imports the core, the
components and the game's board, moves and variants, and defines the
protocols only.

Examples:
    >>> from boardkit.games.cloth_of_gold import ClothOfGold
    >>> from boardkit.games.cloth_of_gold.render import public_info
    >>> public_info(ClothOfGold().new_game(seed=0))["Hands"]  # a ClothOfGoldState is a StateShape
    'player 0: 2 tiles, player 1: 2 tiles'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from typing_extensions import Self

from boardkit.bag import TileBag
from boardkit.chance import Random
from boardkit.game import Outcome, Player
from boardkit.games.cloth_of_gold.board import Space, Tile
from boardkit.games.cloth_of_gold.moves import Move
from boardkit.games.cloth_of_gold.variants import ClothOfGoldOptions
from boardkit.track import ScoreTrack
from boardkit.zones import Hand, Zone

__all__ = ["GameShape", "HandView", "StateFields", "StateShape"]


class GameShape(Protocol):
    """What the rooms read of a game (a
    :class:`~boardkit.games.cloth_of_gold.ClothOfGold`)."""

    options: ClothOfGoldOptions

    @property
    def variant(self) -> int: ...

    @property
    def tile_set(self) -> Counter[Tile]: ...

    def seat_name(self, player: Any) -> str: ...


class HandView(Protocol):
    """What ``render.py`` reads of a player's view (a
    :class:`~boardkit.games.cloth_of_gold.ClothOfGoldView`): the Hand."""

    @property
    def hand(self) -> tuple[tuple[Tile, int], ...]: ...


class StateShape(Protocol):
    """The public queries of a state (a
    :class:`~boardkit.games.cloth_of_gold.ClothOfGoldState`) that
    ``render.py`` and ``hidden.py`` read."""

    @property
    def game(self) -> GameShape: ...

    @property
    def current_player(self) -> Player | None: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def history(self) -> tuple[Move, ...]: ...

    @property
    def scores(self) -> tuple[int, int]: ...

    @property
    def tile_spaces(self) -> dict[Space, Tile | None]: ...

    @property
    def dragon(self) -> Space | None: ...

    @property
    def endgame_points(self) -> tuple[tuple[int, int], tuple[int, int]] | None: ...

    @property
    def darkness_size(self) -> int: ...

    @property
    def removed(self) -> Counter[Tile]: ...

    def check_player(self, player: Any) -> Player: ...

    def row(self, player: Any) -> int: ...

    def hand(self, player: Any) -> Counter[Tile]: ...

    def hand_size(self, player: Any) -> int: ...

    def court(self, player: Any) -> Counter[Tile]: ...

    def tokens(self, player: Any) -> tuple[Space | None, Space | None]: ...

    def occupant(self, space: Any) -> tuple[Player, int] | str | None: ...

    def view(self, player: Any) -> HandView: ...


class StateFields(StateShape, Protocol):
    """A state's fields, which ``hidden.py`` reads and ``setup.py`` (building
    a position) and ``determinize`` (dealing a copy afresh) set: the rooms
    are the state's methods written out of line."""

    _darkness: TileBag[Tile]
    _hands: list[Hand[Tile]]
    _courts: list[Zone[Tile]]
    _removed: dict[Tile, int]
    _places: list[list[Space | None]]
    _since: list[list[int]]
    _dragon: Space | None
    _to_move: Player

    @property
    def rng(self) -> Random: ...

    @property
    def _spaces(self) -> dict[Space, Tile | None]: ...

    @property
    def _track(self) -> ScoreTrack: ...

    @property
    def _moves(self) -> Sequence[Move]: ...

    @property
    def _outcome(self) -> Outcome | None: ...

    def copy(self) -> Self: ...

    def _redeal(self, seed: Any) -> None: ...

    def _record_setup(self, setup: Any) -> None: ...
