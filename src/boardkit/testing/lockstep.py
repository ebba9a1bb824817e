"""The lockstep oracle: :func:`lockstep` plays a game beside a reference
implementation of the same rules (OpenSpiel's, through
:func:`openspiel_reference`, or any :class:`Reference`) and reports the first
disagreement.

Examples:
    >>> from boardkit.testing import Nim, NimByHand
    >>> lockstep(Nim(heap=5), NimByHand, games=2).games
    2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import attrs

from boardkit.chance import Random, derive_seed
from boardkit.errors import OptionError
from boardkit.game import Game, Outcome, State
from boardkit.testing.conformance import ConformanceError

__all__ = ["LockstepError", "LockstepReport", "Reference", "lockstep", "openspiel_reference", "two_player_returns"]


class Reference(Protocol):
    """One game in progress of a reference implementation, as :func:`lockstep`
    reads it. Any object with these five methods will do; moves are the
    reference's own names for them (strings). :func:`openspiel_reference`
    wraps an OpenSpiel game in it.

    Examples:
        Nim written by hand, without boardkit, is one:

        >>> from boardkit.testing import NimByHand
        >>> reference = NimByHand(5)
        >>> reference.legal_moves(), reference.current_player()
        (['take 1', 'take 2', 'take 3'], 0)
        >>> reference.apply("take 3"); reference.apply("take 2")
        >>> reference.is_over(), reference.returns()
        (True, (-1.0, 1.0))
    """

    def legal_moves(self) -> Iterable[str]:
        """The names of the legal moves (none once the game is over)."""
        ...

    def current_player(self) -> int | None:
        """The player to move, or ``None`` once the game is over."""
        ...

    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def returns(self) -> Sequence[float]:
        """Each player's return once the game is over (OpenSpiel's
        ``returns()``: +1 a win, -1 a loss, 0 a draw in a two-player game)."""
        ...

    def apply(self, move: str) -> None:
        """Play the legal move with this name."""
        ...


class LockstepError(ConformanceError):
    """A game and its reference implementation disagreed in :func:`lockstep`.

    Attributes:
        seed: The seed of the game in which it happened.
        moves: The game's moves played before it happened, in notation.
        what: What they disagreed on: ``"legal moves"``, ``"player to move"``,
            ``"end"`` or ``"returns"`` (or ``"move names"``: the ``names``
            given to :func:`lockstep` named two moves alike).
        ours: The game's answer (for legal moves: the reference's names of
            the moves only the game has).
        theirs: The reference's answer (for legal moves: those only it has).
        within: The reference's moves already played of a move that the game
            plays as one and the reference as several (a draughts chain).

    Examples:
        >>> err = LockstepError("legal moves", ["a3b4"], [], seed=3, moves=("c3-d4",))
        >>> print(err)
        the game and the reference disagree on the legal moves: only the game has ['a3b4']
        (seed 3, after 1 moves: ... c3-d4)
        >>> err.what, err.ours
        ('legal moves', ['a3b4'])
    """

    def __init__(
        self,
        what: str,
        ours: Any,
        theirs: Any,
        *,
        seed: int,
        moves: tuple[str, ...],
        within: tuple[str, ...] = (),
        detail: str | None = None,
    ) -> None:
        if detail is not None:
            pass
        elif what == "legal moves":
            sides = [f"only the game has {ours!r}" * bool(ours), f"only the reference has {theirs!r}" * bool(theirs)]
            detail = "; ".join(side for side in sides if side)
        else:
            detail = f"the game says {ours!r}, the reference {theirs!r}"
        if within:
            detail += f"; within one move of the game after the reference's {' '.join(within)}"
        super().__init__(f"the game and the reference disagree on the {what}: {detail}", seed=seed, moves=moves)
        self.what = what
        self.ours = ours
        self.theirs = theirs
        self.within = within


@attrs.frozen
class LockstepReport:
    """What :func:`lockstep` played.

    Attributes:
        games: Games played side by side.
        moves: The game's moves played in all.
        reference_moves: The reference's moves played in all (more than
            ``moves`` where one move of the game is several of the reference).
        finished: Games that ended (the rest hit the move cap).
        outcomes: Each finished game's outcome (on which both agreed).

    Examples:
        >>> from boardkit.testing import Nim, NimByHand
        >>> report = lockstep(Nim(heap=5), NimByHand, games=3)
        >>> report.finished, report.outcomes[0].reason
        (3, 'took the last counter')
    """

    games: int
    moves: int
    reference_moves: int
    finished: int
    outcomes: tuple[Outcome, ...]


def two_player_returns(outcome: Outcome, players: int) -> tuple[float, ...]:
    """OpenSpiel's returns of a zero-sum game: +1 for each winner and -1 for
    everyone else when somebody won, 0 for all in a draw.

    Examples:
        >>> from boardkit import Outcome
        >>> two_player_returns(Outcome.win(1, "took the last counter"), 2)
        (-1.0, 1.0)
        >>> two_player_returns(Outcome.draw("no moves"), 2)
        (0.0, 0.0)
    """
    if not outcome.winners:
        return (0.0,) * players
    return tuple(1.0 if p in outcome.winners else -1.0 for p in range(players))


def _notation(move: Any, state: State[Any]) -> str:
    return str(move)


def lockstep(
    game: Game[Any, Any],
    reference: Callable[[], Reference],
    *,
    names: Callable[[Any, State[Any]], str | Sequence[str]] = _notation,
    returns: Callable[[Outcome, int], Sequence[float]] = two_player_returns,
    games: int = 200,
    seed: int = 0,
    players: int | None = None,
    max_moves: int = 1000,
) -> LockstepReport:
    """Play ``game`` and a reference implementation of the same rules side by
    side, from seeded random games, and fail at the first disagreement.

    :func:`check_game` checks that a game keeps the contract; this checks that
    it plays the rules, against another implementation of them (OpenSpiel's,
    through :func:`openspiel_reference`, or any :class:`Reference`). Before
    every move of each game it compares whether the game is over (and then
    the returns), the player to move and the set of legal moves, each of the
    game's moves named as the reference names it; then it plays a random
    legal move of the game in both. A move the game plays as one and the
    reference as several (a draughts chain, which OpenSpiel plays jump by
    jump) is named as a sequence, and between its parts the reference must
    keep the same player to move and offer exactly the next parts of the
    game's moves that begin the same way.

    Args:
        game: The game to check.
        reference: Makes a new game of the reference, at its start.
        names: The reference's name of a move, given the move and the
            game's state before it; or a sequence of names for a move the
            reference plays as several. Default ``str(move)``.
        returns: The reference's returns for an outcome of the game, given the
            number of players. Default :func:`two_player_returns`.
        games: How many random games to play.
        seed: Master seed; each game's seed (which picks its moves and, for a
            game with chance, deals it) is derived from it.
        players: Number of players; default the game's minimum.
        max_moves: Stop a game that has not ended after this many moves.

    Returns:
        A :class:`LockstepReport` of what was played.

    Raises:
        LockstepError: at the first disagreement, saying on what, both
            answers, the seed and the moves that led there.

    Examples:
        Nim against a reference written by hand, and against one that lets a
        player take four:

        >>> from boardkit.testing import Nim, NimByHand
        >>> lockstep(Nim(heap=5), NimByHand, games=20).games
        20
        >>> class Greedy(NimByHand):
        ...     def legal_moves(self):
        ...         return [f"take {n}" for n in range(1, min(4, self.heap) + 1)]
        >>> lockstep(Nim(heap=5), Greedy, games=20)
        Traceback (most recent call last):
        ...
        boardkit.testing.LockstepError: the game and the reference disagree on the legal moves:
        only the reference has ['take 4'] (seed ..., after 0 moves)
    """
    if games < 0:
        raise OptionError(f"games must be 0 or more, not {games!r}")
    played = theirs_played = 0
    outcomes: list[Outcome] = []
    for g in range(games):
        game_seed = derive_seed(seed, g)
        moves, their_moves, outcome = _lockstep_one(game, reference, names, returns, players, game_seed, max_moves)
        played += moves
        theirs_played += their_moves
        if outcome is not None:
            outcomes.append(outcome)
    return LockstepReport(games, played, theirs_played, len(outcomes), tuple(outcomes))


def _lockstep_one(
    game: Game[Any, Any],
    reference: Callable[[], Reference],
    names: Callable[[Any, State[Any]], str | Sequence[str]],
    returns: Callable[[Outcome, int], Sequence[float]],
    players: int | None,
    game_seed: int,
    max_moves: int,
) -> tuple[int, int, Outcome | None]:
    state: State[Any] = game.new_game(players=players, seed=game_seed)
    theirs = reference()
    chooser = Random(game_seed ^ 0x10C5)
    notation: list[str] = []
    their_moves = 0

    def fail(what: str, ours: Any, reference_says: Any, within: tuple[str, ...] = ()) -> LockstepError:
        return LockstepError(what, ours, reference_says, seed=game_seed, moves=tuple(notation), within=within)

    while True:
        outcome = state.outcome
        if (outcome is not None) != theirs.is_over():
            raise fail("end", "over" if outcome is not None else "going on", "over" if theirs.is_over() else "going on")
        if outcome is not None:
            ours = tuple(float(r) for r in returns(outcome, state.players))
            reference_returns = tuple(float(r) for r in theirs.returns())
            if len(ours) != len(reference_returns) or any(
                abs(a - b) > 1e-9 for a, b in zip(ours, reference_returns, strict=True)
            ):
                raise fail("returns", ours, reference_returns)
            return len(notation), their_moves, outcome
        if len(notation) >= max_moves:
            return len(notation), their_moves, None
        mover = state.current_player
        if mover != theirs.current_player():
            raise fail("player to move", mover, theirs.current_player())
        legal = state.legal_moves()
        named: dict[tuple[str, ...], Any] = {}
        for move in legal:
            parts = names(move, state)
            key = (parts,) if isinstance(parts, str) else tuple(parts)
            if not key or key in named:
                other = f"{str(named[key])!r} too" if key else "nothing"
                raise LockstepError(
                    "move names",
                    str(move),
                    key,
                    seed=game_seed,
                    moves=tuple(notation),
                    detail=f"names gives {key!r} for {str(move)!r}, and for {other}: each move needs names of its own",
                )
            named[key] = move
        move = legal[chooser.randbelow(len(legal))]
        chosen = next(key for key, value in named.items() if value is move)
        for k in range(len(chosen)):
            done = chosen[:k]
            if k and (theirs.is_over() or theirs.current_player() != mover):
                player = None if theirs.is_over() else theirs.current_player()
                raise fail("player to move", mover, player, within=done)
            # The parts that may come next, by the game's moves that begin as this one did.
            ahead = {key[k] for key in named if len(key) > k and key[:k] == done}
            ends_here = [str(named[key]) for key in named if key == done]
            if ends_here:
                raise fail("end", f"{ends_here[0]} ends the move here", "the same player goes on", within=done)
            offered = set(theirs.legal_moves())
            if ahead != offered:
                raise fail("legal moves", sorted(ahead - offered), sorted(offered - ahead), within=done)
            theirs.apply(chosen[k])
            their_moves += 1
        state.apply(move)
        notation.append(str(move))


def openspiel_reference(game: Any, **parameters: Any) -> Callable[[], Reference]:
    """An OpenSpiel game as a :class:`Reference` for :func:`lockstep`: its
    moves named by ``action_to_string``, as OpenSpiel prints them.

    ``pyspiel`` is imported only here, when called (``pip install open_spiel``).

    Args:
        game: A name OpenSpiel registers (``"checkers"``), or a loaded
            ``pyspiel.Game``.
        parameters: The game's parameters, for a name (``rows=8``).

    Returns:
        What makes a new game of it, at its start.

    Raises:
        OptionError: for a game with chance or simultaneous moves (lockstep
            plays one player's move at a time, without chance), or parameters
            given with a loaded game.

    Examples:
        >>> from breakthrough import Breakthrough, openspiel_names
        >>> lockstep(Breakthrough(), openspiel_reference("breakthrough"), names=openspiel_names, games=2).games
        2
    """
    import pyspiel

    if not isinstance(game, str) and parameters:
        raise OptionError("give parameters with a game's name, not with a loaded game (it has its own)")
    loaded = pyspiel.load_game(game, parameters) if isinstance(game, str) else game
    kind = loaded.get_type()
    if kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        raise OptionError(f"{kind.short_name!r} has chance; lockstep compares games without chance")
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise OptionError(f"{kind.short_name!r} has simultaneous moves; lockstep plays one move at a time")

    def new() -> Reference:
        return _SpielState(loaded.new_initial_state())

    return new


class _SpielState:
    """One OpenSpiel game as a :class:`Reference`."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self._actions: dict[str, int] | None = None

    def _named(self) -> dict[str, int]:
        if self._actions is None:
            state = self.state
            player = state.current_player()
            actions = {state.action_to_string(player, a): a for a in state.legal_actions()}
            if len(actions) != len(state.legal_actions()):
                raise OptionError("the reference names two of its legal actions alike; lockstep needs distinct names")
            self._actions = actions
        return self._actions

    def legal_moves(self) -> list[str]:
        return [] if self.state.is_terminal() else list(self._named())

    def current_player(self) -> int | None:
        return None if self.state.is_terminal() else int(self.state.current_player())

    def is_over(self) -> bool:
        return bool(self.state.is_terminal())

    def returns(self) -> tuple[float, ...]:
        return tuple(self.state.returns())

    def apply(self, move: str) -> None:
        action = self._named().get(move)
        if action is None:
            raise OptionError(f"{move!r} is not a legal move of the reference here")
        self.state.apply_action(action)
        self._actions = None
