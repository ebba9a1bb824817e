"""Kalah on the authoring kit, as OpenSpiel's ``mancala`` plays it: six pits
a side, four seeds in each to start.

Player 0's pits are ``a1`` to ``f1`` along the bottom, left to right, and
its store (its kalah) ``k0`` on the right; player 1's pits are ``f2`` to
``a2`` along the top, right to left, and its store ``k1`` on the left. A
move takes every seed from one of your non-empty pits and sows them one by
one into the next pits counter-clockwise, your own store included and the
other player's store passed over (the kit's :meth:`~boardkit.kit.BoardState.sow`).
If the last seed falls into your store, you move again; if it falls into an
empty pit of yours and the pit across holds seeds, the last seed and those
across go to your store. The game ends as soon as either side's pits are
all empty; each player scores the seeds in their store and pits, and the
higher score wins (equal scores draw). OpenSpiel would also stop a game
after 1,000 moves, which a game of Kalah does not reach in practice; that
cap is left out here.

OpenSpiel numbers the cells from ``k1`` (0) round to ``a2`` (13) and names a
move by its pit's number: ``a1`` is ``1``, ``a2`` is ``13``
(:func:`openspiel_names`). ``tests/test_gallery_oracle.py`` plays this game
and OpenSpiel's side by side.

Run it with ``boardkit play examples/kalah.py:Kalah``.

Examples:
    >>> state = Kalah().new_game(seed=0)
    >>> [str(m) for m in state.legal_moves()]
    ['a1', 'b1', 'c1', 'd1', 'e1', 'f1']
    >>> state.apply("c1")  # the last seed falls in the store: player 0 again
    >>> state.count("k0"), state.current_player
    (1, 0)
"""

from __future__ import annotations

import networkx as nx

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import from_graph

#: The cells round the board in sowing order, OpenSpiel's numbering: 0 is player 1's store.
RING = ["k1", "a1", "b1", "c1", "d1", "e1", "f1", "k0", "f2", "e2", "d2", "c2", "b2", "a2"]
STORES = (7, 0)  # each player's store, by index
PITS = (range(1, 7), range(8, 14))  # each player's pits, by index


def kalah_board() -> nx.DiGraph[str]:
    """The 14 cells in a ring, each sowing into the next (``"next"``), laid out in three rows."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for i, name in enumerate(RING):
        graph.add_node(name, pos=(0, 1) if i == 0 else (7, 1) if i == 7 else (i % 7, 0) if i < 7 else (14 - i, 2))
    for i, name in enumerate(RING):
        graph.add_edge(name, RING[(i + 1) % 14], direction="next")
        graph.add_edge(RING[(i + 1) % 14], name, direction="back")
    return graph


BOARD = from_graph(kalah_board())
SOW = [Place(name) for name in RING]
INDEX = {name: i for i, name in enumerate(RING)}  # a cell's index round the ring, by name
MOVES = [[(i, SOW[i]) for i in PITS[player]] for player in (0, 1)]  # each player's moves, by pit
PASSED = [[RING[STORES[1 - player]]] for player in (0, 1)]  # the store each player's sowing passes over


def openspiel_names(move: Place, state: object = None) -> str:
    """OpenSpiel's action for ``move``: its pit's number round the ring (``a1`` is ``1``)."""
    return str(INDEX[move.cell])


class KalahState(BoardState[int, Place]):
    def setup(self) -> None:
        for i, name in enumerate(RING):
            self.put(name, 0 if i in STORES else 4)

    def moves(self) -> list[Place]:
        return self.held_moves(MOVES[self.player])  # the player's pits that hold seeds

    def play(self, move: Place) -> None:
        player = self.player
        last = INDEX[self.sow(move.cell, "next", skip=PASSED[player])]
        seeds, across = self.at, 14 - last
        if seeds[last] == 1 and last in PITS[player] and seeds[across]:
            # The last seed fell into an empty pit of yours: it and the seeds across go to your store.
            self.add(RING[STORES[player]], 1 + (seeds[across] or 0))
            self.put(RING[last], 0)
            self.put(RING[across], 0)
        if last != STORES[player]:
            self.next_turn()

    def judge(self) -> Outcome | None:
        seeds = self.at
        if any(seeds[1:7]) and any(seeds[8:14]):  # each side has a seed in its pits
            return None
        scores = [self.total((*PITS[player], STORES[player])) for player in (0, 1)]
        reason = f"{scores[0]} seeds to {scores[1]}"
        if scores[0] == scores[1]:
            return Outcome.draw(reason, tuple(scores))
        return Outcome.win(int(scores[1] > scores[0]), reason, tuple(scores))


class Kalah(BoardGame[KalahState, Place]):
    """Kalah for two, six pits a side and four seeds a pit (OpenSpiel's ``mancala``)."""

    name = "kalah"
    about = About(
        goal="Have more seeds in your store and pits when either side's pits are empty; equal counts draw.",
        turn="Sow the seeds of one of your pits counter-clockwise: type it, a1 to f1 (player 0) or a2 to f2 (player 1)."
        " A last seed in your store moves again.",
    )
    board = BOARD
    moves = (Place,)
    state_class = KalahState
