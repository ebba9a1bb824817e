"""Tests of the agents: random, greedy and Monte Carlo tree search."""

from __future__ import annotations

import pickle
from collections.abc import Hashable
from typing import Any

import attrs
import pytest

from boardkit import IllegalMoveError, NotationError, Outcome, Player, Random, State, TileBag, derive_seed, make_options
from boardkit.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from boardkit.errors import OptionError
from boardkit.game import Game
from boardkit.play import play_game, tournament
from boardkit.testing import Nim, NimState, Take, check_game

# -- a tiny hidden-information game: Duel -------------------------------------
#
# Cards 1..9 are shuffled in a TileBag; each player is dealt a secret hand of
# three, the rest stay hidden in the stock. In each of three rounds the leader
# lays a card face up and the other answers with one; the higher card wins the
# round and leads the next. Who wins more rounds wins. What to lead depends on
# the opponent's hidden hand, which a fair bot must not read.


@attrs.frozen
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class DuelOptions:
    cards: int = 9
    hand: int = 3


@attrs.frozen
class DuelView:
    player: Player
    hand: tuple[int, ...]
    rival_cards: int
    stock: int
    lead: int | None
    leader: Player
    won: tuple[int, int]
    moves: tuple[str, ...]


class Duel(Game["DuelState", Play]):
    """Lead and answer secret cards; higher card takes the round."""

    name = "duel"

    def __init__(self, **options: Any) -> None:
        self.options = make_options(DuelOptions, options, game=self.name)

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> DuelState:
        return DuelState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Play:
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "play" or not words[1].isdigit() or len(words[1]) > 3:
            raise NotationError(text, "a Duel move is 'play N'")
        return Play(int(words[1]))


