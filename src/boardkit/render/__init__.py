"""Pictures of boards and games as SVG, with the standard library only.

Components floor: it imports the boards only, never the core's game
protocol, a game or an application. The package's modules:

* :mod:`boardkit.render.elements`: SVG primitives (:func:`element`,
  :func:`document`, a legend);
* :mod:`boardkit.render.board`: a board as SVG (:func:`topology_svg`:
  squares, hexagons or any graph, pieces of several shapes, marked edges,
  cell names, a key), at a width that does not change as the game goes on;
* :mod:`boardkit.render.text`: a board as text (a grid with coordinates,
  rows of hexes, any graph from its layout, a game's own template);
* this module: the drawing protocols, :func:`svg` and :func:`status`.

:func:`svg` draws any :class:`~boardkit.topology.Topology` (square, hex or an
arbitrary graph, placed by its ``"pos"`` attribute) and any state. A state is
drawn by the picture its game declares (``picture`` among the game's parts,
:attr:`Game.declared <boardkit.Game.declared>`: every shipped game and
every kit game declares one, a function of the state in the game's own
``render`` module); a state whose game declares none is drawn by a typed
protocol, which the state implements and :func:`svg` calls:

* a :class:`BoardDrawing` is drawn on its board: a label, a fill colour, a
  round piece and extra elements per cell, a key, and coordinates around a
  grid, under a title saying whose turn it is or how the game ended;
* a :class:`Picture` draws the whole SVG document itself (build it with
  :func:`element` and :func:`document`), for pictures that do not fit a board
  of cells;
* anything else is drawn as its text rendering.

Every :class:`~boardkit.State` shows itself this way in Jupyter, through
``_repr_svg_``. A state of your own implements a protocol without importing
this module (a protocol is matched by its methods), or subclasses
:class:`BoardDrawing` to inherit its defaults.

Examples:
    >>> import xml.etree.ElementTree as ET
    >>> from boardkit.topology import SquareGrid
    >>> picture = topology_svg(SquareGrid(3, 3), {(1, 1): "K"}, {(1, 1): "#333"},
    ...                        title="a throne", pieces={(1, 1): "white"}, legend=[("#333", "throne")])
    >>> root = ET.fromstring(picture)
    >>> [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    ['a throne', 'K', 'throne']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable
from xml.sax.saxutils import escape

from boardkit.render.board import topology_svg
from boardkit.render.elements import Legend, document, element
from boardkit.topology import Topology

__all__ = [
    "BoardDrawing",
    "Legend",
    "Picture",
    "document",
    "element",
    "standing",
    "status",
    "svg",
    "topology_svg",
]


@runtime_checkable
class Picture(Protocol):
    """Something that draws its whole picture itself; :func:`svg` calls it.

    Examples:
        >>> class Sun:
        ...     def svg_picture(self, title: str | None) -> str:
        ...         return document(20, 20, [element("circle", cx=10, cy=10, r=8, fill="gold")])
        >>> isinstance(Sun(), Picture), svg(Sun()).count("<circle")
        (True, 1)
    """

    def svg_picture(self, title: str | None) -> str:
        """A standalone SVG document, with ``title`` (when given) above the picture."""
        ...


@runtime_checkable
class BoardDrawing(Protocol):
    """A state drawn on its board by :func:`svg`: the hooks it calls.

    Only :meth:`svg_cells` must be written: a class that subclasses
    :class:`BoardDrawing` inherits the other hooks, which add nothing. A
    class that does not subclass it is a :class:`BoardDrawing` when it has
    all six methods.

    Examples:
        >>> from boardkit.topology import SquareGrid
        >>> class Corner(BoardDrawing):
        ...     def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
        ...         return SquareGrid(2, 2), {(0, 0): "K"}, {(0, 0): "#c9b27c"}
        ...     def svg_pieces(self) -> dict[Any, str]:
        ...         return {(0, 0): "white"}
        >>> picture = svg(Corner(), title="a corner")
        >>> picture.count("<rect"), "K</text>" in picture, picture.count('r="14.4"')
        (4, True, 1)
    """

    def svg_cells(self) -> tuple[Topology, Mapping[Any, str], Mapping[Any, str]]:
        """The board, a label for some cells and a fill colour (any SVG colour) for some cells."""
        ...

    def svg_pieces(self) -> Mapping[Any, str] | None:
        """A round piece of that colour in each of these cells, under the cell's label."""
        return None

    def svg_legend(self) -> Legend | None:
        """A key drawn under the board: ``(colour, text)`` pairs or a mapping from text to colour."""
        return None

    def svg_coordinates(self) -> tuple[Sequence[str], Sequence[str]] | None:
        """Column names (left to right) and row names (top to bottom) written
        around a square grid or a :meth:`~boardkit.topology.HexGrid.rhombus`."""
        return None

    def svg_overlay(self, cell: Any, x: float, y: float) -> str:
        """Extra SVG elements (markers, several pieces) drawn over ``cell``,
        whose centre is at ``(x, y)`` in the picture; ``""`` for none."""
        return ""

    def svg_cell_names(self) -> Mapping[Any, str] | None:
        """Each cell's name as the move notation writes it: everything drawn
        for a cell is then grouped in a ``<g data-cell="name">`` element,
        which a web page can make clickable."""
        return None


