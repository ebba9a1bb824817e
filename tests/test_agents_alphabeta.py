"""Alpha-beta search (issue 37): sound values, forced wins found, blunders avoided, time kept."""

from __future__ import annotations

import math
from typing import Any

import pytest
from tic_tac_toe import TicTacToe

from boardkit import IllegalMoveError, OptionError
from boardkit.agents import AlphaBetaAgent, RandomAgent
from boardkit.agents import alphabeta as alphabeta_module
from boardkit.agents.alphabeta import WIN
from boardkit.chance import Random
from boardkit.games import load
from boardkit.games.tafl import Move, Tafl
from boardkit.testing import Nim


def corner_brandubh(rows: str, to_move: int) -> Any:
    """A brandubh position with corner escape; ``rows`` from rank 1 up to rank 7, ``/`` between."""
    return Tafl("brandubh", escape="corner").from_position(position=rows, to_move=to_move)


def brute_force(state: Any, ply: int) -> float:
    """The game-theoretic value for the player to move, scored as the search scores a finished game."""
    player = state.current_player
    best = -math.inf
    for move in state.legal_moves():
        state.apply(move)
        if state.is_over:
            winners = state.outcome.winners
            value = 0.0 if not winners else (WIN - ply - 1) * (1 if player in winners else -1)
        else:
            value = -brute_force(state, ply + 1)
        state.undo()
        best = max(best, value)
    return best


def test_values_match_a_brute_force_search_on_tic_tac_toe() -> None:
    # Every bound the table keeps and every null window must leave the exact value: compare with plain minimax.
    rng = Random(5)
    checked = 0
    for seed in range(12):
        state = TicTacToe().new_game(seed=seed)
        for _ in range(2 + seed % 4):
            state.apply(state.random_move(rng))
        if state.is_over:
            continue
        agent = AlphaBetaAgent(depth=9)
        move = agent.choose(state, state.current_player)
        assert agent.last_search is not None
        assert agent.last_search.score == brute_force(state.copy(), 0)
        after = state.copy()
        after.apply(move)
        checked += 1
    assert checked >= 8


def test_the_shortest_forced_win_is_found() -> None:
    agent = AlphaBetaAgent(depth=8)
    assert str(agent.choose(Nim(heap=10).new_game(seed=0), 0)) == "take 2"
    info = agent.last_search
    assert info is not None and info.proven and info.score > 0
    assert info.describe().endswith("wins in 5 plies")


def test_the_king_takes_an_open_line() -> None:
    king_free = corner_brandubh("/7/7/7/K6/7/7/3t3/", to_move=1)
    move = AlphaBetaAgent(depth=3).choose(king_free, 1)
    king_free.apply(move)
    assert king_free.outcome is not None and king_free.outcome.winners == frozenset({1})


def test_the_attackers_block_the_one_open_line() -> None:
    # The King on a4 sees a1 down the file (a6 blocks the way up); only a piece on a3 or a2 stops him,
    # so every other move (the rest of g2's, d7's, a6's) is a planted blunder.
    state = corner_brandubh("/7/6t/2T4/K6/7/t6/3t3/", to_move=0)
    assert state.escape_lines == 1
    agent = AlphaBetaAgent(depth=3)
    move = agent.choose(state, 0)
    assert move.target in ("a2", "a3"), move
    state.apply(move)
    assert state.escape_lines == 0


def test_a_fork_of_two_lines_is_found_three_plies_ahead() -> None:
    # c5 to a5 opens a1 and a7 at once: one move cannot shut both.
    state = corner_brandubh("/7/7/6t/7/2K4/7/5t1/", to_move=1)
    assert state.escape_lines == 0
    agent = AlphaBetaAgent(depth=4)
    agent.choose(state, 1)
    info = agent.last_search
    assert info is not None and info.proven and info.score > 0
    assert round(WIN - info.score) == 3


def test_an_agent_never_changes_the_position_it_searches() -> None:
    state = load("tafl", variant="copenhagen").new_game(seed=3)
    rng = Random(1)
    for _ in range(10):
        state.apply(state.random_move(rng))
    before = state.snapshot()
    AlphaBetaAgent(depth=2).choose(state, state.current_player)
    assert state.snapshot() == before


def test_a_time_limit_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves a millisecond every time it is read: the search must stop by its deadline.
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(alphabeta_module.time, "perf_counter", clock)
    agent = AlphaBetaAgent(time_limit=0.5)
    state = load("tafl", variant="copenhagen").new_game(seed=0)
    move = agent.choose(state, 0)
    assert move in state.legal_moves()
    info = agent.last_search
    assert info is not None and info.depth >= 1
    assert info.seconds <= 0.5 * 1.1


def test_searches_are_reproducible_without_a_time_limit() -> None:
    state = load("tafl", variant="brandubh").new_game(seed=2)
    first = AlphaBetaAgent(depth=3, seed=1).choose(state, 0)
    second = AlphaBetaAgent(depth=3, seed=9).choose(state, 0)
    assert first == second