class DuelState(State[Play]):
    def __init__(self, game: Duel, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        bag = TileBag(range(1, game.options.cards + 1), rng=self.rng)
        self.hands: list[tuple[int, ...]] = [tuple(sorted(bag.draw(game.options.hand))) for _ in range(2)]
        self.stock: tuple[int, ...] = tuple(sorted(bag))
        self.lead: int | None = None
        self.leader: Player = 0
        self.won: tuple[int, int] = (0, 0)

    @property
    def current_player(self) -> Player | None:
        if not self.hands[0] and not self.hands[1]:
            return None
        return self.leader if self.lead is None else 1 - self.leader

    @property
    def outcome(self) -> Outcome | None:
        if self.hands[0] or self.hands[1]:
            return None
        a, b = self.won
        if a == b:
            return Outcome.draw("rounds tied", self.won)
        return Outcome.win(0 if a > b else 1, "won more rounds", self.won)

    def legal_moves(self) -> list[Play]:
        player = self.current_player
        return [] if player is None else [Play(c) for c in self.hands[player]]

    def _play(self, move: Play) -> object:
        player = self.current_player
        if not isinstance(move, Play):
            raise IllegalMoveError(move, "not a Duel move")
        if player is None or move.card not in self.hands[player]:
            raise IllegalMoveError(move, "that card is not in your hand")
        token = (self.hands[player], self.lead, self.leader, self.won)
        self.hands[player] = tuple(c for c in self.hands[player] if c != move.card)
        if self.lead is None:
            self.lead = move.card
        else:
            winner = self.leader if self.lead > move.card else player
            won = list(self.won)
            won[winner] += 1
            self.won = (won[0], won[1])
            self.leader, self.lead = winner, None
        return (player, token)

    def _unplay(self, move: Play, token: Any) -> None:
        player, (hand, lead, leader, won) = token
        self.hands[player], self.lead, self.leader, self.won = hand, lead, leader, won

    def _key(self) -> Hashable:
        return (tuple(self.hands), self.stock, self.lead, self.leader, self.won)

    def copy(self) -> DuelState:
        twin = DuelState.__new__(DuelState)
        self._copy_base_into(twin)
        twin.hands = list(self.hands)
        twin.stock, twin.lead, twin.leader, twin.won = self.stock, self.lead, self.leader, self.won
        return twin

    def render(self) -> str:
        return f"hands {self.hands} lead {self.lead} won {self.won}"

    def render_for(self, player: Player) -> str:
        return f"your hand {self.hands[player]} lead {self.lead} won {self.won}"

    def view(self, player: Player) -> DuelView:
        self.check_player(player)
        return DuelView(
            player,
            self.hands[player],
            len(self.hands[1 - player]),
            len(self.stock),
            self.lead,
            self.leader,
            self.won,
            tuple(str(m) for m in self._moves),
        )

    def _determinize(self, player: Player, seed: int) -> DuelState:
        twin = self.copy()
        rival = 1 - player
        unseen = sorted(self.hands[rival] + self.stock)  # canonical order, never the real one
        Random(seed).shuffle(unseen)
        n = len(self.hands[rival])
        twin.hands[rival] = tuple(sorted(unseen[:n]))
        twin.stock = tuple(sorted(unseen[n:]))
        twin._redeal(seed)  # a new seed and generator, and no undoing past the deal
        return twin

    def evaluate(self, player: Player) -> float:
        return (self.won[player] - self.won[1 - player]) / 3


def duel_position(mine: tuple[int, ...], rival: tuple[int, ...]) -> DuelState:
    """A new Duel in which player 0 holds ``mine`` and player 1 ``rival``."""
    state = Duel().new_game(seed=0)
    state.hands = [mine, rival]
    state.stock = tuple(c for c in range(1, 10) if c not in mine + rival)
    return state


class PeekingMCTS(MCTSAgent):
    """A cheat: searches the real position, hidden cards included."""

    def _sample(self, state: State[Any], player: Player, seed: int) -> State[Any]:
        twin = state.copy()
        twin.rng = Random(seed)
        return twin


# -- a three-player Nim, for multi-player rewards ------------------------------


class Nim3(Nim):
    name = "nim3"
    max_players = 3

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> Nim3State:
        return Nim3State(self, self.check_players(players), seed)


class Nim3State(NimState):
    @property
    def current_player(self) -> Player | None:
        return None if self.heap == 0 else len(self._moves) % self.players

    @property
    def outcome(self) -> Outcome | None:
        if self.heap:
            return None
        return Outcome.win((len(self._moves) - 1) % self.players, "took the last counter")

    def copy(self) -> Nim3State:
        twin = Nim3State.__new__(Nim3State)
        self._copy_base_into(twin)
        twin.heap, twin._most = self.heap, self._most
        return twin


# -- a solo game: empty the heap in as few moves as you can --------------------------------


class Solo(Nim):
    name = "solo"
    min_players = 1
    max_players = 1

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> SoloState:
        return SoloState(self, self.check_players(players), seed)


class SoloState(NimState):
    @property
    def current_player(self) -> Player | None:
        return None if self.heap == 0 else 0

    @property
    def outcome(self) -> Outcome | None:
        return None if self.heap else Outcome(frozenset(), (len(self._moves),), "heap empty")

    def evaluate(self, player: Player) -> float:
        at_best = len(self._moves) + -(-self.heap // self._most)
        return 1.0 - 2.0 * at_best / self.heap_at_start

    @property
    def heap_at_start(self) -> int:
        return int(self.game.options.heap)

    def copy(self) -> SoloState:
        twin = SoloState.__new__(SoloState)
        self._copy_base_into(twin)
        twin.heap, twin._most = self.heap, self._most
        return twin


# -- tests ---------------------------------------------------------------------


def test_duel_passes_the_conformance_kit() -> None:
    report = check_game(Duel(), games=6, seed=2)
    assert report.finished == 6


def test_nim3_passes_the_conformance_kit() -> None:
    assert check_game(Nim3(heap=8), players=3, games=3).finished == 3


def test_rewards_is_deprecated_and_moves_the_outcome_rewards_onto_0_to_1() -> None:
    from boardkit.agents import rewards

    outcome = Outcome(frozenset({1, 2}), None, "shared")
    with pytest.warns(DeprecationWarning, match=r"use outcome\.rewards\(players\)"):
        assert rewards(outcome, 3) == (0.0, 0.75, 0.75)
    with pytest.warns(DeprecationWarning, match="rewards is deprecated"):
        assert rewards(Outcome.win(0, "x"), 2) == (1.0, 0.0)
    with pytest.warns(DeprecationWarning, match="rewards is deprecated"):
        assert rewards(None, 2) == (0.5, 0.5)
    import boardkit.agents

    assert "rewards" not in boardkit.agents.__all__ and "win_shares" not in boardkit.agents.__all__


@pytest.mark.parametrize("agent", [RandomAgent(seed=1), GreedyAgent(seed=1), MCTSAgent(iterations=10, seed=1)])
def test_every_agent_follows_the_protocol_and_pickles(agent: Agent) -> None:
    assert isinstance(agent, Agent)
    twin = pickle.loads(pickle.dumps(agent))
    state = Nim(heap=21).new_game(seed=0)
    assert twin.choose(state, 0) == agent.choose(state, 0)


def test_random_agent_is_seeded_and_plays_legal_moves() -> None:
    state = Nim(heap=30).new_game(seed=0)
    a, b, c = RandomAgent(seed=5), RandomAgent(seed=5), RandomAgent(seed=6)
    picks_a = [a.choose(state, 0) for _ in range(20)]
    picks_b = [b.choose(state, 0) for _ in range(20)]
    picks_c = [c.choose(state, 0) for _ in range(20)]
    assert picks_a == picks_b
    assert picks_a != picks_c
    assert set(picks_a) == {Take(1), Take(2), Take(3)}


def test_random_agent_for_game_derives_a_new_seed() -> None:
    agent = RandomAgent(seed=5)
    assert agent.for_game(1).seed == derive_seed(5, 1)
    assert agent.for_game(1).seed != agent.for_game(2).seed


def test_greedy_agent_takes_a_win_and_avoids_a_loss() -> None:
    assert GreedyAgent().choose(Nim(heap=3).new_game(seed=0), 0) == Take(3)
    # From 5, each move leaves 4, 3 or 2: none ends the game, the base
    # evaluation is 0 for all three, so the seed breaks the tie.
    picks = {GreedyAgent(seed=s).choose(Nim(heap=5).new_game(seed=0), 0) for s in range(12)}
    assert picks == {Take(1), Take(2), Take(3)}


def test_greedy_agent_uses_a_user_evaluation() -> None:
    def leave_a_multiple_of_four(state: State[Any], player: Player) -> float:
        assert isinstance(state, NimState)
        return 1.0 if state.heap % 4 == 0 else -1.0

    agent = GreedyAgent(evaluate=leave_a_multiple_of_four, seed=0)
    assert agent.choose(Nim(heap=10).new_game(seed=0), 0) == Take(2)
    assert agent.choose(Nim(heap=7).new_game(seed=0), 0) == Take(3)
    assert agent.score(Nim(heap=8).new_game(seed=0), 1) == 1.0


def test_greedy_agent_uses_the_games_evaluation() -> None:
    # Player 1 answers a lead of 5 holding 2, 6 and 9: only 6 and 9 win the
    # round (evaluation +1/3); of those the tie is broken by the seed.
    state = duel_position((1, 5, 8), (2, 6, 9))
    state.apply("play 5")
    picks = {GreedyAgent(seed=s).choose(state, 1) for s in range(12)}
    assert picks == {Play(6), Play(9)}


def test_mcts_finds_the_winning_move_in_nim() -> None:
    for heap, best in [(6, Take(2)), (7, Take(3)), (9, Take(1))]:
        assert MCTSAgent(iterations=400, seed=3).choose(Nim(heap=heap).new_game(seed=0), 0) == best


def test_mcts_plays_a_winning_move_without_searching() -> None:
    agent = MCTSAgent(iterations=50, seed=0)
    assert agent.choose(Nim(heap=3).new_game(seed=0), 0) == Take(3)
    assert agent.last_iterations == 0


def test_mcts_avoids_moves_that_let_the_rival_win_at_once() -> None:
    # From 5, taking 2 or 3 lets the rival take the rest: only 1 is safe.
    agent = MCTSAgent(iterations=50, seed=0)
    assert agent.choose(Nim(heap=5).new_game(seed=0), 0) == Take(1)
    assert agent.last_iterations == 0
    # Without the guard, or when looking would cost too much, it searches.
    for unguarded in (MCTSAgent(iterations=50, seed=0, guard=0), MCTSAgent(iterations=50, seed=0, guard=8)):
        unguarded.choose(Nim(heap=5).new_game(seed=0), 0)
        assert unguarded.last_iterations == 50
    # With 6 left, every move lets the rival win, so all are searched.
    agent.choose(Nim(heap=6, most=5).new_game(seed=0), 0)
    assert agent.last_iterations == 50


def test_mcts_is_deterministic_for_a_seed() -> None:
    state = Duel().new_game(seed=11)
    choices = {MCTSAgent(iterations=60, seed=4).choose(state, 0) for _ in range(3)}
    assert len(choices) == 1
    agent = MCTSAgent(iterations=60, seed=4)
    agent.choose(state, 0)
    assert agent.last_iterations == 60


def test_mcts_does_not_change_the_state() -> None:
    state = Duel().new_game(seed=1)
    before = state.snapshot()
    MCTSAgent(iterations=40, seed=0).choose(state, 0)
    assert state.snapshot() == before


def test_mcts_plays_a_lone_legal_move_without_searching() -> None:
    agent = MCTSAgent(iterations=50)
    assert agent.choose(Nim(heap=1).new_game(seed=0), 0) == Take(1)
    assert agent.last_iterations == 0


def test_mcts_stops_at_the_time_limit() -> None:
    agent = MCTSAgent(iterations=10**9, time_limit=0.01, seed=0)
    agent.choose(Nim(heap=21).new_game(seed=0), 0)
    assert 1 <= agent.last_iterations < 10**9


def test_mcts_falls_back_to_the_evaluation_at_the_rollout_cap() -> None:
    calls: list[int] = []

    def evaluate(state: State[Any], player: Player) -> float:
        calls.append(player)
        return 0.0

    MCTSAgent(iterations=20, rollout_moves=0, evaluate=evaluate, seed=1).choose(Nim(heap=21).new_game(seed=0), 0)
    assert len(calls) == 2 * 20  # both players scored, every iteration (no playout ends the game)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": 0}, "iterations must be a positive integer, not 0"),
        ({"time_limit": -1.0}, "time_limit must be a positive number of seconds or None, not -1.0"),
        ({"rollout_moves": -2}, "rollout_moves must be a non-negative integer, not -2"),
        ({"guard": -1}, "guard must be a non-negative integer, not -1"),
    ],
)
def test_mcts_refuses_bad_settings(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        MCTSAgent(**kwargs)


def test_mcts_beats_random_at_nim() -> None:
    result = tournament(Nim(heap=15), {"mcts": MCTSAgent(iterations=150, seed=1), "random": RandomAgent()},
                        games=10, seed=0)
    mcts, rand = result.standings()
    # Random may stumble on the winning line now and then; MCTS must not miss it.
    assert mcts.wins >= 9 and mcts.wins + rand.wins == 10


def test_mcts_plays_a_solo_game_for_its_score() -> None:
    assert check_game(Solo(heap=6), games=2).finished == 2
    # Only the final evaluation tells a short game from a long one: random
    # playouts after taking 3 are shorter, so the search takes 3.
    state = Solo(heap=10).new_game(seed=0)
    assert MCTSAgent(iterations=200, seed=1).choose(state, 0) == Take(3)
    record = play_game(Solo(heap=9), [MCTSAgent(iterations=200, seed=1)], seed=0)
    assert record.moves == ("take 3", "take 3", "take 3")


def test_mcts_handles_three_players() -> None:
    # Player 2 to move at heap 3 wins by taking all three.
    state = Nim3(heap=5).new_game(players=3, seed=0)
    state.apply("take 1")
    state.apply("take 1")
    assert MCTSAgent(iterations=100, seed=2).choose(state, 2) == Take(3)
    record = play_game(Nim3(heap=10), [MCTSAgent(iterations=30), RandomAgent(), GreedyAgent()], seed=4)
    assert record.players == 3 and record.outcome is not None


# The two positions below differ only in player 0's secret hand, after it
# led a 5. Player 1 holds 2, 4 and 7. Seeing everything, it would take the
# round with the 7 against 1 and 8 (then win two rounds out of three), but
# throw away the 2 against 3 and 6 (and keep the 7 for the 6). A search that
# peeks answers differently in them; the determinizing search cannot tell them
# apart, so its answer is the same.


def two_positions() -> tuple[DuelState, DuelState]:
    a, b = duel_position((1, 5, 8), (2, 4, 7)), duel_position((3, 5, 6), (2, 4, 7))
    a.apply("play 5")
    b.apply("play 5")
    return a, b


def test_the_two_duel_positions_look_the_same_to_player_1() -> None:
    a, b = two_positions()
    assert a.view(1) == b.view(1)
    assert a.view(0) != b.view(0)


def test_a_peeking_search_would_tell_them_apart() -> None:
    a, b = two_positions()
    assert PeekingMCTS(iterations=300, seed=1).choose(a, 1) == Play(7)
    assert PeekingMCTS(iterations=300, seed=1).choose(b, 1) == Play(2)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_mcts_never_reads_the_rivals_hidden_cards(seed: int) -> None:
    a, b = two_positions()
    assert MCTSAgent(iterations=300, seed=seed).choose(a, 1) == MCTSAgent(iterations=300, seed=seed).choose(b, 1)
    assert GreedyAgent(seed=seed).choose(a, 1) == GreedyAgent(seed=seed).choose(b, 1)
