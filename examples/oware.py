"""Oware (Abapa) on the authoring kit, as OpenSpiel's ``oware`` plays it: six
houses a side, four seeds in each to start.

Player 0's houses are ``a1`` to ``f1`` along the bottom, left to right;
player 1's are ``f2`` to ``a2`` along the top, right to left; the seeds each
player has taken lie in their store, ``s0`` on the right and ``s1`` on the
left. A move takes every seed from one of your houses and sows them one by
one into the next houses counter-clockwise, passing over the house it
emptied when there are twelve or more (the kit's
:meth:`~boardkit.kit.BoardState.sow`). If the last seed falls in the other
player's row and brings that house to two or three, those seeds are taken,
and so are those of each house before it in that row that holds two or
three, back to the first that does not; but a move that would take every
seed in the other row (a grand slam) takes nothing. When the other player's
row is empty you must give them seeds, if any move can.

The game ends as soon as a player has taken more than half the seeds (25 of
48), or both have taken 24; when the player to move has no legal move;
and, as OpenSpiel plays it, when a position (the seeds, the stores and the
player to move) comes back that was seen since the last capture. Whenever it
ends, each player adds the seeds left in their own row to their store, and
the larger store wins (equal stores draw). OpenSpiel's only other rule, a
check that stops a game at 1,000 moves as an error, is not a rule of play
and is left out.

OpenSpiel names a move by its house, ``A`` to ``F`` for player 0 and ``a``
to ``f`` for player 1 (``f2`` is ``a``, ``a2`` is ``f``): :func:`openspiel_names`.
``tests/test_gallery_more.py`` plays this game and OpenSpiel's side by side.

A capture is the kit's :meth:`~boardkit.kit.BoardState.streak` (the houses
back from the last seed that hold two or three) and
:meth:`~boardkit.kit.BoardState.gather` (their seeds into the store). The kit
keeps the positions seen for the repetition rule
(:meth:`~boardkit.kit.BoardState.remember`), each move's entry undone with it.

Run it with ``boardkit play examples/oware.py:Oware``.

Examples:
    >>> state = Oware().new_game(seed=0)
    >>> [str(m) for m in state.legal_moves()]
    ['a1', 'b1', 'c1', 'd1', 'e1', 'f1']
    >>> state.apply("f1")  # four seeds, into f2, e2, d2 and c2
    >>> [state.count(house) for house in ("f1", "f2", "e2", "d2", "c2", "b2")], state.current_player
    ([0, 5, 5, 5, 5, 4], 1)
"""

from __future__ import annotations

from typing import ClassVar

import networkx as nx

from boardkit import Outcome
from boardkit.about import About
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import from_graph

#: The houses in sowing order, OpenSpiel's numbering (0 to 11), then the two stores.
HOUSES = ["a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2"]
STORES = ["s0", "s1"]
ROWS = (range(6), range(6, 12))  # each player's houses, by index


def oware_board() -> nx.DiGraph[str]:
    """The twelve houses in a ring, each sowing into the next (``"next"``),
    in two rows, with a store at each end."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for i, name in enumerate(HOUSES):
        graph.add_node(name, pos=(1 + i, 0) if i < 6 else (12 - i, 1))
    graph.add_node("s0", pos=(7, 0.5))
    graph.add_node("s1", pos=(0, 0.5))
    for i, name in enumerate(HOUSES):
        graph.add_edge(name, HOUSES[(i + 1) % 12], direction="next")
        graph.add_edge(HOUSES[(i + 1) % 12], name, direction="back")
    return graph


BOARD = from_graph(oware_board())
SOW = [Place(name) for name in HOUSES]
MOVES = [[(i, SOW[i]) for i in row] for row in ROWS]  # each player's moves, by house


def openspiel_names(move: Place, state: object = None) -> str:
    """OpenSpiel's action for ``move``: ``a1`` is ``A``, ``f2`` is ``a``."""
    return "ABCDEFabcdef"[HOUSES.index(move.cell)]


class OwareState(BoardState[int, Place]):
    def setup(self) -> None:
        for name in HOUSES:
            self.put(name, 4)
        for name in STORES:
            self.put(name, 0)
        self.remember()  # the positions seen, for the repetition rule: the seeds, the stores and the player to move

    def moves(self) -> list[Place]:
        player, seeds = self.player, self.at
        if self.total(ROWS[1 - player]):
            return self.held_moves(MOVES[player])
        # The other row is empty: only a move whose seeds reach it (house k of 6 needs more than 5 - k).
        return [move for k, (i, move) in enumerate(MOVES[player]) if (seeds[i] or 0) > 5 - k]

    def play(self, move: Place) -> None:
        player, theirs = self.player, ROWS[1 - self.player]
        last = self.sow(move.cell, "next", skip=[move.cell])
        # The houses taken: back from the last seed, in their row, while they hold two or three.
        taken = self.streak(last, "back", counts=(2, 3), within=theirs)
        took = bool(taken) and self.total(taken) < self.total(theirs)  # all of them: a grand slam, none taken
        if took:
            self.gather(taken, STORES[player])
        self.next_turn()
        if took:  # seeds taken never come back: forget the positions seen
            self.forget_seen()
        repeated = self.remember() > 0
        decided = took and self.decided()  # the stores change only when seeds are taken
        why = "a position came back" if repeated else "the seeds taken decide it" if decided else None
        if why or not self.legal_moves():  # the next player's moves, kept for their turn
            self.set("_end", why or "no move to make")
            for owner, row in enumerate(ROWS):  # the game is over: each player takes the seeds in their row
                self.gather(row, STORES[owner])

    def decided(self) -> bool:
        """Whether a player has more than half the seeds, or both have half."""
        stores = self.count("s0"), self.count("s1")
        return max(stores) > 24 or stores == (24, 24)

    def judge(self) -> Outcome | None:
        if self.counter("_end") is None:
            return None
        scores = self.count("s0"), self.count("s1")
        reason = f"{self.counter('_end')}: {scores[0]} seeds to {scores[1]}"
        if scores[0] == scores[1]:
            return Outcome.draw(reason, scores)
        return Outcome.win(int(scores[1] > scores[0]), reason, scores)


class Oware(BoardGame[OwareState, Place]):
    """Oware (Abapa) for two, six houses a side and four seeds a house."""

    name = "oware"
    about = About(
        goal=(
            "Take more than half the seeds (25 of 48); when the game ends, seeds left in your row are yours and the "
            "larger store wins, equal stores draw."
        ),
        turn=(
            "Sow the seeds of one of your houses, such as c1; a last seed that makes two or three in the other row "
            "takes them. If the other row is empty, you must sow into it if you can."
        ),
    )
    board = BOARD
    counters: ClassVar = {"_end": None}  # why it ended
    moves = (Place,)
    state_class = OwareState
