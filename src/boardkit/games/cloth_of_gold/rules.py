"""The rules of Field of the Cloth of Gold for two players.

The Darkness is a :class:`~boardkit.TileBag` drawing with the state's
generator, the Track of Scoring a :class:`~boardkit.ScoreTrack`, each Hand a
:class:`~boardkit.Hand` (seen by its owner only) and each Court a public
:class:`~boardkit.Zone`. Everything a turn decides is in its move: which
token, where it goes and, for a move onto the Dragon's oval, where the Dragon
flies; every action then resolves on its own.

The other rooms of the package: moves and their notation in ``moves.py``,
options in ``variants.py``, ``from_position``'s checks in ``setup.py``, views
and the determinized deal in ``hidden.py``, text and SVG in ``render.py``; the
state's methods for those hand over to them. This module imports them (and the
core, the components and the board), and none of them imports it back: they
name the game and the state by the protocols of ``shape.py``.

The module holds the game (``ClothOfGold``, whose ``from_position``
documents every argument), the state's public queries, each with its
documented example, and then the turn itself.

Why ``copy``, ``_key`` and undo are written by hand (not derived from
:mod:`boardkit.fields`): every ``apply`` takes an undo record, a copy of every
field, and the kit's derived one makes a generic call per field and per item.
Tried here (commit 5c38023, reverted), it made random games about 30% slower.
``benchmarks/bench_fields.py``: ``apply`` + ``undo`` 29,100 a second against
22,700 derived, random games 1,120 against 744 a second. The fields are
listed in ``_save``, ``_unplay``, ``_key`` and ``copy``: a new field goes in
all four.

The Hands and Courts are copied on write: an undo record, and a copy of the
state, keep the zone objects themselves, and a move copies a zone the first
time it changes it (``_hand_to_change``, ``_court_to_change``), so a move pays
for the one or two zones it changes rather than all four. The removed tiles'
Counter is never changed in place (a change makes a new one), so records and
copies share it.

Examples:
    >>> game = ClothOfGold(2023)
    >>> state = game.new_game(seed=7)
    >>> state.darkness_size, [sum(state.hand(p).values()) for p in (0, 1)]
    (44, [2, 2])
    >>> state.legal_moves()[:3]
    [Move.from_text('A-dragon/secrecy'), Move.from_text('A-dragon/gold'), Move.from_text('A-dragon/blue')]
    >>> state.apply("A-gold")
    >>> state.tokens(0), state.current_player
    ((<Space.GOLD: 'gold'>, None), 1)
"""

from __future__ import annotations

import math
import warnings
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from boardkit.about import About, Chance, Information
from boardkit.bag import TileBag
from boardkit.chance import Random
from boardkit.compiling import IntArgument, TextArgument, mypyc_attr
from boardkit.errors import IllegalMoveError, OptionError
from boardkit.game import Game, Outcome, Player, State, fields_of, from_fields, from_options, make_options, setup_fields
from boardkit.games.cloth_of_gold.board import (
    ACTION_TILE,
    COLOURS,
    OVALS,
    SECRECY_DRAWS,
    TARGET,
    TILE_ORDER,
    TILE_SPACES,
    TILES,
    Space,
    Tile,
    new_track,
    tile_pairs,
)
from boardkit.games.cloth_of_gold.hidden import ClothOfGoldView, determinize, view_of
from boardkit.games.cloth_of_gold.moves import MOVES, TOKEN_NAMES, Move
from boardkit.games.cloth_of_gold.render import describe, public_info, text
from boardkit.games.cloth_of_gold.setup import position
from boardkit.games.cloth_of_gold.text import MOVE_KINDS, rules_in_play
from boardkit.games.cloth_of_gold.variants import TILE_SETS, ClothOfGoldOptions
from boardkit.zones import Hand, Zone

if TYPE_CHECKING:
    from boardkit.parts import Parts

__all__ = [
    "TOKEN_NAMES",
    "ClothOfGold",
    "ClothOfGoldState",
    "ClothOfGoldView",
    "Move",
    "winners_of",
]

#: Points of the Blue action by the number of blue tiles in Court (3 or more: 6).
_BLUE_POINTS: Final = (0, 1, 3, 6)


