"""The tree of :class:`~boardkit.agents.MCTSAgent`'s search, and one iteration on it.

Applications floor, like the agent: it imports the core and the agents' own
modules. The agent keeps its options, its checks and its guard in
``agents/mcts.py``; the loop every iteration runs (selection, expansion, the
playout, backpropagation) is here, in a module the compiled build compiles
(``hatch_build.py``): its nodes are native objects there, and the search
does not pay the interpreter for every node it walks. Both builds choose the
same moves for the same seeds.
"""

from __future__ import annotations

import math
from typing import Any

from boardkit.agents.simple import Evaluation
from boardkit.chance import Random
from boardkit.game import Player

__all__ = ["Mast", "Node", "iterate", "prove", "reward"]


class Node:
    """One node of the search tree: the position reached by ``move``.

    Examples:
        >>> root = Node(None, None)
        >>> root.visits, root.children
        (0, {})
    """

    __slots__ = ("available", "children", "move", "mover", "proven", "total", "visits", "width")

    def __init__(self, move: Any, mover: Player | None) -> None:
        self.move = move
        self.mover = mover  # who played ``move``; their reward is summed in ``total``
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 0  # how often the move was legal when its parent was visited
        self.total = 0.0
        # With the solver: 1 when the game is proven won from here for ``mover``, -1 proven lost, 0 not known.
        self.proven = 0
        self.width = 0  # how many moves the position has (known once it was visited)


class Mast:
    """Move-average sampling (MAST), for playouts that learn as the search
    goes: each player's average reward for each move it played in the
    search's iterations (keyed by the move alone, so the same move in
    another position counts too), and a playout that plays the move of the
    best average (an unseen move counts 0.5, ties drawn at random) among
    ``sample`` random legal moves (``0``: among every legal move), or, with
    probability ``epsilon``, a random move. A sample keeps the game's own
    quick :meth:`~boardkit.State.random_move` (Tafl draws one without
    listing every move), which listing every legal move at every step
    would give up.

    Examples:
        >>> from boardkit.testing import Nim
        >>> mast = Mast(2, 0.1)
        >>> iterate(Node(None, None), Nim(heap=5).new_game(seed=0), None, Random(1), 1.4, 100, None, mast=mast)
        >>> sorted(len(table) > 0 for table in mast.tables)   # both players' moves were learnt
        [True, True]
    """

    __slots__ = ("epsilon", "sample", "tables")

    def __init__(self, players: int, epsilon: float, sample: int = 0) -> None:
        self.epsilon = epsilon
        self.sample = sample
        # Per player: move -> [sum of the player's rewards, times played].
        self.tables: list[dict[Any, list[float]]] = [{} for _ in range(max(players, 1))]

    def playout(self, sim: Any, limit: int, rng: Random, played: list[tuple[Player, Any]]) -> None:
        """Play at most ``limit`` moves on ``sim`` (``-1``: to the end),
        adding each with its mover to ``played``."""
        epsilon = self.epsilon
        sample = self.sample
        tables = self.tables
        n = 0
        while n != limit and not sim.is_over:
            mover: Player = sim.current_player or 0
            if rng.random() < epsilon:
                move = sim.random_move(rng)
            elif sample:
                move = _favourite([sim.random_move(rng) for _ in range(sample)], tables[mover], rng)
            else:
                move = _favourite(sim.legal_moves(), tables[mover], rng)
            sim.apply(move)
            played.append((mover, move))
            n += 1

    def learn(self, played: list[tuple[Player, Any]], shares: tuple[float, ...]) -> None:
        """Add each mover's reward (``shares``) to the moves it played."""
        tables = self.tables
        for mover, move in played:
            entry = tables[mover].get(move)
            if entry is None:
                tables[mover][move] = [shares[mover], 1.0]
            else:
                entry[0] += shares[mover]
                entry[1] += 1.0


def _favourite(legal: list[Any], table: dict[Any, list[float]], rng: Random) -> Any:
    """The move of ``legal`` with the best average in ``table`` (0.5 unseen), ties drawn with ``rng``."""
    best: list[Any] = []
    best_value = -1.0
    for move in legal:
        entry = table.get(move)
        value = 0.5 if entry is None else entry[0] / entry[1]
        if value > best_value:
            best = [move]
            best_value = value
        elif value == best_value:
            best.append(move)
    return best[0] if len(best) == 1 else best[rng.randbelow(len(best))]


