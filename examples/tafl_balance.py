"""Is my variant balanced? Side and first-move advantage in every Tafl variant.

Tafl is asymmetric: the attackers (player 0, moving first unless ``first=1``)
try to capture the King, the defenders (player 1) to bring him out. Whether a
variant is balanced depends on the layout, on the rules, and on how well it
is played. This script plays MCTS against itself (the same search on both
sides) in every variant and rule set boardkit knows
(:data:`boardkit.games.tafl.VARIANTS`), twice over: with the attackers moving
first (``first=0``, the rule) and with the defenders moving first
(``first=1``). It writes every game's record to one file of JSON lines and
sums the records up with :func:`boardkit.analysis.summarize` in two ways, each
win rate with its Wilson 95% interval:

* :func:`by_side`: per variant and first mover, each side's wins, draws and
  games cut at the move cap: the side advantage;
* :func:`by_mover`: per variant, the side that moved first against the side
  that moved second, over both settings of ``first``, so that the sides' own
  advantage cancels out: the first-move advantage.

``--plot`` and ``--plot-movers`` draw them with :func:`boardkit.analysis.plot`.
Some of it can be read again from the command line (it sums both settings of
``first`` together per variant, or all variants together per ``first``)::

    boardkit analyze tafl-balance.jsonl --by variant
    boardkit analyze tafl-balance.jsonl --by first

Run from the repository root (see the docs page for the time it takes)::

    python examples/tafl_balance.py --games 20 --out tafl-balance.jsonl \\
        --plot docs/_static/tafl-balance.png --plot-movers docs/_static/tafl-first-move.png

A short run, as the docs' tests do:

    >>> records = study(["brandubh"], games=2, iterations=5, seed=1, workers=1, max_moves=20)
    >>> sides = by_side(records)
    >>> list(sides), [s.games for s in sides.values()]
    (['brandubh first=0', 'brandubh first=1'], [2, 2])
    >>> first, second = by_mover(records)["brandubh"].seats
    >>> first.games, first.wins == sides["brandubh first=0"].seats[0].wins + sides["brandubh first=1"].seats[1].wins
    (4, True)
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO

import attrs

from boardkit import GameRecord
from boardkit.agents import MCTSAgent
from boardkit.analysis import SeatResult, Summary, group_key, plot, read_records, summarize, summarize_by
from boardkit.games.tafl import VARIANTS, Tafl
from boardkit.play import tournament

MOVERS = ("first mover", "second mover")


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
    say: Callable[[str], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games of MCTS self-play in each variant with the
    attackers moving first (``first=0``, the rule) and as many with the
    defenders moving first (``first=1``); return the records and write them
    to ``out`` (JSON lines) when given. ``say``, when given, is told how far
    the study has got after each game (a run of every variant takes minutes)."""
    records: list[GameRecord] = []
    batches = [(variant, first) for variant in variants for first in (0, 1)]
    for number, (variant, first) in enumerate(batches, 1):
        agents = [MCTSAgent(iterations=iterations, rollout_moves=rollout_moves, seed=seed + side) for side in (0, 1)]
        game = Tafl(variant=variant, first=first)

        where = f"{variant} first={first} ({number} of {len(batches)})"

        def progress(done: int, total: int, where: str = where) -> None:
            if say is not None:
                say(f"{where}: {done} of {total} games")

        result = tournament(game, agents, games=games, seed=seed, workers=workers, out=out, max_moves=max_moves,
                            progress=progress)
        records.extend(result.records)
    return records


def by_side(records: Iterable[GameRecord]) -> dict[str, Summary]:
    """One summary per variant and first mover (keys ``"brandubh first=0"``),
    seat 0 the attackers and seat 1 the defenders, in the order played."""
    return _grouped(records, lambda r: f"{group_key(r, 'variant')} first={group_key(r, 'first')}")


def by_mover(records: Iterable[GameRecord]) -> dict[str, Summary]:
    """One summary per variant over both settings of ``first``, in which
    seat 0 is the side that moved first and seat 1 the side that moved
    second (:data:`MOVERS`)."""
    return summarize_by([_first_mover_at_seat_0(r) for r in records], "variant")


