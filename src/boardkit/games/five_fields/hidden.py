"""What a player may know of a game of 5 Fields: :class:`FiveFieldsView`.

Face-down terrain is not decided before a hex is turned over, so the only
hidden part of the game is the state's generator; both players' views hold
the same position. The state's ``view`` and ``determinize`` come here. This
module imports the core, 5 Fields' board and moves and the state's first floor
(:class:`~boardkit.games.five_fields.position.Position`), never the rules
(which import it): :func:`view_of` names what it reads of a state in a
protocol of its own.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import attrs

from boardkit.compiling import IntArgument
from boardkit.game import Outcome, Player, to_json_value
from boardkit.games.five_fields.board import CELLS, HIDDEN_CODE, TERRAIN_CODES, Pawn, Terrain, format_hex
from boardkit.games.five_fields.moves import Move
from boardkit.games.five_fields.position import Position
from boardkit.topology import Hex

__all__ = ["FiveFieldsView", "determinize", "view_of"]

#: Any floor of the state from the first up: :func:`determinize` gives back the state's own class.
_S = TypeVar("_S", bound=Position)


class _Viewed(Protocol):
    """What :func:`view_of` reads of a state: the position's lists and the
    public ``pawns`` and ``princes_lost`` of
    :class:`~boardkit.games.five_fields.FiveFieldsState`."""

    _terrain: list[int]
    _field: list[int]
    _city: list[int]
    _pool: list[int]
    _turns: int
    _passes: int
    _moves: list[Move]
    _outcome: Outcome | None

    @property
    def current_player(self) -> Player | None: ...

    @property
    def princes_lost(self) -> tuple[int, int]: ...

    def check_player(self, player: Any) -> Player: ...

    def pawns(self, cell: Any) -> tuple[tuple[Player, Pawn], ...]: ...


@attrs.frozen
class FiveFieldsView:
    """What one player may know of a game of 5 Fields.

    Both players see the same thing: the position (face-down hexes show as
    unknown), the unseen tiles' counts, and the moves. Face-down terrain is
    not decided before a hex is turned over, so the only hidden part of the
    game is the state's generator.

    Attributes:
        player: Whose view it is.
        to_move: The player to move, ``None`` once the game is over.
        terrain: Every hex in board order with its terrain (``None``: face down).
        pawns: Every pawn on the board as ``(hex, player, pawn)``, in board
            order, Queens first on a hex.
        fields: The Fields built, as ``(hex, owner)`` pairs in board order.
        cities: The Cities built, as ``(hex, owner)`` pairs in board order.
        unseen: How many tiles of each terrain are still face down.
        turn: How many turns (whole actions) have been played.
        passes: How many passes in a row have just been played.
        princes_lost: Per player, the Princes lost in Battles and not yet
            replaced (public: both players saw the Battles).
        moves: The moves played so far (with them, the sub-moves of the action
            under way).
        outcome: How the game ended, if it has.

    Examples:
        >>> from boardkit.games.five_fields import FiveFields
        >>> state = FiveFields(blank_map=True).new_game(seed=2)
        >>> state.view(0) == state.view(1)
        False
        >>> state.view(0).pawns == state.view(1).pawns
        True
        >>> state.view(0).to_dict()["terrain"]["g1"]
        'plain'
    """

    player: Player
    to_move: Player | None
    terrain: tuple[tuple[Hex, Terrain | None], ...]
    pawns: tuple[tuple[Hex, Player, Pawn], ...]
    fields: tuple[tuple[Hex, Player], ...]
    cities: tuple[tuple[Hex, Player], ...]
    unseen: tuple[tuple[Terrain, int], ...]
    turn: int
    passes: int
    princes_lost: tuple[int, int]
    moves: tuple[Move, ...]
    outcome: Outcome | None

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data, hexes by name (``"g1"``); equal views give equal dicts.

        Examples:
            >>> import json
            >>> from boardkit.games.five_fields import FiveFields
            >>> data = FiveFields().new_game(seed=3).view(1).to_dict()
            >>> data["pawns"][0], data["unseen"]
            (['c5', 1, 'queen'], {'plain': 0, 'mountain': 0, 'sea': 0})
            >>> json.loads(json.dumps(data)) == data
            True
        """
        return {
            "player": self.player,
            "to_move": self.to_move,
            "terrain": {format_hex(h): to_json_value(t) for h, t in self.terrain},
            "pawns": [[format_hex(h), p, pawn.value] for h, p, pawn in self.pawns],
            "fields": {format_hex(h): p for h, p in self.fields},
            "cities": {format_hex(h): p for h, p in self.cities},
            "unseen": {t.value: n for t, n in self.unseen},
            "turn": self.turn,
            "passes": self.passes,
            "princes_lost": list(self.princes_lost),
            "moves": [str(m) for m in self.moves],
            "outcome": to_json_value(self.outcome),
        }



def view_of(state: _Viewed, player: IntArgument) -> FiveFieldsView:
    """What ``player`` may know of ``state``: everything but the generator (``state.view``)."""
    player = state.check_player(player)
    cells = CELLS
    return FiveFieldsView(
        player=player,
        to_move=state.current_player,
        terrain=tuple(
            (h, None if k == HIDDEN_CODE else TERRAIN_CODES[k]) for h, k in zip(cells, state._terrain, strict=True)
        ),
        pawns=tuple((h, p, pawn) for h in cells for p, pawn in state.pawns(h)),
        fields=tuple((h, o) for h, o in zip(cells, state._field, strict=True) if o >= 0),
        cities=tuple((h, o) for h, o in zip(cells, state._city, strict=True) if o >= 0),
        unseen=tuple((t, state._pool[k]) for k, t in enumerate(TERRAIN_CODES)),
        turn=state._turns,
        passes=state._passes,
        princes_lost=state.princes_lost,
        moves=tuple(state._moves),
        outcome=state._outcome,
    )


def determinize(state: _S, player: Player, seed: int) -> _S:
    """A copy of ``state`` with a fresh generator, all there is to resample
    (``state.determinize(player, seed)``)."""
    state.check_player(player)
    twin = state.copy()
    twin._redeal(seed)
    return twin
