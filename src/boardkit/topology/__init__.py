"""Boards as networkx graphs, compiled into integer tables for speed.

Boards floor: it imports the core only, never a component, a game or an
application.

Every board is a :class:`Topology`: a networkx graph whose nodes are the cells,
with ``"pos"`` drawing coordinates on every node and a direction label on every
step. :class:`SquareGrid` and :class:`HexGrid` build the common boards, and
:func:`from_graph` turns any networkx graph into one.

**Coordinates, once and for all.** Square cells are ``(column, row)`` with
``(0, 0)`` at the top-left; hex cells are axial ``(q, r)`` with ``r`` growing
downwards. Drawing positions (``pos``) always have y pointing up.

Examples:
    >>> from boardkit.topology import HexGrid
    >>> import networkx as nx
    >>> board = HexGrid.hexagon(2)
    >>> nx.is_connected(board.graph)
    True
"""

from boardkit.topology._base import MAX_CELLS, Cell, CompiledTopology, Direction, Topology, TopologyError, from_graph
from boardkit.topology.hex import HEX_DIRECTIONS, Hex, HexGrid, hex_distance
from boardkit.topology.square import SquareGrid

__all__ = [
    "MAX_CELLS",
    "HEX_DIRECTIONS",
    "Cell",
    "CompiledTopology",
    "Direction",
    "Hex",
    "HexGrid",
    "SquareGrid",
    "Topology",
    "TopologyError",
    "from_graph",
    "hex_distance",
]
