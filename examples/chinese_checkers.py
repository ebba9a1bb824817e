"""Chinese checkers on the authoring kit, as OpenSpiel's ``chinese_checkers``
plays it: 2, 3, 4 or 6 players on a six-pointed star of 121 holes.

The star is a networkx graph, each hole joined to its six neighbours (two
along its row, two in the row above, two below), placed as it is drawn.
Holes are named by row, ``a`` at the top to ``q`` at the bottom, and by
their place in the row from the left: ``a1`` is the top point, ``e1`` to
``e13`` the long row under the top point, ``q1`` the bottom point. Each
player starts with ten pieces filling one point of the star (``1`` the
top point for player 0, as OpenSpiel seats them: with two players the top
and the bottom; with three, every other point; with four, two pairs of
facing points) and races them into the point across the star.

A turn moves one of your pieces: a step to an empty neighbouring hole, or
a hop over a neighbouring piece (anyone's, none is taken) to the empty hole
straight beyond it. After a hop the same piece may hop again, to a hole it
has not stood on this turn, or stop (``pass``); the turn ends by itself
when it has no such hop. A player with no move at all passes. The first to
fill the far point with their ten pieces wins (+n-1 to them, -1 to each of
the others, in OpenSpiel's returns); the game is drawn after ``max_moves``
turns, 1,000 by default (OpenSpiel's limit).

As in OpenSpiel, a hop chain is played one hop per move, a turn in parts
(the kit's :attr:`~boardkit.kit.BoardGame.parts`), and five players are
not offered (OpenSpiel seats 2, 3, 4 or 6). OpenSpiel numbers the holes
0 to 120 row by row, as this board orders its cells, and writes a step
``4->8`` and a hop ``3=>14`` (:func:`openspiel_names`).
``tests/test_gallery_dice_and_stars.py`` plays this game and OpenSpiel's
side by side. Run it with ``boardkit play examples/chinese_checkers.py:ChineseCheckers``.

Examples:
    >>> state = ChineseCheckers().new_game(seed=0)
    >>> [str(m) for m in state.legal_moves()][:3]
    ['c1-e5', 'c1-e7', 'c2-e6']
    >>> for move in ["d1-e5", "n1-m6", "b1-d1"]:  # b1 hops over c1 to d1, and may hop on over e5
    ...     state.apply(move)
    >>> state.prompt(), [str(m) for m in state.legal_moves()]
    ('hop on with the same piece, or pass', ['d1-f4', 'pass'])
    >>> state.apply("pass"); state.current_player
    1
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import attrs
import networkx as nx

from boardkit import OptionError, Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Pass, Step, hop_table
from boardkit.topology import Topology, from_graph

#: The six directions, as (rows down, half-holes right): OpenSpiel's order.
WAYS = {"ul": (-1, -1), "ur": (-1, 1), "l": (0, -2), "r": (0, 2), "dl": (1, -1), "dr": (1, 1)}
#: The holes (row, half-holes from the left), row by row: a triangle pointing up (rows 0 to 12) and one down (4 to 16).
HOLES = [(r, c) for r in range(17) for c in range(25)
         if (c - r) % 2 == 0 and (abs(c - 12) <= r <= 12 or abs(c - 12) <= 16 - r <= 12)]
NAMES = {(r, c): f"{'abcdefghijklmnopq'[r]}{sum(h[0] == r and h[1] <= c for h in HOLES)}" for r, c in HOLES}


def star() -> Topology:
    """The 121 holes, each at its place, each joined to its neighbours in the six directions."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for r, c in HOLES:
        graph.add_node(NAMES[r, c], pos=(c / 2, -r * math.sqrt(3) / 2))
    for r, c in HOLES:
        for way, (dr, dc) in WAYS.items():
            if (r + dr, c + dc) in NAMES:
                graph.add_edge(NAMES[r, c], NAMES[r + dr, c + dc], direction=way)
    return from_graph(graph)


BOARD = star()
NEIGHBOURS = BOARD.compiled.steps  # NEIGHBOURS[i][d]: the hole next to hole i in direction d, or -1
CELLS = [BOARD.name(cell) for cell in BOARD.cells]


def point_of(r: int, c: int) -> int | None:
    """Which point of the star a hole is in, 0 the top and clockwise (OpenSpiel's triangles), or None in the middle."""
    if r < 4 or r > 12:
        return 0 if r < 4 else 3
    if abs(c - 12) > r:
        return 1 if c > 12 else 5
    return (2 if c > 12 else 4) if abs(c - 12) > 16 - r else None


