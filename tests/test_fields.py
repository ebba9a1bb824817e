"""Declared fields (boardkit.fields): copy, equality and undo derived from one list."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from boardkit import Game, Hand, IllegalMoveError, Outcome, ScoreTrack, TileBag
from boardkit.about import About, Chance
from boardkit.fields import BAG, COMPONENT, COUNTER, DICT, GRID, LIST, VALUE, Field, Fields, FieldState, each
from boardkit.game import NoOptions
from boardkit.testing import check_game

# FieldState is deprecated (issue 38): it warns where a class subclasses it, and still works.
with pytest.warns(DeprecationWarning, match=r"FieldState is deprecated"):

    class DrawState(FieldState[str]):
        """A two-player game of drawing tiles from a bag into hands until it runs dry."""

        fields = Fields(
            bag=BAG,
            hands=each(Field(lambda v, s: v.copy(), lambda v: v.key())),
            taken=COUNTER,
            last=DICT,
            rows=GRID,
            log=LIST,
            turn=VALUE,
        )

        def __init__(self, game: Draw, players: int, seed: int | None) -> None:
            super().__init__(game, players, seed)
            self.bag: TileBag[str] = TileBag({"a": 3, "b": 3}, rng=self.rng)
            self.hands: list[Hand[str]] = [Hand(owner=0), Hand(owner=1)]
            self.taken: Counter[str] = Counter()
            self.last: dict[int, str] = {}
            self.rows: list[list[str]] = [[], []]
            self.log: list[str] = []
            self.turn = 0

        @property
        def current_player(self) -> int | None:
            return None if len(self.bag) == 0 else self.turn

        @property
        def outcome(self) -> Outcome | None:
            if len(self.bag):
                return None
            a, b = len(self.rows[0]), len(self.rows[1])
            return Outcome.draw("empty") if a == b else Outcome.win(int(b > a), "more rows")

        def legal_moves(self) -> list[str]:
            return [] if self.outcome else ["draw", "draw2"] if len(self.bag) > 1 else ["draw"]

        def _play(self, move: str) -> object:
            if move not in self.legal_moves():
                raise IllegalMoveError(move, "not now")
            token = self._save()
            for tile in self.bag.draw(2 if move == "draw2" else 1):
                self.hands[self.turn].add(tile)
                self.taken[tile] += 1
                self.last[self.turn] = tile
                self.rows[self.turn].append(tile)
                self.log.append(tile)
            self.turn = 1 - self.turn
            return token

        def render(self) -> str:
            return f"{self.rows} {len(self.bag)} left"


class Draw(Game[DrawState, str]):
    name = "draw"
    about = About(chance=Chance.PUBLIC)  # tiles drawn from a bag, into hands every player sees

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DrawState:
        return DrawState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> str:
        return text


def test_a_field_state_keeps_the_contract() -> None:
    report = check_game(Draw(), games=6)
    assert report.games == 6


def test_a_game_without_options_needs_no_options_class() -> None:
    assert Draw().option_values() == {}
    assert Draw() == Draw()
    assert hash(Draw()) == hash(Draw())
    assert isinstance(Draw().options, NoOptions)
    state = Draw().new_game(seed=3)
    state.apply("draw2")
    assert state.to_record().replay(game=Draw()) == state


def test_copies_are_independent_and_undo_is_exact() -> None:
    state = Draw().new_game(seed=1)
    state.apply("draw")
    twin = state.copy()
    assert twin == state
    before = state.snapshot()
    state.apply("draw2")
    assert twin.snapshot() == before
    assert twin.rows != state.rows
    # The twin's bag draws from the twin's generator, not the original's.
    assert twin.bag.copy(rng=twin.rng).key() == twin.bag.key()
    twin.apply("draw2")
    assert twin == state
    state.undo()
    assert state.snapshot() == before
    # Both take back the same shared undo record.
    twin.undo()
    assert twin == state


def test_equality_ignores_dict_order_and_zero_counts() -> None:
    a = Draw().new_game(seed=2)
    b = a.copy()
    a.last = {0: "a", 1: "b"}
    b.last = {1: "b", 0: "a"}
    a.taken["z"] = 0
    assert a == b


def test_a_forgotten_field_fails_at_once() -> None:
    class Leaky(DrawState):
        def __init__(self, game: Any, players: int, seed: int | None) -> None:
            super().__init__(game, players, seed)
            self.extra: list[int] = []

        def copy(self) -> Leaky:
            twin = super().copy()
            _ = twin.extra  # never copied: not declared
            return twin

    state = Leaky(Draw(), 2, 1)
    with pytest.raises(AttributeError):
        state.copy()


def test_field_state_warns_once_where_it_is_subclassed() -> None:
    with pytest.warns(DeprecationWarning, match=r"boardkit\.fields\.FieldState is deprecated") as caught:

        class Mine(FieldState[str]):
            fields = Fields(log=LIST)

    assert len(caught) == 1 and caught[0].filename == __file__

    class Deeper(Mine):  # a subclass of a subclass does not warn again (warnings are errors here)
        pass

    assert issubclass(Deeper, FieldState)


def test_fields_refuse_what_is_not_a_field() -> None:
    with pytest.raises(TypeError, match=r"not a boardkit\.fields\.Field"):
        Fields(bag=list)  # type: ignore[arg-type]
    assert list(Fields(a=VALUE, b=LIST)) == ["a", "b"]


def test_a_score_track_is_a_component() -> None:
    track = ScoreTrack(2, length=10)
    twin = COMPONENT.copy(track, None)
    twin.add(1, 4)
    assert track.scores == (0, 0)
    assert COMPONENT.key(twin) == (0, 4) != COMPONENT.key(track)
