"""Tests of the SVG pictures: boards of every kind, states, and shipped games."""

from __future__ import annotations

import importlib.util
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from boardkit import games
from boardkit.agents import RandomAgent
from boardkit.render import BoardDrawing, Picture, document, element, status, svg, topology_svg
from boardkit.testing import Nim
from boardkit.topology import Hex, HexGrid, SquareGrid, from_graph

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
    class Board(BoardDrawing):
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
    assert texts(root) == ["player 1 to move", "x", "a red piece"]
    assert texts(parse(svg(Board(), title="mine", legend=[]))) == ["mine", "x"]


def test_a_board_drawing_needs_only_its_cells() -> None:
    class Cells(BoardDrawing):
        def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
            return SquareGrid(3, 2), {(0, 0): "x"}, {(1, 1): "#333"}

    assert svg(Cells(), title="t") == topology_svg(SquareGrid(3, 2), {(0, 0): "x"}, {(1, 1): "#333"}, title="t")


def test_a_state_without_a_board_is_drawn_as_text() -> None:
    state = Nim(heap=3).new_game(seed=0)
    root = parse(svg(state))
    assert texts(root) == ["player 0 to move", "heap: ||| (3)"]
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
    assert f"{state.game.name}: {texts(root)[0]}" == status(state)
    # The game's declared picture draws it, not a drawing protocol on the state.
    assert state.game.declared.picture is not None and picture == state.game.declared.picture(state, texts(root)[0])
    assert not isinstance(state, Picture | BoardDrawing)


# -- helpers for pictures of one's own ------------------------------------------------------


def classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_element_and_document() -> None:
    rect = element("rect", x=0.25, y=2, fill='a"b', class_="tile", stroke_width=1.5, skipped=None)
    assert rect == '<rect x="0.2" y="2" fill="a&quot;b" class="tile" stroke-width="1.5"/>'
    root = parse(document(50, 20, [element("text", "x < y", x=1, y=2)], background=None))
    assert texts(root) == ["x < y"]
    assert list(root.iter(f"{NS}rect")) == []
    assert len(list(parse(document(5, 5, [])).iter(f"{NS}rect"))) == 1


def test_hexagons_touch_their_neighbours() -> None:
    root = parse(topology_svg(HexGrid.hexagon(1)))
    polygons = list(root.iter(f"{NS}polygon"))
    assert len(polygons) == 7
    corners = [{tuple(point.split(",")) for point in p.attrib["points"].split()} for p in polygons]
    # The centre hexagon shares exactly two corners (one edge) with each of its six neighbours.
    centre = max(range(7), key=lambda i: sum(len(corners[i] & c) for c in corners))
    shared = sorted(len(corners[centre] & corners[i]) for i in range(7) if i != centre)
    assert shared == [2] * 6
    # Pointy-top: the circumradius is one position unit (40 px), the top corner straight above the centre.
    points = [tuple(float(v) for v in point.split(",")) for point in polygons[centre].attrib["points"].split()]
    cx = sum(x for x, _ in points) / 6
    cy = sum(y for _, y in points) / 6
    assert all(math.hypot(x - cx, y - cy) == pytest.approx(40, abs=0.1) for x, y in points)
    assert any(x == pytest.approx(cx, abs=0.1) and y < cy for x, y in points)


def test_square_grid_coordinates() -> None:
    root = parse(topology_svg(SquareGrid(3, 2), coordinates=("abc", ("2", "1"))))
    assert texts(root) == ["a", "b", "c", "2", "1"]
    by_text = {t.text: t for t in root.iter(f"{NS}text")}
    assert float(by_text["a"].attrib["x"]) < float(by_text["b"].attrib["x"]) < float(by_text["c"].attrib["x"])
    assert float(by_text["2"].attrib["y"]) < float(by_text["1"].attrib["y"])


def test_an_overlay_draws_over_cells() -> None:
    def mark(cell: Any, x: float, y: float) -> str:
        return element("circle", cx=x, cy=y, r=3, class_="mark") if cell == (1, 0) else ""

    root = parse(topology_svg(SquareGrid(2, 1), overlay=mark))
    (circle,) = classes(root, "mark")
    xs = sorted(float(r.attrib["x"]) + 20 for r in root.iter(f"{NS}rect"))
    assert float(circle.attrib["cx"]) == pytest.approx(xs[1])


