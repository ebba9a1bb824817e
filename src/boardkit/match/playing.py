"""A game being played: its state, who played each move and what it did, kept in step with take-backs.

:class:`Match` is the one place the terminal's session and the web server's
tables keep "a game being played": a move is played on a copy and then
swapped in (an interrupt never leaves one half played), each move is logged
with its player and what it did in the game's words
(:meth:`~boardkit.State.describe`), and a take-back pops the log and the
state together, refusing a move that drew from the game's chance
(:func:`~boardkit.match.take_back_refusal`). What was taken back can be
played again until a new move is made.

Examples:
    >>> from boardkit.testing import Nim
    >>> match = Match(Nim(heap=7).new_game(seed=1))
    >>> match.play(0, "take 3")
    Played(player=0, move=Take(3), said='')
    >>> match.play(1, "take 1").player, match.back_to({0})
    (1, 2)
    >>> [p.move for p in match.take_back(2)]
    [Take(1), Take(3)]
    >>> len(match.state.history), [p.move for p in match.redo()]
    (0, [Take(3), Take(1)])
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import attrs

from boardkit.errors import BoardkitError
from boardkit.game import Player, State
from boardkit.match.seats import take_back_refusal

__all__ = ["Match", "Played", "TakeBackError"]


class TakeBackError(BoardkitError, ValueError):
    """A take-back refused: nothing to take back, or a move that drew from chance.

    Examples:
        >>> isinstance(TakeBackError("nothing to take back"), ValueError)
        True
    """


@attrs.frozen
class Played:
    """One move of a match: who played it, the move, and what it did in the game's words.

    Examples:
        >>> from boardkit.testing import Nim
        >>> Match(Nim().new_game(seed=0)).play(0, "take 2").move
        Take(2)
    """

    player: Player
    move: Any
    said: str = ""


class Match:
    """A game being played, with the log of its moves.

    Args:
        state: The game's state; the match plays on it from here (a state
            with moves already played has no log for them: start from a new
            game, or replay them with :meth:`play`).

    Attributes:
        state: The position now (a new object after each move: read it
            from the match, not from a name kept earlier).
        log: Every move played, in order, as :class:`Played`.

    Examples:
        >>> from boardkit.testing import Nim
        >>> match = Match(Nim(heap=5).new_game(seed=0))
        >>> match.play(0, "take 3").said, match.state.current_player
        ('', 1)
    """

    def __init__(self, state: State[Any]) -> None:
        self.state = state
        self.log: list[Played] = []
        self._undone: list[list[Played]] = []

    def play(self, player: Player, move: Any) -> Played:
        """Play ``move`` (a move or its notation) for ``player`` and log it;
        what was taken back can no longer be played again.

        Raises:
            IllegalMoveError: or :class:`~boardkit.errors.NotationError`, as
                :meth:`~boardkit.State.apply` does; nothing changes.
        """
        before = self.state
        after = before.copy()
        after.apply(move)
        played = Played(player, after.history[-1], after.describe(after.history[-1], before))
        self.state = after  # one step: an interrupt never leaves a move half played
        self.log.append(played)
        self._undone.clear()
        return played

    def back_to(self, players: Collection[Player]) -> int:
        """How many moves a take-back by ``players`` would take back: back to
        and including the last move one of them played (the replies after it
        too); 0 when none of them has moved.

        Examples:
            >>> from boardkit.testing import Nim
            >>> match = Match(Nim(heap=9).new_game(seed=0))
            >>> _ = match.play(0, "take 1"), match.play(1, "take 1")
            >>> match.back_to({1}), match.back_to({0}), match.back_to(set())
            (1, 2, 0)
        """
        return next((back for back, p in enumerate(reversed(self.log), 1) if p.player in players), 0)

    def take_back_refusal(self, count: int) -> str | None:
        """Why the last ``count`` moves may not be taken back, or ``None``."""
        if not 1 <= count <= len(self.log):
            return "nothing to take back" if not self.log else f"only {len(self.log)} moves to take back"
        return take_back_refusal(self.state, count)

    def take_back(self, count: int) -> list[Played]:
        """Take back the last ``count`` moves; returns them, latest first.
        They can be played again with :meth:`redo` until a move is made.

        Raises:
            TakeBackError: for :meth:`take_back_refusal`'s reasons; nothing changes.
        """
        refusal = self.take_back_refusal(count)
        if refusal is not None:
            raise TakeBackError(refusal)
        taken: list[Played] = []
        for _ in range(count):
            self.state.undo()
            taken.append(self.log.pop())
        self._undone.append(taken)
        return taken

    @property
    def can_redo(self) -> bool:
        """Whether a take-back can be played again now."""
        return bool(self._undone)

    def redo(self) -> list[Played]:
        """Play again what the last :meth:`take_back` took back; returns the
        moves in the order played. Nothing redone draws chance: a take-back
        never takes back a move that drew.

        Raises:
            TakeBackError: when there is nothing to play again.
        """
        if not self._undone:
            raise TakeBackError("nothing to redo")
        again = list(reversed(self._undone.pop()))
        for played in again:
            self.state.apply(played.move)
            self.log.append(played)
        return again

    def restart(self, state: State[Any]) -> None:
        """Start over with ``state`` (a new game), the log emptied."""
        self.state = state
        self.log = []
        self._undone = []
