"""How the games of a tournament went: each game's result, and each agent's
standing over all seats and at each seat, with 95% confidence intervals.

Applications floor: it may import any floor below; :mod:`boardkit.play`,
which plays the games, builds its :class:`TournamentResult` from here, and
:mod:`boardkit.analysis` counts records by the same rule
(:func:`agent_results`). Every name here is also :mod:`boardkit.play`'s, where
it is documented.

Examples:
    >>> from boardkit.outcome import Outcome
    >>> agent_results(Outcome.win(1, "x"), ["mcts", "random"])
    {'mcts': ('loss', 0.0), 'random': ('win', 1.0)}
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Literal, TypeVar

import attrs

from boardkit.game import Outcome
from boardkit.record import GameRecord
from boardkit.words import counted

__all__ = [
    "GameResult",
    "Standing",
    "TournamentResult",
    "agent_results",
    "seat_label",
    "table_lines",
    "wilson_interval",
]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with the default ``z``).

    Examples:
        >>> lo, hi = wilson_interval(8, 10)
        >>> round(lo, 3), round(hi, 3)
        (0.49, 0.943)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class GameResult:
    """One game of a tournament.

    Attributes:
        index: The game's number, from 0.
        seed: The game's seed (``derive_seed(tournament_seed, index)``).
        seats: ``seats[s]`` is the number of the agent that sat at seat ``s``.
        record: The game's record; ``None`` if it failed.
        error: What went wrong, for a game that raised or whose worker
            crashed; ``None`` for a game that was played.

    Examples:
        >>> GameResult(3, 42, (1, 0), None, "ValueError: boom").ok
        False
    """

    index: int
    seed: int
    seats: tuple[int, ...]
    record: GameRecord | None
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the game was played (finished or stopped at the move cap)."""
        return self.record is not None


#: One agent's (or one seat's) result in one game; see :class:`Standing`.
_Result = Literal["win", "shared", "draw", "loss", "unfinished"]

_Side = TypeVar("_Side", bound=Hashable)


def _results(outcome: Outcome | None, seats: Sequence[_Side]) -> dict[_Side, tuple[_Result, float]]:
    """Each side's result in one game and its points, once per side however
    many seats it held: ``seats[s]`` is the side at seat ``s`` (an agent's
    number or label, or the seat itself for a seat's own result).

    The rule of :class:`Standing`: a side wins when it alone holds winning
    seats (1 point), shares the victory with the other ``k - 1`` sides that
    hold winning seats (``1/k``), loses when it holds none (0), and draws when
    nobody won (``1/n`` among the game's ``n`` sides; an unfinished game
    scores the same).

    Examples:
        >>> _results(Outcome.win(2, "x"), ["a", "b", "a"])
        {'a': ('win', 1.0), 'b': ('loss', 0.0)}
        >>> _results(Outcome(frozenset({0, 1}), None, "tie"), ["a", "b", "a"])
        {'a': ('shared', 0.5), 'b': ('shared', 0.5)}
        >>> _results(Outcome.draw("x"), range(4))[0]
        ('draw', 0.25)
    """
    sides = list(dict.fromkeys(seats))
    if outcome is None:
        return dict.fromkeys(sides, ("unfinished", 1.0 / len(sides)))
    if not outcome.winners:
        return dict.fromkeys(sides, ("draw", 1.0 / len(sides)))
    won = {seats[s] for s in outcome.winners}
    victory: tuple[_Result, float] = ("win", 1.0) if len(won) == 1 else ("shared", 1.0 / len(won))
    return {side: victory if side in won else ("loss", 0.0) for side in sides}


def agent_results(outcome: Outcome | None, seats: Sequence[_Side]) -> dict[_Side, tuple[_Result, float]]:
    """Each agent's result in one game (``seats[s]`` is the agent at seat
    ``s``); none when one agent held every seat, a game that says nothing
    about it.

    Examples:
        >>> agent_results(Outcome.win(0, "x"), ["a", "a"])
        {}
    """
    return _results(outcome, seats) if len(set(seats)) > 1 else {}