def iterate(
    root: Node,
    sim: Any,  # a State; Any, so that a compiled signature refuses no state the pure one takes
    allowed: set[Any] | None,
    rng: Random,
    exploration: float,
    rollout_moves: int,
    evaluate: Evaluation | None,
    solver: bool = False,
    mast: Mast | None = None,
) -> None:
    """One iteration of UCT from ``root`` on the determinization ``sim``:
    down the tree by the upper confidence bound (``exploration`` its
    constant; at the root, only the moves in ``allowed`` unless it is
    ``None``), one new node for an untried move drawn with ``rng``, a playout
    of at most ``rollout_moves`` moves (:meth:`State.playout
    <boardkit.State.playout>`), and its :func:`reward` added up the path.

    With ``solver`` (MCTS-Solver, for two-player games without hidden
    information or chance), a finished game met in the tree is a proven win
    or loss for the player who moved into it; a position where the player
    to move has a proven win, or where every move is a proven loss, is
    proven in turn, up the path; the descent takes a proven win at once and
    passes over proven losses.

    With ``mast``, the playout is :meth:`Mast.playout`, and every move of
    the iteration, in the tree and in the playout, teaches ``mast`` its
    mover's reward.

    Examples:
        >>> from boardkit.testing import Nim
        >>> root = Node(None, None)
        >>> iterate(root, Nim(heap=3).new_game(seed=0), None, Random(1), 1.4, 100, None)
        >>> root.visits, len(root.children)
        (1, 1)
    """
    c = exploration
    path = [root]
    node = root
    # Selection and expansion.
    while not sim.is_over:
        legal = sim.legal_moves()
        if allowed is not None and node is root:
            legal = [m for m in legal if m in allowed]
        node.width = len(legal)
        mover = sim.current_player
        children = node.children
        untried = [m for m in legal if m not in children]
        for m in legal:
            known = children.get(m)
            if known is not None:
                known.available += 1
        if untried:
            move = untried[rng.randbelow(len(untried))]
            child = Node(move, mover)
            child.available = 1
            children[move] = child
            sim.apply(move)
            path.append(child)
            if solver and sim.is_over:
                child.proven = _result(sim, mover)
            break
        best_child: Node | None = None
        best_value = -math.inf
        for m in legal:
            child = children[m]
            if solver and child.proven:
                if child.proven > 0:  # a proven win: nothing else is worth trying
                    best_child = child
                    break
                if best_child is None and best_value == -math.inf:
                    best_child = child  # a proven loss, taken only if nothing else is left
                continue
            value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best_child, best_value = child, value
        if best_child is None:  # pragma: no cover - legal is never empty while the game goes on
            break
        node = best_child
        sim.apply(node.move)
        path.append(node)
    # Playout: the game's own loop (random_move and apply, or a quicker way to the same moves).
    if mast is None:
        sim.playout(max_plies=rollout_moves, rng=rng)
        shares = reward(sim, evaluate)
    else:
        played: list[tuple[Player, Any]] = [(v.mover, v.move) for v in path if v.mover is not None]
        mast.playout(sim, rollout_moves, rng, played)
        shares = reward(sim, evaluate)
        mast.learn(played, shares)
    # Backpropagation.
    for visited in path:
        visited.visits += 1
        if visited.mover is not None:
            visited.total += shares[visited.mover]
    if solver:
        prove(path)


def _result(sim: Any, mover: Player | None) -> int:
    """A finished game for the player who moved into it: 1 won, -1 lost, 0 drawn or shared."""
    winners = sim.outcome.winners
    if mover is None or not winners or len(winners) != 1:
        return 0
    return 1 if mover in winners else -1


def prove(path: list[Node]) -> None:
    """Carry proven results up ``path`` (MCTS-Solver): a node whose player to
    move has a child proven won is won for that player; one whose moves are
    all known and all proven lost is lost for that player. Stops at the
    first node that changes nothing.

    Examples:
        >>> root, won = Node(None, None), Node("a", 0)
        >>> won.proven = 1
        >>> root.children["a"] = won
        >>> prove([root, won])
        >>> root.proven   # the root's mover is nobody: the mark says it is won for the player to move
        1
    """
    for i in range(len(path) - 1, 0, -1):
        node = path[i - 1]
        if node.proven:
            return
        children = node.children
        to_move: Player | None = None
        won = False
        lost = len(children) == node.width and node.width > 0
        for child in children.values():
            to_move = child.mover
            if child.proven > 0:
                won = True
                break
            if child.proven >= 0:
                lost = False
        if not won and not lost:
            return
        if node.mover is None or node.mover == to_move:
            node.proven = 1 if won else -1
        else:
            node.proven = -1 if won else 1


def reward(sim: Any, evaluate: Evaluation | None) -> tuple[float, ...]:
    """Every player's reward for the position ``sim`` where a playout
    stopped, from 0 to 1: their :meth:`Outcome.rewards <boardkit.Outcome.rewards>`
    of a finished game of more than one player, moved from ``[-1, 1]`` onto
    ``[0, 1]``; otherwise their evaluation
    (``evaluate(sim, player)``, or ``sim.evaluate(player)`` when it is
    ``None``) from ``[-1, 1]`` moved onto ``[0, 1]``.

    Examples:
        >>> from boardkit.testing import Nim
        >>> state = Nim(heap=1).new_game(seed=0)
        >>> state.apply("take 1")
        >>> reward(state, None)
        (1.0, 0.0)
    """
    if sim.is_over and sim.players > 1:
        return tuple((1.0 + r) / 2.0 for r in sim.outcome.rewards(sim.players))
    # An unfinished playout, or a solo game (won or lost only by its score).
    values = [(float(evaluate(sim, p)) if evaluate is not None else float(sim.evaluate(p))) for p in range(sim.players)]
    return tuple(min(1.0, max(0.0, (v + 1.0) / 2.0)) for v in values)