def test_svg_prefers_a_picture_of_its_own() -> None:
    class Own:
        current_player = 0
        outcome = None
        game = Nim()

        def svg_picture(self, title: str | None) -> str:
            return document(10, 10, [element("text", title or "", x=0, y=5)])

        def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
            raise AssertionError("not used")

    assert texts(parse(svg(Own()))) == ["player 0 to move"]
    assert texts(parse(svg(Own(), title="mine"))) == ["mine"]


# -- the shipped games ----------------------------------------------------------------------


def test_tafl_picture() -> None:
    from boardkit.games.tafl import Tafl

    state = Tafl("brandubh").new_game(seed=0)
    root = parse(svg(state))
    assert len(list(root.iter(f"{NS}rect"))) == 49
    shown = texts(root)
    assert shown[0] == "attackers to move"
    # A key to every mark and shade.
    assert shown[-5:] == [
        "attacker (t)",
        "defender (T)",
        "king (K)",
        "throne: only the king may stop there",
        "corner: marked, but an ordinary square here",
    ]
    # Pieces, not glyphs: 8 dark discs, 4 light ones and the crowned King (and the key's three).
    discs = [c.attrib["fill"] for c in root.iter(f"{NS}circle") if c.attrib.get("stroke") == "#222"]
    assert discs.count("#222222") == 8 + 1 and discs.count("#f5f5f5") == 4 + 1 + 2
    assert len(list(root.iter(f"{NS}polygon"))) == 2
    assert [t for t in shown if t in set("abcdefg")] == list("abcdefg")
    assert [t for t in shown if t in set("1234567")] == list("7654321")
    fills = [r.attrib["fill"] for r in root.iter(f"{NS}rect")]
    assert fills.count("#b9a27a") == 1  # the throne


def test_camelot_picture() -> None:
    from boardkit.games.camelot import Camelot

    state = Camelot().new_game(players=2, seed=0)
    root = parse(svg(state))
    assert len(list(root.iter(f"{NS}rect"))) == len(state.game.plan.cells) == 80
    assert texts(root)[0] == "player 0 to move"
    assert texts(root)[-1] == "a laid tile (darker), labelled with its short name"
    # Coordinates as square names count them: rows from the top.
    assert [t for t in texts(root) if t in set("abcdefghij")] == list("abcdefghij")
    assert [t for t in texts(root) if t and t.isdigit()] == [str(r) for r in range(1, 9)]
    state.apply("place excalibur e3")
    assert "Exc excalibur" in texts(parse(svg(state)))


def cloth_state(**position: Any) -> Any:
    from boardkit.games.cloth_of_gold import ClothOfGold

    return ClothOfGold().from_position(**{"seed": 0, **position})


def test_cloth_of_gold_picture() -> None:
    from boardkit.games.cloth_of_gold.render import picture

    state = cloth_state(
        tile_spaces={"secrecy": "blue", "gold": "red", "red": "jewel"},
        tokens=[("dragon", None), ("purple", "white")],
        dragon="blue",
        scores=(12, 29),
        courts=[{"gold": 3, "white": 1}, {"jewel": 2}],
        hands=[{"red": 2}, {"blue": 1, "gold": 4}],
    )
    root = parse(svg(state))
    shown = texts(root)
    assert shown[0] == "player 0 to move"
    names = [t.text for t in classes(root, "oval-name")]
    assert names == ["dragon", "secrecy", "gold", "blue", "white", "red", "purple"]
    assert len(classes(root, "oval")) == 7
    # Six tile spaces; the filled ones show their colour and letter.
    assert len(classes(root, "tile")) == 6
    assert [e.get("fill") for e in classes(root, "tile") if "empty" not in e.get("class", "")] == [
        "#6f9ad8",
        "#d9534f",
        "#3fa34d",
    ]
    assert "R" in shown and "J" in shown
    # Tokens: player 0's A on the Dragon's oval (B off the board), player 1's A on purple, B on white.
    assert [e.get("class") for e in classes(root, "token")] == ["token player-0", "token player-1", "token player-1"]
    assert "token B off the board" in shown
    # The Dragon on the blue oval, and its home empty.
    assert len(classes(root, "dragon")) == 1
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles[3] == "blue: DRAGON" and titles[0] == "dragon: player 0's token A"
    # The Track of Scoring: 5 rows of 8 spaces, a marker per player.
    spaces = classes(root, "track-space")
    assert len(spaces) == 40
    assert len(classes(root, "score-marker")) == 2
    # Both Courts, a count per tile colour; hand sizes only.
    assert len(classes(root, "court-tile")) == 10
    counts = [t.text for t in classes(root, "court-count")]
    assert counts == ["\u00d7" + n for n in "3010000002"]
    assert "Player 0: 12 points, 2 tiles in hand" in shown
    assert "Player 1: 29 points, 5 tiles in hand" in shown
    assert any(t and t.startswith("Darkness: ") for t in shown)
    assert state._repr_svg_() == svg(state) == picture(state, status(state).removeprefix("cloth-of-gold: "))


