"""Tests of play_game and tournament: seeds, seats, executors, failures, results."""

from __future__ import annotations

import io
import json
import os
import pickle
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from boardkit import GameRecord, IllegalMoveError, OptionError, Outcome, Player, State, derive_seed
from boardkit.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent
from boardkit.play import GameResult, Standing, TournamentResult, play_game, tournament, wilson_interval
from boardkit.testing import Nim, Take

#: The seed of the game that the failing agents below break.
BAD_GAME = 3
BAD_SEED = derive_seed(7, BAD_GAME)


class BombAgent(RandomAgent):
    """Raises in one chosen game, plays at random in the others."""

    def for_game(self, seed: int) -> BombAgent:
        return BombAgent(seed=seed)

    def choose(self, state: State[Any], player: Player) -> Any:
        if state.seed == BAD_SEED:
            raise RuntimeError("boom")
        return super().choose(state, player)


class CrashAgent(RandomAgent):
    """Kills its worker process in one chosen game."""

    def for_game(self, seed: int) -> CrashAgent:
        return CrashAgent(seed=seed)

    def choose(self, state: State[Any], player: Player) -> Any:
        if state.seed == BAD_SEED:
            os._exit(3)
        return super().choose(state, player)


class CheatAgent:
    """Returns a move that is never legal."""

    def choose(self, state: State[Any], player: Player) -> Any:
        return Take(99)


class VandalAgent:
    """Empties the heap it is shown, then plays a legal move."""

    def choose(self, state: State[Any], player: Player) -> Any:
        move = state.legal_moves()[0]
        while not state.is_over:
            state.apply(state.legal_moves()[-1])
        return move


def summary_of(result: TournamentResult) -> list[tuple[Any, ...]]:
    return [(r.index, r.seed, r.seats, r.record, r.error) for r in result.results]


# -- play_game ---------------------------------------------------------------


def test_play_game_returns_a_record_that_replays() -> None:
    game = Nim(heap=10)
    record = play_game(game, [GreedyAgent(seed=1), RandomAgent(seed=2)], seed=5)
    assert record.game == "nim" and record.seed == 5 and record.players == 2
    state = record.replay(game=game)
    assert state.is_over and state.outcome == record.outcome
    assert GameRecord.from_json(record.to_json(), game=game) == record


def test_play_game_is_reproducible_from_its_seed() -> None:
    agents = [RandomAgent(seed=1), RandomAgent(seed=1)]
    first = play_game(Nim(heap=30), agents, seed=9)
    assert play_game(Nim(heap=30), agents, seed=9) == first
    assert play_game(Nim(heap=30), agents, seed=10).moves != first.moves


def test_play_game_gives_each_seat_its_own_seed() -> None:
    # The same agent in both seats does not play the same moves.
    agent = RandomAgent(seed=4)
    moves = play_game(Nim(heap=40, most=9), [agent, agent], seed=1).moves
    assert len(set(moves[0::2])) > 1 or moves[0::2] != moves[1::2]


def test_play_game_checks_the_agents() -> None:
    with pytest.raises(OptionError, match="nim with 2 players needs 2 agents, not 1"):
        play_game(Nim(), [RandomAgent()], seed=0, players=2)
    with pytest.raises(OptionError, match="nim is played by exactly 2 players, not 3"):
        play_game(Nim(), [RandomAgent()] * 3, seed=0)
    with pytest.raises(IllegalMoveError, match="illegal move 'take 99'"):
        play_game(Nim(), [CheatAgent(), RandomAgent()], seed=0)


def test_play_game_stops_at_the_move_cap() -> None:
    record = play_game(Nim(heap=21), [RandomAgent(), RandomAgent()], seed=0, max_moves=2)
    assert len(record.moves) == 2 and record.outcome is None


def test_agents_are_shown_a_copy() -> None:
    record = play_game(Nim(heap=6), [VandalAgent(), VandalAgent()], seed=0)
    assert record.moves == ("take 1",) * 6


# -- tournament --------------------------------------------------------------


def test_tournament_rotates_seats_and_derives_seeds() -> None:
    agents = [RandomAgent(), GreedyAgent(), MCTSAgent(iterations=5)]
    result = tournament(Nim(heap=5), agents, games=6, seed=7, players=2)
    assert [r.seats for r in result.results] == [(0, 1), (1, 2), (2, 0), (0, 1), (1, 2), (2, 0)]
    assert [r.seed for r in result.results] == [derive_seed(7, i) for i in range(6)]
    assert [r.record.seed for r in result.results if r.record] == [derive_seed(7, i) for i in range(6)]
    assert result.agents == ("RandomAgent", "GreedyAgent", "MCTSAgent")


