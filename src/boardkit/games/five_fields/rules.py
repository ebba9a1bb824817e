"""The rules of the Game of 5 Fields: :class:`FiveFields` and its state.

The position is held in small integer lists indexed by the board's compiled
cell numbers, and every rule reads the compiled tables (neighbours, distances)
of :data:`~boardkit.games.five_fields.board.BOARD`, never networkx. The
networkx graph stays available to users as ``state.topology.graph``.

The state is one class built in floors, one module each, every floor a
subclass of the one below sharing its integer lists: ``position.py`` (the
lists, the undo record, values and the winning chain), ``battles.py``
(Battles and the end of an action), ``movement.py`` (where pawns go, a move
carried out), ``trial.py`` (whether an action can still end legally) and
``choices.py`` (the legal moves, why a move is refused); this module holds
the top floor, :class:`FiveFieldsState`, with the public queries and the
protocol, and the game. The other rooms of the package: moves and their
notation in ``moves.py``, options in ``variants.py``, ``from_position``'s
checks in ``setup.py``, views in ``hidden.py``, text and SVG in
``render.py``; the state's methods for those hand over to them. None of them
imports this module back. The value classes are kept out (in ``moves.py``
and ``variants.py``) so the floors can be compiled.

Examples:
    >>> game = FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP")
    >>> state = game.new_game(seed=1)
    >>> state.pawns((0, 2))
    ((0, <Pawn.QUEEN: 'queen'>),)
    >>> state.apply("move P h2->h4")
    >>> state.current_player, state.legal_moves()[-1]
    (0, End())
    >>> state.apply("end")
    >>> state.current_player
    1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, get_args

from boardkit.about import About, Chance
from boardkit.compiling import IntArgument, TextArgument, mypyc_attr
from boardkit.errors import IllegalMoveError, OptionError, OptionTypeError, shown
from boardkit.game import Game, Outcome, Player, fields_of, from_fields, from_options, make_options
from boardkit.games.five_fields.board import (
    BOARD,
    CELL_COUNT,
    CELLS,
    DISTANCE,
    GOAL,
    HIDDEN_CODE,
    MOUNTAIN_CODE,
    PLAIN_CODE,
    PRINCE_START,
    QUEEN_START,
    SEA_CODE,
    TERRAIN_CODE,
    TERRAIN_CODES,
    TILES,
    Pawn,
    Terrain,
    format_hex,
    hex_index,
    parse_map,
)
from boardkit.games.five_fields.choices import Choices
from boardkit.games.five_fields.hidden import FiveFieldsView, determinize, view_of
from boardkit.games.five_fields.moves import (
    End,
    Explore,
    Move,
    Pass,
    PawnMove,
    Reveal,
    Step,
    parse_move,
)
from boardkit.games.five_fields.position import Walk
from boardkit.games.five_fields.render import render_text
from boardkit.games.five_fields.setup import place, read_setup
from boardkit.games.five_fields.text import MOVE_KINDS, TURN, rules_in_play
from boardkit.games.five_fields.variants import FiveFieldsOptions
from boardkit.topology import Hex, HexGrid

if TYPE_CHECKING:
    from boardkit.parts import Parts

__all__ = ["FiveFields", "FiveFieldsState", "FiveFieldsView"]

_GOAL = GOAL
_DIST = DISTANCE
_MOVE_TYPES = get_args(Move)  # every class of the Move union
_SUBMOVES = (PawnMove, Explore, Step, Reveal)


# Compiled with mypyc (hatch_build.py): made and subclassed from Python code; pickles, copies and
# deep-copies. The parameters that take what users type are ``Any``, so that a wrong type is the
# same boardkit error on both builds (a compiled signature would refuse it with a bare TypeError).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class FiveFields(Game["FiveFieldsState", Move]):
    """The Game of 5 Fields, for two players on a 19-hex map.

    Args:
        **options: See :class:`~boardkit.games.five_fields.FiveFieldsOptions`:
            ``blank_map``, ``map`` and ``turn_limit``.

    Raises:
        OptionError: for an unknown option or a bad value (a bad map among them).

    Examples:
        >>> game = FiveFields(turn_limit=200)
        >>> game.name, game.option_values()
        ('five-fields', {'blank_map': False, 'map': None, 'turn_limit': 200})
        >>> state = game.new_game(seed=7)
        >>> state.current_player, len(state.legal_moves()) > 0
        (0, True)
        >>> FiveFields(map="PPP/PPPP/PPPPP/PPPP/PPP")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: bad map: the map needs 7 plains, 5 mountains and 7 seas, not 19, 0 and 0
    """

    name = "five-fields"
    #: Chance takes part on a blank map only, where face-down hexes are turned as the game goes on.
    about = About(
        title="Game of 5 Fields",
        chance=Chance.PUBLIC,
        goal=(
            "Link one of your Cities to Fields worth 5 or more (a Field on a plain counts 1, on a mountain 1/2):"
            " Fields and Cities link as neighbours, and a sea hex holding your Prince links its two sides. A"
            " player whose Queen is off the board with no City or no Prince left loses."
        ),
        turn=TURN,
        moves=MOVE_KINDS,
        rules_in_play=rules_in_play,
    )

    def __init__(self, **options: Any) -> None:
        self.options: FiveFieldsOptions = make_options(FiveFieldsOptions, options, game=self.name)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its options, plain data (as in a record), from which
        :func:`~boardkit.game.from_options` makes the game again: the same pickle on the pure and the
        compiled build."""
        return (from_options, (type(self), self.option_values()))

    def new_game(self, *, players: IntArgument | None = None, seed: IntArgument | None = None) -> FiveFieldsState:
        """Lay out the map from ``seed`` (unless it is fixed) and set up the pawns.

        Raises:
            OptionError: unless ``players`` is 2 (or ``None``).

        Examples:
            >>> FiveFields().new_game(seed=3).queen(0)
            (0, 2)
        """
        return FiveFieldsState(self, self.check_players(players), seed)

    def cell_name(self, cell: Any) -> str:
        """A hex's name as moves and the drawn map write it (see
        :func:`format_hex`); any other value as :meth:`Game.cell_name
        <boardkit.Game.cell_name>` names it, ``str(cell)``.

        Examples:
            >>> FiveFields().cell_name((0, 0)), FiveFields().cell_name(None)
            ('e3', 'None')
        """
        return format_hex(cell) if cell in BOARD else str(cell)

    @property
    def declared(self) -> Parts[FiveFieldsState, FiveFields]:
        """5 Fields' parts (:class:`~boardkit.parts.Parts`), as the package
        assembles them (``boardkit.games.five_fields.PARTS``): its state class,
        its picture, its RL action list and observation encoder.

        Examples:
            >>> parts = FiveFields().declared
            >>> len(parts.all_moves(FiveFields())), parts.states[0].__name__
            (1662, 'FiveFieldsState')
        """
        from boardkit.games.five_fields import PARTS  # the package assembles its declaration (see the module)

        return PARTS

    def parse_move(self, text: TextArgument) -> Move:
        """Read a move; see :func:`~boardkit.games.five_fields.parse_move`.

        Examples:
            >>> FiveFields().parse_move("build field")
            BuildField()
        """
        return parse_move(text)

    def from_position(
        self,
        *,
        terrain: Mapping[Hex, Terrain],
        pawns: Mapping[Hex, Sequence[tuple[Player, Pawn]]],
        fields: Mapping[Hex, Player] | None = None,
        cities: Mapping[Hex, Player] | None = None,
        to_move: IntArgument | None = None,
        seed: IntArgument | None = None,
        princes_lost: Sequence[int] = (0, 0),
    ) -> FiveFieldsState:
        """A position set up by hand, for tests, tutorials and puzzles.

        Every argument is a keyword, as in every game's ``from_position``
        (the shared shape is in :doc:`/reference/api`).

        The terrain counts are not checked, so a puzzle may use any map. With
        ``blank_map``, hexes left out of ``terrain`` are face down (the unseen
        tiles are the box's 19 less the face-up ones); otherwise every hex
        needs a terrain. The player to move starts a fresh turn, and any hex
        holding two of their Princes must be split during it.

        Args:
            terrain: Terrain of the hexes.
            pawns: For each occupied hex, its pawns as ``(player, Pawn)`` pairs.
            fields: The owner of each Field.
            cities: The owner of each City.
            to_move: The player to move; ``None`` (the default): player 0,
                who moves first in 5 Fields.
            seed: Seed of the state's generator, as :meth:`new_game`'s
                (``None``: a fresh one, kept on the state).
            princes_lost: Per player, how many Princes were lost in Battles
                and not yet replaced: only those can be regenerated. At most
                the Princes missing from the board (3 less those on it).

        Raises:
            OptionError: if the position breaks a rule of the board (a pawn on
                sea, too many pieces, a Field with a City, ...).

        Examples:
            >>> from boardkit.games.five_fields import Pawn, Terrain
            >>> plains = {cell: Terrain.PLAIN for cell in BOARD.cells}
            >>> state = FiveFields().from_position(
            ...     terrain=plains,
            ...     pawns={(0, 2): [(0, Pawn.QUEEN)], (0, 0): [(0, Pawn.PRINCE)], (0, -2): [(1, Pawn.QUEEN)]},
            ...     to_move=0,
            ... )
            >>> state.pawns((0, 0))
            ((0, <Pawn.PRINCE: 'prince'>),)
        """
        parts: tuple[tuple[str, object], ...] = (
            ("terrain", terrain), ("pawns", pawns), ("fields", fields), ("cities", cities)
        )
        for name, given in parts:
            if not isinstance(given, Mapping) and (given is not None or name in ("terrain", "pawns")):
                raise OptionTypeError(f"{name} must be a mapping from hexes, not {shown(given)}")
        if to_move is None:
            to_move = 0  # player 0 moves first
        state = FiveFieldsState._from_position(
            self, terrain, pawns, fields or {}, cities or {}, to_move, seed, princes_lost
        )
        state._record_setup(
            {
                "terrain": {format_hex(h): t for h, t in terrain.items()},
                "pawns": {format_hex(h): [[p, pawn] for p, pawn in items] for h, items in pawns.items() if items},
                "fields": {format_hex(h): p for h, p in (fields or {}).items()},
                "cities": {format_hex(h): p for h, p in (cities or {}).items()},
                "to_move": to_move,
                "princes_lost": list(princes_lost),
            }
        )
        return state

    def from_setup(self, setup: Any, *, players: Any, seed: Any) -> FiveFieldsState:
        """Rebuild a position set up with :meth:`from_position` from a record's
        ``setup`` data: hexes by name, terrain and pawns by their values.

        Raises:
            OptionError, NotationError: for malformed data.

        Examples:
            >>> from boardkit.games.five_fields import Pawn, Terrain
            >>> state = FiveFields().from_position(
            ...     terrain={cell: Terrain.PLAIN for cell in BOARD.cells},
            ...     pawns={(0, 2): [(0, Pawn.QUEEN)], (0, -2): [(1, Pawn.QUEEN)]},
            ...     cities={(0, -1): 1},
            ... )
            >>> state.to_record().setup["cities"]
            {'d4': 1}
            >>> again = state.to_record().replay()
            >>> again == state, again.to_record() == state.to_record()
            (True, True)
        """
        self.check_players(players)
        terrain, pawns, fields, cities, to_move, princes_lost = read_setup(setup, game=self.name)
        # Through from_position, so the rebuilt state records its set-up too and its own record replays.
        return self.from_position(
            terrain=terrain,
            pawns=pawns,
            fields=fields,
            cities=cities,
            to_move=to_move,
            seed=seed,
            princes_lost=princes_lost,
        )


