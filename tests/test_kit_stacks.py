"""Stacks and counts drawn well (issue 39, item 3): a stack shows its top
piece and its height in the text board, the picture and a template; a game
writes or draws a cell its own way (``label``, ``cell_svg``) on every
surface; and a graph board reads well by default, whatever scale its
positions are given in, or none at all."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from typing import Any, ClassVar

import networkx as nx
import pytest
from backgammon import Backgammon
from chinese_checkers import ChineseCheckers

from boardkit.kit import BoardGame, BoardState, Place
from boardkit.render import element, svg
from boardkit.render.board import CELL, MOST_CELLS
from boardkit.render.text import MOST_WIDTH, board_rows, symbol
from boardkit.topology import SquareGrid, from_graph

NS = "{http://www.w3.org/2000/svg}"


class PilesState(BoardState[tuple[str, ...], Place]):
    def moves(self) -> list[Place]:
        return [Place(self.name(cell)) for cell in self.board.cells]

    def play(self, move: Place) -> None:
        self.push(move.cell, "wb"[self.player])
        self.next_turn()


class Piles(BoardGame[PilesState, Place]):
    name = "piles"
    board = SquareGrid(3, 2)
    pieces: ClassVar = {"w": "white", "b": "black"}
    colours: ClassVar = {"w": "#f5f5f5", "b": "#222222"}
    moves = (Place,)
    state_class = PilesState


def cells_of(picture: str) -> dict[str, ET.Element]:
    """Each cell's group in a picture, by its name."""
    return {g.attrib["data-cell"]: g for g in ET.fromstring(picture).iter(f"{NS}g") if "data-cell" in g.attrib}


def texts(group: ET.Element) -> list[str]:
    return [t.text or "" for t in group.iter(f"{NS}text") if t.attrib.get("class") != "cell-name"]


# -- a stack: its top piece and its height --------------------------------------


def test_a_stack_is_its_top_piece_and_its_height_in_text() -> None:
    state = Piles().new_game(seed=0)
    state.put("a1", ("w",) * 15)
    state.put("b1", ("w", "b"))
    state.put("c1", ("b",))
    assert [state.label(c) for c in ("a1", "b1", "c1", "a2")] == ["w15", "b2", "b", ""]
    rows = state.render().splitlines()
    assert rows[2] == "1 w15  b2   b 1"  # fifteen checkers keep the grid's columns
    assert len(rows[1]) == len(rows[2]) and rows[0].split() == ["a", "b", "c"]


def test_a_stack_fills_a_template_field_as_its_top_piece_and_height() -> None:
    class Templated(Piles):
        text_template = "[{a1}] [{b1}] [{c1}]"

    state = Templated().new_game(seed=0)
    state.put("a1", ("b",) * 12)
    assert state.render().splitlines()[0] == "[b12 ] [ .  ] [ .  ]"  # in its field's four columns


def test_a_stack_is_its_top_piece_with_its_height_on_it_in_the_picture() -> None:
    state = Piles().new_game(seed=0)
    state.put("a1", ("b", "b", "w"))
    a1 = cells_of(state.svg_picture())["a1"]
    assert texts(a1) == ["3"]
    assert [c.attrib["fill"] for c in a1.iter(f"{NS}circle")] == ["#f5f5f5"]  # the top piece, white


def test_symbol_reads_every_kind_of_cell() -> None:
    assert [symbol(v) for v in (None, "x", 0, 7, (), ("x",), ("o", "x") * 5)] == [".", "x", "0", "7", ".", "x", "x10"]


# -- a game's own text and picture of a cell ------------------------------------


class CountedState(PilesState):
    def label(self, cell: Any) -> str:
        pile = self.stack(cell)
        return f"{len(pile)}{pile[-1]}" if pile else "-"


class Counted(Piles):
    state_class = CountedState


class DrawnState(PilesState):
    def cell_svg(self, cell: Any) -> str | None:
        pile = self.stack(cell)
        if not pile:
            return None
        return "".join(element("circle", cy=12 - 6 * k, r=5, fill="#222", class_="chip") for k in range(len(pile)))


class Drawn(Piles):
    state_class = DrawnState


def test_a_games_label_is_its_text_and_is_written_on_its_picture() -> None:
    state = Counted().new_game(seed=0)
    state.put("a1", ("w", "w", "b"))
    assert state.render().splitlines()[2].split()[1:4] == ["3b", "-", "-"]
    groups = cells_of(state.svg_picture())
    assert texts(groups["a1"]) == ["3b"] and texts(groups["b2"]) == ["-"]
    assert len(list(groups["a1"].iter(f"{NS}circle"))) == 1  # its piece still drawn, under its label


