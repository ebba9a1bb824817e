"""The rules of Camelot: The Build: the game and its state.

A turn is a sequence of moves by the player to move: lay one to three tiles
(:class:`Place`), conceal face-up tiles for free (:class:`Conceal`), and end
the turn (:class:`EndTurn`), which scores it and draws the hand back up to
ten tiles.

The other rooms of the package: the moves in ``moves.py``, the options in
``variants.py``, the deal that starts a game in ``setup.py``, views and the
determinized deal in ``hidden.py``, text and the picture's colours and key in
``render.py``; the plan, the tiles and the turn-scoring rule have modules of
their own. The state's methods for those hand over to them. This module
imports them (and the core and the components), and none of them imports it
back: they name what they read of the game and the state as the protocols of
``shape.py``.

Why ``copy``, ``_key`` and undo are written by hand (not derived from
:mod:`boardkit.fields`): a tile laid or concealed is undone by putting it back,
and only a turn's end records hand, bag and score, where a derived record
copies board, hands and bag every move. ``benchmarks/bench_fields.py``:
``apply`` + ``undo`` 113,000 a second against 45,300 derived, random games 376
against 218.

Why this module is long: the state keeps, beside the position, what its views
and learners' observations reuse between moves (the board's listing, each
hand's concealed tiles), and every move that changes them forgets them in the
same method; splitting that bookkeeping from the moves it follows would put
one change in two files.
"""

from __future__ import annotations

import math
import types
from collections import Counter
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any

from boardkit.about import About, Chance, Information
from boardkit.bag import TileBag
from boardkit.chance import Random, derive_seed
from boardkit.compiling import IntArgument, TextArgument, mypyc_attr
from boardkit.errors import IllegalMoveError, NotationError, OptionError, shown
from boardkit.game import (
    Game,
    Outcome,
    Player,
    State,
    fields_of,
    from_fields,
    from_options,
    make_options,
    setup_fields,
)
from boardkit.games.camelot.hidden import CamelotView, board_with, determinize, view_of
from boardkit.games.camelot.moves import Conceal, EndTurn, Move, Place
from boardkit.games.camelot.plan import STANDARD_PLAN, Cell, Plan, parse_square, square_name
from boardkit.games.camelot.render import describe, public_info, render_for, render_text
from boardkit.games.camelot.scoring import last_tile_points, turn_points
from boardkit.games.camelot.setup import HAND_SIZE, checked_position, deal, place
from boardkit.games.camelot.setup import HIGH_VALUE as HIGH_VALUE  # importable here, as before
from boardkit.games.camelot.setup import MOST_CONCEALED as MOST_CONCEALED  # importable here, as before
from boardkit.games.camelot.text import MOVE_KINDS, rules_in_play
from boardkit.games.camelot.tiles import KIND_NAMES, STANDARD_TILES, Tile, TileSet
from boardkit.games.camelot.variants import CamelotOptions
from boardkit.track import ScoreTrack
from boardkit.zones import Hand

if TYPE_CHECKING:
    from boardkit.parts import Parts

__all__ = [
    "Camelot",
    "CamelotOptions",
    "CamelotState",
    "CamelotView",
    "Conceal",
    "EndTurn",
    "Move",
    "Place",
]

#: At most this many tiles are laid in one turn.
MOST_PER_TURN = 3