def test_cloth_of_gold_scores_of_forty_and_more_go_in_the_last_space(monkeypatch: pytest.MonkeyPatch) -> None:
    state = cloth_state()
    monkeypatch.setattr(type(state), "scores", property(lambda self: (45, 39)))
    root = parse(svg(state))
    spaces = classes(root, "track-space")
    last = spaces[-1]
    markers = classes(root, "score-marker")
    x0, width = float(last.attrib["x"]), float(last.attrib["width"])
    y0, height = float(last.attrib["y"]), float(last.attrib["height"])
    for marker in markers:
        assert x0 < float(marker.attrib["cx"]) < x0 + width and y0 < float(marker.attrib["cy"]) < y0 + height
    assert "39+" in texts(root)


def test_cloth_of_gold_picture_hides_the_hands() -> None:
    from boardkit.games.cloth_of_gold import ClothOfGold

    state = ClothOfGold().new_game(seed=4)
    for move in state.legal_moves()[:1]:
        state.apply(move)
    a = state.determinize(0, seed=1)
    b = state.determinize(0, seed=2)
    assert a.hand(0) == b.hand(0) == state.hand(0)
    assert a.hand(1) != b.hand(1)  # only the hidden parts differ
    assert svg(a) == svg(b) == svg(state)
    assert svg(state.determinize(1, seed=3)) == svg(state)


def five_fields_state(**position: Any) -> Any:
    from boardkit.games.five_fields import FiveFields

    return FiveFields().from_position(**position)


def test_five_fields_picture() -> None:
    from boardkit.games.five_fields import BOARD, FiveFields, Pawn, Terrain

    state = FiveFields().new_game(seed=0)
    root = parse(svg(state))
    cells = [p for p in root.iter(f"{NS}polygon") if not p.get("class")]
    assert len(cells) == 19
    assert classes(root, "field") == [] and classes(root, "city") == []
    assert len(classes(root, "player-0")) == len(classes(root, "player-1")) == 4  # a Queen and three Princes
    assert texts(root)[1:].count("Q") == 2
    # The key, under the board (its long lines wrap at the board's width).
    legend = [t.text or "" for t in root.iter(f"{NS}text") if t.get("x") == "30"]
    assert legend[:3] == ["plain", "mountain", "sea"]
    assert "ring = Field, castle = City" in " ".join(legend)
    assert "each hex's name, as moves write it" in " ".join(legend)
    # Every hex carries its name, as the moves write it.
    names = [e.text for e in root.iter(f"{NS}text") if e.get("class") == "cell-name"]
    assert sorted(n or "" for n in names) == sorted(state.game.cell_name(c) for c in BOARD.cells)

    plains: dict[Hex, Terrain] = {cell: Terrain.PLAIN for cell in BOARD.cells}  # type: ignore[misc]  # noqa: C420
    state = FiveFields().from_position(
        terrain=plains,
        pawns={(0, 2): [(0, Pawn.QUEEN)], (0, 0): [(0, Pawn.PRINCE)] * 2, (0, -2): [(1, Pawn.QUEEN)]},
        fields={(1, 0): 0, (-1, 0): 1},
        cities={(1, 1): 1},
    )
    root = parse(svg(state))
    assert [f.get("class") for f in classes(root, "field")] == ["field player-1", "field player-0"]
    assert [c.get("class") for c in classes(root, "city")] == ["city player-1"]
    pawns = [p.get("class", "") for p in classes(root, "pawn")]
    assert sorted(pawns) == ["pawn player-0"] * 3 + ["pawn player-1"]
    assert {p.get("fill") for p in classes(root, "player-0")} != {p.get("fill") for p in classes(root, "player-1")}


