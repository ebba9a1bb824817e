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
    ...         self.put(move.cell, "XO"[self.current_player])
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

Why this module is long: the authoring kit is one declaration a game author reads
top to bottom (move kinds, :class:`BoardGame`, :class:`BoardState`); splitting
the state from its text and picture would send that reader to three files.
Declared fields for games that keep more than cells are in
:mod:`boardkit.fields`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import attrs
from typing_extensions import Self

from boardkit.chance import Random
from boardkit.errors import IllegalMoveError, NotationError, OptionError
from boardkit.game import Game, NoOptions, Outcome, Player, State, make_options
from boardkit.topology import Cell, HexGrid, SquareGrid, Topology, TopologyError

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = ["BoardGame", "BoardState", "MoveType", "NoOptions", "Pass", "Path", "Place", "Step"]


class MoveType(Protocol):
    """What a move class needs for :attr:`BoardGame.moves`: a classmethod
    ``parse(text, board)`` giving the move, or ``None`` for text of another
    kind, and for reinforcement learning (:mod:`boardkit.rl`) a classmethod
    ``every(board)`` listing every move of that kind."""

    @classmethod
    def parse(cls, text: str, board: Topology) -> Any: ...


@attrs.frozen
class Place:
    """Put a piece on a cell: written as the cell's name, ``"b2"``.

    Examples:
        >>> str(Place("b2")), Place.parse("B2", SquareGrid(3, 3))
        ('b2', Place('b2'))
    """

    cell: str

    def __str__(self) -> str:
        return self.cell

    def __repr__(self) -> str:
        return f"Place({self.cell!r})"

    @classmethod
    def every(cls, board: Topology) -> list[Place]:
        """A move to every cell, in board order (for fixed action spaces)."""
        return [cls(board.name(c)) for c in board.cells]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Place | None:
        """The move ``text`` names on ``board``, or ``None``: a cell's name,
        read without regard to case or spaces (``"B2"``, ``"(0,-1)"``)."""
        names = _loose_names(board)
        name = names.get(text.strip()) or names.get("".join(text.split()).lower())
        return None if name is None else cls(name)


@attrs.frozen
class Step:
    """Move the piece on one cell to another: ``"a1-b2"``.

    Examples:
        >>> str(Step("a1", "b2")), Step.parse("a1-b2", SquareGrid(3, 3))
        ('a1-b2', Step('a1', 'b2'))
    """

    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"

    def __repr__(self) -> str:
        return f"Step({self.source!r}, {self.target!r})"

    @classmethod
    def every(cls, board: Topology) -> list[Step]:
        """A step from every cell to every other, in board order."""
        names = [board.name(c) for c in board.cells]
        return [cls(a, b) for a in names for b in names if a != b]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Step | None:
        """The move ``text`` names on ``board``, or ``None``. Names that hold
        a hyphen themselves (``"(0, -1)-(0, 1)"``) are split where both sides
        name a cell."""
        at = text.find("-")
        while at >= 0:
            a, b = Place.parse(text[:at], board), Place.parse(text[at + 1 :], board)
            if a is not None and b is not None:
                return cls(a.cell, b.cell)
            at = text.find("-", at + 1)
        return None


def _names_of_cells(cells: Sequence[str]) -> tuple[str, ...]:
    return tuple(cells)


