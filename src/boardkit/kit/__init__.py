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
    >>> class StripState(BoardState):
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
    >>> class Strip(BoardGame):
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

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, cast

from typing_extensions import Self, TypeVar

from boardkit.chance import Random
from boardkit.errors import IllegalMoveError, NotationError, OptionError
from boardkit.game import Game, NoOptions, Outcome, Player, State, make_options
from boardkit.kit.moves import Edge, MoveType, Pass, Path, Place, Step
from boardkit.patterns import line as count_line
from boardkit.render.board import grid_size
from boardkit.render.declared import declared_svg
from boardkit.render.text import board_rows, symbol, template_names
from boardkit.topology import Cell, SquareGrid, Topology, TopologyError  # noqa: F401  (SquareGrid: the doctests')

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = ["BoardGame", "BoardState", "BoardTables", "Edge", "MoveType", "NoOptions", "Pass", "Path", "Place", "Step"]


class BoardGame(Game[Any, Any]):
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
      the picture (two make a checkerboard, ``a1`` taking the first);
    * ``text_template``: optionally, the text board as the game wants it,
      each cell written ``{name}`` (see :func:`boardkit.render.text.template_rows`);
    * ``moves``: the move classes notation is read with (default
      ``(Place, Step, Pass)``);
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
    """

    board: ClassVar[Topology]
    pieces: ClassVar[Mapping[str, str]] = {}
    colours: ClassVar[Mapping[str, str]] = {}
    sides: ClassVar[Mapping[str, str]] = {}
    counters: ClassVar[Mapping[str, Hashable]] = {}
    column_labels: ClassVar[Sequence[str] | None] = None
    shapes: ClassVar[Mapping[str, str]] = {}
    cell_colours: ClassVar[Sequence[str]] = ()
    text_template: ClassVar[str | None] = None
    moves: ClassVar[tuple[type[Any], ...]] = (Place, Step, Pass)
    parts: ClassVar[Mapping[str, str]] = {}
    options_class: ClassVar[type[Any]] = NoOptions
    state_class: ClassVar[type[BoardState[Any]]]

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
        #: Whether the game plays on edges (lists :class:`Edge` among its moves): its
        #: states keep a mark on every edge, and its observation planes cover them.
        self.on_edges = any(isinstance(kind, type) and issubclass(kind, Edge) for kind in self.moves)

    def _check_parts(self) -> None:
        """Check the parts of a turn the game declares.

        Raises:
            OptionError: if ``parts`` is not names and prompts, or the game
                also declares a counter named ``_part``, where the part is kept.
        """
        game = self.name or type(self).__name__
        if any(not isinstance(k, str) or not isinstance(v, str) for k, v in self.parts.items()):
            raise OptionError(f"{game} has parts {self.parts!r:.80}; each part is a name with a prompt, both text")
        if self.parts and _PART in self.counters:
            raise OptionError(f"{game} declares a counter {_PART!r}, where the kit keeps the part of the turn")

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
        board = self.topology
        known = {board.name(c) for c in board.cells}
        unknown = [name for name in template_names(self.text_template) if name not in known]
        if unknown:
            raise OptionError(f"{self.name} has a text_template naming {unknown[0]!r:.20}, not a cell of its board")

    def make_board(self) -> Topology:
        """The board for these options; by default the class's ``board``."""
        return type(self).board

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> BoardState[Any]:
        state = self.state_class(self, self.check_players(players), seed)
        state._start()
        return state

    def all_moves(self) -> list[Any]:
        """Every move the game can ever make, from each move class's
        ``every(board)``: the fixed action space of :func:`boardkit.rl.actions`.

        Raises:
            OptionError: if a move class has no ``every``.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> len(TicTacToe().all_moves())
            9
        """
        found: list[Any] = []
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
        whether the observer is to move, each one value per cell."""
        places = len(self.topology.cells) + (len(self.topology.edges) if self.on_edges else 0)
        return (len(self.pieces) + 1, places)

    def observation(self, view: Any) -> list[list[float]]:
        """A player's view as planes (see :meth:`observation_shape`): 1.0 where
        a cell (then an edge, for a game on edges) holds that plane's piece;
        the last plane all 1.0 when the observer is to move. Built from the
        view alone."""
        cells, _, turn, result = view.position[0]
        planes = [[1.0 if piece == symbol else 0.0 for piece in cells] for symbol in self.pieces]
        mine = 1.0 if result is None and turn == view.player else 0.0
        planes.append([mine] * len(cells))
        return planes

    def observation_encoder(self, players: int) -> Encoder:
        """:meth:`observation` as :mod:`boardkit.rl` reads it: the same planes,
        written with numpy (:func:`boardkit.encoding.piece_planes`). A game
        that overrides :meth:`observation` (and :meth:`observation_shape`) gets
        its own numbers instead (:func:`boardkit.encoding.declared_encoder`).

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> TicTacToe().observation_encoder(2).shape
            (3, 9)
        """
        from boardkit.encoding import declared_encoder, piece_planes

        if type(self).observation is BoardGame.observation and not self.on_edges:
            return piece_planes(self, players)
        return declared_encoder(self, players)

    def parse_move(self, text: str) -> Any:
        """Read a move with the first of :attr:`moves` that knows the text.

        Raises:
            NotationError: if none does.
        """
        if isinstance(text, str) and len(text) <= 200:
            for kind in self.moves:
                move = kind.parse(text, self.topology)
                if move is not None:
                    return move
        forms = ", ".join(kind.__name__ for kind in self.moves)
        raise NotationError(text if isinstance(text, str) else repr(text), f"not a move of {self.name} ({forms})")


#: What a cell holds: a piece's symbol (``str``, the default), a count
#: (``int``: ``BoardState[int]``, seeds in a pit) or a stack of symbols
#: (``tuple[str, ...]``, bottom first, for games that pile pieces).
P = TypeVar("P", default=str)

_CELL, _COUNTER, _TURN, _EDGE = range(4)
#: The counter a game with :attr:`BoardGame.parts` keeps the part of the turn in.
_PART = "_part"


class BoardTables:
    """What every state of one game reads its board through, built once per
    game (:attr:`BoardGame.tables`).

    Attributes:
        where: a cell, or its name, to its index.
        names: each index's cell name.
        directions: each direction's index in the compiled tables.
        axes: one direction index per line through a cell (a direction and
            its opposite are one line), the lines :meth:`BoardState.line` counts.

    Examples:
        >>> tables = BoardTables(SquareGrid(3, 3))
        >>> tables.where["b1"], tables.where[(1, 2)], tables.names[7]
        (7, 7, 'b1')
    """

    __slots__ = ("axes", "directions", "names", "where")

    def __init__(self, board: Topology) -> None:
        self.names: tuple[str, ...] = tuple(board.name(c) for c in board.cells)
        where: dict[Any, int] = dict(board.indices)
        for i, name in enumerate(self.names):
            where.setdefault(name, i)
        self.where = where
        self.directions: dict[Any, int] = {d: i for i, d in enumerate(board.directions)}
        opposite = board.compiled.opposite if board.directions else ()
        self.axes: tuple[int, ...] = tuple(d for d, back in enumerate(opposite) if not 0 <= back < d)


class BoardState(State[Any], Generic[P]):
    """One game of a :class:`BoardGame`: the board's pieces, the counters, whose
    turn it is and the outcome, every change of which is undone exactly.

    Write :meth:`setup`, :meth:`moves`, :meth:`play` and :meth:`judge`;
    read the position with ``state[cell]`` (a cell or its name),
    :meth:`get`, :meth:`empty` and :meth:`cells_of`; change it only with
    :meth:`put`, :meth:`set`, :meth:`next_turn` and :meth:`set_turn`.
    """

    game: BoardGame

    def __init__(self, game: BoardGame, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.board: Topology = game.topology
        self._tables: BoardTables = game.tables
        self._where: dict[Any, int] = self._tables.where
        self._cells: list[P | None] = [None] * len(self.board.cells)
        # The mark on every edge, by Topology.edges order, for a game that plays on edges.
        self._lines: list[P | None] | None = [None] * len(self.board.edges) if game.on_edges else None
        # The legal moves of the position numbered _version, computed once for legal_moves and check.
        self._version = 0
        self._legal: tuple[int, list[Any]] = (-1, [])
        self._counters: dict[str, Hashable] = dict(game.counters)
        self._first_part = next(iter(game.parts), None)
        if self._first_part is not None:
            self._counters[_PART] = self._first_part
        self._turn: Player = 0
        self._result: Outcome | None = None
        # While a move is played: what it overwrote, as (what, where, old value), for undo.
        # Plain data, not bound methods, so that a copy's undo changes the copy.
        self._log: list[tuple[int, Any, Any]] | None = None

    def _start(self) -> None:
        self.setup()
        self._result = self.judge()

    # -- what a game writes -----------------------------------------------------

    def setup(self) -> None:
        """Lay out the start position with :meth:`put` and :meth:`set`; by
        default the board starts empty and player 0 moves first."""

    def moves(self) -> list[Any]:
        """Every legal move while the game goes on, in a deterministic order
        (:meth:`legal_moves` gives none once the game is over)."""
        raise NotImplementedError

    def legal_moves(self) -> list[Any]:
        return list(self._cached_moves())

    def _cached_moves(self) -> list[Any]:
        if self._result is not None:  # judge may have asked for them before it ended the game
            return []
        version, moves = self._legal
        if version != self._version:
            moves = self.moves()
            self._legal = (self._version, moves)
        return moves

    def play(self, move: Any) -> None:
        """Carry out a legal move (it has been checked): change the board with
        :meth:`put` and :meth:`set`, and pass the turn with :meth:`next_turn`."""
        raise NotImplementedError

    def judge(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on; asked after the
        set-up and after every move. It may ask :meth:`legal_moves` (none
        left: a draw, say); the moves it finds are kept for the next player."""
        return None

    def no_move_loses(self, reason: str = "no legal move") -> Outcome | None:
        """For :meth:`judge`: the player to move loses when they have no
        legal move (every other player wins), else ``None``; the rule of
        draughts, Breakthrough and Amazons. It asks :meth:`legal_moves`,
        which the kit keeps for the player's turn.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.no_move_loses() is None
            True
        """
        if self._cached_moves():
            return None
        return Outcome(frozenset(p for p in range(self.players) if p != self._turn), reason=reason)

    def check(self, move: Any) -> str | None:
        """Why ``move`` is illegal now, or ``None``. By default a move is legal
        when it is among :meth:`legal_moves`; override it for a faster test."""
        version, moves = self._legal
        if version != self._version:
            moves = self._cached_moves()
        for legal in moves:  # the move usually is one of these very values: no comparisons needed
            if legal is move:
                return None
        return None if move in moves else "not a legal move in this position"

    # -- reading the position ---------------------------------------------------

    def __getitem__(self, cell: Cell) -> P | None:
        """The piece on a cell (or cell name), or ``None``."""
        try:
            return self._cells[self._where[cell]]
        except (KeyError, TypeError):  # no such cell: say so
            return self._cells[self._index(cell)]

    def _index(self, cell: Cell) -> int:
        try:
            return self._where[cell]
        except (KeyError, TypeError):
            return self.board.index(self.board.cell(cell) if isinstance(cell, str) else cell)

    def name(self, cell: Cell) -> str:
        """A cell's name in the move notation."""
        try:
            return self._tables.names[self._where[cell]]
        except (KeyError, TypeError):
            return self.board.name(cell)

    def get(self, counter: str) -> Any:
        """The value of a declared counter."""
        return self._counters[counter]

    def empty(self) -> list[Any]:
        """The empty cells, in board order."""
        cells = self.board.cells
        return [cells[i] for i, piece in enumerate(self._cells) if piece is None]

    def layout(self) -> tuple[P | None, ...]:
        """The piece on every cell, by cell index (``None`` for empty): the
        ``cells`` argument of the rules helpers that read the compiled
        tables, such as :func:`boardkit.capture.custodial`.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("b1")
            >>> state.layout()[:3]
            (None, 'X', None)
        """
        return tuple(self._cells)

    @property
    def at(self) -> Sequence[P | None]:
        """What stands on every cell, by cell index (``None`` for empty),
        read in place: no copy is made, so it is the fastest way for rules
        code to read the board (``self.at[j] is None``), and it follows the
        position as moves are played. Change cells with :meth:`put` only;
        :meth:`layout` gives a copy to keep.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> board = state.at
            >>> state.apply("b1")
            >>> board[:3]
            [None, 'X', None]
        """
        return self._cells

    def cells_of(self, piece: P) -> list[Any]:
        """The cells holding ``piece``, in board order."""
        cells = self.board.cells
        return [cells[i] for i, p in enumerate(self._cells) if p == piece]

    def line(self, cell: Cell, direction: str | None = None) -> int:
        """How many of the piece on ``cell`` stand in an unbroken line through
        it along ``direction`` and its opposite, or with no direction the
        longest such line along any of the board's axes (0 on an empty cell):
        the check of Connect Four and Gomoku. Reads the compiled tables.

        Raises:
            TopologyError: for a cell or direction the board does not have.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> for cell in ["a1", "c3", "b1"]:
            ...     state.apply(cell)
            >>> state.line("a1", "e"), state.line("a1", "s"), state.line("b2", "e")
            (2, 1, 0)
            >>> state.line("a1")
            2
        """
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = self._index(cell)
        if self._cells[index] is None:
            return 0
        if not self.board.directions:
            return 1  # a board without directions has no lines but the piece itself
        directions = self._tables.axes if direction is None else (self._direction(direction),)
        return count_line(self.board.compiled, self._cells, index, directions=directions)

    def slide(self, cell: Cell, direction: str) -> Any:
        """Where a piece moving from ``cell`` along ``direction`` over empty
        cells stops: the last empty cell before an occupied one or the edge
        (``cell`` itself when the next cell is not empty). A disc dropped in
        a Connect Four column slides from its top cell down. Reads the
        compiled tables.

        Raises:
            TopologyError: for a cell or direction the board does not have.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("a3")
            >>> state.name(state.slide("a1", "s")), state.name(state.slide("c1", "s"))
            ('a2', 'c3')
            >>> state.name(state.slide("a3", "n")), state.name(state.slide("a3", "s"))
            ('a1', 'a3')
        """
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = self._index(cell)
        cells = self._cells
        stop = index
        for j in self.board.compiled.rays[index][self._direction(direction)]:
            if cells[j] is not None:
                break
            stop = j
        return self.board.cells[stop]

    def _direction(self, direction: str) -> int:
        try:
            return self._tables.directions[direction]
        except (KeyError, TypeError):
            raise TopologyError(f"no direction {direction!r:.20} on this board") from None

    # -- changing it (undoable) -------------------------------------------------

    def put(self, cell: Cell, piece: P | None) -> None:
        """Put ``piece`` on ``cell`` (``None`` empties it), replacing what was there."""
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = self._index(cell)
        if self._log is not None:
            self._log.append((_CELL, index, self._cells[index]))
        self._cells[index] = piece

    # Counts and stacks: a cell of a BoardState[int] holds a number, one of a
    # BoardState[tuple[str, ...]] a pile; put, undo, copy and == are the same.

    def count(self, cell: Cell) -> int:
        """How many pieces are on ``cell``: the number on a cell that holds
        a count, the height of a stack, 1 for a piece's symbol, 0 when empty.

        Examples:
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(2, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> state.put("a1", 4); state.count("a1"), state.count("b1")
            (4, 0)
            >>> state.add("b1", 2); state.count("b1")
            2
        """
        piece: Any = self[cell]
        if piece is None:
            return 0
        if isinstance(piece, int):
            return piece
        return len(piece) if isinstance(piece, tuple) else 1

    def label(self, cell: Cell) -> str:
        """What the pictures write on ``cell``: a piece's symbol, a count's
        digits (``"0"`` for an empty pit), a stack's symbols bottom first;
        ``""`` for an empty cell.

        Examples:
            >>> class Pits(BoardGame):
            ...     name, board, state_class = "pits", SquareGrid(3, 1), BoardState
            >>> state = Pits().new_game(seed=0)
            >>> state.put("a1", 0); state.put("b1", ("x", "o"))
            >>> state.label("a1"), state.label("b1"), state.label("c1")
            ('0', 'xo', '')
        """
        piece = self[cell]
        return "" if piece is None else symbol(piece)

    def add(self, cell: Cell, amount: int = 1) -> None:
        """Add ``amount`` to the count on ``cell`` (an empty cell counts 0).

        Raises:
            TypeError: if the cell holds a symbol or a stack, not a count.
        """
        piece: Any = self[cell]
        if piece is not None and (not isinstance(piece, int) or isinstance(piece, bool)):
            raise TypeError(f"{self.name(cell)} holds {piece!r:.20}, not a count")
        self.put(cell, cast(Any, (piece or 0) + amount))

    def stack(self, cell: Cell) -> tuple[Any, ...]:
        """The pieces piled on ``cell``, bottom first (``()`` when empty; a
        single symbol is a stack of one).

        Examples:
            >>> class Piles(BoardGame):
            ...     name, board, state_class = "piles", SquareGrid(2, 1), BoardState
            >>> state = Piles().new_game(seed=0)
            >>> state.push("a1", "x"); state.push("a1", "o"); state.stack("a1")
            ('x', 'o')
            >>> state.pop("a1"), state.stack("a1")
            ('o', ('x',))
        """
        piece: Any = self[cell]
        if piece is None:
            return ()
        return piece if isinstance(piece, tuple) else (piece,)

    def push(self, cell: Cell, piece: Any) -> None:
        """Put ``piece`` on top of the stack on ``cell``."""
        self.put(cell, cast(Any, (*self.stack(cell), piece)))

    def pop(self, cell: Cell) -> Any:
        """Take the top piece off the stack on ``cell`` and return it (the
        cell is empty, ``None``, once its last piece is taken).

        Raises:
            ValueError: if the cell is empty.
        """
        pile = self.stack(cell)
        if not pile:
            raise ValueError(f"no piece on {self.name(cell)} to take")
        self.put(cell, cast(Any, pile[:-1] or None))
        return pile[-1]

    def sow(self, cell: Cell, direction: str, *, skip: Collection[Cell] = ()) -> Any:
        """Sow the count on ``cell``: take it all, and drop one in each cell
        after it along ``direction``, going round a ring of pits as often as
        the count asks (the start too, when the walk comes back to it),
        passing over the cells in ``skip`` (the other player's store in
        Kalah); return the cell the last one fell in (``cell`` itself when
        it held none). Reads the compiled tables.

        Raises:
            TopologyError: for a cell or direction the board does not have,
                or when the walk leaves the board or finds no cell to sow.

        Examples:
            Four pits in a ring, sown with ``"next"``:

            >>> import networkx as nx
            >>> from boardkit.topology import from_graph
            >>> ring = nx.DiGraph()
            >>> for a, b in [("p0", "p1"), ("p1", "p2"), ("p2", "p3"), ("p3", "p0")]:
            ...     ring.add_edge(a, b, direction="next"); ring.add_edge(b, a, direction="back")
            >>> class Ring(BoardGame):
            ...     name, board, state_class = "ring", from_graph(ring), BoardState
            >>> state = Ring().new_game(seed=0)
            >>> state.put("p1", 5)
            >>> state.sow("p1", "next", skip=["p2"])
            'p0'
            >>> [state.count(c) for c in ("p0", "p1", "p2", "p3")]
            [2, 1, 0, 2]
        """
        start = at = self._index(cell)
        cells: list[Any] = self._cells
        seeds = self.count(self.board.cells[start])
        steps = self.board.compiled.steps
        d = self._direction(direction)
        passed = {self._index(c) for c in skip} if skip else ()
        sown: list[int] = []
        idle = 0  # steps since the last seed fell: a whole lap means nowhere to sow
        while len(sown) < seeds:
            at = steps[at][d]
            if at < 0 or idle > len(steps):
                raise TopologyError(f"sowing from {self.name(cell)} along {direction!r} finds no cell to sow")
            if at in passed:
                idle += 1
            elif cells[at] is not None and type(cells[at]) is not int:
                raise TypeError(f"{self._tables.names[at]} holds {cells[at]!r:.20}, not a count")
            else:
                idle = 0
                sown.append(at)
        log = self._log
        if log is not None:
            log.append((_CELL, start, cells[start]))
        cells[start] = 0
        for j in sown:  # on the tables directly, each change logged for undo as put does
            if log is not None:
                log.append((_CELL, j, cells[j]))
            cells[j] = (cells[j] or 0) + 1
        return self.board.cells[at]

    # Edges, for a game that lists Edge among its moves.

    def _edge_lines(self) -> list[P | None]:
        if self._lines is None:
            raise TopologyError(f"{self.game.name} keeps no marks on edges: it lists no Edge among its moves")
        return self._lines

    def edge(self, a: Cell, b: Cell) -> P | None:
        """The mark on the edge between ``a`` and ``b`` (cells or names, in
        either order), or ``None``.

        Raises:
            TopologyError: if they are not neighbours, or the game does not
                play on edges.
        """
        return self._edge_lines()[self.board.edge_index(a, b)]

    def put_edge(self, a: Cell, b: Cell, mark: P | None) -> None:
        """Put ``mark`` on the edge between ``a`` and ``b`` (``None`` clears
        it); undone with the move, like :meth:`put`.

        Raises:
            TopologyError: if they are not neighbours, or the game does not
                play on edges.
        """
        lines, k = self._edge_lines(), self.board.edge_index(a, b)
        if self._log is not None:
            self._log.append((_EDGE, k, lines[k]))
        lines[k] = mark

    def empty_edges(self) -> list[tuple[Cell, Cell]]:
        """The edges without a mark, in :attr:`~boardkit.topology.Topology.edges` order.

        Raises:
            TopologyError: if the game does not play on edges.

        Examples:
            >>> class Lines(BoardGame):
            ...     name, board, state_class, moves = "lines", SquareGrid(2, 2), BoardState, (Edge,)
            >>> state = Lines().new_game(seed=0)
            >>> state.put_edge("a1", "b1", "x")
            >>> state.edge("b1", "a1"), len(state.empty_edges())
            ('x', 3)
        """
        edges = self.board.edges
        return [edges[k] for k, mark in enumerate(self._edge_lines()) if mark is None]

    def set(self, counter: str, value: Hashable) -> None:
        """Set a declared counter."""
        if counter not in self._counters:
            known = ", ".join(repr(k) for k in self._counters) or "none"
            raise OptionError(f"no counter {counter!r}; {self.game.name} declares {known}")
        if self._log is not None:
            self._log.append((_COUNTER, counter, self._counters[counter]))
        self._counters[counter] = value

    def set_turn(self, player: Player) -> None:
        """Make ``player`` the one to move (at the first of the game's
        :attr:`~BoardGame.parts`, if it declares them)."""
        if self._log is not None:
            self._log.append((_TURN, None, self._turn))
        self._turn = player
        if self._first_part is not None and self._counters[_PART] != self._first_part:
            self.set(_PART, self._first_part)

    def next_turn(self, skip: Callable[[Player], bool] | None = None) -> None:
        """Pass the turn to the next player in order, skipping those for whom
        ``skip(player)`` is true (players who must pass); if every other
        player is skipped the turn comes back to the one who moved. The new
        turn starts at the first of the game's :attr:`~BoardGame.parts`."""
        player = self._turn
        if skip is None:
            if self._log is not None:
                self._log.append((_TURN, None, player))
            self._turn = (player + 1) % self.players
            if self._first_part is not None and self._counters[_PART] != self._first_part:
                self.set(_PART, self._first_part)
            return
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if skip is None or candidate == player or not skip(candidate):
                self.set_turn(candidate)
                return

    @property
    def part(self) -> str:
        """The part of the turn the player to move is playing (a name from
        the game's :attr:`~BoardGame.parts`), or ``""`` for a game whose
        turns are one move."""
        return "" if self._first_part is None else str(self._counters[_PART])

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
        parts = list(self.game.parts)
        if part is None:
            at = parts.index(self.part) + 1 if self._first_part is not None else len(parts)
            if at >= len(parts):
                raise OptionError(f"{self.game.name}: {self.part or 'a turn'} is the last part; next_turn() ends it")
            part = parts[at]
        elif part not in self.game.parts:
            known = ", ".join(repr(p) for p in parts) or "none"
            raise OptionError(f"no part {part!r:.40} in {self.game.name}; its parts are {known}")
        self.set(_PART, part)

    def prompt(self) -> str:
        """What the player to move is to do now: the prompt of the part of
        the turn (from the game's :attr:`~BoardGame.parts`), or ``""``."""
        if self._first_part is None or self._result is not None:
            return ""
        return self.game.parts[str(self._counters[_PART])]

    # -- the protocol, derived --------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        return None if self._result is not None else self._turn

    @property
    def player(self) -> Player:
        """The player whose turn it is, as a number even once the game is
        over (then the player who would have moved): what :meth:`moves`,
        :meth:`play` and :meth:`judge` read instead of
        ``current_player or 0``.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> state = TicTacToe().new_game(seed=0)
            >>> state.apply("b2"); state.player
            1
        """
        return self._turn

    @property
    def outcome(self) -> Outcome | None:
        return self._result

    @property
    def is_over(self) -> bool:
        return self._result is not None

    def random_move(self, rng: Random) -> Any:
        moves = self._cached_moves()
        if not moves:
            raise IllegalMoveError("random move", "the game is over")
        return moves[rng.randbelow(len(moves))]

    def _play(self, move: Any) -> object:
        if self._result is not None:
            raise IllegalMoveError(move, "the game is over")
        try:
            reason = self.check(move)
        except (TypeError, ValueError, LookupError, AttributeError):
            reason = "not a move of this game"
        if reason is not None:
            raise IllegalMoveError(move, reason)
        log: list[tuple[int, Any, Any]] = []
        self._log = log
        self._version += 1
        try:
            self.play(move)
            self._result = self.judge()
        except BaseException:
            self._log = None
            self._unplay(move, log)
            raise
        self._log = None
        return log

    def _unplay(self, move: Any, token: Any) -> None:
        self._version += 1
        for what, where, old in reversed(token):
            if what == _CELL:
                self._cells[where] = old
            elif what == _COUNTER:
                self._counters[where] = old
            elif what == _EDGE:
                self._edge_lines()[where] = old
            else:
                self._turn = old
        self._result = None  # a move is only ever played while the game goes on

    def _key(self) -> Hashable:
        cells = tuple(self._cells) if self._lines is None else (*self._cells, *self._lines)
        return (cells, tuple(sorted(self._counters.items())), self._turn, self._result)

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_base_into(twin)
        twin.board = self.board
        twin._tables = self._tables
        twin._where = self._where
        twin._first_part = self._first_part
        twin._version = 0
        twin._legal = (-1, [])
        twin._cells = list(self._cells)
        twin._lines = None if self._lines is None else list(self._lines)
        twin._counters = dict(self._counters)
        twin._turn = self._turn
        twin._result = self._result
        twin._log = None
        return twin

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
            >>> from hex import Hex
            >>> state = Hex(size=3).new_game(seed=0)
            >>> state.apply("b2")
            >>> print(state.render())
              a b c
            1 . . . 1
             2 . R . 2
              3 . . . 3
                a b c
            key: R player 0 (red): top to bottom, B player 1 (blue): left to right, . empty
            player 1 to move
        """
        game = self.game
        marked = self._marked_edges()
        lines = board_rows(
            self.board,
            self._cells,
            names=self._tables.names,
            columns=game.columns,
            template=game.text_template,
            edges=None if marked is None else list(marked),
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
        for it (``shapes``), counts written as numbers, the cells in the
        game's ``cell_colours``, every cell grouped under its name
        (``<g data-cell="a1">``) and named on the board, and a key.

        Examples:
            >>> from tic_tac_toe import TicTacToe
            >>> TicTacToe().new_game(seed=0).svg_picture().count("<g data-cell=")
            9
        """
        game = self.game
        status = f"game over: {self._result.reason}" if self._result is not None else f"player {self._turn} to move"
        return declared_svg(
            self.board,
            self._cells,
            key=game.pieces,
            colours=game.colours,
            shapes=game.shapes,
            cell_colours=game.cell_colours,
            names=self._tables.names,
            columns=game.columns,
            sides=game.sides,
            edges=self._marked_edges(),
            title=title or f"{game.name}: {status}",
        )

    def _marked_edges(self) -> dict[tuple[Cell, Cell], Any] | None:
        """The marked edges and their marks, for a game played on edges; else ``None``."""
        if self._lines is None:
            return None
        edges = self.board.edges
        return {edges[k]: mark for k, mark in enumerate(self._lines) if mark is not None}
