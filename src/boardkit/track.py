"""A score track: per-player scores on spaces grouped into rows.

Components floor: it imports the core and the boards only, never a game or
an application.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import cached_property
from itertools import accumulate
from typing import Any

import networkx as nx

from boardkit.errors import OptionError
from boardkit.game import Player
from boardkit.topology import Topology

__all__ = ["ScoreTrack"]


class ScoreTrack:
    """Per-player scores on a track whose spaces are grouped into rows.

    Rows (bands) let a game key rules to where a player stands: Field of the
    Cloth of Gold pays each gold tile by the row its owner reached. A track may
    have an end threshold (the game ends when someone reaches it) and may wrap
    around, as long tracks printed round a board's edge do; a score is never
    capped, only its space on the track.

    Args:
        players: How many players have a marker.
        rows: The number of spaces in each row, in order; ``None`` for one
            row as long as ``length``.
        values: Named per-row values, one per row, e.g.
            ``{"gold": [3, 3, 2, 1, 1]}``.
        length: Total spaces when ``rows`` is ``None``.
        wrap: Scores past the last space go round again (the track is a cycle).
        threshold: A score that ends the game when reached (see :meth:`reached`).

    Raises:
        OptionError: for inconsistent rows, values or lengths.

    Examples:
        >>> track = ScoreTrack(2, rows=[8] * 5, values={"gold": [3, 3, 2, 1, 1]}, threshold=30)
        >>> track.add(0, 17)
        17
        >>> track.row(0), track.value("gold", 0), track.value("gold", 1)
        (2, 2, 3)
        >>> track.add(0, 50), track.row(0)
        (67, 4)
        >>> track.reached()
        (0,)
    """

    def __init__(
        self,
        players: int,
        *,
        rows: Sequence[int] | None = None,
        values: Mapping[str, Sequence[int]] | None = None,
        length: int | None = None,
        wrap: bool = False,
        threshold: int | None = None,
    ) -> None:
        if players < 1:
            raise OptionError(f"a score track needs at least one player, not {players!r}")
        if rows is None:
            if length is None or length < 1:
                raise OptionError("give the track's rows or a positive length")
            rows = [length]
        if not rows or any(n < 1 for n in rows):
            raise OptionError(f"every row needs at least one space, not {list(rows)!r}")
        if length is not None and length != sum(rows):
            raise OptionError(f"length {length} does not match rows adding up to {sum(rows)}")
        self.rows: tuple[int, ...] = tuple(rows)
        self.values: dict[str, tuple[int, ...]] = {}
        for name, per_row in (values or {}).items():
            if len(per_row) != len(self.rows):
                raise OptionError(f"values {name!r} need one number per row ({len(self.rows)}), not {len(per_row)}")
            self.values[name] = tuple(per_row)
        self.length = sum(self.rows)
        self.wrap = wrap
        self.threshold = threshold
        self._starts: tuple[int, ...] = tuple(accumulate(self.rows[:-1], initial=0))  # where each row starts
        self._scores: list[int] = [0] * players

    def __repr__(self) -> str:
        return f"<ScoreTrack {self.length} spaces in rows {list(self.rows)}, scores {self._scores}>"

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's score."""
        return tuple(self._scores)

    def score(self, player: Player) -> int:
        """One player's score."""
        return self._scores[player]

    def set(self, player: Player, score: int) -> None:
        """Put a player's marker at ``score`` (for set-ups and undo)."""
        self._scores[player] = score

    def add(self, player: Player, points: int) -> int:
        """Add points (negative points move back, not below 0) and return the new score.

        Examples:
            >>> t = ScoreTrack(1, length=10); t.add(0, 3); t.add(0, -5)
            3
            0
        """
        self._scores[player] = max(0, self._scores[player] + points)
        return self._scores[player]

    def space(self, player: Player) -> int:
        """The space the player's marker stands on: the score, capped at the
        last space, or taken round the track when it wraps.

        Examples:
            >>> t = ScoreTrack(1, length=50, wrap=True); t.add(0, 73)
            73
            >>> t.space(0), t.laps(0)
            (23, 1)
        """
        s = self._scores[player]
        return s % self.length if self.wrap else min(s, self.length - 1)

    def laps(self, player: Player) -> int:
        """How many times the marker went past the end of a wrapping track."""
        return self._scores[player] // self.length if self.wrap else 0

    def row_of(self, score: int) -> int:
        """The row a given score falls in (capped at the last row).

        Examples:
            >>> ScoreTrack(2, rows=[8] * 5).row_of(39), ScoreTrack(2, rows=[8] * 5).row_of(99)
            (4, 4)
        """
        space = score % self.length if self.wrap else min(score, self.length - 1)
        return max(bisect_right(self._starts, space) - 1, 0)  # the last row starting at or before it

    def row(self, player: Player) -> int:
        """The row of the player's marker."""
        return self.row_of(self._scores[player])

    def value(self, name: str, player: Player) -> int:
        """The named per-row value at the player's row.

        Raises:
            OptionError: for a value name the track does not have.
        """
        try:
            per_row = self.values[name]
        except KeyError:
            raise OptionError(f"the track has no values named {name!r}") from None
        return per_row[self.row(player)]

    def reached(self) -> tuple[Player, ...]:
        """The players at or past the threshold (none without a threshold)."""
        if self.threshold is None:
            return ()
        return tuple(p for p, s in enumerate(self._scores) if s >= self.threshold)

    def leaders(self) -> tuple[Player, ...]:
        """The players with the highest score.

        Examples:
            >>> t = ScoreTrack(3, length=20); t.add(1, 4); t.add(2, 4)
            4
            4
            >>> t.leaders()
            (1, 2)
        """
        best = max(self._scores)
        return tuple(p for p, s in enumerate(self._scores) if s == best)

    def key(self) -> tuple[int, ...]:
        """The markers, for state snapshots (the track's shape is the game's).

        Examples:
            >>> track = ScoreTrack(2, length=10); track.add(1, 3)
            3
            >>> track.key(), track.copy().key() == track.key()
            ((0, 3), True)
        """
        return tuple(self._scores)

    def copy(self) -> ScoreTrack:
        """An independent track with the same markers."""
        twin = ScoreTrack.__new__(ScoreTrack)
        twin.__dict__.update(self.__dict__)
        twin._scores = list(self._scores)
        return twin

    @cached_property
    def topology(self) -> Topology:
        """The track's spaces as a board: a path graph, or a cycle when it wraps.

        Nodes are space numbers with a ``"row"`` attribute; steps are
        ``"forward"`` and ``"back"``.

        Examples:
            >>> t = ScoreTrack(2, rows=[8] * 5)
            >>> t.topology.step(7, "forward"), t.topology.graph.nodes[8]["row"]
            (8, 1)
        """
        cycle = self.wrap and self.length > 2
        graph: nx.Graph[Any] = nx.cycle_graph(self.length) if cycle else nx.path_graph(self.length)
        per_row = 10
        for space in graph.nodes:
            row = self.row_of(space)
            graph.nodes[space]["row"] = row
            graph.nodes[space]["pos"] = (float(space % per_row), float(-(space // per_row)))
        for a, b in graph.edges:
            lo, hi = (a, b) if (b - a) % self.length == 1 else (b, a)
            graph.edges[a, b]["steps"] = {lo: "forward", hi: "back"}
        return Topology(graph, ("forward", "back"), {"forward": "back", "back": "forward"})

