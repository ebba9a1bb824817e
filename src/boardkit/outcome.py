"""How a game ended: :class:`Outcome`, and :data:`Player`, a seat number.

Core floor: it imports nothing of boardkit's, so the game protocol and
records (:mod:`boardkit.record`) both stand on it without importing each
other in a circle. Import it from :mod:`boardkit` or :mod:`boardkit.game`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = ["Outcome", "Player"]

#: A player number, ``0 .. players - 1``. Seat 0 is the first listed player.
Player = int


def _to_winners(winners: Iterable[Player]) -> frozenset[Player]:
    return frozenset(winners)


def _to_scores(scores: Iterable[float] | None) -> tuple[float, ...] | None:
    return None if scores is None else tuple(scores)


@attrs.frozen
class Outcome:
    """How a game ended.

    Attributes:
        winners: The players who won; empty when nobody won (a draw, or a
            solo game that is only scored), several for a shared victory.
        scores: The final scores, one per player, in games that keep score.
        reason: A few lowercase words saying why the game ended.

    Examples:
        >>> o = Outcome.win(1, "king escaped")
        >>> o.winners, o.winner, o.is_draw
        (frozenset({1}), 1, False)
        >>> Outcome.draw("third repetition").is_draw
        True
    """

    winners: frozenset[Player] = attrs.field(converter=_to_winners)
    scores: tuple[float, ...] | None = attrs.field(default=None, converter=_to_scores)
    reason: str = ""

    @classmethod
    def win(cls, player: Player, reason: str, scores: Iterable[float] | None = None) -> Outcome:
        """An outcome in which ``player`` alone wins.

        Examples:
            >>> Outcome.win(0, "king captured").reason
            'king captured'
        """
        return cls(frozenset({player}), _to_scores(scores), reason)

    @classmethod
    def draw(cls, reason: str, scores: Iterable[float] | None = None) -> Outcome:
        """An outcome in which nobody wins.

        Examples:
            >>> Outcome.draw("no moves").winners
            frozenset()
        """
        return cls(frozenset(), _to_scores(scores), reason)

    @property
    def winner(self) -> Player | None:
        """The single winner, or ``None`` for a draw or a shared victory.

        Examples:
            >>> Outcome(frozenset({0, 1}), None, "tie").winner is None
            True
        """
        if len(self.winners) == 1:
            return next(iter(self.winners))
        return None

    @property
    def is_draw(self) -> bool:
        """True when nobody won.

        Examples:
            >>> Outcome.win(0, "x").is_draw
            False
        """
        return not self.winners
