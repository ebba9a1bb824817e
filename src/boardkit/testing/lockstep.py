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

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol

import attrs

from boardkit.chance import Random, derive_seed
from boardkit.errors import OptionError, OptionTypeError, shown
from boardkit.game import Game, Outcome, State
from boardkit.testing.conformance import ConformanceError, check_play_arguments

__all__ = ["LockstepError", "LockstepReport", "Reference", "lockstep", "openspiel_reference", "two_player_returns"]


class Reference(Protocol):
    """One game in progress of a reference implementation, as :func:`lockstep`
    reads it. Any object with these five methods will do; moves are the
    reference's own names for them (strings). :func:`openspiel_reference`
    wraps an OpenSpiel game in it.

    A reference with chance has a sixth method, ``chance_outcomes()``: the
    names of what chance may give now, when the reference waits for it (a
    die to roll, a card to deal), and none otherwise; ``apply(name)`` then
    plays that outcome, and :func:`lockstep` does not ask the player to move
    while chance is awaited. A reference without the method is never asked
    about chance.

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
            ``"end"``, ``"returns"``, ``"chance"`` (what the game drew, or
            whether it drew) or ``"position"`` (or ``"move names"``: the
            ``names`` given to :func:`lockstep` named two moves alike).
        ours: The game's answer (for legal moves: the reference's names of
            the moves only the game has).
        theirs: The reference's answer (for legal moves: those only it has).
        within: The reference's moves already played of a move that the game
            plays as one and the reference as several (a draughts chain).

    Examples:
        >>> err = LockstepError("legal moves", ["a3b4"], [], seed=3, moves=("c3-d4",))
        >>> print(err)
        the game and the reference disagree on the legal moves: only the game has ['a3b4']
        (seed 3, after 1 move: ... c3-d4)
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
        if detail is None and what == "legal moves":
            sides = [f"only the game has {ours!r}" * bool(ours), f"only the reference has {theirs!r}" * bool(theirs)]
            detail = "; ".join(side for side in sides if side)
        elif detail is None:
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
        draws: Chance outcomes told to the reference in all.
        positions: Times the positions were compared (and agreed).

    Examples:
        >>> from boardkit.testing import Nim, NimByHand
        >>> report = lockstep(Nim(heap=5), NimByHand, games=3)
        >>> report.finished, report.outcomes[0].reason
        (3, 'took the last counter')
        >>> report.draws, report.positions
        (0, 0)
    """

    games: int
    moves: int
    reference_moves: int
    finished: int
    outcomes: tuple[Outcome, ...]
    draws: int = 0
    positions: int = 0


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


#: What ``names`` gives for a move: the reference's name, several names (one move of the game that the
#: reference plays as several), or ``None`` (a part of a move that the reference plays as one).
_Names = Callable[[Any, State[Any]], "str | Sequence[str] | None"]
#: One way to play a move of the reference: its names, and the game's moves that play it.
_Way = tuple[tuple[str, ...], tuple[Any, ...]]
#: What ``same_position`` is: a test of the two positions, or a text of each to compare.
_SamePosition = (
    Callable[[State[Any], Any], "bool | str"] | tuple[Callable[[State[Any]], object], Callable[[Any], object]]
)


