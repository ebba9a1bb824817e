"""One name and one spelling per idea (issue 41): Tafl's ``playout`` takes
keywords as every state's does, one ``rewards`` helper on one scale, and a
game started from a position keeps its rule set's name and records the
position as its ``setup``, through one ``from_position`` shape in every game
(keywords only, ``to_move=None`` and ``seed=None`` meaning the same
everywhere)."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any

import pytest

from boardkit import GameRecord, Outcome, Random, State
from boardkit.errors import OptionError
from boardkit.games import load, names
from boardkit.games.tafl import Tafl
from boardkit.kit import BoardGame, BoardState, Place
from boardkit.topology import SquareGrid

# -- playout: keyword-only in Tafl as in the base ------------------------------------------------


def test_tafl_playout_by_position_warns_once_and_plays_the_same_moves() -> None:
    state, twin = Tafl("brandubh").new_game(seed=4), Tafl("brandubh").new_game(seed=4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        played = state.playout(9, Random(2))
    # One warning, the user's own call's: the base's playout, called by keyword, adds none.
    assert [str(w.message) for w in caught] == [
        "playout(max_plies, rng) by position is deprecated: write playout(max_plies=..., rng=...)"
    ]
    assert played == twin.playout(max_plies=9, rng=Random(2)) == 9
    assert state.history == twin.history
    with pytest.warns(DeprecationWarning, match=r"playout\(max_plies\) by position"):
        state.playout(1)
    assert len(state.history) == 10
    with pytest.raises(TypeError, match="both by position and by keyword"):
        state.playout(1, max_plies=1)


def test_tafl_playout_without_a_generator_is_reproducible() -> None:
    state, twin = Tafl("brandubh").new_game(seed=4), Tafl("brandubh").new_game(seed=4)
    assert state.playout(max_plies=12) == twin.playout(max_plies=12) == 12
    assert state.history == twin.history


# -- one rewards helper, on one scale --------------------------------------------------------------


@pytest.mark.parametrize(
    ("winners", "players", "expected"),
    [
        ({0}, 2, (1.0, -1.0)),
        ({2}, 3, (-1.0, -1.0, 1.0)),
        (set(), 2, (0.0, 0.0)),
        (set(), 1, (0.0,)),  # a solo game kept for its score
        ({0, 1}, 2, (0.0, 0.0)),  # everybody wins: a draw
        ({1, 2}, 3, (-1.0, 0.5, 0.5)),
    ],
)
def test_outcome_rewards(winners: set[int], players: int, expected: tuple[float, ...]) -> None:
    assert Outcome(frozenset(winners), None, "x").rewards(players) == expected


def test_outcome_rewards_refuses_a_seat_count_that_does_not_hold_the_winners() -> None:
    with pytest.raises(OptionError, match="winners"):
        Outcome.win(2, "x").rewards(2)
    with pytest.raises(OptionError, match="players must be a positive integer"):
        Outcome.win(0, "x").rewards(0)


def test_agents_and_rl_score_a_finished_game_by_the_outcome_rewards() -> None:
    from boardkit.agents import GreedyAgent  # noqa: F401  (the agents' package imports)
    from boardkit.agents._uct import reward
    from boardkit.testing import Nim

    state = Nim(heap=1).new_game(seed=0)
    state.apply("take 1")
    assert state.outcome is not None
    assert state.outcome.rewards(2) == (1.0, -1.0)
    assert reward(state, None) == (1.0, 0.0)  # UCT's 0-to-1 count of the same rewards


class _SharedState(BoardState[str, Place]):
    """A three-player game of one cell: the first stone ends it, won by players 0 and 2 together."""

    def moves(self) -> list[Place]:
        return [Place(self.name(c)) for c in self.empty()]

    def play(self, move: Place) -> None:
        self.put(move.cell, "X")
        self.next_turn()

    def judge(self) -> Outcome | None:
        return None if self.empty() else Outcome(frozenset({0, 2}), None, "shared by two")


class _Shared(BoardGame[_SharedState, Place]):
    name = "shared"
    board = SquareGrid(1, 1)
    pieces = {"X": "the stone"}
    state_class = _SharedState
    min_players = max_players = 3


def test_the_base_evaluate_scores_a_shared_victory_as_the_outcome_rewards_do() -> None:
    state = _Shared().new_game(seed=0)
    assert [state.evaluate(p) for p in range(3)] == [0.0, 0.0, 0.0]
    state.apply("a1")
    assert state.outcome is not None
    assert tuple(state.evaluate(p) for p in range(3)) == state.outcome.rewards(3) == (0.5, -1.0, 0.5)
    with pytest.raises(OptionError, match="no player 3"):
        state.evaluate(3)


# -- a game started from a position keeps its rule set's name ------------------------------------

# A Copenhagen middle game: attackers around, the King off the throne (rank 1 first).
COPENHAGEN_POSITION = "/3ttttt3/5t5/11/t4T4t/t3T1T3t/tt1TT1TT1tt/t3T1T3t/t4TK3t/11/5t5/3ttttt3/"


def test_tafl_from_position_keeps_the_rule_set_and_records_the_position_as_its_setup() -> None:
    state = Tafl("copenhagen").from_position(position=COPENHAGEN_POSITION, to_move=1, seed=6)
    assert state.game == Tafl("copenhagen") and state.game.options.variant == "copenhagen"
    assert state.current_player == 1 and state.position() == COPENHAGEN_POSITION
    for _ in range(6):
        state.apply(state.legal_moves()[-1])
    record = state.to_record()
    assert record.options["variant"] == "copenhagen"
    assert record.setup == {"position": COPENHAGEN_POSITION, "to_move": 1}
    again = GameRecord.from_json(record.to_json()).replay()
    assert again == state and again.game == Tafl("copenhagen") and again.history == state.history


def test_tafl_set_up_game_written_for_opentafl_starts_from_its_position() -> None:
    from boardkit.games.tafl import read_opentafl_game, write_opentafl_game

    state = Tafl("copenhagen").from_position(position=COPENHAGEN_POSITION, to_move=1, seed=6)
    state.apply(state.legal_moves()[0])
    text = write_opentafl_game(state)
    assert f"start:{COPENHAGEN_POSITION}" in text
    read = read_opentafl_game(text)
    assert read.position() == state.position() and read.history == state.history


def test_tafl_from_position_refuses_a_board_of_another_size() -> None:
    from boardkit.errors import NotationError

    with pytest.raises(NotationError, match="the position is 7x7, but copenhagen is played on 11x11"):
        Tafl("copenhagen").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=0)


def test_tafl_setup_data_that_is_not_a_position_is_a_record_error() -> None:
    from boardkit.errors import RecordError

    record = Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=1).to_record()
    bad = record.to_json().replace('"to_move": 1', '"to_move": 3')
    with pytest.raises(RecordError, match="to_move"):
        GameRecord.from_json(bad).replay()
    bad = record.to_json().replace("/7/7/3K3/7/t6/7/7/", "/7/7/3K3/7/t6/7/")
    with pytest.raises(RecordError, match="bad setup for tafl"):
        GameRecord.from_json(bad).replay()


def test_a_set_up_game_of_opentafls_own_rules_replays_with_its_officers() -> None:
    berserk = Tafl.from_opentafl(
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c"
        " start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"
    )
    state = berserk.from_position(position="/11/4c6/11/4t6/4N6/5Kc4/c4t5/T10/5t4c/T1T7T/2t8/", to_move=1, seed=3)
    for _ in range(5):
        state.apply(state.legal_moves()[len(state.legal_moves()) // 2])
    again = GameRecord.from_json(state.to_record().to_json()).replay()
    assert again == state and again.game == berserk and type(again) is type(state)


# -- from_position: one shape in every game ---------------------------------------------------------


def _positions() -> dict[str, Callable[..., State[Any]]]:
    """Each shipped game's from_position with a small position given, taking to_move and seed."""
    from boardkit.games.camelot import Camelot
    from boardkit.games.cloth_of_gold import ClothOfGold
    from boardkit.games.five_fields import BOARD, FiveFields, Pawn, Terrain

    plains = dict.fromkeys(BOARD.cells, Terrain.PLAIN)
    queens = {(0, 2): [(0, Pawn.QUEEN)], (0, 0): [(0, Pawn.PRINCE)], (0, -2): [(1, Pawn.QUEEN)]}
    return {
        "tafl": lambda **kw: Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", **kw),
        "five-fields": lambda **kw: FiveFields().from_position(terrain=plains, pawns=queens, **kw),
        "cloth-of-gold": lambda **kw: ClothOfGold().from_position(hands=[{"blue": 1}, {}], scores=(3, 5), **kw),
        "camelot": lambda **kw: Camelot().from_position(hands=[{"tower": 1, "garden": 1}, {"blank": 2}], **kw),
    }


