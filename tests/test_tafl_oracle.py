"""boardkit's Tafl against an independent second referee (``tests/tafl_oracle.py``).

The oracle is a plain, slow reading of RULINGS.md written without boardkit's
rule code. Random games (from the start, from random positions, and from
positions built around shieldwalls, exit forts and rings of attackers, and
positions from the middle of the real games) are
played through both on fixed seeds, and at every ply the legal moves, the
position (so every capture), whether the game is over, the winner and the
reason must agree. The real games in ``tests/data/tafl`` are replayed through
the oracle too. The special squares' options (corners and thrones anywhere or
nowhere, who may stop on and pass over them, to whom they are hostile, an
unarmed or weak King, edge escape, the Linnaean capture) are fuzzed the same
way over random settings, one fresh set per game. ``python tests/tafl_fuzz.py
--games 500`` runs a longer hunt.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tafl_fuzz import compare_many, compare_squares, replay_record
from tafl_oracle import Oracle
from test_tafl_records import CLOSED_FROM_INSIDE, DATA, WINNERS, replay

from boardkit.games.tafl import Tafl

# (kind of game, how many, move cap) per rule set: about 15 seconds in all on the
# project's 2-core machine.
BUDGET = [
    ("start", 3, 60),
    ("random", 6, 40),
    ("records", 3, 30),
    ("shieldwall", 8, 12),
    ("fort", 8, 10),
    ("ring", 6, 10),
]
# The rules each rule set's fuzz must have seen fire at least once, so that a
# quiet fuzz cannot pass for a thorough one.
MUST_SEE = {
    "copenhagen": {"shieldwall", "exit fort", "encirclement", "repetition", "king escaped", "king captured"},
    "fetlar": {"encirclement", "repetition", "king escaped", "king captured"},
    "federation-brandubh": {"encirclement", "repetition", "king escaped", "king captured"},
}


@pytest.mark.parametrize("rule_set", sorted(MUST_SEE))
def test_random_games_agree_with_the_oracle(rule_set: str) -> None:
    seen: set[str] = set()
    for kind, games, plies in BUDGET:
        problems, endings, _ = compare_many(rule_set, games, seed=20, max_plies=plies, kind=kind)
        assert problems == [], f"{kind}: {problems[0]}"
        seen |= set(endings)
    assert MUST_SEE[rule_set] <= seen, f"never saw {MUST_SEE[rule_set] - seen}"


# (kind of game, how many, move cap) for the special squares, per rule set: a fresh random
# set of square options each game (see tafl_fuzz.square_options), about 20 seconds in all.
SQUARE_BUDGET = [("squares", 20, 40), ("linnaean", 25, 12), ("throne", 30, 12), ("corner", 25, 30)]
SQUARES_MUST_SEE = {
    "linnaean",
    "capture against a throne",
    "capture against a held throne",
    "capture against a corner",
    "king escaped",
    "king captured",
}


@pytest.mark.parametrize("rule_set", sorted(MUST_SEE))
def test_random_special_squares_agree_with_the_oracle(rule_set: str) -> None:
    seen: set[str] = set()
    for kind, games, plies in SQUARE_BUDGET:
        problems, endings, _ = compare_squares(rule_set, games, seed=20, max_plies=plies, kind=kind)
        assert problems == [], f"{kind}: {problems[0]}"
        seen |= set(endings)
    assert seen >= SQUARES_MUST_SEE, f"never saw {SQUARES_MUST_SEE - seen}"


@pytest.mark.parametrize(
    ("rule_set", "kind", "mutant"),
    [
        ("copenhagen", "linnaean", {"linnaean": False}),
        ("fetlar", "throne", {"throne_hostile": ""}),
        ("federation-brandubh", "throne", {"king_armed": True}),
        ("federation-brandubh", "corner", {"corner_hostile": "tT"}),
        ("federation-brandubh", "corner", {"corner_pass": "tTK"}),
        ("fetlar", "squares", {"escape": "edge"}),
        ("fetlar", "squares", {"throne_hostile_empty": "tT"}),
        ("fetlar", "squares", {"king_captured_by": "four"}),
    ],
)
def test_the_comparison_catches_a_changed_square_rule(rule_set: str, kind: str, mutant: dict[str, object]) -> None:
    problems, _, _ = compare_squares(rule_set, 40, seed=20, max_plies=12, kind=kind, mutant=mutant)
    assert problems


@pytest.mark.parametrize(
    ("rule_set", "kind", "mutant"),
    [
        ("copenhagen", "shieldwall", {"shieldwall": False}),
        ("copenhagen", "shieldwall", {"shieldwall_close": "along-edge"}),
        ("copenhagen", "fort", {"exit_fort": False}),
        ("copenhagen", "ring", {"encirclement": False}),
        ("fetlar", "start", {"repetition_result": "defenders-lose"}),
        ("federation-brandubh", "random", {"king_captured_by": "four"}),
    ],
)
def test_the_comparison_catches_a_changed_rule(rule_set: str, kind: str, mutant: dict[str, object]) -> None:
    problems, _, _ = compare_many(rule_set, 8, seed=20, max_plies=40, kind=kind, mutant=mutant)
    assert problems


def test_repetition_counts_the_board_with_the_player_to_move() -> None:
    # An attacker walks a three-move cycle along the b file while the King steps
    # back and forth: every board comes with either side to move, so counting
    # boards alone would end the game long before the same board comes a third
    # time with the same player to move (RULINGS: "with the same side to move").
    position = "/11/1t9/11/7K3/11/11/11/11/11/11/11/"  # b2, h4
    cycle = ["b2-b5", "h4-h3", "b5-b3", "h3-h4", "b3-b2", "h4-h3", "b2-b5", "h3-h4", "b5-b3", "h4-h3", "b3-b2", "h3-h4"]
    state = Tafl("copenhagen").from_position(position=position, to_move=0)
    oracle = Oracle.new("copenhagen", position, 0)
    boards: dict[str, int] = {position: 1}
    keys: dict[tuple[str, int], int] = {(position, 0): 1}
    first_board_thrice = None
    for ply, move in enumerate(cycle * 3, start=1):
        state.apply(move)
        oracle.apply(move)
        board, key = state.position(), (state.position(), ply % 2)
        boards[board] = boards.get(board, 0) + 1
        keys[key] = keys.get(key, 0) + 1
        if boards[board] == 3 and first_board_thrice is None:
            first_board_thrice = ply
        if keys[key] == 3:
            break
        assert state.outcome is None and oracle.outcome is None
    assert first_board_thrice is not None and first_board_thrice < ply
    assert state.outcome is not None and state.outcome.winners == {0} and oracle.outcome == (0, "repetition")


RECORDS = {"copenhagen": "copenhagen.csv", "federation-brandubh": "brandubh.csv"}
# The 8 Copenhagen games that end on an exit fort guarded from behind its wall.
GUARDED_FORTS = [222, 611, 717, 858, 1165, 1197, 1373, 1378]


@pytest.mark.parametrize("rule_set", sorted(RECORDS))
def test_real_games_end_alike_in_the_oracle_and_boardkit(rule_set: str) -> None:
    # The players' server applied no repetition rule; both referees are set to do
    # the same (see test_tafl_records). Every other rule is the rule set's own.
    options = {"repetition": None}
    game = Tafl(rule_set, **options)
    lines = (DATA / RECORDS[rule_set]).read_text().splitlines()
    # Every fifth game, with (in Copenhagen) the guarded forts and the walls closed from inside the board.
    special = set(GUARDED_FORTS) | set(CLOSED_FROM_INSIDE) if rule_set == "copenhagen" else set()
    chosen = sorted(set(range(1, len(lines) + 1, 5)) | special)
    ended = 0
    for number in chosen:
        line = lines[number - 1]
        what, outcome, result = replay_record(rule_set, line, **options)
        theirs, winner, _ = replay(game, line)
        assert what == theirs, f"line {number}: oracle {what} {outcome}, boardkit {theirs}"
        if what == "rule":
            assert outcome is not None and outcome[0] == winner == WINNERS.get(result), f"line {number}"
            ended += 1
    assert ended > len(chosen) // 10
