"""The move stack every state keeps, and the one ``apply`` and ``undo`` that keep it.

Core floor: it imports only other core modules (the generator, the errors, the
compiling marks), never a board, a component, a game or an application.

:class:`MoveStack` is the first base of :class:`~boardkit.State`: the fields
every state has (its game, players, seed and generator, the moves played, what
each needs to be taken back, and the generator's state before each move that
drew from it), and the methods that change them together. They live here, on
their own, so that the compiled build makes them one native class (the kit's
compiled position, :class:`~boardkit.kit.BoardCells`, derives from it): a
move's bookkeeping then runs in C around the game's own rules, on every
state, with no second copy of it anywhere. The protocol itself, its
documentation and what a game supplies stay in :mod:`boardkit.game`.

Examples:
    >>> from boardkit.testing import Nim
    >>> state = Nim(heap=5).new_game(seed=0)
    >>> isinstance(state, MoveStack)
    True
    >>> state.apply("take 2"); state.undo()
    Take(2)
"""

from __future__ import annotations

from typing import Any

from boardkit.chance import Random, check_seed, derive_seed
from boardkit.compiling import mypyc_attr
from boardkit.errors import BoardkitError, IllegalMoveError, UndoError

__all__ = ["DEALT", "MoveStack"]


class _Dealt:
    """The undo record of a move played before a determinized copy was dealt: one object, which a
    pickle reads back as itself (so that undo still knows it)."""

    def __reduce__(self) -> str:
        return "DEALT"


#: The undo record that stands for every move played before a determinized copy was dealt: undo
#: refuses to go past it.
DEALT: Any = _Dealt()


def _shown(move: object) -> object:
    """A move for an error message: itself when its ``repr`` works, else a description."""
    try:
        repr(move)
        str(move)
    except Exception:
        return f"<{type(move).__name__} with fields of the wrong kind>"
    return move


