"""Perft for Tafl: counts of every move sequence from each start position.

The counts were computed by the deliberately simple generator below, which
shares no code with boardkit's: the board is a dict keyed by ``(file, rank)``
with rank 1 at the bottom, moves are found by stepping one square at a time,
and captures follow the rulings written out longhand. The fast generator
(``legal_moves`` + ``apply``/``undo``, and the bitboard ``count_moves``) must
give the same numbers.
"""

from __future__ import annotations

import pytest

from boardkit.games.tafl import RULE_SETS, VARIANTS, Tafl, TaflState

Square = tuple[int, int]
Board = dict[Square, str]

# -- the naive generator ----------------------------------------------------------


def naive_board(text: str) -> tuple[Board, int]:
    rows = text.strip("/").split("/")
    size = len(rows)
    board: Board = {}
    for r, row in enumerate(rows):
        col = 0
        number = ""
        for ch in row + " ":
            if ch.isdigit():
                number += ch
                continue
            if number:
                col += int(number)
                number = ""
            if ch in "tTK":
                board[(col, size - r)] = ch
                col += 1
    return board, size


def naive_moves(board: Board, size: int, side: int) -> list[tuple[Square, Square]]:
    throne = (size // 2, size // 2 + 1)
    mine = "t" if side == 0 else "TK"
    moves = []
    for (f, r), piece in sorted(board.items()):
        if piece not in mine:
            continue
        for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            step = 1
            while True:
                sq = (f + df * step, r + dr * step)
                if not (0 <= sq[0] < size and 1 <= sq[1] <= size) or sq in board:
                    break
                if sq != throne or piece == "K":
                    moves.append(((f, r), sq))
                step += 1
    return moves


def naive_play(board: Board, size: int, move: tuple[Square, Square]) -> tuple[Board, str | None]:
    """Play a move on a copy; return the new board and 'escaped'/'captured'/None."""
    throne = (size // 2, size // 2 + 1)
    src, dst = move
    new = dict(board)
    piece = new.pop(src)
    new[dst] = piece
    attacker = piece == "t"
    for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        victim = (dst[0] + df, dst[1] + dr)
        far = (dst[0] + 2 * df, dst[1] + 2 * dr)
        target = new.get(victim)
        if target is None or target == "K":
            continue
        if attacker == (target == "t"):
            continue
        if not (0 <= far[0] < size and 1 <= far[1] <= size):
            continue
        anvil = new.get(far)
        if anvil is None:
            closes = far == throne
        elif attacker:
            closes = anvil == "t"
        else:
            closes = anvil in "TK"
        if closes:
            del new[victim]
    king = next(sq for sq, p in new.items() if p == "K")
    if piece == "K" and (king[0] in (0, size - 1) or king[1] in (1, size)):
        return new, "escaped"
    if attacker and abs(king[0] - dst[0]) + abs(king[1] - dst[1]) == 1:
        sides = [(king[0] + df, king[1] + dr) for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        if all(new.get(s) == "t" or (s == throne and s not in new) for s in sides):
            return new, "captured"
    return new, None


def naive_perft(board: Board, size: int, side: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in naive_moves(board, size, side):
        after, ended = naive_play(board, size, move)
        if ended is None:
            total += naive_perft(after, size, 1 - side, depth - 1)
        elif depth == 1:
            total += 1
    return total


# -- the fast generator ------------------------------------------------------------


def fast_perft(state: TaflState, depth: int) -> int:
    if depth == 1:
        return state.count_moves()
    total = 0
    for move in state.legal_moves():
        state.apply(move)
        if not state.is_over:
            total += fast_perft(state, depth - 1)
        state.undo()
    return total


def listed_perft(state: TaflState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.apply(move)
        total += int(depth == 1) if state.is_over else listed_perft(state, depth - 1)
        state.undo()
    return total


# Every number was computed with naive_perft (depth 3 of the larger boards once, offline:
# toftanes took 10 s, alea-evangelii about 5 minutes).
PERFT: dict[str, tuple[int, int, int]] = {
    "brandubh": (48, 1152, 56344),
    "ard-ri": (48, 408, 18528),
    "tablut": (80, 4400, 353200),
    "hnefatafl": (124, 7276, 920688),
    "tawlbwrdd": (136, 7620, 1042016),
    "toftanes": (164, 21212, 3544288),
    "alea-evangelii": (596, 110436, 65727524),
}
# Depths the fast generator checks in CI (depth 3 everywhere: about 1.5 s for
# alea-evangelii); the naive one checks every depth where it finishes in about a second.
FAST_DEPTH: dict[str, int] = {}
#: The rulebook's layouts; the rule sets played today restrict the corners and count differently.
HISTORICAL = sorted(v for v in VARIANTS if v not in RULE_SETS)
NAIVE_DEPTH = {
    "brandubh": 3,
    "ard-ri": 3,
    "tablut": 3,
    "hnefatafl": 2,
    "tawlbwrdd": 2,
    "toftanes": 2,
    "alea-evangelii": 2,
}


@pytest.mark.parametrize("variant", HISTORICAL)
def test_fast_generator_matches_pinned_perft(variant: str) -> None:
    state = Tafl(variant).new_game(seed=0)
    for depth in range(1, FAST_DEPTH.get(variant, 3) + 1):
        assert fast_perft(state, depth) == PERFT[variant][depth - 1], depth


@pytest.mark.parametrize("variant", HISTORICAL)
def test_naive_generator_matches_pinned_perft(variant: str) -> None:
    board, size = naive_board(VARIANTS[variant])
    for depth in range(1, NAIVE_DEPTH[variant] + 1):
        assert naive_perft(board, size, 0, depth) == PERFT[variant][depth - 1], depth


@pytest.mark.parametrize("variant", ["brandubh", "tablut"])
def test_listed_moves_match_counted_moves(variant: str) -> None:
    state = Tafl(variant).new_game(seed=0)
    assert listed_perft(state, 2) == PERFT[variant][1]