POINTS = [[i for i, hole in enumerate(HOLES) if point_of(*hole) == p] for p in range(6)]  # ten holes each
SEATS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}  # each player's point, by number of players
FAR = {n: [[POINTS[(p + 3) % 6]] for p in seats] for n, seats in SEATS.items()}  # each player's far point, for filled()
#: Every step and hop from each hole, made once, as the kit's hop_moves reads them.
ROUTES = hop_table(BOARD, Step)
INDEX = {name: i for i, name in enumerate(CELLS)}
PIECES = "123456"


@attrs.frozen
class ChineseCheckersOptions:
    """OpenSpiel's ``max_moves``: the game is drawn after this many turns."""

    max_moves: int = attrs.field(default=1000, validator=attrs.validators.ge(1))


class ChineseCheckersState(BoardState[str, Step | Pass]):
    def setup(self) -> None:
        for player, point in enumerate(SEATS[self.players]):
            for i in POINTS[point]:
                self.put(CELLS[i], PIECES[player])

    def hops(self, i: int, seen: frozenset[int]) -> list[Step]:
        """The hops of the piece on hole ``i``, onto holes it has not stood on this turn."""
        return self.hop_moves(None, ROUTES, start=i, steps=False, skip=seen)

    def moves(self) -> list[Step | Pass]:
        if self.part == "hop":
            return [*self.hops(self.counter("_at"), self.counter("_seen")), Pass()]
        return self.hop_moves(PIECES[self.player], ROUTES) or [Pass()]  # each step, or a first hop

    def play(self, move: Step | Pass) -> None:
        if isinstance(move, Step):
            i, k = INDEX[move.source], INDEX[move.target]
            self.put(move.target, self[move.source])
            self.put(move.source, None)
            if k not in NEIGHBOURS[i]:  # a hop: the same piece may hop on
                seen = (self.counter("_seen") if self.part == "hop" else frozenset({i})) | {k}
                if self.hops(k, seen):
                    self.set("_at", k)
                    self.set("_seen", seen)
                    self.next_part("hop")
                    return
        if self.part == "hop":  # the chain is over
            self.set("_at", -1)
            self.set("_seen", frozenset())
        self.set("turns", self.counter("turns") + 1)
        self.next_turn()

    def judge(self) -> Outcome | None:
        turns = self.counter("turns")
        if turns and self.part == "move":  # a turn has just ended: has its player filled the far point?
            mover = (self.player - 1) % self.players
            if self.filled(FAR[self.players][mover]) == PIECES[mover]:
                return Outcome.win(mover, "filled the far point of the star")
        if turns >= self.game.options.max_moves:
            return Outcome.draw(f"{self.game.options.max_moves} turns")
        return None


class ChineseCheckers(BoardGame[ChineseCheckersState, Step | Pass]):
    """Chinese checkers for 2, 3, 4 or 6 players on the star of 121 holes."""

    name = "chinese-checkers"
    about = About(
        goal=(
            "Be the first to fill the point across the star with your ten pieces; after 1,000 turns (max_moves) the "
            "game is a draw."
        ),
        turn=(
            "Step a piece to an empty neighbouring hole, or hop it over a neighbour, such as d1-e5; after a hop, hop "
            "again or type pass."
        ),
    )
    min_players, max_players = 2, 6
    board = BOARD
    pieces: ClassVar = {p: f"player {k}" for k, p in enumerate(PIECES)}
    colours: ClassVar = dict(zip(PIECES, ["#c62828", "#1565c0", "#2e7d32", "#f9a825", "#222", "#f5f5f5"], strict=True))
    counters: ClassVar = {"turns": 0, "_at": -1, "_seen": frozenset()}
    parts: ClassVar = {"move": "step or hop", "hop": "hop on with the same piece, or pass"}
    moves = (Step, Pass)
    options_class = ChineseCheckersOptions
    state_class = ChineseCheckersState

    def check_players(self, players: Any) -> int:
        count = super().check_players(players)
        if count not in SEATS:
            raise OptionError(f"chinese-checkers seats 2, 3, 4 or 6 players (as OpenSpiel does), not {count}")
        return count


def openspiel_names(move: Step | Pass, state: object = None) -> str:
    """OpenSpiel's action for ``move``: a step ``4->8``, a hop ``3=>14`` (holes by number), ``Pass``."""
    if isinstance(move, Pass):
        return "Pass"
    i, k = INDEX[move.source], INDEX[move.target]
    return f"{i}->{k}" if k in NEIGHBOURS[i] else f"{i}=>{k}"
