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
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import attrs

from boardkit.about import option
from boardkit.chance import Random, derive_seed
from boardkit.errors import BoardkitError, IllegalMoveError, NotationError, OptionError, UndoError
from boardkit.game import Game, Outcome, Player, State, make_options
from boardkit.record import GameRecord

__all__ = ["ConformanceError", "ConformanceReport", "Nim", "NimState", "Take", "check_game"]

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
                    " it shows what that player may not know"
                )
            if det.current_player != mover:
                raise fail("a determinization changed the player to move")
            if player == mover and det.legal_moves() != legal:
                raise fail(f"a determinization for player {player} changed that player's own legal moves")


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
