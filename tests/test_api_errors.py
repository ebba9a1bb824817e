"""Errors that tell the truth (issue 41): bad input is refused with a one-line
boardkit error by explicit checks, and a bug in rule code surfaces as itself.

``from_position`` in every game validates what it is given (no blanket
conversion of builtin errors into ``OptionError``), and the kit refuses a
value that is not a move while letting an error that a user's ``check``
raises on a real move propagate.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit.errors
from boardkit import BoardkitError, IllegalMoveError, NotationError, OptionError, Outcome
from boardkit.errors import MAX_MESSAGE
from boardkit.games.cloth_of_gold import ClothOfGold, Space, Tile
from boardkit.games.five_fields import BOARD, FiveFields, Pawn, Terrain
from boardkit.games.tafl import Tafl
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.testing import Nim, NimState
from boardkit.testing.nim import Take
from boardkit.topology import SquareGrid

FUZZ = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def test_the_blanket_converter_is_gone() -> None:
    assert not hasattr(boardkit.errors, "refusing")


# -- the kit: a user's check ------------------------------------------------------------------------


class Faulty(enum.Enum):
    """Which bug the check below has."""

    NONE = 0
    DIVIDES_BY_ZERO_ON_A_TAKEN_CELL = 1
    LOOKS_UP_A_MISSING_KEY = 2


class StripState(BoardState[str, Place]):
    fault: ClassVar[Faulty] = Faulty.NONE

    def moves(self) -> list[Place]:
        return [Place(self.name(c)) for c in self.empty()]

    def check(self, move: Place) -> str | None:
        if self.fault is Faulty.LOOKS_UP_A_MISSING_KEY:
            return {}[move.cell]  # type: ignore[no-any-return]
        if self[move.cell] is not None:  # a value that is not a move trips here (Place(5), Place("z9"))
            if self.fault is Faulty.DIVIDES_BY_ZERO_ON_A_TAKEN_CELL:
                return str(1 // 0)
            return "the cell is taken"
        return None

    def play(self, move: Place) -> None:
        self.put(move.cell, "XO"[self.player])
        self.next_turn()

    def judge(self) -> Outcome | None:
        return None if self.empty() else Outcome.draw("the strip is full")


class Strip(BoardGame[StripState, Place]):
    name = "strip"
    board = SquareGrid(4, 1)
    pieces: ClassVar = {"X": "player 0", "O": "player 1"}
    moves = (Place,)
    state_class = StripState


@pytest.fixture
def strip(monkeypatch: pytest.MonkeyPatch) -> Any:
    def make(fault: Faulty) -> StripState:
        state = Strip().new_game(seed=0)
        state.apply("a1")
        monkeypatch.setattr(StripState, "fault", fault)
        return state

    return make


@pytest.mark.parametrize("move", [Place("a1"), "a1"], ids=["value", "text"])
def test_a_check_that_divides_by_zero_surfaces_as_itself(strip: Any, move: Any) -> None:
    state = strip(Faulty.DIVIDES_BY_ZERO_ON_A_TAKEN_CELL)
    before = state.snapshot()
    with pytest.raises(ZeroDivisionError):
        state.apply(move)  # a1 is taken: a real move, illegal here, whose check has a bug
    assert state.snapshot() == before


def test_a_check_that_looks_up_a_missing_key_on_a_legal_move_surfaces_as_itself(strip: Any) -> None:
    state = strip(Faulty.LOOKS_UP_A_MISSING_KEY)
    with pytest.raises(KeyError):
        state.apply(Place("b1"))
    assert state.history == (Place("a1"),)


@pytest.mark.parametrize("fault", list(Faulty))
@pytest.mark.parametrize(
    "value",
    [Place(5), Place("z9"), Place(None), object(), 3],  # type: ignore[arg-type]
    ids=["Place(5)", "Place('z9')", "Place(None)", "object()", "3"],
)
def test_a_value_that_is_not_a_move_is_still_an_illegal_move(strip: Any, fault: Faulty, value: Any) -> None:
    state = strip(fault)
    before = state.snapshot()
    with pytest.raises(IllegalMoveError, match="not a move"):
        state.apply(value)
    assert state.snapshot() == before


def test_a_sound_check_refuses_a_taken_cell_with_its_reason(strip: Any) -> None:
    with pytest.raises(IllegalMoveError, match="the cell is taken"):
        strip(Faulty.NONE).apply("a1")


# -- the core: any game's _play ---------------------------------------------------------------------


class BuggyNimState(NimState):
    """Nim whose rules divide by zero when a move takes more than the heap holds."""

    def _play(self, move: Take) -> object:
        if move.count > self.heap:
            return 1 // 0
        return super()._play(move)


class BuggyNim(Nim):
    def new_game(self, *, players: int | None = None, seed: int | None = None) -> BuggyNimState:
        return BuggyNimState(self, self.check_players(players), seed)


def test_a_bug_in_a_games_rules_on_an_illegal_move_surfaces_as_itself() -> None:
    state = BuggyNim(heap=2, most=3).new_game(seed=0)
    with pytest.raises(ZeroDivisionError):
        state.apply("take 3")  # a move of Nim, not legal here: the error is the rules' bug
    with pytest.raises(IllegalMoveError, match="not a move of nim"):
        state.apply(Take("3"))  # type: ignore[arg-type]  # not a move of Nim at all


# -- from_position: every malformed position is an OptionError (Tafl's text: a NotationError) --------


def one_line(error: BaseException) -> None:
    message = str(error)
    assert "\n" not in message and 0 < len(message) <= MAX_MESSAGE, message[:200]


def refused_or_plays(call: Any, kinds: tuple[type[BoardkitError], ...] = (OptionError,)) -> None:
    """Call; a state it returns plays a few moves, and an error it raises is one of ``kinds``,
    one line long. Any other error (a TypeError from deep inside, say) fails the test."""
    try:
        state = call()
    except kinds as exc:
        one_line(exc)
        return
    for _ in range(3):
        if state.is_over:
            break
        state.apply(state.legal_moves()[0])
    assert isinstance(state.render(), str)


hashable = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.binary(max_size=3)
    | st.sampled_from([*Tile, *Space, *Terrain, *Pawn, *sorted(BOARD.cells), "gold", "red", "dragon", "plain"]),
    lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=3),
    max_leaves=4,
)
anything = st.recursive(
    hashable,
    lambda inner: st.lists(inner, max_size=4)
    | st.tuples(inner, inner)
    | st.dictionaries(hashable, inner, max_size=4)
    | st.sets(hashable, max_size=3),
    max_leaves=10,
)
maybe = st.one_of(st.just(None), anything)


@FUZZ
@given(
    text=anything | st.text(alphabet="/tTKcnCN0123456789 x", max_size=60),
    to_move=st.sampled_from([0, 1]) | anything,
    seed=st.sampled_from([None, 0, 7]) | anything,
)
def test_tafl_from_position_refuses_malformed_positions(text: Any, to_move: Any, seed: Any) -> None:
    refused_or_plays(
        lambda: Tafl("brandubh").from_position(position=text, to_move=to_move, seed=seed), (OptionError, NotationError)
    )


pawn_lists = st.lists(st.tuples(st.sampled_from([0, 1]) | anything, st.sampled_from(list(Pawn)) | anything), max_size=3)


@FUZZ
@given(
    terrain=st.dictionaries(st.sampled_from(sorted(BOARD.cells)) | hashable, st.sampled_from(list(Terrain)) | anything)
    | anything,
    pawns=st.dictionaries(st.sampled_from(sorted(BOARD.cells)) | hashable, pawn_lists | anything) | anything,
    fields=maybe,
    cities=maybe,
    to_move=st.sampled_from([0, 1]) | anything,
    princes_lost=st.just((0, 0)) | anything,
    seed=st.sampled_from([None, 0]) | anything,
)
def test_five_fields_from_position_refuses_malformed_positions(
    terrain: Any, pawns: Any, fields: Any, cities: Any, to_move: Any, princes_lost: Any, seed: Any
) -> None:
    refused_or_plays(
        lambda: FiveFields(blank_map=True).from_position(
            terrain=terrain,
            pawns=pawns,
            fields=fields,
            cities=cities,
            to_move=to_move,
            princes_lost=princes_lost,
            seed=seed,
        )
    )


COG_FIELDS = ["hands", "courts", "scores", "tile_spaces", "tokens", "dragon", "darkness", "removed", "to_move", "seed"]


@FUZZ
@given(given_=st.dictionaries(st.sampled_from(COG_FIELDS), anything, max_size=4))
def test_cloth_of_gold_from_position_refuses_malformed_positions(given_: dict[str, Any]) -> None:
    refused_or_plays(lambda: ClothOfGold().from_position(**given_))


def test_a_malformed_position_is_an_option_error_of_one_line() -> None:
    for call in (
        lambda: FiveFields().from_position(terrain=None, pawns={}),  # type: ignore[arg-type]
        lambda: FiveFields().from_position(terrain={}, pawns={(0, 0): 5}),  # type: ignore[dict-item]
        lambda: ClothOfGold().from_position(hands=[{"gold": [1]}, {}]),  # type: ignore[dict-item]
        lambda: Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=[0]),
    ):
        with pytest.raises(OptionError) as caught:
            call()
        one_line(caught.value)


def test_a_five_fields_hex_is_a_pair_of_whole_numbers() -> None:
    """Found by the fuzz above: (False, 0.0) equals (0, 0) as a key, so it passed as the centre hex,
    and writing its name for the record raised a TypeError."""
    from boardkit.games.five_fields import Terrain

    for hex_ in [(False, 0.0), (0.0, 0), (True, -1)]:
        with pytest.raises(OptionError, match="no hex") as caught:
            FiveFields(blank_map=True).from_position(terrain={hex_: Terrain.PLAIN}, pawns={}, to_move=0)
        one_line(caught.value)