def winners_of(scores: Sequence[int], courts: Sequence[Mapping[Tile, int]]) -> frozenset[Player]:
    """Who wins with these final scores and Courts: the higher score; then more
    white tiles in Court; then more tiles in Court; otherwise both (a shared
    victory).

    Examples:
        >>> winners_of((31, 29), ({}, {}))
        frozenset({0})
        >>> winners_of((30, 30), ({Tile.WHITE: 1}, {Tile.GOLD: 4}))
        frozenset({0})
        >>> winners_of((30, 30), ({Tile.RED: 1}, {Tile.GOLD: 4}))
        frozenset({1})
        >>> winners_of((12, 12), ({Tile.RED: 2}, {Tile.GOLD: 2}))
        frozenset({0, 1})
    """
    keys = [(scores[p], courts[p].get(Tile.WHITE, 0), sum(courts[p].values())) for p in (0, 1)]
    if keys[0] == keys[1]:
        return frozenset({0, 1})
    return frozenset({0 if keys[0] > keys[1] else 1})


# Compiled with mypyc (hatch_build.py): made and subclassed from Python code; pickles, copies and
# deep-copies. The parameters that take what users type are ``Any``, so that a wrong type is the
# same boardkit error on both builds (a compiled signature would refuse it with a bare TypeError).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class ClothOfGold(Game["ClothOfGoldState", Move]):
    """Field of the Cloth of Gold, for two players.

    Args:
        variant: The edition: ``2023`` (default; 12 gold tiles and 6 jewels)
            or ``2020`` (18 gold tiles, no jewels). The editions are the
            variants: ``edition=``, the option's old name, still works for
            one release with a :class:`DeprecationWarning` (so records
            written with it replay), and then goes.
        first: The player who takes the first turn (default 0).

    Raises:
        OptionError: for an unknown option or a bad value, or both
            ``variant`` and ``edition``.

    Examples:
        >>> ClothOfGold(2020).option_values()
        {'variant': 2020, 'first': 0}
        >>> ClothOfGold(variant=2021)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: variant must be 2023 or 2020, not 2021
    """

    name = "cloth-of-gold"
    about = About(
        title="Field of the Cloth of Gold",
        information=Information.IMPERFECT,
        chance=Chance.HIDDEN,
        goal=(
            "Score the most points: the game ends when a score reaches 30 or the Darkness runs out,"
            " then jewels and gold in your Court add their points."
        ),
        turn=(
            "Move one of your two tokens into an empty oval (no token, no Dragon), written A-gold: token A"
            " to the Gold oval. Your first two turns bring A and then B onto the board. The tile beside that"
            " oval goes to your rival's Court as a gift, then the oval's action, below, happens. At the end"
            " of the turn every empty oval without a tile gets one from the Darkness."
        ),
        moves=MOVE_KINDS,
        rules_in_play=rules_in_play,
    )
    min_players = 2
    max_players = 2
    options: ClothOfGoldOptions

    def __init__(self, variant: Any = None, **options: Any) -> None:
        if "edition" in options:
            # The one old spelling kept for a release (records written with it replay): one warning.
            if variant is not None:
                raise OptionError("give the variant once: edition is the old name of variant")
            warnings.warn(
                "ClothOfGold(edition=...) is deprecated: the editions are the variants, write "
                "ClothOfGold(variant=...); edition= goes in the release after 0.1.0",
                DeprecationWarning,
                stacklevel=2,
            )
            variant = options.pop("edition")
        given = {"variant": variant} if variant is not None else {}
        self.options = make_options(ClothOfGoldOptions, {**given, **options}, game=self.name)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its options, plain data (as in a record), from which
        :func:`~boardkit.game.from_options` makes the game again: the same pickle on the pure and the
        compiled build."""
        return (from_options, (type(self), self.option_values()))

    @property
    def variant(self) -> int:
        """The variant played: the edition, 2023 or 2020.

        Examples:
            >>> ClothOfGold().variant
            2023
        """
        return self.options.variant

    @property
    def tile_set(self) -> Counter[Tile]:
        """Every tile of the variant, 54 in all.

        Examples:
            >>> ClothOfGold(2020).tile_set[Tile.GOLD]
            18
        """
        return Counter(TILE_SETS[self.options.variant])

    def new_game(self, *, players: IntArgument | None = None, seed: IntArgument | None = None) -> ClothOfGoldState:
        """Set up a game: jewels held back while each player draws two tiles,
        then shuffled in, then one tile onto each of the six tile spaces.

        Examples:
            >>> state = ClothOfGold().new_game(seed=3)
            >>> state.current_player, state.darkness_size, state.dragon is None
            (0, 44, True)
        """
        state = ClothOfGoldState(self, self.check_players(players), seed)
        state._set_up()
        return state

    @property
    def declared(self) -> Parts[ClothOfGoldState, ClothOfGold]:
        """Field of the Cloth of Gold's parts (:class:`~boardkit.parts.Parts`), as the package
        assembles them (``boardkit.games.cloth_of_gold.PARTS``): its state class,
        its picture, its RL action list and observation encoder.

        Examples:
            >>> parts = ClothOfGold().declared
            >>> len(parts.all_moves(ClothOfGold())), parts.states[0].__name__
            (112, 'ClothOfGoldState')
        """
        from boardkit.games.cloth_of_gold import PARTS  # the package assembles its declaration (see the module)

        return PARTS

    def parse_move(self, text: TextArgument) -> Move:
        """Read a move in the notation ``A-gold`` or ``B-dragon/red``.

        Raises:
            NotationError: if the text is not a move.

        Examples:
            >>> ClothOfGold().parse_move("A-purple")
            Move.from_text('A-purple')
        """
        return Move.from_text(text)

    def from_position(
        self,
        *,
        hands: Sequence[Mapping[Any, int]] | None = None,
        courts: Sequence[Mapping[Any, int]] | None = None,
        scores: Sequence[int] = (0, 0),
        tile_spaces: Mapping[Any, Any] | None = None,
        tokens: Sequence[Sequence[Any]] = ((None, None), (None, None)),
        dragon: Any = None,
        darkness: Mapping[Any, int] | None = None,
        removed: Mapping[Any, int] | None = None,
        to_move: IntArgument | None = None,
        seed: IntArgument | None = None,
    ) -> ClothOfGoldState:
        """Set up a position for tests, tutorials and puzzles.

        Every argument is a keyword, as in every game's ``from_position``
        (the shared shape is in :doc:`/reference/api`).

        Tiles and spaces may be given as enum members or by name
        (``"gold"``). Between them the zones must hold the variant's 54 tiles
        exactly: leave ``darkness`` (or else ``removed``) out and it gets
        whatever is left. A tile space whose oval holds neither a token nor
        the Dragon and that ``tile_spaces`` leaves out is filled from the
        Darkness, in board order, with the seeded generator.

        Args:
            hands: Each player's Hand, tile -> count; default: both empty.
            courts: Each player's Court, tile -> count; default: both empty.
            scores: Both scores, each below 30.
            tile_spaces: The tile (or ``None``) on some of the six tile spaces.
            tokens: Each player's tokens A and B: a space, or ``None`` while
                off the board (B may be on the board only once A is).
            dragon: The Dragon's space, or ``None`` when it is at home; it is
                away exactly while a token stands on the Dragon's oval.
            darkness: The Darkness, tile -> count; default: what is left.
            removed: Tiles removed from the game; default: none, or what is
                left when ``darkness`` is given.
            to_move: The player to move; ``None`` (the default): the game's
                first player (``first``).
            seed: Seed of the state's generator (the tile spaces filled from
                the Darkness and later draws), as :meth:`new_game`'s
                (``None``: a fresh one, kept on the state).

        Returns:
            The state, with no history; its records carry the position
            (``setup``) and replay from it.

        Raises:
            OptionError: naming what is inconsistent.

        Examples:
            >>> game = ClothOfGold()
            >>> state = game.from_position(
            ...     hands=[{"blue": 2}, {}], courts=[{"blue": 1}, {}],
            ...     tokens=[("gold", None), ("red", None)], to_move=0)
            >>> state.apply("B-blue")
            >>> state.scores, state.court(0), state.court(1)[Tile.BLUE] >= 0
            ((6, 0), Counter(), True)
            >>> game.from_position(scores=(30, 2))
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: a score of 30 or more ends the game; scores must be below 30, not (30, 2)
        """
        return position(
            self,
            ClothOfGoldState,
            hands=({}, {}) if hands is None else hands,
            courts=({}, {}) if courts is None else courts,
            scores=scores,
            tile_spaces=tile_spaces,
            tokens=tokens,
            dragon=dragon,
            darkness=darkness,
            removed=removed,
            to_move=to_move,
            seed=seed,
        )

    def from_setup(self, setup: Any, *, players: Any, seed: Any) -> ClothOfGoldState:
        """Rebuild a position set up with :meth:`from_position` from a record's
        ``setup`` data (its arguments, tiles and spaces by name).

        Raises:
            OptionError: for malformed data.

        Examples:
            >>> state = ClothOfGold().from_position(scores=(12, 20), courts=[{"gold": 2}, {}], seed=4)
            >>> record = state.to_record()
            >>> record.setup["scores"]
            (12, 20)
            >>> record.replay() == state
            True
        """
        self.check_players(players)
        keys = ("hands", "courts", "scores", "tile_spaces", "tokens", "dragon", "darkness", "removed", "to_move")
        data = setup_fields(setup, keys, game=self.name)
        try:
            return self.from_position(**data, seed=seed)
        except (TypeError, ValueError, AttributeError, KeyError) as exc:
            if isinstance(exc, OptionError):
                raise
            raise OptionError(f"bad setup for cloth-of-gold: {exc!s:.200}") from None


# Compiled with mypyc, as ClothOfGold above.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class ClothOfGoldState(State[Move]):
    """A game of Field of the Cloth of Gold in progress.

    Examples:
        >>> state = ClothOfGold().new_game(seed=5)
        >>> state.scores, state.tokens(1), state.dragon
        ((0, 0), (None, None), None)
        >>> sorted(space.value for space, tile in state.tile_spaces.items() if tile is not None)
        ['blue', 'gold', 'purple', 'red', 'secrecy', 'white']
    """

    game: ClothOfGold

    def __init__(self, game: ClothOfGold, players: int, seed: Any) -> None:
        super().__init__(game, players, seed)
        self._darkness: TileBag[Tile] = TileBag((), rng=self.rng)
        self._hands: list[Hand[Tile]] = [Hand(owner=0), Hand(owner=1)]
        self._courts: list[Zone[Tile]] = [Zone(owner=0), Zone(owner=1)]
        # Never changed in place: shared by copies and records. A plain dict (a Counter's copy and
        # its missing-key lookup are Python code).
        self._removed: dict[Tile, int] = {}
        # Which zones this state may change in place (bits: hands 0 and 1, then courts 0 and 1):
        # none that an undo record or a copy also holds (see the module's docstring).
        self._own = 0b1111
        self._spaces: dict[Space, Tile | None] = dict.fromkeys(TILE_SPACES)
        self._places: list[list[Space | None]] = [[None, None], [None, None]]
        # Per player and tile colour (TILES order): tiles drawn since that
        # colour was last revealed from the Hand (jewels: since the last
        # Purple action, the opening hand not counted, as it holds no jewel).
        self._since: list[list[int]] = [[0] * len(TILES), [0] * len(TILES)]
        self._dragon: Space | None = None
        self._track = new_track()
        self._to_move: Player = game.options.first
        self._outcome: Outcome | None = None
        self._endgame: tuple[tuple[int, int], tuple[int, int]] | None = None

    def _set_up(self) -> None:
        tiles = TILE_SETS[self.game.variant]
        jewels = tiles.get(Tile.JEWEL, 0)
        self._darkness = TileBag({t: n for t, n in tiles.items() if t is not Tile.JEWEL}, rng=self.rng)
        for p in (0, 1):
            self._hand_to_change(p).add(*self._darkness.draw(2))
            self._since[p] = [0 if t is Tile.JEWEL else 2 for t in TILES]
        self._darkness.put(*[Tile.JEWEL] * jewels)
        for space in TILE_SPACES:
            self._spaces[space] = self._darkness.draw_one()

    # -- introspection ---------------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        return None if self._outcome is not None else self._to_move

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def scores(self) -> tuple[int, int]:
        """Both scores (after the end-game points once the game is over).

        Examples:
            >>> ClothOfGold().new_game(seed=0).scores
            (0, 0)
        """
        s = self._track.scores
        return (s[0], s[1])

    def row(self, player: IntArgument) -> int:
        """The row (0-4) of the Track of Scoring that ``player`` occupies.

        Examples:
            >>> ClothOfGold().from_position(scores=(17, 3)).row(0)
            2
        """
        return self._track.row(self.check_player(player))

    def hand(self, player: IntArgument) -> Counter[Tile]:
        """The tiles in ``player``'s Hand (hidden from the rival; see :meth:`view`).

        Examples:
            >>> sum(ClothOfGold().new_game(seed=0).hand(1).values())
            2
        """
        return self._hands[self.check_player(player)].items

    def hand_size(self, player: IntArgument) -> int:
        """How many tiles ``player`` holds (public).

        Examples:
            >>> ClothOfGold().new_game(seed=0).hand_size(0)
            2
        """
        return len(self._hands[self.check_player(player)])

    def drawn_since_reveal(self, player: IntArgument) -> dict[Tile, int]:
        """For each tile colour, how many tiles ``player`` has drawn since they
        last revealed that colour from their Hand (public, like the moves).

        A colour is revealed by its action (the Red action reveals only the
        acting player's reds) and by Purple, which reveals every colour. The
        jewels count from the last Purple action, leaving out the opening
        hand, drawn before the jewels joined the Darkness. The Hand holds at
        most that many tiles of the colour; :meth:`determinize` keeps to it.
        In a position from
        :meth:`ClothOfGold.from_position` every count starts at the Hand's size.

        Examples:
            >>> state = ClothOfGold().new_game(seed=0)
            >>> state.drawn_since_reveal(1)[Tile.JEWEL], state.drawn_since_reveal(1)[Tile.GOLD]
            (0, 2)
        """
        return dict(zip(TILES, self._since[self.check_player(player)], strict=True))

    def court(self, player: IntArgument) -> Counter[Tile]:
        """The tiles in ``player``'s Court (public).

        Examples:
            >>> ClothOfGold().from_position(courts=[{"red": 2}, {}]).court(0)
            Counter({<Tile.RED: 'red'>: 2})
        """
        return self._courts[self.check_player(player)].items

    @property
    def darkness_size(self) -> int:
        """How many tiles are left in the Darkness (public)."""
        return len(self._darkness)

    def darkness_contents(self) -> Counter[Tile]:
        """What the Darkness holds. Not public during play (each player knows
        only the union of the Darkness and the rival's Hand); for analysis and
        tests.

        Examples:
            >>> ClothOfGold(2020).new_game(seed=0).darkness_contents()[Tile.JEWEL]
            0
        """
        return self._darkness.counts

    @property
    def removed(self) -> Counter[Tile]:
        """The tiles removed from the game (public)."""
        return Counter({t: n for t, n in self._removed.items() if n > 0})

    @property
    def tile_spaces(self) -> dict[Space, Tile | None]:
        """The tile on each of the six tile spaces (``None``: empty), in board order."""
        return dict(self._spaces)

    def tokens(self, player: IntArgument) -> tuple[Space | None, Space | None]:
        """Where ``player``'s tokens A and B stand (``None``: not yet on the board).

        Examples:
            >>> ClothOfGold().new_game(seed=0).tokens(0)
            (None, None)
        """
        a, b = self._places[self.check_player(player)]
        return (a, b)

    @property
    def dragon(self) -> Space | None:
        """The space the Dragon stands on, or ``None`` while it is at home."""
        return self._dragon

    def occupant(self, space: Any) -> tuple[Player, int] | str | None:
        """Who stands on an oval: ``(player, token)``, ``"dragon"`` or ``None``.

        Examples:
            >>> state = ClothOfGold().new_game(seed=0)
            >>> state.apply("A-red")
            >>> state.occupant(Space.RED), state.occupant(Space.BLUE)
            ((0, 0), None)
        """
        for p in (0, 1):
            for i, at in enumerate(self._places[p]):
                if at is space:
                    return (p, i)
        if self._dragon is space:
            return "dragon"
        return None

    @property
    def endgame_points(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Once the game is over, each player's end-game points as
        ``(jewels, gold)``; ``None`` while it goes on."""
        return self._endgame

    @property
    def scores_before_endgame(self) -> tuple[int, int]:
        """The scores without the end-game points for jewels and gold.

        Examples:
            >>> ClothOfGold().new_game(seed=0).scores_before_endgame
            (0, 0)
        """
        s = self.scores
        if self._endgame is None:
            return s
        return (s[0] - sum(self._endgame[0]), s[1] - sum(self._endgame[1]))

    # -- moves -----------------------------------------------------------------

    def _empty_ovals(self) -> list[Space]:
        taken = {*self._places[0], *self._places[1], self._dragon}
        return [s for s in OVALS if s not in taken]

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        mine = self._places[self._to_move]
        movers: tuple[int, ...]
        if mine[0] is None:
            movers = (0,)  # token A enters first
        elif mine[1] is None:
            movers = (1,)  # then token B
        else:
            movers = (0, 1)
        empty = self._empty_ovals()
        moves: list[Move] = []
        table = MOVES
        for token in movers:
            for to in empty:
                if to is Space.DRAGON:
                    moves.extend(table[(token, to, dest)] for dest in empty if dest is not Space.DRAGON)
                else:
                    moves.append(table[(token, to, None)])
        return moves

    def _why_illegal(self, move: object) -> str | None:
        if not isinstance(move, Move):
            return "not a cloth-of-gold move"
        return self._why_illegal_move(move)

    def _why_illegal_move(self, move: Any) -> str | None:
        # The move as Any: its fields are read as they are and judged here, so a field of the wrong
        # kind is an IllegalMoveError on both builds (compiled, a field read as its declared type
        # would be refused with a bare TypeError first).
        if move.token not in (0, 1) or not isinstance(move.to, Space):
            return "a move names token A or B and one of the seven spaces"
        if move.dragon is not None and not isinstance(move.dragon, Space):
            return "the dragon's destination must be one of the seven spaces"
        mine = self._places[self._to_move]
        name = TOKEN_NAMES[move.token]
        if move.token == 1 and mine[0] is None:
            return "token A enters the board first"
        if move.token == 0 and mine[0] is not None and mine[1] is None:
            return "token B enters the board on the second turn"
        here = self.occupant(move.to)
        if here == "dragon":
            return f"the dragon stands on the {move.to.value} space"
        if here is not None:
            return f"a token stands on the {move.to.value} space"
        if move.to is Space.DRAGON:
            if move.dragon is None:
                return f"a move onto the dragon's oval names where the dragon goes, as in '{name}-dragon/gold'"
            if move.dragon is Space.DRAGON:
                return "the dragon goes to one of the six other spaces"
            if move.dragon is mine[move.token]:
                return f"the dragon may not go to the {move.dragon.value} space that token {name} just left"
            if self.occupant(move.dragon) is not None:
                return f"the dragon goes to an empty space, and the {move.dragon.value} space is not empty"
        elif move.dragon is not None:
            return "only a move onto the dragon's oval names a destination for the dragon"
        return None

    def _zones(self) -> tuple[Hand[Tile], Hand[Tile], Zone[Tile], Zone[Tile]]:
        """The four zones, shared from now on (with an undo record or a copy):
        the next change to each copies it first."""
        self._own = 0
        hands, courts = self._hands, self._courts
        return (hands[0], hands[1], courts[0], courts[1])

    def _hand_to_change(self, p: Player) -> Hand[Tile]:
        """``p``'s Hand, copied first if something else holds it too."""
        if not self._own & (1 << p):
            self._hands[p] = self._hands[p].copy()
            self._own |= 1 << p
        return self._hands[p]

    def _court_to_change(self, p: Player) -> Zone[Tile]:
        """``p``'s Court, copied first if something else holds it too."""
        if not self._own & (4 << p):
            self._courts[p] = self._courts[p].copy()
            self._own |= 4 << p
        return self._courts[p]

    def _save(self) -> tuple[Any, ...]:
        return (
            self._darkness.key(),
            self._zones(),
            self._removed,
            dict(self._spaces),
            [self._places[0][:], self._places[1][:]],
            (tuple(self._since[0]), tuple(self._since[1])),
            self._dragon,
            self._track.scores,
            self._to_move,
            self._outcome,
            self._endgame,
        )

    def _play(self, move: Any) -> object:
        if self._outcome is not None:
            raise IllegalMoveError(move, "the game is over")
        reason = self._why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        token = self._save()
        self._turn(move)
        return token

    def _random_plies(
        self, stop: int, rng: Random, moves: list[Move], tokens: list[object], befores: list[int]
    ) -> None:
        # The moves of State's loop (random_move's draw among the legal moves) without its check of a
        # move just listed as legal: _save and _turn are _play's own.
        chance = self.rng
        while len(moves) != stop and self._outcome is None:
            legal = self.legal_moves()
            move = legal[rng.randbelow(len(legal))]
            befores.append(chance.state)
            token = self._save()
            self._turn(move)
            tokens.append(token)
            moves.append(move)

    def _unplay(self, move: Move, token: Any) -> None:
        dark, zones, removed, spaces, tokens, since, dragon, scores, to_move, outcome, ended = token
        # The saved values are copied, not installed: a copy of this state
        # shares its undo records, and both may take the same move back.
        # The zones are installed as shared (copied on their next change),
        # the removed tiles' Counter as it is (never changed in place).
        # (The generator is restored by State.undo, the one owner of chance.)
        self._darkness.restore(dark)
        self._hands = [zones[0], zones[1]]
        self._courts = [zones[2], zones[3]]
        self._own = 0
        self._removed = removed
        self._spaces = dict(spaces)
        self._places = [tokens[0][:], tokens[1][:]]
        self._since = [list(since[0]), list(since[1])]
        self._dragon = dragon
        for p in (0, 1):
            self._track.set(p, scores[p])
        self._to_move = to_move
        self._outcome = outcome
        self._endgame = ended

    # -- a turn ------------------------------------------------------------------

    def _turn(self, move: Move) -> None:
        p = self._to_move
        origin = self._places[p][move.token]
        self._places[p][move.token] = move.to
        self._gift(move.to, p)
        if self._act(p, move.to, move.dragon):
            return
        if origin is Space.DRAGON:
            self._dragon = None
        if self._refill():
            return
        self._to_move = 1 - p

    def _gift(self, space: Space, giver: Player) -> None:
        """The tile on ``space`` (if any) goes to the Court of ``giver``'s rival."""
        tile = self._spaces.get(space)
        if tile is not None:
            self._spaces[space] = None
            self._court_to_change(1 - giver).add(tile)

    def _act(self, p: Player, space: Space, dragon: Space | None) -> bool:
        """Resolve the action of ``space`` for player ``p``; True if the game ended."""
        if space is Space.DRAGON:
            self._dragon = dragon
            if dragon is not None:
                self._gift(dragon, p)
            return False
        if space is Space.SECRECY:
            return self._secrecy(p)
        if space is Space.PURPLE:
            held = self._hand_to_change(p).clear()
            court = self._court_to_change(p)
            court.add(*held.elements())
            self._since[p] = [0] * len(TILES)
            sets = min(court.count(t) for t in COLOURS)
            return self._score(p, 2 * sets)
        colour = ACTION_TILE[space]
        self._reveal(p, colour)
        court = self._courts[p]  # _reveal may have put a copy in its place
        n = court.count(colour)
        if space is Space.GOLD:
            return self._score(p, 2 if n > self._courts[1 - p].count(colour) else 0)
        if space is Space.BLUE:
            if self._score(p, _BLUE_POINTS[min(n, 3)]):
                return True
            self._discard(p, colour)
            return False
        if space is Space.WHITE:
            if self._score(p, n):
                return True
            self._discard(p, colour)
            return False
        # Red: both score their own reds at once, all reds go, then Secrecy for both.
        if self._score(p, n, self._courts[1 - p].count(Tile.RED)):
            return True
        self._discard(p, Tile.RED)
        self._discard(1 - p, Tile.RED)
        return self._secrecy(p) or self._secrecy(1 - p)

    def _reveal(self, p: Player, tile: Tile) -> None:
        self._since[p][TILE_ORDER[tile]] = 0
        n = self._hands[p].count(tile)
        if n:
            self._hand_to_change(p).remove(tile, n)
            self._court_to_change(p).add(*[tile] * n)

    def _discard(self, p: Player, tile: Tile) -> None:
        n = self._courts[p].count(tile)
        if n:
            self._court_to_change(p).remove(tile, n)
            removed = dict(self._removed)
            removed[tile] = removed.get(tile, 0) + n
            self._removed = removed

    def _score(self, p: Player, n: int, rival: int = 0) -> bool:
        """Add ``n`` points to ``p`` and ``rival`` points to the rival (at
        once); True if the game ended on reaching 30."""
        if not n and not rival:  # adding 0 changes nothing, and the game went on before
            return False
        track = self._track
        if n:
            track.add(p, n)
        if rival:
            track.add(1 - p, rival)
        if track.score(0) >= TARGET or track.score(1) >= TARGET:  # track.reached(), without a tuple
            self._finish("score 30 reached")
            return True
        return False

    def _secrecy(self, p: Player) -> bool:
        """Draw tiles into ``p``'s Hand by ``p``'s row; True if the Darkness ran out."""
        n = SECRECY_DRAWS[self._track.row(p)]  # the track's value "secrecy"
        if n:
            drawn = self._darkness.draw(n)
            self._hand_to_change(p).add(*drawn)
            self._since[p] = [k + len(drawn) for k in self._since[p]]
            if not self._darkness:
                self._finish("the darkness ran out")
                return True
        return False

    def _refill(self) -> bool:
        """Refill the tile space of every empty oval; True if the Darkness ran out."""
        occupied = {*self._places[0], *self._places[1], self._dragon}
        for space in TILE_SPACES:
            if self._spaces[space] is None and space not in occupied:
                self._spaces[space] = self._darkness.draw_one()
                if not self._darkness:
                    self._finish("the darkness ran out")
                    return True
        return False

    def _finish(self, reason: str) -> None:
        bonus: list[tuple[int, int]] = []
        for p in (0, 1):
            court = self._courts[p]
            jewels = court.count(Tile.JEWEL) ** 2
            self._track.add(p, jewels)
            gold = court.count(Tile.GOLD) * self._track.value("gold", p)
            self._track.add(p, gold)
            bonus.append((jewels, gold))
        self._endgame = (bonus[0], bonus[1])
        scores = self._track.scores
        winners = winners_of(scores, [c.items for c in self._courts])
        self._outcome = Outcome(winners, scores, reason)

    # -- hidden information --------------------------------------------------------

    def view(self, player: IntArgument) -> ClothOfGoldView:
        """What ``player`` may know: their own Hand in full, the rival's Hand as
        a count, everything public, and neither the Darkness's contents nor
        its order.

        Examples:
            >>> state = ClothOfGold().new_game(seed=2)
            >>> state.view(1).rival_hand_size, state.view(1).scores
            (2, (0, 0))
        """
        return view_of(self, player)

    def _determinize(self, player: Any, seed: Any) -> ClothOfGoldState:
        """A copy in which the rival's Hand and the Darkness are dealt afresh
        from the tiles ``player`` cannot see, keeping every count; the copy's
        generator and seed are reseeded too.

        The deal respects what the moves so far make public (see
        :meth:`drawn_since_reveal`): the rival's Hand never gets a tile of a
        colour in larger numbers than they can have drawn since last
        revealing that colour (no jewel in an opening hand, no gold right
        after a Gold action). The copy cannot be taken back past the moves
        made before it was dealt: :meth:`undo` raises
        :class:`~boardkit.UndoError` there.

        Examples:
            >>> state = ClothOfGold().new_game(seed=2)
            >>> twin = state.determinize(0, seed=9)
            >>> twin.view(0) == state.view(0), twin.hand(0) == state.hand(0)
            (True, True)
        """
        return determinize(self, player, seed)

    # -- copies, keys, pictures ------------------------------------------------------

    def _key(self) -> Hashable:
        return (
            self._to_move,
            tuple(h.key() for h in self._hands),
            tuple(c.key() for c in self._courts),
            tile_pairs(self._removed),
            tuple(self._spaces[s] for s in TILE_SPACES),
            tuple(tuple(t) for t in self._places),
            (tuple(self._since[0]), tuple(self._since[1])),
            self._dragon,
            self._track.scores,
            self._darkness.key(),
            self._outcome,
            self._endgame,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name, rebuilt by :func:`~boardkit.game.from_fields`: the same pickle
        on the pure and the compiled build."""
        return (from_fields, (type(self), fields_of(self)))

    def copy(self) -> ClothOfGoldState:
        twin = self._bare_twin()
        twin._darkness = self._darkness.copy(rng=twin.rng)
        zones = self._zones()
        twin._hands = [zones[0], zones[1]]
        twin._courts = [zones[2], zones[3]]
        twin._own = 0
        twin._removed = self._removed
        twin._spaces = dict(self._spaces)
        twin._places = [self._places[0][:], self._places[1][:]]
        twin._since = [self._since[0][:], self._since[1][:]]
        twin._dragon = self._dragon
        twin._track = self._track.copy()
        twin._to_move = self._to_move
        twin._outcome = self._outcome
        twin._endgame = self._endgame
        return twin

    def render(self) -> str:
        """The board, the Track of Scoring, both Courts and the Hands' sizes,
        with no hidden tile shown (see :meth:`render_for`).

        Examples:
            >>> print(ClothOfGold().new_game(seed=4).render().splitlines()[0])
            Field of the Cloth of Gold, 2023 edition: player 0 to move
        """
        return text(self, None)

    def render_for(self, player: IntArgument) -> str:
        """Like :meth:`render`, adding ``player``'s own Hand.

        Examples:
            >>> print(ClothOfGold().from_position(hands=[{"gold": 2}, {}]).render_for(0).splitlines()[-1])
            your hand (player 0): gold 2 (only you see it)
        """
        return text(self, self.check_player(player))

    def public_info(self) -> dict[str, str]:
        """What both players see beside the ovals: the Courts, the Hands'
        sizes, the Darkness's size and the tiles removed from the game.

        Examples:
            >>> ClothOfGold().new_game(seed=0).public_info()["Darkness"]
            '44 tiles'
        """
        return public_info(self)

    def describe(self, move: Any, before: Any) -> str:
        """What ``move`` did, as both players saw it: the gift, the tiles
        revealed, points scored, tiles removed, how many were drawn from the
        Darkness (never which) and the tiles that refilled the ovals.

        Examples:
            >>> state = ClothOfGold().new_game(seed=4)
            >>> before = state.copy(); state.apply("A-gold")
            >>> state.describe(state.history[-1], before)
            "gift: red to player 1's Court; revealed 1 gold from the Hand; scored +2 (now 2)"
        """
        return describe(self, move, before)

    def evaluate(self, player: IntArgument) -> float:
        """A cheap estimate in ``[-1, 1]``: the difference between the two
        players' scores as if the game ended now (jewels, then gold by row),
        plus half a point for each white, red and (up to three) blue tile in
        Court still to be scored and a little for tiles in Hand (more for
        jewels), squashed with ``tanh(difference / 10)``.

        Examples:
            >>> state = ClothOfGold().from_position(scores=(20, 4), courts=[{"gold": 2}, {}])
            >>> state.evaluate(0) > 0.5 > -0.5 > state.evaluate(1)
            True
        """
        player = self.check_player(player)
        if self._outcome is not None:
            return super().evaluate(player)
        est = [0.0, 0.0]
        gold_points = self._track.values["gold"]
        for p in (0, 1):
            court = self._courts[p]
            hand = self._hands[p]
            score = self._track.score(p) + court.count(Tile.JEWEL) ** 2
            score += court.count(Tile.GOLD) * gold_points[self._track.row_of(score)]
            pending = court.count(Tile.WHITE) + court.count(Tile.RED) + min(court.count(Tile.BLUE), 3)
            est[p] = score + 0.5 * pending + 0.6 * (len(hand) + hand.count(Tile.JEWEL))
        return math.tanh((est[player] - est[1 - player]) / 10.0)