def lockstep(
    game: Game[Any, Any],
    reference: Callable[[], Reference],
    *,
    names: _Names = _notation,
    returns: Callable[[Outcome, int], Sequence[float]] = two_player_returns,
    games: int = 200,
    seed: int = 0,
    players: int | None = None,
    max_moves: int = 1000,
    chance: Callable[[State[Any]], str | Sequence[str]] | None = None,
    same_position: _SamePosition | None = None,
) -> LockstepReport:
    """Play ``game`` and a reference implementation of the same rules side by
    side, from seeded random games, and fail at the first disagreement.

    :func:`check_game` checks that a game keeps the contract; this checks that
    it plays the rules, against another implementation of them (OpenSpiel's,
    through :func:`openspiel_reference`, or any :class:`Reference`). Before
    every move of each game it compares whether the game is over (and then
    the returns), the player to move and the set of legal moves, each of the
    game's moves named as the reference names it; then it plays a random
    legal move of the game in both.

    Moves need not match one for one:

    * A move the game plays as one and the reference as several (a draughts
      chain, which OpenSpiel plays jump by jump) is named as a sequence, and
      between its parts the reference must keep the same player to move and
      offer exactly the next parts of the game's moves that begin the same
      way.
    * Several moves the game plays where the reference plays one (a turn in
      parts: Pentago's placing, then its twist) are named by the last of
      them: ``names`` gives ``None`` for every earlier part, and the name of
      the whole action for the part that completes it (reading the earlier
      parts from ``state.history``). Lockstep walks every way the game
      can complete the action to compare the sets (the last part of each
      named, not played); ways named alike are played out, and must lead
      to the same position (a transposition).

    Chance and positions are compared when asked:

    * ``chance``: a reference that waits for chance (its
      ``chance_outcomes()`` names what may come, as OpenSpiel's chance nodes
      do) is told what the game drew: ``chance(state)`` names it after the
      move that drew it (or at the start, for a game that deals in its
      setup), and each name must be one the reference offers. A move of the
      game that draws must leave the reference waiting for chance, and a
      move that draws nothing must not.
    * ``same_position``: the positions, at the start and after every move
      (once the reference has played all of it and its chance): a function
      ``same_position(state, reference)`` that returns ``True`` when they
      agree and ``False``, or a text saying how they differ, when they do not;
      or a pair of functions ``(text_of_state, text_of_reference)`` whose
      results must be equal (both texts are shown when they are not).

    Args:
        game: The game to check.
        reference: Makes a new game of the reference, at its start.
        names: The reference's name of a move, given the move and the
            game's state before it; a sequence of names for a move the
            reference plays as several; or ``None`` for a part of a move the
            reference plays as one. Default ``str(move)``.
        returns: The reference's returns for an outcome of the game, given the
            number of players. Default :func:`two_player_returns`.
        games: How many random games to play.
        seed: Master seed; each game's seed (which picks its moves and, for a
            game with chance, deals it) is derived from it.
        players: Number of players; default the game's minimum.
        max_moves: Stop a game that has not ended after this many moves.
        chance: The reference's name of what the game drew, given the game's
            state after drawing; a sequence of names where the reference
            draws several times in a row (a card at a time). Needed when the
            reference waits for chance.
        same_position: How to compare the positions (see above); by default
            they are not compared.

    Returns:
        A :class:`LockstepReport` of what was played.

    Raises:
        LockstepError: at the first disagreement, saying on what, both
            answers, the seed and the moves that led there.
        OptionError: if the reference waits for chance and no ``chance`` was
            given, or for an argument of the wrong kind (a game that is not
            a :class:`~boardkit.Game`, a reference that cannot be called, a
            count that is not a whole number), before anything is played.

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

        The heaps compared at the start and after every move, and a
        reference whose heap is one short:

        >>> heaps = (lambda state: state.heap, lambda reference: reference.heap)
        >>> report = lockstep(Nim(heap=5), NimByHand, games=20, same_position=heaps)
        >>> report.positions == report.games + report.moves
        True
        >>> lockstep(Nim(heap=5), lambda: NimByHand(4), games=1, same_position=heaps)
        Traceback (most recent call last):
        ...
        boardkit.testing.LockstepError: the game and the reference disagree on the position:
        the game has 5, the reference 4 (seed ..., after 0 moves)
    """
    check_play_arguments(game, games=games, seed=seed, max_moves=max_moves, players=players)
    for what, given in (("reference", reference), ("names", names), ("returns", returns)):
        if not callable(given):
            raise OptionTypeError(f"{what} must be callable, not {shown(given)}")
    if chance is not None and not callable(chance):
        raise OptionTypeError(f"chance must be callable or None, not {shown(chance)}")
    if not (same_position is None or callable(same_position) or (
        isinstance(same_position, tuple) and len(same_position) == 2 and all(map(callable, same_position))
    )):
        raise OptionTypeError(f"same_position must be a function or a pair of functions, not {shown(same_position)}")
    totals = [0, 0, 0, 0]  # the game's moves, the reference's moves, draws, positions compared
    outcomes: list[Outcome] = []
    for g in range(games):
        one = _Lockstep(game, reference, names, chance, same_position, players, derive_seed(seed, g))
        outcome = one.play(returns, max_moves)
        for k, count in enumerate((len(one.notation), one.their_moves, one.draws, one.positions)):
            totals[k] += count
        if outcome is not None:
            outcomes.append(outcome)
    return LockstepReport(games, totals[0], totals[1], len(outcomes), tuple(outcomes), totals[2], totals[3])