@attrs.frozen
class Path:
    """Move one piece along a path of cells: a plain step, ``"c3-d4"``, or a
    capture written with every cell it lands on, ``"c3xe5xc7"`` (a chain of
    jumps in draughts, a capture in Breakthrough).

    The moves a game lists are best made once per board with :meth:`through`
    (and read back with :meth:`indices`), so no position builds them anew.
    Paths have no fixed list of every move (a chain may be long), so a game
    that moves by paths has no :meth:`BoardGame.all_moves`.

    Examples:
        >>> board = SquareGrid(8, 8)
        >>> str(Path(("c3", "e5", "c7"), capture=True)), Path.parse("C3-D4", board)
        ('c3xe5xc7', Path(('c3', 'd4')))
        >>> Path.parse("c3xe5xc7", board) == Path.through(board, (42, 28, 10), capture=True)
        True
    """

    cells: tuple[str, ...] = attrs.field(converter=_names_of_cells)
    capture: bool = False

    @cells.validator
    def _two_cells_at_least(self, _: object, value: tuple[str, ...]) -> None:
        if len(value) < 2:
            raise NotationError(repr(value), "a path names two cells at least, where it starts and where it ends")

    def __str__(self) -> str:
        return ("x" if self.capture else "-").join(self.cells)

    def __repr__(self) -> str:
        return f"Path({self.cells!r}{', capture=True' if self.capture else ''})"

    @property
    def source(self) -> str:
        """The cell the piece starts on."""
        return self.cells[0]

    @property
    def target(self) -> str:
        """The cell the piece ends on."""
        return self.cells[-1]

    @classmethod
    def through(cls, board: Topology, indices: Sequence[int], *, capture: bool = False) -> Path:
        """The path through the cells of ``board`` with these indices, made
        once per board and path and kept (the same value every time, which
        :meth:`BoardState.check` finds by identity).

        Examples:
            >>> board = SquareGrid(8, 8)
            >>> Path.through(board, (42, 28, 10), capture=True)
            Path(('c3', 'e5', 'c7'), capture=True)
            >>> Path.through(board, (42, 34)) is Path.through(board, [42, 34])
            True
        """
        table = _paths(board)
        key = (tuple(indices), capture)
        path = table.made.get(key)
        if path is None:
            path = cls(tuple(board.name(board.cells[i]) for i in key[0]), capture)
            if len(table.made) < _MOST_PATHS:
                table.made[key] = path
                table.indices[path] = key[0]
        return path

    def indices(self, board: Topology) -> tuple[int, ...]:
        """The indices on ``board`` of the cells the path names, in order.

        Raises:
            TopologyError: if a cell is not on the board.

        Examples:
            >>> Path(("c3", "e5", "c7"), capture=True).indices(SquareGrid(8, 8))
            (42, 28, 10)
        """
        table = _paths(board)
        found = table.indices.get(self)
        if found is None:
            found = tuple(board.index(board.cell(name)) for name in self.cells)
            if len(table.indices) < _MOST_PATHS:
                table.indices[self] = found
        return found

    @classmethod
    def parse(cls, text: str, board: Topology) -> Path | None:
        """The move ``text`` names on ``board``, or ``None``: cell names joined
        by ``x`` (a capture) or by ``-`` (a plain move), read without regard
        to case. Where a name holds the separator itself (column ``x`` of a
        wide board, a hex cell ``(0, -1)``) the text is split where every
        part names a cell."""
        for separator, capture in (("x", True), ("-", False)):
            cells = _split_names(text, separator, board)
            if cells is not None and len(cells) >= 2:
                return cls(tuple(cells), capture)
        return None


#: The most paths kept per board by :meth:`Path.through` and :meth:`Path.indices`.
_MOST_PATHS = 1 << 16


class _PathTable:
    """The paths of one board made so far, both ways."""

    __slots__ = ("indices", "made")

    def __init__(self) -> None:
        self.made: dict[tuple[tuple[int, ...], bool], Path] = {}
        self.indices: dict[Path, tuple[int, ...]] = {}


_PATHS: weakref.WeakKeyDictionary[Topology, _PathTable] = weakref.WeakKeyDictionary()


def _paths(board: Topology) -> _PathTable:
    table = _PATHS.get(board)
    if table is None:
        table = _PATHS[board] = _PathTable()
    return table


def _split_names(text: str, separator: str, board: Topology) -> list[str] | None:
    """``text`` split at ``separator`` (any case) into cell names of
    ``board``, trying each split point where a name could end; ``None`` if
    no split names cells all through."""
    if not isinstance(text, str) or len(text) > 400:
        return None
    names = _loose_names(board)
    lowered = text.lower()
    memo: dict[int, list[str] | None] = {}

    def name_of(part: str) -> str | None:
        return names.get(part.strip()) or names.get("".join(part.split()).lower())

    def rest(start: int) -> list[str] | None:
        if start not in memo:
            found = None
            at = lowered.find(separator, start)
            while at >= 0 and found is None:
                head = name_of(text[start:at])
                tail = rest(at + len(separator)) if head is not None else None
                if head is not None and tail is not None:
                    found = [head, *tail]
                at = lowered.find(separator, at + 1)
            if found is None:
                whole = name_of(text[start:])
                found = None if whole is None else [whole]
            memo[start] = found
        return memo[start]

    return rest(0)


