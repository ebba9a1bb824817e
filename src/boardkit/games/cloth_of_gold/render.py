"""Text and SVG pictures of a game of Field of the Cloth of Gold.

Kept apart from the rules; :meth:`ClothOfGoldState.render
<boardkit.games.cloth_of_gold.ClothOfGoldState.render>`, ``render_for``,
``public_info`` and ``describe`` call these. :func:`picture` is the picture
the game declares (``PARTS.picture``), what :func:`boardkit.render.svg` and
Jupyter show: the seven ovals with their tiles, tokens
and the Dragon, the Track of Scoring, both Courts, the hand sizes (never their
contents) and the Darkness.

Examples:
    >>> from boardkit.games.cloth_of_gold import ClothOfGold
    >>> print(text(ClothOfGold().new_game(seed=1), None).splitlines()[1])
    oval     dragon  secrecy gold    blue    white   red     purple
"""

from __future__ import annotations

import functools
import textwrap
from collections import Counter
from typing import Final

import networkx as nx

from boardkit.games.cloth_of_gold.board import ACTION_TILE, OVALS, ROW_SIZES, TILES, Space, Tile
from boardkit.games.cloth_of_gold.moves import TOKEN_NAMES, Move
from boardkit.games.cloth_of_gold.shape import StateShape
from boardkit.render import document, element
from boardkit.render.text import counted
from boardkit.topology import Topology, from_graph

__all__ = ["FILLS", "PLAYER_COLOURS", "cells", "describe", "picture", "public_info", "text"]

#: SVG fill colours of the tiles.
FILLS: Final[dict[Tile, str]] = {
    Tile.GOLD: "#e6c229",
    Tile.BLUE: "#6f9ad8",
    Tile.WHITE: "#ffffff",
    Tile.RED: "#d9534f",
    Tile.JEWEL: "#3fa34d",
}
_PLAYER_FILLS: Final = ("#f2b8b8", "#b8cff2")
#: The colours of the two players' tokens and score markers in :func:`picture`.
PLAYER_COLOURS: Final[tuple[str, str]] = ("#e67e22", "#2c3e50")
_PLAYER_TEXT: Final = ("#000000", "#ffffff")
_DRAGON_COLOUR: Final = "#7a1f1f"
_DRAGON_FILL: Final = "#a0a0a0"
_EMPTY_FILL: Final = "#f4ead5"


#: The key printed under the text board.
KEY: Final = (
    "key: the ovals are named as moves name them: A-gold sends your token A to the gold oval,",
    "     A-dragon/red sends it to the dragon's oval and the Dragon to red; 'tile' is the tile",
    "     waiting on each oval (- none); 'on it': 0A is player 0's token A, DRAGON the Dragon;",
    "     track: 0 and 1 mark the players' scores, * both",
)


#: The key under the picture.
SVG_KEY: Final = (
    "Key: A and B are a player's two tokens, in the player's colour; D is the Dragon.",
    "Tiles: G gold, B blue, W white, R red, J jewel; a dashed square is an empty tile space.",
    "Moves name the ovals: A-gold sends token A to the gold oval; A-dragon/red sends it to the dragon's oval.",
)


def _counts(counts: Counter[Tile]) -> str:
    shown = [f"{t.value} {counts[t]}" for t in TILES if counts[t]]
    return ", ".join(shown) if shown else "(none)"


def _occupant(who: tuple[int, int] | str | None) -> str:
    """Who stands on an oval (``state.occupant(space)``) as the board writes it: ``0A`` (player 0's
    token A), ``DRAGON``, or ``.`` for nobody."""
    if isinstance(who, tuple):
        return f"{who[0]}{TOKEN_NAMES[who[1]]}"
    return "." if who is None else "DRAGON"


def _track_row(scores: tuple[int, int], row: int) -> str:
    start = sum(ROW_SIZES[:row])
    marks = []
    for space in range(start, start + ROW_SIZES[row]):
        here = [str(p) for p in (0, 1) if min(scores[p], sum(ROW_SIZES) - 1) == space]
        marks.append("*" if len(here) == 2 else here[0] if here else ".")
    return f"  row {row} {start:2}-{start + ROW_SIZES[row] - 1:2} {''.join(marks)}"