# Compiled with mypyc (hatch_build.py): a native class, which every state class subclasses (State in
# Python, the kit's BoardCells natively); states pickle, copy and deep-copy.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class MoveStack:
    """The fields every state keeps beneath its rules, and :meth:`apply` and
    :meth:`undo`, the one place that changes them: the first base of
    :class:`~boardkit.State`, documented there.

    A game never subclasses it directly: it writes a :class:`~boardkit.State`
    (or a kit :class:`~boardkit.kit.BoardState`).
    """

    # The rules this state is played under: the state class declares ``game`` with its own type (a
    # native field would hold every subclass to one), so it is read here as any attribute is.
    #: How many players take part.
    players: int
    #: The seed this game was started with.
    seed: int
    #: The state's own generator; every chance event goes through it.
    rng: Random
    # The moves played, and what each returned from _play (for _unplay), in step.
    _moves: list[Any]
    _tokens: list[Any]
    # The moves that drew from the generator, as (ply, the generator's state before it): the one place
    # undo restores chance from, whoever wrote the game's own undo.
    _draws: list[tuple[int, int]]
    # What the game's set-up left for later states to start from (the kit's), and whether this state is
    # a determinized copy.
    _setup: Any
    _determinized: bool

    def _start_stack(self, game: Any, players: Any, seed: int) -> None:
        """Set the fields of a new game's state: no move played yet."""
        me: Any = self  # the state class declares game (see above)
        me.game = game
        self.players = players
        self.seed = seed
        self.rng = Random(seed)
        self._moves = []
        self._tokens = []
        self._draws = []
        self._setup = None
        self._determinized = False

    # -- what the state's own class supplies (boardkit.State documents each) ----------------------

    @property
    def outcome(self) -> Any:
        raise NotImplementedError

    def _play(self, move: Any) -> object:
        raise NotImplementedError

    def _unplay(self, move: Any, token: Any) -> None:
        raise NotImplementedError

    def _read(self, text: str) -> Any:
        """Read ``text`` as a move of this game in this position, for
        :meth:`apply` and :meth:`is_well_formed`: by default the game's
        :meth:`Game.parse_move <boardkit.Game.parse_move>`; a game whose
        notation depends on the position (the kit's: a move class's
        ``parse`` may take the state) reads it here.

        Examples:
            >>> from boardkit.testing import Nim
            >>> Nim().new_game(seed=0)._read("take 2")
            Take(2)
        """
        me: Any = self
        return me.game.parse_move(text)

    def _random_plies(self, stop: int, rng: Random, moves: list[Any], tokens: list[Any], befores: list[int]) -> None:
        """The loop of :meth:`playout`, until ``moves`` (the move stack)
        holds ``stop`` moves (-1: no limit) or the game is over: each move
        :meth:`~boardkit.State.random_move` chooses with ``rng`` is played by :meth:`_play`
        and goes on ``moves``, what :meth:`_play` returned on ``tokens``,
        and the generator's state before it on ``befores`` (put there before
        the move is played, so one more when a move raised). A game
        overrides it with a faster loop that plays the same moves (Tafl,
        Field of the Cloth of Gold and the kit do); a game whose moves never
        draw from the generator may leave ``befores`` empty.
        :func:`~boardkit.testing.check_game` compares it with :meth:`apply`.
        """
        # random_move is read as any attribute is: State's default is not native, and a compiled game
        # class that inherits it would otherwise be dispatched past it.
        me: Any = self
        chance, choose = self.rng, me.random_move
        while len(moves) != stop and self.outcome is None:
            move = choose(rng)
            befores.append(chance.state)
            tokens.append(self._play(move))
            moves.append(move)

    # -- the move stack ------------------------------------------------------------------------------

    def apply(self, move: Any) -> None:
        """Play a move, given as a move value or in the game's notation.

        The generator's state before the move is kept when the move draws
        from it, so :meth:`undo` restores chance exactly for every game,
        however the game writes its own undo.

        Raises:
            NotationError: if ``move`` is text that is not valid notation.
            IllegalMoveError: if the rules do not allow the move now, or it is
                not a move of this game at all (a value with fields of the
                wrong kind). In both cases the state is left exactly as it was.

        An error of any other kind raised while a legal move is carried out
        is a bug in the game's rules, and propagates as itself.

        This and :meth:`undo` are the one place that keeps the move stack,
        the undo records and the generator's states (on the compiled build
        a native method, for every state): a game supplies :meth:`_play`
        and :meth:`_unplay` (and :meth:`_read` where its notation depends on
        the position), and a faster playout of its own as
        :meth:`_random_plies`, the loop that :meth:`playout` hands the move
        stack to.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=5).new_game(seed=0)
            >>> state.apply("take 2"); state.history
            (Take(2),)
            >>> state.apply("take 4")
            Traceback (most recent call last):
            ...
            boardkit.errors.IllegalMoveError: illegal move 'take 4': at most 3 may be taken
        """
        if isinstance(move, str):
            move = self._read(move)
        if self.outcome is not None:
            raise IllegalMoveError(move, "the game is over")
        rng = self.rng
        before = rng.state
        try:
            token = self._play(move)
        except BoardkitError:
            rng.state = before
            raise
        except Exception as exc:
            rng.state = before
            # _play refuses before it changes anything, so a value it could not even read (fields of
            # the wrong kind, off the board) is judged here against the untouched position. A move of
            # this game (legal here or not) tripped over the rules themselves: a bug, reported as itself.
            if self.is_well_formed(move):
                raise
            me: Any = self
            raise IllegalMoveError(_shown(move), f"not a move of {me.game.name}: {type(exc).__name__}") from exc
        if rng.state != before:
            self._draws.append((len(self._moves), before))
        self._moves.append(move)
        self._tokens.append(token)

    def undo(self) -> Any:
        """Take back the last move and return it, the generator's state
        included: the same move played again draws the same chance.

        Raises:
            UndoError: if no move has been played, or (on a determinized
                copy) if the move was played before the copy was dealt.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=5).new_game(seed=0)
            >>> state.apply("take 2"); state.undo(), state.history
            (Take(2), ())
        """
        moves, tokens = self._moves, self._tokens
        if not moves:
            raise UndoError("nothing to undo: no move has been played")
        token = tokens[-1]
        if token is DEALT:
            raise UndoError(
                f"this determinized copy was dealt after move {len(moves)} ({str(moves[-1])!r});"
                " it cannot be taken back past that point"
            )
        move = moves.pop()
        tokens.pop()
        self._unplay(move, token)
        draws = self._draws
        if draws and draws[-1][0] == len(moves):
            self.rng.state = draws.pop()[1]
        return move

    def is_well_formed(self, move: object) -> bool:
        """Whether ``move`` is a move of this game at all, legal now or not:
        a value that its own notation reads back as
        (``game.parse_move(str(move)) == move``).

        :meth:`apply` asks it when checking or playing a move raised an
        error that is not a boardkit one: a value that is not a move (fields
        of the wrong kind, a square off the board) is refused with an
        :class:`~boardkit.IllegalMoveError`, while an error on a move of the
        game is a bug in the rules and propagates as itself.

        Examples:
            >>> from boardkit.testing import Nim
            >>> from boardkit.testing.nim import Take
            >>> state = Nim(heap=5).new_game(seed=0)
            >>> [state.is_well_formed(m) for m in (Take(2), Take(9), Take("2"), "take 2")]
            [True, True, False, False]
        """
        try:
            text = str(move)
        except Exception:  # a value with fields of the wrong kind may not even print
            return False
        try:
            return bool(self._read(text) == move)
        except BoardkitError:
            return False

    def _playout(self, limit: int, rng: Random) -> int:
        """:meth:`playout` with its arguments checked (``limit`` -1: no
        limit): the moves of :meth:`_random_plies`, each on the move stack
        with its undo record as :meth:`apply` puts them, and the generator's
        state kept for those that drew, so that :meth:`undo` takes them back
        exactly; after a move that raised, the generator is as it was before
        that move, as :meth:`apply` leaves it.

        Examples:
            >>> from boardkit.testing import Nim
            >>> state = Nim(heap=5).new_game(seed=0)
            >>> state._playout(2, Random(1)), len(state.history), state.drew_chance()
            (2, 2, False)
        """
        moves, start = self._moves, len(self._moves)
        befores: list[int] = []
        try:
            self._random_plies(limit if limit < 0 else start + limit, rng, moves, self._tokens, befores)
        finally:
            played, rng_now = len(moves) - start, self.rng
            if len(befores) > played:  # a move raised: the generator as it was before that move
                rng_now.state = befores[played]
            heads, last = befores[:played], rng_now.state
            if befores and heads.count(last) != played:  # else no move drew: the generator never moved
                afters = [*befores[1:played], last]  # each move's "after" is the next one's "before"
                pairs = enumerate(zip(heads, afters, strict=True))
                self._draws.extend((start + i, before) for i, (before, after) in pairs if before != after)
        return played

    def _copy_base_into(self, twin: MoveStack) -> None:
        """Copy the fields this base class keeps onto ``twin`` (for ``copy``)."""
        me: Any = self
        copy: Any = twin
        copy.game = me.game
        twin.players = self.players
        twin.seed = self.seed
        twin.rng = self.rng.copy()
        twin._moves = list(self._moves)
        twin._tokens = list(self._tokens)
        twin._draws = list(self._draws)
        twin._setup = self._setup
        twin._determinized = self._determinized

    def _redeal(self, seed: Any) -> None:
        """Make this state (a fresh copy) a determinization dealt with ``seed``.

        A copy of the real game still holds two things that give hidden parts
        away: the real seed (replaying the public moves from it rebuilds the
        real game) and the real undo records (undo would put the real hidden
        parts back). This replaces the seed, reseeds the generator in place
        with ``derive_seed(seed, 1)`` (the same object, so every component
        bound to it draws the new world's chance) and seals the undo records, so undoing past
        the deal raises :class:`~boardkit.UndoError`. Games that override
        :meth:`determinize` call it on their copy.
        """
        self.seed = check_seed(seed)
        # In place: a component bound to this generator (a bag) must draw the new world's chance,
        # not go on with the real game's stream from a generator object the state has left.
        self.rng.reseed(derive_seed(seed, 1))
        self._tokens = [DEALT] * len(self._tokens)
        self._determinized = True
