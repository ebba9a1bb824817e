"""English draughts (checkers) on the authoring kit, as OpenSpiel's
``checkers`` plays it.

An 8x8 board; the pieces stand on the dark squares (a1 is dark). White
(player 0, ``w``) starts on rows 1 to 3 and moves first, black (player 1,
``b``) on rows 6 to 8: OpenSpiel's order, where tournament checkers lets
black start. A man steps diagonally forward onto an empty square; a king
(``W``, ``B``) diagonally either way, one square. A man or a king captures
by jumping a piece of the other side next to it onto the empty square beyond
(a man forward only), and goes on jumping while it can: capture is forced,
any chain may be chosen (not only the longest), and each piece jumped is
taken at once. A man that reaches the far row is crowned, and its move ends
there (it could not jump on: a man jumps forward only). A player with no
move loses. OpenSpiel's draw rule, followed here: 40 moves in a row without
a capture draw the game (OpenSpiel counts its actions, but every action of a
chain is a capture, so the counts agree).

A step is written ``c3-d4``, a capture with every square it lands on,
``c3xe5xc7``; OpenSpiel writes each jump as an action of its own (``c3e5``,
then ``e5c7``), as :func:`openspiel_names` says. ``tests/test_gallery_oracle.py``
plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/draughts.py:Draughts``.

Examples:
    >>> state = Draughts().new_game(seed=0)
    >>> [str(m) for m in state.legal_moves()]
    ['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4']
    >>> for move in ["c3-d4", "f6-e5"]:
    ...     state.apply(move)
    >>> state.legal_moves()  # capture is forced
    [Path(('d4', 'f6'), capture=True)]
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About
from boardkit.capture import between, chains
from boardkit.kit import BoardGame, BoardState, Path, route_table
from boardkit.topology import SquareGrid

BOARD = SquareGrid(8, 8, diagonals=True)
TABLES = BOARD.compiled
KING = ("nw", "ne", "se", "sw")  # OpenSpiel's order
NAMED = {"w": ("nw", "ne"), "b": ("se", "sw"), "W": KING, "B": KING}  # each piece's directions: men forward only
WAYS = {piece: [BOARD.directions.index(d) for d in ways] for piece, ways in NAMED.items()}  # by index, for chains
CROWN = {"w": set(range(8)), "b": set(range(56, 64))}  # the far row of each side's men, by index
SIDES = ({"w", "W"}, {"b", "B"})
#: Every step of each piece from each square, made once: (the square it reaches, the move).
ROUTES = {piece: route_table(BOARD, Path, ways=ways) for piece, ways in NAMED.items()}
STEPS = [{piece: ROUTES[piece] for piece in side} for side in SIDES]  # each player's pieces' routes


def openspiel_names(move: Path, state: object = None) -> list[str]:
    """OpenSpiel's actions for ``move``: ``c3xe5xc7`` is ``c3e5``, then ``e5c7``."""
    return [a + b for a, b in pairwise(move.cells)]


class DraughtsState(BoardState[str, Path]):
    def setup(self) -> None:
        for i, (column, row) in enumerate(BOARD.squares):
            if (column + row) % 2 and row != 3 and row != 4:
                self.put(BOARD.cells[i], "b" if row < 3 else "w")

    def moves(self) -> list[Path]:
        player = self.player
        # Every square is a start: chains skips those without a piece of the player's.
        jumps = chains(TABLES, self.at, range(64), enemies=SIDES[1 - player], directions=WAYS)
        if jumps:
            return [Path.through(BOARD, chain.path, capture=True) for chain in jumps]
        return self.route_moves(STEPS[player])

    def play(self, move: Path) -> None:
        path = move.indices(BOARD)
        piece = self[move.source]
        self.put(move.source, None)
        if move.capture:  # take each piece jumped
            for a, b in pairwise(path):
                for jumped in between(TABLES, a, b):
                    self.put(BOARD.cells[jumped], None)
        self.put(move.target, piece.upper() if piece and path[-1] in CROWN.get(piece, ()) else piece)
        self.set("moves without capture", 0 if move.capture else self.counter("moves without capture") + 1)
        self.next_turn()

    def judge(self) -> Outcome | None:
        if self.counter("moves without capture") >= 40:
            return Outcome.draw("40 moves without a capture")
        return self.no_move_loses("the other side cannot move")

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, from -1 to 1: material, a
        king worth one and a half men and a man a little more the nearer it
        is to being crowned; as a share of what is left, so that trading when
        ahead pays; with few pieces left, the side ahead closing in on the other's."""
        self.check_player(player)  # a seat of this game, else a boardkit error
        if self.is_over:
            return super().evaluate(player)  # 1 won, -1 lost, 0 drawn
        worth = [0.0, 0.0]
        places: list[list[tuple[int, int]]] = [[], []]  # each side's pieces, as (column, row)
        for i, piece in enumerate(self.at):
            if piece is not None:
                side = 0 if piece in SIDES[0] else 1
                ahead = 7 - i // 8 if piece == "w" else i // 8  # rows come, for a man (0 to 6)
                worth[side] += 3.0 if piece.isupper() else 2.0 + ahead / 12
                places[side].append(BOARD.squares[i])
        value = (worth[player] - worth[1 - player]) / (worth[0] + worth[1])
        if value and len(places[0]) + len(places[1]) <= 6:  # the side ahead closes in, or a lone king runs forever
            apart = [max(abs(a - c), abs(b - d)) for a, b in places[0] for c, d in places[1]]
            value += math.copysign(0.05, value) * (7 - sum(apart) / len(apart)) / 7
        return value


class Draughts(BoardGame[DraughtsState, Path]):
    """English draughts (checkers) for two, with OpenSpiel's draw rule."""

    name = "draughts"
    about = About(
        goal="Leave your rival with no move; 40 moves in a row without a capture draw the game.",
        turn="Step a piece diagonally forward (a king either way), e.g. c3-d4; a capture is forced and jumps on while "
        "it can, e.g. c3xe5xc7.",
    )
    board = BOARD
    pieces: ClassVar = {"w": "player 0 (white) man", "W": "white king", "b": "player 1 (black) man", "B": "black king"}
    colours: ClassVar = {"w": "#f5f5f5", "W": "#ffd54f", "b": "#222222", "B": "#6d4c41"}
    counters: ClassVar = {"moves without capture": 0}
    moves = (Path,)
    state_class = DraughtsState
