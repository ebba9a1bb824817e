"""Tests of the SVG pictures: boards of every kind, states, and shipped games."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import networkx as nx
import pytest

from boardkit import games
from boardkit.agents import RandomAgent
from boardkit.render import status, svg, topology_svg
from boardkit.testing import Nim
from boardkit.topology import HexGrid, SquareGrid, from_graph

NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    return root


def texts(root: ET.Element) -> list[str | None]:
    return [t.text for t in root.iter(f"{NS}text")]


def shipped() -> list[str]:
    found = []
    for name in games.names():
        try:
            games.load(name)
        except Exception:  # a game still being written is left out
            continue
        found.append(name)
    return [n for n in found if n in {"tafl", "cloth-of-gold", "five-fields", "camelot"}]


def test_square_grid() -> None:
    board = SquareGrid(3, 2)
    root = parse(topology_svg(board, {(0, 0): "A", (2, 1): "B"}, {(0, 0): "#000000"}))
    rects = list(root.iter(f"{NS}rect"))
    assert len(rects) == 6
    assert [r.attrib["fill"] for r in rects].count("#000000") == 1
    assert texts(root) == ["A", "B"]
    # (0, 0) is the top-left square, drawn in a dark fill, so its label is light.
    a = next(t for t in root.iter(f"{NS}text") if t.text == "A")
    assert a.attrib["fill"] == "#fff"
    assert float(a.attrib["x"]) < float(next(t for t in root.iter(f"{NS}text") if t.text == "B").attrib["x"])


def test_hex_grid() -> None:
    root = parse(topology_svg(HexGrid.hexagon(2), {(0, 0): "Q"}, {(1, -1): "green"}))
    polygons = list(root.iter(f"{NS}polygon"))
    assert len(polygons) == 19
    assert all(len(p.attrib["points"].split()) == 6 for p in polygons)
    assert [p.attrib["fill"] for p in polygons].count("green") == 1
    assert texts(root) == ["Q"]


def test_arbitrary_graph_with_positions() -> None:
    g = nx.Graph()
    g.add_node("hall", pos=(0, 0))
    g.add_node("yard", pos=(2, 1))
    g.add_node("gate", pos=(4, 0))
    g.add_edges_from([("hall", "yard"), ("yard", "gate")])
    root = parse(topology_svg(from_graph(g), {"gate": "G"}))
    assert len(list(root.iter(f"{NS}circle"))) == 3
    assert len(list(root.iter(f"{NS}line"))) == 2
    xs = sorted(float(c.attrib["cx"]) for c in root.iter(f"{NS}circle"))
    assert xs[2] - xs[0] == pytest.approx(4 * 40)


def test_graph_without_positions() -> None:
    root = parse(svg(from_graph(nx.petersen_graph())))
    assert len(list(root.iter(f"{NS}circle"))) == 10
    assert len(list(root.iter(f"{NS}line"))) == 15


def test_text_is_escaped() -> None:
    root = parse(topology_svg(SquareGrid(1, 1), {(0, 0): "<&>"}, {(0, 0): 'red" onload="x'}, title="a & b"))
    assert texts(root) == ["a & b", "<&>"]
    assert next(root.iter(f"{NS}rect")).attrib["fill"] == 'red" onload="x'


def test_title_pieces_and_legend() -> None:
    picture = topology_svg(
        SquareGrid(2, 1),
        {(0, 0): "K"},
        title="king to move",
        pieces={(0, 0): "#202020", (1, 0): "white"},
        legend={"attacker": "#202020", "defender": "white"},
    )
    root = parse(picture)
    assert texts(root) == ["king to move", "K", "attacker", "defender"]
    circles = list(root.iter(f"{NS}circle"))
    assert [c.attrib["fill"] for c in circles] == ["#202020", "white", "#202020", "white"]
    assert next(t for t in root.iter(f"{NS}text") if t.text == "K").attrib["fill"] == "#fff"
    assert len(list(root.iter(f"{NS}rect"))) == 2


def test_a_state_with_pieces_and_legend() -> None:
    class Board:
        current_player = 1
        outcome = None
        game = Nim()

        def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
            return SquareGrid(2, 2), {(0, 0): "x"}, {}

        def svg_pieces(self) -> dict[Any, str]:
            return {(1, 1): "red"}

        def svg_legend(self) -> list[tuple[str, str]]:
            return [("red", "a red piece")]

    root = parse(svg(Board()))
    assert texts(root) == ["nim: player 1 to move", "x", "a red piece"]
    assert texts(parse(svg(Board(), title="mine", legend=[]))) == ["mine", "x"]


def test_a_state_without_a_board_is_drawn_as_text() -> None:
    state = Nim(heap=3).new_game(seed=0)
    root = parse(svg(state))
    assert texts(root) == ["nim: player 0 to move", "heap: ||| (3)"]
    assert state._repr_svg_() == svg(state)


def test_status_lines() -> None:
    state = Nim(heap=2).new_game(seed=0)
    state.apply("take 1")
    assert status(state) == "nim: player 1 to move"
    state.apply("take 1")
    assert status(state) == "nim: player 1 won (took the last counter)"


@pytest.mark.parametrize("name", shipped())
def test_every_shipped_game_draws_itself(name: str) -> None:
    game = games.load(name)
    state = game.new_game(players=max(2, game.min_players), seed=1)
    agent = RandomAgent(seed=1)
    for _ in range(6):
        if state.is_over:
            break
        state.apply(agent.choose(state, state.current_player or 0))
    picture = state._repr_svg_()
    root = parse(picture)
    assert texts(root)[0] == status(state)
    if hasattr(state, "svg_cells"):
        board, _, _ = state.svg_cells()
        shapes = len(list(root.iter(f"{NS}rect"))) + len(list(root.iter(f"{NS}polygon")))
        if isinstance(board, SquareGrid | HexGrid):
            assert shapes == len(board.cells)
        else:
            assert len(list(root.iter(f"{NS}circle"))) >= len(board.cells)
