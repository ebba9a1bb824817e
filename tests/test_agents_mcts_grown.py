"""Monte Carlo tree search grown up (issue 37): the solver, a tree kept between moves, evaluators,
and every agent refusing a finished game alike (issue 38's bug list)."""

from __future__ import annotations

from typing import Any

import pytest
from tic_tac_toe import TicTacToe

from boardkit import IllegalMoveError, OptionError
from boardkit.agents import (
    AlphaBetaAgent,
    CutoffRollout,
    EvaluationOnly,
    ExpectimaxAgent,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    RandomRollout,
)
from boardkit.agents._uct import Node, iterate
from boardkit.chance import Random
from boardkit.games import load
from boardkit.testing import Nim


def finished() -> Any:
    state = Nim(heap=1).new_game(seed=0)
    state.apply("take 1")
    return state


@pytest.mark.parametrize(
    "agent", [RandomAgent(seed=1), GreedyAgent(seed=1), MCTSAgent(iterations=5), AlphaBetaAgent(depth=1)]
)
def test_every_agent_refuses_a_finished_game_the_same_way(agent: Any) -> None:
    with pytest.raises(IllegalMoveError, match="the game is over, so there is no move to choose"):
        agent.choose(finished(), 0)


def test_the_solver_proves_the_root_of_a_won_nim_and_stops_searching() -> None:
    # From 5 (take at most 3) the player to move wins by taking 1; the solver proves it and stops early.
    agent = MCTSAgent(iterations=5000, seed=2, guard=0, solver=True)
    assert str(agent.choose(Nim(heap=5).new_game(seed=0), 0)) == "take 1"
    assert agent.last_iterations < 5000


def test_proofs_agree_with_a_complete_search_on_tic_tac_toe() -> None:
    # Whatever the solver proves at the root must be the game-theoretic truth, which alpha-beta computes.
    rng = Random(9)
    proved = 0
    for seed in range(30):
        state = TicTacToe().new_game(seed=seed)
        for _ in range(3 + seed % 4):
            state.apply(state.random_move(rng))
        if state.is_over:
            continue
        root = Node(None, None)
        for i in range(3000):
            iterate(root, state.copy(), None, Random(i), 1.4, 100, None, True)
            if root.proven:
                break
        full = AlphaBetaAgent(depth=9)
        full.choose(state, state.current_player)
        assert full.last_search is not None
        truth = 0 if not full.last_search.proven else (1 if full.last_search.score > 0 else -1)
        if root.proven:
            proved += 1
            assert root.proven == truth, (seed, state.history)
        for child in root.children.values():  # a proven child is right too
            if child.proven:
                after = state.copy()
                after.apply(child.move)
                if after.is_over:
                    continue
                check = AlphaBetaAgent(depth=9)
                check.choose(after, after.current_player)
                assert check.last_search is not None and check.last_search.proven
                assert (check.last_search.score > 0) == (child.proven < 0)  # the reply's winner is not the mover
    assert proved >= 10


def test_the_solver_and_reuse_refuse_games_they_cannot_serve() -> None:
    with pytest.raises(OptionError, match="solver"):
        MCTSAgent(iterations=5, solver=True).choose(load("cloth-of-gold").new_game(seed=0), 0)
    with pytest.raises(OptionError, match="no reuse"):
        MCTSAgent(iterations=5, reuse=True).choose(load("cloth-of-gold").new_game(seed=0), 0)


def test_a_kept_tree_starts_the_next_search_with_its_counts() -> None:
    game = load("tafl", variant="brandubh")
    state = game.new_game(seed=1)
    agent = MCTSAgent(iterations=300, seed=3, reuse=True, guard=0)
    move = agent.choose(state, 0)
    kept = agent._tree
    assert kept is not None and kept.visits > 0
    state.apply(move)
    reply = max(kept.children.values(), key=lambda n: n.visits).move
    state.apply(reply)
    before = kept.children[reply].visits
    agent.choose(state, 0)
    assert before > 0 and agent._tree is not None
    # A game that went elsewhere (another history) starts from a new root.
    other = game.new_game(seed=1)
    other.apply(other.legal_moves()[-1])
    assert agent._kept(other).visits == 0


def test_evaluators_set_the_playouts() -> None:
    assert MCTSAgent(evaluator=RandomRollout()).rollout_moves == 10_000
    assert MCTSAgent(evaluator=CutoffRollout(moves=7)).rollout_moves == 7
    scored: list[int] = []

    def evaluate(state: Any, player: int) -> float:
        scored.append(player)
        return 0.0

    MCTSAgent(iterations=10, seed=1, guard=0, evaluator=EvaluationOnly(evaluate)).choose(
        Nim(heap=21).new_game(seed=0), 0
    )
    assert len(scored) == 2 * 10
    with pytest.raises(OptionError, match="max_moves must be a non-negative integer"):
        RandomRollout(max_moves=-1)


