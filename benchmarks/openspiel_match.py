"""boardkit's agents against OpenSpiel's own MCTSBot at equal think time, every ply checked.

The kit gallery's classics (``examples/``) agree with OpenSpiel move for move
(``tests/test_gallery_oracle.py``); this script plays them against
``open_spiel.python.algorithms.mcts.MCTSBot`` with its
``RandomRolloutEvaluator`` (one rollout a leaf, ``uct_c=2``, MCTS-Solver on:
the settings of OpenSpiel's own ``examples/mcts.py``):

* both engines advance in lockstep: before every ply they must agree on
  whether the game is over (and then on the returns), the player to move and
  the legal moves, each of boardkit's moves named as OpenSpiel names its
  actions (the gallery's ``openspiel_names``); a mismatch stops the run;
* MCTSBot takes a number of simulations, not a time: here it simulates until
  its seconds are spent (it looks at the clock before each simulation, so it
  overruns by at most one), and plays at once where it has one legal action,
  as boardkit's agents do;
* ``--seconds`` is the think time a move as boardkit counts moves: an agent
  given without a budget (``--agent best``) gets it, and MCTSBot gets the
  same a turn (Amazons: boardkit decides a turn in two parts, the amazon's
  move then the shot, OpenSpiel in three actions, so MCTSBot gets two
  thirds of it an action); each side's seconds actually used a turn are
  reported;
* sides alternate game by game; a game that reaches ``--max-plies`` is scored
  a draw.

Usage::

    python benchmarks/openspiel_match.py --game othello --seconds 1 --games 20 [--agent best] [--seed 0]

It prints one line a game and a Markdown summary: games won, lost and drawn
from each side, the score with its Wilson 95% interval and the Elo difference.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator
from opentafl_match import elo, wilson

from boardkit.agents import AlphaBetaAgent
from boardkit.match import parse_agent
from boardkit.testing import two_player_returns

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))


def _own_names(move: Any, state: Any) -> str:
    """Othello: OpenSpiel names a move as boardkit does (``d3``, ``pass``)."""
    return str(move)


def _drop_names(move: Any, state: Any) -> str:
    """Connect Four: OpenSpiel writes the column from 0, after the player's mark (``x3``, ``o0``)."""
    return "xo"[state.player] + str(move.column)


#: Each game: the example module and class, OpenSpiel's name, and how OpenSpiel names a move (its actions).
#: A ``None`` names function is the module's own ``openspiel_names``.
GAMES: dict[str, tuple[str, str, str, Callable[[Any, Any], str | Sequence[str]] | None]] = {
    "draughts": ("draughts", "Draughts", "checkers", None),
    "breakthrough": ("breakthrough", "Breakthrough", "breakthrough", None),
    "othello": ("othello", "Othello", "othello", _own_names),
    "connect_four": ("connect_four", "ConnectFour", "connect_four", _drop_names),
    "amazons": ("amazons", "Amazons", "amazons", None),
}
#: OpenSpiel's actions a boardkit move, where they differ (an Amazons turn: 2 moves here, 3 actions there).
ACTIONS_A_MOVE = {"amazons": 1.5}


class LockstepError(RuntimeError):
    """The two engines disagreed."""


class _TimeUpError(Exception):
    def __init__(self, root: Any) -> None:
        self.root = root


class TimedMCTSBot(MCTSBot):  # type: ignore[misc]
    """OpenSpiel's MCTSBot, simulating until ``seconds`` are spent rather than a fixed count."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        super().__init__(game, uct_c=2.0, max_simulations=10**9, evaluator=evaluator, solve=True, random_state=rng)
        self.seconds = seconds
        self.deadline = 0.0
        self.simulations = 0

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        # Called once at the start of every simulation: the tree is whole here, so stopping is safe.
        if root.children and time.perf_counter() > self.deadline:
            raise _TimeUpError(root)
        return super()._apply_tree_policy(root, state)

    def step(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        self.deadline = time.perf_counter() + self.seconds
        try:
            root = self.mcts_search(state)  # ends early only once the root is proven
        except _TimeUpError as up:
            root = up.root
        self.simulations += root.explore_count
        return int(root.best_child().action)


def _names(names: Callable[[Any, Any], str | Sequence[str]], state: Any) -> dict[tuple[str, ...], Any]:
    """Every legal move of ``state`` by OpenSpiel's names of its actions."""
    named = {}
    for move in state.legal_moves():
        parts = names(move, state)
        named[(parts,) if isinstance(parts, str) else tuple(parts)] = move
    return named


def _agree(state: Any, spiel: Any, named: dict[tuple[str, ...], Any], done: tuple[str, ...], ply: int) -> None:
    """Check that the two engines agree before OpenSpiel's next action (``done`` of this move played)."""
    if state.is_over != spiel.is_terminal():
        raise LockstepError(f"ply {ply}: boardkit over {state.is_over}, OpenSpiel terminal {spiel.is_terminal()}")
    if state.is_over:
        ours, theirs = two_player_returns(state.outcome, 2), tuple(spiel.returns())
        if ours != theirs:
            raise LockstepError(f"ply {ply}: returns differ: boardkit {ours}, OpenSpiel {theirs}")
        return
    if spiel.current_player() != state.current_player:
        raise LockstepError(f"ply {ply}: OpenSpiel has player {spiel.current_player()} to move")
    ahead = {key[len(done)] for key in named if len(key) > len(done) and key[: len(done)] == done}
    offered = {spiel.action_to_string(spiel.current_player(), a) for a in spiel.legal_actions()}
    if ahead != offered:
        only = f"only boardkit {ahead - offered}, only OpenSpiel {offered - ahead}"
        raise LockstepError(f"ply {ply} after {done}: {only}")