def test_five_fields_blank_map_shows_face_down_hexes() -> None:
    from boardkit.games.five_fields import FiveFields

    state = FiveFields(blank_map=True).new_game(seed=0)
    root = parse(svg(state))
    hidden = "".join(state.render().splitlines()[1:6]).count("?")  # the map's rows, not its key
    assert hidden > 0
    assert texts(root).count("?") == hidden
    fills = [p.get("fill") for p in root.iter(f"{NS}polygon") if not p.get("class")]
    assert fills.count("#bdbdbd") == hidden
    assert "face down (?)" in texts(root)


def test_the_docs_gallery_is_up_to_date(tmp_path: Path) -> None:
    root = Path(__file__).parent.parent
    spec = importlib.util.spec_from_file_location("make_gallery", root / "examples" / "make_gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.main(tmp_path / "gallery", tmp_path)
    names = [p.name for p in written]
    assert names == [entry[0] for entry in module.GALLERY] + ["camelot-plan.svg", "five-fields-map.svg"]
    assert names[:8] == [
        *("tafl.svg", "cloth-of-gold.svg", "five-fields.svg", "camelot.svg"),
        *("tic-tac-toe.svg", "connect-four.svg", "othello.svg", "hex.svg"),
    ]
    for path in written:
        parse(path.read_text(encoding="utf-8"))
        saved = root / "docs" / "_static" / path.relative_to(tmp_path)
        assert saved.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{saved} is stale: run python examples/make_gallery.py"
        )


def test_cloth_of_gold_picture_of_a_finished_game() -> None:
    from boardkit.games.cloth_of_gold import ClothOfGold

    state = ClothOfGold().new_game(seed=11)
    agent = RandomAgent(seed=11)
    while not state.is_over:
        state.apply(agent.choose(state, state.current_player or 0))
    assert state.endgame_points is not None
    root = parse(svg(state))
    shown = texts(root)
    assert status(state) == f"cloth-of-gold: {shown[0]}" == "cloth-of-gold: player 1 won 28-29 (the darkness ran out)"
    for p in (0, 1):
        jewels, gold = state.endgame_points[p]
        assert any(t and t.endswith(f"at the end: {jewels} for jewels, {gold} for gold") for t in shown)


# -- the drawing package and the kit's drawing (issues 26, 27, 30) --------------------------


def morris_board() -> Any:
    """Nine Men's Morris: 24 points on a 7x7 layout, named a1..g7."""
    g = nx.Graph()
    for ring in range(3):
        lo, hi = ring, 6 - ring
        corners = [(lo, lo), (3, lo), (hi, lo), (hi, 3), (hi, hi), (3, hi), (lo, hi), (lo, 3)]
        for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
            g.add_edge(f"{'abcdefg'[x1]}{y1 + 1}", f"{'abcdefg'[x2]}{y2 + 1}")
        for x, y in corners:
            g.nodes[f"{'abcdefg'[x]}{y + 1}"]["pos"] = (x, y)
    g.add_edges_from([("d1", "d2"), ("d2", "d3"), ("d5", "d6"), ("d6", "d7")])
    g.add_edges_from([("a4", "b4"), ("b4", "c4"), ("e4", "f4"), ("f4", "g4")])
    return from_graph(g)


def kit_game(board: Any, **declared: Any) -> Any:
    from boardkit.kit import BoardGame, BoardState

    attributes = {"name": "drawn", "board": board, "state_class": BoardState, **declared}
    return type("Drawn", (BoardGame,), attributes)()


def test_the_drawing_modules_keep_the_old_names() -> None:
    import boardkit.render as render
    from boardkit.render import board, elements, text

    assert render.topology_svg is board.topology_svg
    assert render.element is elements.element and render.document is elements.document
    assert render.Legend is elements.Legend
    assert text.board_rows(SquareGrid(2, 1), ["X", None]) == ["  a b", "1 X . 1", "  a b"]


