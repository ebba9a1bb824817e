"""The conformance check: :func:`check_game`, one check that any
:class:`~boardkit.Game` must pass (see :mod:`boardkit.testing` for the list
of what it checks).

Examples:
    >>> from boardkit.testing import Nim
    >>> check_game(Nim(heap=5), games=2).games
    2
"""

from __future__ import annotations

import json
import pickle
import sys
from collections.abc import Hashable, Iterable
from typing import Any, cast

import attrs

from boardkit.about import Chance
from boardkit.chance import Random, derive_seed
from boardkit.errors import BoardkitError, IllegalMoveError, NotationError, OptionTypeError, UndoError, check_int, shown
from boardkit.game import Game, Outcome, State, check_is_game, fields_of, to_json_value
from boardkit.parts import Parts
from boardkit.record import GameRecord, RecordFormat

__all__ = ["ConformanceError", "ConformanceReport", "check_game"]

_GARBAGE = ("", " ", "???", "\x00", "-", "pass pass pass", "9" * 40, "é∂ƒ", "take -1", "a1-a1", "move (99,99)")


class ConformanceError(BoardkitError, AssertionError):
    """A game broke the contract :func:`check_game` checks.

    Attributes:
        seed: The seed of the game in which it happened.
        moves: The moves played before it happened, in notation.

    Examples:
        >>> err = ConformanceError("undo did not restore the state", seed=7, moves=("take 1",))
        >>> str(err)
        'undo did not restore the state (seed 7, after 1 move: ... take 1)'
        >>> isinstance(err, AssertionError)
        True
    """

    def __init__(self, message: str, *, seed: int, moves: tuple[str, ...]) -> None:
        shown = " ".join(moves[-12:])
        played = f"{len(moves)} move" if len(moves) == 1 else f"{len(moves)} moves"
        super().__init__(f"{message} (seed {seed}, after {played}{': ... ' + shown if moves else ''})")
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
        >>> from boardkit.testing import Nim
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
        OptionError: for an argument of the wrong kind (a game that is not
            a :class:`~boardkit.Game`, a count that is not a whole number),
            before anything is played.

    Examples:
        >>> from boardkit.testing import Nim
        >>> report = check_game(Nim(heap=9), games=3)
        >>> report.games, report.finished
        (3, 3)
    """
    check_play_arguments(game, games=games, seed=seed, max_moves=max_moves, players=players)
    check_int(sample, "sample", low=0)
    if isinstance(positions, (State, str)) or not isinstance(positions, Iterable):
        raise OptionTypeError(f"positions must be a list (or other iterable) of states, not {shown(positions)}")
    played = 0
    outcomes: list[Outcome] = []
    seen_moves: list[Any] = []
    starts: list[State[Any] | None] = [None] * games
    for position in positions:
        if not isinstance(position, State):
            raise OptionTypeError(f"positions must be states of the game, not {shown(position)}")
        starts.append(position)
    for g, start in enumerate(starts):
        game_seed = derive_seed(seed, g)
        moves, outcome = _check_one(game, players, game_seed, max_moves, sample, seen_moves, start)
        played += moves
        if outcome is not None:
            outcomes.append(outcome)
    return ConformanceReport(len(starts), played, len(outcomes), tuple(outcomes))


def check_play_arguments(game: object, *, games: object, seed: object, max_moves: object, players: object) -> None:
    """Refuse, before anything is played, a game that is not a
    :class:`~boardkit.Game` or counts that are not whole numbers: the
    arguments :func:`check_game` and :func:`~boardkit.testing.lockstep`
    share. Any integer seeds them (each game's seed is derived from it).

    Raises:
        OptionError: naming the first argument that is wrong (an
            :class:`~boardkit.errors.OptionTypeError` for a wrong kind).

    Examples:
        >>> from boardkit.testing import Nim
        >>> check_play_arguments(Nim(), games=2, seed=-1, max_moves=0, players=None)
        >>> check_play_arguments(Nim(), games="2", seed=0, max_moves=10, players=None)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionTypeError: games must be an integer, not '2'
    """
    check_is_game(game)
    check_int(games, "games", low=0)
    check_int(seed, "seed")
    check_int(max_moves, "max_moves", low=0)
    if players is not None:
        check_int(players, "players", low=1)


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
    parts = game.declared
    actions = _check_parts(parts, game, state, fail)
    while not state.is_over and len(notation) < max_moves:
        legal = state.legal_moves()
        if legal != state.legal_moves():
            raise fail("legal_moves() gave two different answers for one position")
        if not legal:
            raise fail(_STUCK)
        if state.current_player is None:
            raise fail("current_player is None while the game goes on")
        if len(set(legal)) != len(legal):
            raise fail("legal_moves() lists a move twice")
        before = state.snapshot()
        key = state.position_key()
        try:
            hash(key)
        except TypeError:
            raise fail("position_key() is not hashable") from None
        copied = state.copy()
        if copied.position_key() != key:
            raise fail("a copy's position_key() differs from the original's")
        if copied.legal_moves() != legal:
            raise fail(
                "a copy lists the legal moves in another order: moves() must give them in the same order every time"
                " (not from a set, nor shuffled)" if sorted(map(str, copied.legal_moves())) == sorted(map(str, legal))
                else "a copy offers other legal moves than the original"
            )
        dropped = sorted(set(fields_of(state)) - set(fields_of(copied)))  # in __dict__, slots or native fields
        if dropped:
            raise fail(
                f"copy() drops the attribute(s) {', '.join(dropped)}: a field the state's class does not declare"
                " is lost by copy, missed by undo and ignored by == (keep it in the position: a counter, a cell,"
                " a counter (set and counter), or a field the state's own copy() copies)"
            )
        for move in _pick(chooser, legal, sample):
            _check_notation(game, move, fail)
            if actions is not None and move not in actions:
                raise fail(f"the legal move {str(move)!r} is not among the moves the game declares (all_moves)")
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
        if state.drew_chance() and game.about.chance is Chance.NONE:
            raise fail(
                f"{str(move)!r} drew from the state's generator, but the game declares no chance (its About's"
                " chance is Chance.NONE): declare About(chance=Chance.PUBLIC), or HIDDEN, which the bots, the"
                " server and the RL wrappers read"
            )
        if state.snapshot() != twin.snapshot():
            raise fail("the same seed and moves gave two different games")
        after = state.snapshot()
        if state.position_key() != twin.position_key():
            raise fail("two equal positions have different position keys")
        state.undo()
        if state.position_key() != key:
            raise fail(f"undo did not restore position_key() after {str(move)!r}")
        state.apply(move)
        if state.snapshot() != after:
            raise fail(
                f"undo did not restore the state: {str(move)!r} taken back and played again gave another"
                " position (undo restores every field, and all chance comes from the state's generator, state.rng)"
            )
        snapshots.append(state.snapshot())
        if chooser.randbelow(8) == 0 and len(kept) < 6:
            kept.append((state.copy(), state.snapshot()))
            _check_pickle(state, game_seed, fail)
    chance.judge(fail)
    over = state.is_over
    if over != (state.outcome is not None) or over != (state.current_player is None):
        raise fail("is_over, outcome and current_player disagree")
    if over and state.legal_moves():
        raise fail("the game is over but legal_moves() is not empty")
    for copy, snap in kept:
        if copy.snapshot() != snap:
            raise fail("a copy changed while the original went on")
    _check_pickle(state, game_seed, fail)
    _check_parts(parts, game, state, fail)
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
    _check_playout(state, game_seed, fail)
    return len(notation), outcome

def _check_parts(parts: Parts[Any, Any], game: Game[Any, Any], state: State[Any], fail: Any) -> set[Any] | None:
    """Check what the game declares among its parts against a state of it: the state's class, the
    picture, the record formats (each reads back what it writes); return the declared moves, if any."""
    if parts.states and type(state) not in parts.states:
        named = ", ".join(cls.__name__ for cls in parts.states)
        raise fail(f"the game declares its states as {named}, but a state of it is a {type(state).__name__}")
    if parts.picture is not None:
        picture = parts.picture(state, "a title")
        if not isinstance(picture, str) or not picture.startswith("<svg"):
            raise fail(f"the declared picture gave {picture!r:.60}, not an SVG document")
    for key, fmt in parts.formats.items():
        if not isinstance(fmt, RecordFormat):
            raise fail(f"the declared record format {key!r} is not a RecordFormat: {fmt!r:.60}")
        again = cast(State[Any], fmt.read_game(fmt.write_game(state)))
        if again.position_key() != state.position_key() or len(again.history) != len(state.history):
            raise fail(f"the declared record format {key!r} does not read back the game it writes")
    made = parts.all_moves
    return None if made is None else {move for move in made(game) if move is not None}


#: How many moves of a game's own playout are checked against apply.
_PLAYOUT_MOVES = 12


def _check_playout(state: State[Any], game_seed: int, fail: Any) -> None:
    """A game's own playout (``State.playout``) puts its moves on the move stack as ``apply`` does:
    played again with ``apply`` they give the same state, the same moves draw chance, and undone
    they give back the start, the generator included."""
    start = state.snapshot()
    played = state.copy()
    played.playout(max_plies=_PLAYOUT_MOVES, rng=Random(game_seed))
    again = state.copy()
    for move in played.history:
        again.apply(move)
    if again.snapshot() != played.snapshot():
        raise fail("playout() and apply() of the same moves gave different states")
    plies = range(len(played.history))
    if [played.drew_chance(i) for i in plies] != [again.drew_chance(i) for i in plies]:
        raise fail("playout() and apply() of the same moves disagree on which drew from the generator")
    while played.history:
        played.undo()
    if played.snapshot() != start:
        raise fail("undoing a playout() did not restore the state it started from")


#: How many moves a state restored from a pickle is played on beside the original.
_PICKLE_MOVES = 4


#: What a game whose rules leave it going on with no legal move is told.
_STUCK = "no legal moves, but the game is not over: judge() must end a game where no move is left (a win or a draw)"


def _check_pickle(state: State[Any], game_seed: int, fail: Any) -> None:
    """``state`` pickled and unpickled equals it, and continues identically:
    the same legal moves and positions for a few random moves, then undo
    back past where it was pickled (the undo records and the generator
    travel too). Worker processes (tournaments, the web pool) rely on it.

    A state or game of a class that cannot be found by its name (defined
    inside a function, or made with ``type(...)``) is not checked: pickle
    finds classes by name, so such a class never pickles."""
    if not (_found_by_name(type(state)) and _found_by_name(type(state.game))):
        return
    try:
        back = pickle.loads(pickle.dumps(state))
    except Exception as exc:  # any failure to pickle is the finding
        raise fail(f"the state does not pickle and unpickle: {type(exc).__name__}: {exc}") from exc
    if type(back) is not type(state) or back != state or back.snapshot() != state.snapshot():
        raise fail("a state pickled and unpickled differs from the original")
    if back.game != state.game:
        raise fail("a state pickled and unpickled has a different game")
    original = state.copy()
    chooser = Random(derive_seed(game_seed, "pickle", len(state.history)))
    played = 0
    while played < _PICKLE_MOVES and not original.is_over:
        legal = original.legal_moves()
        if not legal:
            raise fail(_STUCK)
        if back.legal_moves() != legal or back.current_player != original.current_player:
            raise fail("a state pickled and unpickled offers other legal moves than the original")
        move = legal[chooser.randbelow(len(legal))]
        original.apply(move)
        back.apply(move)
        played += 1
        if back.snapshot() != original.snapshot():
            raise fail(f"a state pickled and unpickled went on differently: {str(move)!r} gave another position")
    if back.outcome != original.outcome:
        raise fail("a state pickled and unpickled ended differently from the original")
    for _ in range(played + (1 if state.history else 0)):
        if back.undo() != original.undo() or back.snapshot() != original.snapshot():
            raise fail("a state pickled and unpickled takes moves back differently from the original")


def _found_by_name(cls: type) -> bool:
    """Whether ``cls`` is what its module and qualified name lead to (what pickle needs)."""
    found: Any = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


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
        world = state.determinize(mover, seed=chooser.bits64())
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
    if again.to_record().setup != record.setup:
        raise fail("a state replayed from a set-up record records another set-up: from_setup must record it too")


def _pick(chooser: Random, items: list[Any], k: int) -> list[Any]:
    if len(items) <= k:
        return list(items)
    return [items[chooser.randbelow(len(items))] for _ in range(k)]


def _check_notation(game: Game[Any, Any], move: Any, fail: Any) -> None:
    try:
        text = str(move)
    except TypeError as exc:  # a __str__ that gives no text: a kit Place made with a cell, not the cell's name
        raise fail(f"the legal move {shown(move, 60)} writes no notation ({exc})") from exc
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
        try:
            json.dumps(to_json_value(view), allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise fail(f"the view of player {player} is not JSON data (to_dict, or to_json_value): {exc}") from exc
        for _ in range(max(1, sample // 3)):
            det_seed = chooser.bits64()
            det = state.determinize(player, seed=det_seed)
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