def test_every_shipped_game_has_a_from_position() -> None:
    assert sorted(_positions()) == sorted(names())


@pytest.mark.parametrize("name", names())
def test_from_position_takes_keywords_only_with_to_move_and_seed_defaulting_alike(name: str) -> None:
    parameters = list(inspect.signature(type(load(name)).from_position).parameters.values())[1:]
    # Tafl's *args is the old spelling's shim: the position by position, with a DeprecationWarning.
    old = [p.name for p in parameters if p.kind is inspect.Parameter.VAR_POSITIONAL]
    assert old == (["args"] if name == "tafl" else [])
    shape = {p.name: p for p in parameters if p.kind is not inspect.Parameter.VAR_POSITIONAL}
    assert {p.kind for p in shape.values()} == {inspect.Parameter.KEYWORD_ONLY}
    assert (shape["to_move"].default, shape["seed"].default) == (None, None)


@pytest.mark.parametrize("name", ["five-fields", "cloth-of-gold", "camelot"])
def test_from_position_refuses_a_position_given_by_position(name: str) -> None:
    with pytest.raises(TypeError):
        load(name).from_position({})


def test_tafls_position_by_position_warns_once_and_sets_up_the_same_game() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = Tafl("copenhagen").from_position(COPENHAGEN_POSITION, to_move=1, seed=6)
    assert [(w.category, str(w.message)) for w in caught] == [
        (DeprecationWarning, "from_position(position) by position is deprecated: write from_position(position=...)")
    ]
    assert old == Tafl("copenhagen").from_position(position=COPENHAGEN_POSITION, to_move=1, seed=6)
    assert old.to_record().setup == {"position": COPENHAGEN_POSITION, "to_move": 1}
    with pytest.raises(TypeError, match="both by position and by keyword"):
        Tafl("copenhagen").from_position(COPENHAGEN_POSITION, position=COPENHAGEN_POSITION)