def test_a_morris_board_is_drawn_as_a_morris_board_in_text() -> None:
    state = kit_game(morris_board(), pieces={"W": "white", "B": "black"}).new_game(seed=0)
    state.put("a7", "W")
    state.put("d2", "B")
    lines = state.render().splitlines()
    assert lines[:13] == [
        "7 W-----------.-----------.",
        "  |           |           |",
        "6 |   .-------.-------.   |",
        "  |   |       |       |   |",
        "5 |   |   .---.---.   |   |",
        "  |   |   |       |   |   |",
        "4 .---.---.       .---.---.",
        "  |   |   |       |   |   |",
        "3 |   |   .---.---.   |   |",
        "  |   |       |       |   |",
        "2 |   .-------B-------.   |",
        "  |           |           |",
        "1 .-----------.-----------.",
    ]
    assert lines[13].split() == list("abcdefg")
    assert "a7: W" not in state.render()


def test_a_graph_named_otherwise_gets_a_map_of_names_beside_it() -> None:
    g = nx.Graph([("hall", "yard"), ("yard", "gate")])
    for name, xy in {"hall": (0, 0), "yard": (1, 1), "gate": (2, 0)}.items():
        g.nodes[name]["pos"] = xy
    state = kit_game(from_graph(g), pieces={"K": "king"}).new_game(seed=0)
    state.put("hall", "K")
    board = state.render().splitlines()[:3]
    assert board[2].split() == ["K", ".", "hall", "gate"] and board[0].split() == [".", "yard"]


def test_a_crowded_layout_falls_back_to_a_list() -> None:
    g = nx.Graph([("x", "y")])
    g.nodes["x"]["pos"] = g.nodes["y"]["pos"] = (0, 0)
    state = kit_game(from_graph(g), pieces={"K": "king"}).new_game(seed=0)
    state.put("y", "K")
    assert state.render().splitlines()[0] == "y: K"


def test_a_game_gives_its_own_text_template() -> None:
    from boardkit.errors import OptionError

    template = "{a7}----{d7}----{g7}\n  |       |       |\n{a1}----{d1}----{g1}"
    board = morris_board()
    state = kit_game(board, pieces={"W": "white"}, text_template=template).new_game(seed=0)
    state.put("d7", "W")
    assert state.render().splitlines()[:3] == [" .  ---- W  ---- .", "  |       |       |", " .  ---- .  ---- ."]
    with pytest.raises(OptionError, match="'z9'"):
        kit_game(board, text_template="{z9}")


def test_counts_and_stacks_are_drawn() -> None:
    from boardkit.kit import BoardGame, BoardState

    class Pits(BoardGame):
        name = "pits"
        board = SquareGrid(3, 1)
        pieces = {"x": "a seed"}
        state_class = BoardState[Any]

    state = Pits().new_game(seed=0)
    state.put("a1", 12)
    state.put("b1", 0)
    state.put("c1", ("x", "x", "x"))
    assert state.render().splitlines()[1] == "1 12  0 x3 1"  # a stack: its top piece and its height
    root = parse(state.svg_picture())
    assert [t for t in texts(root) if t in {"12", "0", "3"}] == ["12", "0", "3"]
    assert len(list(root.iter(f"{NS}circle"))) == 2  # the stack's top piece, and the key's


def test_a_checkerboard_with_kings() -> None:
    game = kit_game(
        SquareGrid(4, 4),
        pieces={"w": "white man", "W": "white king"},
        colours={"w": "#f5f5f5", "W": "#f5f5f5"},
        shapes={"W": "king"},
        cell_colours=("#b58863", "#f0d9b5"),
    )
    state = game.new_game(seed=0)
    state.put("a1", "w")
    state.put("c3", "W")
    root = parse(state.svg_picture())
    cells = [g for g in root.iter(f"{NS}g") if g.get("data-cell")]
    fills = {g.get("data-cell"): g.find(f"{NS}rect").get("fill") for g in cells}  # type: ignore[union-attr]
    assert fills["a1"] == fills["c3"] == fills["b2"] == "#b58863" and fills["b1"] == fills["a2"] == "#f0d9b5"
    king = next(g for g in root.iter(f"{NS}g") if g.get("data-cell") == "c3")
    assert king.find(f"{NS}g/{NS}polygon") is not None and king.find(f"{NS}text") is None  # a crown, no letter
    man = next(g for g in root.iter(f"{NS}g") if g.get("data-cell") == "a1")
    assert [t.text for t in man.iter(f"{NS}text")] == ["w"]


