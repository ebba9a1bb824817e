"""The gallery's evaluations (``evaluate`` in examples/connect_four.py,
othello.py, draughts.py, breakthrough.py and amazons.py), with which
``best`` plays them by alpha-beta search: each stays within [-1, 1], is
zero-sum, favours the side a position clearly favours, and leads a shallow
search to the move a player of the game would make."""

from __future__ import annotations

from typing import Any

import pytest
from amazons import Amazons, AmazonsState
from breakthrough import Breakthrough, BreakthroughState
from connect_four import ConnectFour
from draughts import Draughts, DraughtsState
from othello import Othello, OthelloState
from race import Race
from test_gallery_oracle import set_up

from boardkit import OptionError
from boardkit.agents import AlphaBetaAgent, best_agent
from boardkit.chance import Random

GAMES = [ConnectFour(), Othello(), Draughts(), Breakthrough(), Amazons()]


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_best_searches_the_game_and_the_evaluation_is_zero_sum(game: Any) -> None:
    assert isinstance(best_agent(game, seconds=1), AlphaBetaAgent)
    rng = Random(7)
    seen = set()
    for seed in range(4):
        state = game.new_game(seed=seed)
        while not state.is_over and len(state.history) < 120:
            value = state.evaluate(0)
            assert -1 <= value <= 1 and value == pytest.approx(-state.evaluate(1))
            seen.add(round(value, 6))
            moves = state.legal_moves()
            state.apply(moves[rng.randbelow(len(moves))])
    assert len(seen) > 10  # it tells positions apart


@pytest.mark.parametrize("game", [*GAMES, Race()], ids=[g.name for g in [*GAMES, Race()]])
def test_the_evaluation_refuses_what_is_not_a_seat(game: Any) -> None:
    state = game.new_game(seed=0)
    state.apply(state.legal_moves()[0])
    for wrong in (None, "0", 1.5, True, -1, 2, 2**70, [0]):  # scored as a side, or an index error, before
        with pytest.raises(OptionError):
            state.evaluate(wrong)


@pytest.mark.parametrize(
    ("game", "state", "pieces", "winner"),
    [
        (Draughts, DraughtsState, {"c3": "W", "e3": "W", "a1": "w", "h8": "b"}, 0),  # two kings and a man against a man
        (Draughts, DraughtsState, {"c3": "w", "f6": "B", "h8": "b"}, 1),
        (Breakthrough, BreakthroughState, {"d3": "b", "a8": "b", "h1": "w", "g1": "w"}, 0),  # one near the goal
        (Breakthrough, BreakthroughState, {"e7": "b", "e3": "w", "f2": "w", "g2": "w"}, 1),  # more pieces, as far on
        (Othello, OthelloState, {"a1": "B", "h8": "B", "a8": "B", "d4": "W", "e5": "W", "d5": "B", "e4": "B"}, 0),
        (Amazons, AmazonsState, {"a1": "X", "e5": "O", "b1": "#", "b2": "#", "a3": "#"}, 1),  # white's: one way out
    ],
    ids=["draughts-kings", "draughts-black", "breakthrough-ahead", "breakthrough-more", "othello-corners", "amazons"],
)
def test_a_position_one_side_clearly_leads_is_good_for_it(
    game: type, state: type, pieces: dict[str, str], winner: int
) -> None:
    position = set_up(game, state, pieces)
    assert not position.is_over
    assert position.evaluate(winner) > 0.3 and position.evaluate(1 - winner) < -0.3


def test_connect_four_values_an_open_three_blocks_one_and_makes_two() -> None:
    state = ConnectFour().new_game(seed=0)
    for column in "17273":  # red on 1, 2 and 3 of the bottom row; yellow twice on 7
        state.apply(column)
    assert state.evaluate(0) > 0.3 and state.evaluate(1) < -0.3
    assert str(AlphaBetaAgent(depth=2).choose(state, 1)) == "4"  # yellow blocks four
    state = ConnectFour().new_game(seed=0)
    for column in "2737":
        state.apply(column)
    agent = AlphaBetaAgent(depth=3)
    assert str(agent.choose(state, 0)) == "4"  # 2-3-4 open at both ends: two threats, and a win in 3 plies
    assert agent.last_search is not None and agent.last_search.proven


def test_othello_takes_a_corner_rather_than_more_discs() -> None:
    # Black may take a1 (turning b2 only) or turn three discs along row 8 by playing d8... the corner first.
    pieces = {"b2": "W", "c3": "B", "e8": "W", "f8": "W", "g8": "W", "h8": "B", "c4": "W", "d4": "B"}
    state = set_up(Othello, OthelloState, pieces)
    moves = [str(m) for m in state.legal_moves()]
    assert "a1" in moves and "d8" in moves
    assert str(AlphaBetaAgent(depth=1).choose(state, 0)) == "a1"


def test_breakthrough_takes_a_piece_and_draughts_crowns_at_one_ply() -> None:
    state = set_up(Breakthrough, BreakthroughState, {"d5": "b", "e4": "w", "c4": "w", "a8": "b", "h1": "w"})
    assert AlphaBetaAgent(depth=1).choose(state, 0).capture
    state = set_up(Draughts, DraughtsState, {"c7": "w", "a3": "w", "h6": "b"})
    assert str(AlphaBetaAgent(depth=1).choose(state, 0)) in ("c7-b8", "c7-d8")


def test_amazons_search_shuts_in_the_last_amazon_with_its_turn() -> None:
    # Black's amazon on a1 has one way out, a2: white moves onto the diagonal to a2 (to g8, say) and shoots it.
    state = set_up(Amazons, AmazonsState, {"a1": "O", "h8": "X", "b1": "#", "b2": "#", "a3": "#", "c2": "#"})
    search = AlphaBetaAgent(depth=2)
    state.apply(search.choose(state, 0))
    state.apply(search.choose(state, 0))
    assert state["a2"] == "#" and state.outcome is not None and state.outcome.winner == 0


def test_draughts_three_kings_catch_a_lone_king_before_the_draw_rule() -> None:
    # Material alone is level all the way (nothing is taken until the end): the side ahead must close in.
    state = set_up(Draughts, DraughtsState, {"b8": "W", "e7": "W", "g7": "W", "d2": "B"})
    search = AlphaBetaAgent(depth=4)
    while not state.is_over:
        state.apply(search.choose(state, state.current_player))
    assert state.outcome is not None and state.outcome.winner == 0, state.outcome