@attrs.frozen
class Standing:
    """How one agent did, over all its games or at one seat.

    Over all seats (``seat`` is ``None``) each game counts once for the
    agent, however many seats it held in it:

    * it **wins** a game when only its seats won (a victory of two of its
      seats is one win, and so is a game it won at one seat and lost at
      another);
    * it **shares** the victory when seats of ``k`` different agents,
      its own among them, won;
    * it **draws** when nobody won (the game's outcome
      :attr:`~boardkit.Outcome.is_draw`);
    * it **loses** when it held no winning seat;
    * a game stopped at the move cap is **unfinished**.

    A game in which the agent held every seat (it played only itself) says
    nothing about it and is left out: it counts in none of the figures, here
    or in :func:`boardkit.analysis.ratings`, which counts the other games
    the same way.

    At one seat (``seat`` is a number) the figures are that seat's own
    result in the games the agent sat there, as in
    :func:`boardkit.analysis.summarize`: the seat wins when it is the only
    winning seat, shares the victory with other winning seats (even the
    agent's own), draws when nobody won, and loses otherwise. So an agent
    that held two seats of a game is in two seat rows for it.

    Attributes:
        name: The agent's name.
        seat: The seat, or ``None`` for all seats together.
        games: Games played (failed games are not counted).
        wins: Games it won alone (only its seats won).
        shared: Games whose victory it shared with other agents (or, at one
            seat, with other seats).
        draws: Games nobody won.
        losses: Games others won, in which it held no winning seat.
        unfinished: Games stopped at the move cap (neither won, drawn nor lost).
        points: Mean points per game: 1 for a win, 0 for a loss, ``1/k`` for
            a victory shared by ``k`` agents, and ``1/n`` for a draw or an
            unfinished game among ``n`` agents (at one seat: ``k`` winning
            seats, and ``n`` seats).
        mean_score: Mean final score, in games that keep score (an agent
            that held several seats of a game scores the mean of theirs);
            else ``None``.

    Examples:
        >>> s = Standing("mcts", None, 10, 8, 0, 0, 2, 0, 0.8, None)
        >>> s.win_rate, tuple(round(x, 2) for x in s.win_interval)
        (0.8, (0.49, 0.94))
    """

    name: str
    seat: int | None
    games: int
    wins: int
    shared: int
    draws: int
    losses: int
    unfinished: int
    points: float
    mean_score: float | None

    @property
    def win_rate(self) -> float:
        """Wins over games played (0 when none was played); shared victories are not wins."""
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """The Wilson 95% confidence interval of :attr:`win_rate`."""
        return wilson_interval(self.wins, self.games)

    @property
    def points_interval(self) -> tuple[float, float]:
        """A 95% confidence interval of :attr:`points` (Wilson, on the points rounded to whole games)."""
        return wilson_interval(round(self.points * self.games), self.games)


class _Tally:
    def __init__(self) -> None:
        self.games = 0
        self.results: dict[_Result, int] = dict.fromkeys(("win", "shared", "draw", "loss", "unfinished"), 0)
        self.points = 0.0
        self.scores: list[float] = []

    def add(self, result: _Result, points: float, score: float | None) -> None:
        self.games += 1
        self.results[result] += 1
        self.points += points
        if score is not None:
            self.scores.append(score)

    def standing(self, name: str, seat: int | None) -> Standing:
        mean = sum(self.scores) / len(self.scores) if self.scores else None
        points = self.points / self.games if self.games else 0.0
        r = self.results
        return Standing(name, seat, self.games, r["win"], r["shared"], r["draw"], r["loss"], r["unfinished"], points,
                        mean)


