"""Tafl's board kernel: its two paths agree move for move, and its squares follow the board (issue 38).

``boardkit.games.tafl.kernel`` has two ways to find moves: on the bitboards and
the board list (one big integer per side), which the pure build runs, and
square by square on the board in bytes (``walk_*``), which the compiled build
runs because mypyc keeps big integers as Python objects. Both builds must play
the same games from the same seeds, so these tests hold the two to the same
answers, position by position, on whichever build runs them (``.ci/compiled``
runs them compiled too), over every board size and rule sets whose special
squares bar pieces in unusual ways, and pin a few seeded games to what they
were before the compiled loops existed. The squares the kernel's loops read
must follow the board through moves, captures, undo, copies and pickles.
"""

from __future__ import annotations

import pickle

import pytest

import boardkit
from boardkit import Random
from boardkit.games.tafl import Tafl
from boardkit.games.tafl.board import ATTACKER, DEFENDER, KING, Board, move_buckets
from boardkit.games.tafl.kernel import (
    WALKS,
    Squares,
    bits_has_moves,
    bits_step,
    has_moves,
    legal_entries,
    list_entries,
    random_step,
    squares_of,
    walk_entries,
    walk_has_moves,
    walk_step,
)

#: Every board size, the rule sets, and special squares that bar pieces in unusual ways: corners a
#: man may cross or stop on, no throne, a throne nobody may cross, corners as the only exits.
GAMES = [
    ("brandubh", {}),
    ("ard-ri", {}),
    ("tablut", {}),
    ("hnefatafl", {}),
    ("tawlbwrdd", {}),
    ("toftanes", {}),
    ("alea-evangelii", {}),
    ("copenhagen", {}),
    ("fetlar", {}),
    ("federation-brandubh", {}),
    ("brandubh", {"corners": "a1,g7", "throne": ""}),
    ("tablut", {"throne_pass": "K", "corner_pass": "tTK", "corner_stop": "tK"}),
    ("hnefatafl", {"throne_pass": "", "throne_stop": "", "escape": "corner"}),
    ("brandubh", {"corner_pass": "tTK", "escape": "corner"}),
    ("tablut", {"escape": "corner", "throne_pass": "K"}),
]


def _positions(game: Tafl, seeds: int, plies: int) -> list[tuple[list[int], int, int, int]]:
    """(board list, attackers' bitboard, defenders' bitboard, King's square) along random games."""
    seen = []
    for seed in range(seeds):
        state = game.new_game(seed=seed)
        rng = Random(seed)
        while not state.is_over and len(state.history) < plies:
            seen.append((list(state._board), state._att, state._dfn, state._king))
            legal = state.legal_moves()
            state.apply(legal[rng.randbelow(len(legal))])
    return seen


def _walked(g: Board, b: list[int], king: int, side: int) -> tuple[int, bytes, bytes, bytes, int, int]:
    """The arguments of the ``walk_*`` loops for ``side`` on the board list ``b``."""
    men = ATTACKER if side == 0 else DEFENDER
    return g.size, g.walk[men], g.walk[KING], bytes(b), men, king if side == 1 else -1


@pytest.mark.parametrize(("variant", "options"), GAMES, ids=[f"{v}-{i}" for i, (v, _) in enumerate(GAMES)])
def test_both_paths_find_the_same_moves_in_the_same_order(variant: str, options: dict[str, str]) -> None:
    game = Tafl(variant, **options)
    g = game.tables()
    checked = 0
    for b, att, dfn, king in _positions(game, seeds=4, plies=160):
        for side in (0, 1):
            men, mover = (ATTACKER, -1) if side == 0 else (DEFENDER, king)
            listed = list_entries(g, b, men, mover, g.moves)
            assert walk_entries(*_walked(g, b, king, side), g.moves) == listed
            assert legal_entries(g, squares_of(b), men, mover, g.moves) == listed  # whichever path this build runs
            walked = walk_has_moves(*_walked(g, b, king, side))
            assert walked == bits_has_moves(g, b, att, dfn, king, side) == bool(listed)
            assert has_moves(g, squares_of(b), att, dfn, king, side) == walked
            total = move_buckets(g, att, dfn, king, side)[0]
            assert total == len(listed)
            if total:
                # The same draw picks the same move, whichever move the draw lands on.
                for draw in range(3):
                    seed = checked * 3 + draw
                    picked = walk_step(*_walked(g, b, king, side), Random(seed))
                    assert picked == bits_step(g, b, att, dfn, king, side, Random(seed))
                    assert picked == random_step(g, squares_of(b), att, dfn, king, side, Random(seed))
                    assert g.moves[picked[0] * g.cells + picked[1]] in listed
            checked += 1
    assert checked > 200