def text(state: StateShape, player: int | None) -> str:
    """The position as text; ``player``'s own Hand is added when given.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> state = ClothOfGold().from_position(hands=[{}, {"red": 1}], scores=(9, 0))
        >>> print(text(state, 1).splitlines()[-1])
        your hand (player 1): red 1 (only you see it)
    """
    outcome = state.outcome
    if outcome is None:
        status = f"player {state.current_player} to move"
    else:
        who = " and ".join(f"player {p}" for p in sorted(outcome.winners))
        verb = "share the victory" if len(outcome.winners) == 2 else "wins"
        status = f"over ({outcome.reason}), {who} {verb}"
    width = 8
    lines = [f"Field of the Cloth of Gold, {state.game.variant} edition: {status}"]
    lines.append("oval     " + "".join(s.value.ljust(width) for s in OVALS).rstrip())
    # Each tile space's tile, or - when empty; the Dragon's oval, which has none, is left blank.
    shown = {s: "-" if tile is None else tile.value for s, tile in state.tile_spaces.items()}
    lines.append("tile     " + "".join(shown.get(s, "").ljust(width) for s in OVALS).rstrip())
    lines.append("on it    " + "".join(_occupant(state.occupant(s)).ljust(width) for s in OVALS).rstrip())
    lines.append(f"dragon   {'at home' if state.dragon is None else 'on ' + state.dragon.value}")
    scores = state.scores
    lines.append(f"track    player 0: {scores[0]} (row {state.row(0)}), player 1: {scores[1]} (row {state.row(1)})")
    lines.extend(_track_row(scores, r) for r in range(len(ROW_SIZES)))
    if state.endgame_points is not None:
        for p, (jewels, gold) in enumerate(state.endgame_points):
            lines.append(f"end      player {p}: {jewels} for jewels, {gold} for gold")
    for p in (0, 1):
        lines.append(f"court {p}  {_counts(state.court(p))}")
    lines.append("hands    " + ", ".join(f"player {p}: {counted(state.hand_size(p), 'tile')}" for p in (0, 1)))
    lines.append(f"darkness {counted(state.darkness_size, 'tile')}; removed: {_counts(state.removed)}")
    lines.extend(KEY)
    if player is not None:
        hand: Counter[Tile] = Counter(dict(state.view(player).hand))
        lines.append(f"your hand (player {player}): {_counts(hand)} (only you see it)")
    return "\n".join(lines)


def public_info(state: StateShape) -> dict[str, str]:
    """What both players see beside the ovals (``state.public_info()``): the
    Courts, the Hands' sizes, the Darkness's size and the tiles removed."""
    seat = state.game.seat_name
    return {
        "Court 0": _counts(state.court(0)),
        "Court 1": _counts(state.court(1)),
        "Hands": ", ".join(f"{seat(p)}: {counted(state.hand_size(p), 'tile')}" for p in (0, 1)),
        "Darkness": f"{counted(state.darkness_size, 'tile')}",
        "removed": _counts(state.removed),
    }