@attrs.frozen
class TournamentResult:
    """Everything a :func:`tournament` played.

    Attributes:
        game: The game's registry name.
        options: The game's options, as JSON values.
        players: Players per game.
        agents: The agents' names, in the order given.
        seed: The tournament's seed.
        results: Every game, in order of its number.
        seat_names: What the game calls each seat (``attackers``,
            ``defenders``), for :meth:`summary`; empty: their numbers.

    Examples:
        >>> from boardkit.testing import Nim
        >>> from boardkit.agents import RandomAgent
        >>> from boardkit.play import tournament
        >>> result = tournament(Nim(heap=4), [RandomAgent(seed=1), RandomAgent(seed=2)], games=4, seed=1)
        >>> result.agents, len(result.records), result.errors
        (('RandomAgent', 'RandomAgent-2'), 4, ())
    """

    game: str
    options: Mapping[str, Any]
    players: int
    agents: tuple[str, ...]
    seed: int
    results: tuple[GameResult, ...]
    seat_names: tuple[str, ...] = ()

    @property
    def records(self) -> tuple[GameRecord, ...]:
        """The records of the games that were played, in order."""
        return tuple(r.record for r in self.results if r.record is not None)

    @property
    def errors(self) -> tuple[GameResult, ...]:
        """The games that failed, each with its seed and error."""
        return tuple(r for r in self.results if r.record is None)

    def _tallies(self) -> tuple[list[_Tally], list[list[_Tally]]]:
        overall = [_Tally() for _ in self.agents]
        seated = [[_Tally() for _ in range(self.players)] for _ in self.agents]
        for result in self.results:
            if result.record is None:
                continue
            outcome = result.record.outcome
            scores = None if outcome is None else outcome.scores
            for agent, (how, points) in agent_results(outcome, result.seats).items():
                mine = [float(scores[s]) for s, a in enumerate(result.seats) if a == agent] if scores else []
                overall[agent].add(how, points, sum(mine) / len(mine) if mine else None)
            for seat, (how, points) in _results(outcome, range(len(result.seats))).items():
                agent = result.seats[seat]
                seated[agent][seat].add(how, points, float(scores[seat]) if scores else None)
        return overall, seated

    def standings(self) -> tuple[Standing, ...]:
        """Each agent's results over all seats, in the order the agents were given.

        Each game counts once for each agent that sat in it, however many
        seats it held; a game in which one agent held every seat is left out
        of its standing (see :class:`Standing`).

        Examples:
            >>> from boardkit.testing import Nim
            >>> from boardkit.agents import GreedyAgent, RandomAgent
            >>> from boardkit.play import tournament
            >>> r = tournament(Nim(heap=3), [GreedyAgent(), RandomAgent()], games=4, seed=0)
            >>> [(s.name, s.wins, s.losses) for s in r.standings()]
            [('GreedyAgent', 4, 0), ('RandomAgent', 0, 4)]
        """
        overall, _ = self._tallies()
        return tuple(t.standing(name, None) for name, t in zip(self.agents, overall, strict=True))

    def by_seat(self) -> tuple[Standing, ...]:
        """Each agent's results at each seat it played, agent by agent: each
        seat's own result (see :class:`Standing`), games an agent played
        only against itself included.

        Examples:
            >>> from boardkit.testing import Nim
            >>> from boardkit.agents import GreedyAgent, RandomAgent
            >>> from boardkit.play import tournament
            >>> r = tournament(Nim(heap=3), [GreedyAgent(), RandomAgent()], games=4, seed=0)
            >>> [(s.name, s.seat, s.wins) for s in r.by_seat()]
            [('GreedyAgent', 0, 2), ('GreedyAgent', 1, 2), ('RandomAgent', 0, 0), ('RandomAgent', 1, 0)]
        """
        _, seated = self._tallies()
        return tuple(
            t.standing(name, seat)
            for name, seats in zip(self.agents, seated, strict=True)
            for seat, t in enumerate(seats)
            if t.games
        )

    def summary(self) -> str:
        """A plain-text table of the standings, per agent and per seat.

        A ``shared`` column (victories shared with other agents, or at one
        seat with other seats) is shown when some game had one, an
        ``unfinished`` one when some game was stopped at the move cap, and a
        ``mean score`` one for games that keep score. A last line says how
        many games one agent played alone, holding every seat: they count in
        its seat rows only.

        Examples:
            >>> from boardkit.testing import Nim
            >>> from boardkit.agents import GreedyAgent, RandomAgent
            >>> from boardkit.play import tournament
            >>> r = tournament(Nim(heap=3), {"greedy": GreedyAgent(), "random": RandomAgent()}, games=4, seed=0)
            >>> print(r.summary())
            nim: 4 games, 2 players, seed 0
            agent   seat  games  wins  draws  losses  win rate  95% interval  points
            greedy  all       4     4      0       0    100.0%  51.0%-100.0%   1.000
            random  all       4     0      0       4      0.0%  0.0%-49.0%     0.000
            greedy  0         2     2      0       0    100.0%  34.2%-100.0%   1.000
            greedy  1         2     2      0       0    100.0%  34.2%-100.0%   1.000
            random  0         2     0      0       2      0.0%  0.0%-65.8%     0.000
            random  1         2     0      0       2      0.0%  0.0%-65.8%     0.000
        """
        rows = [*self.standings(), *self.by_seat()]
        lines = [f"{self.game}: {counted(len(self.results), 'game')}, {self.players} players, seed {self.seed}"]
        scored = any(s.mean_score is not None for s in rows)
        unfinished = any(s.unfinished for s in rows)
        shared = any(s.shared for s in rows)
        head = ["agent", "seat", "games", "wins", *(["shared"] if shared else []), "draws", "losses", "win rate",
                "95% interval", "points"]
        head += ["unfinished"] if unfinished else []
        head += ["mean score"] if scored else []
        table = []
        for s in rows:
            lo, hi = s.win_interval
            seat = "all" if s.seat is None else seat_label(s.seat, self.seat_names)
            cells = [s.name, seat, str(s.games), str(s.wins),
                     *([str(s.shared)] if shared else []), str(s.draws), str(s.losses), f"{s.win_rate:.1%}",
                     f"{lo:.1%}-{hi:.1%}", f"{s.points:.3f}"]
            cells += [str(s.unfinished)] if unfinished else []
            cells += (["-" if s.mean_score is None else f"{s.mean_score:.2f}"]) if scored else []
            table.append(cells)
        lines += table_lines(head, table, left={0, 1, head.index("95% interval")})
        alone = sum(1 for r in self.results if r.record is not None and len(set(r.seats)) == 1)
        if alone:
            lines.append(f"{alone} {'game' if alone == 1 else 'games'} in which one agent held every seat "
                         f"{'counts' if alone == 1 else 'count'} in its seat rows only")
        for failed in self.errors:
            lines.append(f"game {failed.index} (seed {failed.seed}) failed: {failed.error}")
        return "\n".join(lines)


def seat_label(seat: int, names: Sequence[str]) -> str:
    """A seat in a table: the name the game gives it (``attackers``), or its
    number when it has none of its own (``player 1`` is seat ``1``).

    Examples:
        >>> seat_label(1, ["attackers", "defenders"]), seat_label(1, ["player 0", "player 1"]), seat_label(1, [])
        ('defenders', '1', '1')
    """
    name = names[seat] if seat < len(names) else ""
    return name if name and name != f"player {seat}" else str(seat)


def table_lines(head: Sequence[str], rows: Sequence[Sequence[str]], left: set[int]) -> list[str]:
    """A table as lines: every column as wide as its widest cell, text
    columns (``left``) flush left, numbers flush right, two spaces apart
    (the tables of ``boardkit simulate`` and ``boardkit analyze``).

    Examples:
        >>> for line in table_lines(["agent", "wins"], [["mcts", "9"], ["random", "11"]], left={0}):
        ...     print(line)
        agent   wins
        mcts       9
        random    11
    """
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        pairs = enumerate(zip(cells, widths, strict=True))
        return "  ".join(c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in pairs)

    return [line(cells).rstrip() for cells in [head, *rows]]
