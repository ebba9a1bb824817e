"""Nine Men's Morris on the authoring kit, as OpenSpiel's ``nine_mens_morris``
plays it.

The board is three squares one inside the other, joined at the middle of
their sides: 24 points, named as usual from ``a7`` (top left) to ``g1``.
White (``W``, player 0) and black (``B``, player 1) each have nine men;
white begins. First each player in turn puts a man on an empty point, until
all nine of each are down; then a man moves along a line to the next point,
if it is empty; a player down to three men may fly a man to any empty
point. Three men of one colour in a row along a line form a mill, and the
player who forms one (by putting or moving a man) then removes a man of the
other side, one that is not in a mill unless all of them are: that is the
second part of the turn (the kit's :attr:`~boardkit.kit.BoardGame.parts`).
A player with no move, or left with two men, loses. OpenSpiel's draw rule,
followed here: after 200 turns the game is drawn.

A man put down is written ``d7``, a step ``d7-d6``, and the man removed by
its point too; OpenSpiel numbers the points from 0 (``a7``) to 23 (``g1``)
row by row and writes ``Point 1``, ``Move 1 -> 4`` (:func:`openspiel_names`).
``tests/test_gallery_oracle.py`` plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/nine_mens_morris.py:NineMensMorris``.

Examples:
    >>> state = NineMensMorris().new_game(seed=0)
    >>> for point in ["a7", "a1", "d7", "d1", "g7"]:
    ...     state.apply(point)
    >>> state.current_player, state.prompt(), [str(m) for m in state.legal_moves()]
    (0, 'remove a man of the other side', ['a1', 'd1'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import networkx as nx

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place, Step, step_table
from boardkit.topology import from_graph

#: The points in OpenSpiel's order: row by row from the top, each from the left.
POINTS = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4"]
POINTS += ["e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]
#: The lines of the board, each from left to right or from bottom to top.
LINES = ["a7-d7-g7", "b6-d6-f6", "c5-d5-e5", "a4-b4-c4", "e4-f4-g4", "c3-d3-e3", "b2-d2-f2", "a1-d1-g1"]
LINES += ["a1-a4-a7", "b2-b4-b6", "c3-c4-c5", "d1-d2-d3", "d5-d6-d7", "e3-e4-e5", "f2-f4-f6", "g1-g4-g7"]


def morris_board() -> nx.DiGraph[str]:
    """The 24 points, each at its place on a 7x7 grid, and the steps between them, with directions."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for name in POINTS:
        graph.add_node(name, pos=("abcdefg".index(name[0]), int(name[1]) - 1))
    for line in LINES:
        a, b, c = line.split("-")
        ahead, back = ("e", "w") if a[1] == b[1] else ("n", "s")
        for x, y in ((a, b), (b, c)):
            graph.add_edge(x, y, direction=ahead)
            graph.add_edge(y, x, direction=back)
    return graph


BOARD = from_graph(morris_board())
INDEX = {name: i for i, name in enumerate(POINTS)}
MILLS = [[[INDEX[q] for q in line.split("-") if q != p] for line in LINES if p in line.split("-")] for p in POINTS]
PUT = [Place(name) for name in POINTS]
STEPS = [[Step(a, b) for b in POINTS] for a in POINTS]
#: The mills through each point, each with the point first; each point's steps, as the kit's step_moves reads them.
MILL_LINES = [[[p, a, b] for a, b in mills] for p, mills in enumerate(MILLS)]
ROADS = step_table(BOARD, Step)
MEN = "WB"


def openspiel_names(move: Place | Step, state: object = None) -> str:
    """OpenSpiel's action for ``move``: ``d7`` is ``Point 1``, ``d7-d6`` is ``Move 1 -> 4``."""
    if isinstance(move, Place):
        return f"Point {INDEX[move.cell]}"
    return f"Move {INDEX[move.source]} -> {INDEX[move.target]}"


def in_mill(cells: Sequence[str | None], p: int) -> bool:
    """Whether the man on point ``p`` is in a mill."""
    man = cells[p]
    return any(cells[a] == man and cells[b] == man for a, b in MILLS[p])


class NineMensMorrisState(BoardState[str, Place | Step]):
    def moves(self) -> list[Place | Step]:
        cells, mine = self.at, MEN[self.player]
        if self.part == "remove":
            theirs = [p for p, man in enumerate(cells) if man == MEN[1 - self.player]]
            free = [p for p in theirs if not in_mill(cells, p)]
            return [PUT[p] for p in free or theirs]
        if self.counter("to place")[self.player]:
            return self.place_moves(PUT)
        if self.tally(mine) > 3:
            return self.step_moves(mine, ROADS)
        ours = [p for p, man in enumerate(cells) if man == mine]
        empty = [p for p, man in enumerate(cells) if man is None]
        return [STEPS[p][q] for p in ours for q in empty]

    def play(self, move: Place | Step) -> None:
        player = self.player
        if isinstance(move, Place) and self.part == "remove":
            self.put(move.cell, None)
            self.set("turns", self.counter("turns") + 1)
            self.next_turn()
            return
        if isinstance(move, Place):
            left = list(self.counter("to place"))
            left[player] -= 1
            self.set("to place", tuple(left))
            target = move.cell
        else:
            self.put(move.source, None)
            target = move.target
        self.put(target, MEN[player])
        if self.filled(MILL_LINES[INDEX[target]]) is not None:
            self.next_part("remove")
        else:
            self.set("turns", self.counter("turns") + 1)
            self.next_turn()

    def judge(self) -> Outcome | None:
        stuck = self.no_move_loses("the other side cannot move")
        if stuck is not None:
            return stuck
        last = self.last_move  # only a man taken (its point left empty) can leave a side with two
        if last is None or (isinstance(last, Place) and self[last.cell] is None):
            for player, man in enumerate(MEN):
                if self.tally(man) + self.counter("to place")[player] <= 2:
                    return Outcome.win(1 - player, "the other side is down to two men")
        return Outcome.draw("200 turns") if self.counter("turns") >= 200 else None


class NineMensMorris(BoardGame[NineMensMorrisState, Place | Step]):
    """Nine Men's Morris for two, with OpenSpiel's 200-turn draw."""

    name = "nine-mens-morris"
    about = About(
        goal="Leave your rival with no move or only two men; after 200 turns the game is drawn.",
        turn="Put a man on an empty point (e.g. d7) until all nine are down, then move one along a line (e.g. d7-d6); "
        "with three men left, fly one to any empty point. A new mill removes an enemy man: type its point.",
    )
    board = BOARD
    pieces: ClassVar = {"W": "player 0 (white)", "B": "player 1 (black)"}
    colours: ClassVar = {"W": "#f5f5f5", "B": "#222222"}
    counters: ClassVar = {"to place": (9, 9), "turns": 0}
    parts: ClassVar = {"move": "place or move a man", "remove": "remove a man of the other side"}
    moves = (Step, Place)
    state_class = NineMensMorrisState