def describe(state: StateShape, move: Move, before: StateShape) -> str:
    """What ``move`` did (``state.describe(move, before)``), in the order it
    happened: the gift to the rival's Court, the tiles revealed from the Hand
    (which go to the Court for both to see), the points scored, the tiles
    removed, how many tiles were drawn from the Darkness into a Hand (never
    which), the tiles that refilled the empty ovals, and the end-game points."""
    p = before.current_player
    if p is None or len(state.history) != len(before.history) + 1:
        return ""
    seat = state.game.seat_name
    said: list[str] = []
    spaces = before.tile_spaces
    gifts = [tile.value for space in (move.to, move.dragon) if space is not None and (tile := spaces.get(space))]
    if gifts:
        said.append(f"gift: {' and '.join(gifts)} to {seat(1 - p)}'s Court")
    revealed = 0
    if move.to is Space.PURPLE:
        hand = before.hand(p)  # all of it goes to the Court, for both to see
        revealed = hand.total()
        said.append(f"revealed the Hand: {_counts(hand)}" if revealed else "revealed an empty Hand")
    elif move.to in ACTION_TILE:
        colour = ACTION_TILE[move.to]
        revealed = before.hand(p)[colour]
        said.append(f"revealed {revealed or 'no'} {colour.value} from the Hand")
    for q in (p, 1 - p):
        gained = state.scores[q] - before.scores[q]
        if gained:
            said.append(f"{'' if q == p else seat(q) + ' '}scored {gained:+d} (now {state.scores[q]})")
    removed = state.removed - before.removed
    if removed:
        said.append(f"removed {_counts(removed)} from the game")
    for q in (p, 1 - p):
        drawn = state.hand_size(q) - before.hand_size(q) + (revealed if q == p else 0)
        if drawn > 0:
            said.append(f"{'' if q == p else seat(q) + ' '}drew {drawn} from the Darkness")
    refilled = [
        f"{tile.value} on the {space.value} oval"
        for space, tile in state.tile_spaces.items()
        if tile is not None and spaces.get(space) is None
    ]
    if refilled:
        said.append("new tiles: " + ", ".join(refilled))
    ended = state.endgame_points
    if ended is not None and before.endgame_points is None:
        said.append("end of the game: " + "; ".join(
            f"{seat(q)} {jewels} for jewels, {gold} for gold" for q, (jewels, gold) in enumerate(ended)
        ))
    return "; ".join(said)


@functools.cache
def _board() -> Topology:
    graph: nx.Graph[Space] = nx.Graph()
    for i, space in enumerate(OVALS):
        graph.add_node(space, pos=(float(i), 0.0))
    nx.add_path(graph, OVALS)
    return from_graph(graph)


def cells(state: StateShape) -> tuple[Topology, dict[Space, str], dict[Space, str]]:
    """The seven ovals as a board, a label and a fill colour per oval.

    An oval is labelled with its name and whoever stands on it (``0A``: player
    0's token A; ``DRAGON``) or else its tile; it is filled with its tile's
    colour, its token's player colour, or grey for the Dragon.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold, Space
        >>> state = ClothOfGold().from_position(tile_spaces={"gold": "red"})
        >>> board, labels, fills = cells(state)
        >>> labels[Space.GOLD], fills[Space.GOLD]
        ('gold: red', '#d9534f')
    """
    labels: dict[Space, str] = {}
    fills: dict[Space, str] = {}
    tiles = state.tile_spaces
    for space in OVALS:
        who = state.occupant(space)
        tile = tiles.get(space)
        if who is not None:
            labels[space] = f"{space.value}: {_occupant(who)}"
            fills[space] = _PLAYER_FILLS[who[0]] if isinstance(who, tuple) else _DRAGON_FILL
        elif tile is not None:
            labels[space] = f"{space.value}: {tile.value}"
            fills[space] = FILLS[tile]
        else:
            labels[space] = space.value
            fills[space] = _EMPTY_FILL
    return _board(), labels, fills


# The picture is laid out for a phone's screen (390 CSS pixels): 400 units wide, one oval in seven
# of it, and no text under 11 units, so that it reads at 10 pixels and more on a phone (and, drawn
# larger, on a desktop).
_WIDTH: Final = 400.0
_OVAL_STEP: Final = (_WIDTH - 8) / len(OVALS)
_SPACE_W: Final = 46.0
_SPACE_H: Final = 30.0
_WRAP: Final = 58  # characters of 12-unit text across the picture
_SMALL: Final[dict[str, object]] = {"text_anchor": "middle", "dominant_baseline": "central"}


def _disc(x: float, y: float, r: float, fill: str, letter: str, ink: str, kind: str) -> list[str]:
    return [
        element("circle", cx=x, cy=y, r=r, fill=fill, stroke="#111", stroke_width=1.5, class_=kind),
        element("text", letter, x=x, y=y, font_size=round(r * 1.1), font_weight="bold", fill=ink, **_SMALL),
    ]


def _tile(tile: Tile | None, x: float, y: float, size: float, kind: str) -> list[str]:
    """A square tile centred on ``(x, y)``: its colour and letter, or a dashed empty space."""
    if tile is None:
        return [
            element(
                "rect", x=x - size / 2, y=y - size / 2, width=size, height=size, fill="none", stroke="#999",
                stroke_dasharray="4 3", class_=f"{kind} empty",
            )
        ]
    return [
        element(
            "rect", x=x - size / 2, y=y - size / 2, width=size, height=size, rx=3, fill=FILLS[tile], stroke="#333",
            class_=f"{kind} {tile.value}",
        ),
        element("text", tile.value[0].upper(), x=x, y=y, font_size=round(size * 0.5), font_weight="bold", **_SMALL),
    ]


