"""How often does the end-game scoring decide Field of the Cloth of Gold?

At the end of a game each player scores their jewels (n x n for n jewels in
Court) and then every gold tile in Court at the value of their row on the
Track of Scoring. The designer's notes for the 2023 edition say players
bounced off the 2020 edition because that scoring decided too many games, and
that the 2023 edition (12 gold tiles instead of 18, plus 6 jewels) was meant
to soften it. This script measures it: it plays many games between two bots
in each edition and counts the games whose winners would have been different
without the end-game points (the same tie-break applied to the scores before
them).

The bots are one-ply greedy players: for each legal move they play it on a
determinization of the game (the rival's Hand and the Darkness dealt afresh
from what the bot cannot see, so it never peeks), score the result with
``state.evaluate(player)`` and pick the best, ties broken at random. Pass
``--bot random`` for uniformly random players.

Run from the repository root::

    python examples/cloth_of_gold_endgame.py --games 1000 [--bot greedy|random] [--seed 1]
"""

from __future__ import annotations

import argparse
from collections import Counter

from boardkit import Random, derive_seed
from boardkit.games.cloth_of_gold import EDITIONS, ClothOfGold, ClothOfGoldState, Move, winners_of


def greedy_move(state: ClothOfGoldState, chooser: Random) -> Move:
    """The move that looks best to the player to move after one ply, judged on a determinization."""
    player = state.current_player
    if player is None:
        raise ValueError("the game is over")
    trial = state.determinize(player, chooser.bits64())
    best: list[Move] = []
    best_value = -2.0
    for move in trial.legal_moves():
        trial.apply(move)
        value = trial.evaluate(player)
        trial.undo()
        if value > best_value + 1e-12:
            best, best_value = [move], value
        elif abs(value - best_value) <= 1e-12:
            best.append(move)
    return best[chooser.randbelow(len(best))]


def random_move(state: ClothOfGoldState, chooser: Random) -> Move:
    """A uniformly random legal move."""
    moves = state.legal_moves()
    return moves[chooser.randbelow(len(moves))]


def play(edition: int, seed: int, bot: str) -> ClothOfGoldState:
    """Play one game between two bots of the same kind and return the finished state."""
    state = ClothOfGold(edition=edition).new_game(seed=seed)
    chooser = Random(derive_seed(seed, "bot"))
    pick = greedy_move if bot == "greedy" else random_move
    while not state.is_over:
        state.apply(pick(state, chooser))
    return state


def survey(edition: int, games: int, seed: int, bot: str) -> dict[str, float]:
    """Play ``games`` games of one edition and gather the figures."""
    counts: Counter[str] = Counter()
    endgame_points = 0
    for g in range(games):
        state = play(edition, derive_seed(seed, edition, g), bot)
        outcome = state.outcome
        if outcome is None or state.endgame_points is None:
            raise RuntimeError("a game did not finish")
        courts = [state.court(0), state.court(1)]
        before = winners_of(state.scores_before_endgame, courts)
        if before != outcome.winners:
            counts["changed"] += 1
        if len(outcome.winners) == 2:
            counts["shared"] += 1
        counts[outcome.reason] += 1
        endgame_points += sum(sum(points) for points in state.endgame_points)
    return {
        "games": games,
        "changed": 100.0 * counts["changed"] / games,
        "by 30": 100.0 * counts["score 30 reached"] / games,
        "shared": 100.0 * counts["shared"] / games,
        "end points": endgame_points / (2 * games),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="How often end-game scoring changes the winner.")
    parser.add_argument("--games", type=int, default=1000, help="games per edition (default 1000)")
    parser.add_argument("--bot", choices=("greedy", "random"), default="greedy", help="the bots (default greedy)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    args = parser.parse_args()
    print(f"{args.games} games per edition, {args.bot} bots, seed {args.seed}")
    print()
    print(
        "| edition | winner changed by end-game scoring | ended at 30 points | shared victories "
        "| mean end-game points per player |"
    )
    print("|---|---:|---:|---:|---:|")
    for edition in EDITIONS:
        r = survey(edition, args.games, args.seed, args.bot)
        print(f"| {edition} | {r['changed']:.1f}% | {r['by 30']:.1f}% | {r['shared']:.1f}% | {r['end points']:.1f} |")


if __name__ == "__main__":
    main()
