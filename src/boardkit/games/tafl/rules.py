"""The rules of Tafl: :class:`Tafl` (the game) and :class:`TaflState` (a game in progress).

The board is a :class:`~boardkit.topology.SquareGrid`; the state keeps it as a
flat list of piece codes indexed like the grid's compiled tables, plus one
integer bitboard per side, the same on both builds. The board kernel
(``kernel.py``) changes the board and finds its moves: this module hands it the
squares it made (``_squares``) and never asks what its loops read.

The other rooms of the package: moves and their notation in ``moves.py``
(``notation.py`` re-exports them), options and rule sets in ``variants.py``,
``from_position``'s checks in ``setup.py``, text and SVG in ``render.py``; Tafl
hides nothing, so its view (``view.py``) has no determinization. The state's
methods for those hand over to them. This module imports them (and the core,
the boards and Tafl's board tables and forts), and none of them imports it back.
The parts that build on this module, the state class of OpenTafl's own rules
(``special.py``), the readers and writers of other programs' files
(OpenTafl's ``.otg``, in ``opentafl.py``) and the RL encoding
(``encoding.py``), are listed in the package's declaration of its parts
(``boardkit.games.tafl.PARTS``, a :class:`~boardkit.parts.Parts`), which
:attr:`Tafl.declared` gives and :class:`Tafl` reads when a game starts or an
OpenTafl rules string is read (``_parts``): this module imports none of them
at its top.

Why this module is long: the state keeps a hand-written fast path (bitboards,
in-place moves with exact undo, counted random playouts) whose parts share the
state's integer fields; split up, each would reach into the others'.

Why ``copy``, ``_key`` and undo are written by hand (not derived from
:mod:`boardkit.fields`): a move changes a few integers in place (two
bitboards, the King's square, two board entries, the captures) and its undo
record is those few values, where a derived record would copy the board and
the repetition table on every move. ``benchmarks/bench_fields.py``
(hnefatafl): ``apply`` + ``undo`` 360,000 a second against 158,000 derived,
random games 266 against 189 a second.

Examples:
    >>> state = Tafl("brandubh").new_game(seed=1)
    >>> len(state.legal_moves())
    48
    >>> state.apply("d2-b2")
    >>> state.piece_at("b2")
    <Piece.ATTACKER: 't'>
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from boardkit.about import About
from boardkit.chance import Random, check_generator, derive_seed
from boardkit.compiling import IntArgument, RandomArgument, TextArgument, mypyc_attr
from boardkit.errors import IllegalMoveError, NotationError, OptionError
from boardkit.game import (
    Game,
    Outcome,
    Player,
    State,
    by_position,
    fields_of,
    from_fields,
    from_options,
    make_options,
    no_move_error,
    setup_fields,
)
from boardkit.games.tafl.board import SIDES, Board, board_tables, escape_lines, move_buckets, refusal
from boardkit.games.tafl.captures import attacker_captures, defender_captures
from boardkit.games.tafl.evaluation import defenders_value, forcing_moves_on, threatened, winning_bits
from boardkit.games.tafl.formats import RecordFormat
from boardkit.games.tafl.forts import encircled, exit_fort
from boardkit.games.tafl.kernel import (
    Squares,
    has_moves,
    legal_entries,
    move_piece,
    random_step,
    remove_pieces,
    squares_copy,
    squares_of,
    unmove_piece,
)
from boardkit.games.tafl.movement import plays_apart, square_rules
from boardkit.games.tafl.moves import Move, Piece, parse_square, read_position, write_position
from boardkit.games.tafl.officers import CODE_NAMES, OFFICER_CODES
from boardkit.games.tafl.render import render_text, status_line
from boardkit.games.tafl.setup import checked_position
from boardkit.games.tafl.text import MOVE_KINDS, rules_in_play
from boardkit.games.tafl.variants import CUSTOM, RULE_SETS, TaflOptions
from boardkit.games.tafl.view import TaflView, position_text
from boardkit.topology import SquareGrid

if TYPE_CHECKING:
    from boardkit.parts import Parts

T = TypeVar("T")

__all__ = ["Tafl", "TaflState"]

# Piece codes on the board list.
EMPTY: Final = 0
ATTACKER: Final = 1
DEFENDER: Final = 2
KING: Final = 3

# The Piece of each code of a board as shown (TaflState._shown), 4 to 7 Berserk's officers.
_PIECES: Final = (None, *(Piece[name.upper().replace("-", "_")] for name in CODE_NAMES[1:]))
# Berserk's officers (codes 4 to 7) start only games of the state class of OpenTafl's own rules.
_CODES: Final = {None: EMPTY, "attacker": ATTACKER, "defender": DEFENDER, "king": KING} | OFFICER_CODES

# How a game ends, as the rules word it (the state class of OpenTafl's own rules says it the same way).
KING_CAPTURED: Final = Outcome.win(0, "king captured")
KING_ESCAPED: Final = Outcome.win(1, "king escaped")
MATE: Final = Outcome.win(1, "mate: the king has two clear lines to escape")
EXIT_FORT: Final = Outcome.win(1, "exit fort")
ENCIRCLED: Final = Outcome.win(0, "encirclement: no defender can reach the edge")
NO_MOVE: Final = (Outcome.win(1, "attackers have no legal move"), Outcome.win(0, "defenders have no legal move"))

#: What ``_do`` returns for ``_undo``: origin, target, piece, captures, outcome before, position key.
Token = tuple[int, int, int, list[tuple[int, int]], "Outcome | None", tuple[int, int, int, int]]
# An argument not given (playout's old positional spelling; None is a value a caller may give).
_NOT_GIVEN: Final[Any] = object()

# What a user passes (a seed, a player, notation, a ply limit) is typed ``Any`` below, not ``int``
# or ``str``: compiled with mypyc, a typed parameter refuses a wrong type with a bare TypeError
# before the method's own check can name it in a boardkit error, and takes ``True`` for ``1``.


# Compiled with mypyc: made and subclassed from Python code; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Tafl(Game["TaflState", Move]):
    """Tafl, the Norse siege game: attackers (player 0) against the defenders
    and their King (player 1).

    Args:
        variant: One of ``brandubh``, ``ard-ri``, ``tablut``, ``hnefatafl``
            (the default), ``tawlbwrdd``, ``toftanes``, ``alea-evangelii``;
            a rule set played today (``copenhagen``, ``fetlar``,
            ``federation-brandubh``), which presets the options it sets
            (:data:`~boardkit.games.tafl.variants.RULE_SETS`); or
            ``"custom"`` (implied by ``layout``).
        **options: The settings of :class:`~boardkit.games.tafl.TaflOptions`:
            ``layout``, ``escape``, ``mate``, ``king_armed``,
            ``king_captured_by``, ``repetition``, ``first``,
            ``repetition_result``, ``shieldwall``, ``shieldwall_close``,
            ``exit_fort``, ``encirclement``; the special squares ``corners``,
            ``throne``, ``throne_stop``, ``throne_pass``, ``corner_stop``,
            ``corner_pass``, ``throne_hostile``, ``throne_hostile_empty``,
            ``corner_hostile``; ``linnaean``; and OpenTafl's own rules,
            ``king_speed`` and the attacker forts (``attacker_forts``,
            ``attacker_fort_enter``, ``attacker_fort_hostile``). An option
            given here overrides the rule set's preset.

    Raises:
        OptionError: for an unknown variant or option, a bad value, or a bad layout.

    Examples:
        >>> game = Tafl("tablut", escape="corner")
        >>> game.name, game.size, game.options.escape
        ('tafl', 9, 'corner')
        >>> Tafl(layout="/3/1K1/3/").options.variant
        'custom'
        >>> Tafl("copenhagen").options.shieldwall_close
        'onto-edge'
        >>> Tafl("copenhagen", shieldwall_close="along-edge").options.shieldwall_close
        'along-edge'
        >>> state = Tafl("brandubh", corners="a1,g7", throne="").new_game(seed=0)
        >>> state.render().splitlines()[1]
        '7 . . . t . . + 7'
        >>> Tafl("chess")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: unknown tafl variant 'chess'; variants are: 'brandubh', ...
    """

    name = "tafl"
    about = About(
        title="Tafl",
        seats=("attackers", "defenders"),
        goal="The defenders win when their King escapes; the attackers win when they capture the King.",
        turn=(
            "Move one of your pieces like a chess rook, any number of empty squares in a straight line."
            " An enemy piece you trap between the piece you moved and another of yours (or a hostile"
            " square) is taken."
        ),
        moves=MOVE_KINDS,
        rules_in_play=rules_in_play,
    )
    options: TaflOptions

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        if variant is None:
            variant = CUSTOM if options.get("layout") is not None else "hnefatafl"
        preset = RULE_SETS.get(variant, {}) if isinstance(variant, str) else {}
        self.options = make_options(TaflOptions, {"variant": variant, **preset, **options}, game="tafl")
        rows = read_position(self.options.start)
        #: The number of squares along each side of the board.
        self.size: int = len(rows)
        # The text starts at rank 1; the board's cells start at the top row.
        self._start: tuple[int, ...] = tuple(_CODES[p] for row in reversed(rows) for p in row)
        o = self.options
        self._squares = square_rules(o, self.size)
        self._apart = plays_apart(o)  # OpenTafl's own rules: played by a state class of their own
        self.tables()  # built (or found) now rather than in the first game

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its options, plain data (as in a record), from which
        :func:`~boardkit.game.from_options` makes the game again: the same pickle on the pure and the
        compiled build."""
        return (from_options, (type(self), self.option_values()))

    def tables(self) -> Board:
        """The board's fixed tables for these rules: rays, special squares,
        who may stop and pass where, bit masks, the move table (shared by
        every game with the same board and special squares).

        Examples:
            >>> Tafl("brandubh").tables().size, sorted(Tafl("brandubh").tables().thrones)
            (7, [24])
        """
        return board_tables(self.size, self.options.escape == "corner", self._squares)

    @property
    def board(self) -> SquareGrid:
        """The board as a :class:`~boardkit.topology.SquareGrid` (row 0 at the top).

        Examples:
            >>> Tafl("brandubh").board
            SquareGrid(7, 7)
        """
        return self.tables().grid

    def new_game(self, *, players: IntArgument | None = None, seed: IntArgument | None = None) -> TaflState:
        """Set up the variant's start position (see :class:`~boardkit.Game`)."""
        return self._started(self.check_players(players), seed, self._start, self.options.first)

    def _started(self, players: int, seed: Any, start: tuple[int, ...], first: int) -> TaflState:
        """A game of these rules from the board ``start`` (square codes) with ``first`` to move."""
        state_type = _parts().states[1] if self._apart else TaflState
        return state_type(self, players, seed, start, first)

    @property
    def declared(self) -> Parts[TaflState, Tafl]:
        """Tafl's parts (:class:`~boardkit.parts.Parts`), as the package
        assembles them (``boardkit.games.tafl.PARTS``): its two state classes,
        its picture, its RL action list and encoder, OpenTafl's ``.otg`` files.

        Examples:
            >>> parts = Tafl("brandubh").declared
            >>> [cls.__name__ for cls in parts.states], sorted(parts.formats)
            (['TaflState', 'SpecialTaflState'], ['otg'])
            >>> len(parts.all_moves(Tafl("brandubh"))), parts.observation_encoder(Tafl("brandubh"), 2).shape
            (1176, (7, 7, 7))
        """
        return _parts()

    def parse_move(self, text: TextArgument) -> Move:
        """Read a move such as ``d1-d4`` (a record's ``d1-d4xd5`` too).

        Raises:
            NotationError: if the text is not a move between squares of this board.

        Examples:
            >>> Tafl("brandubh").parse_move("d2-b2")
            Move('d2', 'b2')
            >>> Tafl("brandubh").parse_move("d2-k2")
            Traceback (most recent call last):
            ...
            boardkit.errors.NotationError: invalid notation 'd2-k2': 'k2': no such square on a 7x7 board ...
        """
        return Move.parse(text, self.size)

    @classmethod
    def record_formats(cls) -> dict[str, RecordFormat[TaflState, Tafl]]:
        """Deprecated: Tafl's record formats by key; read ``Tafl().declared.formats``.

        Examples:
            >>> import warnings
            >>> with warnings.catch_warnings(record=True):
            ...     warnings.simplefilter("always")
            ...     sorted(Tafl.record_formats())
            ['otg']
        """
        warnings.warn(
            "Tafl.record_formats() is deprecated: read game.declared.formats", DeprecationWarning, stacklevel=2
        )
        return {"otg": _otg()}

    @classmethod
    def from_opentafl(cls, rules: str) -> Tafl:
        """The game an OpenTafl rules string describes (``dim:11 atkf:y ... start:/.../``).

        Keys that OpenTafl leaves out take OpenTafl's defaults (corner
        escape, encirclement, a third repetition drawn, the four corners and
        the centre as special squares); see :mod:`boardkit.games.tafl.opentafl`.

        Raises:
            OptionError: naming a key boardkit cannot play, or a bad value.

        Examples:
            >>> game = Tafl.from_opentafl("dim:11 atkf:y sw:s efe:y start:" + Tafl().options.start)
            >>> game.options.shieldwall, game.options.exit_fort, game.options.escape
            (True, True, 'corner')
            >>> Tafl.from_opentafl("dim:7 dfor:a2, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: OpenTafl rules key 'dfor' (value 'a2,') is a rule boardkit cannot play
        """
        return cls(**_otg().read_rules(rules))

    def to_opentafl(self) -> str:
        """These rules as an OpenTafl rules string; ``Tafl.from_opentafl(g.to_opentafl()) == g``.

        Examples:
            >>> Tafl("fetlar").to_opentafl()
            'dim:11 name:fetlar start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/'
        """
        return _otg().write_rules(self)

    def from_position(
        self, *args: Any, position: TextArgument | None = None, to_move: IntArgument | None = None,
        seed: IntArgument | None = None,
    ) -> TaflState:
        """A game of these rules set up from OpenTafl position text, with ``to_move`` to play.

        Every argument is a keyword, as in every game's ``from_position``
        (the shared shape is in :doc:`/reference/api`): ``position`` is the
        board as OpenTafl writes it, the first row of the text rank 1 (the
        bottom row), on these rules' own size of board (``None``, the
        default: the rules' start position); ``to_move`` the side to play
        (``None``, the default: the rules' first player, ``first``); ``seed``
        as :meth:`new_game`'s (``None``: a fresh one, kept on the state).
        The state's game is this game, its rule set's name kept
        (``Tafl("copenhagen").from_position(position=...).game == Tafl("copenhagen")``),
        and its records carry the position as their ``setup``, from which
        :meth:`from_setup` rebuilds it, so they replay. To play a position
        as the start of rules of its own, on any odd size of board, give it
        as a ``layout`` (``Tafl(layout=text, first=...)``).

        The position given by position, ``from_position(position=text, to_move=...)``,
        still works, with a :class:`DeprecationWarning`, and goes in a later
        release.

        Raises:
            NotationError: if the text is not a valid position (see
                :func:`~boardkit.games.tafl.moves.read_position`), is for
                another size of board, has no King or several, or puts a
                piece other than the King where it may not stop (such as the
                throne).
            OptionError: if ``to_move`` is not 0 or 1, or ``seed`` is not a seed.

        Examples:
            >>> state = Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=1)
            >>> state.current_player, state.piece_at("d3"), state.piece_at("a5"), state.king_has_clear_line
            (1, <Piece.KING: 'K'>, <Piece.ATTACKER: 't'>, True)
            >>> state.escape_lines
            4
            >>> state.game == Tafl("brandubh"), state.to_record().setup["to_move"]
            (True, 1)
            >>> Tafl("brandubh").from_position(to_move=1).position() == Tafl("brandubh").options.start
            True
        """
        if args:  # the old spelling: the position by position
            (position,) = by_position("from_position", ("position",), args, (position,))
        text = self.options.start if position is None else position
        layout, first = checked_position(self, text, self.options.first if to_move is None else to_move, self.size)
        state = self._started(self.check_players(None), seed, layout._start, first)
        state._record_setup({"position": state.position(), "to_move": first})
        return state

    def from_setup(self, setup: Any, *, players: Any, seed: Any) -> TaflState:
        """Rebuild a position set up with :meth:`from_position` from a record's
        ``setup`` data (``{"position": text, "to_move": player}``).

        Raises:
            OptionError: for malformed data.

        Examples:
            >>> state = Tafl("copenhagen").from_position(to_move=1, seed=2)
            >>> record = state.to_record()
            >>> record.game, record.options["variant"], record.setup["to_move"]
            ('tafl', 'copenhagen', 1)
            >>> record.replay() == state
            True
        """
        self.check_players(players)
        data = setup_fields(setup, ("position", "to_move"), game=self.name)
        try:
            return self.from_position(position=data["position"], to_move=data["to_move"], seed=seed)
        except NotationError as exc:
            raise OptionError(f"bad setup for tafl: {exc}") from None