# Compiled with mypyc (hatch_build.py): made and subclassed from Python code; pickles, copies and
# deep-copies. The parameters that take what users type are ``Any``, so that a wrong type is the
# same boardkit error on both builds (a compiled signature would refuse it with a bare TypeError).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Camelot(Game["CamelotState", Move]):
    """Camelot: The Build, for 1 to 5 players: lay tiles on the castle plan,
    scoring their values and those of the tiles they touch.

    Args:
        first: Who starts: a player number, or ``"random"``.
        plan: Rows of kind letters for a plan of your own (default: the
            reconstructed standard plan).
        tiles: A tile list of your own (default: the standard 80 tiles).

    Raises:
        OptionError: for an unknown option or a bad value.

    Examples:
        >>> game = Camelot()
        >>> state = game.new_game(players=2, seed=7)
        >>> state.current_player, state.hand(0).total(), state.scores
        (0, 10, (0, 0))
        >>> game.new_game(players=6)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: camelot is played by 1 to 5 players, not 6
    """

    name = "camelot"
    about = About(
        title="Camelot: The Build",
        information=Information.IMPERFECT,
        chance=Chance.PUBLIC,
        goal="Score the most points by the time every square of the castle is covered.",
        turn=(
            "Lay one to three tiles from your hand on squares of their kind, then end the turn: you"
            " score the tiles laid and every earlier tile they touch, and draw back up to ten."
        ),
        moves=MOVE_KINDS,
        rules_in_play=rules_in_play,
    )
    min_players = 1
    max_players = 5

    def __init__(self, **options: Any) -> None:
        self.options: CamelotOptions = make_options(CamelotOptions, options, game="camelot")
        #: The castle plan.
        self.plan = Plan(STANDARD_PLAN if self.options.plan is None else self.options.plan)
        #: The tiles, each kind once, with their counts.
        self.tiles = TileSet(STANDARD_TILES if self.options.tiles is None else self.options.tiles)
        #: Every placement move, made once: per tile, the moves onto each square of its kind.
        self.placements: dict[Tile, tuple[Place, ...]] = {
            t: tuple(Place(c, t) for c in self.plan.squares_of[t.kind]) for t in self.tiles.kinds
        }
        #: Per tile, the move that conceals it, made once.
        self.conceals: dict[Tile, Conceal] = {t: Conceal(t) for t in self.tiles.kinds}
        self._by_notation: dict[str, Move] = {str(m): m for ms in self.placements.values() for m in ms}
        self._by_notation.update({str(m): m for m in self.conceals.values()})
        #: The one EndTurn of every list of legal moves, as the placements are made once.
        self.end_turn = self._by_notation["end"] = EndTurn()
        self._tile_by_text: dict[str, Tile] = {str(t): t for t in self.tiles.kinds}
        #: Each square's place in the plan's order (``plan.cells``), to list the board in it.
        self.cell_order: dict[Cell, int] = {c: k for k, c in enumerate(self.plan.cells)}
        #: Per tile, its placements, each with its square's place in that order (legal moves read
        #: the state's covered squares by it: list indexing, which compiles to C, not hashing).
        self.indexed_placements: dict[Tile, tuple[tuple[int, Place], ...]] = {
            t: tuple((self.cell_order[m.cell], m) for m in ms) for t, ms in self.placements.items()
        }

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its options, plain data (as in a record), from which
        :func:`~boardkit.game.from_options` makes the game again: the same pickle on the pure and the
        compiled build."""
        return (from_options, (type(self), self.option_values()))

    def tile(self, name: Any) -> Tile:
        """This game's tile called ``name`` (any case).

        Raises:
            ComponentError: if there is none.

        Examples:
            >>> Camelot().tile("throne").value
            4
        """
        return self.tiles[name]

    def kind_name(self, kind: Any) -> str:
        """What a kind letter stands for (the letter itself for a custom kind).

        Examples:
            >>> Camelot().kind_name("h")
            'great hall wall'
        """
        return KIND_NAMES.get(kind, kind)

    def new_game(self, *, players: IntArgument | None = None, seed: IntArgument | None = None) -> CamelotState:
        n = self.check_players(players)
        self._check_first(n)
        state = CamelotState(self, n, seed)
        state._deal()
        return state

    def _check_first(self, players: int) -> None:
        first = self.options.first
        if isinstance(first, int) and first >= players:
            raise OptionError(f"first player {first!r} is not a seat of a {players}-player game")

    def from_position(
        self,
        *,
        hands: Any,
        board: Any = None,
        concealed: Any = None,
        scores: Any = None,
        to_move: IntArgument | None = None,
        seed: IntArgument | None = None,
    ) -> CamelotState:
        """A position set up by hand, for tests, tutorials and puzzles: the
        player to move starts a turn, the tiles neither laid nor in a hand
        are in the bag.

        Every argument is a keyword, as in every game's ``from_position``
        (the shared shape is in :doc:`/reference/api`). Tiles are given as
        :class:`Tile` values or by name, squares by name (``"c5"``) or as
        ``(column, row)``.

        Args:
            hands: Each player's hand, tile -> count, at most ten tiles; as
                many hands as players.
            board: The tiles laid, square -> tile, each on a square of its
                kind; default: none.
            concealed: The tiles of each hand lying face down, tile -> count,
                at most three; default: none. As in the game, where only the
                dealt tiles lie face down unseen, a concealed high tile or
                garden is hidden from the rivals and any other concealed tile
                is one they saw concealed (:meth:`CamelotState.known_concealed`).
            scores: Every player's score; default: all 0.
            to_move: The player to move; ``None`` (the default): the rules'
                first player (``first``, drawn with the seed when it is
                ``"random"``).
            seed: Seed of the state's generator (the bag's draws), as
                :meth:`new_game`'s (``None``: a fresh one, kept on the state).

        Returns:
            The state, with no history; its records carry the position
            (``setup``) and replay from it.

        Raises:
            OptionError: naming what is wrong (a tile on a square of another
                kind, more tiles than the game has, too many players, ...).

        Examples:
            >>> game = Camelot()
            >>> state = game.from_position(
            ...     board={"b2": "holy grail"}, hands=[{"kitchen": 1, "wall blank": 2}, {"tower": 1}],
            ...     concealed=[{"kitchen": 1}, {}], scores=(4, 9), seed=1)
            >>> state.players, state.current_player, state.scores, state.bag_size
            (2, 0, (4, 9), 75)
            >>> state.known_concealed(0)
            Counter({Tile(name='kitchen', value=2, kind='.', garden=False): 1})
            >>> state.to_record().replay() == state
            True
            >>> game.from_position(hands=[{}, {}], board={"a1": "kitchen"})
            Traceback (most recent call last):
            ...
            boardkit.errors.OptionError: board: a 'kitchen' does not fit square a1 (corner tower)
        """
        position = checked_position(self, board=board, hands=hands, concealed=concealed, scores=scores)
        n = len(position[1])
        if to_move is None:
            self._check_first(n)
        state = CamelotState(self, n, seed)
        if to_move is None:
            first = self.options.first
            # Drawn apart from the state's generator, which a replay from the setup (to_move given) must find unused.
            to_move = Random(derive_seed(state.seed, "first")).randbelow(n) if first == "random" else first
        place(state, position, state.check_player(to_move))
        board_, hands_, hidden, points = position
        state._record_setup(
            {
                "hands": [{str(t): k for t, k in hand.items()} for hand in hands_],
                "board": {square_name(c): str(t) for c, t in board_.items()},
                "concealed": [{str(t): k for t, k in down.items()} for down in hidden],
                "scores": list(points),
                "to_move": to_move,
            }
        )
        return state

    def from_setup(self, setup: Any, *, players: Any, seed: Any) -> CamelotState:
        """Rebuild a position set up with :meth:`from_position` from a record's
        ``setup`` data (its arguments, tiles and squares by name).

        Raises:
            OptionError: for malformed data.

        Examples:
            >>> state = Camelot().from_position(hands=[{"tower": 1}, {}, {"garden": 1}], to_move=2, seed=3)
            >>> record = state.to_record()
            >>> record.players, record.setup["to_move"], record.setup["hands"][2]
            (3, 2, {'garden': 1})
            >>> record.replay() == state
            True
        """
        n = self.check_players(players)
        data = setup_fields(setup, ("hands", "board", "concealed", "scores", "to_move"), game=self.name)
        if not isinstance(data["hands"], list) or len(data["hands"]) != n:
            raise OptionError(f"bad setup for camelot: 'hands' must list the {n} players' hands")
        return self.from_position(**data, seed=seed)

    @property
    def declared(self) -> Parts[CamelotState, Camelot]:
        """Camelot's parts (:class:`~boardkit.parts.Parts`), as the package
        assembles them (``boardkit.games.camelot.PARTS``): its state class,
        its RL action list and observation encoder.

        Examples:
            >>> parts = Camelot().declared
            >>> len(parts.all_moves(Camelot())), parts.states[0].__name__
            (482, 'CamelotState')
        """
        from boardkit.games.camelot import PARTS  # the package assembles its declaration (see the module)

        return PARTS

    def parse_move(self, text: TextArgument) -> Move:
        if not isinstance(text, str):
            raise NotationError(text, "a Camelot move is text: 'place <tile> <square>', 'conceal <tile>' or 'end'")
        words = text.lower().split()
        key = " ".join(words)
        found = self._by_notation.get(key)
        if found is not None:
            return found
        if len(words) >= 3 and words[0] == "place":
            cell = parse_square(words[-1])
            name = " ".join(words[1:-1])
            placed = self._tile_by_text.get(name)
            if placed is None:
                raise NotationError(text, f"no tile named {shown(name)} in this game")
            if cell not in self.plan:
                raise NotationError(text, f"no square {words[-1]!r} on this {self.plan.width}x{self.plan.height} plan")
            return Place(cell, placed)
        if len(words) >= 2 and words[0] == "conceal":
            raise NotationError(text, f"no tile named {shown(' '.join(words[1:]))} in this game")
        raise NotationError(text, "a Camelot move is 'place <tile> <square>', 'conceal <tile>' or 'end'")


# Compiled with mypyc, as Camelot above.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class CamelotState(State[Move]):
    """A game of :class:`Camelot` in progress.

    Examples:
        >>> state = Camelot().new_game(players=2, seed=3)
        >>> state.legal_moves()[0]
        Place(cell=(1, 0), tile=Tile(name='wall blank', value=0, kind='W', garden=False))
        >>> state.apply("place bathhouse b1")
        >>> state.apply("place wall blank c1")
        >>> state.apply("end")
        >>> state.scores, state.board[(1, 0)].name, state.current_player
        ((1, 0), 'bathhouse', 1)
    """

    game: Camelot
    #: The bag the hands are filled from.
    bag: TileBag[Tile]

    def __init__(self, game: Camelot, players: int, seed: Any) -> None:
        # An empty castle, bag and hands: ``new_game`` deals (``_deal``), ``from_position`` places.
        super().__init__(game, players, seed)
        self._board: dict[Cell, Tile] = {}
        self._laid: list[tuple[Cell, Tile]] = []
        self.track = ScoreTrack(players, length=100, wrap=True)
        self.hands: list[Hand[Tile]] = [Hand(owner=p) for p in range(players)]
        # Public knowledge of each player's face-down tiles: how many high tiles and gardens they were
        # dealt; per tile, concealed minus laid from concealed (_net); and the most laid from concealed
        # beyond what they had concealed, at any time (_need): those must have been dealt to them.
        self._dealt: tuple[tuple[int, int], ...] = ((0, 0),) * players
        self._net: list[dict[Tile, int]] = [{} for _ in range(players)]
        self._need: list[dict[Tile, int]] = [{} for _ in range(players)]
        self.bag = TileBag((), rng=self.rng)
        self._player: int = 0
        self._squares = len(game.plan.cells)
        # Per square in the plan's order: whether a tile covers it (the board's keys, for legal moves).
        self._covered: list[bool] = [False] * self._squares
        # Parts of views kept between moves: the board as views show it (None: to be made
        # again), and each player's concealed tiles with the hand's pairs they were made from.
        self._board_pairs: tuple[tuple[Cell, Tile], ...] | None = None
        self._own_concealed: dict[Player, tuple[tuple[tuple[Tile, int], ...], tuple[tuple[Tile, int], ...]]] = {}

    def _deal(self) -> None:
        """Deal the start of a new game (``new_game``): the bag, the tiles laid
        at the set-up, every hand and the first player (see :mod:`~boardkit.games.camelot.setup`)."""
        game = self.game
        deal(self, game.tiles.all_tiles(), game.plan, self.rng, self.players)
        first = game.options.first
        self._player = self.rng.randbelow(self.players) if first == "random" else int(first)
        if not self.hands[self._player]:
            # Only a castle of few tiles leaves a seat empty-handed after the set-up: skip it.
            self._player = self._next_holder(self._player)
        self._covered = [c in self._board for c in game.plan.cells]

    # -- public reading ---------------------------------------------------------

    @property
    def board(self) -> Mapping[Cell, Tile]:
        """The tiles laid so far, by square (a read-only live mapping).

        Examples:
            >>> state = Camelot().new_game(players=3, seed=0)
            >>> len(state.board)
            5
        """
        return types.MappingProxyType(self._board)

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's score.

        Examples:
            >>> Camelot().new_game(players=4, seed=0).scores
            (0, 0, 0, 0)
        """
        return self.track.scores

    @property
    def bag_size(self) -> int:
        """How many tiles are left in the bag."""
        return len(self.bag)

    @property
    def laid(self) -> tuple[tuple[Cell, Tile], ...]:
        """The tiles laid so far in the current turn, in order."""
        return tuple(self._laid)

    def hand(self, player: IntArgument) -> Counter[Tile]:
        """Every tile in a player's hand (all of them: this is the full state).

        Examples:
            >>> sum(Camelot().new_game(players=2, seed=0).hand(1).values())
            10
        """
        return self.hands[self.check_player(player)].items

    def concealed(self, player: IntArgument) -> Counter[Tile]:
        """A player's concealed tiles.

        Examples:
            >>> sum(Camelot().new_game(players=2, seed=0).concealed(0).values())
            3
        """
        return self.hands[self.check_player(player)].concealed

    def face_up(self, player: IntArgument) -> Counter[Tile]:
        """A player's face-up tiles, which everybody sees."""
        return self.hands[self.check_player(player)].face_up

    # -- the protocol -----------------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        return None if self._complete() else self._player

    def _complete(self) -> bool:
        # Covered, and the turn that covered the last square has been scored.
        return len(self._board) == self._squares and not self._laid

    @property
    def outcome(self) -> Outcome | None:
        if not self._complete():
            return None
        scores = self.track.scores
        if self.players == 1:
            return Outcome(frozenset(), scores, "camelot complete")
        best = max(scores)
        return Outcome(frozenset(p for p, s in enumerate(scores) if s == best), scores, "camelot complete")

    def _can_place(self) -> bool:
        return len(self._laid) < MOST_PER_TURN and len(self.hands[self._player]) > 0

    def legal_moves(self) -> list[Move]:
        if self._complete():
            return []
        game = self.game
        hand = self.hands[self._player]
        order = game.tiles.order
        moves: list[Move] = []
        if len(self._laid) < MOST_PER_TURN:
            covered = self._covered
            ids = game.indexed_placements
            for t in sorted(hand.kinds(), key=order.__getitem__):
                for i, m in ids[t]:
                    if not covered[i]:
                        moves.append(m)
        if len(hand) - hand.face_up_size < MOST_CONCEALED:
            moves.extend(game.conceals[t] for t in sorted(hand.face_up_kinds(), key=order.__getitem__))
        if self._laid or not self._can_place():
            moves.append(game.end_turn)
        return moves

    def _play(self, move: Any) -> object:
        if isinstance(move, Place):
            return self._place(move)
        if isinstance(move, Conceal):
            return self._conceal(move)
        if isinstance(move, EndTurn):
            if not self._laid and self._can_place():
                raise IllegalMoveError(move, "lay at least one tile before ending the turn")
            return self._end_turn()
        raise IllegalMoveError(move, "not a Camelot move: place, conceal or end")

    # ``_conceal`` and ``_place`` take the move as ``Any``: its fields are read as they are and
    # judged here, so a field of the wrong kind is an IllegalMoveError on both builds (compiled,
    # a field read as its declared type would be refused with a bare TypeError first).

    def _conceal(self, move: Any) -> object:
        hand = self.hands[self._player]
        if move.tile not in self.game.tiles:
            raise IllegalMoveError(move, f"{move.tile!r} is not a tile of this game")
        if hand.count_face_up(move.tile) < 1:
            raise IllegalMoveError(move, f"no face-up {move.tile.name!r} in the hand")
        if len(hand) - hand.face_up_size >= MOST_CONCEALED:
            raise IllegalMoveError(move, f"{MOST_CONCEALED} tiles are concealed already")
        hand.conceal(move.tile)
        net = self._net[self._player]
        _set(net, move.tile, net.get(move.tile, 0) + 1)
        return None

    def _place(self, move: Any) -> object:
        cell, t = move.cell, move.tile
        plan = self.game.plan
        if cell not in plan:
            raise IllegalMoveError(move, f"no square {cell!r} on the plan")
        if t not in self.game.tiles:
            raise IllegalMoveError(move, f"{t!r} is not a tile of this game")
        if len(self._laid) >= MOST_PER_TURN:
            raise IllegalMoveError(move, f"at most {MOST_PER_TURN} tiles are laid in a turn")
        hand = self.hands[self._player]
        if hand.count(t) < 1:
            raise IllegalMoveError(move, f"no {t.name!r} in the hand")
        if cell in self._board:
            raise IllegalMoveError(move, f"square {square_name(cell)} is already covered")
        if plan.kinds[cell] != t.kind:
            kind = self.game.kind_name(plan.kinds[cell])
            raise IllegalMoveError(move, f"a {t.name!r} does not fit square {square_name(cell)} ({kind})")
        # A tile shown face up is laid before a concealed one of the same name.
        was_face_up = hand.count_face_up(t) > 0
        need = self._need[self._player]
        before = need.get(t, 0)
        if was_face_up:
            hand.remove_face_up(t)
        else:
            # Everybody sees that this tile came from the concealed ones.
            net = self._net[self._player]
            left = net.get(t, 0) - 1
            _set(net, t, left)
            _set(need, t, max(before, -left))
            hand.remove(t)
        self._board[cell] = t
        self._covered[self.game.cell_order[cell]] = True
        if self._board_pairs is not None:  # kept for views: the new pair goes in at its place
            self._board_pairs = board_with(self._board_pairs, cell, t, self.game.cell_order)
        self._laid.append((cell, t))
        return was_face_up, before

    def _turn_score(self) -> int:
        """What the turn so far would score if it ended now."""
        if not self._laid:
            return 0
        plan = self.game.plan
        start = dict(self._board)
        for c, _ in self._laid:
            del start[c]
        edges = plan.edge_neighbours.__getitem__
        corners = plan.corner_neighbours.__getitem__
        if not self.hands[self._player] and not self.bag:
            return last_tile_points(start, self._laid, edges, corners)
        return turn_points(start, self._laid, edges, corners)

    def _end_turn(self) -> object:
        p = self._player
        hand = self.hands[p]
        points = self._turn_score()
        token = (p, self.track.score(p), tuple(self._laid), hand.copy(), self.bag.key())
        self.track.set(p, self.track.score(p) + points)
        hand.add_face_up(*self.bag.draw(HAND_SIZE - len(hand)))
        self._laid = []
        if len(self._board) < self._squares:
            self._player = self._next_holder(p)
        return token

    def _next_holder(self, p: Player) -> Player:
        """The next player after ``p`` in turn order who holds a tile (``p`` if nobody else does)."""
        nxt = p
        for _ in range(self.players):
            nxt = (nxt + 1) % self.players
            if len(self.hands[nxt]):
                break
        return nxt

    def _unplay(self, move: Move, token: Any) -> None:
        if isinstance(move, Place):
            hand = self.hands[self._player]
            del self._board[move.cell]
            self._covered[self.game.cell_order[move.cell]] = False
            self._board_pairs = None
            self._laid.pop()
            was_face_up, before = token
            if was_face_up:
                hand.add_face_up(move.tile)
            else:
                hand.add(move.tile)
                net = self._net[self._player]
                _set(net, move.tile, net.get(move.tile, 0) + 1)
                _set(self._need[self._player], move.tile, before)
        elif isinstance(move, Conceal):
            self.hands[self._player].reveal(move.tile)
            net = self._net[self._player]
            _set(net, move.tile, net.get(move.tile, 0) - 1)
        else:
            p, score, laid, hand, bag = token  # the generator: State.undo restores it
            self._player = p
            self.track.set(p, score)
            self._laid = list(laid)
            self.hands[p] = hand.copy()
            self.bag = TileBag(bag, rng=self.rng)

    def _key(self) -> Hashable:
        return (
            tuple(sorted(self._board.items())),
            tuple(h.key() for h in self.hands),
            self.bag.key(),
            self.track.scores,
            self._player,
            tuple(self._laid),
            tuple(self._known_key(p) for p in range(self.players)),
        )

    def _known_key(self, p: Player) -> Hashable:
        order = self.game.tiles.order
        net = sorted((order[t], n) for t, n in self._net[p].items())
        need = sorted((order[t], n) for t, n in self._need[p].items())
        return tuple(net), tuple(need)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its fields by name, rebuilt by :func:`~boardkit.game.from_fields`: the same pickle
        on the pure and the compiled build."""
        return (from_fields, (type(self), fields_of(self)))

    def copy(self) -> CamelotState:
        twin = self._bare_twin()
        twin._board = dict(self._board)
        twin._covered = self._covered[:]
        twin._laid = list(self._laid)
        twin.track = self.track.copy()
        twin.hands = [h.copy() for h in self.hands]
        twin.bag = self.bag.copy(rng=twin.rng)
        twin._player = self._player
        twin._squares = self._squares
        twin._dealt = self._dealt
        twin._net = [dict(d) for d in self._net]
        twin._need = [dict(d) for d in self._need]
        twin._board_pairs = self._board_pairs
        twin._own_concealed = dict(self._own_concealed)
        return twin

    def known_concealed(self, player: IntArgument) -> Counter[Tile]:
        """The tiles everybody knows ``player`` holds face down: those seen
        concealed and not laid since, and the dealt ones that a later lay
        proved they were dealt, once laid copies are accounted for.

        Examples:
            >>> state = Camelot().new_game(players=2, seed=8)
            >>> state.known_concealed(0)
            Counter()
            >>> state.apply("place holy grail b2")
            >>> state.apply("conceal kitchen")
            >>> state.known_concealed(0)
            Counter({Tile(name='kitchen', value=2, kind='.', garden=False): 1})
        """
        p = self.check_player(player)
        known = Counter(self._net[p])
        known.update(self._need[p])
        return +known  # the tiles of a positive count

    # -- hidden information -----------------------------------------------------

    def view(self, player: IntArgument) -> CamelotView:
        return view_of(self, player)

    def _determinize(self, player: Any, seed: Any) -> CamelotState:
        """A copy in which everything ``player`` cannot see is dealt afresh.

        Only public knowledge shapes the deal. A rival keeps the face-down
        tiles everybody knows they hold (:meth:`known_concealed`); the rest of
        their face-down tiles are what remains of their dealt high tiles and
        garden, so they are dealt afresh from the unseen high tiles and
        gardens. The unseen tiles (the bag and the rivals' concealed tiles,
        less the known ones) are gathered in list order and shuffled with
        ``Random(seed)``; what no rival receives goes into the bag, and the
        copy draws with a generator of its own.

        Examples:
            >>> state = Camelot().new_game(players=2, seed=5)
            >>> det = state.determinize(0, seed=1)
            >>> det.view(0) == state.view(0), det.hand(0) == state.hand(0)
            (True, True)
        """
        return determinize(self, player, seed)

    # -- pictures and bots ------------------------------------------------------

    def render(self) -> str:
        """The plan as text, as everybody may see it: square names around it
        (``a1`` top left), an empty square's kind letter in brackets, a laid
        tile's short name, a key, then scores and hands (face-up tiles and how
        many are concealed). :meth:`render_for` adds one player's own
        concealed tiles.

        Examples:
            >>> print(Camelot().new_game(players=1, seed=0).render().splitlines()[1])
             1   [T] [W] [W] [W] [W] [W] [W] [W] [W] [T]   1
        """
        return render_text(self)

    def render_for(self, player: IntArgument) -> str:
        """``player``'s screen, drawn from :meth:`view`: the public screen
        (:meth:`render`) with one line more, the player's own concealed tiles.

        Examples:
            >>> state = Camelot().new_game(players=2, seed=1)
            >>> public = state.render().splitlines()
            >>> [line for line in state.render_for(0).splitlines() if line not in public]
            ['   concealed (only you see them): throne, garden, treasury']
        """
        return render_for(self, player)  # its view checks the seat

    def public_info(self) -> dict[str, str]:
        """What every player sees beside the plan: the bag's size, each
        hand's face-up tiles and how many are concealed, and the turn in
        progress.

        Examples:
            >>> Camelot().new_game(players=2, seed=1).public_info()["bag"]
            '60 tiles'
        """
        return public_info(self)

    def describe(self, move: Any, before: Any) -> str:
        """What ``move`` did: the worth of the turn so far after a tile is
        laid; at the end of a turn, the points scored and the tiles drawn
        (face up: everybody sees them).

        Examples:
            >>> state = Camelot().new_game(players=2, seed=0)
            >>> state.apply("place excalibur e3")
            >>> before = state.copy(); state.apply("end")
            >>> state.describe(state.history[-1], before)
            'scored +5 (now 5); drew wall blank; 59 tiles left in the bag'
        """
        return describe(self, move, before)

    def evaluate(self, player: IntArgument) -> float:
        """How far ``player`` leads the best other player (or, alone, how
        high the score is), squashed into ``[-1, 1]``. The points of the turn
        in progress count as scored, so a one-move lookahead sees them.

        Examples:
            >>> state = Camelot().new_game(players=2, seed=0)
            >>> state.evaluate(0)
            0.0
            >>> state.apply("place excalibur e3")
            >>> round(state.evaluate(0), 3), round(state.evaluate(1), 3)
            (0.165, -0.165)
        """
        player = self.check_player(player)
        outcome = self.outcome
        if outcome is not None and self.players > 1:
            return super().evaluate(player)
        scores = list(self.track.scores)
        if self._laid:
            scores[self._player] += self._turn_score()
        own = scores[player]
        if self.players == 1:
            return math.tanh(own / 100.0)
        rival = max(s for p, s in enumerate(scores) if p != player)
        return math.tanh((own - rival) / 30.0)


def _set(counts: dict[Tile, int], t: Tile, n: int) -> None:
    if n:
        counts[t] = n
    else:
        counts.pop(t, None)
