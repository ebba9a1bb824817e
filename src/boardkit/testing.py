"""The conformance kit: one check that any :class:`~boardkit.Game` must pass.

Components floor: it imports the core and the boards only, never a game or
an application.

:func:`check_game` plays seeded random games and checks, at every step, the
contract that agents, records and user interfaces rely on. It is the same
list of checks OpenSpiel, TAG and PettingZoo run on their games:

* seeded random playouts reach the end (or the move cap);
* ``legal_moves()`` is deterministic, free of duplicates, empty exactly when
  the game is over, and every move's notation reads back to the same move;
* every legal move is accepted by ``apply``, as a value and as notation;
* moves legal elsewhere but not here, and garbage notation, are refused with
  a boardkit error and leave the state unchanged;
* ``undo`` back to the start restores every earlier state exactly, and a
  move taken back and played again gives the same position (so all chance
  comes from the state's generator, which undo restores);
* copies taken earlier never change while play goes on;
* a record written to JSON reads back and replays to the same state;
* the same seed and moves give the same game;
* a player's view, and the picture ``render_for`` draws for them, are
  unchanged by resampling what that player cannot see (so neither leaks),
  and determinized copies agree with the view, keep the player's own legal
  moves, take the given seed and refuse to undo moves
  played before they were dealt (so they carry nothing of the real game);
* in a game with chance, determinized worlds draw their chance from their
  own generator, and worlds dealt with different seeds can differ in what
  chance gives next (a component still drawing from the real game's stream
  would let every world foresee the real game's draws).

It also ships :class:`Nim`, the smallest complete game, used in examples.

:func:`lockstep` checks the rules rather than the contract: it plays a game
beside a reference implementation (OpenSpiel's, through
:func:`openspiel_reference`, or any :class:`Reference`) and reports the first
disagreement.

Why this module is long: the conformance check and the lockstep oracle are
the two halves of "is my game right", which a game author reads together;
the small game their examples use (:class:`Nim`) sits beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol

import attrs

from boardkit.about import option
from boardkit.chance import Random, derive_seed
from boardkit.errors import BoardkitError, IllegalMoveError, NotationError, OptionError, UndoError
from boardkit.game import Game, Outcome, Player, State, make_options
from boardkit.record import GameRecord

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "LockstepError",
    "LockstepReport",
    "Nim",
    "NimState",
    "Reference",
    "Take",
    "check_game",
    "lockstep",
    "openspiel_reference",
    "two_player_returns",
]

_GARBAGE = ("", " ", "???", "\x00", "-", "pass pass pass", "9" * 40, "é∂ƒ", "take -1", "a1-a1", "move (99,99)")


class ConformanceError(BoardkitError, AssertionError):
    """A game broke the contract :func:`check_game` checks.

    Attributes:
        seed: The seed of the game in which it happened.
        moves: The moves played before it happened, in notation.

    Examples:
        >>> err = ConformanceError("undo did not restore the state", seed=7, moves=("take 1",))
        >>> str(err)
        'undo did not restore the state (seed 7, after 1 moves: ... take 1)'
        >>> isinstance(err, AssertionError)
        True
    """

    def __init__(self, message: str, *, seed: int, moves: tuple[str, ...]) -> None:
        shown = " ".join(moves[-12:])
        super().__init__(f"{message} (seed {seed}, after {len(moves)} moves{': ... ' + shown if moves else ''})")
        self.seed = seed
        self.moves = moves


@attrs.frozen
class ConformanceReport:
    """What :func:`check_game` played.

    Attributes:
        games: Games played.
        moves: Moves played in all.
        finished: Games that reached an outcome (the rest hit the move cap).
        outcomes: Each finished game's outcome.

    Examples:
        >>> report = check_game(Nim(heap=5), games=2)
        >>> report.games, report.finished, len(report.outcomes)
        (2, 2, 2)
    """

    games: int
    moves: int
    finished: int
    outcomes: tuple[Outcome, ...]


def check_game(
    game: Game[Any, Any],
    *,
    players: int | None = None,
    games: int = 4,
    seed: int = 0,
    max_moves: int = 1000,
    sample: int = 6,
    positions: Iterable[State[Any]] = (),
) -> ConformanceReport:
    """Check that ``game`` keeps the boardkit contract, by seeded random play.

    Args:
        game: The game to check; it needs no registration.
        players: Number of players; default the game's minimum.
        games: How many random games to play.
        seed: Master seed; each game's seed is derived from it.
        max_moves: Stop a game that has not ended after this many moves.
        sample: How many legal moves, illegal moves and views to try per step.
        positions: Set-up positions (states built by the game's
            ``from_position`` or the like) to play one more random game from
            each, with every check above; their records must carry the
            position and replay from it exactly.

    Returns:
        A :class:`ConformanceReport` of what was played.

    Raises:
        ConformanceError: naming the broken rule, the seed and the moves.

    Examples:
        >>> report = check_game(Nim(heap=9), games=3)
        >>> report.games, report.finished
        (3, 3)
    """
    played = 0
    finished = 0
    outcomes: list[Outcome] = []
    seen_moves: list[Any] = []
    starts: list[State[Any] | None] = [None] * games
    starts += list(positions)
    for g, start in enumerate(starts):
        game_seed = derive_seed(seed, g)
        moves, outcome = _check_one(game, players, game_seed, max_moves, sample, seen_moves, start)
        played += moves
        if outcome is not None:
            finished += 1
            outcomes.append(outcome)
    return ConformanceReport(len(starts), played, finished, tuple(outcomes))


def _check_one(
    game: Game[Any, Any],
    players: int | None,
    game_seed: int,
    max_moves: int,
    sample: int,
    seen_moves: list[Any],
    start: State[Any] | None = None,
) -> tuple[int, Outcome | None]:
    if start is None:
        state: State[Any] = game.new_game(players=players, seed=game_seed)
        twin: State[Any] = game.new_game(players=players, seed=game_seed)
    else:
        state, twin = start.copy(), start.copy()
        game = state.game
        if state.history:
            raise ConformanceError("a set-up position to check must have no moves played", seed=state.seed, moves=())
        _check_setup_record(state)
    chooser = Random(game_seed ^ 0x5EED)
    chance = _ChanceTally()
    snapshots: list[Hashable] = [state.snapshot()]
    kept: list[tuple[State[Any], Hashable]] = []
    notation: list[str] = []

    def fail(message: str) -> ConformanceError:
        return ConformanceError(message, seed=game_seed, moves=tuple(notation))

    if twin.snapshot() != state.snapshot():
        raise fail("two games set up with the same seed differ")
    while not state.is_over and len(notation) < max_moves:
        legal = state.legal_moves()
        if legal != state.legal_moves():
            raise fail("legal_moves() gave two different answers for one position")
        if not legal:
            raise fail("no legal moves, but the game is not over")
        if state.current_player is None:
            raise fail("current_player is None while the game goes on")
        if len(set(legal)) != len(legal):
            raise fail("legal_moves() lists a move twice")
        before = state.snapshot()
        for move in _pick(chooser, legal, sample):
            _check_notation(game, move, fail)
            trial = state.copy()
            trial.apply(move)
            by_text = state.copy()
            by_text.apply(str(move))
            if by_text.snapshot() != trial.snapshot():
                raise fail(f"applying {str(move)!r} as text and as a move value differ")
            if state.snapshot() != before:
                raise fail(f"playing {str(move)!r} on a copy changed the original: copy() is not independent")
        legal_set = set(legal)
        strangers = [m for m in _pick(chooser, seen_moves, sample * 3) if m not in legal_set][:sample]
        for bad in [*strangers, *_GARBAGE]:
            try:
                state.apply(bad)
            except (IllegalMoveError, NotationError):
                pass
            except BoardkitError as exc:
                kind = type(exc).__name__
                raise fail(f"refusing {str(bad)!r} raised {kind}, not IllegalMoveError or NotationError") from exc
            else:
                raise fail(f"apply() accepted {str(bad)!r}, which is not among the legal moves")
            if state.snapshot() != before:
                raise fail(f"refusing {str(bad)!r} changed the state")
        _check_views(state, chooser, sample, fail)
        move = legal[chooser.randbelow(len(legal))]
        if len(seen_moves) < 5000:
            seen_moves.append(move)
        if chance.probes < _CHANCE_PROBES:
            _check_chance(state, move, chooser, chance, fail)
        state.apply(move)
        twin.apply(move)
        notation.append(str(move))
        if state.snapshot() != twin.snapshot():
            raise fail("the same seed and moves gave two different games")
        after = state.snapshot()
        state.undo()
        state.apply(move)
        if state.snapshot() != after:
            raise fail(
                f"undo did not restore the state: {str(move)!r} taken back and played again gave another"
                " position (undo restores every field, and all chance comes from the state's generator, state.rng)"
            )
        snapshots.append(state.snapshot())
        if chooser.randbelow(8) == 0 and len(kept) < 6:
            kept.append((state.copy(), state.snapshot()))
    chance.judge(fail)
    over = state.is_over
    if over != (state.outcome is not None) or over != (state.current_player is None):
        raise fail("is_over, outcome and current_player disagree")
    if over and state.legal_moves():
        raise fail("the game is over but legal_moves() is not empty")
    for copy, snap in kept:
        if copy.snapshot() != snap:
            raise fail("a copy changed while the original went on")
    record = state.to_record()
    try:
        again = GameRecord.from_json(record.to_json(), game=game).replay(game=game)
    except BoardkitError as exc:
        raise fail(f"the game's own record does not replay: {exc}") from exc
    if again.snapshot() != state.snapshot() or again.game != state.game:
        raise fail("replaying the record gave a different state")
    outcome = state.outcome
    for i in range(len(notation), 0, -1):
        state.undo()
        if state.snapshot() != snapshots[i - 1]:
            raise fail(f"undo did not restore the state before move {i}")
    return len(notation), outcome


#: How many chance-drawing moves of each game are probed with determinized worlds.
_CHANCE_PROBES = 6
#: How many worlds each probe deals.
_WORLDS = 4


@attrs.define
class _ChanceTally:
    """What the chance probes of one game saw."""

    probes: int = 0  # moves probed that drew from the real game's generator
    own: int = 0  # ... after which some world had drawn from its own generator
    seen: int = 0  # ... whose draw the mover sees (two reseeded copies of the real game differ to the mover)
    differ: int = 0  # ... among them, those after which worlds dealt with different seeds differ to the mover

    def judge(self, fail: Any) -> None:
        if self.probes >= 2 and self.own == 0:
            raise fail(
                "determinized worlds never draw from their own generator where the real game draws chance:"
                " a component draws from a generator the state has left (bind it to state.rng; never replace"
                " state.rng, reseed it in place)"
            )
        if self.seen >= 2 and self.differ == 0:
            raise fail(
                "determinized worlds dealt with different seeds all drew the same chance:"
                " they foresee the real game's future draws"
            )


def _check_chance(state: State[Any], move: Any, chooser: Random, tally: _ChanceTally, fail: Any) -> None:
    """Probe ``move`` (about to be played on ``state``) for chance that worlds would foresee."""
    mover = state.current_player
    if mover is None:
        return
    real = state.copy()
    real.apply(move)
    if not real.drew_chance():
        return
    tally.probes += 1
    other = state.copy()
    other.rng.reseed(chooser.bits64())
    other.apply(move)
    seen = other.view(mover) != real.view(mover)
    views = set()
    own = False
    for _ in range(_WORLDS):
        world = state.determinize(mover, chooser.bits64())
        try:
            world.apply(move)
        except IllegalMoveError as exc:
            raise fail(f"a determinization for the player to move refuses their own move {str(move)!r}") from exc
        own = own or world.drew_chance()
        views.add(world.view(mover))
    tally.own += own
    if seen:
        tally.seen += 1
        if len(views) > 1:
            tally.differ += 1


def _check_setup_record(state: State[Any]) -> None:
    """A set-up position's record carries it and replays to the identical state."""

    def fail(message: str) -> ConformanceError:
        return ConformanceError(message, seed=state.seed, moves=())

    try:
        record = state.to_record()
    except BoardkitError as exc:
        raise fail(f"a set-up position cannot be recorded ({exc}): give the game a from_setup") from exc
    try:
        again = GameRecord.from_json(record.to_json(), game=state.game).replay(game=state.game)
    except BoardkitError as exc:
        raise fail(f"the record of a set-up position does not replay: {exc}") from exc
    if again != state:
        raise fail("the record of a set-up position replays as another game: it must carry the position (setup)")


