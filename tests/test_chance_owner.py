"""Chance has one owner (issue 25, items 1, 2 and 6).

The state's generator is the only source of chance, :meth:`State.undo`
restores it for every kind of state, determinized worlds reseed it in place
(so a component bound to it cannot keep drawing the real game's stream), and
:func:`check_game` catches a game that breaks any of this. Each test here
failed before the change that made chance one owner's.
"""

from __future__ import annotations

import attrs
import pytest

from boardkit import Game, IllegalMoveError, Outcome, Player, TileBag
from boardkit.about import About, Chance
from boardkit.chance import Random
from boardkit.fields import BAG, LIST, VALUE, Fields, FieldState
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.testing import ConformanceError, Nim, NimState, Take, check_game
from boardkit.topology import SquareGrid

# -- a declared-fields game with a bag and hidden hands ---------------------------------------


@attrs.frozen
class Draw:
    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class HandsView:
    player: Player
    mine: tuple[int, ...]
    sizes: tuple[int, ...]
    left: int


with pytest.warns(DeprecationWarning, match=r"FieldState is deprecated"):  # the deprecated class still works

    class DrawState(FieldState[Draw]):
        """Players draw in turn from a bag of numbered tiles into hidden hands; the highest sum wins."""

        fields = Fields(bag=BAG, hands=LIST, turn=VALUE)

        def __init__(self, game: DrawGame, players: int, seed: int | None) -> None:
            super().__init__(game, players, seed)
            self.bag: TileBag[int] = TileBag(range(1, 31), rng=self.rng)
            self.hands: list[tuple[int, ...]] = [(), ()]
            self.turn = 0

        @property
        def current_player(self) -> Player | None:
            return None if self.outcome else self.turn

        @property
        def outcome(self) -> Outcome | None:
            if sum(map(len, self.hands)) < 8:
                return None
            a, b = (sum(h) for h in self.hands)
            return Outcome.draw("level") if a == b else Outcome.win(0 if a > b else 1, "higher sum")

        def legal_moves(self) -> list[Draw]:
            return [] if self.outcome else [Draw()]

        def _play(self, move: Draw) -> object:
            if not isinstance(move, Draw):
                raise IllegalMoveError(move, "the only move is 'draw'")
            token = self._save()
            (tile,) = self.bag.draw(1)
            self.hands[self.turn] = (*self.hands[self.turn], tile)
            self.turn = 1 - self.turn
            return token

        def view(self, player: Player) -> HandsView:
            return HandsView(self.check_player(player), self.hands[player], tuple(map(len, self.hands)), len(self.bag))

        def _determinize(self, player: Player, seed: int) -> DrawState:
            world = super()._determinize(player, seed)
            rival = 1 - player
            pool = [*world.bag, *world.hands[rival]]
            deal = Random(seed)
            deal.shuffle(pool)
            k = len(world.hands[rival])
            world.hands[rival] = tuple(sorted(pool[:k]))
            world.bag = TileBag(pool[k:], rng=world.rng)
            return world

        def render(self) -> str:
            return str(self.hands)

        def render_for(self, player: Player) -> str:
            return f"your hand {self.hands[player]}; hand sizes {tuple(map(len, self.hands))}"


class DrawGame(Game[DrawState, Draw]):
    name = "draw"
    about = About(chance=Chance.HIDDEN)  # tiles drawn into hidden hands

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DrawState:
        return DrawState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Draw:
        from boardkit import NotationError

        if text != "draw":
            raise NotationError(text, "the only move is 'draw'")
        return Draw()


class PlainDrawState(DrawState):
    """The same game without its own determinize: the default one only reseeds (what the docs showed)."""

    determinize = FieldState.determinize  # type: ignore[assignment]


class PlainDrawGame(DrawGame):
    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DrawState:
        return PlainDrawState(self, self.check_players(players), seed)


def test_determinized_worlds_do_not_draw_the_real_games_next_tiles() -> None:
    """Item 1: ten worlds with seeds 1..10 all drew the real game's next two tiles."""
    real = PlainDrawGame().new_game(seed=5)
    real.apply("draw")
    worlds = [real.determinize(1, seed=seed) for seed in range(1, 11)]
    for _ in range(2):
        real.apply("draw")
        for world in worlds:
            world.apply("draw")
    futures = {tuple(world.hands) for world in worlds}
    assert len(futures) > 1
    assert any(world.hands != real.hands for world in worlds)


def test_a_world_reseeds_the_generator_it_shares_with_its_bag() -> None:
    real = DrawGame().new_game(seed=3)
    world = real.determinize(0, seed=9)
    assert world.bag.rng is world.rng
    assert world.rng.state != real.rng.state


def test_check_game_passes_a_bag_game_on_declared_fields() -> None:
    check_game(DrawGame(), games=3)
    check_game(PlainDrawGame(), games=3)


class StaleState(DrawState):
    """Deals worlds the old way: a new generator object, leaving the bag on the old one."""

    def _determinize(self, player: Player, seed: int) -> DrawState:
        world = super()._determinize(player, seed)
        world.rng = Random(seed)
        world.bag = TileBag(list(world.bag), rng=self.rng.copy())  # the real game's stream
        return world


class StaleGame(DrawGame):
    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DrawState:
        return StaleState(self, self.check_players(players), seed)


