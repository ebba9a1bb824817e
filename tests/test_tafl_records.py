"""Real games replayed: 1,752 Copenhagen and 523 Federation Brandubh games (525 lines) played by people.

Every move must be legal, every capture the record lists must be made and no
other, no game may end by the rules while the players went on, and a game
that ends by a rule on its last move must end with the recorded winner. Where
the players' server did something the rulings do not, the test says so by
count. The data and its provenance: ``tests/data/tafl/README.md``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from boardkit.games.tafl import Move, Tafl

DATA = Path(__file__).parent / "data" / "tafl"
WINNERS = {"Black": 0, "White": 1}


def replay(game: Tafl, line: str) -> tuple[str, int | None, str]:
    """Replay one CSV game; returns what happened, the rules' winner, and where."""
    moves, _, _, result = line.rsplit(",", 3)
    state = game.new_game(seed=0)
    tokens = moves.split()
    for number, token in enumerate(tokens, start=1):
        if token == "timeout":
            break
        if state.is_over:
            return "ended early", None, f"move {number} of {len(tokens)}: {state.outcome}"
        source_target, *claimed = token.split("x")
        king = state.king
        state.apply(Move.parse(source_target, game.size))
        made = set(state.last_captured)
        if state.king is None:
            made.discard(king or "")  # the records never list the King's capture
        if made != set(claimed):
            return "captures differ", None, f"move {number} {token!r}: boardkit took {sorted(made)}"
    outcome = state.outcome
    if outcome is None:
        return "goes on", None, result
    winner = next(iter(outcome.winners)) if outcome.winners else None
    return "rule", winner, result


def replay_all(variant: str, name: str, **options: Any) -> tuple[Counter[str], list[str]]:
    game = Tafl(variant, **options)
    seen: Counter[str] = Counter()
    problems = []
    for number, line in enumerate((DATA / name).read_text().splitlines(), start=1):
        if not line.strip():
            continue
        what, winner, where = replay(game, line)
        seen[what] += 1
        if what == "rule":
            seen["rule, winner as recorded" if WINNERS.get(where) == winner else "rule, other winner"] += 1
        if what in ("ended early", "captures differ"):
            problems.append(f"line {number}: {what}: {where}")
    return seen, problems


def test_copenhagen_games_replay() -> None:
    # The server captures a shieldwall closed by any move onto the edge square,
    # and it applied no repetition rule; both are switched to its behaviour here
    # and counted below.
    seen, problems = replay_all("copenhagen", "copenhagen.csv", shieldwall_close="onto-edge", repetition=None)
    assert problems == []
    assert sum(seen[k] for k in ("rule", "goes on")) == 1752
    assert seen["rule"] == seen["rule, winner as recorded"] == 372  # as the data README counts
    assert seen["rule, other winner"] == 0


def test_copenhagen_server_ignored_repetition_in_11_games() -> None:
    seen, problems = replay_all("copenhagen", "copenhagen.csv", shieldwall_close="onto-edge")
    assert seen["ended early"] == 11 and seen["captures differ"] == 0
    assert all("the same position came 3 times" in p for p in problems)


def test_copenhagen_server_closes_shieldwalls_from_off_the_edge_in_49_games() -> None:
    # The ruling: only a move along the edge closes a shieldwall. The players'
    # server also takes a wall when the closing piece arrives from inside the board.
    seen, problems = replay_all("copenhagen", "copenhagen.csv", repetition=None)
    assert seen["captures differ"] == 49 and seen["ended early"] == 0
    assert all("captures differ" in p for p in problems)


def test_federation_brandubh_games_replay() -> None:
    seen, problems = replay_all("federation-brandubh", "brandubh.csv", repetition=None)
    assert problems == []
    assert sum(seen[k] for k in ("rule", "goes on")) == 525  # 525 lines, 8 of them repeated games
    assert seen["rule"] == seen["rule, winner as recorded"] == 107


def test_federation_brandubh_server_ignored_repetition_in_5_games() -> None:
    seen, problems = replay_all("federation-brandubh", "brandubh.csv")
    assert seen["ended early"] == 5 and seen["captures differ"] == 0 and len(problems) == 5


@pytest.mark.parametrize("variant", ["copenhagen", "federation-brandubh"])
def test_a_wrong_capture_claim_is_caught(variant: str) -> None:
    name = "copenhagen.csv" if variant == "copenhagen" else "brandubh.csv"
    line = next(row for row in (DATA / name).read_text().splitlines() if "x" in row)
    moves, *rest = line.split(",")
    broken = moves.replace("x", "xa1x", 1)
    assert replay(Tafl(variant), ",".join([broken, *rest]))[0] == "captures differ"
