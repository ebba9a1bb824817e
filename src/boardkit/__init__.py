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

from __future__ import annotations

import importlib

#: ``typing.TYPE_CHECKING``, without importing :mod:`typing` (mypy reads any name ``TYPE_CHECKING`` so).
TYPE_CHECKING = False
if TYPE_CHECKING:  # what mypy and Sphinx see; at run time each name is imported when first used
    from typing import Any

    from boardkit import capture
    from boardkit.bag import TileBag
    from boardkit.chance import Random, derive_seed
    from boardkit.errors import (
        BoardkitError,
        CellError,
        ComponentError,
        IllegalMoveError,
        NotationError,
        OptionError,
        OptionTypeError,
        RecordError,
        UndoError,
    )
    from boardkit.game import Game, Outcome, PerfectInformationView, Player, State, make_options
    from boardkit.parts import Parts
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

#: Where each name of the package lives: ``import boardkit`` imports none of
#: them (networkx alone takes a tenth of a second), so that the ``boardkit``
#: command takes its signals first; each is imported when first used.
_LAZY = {
    "capture": "boardkit.capture",
    "TileBag": "boardkit.bag",
    "Random": "boardkit.chance",
    "derive_seed": "boardkit.chance",
    **dict.fromkeys(
        ("BoardkitError", "CellError", "ComponentError", "IllegalMoveError", "NotationError", "OptionError",
         "OptionTypeError", "RecordError", "UndoError"),
        "boardkit.errors",
    ),
    **dict.fromkeys(("Game", "Outcome", "PerfectInformationView", "Player", "State", "make_options"), "boardkit.game"),
    "GameRecord": "boardkit.record",
    "Parts": "boardkit.parts",
    "TopologyError": "boardkit.topology",
    "ScoreTrack": "boardkit.track",
    **dict.fromkeys(("Hand", "Zone", "ZoneView"), "boardkit.zones"),
}


def __getattr__(name: str) -> Any:
    """Import a name of the package when it is first used (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'boardkit' has no attribute {name!r}")
    imported = importlib.import_module(module)
    value = imported if module == f"boardkit.{name}" else getattr(imported, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "COMPILED",
    "BoardkitError",
    "CellError",
    "ComponentError",
    "Game",
    "GameRecord",
    "Hand",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "OptionTypeError",
    "Outcome",
    "Parts",
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
