"""The rules of the Game of 5 Fields: :class:`FiveFields` and its state.

The position is held in small integer lists indexed by the board's compiled
cell numbers, and every rule reads the compiled tables (neighbours, distances)
of :data:`~boardkit.games.five_fields.board.BOARD`, never networkx. The
networkx graph stays available to users as ``state.topology.graph``.

The other rooms of the package: moves and their notation in ``moves.py``,
options in ``variants.py``, ``from_position``'s checks in ``setup.py``, views
in ``hidden.py``, text and SVG in ``render.py``; the state's methods for those
hand over to them. This module imports them (and the core and the board),
and none of them imports it back.

Why this module is long: a turn of 5 Fields (walks, exploring, Battles,
castling, building, regenerating, the winning chain) is one state class whose
methods share its integer lists and call one another; cut apart, every part
would reach into the others' fields. The value classes are kept out (in
``moves.py`` and ``variants.py``) so it can be compiled.

Why ``copy``, ``_key`` and undo are written by hand (not derived from
:mod:`boardkit.fields`, although the undo record is a copy of every field, as
a derived one is): ``_save`` and ``_restore`` copy the integer lists with
slices in one function each, where the derived ones make a call per field.
``benchmarks/bench_fields.py``: ``apply`` + ``undo`` 17,100 a second against
12,600 derived, random games (capped at 100 turns) 81 against 63 a second. A
new field goes in ``__init__``, ``_key``, ``_save`` and ``_restore``.

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

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardkit.about import About, Chance
from boardkit.errors import IllegalMoveError, OptionError, OptionTypeError, refusing, shown
from boardkit.game import Game, Outcome, Player, State, make_options
from boardkit.games.five_fields.board import (
    BOARD,
    CELL_COUNT,
    CELL_INDEX,
    CELLS,
    HIDDEN_CODE,
    MOST_CITIES,
    MOST_FIELDS,
    MOST_PRINCES,
    MOUNTAIN_CODE,
    PLAIN_CODE,
    PRINCE_HEXES,
    QUEEN_HEXES,
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
from boardkit.games.five_fields.hidden import FiveFieldsView, determinize, view_of
from boardkit.games.five_fields.moves import (
    BuildCity,
    BuildField,
    Castle,
    End,
    Explore,
    Move,
    Pass,
    PawnMove,
    RegeneratePrince,
    RegenerateQueen,
    Reveal,
    Step,
    parse_move,
)
from boardkit.games.five_fields.render import render_text, svg_cell_names, svg_cells, svg_picture
from boardkit.games.five_fields.setup import place, read_setup
from boardkit.games.five_fields.variants import FiveFieldsOptions
from boardkit.topology import Hex, HexGrid

if TYPE_CHECKING:
    from boardkit.encoding import Encoder

__all__ = ["FiveFields", "FiveFieldsState", "FiveFieldsView"]

_NB: tuple[tuple[int, ...], ...] = BOARD.compiled.neighbors
_DIST: tuple[tuple[int, ...], ...] = BOARD.compiled.distance or ()
_WITHIN2: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(CELL_COUNT) if 1 <= _DIST[i][j] <= 2) for i in range(CELL_COUNT)
)
_QUEEN_START = tuple(CELL_INDEX[c] for c in QUEEN_HEXES)
_PRINCE_START = tuple(tuple(CELL_INDEX[c] for c in hexes) for hexes in PRINCE_HEXES)

_GOAL = 10  # Fields worth 5, counted in halves
_MOVE_TYPES = (
    PawnMove,
    Explore,
    Step,
    Reveal,
    End,
    Castle,
    BuildField,
    BuildCity,
    RegeneratePrince,
    RegenerateQueen,
    Pass,
)
_SUBMOVES = (PawnMove, Explore, Step, Reveal)

#: (points left, has entered a hex, hex just turned over or -1)
_Walk = tuple[int, bool, int]


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
        goal="Link one of your Cities to Fields worth 5 or more (a Field on a plain counts 1, on a mountain 1/2).",
        turn=(
            "Take one action: move your Queen or Princes (a Prince ending on an enemy starts a battle),"
            " castle, build a Field or a City where your Queen stands, or bring back a Prince."
        ),
    )

    def __init__(self, **options: Any) -> None:
        self.options: FiveFieldsOptions = make_options(FiveFieldsOptions, options, game=self.name)

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> FiveFieldsState:
        """Lay out the map from ``seed`` (unless it is fixed) and set up the pawns.

        Raises:
            OptionError: unless ``players`` is 2 (or ``None``).

        Examples:
            >>> FiveFields().new_game(seed=3).queen(0)
            (0, 2)
        """
        return FiveFieldsState(self, self.check_players(players), seed)

    def cell_name(self, cell: Hex) -> str:
        """A hex's name as moves and the drawn map write it (see :func:`format_hex`).

        Examples:
            >>> FiveFields().cell_name((0, 0))
            'e3'
        """
        return format_hex(cell)

    def all_moves(self) -> Sequence[Move]:
        """Every move at its action index, for :mod:`boardkit.rl`: each sub-move kind
        over its hexes
        (:func:`boardkit.games.five_fields.encoding.all_moves`).

        Examples:
            >>> len(FiveFields().all_moves())
            1662
        """
        from boardkit.games.five_fields.encoding import all_moves

        return all_moves(self)

    def observation_encoder(self, players: int) -> Encoder:
        """A player's view as numbers, for :mod:`boardkit.rl`
        (:func:`boardkit.games.five_fields.encoding.observation_encoder`).

        Examples:
            >>> FiveFields().observation_encoder(2).shape
            (20, 19)
        """
        from boardkit.games.five_fields.encoding import observation_encoder

        return observation_encoder(self, players)

    def parse_move(self, text: str) -> Move:
        """Read a move; see :func:`~boardkit.games.five_fields.parse_move`.

        Examples:
            >>> FiveFields().parse_move("build field")
            BuildField()
        """
        return parse_move(text)

    @refusing("position")
    def from_position(
        self,
        *,
        terrain: Mapping[Hex, Terrain],
        pawns: Mapping[Hex, Sequence[tuple[Player, Pawn]]],
        fields: Mapping[Hex, Player] | None = None,
        cities: Mapping[Hex, Player] | None = None,
        to_move: Player = 0,
        seed: int | None = None,
        princes_lost: Sequence[int] = (0, 0),
    ) -> FiveFieldsState:
        """A position set up by hand, for tests, tutorials and puzzles.

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
            to_move: The player to move.
            seed: Seed of the state's generator.
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
        for name, given in (("terrain", terrain), ("pawns", pawns), ("fields", fields), ("cities", cities)):
            if given is not None and not isinstance(given, Mapping):
                raise OptionTypeError(f"{name} must be a mapping from hexes, not {shown(given)}")
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

    def from_setup(self, setup: Any, *, players: int, seed: int) -> FiveFieldsState:
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
            >>> state.to_record().replay() == state
            True
        """
        self.check_players(players)
        terrain, pawns, fields, cities, to_move, princes_lost = read_setup(setup, game=self.name)
        return FiveFieldsState._from_position(self, terrain, pawns, fields, cities, to_move, seed, princes_lost)


class FiveFieldsState(State[Move]):
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

    def __init__(self, game: FiveFields, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        opts = game.options
        self.topology = BOARD
        self._blank: bool = opts.blank_map
        self._limit: int | None = opts.turn_limit
        terrain = [HIDDEN_CODE] * CELL_COUNT
        pool = [TILES[t] for t in TERRAIN_CODES]
        for q in _QUEEN_START:
            terrain[q] = PLAIN_CODE
            pool[PLAIN_CODE] -= 1
        if opts.map is not None:
            fixed = parse_map(opts.map)
            terrain = [TERRAIN_CODE[fixed[cell]] for cell in CELLS]
            pool = [0, 0, 0]
        elif self._blank:
            for hexes in _PRINCE_START:
                for i in hexes:
                    terrain[i] = self._draw(pool)
        else:
            tiles = [t for t in (PLAIN_CODE, MOUNTAIN_CODE, SEA_CODE) for _ in range(pool[t])]
            self.rng.shuffle(tiles)
            others = [i for i in range(CELL_COUNT) if i not in _QUEEN_START]
            for i, t in zip(others, tiles, strict=True):
                terrain[i] = t
            pool = [0, 0, 0]
        self._terrain: list[int] = terrain
        self._pool: list[int] = pool
        self._queen: list[int] = list(_QUEEN_START)
        self._princes: list[list[int]] = [list(hexes) for hexes in _PRINCE_START]
        self._lost: list[int] = [0, 0]
        self._field: list[int] = [-1] * CELL_COUNT
        self._city: list[int] = [-1] * CELL_COUNT
        self._to_move: int = 0
        self._passes: int = 0
        self._turns: int = 0
        self._pairs: tuple[int, ...] = ()
        self._moved: list[int] = []
        self._qmoved: bool = False
        self._walk: _Walk | None = None
        self._outcome: Outcome | None = None

    @classmethod
    def _from_position(
        cls,
        game: FiveFields,
        terrain: Mapping[Hex, Terrain],
        pawns: Mapping[Hex, Sequence[tuple[Player, Pawn]]],
        fields: Mapping[Hex, Player],
        cities: Mapping[Hex, Player],
        to_move: Player,
        seed: int | None,
        princes_lost: Sequence[int] = (0, 0),
    ) -> FiveFieldsState:
        state = cls(game, 2, seed)
        place(state, terrain, pawns, fields, cities, to_move, princes_lost)
        return state

    # -- public queries ---------------------------------------------------------

    def terrain(self, cell: Hex) -> Terrain | None:
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

    def pawns(self, cell: Hex) -> tuple[tuple[Player, Pawn], ...]:
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

    def field(self, cell: Hex) -> Player | None:
        """The owner of the Field on a hex, or ``None``.

        Examples:
            >>> state = FiveFields().new_game(seed=3)
            >>> state.apply("build field")
            >>> state.field((0, 2))
            0
        """
        owner = self._field[hex_index(cell)]
        return None if owner < 0 else owner

    def city(self, cell: Hex) -> Player | None:
        """The owner of the City on a hex, or ``None``.

        Examples:
            >>> state = FiveFields().new_game(seed=3)
            >>> state.apply("build city")
            >>> state.city((0, 2))
            0
        """
        owner = self._city[hex_index(cell)]
        return None if owner < 0 else owner

    def queen(self, player: Player) -> Hex | None:
        """Where ``player``'s Queen stands, or ``None`` when she is off the board.

        Examples:
            >>> FiveFields().new_game(seed=3).queen(1)
            (0, -2)
        """
        i = self._queen[self.check_player(player)]
        return None if i < 0 else CELLS[i]

    def princes(self, player: Player) -> tuple[Hex, ...]:
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

    def prince_range(self, cell: Hex) -> int:
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

    def chain_value(self, player: Player) -> float:
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

    def _play(self, move: Move) -> object:
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

    def _key(self) -> Hashable:
        return (
            tuple(self._terrain),
            tuple(self._pool),
            tuple(self._queen),
            tuple(sorted(self._princes[0])),
            tuple(sorted(self._princes[1])),
            tuple(self._lost),
            tuple(self._field),
            tuple(self._city),
            self._to_move,
            self._passes,
            self._turns,
            self._pairs,
            tuple(self._moved),
            self._qmoved,
            self._walk,
            self._outcome,
        )

    def copy(self) -> FiveFieldsState:
        twin = self._bare_twin()
        twin.topology = self.topology
        twin._blank = self._blank
        twin._limit = self._limit
        twin._restore(self._save())
        return twin

    def view(self, player: Player) -> FiveFieldsView:
        """What ``player`` may know: everything but the generator.

        Examples:
            >>> state = FiveFields(blank_map=True).new_game(seed=4)
            >>> state.view(0).player
            0
        """
        return view_of(self, player)

    def determinize(self, player: Player, seed: int) -> FiveFieldsState:
        """A copy with a fresh generator: the face-down hexes' terrain is drawn
        only when they are turned over, from the unseen tiles whose counts
        both players know, so the generator is all there is to resample.

        Examples:
            >>> state = FiveFields(blank_map=True).new_game(seed=4)
            >>> state.determinize(0, seed=9).view(0) == state.view(0)
            True
        """
        return determinize(self, player, seed)

    # -- bookkeeping ------------------------------------------------------------

    def _save(self) -> tuple[Any, ...]:
        return (
            self._terrain[:],
            self._pool[:],
            self._queen[:],
            [self._princes[0][:], self._princes[1][:]],
            self._field[:],
            self._city[:],
            self._to_move,
            self._passes,
            self._turns,
            self._pairs,
            self._moved[:],
            self._qmoved,
            self._walk,
            self._outcome,
            self.rng.state,
            self._lost[:],
        )

    def _restore(self, saved: tuple[Any, ...]) -> None:
        terrain, pool, queen, princes, field, city, to_move, passes, turns, pairs, moved, qmoved, walk = saved[:13]
        outcome, rng, lost = saved[13:]
        self._terrain = terrain[:]
        self._pool = pool[:]
        self._queen = queen[:]
        self._princes = [princes[0][:], princes[1][:]]
        self._field = field[:]
        self._city = city[:]
        self._to_move = to_move
        self._passes = passes
        self._turns = turns
        self._pairs = pairs
        self._moved = moved[:]
        self._qmoved = qmoved
        self._walk = walk
        self._outcome = outcome
        self.rng.state = rng
        self._lost = lost[:]

    def _draw(self, pool: list[int]) -> int:
        k = self.rng.randbelow(sum(pool))
        for t in (PLAIN_CODE, MOUNTAIN_CODE, SEA_CODE):
            if k < pool[t]:
                pool[t] -= 1
                return t
            k -= pool[t]
        raise AssertionError("unreachable: the pool count is exhausted")  # pragma: no cover

    def _in_action(self) -> bool:
        return bool(self._moved) or self._qmoved

    def _pairs_of(self, p: int) -> tuple[int, ...]:
        mine = self._princes[p]
        return tuple(sorted(i for i in set(mine) if mine.count(i) >= 2))

    # -- values -----------------------------------------------------------------

    def _value(self, p: int, i: int) -> int:
        """A Prince's range and attack value on hex ``i``."""
        q = self._queen[p]
        return 5 - _DIST[q][i] if q >= 0 else 1

    def _blocks(self, e: int, i: int) -> bool:
        """Whether player ``e`` has a Queen, Prince or City on hex ``i``."""
        return self._queen[e] == i or i in self._princes[e] or self._city[i] == e

    def _defence(self, e: int, i: int) -> int:
        mountain = self._terrain[i] == MOUNTAIN_CODE
        city = self._city[i] == e
        double = 2 if mountain and not city else 1
        total = sum(self._value(e, i) * double for _ in range(self._princes[e].count(i)))
        if self._queen[e] == i:
            total += 7 if mountain and not city else 4
        if city:
            total += 5 if mountain else 3
        return total

    def _battles(self, p: int) -> list[tuple[int, int, int]]:
        """``(hex, attack, defence)`` for every battle the action would fight."""
        e = 1 - p
        found = []
        for i in sorted(set(self._moved)):
            if self._blocks(e, i):
                attack = self._value(p, i) * self._princes[p].count(i)
                found.append((i, attack, self._defence(e, i)))
        return found

    def _battles_won(self, p: int) -> bool:
        return all(attack > defence for _, attack, defence in self._battles(p))

    def _chain(self, p: int) -> int:
        """The best linked Field value of ``p``, in halves."""
        terrain, field, city = self._terrain, self._field, self._city
        princes = self._princes[p]
        best = 0
        seen: set[int] = set()
        for start in range(CELL_COUNT):
            if city[start] != p or start in seen:
                continue
            seen.add(start)
            stack = [start]
            worth = 0
            while stack:
                i = stack.pop()
                if field[i] == p:
                    worth += 2 if terrain[i] == PLAIN_CODE else 1
                for j in _NB[i]:
                    if j not in seen and (
                        field[j] == p or city[j] == p or (terrain[j] == SEA_CODE and j in princes)
                    ):
                        seen.add(j)
                        stack.append(j)
            best = max(best, worth)
        return best

    # -- movement ---------------------------------------------------------------

    def _reach(self, p: int, a: int, points: int, cross: bool) -> list[int]:
        """Hexes a Prince of ``p`` on ``a`` can end on with ``points`` of
        movement, before the end-of-move checks (``a`` itself excluded)."""
        terrain = self._terrain
        sea = terrain[a] == SEA_CODE
        e = 1 - p
        seen = {a}
        found: list[int] = []
        if cross and points >= 1:
            for j in _NB[a]:
                t = terrain[j]
                if t != HIDDEN_CODE and (t == SEA_CODE) != sea:
                    seen.add(j)
                    found.append(j)
        frontier = [a]
        for _ in range(points):
            nxt = []
            for i in frontier:
                for j in _NB[i]:
                    if j in seen:
                        continue
                    t = terrain[j]
                    if t == HIDDEN_CODE or (t == SEA_CODE) != sea:
                        continue
                    seen.add(j)
                    found.append(j)
                    if not self._blocks(e, j):
                        nxt.append(j)
            frontier = nxt
        return found

    def _can_end(self, p: int, j: int, extra: int = 1) -> bool:
        """Whether a Prince may end on ``j``, ``extra`` counting it if it is not there yet."""
        return self._queen[p] != j and self._princes[p].count(j) + extra <= 2

    def _prince_ends(self, p: int, a: int) -> list[int]:
        ends = self._reach(p, a, self._value(p, a), True)
        return sorted(j for j in ends if self._can_end(p, j))

    def _queen_stand(self, p: int, j: int, allowed: int = 0) -> bool:
        t = self._terrain[j]
        return (
            t in (PLAIN_CODE, MOUNTAIN_CODE)
            and not self._blocks(1 - p, j)
            and self._princes[p].count(j) == allowed
            and self._queen[p] != j
        )

    def _queen_cross(self, p: int, m: int) -> bool:
        t = self._terrain[m]
        return t != HIDDEN_CODE and (t != SEA_CODE or m in self._princes[p]) and not self._blocks(1 - p, m)

    def _queen_path(self, p: int, h: int, j: int) -> bool:
        return _DIST[h][j] == 1 or any(self._queen_cross(p, m) for m in _NB[h] if _DIST[m][j] == 1)

    def _queen_ends(self, p: int) -> list[int]:
        h = self._queen[p]
        if h < 0 or self._qmoved:
            return []
        return [j for j in _WITHIN2[h] if self._queen_stand(p, j) and self._queen_path(p, h, j)]

    def _unmoved(self, p: int) -> list[int]:
        """Hexes holding a Prince of ``p`` that has not moved this action."""
        mine, moved = self._princes[p], self._moved
        return sorted(i for i in set(mine) if mine.count(i) > moved.count(i))

    def _walker_can_stop(self, p: int) -> bool:
        if self._walk is None:
            return True
        return self._can_end(p, self._moved[-1], extra=0)

    # -- sub-moves and legality -------------------------------------------------

    def _pawn_starts(self, p: int, only: tuple[Pawn, int] | None = None) -> list[Move]:
        """Every legal way to start moving a pawn now (``only``: one pawn)."""
        if len(self._moved) + self._qmoved >= 2:
            return []
        pending = any(self._blocks(1 - p, i) for i in self._moved)
        moves: list[Move] = []
        if only is None or only[0] is Pawn.QUEEN:
            h = self._queen[p]
            for j in self._queen_ends(p):
                if only is not None and only[1] != h:
                    continue
                move = PawnMove(Pawn.QUEEN, CELLS[h], CELLS[j])
                if not pending or self._try(move):
                    moves.append(move)
        for a in self._unmoved(p):
            if only is not None and (only[0] is not Pawn.PRINCE or only[1] != a):
                continue
            if not self._blank:
                for j in self._prince_ends(p, a):
                    move = PawnMove(Pawn.PRINCE, CELLS[a], CELLS[j])
                    if (not pending and not self._blocks(1 - p, j)) or self._try(move):
                        moves.append(move)
                continue
            for j in _NB[a]:
                if self._terrain[j] == HIDDEN_CODE:
                    continue
                move = PawnMove(Pawn.PRINCE, CELLS[a], CELLS[j])
                if (not pending and not self._blocks(1 - p, j) and self._can_end(p, j)) or self._try(move):
                    moves.append(move)
            for j in _NB[a]:
                if self._terrain[j] == HIDDEN_CODE and (not pending or self._try_explore(p, a)):
                    moves.append(Explore(CELLS[a], CELLS[j]))
        return moves

    def _walk_moves(self, p: int) -> list[Move]:
        walk = self._walk
        if walk is None:
            return []
        points, entered, free = walk
        x = self._moved[-1]
        sea = self._terrain[x] == SEA_CODE
        moves: list[Move] = []
        for j in _NB[x]:
            t = self._terrain[j]
            if t == HIDDEN_CODE or (j != free and points < 1) or ((t == SEA_CODE) != sea and entered):
                continue
            move: Move = Step(CELLS[x], CELLS[j])
            if self._try(move):
                moves.append(move)
        if points >= 1 and self._pool_size() > 0:
            hidden = [j for j in _NB[x] if self._terrain[j] == HIDDEN_CODE]
            if hidden:
                self._walk = (points - 1, entered, -1)
                ok = self._completable(p)
                self._walk = walk
                if ok:
                    moves.extend(Reveal(CELLS[x], CELLS[j]) for j in hidden)
        return moves

    def _pool_size(self) -> int:
        return sum(self._pool)

    def _try(self, move: Move) -> bool:
        """Whether the action can still be completed legally after ``move``."""
        saved = self._save()
        self._do(move)
        ok = self._completable(self._to_move)
        self._restore(saved)
        return ok

    def _try_explore(self, p: int, a: int) -> bool:
        """Whether the action can be completed after the Prince on ``a`` starts
        by turning a hex over, whatever the hex turns out to be."""
        saved = self._save()
        self._walk = (self._value(p, a) - 1, False, -1)
        self._moved.append(a)
        ok = self._completable(p)
        self._restore(saved)
        return ok

    def _walker_ends(self, p: int) -> list[int]:
        walk = self._walk
        if walk is None:
            return []
        points, entered, free = walk
        x = self._moved[-1]
        ends = set(self._reach(p, x, points, not entered))
        if free >= 0 and self._terrain[free] != HIDDEN_CODE:
            same = (self._terrain[free] == SEA_CODE) == (self._terrain[x] == SEA_CODE)
            if same:
                ends.add(free)
                if not self._blocks(1 - p, free):
                    ends.update(self._reach(p, free, points, False))
            elif not entered:
                ends.add(free)
        ends.discard(x)
        found = [x] if self._can_end(p, x, extra=0) else []
        return found + sorted(j for j in ends if self._can_end(p, j))

    def _completable(self, p: int) -> bool:
        """Whether some way of finishing the current action is legal."""
        if self._walk is None:
            return self._completable_closed(p)
        x = self._moved[-1]
        walk = self._walk
        for j in self._walker_ends(p):
            mine = self._princes[p]
            mine.remove(x)
            mine.append(j)
            self._moved[-1] = j
            self._walk = None
            ok = self._completable_closed(p)
            self._walk = walk
            self._moved[-1] = x
            mine.remove(j)
            mine.append(x)
            if ok:
                return True
        return False

    def _completable_closed(self, p: int) -> bool:
        if not all(self._can_end(p, i, extra=0) for i in self._moved):
            return False
        if self._battles_won(p):
            return True
        if len(self._moved) + self._qmoved >= 2:
            return False
        # A second pawn may still save the battles: the Queen closing in, or a
        # Prince joining the attack.
        h = self._queen[p]
        for j in self._queen_ends(p):
            self._queen[p] = j
            self._qmoved = True
            ok = self._battles_won(p)
            self._queen[p] = h
            self._qmoved = False
            if ok:
                return True
        mine = self._princes[p]
        targets = {i for i in self._moved if self._blocks(1 - p, i)}
        for a in self._unmoved(p):
            for j in self._prince_ends(p, a):
                if j not in targets:
                    continue
                mine.remove(a)
                mine.append(j)
                self._moved.append(j)
                ok = self._battles_won(p)
                self._moved.pop()
                mine.remove(j)
                mine.append(a)
                if ok:
                    return True
        return False

    def _castles(self, p: int) -> list[Move]:
        h = self._queen[p]
        if h < 0:
            return []
        moves: list[Move] = []
        for j in sorted(set(self._princes[p])):
            if 1 <= _DIST[h][j] <= 2 and self._queen_stand(p, j, allowed=1) and self._queen_path(p, h, j):
                moves.append(Castle(CELLS[h], CELLS[j]))
        return moves

    def _builds(self, p: int) -> list[Move]:
        h = self._queen[p]
        if h < 0 or self._field[h] >= 0 or self._city[h] >= 0 or self._terrain[h] in (SEA_CODE, HIDDEN_CODE):
            return []
        moves: list[Move] = []
        if self._field.count(p) < MOST_FIELDS:
            moves.append(BuildField())
        if self._city.count(p) < MOST_CITIES:
            moves.append(BuildCity())
        return moves

    def _regenerations(self, p: int) -> list[Move]:
        mine = self._princes[p]
        cities = [i for i in range(CELL_COUNT) if self._city[i] == p]
        moves: list[Move] = []
        if self._lost[p] > 0 and len(mine) < MOST_PRINCES and self._field.count(p) >= len(mine) + 1:
            moves.extend(RegeneratePrince(CELLS[c]) for c in cities if c not in mine and self._queen[p] != c)
        if self._queen[p] < 0:
            for c in cities:
                for a in sorted(set(mine)):
                    if mine.count(c) - (a == c) == 0:
                        moves.append(RegenerateQueen(CELLS[c], CELLS[a]))
        return moves

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        p = self._to_move
        acting = self._in_action()
        if isinstance(move, (Castle, BuildField, BuildCity, RegeneratePrince, RegenerateQueen, Pass)) and acting:
            return "a move action is under way: move a second pawn or end it"
        if isinstance(move, PawnMove):
            return self._pawn_refusal(p, move)
        if isinstance(move, Explore):
            if not self._blank:
                return "hexes are turned over only with the blank_map option"
            a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
            if self._terrain[j] != HIDDEN_CODE or j not in _NB[a]:
                return f"{format_hex(move.target)} is not a face-down neighbour of {format_hex(move.source)}"
            return self._start_refusal(p, Pawn.PRINCE, a) or (
                None
                if move in self._pawn_starts(p, (Pawn.PRINCE, a))
                else "the battles of this action could no longer be won"
            )
        if isinstance(move, (Step, Reveal)):
            if self._walk is None or CELLS[self._moved[-1]] != move.source:
                return f"no Prince is moving step by step from {format_hex(move.source)}"
            if move in self._walk_moves(p):
                return None
            return f"the moving Prince cannot {'step to' if isinstance(move, Step) else 'turn over'} " + format_hex(
                move.target
            )
        if isinstance(move, End):
            if not acting:
                return "no pawn has moved: end closes a move action"
            if move in self.legal_moves():
                return None
            if not self._walker_can_stop(p):
                return f"a Prince cannot stop on {format_hex(CELLS[self._moved[-1]])}"
            return self._battle_reason(p) or "the action cannot end here"
        if move in self.legal_moves():
            return None
        if isinstance(move, Pass):
            return "pass is not allowed right after both players passed"
        if isinstance(move, Castle):
            return f"the Queen on {format_hex(move.queen)} cannot castle with a Prince on {format_hex(move.prince)}"
        if isinstance(move, (BuildField, BuildCity)):
            what = "Field" if isinstance(move, BuildField) else "City"
            return f"the Queen cannot build a {what} where she stands (or none is left to build)"
        if isinstance(move, RegeneratePrince):
            if self._lost[self._to_move] == 0:
                return "only a Prince lost in a Battle can be regenerated, and none is waiting"
            return f"no Prince can be regenerated in {format_hex(move.city)}"
        return f"the Queen cannot return in {format_hex(move.city)} for the Prince on {format_hex(move.prince)}"

    def _start_refusal(self, p: int, pawn: Pawn, a: int) -> str | None:
        if len(self._moved) + self._qmoved >= 2:
            return "two pawns have already moved this turn"
        if not self._walker_can_stop(p):
            return f"the moving Prince cannot stop on {format_hex(CELLS[self._moved[-1]])}"
        if pawn is Pawn.QUEEN:
            if self._queen[p] != a:
                return f"no Queen of player {p} on {format_hex(CELLS[a])}"
            if self._qmoved:
                return "the Queen has already moved this turn"
        elif a not in self._unmoved(p):
            return f"no Prince of player {p} left to move on {format_hex(CELLS[a])}"
        return None

    def _pawn_refusal(self, p: int, move: PawnMove) -> str | None:
        a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
        name = "Queen" if move.pawn is Pawn.QUEEN else "Prince"
        reason = self._start_refusal(p, move.pawn, a)
        if reason is not None:
            return reason
        if move in self._pawn_starts(p, (move.pawn, a)):
            return None
        if move.pawn is Pawn.QUEEN:
            return f"the Queen cannot go from {format_hex(move.source)} to {format_hex(move.target)}"
        if self._blank and j not in _NB[a]:
            return "with blank_map a Prince moves one hex at a time"
        ends = self._reach(p, a, self._value(p, a), True) if not self._blank else list(_NB[a])
        if j not in ends or not self._can_end(p, j):
            return f"the {name} on {format_hex(move.source)} cannot reach {format_hex(move.target)}"
        if self._blocks(1 - p, j):
            attack = self._value(p, j) * (self._princes[p].count(j) + 1)
            defence = self._defence(1 - p, j)
            if attack <= defence:
                return (
                    f"the attack on {format_hex(move.target)} would be {attack} against a defence of {defence},"
                    " and no second pawn can make it stronger"
                )
        return self._battle_reason(p) or f"the {name} cannot move to {format_hex(move.target)} now"

    def _battle_reason(self, p: int) -> str | None:
        for i, attack, defence in self._battles(p):
            if attack <= defence:
                return f"the attack on {format_hex(CELLS[i])} is {attack} against a defence of {defence}"
        return None

    # -- carrying moves out -----------------------------------------------------

    def _do(self, move: Move) -> None:
        p = self._to_move
        mine = self._princes[p]
        if isinstance(move, PawnMove):
            a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
            self._walk = None
            if move.pawn is Pawn.QUEEN:
                self._queen[p] = j
                self._qmoved = True
                return
            points = self._value(p, a)
            mine.remove(a)
            mine.append(j)
            self._moved.append(j)
            if self._blank:
                self._walk = self._after_step(p, a, j, points - 1, False)
            return
        if isinstance(move, Explore):
            a, j = CELL_INDEX[move.source], CELL_INDEX[move.target]
            points = self._value(p, a)
            self._moved.append(a)
            self._terrain[j] = self._draw(self._pool)
            self._walk = (points - 1, False, j)
            return
        if isinstance(move, Step):
            points, entered, free = self._walk or (0, True, -1)
            x, j = self._moved[-1], CELL_INDEX[move.target]
            if j != free:
                points -= 1
            mine.remove(x)
            mine.append(j)
            self._moved[-1] = j
            self._walk = self._after_step(p, x, j, points, entered)
            return
        if isinstance(move, Reveal):
            points, entered, _ = self._walk or (1, True, -1)
            j = CELL_INDEX[move.target]
            self._terrain[j] = self._draw(self._pool)
            self._walk = (points - 1, entered, j)
            return
        if isinstance(move, End):
            self._walk = None
            return
        if isinstance(move, Castle):
            h, j = CELL_INDEX[move.queen], CELL_INDEX[move.prince]
            self._queen[p] = j
            mine.remove(j)
            mine.append(h)
        elif isinstance(move, BuildField):
            self._field[self._queen[p]] = p
        elif isinstance(move, BuildCity):
            self._city[self._queen[p]] = p
        elif isinstance(move, RegeneratePrince):
            mine.append(CELL_INDEX[move.city])
            self._lost[p] -= 1
        elif isinstance(move, RegenerateQueen):
            mine.remove(CELL_INDEX[move.prince])
            self._queen[p] = CELL_INDEX[move.city]

    def _after_step(self, p: int, x: int, j: int, points: int, entered: bool) -> _Walk | None:
        """The walk after a Prince stepped from ``x`` to ``j``, or ``None`` when it is over."""
        crossed = (self._terrain[x] == SEA_CODE) != (self._terrain[j] == SEA_CODE)
        if crossed or points <= 0 or self._blocks(1 - p, j):
            return None
        return (points, True, -1)

    def _finish(self, passed: bool) -> None:
        """End the action: battles, captures, separation, victory."""
        p = self._to_move
        e = 1 - p
        for i, _, _ in self._battles(p):
            if self._queen[e] == i:
                self._queen[e] = -1
            survivors = [k for k in self._princes[e] if k != i]
            self._lost[e] += len(self._princes[e]) - len(survivors)
            self._princes[e] = survivors
            if self._city[i] == e:
                self._city[i] = p
        standing = set(self._moved)
        if self._qmoved:
            standing.add(self._queen[p])
        for i in sorted(standing):
            if self._field[i] == e:
                self._field[i] = p if self._field.count(p) < MOST_FIELDS else -1
        for i in self._pairs:
            if self._princes[p].count(i) >= 2:
                self._princes[p].remove(i)
        self._moved = []
        self._qmoved = False
        self._walk = None
        self._passes = self._passes + 1 if passed else 0
        self._turns += 1
        self._to_move = e
        self._pairs = self._pairs_of(e)
        self._outcome = self._judge(p)

    def _judge(self, actor: int, count_turn: bool = True) -> Outcome | None:
        for p in (actor, 1 - actor):
            if self._chain(p) >= _GOAL:
                return Outcome.win(p, "a city linked to fields worth 5")
        for p in (actor, 1 - actor):
            if self._queen[p] < 0:
                if not any(c == p for c in self._city):
                    return Outcome.win(1 - p, "queen lost with no city")
                if not self._princes[p]:
                    return Outcome.win(1 - p, "queen lost with no prince left")
        if count_turn and self._limit is not None and self._turns >= self._limit:
            return Outcome.draw("turn limit reached")
        return None

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
            linked Fields: player 0 0, player 1 0 (5 wins)
            Princes lost: player 0 0, player 1 0
            turn: 1
            face down: 11: plain 5, mountain 3, sea 3
        """
        seat = self.game.seat_name
        info = {
            "linked Fields": ", ".join(f"{seat(p)} {self._chain(p) / 2:g}" for p in (0, 1)) + " (5 wins)",
            "Princes lost": ", ".join(f"{seat(p)} {self._lost[p]}" for p in (0, 1)),
            "turn": f"{self._turns + (self._outcome is None)}" + (f" of {self._limit}" if self._limit else ""),
        }
        if any(self._pool):
            counts = ", ".join(f"{t.value} {n}" for t, n in self.unseen.items() if n)
            info["face down"] = f"{sum(self._pool)}: {counts}"
        return info

    def describe(self, move: Move, before: FiveFieldsState) -> str:
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
            for i in range(CELL_COUNT):
                lost = trial._princes[p].count(i) - self._princes[p].count(i)
                if lost > 0 and i in before._pairs:
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

    def svg_cells(self) -> tuple[HexGrid, dict[Hex, str], dict[Hex, str]]:
        """The board, a label per occupied hex and a fill colour per hex, for
        :func:`boardkit.render.svg`.

        Examples:
            >>> board, labels, fills = FiveFields().new_game(seed=0).svg_cells()
            >>> labels[(0, 2)], fills[(0, 2)]
            ('Q', '#9ccc65')
        """
        return svg_cells(self)

    def svg_picture(self, title: str | None = None) -> str:
        """The map as an SVG picture, for :func:`boardkit.render.svg` and Jupyter.

        Hexes are filled by terrain (face-down hexes grey with a ``?``); a
        Field is a ring in its owner's colour inside the hex, a City a small
        castle in its owner's colour; pawns are discs in their owner's colour
        marked ``Q`` (Queen) or ``P`` (Prince). A key under the map explains
        the colours.

        Args:
            title: A line above the map, or none.

        Examples:
            >>> import xml.etree.ElementTree as ET
            >>> state = FiveFields().new_game(seed=0)
            >>> root = ET.fromstring(state.svg_picture("start"))
            >>> sum(1 for e in root.iter() if e.get("class") == "pawn player-1")
            4
        """
        return svg_picture(self, title)

    def svg_cell_names(self) -> dict[Hex, str]:
        """Each hex's name as the move notation writes it, for the
        ``data-cell`` marks of the picture.

        Examples:
            >>> from boardkit.games.five_fields.board import format_hex
            >>> names = FiveFields().new_game(seed=0).svg_cell_names()
            >>> len(names), names[(0, 0)] == format_hex((0, 0))
            (19, True)
        """
        return svg_cell_names(self)

    def evaluate(self, player: Player) -> float:
        """A cheap estimate in ``[-1, 1]`` of ``player``'s position: linked
        Field value, Fields and Cities built, and the pawns left.

        Examples:
            >>> FiveFields().new_game(seed=0).evaluate(0)
            0.0
        """
        if self._outcome is not None:
            return super().evaluate(player)
        p = self.check_player(player)

        def worth(q: int) -> float:
            return (
                self._chain(q) / _GOAL
                + 0.05 * self._field.count(q)
                + 0.1 * self._city.count(q)
                + 0.08 * len(self._princes[q])
                + (0.2 if self._queen[q] >= 0 else 0.0)
            )

        score = worth(p) - worth(1 - p)
        return max(-0.95, min(0.95, score))
