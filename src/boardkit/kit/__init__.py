"""The authoring kit: a board game written as its rules and nothing else.

Components floor: it imports the core and the boards only, never a game or
an application.

A game built on the kit declares its board (any
:class:`~boardkit.topology.Topology`), its pieces and its counters, and
writes four things: the start position (:meth:`BoardState.setup`), the legal
moves (:meth:`BoardState.moves`), what a move does
(:meth:`BoardState.play`) and when the game ends (:meth:`BoardState.judge`).
The kit derives the rest of the :class:`~boardkit.State` protocol from the
declaration: ``copy``, ``snapshot`` and ``==``, ``undo`` (every change goes
through :meth:`BoardState.put`, :meth:`BoardState.set` and the turn order,
which log what they overwrite, so undo puts it back exactly; the game writes
no ``_unplay``), ``current_player`` for alternating turns, a text board with
coordinates and a key, and an SVG picture. A game without options needs no
options class.

Ready-made moves, each a small frozen value written in the board's own cell
names: :class:`Place` (``"b2"``), :class:`Step` (``"a1-b2"``) and
:class:`Pass` (``"pass"``). A game may use its own move class too: anything
frozen with a ``__str__`` notation and a ``parse(text, board)`` classmethod
that returns the move, or ``None`` when the text is not of that kind.
A piece that moves along several cells in one move (a draughts chain,
``"c3xe5xc7"``) moves by :class:`Path`, and :func:`boardkit.capture.chains`
finds the chains.

Examples:
    A two-player game on a 1x4 strip where each player places a stone and the
    first to place two stones side by side wins:

    >>> from boardkit import Outcome
    >>> from boardkit.topology import SquareGrid
    >>> class StripState(BoardState[str, Place]):
    ...     def moves(self):
    ...         return [Place(self.name(c)) for c in self.empty()]
    ...     def play(self, move):
    ...         self.put(move.cell, "XO"[self.player])
    ...         self.next_turn()
    ...     def judge(self):
    ...         for a, b in zip(self.board.cells, self.board.cells[1:]):
    ...             if self[a] is not None and self[a] == self[b]:
    ...                 return Outcome.win("XO".index(self[a]), "two in a row")
    ...         return None if self.empty() else Outcome.draw("the strip is full")
    >>> class Strip(BoardGame[StripState, Place]):
    ...     name = "strip"
    ...     board = SquareGrid(4, 1)
    ...     pieces = {"X": "player 0", "O": "player 1"}
    ...     state_class = StripState
    >>> state = Strip().new_game(seed=1)
    >>> state.apply("a1"); state.apply("d1"); state.apply("b1")
    >>> state.outcome.reason, state.outcome.winner
    ('two in a row', 0)
    >>> state.undo()
    Place('b1')
    >>> print(state.render())
      a b c d
    1 X . . O 1
      a b c d
    key: X player 0, O player 1, . empty
    player 0 to move

The move kinds live in :mod:`boardkit.kit.moves` and are imported from here;
the text board and the picture are drawn by :mod:`boardkit.render`. Declared
fields for games that keep more than cells are in :mod:`boardkit.fields`.
"""

from __future__ import annotations

import inspect
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, SupportsIndex, cast

from typing_extensions import Self, TypeVar

from boardkit.errors import NotationError, OptionError
from boardkit.game import Game, NoOptions, State, fields_of, from_fields, make_options
from boardkit.kit.cells import PART, BoardCells, BoardTables, P
from boardkit.kit.moves import Edge, MoveType, Pass, Path, Place, Step
from boardkit.kit.routes import hop_table, line_table, route_table, slide_table, step_table
from boardkit.parts import Parts
from boardkit.render import standing
from boardkit.render.board import grid_size
from boardkit.render.declared import CellColours, cell_fills, check_pieces_drawn, declared_svg
from boardkit.render.text import board_rows, symbol, template_names
from boardkit.topology import Cell, SquareGrid, Topology  # noqa: F401  (SquareGrid: the doctests')

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = [
    "BoardCells",
    "BoardGame",
    "BoardState",
    "BoardTables",
    "Edge",
    "MoveType",
    "NoOptions",
    "Pass",
    "Path",
    "Place",
    "Step",
    "hop_table",
    "line_table",
    "route_table",
    "slide_table",
    "step_table",
]

#: A kit game's move type: ``Step``, ``Place | Pass``, the game's own class
#: (``Any`` when the game does not say, as in a bare ``BoardState``).
M = TypeVar("M", bound=Hashable, default=Any)
#: A kit game's state class, what its ``new_game()`` returns (a bare
#: ``BoardGame`` returns a ``BoardState`` of any moves).
S = TypeVar("S", bound="BoardState[Any, Any]", default="BoardState[Any, Any]")
#: A place a mark is kept on (:func:`_marked`): an edge, a crossing point.
_T = TypeVar("_T")