def _first_mover_at_seat_0(record: GameRecord) -> GameRecord:
    """The record with its two seats swapped when the defenders moved first,
    for counting only: its moves no longer fit its outcome."""
    outcome = record.outcome
    if group_key(record, "first") == "0" or outcome is None:
        return record
    scores = None if outcome.scores is None else outcome.scores[::-1]
    swapped = attrs.evolve(outcome, winners=frozenset(1 - p for p in outcome.winners), scores=scores)
    agents = None if record.agents is None else record.agents[::-1]
    return attrs.evolve(record, outcome=swapped, agents=agents)


def _grouped(records: Iterable[GameRecord], key: Callable[[GameRecord], str]) -> dict[str, Summary]:
    groups: dict[str, list[GameRecord]] = {}
    for record in records:
        groups.setdefault(key(record), []).append(record)
    return {name: summarize(group) for name, group in groups.items()}


def _rate(seat: SeatResult) -> str:
    return f"{seat.rate:.0%} ({seat.low:.0%}-{seat.high:.0%})"


def _share(count: int, s: Summary) -> str:
    return f"{count / s.games:.0%}" if s.games else "-"


def side_table(sides: dict[str, Summary]) -> str:
    """:func:`by_side` as a markdown table, one row per variant and first mover."""
    head = ["variant", "moves first", "games", "attackers win (95% interval)", "defenders win (95% interval)", "draws",
            "cut at the cap", "median length"]
    rows = []
    for key, s in sides.items():
        variant, _, first = key.partition(" first=")
        attackers, defenders = s.seats
        rows.append([variant, "attackers" if first == "0" else "defenders", str(s.games), _rate(attackers),
                     _rate(defenders), _share(s.draws, s), _share(s.unfinished, s), f"{s.length.median:.0f}"])
    return _markdown(head, rows, text=2)


def mover_table(movers: dict[str, Summary]) -> str:
    """:func:`by_mover` as a markdown table, one row per variant."""
    head = ["variant", "games", "first mover wins (95% interval)", "second mover wins (95% interval)", "draws",
            "cut at the cap"]
    rows = [[variant, str(s.games), _rate(s.seats[0]), _rate(s.seats[1]), _share(s.draws, s), _share(s.unfinished, s)]
            for variant, s in movers.items()]
    return _markdown(head, rows, text=1)


def _markdown(head: list[str], rows: list[list[str]], *, text: int) -> str:
    """A markdown table whose first ``text`` columns are left-aligned, the rest right-aligned."""
    rule = ["---"] * text + ["---:"] * (len(head) - text)
    return "\n".join("| " + " | ".join(cells) + " |" for cells in [head, rule, *rows])


def main() -> None:
    parser = argparse.ArgumentParser(description="Side and first-move advantage in every Tafl variant, MCTS self-play.")
    parser.add_argument("--games", type=int, default=20, help="games per variant and first mover (default 20)")
    parser.add_argument("--iterations", type=int, default=50, help="MCTS iterations per move (default 50)")
    parser.add_argument("--max-moves", type=int, default=200, help="cut each game after N moves (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), help="the variants (default: all)")
    parser.add_argument("--out", metavar="FILE", help="write every record to FILE as JSON lines")
    parser.add_argument("--records", metavar="FILE", help="sum up the records of an earlier --out, play nothing")
    parser.add_argument("--plot", metavar="FILE", help="draw each side's wins to FILE.png or .svg (needs matplotlib)")
    parser.add_argument("--plot-movers", metavar="FILE", help="draw the first and second mover's wins to FILE")
    args = parser.parse_args()
    if args.records:
        records = list(read_records(args.records))
        print(f"the records of {args.records}")
    else:
        with open(args.out, "w", encoding="utf-8") if args.out else io.StringIO() as out:
            records = study(args.variants, games=args.games, iterations=args.iterations, seed=args.seed,
                            workers=args.workers, max_moves=args.max_moves, out=out,
                            say=lambda line: print(line, file=sys.stderr, flush=True))
        print(f"MCTS self-play, {args.iterations} iterations a move, {args.games} games per variant and first mover, "
              f"seed {args.seed}")
    sides, movers = by_side(records), by_mover(records)
    print()
    print(side_table(sides))
    print()
    print(mover_table(movers))
    if args.plot:
        plot(summarize(records), args.plot, groups=sides)
    if args.plot_movers:
        plot(summarize(records), args.plot_movers, groups=movers, seat_names=MOVERS)


if __name__ == "__main__":
    main()