def _ovals(state: StateShape, top: float) -> list[str]:
    parts: list[str] = []
    tiles = state.tile_spaces
    _, hints, _ = cells(state)
    for i, space in enumerate(OVALS):
        x = 4 + _OVAL_STEP * (i + 0.5)
        y = top + 40
        # A tooltip naming what is on the oval: "gold: DRAGON", "dragon: player 0's token A", "red: white".
        who = state.occupant(space)
        hint = f"{space.value}: player {who[0]}'s token {'AB'[who[1]]}" if isinstance(who, tuple) else hints[space]
        parts.append(f'<g class="space" data-cell="{space.value}">' + element("title", hint))
        # The whole column under the oval's name answers a click (a finger on a phone misses less).
        parts.append(element("rect", x=x - _OVAL_STEP / 2, y=top, width=_OVAL_STEP, height=100, fill="transparent",
                             class_="hit"))
        parts.append(element("text", space.value, x=x, y=top + 8, font_size=12, class_="oval-name", **_SMALL))
        parts.append(element("ellipse", cx=x, cy=y, rx=_OVAL_STEP / 2 - 2, ry=19, fill="#f4ead5", stroke="#8a6d3b",
                             stroke_width=2, class_="oval"))
        if who == "dragon":
            parts.extend(_disc(x, y, 13, _DRAGON_COLOUR, "D", "#ffffff", "dragon"))
        elif isinstance(who, tuple):
            p, token = who
            parts.extend(_disc(x, y, 12, PLAYER_COLOURS[p], TOKEN_NAMES[token], _PLAYER_TEXT[p], f"token player-{p}"))
        if space.has_tile_space:
            parts.extend(_tile(tiles.get(space), x, top + 82, 28, "tile"))
        else:
            parts.append(element("rect", x=x - 25, y=top + 67, width=50, height=30, rx=6, fill="#eeeeee",
                                 stroke="#999", class_="dragon-home"))
            parts.append(element("text", "Dragon's home", x=4, y=top + 110, font_size=12, fill="#555",
                                 dominant_baseline="central"))
            if state.dragon is None:
                parts.extend(_disc(x, top + 82, 12, _DRAGON_COLOUR, "D", "#ffffff", "dragon"))
        parts.append("</g>")
    return parts


def _track(state: StateShape, left: float, top: float) -> list[str]:
    parts = [element("text", "Track of Scoring", x=left, y=top, font_size=14, font_weight="bold")]
    last = sum(ROW_SIZES) - 1
    scores = state.scores
    start = 0
    for row, size in enumerate(ROW_SIZES):
        y = top + 10 + row * _SPACE_H
        for k in range(size):
            space = start + k
            x = left + k * _SPACE_W
            parts.append(element("rect", x=x, y=y, width=_SPACE_W, height=_SPACE_H, fill="#fbf6e9" if row % 2 else
                                 "#f1e6c8", stroke="#8a6d3b", class_="track-space"))
            name = f"{space}+" if space == last else str(space)
            parts.append(element("text", name, x=x + 3, y=y + 11, font_size=12, fill="#666"))
            for p in (0, 1):
                if min(scores[p], last) == space:
                    cx = x + _SPACE_W * (0.62 if p == 0 else 0.84)
                    parts.append(element("circle", cx=cx, cy=y + _SPACE_H * 0.6, r=7, fill=PLAYER_COLOURS[p],
                                         stroke="#111", class_=f"score-marker player-{p}"))
        start += size
    return parts


_COURT_HEIGHT: Final = 84.0