class BoardGame(Game[S, M]):
    """A game built on the kit: declare the board, pieces and state class.

    Class attributes to set:

    * ``name``, ``min_players``, ``max_players`` as for any game;
    * ``board``: the :class:`~boardkit.topology.Topology` (for a board that
      depends on options, override :meth:`make_board`);
    * ``pieces``: each piece's one-letter symbol and what it is, for the key
      (``{"X": "player 0", "O": "player 1"}``);
    * ``colours``: optionally, a fill colour per symbol for the SVG picture;
    * ``sides``: optionally, a piece symbol per named side of the board
      (:meth:`~boardkit.topology.Topology.side`), drawn in that piece's
      colour along the side in the picture (the sides each player joins);
    * ``counters``: named values the state keeps besides the board, with
      their start values (``{"passes": 0}``); any hashable values. The text
      board prints them, except a counter whose name starts with ``_``
      (``{"_last": None}``): the rules' own bookkeeping, which a player need
      not read. It is kept, copied, compared and undone like any other;
    * ``column_labels``: optionally, what to write over each column of a
      square grid or hex rhombus in the text board and the picture, one
      character per column (``"1234567"`` where a move names its column);
      ``None`` (the default) writes the columns' letters from the cell names;
    * ``shapes``: optionally, a shape per piece symbol for the picture
      (``"king"``, a disc with a crown, ``"square"``, ``"diamond"``,
      ``"triangle"``, ``"ring"``), drawn without its letter;
    * ``cell_colours``: optionally, the colours the cells take in turn in
      the picture (two make a checkerboard, ``a1`` taking the first), or a
      mapping from a cell's name to its colour, to colour the cells by group
      (Pentago's quarters); the cells it does not name keep the board's plain
      fill;
    * ``text_template``: optionally, the text board as the game wants it,
      each cell written ``{name}`` (see :func:`boardkit.render.text.template_rows`);
    * ``moves``: the move classes notation is read with (default
      ``(Place, Step, Pass)``); listing :class:`Edge` makes the game one
      played on the board's edges (Dots and Boxes), whose states keep a
      mark on every edge, drawn as a line from cell to cell;
    * ``walls``: ``True`` for a game with walls between its cells
      (Quoridor): its states keep a mark on every edge and every crossing
      point of the board (:meth:`~BoardCells.put_edge`,
      :meth:`~BoardCells.put_crossing`, by cell pair or by number) whatever
      its moves, so the notation and the action space hold only the moves
      it lists, and a marked edge is drawn as a wall across it, between
      the two cells, in the text board and the picture;
    * ``parts``: optionally, for a turn played in parts (Amazons: move,
      then shoot), each part's name and what the player is asked to do in
      it, in the order a turn plays them (``{"move": "move an amazon",
      "shoot": "shoot an arrow"}``); see :meth:`BoardState.next_part`;
    * ``options_class``: a frozen attrs class of options, if any (default
      :class:`NoOptions`: ``option_values() == {}``);
    * ``state_class``: the :class:`BoardState` subclass with the rules.

    Write the mappings with a bare ``ClassVar`` (``pieces: ClassVar = {...}``):
    ruff's RUF012 asks for it, and mypy checks the value against the
    declaration here.

    Name the state class and the moves as type arguments,
    ``class TicTacToe(BoardGame[TicTacToeState, Place])`` (a union for
    several kinds: ``BoardGame[GoState, Place | Pass]``), and a type checker
    knows that :meth:`new_game` gives a ``TicTacToeState``, that
    :meth:`parse_move` gives a ``Place`` and that ``state_class`` is that
    class. A bare ``BoardGame`` still works: its states are then a
    ``BoardState[Any, Any]`` to the type checker.
    """

    board: ClassVar[Topology]
    pieces: ClassVar[Mapping[str, str]] = {}
    colours: ClassVar[Mapping[str, str]] = {}
    sides: ClassVar[Mapping[str, str]] = {}
    counters: ClassVar[Mapping[str, Hashable]] = {}
    column_labels: ClassVar[Sequence[str] | None] = None
    shapes: ClassVar[Mapping[str, str]] = {}
    cell_colours: ClassVar[CellColours] = ()
    text_template: ClassVar[str | None] = None
    moves: ClassVar[tuple[type[Any], ...]] = (Place, Step, Pass)
    walls: ClassVar[bool] = False
    parts: ClassVar[Mapping[str, str]] = {}
    options_class: ClassVar[type[Any]] = NoOptions
    state_class: type[S]

    def __init__(self, **options: Any) -> None:
        self.options = make_options(self.options_class, options, game=self.name or type(self).__name__)
        self.topology = self.make_board()
        #: What every state of this game reads its board through (:class:`BoardTables`).
        self.tables = BoardTables(self.topology)
        #: The labels written over the columns (the game's ``column_labels``, else the
        #: letters), or ``None`` for a board drawn without a grid.
        self.columns = self._column_labels()
        self._check_template()
        self._check_parts()
        self._check_drawing()
        #: Whether the game plays on edges (lists :class:`Edge` among its moves): its
        #: states keep a mark on every edge, and its observation planes cover them.
        self.on_edges = any(isinstance(kind, type) and issubclass(kind, Edge) for kind in self.moves)
        if not isinstance(self.walls, bool):
            game = self.name or type(self).__name__
            raise OptionError(f"{game} sets walls={self.walls!r:.40}; walls is True or False")

    def _check_drawing(self) -> None:
        """Check ``cell_colours``, ``colours``, ``shapes`` and ``sides``
        against the board, so that a bad one is refused when the game is made
        rather than when its picture is drawn.

        Raises:
            OptionError: as :func:`~boardkit.render.declared.cell_fills` and
                :func:`~boardkit.render.declared.check_pieces_drawn` do, the
                message naming the game.

        Examples:
            >>> class Dots(BoardGame):  # a 3x3 board, its rules left out
            ...     name, board, state_class = "dots", SquareGrid(3, 3), BoardState
            ...     cell_colours = {"a1": "gold", "d4": "gold"}
            >>> Dots()
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: dots: cell_colours names 'd4', not a cell of the board
            >>> class Stones(BoardGame):
            ...     name, board, state_class = "stones", SquareGrid(3, 3), BoardState
            ...     colours = {"x": 5}
            >>> Stones()
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionTypeError: stones: colours gives 'x' 5, not a colour such as '#b58863'
        """
        try:
            cell_fills(self.topology, self.cell_colours, self.tables.names)
            check_pieces_drawn(self.topology, self.colours, self.shapes, self.sides)
        except OptionError as exc:
            raise type(exc)(f"{self.name or type(self).__name__}: {exc}") from None

    def _check_parts(self) -> None:
        """Check the parts of a turn the game declares.

        Raises:
            OptionError: if ``parts`` is not names and prompts, or the game
                also declares a counter named ``_part``, where the part is kept.
        """
        game = self.name or type(self).__name__
        if any(not isinstance(k, str) or not isinstance(v, str) for k, v in self.parts.items()):
            raise OptionError(f"{game} has parts {self.parts!r:.80}; each part is a name with a prompt, both text")
        if self.parts and PART in self.counters:
            raise OptionError(f"{game} declares a counter {PART!r}, where the kit keeps the part of the turn")

    def __getstate__(self) -> dict[str, Any]:
        # The board's tables are made again from the board when read back (a compiled class on the
        # compiled build, which pickle's protocols 0 and 1 cannot write; and caches, not the game).
        return {name: value for name, value in vars(self).items() if name != "tables"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self.tables = BoardTables(self.topology)

    def _column_labels(self) -> list[str] | None:
        """The labels over the columns, checked against the board: ``None``
        for a board drawn without a grid.

        Raises:
            OptionError: if ``column_labels`` is set for a board that is not a
                square grid or hex rhombus, does not give one label per column,
                or gives a label that is not one character.
        """
        size = grid_size(self.topology)
        game = self.name or type(self).__name__
        if size is None:
            if self.column_labels is not None:
                raise OptionError(f"{game} sets column_labels, but its board has no columns to label")
            return None
        if self.column_labels is None:
            return [chr(ord("a") + c) for c in range(min(size[0], 26))]
        labels = list(self.column_labels)
        if len(labels) != size[0] or any(not isinstance(x, str) or len(x) != 1 for x in labels):
            raise OptionError(
                f"{game} has column_labels {self.column_labels!r}; "
                f"its board needs {size[0]} labels of one character each"
            )
        return labels

    def _check_template(self) -> None:
        """Raises OptionError if ``text_template`` names a cell the board lacks."""
        if self.text_template is None:
            return
        known = set(self.tables.names)
        unknown = [name for name in template_names(self.text_template) if name not in known]
        if unknown:
            raise OptionError(f"{self.name} has a text_template naming {unknown[0]!r:.20}, not a cell of its board")

    def make_board(self) -> Topology:
        """The board for these options; by default the class's ``board``."""
        return type(self).board

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> S:
        state = self.state_class(self, self.check_players(players), seed)
        state._start()
        return state

    @property
    def declared(self) -> Parts[S, Self]:
        """The kit game's parts (:class:`~boardkit.parts.Parts`), declared
        from the game itself: its ``state_class``, the state's
        :meth:`~BoardState.svg_picture`, :meth:`all_moves` (none when a
        move kind has no ``every(board)``, as :class:`Path` has not: no
        fixed action list), :meth:`observation_encoder` (a game that
        overrides either gets its own in its declaration) and
        :meth:`~BoardState.filled_by`; no other record formats.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import SquareGrid
            >>> class Dots(BoardGame):  # a 3x3 board to place marks on, its rules left out
            ...     name = "dots"
            ...     board = SquareGrid(3, 3)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     moves = (Place,)
            ...     state_class = BoardState
            >>> parts = Dots().declared
            >>> parts.states == (BoardState,), len(parts.all_moves(Dots()))
            (True, 9)
            >>> parts.picture(Dots().new_game(seed=0), "start").count("<g data-cell=")
            9
        """
        cls = type(self)
        listed = all(callable(getattr(kind, "every", None)) for kind in self.moves)
        return Parts(
            states=(self.state_class,),
            picture=self.state_class.svg_picture,
            all_moves=cls.all_moves if listed else None,
            observation_encoder=cls.observation_encoder,
            filled=self.state_class.filled_by,
        )

    def all_moves(self) -> list[M]:
        """Every move the game can ever make, from each move class's
        ``every(board)``: the fixed action space of :func:`boardkit.rl.actions`
        (the game's :attr:`declared` ``all_moves``).

        Raises:
            OptionError: if a move class has no ``every``.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import SquareGrid
            >>> class Dots(BoardGame):  # a 3x3 board to place marks on, its rules left out
            ...     name = "dots"
            ...     board = SquareGrid(3, 3)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     moves = (Place,)
            ...     state_class = BoardState
            >>> len(Dots().all_moves())
            9
        """
        found: list[M] = []
        for kind in self.moves:
            every = getattr(kind, "every", None)
            if not callable(every):
                raise OptionError(
                    f"{kind.__name__} has no every(board) listing its moves, so {self.name} has no action space"
                )
            found += every(self.topology)
        return found

    def observation_shape(self, players: int) -> tuple[int, int]:
        """The shape of :meth:`observation`: a plane per piece and one saying
        whether the observer is to move, each one value per cell (then per
        edge, for a game on edges or with walls, then per crossing point,
        for a game with walls)."""
        board = self.topology
        places = len(board.cells) + (len(board.edges) if self.on_edges or self.walls else 0)
        return (len(self.pieces) + 1, places + (len(board.crossings) if self.walls else 0))

    def observation(self, view: Any) -> list[list[float]]:
        """A player's view as planes (see :meth:`observation_shape`): 1.0 where
        a cell (then an edge, then a crossing point, for a game that marks
        them) holds that plane's piece;
        the last plane all 1.0 when the observer is to move. Built from the
        view alone."""
        cells, _, turn, result = view.position[0]
        planes = [[1.0 if piece == symbol else 0.0 for piece in cells] for symbol in self.pieces]
        mine = 1.0 if result is None and turn == view.player else 0.0
        planes.append([mine] * len(cells))
        return planes

    def observation_encoder(self, players: int) -> Encoder:
        """:meth:`observation` as :mod:`boardkit.rl` reads it (the game's
        :attr:`declared` ``observation_encoder``): the same planes,
        written with numpy (:func:`boardkit.encoding.piece_planes`). A game
        that overrides :meth:`observation` (and :meth:`observation_shape`) gets
        its own numbers instead (:func:`boardkit.encoding.declared_encoder`).

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import SquareGrid
            >>> class Dots(BoardGame):  # a 3x3 board to place marks on, its rules left out
            ...     name = "dots"
            ...     board = SquareGrid(3, 3)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     moves = (Place,)
            ...     state_class = BoardState
            >>> Dots().observation_encoder(2).shape
            (3, 9)
        """
        from boardkit.encoding import declared_encoder, piece_planes

        if type(self).observation is BoardGame.observation and not self.on_edges and not self.walls:
            return piece_planes(self, players)
        return declared_encoder(self, players)

    def parse_move(self, text: str, state: BoardState[Any, Any] | None = None) -> M:
        """Read a move with the first of :attr:`moves` that knows the text.

        A move class whose ``parse`` takes a third argument (``parse(cls,
        text, board, state)``) is given ``state``, the position the move is
        read in, so that notation may depend on the position (``"b1"``
        meaning the one piece that can go there); ``state`` is ``None``
        where the text is read without one (a record's moves, a check that
        notation reads back), and such a ``parse`` then reads what the text
        alone says. A ``parse(cls, text, board)`` is called as always.
        Text given to :meth:`BoardState.apply` is read with its state
        (:meth:`BoardState.parse_move`).

        Raises:
            NotationError: if none does.

        Examples:
            >>> import attrs
            >>> @attrs.frozen
            ... class Lift:  # "lift b1": the piece on b1, whichever it is
            ...     cell: str
            ...     piece: str
            ...     def __str__(self):
            ...         return f"lift {self.cell}"
            ...     @classmethod
            ...     def parse(cls, text, board, state):
            ...         word, _, name = text.partition(" ")
            ...         if word != "lift" or state is None or state[name] is None:
            ...             return None
            ...         return cls(name, state[name])
            >>> class Lifts(BoardGame):
            ...     name, board, moves, state_class = "lifts", SquareGrid(3, 1), (Lift, Place), BoardState
            >>> state = Lifts().new_game(seed=0)
            >>> state.put("b1", "X")
            >>> state.game.parse_move("lift b1", state), state.game.parse_move("c1")
            (Lift(cell='b1', piece='X'), Place('c1'))
        """
        if isinstance(text, str) and len(text) <= 200:
            board = self.topology
            for kind in self.moves:
                move = kind.parse(text, board, state) if _takes(kind.parse, 3) else kind.parse(text, board)
                if move is not None:
                    return cast(M, move)
        forms = ", ".join(kind.__name__ for kind in self.moves)
        raise NotationError(text if isinstance(text, str) else repr(text), f"not a move of {self.name} ({forms})")



_TAKES: dict[Any, bool] = {}


def _takes(function: Any, arguments: int) -> bool:
    """Whether ``function`` (a bound method, a move class's ``parse``) takes
    ``arguments`` positional arguments or one named ``state``: the hooks
    written before they were given the state take one fewer."""
    key = (getattr(function, "__func__", function), arguments)
    known = _TAKES.get(key)
    if known is None:
        try:
            listed = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            listed = []
        positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        known = _TAKES[key] = (
            sum(p.kind in positional for p in listed) >= arguments
            or any(p.name == "state" and p.kind != inspect.Parameter.VAR_KEYWORD for p in listed)
        )
    return known


#: How far a kept start position holds (:class:`_Kept`): for every seed, for its own seed, for none.
_ANY_SEED, _ONE_SEED, _NO_SEED = range(3)


class _Kept(NamedTuple):
    """A start position kept for a game object's later games (``BoardTables.starts``, by number of
    players and state class), as :meth:`BoardState._start` reads it."""

    holds: int  #: _ANY_SEED, _ONE_SEED or _NO_SEED (the state class writes its own copy: set up every game)
    seed: int | None  #: the seed it was set up with
    position: tuple[Any, ...]  #: BoardCells._start_position
    after: int  #: the generator's state after the set-up
    drew: bool  #: whether the set-up drew from the generator
    seedless: bool  #: every seed so far set up this same start without drawing


_SET_UP_EVERY_GAME = _Kept(_NO_SEED, None, (), 0, False, False)


class BoardState(BoardCells[P], State[M], Generic[P, M]):
    """One game of a :class:`BoardGame`: the board's pieces, the counters, whose
    turn it is and the outcome, every change of which is undone exactly.

    Write :meth:`setup`, :meth:`~BoardCells.moves`, :meth:`~BoardCells.play`
    and :meth:`~BoardCells.judge`; read the position with ``state[cell]`` (a
    cell or its name), :meth:`~BoardCells.counter`, :meth:`~BoardCells.empty` and
    :meth:`~BoardCells.cells_of`; change it only with :meth:`~BoardCells.put`,
    :meth:`~BoardCells.set`, :meth:`~BoardCells.next_turn` and
    :meth:`~BoardCells.set_turn`. Those methods, the position and its undo
    log are :class:`BoardCells`'s, its first base (compiled on the compiled
    build); the rest of the :class:`~boardkit.State` protocol is here.

    Its type arguments are what a cell holds and the moves:
    ``BoardState[str, Place]`` (``str`` piece symbols, moved by
    :class:`Place`), ``BoardState[int, Place]`` for counts. A type checker then
    holds ``moves``, ``play``, ``check``, ``apply``, ``undo`` and
    ``legal_moves`` to that move type. ``BoardState`` alone is
    ``BoardState[str, Any]`` and ``BoardState[int]`` is ``BoardState[int, Any]``.
    """

    game: BoardGame[Any, M]

    if TYPE_CHECKING:
        # The move type ``M`` as a type checker sees it. At run time these are BoardCells' methods
        # (compiled on the compiled build, typed ``Any`` there) and State's apply and undo, unwrapped.

        def moves(self) -> list[M]: ...
        def legal_moves(self) -> list[M]: ...
        def play(self, move: M) -> None: ...
        def check(self, move: M) -> str | None: ...
        def apply(self, move: M | str) -> None: ...
        def undo(self) -> M: ...
        def random_move(self, rng: Any) -> M: ...

    def __init__(self, game: BoardGame[Any, Any], players: int, seed: int | None) -> None:
        State.__init__(self, game, players, seed)
        first_part = next(iter(game.parts), None)
        BoardCells.__init__(
            self, game.topology, game.tables, dict(game.counters), first_part, game.on_edges, game.walls
        )

    def _start(self) -> None:
        key = (self.players, type(self))
        kept: _Kept | None = self._tables.starts.get(key)
        if kept is not None and (kept.holds == _ANY_SEED or (kept.holds == _ONE_SEED and kept.seed == self.seed)):
            self._restart(kept.position)  # set up before: copied
            if kept.drew:
                self.rng.state = kept.after
            return
        drawn = self.rng.state
        self._set_up()
        if kept is None or kept.holds != _NO_SEED:
            self._keep_start(key, kept, self.rng.state != drawn)

    def _set_up(self) -> None:
        """Lay out the start position (:meth:`setup`) and judge it."""
        self._log = []  # the set-up's changes: logged (and thrown away) rather than judged one by one
        try:
            self.setup()
        finally:
            self._log = None
            self._asked_at = -1  # moves the set-up asked for (version -2) are listed again
        self._result = self.judge()

    def _keep_start(self, key: tuple[int, type], kept: _Kept | None, drew: bool) -> None:
        """Keep the start just set up for :meth:`_start` to copy into later games of this game
        object (``self.game.tables.starts``): for games with the same seed (the same seed deals the
        same chance), and for every seed once two seeds set up the same start without drawing
        from the generator. A state class that writes its own ``copy`` (it keeps fields of its
        own, which the kit could not copy) is set up anew every game."""
        starts = self._tables.starts
        if type(self).copy is not BoardState.copy:
            starts[key] = _SET_UP_EVERY_GAME
            return
        try:
            BoardCells._listed(self)  # the first player's moves, listed once for every game that copies the start
        except Exception:  # rules that cannot list them yet (moves not written): the start is not kept
            return
        position, after = self._start_position(), self.rng.state
        if kept is None:  # the first start: kept for its seed (a start with chance: only ever for its seed)
            starts[key] = _Kept(_ONE_SEED, self.seed, position, after, drew, not drew)
        elif not drew and kept.seedless and kept.position == position:  # a second seed, the same start: every seed's
            starts[key] = _Kept(_ANY_SEED, self.seed, position, after, False, True)
        else:  # a start that depends on the seed: kept for the last seed only
            starts[key] = _Kept(_ONE_SEED, self.seed, position, after, drew, False)

    # -- what a game writes -----------------------------------------------------

    def setup(self) -> None:
        """Lay out the start position with :meth:`put` and :meth:`set`; by
        default the board starts empty and player 0 moves first. Draw any
        chance from ``self.rng`` and read only the game's options: the kit
        sets a start up once and copies it into the game's later states with
        the same seed, and with every seed once two seeds set up the same
        start without drawing (a state class that writes its own ``copy``,
        for fields of its own, is set up every game), so
        :meth:`BoardGame.new_game` is quicker."""

    def next_part(self, part: str | None = None) -> None:
        """Go on to ``part`` of the same turn (by default the next part in
        the game's :attr:`~BoardGame.parts`): the same player moves again,
        and :meth:`prompt` says what to do. Undone with the move, like
        :meth:`put`. :meth:`next_turn` ends the turn and starts the next
        player's at its first part.

        Raises:
            OptionError: for a part the game does not declare, or when the
                turn is at its last part and no part is named.

        Examples:
            A game where a turn is a stone, then a second stone:

            >>> from boardkit.topology import SquareGrid
            >>> class TwiceState(BoardState):
            ...     def moves(self):
            ...         return [Place(self.name(c)) for c in self.empty()]
            ...     def play(self, move):
            ...         self.put(move.cell, "XO"[self.player])
            ...         if self.part == "first":
            ...             self.next_part()
            ...         else:
            ...             self.next_turn()
            >>> class Twice(BoardGame):
            ...     name = "twice"
            ...     board = SquareGrid(3, 1)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     parts = {"first": "place a stone", "second": "place another stone"}
            ...     state_class = TwiceState
            >>> state = Twice().new_game(seed=0)
            >>> state.apply("a1"); state.current_player, state.part, state.prompt()
            (0, 'second', 'place another stone')
            >>> state.apply("b1"); state.current_player, state.prompt()
            (1, 'place a stone')
            >>> state.undo(); state.current_player, state.part
            Place('b1')
            (0, 'second')
        """
        if part is None:
            now, after = self.part, False  # the part after the one being played, found without a copy of parts
            for name in self.game.parts:
                if after:
                    part = name
                    break
                after = name == now
            if part is None:
                raise OptionError(f"{self.game.name}: {self.part or 'a turn'} is the last part; next_turn() ends it")
        elif part not in self.game.parts:
            known = ", ".join(repr(p) for p in self.game.parts) or "none"
            raise OptionError(f"no part {part!r:.40} in {self.game.name}; its parts are {known}")
        self.set(PART, part)

    def prompt(self) -> str:
        """What the player to move is to do now: the prompt of the part of
        the turn (from the game's :attr:`~BoardGame.parts`), or ``""``."""
        if self._first_part is None or self._result is not None:
            return ""
        return self.game.parts[str(self._counters[PART])]

    def parse_move(self, text: str) -> M:
        """Read a move in this position: :meth:`BoardGame.parse_move` given
        this state (a game's own ``parse_move(text)`` of one argument is
        called as it is). :meth:`apply` reads text so.

        Raises:
            NotationError: if the text is not a move of the game.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import SquareGrid
            >>> class Dots(BoardGame):  # a 3x3 board to place marks on, its rules left out
            ...     name = "dots"
            ...     board = SquareGrid(3, 3)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     moves = (Place,)
            ...     state_class = BoardState
            >>> Dots().new_game(seed=0).parse_move("B2")
            Place('b2')
        """
        parse = self.game.parse_move
        return parse(text, self) if _takes(parse, 2) else parse(text)

    def _read(self, text: str) -> M:
        # apply and is_well_formed read text in this position.
        return self.parse_move(text)

    def copy(self) -> Self:
        twin = self._bare_twin()
        self._copy_cells_into(twin)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # Every field (fields_of: the __dict__, if any, the slots of the game's own class and, on the
        # compiled build, BoardCells' own fields), but the answers kept to bring forward: found anew.
        # The board's tables are the game's, taken from it again when read back (one object with the game's).
        state = fields_of(self, leave=("_tables", "_where"))
        state.update(_chains=None, _links=None, _placed=None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        tables = self.game.tables
        self._tables = tables
        self._where = tables.where

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # A bare object (from_fields with no fields), then its fields (__getstate__, __setstate__), under
        # every protocol, as protocol 2 and later do by default: under protocols 0 and 1 Python's default
        # calls the first built-in base's __init__, on the compiled build the kit's compiled base's.
        return (from_fields, (type(self), {}), self.__getstate__())

    def render(self) -> str:
        """The board as text (:func:`boardkit.render.text.board_rows`): the
        game's ``text_template`` if it gives one, else a grid with its
        coordinates for a square board or a hex rhombus (each row half a cell
        right of the one above), rows of hexes for another hex board, and any
        other board drawn from its layout, its edges as lines (a game on
        edges: its marked edges only); then a key, the counters (but not those whose name
        starts with ``_``), the scores and what every player may see beside
        the board (:meth:`~boardkit.State.public_info`) where the game keeps
        them, and the status, naming seats as the game's ``about`` does. The columns carry the game's
        ``column_labels`` if it sets them, else their letters.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import HexGrid
            >>> class Spots(BoardGame):  # a rhombus of hexes to put stones on, its rules left out
            ...     name = "spots"
            ...     board = HexGrid.rhombus(3, 3)
            ...     pieces = {"R": "player 0 (red)", "B": "player 1 (blue)"}
            ...     moves = (Place,)
            ...     state_class = BoardState
            >>> state = Spots().new_game(seed=0)
            >>> state.put("b2", "R")
            >>> print(state.render())
              a b c
            1 . . . 1
             2 . R . 2
              3 . . . 3
                a b c
            key: R player 0 (red), B player 1 (blue), . empty
            player 0 to move
        """
        game = self.game
        marked = None if game.walls else _marked(self.board.edges, self._lines)
        lines = board_rows(
            self.board,
            [self.label(cell) or None for cell in self.board.cells],
            names=self._tables.names,
            columns=game.columns,
            template=game.text_template,
            edges=None if marked is None else list(marked),
            walls=self._lines if game.walls else None,
            crossings=self._points or (),
        )
        key = ", ".join(f"{symbol} {meaning}" for symbol, meaning in game.pieces.items())
        lines.append(f"key: {key}, . empty" if key else "key: . empty")
        shown = [f"{k} {v}" for k, v in self._counters.items() if not k.startswith("_")]
        if shown:
            lines.append(", ".join(shown))
        scores = self.scores
        if scores is not None:
            lines.append("scores: " + ", ".join(f"{game.seat_name(p)} {s:g}" for p, s in enumerate(scores)))
        public = self.public_info()
        if public:
            lines.append(", ".join(f"{label}: {text}" for label, text in public.items()))
        prompt = self.prompt()
        if self._result is not None:
            lines.append(f"game over: {self._result.reason}")
        else:
            seat = game.seat_name(self._turn)
            lines.append(f"{seat}: {prompt}" if prompt else f"{seat} to move")
        return "\n".join(lines)

    def svg_picture(self, title: str | None = None) -> str:
        """The board as an SVG picture (:func:`boardkit.render.declared.declared_svg`):
        each piece a disc with its symbol, or the shape the game declares
        for it (``shapes``), counts written as numbers, a stack as its top
        piece with its height on it, the cells in the game's
        ``cell_colours`` (in turn, or by name), every cell grouped under its name
        (``<g data-cell="a1">``) and named on the board, and a key. A
        cell the game labels its own way (:meth:`label`) carries that
        label; one it draws itself (:meth:`cell_svg`) carries its drawing
        instead of the kit's.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import SquareGrid
            >>> class Dots(BoardGame):  # a 3x3 board to place marks on, its rules left out
            ...     name = "dots"
            ...     board = SquareGrid(3, 3)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     moves = (Place,)
            ...     state_class = BoardState
            >>> Dots().new_game(seed=0).svg_picture().count("<g data-cell=")
            9
        """
        game = self.game
        cells = self.board.cells
        labels: dict[Any, str] = {}
        for cell, held in zip(cells, self._cells, strict=True):
            text = self.label(cell)
            if text != ("" if held is None else symbol(held)):
                labels[cell] = text  # the game's own label: written on the picture too
        drawings = {cell: drawn for cell in cells if (drawn := self.cell_svg(cell)) is not None}
        return declared_svg(
            self.board,
            self._cells,
            labels=labels,
            drawings=drawings,
            key=game.pieces,
            colours=game.colours,
            shapes=game.shapes,
            cell_colours=game.cell_colours,
            names=self._tables.names,
            columns=game.columns,
            sides=game.sides,
            edges=None if game.walls else _marked(self.board.edges, self._lines),
            walls=_marked(self.board.edges, self._lines) if game.walls else None,
            crossings=_marked(self.board.crossings, self._points),
            title=standing(self) if title is None else title,
        )

    def filled_by(self, move: M) -> list[str]:
        """The names of the cells ``move`` fills here: empty now, taken
        once it is played (on a copy: this state does not change). The
        game's declared ``filled`` (:class:`~boardkit.parts.Parts`), which
        the web reads to show a move whose notation names no cell, such as
        a Connect Four column, on the board.

        Raises:
            IllegalMoveError: if the move is not legal here.

        Examples:
            >>> from boardkit.kit import BoardGame, BoardState, Place
            >>> from boardkit.topology import SquareGrid
            >>> class DotsState(BoardState):  # each turn a mark on an empty cell (no end: enough here)
            ...     def moves(self):
            ...         return [Place(self.name(c)) for c in self.empty()]
            ...     def play(self, move):
            ...         self.put(move.cell, "XO"[self.player])
            ...         self.next_turn()
            >>> class Dots(BoardGame):
            ...     name = "dots"
            ...     board = SquareGrid(3, 3)
            ...     pieces = {"X": "player 0", "O": "player 1"}
            ...     moves = (Place,)
            ...     state_class = DotsState
            >>> state = Dots().new_game(seed=0)
            >>> state.apply("b2")
            >>> state.filled_by(state.parse_move("a1")), state.history
            (['a1'], (Place('b2'),))
        """
        before = self._cells
        trial = self.copy()
        trial.apply(move)
        names = self._tables.names
        pairs = enumerate(zip(before, trial._cells, strict=True))
        return [names[i] for i, (was, now) in pairs if was is None and now is not None]

    def cell_svg(self, cell: Cell) -> str | None:
        """The game's own picture of what stands on ``cell``, or ``None``
        (the default) for the kit's: SVG elements (text, built with
        :func:`boardkit.render.element`) drawn centred on ``(0, 0)`` in
        place of the cell's piece and label, on top of the cell's square,
        hexagon or point, inside its clickable ``<g data-cell>`` group.
        Neighbouring cells stand :data:`boardkit.render.board.CELL` (40)
        units apart, so a drawing within 18 units of its centre stays on
        its cell. The web page shows the picture, so it shows the drawing
        too; the text board writes the cell's :meth:`label`.

        Examples:
            A pile drawn as that many small discs, one above the other:

            >>> from boardkit.render import element
            >>> class PilesState(BoardState[tuple[str, ...]]):
            ...     def cell_svg(self, cell):
            ...         discs = [element("circle", cy=12 - 6 * k, r=5, fill="#222") for k in range(self.count(cell))]
            ...         return "".join(discs) or None
            >>> class Piles(BoardGame):
            ...     name, board, state_class = "piles", SquareGrid(2, 1), PilesState
            >>> state = Piles().new_game(seed=0)
            >>> state.put("a1", ("x", "x", "x"))
            >>> state.svg_picture().count('r="5"'), state.label("a1")
            (3, 'x3')
        """
        return None


def _marked(places: Sequence[_T], marks: Sequence[Any] | None) -> dict[_T, Any] | None:
    """The marked ``places`` (a board's edges, or its crossing points as the cells around each) and their
    ``marks``, by number; ``None`` for a game that keeps no such marks."""
    if marks is None:
        return None
    return {places[k]: mark for k, mark in enumerate(marks) if mark is not None}