@pytest.mark.parametrize("name", names())
def test_to_move_defaults_to_the_rules_first_player(name: str) -> None:
    assert _positions()[name](seed=1).current_player == 0  # player 0 moves first in every shipped game's rules


def test_to_move_defaults_to_a_first_option_when_the_rules_have_one() -> None:
    from boardkit.games.camelot import Camelot
    from boardkit.games.cloth_of_gold import ClothOfGold

    assert Tafl("brandubh", first=1).from_position(position="/7/7/3K3/7/t6/7/7/").current_player == 1
    assert Tafl("brandubh", first=1).from_position().position() == Tafl("brandubh").options.start
    assert ClothOfGold(first=1).from_position().current_player == 1
    assert Camelot(first=1).from_position(hands=[{"tower": 1}, {"blank": 1}]).current_player == 1


@pytest.mark.parametrize("name", names())
def test_seed_none_is_a_fresh_seed_kept_on_the_state_as_in_new_game(name: str) -> None:
    one, two = _positions()[name](), _positions()[name]()
    assert type(one.seed) is int and one.seed != two.seed
    assert one.to_record().seed == one.seed
    assert _positions()[name](seed=7).seed == 7


@pytest.mark.parametrize("name", names())
def test_records_of_games_started_from_a_position_replay(name: str) -> None:
    state = _positions()[name](to_move=1)
    assert state.current_player == 1 and state.game == load(name, **state.game.option_values())
    chooser = Random(3)
    for _ in range(6):
        if state.is_over:
            break
        moves = state.legal_moves()
        state.apply(moves[chooser.randbelow(len(moves))])
    record = state.to_record()
    assert record.setup is not None and record.setup["to_move"] == 1
    again = GameRecord.from_json(record.to_json()).replay()
    assert again == state and again.history == state.history