@attrs.frozen
class Pass:
    """Pass the turn: ``"pass"``.

    Examples:
        >>> str(Pass()), Pass.parse(" PASS ", SquareGrid(1, 1))
        ('pass', Pass())
    """

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def every(cls, board: Topology) -> list[Pass]:
        """The one pass."""
        return [cls()]

    @classmethod
    def parse(cls, text: str, board: Topology) -> Pass | None:
        """``Pass()`` for ``"pass"``, else ``None``."""
        return cls() if text.strip().lower() == "pass" else None


_LOOSE: weakref.WeakKeyDictionary[Topology, dict[str, str]] = weakref.WeakKeyDictionary()


def _loose_names(board: Topology) -> dict[str, str]:
    """Each cell name of ``board`` keyed by itself, and by itself without
    spaces in lower case where that is no other cell's name (built once per
    board)."""
    names = _LOOSE.get(board)
    if names is None:
        exact = [board.name(cell) for cell in board.cells]
        names = {name: name for name in exact}
        for name in exact:
            names.setdefault("".join(name.split()).lower(), name)
        _LOOSE[board] = names
    return names


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
    * ``moves``: the move classes notation is read with (default
      ``(Place, Step, Pass)``);
    * ``options_class``: a frozen attrs class of options, if any (default
      :class:`NoOptions`: ``option_values() == {}``);
    * ``state_class``: the :class:`BoardState` subclass with the rules.
    """

    board: ClassVar[Topology]
    pieces: ClassVar[Mapping[str, str]] = {}
    colours: ClassVar[Mapping[str, str]] = {}
    sides: ClassVar[Mapping[str, str]] = {}
    counters: ClassVar[Mapping[str, Hashable]] = {}
    column_labels: ClassVar[Sequence[str] | None] = None
    moves: ClassVar[tuple[type[Any], ...]] = (Place, Step, Pass)
    options_class: ClassVar[type[Any]] = NoOptions
    state_class: ClassVar[type[BoardState]]

    def __init__(self, **options: Any) -> None:
        self.options = make_options(self.options_class, options, game=self.name or type(self).__name__)
        self.topology = self.make_board()
        self._tables = _Tables(self.topology)
        self._columns = self._column_labels()

    def _column_labels(self) -> list[str] | None:
        """The labels over the columns, checked against the board: ``None``
        for a board drawn without a grid.

        Raises:
            OptionError: if ``column_labels`` is set for a board that is not a
                square grid or hex rhombus, does not give one label per column,
                or gives a label that is not one character.
        """
        size = _grid_size(self.topology)
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

    def make_board(self) -> Topology:
        """The board for these options; by default the class's ``board``."""
        return type(self).board

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> BoardState:
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
        return (len(self.pieces) + 1, len(self.topology.cells))

    def observation(self, view: Any) -> list[list[float]]:
        """A player's view as planes (see :meth:`observation_shape`): 1.0 where
        a cell holds that plane's piece; the last plane all 1.0 when the
        observer is to move. Built from the view alone."""
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

        if type(self).observation is BoardGame.observation:
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


_CELL, _COUNTER, _TURN = range(3)


class _Tables:
    """What every state of one game reads its board through, built once per
    game: a cell or its name to its index, each index's name, and each
    direction's index in the compiled tables."""

    __slots__ = ("axes", "directions", "names", "where")

    def __init__(self, board: Topology) -> None:
        self.names: tuple[str, ...] = tuple(board.name(c) for c in board.cells)
        where: dict[Any, int] = dict(board._index)
        for i, name in enumerate(self.names):
            where.setdefault(name, i)
        self.where = where
        self.directions: dict[Any, int] = {d: i for i, d in enumerate(board.directions)}
        # Each line through a cell once: a direction with its opposite (-1 when it has none).
        opposite = board.compiled.opposite if board.directions else ()
        self.axes: tuple[tuple[int, int], ...] = tuple(
            (d, back) for d, back in enumerate(opposite) if back < 0 or d < back
        )