def test_tournament_is_reproducible() -> None:
    agents: dict[str, Agent] = {"mcts": MCTSAgent(iterations=20, seed=1), "random": RandomAgent(seed=2)}
    a = tournament(Nim(heap=11), agents, games=8, seed=3)
    b = tournament(Nim(heap=11), agents, games=8, seed=3)
    assert a == b
    assert tournament(Nim(heap=11), agents, games=8, seed=4) != a


def test_serial_and_process_pools_agree() -> None:
    agents: dict[str, Agent] = {"mcts": MCTSAgent(iterations=20, seed=1), "random": RandomAgent(seed=2)}
    serial = tournament(Nim(heap=11), agents, games=8, seed=3)
    pooled = tournament(Nim(heap=11), agents, games=8, seed=3, workers=2)
    with ProcessPoolExecutor(max_workers=2) as pool:
        given = tournament(Nim(heap=11), agents, games=8, seed=3, executor=pool)
    assert summary_of(pooled) == summary_of(serial)
    assert summary_of(given) == summary_of(serial)


@pytest.mark.filterwarnings("ignore")
def test_tournament_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    agents: dict[str, Agent] = {"mcts": MCTSAgent(iterations=20, seed=1), "random": RandomAgent(seed=2)}
    serial = tournament(Nim(heap=11), agents, games=6, seed=3)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = tournament(Nim(heap=11), agents, games=6, seed=3, executor=client.get_executor())
    assert summary_of(on_dask) == summary_of(serial)


def test_games_and_agents_pickle() -> None:
    game = Nim(heap=9)
    assert pickle.loads(pickle.dumps(game)) == game
    for agent in [RandomAgent(seed=1), GreedyAgent(seed=2), MCTSAgent(iterations=3, seed=3)]:
        assert repr(pickle.loads(pickle.dumps(agent))) == repr(agent)


@pytest.mark.parametrize("workers", [None, 2])
def test_a_game_that_raises_is_reported_with_its_seed(workers: int | None) -> None:
    result = tournament(Nim(heap=9), [BombAgent(seed=1), RandomAgent(seed=2)], games=6, seed=7, workers=workers)
    (failed,) = result.errors
    assert (failed.index, failed.seed, failed.record) == (BAD_GAME, BAD_SEED, None)
    assert failed.error is not None and failed.error.startswith("RuntimeError: boom")
    assert len(result.records) == 5
    assert f"game 3 (seed {BAD_SEED}) failed: RuntimeError: boom" in result.summary()
    assert sum(s.games for s in result.standings()) == 10


def test_a_worker_crash_loses_only_its_own_game() -> None:
    agents = [CrashAgent(seed=1), RandomAgent(seed=2)]
    result = tournament(Nim(heap=9), agents, games=8, seed=7, workers=2)
    (failed,) = result.errors
    assert (failed.index, failed.seed) == (BAD_GAME, BAD_SEED)
    assert failed.error is not None and failed.error.startswith("worker crashed: BrokenProcessPool")
    good = [r for r in summary_of(result) if r[0] != BAD_GAME]
    # The other games are the ones a run without the culprit plays.
    plain = tournament(Nim(heap=9), [RandomAgent(seed=1), RandomAgent(seed=2)], games=8, seed=7)
    assert [r.seats for r in plain.results if r.index != BAD_GAME] == [r[2] for r in good]
    assert len(result.records) == 7


def test_records_are_written_as_json_lines_in_game_order(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    result = tournament(Nim(heap=9), [BombAgent(seed=1), RandomAgent(seed=2)], games=6, seed=7, out=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    assert [GameRecord.from_json(line, game=Nim(heap=9)) for line in lines] == list(result.records)
    assert [json.loads(line)["seed"] for line in lines] == [derive_seed(7, i) for i in range(6) if i != BAD_GAME]
    stream = io.StringIO()
    tournament(Nim(heap=9), [BombAgent(seed=1), RandomAgent(seed=2)], games=6, seed=7, out=stream)
    assert stream.getvalue().splitlines() == lines


def test_progress_is_reported_after_every_game() -> None:
    seen: list[tuple[int, int]] = []
    tournament(Nim(heap=5), [RandomAgent(), RandomAgent()], games=4, seed=0, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -1}, "games must be an integer from 0 to 1000000, not -1"),
        ({"games": 2, "workers": 0}, "workers must be an integer from 1 to"),
        ({"games": 2, "workers": 10**6}, "workers must be an integer from 1 to"),
        ({"games": 2, "players": 3}, "nim is played by exactly 2 players, not 3"),
    ],
)
def test_tournament_refuses_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        tournament(Nim(), [RandomAgent()], seed=0, **kwargs)
    with pytest.raises(OptionError, match="a tournament needs at least one agent"):
        tournament(Nim(), [], games=1, seed=0)


