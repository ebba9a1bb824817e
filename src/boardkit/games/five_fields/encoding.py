"""The Game of 5 Fields for reinforcement learning: every sub-move at a
fixed action index, and a player's view as planes over the 19 hexes.

Games floor: it imports the core, the components (:mod:`boardkit.encoding`,
which imports numpy) and the game's board and moves, never the rules, which
import it: :meth:`FiveFields.all_moves
<boardkit.games.five_fields.FiveFields.all_moves>` and
:meth:`FiveFields.observation_encoder
<boardkit.games.five_fields.FiveFields.observation_encoder>` import it when
asked, so that importing the game never imports numpy.

The encoder reads only a player's view (``state.view(player)``), never the
state: face-down tiles are counts, not terrains.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from boardkit.encoding import Array, Encoder
from boardkit.game import Game
from boardkit.games.five_fields.board import BOARD, Pawn, Terrain
from boardkit.games.five_fields.moves import (
    BuildCity,
    BuildField,
    Castle,
    End,
    Explore,
    Move,
    Pass,
    PawnMove,
    RegeneratePrince,
    RegenerateQueen,
    Reveal,
    Step,
)
from boardkit.topology import Hex

__all__ = ["FIVE_FIELDS_PLANES", "all_moves", "observation_encoder"]

#: 5 Fields' planes over the 19 hexes (in the board's order), in order.
FIVE_FIELDS_PLANES = (
    "plain",
    "mountain",
    "sea",
    "face down",
    "observer's Queen",
    "observer's Princes (count)",
    "rival's Queen",
    "rival's Princes (count)",
    "observer's Field",
    "rival's Field",
    "observer's City",
    "rival's City",
    "observer to move (all ones) or not",
    "rival to move (all ones) or not",
    "face-down plains left (count, every hex)",
    "face-down mountains left (count, every hex)",
    "face-down seas left (count, every hex)",
    "passes in a row (every hex)",
    "the observer is player 0 (all ones) or not",
    "the board (all ones)",
)


def all_moves(game: Game[Any, Move]) -> list[Move]:
    """Every sub-move at its action index: pawn moves (pawn x from-hex x
    to-hex), explore, step and reveal (hex x neighbour), castles, build field,
    build city, end, pass, regenerations.

    The list is the same for every game of 5 Fields, whatever its options.

    Examples:
        >>> from boardkit.games.five_fields import FiveFields
        >>> moves = all_moves(FiveFields())
        >>> len(moves), str(moves[-1])
        (1662, 'regenerate queen g1 from P g1')
    """
    cells: tuple[Hex, ...] = BOARD.cells
    pairs = [(a, b) for a in cells for b in cells if a != b]
    near: list[tuple[Hex, Hex]] = [(a, b) for a in cells for b in BOARD.neighbors(a)]
    out: list[Move] = [PawnMove(p, a, b) for p in Pawn for a, b in pairs]
    out += [kind(a, b) for kind in (Explore, Step, Reveal) for a, b in near]
    out += [Castle(a, b) for a, b in pairs]
    out += [BuildField(), BuildCity(), End(), Pass()]
    out += [RegeneratePrince(a) for a in cells]
    out += [RegenerateQueen(a, b) for a in cells for b in cells]
    return out


def observation_encoder(game: Game[Any, Move], players: int) -> Encoder:
    """A player's view as planes of shape ``(20, 19)``, one column per hex in
    the board's order (:data:`FIVE_FIELDS_PLANES`).

    The planes are the same for every game of 5 Fields, whatever its options.

    Examples:
        >>> from boardkit.games.five_fields import FiveFields
        >>> game = FiveFields()
        >>> encode = observation_encoder(game, 2)
        >>> obs = encode(game.new_game(seed=1).view(0))
        >>> obs.shape, encode.high, obs[19].tolist() == [1.0] * 19
        ((20, 19), 100.0, True)
    """
    cells = BOARD.cells
    n = len(cells)
    where = {c: k for k, c in enumerate(cells)}
    terrain = {Terrain.PLAIN: 0, Terrain.MOUNTAIN: 1, Terrain.SEA: 2, None: 3}
    static = np.zeros(len(FIVE_FIELDS_PLANES) * n, dtype=np.float32)
    static[19 * n :] = 1.0

    def fill(view: Any, flat: Array) -> None:
        flat[:] = static
        me = view.player
        for h, t in view.terrain:
            flat[terrain[t] * n + where[h]] = 1.0
        for h, p, pawn in view.pawns:
            plane = (4 if p == me else 6) + (pawn is Pawn.PRINCE)
            flat[plane * n + where[h]] += 1.0
        for h, p in view.fields:
            flat[(8 if p == me else 9) * n + where[h]] = 1.0
        for h, p in view.cities:
            flat[(10 if p == me else 11) * n + where[h]] = 1.0
        if view.to_move is not None:
            plane = 12 if view.to_move == me else 13
            flat[plane * n : (plane + 1) * n] = 1.0
        for k, (_, count) in enumerate(view.unseen):
            flat[(14 + k) * n : (15 + k) * n] = count
        flat[17 * n : 18 * n] = view.passes
        if me == 0:
            flat[18 * n : 19 * n] = 1.0

    return Encoder((len(FIVE_FIELDS_PLANES), n), fill, high=100.0)