def _pick(chooser: Random, items: list[Any], k: int) -> list[Any]:
    if len(items) <= k:
        return list(items)
    return [items[chooser.randbelow(len(items))] for _ in range(k)]


def _check_notation(game: Game[Any, Any], move: Any, fail: Any) -> None:
    text = str(move)
    try:
        back = game.parse_move(text)
    except NotationError as exc:
        raise fail(f"the notation {text!r} of a legal move does not parse: {exc}") from exc
    if back != move:
        raise fail(f"parse_move({text!r}) gives {back!r}, not the move {move!r}")


def _check_views(state: State[Any], chooser: Random, sample: int, fail: Any) -> None:
    mover = state.current_player
    legal = state.legal_moves()
    shown = [state.render_for(player) for player in range(state.players)]
    for player in range(state.players):
        view = state.view(player)
        try:
            hash(view)
        except TypeError as exc:
            raise fail(f"the view of player {player} is not a frozen, hashable value") from exc
        if state.view(player) != view:
            raise fail(f"two views of player {player} of one position differ")
        for _ in range(max(1, sample // 3)):
            det_seed = chooser.bits64()
            det = state.determinize(player, det_seed)
            if det.seed != det_seed:
                raise fail("a determinization keeps the real game's seed, which rebuilds its hidden parts")
            if det.history:
                det_before = det.snapshot()
                try:
                    det.undo()
                except UndoError:
                    pass
                else:
                    raise fail("a determinization can undo moves played before it was dealt, restoring hidden parts")
                if det.snapshot() != det_before:
                    raise fail("a refused undo changed a determinized copy")
            if det.view(player) != view:
                raise fail(
                    f"a determinization for player {player} changes what that player sees:"
                    " the view leaks hidden parts, or determinize ignores it"
                )
            if det.render_for(player) != shown[player]:
                raise fail(
                    f"a determinization for player {player} changes the picture render_for({player}) draws:"
                    " it shows what that player may not know (the default draws render(): a game with"
                    " hidden parts overrides render_for)"
                )
            if det.current_player != mover:
                raise fail("a determinization changed the player to move")
            if player == mover and det.legal_moves() != legal:
                raise fail(f"a determinization for player {player} changed that player's own legal moves")


# -- lockstep: the rules against a reference implementation --------------------


class Reference(Protocol):
    """One game in progress of a reference implementation, as :func:`lockstep`
    reads it. Any object with these five methods will do; moves are the
    reference's own names for them (strings). :func:`openspiel_reference`
    wraps an OpenSpiel game in it.

    Examples:
        Nim written by hand, without boardkit, is one:

        >>> reference = _NimByHand(5)
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
        >>> report = lockstep(Nim(heap=5), _NimByHand, games=3)
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

        >>> lockstep(Nim(heap=5), _NimByHand, games=20).games
        20
        >>> class Greedy(_NimByHand):
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
                    "move names", str(move), key, seed=game_seed, moves=tuple(notation),
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


# -- Nim: the smallest complete game ------------------------------------------


@attrs.frozen
class Take:
    """A Nim move: take ``count`` counters from the heap. Notation ``take 2``.

    Examples:
        >>> str(Take(2)), Take(2)
        ('take 2', Take(2))
    """

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"

    def __repr__(self) -> str:
        return f"Take({self.count})"


@attrs.frozen
class NimOptions:
    """Nim's options: the starting ``heap`` and the ``most`` one may take."""

    heap: int = option(21, "counters on the heap at the start", low=1)
    most: int = option(3, "the most counters one may take in a turn", low=1)

    @heap.validator
    def _check_heap(self, _: object, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OptionError(f"heap must be a positive integer, not {value!r}")

    @most.validator
    def _check_most(self, _: object, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OptionError(f"most must be a positive integer, not {value!r}")


class Nim(Game["NimState", Take]):
    """Nim for two: take 1 to ``most`` counters in turn; who takes the last wins.

    Small enough to read in one sitting, and complete: it is the game the
    docstrings use to show the protocol.

    Examples:
        >>> state = Nim(heap=3).new_game(seed=0)
        >>> state.legal_moves()
        [Take(1), Take(2), Take(3)]
        >>> state.apply("take 3")
        >>> state.outcome
        Outcome(winners=frozenset({0}), scores=None, reason='took the last counter')
    """

    name = "nim"

    def __init__(self, **options: Any) -> None:
        self.options = make_options(NimOptions, options, game="nim")

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> NimState:
        return NimState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Take:
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "take" or not words[1].isdigit() or len(words[1]) > 6:
            raise NotationError(text, "a Nim move is 'take N'")
        return Take(int(words[1]))


class NimState(State[Take]):
    """A game of :class:`Nim` in progress: the heap and whose turn it is.

    Examples:
        >>> state = Nim(heap=4).new_game(seed=0)
        >>> state.apply("take 3")
        >>> state.heap, state.current_player, state.render()
        (1, 1, 'heap: | (1)')
    """

    def __init__(self, game: Nim, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.heap: int = game.options.heap
        self._most: int = game.options.most

    @property
    def current_player(self) -> Player | None:
        return None if self.heap == 0 else len(self._moves) % 2

    @property
    def outcome(self) -> Outcome | None:
        if self.heap:
            return None
        return Outcome.win((len(self._moves) - 1) % 2, "took the last counter")

    def legal_moves(self) -> list[Take]:
        return [Take(n) for n in range(1, min(self._most, self.heap) + 1)]

    def _play(self, move: Take) -> None:
        if not isinstance(move, Take):
            raise IllegalMoveError(move, "not a Nim move")
        if move.count < 1:
            raise IllegalMoveError(move, "take at least one")
        if move.count > self._most:
            raise IllegalMoveError(move, f"at most {self._most} may be taken")
        if move.count > self.heap:
            raise IllegalMoveError(move, f"only {self.heap} left")
        self.heap -= move.count

    def _unplay(self, move: Take, token: None) -> None:
        self.heap += move.count

    def _key(self) -> Hashable:
        return self.heap

    def copy(self) -> NimState:
        twin = NimState.__new__(NimState)
        self._copy_base_into(twin)
        twin.heap = self.heap
        twin._most = self._most
        return twin

    def render(self) -> str:
        return f"heap: {'|' * self.heap} ({self.heap})"


class _NimByHand:
    """Nim written without boardkit: a reference for the examples above."""

    def __init__(self, heap: int = 5) -> None:
        self.heap, self.turn = heap, 0

    def legal_moves(self) -> list[str]:
        return [f"take {n}" for n in range(1, min(3, self.heap) + 1)]

    def current_player(self) -> int | None:
        return None if self.heap == 0 else self.turn

    def is_over(self) -> bool:
        return self.heap == 0

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0) if self.turn == 1 else (-1.0, 1.0)  # who took the last counter has won

    def apply(self, move: str) -> None:
        self.heap -= int(move.split()[1])
        self.turn = 1 - self.turn
