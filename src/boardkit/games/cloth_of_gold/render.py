"""Text and SVG pictures of a game of Field of the Cloth of Gold.

Kept apart from the rules; :meth:`ClothOfGoldState.render
<boardkit.games.cloth_of_gold.ClothOfGoldState.render>`, ``render_for`` and
``svg_cells`` call these.

Examples:
    >>> from boardkit.games.cloth_of_gold import ClothOfGold
    >>> print(text(ClothOfGold().new_game(seed=1), None).splitlines()[1])
    oval     dragon  secrecy gold    blue    white   red     purple
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

import networkx as nx

from boardkit.games.cloth_of_gold.board import OVALS, ROW_SIZES, TILES, Space, Tile
from boardkit.topology import Topology, from_graph

if TYPE_CHECKING:
    from boardkit.games.cloth_of_gold.rules import ClothOfGoldState

__all__ = ["FILLS", "cells", "text"]

#: SVG fill colours of the tiles.
FILLS: Final[dict[Tile, str]] = {
    Tile.GOLD: "#e6c229",
    Tile.BLUE: "#6f9ad8",
    Tile.WHITE: "#ffffff",
    Tile.RED: "#d9534f",
    Tile.JEWEL: "#3fa34d",
}
_PLAYER_FILLS: Final = ("#f2b8b8", "#b8cff2")
_DRAGON_FILL: Final = "#a0a0a0"
_EMPTY_FILL: Final = "#f4ead5"


def _counts(counts: Counter[Tile]) -> str:
    shown = [f"{t.value} {counts[t]}" for t in TILES if counts[t]]
    return ", ".join(shown) if shown else "(none)"


def _occupant(state: ClothOfGoldState, space: Space) -> str | None:
    who = state.occupant(space)
    if who == "dragon":
        return "DRAGON"
    if isinstance(who, tuple):
        return f"{who[0]}{'AB'[who[1]]}"
    return None


def _track_row(scores: tuple[int, int], row: int) -> str:
    start = sum(ROW_SIZES[:row])
    marks = []
    for space in range(start, start + ROW_SIZES[row]):
        here = [str(p) for p in (0, 1) if min(scores[p], sum(ROW_SIZES) - 1) == space]
        marks.append("*" if len(here) == 2 else here[0] if here else ".")
    return f"  row {row} {start:2}-{start + ROW_SIZES[row] - 1:2} {''.join(marks)}"


def text(state: ClothOfGoldState, player: int | None) -> str:
    """The position as text; ``player``'s own Hand is added when given.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> state = ClothOfGold().from_position(hands=[{}, {"red": 1}], scores=(9, 0))
        >>> print(text(state, 1).splitlines()[-1])
        your hand (player 1): red 1
    """
    outcome = state.outcome
    if outcome is None:
        status = f"player {state.current_player} to move"
    else:
        who = " and ".join(f"player {p}" for p in sorted(outcome.winners))
        verb = "share the victory" if len(outcome.winners) == 2 else "wins"
        status = f"over ({outcome.reason}), {who} {verb}"
    width = 8
    lines = [f"Field of the Cloth of Gold, {state.edition} edition: {status}"]
    lines.append("oval     " + "".join(s.value.ljust(width) for s in OVALS).rstrip())
    tiles = state.tile_spaces
    row = []
    for s in OVALS:
        tile = tiles.get(s)
        row.append("" if s is Space.DRAGON else (tile.value if tile is not None else "-"))
    lines.append("tile     " + "".join(t.ljust(width) for t in row).rstrip())
    lines.append("on it    " + "".join((_occupant(state, s) or ".").ljust(width) for s in OVALS).rstrip())
    lines.append(f"dragon   {'at home' if state.dragon is None else 'on ' + state.dragon.value}")
    scores = state.scores
    lines.append(f"track    player 0: {scores[0]} (row {state.row(0)}), player 1: {scores[1]} (row {state.row(1)})")
    lines.extend(_track_row(scores, r) for r in range(len(ROW_SIZES)))
    if state.endgame_points is not None:
        for p, (jewels, gold) in enumerate(state.endgame_points):
            lines.append(f"end      player {p}: {jewels} for jewels, {gold} for gold")
    for p in (0, 1):
        lines.append(f"court {p}  {_counts(state.court(p))}")
    lines.append(f"hands    player 0: {state.hand_size(0)} tiles, player 1: {state.hand_size(1)} tiles")
    lines.append(f"darkness {state.darkness_size} tiles; removed: {_counts(state.removed)}")
    if player is not None:
        lines.append(f"your hand (player {player}): {_counts(state.hand(player))}")
    return "\n".join(lines)


def _board() -> Topology:
    graph: nx.Graph[Space] = nx.Graph()
    for i, space in enumerate(OVALS):
        graph.add_node(space, pos=(float(i), 0.0))
    nx.add_path(graph, OVALS)
    return from_graph(graph)


_BOARD: Topology | None = None


def cells(state: ClothOfGoldState) -> tuple[Topology, dict[Space, str], dict[Space, str]]:
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
    global _BOARD
    if _BOARD is None:
        _BOARD = _board()
    labels: dict[Space, str] = {}
    fills: dict[Space, str] = {}
    tiles = state.tile_spaces
    for space in OVALS:
        who = state.occupant(space)
        tile = tiles.get(space)
        if who == "dragon":
            labels[space] = f"{space.value}: DRAGON"
            fills[space] = _DRAGON_FILL
        elif isinstance(who, tuple):
            labels[space] = f"{space.value}: {who[0]}{'AB'[who[1]]}"
            fills[space] = _PLAYER_FILLS[who[0]]
        elif tile is not None:
            labels[space] = f"{space.value}: {tile.value}"
            fills[space] = FILLS[tile]
        else:
            labels[space] = space.value
            fills[space] = _EMPTY_FILL
    return _BOARD, labels, fills