def test_games_it_cannot_search_are_refused() -> None:
    with pytest.raises(OptionError, match="hides information"):
        AlphaBetaAgent(depth=1).choose(load("cloth-of-gold").new_game(seed=0), 0)
    with pytest.raises(OptionError, match="two-player"):
        AlphaBetaAgent(depth=1).choose(load("camelot").new_game(players=3, seed=0), 0)
    over = Nim(heap=1).new_game(seed=0)
    over.apply("take 1")
    with pytest.raises(IllegalMoveError):
        AlphaBetaAgent(depth=1).choose(over, 0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"depth": 0}, "depth"),
        ({"depth": True}, "depth"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": "1s"}, "time_limit"),
        ({"table_size": 0}, "table_size"),
        ({"quiescence": -1}, "quiescence"),
        ({"quiescence": 1.5}, "quiescence"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        AlphaBetaAgent(**options)


def test_it_beats_random_play_at_tafl() -> None:
    from boardkit.play import play_game

    game = Tafl("brandubh", escape="corner")
    for seat in (0, 1):
        agents: list[Any] = [RandomAgent(seed=4), RandomAgent(seed=4)]
        agents[seat] = AlphaBetaAgent(depth=2)
        record = play_game(game, agents, seed=seat, max_moves=300)
        assert record.outcome is not None and record.outcome.winners == frozenset({seat})


def test_urgent_marks_the_threats_a_search_looks_past() -> None:
    # Attackers to move with the King on an open line; defenders to move with the King about to be taken.
    assert corner_brandubh("/7/7/7/K6/7/7/3t3/", to_move=0).urgent()
    assert not corner_brandubh("/7/7/7/K6/7/7/3t3/", to_move=1).urgent()  # his own move: not a threat to him
    danger = Tafl("brandubh", king_captured_by="two").from_position(position="/7/7/7/2tK3/7/4t2/7/", to_move=1)
    assert danger.urgent()  # e6 to e4 would take him (captured by two in brandubh)
    assert not Tafl("brandubh").new_game(seed=0).urgent()


def test_the_search_looks_past_a_threat_at_its_horizon() -> None:
    # At depth 1 the attackers' quiet move leaves the King an open line; the extension sees him escape.
    state = corner_brandubh("/7/6t/2T4/K6/7/t6/3t3/", to_move=0)
    agent = AlphaBetaAgent(depth=1)
    move = agent.choose(state, 0)
    assert move.target in ("a2", "a3")


def test_quiescence_sees_a_capture_past_the_horizon() -> None:
    # Attackers to move. d7-d5 looks best to a one-ply search, but c6-d6 then takes d5 against the
    # armed King on d4: a capture one ply past the horizon, which quiescence plays out.
    state = Tafl("brandubh").from_position(position="/4t1t/3t3/3TTT1/t2K2t/7/1tT4/1t1t3/", to_move=0)
    assert AlphaBetaAgent(depth=1, quiescence=0).choose(state, 0) == Move("d7", "d5")
    quiet = AlphaBetaAgent(depth=1)
    move = quiet.choose(state, 0)
    assert move != Move("d7", "d5") and move == AlphaBetaAgent(depth=3, quiescence=0).choose(state, 0)
    assert dict(quiet.last_search.ranked)[Move("d7", "d5")] < -0.6  # valued after the capture


@pytest.mark.parametrize("variant", ["brandubh", "copenhagen", "tablut"])
def test_tafl_forcing_moves_are_its_wins_and_captures(variant: str) -> None:
    # Every move the King wins with or that captures, and nothing else, in positions of random games.
    for seed in range(3):
        state = Tafl(variant).new_game(seed=seed)
        walker = RandomAgent(seed=seed)
        while not state.is_over and len(state.history) < 120:
            mover = state.current_player
            expected = []
            for move in state.legal_moves():
                state.apply(move)
                if state.last_captured or (state.is_over and mover in state.outcome.winners):
                    expected.append(move)
                state.undo()
            assert sorted(map(str, state.forcing_moves())) == sorted(map(str, expected))
            state.apply(walker.choose(state, mover))


def test_a_pickled_agent_leaves_its_tables_behind_and_plays_on_the_same() -> None:
    """The server's bot pool pickles a bot back and forth every move: the transposition table and the
    evaluations kept are caches (hundreds of megabytes late in a long game), not the agent."""
    import pickle

    from boardkit.games.tafl import Tafl

    state = Tafl("brandubh").new_game(seed=0)
    agent = AlphaBetaAgent(depth=3, seed=7)
    agent.choose(state, 0)
    assert agent._table
    again = pickle.loads(pickle.dumps(agent))
    assert again._table == {} and again._judged == {}
    assert repr(again) == repr(agent) and again.rng.state == agent.rng.state and again.last_search == agent.last_search
    state.apply(agent.choose(state, 0))
    assert AlphaBetaAgent(depth=3, seed=7).choose(state, 1) == again.choose(state, 1)
