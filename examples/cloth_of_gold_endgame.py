"""How often does the end-game scoring decide Field of the Cloth of Gold?

At the end of a game each player scores their jewels (n x n for n jewels in
Court) and then every gold tile in Court at the value of their row on the
Track of Scoring. The designer's notes for the 2023 edition say players
bounced off the 2020 edition because that scoring decided too many games, and
that the 2023 edition (12 gold tiles instead of 18, plus 6 jewels) was meant
to soften it. This script measures it with :mod:`boardkit.analysis`: it plays
many games between two bots in each edition
(:func:`boardkit.play.tournament`), sums them up per edition
(:func:`boardkit.analysis.summarize_by`, win rates with Wilson 95% intervals),
and counts the games whose winners would have been different without the
end-game points (the same tie-break applied to the scores before them), with
a Wilson interval too.

The default bots are :class:`boardkit.agents.GreedyAgent`: for each legal move
it plays the move on a determinization (the rival's Hand and the Darkness
dealt afresh from what it cannot see), scores the result with
``state.evaluate(player)`` and picks the best. ``--bot random`` uses uniformly
random players.

Run from the repository root (about a minute on two cores)::

    python examples/cloth_of_gold_endgame.py --games 2000 --plot docs/_static/cloth-of-gold-endgame.png

A short run, as the docs' tests do:

    >>> rows = study(games=20, seed=1, bot="random", workers=1)
    >>> [row.edition for row in rows], rows[0].summary.games
    ([2023, 2020], 20)
    >>> 0 <= rows[0].changed <= 20 and rows[0].low <= rows[0].changed / 20 <= rows[0].high
    True
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import attrs

from boardkit import GameRecord
from boardkit.agents import Agent, GreedyAgent, RandomAgent
from boardkit.analysis import Summary, summarize_by
from boardkit.games.cloth_of_gold import VARIANTS, ClothOfGold, ClothOfGoldState, winners_of
from boardkit.play import tournament, wilson_interval


@attrs.frozen
class Edition:
    """The figures of one edition.

    Attributes:
        edition: 2020 or 2023.
        summary: Win rates, shared victories, lengths and end reasons.
        changed: Games whose winners the end-game scoring changed.
        low: Lower end of the Wilson 95% interval of ``changed / games``.
        high: Upper end of it.
        endgame_points: Mean end-game points per player per game.
    """

    edition: int
    summary: Summary
    changed: int
    low: float
    high: float
    endgame_points: float


def changed_by_endgame(record: GameRecord) -> tuple[bool, int]:
    """Replay a finished game: did the end-game points change its winners, and
    how many end-game points were scored in all?"""
    state = record.replay()
    assert isinstance(state, ClothOfGoldState)
    outcome, points = state.outcome, state.endgame_points
    if outcome is None or points is None:
        raise RuntimeError("a game did not finish")
    before = winners_of(state.scores_before_endgame, [state.court(0), state.court(1)])
    return before != outcome.winners, sum(sum(p) for p in points)


def study(*, games: int, seed: int, bot: str, workers: int) -> list[Edition]:
    """Play ``games`` games of each edition between two bots and gather the figures."""
    rows = []
    for edition in VARIANTS:
        agents: Sequence[Agent] = (
            [GreedyAgent(seed=seed), GreedyAgent(seed=seed + 1)]
            if bot == "greedy"
            else [RandomAgent(seed=seed), RandomAgent(seed=seed + 1)]
        )
        result = tournament(ClothOfGold(variant=edition), agents, games=games, seed=seed, workers=workers)
        summary = summarize_by(result, "variant")[str(edition)]
        changed = points = 0
        for record in result.records:
            was_changed, scored = changed_by_endgame(record)
            changed += was_changed
            points += scored
        low, high = wilson_interval(changed, games)
        rows.append(Edition(edition, summary, changed, low, high, points / (2 * games)))
    return rows


def table(rows: Sequence[Edition]) -> str:
    """The figures as a markdown table."""
    lines = [
        "| edition | games | winner changed by end-game scoring (95% interval) | player 0 wins | player 1 wins "
        "| shared victories | ended at 30 points | mean end-game points per player |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        s = row.summary
        first, second = s.seats
        by30 = dict(s.reasons).get("score 30 reached", 0)
        lines.append(
            f"| {row.edition} | {s.games} | {row.changed / s.games:.1%} ({row.low:.1%}-{row.high:.1%}) "
            f"| {first.rate:.1%} ({first.low:.1%}-{first.high:.1%}) "
            f"| {second.rate:.1%} ({second.low:.1%}-{second.high:.1%}) "
            f"| {s.shared / s.games:.1%} | {by30 / s.games:.1%} | {row.endgame_points:.1f} |"
        )
    return "\n".join(lines)


def plot(rows: Sequence[Edition], path: str, title: str) -> None:
    """Draw, per edition, the share of games the end-game scoring decided and
    each player's win rate, all with their 95% intervals (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4), width_ratios=(2, 3))
    names = [f"{row.edition} edition" for row in rows]
    shares = [row.changed / row.summary.games for row in rows]
    errors = [[row.changed / row.summary.games - row.low for row in rows],
              [row.high - row.changed / row.summary.games for row in rows]]
    bars = left.bar(names, shares, yerr=errors, capsize=6, color=["#4c72b0", "#dd8452"], width=0.6)
    left.bar_label(bars, labels=[f"{s:.0%}" for s in shares], label_type="center", color="white", weight="bold")
    left.set_ylim(0, 1)
    left.set_ylabel("share of games (95% Wilson interval)")
    left.set_title("winner changed by end-game scoring")
    width = 0.38
    for p, colour in enumerate(("#55a868", "#c44e52")):
        xs = [i + (p - 0.5) * width for i in range(len(rows))]
        seats = [row.summary.seats[p] for row in rows]
        ys = [s.rate for s in seats]
        yerr = [[s.rate - s.low for s in seats], [s.high - s.rate for s in seats]]
        right.bar(xs, ys, width=width * 0.95, yerr=yerr, capsize=5, color=colour, label=f"player {p} wins")
    right.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    right.set_xticks(range(len(rows)), names)
    right.set_ylim(0, 1)
    right.set_ylabel("win rate (95% Wilson interval)")
    right.set_title("who wins")
    right.legend(loc="upper right")
    for axes in (left, right):
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=100, metadata={"Software": None} if path.endswith(".png") else {"Date": None})
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description="How often end-game scoring changes the winner.")
    parser.add_argument("--games", type=int, default=2000, help="games per edition (default 2000)")
    parser.add_argument("--bot", choices=("greedy", "random"), default="greedy", help="the bots (default greedy)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--plot", metavar="FILE", help="draw the figures to FILE.png or FILE.svg (needs matplotlib)")
    args = parser.parse_args()
    rows = study(games=args.games, seed=args.seed, bot=args.bot, workers=args.workers)
    print(f"{args.games} games per edition, {args.bot} bots, seed {args.seed}")
    print()
    print(table(rows))
    if args.plot:
        plot(rows, args.plot, f"Field of the Cloth of Gold, {args.games} games per edition, {args.bot} bots")


if __name__ == "__main__":
    main()