def test_best_is_chosen_from_what_each_game_declares() -> None:
    from boardkit.agents import best_agent
    from boardkit.games.tafl import Tafl

    assert isinstance(best_agent(Tafl()), AlphaBetaAgent)  # two players, nothing hidden, an evaluation
    cloth = best_agent(load("cloth-of-gold"))  # hidden hands: Monte Carlo, scored by the evaluation
    assert isinstance(cloth, MCTSAgent) and not cloth.solver and not cloth.reuse and cloth.rollout_moves == 0
    fields = best_agent(load("five-fields"))  # public chance, nothing hidden, an evaluation: expectimax
    assert isinstance(fields, ExpectimaxAgent)
    assert cloth.exploration == 0.25  # leaves scored by the evaluation: less exploration (issue 37's duels)
    nim = best_agent(Nim())  # no evaluation: playouts to the end, and proofs
    assert isinstance(nim, MCTSAgent) and nim.solver and nim.rollout_moves == 10_000


def test_best_reads_a_game_whose_options_need_more_than_two_players() -> None:
    """A reviewer's find: the site's medium and hard bots at a Camelot table whose fourth seat moves first
    were refused ("first player 3 is not a seat of a 2-player game"): best_agent read the game's state class
    from a game of two. It reads it from a game of the fewest players the options allow."""
    from boardkit.agents import best_agent
    from boardkit.games.camelot import Camelot

    assert isinstance(best_agent(Camelot(first=3), seconds=0.5), MCTSAgent)
    assert isinstance(best_agent(Camelot(first=1), seconds=0.5), MCTSAgent)


def _loses_at_once(state: Any, move: Any) -> bool:
    """Whether ``move`` lets the next player win with their reply."""
    state.apply(move)
    rival = state.current_player
    lost = False
    for reply in state.legal_moves():
        state.apply(reply)
        lost = lost or (state.is_over and rival in state.outcome.winners)
        state.undo()
    state.undo()
    return lost


def test_the_safety_check_runs_on_a_big_board_where_every_move_and_reply_are_too_many() -> None:
    from boardkit.games.tafl import Tafl

    # Copenhagen: the attacker on c11 shuts the King's line to the corner a11. An evaluation rigged to
    # love c11 emptied makes a move of that attacker the most visited, and every one but c11-b11 loses.
    top_down = ["2tKt6", "5t5", "11", "t4T4t", "t3TTT3t", "tt1TT1TT1tt", "t3TTT3t", "t4T4t", "11", "5t5", "3ttttt3"]
    state = Tafl("copenhagen").from_position(position="/".join(reversed(top_down)), to_move=0)
    legal = state.legal_moves()
    state.apply(legal[0])
    assert len(legal) * len(state.legal_moves()) > 5000  # more than the default guard looks at before a search
    state.undo()

    def rigged(s: Any, player: int) -> float:
        value = 0.0 if s.piece_at("c11") is not None else 1.0
        return value if player == 0 else -value

    unguarded = MCTSAgent(iterations=300, seed=1, guard=0, evaluator=EvaluationOnly(rigged))
    assert _loses_at_once(state, unguarded.choose(state, 0))  # the search alone blunders
    guarded = MCTSAgent(iterations=300, seed=1, evaluator=EvaluationOnly(rigged))
    move = guarded.choose(state, 0)
    assert not _loses_at_once(state, move) and guarded.last_iterations == 300
    assert str(move) == "c11-b11"  # the next most visited of the moves the rigged evaluation loves
    # A win at once is played without a search, however big the board.
    state.apply("c11-c10")
    assert str(guarded.choose(state, 1)) == "d11-a11" and guarded.last_iterations == 0


def test_mast_playouts_play_the_best_rewarded_move_and_learn_from_every_move() -> None:
    from boardkit.agents._uct import Mast
    from boardkit.testing import Take

    mast = Mast(2, 0.0)  # never a random move
    mast.tables[0][Take(1)] = [0.9, 1.0]  # player 0 has done well taking one
    mast.tables[0][Take(3)] = [0.1, 1.0]
    played: list[Any] = []
    mast.playout(Nim(heap=12).new_game(seed=0), -1, Random(3), played)
    assert {move for mover, move in played if mover == 0} == {Take(1)}
    assert len({move for mover, move in played if mover == 1}) > 1  # unseen moves tie: drawn at random
    mast.learn([(0, Take(2)), (1, Take(2))], (1.0, 0.0))
    assert mast.tables[0][Take(2)] == [1.0, 1.0] and mast.tables[1][Take(2)] == [0.0, 1.0]
    # Through the agent: MAST is opt-in, finds the winning move, and learns from tree and playout moves.
    agent = MCTSAgent(iterations=300, seed=1, playout="mast")
    assert agent.choose(Nim(heap=6).new_game(seed=0), 0) == Take(2)
    assert "playout='mast'" in repr(agent) and agent.for_game(1).playout == "mast"
    with pytest.raises(OptionError, match="playout must be one of 'random', 'mast', not 'greedy'"):
        MCTSAgent(playout="greedy")
