"""boardkit's four newest OpenTafl built-in variants against an independent second referee.

The referee (``tests/tafl_oracle_builtins.py``) was written from OpenTafl's
own sources (``rules/Variants.java`` and the classes it names, read through
``RulesSerializer`` and ``GenericRules``, which is how OpenTafl replays a saved
game) without looking at boardkit's Tafl code. Random games of Copenhagen with
the relaxed shieldwall, Berserk, Foteviken Tablut and Magpie, from the start
and from positions built around each variant's own rules, are played through
both on fixed seeds; at every ply the legal moves (in notation), the position
after the move, whose turn it is, the captures and the result must agree. On a
difference the message gives the variant, the seed, the start, the moves and
both positions. ``python tests/test_tafl_builtins_oracle.py --games 200`` runs a
longer hunt.

Where OpenTafl's hand-written rules classes and the rules strings it writes for
them disagree, the rules string is followed (a saved game is replayed by it):
Foteviken Tablut's class makes the empty throne hostile to everyone
(``isSpaceHostileToSide``), but its string says ``cenhe:K`` and ``aforh:K``,
and a ``K`` alone names no side in ``GenericRules.isSpaceHostileToSide`` (it asks
for ``t`` or ``T``), so neither the throne nor the forts are hostile to anyone;
Magpie's class inherits Brandub's throne that is hostile to no one, but its
string keeps OpenTafl's default throne lists (the empty throne hostile to all,
the held one to attackers). Two things in OpenTafl's code are taken as slips,
not rules: its shieldwall search needs two pieces of the closing side on the
board's edges before it looks at all (so a row shut by a corner and one piece is
missed), and it keeps a stale index while it walks an edge (so under the relaxed
rule it can take a row of pieces backed only by their own side); the walls here
are the rows the rule describes. Played against OpenTafl's own engine (0.4.8.0b,
driven move by move), this referee agreed on every position, capture, turn,
berserk move, legal move list and declared winner in 500 games of each of
Berserk, Foteviken and Magpie, and in Copenhagen (relaxed) apart from those two
slips.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tafl_fuzz import differences as plain_differences
from tafl_fuzz import ring_position, transformed
from tafl_oracle import name, parse
from tafl_oracle_builtins import BUILTINS, BuiltinOracle, Square, read_board, side, squares, write_board

from boardkit.errors import OptionError
from boardkit.games.tafl import Tafl, TaflState

DATA = Path(__file__).parent / "data" / "tafl" / "opentafl"

Board = dict[Square, str]


# -- building boardkit's games ---------------------------------------------------------


# The rules strings OpenTafl writes for its built-in variants (rules/Variants.java), kept by the
# OpenTafl interchange tests; boardkit's games are read from them.
RULES_LINES = {
    line.split()[1].removeprefix("name:"): line
    for line in (DATA / "opentafl-builtin-rules.conf").read_text().splitlines()
}
NAMES = {
    "copenhagen-relaxed": "Copenhagen_(relaxed_shieldwall)",
    "berserk": "Berserk",
    "foteviken": "Foteviken_Tablut",
    "magpie": "Magpie",
}


def boardkit_game(variant: str) -> Tafl:
    """boardkit's game of the built-in ``variant``, read from OpenTafl's rules string."""
    try:
        return Tafl.from_opentafl(RULES_LINES[NAMES[variant]])
    except OptionError as error:  # a variant boardkit does not play yet
        pytest.skip(f"boardkit does not play {variant}: {error}")


def new_state(variant: str, seed: int, position: str | None, to_move: int | None) -> TaflState:
    game = boardkit_game(variant)
    if position is None:
        return game.new_game(seed=seed)
    return game.from_position(position=position, to_move=to_move, seed=seed)


# -- comparing ------------------------------------------------------------------------


def differences(state: TaflState, oracle: BuiltinOracle) -> str | None:
    """What differs between the two referees on this position (``tafl_fuzz.differences``: the
    position, the result, the legal moves), and whose turn it is."""
    problem = plain_differences(state, oracle)  # type: ignore[arg-type]
    if problem is None and not state.is_over and state.current_player != oracle.to_move:
        problem = f"to move: boardkit {state.current_player} oracle {oracle.to_move}"
    return problem


def choose(rng: random.Random, oracle: BuiltinOracle, history: list[str]) -> str:
    """A random move; often one that captures or lets the King out, or the mover's last move
    undone (so that positions repeat)."""
    moves = oracle.legal_moves()
    roll = rng.random()
    if roll < 0.45:
        sharp = []
        for move in moves:
            frm, to = (parse(part) for part in move.split("-"))
            if oracle.board[frm] == "K" and (to in oracle.corners() or oracle.on_edge(to)):
                sharp.append(move)  # the King out (or at least onto the edge)
        for start in sorted({m.split("-")[0] for m in moves}):
            sharp += [f"{start}-{name(to)}" for to in sorted(oracle.capturing_destinations(parse(start)))]
        if sharp:
            return rng.choice(sharp)
    if roll > 0.8 and len(history) >= 2:
        back = "-".join(reversed(history[-2].split("-")))
        if back in moves:
            return back
    return rng.choice(moves)


def compare_game(
    variant: str,
    seed: int,
    max_plies: int,
    position: str | None = None,
    to_move: int | None = None,
    mutant: dict[str, Any] | None = None,
) -> tuple[str | None, int, BuiltinOracle]:
    """One random game through both referees: (first difference or None, plies, the oracle).

    ``mutant`` changes the second referee's rules, to check that a changed rule is caught.
    """
    state = new_state(variant, seed, position, to_move)
    oracle = BuiltinOracle.new(variant, position, to_move, **(mutant or {}))
    guide = BuiltinOracle.new(variant, position, to_move) if mutant else oracle  # picks the moves
    rng = random.Random(seed)
    history: list[str] = []
    for ply in range(max_plies + 1):
        problem = differences(state, oracle)
        if problem is None and history and tuple(sorted(state.last_captured)) != oracle.last_captured:
            problem = f"captured: boardkit {state.last_captured} oracle {oracle.last_captured}"
        if problem is not None:
            start = f"from {position} ({to_move} to move)" if position else "from the start"
            return f"{variant} seed {seed} {start} after {history}: {problem}", ply, oracle
        if oracle.outcome is not None or ply == max_plies:
            break
        move = choose(rng, guide, history)
        history.append(move)
        state.apply(move)
        oracle.apply(move)
        if guide is not oracle:
            guide.apply(move)
    return None, len(history), oracle


# -- positions ------------------------------------------------------------------------


def bare(variant: str) -> BuiltinOracle:
    size = BuiltinOracle.new(variant).size
    return BuiltinOracle(BUILTINS[variant], size, {})


def may_start(oracle: BuiltinOracle, piece: str, sq: Square) -> bool:
    """Whether ``piece`` may start on ``sq``: where it may stop (the King: anywhere he has not
    already won), and no defender on an attacker fort."""
    return oracle.on_board(sq) and sq not in oracle.board and allowed(oracle, piece, sq)


def allowed(oracle: BuiltinOracle, piece: str, sq: Square) -> bool:
    """Whether ``piece`` may stand on ``sq`` in a start position (see :func:`may_start`)."""
    if piece == "K":
        won = (sq in oracle.corners()) if oracle.rules.escape == "corner" else oracle.on_edge(sq)
        return not won and oracle.kind(sq) != "afor"
    if side(piece) == 1 and oracle.kind(sq) == "afor":
        return False
    return oracle.kind(sq) is None or oracle.may(piece, sq, sq, "s")


def scatter(
    rng: random.Random, oracle: BuiltinOracle, pieces: str, near: Square | None = None, spread: int = 99
) -> None:
    """Put ``pieces`` on random squares where each may start (within ``spread`` of ``near``)."""
    for piece in pieces:
        spots = [
            (f, r)
            for f in range(oracle.size)
            for r in range(oracle.size)
            if may_start(oracle, piece, (f, r)) and (near is None or abs(f - near[0]) + abs(r - near[1]) <= spread)
        ]
        if spots:
            oracle.board[rng.choice(spots)] = piece


def finish(rng: random.Random, variant: str, oracle: BuiltinOracle, to_move: int) -> tuple[str, int]:
    if "K" not in oracle.board.values():
        scatter(rng, oracle, "K")
    # Every special square of the four is symmetric under the board's turns and mirrors.
    return write_board(oracle.size, transformed(oracle.board, oracle.size, rng)), to_move


def random_game(rng: random.Random, variant: str) -> tuple[str, int]:
    """A random position with the variant's kinds of pieces."""
    oracle = bare(variant)
    most = 8 if oracle.size == 7 else 16 if oracle.size == 9 else 24
    attackers = "t" * rng.randint(1, most)
    defenders = "T" * rng.randint(0, most // 2)
    if variant == "berserk":
        attackers += "c" * rng.randint(0, 4)
        defenders += "N" * rng.randint(0, 2)
    scatter(rng, oracle, "K" + "".join(rng.sample(attackers + defenders, len(attackers + defenders))))
    return finish(rng, variant, oracle, rng.randint(0, 1))


def crowd_game(rng: random.Random, variant: str) -> tuple[str, int]:
    """The King with enemies and friends crowded around him (King captures, jumps, berserk
    chains); in Berserk and Magpie often beside a corner or the throne, in Foteviken by a fort."""
    oracle = bare(variant)
    n = oracle.size - 1
    roll = rng.random()
    if roll < 0.3 and oracle.corners():
        corner = rng.choice(sorted(oracle.corners()))
        centre = (min(max(corner[0], 1), n - 1), min(max(corner[1], 1), n - 1))
    elif roll < 0.55:
        centre = oracle.throne()
    elif roll < 0.7 and oracle.rules.forts:
        centre = rng.choice(sorted(oracle.rules.forts))
    else:
        centre = (rng.randint(0, n), rng.randint(0, n))
    scatter(rng, oracle, "K", centre, 1)
    king = next(iter(sq for sq, p in oracle.board.items() if p == "K"), centre)
    officers = "c" if variant == "berserk" else "t"
    pieces = "t" * rng.randint(2, 6) + officers * rng.randint(1, 4) + "T" * rng.randint(0, 3)
    if variant == "berserk":
        pieces += "N" * rng.randint(0, 2)
    scatter(rng, oracle, "".join(rng.sample(pieces, len(pieces))), king, 3)
    scatter(rng, oracle, "t" * rng.randint(0, 6) + "T" * rng.randint(0, 3))
    return finish(rng, variant, oracle, rng.randint(0, 1))


def wall_game(rng: random.Random, variant: str) -> tuple[str, int]:
    """A row on the bottom edge with its enemies in front, one piece short of a closed shieldwall:
    a bracket still to come (along the edge or from inside), a piece in front still to come, or a
    gap in the row that the row's own side may fill (after which any move of the other side
    closes it, under the relaxed rule)."""
    oracle = bare(variant)
    n = oracle.size - 1
    victim = rng.randint(0, 1)
    mine, theirs = ("T", "t") if victim == 0 else ("t", "T")
    length = rng.randint(2, 4)
    left = rng.randint(1, n - 1 - length)
    board = oracle.board
    if left - 1 > 0:
        board[(left - 1, 0)] = "K" if mine == "T" and rng.random() < 0.3 else mine
    row = list(range(left, left + length))
    for f in row:
        board[(f, 0)] = theirs
        board[(f, 1)] = mine
    if theirs == "T" and rng.random() < 0.3:
        board[(rng.choice(row), 0)] = "K"
    right = left + length
    mode = rng.choice(["bracket", "front", "gap", "done"])
    if right < n:
        board[(right, 0)] = mine
    if mode == "bracket" and right < n:
        del board[(right, 0)]
        if rng.random() < 0.5 and right + 1 < n:
            board[(rng.randint(right + 1, n - 1), 0)] = mine
        else:
            board[(right, rng.randint(2, n - 1))] = mine
        to_move = 1 - victim
    elif mode == "front":
        f = rng.choice(row)
        del board[(f, 1)]
        board[(f, rng.randint(2, n - 1))] = mine
        to_move = 1 - victim
    elif mode == "gap":
        f = rng.choice(row)
        piece = board.pop((f, 0))
        del board[(f, 1)]
        board[(f, 1)] = mine
        board[(f, rng.randint(2, n - 1))] = piece if piece != "K" else theirs
        to_move = victim
    else:
        to_move = rng.randint(0, 1)
    board.pop(oracle.throne(), None)
    oracle.board = {sq: p for sq, p in board.items() if allowed(oracle, p, sq)}
    if mode == "gap" and "K" not in board.values():
        scatter(rng, oracle, "K")
    scatter(rng, oracle, "".join(rng.choice("tT") for _ in range(rng.randint(0, 8))))
    return finish(rng, variant, oracle, to_move)


def ring_game(rng: random.Random, variant: str) -> tuple[str, int]:
    """All defenders in a blob ringed by attackers, sometimes one attacker out of the ring
    (``tafl_fuzz.ring_position``), less any piece standing where it may not start."""
    oracle = bare(variant)
    position, to_move = ring_position(rng, oracle.size)
    oracle.board = {sq: p for sq, p in read_board(position)[1].items() if allowed(oracle, p, sq)}
    return finish(rng, variant, oracle, to_move)


SCENARIOS: dict[str, Callable[[random.Random, str], tuple[str, int]]] = {
    "random": random_game,
    "crowd": crowd_game,
    "wall": wall_game,
    "ring": ring_game,
}


def compare_many(
    variant: str, kind: str, games: int, seed: int, max_plies: int, mutant: dict[str, Any] | None = None
) -> tuple[list[str], Counter[str], int]:
    """Many games of one kind: (differences, endings and rule counts, plies); with a
    ``mutant``, up to the first difference."""
    problems: list[str] = []
    endings: Counter[str] = Counter()
    plies = 0
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        if kind == "start":
            position, to_move = None, None
        else:
            position, to_move = SCENARIOS[kind](random.Random(game_seed), variant)
        problem, length, oracle = compare_game(variant, game_seed, max_plies, position, to_move, mutant)
        plies += length
        endings[oracle.outcome[1] if oracle.outcome else "move cap"] += 1
        endings.update(oracle.events)
        if problem:
            problems.append(problem)
            if mutant:
                break
    return problems, endings, plies


# (kind of game, how many, move cap) per variant: about 12 seconds a variant on a busy 2-core machine.
BUDGET: dict[str, list[tuple[str, int, int]]] = {
    "copenhagen-relaxed": [("start", 4, 80), ("random", 20, 30), ("wall", 120, 8), ("crowd", 40, 15), ("ring", 20, 10)],
    "berserk": [("start", 6, 80), ("random", 30, 30), ("crowd", 100, 12), ("ring", 20, 10)],
    "foteviken": [("start", 10, 80), ("random", 30, 30), ("crowd", 100, 15), ("ring", 20, 10)],
    "magpie": [("start", 12, 80), ("random", 40, 30), ("crowd", 100, 15), ("ring", 20, 10)],
}
# What each variant's games must have seen happen, so that a quiet run cannot pass for a thorough one.
MUST_SEE = {
    "copenhagen-relaxed": {"shieldwall closed elsewhere", "shieldwall", "king escaped", "exit fort", "encirclement"},
    "berserk": {"berserk", "jump", "jump capture", "king escaped", "king captured"},
    "foteviken": {"fort to fort", "king escaped", "king captured", "encirclement"},
    "magpie": {"king step", "king taken on an edge", "king escaped", "king captured"},
}


@pytest.mark.parametrize("variant", sorted(BUDGET))
def test_random_games_agree_with_the_second_referee(variant: str) -> None:
    seen: set[str] = set()
    for kind, games, plies in BUDGET[variant]:
        problems, endings, _ = compare_many(variant, kind, games, seed=29, max_plies=plies)
        assert problems == [], f"{kind}: {len(problems)} games differ; first: {problems[0]}"
        seen |= set(endings)
    assert MUST_SEE[variant] <= seen, f"never saw {MUST_SEE[variant] - seen}"


@pytest.mark.parametrize("variant", sorted(NAMES))
def test_the_second_referee_reads_the_rules_strings_opentafl_writes(variant: str) -> None:
    # The referee's rules come from OpenTafl's rules classes; the strings OpenTafl writes for
    # them (tests/data/tafl/opentafl/opentafl-builtin-rules.conf) must say the same.
    keys = dict(part.split(":", 1) for part in RULES_LINES[NAMES[variant]].split())
    rules = BUILTINS[variant]
    assert keys["start"] == rules.start
    assert keys.get("atkf", "y") == "yn"[rules.first]
    assert keys.get("esc", "c") == rules.escape[0]
    assert keys.get("surf", "y") == "ny"[rules.encirclement]
    assert keys.get("efe", "n") == "ny"[rules.exit_fort]
    assert keys.get("swf", "y") == "yn"[rules.relaxed_shieldwall]
    assert keys.get("ber", "n") == "nc"[rules.berserk]
    assert keys.get("ks", "s") == rules.king[0]
    assert keys.get("tfr", "d") == {"draw": "d", "repeater-loses": "w", "repeater-wins": "l"}[rules.repetition_result]
    assert keys.get("kj", "n") == dict(rules.jumps).get("k", "n")
    speeds = keys.get("spd", "-1").rstrip(",").split(",")
    assert [int(x) for x in speeds[9:10]] == [dict(rules.speed).get("K", -1)] or speeds == ["-1"]
    assert squares(keys.get("afor", "")) == rules.forts
    assert ("cor" in keys) == (rules.corners is not None)
    for key in ("cens", "cenh", "cenhe", "cenre", "aforh", "aforre"):
        assert keys.get(key, rules.letters(key)) == rules.letters(key), key


# A third repetition: (start, side to move, a cycle of moves). OpenTafl scores it by its tfr key
# (GameState.checkVictoryInternal, ThreefoldVictoryTest): tfr:w (Copenhagen) the side that
# made it loses, tfr:l (Berserk) it wins, tfr:d (the default) a draw.
CYCLES = {
    "copenhagen-relaxed": ("/11/1t9/11/7K3/11/11/11/11/11/11/11/", 0, ["b2-b3", "h4-h3", "b3-b2", "h3-h4"]),
    "berserk": ("/11/1t9/11/7K3/11/11/11/11/11/11/11/", 1, ["h4-h3", "b2-b3", "h3-h4", "b3-b2"]),
    "foteviken": ("/9/1t7/9/6K2/9/9/9/9/9/", 0, ["b2-b3", "g4-g3", "b3-b2", "g3-g4"]),
    "magpie": ("/7/1t5/7/7/4K2/7/7/", 0, ["b2-b3", "e5-e4", "b3-b2", "e4-e5"]),
}  # fmt: skip


@pytest.mark.parametrize("variant", sorted(CYCLES))
def test_a_third_repetition_ends_the_game_as_opentafl_scores_it(variant: str) -> None:
    position, to_move, cycle = CYCLES[variant]
    state = new_state(variant, 0, position, to_move)
    oracle = BuiltinOracle.new(variant, position, to_move)
    for ply, move in enumerate(cycle * 6):
        state.apply(move)
        oracle.apply(move)
        problem = differences(state, oracle)
        assert problem is None, f"{variant} from {position} after {(cycle * 6)[: ply + 1]}: {problem}"
        if oracle.outcome is not None:
            break
    assert oracle.outcome is not None and oracle.outcome[1] == "repetition"
    mover = (to_move + ply) % 2  # no capture in the cycle, so the sides alternate
    winner = {"copenhagen-relaxed": 1 - mover, "berserk": mover}.get(variant)
    assert oracle.outcome[0] == winner


# -- the second referee against OpenTafl's own tests ---------------------------------------
#
# OpenTafl's tests of its Berserk rules (test/rules/CommanderCaptureVictoryTest,
# CommanderCornerCaptureVictoryTest, JumpCaptureBerserkerTest), with their positions
# (rules/berserk/eleven/test/*.java; OpenTafl's Coord(x, y) is the square file a+x, rank y+1).
# They pin the second referee's reading where boardkit does not yet play the variant.


def berserk_test_position(pieces: dict[str, str]) -> str:
    board = {(ord(sq[0]) - ord("a"), int(sq[1:]) - 1): piece for sq, piece in pieces.items()}
    return write_board(11, board)


def test_the_second_referee_takes_the_berserk_king_as_opentafl_does() -> None:
    # CommanderCaptureVictoryTest: commanders f7 f4 c6 g6; the King on the throne f6, a knight e5.
    position = berserk_test_position({"f7": "c", "f4": "c", "c6": "c", "g6": "c", "f6": "K", "e5": "N"})
    oracle = BuiltinOracle.new("berserk", position)
    for move in ["e5-a5", "f4-f5"]:
        oracle.apply(move)
    assert oracle.board[(5, 5)] == "K" and oracle.outcome is None  # on the throne: safe
    oracle.apply("f6-d6")
    oracle.apply("g6-e6")  # over the empty throne: commander e6, commander c6
    assert (3, 5) not in oracle.board and oracle.outcome == (0, "king captured")
    # CommanderCornerCaptureVictoryTest: the King b2 steps to b1 beside the corner; c2-c1 takes him.
    position = berserk_test_position({"c2": "c", "f4": "c", "c6": "c", "g6": "c", "e1": "t", "b2": "K", "e5": "N"})
    oracle = BuiltinOracle.new("berserk", position)
    oracle.apply("b2-b1")
    oracle.apply("c2-c1")
    assert oracle.outcome == (0, "king captured")
    # Not by four plain attackers, though, where the attackers have commanders (or knights).
    position = berserk_test_position({"b3": "t", "d3": "t", "c4": "t", "c1": "t", "c3": "K", "h8": "c", "k5": "N"})
    oracle = BuiltinOracle.new("berserk", position, to_move=0)
    oracle.apply("c1-c2")
    assert oracle.board[(2, 2)] == "K" and oracle.outcome is None
    plain = BuiltinOracle.new("berserk", position.replace("c", "t"), to_move=0)  # no commander at all
    plain.apply("c1-c2")
    assert plain.outcome == (0, "king captured")


def test_the_second_referee_jumps_and_berserks_as_opentafl_does() -> None:
    # JumpCaptureBerserkerTest.
    position = berserk_test_position(
        {"f7": "t", "f9": "t", "e4": "t", "e2": "c", "a7": "c", "g6": "c", "k9": "c", "c11": "t"}
        | {"f6": "K", "e5": "N", "a8": "T", "a10": "T", "c10": "T", "k10": "T"}
    )
    oracle = BuiltinOracle.new("berserk", position)
    knight, commander = (4, 4), (6, 5)
    assert (4, 2) in oracle.destinations(knight) and (4, 2) in oracle.capturing_destinations(knight)
    assert (4, 5) not in oracle.destinations(commander)  # no jumping the King
    assert (0, 8) in oracle.capturing_destinations((0, 6))  # a10 against the corner, not a8
    oracle.apply("e5-e3")  # the knight jumps e4 and takes it; nothing more to take: the turn passes
    assert (4, 3) not in oracle.board and oracle.board[(4, 2)] == "N" and oracle.to_move == 0
    oracle.apply("a7-a9")  # the commander jumps a8 (no capture by that) and takes a10
    assert oracle.board.get((0, 9)) is None and oracle.board[(0, 7)] == "T"
    assert (0, 5) not in oracle.capturing_destinations((0, 8)) and (2, 8) in oracle.capturing_destinations((0, 8))
    assert oracle.to_move == 0 and oracle.berserker == (0, 8)  # berserk: it moves again
    assert oracle.legal_moves() == [f"a9-{name(to)}" for to in oracle.destinations((0, 8))]
    oracle.apply("a9-c9")
    assert oracle.to_move == 1 and (2, 9) not in oracle.board
    oracle.apply("f6-f8")  # the King jumps f7 from the throne; f7 falls against the empty throne
    assert (5, 6) not in oracle.board
    assert (5, 9) not in oracle.destinations((5, 7))  # a restricted jump: from or to a special square


EVERYONE_ENTERS = (("cens", ""), ("cenh", ""), ("cenhe", "K"), ("cenre", ""), ("aforh", "K"))


@pytest.mark.parametrize(
    ("variant", "kind", "mutant"),
    [
        ("copenhagen-relaxed", "wall", {"relaxed_shieldwall": False}),
        ("copenhagen-relaxed", "wall", {"exit_fort": False}),
        ("magpie", "crowd", {"king": "strong"}),
        ("magpie", "random", {"speed": ()}),
        ("magpie", "ring", {"encirclement": True}),
        ("foteviken", "crowd", {"forts": frozenset()}),
        ("foteviken", "crowd", {"lists": EVERYONE_ENTERS}),
        ("foteviken", "crowd", {"lists": (*EVERYONE_ENTERS[:-1], ("aforre", ""), ("aforh", "T"))}),
        ("berserk", "crowd", {"berserk": False}),
        ("berserk", "crowd", {"jumps": (("n", "c"), ("c", "j"))}),
        ("berserk", "crowd", {"jumps": (("k", "r"), ("n", "j"), ("c", "j"))}),
        ("berserk", "start", {"first": 0}),
    ],
)
def test_the_comparison_catches_a_changed_rule(variant: str, kind: str, mutant: dict[str, Any]) -> None:
    problems, _, _ = compare_many(variant, kind, 40, seed=29, max_plies=15, mutant=mutant)
    assert problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--variant", action="append", choices=sorted(BUDGET))
    parser.add_argument("--kind", action="append", choices=["start", *SCENARIOS])
    args = parser.parse_args()
    total_games = total_plies = 0
    for variant in args.variant or sorted(BUDGET):
        try:
            boardkit_game(variant)
        except pytest.skip.Exception as skipped:
            print(skipped.msg)
            continue
        for kind in args.kind or ["start", *SCENARIOS]:
            problems, endings, plies = compare_many(variant, kind, args.games, args.seed, args.plies)
            total_games, total_plies = total_games + args.games, total_plies + plies
            print(f"{variant} {kind}: {args.games} games, {plies} plies, {dict(endings)}")
            for problem in problems[:5]:
                print("   ", problem)
            print(f"    {len(problems)} differing games")
    print(f"in all {total_games} games, {total_plies} plies")


if __name__ == "__main__":
    main()