def test_a_games_own_drawing_replaces_the_kits_in_the_picture_only() -> None:
    state = Drawn().new_game(seed=0)
    state.put("b2", ("w", "b", "w"))
    groups = cells_of(state.svg_picture())
    chips = [c for c in groups["b2"].iter(f"{NS}circle") if c.attrib.get("class") == "chip"]
    assert len(chips) == 3 and not texts(groups["b2"])  # no kit disc, no height written
    assert not list(groups["a1"].iter(f"{NS}circle"))  # an empty cell: the kit's drawing, nothing on it
    transform = next(g for g in groups["b2"].iter(f"{NS}g") if "transform" in g.attrib).attrib["transform"]
    x, y = map(float, re.findall(r"[-\d.]+", transform))
    rect = next(groups["b2"].iter(f"{NS}rect"))
    assert (float(rect.attrib["x"]) + CELL / 2, float(rect.attrib["y"]) + CELL / 2) == (x, y)  # centred on its square
    assert state.render().splitlines()[1].split()[2] == "w3"  # the text board still writes the stack


def test_the_web_page_shows_a_games_own_label_and_drawing() -> None:
    pytest.importorskip("starlette")
    from boardkit.web.page import seat_page
    from boardkit.web.table import Table, parse_seat

    for game, shown in ((Counted(), ">1w<"), (Drawn(), 'class="chip"')):
        table = Table(game, [parse_seat("here"), parse_seat("here")], seed=1)
        viewer = table.viewer(table.host_token)
        table.play(viewer, "a1", table.version)
        assert shown in seat_page(table, viewer, 1)["svg"]


# -- any graph board, at any scale --------------------------------------------


def centres(picture: str) -> list[tuple[float, float]]:
    return [(float(c.attrib["cx"]), float(c.attrib["cy"])) for c in ET.fromstring(picture).iter(f"{NS}circle")]


def closest(points: list[tuple[float, float]]) -> float:
    return min(math.dist(p, q) for k, p in enumerate(points) for q in points[k + 1 :])


@pytest.mark.parametrize("unit", [0.05, 1.0, 120.0])
def test_a_graph_reads_at_any_scale_its_positions_are_given_in(unit: float) -> None:
    g = nx.grid_2d_graph(4, 3)
    nx.set_node_attributes(g, {(x, y): (x * unit, y * unit) for x, y in g}, "pos")
    picture = svg(from_graph(g))
    assert closest(centres(picture)) == pytest.approx(CELL)
    width = float(ET.fromstring(picture).attrib["width"])
    assert width <= (MOST_CELLS + 2) * CELL


def test_a_wide_graph_is_brought_down_to_its_most_cells() -> None:
    g = nx.path_graph(5)
    nx.set_node_attributes(g, {0: (0.0, 0.0), 1: (1.0, 0.0), 2: (2.0, 0.0), 3: (3.0, 0.0), 4: (300.0, 0.0)}, "pos")
    xs = [x for x, _ in centres(svg(from_graph(g)))]
    assert max(xs) - min(xs) == pytest.approx(MOST_CELLS * CELL)  # the far cell keeps the picture bounded


def test_a_graph_without_positions_is_laid_out_as_its_shape() -> None:
    grid = from_graph(nx.grid_2d_graph(4, 4))
    steps = [(grid.pos(a), grid.pos(b)) for a, b in grid.graph.edges]
    assert all(math.dist(p, q) == pytest.approx(1.0, abs=0.15) for p, q in steps)  # a grid, not a circle
    assert all(min(abs(p[0] - q[0]), abs(p[1] - q[1])) < 0.15 for p, q in steps)  # standing square
    ring = from_graph(nx.cycle_graph(9))
    middle = [sum(ring.pos(c)[k] for c in ring.cells) / 9 for k in (0, 1)]
    assert len({round(math.dist(ring.pos(c), middle), 3) for c in ring.cells}) == 1  # a ring: a circle
    assert closest([ring.pos(c) for c in ring.cells]) == pytest.approx(1.0)


def test_the_star_is_drawn_on_its_lattice_in_text() -> None:
    state = ChineseCheckers().new_game(players=3, seed=0)
    lines = state.render().splitlines()
    assert lines[0].split() == ["1", "a1"]  # the top hole, and its name on the map beside
    rows = [sum(line[:50].count(c) for c in ".123") for line in lines[:33:2]]
    assert rows == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]  # every hole, row by row
    assert all(line[:50].strip("/\\ ") == "" for line in lines[1:33:2] if line[:50].strip())  # lines between
    assert max(len(line) for line in lines) <= MOST_WIDTH


def test_backgammon_prints_its_names_under_the_board_when_beside_is_too_wide() -> None:
    state = Backgammon().new_game(seed=4)
    lines = state.render().splitlines()
    board, names = lines[:7], lines[8:15]
    assert lines[7] == "" and max(len(line) for line in lines) <= MOST_WIDTH
    assert board[0].split() == ["o5", ".", ".", ".", "x3", ".", "x5", ".", ".", ".", ".", "o2", "."]
    assert names[0].split() == [*map(str, range(12, 0, -1)), "xoff"]
    x5 = board[0].index("x5")
    assert names[0][x5 : x5 + 2].strip() == "6"  # each cell over its name: x's five checkers on its 6


def test_board_rows_lists_a_layout_too_crowded_for_text() -> None:
    g = nx.Graph([("x", "y")])
    nx.set_node_attributes(g, {"x": (0.0, 0.0), "y": (1e-9, 0.0)}, "pos")
    assert board_rows(from_graph(g), [("k",) * 3, None]) == ["x: k3"]