def test_walk_step_reaches_every_move_in_the_bitboard_order() -> None:
    """Every index of the draw, not only random ones: a generator stub returning each in turn."""

    class Fixed(Random):
        def __init__(self, value: int) -> None:
            super().__init__(0)
            self.value = value

        def randbelow(self, n: int) -> int:
            assert 0 <= self.value < n
            return self.value

    for variant in ("brandubh", "hnefatafl"):
        game = Tafl(variant)
        g = game.tables()
        for b, att, dfn, king in _positions(game, seeds=2, plies=60)[::7]:
            for side in (0, 1):
                total = move_buckets(g, att, dfn, king, side)[0]
                walked = [walk_step(*_walked(g, b, king, side), Fixed(r)) for r in range(total)]
                assert walked == [bits_step(g, b, att, dfn, king, side, Fixed(r)) for r in range(total)]
                assert len(set(walked)) == total


#: Seeded playouts as the tree before the compiled build's own loops played them (hatch_build's
#: compiled set, commit 11201ea): the first six moves and the position after 120 plies.
PINNED = {
    "hnefatafl": (
        ("d1-d2", "g5-h5", "g1-g5", "f8-d8", "a4-a1", "f4-e4"),
        "/2t4tt2/2tttT1T3/1tt7t/T7T2/2t5T1t/K5T4/t3T2t3/1T1T7/3T2T2tt/tt4t4/t3t1t2t1/",
    ),
    "brandubh": (("f4-f5", "d3-g3", "a4-a3", "g3-d3", "f5-g5", "c4-c7"), "/T4t1/t2T3/1Tt3t/7/T2t2t/7/4K2/"),
    "alea-evangelii": (
        ("c1-c2", "j7-m7", "g5-g3", "m7-j7", "m5-r5", "j13-g13"),
        "/9T1t1tt1t2/t17t/t4tt3TT1T4t/5t1t2t8/9T4T4/t1t6T9/4t13t/3t4T6t3/4T1T6K4t/4T2T3T3t3/4T2T5T1T3"
        "/t7TTT2tt4/Tt2T9t4/1tt11t4/t2t1tTT11/2t3t2t1t3t3/16tt1/6t11t/3tt3t1t5t2/",
    ),
    "tablut": (
        ("f1-f2", "e6-g6", "f9-f7", "e4-b4", "e1-h1", "g6-e6"),
        "/4tt1tt/9/1t1TT2tT/t2T1t2t/K5Tt1/3T3t1/2T5T/t2t5/t2t2t2/",
    ),
}


@pytest.mark.parametrize("variant", sorted(PINNED))
def test_seeded_playouts_play_the_games_they_played_before(variant: str) -> None:
    state = Tafl(variant).new_game(seed=3)
    state.playout(max_plies=120, rng=Random(11))
    first, position = PINNED[variant]
    assert state.to_record().moves[:6] == first
    assert state.position() == position


#: Games of the state class of OpenTafl's own rules, which changes the board through the kernel too:
#: the relaxed shieldwall's extra captures, Berserk's officers (jumps, berserk moves), a King's speed.
SPECIAL: list[tuple[str, dict[str, object]]] = [
    ("copenhagen", {"shieldwall_close": "any-move"}),
    ("custom", {"layout": "/3t3/3t3/3T3/ttTKTtt/3T3/3n3/3c3/", "berserk": "capture"}),
    ("hnefatafl", {"king_speed": 2, "king_captured_by": "middleweight"}),
]


def _codes(squares: Squares, cells: int) -> bytes:
    """What the kernel's loops read, square by square, as bytes."""
    return bytes(squares[cell] for cell in range(cells))


@pytest.mark.parametrize(
    ("variant", "options"), [*GAMES[:10:3], *SPECIAL], ids=[v for v, _ in GAMES[:10:3]] + ["walls", "berserk", "speed"]
)
def test_the_kernels_squares_follow_the_board(variant: str, options: dict[str, object]) -> None:
    """What the kernel's loops read (``_squares``: the board list itself pure, a copy in bytes
    compiled) is kept by moves, captures, undo, copies and pickles."""
    game = Tafl(variant, **options)
    cells = game.tables().cells
    for seed in range(3):
        state = game.new_game(seed=seed)
        assert (state._squares is state._board) != WALKS
        assert WALKS == boardkit.COMPILED
        rng = Random(seed)
        twins = []
        while not state.is_over and len(state.history) < 150:
            state.apply(state.random_move(rng))
            assert _codes(state._squares, cells) == bytes(state._board)
            if len(state.history) % 40 == 0:
                twins.append((state.copy(), list(state._board)))
                twins.append((pickle.loads(pickle.dumps(state)), list(state._board)))
        for twin, board in twins:  # the original played on after each copy: nothing shared
            assert _codes(twin._squares, cells) == bytes(board)
            twin.playout(max_plies=20, rng=rng)
            assert _codes(twin._squares, cells) == bytes(twin._board)
            while len(twin.history) > 30:
                twin.undo()
            assert _codes(twin._squares, cells) == bytes(twin._board)
        while state.history:
            state.undo()
            assert _codes(state._squares, cells) == bytes(state._board)
        assert _codes(state._squares, cells) == bytes(game.new_game(seed=seed)._board)