def _courts(state: StateShape, left: float, top: float) -> list[str]:
    parts: list[str] = []
    kinds = [t for t in TILES if state.game.tile_set[t]]
    for p in (0, 1):
        y = top + p * _COURT_HEIGHT
        parts.extend(_disc(left + 8, y - 4, 8, PLAYER_COLOURS[p], "", "#000", f"player-{p}"))
        heading = f"Player {p}: {counted(state.scores[p], 'point')}, {counted(state.hand_size(p), 'tile')} in hand"
        parts.append(element("text", heading, x=left + 22, y=y, font_size=13, font_weight="bold", class_="court-title"))
        court = state.court(p)
        parts.append(element("text", "Court", x=left + 22, y=y + 24, font_size=12, fill="#555",
                             dominant_baseline="central"))
        for k, tile in enumerate(kinds):
            x = left + 80 + k * 58
            parts.extend(_tile(tile, x, y + 24, 26, f"court-tile player-{p}"))
            parts.append(element("text", f"\u00d7{court[tile]}", x=x + 16, y=y + 24, font_size=13,
                                 dominant_baseline="central", class_="court-count"))
        away = [TOKEN_NAMES[i] for i, where in enumerate(state.tokens(p)) if where is None]
        notes = [f"token{'s' if len(away) > 1 else ''} {' and '.join(away)} off the board"] if away else []
        if state.endgame_points is not None:
            jewels, gold = state.endgame_points[p]
            notes.append(f"at the end: {jewels} for jewels, {gold} for gold")
        for n, note in enumerate(notes):
            parts.append(element("text", note, x=left + 22, y=y + 52 + 15 * n, font_size=12, fill="#555"))
    return parts


def _lines(text: str, x: float, y: float, **attributes: object) -> tuple[list[str], float]:
    """``text`` wrapped to the picture's width, a line of 12-unit text each 16 units down
    from ``y``; and the ``y`` under the last line."""
    parts = []
    for line in textwrap.wrap(text, _WRAP, subsequent_indent="  "):
        parts.append(element("text", line, x=x, y=y, font_size=12, **attributes))
        y += 16
    return parts, y


def picture(state: StateShape, title: str | None = None) -> str:
    """The public position as an SVG picture.

    From the top: the title, the seven ovals in board order (each with its
    name, whoever stands on it and the tile on its tile space; the Dragon's
    home under the Dragon's oval), the Track of Scoring (scores of 40 and
    more in the last space), each player's Court (tiles per colour), score
    and hand size, and the Darkness. Hands are drawn as sizes only, so the
    picture is the same for everyone.

    Args:
        state: The position.
        title: A line above the picture, or none.

    Examples:
        >>> import xml.etree.ElementTree as ET
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> state = ClothOfGold().from_position(tile_spaces={"gold": "red"}, scores=(3, 29), seed=0)
        >>> root = ET.fromstring(picture(state, "a position"))
        >>> shapes = [e.get("class", "") for e in root.iter()]
        >>> shapes.count("oval"), shapes.count("track-space"), shapes.count("tile red")
        (7, 40, 1)
        >>> [e.text for e in root.iter("{http://www.w3.org/2000/svg}title")][2]
        'gold: red'
    """
    parts: list[str] = []
    if title:
        # One line, squeezed to the picture's width when it is longer (a game's end says why it ended).
        squeeze = {"textLength": _WIDTH - 12, "lengthAdjust": "spacingAndGlyphs"} if len(title) > 44 else {}
        parts.append(element("text", title, x=_WIDTH / 2, y=22, text_anchor="middle", font_size=15,
                             font_weight="bold", **squeeze))
    top = 34.0 if title else 8.0
    parts.extend(_ovals(state, top))
    lower = top + 140
    parts.extend(_track(state, 16, lower))
    courts = lower + 10 + _SPACE_H * len(ROW_SIZES) + 30
    parts.extend(_courts(state, 12, courts))
    y = courts + 2 * _COURT_HEIGHT
    parts.append(element("text", f"Darkness: {counted(state.darkness_size, 'tile')} face down", x=16, y=y,
                         font_size=13, class_="darkness"))
    # Room for two lines of removed tiles, whatever they say: the picture keeps its size all game.
    removed, _ = _lines(f"removed from the game: {_counts(state.removed)}", 16, y + 18, fill="#555")
    parts.extend(removed)
    y += 18 + 2 * 16 + 8
    for line in SVG_KEY:
        said, y = _lines(line, 16, y, fill="#333", class_="key")
        parts.extend(said)
    return document(_WIDTH, y, parts)
