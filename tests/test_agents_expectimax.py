"""Expectimax search (issue 37): chance averaged, forced wins through dice found, time kept, refusals."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs
import pytest
from tic_tac_toe import TicTacToe

from boardkit import IllegalMoveError, OptionError
from boardkit.about import About, Chance, option
from boardkit.agents import AlphaBetaAgent, ExpectimaxAgent
from boardkit.agents import alphabeta as alphabeta_module
from boardkit.chance import Random
from boardkit.errors import NotationError
from boardkit.game import Game, Outcome, Player, State, make_options
from boardkit.games import load
from boardkit.testing import Nim


@attrs.frozen
class DiceOptions:
    """A race to ``target`` points: ``safe`` gains a sure ``step``; ``roll`` throws a die."""

    target: int = option(10, "points to win")
    step: int = option(1, "what a safe move gains")
    roll: str = option("die", "what a roll gains: 'die' its face plus one, 'lottery' 12 on a six and else 0")


class DiceRace(Game["DiceState", str]):
    """Two players race to ``target`` points, each turn a sure step or a throw of a die."""

    name = "dice-race"
    about = About(title="Dice race", chance=Chance.PUBLIC)

    def __init__(self, **options: Any) -> None:
        self.options = make_options(DiceOptions, options, game=self.name)

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DiceState:
        return DiceState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> str:
        if text not in ("safe", "roll"):
            raise NotationError(text, "a move is 'safe' or 'roll'")
        return text

    def at(self, scores: tuple[int, int], to_move: int = 0, seed: int = 0) -> DiceState:
        state = self.new_game(seed=seed)
        state.points = list(scores)
        state.to_move = to_move
        return state


class DiceState(State[str]):
    def __init__(self, game: DiceRace, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.options: DiceOptions = game.options
        self.points = [0, 0]
        self.to_move = 0

    @property
    def current_player(self) -> Player | None:
        return None if self.outcome is not None else self.to_move

    @property
    def outcome(self) -> Outcome | None:
        for p in (0, 1):
            if self.points[p] >= self.options.target:
                return Outcome.win(p, "reached the target")
        return None

    def legal_moves(self) -> list[str]:
        return [] if self.outcome is not None else ["safe", "roll"]

    def _play(self, move: str) -> int:
        if move not in ("safe", "roll"):
            raise IllegalMoveError(move, "not a move of the dice race")
        if move == "safe":
            gain = self.options.step
        else:
            face = self.rng.randbelow(6) + 1
            gain = face + 1 if self.options.roll == "die" else 12 if face == 6 else 0
        self.points[self.to_move] += gain
        self.to_move = 1 - self.to_move
        return gain

    def _unplay(self, move: str, token: int) -> None:
        self.to_move = 1 - self.to_move
        self.points[self.to_move] -= token

    def _key(self) -> Hashable:
        return (self.points[0], self.points[1], self.to_move)

    def copy(self) -> DiceState:
        twin = self._bare_twin()
        twin.options = self.options
        twin.points = list(self.points)
        twin.to_move = self.to_move
        return twin

    def render(self) -> str:
        return f"points {self.points}, player {self.to_move} to move"

    def evaluate(self, player: Any) -> float:
        if self.outcome is not None:
            return super().evaluate(player)
        return (self.points[player] - self.points[1 - player]) / (2 * self.options.target)


def test_a_forced_win_through_two_throws_is_found() -> None:
    # 6 of 10, a throw gains 2 to 7: two throws win whatever the die says, and nothing else does
    # (a safe step gains 1); the rival, at 0, cannot reach 10 in one move.
    state = DiceRace(target=10).at((6, 0))
    agent = ExpectimaxAgent(depth=4, samples=6)
    assert agent.choose(state, 0) == "roll"
    info = agent.last_search
    assert info is not None and info.score == 1.0  # won in every world searched
    assert not info.proven  # but only the worlds sampled: a win through chance is not a proof
    assert dict(info.ranked)["safe"] < 1.0


def test_a_win_that_some_throws_deny_is_worth_less_than_one() -> None:
    # At 5 two throws of one leave 9, and the rival's two throws may reach 10 first: no forced win.
    state = DiceRace(target=10).at((5, 0))
    agent = ExpectimaxAgent(depth=6, samples=12)
    agent.choose(state, 0)
    info = agent.last_search
    assert info is not None and 0 < info.score < 1


@pytest.mark.parametrize("seed", range(4))
def test_the_better_expectation_is_chosen(seed: int) -> None:
    # A throw gains 3.5 on average against a sure 2 (a search that feared the worst throw would step);
    # a lottery gains 12 on a six, 2 on average, against a sure 3 (one that hoped for the best would play it).
    far = DiceRace(target=100, step=2).at((0, 0))
    assert ExpectimaxAgent(depth=1, samples=24, seed=seed).choose(far, 0) == "roll"
    lottery = DiceRace(target=100, step=3, roll="lottery").at((0, 0))
    assert ExpectimaxAgent(depth=1, samples=24, seed=seed).choose(lottery, 0) == "safe"


def test_one_sample_is_the_alpha_beta_of_one_world() -> None:
    # A single sample plays the throws of the copy it searches, as alpha-beta on that copy does.
    state = DiceRace(target=30).at((3, 5), seed=4)
    one = ExpectimaxAgent(depth=3, samples=1, seed=2)
    one.choose(state, 0)
    plain = AlphaBetaAgent(depth=3, seed=2)
    plain.choose(state, 0)
    assert one.last_search is not None and plain.last_search is not None
    assert one.last_search.score == plain.last_search.score


def test_without_chance_it_is_alpha_beta() -> None:
    rng = Random(3)
    for seed in range(6):
        state = TicTacToe().new_game(seed=seed)
        for _ in range(1 + seed % 3):
            state.apply(state.random_move(rng))
        expecting, plain = ExpectimaxAgent(depth=9), AlphaBetaAgent(depth=9)
        assert expecting.choose(state, state.current_player) == plain.choose(state, state.current_player)
        assert expecting.last_search is not None and plain.last_search is not None
        assert expecting.last_search.score == plain.last_search.score


def test_the_searched_state_and_its_generator_are_left_alone() -> None:
    state = DiceRace(target=40).at((7, 9), seed=5)
    state.apply("roll")
    before = state.snapshot()
    ExpectimaxAgent(depth=4, samples=3).choose(state, state.current_player)
    assert state.snapshot() == before  # position, history and the generator's state


def test_a_time_limit_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves a millisecond every time it is read: the search must stop by its deadline.
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(alphabeta_module.time, "perf_counter", clock)
    agent = ExpectimaxAgent(time_limit=0.5, samples=6)
    state = DiceRace(target=200).at((0, 0))
    assert agent.choose(state, 0) in ("safe", "roll")
    info = agent.last_search
    assert info is not None and info.depth >= 1
    assert info.seconds <= 0.5 * 1.1


@pytest.mark.parametrize(
    ("name", "players", "message"),
    [
        ("cloth-of-gold", 2, "expectimax search needs every player to see the whole position"),
        ("camelot", 3, "expectimax search plays two-player games, not 3"),
    ],
)
def test_games_it_cannot_search_are_refused(name: str, players: int, message: str) -> None:
    state = load(name).new_game(players=players, seed=0)
    with pytest.raises(OptionError, match=message):
        ExpectimaxAgent(depth=1).choose(state, 0)


def test_a_finished_game_and_bad_samples_are_refused() -> None:
    over = Nim(heap=1).new_game(seed=0)
    over.apply("take 1")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        ExpectimaxAgent(depth=1).choose(over, 0)
    for samples in (0, -3, 2.0, True, "4"):
        with pytest.raises(OptionError, match="samples must be a positive integer"):
            ExpectimaxAgent(samples=samples)


def test_for_game_keeps_the_samples_and_plays_the_same_games_again() -> None:
    state = DiceRace(target=25).at((4, 6), seed=1)
    first = ExpectimaxAgent(depth=3, samples=5, seed=7).for_game(3)
    second = ExpectimaxAgent(depth=3, samples=5, seed=7).for_game(3)
    assert first.samples == 5
    assert first.choose(state, 0) == second.choose(state, 0)
    assert first.last_search is not None and second.last_search is not None
    assert first.last_search.score == second.last_search.score


def test_best_searches_the_game_of_5_fields_with_expectimax() -> None:
    from boardkit.agents import MCTSAgent, best_agent

    assert isinstance(best_agent(load("five-fields"), seconds=0.5), ExpectimaxAgent)  # public chance
    cloth = best_agent(load("cloth-of-gold"), seconds=0.5)  # hidden hands: Monte Carlo, as before
    assert isinstance(cloth, MCTSAgent) and cloth.exploration < 1.4


def test_a_queen_without_a_city_is_taken_at_5_fields() -> None:
    # Two Princes (3 + 3 against her 4) take the Queen of a player with no City: the game, in one action.
    from boardkit.games.five_fields import FiveFields, Pawn, Terrain
    from boardkit.games.five_fields.board import BOARD

    state = FiveFields().from_position(
        terrain=dict.fromkeys(BOARD.cells, Terrain.PLAIN),
        pawns={(0, 2): [(0, Pawn.QUEEN)], (1, 1): [(0, Pawn.PRINCE)], (-1, 2): [(0, Pawn.PRINCE)],
               (0, 0): [(1, Pawn.QUEEN)], (0, -2): [(1, Pawn.PRINCE)]},
        to_move=0,
    )
    agent = ExpectimaxAgent(depth=3)
    for _ in range(3):
        state.apply(agent.choose(state, 0))
        if state.is_over:
            break
    assert state.outcome is not None and state.outcome.winners == frozenset({0})


def test_a_blank_map_is_searched_through_the_hexes_it_turns() -> None:
    # On a blank map a Prince's step may turn a hex face up: a chance move the search samples.
    state = load("five-fields", blank_map=True).new_game(seed=3)
    before = state.snapshot()
    agent = ExpectimaxAgent(depth=2, samples=3)
    move = agent.choose(state, 0)
    assert move in state.legal_moves() and state.snapshot() == before
    turns = [m for m in state.legal_moves() if _draws(state, m)]
    assert turns  # the position has moves that draw chance, so the sampling was exercised


def _draws(state: Any, move: Any) -> bool:
    state.apply(move)
    drew = state.drew_chance()
    state.undo()
    return drew
