"""Walls between cells, first-class in the kit (issue 39, item 2): a game that
declares ``walls`` keeps a mark on every edge and every crossing point of
its board whatever its moves, reads and writes them by cell pair and by
number, asks whether a cell can still reach a goal, lists the walls that
may go up, and draws its walls across the edges."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import pytest

from boardkit import NotationError, Outcome
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.patterns import can_reach, shortest_way
from boardkit.rl import actions
from boardkit.topology import HexGrid, SquareGrid, TopologyError

BOARD = SquareGrid(4, 4, origin="top")
TOP = frozenset(BOARD.index(c) for c in BOARD.side("top"))
PLACES = Place.every(BOARD)


def wall(a: str, b: str, c: str, d: str) -> tuple[tuple[int, int], tuple[int], str]:
    """A wall across a-c and b-d, its middle where a and d meet, as wall_moves reads it."""
    return (BOARD.edge_index(a, c), BOARD.edge_index(b, d)), (BOARD.crossing_index(a, d),), f"{a}{b}|{c}{d}"


#: Every wall two edges long on the board, as in Quoridor.
WALLS = [
    wall(BOARD.name((c, r)), BOARD.name(x), BOARD.name(y), BOARD.name((c + 1, r + 1)))
    for r in range(3)
    for c in range(3)
    for x, y in (((c + 1, r), (c, r + 1)), ((c, r + 1), (c + 1, r)))
]


class MazeState(BoardState[str, Place]):
    """A pawn walks to the top row; the walls are set up by hand in the tests."""

    def setup(self) -> None:
        self.put("b4", "P")

    def moves(self) -> list[Place]:
        here = self.at.index("P")
        steps, through = BOARD.compiled.steps, BOARD.compiled.step_edges
        marks = self.edge_marks
        return [PLACES[j] for j, k in zip(steps[here], through[here], strict=True) if j >= 0 and marks[k] is None]

    def play(self, move: Place) -> None:
        self.put(BOARD.cells[self.at.index("P")], None)
        self.put(move.cell, "P")

    def judge(self) -> Outcome | None:
        return Outcome.win(0, "reached the top") if self.at.index("P") in TOP else None


class Maze(BoardGame[MazeState, Place]):
    name = "maze"
    min_players = max_players = 1
    board = BOARD
    pieces: ClassVar = {"P": "the pawn", "#": "a wall"}
    moves = (Place,)
    walls = True
    state_class = MazeState


def put_wall(state: Any, entry: tuple[tuple[int, ...], tuple[int, ...], str]) -> None:
    edges, crossings, _ = entry
    for k in edges:
        state.put_edge_at(k, "#")
    for x in crossings:
        state.put_crossing_at(x, "#")


# -- edges and crossings, without Edge among the moves ------------------------


def test_walls_keep_edge_marks_without_edges_in_the_notation_or_the_action_space() -> None:
    game = Maze()
    with pytest.raises(NotationError):
        game.parse_move("a1-b1")  # an edge is not a move of a game with walls
    assert len(actions(game)) == 16  # a move per cell, no edge among them
    assert game.observation_shape(1) == (3, 16 + len(BOARD.edges) + len(BOARD.crossings))
    state = game.new_game(seed=0)
    state.put_edge("b1", "a1", "#")
    assert state.edge("a1", "b1") == "#" and state.edge_marks[BOARD.edge_index("a1", "b1")] == "#"
    state.put_edge_at(BOARD.edge_index("c3", "c4"), "#")
    assert state.edge("c4", "c3") == "#"
    assert sum(mark is not None for mark in state.edge_marks) == 2


def test_crossing_marks_by_pair_and_by_number_are_undone_copied_and_compared() -> None:
    state = Maze().new_game(seed=0)
    x = BOARD.crossing_index("a1", "b2")
    assert x == BOARD.crossing_index("b1", "a2") == BOARD.crossing_index("b2", "a1") == 0
    fresh = state.copy()

    class Step(MazeState):
        def play(self, move: Place) -> None:
            super().play(move)
            self.put_crossing("c3", "b2", "#")
            self.put_edge("b3", "c3", "#")

    stepping = type("Stepping", (Maze,), {"state_class": Step})().new_game(seed=0)
    stepping.apply("b3")
    assert stepping.crossing("b2", "c3") == "#" and stepping.crossing_marks[BOARD.crossing_index("b2", "c3")] == "#"
    assert stepping.edge("b3", "c3") == "#"
    twin = stepping.copy()
    stepping.undo()
    assert stepping.crossing("b2", "c3") is None and stepping.edge("b3", "c3") is None
    assert twin.crossing("c3", "b2") == "#" and twin != stepping
    state.put_crossing_at(x, "#")
    assert state.snapshot() != fresh.snapshot()
    state.put_crossing("a1", "b2", None)
    assert state.snapshot() == fresh.snapshot()


def test_a_crossing_is_where_two_cells_touch_at_one_corner_only() -> None:
    state = Maze().new_game(seed=0)
    for a, b in [("a1", "b1"), ("a1", "a2"), ("a1", "c3"), ("a1", "a1")]:
        with pytest.raises(TopologyError, match="no crossing between"):
            state.crossing(a, b)
    assert HexGrid.hexagon(2).crossings == ()
    assert len(SquareGrid(9, 9).crossings) == 64


def test_a_game_without_walls_keeps_no_crossings_and_one_on_edges_none_either() -> None:
    from dots_and_boxes import DotsAndBoxes
    from tic_tac_toe import TicTacToe

    with pytest.raises(TopologyError, match="declares no walls"):
        TicTacToe().new_game(seed=0).crossing("a1", "b2")
    with pytest.raises(TopologyError, match="no marks on edges"):
        TicTacToe().new_game(seed=0).edge_marks  # noqa: B018
    with pytest.raises(TopologyError, match="declares no walls"):
        DotsAndBoxes().new_game(seed=0).put_crossing_at(0, "1")


def test_walls_must_be_true_or_false() -> None:
    from boardkit import OptionError

    with pytest.raises(OptionError, match="walls is True or False"):
        type("Odd", (Maze,), {"walls": "yes"})()


# -- reaching a goal -----------------------------------------------------------


def test_reach_changes_when_a_wall_closes_the_last_way() -> None:
    state = Maze().new_game(seed=0)
    start = BOARD.index("b4")
    row = [("a2", "a3"), ("b2", "b3"), ("c2", "c3")]  # three of the four ways up from row 3
    for a, b in row:
        state.put_edge(a, b, "#")
    last = BOARD.edge_index("d2", "d3")
    assert state.can_reach(start, TOP)
    assert not state.can_reach(start, TOP, closing=[last])
    way = shortest_way(BOARD.compiled, start, TOP, state.edge_marks) or []
    assert len(way) == 5 and way[-3:] == [BOARD.index(c) for c in ("d3", "d2", "d1")]  # round by the one gap
    state.put_edge_at(last, "#")
    assert not state.can_reach(start, TOP) and shortest_way(BOARD.compiled, start, TOP, state.edge_marks) is None
    assert state.can_reach(BOARD.index("a1"), TOP)  # a goal cell reaches itself
    state.put_edge("b2", "b3", None)
    assert state.can_reach(start, TOP)
    assert len(shortest_way(BOARD.compiled, start, TOP, state.edge_marks) or ()) == 3


def test_can_reach_on_a_board_without_directions() -> None:
    import networkx as nx

    from boardkit.topology import from_graph

    ring = from_graph(nx.cycle_graph(6))
    walls: list[object] = [None] * len(ring.edges)
    assert can_reach(ring.compiled, 0, {3}, walls)
    walls[ring.edge_index(0, 1)] = "#"
    assert can_reach(ring.compiled, 0, {3}, walls)
    assert not can_reach(ring.compiled, 0, {3}, walls, closing=[ring.edge_index(4, 5)])


# -- which walls may go up -----------------------------------------------------


def named(name: str) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    return next(entry for entry in WALLS if entry[2] == name)


def test_wall_moves_refuse_a_crossing_an_overlap_and_the_last_way() -> None:
    state = Maze().new_game(seed=0)
    keep = [(BOARD.index("b4"), TOP)]
    assert state.wall_moves(WALLS, keep) == [move for _, _, move in WALLS]
    put_wall(state, named("a2b2|a3b3"))  # across, under a2 and b2: the ways up from row 3 are c and d
    legal = state.wall_moves(WALLS, keep)
    assert "a2a3|b2b3" not in legal  # upright through its middle: the crossing point is marked
    assert "b2c2|b3c3" not in legal  # across again, half on it
    assert "a1a2|b1b2" in legal and "b2b3|c2c3" in legal  # upright, ending at its middle and at its end
    assert "c2d2|c3d3" not in legal  # across c and d: no way up left
    assert "c2d2|c3d3" in state.wall_moves(WALLS)  # with no way to keep, it may go up
    assert "b3b4|c3c4" not in legal  # upright under its end: b4's corner is fenced off
    assert "a3a4|b3b4" in legal  # upright under its middle: closes a ring, round a3 and a4, not b4
    put_wall(state, named("a3a4|b3b4"))
    assert state.can_reach(BOARD.index("b4"), TOP) and not state.can_reach(BOARD.index("a4"), TOP)
    assert state.wall_moves(WALLS, [(BOARD.index("a4"), TOP)]) == state.wall_moves(WALLS)  # no way to lose


def test_wall_moves_agree_with_a_search_for_every_wall_in_random_positions() -> None:
    """wall_moves searches only the walls that close a ring of walls and cross a pawn's way: the
    answer must be the one a search for every wall gives."""
    from boardkit import Random

    board = SquareGrid(6, 6, origin="top")
    entries = []
    for r in range(5):
        for c in range(5):
            a, b, d, e = (c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)
            middle = (board.crossing_index(a, e),)
            entries.append(((board.edge_index(a, d), board.edge_index(b, e)), middle, ("h", c, r)))
            entries.append(((board.edge_index(a, b), board.edge_index(d, e)), middle, ("v", c, r)))

    class Six(Maze):
        board = SquareGrid(6, 6, origin="top")

    goals = [frozenset(board.index(x) for x in board.side(side)) for side in ("top", "bottom", "left")]
    refused = 0
    for seed in range(30):
        rng = Random(seed)
        state = Six().new_game(seed=0)
        starts = [rng.randbelow(36) for _ in goals]
        keep = list(zip(starts, goals, strict=True))
        for turn in range(14):
            if turn % 3 == 2:  # the pawns move now and then: a way kept from an earlier call must not mislead
                moved = [(rng.randbelow(36), g) for g in goals]
                if all(state.can_reach(s, g) for s, g in moved):  # as a pawn moves: never to a fenced-off cell
                    keep = moved
            listed = state.wall_moves(entries, keep)
            searched = []
            for edges, crossings, move in entries:
                if any(state.edge_marks[k] is not None for k in edges) or state.crossing_marks[crossings[0]]:
                    continue
                if all(can_reach(board.compiled, s, g, state.edge_marks, closing=edges) for s, g in keep):
                    searched.append(move)
            assert listed == searched
            free = [entry for entry in entries if entry[2] in searched]
            refused += len(state.wall_moves(entries)) - len(searched)
            if not free:
                break
            put_wall(state, free[rng.randbelow(len(free))])
    assert refused > 0  # some walls were refused for the ways they would close


# -- drawing -------------------------------------------------------------------


def test_a_wall_is_drawn_across_its_edge_in_text_and_svg() -> None:
    state = Maze().new_game(seed=0)
    state.put_edge("b1", "c1", "#")  # side by side: a wall up and down between them
    state.put_edge("a2", "a3", "#")  # one above the other: a wall across, between the rows
    state.put_crossing("a2", "b3", "#")
    lines = state.render().splitlines()
    assert lines[1].startswith("1  .   . | .   .")
    assert lines[4] == "  ---+"  # under a2, and the crossing point beside it
    assert lines[3].startswith("2  .   .   .")  # nothing drawn between a2 and b2
    picture = state.svg_picture()
    outlined = [  # each wall is a line of its colour over a dark outline
        tuple(float(v) for v in m)
        for m in re.findall(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="#222"', picture)
    ]
    assert len(outlined) == 2
    (x1, y1, x2, y2), (u1, v1, u2, v2) = outlined
    assert x1 == x2 and abs(y2 - y1) == 40.0  # b1|c1: upright, a square's side long
    assert v1 == v2 and abs(u2 - u1) == 40.0  # a2|a3: lying, between the rows
    assert picture.count('<rect x="') == 16 + 1  # the squares and the crossing point's mark


def test_dots_and_boxes_still_draws_its_lines_along_the_edges() -> None:
    from dots_and_boxes import DotsAndBoxes

    state = DotsAndBoxes().new_game(seed=0)
    state.apply("a1-b1")
    assert state.render().splitlines()[0] == "1 .---.   ."  # a line from dot to dot
    ends = r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"'
    thick = re.findall(ends + ' stroke-linecap="round" stroke="#222"', state.svg_picture())
    assert thick == [("120.0", "70.0", "160.0", "70.0")]  # along the top row, from a1's dot to b1's


# -- cells by name or index, and numbers the board does not have --------------------


def test_reach_and_walls_take_cells_by_name_or_index() -> None:
    """Whatever takes a cell takes its name too: a start and goals by name
    give what the same by index give (goals by name were found nowhere)."""
    state = Maze().new_game(seed=0)
    names = {BOARD.name(BOARD.cells[i]) for i in TOP}
    for a, b in [("a2", "a3"), ("b2", "b3"), ("c2", "c3")]:
        state.put_edge(a, b, "#")
    last = BOARD.edge_index("d2", "d3")
    assert state.can_reach("b4", names) and state.can_reach("b4", TOP)
    assert not state.can_reach("b4", names, closing=[last])
    assert state.can_reach(BOARD.cell("a1"), {BOARD.cell("a1")})
    by_index = state.wall_moves(WALLS, [(BOARD.index("b4"), TOP)])
    assert state.wall_moves(WALLS, [("b4", names)]) == by_index
    assert "d2d3|c2c3" not in by_index and len(by_index) < len(WALLS)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda s: s.can_reach(-1, TOP), "no cell -1 on this board: its cells are numbered 0 to 15"),
        (lambda s: s.can_reach(16, TOP), "no cell 16 on this board"),
        (lambda s: s.can_reach("z9", TOP), "no cell 'z9' on the 4x4 board"),
        (lambda s: s.can_reach(0, {"z9"}), "no cell 'z9' on the 4x4 board"),
        (lambda s: s.can_reach(0, TOP, closing=[999]), "no edge 999 on this board"),
        (lambda s: s.can_reach(0, TOP, closing=["3"]), "no edge '3' on this board"),
        (lambda s: s.wall_moves(WALLS, [(BOARD.index("b4"), "a1")]), "a set of them, not the text 'a1'"),
        (lambda s: s.wall_moves(WALLS, [BOARD.index("b4"), TOP]), "keep lists (start, goals) pairs, not 13"),
        (lambda s: s.put_edge_at(-1, "#"), "no edge -1 on this board: they are numbered 0 to 23"),
        (lambda s: s.put_edge_at("3", "#"), "no edge '3' on this board"),
        (lambda s: s.put_crossing_at(9, "#"), "no crossing point 9 on this board: they are numbered 0 to 8"),
        (lambda s: s.put_crossing_at(1.0, "#"), "no crossing point 1.0"),
    ],
)
def test_a_cell_or_number_the_board_lacks_is_refused_in_a_line(call: Any, words: str) -> None:
    state = Maze().new_game(seed=0)
    before = state.snapshot()
    with pytest.raises(TopologyError) as caught:
        call(state)
    assert words in str(caught.value) and "\n" not in str(caught.value)
    assert state.snapshot() == before


def test_a_wall_table_that_fails_to_make_its_masks_keeps_none() -> None:
    # A wall crossing a point the board does not have fails where the masks are made, and again on the next
    # ask: a slimming pass kept the masks made before the failure, so the next ask answered half a table.
    from boardkit.kit.cells import WallTable

    table = WallTable([((0, 1), (99,), "x")])
    for _ in range(2):
        with pytest.raises(IndexError):
            table.masks(5, 3)