def cell_fills_drawn(picture: str) -> dict[str, str]:
    """Each cell's fill in a picture: its square's, hexagon's or circle's, the first thing in its group."""
    groups = [g for g in parse(picture).iter(f"{NS}g") if g.get("data-cell")]
    return {str(g.get("data-cell")): str(next(iter(g)).get("fill")) for g in groups}


@pytest.mark.parametrize(
    ("board", "named"),
    [
        (SquareGrid(4, 4, origin="top"), {"a1": "#d4b48c", "b2": "#d4b48c", "d4": "navy"}),
        (HexGrid.hexagon(1), {"(0, 0)": "#d4b48c", "(1, -1)": "navy"}),
        (morris_board(), {"a1": "#d4b48c", "d7": "navy"}),
    ],
    ids=["square", "hexagon", "graph"],
)
def test_cells_coloured_by_name_take_their_colours_and_the_rest_keep_the_plain_fill(
    board: Any, named: dict[str, str]
) -> None:
    """Issue 39: a game colours its cells by group (Pentago's quarters) by naming each cell's colour."""
    names = {board.name(c) for c in board.cells}
    assert set(named) <= names
    plain = cell_fills_drawn(kit_game(board).new_game(seed=0).svg_picture())
    fills = cell_fills_drawn(kit_game(board, cell_colours=named).new_game(seed=0).svg_picture())
    assert set(fills) == names
    assert fills == {name: named.get(name, plain[name]) for name in names}
    assert len(set(plain.values())) == 1 and plain[next(iter(names - set(named)))] not in named.values()


@pytest.mark.parametrize(
    "board", [SquareGrid(5, 3), HexGrid.hexagon(2), morris_board()], ids=["square", "hex", "graph"]
)
def test_cell_colours_in_turn_are_drawn_as_before(board: Any) -> None:
    """The sequence form is unchanged by the mapping one: checkered's colours, cell by cell."""
    from boardkit.render.board import checkered

    colours = ("#b58863", "#f0d9b5", "#8aa")
    taken = checkered(board, colours)
    fills = cell_fills_drawn(kit_game(board, cell_colours=colours).new_game(seed=0).svg_picture())
    assert fills == {board.name(cell): taken[cell] for cell in board.cells}
    assert len(set(fills.values())) > 1