class _Lockstep:
    """One game of :func:`lockstep`: the game's state and the reference's, played side by side."""

    def __init__(
        self,
        game: Game[Any, Any],
        reference: Callable[[], Reference],
        names: _Names,
        chance: Callable[[State[Any]], str | Sequence[str]] | None,
        same_position: _SamePosition | None,
        players: int | None,
        game_seed: int,
    ) -> None:
        self.state: State[Any] = game.new_game(players=players, seed=game_seed)
        self.theirs = reference()
        self.names = names
        self.chance = chance
        self.same_position = same_position
        self.seed = game_seed
        self.chooser = Random(game_seed ^ 0x10C5)
        self.notation: list[str] = []
        self.their_moves = self.draws = self.positions = 0
        self.grouped = False  # whether the last ways() found a move the reference plays as one of several
        # A reference without chance_outcomes() (every one written before chance) is never asked about chance.
        self.waiting: Callable[[], Iterable[str]] | None = getattr(self.theirs, "chance_outcomes", None)

    def fail(
        self, what: str, ours: Any, theirs: Any, within: tuple[str, ...] = (), detail: str | None = None
    ) -> LockstepError:
        return LockstepError(
            what, ours, theirs, seed=self.seed, moves=tuple(self.notation), within=within, detail=detail
        )

    def play(self, returns: Callable[[Outcome, int], Sequence[float]], max_moves: int) -> Outcome | None:
        """Play the game to its end (or ``max_moves``) and return its outcome."""
        state, theirs = self.state, self.theirs
        self.settle(None)
        while True:
            outcome = state.outcome
            if (outcome is not None) != theirs.is_over():
                over = theirs.is_over()
                raise self.fail("end", "over" if outcome is not None else "going on", "over" if over else "going on")
            if outcome is not None:
                ours = tuple(float(r) for r in returns(outcome, state.players))
                reference_returns = tuple(float(r) for r in theirs.returns())
                if len(ours) != len(reference_returns) or any(
                    abs(a - b) > 1e-9 for a, b in zip(ours, reference_returns, strict=True)
                ):
                    raise self.fail("returns", ours, reference_returns)
                return outcome
            if len(self.notation) >= max_moves:
                return None
            mover = state.current_player
            if mover != theirs.current_player():
                raise self.fail("player to move", mover, theirs.current_player())
            named, ways = self.ways(max_moves)
            path, chosen = self.choose(named, ways)
            self.tell(chosen, named, mover)
            drew = False
            for move in path:
                state.apply(move)
                self.notation.append(str(move))
                drew = drew or state.drew_chance()
            self.settle(drew)

    def ways(self, max_moves: int) -> tuple[dict[tuple[str, ...], tuple[Any, ...]], list[_Way]]:
        """Every move of the reference from here: its names and the game's
        moves that play it; and where the game plays some in parts, every
        way to play each, in the order of the game's legal moves."""
        state, names = self.state, self.names
        quick: dict[tuple[str, ...], tuple[Any, ...]] = {}
        for move in state.legal_moves():  # the usual case first: each move of the game has names of its own
            parts = names(move, state)
            if parts is None:
                break
            key = (parts,) if isinstance(parts, str) else tuple(parts)
            if not key or key in quick:
                break
            quick[key] = (move,)
        else:
            self.grouped = False
            return quick, []
        found: list[_Way] = []  # kept once a move in parts is found
        seen: dict[tuple[str, ...], tuple[Any, ...]] = {}
        ends: dict[tuple[str, ...], Hashable] = {}  # the end of a way, played only when another is named alike

        def shown(path: tuple[Any, ...]) -> str:
            return " ".join(str(m) for m in path)

        def walk(prefix: tuple[Any, ...]) -> None:
            for move in state.legal_moves():
                parts = names(move, state)
                if parts is None:
                    if not self.grouped:
                        self.grouped = True
                        found.extend(seen.items())
                    within(move, (*prefix, move))
                    continue
                key = (parts,) if isinstance(parts, str) else tuple(parts)
                path = (*prefix, move) if prefix else (move,)
                other = seen.get(key)
                if other is None and key:  # the usual case: a name of its own
                    seen[key] = path
                    if self.grouped:
                        found.append((key, path))
                elif key and prefix and len(other or ()) > 1:
                    if end(key, other or (), prefix) != self.end_of(move):
                        raise self.fail(
                            "move names",
                            shown(path),
                            key,
                            detail=f"names gives {key!r} for {shown(other or ())!r} and for {shown(path)!r}, which"
                            " lead to different positions",
                        )
                    found.append((key, path))  # two ways of a turn in parts to the same end: a transposition
                else:
                    again = f"{shown(other)!r} too" if key and other else "nothing"
                    raise self.fail(
                        "move names",
                        shown(path),
                        key,
                        detail=f"names gives {key!r} for {shown(path)!r}, and for {again}: each move needs names of"
                        " its own",
                    )

        def end(key: tuple[str, ...], path: tuple[Any, ...], prefix: tuple[Any, ...]) -> Hashable:
            """The position ``path`` leads to from where the walk began (the state stands at ``prefix``)."""
            if key not in ends:
                twin = state.copy()
                for _ in prefix:
                    twin.undo()
                for move in path:
                    twin.apply(move)
                ends[key] = twin.position_key()
            return ends[key]

        def within(move: Any, path: tuple[Any, ...]) -> None:
            """Go on after ``move``, a part of a move the reference plays as one."""
            if len(path) >= max_moves:
                raise self.fail(
                    "move names",
                    shown(path),
                    None,
                    detail=f"names gives None for each of {shown(path)!r}: the move never ends",
                )
            state.apply(move)
            try:
                if state.outcome is not None:
                    raise self.fail(
                        "end",
                        "over",
                        "going on",
                        detail=f"the game ends after {shown(path)!r}, within a move the reference plays as"
                        " one (names gives None for it)",
                    )
                walk(path)
            finally:
                state.undo()

        self.grouped = False
        walk(())
        return seen, found

    def end_of(self, move: Any) -> Hashable:
        """The position after ``move``, the last part of a move the reference plays as one."""
        self.state.apply(move)
        try:
            return self.state.position_key()
        finally:
            self.state.undo()

    def choose(
        self, named: dict[tuple[str, ...], tuple[Any, ...]], ways: list[_Way]
    ) -> tuple[tuple[Any, ...], tuple[str, ...]]:
        """A random way, chosen a move of the game at a time (as a random player of the game would)."""
        if not self.grouped:  # one move of the game each: pick one
            key = list(named)[self.chooser.randbelow(len(named))]
            return named[key], key
        k = 0
        while True:
            # The ways come depth first, so those that begin with the same move stand together.
            starts = [i for i in range(len(ways)) if i == 0 or ways[i][1][k] != ways[i - 1][1][k]]
            first = starts[self.chooser.randbelow(len(starts))]
            upto = next((i for i in starts if i > first), len(ways))
            ways = ways[first:upto]
            k += 1
            if len(ways[0][1]) == k:
                return ways[0][1], ways[0][0]

    def tell(self, chosen: tuple[str, ...], named: dict[tuple[str, ...], tuple[Any, ...]], mover: Any) -> None:
        """Play the reference's names of the chosen move, checking each part as it goes."""
        theirs = self.theirs
        for k in range(len(chosen)):
            done = chosen[:k]
            if k and (theirs.is_over() or theirs.current_player() != mover):
                player = None if theirs.is_over() else theirs.current_player()
                raise self.fail("player to move", mover, player, within=done)
            # The parts that may come next, by the game's moves that begin as this one did.
            ahead = {key[k] for key in named if len(key) > k and key[:k] == done}
            ends_here = [" ".join(str(m) for m in named[key]) for key in named if key == done]
            if ends_here:
                raise self.fail("end", f"{ends_here[0]} ends the move here", "the same player goes on", within=done)
            offered = set(theirs.legal_moves())
            if ahead != offered:
                raise self.fail("legal moves", sorted(ahead - offered), sorted(offered - ahead), within=done)
            theirs.apply(chosen[k])
            self.their_moves += 1

    def settle(self, drew: bool | None) -> None:
        """After a move of the game (``drew``: whether it drew chance) or at
        the start (``None``): tell the reference what chance gave, then
        compare the positions."""
        state, theirs, waiting = self.state, self.theirs, self.waiting
        if waiting is not None:
            offered = list(waiting())
            if drew is False and offered:
                raise self.fail(
                    "chance",
                    "nothing drawn",
                    offered,
                    detail=f"the game's move drew nothing, and the reference waits for chance: one of {offered!r}",
                )
            if drew and not offered:
                raise self.fail(
                    "chance", "drawn", [], detail="the game's move drew chance, and the reference waits for none"
                )
            if offered:
                if self.chance is None:
                    raise OptionError(
                        f"the reference waits for chance (one of {offered!r}): give lockstep chance=, a function"
                        " that names what the game drew"
                    )
                told = self.chance(state)
                drawn = (told,) if isinstance(told, str) else tuple(told)
                for k, name in enumerate(drawn):
                    if k:
                        offered = list(waiting())
                    if name not in offered:
                        detail = f"the game drew {name!r}, and the reference offers {offered!r}"
                        raise self.fail("chance", name, offered, detail=detail)
                    theirs.apply(name)
                    self.draws += 1
                more = list(waiting())
                if more or not drawn:
                    detail = f"the game drew {list(drawn)!r}, and the reference waits for more: one of {more!r}"
                    raise self.fail("chance", list(drawn), more, detail=detail)
        if self.same_position is not None:
            self.compare(self.same_position)

    def compare(self, same_position: _SamePosition) -> None:
        """Compare the positions, as ``same_position`` says."""
        self.positions += 1
        if isinstance(same_position, tuple):
            text_of_state, text_of_reference = same_position
            ours, theirs = text_of_state(self.state), text_of_reference(self.theirs)
            if ours != theirs:
                raise self.fail("position", ours, theirs, detail=f"the game has {ours!r}, the reference {theirs!r}")
            return
        verdict = same_position(self.state, self.theirs)
        if isinstance(verdict, str) or not verdict:
            detail = verdict if isinstance(verdict, str) and verdict else "same_position says they differ"
            raise self.fail("position", verdict, None, detail=detail)