# Compiled with mypyc, as FiveFields above.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class FiveFieldsState(Choices):
    """A game of 5 Fields in progress.

    Player 0's Queen starts at the bottom corner ``(0, 2)`` and player 0 moves
    first. Query the position with :meth:`terrain`, :meth:`pawns`,
    :meth:`field` and :meth:`city`; ``topology`` is the board.

    Examples:
        >>> state = FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP").new_game(seed=0)
        >>> state.terrain((0, 0)), state.terrain((1, 1))
        (<Terrain.PLAIN: 'plain'>, <Terrain.MOUNTAIN: 'mountain'>)
        >>> state.field((0, 2)), state.city((0, 2))
        (None, None)
    """

    #: The board: ``HexGrid.hexagon(2)``.
    topology: HexGrid

    def __init__(self, game: FiveFields, players: int, seed: Any) -> None:
        super().__init__(game, players, seed)
        opts = game.options
        self.topology = BOARD
        self._blank: bool = opts.blank_map
        self._limit: int | None = opts.turn_limit
        terrain = [HIDDEN_CODE] * CELL_COUNT
        pool = [TILES[t] for t in TERRAIN_CODES]
        for q in QUEEN_START:
            terrain[q] = PLAIN_CODE
            pool[PLAIN_CODE] -= 1
        if opts.map is not None:
            fixed = parse_map(opts.map)
            terrain = [TERRAIN_CODE[fixed[cell]] for cell in CELLS]
            pool = [0, 0, 0]
        elif self._blank:
            for hexes in PRINCE_START:
                for i in hexes:
                    terrain[i] = self._draw(pool)
        else:
            tiles = [t for t in (PLAIN_CODE, MOUNTAIN_CODE, SEA_CODE) for _ in range(pool[t])]
            self.rng.shuffle(tiles)
            others = [i for i in range(CELL_COUNT) if i not in QUEEN_START]
            for i, t in zip(others, tiles, strict=True):
                terrain[i] = t
            pool = [0, 0, 0]
        self._terrain: list[int] = terrain
        self._pool: list[int] = pool
        self._queen: list[int] = list(QUEEN_START)
        self._princes: list[list[int]] = [list(hexes) for hexes in PRINCE_START]
        self._lost: list[int] = [0, 0]
        self._field: list[int] = [-1] * CELL_COUNT
        self._city: list[int] = [-1] * CELL_COUNT
        self._to_move: int = 0
        self._passes: int = 0
        self._turns: int = 0
        self._pairs: tuple[int, ...] = ()
        self._moved: list[int] = []
        self._qmoved: bool = False
        self._walk: Walk | None = None
        self._outcome: Outcome | None = None

    @classmethod
    def _from_position(
        cls,
        game: FiveFields,
        terrain: Mapping[Hex, Terrain],
        pawns: Mapping[Hex, Sequence[tuple[Player, Pawn]]],
        fields: Mapping[Hex, Player],
        cities: Mapping[Hex, Player],
        to_move: Any,
        seed: Any,
        princes_lost: Any = (0, 0),
    ) -> FiveFieldsState:
        # to_move, seed and princes_lost as the caller gave them (Any: on the compiled build an
        # annotation is checked on entry, which would refuse a bad one with a TypeError before
        # place() and the state refuse it in a boardkit error, as on the pure build).
        state = cls(game, 2, seed)
        place(state, terrain, pawns, fields, cities, to_move, princes_lost)
        return state

    # -- public queries ---------------------------------------------------------

    def terrain(self, cell: Any) -> Terrain | None:
        """The terrain of a hex, or ``None`` while it is face down.

        Raises:
            OptionError: if ``cell`` is not a hex of the board.

        Examples:
            >>> FiveFields().new_game(seed=3).terrain((0, -2))
            <Terrain.PLAIN: 'plain'>
            >>> FiveFields(blank_map=True).new_game(seed=3).terrain((0, 0)) is None
            True
        """
        code = self._terrain[hex_index(cell)]
        return None if code == HIDDEN_CODE else TERRAIN_CODES[code]

    def pawns(self, cell: Any) -> tuple[tuple[Player, Pawn], ...]:
        """The pawns on a hex as ``(player, Pawn)`` pairs, Queen first.

        Examples:
            >>> FiveFields().new_game(seed=3).pawns((0, -1))
            ((1, <Pawn.PRINCE: 'prince'>),)
        """
        i = hex_index(cell)
        found: list[tuple[Player, Pawn]] = []
        for p in (0, 1):
            if self._queen[p] == i:
                found.append((p, Pawn.QUEEN))
            found.extend((p, Pawn.PRINCE) for _ in range(self._princes[p].count(i)))
        return tuple(found)

    def field(self, cell: Any) -> Player | None:
        """The owner of the Field on a hex, or ``None``.

        Examples:
            >>> state = FiveFields().new_game(seed=3)
            >>> state.apply("build field")
            >>> state.field((0, 2))
            0
        """
        owner = self._field[hex_index(cell)]
        return None if owner < 0 else owner

    def city(self, cell: Any) -> Player | None:
        """The owner of the City on a hex, or ``None``.

        Examples:
            >>> state = FiveFields().new_game(seed=3)
            >>> state.apply("build city")
            >>> state.city((0, 2))
            0
        """
        owner = self._city[hex_index(cell)]
        return None if owner < 0 else owner

    def queen(self, player: IntArgument) -> Hex | None:
        """Where ``player``'s Queen stands, or ``None`` when she is off the board.

        Examples:
            >>> FiveFields().new_game(seed=3).queen(1)
            (0, -2)
        """
        i = self._queen[self.check_player(player)]
        return None if i < 0 else CELLS[i]

    def princes(self, player: IntArgument) -> tuple[Hex, ...]:
        """The hexes of ``player``'s Princes, in board order (a hex twice for a pair).

        Examples:
            >>> FiveFields().new_game(seed=3).princes(0)
            ((0, 1), (1, 1), (-1, 2))
        """
        return tuple(CELLS[i] for i in sorted(self._princes[self.check_player(player)]))

    @property
    def princes_lost(self) -> tuple[int, int]:
        """Per player, the Princes lost in Battles and not yet replaced.

        Only such a Prince can be regenerated: a Prince removed by the
        Separation rule, or given up to bring the Queen back, is gone for good.

        Examples:
            >>> FiveFields().new_game(seed=3).princes_lost
            (0, 0)
        """
        return (self._lost[0], self._lost[1])

    def prince_range(self, cell: Any) -> int:
        """How far a Prince standing on ``cell`` may move, which is also its
        battle value on that hex (before any doubling on a mountain in
        defence): 5 less its distance to its Queen, or 1 when the Queen is off
        the board.

        Raises:
            OptionError: if no Prince stands on ``cell``.

        Examples:
            >>> state = FiveFields().new_game(seed=3)
            >>> state.prince_range((0, 1)), state.prince_range((0, -1))
            (4, 4)
        """
        i = hex_index(cell)
        for p in (0, 1):
            if i in self._princes[p]:
                return self._value(p, i)
        raise OptionError(f"no Prince stands on {format_hex(CELLS[i])}")

    @property
    def unseen(self) -> dict[Terrain, int]:
        """How many tiles of each terrain are still face down (``blank_map``).

        Examples:
            >>> state = FiveFields(blank_map=True).new_game(seed=3)
            >>> sum(state.unseen.values())
            11
        """
        return {t: self._pool[k] for k, t in enumerate(TERRAIN_CODES)}

    @property
    def turn(self) -> int:
        """How many turns (whole actions) have been played.

        Examples:
            >>> FiveFields().new_game(seed=3).turn
            0
        """
        return self._turns

    @property
    def passes(self) -> int:
        """How many passes in a row have just been played.

        Examples:
            >>> state = FiveFields().new_game(seed=3)
            >>> state.apply("pass")
            >>> state.passes
            1
        """
        return self._passes

    def chain_value(self, player: IntArgument) -> float:
        """The worth of the best group of ``player``'s Fields linked to one of
        their Cities (plain Field 1, mountain Field 0.5); 5 wins.

        Examples:
            >>> FiveFields().new_game(seed=3).chain_value(0)
            0.0
        """
        return self._chain(self.check_player(player)) / 2

    # -- the protocol -----------------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        return None if self._outcome is not None else self._to_move

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        p = self._to_move
        if not self._in_action():
            moves = self._pawn_starts(p)
            moves += self._castles(p)
            moves += self._builds(p)
            moves += self._regenerations(p)
            if self._passes < 2 or not moves:
                moves.append(Pass())
            return moves
        moves = self._walk_moves(p) if self._walk is not None else []
        if self._walker_can_stop(p):
            if len(self._moved) + self._qmoved < 2:
                moves += self._pawn_starts(p)
            if self._battles_won(p):
                moves.append(End())
        return moves

    def _play(self, move: Any) -> object:
        if not isinstance(move, _MOVE_TYPES):
            raise IllegalMoveError(move, "not a move of the game of 5 fields")
        reason = self._refusal(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        token = self._save()
        self._do(move)
        if not isinstance(move, _SUBMOVES) or (len(self._moved) + self._qmoved >= 2 and self._walk is None):
            self._finish(isinstance(move, Pass))
        return token

    def _unplay(self, move: Move, token: Any) -> None:
        self._restore(token)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name, rebuilt by :func:`~boardkit.game.from_fields`: the same pickle
        on the pure and the compiled build."""
        return (from_fields, (type(self), fields_of(self)))

    def copy(self) -> FiveFieldsState:
        twin = self._bare_twin()
        twin.topology = self.topology
        twin._blank = self._blank
        twin._limit = self._limit
        twin._restore(self._save())
        return twin

    def view(self, player: IntArgument) -> FiveFieldsView:
        """What ``player`` may know: everything but the generator.

        Examples:
            >>> state = FiveFields(blank_map=True).new_game(seed=4)
            >>> state.view(0).player
            0
        """
        return view_of(self, player)

    def _determinize(self, player: Any, seed: Any) -> FiveFieldsState:
        """A copy with a fresh generator: the face-down hexes' terrain is drawn
        only when they are turned over, from the unseen tiles whose counts
        both players know, so the generator is all there is to resample.

        Examples:
            >>> state = FiveFields(blank_map=True).new_game(seed=4)
            >>> state.determinize(0, seed=9).view(0) == state.view(0)
            True
        """
        return determinize(self, player, seed)

    # -- pictures and heuristics ------------------------------------------------

    def render(self) -> str:
        """The map as text, with the hexes' names around it (column letters
        above and below, row numbers at the sides: the hex under ``e`` in row
        ``3`` is ``e3``), then a key and whose turn it is. Each hex shows its
        terrain (``.`` plain, ``^`` mountain, ``~`` sea, ``?`` face down) and
        what stands on it, upper case for player 0 and lower case for
        player 1 (``Q`` Queen, ``P`` Prince, ``F`` Field, ``C`` City).

        Examples:
            >>> print(FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP").new_game(seed=0).render())
                a  b  c  d  e  f  g  h  i
             5        .q    ~p    .          5
             4     ^p    ~p    ~     ^       4
             3  .     ~     .     ~     .    3
             2     ^     ~     ~P    ^P      2
             1        .     ^P    .Q         1
                a  b  c  d  e  f  g  h  i
            key: . plain, ^ mountain, ~ sea, ? face down; then Q Queen, P Prince, F Field, C City
                 (upper case player 0, lower case player 1); hexes are named as in moves: g1, e3...
            player 0 to move, turn 1
        """
        return render_text(self)

    def public_info(self) -> dict[str, str]:
        """What both players see beside the map: how far each is from the
        goal (the worth of their best Fields linked to a City, 5 wins), the
        Princes lost in Battles and not yet brought back, the turn (of the
        limit, if there is one) and, on a blank map, the tiles still face down.

        Examples:
            >>> for label, text in FiveFields(blank_map=True).new_game(seed=3).public_info().items():
            ...     print(f"{label}: {text}")
            linked Fields: player 0: 0, player 1: 0 (5 wins)
            Princes lost: player 0: 0, player 1: 0
            turn: 1 of 400
            face down: 11: plain 5, mountain 3, sea 3
        """
        seat = self.game.seat_name
        info = {
            "linked Fields": ", ".join(f"{seat(p)}: {self._chain(p) / 2:g}" for p in (0, 1)) + " (5 wins)",
            "Princes lost": ", ".join(f"{seat(p)}: {self._lost[p]}" for p in (0, 1)),
            "turn": f"{self._turns + (self._outcome is None)}" + (f" of {self._limit}" if self._limit else ""),
        }
        if any(self._pool):
            counts = ", ".join(f"{t.value} {n}" for t, n in self.unseen.items() if n)
            info["face down"] = f"{sum(self._pool)}: {counts}"
        return info

    def prompt(self) -> str:
        """What the player to move is to do now: after the first pawn of a
        Move action, play a second pawn or end the action (the terminal says
        it after the player, ``player 0 (you): play a second pawn or end>``);
        ``""`` at the start of a turn.

        Examples:
            >>> state = FiveFields().new_game(seed=1)
            >>> state.prompt()
            ''
            >>> state.apply(next(m for m in state.legal_moves() if isinstance(m, PawnMove))); state.prompt()
            'play a second pawn or end'
        """
        return "play a second pawn or end" if self._outcome is None and self._in_action() else ""

    def describe(self, move: Any, before: Any) -> str:
        """What ``move`` did, in the game's words: hexes turned face up,
        Fields and Cities built or taken, and when the action ends each
        Battle with its attack and defence and the pawns that fell, and a
        Prince lost to the Separation rule.

        Examples:
            >>> plains = {cell: Terrain.PLAIN for cell in BOARD.cells}
            >>> state = FiveFields().from_position(
            ...     terrain=plains,
            ...     pawns={(0, 2): [(0, Pawn.QUEEN)], (0, 1): [(0, Pawn.PRINCE)], (1, 1): [(1, Pawn.PRINCE)],
            ...            (0, -2): [(1, Pawn.QUEEN)]},
            ...     to_move=0,
            ... )
            >>> state.apply("move P f2->h2")
            >>> before = state.copy(); state.apply("end")
            >>> state.describe(state.history[-1], before)
            "Battle on h2: attack 4 against defence 1; player 1's Prince falls"
        """
        if len(self._moves) != len(before._moves) + 1:
            return ""
        p = before._to_move
        e = 1 - p
        seat = self.game.seat_name
        said: list[str] = []
        for i in range(CELL_COUNT):
            if before._terrain[i] == HIDDEN_CODE and self._terrain[i] != HIDDEN_CODE:
                said.append(f"turned over {format_hex(CELLS[i])}: {TERRAIN_CODES[self._terrain[i]].value}")
        if self._turns != before._turns and not isinstance(move, Pass):
            trial = before.copy()  # the action carried out, its Battles not yet fought
            trial._do(move)
            for i, attack, defence in trial._battles(p):
                fell = (["Queen"] if before._queen[e] == i else []) + [
                    "Prince" if n == 1 else f"{n} Princes" for n in [before._princes[e].count(i)] if n
                ]
                battle = f"Battle on {format_hex(CELLS[i])}: attack {attack} against defence {defence}"
                if fell:
                    verb = "falls" if fell == ["Queen"] or fell == ["Prince"] else "fall"
                    battle += f"; {seat(e)}'s {' and '.join(fell)} {verb}"
                said.append(battle)
            for i in before._pairs:
                if trial._princes[p].count(i) > self._princes[p].count(i):
                    said.append(f"the Separation rule takes a Prince of the pair on {format_hex(CELLS[i])}")
        for kind, was, now in (("Field", before._field, self._field), ("City", before._city, self._city)):
            for i in range(CELL_COUNT):
                where = format_hex(CELLS[i])
                if was[i] == now[i]:
                    continue
                if was[i] < 0:
                    said.append(f"built a {kind} on {where}")
                elif now[i] < 0:
                    said.append(f"razed {seat(was[i])}'s {kind} on {where}")
                else:
                    said.append(f"took {seat(was[i])}'s {kind} on {where}")
        return "; ".join(said)

    def evaluate(self, player: IntArgument) -> float:
        """A cheap estimate in ``[-1, 1]`` of ``player``'s position: the
        Field value linked to a City (and, at less, the Fields not linked
        yet), a first City, the pawns left, and the most the player to move
        could take with this action: the rival's Queen (the game, if the
        rival has no City to bring her back to), a City or a Field that
        their Princes reach and would beat in Battle.

        A search sees its own action to the end but rarely the rival's
        reply, so what the rival threatens is part of the estimate.

        Examples:
            >>> FiveFields().new_game(seed=0).evaluate(0)
            0.0
            >>> plains = {cell: Terrain.PLAIN for cell in BOARD.cells}
            >>> state = FiveFields().from_position(
            ...     terrain=plains,
            ...     pawns={(0, 2): [(0, Pawn.QUEEN)], (1, 1): [(0, Pawn.PRINCE)], (-1, 2): [(0, Pawn.PRINCE)],
            ...            (0, 0): [(1, Pawn.QUEEN)]},
            ...     to_move=0,
            ... )
            >>> round(state.evaluate(0), 2)  # two Princes (3 + 3) beat the Queen (4), who has no City to go back to
            0.76
            >>> round(state.evaluate(1), 2)
            -0.76
        """
        p = self.check_player(player)
        if self._outcome is not None:
            return super().evaluate(p)
        score = self._worth(p) - self._worth(1 - p)
        m = self._to_move
        threat = self._threat(m)
        score += threat if p == m else -threat
        return max(-0.95, min(0.95, score))

    def _worth(self, q: int) -> float:
        """What ``q`` has built and kept, in :meth:`evaluate`'s units (5 linked Fields' worth is 1)."""
        field = self._field
        fields = field.count(q)
        chain = self._chain(q) if fields else 0
        total = 0
        if fields > chain // 2:  # some Field not linked (a plain Field is worth 2 halves, a mountain 1)
            terrain = self._terrain
            total = sum(2 if terrain[i] == PLAIN_CODE else 1 for i in range(CELL_COUNT) if field[i] == q)
        cities = self._city.count(q)
        return (
            (chain + 0.3 * max(0, total - chain)) / _GOAL
            + (0.15 + 0.05 * cities if cities else 0.0)
            + 0.08 * len(self._princes[q])
            + (0.2 if self._queen[q] >= 0 else 0.0)
        )

    def _threat(self, m: int) -> float:
        """The most that ``m``, to move, could take with this action, in
        :meth:`evaluate`'s units: the rival's Queen, a City or a Field."""
        if not self._princes[m]:
            return 0.0
        o = 1 - m
        queen = self._queen[o]
        city, field = self._city, self._field
        housed = o in city  # a Queen lost with no City to come back to loses the game
        if not housed and queen >= 0 and self._beaten(m, queen):
            return 0.6
        if housed:
            for i in range(CELL_COUNT):
                if city[i] == o and self._beaten(m, i):
                    return 0.4
            if queen >= 0 and self._beaten(m, queen):
                return 0.25
        best = 0.0
        if o in field:
            terrain = self._terrain
            for i in range(CELL_COUNT):
                if field[i] == o:
                    gain = 0.2 if terrain[i] == PLAIN_CODE else 0.1
                    if gain > best and self._beaten(m, i):
                        best = gain
        return best

    def _beaten(self, a: int, t: int) -> bool:
        """Whether ``a``'s Princes within reach of hex ``t`` would win a
        Battle there. Reach is judged by distance and the land-or-sea rule
        only (paths are not traced), so it may see a threat a blocked path
        denies: an estimate, kept cheap."""
        queen = self._queen[a]
        sea = self._terrain[t] == SEA_CODE
        n = 0
        for i in self._princes[a]:
            d = _DIST[i][t]
            crossing = (self._terrain[i] == SEA_CODE) != sea  # land to sea or back: one hex
            if d == 0 or (d == 1 if crossing else d <= (5 - _DIST[queen][i] if queen >= 0 else 1)):
                n += 1
        if not n:
            return False
        attack = (5 - _DIST[queen][t] if queen >= 0 else 1) * min(n, 2)
        return attack > self._defence(1 - a, t)