def _parts() -> Parts[TaflState, Tafl]:
    """Tafl's parts, as the package declares them where it sees them all (``boardkit.games.tafl.PARTS``):
    among them the state class of OpenTafl's own rules and the record formats, which build on this module."""
    from boardkit.games.tafl import PARTS  # the package assembles its declaration (see the module)

    return PARTS


def _otg() -> RecordFormat[TaflState, Tafl]:
    """OpenTafl's saved games, the one format of other programs' files Tafl declares: the package's
    ``.otg`` format, typed as Tafl's formats are (its rules strings too)."""
    return cast("RecordFormat[TaflState, Tafl]", _parts().formats["otg"])


def _unpickled(cls: type[TaflState], fields: dict[str, Any]) -> TaflState:
    """A pickled Tafl state rebuilt from its fields (:meth:`TaflState.__reduce__`), with the squares
    its board kernel's loops read made again from the board list."""
    state: TaflState = from_fields(cls, fields)
    state._squares = squares_of(state._board)
    return state

# Compiled with mypyc: made and subclassed from Python code; pickles, copies and deep-copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class TaflState(State[Move]):
    """A game of :class:`Tafl` in progress.

    Examples:
        >>> state = Tafl("brandubh").new_game(seed=0)
        >>> print(state.render())
          a b c d e f g
        7 . . . t . . . 7
        6 . . . t . . . 6
        5 . . . T . . . 5
        4 t t T K T t t 4
        3 . . . T . . . 3
        2 . . . t . . . 2
        1 . . . t . . . 1
          a b c d e f g
        key: t attacker, T defender, K king, + empty restricted square (throne), . empty
        attackers to move

        A move is played with :meth:`State.apply <boardkit.State.apply>`, as a
        :class:`Move` or in notation such as ``d1-d4``:

        >>> state.apply(Move("d2", "b2")); state.apply("d3-c3")
        >>> state.history
        (Move('d2', 'b2'), Move('d3', 'c3'))
    """

    # ``game`` is the base class's field (a Tafl): a compiled class may not narrow its type.

    def __init__(self, game: Tafl, players: int, seed: Any, start: tuple[int, ...], first: int) -> None:
        super().__init__(game, players, seed)
        board = game.tables()
        self._g = board
        self._board: list[int] = list(start)
        # What the board kernel's move loops read (kernel.py): changed with the board, by the kernel.
        self._squares: Squares = squares_of(self._board)
        att = dfn = 0
        king = -1
        for i, code in enumerate(start):
            if code == ATTACKER:
                att |= 1 << i
            elif code == DEFENDER:
                dfn |= 1 << i
            elif code == KING:
                king = i
        self._att = att
        self._dfn = dfn
        self._king = king
        self._turn = first
        options = game.options
        self._armed = options.king_armed
        self._weak = options.king_captured_by == "two"
        self._throne_strong = options.king_captured_by == "throne"
        self._mate = options.mate
        self._limit = options.repetition or 0
        self._shieldwall = options.shieldwall
        self._along = options.shieldwall_close == "along-edge"
        self._fort = options.exit_fort
        self._encircle = options.encirclement
        self._linnaean = options.linnaean
        self._seen: dict[tuple[int, int, int, int], int] = {(att, dfn, king, first): 1}
        # Read rarely, so in one field: the men at the start (attackers; defenders and the King) and
        # what a repetition does.
        self._fixed = (att.bit_count(), dfn.bit_count() + 1, options.repetition_result)
        self._over: Outcome | None = None
        if king >= 0 and board.winning[king]:
            self._over = KING_ESCAPED
        elif self._fort and exit_fort(board, self._board, att, dfn, king):
            self._over = EXIT_FORT
        elif self._encircle and encircled(board, att, dfn, king):
            self._over = ENCIRCLED
        elif not has_moves(board, self._squares, att, dfn, king, first):
            self._over = NO_MOVE[first]

    # -- the protocol ---------------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        """The player to move (0 attackers, 1 defenders), or ``None`` once over."""
        return None if self._over is not None else self._turn

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._over

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``outcome`` is set)."""
        return self._over is not None

    def legal_moves(self) -> list[Move]:
        """Every legal move, by origin square (top row first, left to right),
        then direction (up, right, down, left), then distance."""
        if self._over is not None:
            return []
        if self._turn == 0:
            return legal_entries(self._g, self._squares, ATTACKER, -1, self._g.moves)  # type: ignore[arg-type]
        return legal_entries(self._g, self._squares, DEFENDER, self._king, self._g.moves)  # type: ignore[arg-type]

    def legal_entries(self, table: Sequence[T]) -> list[T]:
        """What ``table`` holds for each legal move, in :meth:`legal_moves`'
        order: ``table[origin * cells + target]``, squares numbered row by row
        from the top-left (``cells`` is the number of squares). With the
        board's own table of moves it is :meth:`legal_moves`; with a table of
        numbers it numbers the legal moves without making them (what
        :mod:`boardkit.rl` does for its action masks).

        Examples:
            >>> state = Tafl("brandubh").new_game(seed=1)
            >>> table = [(i // 49, i % 49) for i in range(49 * 49)]
            >>> state.legal_entries(table)[:2], state.legal_moves()[:2]
            ([(3, 4), (3, 5)], [Move('d7', 'e7'), Move('d7', 'f7')])
        """
        if self._over is not None:
            return []
        listed = table if isinstance(table, list) else list(table)
        if self._turn == 0:
            return legal_entries(self._g, self._squares, ATTACKER, -1, listed)
        return legal_entries(self._g, self._squares, DEFENDER, self._king, listed)

    def _play(self, move: Move) -> object:
        if not isinstance(move, Move):
            raise IllegalMoveError(move, "not a tafl move; give a Move or notation such as 'd1-d4'")
        g = self._g
        frm = g.index.get(move.source, -1)
        to = g.index.get(move.target, -1)
        n = g.size
        if frm < 0 or to < 0:
            raise IllegalMoveError(move, f"no such square on a {n}x{n} board")
        b = self._board
        piece = b[frm]
        if piece == EMPTY:
            raise IllegalMoveError(move, f"there is no piece on {move.source}")
        side = 0 if piece == ATTACKER else 1
        if side != self._turn:
            raise IllegalMoveError(
                move, f"{move.source} holds a piece of the {SIDES[side]}, but the {SIDES[self._turn]} are to move"
            )
        if g.moves[frm * g.cells + to] is None:
            raise IllegalMoveError(move, "pieces move in a straight line along a row or a column")
        walled = g.walled[piece]
        # The squares on the way, from the piece on (``to`` is on its row or its column).
        step = (1 if to > frm else -1) if frm // n == to // n else (n if to > frm else -n)
        j = frm + step
        while j != to:
            if b[j]:
                raise IllegalMoveError(move, f"the way is blocked at {g.names[j]}")
            if walled and not g.pass_flag[piece][j]:
                raise IllegalMoveError(move, refusal(g, j, pass_over=True))
            j += step
        if b[to]:
            raise IllegalMoveError(move, f"{move.target} is occupied")
        if not g.stop_flag[piece][to]:
            raise IllegalMoveError(move, refusal(g, to, pass_over=False))
        if walled and not g.pass_flag[piece][to]:  # it may stop there, but not reach it
            raise IllegalMoveError(move, refusal(g, to, pass_over=True))
        token = self._do(frm, to)
        if move.captures is not None:
            self._check_claim(move, token)
        return token

    def _check_claim(self, move: Move, token: Token) -> None:
        """Take ``move`` back and refuse it if the captures its notation claims
        are not the ones it made."""
        claimed = move.captures
        actual = tuple(sorted(self._g.names[c] for c, _ in token[3]))
        if claimed is not None and actual != claimed:
            self._undo(token)
            said = "/".join(claimed) or "nothing"
            real = "/".join(actual) or "nothing"
            raise IllegalMoveError(move, f"the notation claims it captures {said}, but it captures {real}")

    def _unplay(self, move: Move, token: Any) -> None:
        self._undo(token)

    def _key(self) -> Hashable:
        return (self._att, self._dfn, self._king, self._turn, self._over)

    def urgent(self) -> bool:
        """Whether the side to move must answer a threat to lose at once:
        the attackers, when the King has a clear line to a winning square;
        the defenders, when an attacker can capture the King with its next
        move (see :meth:`State.urgent <boardkit.State.urgent>`).

        Examples:
            >>> Tafl("brandubh").from_position(position="/7/7/7/3K3/7/7/t6/", to_move=0).urgent()
            True
            >>> Tafl("brandubh").new_game(seed=0).urgent()
            False
        """
        king = self._king
        if self._over is not None or king < 0:
            return False
        return threatened(self._g, self._board, self._att, self._dfn, king, self._turn, self._weak_at(king))

    def forcing_moves(self) -> list[Move]:
        """The King's moves onto a winning square, and the moves that
        capture: what a search looks at past its depth (see
        :meth:`State.forcing_moves <boardkit.State.forcing_moves>` and
        :func:`~boardkit.games.tafl.evaluation.forcing_moves_on`).

        Examples:
            >>> state = Tafl("brandubh").from_position(position="/3t3/7/1tT4/7/7/4K2/7/", to_move=0)
            >>> state.forcing_moves()
            [Move('d1', 'd3')]
        """
        king = self._king
        return forcing_moves_on(self, self._g, self._board, self._att, self._dfn, king, self._turn, self._weak_at(king))

    def _weak_at(self, king: int) -> bool:
        """Whether two attackers capture the King on ``king``."""
        return self._weak or (self._throne_strong and king not in self._g.throne_area)

    def position_key(self) -> Hashable:
        """The position as the bitboards of both sides, the King's square and
        the side to move (see :meth:`State.position_key <boardkit.State.position_key>`).

        Examples:
            >>> a = Tafl("brandubh").new_game(seed=0)
            >>> b = a.copy()
            >>> for move in ("d6-f6", "c4-c5", "f6-g6", "c5-c6"): a.apply(move)
            >>> for move in ("d6-g6", "c4-c6"): b.apply(move)
            >>> a.position_key() == b.position_key()
            True
        """
        return (self._att, self._dfn, self._king, self._turn)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name but the squares its board kernel reads, made again by
        :func:`_unpickled`: the same pickle on the pure and the compiled build."""
        return (_unpickled, (type(self), fields_of(self, leave=("_squares",))))

    def copy(self) -> TaflState:
        twin = self._bare_twin()
        twin._g = self._g
        twin._board = board = list(self._board)
        twin._squares = squares_copy(self._squares, board)
        twin._att = self._att
        twin._dfn = self._dfn
        twin._king = self._king
        twin._turn = self._turn
        # The switches of the rules, fixed for the game.
        twin._armed = self._armed
        twin._weak = self._weak
        twin._throne_strong = self._throne_strong
        twin._mate = self._mate
        twin._limit = self._limit
        twin._fixed = self._fixed
        twin._shieldwall = self._shieldwall
        twin._along = self._along
        twin._fort = self._fort
        twin._encircle = self._encircle
        twin._linnaean = self._linnaean
        twin._seen = dict(self._seen)
        twin._over = self._over
        return twin

    # -- the rules, on integer squares ----------------------------------------

    def _do(self, frm: int, to: int) -> Token:
        """Move the piece on ``frm`` to ``to`` (already known legal) and apply every consequence."""
        g = self._g
        b = self._board
        squares = self._squares
        piece = b[frm]
        move_piece(b, squares, frm, to, piece)
        bits = (1 << frm) | (1 << to)
        captured: list[tuple[int, int]]
        over: Outcome | None = None
        if piece == ATTACKER:
            self._att ^= bits
            king = self._king
            weak = self._weak or (self._throne_strong and king not in g.throne_area)
            # Positional arguments: the quicker call on the pure build.
            captured = attacker_captures(g, b, frm, to, king, weak, self._shieldwall, self._along, self._linnaean)
            if captured:
                remove_pieces(b, squares, captured)
            for c, q in captured:
                if q == KING:
                    self._king = -1
                    over = KING_CAPTURED
                else:
                    self._dfn ^= 1 << c
            if over is None and self._encircle and encircled(g, self._att, self._dfn, self._king):
                over = ENCIRCLED
        else:
            if piece == KING:
                self._king = to
            else:
                self._dfn ^= bits
            if piece == DEFENDER or self._armed:
                captured = defender_captures(g, b, frm, to, self._armed, self._shieldwall, self._along)
                if captured:
                    remove_pieces(b, squares, captured)
                for c, _ in captured:
                    self._att ^= 1 << c
            else:
                captured = []
            if piece == KING:
                if g.winning[to]:
                    over = KING_ESCAPED
                elif self._mate and escape_lines(g, b, to) >= 2:
                    over = MATE
            king = self._king
            if over is None and self._fort and g.edge_bits >> king & 1 and exit_fort(g, b, self._att, self._dfn, king):
                over = EXIT_FORT
        turn = 1 - self._turn
        self._turn = turn
        key = (self._att, self._dfn, self._king, turn)
        count = self._seen.get(key, 0) + 1
        self._seen[key] = count
        if over is None:
            if self._limit and count >= self._limit:
                over = self._repeated(count)
            elif not has_moves(g, squares, self._att, self._dfn, self._king, turn):
                over = NO_MOVE[turn]
        self._over = over
        return (frm, to, piece, captured, None, key)

    def _repeated(self, count: int) -> Outcome:
        said = f"the same position came {count} times"
        result = self._fixed[2]
        if result == "draw":
            return Outcome.draw(said)
        if result == "defenders-lose":
            return Outcome.win(0, said)
        repeater = 1 - self._turn
        return Outcome.win(repeater if result == "repeater-wins" else 1 - repeater, said)

    def _undo(self, token: Token) -> None:
        frm, to, piece, captured, over, key = token
        seen = self._seen
        count = seen[key] - 1
        if count:
            seen[key] = count
        else:
            del seen[key]
        self._turn = 1 - self._turn
        self._over = over
        unmove_piece(self._board, self._squares, frm, to, piece, captured)
        for c, q in captured:
            if q == ATTACKER:
                self._att ^= 1 << c
            elif q == DEFENDER:
                self._dfn ^= 1 << c
            else:
                self._king = c
        bits = (1 << frm) | (1 << to)
        if piece == ATTACKER:
            self._att ^= bits
        elif piece == DEFENDER:
            self._dfn ^= bits
        else:
            self._king = frm

    # -- the fast path --------------------------------------------------------

    def _chooser(self) -> Random:
        return Random(derive_seed(self.seed, "tafl playout", len(self._moves)))

    def count_moves(self) -> int:
        """How many legal moves there are, counted without listing them.

        Examples:
            >>> state = Tafl().new_game(seed=0)
            >>> state.count_moves() == len(state.legal_moves()) == 124
            True
        """
        if self._over is not None:
            return 0
        return move_buckets(self._g, self._att, self._dfn, self._king, self._turn)[0]

    def random_move(self, rng: RandomArgument | None = None) -> Move:
        """A legal move drawn uniformly at random, without listing every move.

        Args:
            rng: The generator to draw with; by default one seeded from the
                game's seed and the number of moves played, so the same
                position in the same game always gives the same move.

        Raises:
            IllegalMoveError: if the game is over.

        Examples:
            >>> from boardkit import Random
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.random_move(Random(1)) in state.legal_moves()
            True
        """
        if self._over is not None:
            raise no_move_error(self)
        g = self._g
        rng = self._chooser() if rng is None else check_generator(rng)
        frm, to = random_step(g, self._squares, self._att, self._dfn, self._king, self._turn, rng)
        return g.moves[frm * g.cells + to]  # type: ignore[return-value]

    def playout(
        self,
        _max_plies: Any = _NOT_GIVEN,
        _rng: Any = _NOT_GIVEN,
        /,
        *,
        max_plies: Any = None,
        rng: Any = None,  # Any: compiled, a Random annotation would refuse bad input before State.playout's check
    ) -> int:
        """Play uniformly random legal moves until the game ends or ``max_plies``
        moves have been played; the fast path for search and simulation.

        The moves go on the move stack as usual, so :meth:`undo` takes them
        back and :meth:`to_record` writes them. Choosing moves is not a chance
        event of the game, so the state's own generator is left alone.

        Args:
            max_plies: The most moves to play; ``None`` for no limit.
            rng: The generator to choose with; by default one seeded from the
                game's seed and the number of moves played. Pass your own
                for independent playouts from one position (as a search does).

        Both arguments are keyword-only, as :meth:`State.playout
        <boardkit.State.playout>`'s are; the positional spelling still works,
        with a :class:`DeprecationWarning`.

        Returns:
            The number of moves played.

        Raises:
            OptionError: if ``max_plies`` is not a non-negative integer or
                ``None``, or ``rng`` is not a :class:`~boardkit.chance.Random`.

        Examples:
            >>> state = Tafl("brandubh").new_game(seed=3)
            >>> played = state.playout(max_plies=500)
            >>> state.is_over or played == 500
            True
        """
        if _max_plies is not _NOT_GIVEN:  # the old spelling, by position
            args = (_max_plies,) if _rng is _NOT_GIVEN else (_max_plies, _rng)
            max_plies, rng = by_position("playout", ("max_plies", "rng"), args, (max_plies, rng))
        return super().playout(max_plies=max_plies, rng=self._chooser() if rng is None else rng)

    def _random_plies(
        self, stop: int, rng: Random, moves: list[Move], tokens: list[object], befores: list[int]
    ) -> None:
        # Tafl's moves draw nothing (Chance.NONE): befores stays empty.
        g = self._g
        table = g.moves
        cells = g.cells
        while self._over is None and len(moves) != stop:
            frm, to = random_step(g, self._squares, self._att, self._dfn, self._king, self._turn, rng)
            tokens.append(self._do(frm, to))
            moves.append(table[frm * cells + to])  # type: ignore[arg-type]

    # -- looking at the position ----------------------------------------------

    @property
    def size(self) -> int:
        """The number of squares along each side of the board."""
        return self._g.size

    @property
    def board(self) -> SquareGrid:
        """The board as a :class:`~boardkit.topology.SquareGrid` (row 0 at the top)."""
        return self._g.grid

    def _shown(self) -> list[int]:
        """The board list as views, positions and pictures show it (Berserk's state tells officers apart)."""
        return self._board

    def piece_at(self, square: Any) -> Piece | None:
        """The piece on a square named like ``"e5"``, or ``None``.

        Raises:
            NotationError: if the name is not a square of this board.

        Examples:
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.piece_at("d4"), state.piece_at("a1")
            (<Piece.KING: 'K'>, None)
        """
        column, row = parse_square(square, self._g.size)
        return _PIECES[self._shown()[row * self._g.size + column]]

    def squares(self, piece: Any) -> list[str]:
        """The squares holding ``piece``, top row first, left to right.

        Examples:
            >>> Tafl("brandubh").new_game(seed=0).squares(Piece.DEFENDER)
            ['d5', 'c4', 'e4', 'd3']
        """
        code = _PIECES.index(Piece(piece))
        names = self._g.names
        return [names[i] for i, q in enumerate(self._shown()) if q == code]

    def view(self, player: IntArgument) -> TaflView:
        """What ``player`` may know: everything, as a :class:`TaflView`.

        Examples:
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.view(0) == state.view(1)
            False
            >>> state.view(0).attackers == state.view(1).attackers
            True
        """
        player = self.check_player(player)
        board, size = bytes(self._shown()), self._g.size
        return TaflView(
            player,
            position_text(board, size),
            size=size,
            to_move=self.current_player,
            board=board,
            history=tuple(self._moves),
            outcome=self._over,
        )

    def position(self) -> str:
        """The position in OpenTafl position notation: the first row written
        is rank 1 (the bottom row), the last the top rank.

        Examples:
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.apply("d1-a1")
            >>> state.position()
            '/t6/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'
        """
        n, b = self._g.size, self._shown()
        return write_position([[CODE_NAMES[b[r * n + c]] for c in range(n)] for r in reversed(range(n))])

    @property
    def last_captured(self) -> tuple[str, ...]:
        """The squares the last move captured on (the King's too), sorted;
        empty before the first move.

        Examples:
            >>> state = Tafl("brandubh").from_position(position="/3t3/7/1tT4/7/7/4K2/7/", to_move=0)
            >>> state.apply("d1-d3")
            >>> state.last_captured
            ('c3',)
        """
        if not self._tokens:
            return ()
        names = self._g.names
        return tuple(sorted(names[c] for c, _ in self._tokens[-1][3]))  # type: ignore[index]

    @property
    def king(self) -> str | None:
        """The King's square, or ``None`` once he has been captured.

        Examples:
            >>> Tafl().new_game(seed=0).king
            'f6'
        """
        return None if self._king < 0 else self._g.names[self._king]

    @property
    def escape_lines(self) -> int:
        """How many clear straight lines the King has to a winning square
        (an edge square, or a corner with ``escape="corner"``).

        Examples:
            >>> Tafl().new_game(seed=0).escape_lines
            0
        """
        return 0 if self._king < 0 else escape_lines(self._g, self._board, self._king)

    @property
    def king_has_clear_line(self) -> bool:
        """True when the King has at least one clear line to a winning square
        (what players call "check"); it ends nothing by itself.

        Examples:
            >>> Tafl().new_game(seed=0).king_has_clear_line
            False
            >>> Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=1).king_has_clear_line
            True
        """
        return self.escape_lines > 0

    @property
    def check(self) -> bool:
        """The old name of :attr:`king_has_clear_line`, kept working with a
        :class:`DeprecationWarning`: every kit state's ``check(move)`` is a
        method that says why a move is illegal, which this is not.

        Examples:
            >>> import warnings
            >>> with warnings.catch_warnings(record=True):
            ...     warnings.simplefilter("always")
            ...     Tafl().new_game(seed=0).check
            False
        """
        warnings.warn(
            "TaflState.check is deprecated: read TaflState.king_has_clear_line", DeprecationWarning, stacklevel=2
        )
        return self.king_has_clear_line

    def render(self) -> str:
        """The board as text: ``t`` attackers, ``T`` defenders, ``K`` the King,
        ``+`` an empty restricted square, ``.`` an empty square; files along
        the top and bottom, ranks down both sides, and a status line."""
        return render_text(self._g, self._shown(), status_line(self._over, self._turn, self.escape_lines))

    def evaluate(self, player: IntArgument) -> float:
        """An estimate in ``[-1, 1]`` of the position for ``player``, what
        bots search with: the King's routes to a winning square and the
        attackers' cordon across them, material, and the King's freedom and
        danger (:mod:`boardkit.games.tafl.evaluation` says how).

        Examples:
            >>> state = Tafl("brandubh").new_game(seed=0)
            >>> state.evaluate(0) == -state.evaluate(1)
            True
        """
        player = self.check_player(player)
        if self._over is not None:
            return super().evaluate(player)
        att0, dfn0, _ = self._fixed
        g = self._g
        king = self._king
        value = defenders_value(
            g, self._board, self._att, self._dfn, king, self._turn, att0, dfn0, winning_bits(g), self._weak_at(king)
        )
        return value if player == 1 else -value

    def _record_moves(self) -> tuple[str, ...]:
        names = self._g.names
        out = []
        for move, token in zip(self._moves, self._tokens, strict=True):
            captured = token[3]  # type: ignore[index]
            if captured:
                out.append(f"{move}x" + "/".join(sorted(names[c] for c, _ in captured)))
            else:
                out.append(str(move))
        return tuple(out)

    # -- what the applications show (the protocol's describe and public_info) --

    def describe(self, move: Move, before: TaflState) -> str:
        """What ``move`` took, in the players' words: the squares of the
        pieces captured ("took c6"), and the King by name; empty when it
        took nothing. The terminal and the web page print it after the move.

        Examples:
            >>> state = Tafl("brandubh").from_position(position="/7/2Tt3/1t5/4K2/1t5/2Tt3/7/", to_move=0)
            >>> before = state.copy(); state.apply("b5-b6")
            >>> state.describe(state.history[-1], before)
            'took c6'
        """
        if len(self._moves) != len(before._moves) + 1:
            return ""
        king = before.king
        taken = [f"the King on {square}" if square == king else square for square in self.last_captured]
        return "took " + ", ".join(taken) if taken else ""

    def public_info(self) -> dict[str, str]:
        """How many pieces each side has lost, beside the board.

        Examples:
            >>> Tafl("brandubh").new_game(seed=0).public_info()
            {'attackers taken': '0 of 8', 'defenders taken': '0 of 4'}
        """
        attackers, defenders, _ = self._fixed
        lost = attackers - self._att.bit_count(), defenders - 1 - self._dfn.bit_count()
        return {"attackers taken": f"{lost[0]} of {attackers}", "defenders taken": f"{lost[1]} of {defenders - 1}"}
