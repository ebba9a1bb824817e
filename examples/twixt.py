"""TwixT on the authoring kit, as OpenSpiel's ``twixt`` plays it (its
default ``board_size=8``, with its swap rule).

A square of holes, 8 by 8 unless you choose another size (``TwixT(size=12)``,
from 5 to 24), without its four corners: columns ``a`` to ``h`` from the
left, rows 1 to 8 from the top, as OpenSpiel names them. Red (``x``, player
0) joins the top and bottom rows, blue (``o``, player 1) the left and right
columns; each may put a peg on any empty hole but the other's two border
lines, red first. A new peg is linked to every peg of its colour a knight's
move away, unless the link would cross a link already on the board (of
either colour): links never cross. A chain of linked pegs from one of a
player's border lines to the other wins. When the next player has no hole
left, the game is a draw.

The swap rule, as OpenSpiel plays it: blue's first move may be on red's
first peg (unless that peg is on red's border rows); red's peg is then taken
off and blue's put on the hole a quarter turn clockwise from it (``c5``
becomes ``d3``).

A move is the hole, ``d3``; OpenSpiel writes it with the player's letter,
``xd3`` (:func:`openspiel_names`). Links are the board's edges (its graph
joins holes a knight's move apart), marked with the colour of their pegs.
Which links cross comes from the board as drawn
(:attr:`~boardkit.topology.Topology.crossing_edges`), and the border lines
a chain of linked pegs reaches from the kit's chains of cells joined by
marked edges (:meth:`~boardkit.kit.BoardState.linked_marks`).
Missing from the kit: a board of holes joined a knight's move apart (built
here as a graph, :func:`~boardkit.topology.from_graph`) and the swap's
quarter turn of a hole. ``tests/test_gallery_connection.py`` plays this
game and OpenSpiel's side by side.

Run it with ``boardkit play examples/twixt.py:TwixT``.

Examples:
    >>> state = TwixT().new_game(seed=0)
    >>> len(state.legal_moves()), "a2" in [str(m) for m in state.legal_moves()]
    (48, False)
    >>> for hole in ["c3", "f3", "d5"]:
    ...     state.apply(hole)
    >>> state.edge("c3", "d5")  # red's two pegs a knight's move apart: linked
    'x'
    >>> for hole in ["c5", "g7", "d3"]:
    ...     state.apply(hole)  # blue's c5 and d3 too, but c5-d3 would cross c3-d5
    >>> state.edge("c5", "d3") is None
    True
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import attrs
import networkx as nx

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Edge, Place
from boardkit.topology import Topology, from_graph

PEGS = "xo"
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2))  # the four links towards the right: columns across, rows down
Hole = tuple[int, int]  # (column, row), row 0 at the top


def openspiel_names(move: Place, state: BoardState[Any, Any]) -> str:
    """OpenSpiel's action for ``move``: ``d3`` is ``xd3`` for red, ``od3`` for blue."""
    return PEGS[state.player] + move.cell


@attrs.frozen
class Board:
    """The board of one size and what the rules read of it."""

    grid: Topology[str]
    holes: dict[str, Hole]
    places: list[list[Place | None]]  # each player's move to each hole (None on the other's border lines)
    turned: dict[str, str]  # each hole a quarter turn clockwise, for the swap
    marks: list[int]  # each hole's border lines: top row 1, bottom row 2 (red's), left column 4, right 8 (blue's)


@functools.cache
def board(size: int) -> Board:
    edge = {0, size - 1}
    holes = {f"{chr(ord('a') + x)}{y + 1}": (x, y) for y in range(size) for x in range(size) if {x, y} - edge}
    names = {hole: name for name, hole in holes.items()}
    graph: nx.Graph[str] = nx.Graph()
    for name, (x, y) in holes.items():
        graph.add_node(name, pos=(x, -y))
        graph.add_edges_from((name, names[x + dx, y + dy]) for dx, dy in KNIGHT if (x + dx, y + dy) in names)
    grid = from_graph(graph)
    places = [[Place(name) if holes[name][player] not in edge else None for name in grid.cells] for player in (0, 1)]
    turned = {name: names[size - 1 - y, x] for name, (x, y) in holes.items()}
    marks = []
    for x, y in (holes[name] for name in grid.cells):
        marks.append((y == 0) | (y == size - 1) << 1 | (x == 0) << 2 | (x == size - 1) << 3)
    return Board(grid, holes, places, turned, marks)


@attrs.frozen
class TwixTOptions:
    """The board's size: ``size`` holes along each side, from 5 to 24."""

    size: int = attrs.field(default=8, validator=attrs.validators.in_(range(5, 25)))


class TwixTState(BoardState[str, Place]):
    def moves(self) -> list[Place]:
        b = board(self.game.options.size)
        moves = self.place_moves(b.places[self.player])
        red = self.cells_of("x")
        if self.player == 1 and len(red) == 1 and not self.cells_of("o"):  # blue's first move: the swap
            swap = b.places[1][b.grid.index(red[0])]
            if swap is not None:
                moves.append(swap)
        return moves

    def play(self, move: Place) -> None:
        b, peg, hole = board(self.game.options.size), PEGS[self.player], move.cell
        if self[hole] is not None:  # the swap: red's first peg is turned and becomes blue's
            self.put(hole, None)
            hole = b.turned[hole]
        self.put(hole, peg)
        links = self.edge_marks
        for other in b.grid.neighbors(hole):
            k = b.grid.edge_index(hole, other)
            if self[other] == peg and all(links[j] is None for j in b.grid.crossing_edges[k]):
                self.put_edge_at(k, peg)
        self.set("_last", hole)
        self.next_turn()

    def judge(self) -> Outcome | None:
        last = self.counter("_last")
        if last is None:
            return None
        player, b = 1 - self.player, board(self.game.options.size)
        both = 3 << 2 * player  # the player's two border lines, as marks
        if self.linked_marks(last, b.marks) & both == both:  # the pegs linked to the last one reach them both
            return Outcome.win(player, "red joins top and bottom" if player == 0 else "blue joins left and right")
        return None if self.legal_moves() else Outcome.draw("no hole left for the next player")


class TwixT(BoardGame[TwixTState, Place]):
    """TwixT for two on a square of ``size`` holes a side (8 by default)."""

    name = "twixt"
    about = About(
        goal=(
            "Join your two border lines with a chain of linked pegs (red top to bottom, blue left to right); if the "
            "next player has no hole left, the game is a draw."
        ),
        turn=(
            "Put a peg on an empty hole, such as d3 (not on the other's border lines); it links to your pegs a "
            "knight's move away unless a link would cross. Blue's first peg may swap red's first."
        ),
    )
    pieces: ClassVar = {"x": "player 0 (red): top to bottom", "o": "player 1 (blue): left to right"}
    colours: ClassVar = {"x": "#d32f2f", "o": "#1e5bc6"}
    counters: ClassVar = {"_last": None}
    moves = (Place, Edge)
    options_class = TwixTOptions
    state_class = TwixTState

    def make_board(self) -> Topology:
        return board(self.options.size).grid
