"""Pictures of a game of 5 Fields: the map as text and as SVG.

The state's ``render`` comes here (its documentation and examples stay on
:class:`~boardkit.games.five_fields.FiveFieldsState`); :func:`picture` is the
picture the game declares (``PARTS.picture``), what
:func:`boardkit.render.svg` and Jupyter show. This module imports the
core, 5 Fields' board and the state's first floor
(:class:`~boardkit.games.five_fields.position.Position`, which holds every list
it reads) and, when drawing, :mod:`boardkit.render`; never the rules (which
import it).
"""

from __future__ import annotations

import functools
import math

from boardkit.games.five_fields.board import (
    CELL_COUNT,
    CELL_INDEX,
    CELLS,
    HIDDEN_CODE,
    MOUNTAIN_CODE,
    PLAIN_CODE,
    SEA_CODE,
    TERRAIN_CODES,
    format_hex,
)
from boardkit.games.five_fields.position import Position
from boardkit.topology import Hex

__all__ = ["lost_line", "picture", "render_text"]

_TERRAIN_FILLS = {PLAIN_CODE: "#9ccc65", MOUNTAIN_CODE: "#a1887f", SEA_CODE: "#64b5f6", HIDDEN_CODE: "#bdbdbd"}
_PAWN_COLOURS = ("#c62828", "#1a237e")


def _letters(state: Position, i: int) -> str:
    text = ""
    for p, letters in enumerate(("FCQP", "fcqp")):
        if state._field[i] == p:
            text += letters[0]
        if state._city[i] == p:
            text += letters[1]
        if state._queen[p] == i:
            text += letters[2]
        text += letters[3] * state._princes[p].count(i)
    return text


def lost_line(state: Position) -> str:
    """The Princes each player lost in Battles and may regenerate, in words."""
    return f"Princes lost in Battles, to regenerate: player 0: {state._lost[0]}, player 1: {state._lost[1]}"


def render_text(state: Position) -> str:
    """The map as text, a key and whose turn it is (``state.render()``)."""
    marks = {PLAIN_CODE: ".", MOUNTAIN_CODE: "^", SEA_CODE: "~", HIDDEN_CODE: "?"}
    letters = "   " + "".join(f" {chr(ord('a') + c)} " for c in range(9))
    rows = {r: [" "] * 29 for r in range(-2, 3)}  # from the top, number 5
    for i, (q, r) in enumerate(CELLS):
        text = marks[state._terrain[i]] + _letters(state, i)
        at = 3 * (2 * q + r + 4) + 1
        rows[r][at : at + len(text)] = list(text)
    lines = [letters, *(f"{3 - r:>2} " + "".join(row) + f" {3 - r}" for r, row in rows.items()), letters]
    lines.append("key: . plain, ^ mountain, ~ sea, ? face down; then Q Queen, P Prince, F Field, C City")
    lines.append("     (upper case player 0, lower case player 1); hexes are named as in moves: g1, e3...")
    if any(state._lost):
        lines.append(lost_line(state))
    if state._outcome is not None:
        lines.append(f"game over: {state._outcome.reason}")
    else:
        status = f"player {state._to_move} to move, turn {state._turns + 1}"
        if state._in_action():
            status += " (moving pawns: play a second pawn or end)"
        lines.append(status)
    return "\n".join(line.rstrip() for line in lines)


def picture(state: Position, title: str | None = None) -> str:
    """The map as an SVG picture, what :func:`boardkit.render.svg` draws.

    Hexes are filled by terrain (face-down hexes grey with a ``?``); a
    Field is a ring in its owner's colour inside the hex, a City a small
    castle in its owner's colour; pawns are discs in their owner's colour
    marked ``Q`` (Queen) or ``P`` (Prince). Each hex carries its name as
    moves write it (``data-cell``), and a key under the map explains the
    colours.

    Args:
        state: The position.
        title: A line above the map, or none.

    Examples:
        >>> import xml.etree.ElementTree as ET
        >>> from boardkit.games.five_fields import FiveFields
        >>> root = ET.fromstring(picture(FiveFields().new_game(seed=0), "start"))
        >>> sum(1 for e in root.iter() if e.get("class") == "pawn player-1")
        4
    """
    from boardkit.render import topology_svg

    fills = {CELLS[i]: _TERRAIN_FILLS[state._terrain[i]] for i in range(CELL_COUNT)}
    legend = [
        *((_TERRAIN_FILLS[k], t.value) for k, t in enumerate(TERRAIN_CODES)),
        *([(_TERRAIN_FILLS[HIDDEN_CODE], "face down (?)")] if HIDDEN_CODE in state._terrain else []),
        *((_PAWN_COLOURS[p], f"player {p}: Q Queen, P Prince, ring = Field, castle = City") for p in (0, 1)),
        ("#ffffff", "g1, e3...: each hex's name, as moves write it (move P f2->e3)"),
        *([("#ffffff", lost_line(state))] if any(state._lost) else []),
    ]
    return topology_svg(
        state.topology,
        {},
        fills,
        title=title,
        legend=legend,
        overlay=functools.partial(_svg_overlay, state),
        names={cell: format_hex(cell) for cell in CELLS},
    )


def _svg_overlay(state: Position, cell: Hex, x: float, y: float) -> str:
    from boardkit.render import element

    i = CELL_INDEX[cell]
    parts = []
    field, city = state._field[i], state._city[i]
    if field >= 0:
        r = 31.0
        corners = " ".join(
            f"{x + r * math.cos(math.radians(60 * k + 30)):.1f},{y + r * math.sin(math.radians(60 * k + 30)):.1f}"
            for k in range(6)
        )
        parts.append(element("polygon", points=corners, fill="none", stroke=_PAWN_COLOURS[field], stroke_width=5,
                             class_=f"field player-{field}"))
    if city >= 0:
        outline = "m -13,0 v -17 h 6 v 5 h 4 v -5 h 6 v 5 h 4 v -5 h 6 v 17 z"
        parts.append(element("path", d=f"M {x:.1f},{y - 7:.1f} {outline}", fill=_PAWN_COLOURS[city],
                             stroke="#ffffff", stroke_width=1, class_=f"city player-{city}"))
    pawns = [
        (p, letter)
        for p in (0, 1)
        for letter in ("Q" if state._queen[p] == i else "") + "P" * state._princes[p].count(i)
    ]
    if state._terrain[i] == HIDDEN_CODE:
        parts.append(element("text", "?", x=x, y=y - (14 if pawns else 0), text_anchor="middle",
                             dominant_baseline="central", font_size=18, font_weight="bold", fill="#555"))
    step = 19.0 if len(pawns) <= 3 else 15.0
    for k, (p, letter) in enumerate(pawns):
        px = x + (k - (len(pawns) - 1) / 2) * step
        py = y + (10.0 if city >= 0 or state._terrain[i] == HIDDEN_CODE else 0.0)
        parts.append(element("circle", cx=px, cy=py, r=step / 2 - 1, fill=_PAWN_COLOURS[p], stroke="#111",
                             class_=f"pawn player-{p}"))
        parts.append(element("text", letter, x=px, y=py, text_anchor="middle", dominant_baseline="central",
                             font_size=11, font_weight="bold", fill="#ffffff"))
    # The hex's name last, over the Field's ring, as moves write it.
    parts.append(element("text", format_hex(cell), x=x, y=y - 31, text_anchor="middle",
                         dominant_baseline="central", font_size=11, font_weight="bold", fill="#222",
                         stroke="#ffffff", stroke_width=2.5, paint_order="stroke", class_="cell-name"))
    return "".join(parts)
