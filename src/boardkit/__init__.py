"""boardkit: typed building blocks for board games, and four complete games.

The core protocol (:class:`Game`, :class:`State`, :class:`Outcome`,
:class:`GameRecord`), the errors, the seeded generator, and the components
(:class:`TileBag`, :class:`ScoreTrack`, :mod:`boardkit.capture`, zones) live
here; boards live in :mod:`boardkit.topology` and games in
:mod:`boardkit.games`.

Examples:
    >>> import boardkit
    >>> from boardkit.testing import Nim
    >>> state = Nim(heap=2).new_game(seed=1)
    >>> state.apply("take 2")
    >>> state.outcome.winner
    0
"""

from boardkit import capture
from boardkit.bag import TileBag
from boardkit.chance import Random, derive_seed
from boardkit.errors import (
    BoardkitError,
    ComponentError,
    IllegalMoveError,
    NotationError,
    OptionError,
    OptionTypeError,
    RecordError,
    UndoError,
)
from boardkit.game import Game, Outcome, PerfectInformationView, Player, State, make_options
from boardkit.record import GameRecord
from boardkit.topology import TopologyError
from boardkit.track import ScoreTrack
from boardkit.zones import Hand, Zone, ZoneView

__version__ = "0.1.0"

__all__ = [
    "BoardkitError",
    "ComponentError",
    "Game",
    "GameRecord",
    "Hand",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "OptionTypeError",
    "Outcome",
    "PerfectInformationView",
    "Player",
    "Random",
    "RecordError",
    "ScoreTrack",
    "State",
    "TileBag",
    "TopologyError",
    "UndoError",
    "Zone",
    "ZoneView",
    "__version__",
    "capture",
    "derive_seed",
    "make_options",
]