def test_check_game_catches_worlds_that_draw_from_the_real_stream() -> None:
    with pytest.raises(ConformanceError, match="determinized worlds"):
        check_game(StaleGame(), games=2)


# -- a kit game that rolls a die --------------------------------------------------------------


class RaceState(BoardState):
    """Each player places a stone, then rolls a die: the die's number goes on their score."""

    def moves(self) -> list[Place]:
        return [Place(self.name(cell)) for cell in self.empty()]

    def play(self, move: Place) -> None:
        player = self.current_player or 0
        self.put(move.cell, "XO"[player])
        key = f"score{player}"
        self.set(key, int(self.counter(key)) + self.roll())
        self.next_turn()

    def roll(self) -> int:
        return 1 + self.rng.randbelow(6)

    def judge(self) -> Outcome | None:
        if self.empty():
            return None
        a, b = int(self.counter("score0")), int(self.counter("score1"))
        return Outcome.draw("level") if a == b else Outcome.win(0 if a > b else 1, "higher score")


class Race(BoardGame):
    name = "race"
    about = About(chance=Chance.PUBLIC)
    board = SquareGrid(3, 2)
    pieces = {"X": "player 0", "O": "player 1"}
    counters = {"score0": 0, "score1": 0}
    state_class = RaceState


def test_kit_undo_restores_the_generator() -> None:
    """Item 2: the kit's write log did not cover the generator."""
    state = Race().new_game(seed=11)
    state.apply("a1")
    before = state.snapshot()
    state.apply("b1")
    rolled = state.counter("score1")
    state.undo()
    assert state.snapshot() == before
    state.apply("b1")
    assert state.counter("score1") == rolled
    assert state.drew_chance()


def test_check_game_passes_a_kit_game_that_rolls_a_die() -> None:
    check_game(Race(), games=4)


class PrivateDieState(RaceState):
    """A die of its own, not the state's generator: undo cannot restore it."""

    die = Random(1)

    def roll(self) -> int:
        return 1 + self.die.randbelow(6)


class PrivateDie(Race):
    name = "private-die"
    state_class = PrivateDieState


def test_check_game_catches_chance_from_a_private_generator() -> None:
    with pytest.raises(ConformanceError):
        check_game(PrivateDie(), games=2)


# -- a bug in the rules is not an illegal move ------------------------------------------------


class BrokenNimState(NimState):
    def _play(self, move: Take) -> None:
        if not isinstance(move, Take):
            raise IllegalMoveError(move, "not a Nim move")
        if move.count > min(self._most, self.heap) or move.count < 1:
            raise IllegalMoveError(move, "too many")
        if move.count == 2:
            self.heap = self.heap - "2"  # type: ignore[operator]  # the bug
        self.heap -= move.count


class BrokenNim(Nim):
    def new_game(self, *, players: int | None = None, seed: int | None = None) -> NimState:
        return BrokenNimState(self, self.check_players(players), seed)


def test_a_bug_in_the_rules_surfaces_as_itself() -> None:
    """Item 6: a TypeError inside a legal move was reported as an illegal move."""
    state = BrokenNim().new_game(seed=0)
    with pytest.raises(TypeError, match="unsupported operand"):
        state.apply("take 2")


def test_a_move_with_fields_of_the_wrong_kind_is_still_refused() -> None:
    state = Nim().new_game(seed=0)
    before = state.snapshot()
    with pytest.raises(IllegalMoveError, match="not a move of nim"):
        state.apply(Take("x"))  # type: ignore[arg-type]
    assert state.snapshot() == before


class BuggyRaceState(RaceState):
    def play(self, move: Place) -> None:
        self.rng.randbelow(6)
        if move.cell == "b2":
            raise KeyError("a bug in the rules")
        super().play(move)


class BuggyRace(Race):
    name = "buggy-race"
    state_class = BuggyRaceState


def test_a_kit_bug_surfaces_and_leaves_the_state_and_the_generator_as_they_were() -> None:
    state = BuggyRace().new_game(seed=4)
    before = state.snapshot()
    with pytest.raises(KeyError, match="a bug in the rules"):
        state.apply("b2")
    assert state.snapshot() == before


def test_drew_chance_names_the_move() -> None:
    state = Race().new_game(seed=1)
    state.apply("a1")
    state.apply("b1")
    assert state.drew_chance(0) and state.drew_chance(-1)
    with pytest.raises(IndexError):
        state.drew_chance(2)
    for wrong in (None, "0", 0.0, True, [0], 2**70):  # not an index: the same IndexError, not a comparison's TypeError
        with pytest.raises(IndexError, match="no move"):
            state.drew_chance(wrong)
    nim = Nim().new_game(seed=0)
    nim.apply("take 1")
    assert not nim.drew_chance(0)


class LeakyState(DrawState):
    """Draws every hand for every player: the default render_for of a game that forgot it hides things."""

    def render_for(self, player: Player) -> str:
        return self.render()


class LeakyGame(DrawGame):
    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DrawState:
        return LeakyState(self, self.check_players(players), seed)


def test_check_game_catches_a_picture_that_shows_a_rivals_hand() -> None:
    with pytest.raises(ConformanceError, match="render_for"):
        check_game(LeakyGame(), games=2)
