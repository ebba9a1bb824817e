"""The match layer: what every application that plays a game with people and bots shares.

Match floor: it imports the core, the games' protocol and the agents; the
applications above it (``boardkit play`` and :mod:`boardkit.terminal`,
:mod:`boardkit.play`'s tournaments, ``boardkit serve`` and :mod:`boardkit.web`,
the command line) read seats, bots and take-backs from here and rebuild
none of them.

* :mod:`boardkit.match.grammar`: the one agent grammar and its registry,
  :data:`AGENTS` (``random``, ``greedy``, ``mcts:2000``, ``alphabeta@500ms``,
  ``best@2s``, and the levels ``easy``, ``medium``, ``hard``).
* :mod:`boardkit.match.playing`: a game being played, :class:`Match`: its
  state and the log of who played each move and what it did, kept in step
  with take-backs and redos.
* :mod:`boardkit.match.pool`: one pool of worker processes, :class:`WorkerPool`,
  for a tournament's games and a server's bots: crash recovery, deadlines, and
  notes a job sends ahead of its result (:func:`report`).
* :mod:`boardkit.match.reports`: what a bot's search found, in words (a
  hint's reason, the line shown after a bot moves).
* :mod:`boardkit.match.seats`: each seat's seed and its bot made fresh for
  the game, and when a person may take moves back.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> bot = parse_agent("medium").build(seat_seed(7, 1), game=Tafl())
    >>> type(bot).__name__, bot.time_limit
    ('AlphaBetaAgent', 0.5)
"""

from __future__ import annotations

from boardkit.match.grammar import (
    AGENT_KINDS,
    AGENTS,
    DEFAULT_PLAYOUTS,
    DEFAULT_SECONDS,
    LEVELS,
    MAX_DEPTH,
    MAX_ITERATIONS,
    MAX_SECONDS,
    AgentKind,
    AgentSpec,
    check_iterations,
    make_agent,
    parse_agent,
)
from boardkit.match.playing import Match, Played, TakeBackError
from boardkit.match.pool import Reply, WorkerPool, report
from boardkit.match.reports import HINT_SECONDS, hint_agent, hint_reason, search_summary
from boardkit.match.seats import seat_agent, seat_seed, take_back_refusal

__all__ = [
    "AGENTS",
    "AGENT_KINDS",
    "DEFAULT_PLAYOUTS",
    "DEFAULT_SECONDS",
    "LEVELS",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "AgentKind",
    "AgentSpec",
    "Match",
    "Played",
    "Reply",
    "TakeBackError",
    "HINT_SECONDS",
    "check_iterations",
    "hint_agent",
    "hint_reason",
    "make_agent",
    "parse_agent",
    "report",
    "search_summary",
    "seat_agent",
    "seat_seed",
    "take_back_refusal",
    "WorkerPool",
]
