"""Play random Tafl games through boardkit and the independent oracle side by side (test helper).

:func:`compare_game` returns the first difference it finds, or ``None``; the
test module runs it on fixed seeds, and ``python tests/tafl_fuzz.py`` runs
many more (``--games``, ``--seed``) for a longer hunt.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from dataclasses import replace

from tafl_oracle import DIRECTIONS, RULES, Oracle, name, parse, write_board

from boardkit.games.tafl import RULE_SETS, Tafl, TaflState

REASONS = {  # a word in boardkit's reason -> the oracle's reason
    "captured": "king captured",
    "escaped": "king escaped",
    "exit fort": "exit fort",
    "encirclement": "encirclement",
    "no legal move": "no legal move",
    "same position": "repetition",
}


def result_of(state: TaflState) -> tuple[int | None, str] | None:
    """boardkit's outcome in the oracle's terms: (winner or None, reason)."""
    outcome = state.outcome
    if outcome is None:
        return None
    reason = next((ours for word, ours in REASONS.items() if word in outcome.reason), outcome.reason)
    return (next(iter(outcome.winners)) if outcome.winners else None), reason


def differences(state: TaflState, oracle: Oracle) -> str | None:
    """What differs between the two referees on this position, if anything."""
    if state.position() != oracle.position():
        return f"position: boardkit {state.position()} oracle {oracle.position()}"
    if result_of(state) != oracle.outcome:
        return f"outcome: boardkit {state.outcome} oracle {oracle.outcome}"
    ours = sorted(str(m) for m in state.legal_moves()) if not state.is_over else []
    theirs = sorted(oracle.legal_moves())
    if ours != theirs:
        only_b, only_o = sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
        return f"legal moves: only boardkit {only_b[:8]} only oracle {only_o[:8]}"
    return None


def random_position(rng: random.Random, size: int, attackers: int, defenders: int, edgy: bool = False) -> str:
    """A random board: the King anywhere but a corner, others off the restricted squares.

    ``edgy`` crowds the pieces onto the two outer lines, where shieldwalls and
    exit forts happen, and puts the King there too.
    """
    centre, n = size // 2, size - 1
    restricted = {(centre, centre), (0, 0), (0, n), (n, 0), (n, n)}
    free = [(f, r) for f in range(size) for r in range(size) if (f, r) not in restricted]
    rng.shuffle(free)
    if edgy:
        free.sort(key=lambda sq: min(sq[0], sq[1], n - sq[0], n - sq[1]) + 3 * rng.random())
    king = rng.choice(free[:8] if edgy else [sq for sq in free if sq != (centre, centre)] + [(centre, centre)])
    free = [sq for sq in free if sq != king]
    board = {king: "K"}
    board.update(dict.fromkeys(free[:attackers], "t"))
    board.update(dict.fromkeys(free[attackers : attackers + defenders], "T"))
    return write_board(size, board)


Board = dict[tuple[int, int], str]


def transformed(board: Board, size: int, rng: random.Random) -> Board:
    """The board turned and mirrored at random (all rules are symmetric)."""
    n = size - 1
    turns = rng.randint(0, 3)
    mirror = rng.random() < 0.5
    out = {}
    for (f, r), piece in board.items():
        if mirror:
            f = n - f
        for _ in range(turns):
            f, r = r, n - f
        out[(f, r)] = piece
    return out


def free_squares(board: Board, size: int) -> list[tuple[int, int]]:
    """Empty squares where any piece may stand (not the throne, not a corner)."""
    centre, n = size // 2, size - 1
    restricted = {(centre, centre), (0, 0), (0, n), (n, 0), (n, n)}
    return [(f, r) for f in range(size) for r in range(size) if (f, r) not in restricted and (f, r) not in board]


def sprinkle(board: Board, size: int, rng: random.Random, pieces: str) -> None:
    """Put ``pieces`` on random free squares (and the King, if he is missing)."""
    if "K" not in board.values():
        pieces += "K"
    spots = free_squares(board, size)
    rng.shuffle(spots)
    board.update(zip(spots, pieces, strict=False))


def shieldwall_position(rng: random.Random, size: int) -> tuple[str, int]:
    """A row on the bottom edge with enemies in front, bracketed at one end, a closer on its way."""
    n = size - 1
    victim = rng.randint(0, 1)
    mine, theirs = ("T", "t") if victim == 0 else ("t", "T")
    length = rng.randint(2, min(4, n - 3))
    left = rng.randint(1, n - 1 - length)
    board: Board = {}
    if left - 1 > 0:
        board[(left - 1, 0)] = "K" if mine == "T" and rng.random() < 0.3 else mine
    row = range(left, left + length)
    for f in row:
        board[(f, 0)] = theirs
        if rng.random() < 0.9:
            board[(f, 1)] = mine
    if theirs == "T" and rng.random() < 0.3:
        board[(rng.choice(row), 0)] = "K"
    if mine == "T" and rng.random() < 0.2 and "K" not in board.values():
        board[(rng.choice(row), 1)] = "K"
    close = left + length
    if rng.random() < 0.6 and close + 1 < n:
        board[(rng.randint(close + 1, n - 1), 0)] = mine  # along the edge
    else:
        board[(close, rng.randint(2, n - 1))] = mine  # from inside the board
    board.pop((size // 2, size // 2), None)  # only the King stands on the throne
    sprinkle(board, size, rng, "".join(rng.choice("tT") for _ in range(rng.randint(0, size))))
    return write_board(size, transformed(board, size, rng)), 1 - victim


def around(squares: set[tuple[int, int]], size: int) -> set[tuple[int, int]]:
    """The on-board orthogonal neighbours of a set of squares, outside it."""
    out = set()
    for f, r in squares:
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            sq = (f + df, r + dr)
            if 0 <= sq[0] < size and 0 <= sq[1] < size and sq not in squares:
                out.add(sq)
    return out


def grow(
    rng: random.Random, size: int, seed: tuple[int, int], cells: int, allowed: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    """A random connected set of up to ``cells`` allowed squares containing ``seed``."""
    region = {seed}
    for _ in range(cells - 1):
        options = sorted(around(region, size) & allowed)
        if not options:
            break
        region.add(rng.choice(options))
    return region


def pull_out(board: Board, size: int, rng: random.Random, wall: list[tuple[int, int]]) -> bool:
    """Move one piece of ``wall`` a few squares straight out, so that one move puts it back."""
    rng.shuffle(wall)
    for sq in wall:
        for df, dr in rng.sample([(1, 0), (-1, 0), (0, 1), (0, -1)], 4):
            steps = rng.randint(1, 3)
            path = [(sq[0] + k * df, sq[1] + k * dr) for k in range(1, steps + 1)]
            if all(p in free_squares(board, size) for p in path):
                board[path[-1]] = board.pop(sq)
                return True
    return False


def fort_position(rng: random.Random, size: int) -> tuple[str, int]:
    """The King on the bottom edge walled in by defenders; sometimes a gap, a weak wall, attackers near."""
    n = size - 1
    centre = size // 2
    allowed = {(f, r) for f in range(1, n) for r in range(3)} - {(centre, centre)}
    king = (rng.randint(1, n - 1), 0)
    inside = grow(rng, size, king, rng.randint(1, 5), allowed)
    board: Board = {king: "K"}
    wall = sorted(sq for sq in around(inside, size) if sq not in {(0, 0), (n, 0), (centre, centre)})
    board.update(dict.fromkeys(wall, "T"))
    for sq in sorted(inside - {king}):
        if rng.random() < 0.2:
            board[sq] = "T"
    to_move = rng.randint(0, 1)
    if rng.random() < 0.4 and pull_out(board, size, rng, list(wall)):
        to_move = 1
    outside = [sq for sq in free_squares(board, size) if sq not in inside]
    rng.shuffle(outside)
    board.update(dict.fromkeys(outside[: rng.randint(1, 2 * size)], "t"))
    return write_board(size, transformed(board, size, rng)), to_move


def ring_position(rng: random.Random, size: int) -> tuple[str, int]:
    """All defenders in a blob ringed by attackers; sometimes one attacker out of the ring."""
    n = size - 1
    centre = size // 2
    allowed = {(f, r) for f in range(1, n) for r in range(1, n)}
    blob = grow(rng, size, (rng.randint(1, n - 1), rng.randint(1, n - 1)), rng.randint(2, 12), allowed)
    if (centre, centre) in around(blob, size):
        blob.add((centre, centre))
    board: Board = {}
    inner = sorted(blob)
    rng.shuffle(inner)
    board[inner[0]] = "K"
    for sq in inner[1:]:
        if rng.random() < 0.4 and sq != (centre, centre):
            board[sq] = "T"
    ring = sorted(around(blob, size) - {(0, 0), (0, n), (n, 0), (n, n)})
    board.update(dict.fromkeys(ring, "t"))
    to_move = rng.randint(0, 1)
    if rng.random() < 0.6 and pull_out(board, size, rng, list(ring)):
        to_move = 0
    sprinkle(board, size, rng, "t" * rng.randint(0, 4))
    return write_board(size, transformed(board, size, rng)), to_move


RECORDS = Path(__file__).parent / "data" / "tafl"


@functools.cache
def record_games(size: int) -> tuple[list[str], ...]:
    """The real games of the board size, as lists of moves (``tests/data/tafl``)."""
    text = (RECORDS / ("copenhagen.csv" if size == 11 else "brandubh.csv")).read_text()
    games = ([t.split("x")[0] for t in line.rsplit(",", 3)[0].split() if t != "timeout"] for line in text.splitlines())
    return tuple(g for g in games if g)


def record_position(rng: random.Random, size: int) -> tuple[str, int]:
    """A position from the middle of a real game (replayed as the players' server played: the rule
    set's own rules, without the repetition rule, which the server did not apply)."""
    moves = rng.choice(record_games(size))
    oracle = Oracle.new("copenhagen" if size == 11 else "federation-brandubh", repetition=None)
    for move in moves[: rng.randint(0, len(moves) - 1)]:
        if oracle.outcome is not None:
            break
        oracle.apply(move)
    return oracle.position(), oracle.to_move


SCENARIOS = {
    "shieldwall": shieldwall_position,
    "fort": fort_position,
    "ring": ring_position,
    "records": record_position,
}


# -- special squares of one's own ------------------------------------------------------
#
# Random corners and thrones (anywhere on the board, or none), random lists of who may
# stop on and pass over them and to whom they are hostile, random King strength and arms,
# edge or corner escape, and the Linnaean capture; positions are set up by the oracle's
# reading of where a piece may start (every piece but the King only where it may stop).


def _letters(rng: random.Random, pool: str) -> str:
    return "".join(ch for ch in pool if rng.random() < 0.5)


def _names(squares: set[tuple[int, int]]) -> str:
    return ",".join(sorted((name(sq) for sq in squares), key=lambda t: (t[0], int(t[1:]))))


def square_options(rng: random.Random, size: int) -> dict[str, Any]:
    """A random set of the special squares' options (and the King's) for a ``size`` board."""
    n = size - 1
    everywhere = [(f, r) for f in range(size) for r in range(size)]
    options: dict[str, Any] = {
        "escape": rng.choice(["corner", "edge"]),
        "king_captured_by": rng.choice(["four", "throne", "two"]),
        "king_armed": rng.random() < 0.7,
        "linnaean": rng.random() < 0.4,
        "throne_stop": _letters(rng, "tTK"),
        "throne_pass": _letters(rng, "tTK") if rng.random() < 0.5 else "tTK",
        "corner_stop": _letters(rng, "tTK"),
        "corner_pass": _letters(rng, "tTK"),
        "throne_hostile": _letters(rng, "tT"),
        "throne_hostile_empty": _letters(rng, "tT"),
        "corner_hostile": _letters(rng, "tT"),
    }
    roll = rng.random()
    thrones = {(size // 2, size // 2)}
    if roll < 0.3:
        options["throne"] = ""
        thrones = set()
    elif roll < 0.7:
        board_corners = {(0, 0), (0, n), (n, 0), (n, n)}  # corners by default: never a throne too
        thrones = set(rng.sample([sq for sq in everywhere if sq not in board_corners], rng.randint(1, 2)))
        options["throne"] = _names(thrones)
    roll = rng.random()
    if roll < 0.25:
        options["corners"] = ""
    elif roll < 0.75:
        edge = [sq for sq in everywhere if min(sq[0], sq[1], n - sq[0], n - sq[1]) <= 1]
        corners = set(rng.sample(edge if rng.random() < 0.6 else everywhere, rng.randint(1, 6))) - thrones
        options["corners"] = _names(corners)
    return options


def square_board(rng: random.Random, oracle: Oracle, pieces: str, board: Board | None = None) -> Board:
    """``board`` (or an empty one) with ``pieces`` added on random squares where each may start."""
    board = dict(board or {})
    oracle.board = board
    for piece in pieces:
        spots = [
            (f, r)
            for f in range(oracle.size)
            for r in range(oracle.size)
            if (f, r) not in board and (piece == "K" or oracle.may(piece, (f, r), "stop"))
            and not (piece == "K" and oracle.wins_on((f, r)))
        ]
        if spots:
            board[rng.choice(spots)] = piece
    return board


def _bare(rule_set: str, size: int, options: dict[str, Any]) -> Oracle:
    """An oracle of the rule set with ``options`` on an empty board, to ask where pieces may start."""
    return Oracle(replace(RULES[rule_set], **options), size, {})


def _place(oracle: Oracle, board: Board, sq: tuple[int, int], piece: str) -> None:
    """Put ``piece`` on ``sq`` if it is on the board, empty, and the piece may start there."""
    if oracle.on_board(sq) and sq not in board and (piece == "K" or oracle.may(piece, sq, "stop")):
        board[sq] = piece


def squares_game(rng: random.Random, rule_set: str, size: int) -> tuple[dict[str, Any], str, int]:
    """Random special squares, and a random position that may start under them."""
    options = square_options(rng, size)
    oracle = _bare(rule_set, size, options)
    most = 8 if size == 7 else 20
    pieces = "K" + "t" * rng.randint(2, most) + "T" * rng.randint(0, most // 2)
    return options, write_board(size, square_board(rng, oracle, pieces)), rng.randint(0, 1)


def linnaean_game(rng: random.Random, rule_set: str, size: int) -> tuple[dict[str, Any], str, int]:
    """The King on the centre, a defender beside him, attackers on his other sides (one
    sometimes still on its way), and an attacker able to reach the far side of the defender."""
    options = {**square_options(rng, size), "linnaean": True}
    options.pop("corners", None)
    options["throne"] = rng.choice([None, "", name((size // 2, size // 2))])
    oracle = _bare(rule_set, size, options)
    c = size // 2
    d = rng.choice(DIRECTIONS)
    board: Board = {(c, c): "K"}
    _place(oracle, board, (c + d[0], c + d[1]), "T")
    for e in DIRECTIONS:
        if e != d and rng.random() < 0.9:
            _place(oracle, board, (c + e[0], c + e[1]), "t")
    far = (c + 2 * d[0], c + 2 * d[1])
    k = rng.randint(1, c) * rng.choice((1, -1))
    _place(oracle, board, (far[0] + k * d[1], far[1] + k * d[0]), "t")  # slides across onto ``far``
    board = square_board(rng, oracle, "t" * rng.randint(0, 6) + "T" * rng.randint(0, 3), board)
    return options, write_board(size, board), 0


def throne_game(rng: random.Random, rule_set: str, size: int) -> tuple[dict[str, Any], str, int]:
    """A piece beside an occupied throne, an enemy able to close the capture against it."""
    options = square_options(rng, size)
    options.pop("corners", None)
    n = size - 1
    throne = (rng.randint(2, n - 2), rng.randint(2, n - 2))
    options["throne"] = name(throne)
    victim = rng.randint(0, 1)
    # Hostile to the victim's side or not: with an armed King beside attackers, it makes no odds.
    options["throne_hostile"] = rng.choice(["t", "T", "tT", ""])
    if victim == 0:
        options["king_armed"] = rng.random() < 0.4  # an unarmed King: only the square itself closes it
    oracle = _bare(rule_set, size, options)
    d = rng.choice(DIRECTIONS)
    beside, far = (throne[0] + d[0], throne[1] + d[1]), (throne[0] + 2 * d[0], throne[1] + 2 * d[1])
    board: Board = {throne: "K"}
    _place(oracle, board, beside, "t" if victim == 0 else "T")
    k = rng.randint(1, 2) * rng.choice((1, -1))
    _place(oracle, board, (far[0] + k * d[1], far[1] + k * d[0]), "T" if victim == 0 else "t")
    board = square_board(rng, oracle, "t" * rng.randint(1, 6) + "T" * rng.randint(0, 3), board)
    return options, write_board(size, board), 1 - victim


def corner_game(rng: random.Random, rule_set: str, size: int) -> tuple[dict[str, Any], str, int]:
    """Corner squares off the board's corners, pieces beside them and lines through them."""
    options = square_options(rng, size)
    n = size - 1
    corners = {(rng.randint(0, n), rng.randint(0, n)) for _ in range(rng.randint(2, 6))}
    throne = options.get("throne")
    thrones = {(size // 2, size // 2)} if throne is None else {parse(t) for t in throne.split(",") if t}
    options["corners"] = _names(corners - thrones)
    oracle = _bare(rule_set, size, options)
    board = square_board(rng, oracle, "K" + "t" * rng.randint(3, 12) + "T" * rng.randint(1, 6))
    return options, write_board(size, board), rng.randint(0, 1)


SQUARE_SCENARIOS = {"squares": squares_game, "linnaean": linnaean_game, "throne": throne_game, "corner": corner_game}


def compare_squares(
    rule_set: str,
    games: int,
    seed: int = 0,
    max_plies: int = 40,
    kind: str = "squares",
    mutant: dict[str, Any] | None = None,
) -> tuple[list[str], Counter[str], int]:
    """Games under random special squares (a fresh set of options each game), through both
    referees; returns (differences, endings and rule counts, plies)."""
    problems, endings, plies = [], Counter[str](), 0
    size = 7 if rule_set == "federation-brandubh" else 11
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        rng = random.Random(game_seed)
        options, position, to_move = SQUARE_SCENARIOS[kind](rng, rule_set, size)
        problem, length, oracle = compare_game(rule_set, game_seed, max_plies, position, to_move, mutant, options)
        if problem:
            problem += f" with {options}"
        plies += length
        endings[oracle.outcome[1] if oracle.outcome else "move cap"] += 1
        endings.update(oracle.events)
        if problem:
            problems.append(problem)
    return problems, endings, plies


def choose(rng: random.Random, moves: list[str], history: list[str], state: TaflState, oracle: Oracle) -> str:
    """A random move; often one that captures or ends the game (for either referee), or
    the mover's last move undone, so that positions repeat."""
    roll = rng.random()
    if roll < 0.5:
        sharp = []
        for move in moves:
            ours, theirs = state.copy(), oracle.copy()
            ours.apply(move)
            theirs.apply(move)
            if ours.last_captured or theirs.last_captured or ours.is_over or theirs.outcome:
                sharp.append(move)
        if sharp:
            return rng.choice(sharp)
    if roll > 0.65 and len(history) >= 2:
        back = "-".join(reversed(history[-2].split("-")))
        if back in moves:
            return back
    return rng.choice(moves)


def compare_game(
    rule_set: str,
    seed: int,
    max_plies: int = 200,
    position: str | None = None,
    to_move: int = 0,
    mutant: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[str | None, int, Oracle]:
    """Play one random game through both; returns (first difference or None, plies, the oracle).

    ``options`` go to both referees (``repetition``, ``repetition_result``,
    ``shieldwall_close``); ``mutant`` changes boardkit's options only, to check
    that a changed rule is caught.
    """
    if position is None:
        game = Tafl(rule_set, **(options or {}), **(mutant or {}))
        state, oracle = game.new_game(seed=seed), Oracle.new(rule_set, **(options or {}))
    else:
        # The rule set's rules with the position as their layout (as ``setup.as_layout`` builds them)
        # (made directly, as the rule set's own layout may not fit special squares moved elsewhere).
        settings = {**RULE_SETS[rule_set], **(options or {}), **(mutant or {})}
        state = Tafl(layout=position, first=to_move, **settings).new_game(seed=seed)
        oracle = Oracle.new(rule_set, position, to_move, **(options or {}))
    rng = random.Random(seed)
    history: list[str] = []
    for ply in range(max_plies + 1):
        problem = differences(state, oracle)
        if problem is not None:
            start = f"from {position} ({to_move} to move)" if position else "from the start"
            return f"{rule_set} seed {seed} {start} after {history}: {problem}", ply, oracle
        if oracle.outcome is not None or ply == max_plies:
            break
        move = choose(rng, sorted(oracle.legal_moves()), history, state, oracle)
        history.append(move)
        state.apply(move)
        oracle.apply(move)
        if tuple(sorted(state.last_captured)) != oracle.last_captured:
            return (
                f"{rule_set} seed {seed} after {history}: captured boardkit {state.last_captured}"
                f" oracle {oracle.last_captured}",
                ply,
                oracle,
            )
    return None, len(history), oracle


KINDS = ("start", "random", *SCENARIOS)


def replay_record(rule_set: str, line: str, **changes: Any) -> tuple[str, tuple[int | None, str] | None, str]:
    """Replay one game of the CSV records (``tests/data/tafl/README.md``) through the oracle.

    Returns (what happened, the oracle's outcome, where or the recorded result):
    ``"rule"`` (the last move ends the game), ``"goes on"``, ``"ended early"``,
    ``"captures differ"`` or ``"illegal"``.
    """
    moves, _, _, result = line.rsplit(",", 3)
    oracle = Oracle.new(rule_set, **changes)
    tokens = moves.split()
    for number, token in enumerate(tokens, start=1):
        if token == "timeout":
            break
        if oracle.outcome is not None:
            return "ended early", oracle.outcome, f"move {number} of {len(tokens)}"
        move, *claimed = token.split("x")
        king = oracle.king_square()
        try:
            oracle.apply(move)
        except ValueError:
            return "illegal", None, f"move {number} {token!r}"
        made = set(oracle.last_captured)
        if oracle.king_square() is None and king is not None:
            made.discard(name(king))  # the records never list the King's capture
        if made != set(claimed):
            return "captures differ", None, f"move {number} {token!r}: oracle took {sorted(made)}"
    return ("goes on" if oracle.outcome is None else "rule"), oracle.outcome, result


def compare_many(
    rule_set: str,
    games: int,
    seed: int = 0,
    max_plies: int = 200,
    kind: str = "start",
    mutant: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[list[str], Counter[str], int]:
    """Many games of one ``kind``: from the start, from random positions, or from a scenario.

    Returns (differences, endings and rule counts, plies).
    """
    problems, endings, plies = [], Counter[str](), 0
    size = 7 if rule_set == "federation-brandubh" else 11
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        rng = random.Random(game_seed)
        if kind == "start":
            problem, length, oracle = compare_game(rule_set, game_seed, max_plies, mutant=mutant, options=options)
        else:
            if kind == "random":
                most = 8 if size == 7 else 24
                edgy = number % 2 == 1
                attackers, defenders = rng.randint(1, most), rng.randint(0, most // 2)
                position, to_move = random_position(rng, size, attackers, defenders, edgy), rng.randint(0, 1)
            else:
                position, to_move = SCENARIOS[kind](rng, size)
            problem, length, oracle = compare_game(rule_set, game_seed, max_plies, position, to_move, mutant, options)
        plies += length
        endings[oracle.outcome[1] if oracle.outcome else "move cap"] += 1
        endings.update(oracle.events)
        if problem:
            problems.append(problem)
    return problems, endings, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=300)
    parser.add_argument("--rule-set", action="append", choices=sorted(RULES))
    parser.add_argument("--kind", action="append", choices=[*KINDS, *SQUARE_SCENARIOS])
    parser.add_argument("--option", action="append", default=[], help="key=value for both referees")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        key, value = item.split("=", 1)
        options[key] = None if value == "None" else int(value) if value.isdigit() else value
    for rule_set in args.rule_set or sorted(RULES):
        for kind in args.kind or [*KINDS, *SQUARE_SCENARIOS]:
            if kind in SQUARE_SCENARIOS:
                problems, endings, plies = compare_squares(rule_set, args.games, args.seed, args.plies, kind)
            else:
                problems, endings, plies = compare_many(
                    rule_set, args.games, args.seed, args.plies, kind, options=options
                )
            print(f"{rule_set} {kind} {options or ''}: {args.games} games, {plies} plies, endings {dict(endings)}")
            for problem in problems[:10]:
                print("  ", problem)
            print(f"   {len(problems)} differing games")


if __name__ == "__main__":
    main()


__all__ = [
    "SQUARE_SCENARIOS",
    "compare_game",
    "compare_many",
    "compare_squares",
    "differences",
    "name",
    "random_position",
    "result_of",
]