def openspiel_reference(game: Any, **parameters: Any) -> Callable[[], Reference]:
    """An OpenSpiel game as a :class:`Reference` for :func:`lockstep`: its
    moves named by ``action_to_string``, as OpenSpiel prints them.

    Its chance nodes are waits for chance (``chance_outcomes()``, named by
    ``action_to_string`` too: ``"Roll 5"`` in ``pig``), told by lockstep's
    ``chance``. Each game it makes keeps its ``pyspiel.State`` as ``.state``,
    for a ``same_position`` that reads it (``str(reference.state)``).

    ``pyspiel`` is imported only here, when called (``pip install open_spiel``).

    Args:
        game: A name OpenSpiel registers (``"checkers"``), or a loaded
            ``pyspiel.Game``.
        parameters: The game's parameters, for a name (``rows=8``).

    Returns:
        What makes a new game of it, at its start.

    Raises:
        OptionError: for a game with simultaneous moves (lockstep plays one
            player's move at a time), parameters given with a loaded game,
            a name or parameter the installed OpenSpiel does not know, or a
            game that is neither a name nor a loaded game.

    Examples:
        >>> from breakthrough import Breakthrough, openspiel_names
        >>> lockstep(Breakthrough(), openspiel_reference("breakthrough"), names=openspiel_names, games=2).games
        2
        >>> pig = openspiel_reference("pig", winscore=10)()
        >>> pig.apply("roll"); pig.chance_outcomes()
        ['Roll 1', 'Roll 2', 'Roll 3', 'Roll 4', 'Roll 5', 'Roll 6']
        >>> pig.apply("Roll 5"); str(pig.state)
        'Scores: 0 0, Turn total: 5\\nCurrent player: 0\\n'
    """
    if not isinstance(game, str) and not callable(getattr(game, "new_initial_state", None)):
        raise OptionTypeError(f"game must be an OpenSpiel game's name or a loaded pyspiel.Game, not {shown(game)}")
    import pyspiel

    if not isinstance(game, str) and parameters:
        raise OptionError("give parameters with a game's name, not with a loaded game (it has its own)")
    if isinstance(game, str):
        # Checked first, from the registered game types: OpenSpiel prints its own error for a name or a
        # parameter it does not know.
        kind = next((k for k in pyspiel.registered_games() if k.short_name == game), None)
        if kind is None:
            raise OptionError(f"OpenSpiel {_spiel_version()} has no game {game!r:.40}")
        unknown = sorted(set(parameters) - set(kind.parameter_specification))
        if unknown:
            raise OptionError(f"OpenSpiel {_spiel_version()}'s {game} has no parameter {unknown[0]!r:.40}")
    try:
        loaded = pyspiel.load_game(game, parameters) if isinstance(game, str) else game
    except (pyspiel.SpielError, TypeError) as exc:  # a value it refuses, or cannot read as a parameter
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise OptionError(f"OpenSpiel {_spiel_version()} cannot load {game!r}: {first:.200}") from None
    kind = loaded.get_type()
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        raise OptionError(f"{kind.short_name!r} has simultaneous moves; lockstep plays one move at a time")

    def new() -> Reference:
        return _SpielState(loaded.new_initial_state())

    return new


def _spiel_version() -> str:
    """The installed OpenSpiel's version, for messages."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open-spiel")
    except PackageNotFoundError:
        return "(version unknown)"


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

    def chance_outcomes(self) -> list[str]:
        return list(self._named()) if self.state.is_chance_node() else []

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
