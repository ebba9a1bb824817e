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

import importlib

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

try:  # only the compiled build's wheel has this module (hatch_build.py writes it)
    _COMPILED_MODULES: tuple[str, ...] = importlib.import_module("boardkit._compiled").MODULES
except ImportError:
    _COMPILED_MODULES = ()

#: ``True`` in the compiled build (``BOARDKIT_COMPILE=1 pip install .``: the hot
#: modules compiled with mypyc), ``False`` in the pure-Python one. Both behave
#: the same; ``boardkit --version`` says which one is running.
COMPILED: bool = bool(_COMPILED_MODULES)

__all__ = [
    "COMPILED",
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