@pytest.mark.parametrize(
    ("cell_colours", "error", "said"),
    [
        ({"a1": "red", "z9": "red"}, "OptionError", "drawn: cell_colours names 'z9', not a cell of the board"),
        ({(0, 0): "red"}, "OptionError", "drawn: cell_colours names (0, 0), not a cell of the board"),
        ({"a1": 3}, "OptionTypeError", "drawn: cell_colours gives a1 3, not a colour such as '#b58863'"),
        ({"a1": ""}, "OptionTypeError", "drawn: cell_colours gives a1 '', not a colour such as '#b58863'"),
        (("#fff", None), "OptionTypeError", "drawn: cell_colours lists None, not a colour such as '#b58863'"),
        ("#b58863", "OptionTypeError", "drawn: cell_colours is '#b58863'; give colours to take in turn"),
        (7, "OptionTypeError", "drawn: cell_colours is 7; give colours to take in turn"),
    ],
)
def test_bad_cell_colours_are_refused_in_one_line_when_the_game_is_made(
    cell_colours: Any, error: str, said: str
) -> None:
    from boardkit.errors import OptionError

    with pytest.raises(OptionError) as refused:
        kit_game(SquareGrid(3, 3), cell_colours=cell_colours)
    assert type(refused.value).__name__ == error
    assert str(refused.value).startswith(said) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("declared", "error", "said"),
    [
        ({"colours": {"x": 5}}, "OptionTypeError", "drawn: colours gives 'x' 5, not a colour such as '#b58863'"),
        ({"colours": {"x": " "}}, "OptionTypeError", "drawn: colours gives 'x' ' ', not a colour"),
        ({"colours": "#222"}, "OptionTypeError", "drawn: colours is '#222'; give a mapping from piece symbols"),
        ({"shapes": {"x": "circle"}}, "OptionError", "drawn: shapes gives 'x' the shape 'circle'; shapes are 'disc'"),
        ({"shapes": ["disc"]}, "OptionTypeError", "drawn: shapes is ['disc']; give a mapping from piece symbols"),
        ({"sides": {"north": "x"}}, "OptionError", "drawn: sides: no side 'north': sides are 'top'"),
    ],
)
def test_bad_colours_shapes_and_sides_are_refused_in_one_line_when_the_game_is_made(
    declared: dict[str, Any], error: str, said: str
) -> None:
    """They were taken, and the picture failed (an AttributeError, a 500 on every view of the web
    table), or, for a shape the kit does not draw, the piece was a plain disc without its letter."""
    from boardkit.errors import OptionError

    with pytest.raises(OptionError) as refused:
        kit_game(SquareGrid(3, 3), pieces={"x": "a stone"}, **declared)
    assert type(refused.value).__name__ == error
    assert str(refused.value).startswith(said) and "\n" not in str(refused.value)


def test_good_colours_shapes_and_sides_are_drawn() -> None:
    game = kit_game(
        SquareGrid(3, 3), pieces={"x": "a stone"}, colours={"x": "#123456"}, shapes={"x": "ring"}, sides={"top": "x"}
    )
    state = game.new_game(seed=0)
    state.put("a1", "x")
    assert 'stroke="#123456"' in state.svg_picture()


def test_declared_svg_refuses_a_cell_it_does_not_know_as_the_kit_does() -> None:
    from boardkit.errors import OptionError
    from boardkit.render.declared import declared_svg

    with pytest.raises(OptionError, match=r"^cell_colours names 'd4', not a cell of the board$"):
        declared_svg(SquareGrid(3, 3), [None] * 9, key={}, cell_colours={"d4": "red"})


@pytest.mark.parametrize("shape", ["disc", "king", "square", "diamond", "triangle", "ring"])
def test_every_piece_shape_is_drawn_where_it_stands(shape: str) -> None:
    from boardkit.render.board import piece

    drawn = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{piece(shape, 50, 60, 10, "red")}</svg>')
    first = next(iter(drawn))
    xs = [float(v) for k, v in first.attrib.items() if k in {"cx", "x"}]
    if first.tag == f"{NS}polygon":
        xs = [float(p.split(",")[0]) for p in first.attrib["points"].split()]
        xs = [sum(xs) / len(xs)]
    elif first.tag == f"{NS}rect":
        xs = [xs[0] + float(first.attrib["width"]) / 2]
    assert xs == [pytest.approx(50, abs=0.1)]


@pytest.mark.parametrize("board", [HexGrid.hexagon(2), morris_board()], ids=["hexagon", "graph"])
def test_boards_without_rows_show_every_cell_name(board: Any) -> None:
    state = kit_game(board, pieces={"K": "king"}).new_game(seed=0)
    root = parse(state.svg_picture())
    names = [board.name(c) for c in board.cells]
    groups = {g.get("data-cell"): g for g in root.iter(f"{NS}g")}
    assert sorted(n or "" for n in groups) == sorted(names)
    for name, group in groups.items():
        assert [t.text for t in group.iter(f"{NS}text") if t.get("class") == "cell-name"] == [name]


def test_square_boards_carry_coordinates_and_cell_ids() -> None:
    state = kit_game(SquareGrid(3, 3), pieces={"K": "king"}).new_game(seed=0)
    root = parse(state.svg_picture())
    assert sorted(g.get("data-cell") or "" for g in root.iter(f"{NS}g")) == sorted(
        f"{c}{r}" for c in "abc" for r in "123"
    )
    assert {"a", "b", "c", "1", "2", "3"} <= set(texts(root))


