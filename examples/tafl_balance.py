"""Is my variant balanced? Side and first-move advantage in every Tafl variant.

Tafl is asymmetric: the attackers (player 0, moving first unless ``first=1``)
try to capture the King, the defenders (player 1) to bring him out. Whether a
variant is balanced depends on the layout, on the rules, and on how well it
is played. This script plays MCTS against itself (the same search on both
sides) in every variant and rule set boardkit knows
(:data:`boardkit.games.tafl.VARIANTS`), writes every game's record to one file
of JSON lines, and sums them up per variant with
:func:`boardkit.analysis.summarize_by`: each side's win rate with its Wilson
95% interval, draws, games cut at the move cap, lengths and end reasons. With
``--plot`` it draws them with :func:`boardkit.analysis.plot`.

The same records can be read again from the command line::

    boardkit analyze tafl-balance.jsonl --by variant
    boardkit analyze tafl-balance.jsonl --by variant --plot balance.png

Run from the repository root (a few minutes on two cores)::

    python examples/tafl_balance.py --games 40 --out tafl-balance.jsonl --plot docs/_static/tafl-balance.png

A short run, as the docs' tests do:

    >>> summaries = study(["brandubh"], games=2, iterations=5, seed=1, workers=1, max_moves=20)
    >>> summaries["brandubh"].games
    2
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Sequence
from typing import IO

from boardkit import GameRecord
from boardkit.agents import MCTSAgent
from boardkit.analysis import Summary, plot, summarize_by
from boardkit.games.tafl import VARIANTS, Tafl
from boardkit.play import tournament


def study(
    variants: Sequence[str],
    *,
    games: int,
    iterations: int,
    seed: int,
    workers: int,
    max_moves: int,
    rollout_moves: int = 20,
    out: IO[str] | None = None,
) -> dict[str, Summary]:
    """Play ``games`` games of MCTS self-play in each variant and sum them up
    per variant; write the records to ``out`` (JSON lines) when given."""
    records: list[GameRecord] = []
    for variant in variants:
        agents = [
            MCTSAgent(iterations=iterations, rollout_moves=rollout_moves, seed=seed + side) for side in range(2)
        ]
        result = tournament(
            Tafl(variant=variant), agents, games=games, seed=seed, workers=workers, out=out, max_moves=max_moves
        )
        records.extend(result.records)
    return summarize_by(records, "variant")


def table(summaries: dict[str, Summary]) -> str:
    """The figures as a markdown table, one row per variant."""
    lines = [
        "| variant | games | attackers win (95% interval) | defenders win (95% interval) | draws | cut at the cap "
        "| median length |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for variant, s in summaries.items():
        att, dfn = s.seats
        lines.append(
            f"| {variant} | {s.games} | {att.rate:.0%} ({att.low:.0%}-{att.high:.0%}) "
            f"| {dfn.rate:.0%} ({dfn.low:.0%}-{dfn.high:.0%}) | {s.draws / s.games:.0%} "
            f"| {s.unfinished / s.games:.0%} | {s.length.median:.0f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="Side advantage in every Tafl variant under MCTS self-play.")
    parser.add_argument("--games", type=int, default=40, help="games per variant (default 40)")
    parser.add_argument("--iterations", type=int, default=50, help="MCTS iterations per move (default 50)")
    parser.add_argument("--max-moves", type=int, default=200, help="cut each game after N moves (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), help="the variants (default: all)")
    parser.add_argument("--out", metavar="FILE", help="write every record to FILE as JSON lines")
    parser.add_argument("--records", metavar="FILE", help="sum up the records of an earlier --out, play nothing")
    parser.add_argument("--plot", metavar="FILE", help="draw the figures to FILE.png or FILE.svg (needs matplotlib)")
    args = parser.parse_args()
    if args.records:
        summaries = summarize_by(args.records, "variant")
    else:
        with open(args.out, "w", encoding="utf-8") if args.out else io.StringIO() as out:
            summaries = study(args.variants, games=args.games, iterations=args.iterations, seed=args.seed,
                              workers=args.workers, max_moves=args.max_moves, out=out)
    if args.records:
        print(f"the records of {args.records}")
    else:
        print(f"MCTS self-play, {args.iterations} iterations a move, {args.games} games per variant, seed {args.seed}")
    print()
    print(table(summaries))
    if args.plot:
        everything = next(iter(summaries.values()))
        plot(everything, args.plot, groups=summaries)


if __name__ == "__main__":
    main()
