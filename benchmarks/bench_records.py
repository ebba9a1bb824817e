"""Loading a 100,000-move record: parse and validate, then replay.

Issue 13 asks that loading a 100,000-move record takes well under a second,
and issue 29 that a 100,000-move Tafl record loads in well under half a
second on a busy machine. A record is validated by replaying it (a record
that loads is one that really happened), so the cost is JSON parsing plus
the game's own replay. This script measures both parts, for Nim (from
``boardkit.testing``, a move costs almost nothing, so the figure is the
record machinery itself), for Tafl (Brandubh without the repetition rule,
two pieces going to and fro: every move read and checked by the real rules;
the same game also as an OpenTafl saved game, ``.otg``, read by
:func:`~boardkit.games.tafl.read_opentafl_game`) and for Game of 5 Fields (a real game whose moves cost what they cost),
against plain ``json.loads`` of the same text as the floor. Each time is the
best of ``--repeat`` runs, in wall-clock seconds and, in brackets, the
process's CPU seconds (which other work on a busy machine does not add to).

Usage (from the repository root)::

    python benchmarks/bench_records.py [--moves 100000] [--repeat 3]

It prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from boardkit import GameRecord, State
from boardkit.agents import RandomAgent
from boardkit.games.five_fields import FiveFields
from boardkit.games.tafl import Tafl, TaflState, read_opentafl_game, write_opentafl_game
from boardkit.testing import Nim


def best(repeat: int, work: Callable[[], Any]) -> str:
    """The best of ``repeat`` runs: wall-clock seconds, and CPU seconds in brackets."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, used = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used)
    return f"{min(wall):.3f} ({min(cpu):.3f})"


def long_nim(moves: int) -> State[Any]:
    state = Nim(heap=2 * moves + 1, most=2).new_game(seed=1)
    while len(state.history) < moves:
        state.apply(state.legal_moves()[0])
    return state


def long_tafl(moves: int) -> State[Any]:
    """Brandubh with no repetition rule: an attacker and a defender step
    to and fro, each move read and checked by the real rules."""
    state = Tafl("brandubh", repetition=None).new_game(seed=1)
    shuffle = ["a4-a5", "d5-c5", "a5-a4", "c5-d5"]
    while len(state.history) < moves:
        state.apply(shuffle[len(state.history) % 4])
    return state


def long_five_fields(moves: int) -> State[Any]:
    """Random 5 Fields games end long before 100,000 moves, so the longest of
    several seeded games stands for a long record (its length is printed)."""
    game = FiveFields(turn_limit=None)
    longest: State[Any] | None = None
    for seed in range(8):
        state = game.new_game(seed=seed)
        agent = RandomAgent(seed=seed)
        while not state.is_over and len(state.history) < moves:
            state.apply(agent.choose(state, state.current_player))
        if longest is None or len(state.history) > len(longest.history):
            longest = state
    assert longest is not None
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| record | moves | bytes | `json.loads` s | `GameRecord.from_json` s (parse + replay) | `.replay()` s |")
    print("|---|---:|---:|---:|---:|---:|")
    longest = (
        ("Nim", long_nim(args.moves)),
        ("Tafl (brandubh)", long_tafl(args.moves)),
        ("Game of 5 Fields", long_five_fields(args.moves)),
    )
    for label, state in longest:
        text = state.to_record().to_json()
        game = state.game
        floor = best(args.repeat, lambda text=text: json.loads(text))
        load = best(args.repeat, lambda text=text, game=game: GameRecord.from_json(text, game=game))
        record = GameRecord.from_json(text, game=game)
        replay = best(args.repeat, lambda record=record, game=game: record.replay(game=game))
        print(f"| {label} | {len(state.history):,} | {len(text):,} | {floor} | {load} | {replay} |")
        if isinstance(state, TaflState):
            otg = write_opentafl_game(state)
            read = best(args.repeat, lambda otg=otg: read_opentafl_game(otg))
            print(f"| {label}, OpenTafl `.otg` | {len(state.history):,} | {len(otg):,} | - | {read} | - |")


if __name__ == "__main__":
    main()