def test_the_picture_keeps_its_width_as_the_game_goes_on() -> None:
    from boardkit.games.camelot import Camelot

    state = Camelot().new_game(seed=1)
    agent = RandomAgent(seed=1)
    widths = set()
    for _ in range(30):
        widths.add(parse(svg(state)).attrib["width"])
        if state.is_over:
            break
        state.apply(agent.choose(state, state.current_player or 0))
    assert widths == {"440"}  # the board's width: the growing key wraps instead of widening it


def test_a_long_title_and_legend_wrap_within_the_board() -> None:
    root = parse(topology_svg(SquareGrid(9, 9), title="word " * 30, legend=[("red", "a long line " * 20)]))
    assert root.attrib["width"] == "400"
    titles = [t for t in root.iter(f"{NS}text") if t.get("font-weight") == "bold"]
    assert len(titles) > 1 and " ".join(t.text or "" for t in titles).split() == ["word"] * 30
    key = [t.text or "" for t in root.iter(f"{NS}text") if t.get("x") == "30"]
    assert len(key) > 1 and " ".join(key).split() == ["a", "long", "line"] * 20
    assert len(list(root.iter(f"{NS}circle"))) == 1  # one swatch for the wrapped line


def test_marked_edges_are_drawn_as_lines() -> None:
    board = SquareGrid(3, 3)
    root = parse(topology_svg(board, edges={((0, 0), (1, 0)): "#c62828", ((1, 1), (1, 2)): "#1565c0"}))
    lines = [(e.get("stroke"), e.get("x1"), e.get("x2"), e.get("y1"), e.get("y2")) for e in root.iter(f"{NS}line")]
    lines = lines[1::2]  # each over its dark outline
    assert [s for s, *_ in lines] == ["#c62828", "#1565c0"]
    assert lines[0][3] == lines[0][4] and lines[0][1] != lines[0][2]  # across
    assert lines[1][1] == lines[1][2] and lines[1][3] != lines[1][4]  # down


def test_a_game_on_edges_is_drawn_as_points_and_lines() -> None:
    from boardkit.kit import BoardGame, BoardState, Edge

    class Lines(BoardGame):
        name, board, state_class, moves = "lines", SquareGrid(3, 3), BoardState, (Edge,)
        pieces = {"x": "player 0", "o": "player 1"}

    state = Lines().new_game(seed=0)
    state.put_edge("a1", "b1", "x")
    state.put_edge("c3", "c2", "o")
    assert state.render().splitlines()[:6] == [
        "3 .   .   .",
        "          |",
        "2 .   .   .",
        "",
        "1 .---.   .",
        "  a   b   c",
    ]
    root = parse(state.svg_picture())
    assert list(root.iter(f"{NS}rect")) == []  # no squares: points
    thick = [e.get("stroke") for e in root.iter(f"{NS}line") if e.get("stroke") not in {"#888", "#222"}]
    assert sorted(thick) == ["#222222", "#f5f5f5"]  # a1-b1 in player 0's colour, c2-c3 in player 1's
    dashed = [e for e in root.iter(f"{NS}line") if e.get("stroke-dasharray")]
    assert len(dashed) == 12  # every edge of the board, thin


def test_a_hex_board_of_any_shape_prints_its_names_beside_it() -> None:
    """A hexagon (not a rhombus, which has coordinates round it) is drawn with a map of its cells' names beside
    it, row for row, each name where its hex is drawn: a person could not tell which hex is h8 before (a
    newcomer playing Havannah); names too wide to sit beside go under; a map wider than a screen is left out."""
    from boardkit.render.text import board_rows

    board = HexGrid.hexagon(2)
    names = [f"{chr(ord('a') + q + 2)}{r + 3}" for q, r in board.hexes]
    rows = board_rows(board, [None] * len(names), names=names)
    assert len(rows) == 5
    for r in range(-2, 3):  # each row: its hexes, then their names in the same order
        own = [name for name, (_, row) in zip(names, board.hexes, strict=True) if row == r]
        assert rows[r + 2].split() == ["."] * len(own) + own
    wide = board_rows(HexGrid.hexagon(9), [None] * len(HexGrid.hexagon(9).cells))
    assert all("(" not in row for row in wide)  # 19 names of 8 across: wider than a screen, left out
