"""The Game of 5 Fields' evaluation (issue 37): what it weighs, from the rules."""

from __future__ import annotations

from typing import Any

from boardkit.chance import Random
from boardkit.games.five_fields import FiveFields, Pawn, Terrain
from boardkit.games.five_fields.board import BOARD

PLAINS = dict.fromkeys(BOARD.cells, Terrain.PLAIN)


def position(pawns: dict[Any, Any], *, fields: Any = None, cities: Any = None, to_move: int = 0) -> Any:
    return FiveFields().from_position(terrain=PLAINS, pawns=pawns, fields=fields, cities=cities, to_move=to_move)


def test_it_is_zero_sum_and_bounded_over_random_games() -> None:
    rng = Random(7)
    for seed in range(6):
        state = FiveFields(turn_limit=40).new_game(seed=seed)
        while not state.is_over:
            value = state.evaluate(0)
            assert -1.0 <= value <= 1.0 and value == -state.evaluate(1)
            state.apply(state.random_move(rng))


def test_linked_fields_count_more_than_fields_apart() -> None:
    queens = {(0, 2): [(0, Pawn.QUEEN)], (0, -2): [(1, Pawn.QUEEN)]}
    linked = position(queens, fields={(1, 0): 0, (1, -1): 0}, cities={(0, 0): 0})  # both beside the City
    apart = position(queens, fields={(2, -2): 0, (-2, 2): 0}, cities={(0, 0): 0})  # neither is
    none = position(queens, cities={(0, 0): 0})
    assert linked.evaluate(0) > apart.evaluate(0) > none.evaluate(0)


def test_a_field_within_a_princes_reach_is_a_threat_for_the_player_to_move() -> None:
    # Player 1's Prince on e3 reaches player 0's Field on g2 (two hexes, range 5 - 2 = 3): taken next action.
    pawns = {(0, 2): [(0, Pawn.QUEEN)], (0, -2): [(1, Pawn.QUEEN)], (0, 0): [(1, Pawn.PRINCE)]}
    fields, cities = {(1, 1): 0, (0, 1): 0}, {(-1, 2): 0}
    threatened = position(pawns, fields=fields, cities=cities, to_move=1)
    answered = position(pawns, fields=fields, cities=cities, to_move=0)  # player 0 moves first
    assert threatened.evaluate(0) < answered.evaluate(0)


def test_a_queen_without_a_city_under_attack_is_nearly_lost() -> None:
    pawns = {(0, 2): [(0, Pawn.QUEEN)], (1, 1): [(0, Pawn.PRINCE)], (-1, 2): [(0, Pawn.PRINCE)],
             (0, 0): [(1, Pawn.QUEEN)]}
    exposed = position(pawns)
    housed = position(pawns, cities={(0, -2): 1})  # she has a City to come back to
    assert exposed.evaluate(1) < housed.evaluate(1) < 0