_TITLE_HEIGHT = 30.0


def _text_svg(text: str, title: str | None = None) -> str:
    lines = text.splitlines() or [""]
    top = _TITLE_HEIGHT if title else 0
    width = max([len(line) * 9 + 20 for line in lines] + [len(title or "") * 9 + 20])
    height = len(lines) * 18 + 20 + top
    body = "".join(
        f'<text x="10" y="{top + 24 + 18 * i}" xml:space="preserve">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    head = (
        f'<text x="10" y="{_TITLE_HEIGHT * 0.7:.1f}" font-family="sans-serif" font-weight="bold">{escape(title)}</text>'
        if title
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="monospace" font-size="15"><rect width="100%" height="100%" fill="#fff"/>{head}{body}</svg>'
    )


def status(state: Any) -> str:
    """A one-line caption for a state: the game, and whose turn it is or how it ended.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=1).new_game(seed=0)
        >>> status(state)
        'nim: player 0 to move'
        >>> state.apply("take 1")
        >>> status(state)
        'nim: player 0 won (took the last counter)'

        A solo game nobody wins is scored, not drawn:

        >>> from boardkit.games.camelot import Camelot
        >>> from boardkit.agents import RandomAgent
        >>> from boardkit.play import play_game
        >>> solo = play_game(Camelot(), [RandomAgent(seed=1)], seed=2).replay()
        >>> status(solo)
        'camelot: scored 269 (camelot complete)'
    """
    return f"{state.game.name or type(state).__name__}: {standing(state)}"


def standing(state: Any) -> str:
    """Whose turn it is or how the game ended, in the seats' own names, without
    the game's name: a picture's title or a page's status line (the page,
    notebook or caption around it names the game).

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> standing(Tafl("brandubh").new_game(seed=0))
        'attackers to move'
    """
    seat = state.game.seat_name
    outcome = state.outcome
    if outcome is None:
        return f"{seat(state.current_player)} to move"
    if not outcome.winners:  # nobody won: a draw, or a solo game that is only scored
        result = "scored" if state.players == 1 and outcome.scores is not None else "draw"
    elif len(outcome.winners) == 1:
        result = f"{seat(outcome.winner)} won"
    else:
        result = ", ".join(seat(w) for w in sorted(outcome.winners)) + " shared the win"
    if outcome.scores is not None:
        result += " " + "-".join(f"{s:g}" for s in outcome.scores)
    return f"{result} ({outcome.reason})" if outcome.reason else result


def svg(thing: Any, *, title: str | None = None, legend: Legend | None = None) -> str:
    """An SVG picture of a board or a game state.

    A :class:`~boardkit.topology.Topology` is drawn as it is. A state whose
    game declares a picture (:attr:`Game.declared <boardkit.Game.declared>`)
    is drawn by it (and ``legend`` is not used). A
    :class:`Picture` draws itself (and ``legend`` is not used); a
    :class:`BoardDrawing` is drawn on its board; anything else as its text
    rendering. A state's title says whose turn it is or how the game ended,
    without the game's name, which the page, notebook or caption around the
    picture gives already.

    Args:
        thing: A board, a :class:`Picture`, a :class:`BoardDrawing`, or
            anything with ``render()``.
        title: The title; by default :func:`status` without the game's
            name for a state, none for a board.
        legend: A key drawn under the board, overriding the state's own.

    Examples:
        >>> from boardkit.testing import Nim
        >>> picture = svg(Nim(heap=3).new_game(seed=0))
        >>> picture.startswith("<svg"), ">player 0 to move<" in picture, "nim:" in picture
        (True, True, False)
    """
    if isinstance(thing, Topology):
        return topology_svg(thing, title=title, legend=legend)
    if title is None and hasattr(thing, "current_player") and hasattr(thing, "outcome"):
        title = standing(thing)
    # The picture a state's game declares among its parts (none: not a state, or no picture).
    parts = getattr(getattr(thing, "game", None), "declared", None)
    picture: Callable[[Any, str | None], str] | None = getattr(parts, "picture", None)
    if picture is not None:
        return picture(thing, title)
    if isinstance(thing, Picture):
        return thing.svg_picture(title)
    if isinstance(thing, BoardDrawing):
        board, labels, fills = thing.svg_cells()
        return topology_svg(
            board,
            labels,
            fills,
            title=title,
            pieces=thing.svg_pieces(),
            legend=thing.svg_legend() if legend is None else legend,
            coordinates=thing.svg_coordinates(),
            overlay=thing.svg_overlay,
            names=thing.svg_cell_names(),
        )
    return _text_svg(thing.render(), title)