def _action(spiel: Any, name: str) -> int:
    """OpenSpiel's legal action named ``name``."""
    player = spiel.current_player()
    return int(next(a for a in spiel.legal_actions() if spiel.action_to_string(player, a) == name))


def play_one(name: str, seconds: float, agent_text: str, ours: int, seed: int, max_plies: int) -> dict[str, Any]:
    """One game; ``ours`` is boardkit's seat (0 moves first). Returns what happened."""
    module_name, class_name, spiel_name, names = GAMES[name]
    module = importlib.import_module(module_name)
    names = names or module.openspiel_names
    game = getattr(module, class_name)()
    spiel_game = pyspiel.load_game(spiel_name)
    state, spiel = game.new_game(seed=seed), spiel_game.new_initial_state()
    agent = parse_agent(agent_text).build(seed=seed, game=game)
    bot = TimedMCTSBot(spiel_game, seconds / ACTIONS_A_MOVE.get(name, 1.0), seed)
    spent, turns, depths = [0.0, 0.0], [0, 0], []
    ply = 0
    while not state.is_over and ply < max_plies:
        mover = state.current_player
        named = _names(names, state)
        _agree(state, spiel, named, (), ply)
        side = 0 if mover == ours else 1
        start = time.perf_counter()
        if side == 0:
            move = agent.choose(state, mover)
            key = next(k for k, m in named.items() if m == move)
            info = getattr(agent, "last_search", None)
            if isinstance(agent, AlphaBetaAgent) and info is not None:
                depths.append(info.depth)
        else:
            key = ()
            while key not in named:  # OpenSpiel's actions, one at a time, until they make one of boardkit's moves
                if key:
                    _agree(state, spiel, named, key, ply)
                action = bot.step(spiel)
                key += (spiel.action_to_string(spiel.current_player(), action),)
                spiel.apply_action(action)
            move = named[key]
        spent[side] += time.perf_counter() - start
        if side == 0:
            for k, part in enumerate(key):
                if k:
                    _agree(state, spiel, named, key[:k], ply)
                spiel.apply_action(_action(spiel, part))
        state.apply(move)
        if state.current_player != mover or state.is_over:
            turns[side] += 1  # a whole turn (an Amazons amazon's move and its shot count once)
        ply += 1
    if state.is_over:
        _agree(state, spiel, {}, (), ply)
    outcome = state.outcome
    score = 0.5 if outcome is None or not outcome.winners else float(ours in outcome.winners)
    return {
        "ours": ours,
        "score": score,
        "reason": outcome.reason if outcome else f"{max_plies} plies",
        "plies": ply,
        "ours_s": spent[0] / max(turns[0], 1),
        "theirs_s": spent[1] / max(turns[1], 1),
        "depth": sum(depths) / len(depths) if depths else 0.0,
        "simulations": bot.simulations / max(turns[1], 1),
        "kind": type(agent).__name__,
        "moves": " ".join(str(m) for m in state.history),
        "final": state.render(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=list(GAMES), default="connect_four")
    parser.add_argument("--seconds", type=float, default=1.0, help="think time a move, for each side")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--agent", default="best", help="boardkit's agent, in the agent grammar (no budget: --seconds)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (each game: seed + its number)")
    parser.add_argument("--max-plies", type=int, default=400, help="a game this long is scored a draw")
    parser.add_argument("--show", action="store_true", help="print the moves and last position of each game not won")
    args = parser.parse_args()
    agent_text = args.agent if ":" in args.agent or "@" in args.agent else f"{args.agent}@{args.seconds * 1000:g}ms"
    results = []
    for i in range(args.games):
        res = play_one(args.game, args.seconds, agent_text, i % 2, args.seed + i, args.max_plies)
        results.append(res)
        depth = f" depth {res['depth']:.1f}" if res["depth"] else ""
        print(
            f"game {i + 1} seed {args.seed + i}: boardkit {('first', 'second')[res['ours']]}: score {res['score']:g} "
            f"({res['reason']}) in {res['plies']} plies; s a turn: boardkit {res['ours_s']:.2f}{depth}, "
            f"MCTSBot {res['theirs_s']:.2f} ({res['simulations']:.0f} simulations a turn)",
            flush=True,
        )
        if args.show and res["score"] < 1:
            print(res["moves"], res["final"], sep="\n", flush=True)
    n = max(len(results), 1)
    total = sum(r["score"] for r in results)
    low, high = wilson(total, n)
    print()
    print("| boardkit plays | won | lost | drawn | score |")
    print("|---|---:|---:|---:|---:|")
    for side in (0, 1):
        mine = [r for r in results if r["ours"] == side]
        print(
            f"| {('first', 'second')[side]} | {sum(r['score'] == 1 for r in mine)} | "
            f"{sum(r['score'] == 0 for r in mine)} | {sum(r['score'] == 0.5 for r in mine)} | "
            f"{sum(r['score'] for r in mine):g}/{len(mine)} |"
        )
    print()
    print(
        f"{args.game}: `{agent_text}` ({results[0]['kind'] if results else '-'}) against MCTSBot (random rollouts, "
        f"{args.seconds:g} s a move): {total:g}/{n} = {total / n:.1%} (95% {low:.1%}-{high:.1%}), "
        f"Elo {elo(total / n):+.0f}; seconds a turn: boardkit {sum(r['ours_s'] for r in results) / n:.2f}, "
        f"MCTSBot {sum(r['theirs_s'] for r in results) / n:.2f}"
    )


if __name__ == "__main__":
    main()
