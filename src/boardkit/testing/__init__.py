"""The conformance kit: one check that any :class:`~boardkit.Game` must pass.

Components floor: it imports the core only, never a game or an application.

:func:`check_game` plays seeded random games and checks, at every step, the
contract that agents, records and user interfaces rely on. It is the same
list of checks OpenSpiel, TAG and PettingZoo run on their games:

* seeded random playouts reach the end (or the move cap);
* ``legal_moves()`` is deterministic, free of duplicates, empty exactly when
  the game is over, and every move's notation reads back to the same move;
* every legal move is accepted by ``apply``, as a value and as notation;
* moves legal elsewhere but not here, and garbage notation, are refused with
  a boardkit error and leave the state unchanged;
* ``undo`` back to the start restores every earlier state exactly, and a
  move taken back and played again gives the same position (so all chance
  comes from the state's generator, which undo restores);
* copies taken earlier never change while play goes on;
* the game's own ``playout`` puts its moves on the move stack as ``apply``
  does: the same state, the same moves drawing chance, undone back to the
  start;
* ``position_key()`` is hashable, equal for equal positions (a copy, the
  same game played twice) and restored by ``undo``;
* a record written to JSON reads back and replays to the same state;
* the same seed and moves give the same game;
* a state pickled and unpickled (along the way and at the end) equals the
  original and goes on identically: the same legal moves, the same
  positions, and undo back past the point it was pickled (not checked for a
  class pickle cannot find by its name: one defined inside a function);
* a player's view, and the picture ``render_for`` draws for them, are
  unchanged by resampling what that player cannot see (so neither leaks),
  and determinized copies agree with the view, keep the player's own legal
  moves, take the given seed and refuse to undo moves
  played before they were dealt (so they carry nothing of the real game);
* what the game declares among its parts (:attr:`Game.declared
  <boardkit.Game.declared>`) fits its states: a state is of a declared state
  class, the declared picture draws SVG, every legal move tried is among the
  declared ``all_moves``, and each declared record format reads back the
  game it writes;
* in a game with chance, determinized worlds draw their chance from their
  own generator, and worlds dealt with different seeds can differ in what
  chance gives next (a component still drawing from the real game's stream
  would let every world foresee the real game's draws).

It also ships :class:`Nim`, the smallest complete game, used in examples.

:func:`lockstep` checks the rules rather than the contract: it plays a game
beside a reference implementation (OpenSpiel's, through
:func:`openspiel_reference`, or any :class:`Reference`) and reports the first
disagreement.

The package has three modules: ``conformance.py`` (:func:`check_game`),
``lockstep.py`` (:func:`lockstep`) and ``nim.py`` (:class:`Nim`); every name
is imported from ``boardkit.testing``.
"""

from boardkit.testing.conformance import ConformanceError, ConformanceReport, check_game
from boardkit.testing.lockstep import (
    LockstepError,
    LockstepReport,
    Reference,
    lockstep,
    openspiel_reference,
    two_player_returns,
)
from boardkit.testing.nim import Nim, NimByHand, NimOptions, NimState, Take

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "LockstepError",
    "LockstepReport",
    "Nim",
    "NimByHand",
    "NimOptions",
    "NimState",
    "Reference",
    "Take",
    "check_game",
    "lockstep",
    "openspiel_reference",
    "two_player_returns",
]

# Every name is shown, pickled and documented as boardkit.testing's, as before the split
# (a LockstepError reads boardkit.testing.LockstepError in a traceback).
for _name in __all__:
    globals()[_name].__module__ = __name__

#: The name :class:`NimByHand` had before it was public (tests still import it).
_NimByHand = NimByHand