class BoardState(State[Any]):
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
        self._tables: _Tables = game._tables
        self._where: dict[Any, int] = self._tables.where
        self._cells: list[str | None] = [None] * len(self.board.cells)
        # The legal moves of the position numbered _version, computed once for legal_moves and check.
        self._version = 0
        self._legal: tuple[int, list[Any]] = (-1, [])
        self._counters: dict[str, Hashable] = dict(game.counters)
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

    def __getitem__(self, cell: Cell) -> str | None:
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

    def empty(self) -> list[Cell]:
        """The empty cells, in board order."""
        cells = self.board.cells
        return [cells[i] for i, piece in enumerate(self._cells) if piece is None]

    def layout(self) -> tuple[str | None, ...]:
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

    def cells_of(self, piece: str) -> list[Cell]:
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
        cells = self._cells
        piece = cells[index]
        if piece is None:
            return 0
        if direction is None:
            axes = self._tables.axes
        else:
            d = self._direction(direction)
            axes = ((d, self.board.compiled.opposite[d]),)
        rays = self.board.compiled.rays[index]
        longest = 1
        for ahead, back in axes:
            run = 1
            for j in rays[ahead]:
                if cells[j] != piece:
                    break
                run += 1
            if back >= 0:
                for j in rays[back]:
                    if cells[j] != piece:
                        break
                    run += 1
            if run > longest:
                longest = run
        return longest

    def slide(self, cell: Cell, direction: str) -> Cell:
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

    def put(self, cell: Cell, piece: str | None) -> None:
        """Put ``piece`` on ``cell`` (``None`` empties it), replacing what was there."""
        try:
            index = self._where[cell]
        except (KeyError, TypeError):
            index = self._index(cell)
        if self._log is not None:
            self._log.append((_CELL, index, self._cells[index]))
        self._cells[index] = piece

    def set(self, counter: str, value: Hashable) -> None:
        """Set a declared counter."""
        if counter not in self._counters:
            known = ", ".join(repr(k) for k in self._counters) or "none"
            raise OptionError(f"no counter {counter!r}; {self.game.name} declares {known}")
        if self._log is not None:
            self._log.append((_COUNTER, counter, self._counters[counter]))
        self._counters[counter] = value

    def set_turn(self, player: Player) -> None:
        """Make ``player`` the one to move."""
        if self._log is not None:
            self._log.append((_TURN, None, self._turn))
        self._turn = player

    def next_turn(self, skip: Callable[[Player], bool] | None = None) -> None:
        """Pass the turn to the next player in order, skipping those for whom
        ``skip(player)`` is true (players who must pass); if every other
        player is skipped the turn comes back to the one who moved."""
        player = self._turn
        if skip is None:
            if self._log is not None:
                self._log.append((_TURN, None, player))
            self._turn = (player + 1) % self.players
            return
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if skip is None or candidate == player or not skip(candidate):
                self.set_turn(candidate)
                return

    # -- the protocol, derived --------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        return None if self._result is not None else self._turn

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
            else:
                self._turn = old
        self._result = None  # a move is only ever played while the game goes on

    def _key(self) -> Hashable:
        return (tuple(self._cells), tuple(sorted(self._counters.items())), self._turn, self._result)

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_base_into(twin)
        twin.board = self.board
        twin._tables = self._tables
        twin._where = self._where
        twin._version = 0
        twin._legal = (-1, [])
        twin._cells = list(self._cells)
        twin._counters = dict(self._counters)
        twin._turn = self._turn
        twin._result = self._result
        twin._log = None
        return twin

    def render(self) -> str:
        """The board as text: a grid with its coordinates for a square board
        or a hex rhombus (each row half a cell right of the one above), rows
        of hexes for another hex board, one line per occupied cell for any
        other board; then a key, the counters (but not those whose name
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
        lines: list[str] = []
        size = _grid_size(self.board)
        if size is not None:
            lines += self._grid_rows(*size, slant=isinstance(self.board, HexGrid))
        elif isinstance(self.board, HexGrid):
            lines += self._hex_rows()
        else:
            occupied = [f"{self.name(c)}: {p}" for c, p in zip(self.board.cells, self._cells, strict=True) if p]
            lines.append("; ".join(occupied) or "(the board is empty)")
        key = ", ".join(f"{symbol} {meaning}" for symbol, meaning in self.game.pieces.items())
        lines.append(f"key: {key}, . empty" if key else "key: . empty")
        shown = [f"{k} {v}" for k, v in self._counters.items() if not k.startswith("_")]
        if shown:
            lines.append(", ".join(shown))
        scores = self.scores
        if scores is not None:
            seat = self.game.seat_name
            lines.append("scores: " + ", ".join(f"{seat(p)} {s:g}" for p, s in enumerate(scores)))
        public = self.public_info()
        if public:
            lines.append(", ".join(f"{label}: {text}" for label, text in public.items()))
        if self._result is not None:
            lines.append(f"game over: {self._result.reason}")
        else:
            lines.append(f"{self.game.seat_name(self._turn)} to move")
        return "\n".join(lines)

    def _grid_rows(self, width: int, height: int, *, slant: bool) -> list[str]:
        """A grid's rows between its column labels (the game's
        ``column_labels``, else the letters), each row's number on both sides;
        with ``slant`` (a hex rhombus) each row is half a cell right of the one
        above, as it is drawn."""
        digits = len(str(height))
        letters = " ".join(self.game._columns or ())
        lines = [" " * (digits + 1) + letters]
        for row in range(height):
            number = self.name((0, row))[1:]
            cells = " ".join(self._cells[self.board.index((c, row))] or "." for c in range(width))
            lines.append(f"{' ' * (row if slant else 0)}{number:>{digits}} {cells} {number}")
        lines.append(" " * (digits + 1 + (height - 1 if slant else 0)) + letters)
        return lines

    def _hex_rows(self) -> list[str]:
        """A hex board as rows of pointy-top hexes, each shifted half a cell
        from the row above as on the board, the top row (least ``r``) first."""
        rows: dict[int, list[tuple[int, str]]] = {}
        assert isinstance(self.board, HexGrid)
        for (q, r), piece in zip(self.board.hexes, self._cells, strict=True):
            rows.setdefault(r, []).append((2 * q + r, piece or "."))
        left = min(x for row in rows.values() for x, _ in row)
        lines = []
        for r in sorted(rows):
            line = [" "] * (max(x for x, _ in rows[r]) - left + 1)
            for x, symbol in rows[r]:
                line[x - left] = symbol
            lines.append("".join(line).rstrip())
        return lines

    def svg_picture(self, title: str | None = None) -> str:
        """The board as an SVG picture: each piece a disc with its symbol,
        cells marked with their names (``data-cell``), and a key."""
        from boardkit.render import topology_svg

        cells = self.board.cells
        labels = {c: p for c, p in zip(cells, self._cells, strict=True) if p}
        palette = ("#222222", "#f5f5f5", "#c62828", "#1565c0", "#2e7d32", "#f9a825")
        colours = {s: self.game.colours.get(s, palette[i % len(palette)]) for i, s in enumerate(self.game.pieces)}
        pieces = {c: colours.get(p, "#888888") for c, p in labels.items()}
        coordinates = None
        size = _grid_size(self.board)
        if size is not None:
            coordinates = (
                list(self.game._columns or ()),
                [self.name((0, r))[1:] for r in range(size[1])],
            )
        legend = [(colours[s], f"{s}: {meaning}") for s, meaning in self.game.pieces.items()]
        status = f"game over: {self._result.reason}" if self._result is not None else f"player {self._turn} to move"
        return topology_svg(
            self.board,
            labels,
            title=title or f"{self.game.name}: {status}",
            pieces=pieces,
            legend=legend,
            coordinates=coordinates,
            names={c: self.name(c) for c in cells},
            sides={side: colours[symbol] for side, symbol in self.game.sides.items()},
        )


def _grid_size(board: Topology) -> tuple[int, int] | None:
    """The columns and rows of a board whose cells are named like a square
    grid's (a :class:`SquareGrid` or a :meth:`HexGrid.rhombus`), else ``None``."""
    if isinstance(board, SquareGrid):
        return board.width, board.height
    if isinstance(board, HexGrid) and board.width is not None and board.height is not None:
        return board.width, board.height
    return None