def test_agents_that_cannot_travel_are_refused_before_any_game() -> None:
    greedy = GreedyAgent(evaluate=lambda state, player: 0.0)
    message = r"agent 1 \(GreedyAgent\(evaluate=<function .*cannot be sent to other processes"
    with pytest.raises(OptionError, match=message):
        tournament(Nim(), [RandomAgent(), greedy], games=2, seed=0, workers=2)
    assert len(tournament(Nim(), [RandomAgent(), greedy], games=2, seed=0).records) == 2


# -- results -----------------------------------------------------------------


def result_of(*games: tuple[tuple[int, ...], Outcome | None]) -> TournamentResult:
    results = tuple(
        GameResult(i, i, seats, GameRecord("demo", {}, 2, i, (), outcome)) for i, (seats, outcome) in enumerate(games)
    )
    return TournamentResult("demo", {}, 2, ("a", "b"), 0, results)


def test_standings_count_wins_shared_victories_draws_losses_and_scores() -> None:
    result = result_of(
        ((0, 1), Outcome.win(0, "x", (10, 4))),
        ((1, 0), Outcome.win(0, "x", (7, 5))),
        ((0, 1), Outcome.draw("x", (6, 6))),
        ((1, 0), Outcome(frozenset({0, 1}), (3, 3), "shared")),
        ((0, 1), None),
    )
    a, b = result.standings()
    assert (a.games, a.wins, a.shared, a.draws, a.losses, a.unfinished) == (5, 1, 1, 1, 1, 1)
    assert (b.games, b.wins, b.shared, b.draws, b.losses, b.unfinished) == (5, 1, 1, 1, 1, 1)
    assert a.points == pytest.approx((1 + 0 + 0.5 + 0.5 + 0.5) / 5)
    assert a.mean_score == pytest.approx((10 + 5 + 6 + 3) / 4)
    assert b.mean_score == pytest.approx((4 + 7 + 6 + 3) / 4)
    seats = {(s.name, s.seat): s for s in result.by_seat()}
    assert (seats["a", 0].games, seats["a", 0].wins, seats["a", 0].draws) == (3, 1, 1)
    assert (seats["a", 1].games, seats["a", 1].losses, seats["a", 1].shared) == (2, 1, 1)
    assert seats["b", 0].wins == 1 and seats["b", 1].losses == 1


def test_summary_table() -> None:
    result = result_of(((0, 1), Outcome.win(0, "x")), ((1, 0), Outcome.win(1, "x")))
    lines = result.summary().splitlines()
    assert lines[0] == "demo: 2 games, 2 players, seed 0"
    assert lines[2].split() == ["a", "all", "2", "2", "0", "0", "100.0%", "34.2%-100.0%", "1.000"]
    assert lines[3].split() == ["b", "all", "2", "0", "0", "2", "0.0%", "0.0%-65.8%", "0.000"]


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(0, 0, 0.0, 1.0), (5, 10, 0.2366, 0.7634), (75, 100, 0.6569, 0.8245), (100, 100, 0.9630, 1.0)],
)
def test_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, games)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)
    assert Standing("x", None, games, wins, 0, 0, games - wins, 0, 0.0, None).win_interval == (lo, hi)


def test_the_summary_table_lines_up() -> None:
    from boardkit.agents import GreedyAgent, RandomAgent
    from boardkit.testing import Nim

    result = tournament(Nim(heap=5), {"greedy": GreedyAgent(), "a-long-name": RandomAgent()}, games=4, seed=2,
                        max_moves=2)
    head, *rows = result.summary().splitlines()[1:]
    for column in ("games", "win rate", "points", "unfinished"):
        right = head.index(column) + len(column)
        for row in rows:
            assert row[right - 1] != " " and (right == len(row) or row[right] == " "), (column, row)
    left = head.index("95% interval")
    assert all(row[left] != " " and row[left - 1] == " " for row in rows)


def test_results_and_standings_are_one_module_and_still_import_from_play() -> None:
    """The results live in boardkit.standings (issue 28: play.py played and
    counted); every old name imports from boardkit.play as the same object,
    and a tournament names its seats as the game does."""
    import boardkit.play
    import boardkit.standings

    for name in boardkit.standings.__all__:
        assert getattr(boardkit.play, name) is getattr(boardkit.standings, name), name
        assert name in boardkit.play.__all__
    from boardkit.games.tafl import Tafl
    from boardkit.testing import Nim

    tafl = tournament(Tafl("brandubh"), [RandomAgent(seed=1), RandomAgent(seed=2)], games=2, seed=0, max_moves=4)
    assert tafl.seat_names == ("attackers", "defenders")
    assert [line.split()[1] for line in tafl.summary().splitlines()[4:6]] == ["attackers", "defenders"]
    nim = tournament(Nim(), [RandomAgent(seed=1), RandomAgent(seed=2)], games=2, seed=0)
    assert [line.split()[1] for line in nim.summary().splitlines()[4:6]] == ["0", "1"]
