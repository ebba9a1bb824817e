"""How a game ended: :class:`Outcome`, and :data:`Player`, a seat number.

Core floor: it imports only :mod:`boardkit.errors`, so the game protocol and
records (:mod:`boardkit.record`) both stand on it without importing each
other in a circle. Import it from :mod:`boardkit` or :mod:`boardkit.game`.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from boardkit.errors import OptionError, check_int

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

    def rewards(self, players: int) -> tuple[float, ...]:
        """Each player's reward for this outcome, from -1 to 1: +1 for a
        win, -1 for a loss, 0 for a draw; the one scale reinforcement
        learning (:mod:`boardkit.rl`) and the agents' evaluations use.

        A victory shared by ``k`` of the players gives each of them ``1/k``
        (the losers -1); when nobody or everybody wins every reward is 0 (a
        one-player game that is only scored, such as solo Camelot, ends with
        no winner: 0).

        Raises:
            OptionError: if ``players`` is not a positive integer, or a
                winner is not one of the ``players`` seats.

        Examples:
            >>> Outcome.win(1, "king escaped").rewards(2)
            (-1.0, 1.0)
            >>> Outcome(frozenset({0, 2}), None, "tie").rewards(3)
            (0.5, -1.0, 0.5)
            >>> Outcome.draw("no moves").rewards(2)
            (0.0, 0.0)
        """
        check_int(players, "players", low=1)
        winners = self.winners
        if any(type(p) is not int or not 0 <= p < players for p in winners):
            raise OptionError(f"the winners {sorted(winners)} are not all among the {players} seats 0..{players - 1}")
        if not winners or len(winners) == players:
            return (0.0,) * players
        share = 1.0 / len(winners)
        return tuple(share if p in winners else -1.0 for p in range(players))
