"""`boardkit analyze` on 100,000 records: seconds and peak memory.

The records are made once by ``boardkit simulate`` (uniformly random
tic-tac-toe from ``examples/tic_tac_toe.py``, two agent labels, seats
rotated) into a file outside the repository, and reused by later runs. Then:

* ``boardkit analyze FILE`` and ``boardkit analyze FILE --by agents --ratings
  --json`` as commands: wall-clock seconds, and the peak resident memory of
  the process (``ru_maxrss`` of the child, Python and its imports included);
* ``analysis.summarize(FILE)`` in this process: seconds, then in a second pass
  the peak of memory allocated by Python while it ran (``tracemalloc``), which
  shows the file is streamed rather than held.

Usage (from the repository root)::

    python benchmarks/bench_analyze.py [--records 100000] [--file /tmp/boardkit-bench-records.jsonl]

It prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from boardkit import analysis

ROOT = Path(__file__).resolve().parent.parent


def make_records(path: Path, count: int) -> None:
    """Write ``count`` random tic-tac-toe games to ``path`` with boardkit simulate."""
    command = [sys.executable, "-m", "boardkit", "simulate", "examples/tic_tac_toe.py:TicTacToe",
               "--games", str(count), "--agents", "random", "greedy", "--quiet", "--out", str(path)]
    subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)


def command_cost(*arguments: str) -> tuple[float, float]:
    """Seconds and peak resident MiB of one ``boardkit`` command in a child process."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "boardkit", *arguments], stdout=subprocess.DEVNULL, cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"boardkit {' '.join(arguments)} failed ({child.returncode})")
    return seconds, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--file", type=Path, default=Path("/tmp/boardkit-bench-records.jsonl"))
    args = parser.parse_args()
    path: Path = args.file
    if not path.exists() or sum(1 for _ in path.open("rb")) != args.records:
        print(f"writing {args.records:,} records to {path} ...", file=sys.stderr)
        make_records(path, args.records)
    size = path.stat().st_size / 2**20

    rows = []
    seconds, rss = command_cost("analyze", str(path))
    rows.append(("`boardkit analyze FILE`", seconds, f"{rss:.0f} MiB (process peak RSS)"))
    start = time.perf_counter()
    summary = analysis.summarize(path)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    analysis.summarize(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rows.append(("`analysis.summarize(FILE)`", seconds, f"{peak / 2**20:.1f} MiB (tracemalloc peak)"))
    seconds, rss = command_cost("analyze", str(path), "--by", "agents", "--ratings", "--json")
    rows.append(("`boardkit analyze FILE --by agents --ratings --json`", seconds, f"{rss:.0f} MiB (process peak RSS)"))

    print(f"{summary.games:,} records of {summary.game} ({size:.1f} MiB of JSON lines), "
          f"Python {sys.version.split()[0]}, load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print()
    print("| what | seconds | records/s | peak memory |")
    print("|---|---:|---:|---|")
    for what, secs, memory in rows:
        print(f"| {what} | {secs:.2f} | {summary.games / secs:,.0f} | {memory} |")


if __name__ == "__main__":
    main()
