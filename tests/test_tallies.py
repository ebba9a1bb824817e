"""How tournaments and analysis count games: once per agent and game, however
many seats the agent held, with shared victories apart from draws, and the
same rule in :class:`boardkit.play.Standing` and :func:`boardkit.analysis.ratings`."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardkit import GameRecord, Outcome, RecordError
from boardkit.agents import GreedyAgent, RandomAgent
from boardkit.analysis import ratings, summarize
from boardkit.cli import main
from boardkit.games import load
from boardkit.play import GameResult, TournamentResult, tournament
from boardkit.testing import Nim


def played(players: int, agents: tuple[str, ...], *games: tuple[tuple[int, ...], Outcome | None]) -> TournamentResult:
    """A tournament's result made up of ``games``: each the agents' numbers at the seats and the outcome."""
    results = tuple(
        GameResult(i, i, seats, GameRecord("demo", {}, players, i, (), outcome, agents=tuple(agents[a] for a in seats)))
        for i, (seats, outcome) in enumerate(games)
    )
    return TournamentResult("demo", {}, players, agents, 0, results)


def counts(result: TournamentResult) -> dict[str, tuple[int, int, int, int, int, int]]:
    return {s.name: (s.games, s.wins, s.shared, s.draws, s.losses, s.unfinished) for s in result.standings()}


# -- the example: two agents on three-player Camelot ----------------------


def test_two_agents_on_three_seats_of_camelot_count_each_game_once() -> None:
    # Game 0 seats a, b, a and seat 2 (a) wins; game 1 seats b, a, b and seat 1 (a) wins. The
    # seat-by-seat tally made that a: games=3 wins=2 losses=1 (a lost to itself) and b: games=3.
    result = tournament(load("camelot"), {"a": GreedyAgent(), "b": RandomAgent()}, games=2, seed=0, players=3)
    assert [r.seats for r in result.results] == [(0, 1, 0), (1, 0, 1)]
    assert [r.record.outcome.winners for r in result.results if r.record and r.record.outcome] == [{2}, {1}]
    a, b = result.standings()
    assert (a.games, a.wins, a.losses, a.draws) == (2, 2, 0, 0)
    assert (b.games, b.wins, b.losses, b.draws) == (2, 0, 2, 0)
    assert (a.points, b.points, a.win_rate) == (1.0, 0.0, 1.0)
    scores = [r.record.outcome.scores for r in result.results if r.record and r.record.outcome]
    assert scores[0] is not None and scores[1] is not None
    # An agent's score in a game is the mean of its seats' scores.
    assert a.mean_score == pytest.approx(((scores[0][0] + scores[0][2]) / 2 + scores[1][1]) / 2)
    # The seat rows count each seat's own result: a lost at seat 0 of game 0, won at seat 2.
    seats = {(s.name, s.seat): (s.games, s.wins, s.losses) for s in result.by_seat()}
    assert seats == {("a", 0): (1, 0, 1), ("a", 1): (1, 1, 0), ("a", 2): (1, 1, 0),
                     ("b", 0): (1, 0, 1), ("b", 1): (1, 0, 1), ("b", 2): (1, 0, 1)}
    # The ratings count the same games.
    assert {r.agent: r.games for r in ratings(result)} == {"a": 2, "b": 2}


# -- every kind of result, on a made-up three-seat game -------------------------

A, B = 0, 1
SEATS = (A, B, A)


@pytest.mark.parametrize(
    ("winners", "a", "b"),
    [
        # winners    a: (games, wins, shared, draws, losses, unfinished), points;  b: the same
        ({2}, ((1, 1, 0, 0, 0, 0), 1.0), ((1, 0, 0, 0, 1, 0), 0.0)),
        ({0}, ((1, 1, 0, 0, 0, 0), 1.0), ((1, 0, 0, 0, 1, 0), 0.0)),
        ({0, 2}, ((1, 1, 0, 0, 0, 0), 1.0), ((1, 0, 0, 0, 1, 0), 0.0)),  # both of a's seats: one win
        ({1}, ((1, 0, 0, 0, 1, 0), 0.0), ((1, 1, 0, 0, 0, 0), 1.0)),
        ({0, 1}, ((1, 0, 1, 0, 0, 0), 0.5), ((1, 0, 1, 0, 0, 0), 0.5)),  # shared by two agents
        ({0, 1, 2}, ((1, 0, 1, 0, 0, 0), 0.5), ((1, 0, 1, 0, 0, 0), 0.5)),  # everybody won: shared
        (set(), ((1, 0, 0, 1, 0, 0), 0.5), ((1, 0, 0, 1, 0, 0), 0.5)),  # nobody won: a draw
        (None, ((1, 0, 0, 0, 0, 1), 0.5), ((1, 0, 0, 0, 0, 1), 0.5)),  # unfinished
    ],
)
def test_an_agent_at_several_seats_has_one_result_per_game(
    winners: set[int] | None, a: tuple[tuple[int, ...], float], b: tuple[tuple[int, ...], float]
) -> None:
    outcome = None if winners is None else Outcome(frozenset(winners), None, "x")
    result = played(3, ("a", "b"), (SEATS, outcome))
    assert counts(result) == {"a": a[0], "b": b[0]}
    got_a, got_b = result.standings()
    assert (got_a.points, got_b.points) == pytest.approx((a[1], b[1]))
    # A draw is what Outcome.is_draw says it is: nobody won.
    assert (got_a.draws == 1) == (outcome is not None and outcome.is_draw)


def test_a_victory_shared_by_k_agents_gives_each_one_kth() -> None:
    result = played(4, ("a", "b", "c"), ((0, 1, 2, 0), Outcome(frozenset({0, 1, 2}), None, "x")),
                    ((0, 1, 2, 0), Outcome(frozenset({1, 3}), None, "x")))
    a, b, c = result.standings()
    assert counts(result) == {"a": (2, 0, 2, 0, 0, 0), "b": (2, 0, 2, 0, 0, 0), "c": (2, 0, 1, 0, 1, 0)}
    assert (a.points, b.points, c.points) == pytest.approx(((1 / 3 + 1 / 2) / 2, (1 / 3 + 1 / 2) / 2, 1 / 6))


def test_a_draw_gives_each_agent_an_equal_share_whatever_its_seats() -> None:
    result = played(4, ("a", "b"), ((0, 0, 0, 1), Outcome.draw("x")), ((0, 0, 0, 1), None))
    a, b = result.standings()
    assert (a.points, b.points) == (0.5, 0.5)
    assert counts(result) == {"a": (2, 0, 0, 1, 0, 1), "b": (2, 0, 0, 1, 0, 1)}


def test_the_table_shows_shared_victories_apart_from_draws() -> None:
    result = played(2, ("a", "b"), ((0, 1), Outcome(frozenset({0, 1}), None, "tie")), ((1, 0), Outcome.draw("x")))
    head, *rows = result.summary().splitlines()[1:]
    assert head.split()[:7] == ["agent", "seat", "games", "wins", "shared", "draws", "losses"]
    assert rows[0].split()[:7] == ["a", "all", "2", "0", "1", "1", "0"]
    plain = played(2, ("a", "b"), ((0, 1), Outcome.win(0, "x")))
    assert "shared" not in plain.summary()  # the column is shown only when a victory was shared


# -- an agent alone at the table -------------------------------------------------


def test_a_game_an_agent_played_only_against_itself_is_left_out_of_its_standing() -> None:
    result = tournament(Nim(heap=9), {"greedy": GreedyAgent()}, games=4, seed=0, players=2)
    (alone,) = result.standings()
    assert (alone.games, alone.wins, alone.shared, alone.draws, alone.losses, alone.points) == (0, 0, 0, 0, 0, 0.0)
    seats = result.by_seat()
    assert [(s.seat, s.games) for s in seats] == [(0, 4), (1, 4)]
    assert sum(s.wins for s in seats) == 4  # each game won by one of its seats
    assert "held every seat" in result.summary().splitlines()[-1]
    assert ratings(result) == ()
    # Beside games against others, such a game changes nothing.
    mixed = played(2, ("a", "b"), ((0, 0), Outcome.win(0, "x")), ((0, 1), Outcome.win(1, "x")))
    assert counts(mixed) == {"a": (1, 0, 0, 0, 1, 0), "b": (1, 1, 0, 0, 0, 0)}
    assert {r.agent: r.games for r in ratings(mixed)} == {"a": 1, "b": 1}


def test_analyze_says_when_no_game_can_be_rated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "alone.jsonl"
    tournament(Nim(heap=5), {"greedy": GreedyAgent()}, games=3, seed=0, players=2, out=str(path))
    assert main(["analyze", str(path), "--ratings"]) == 0
    assert "ratings: no game between two different agents" in capsys.readouterr().out


# -- ratings count what the standings count ---------------------------------------


def test_ratings_see_one_result_per_agent_and_game() -> None:
    # a, b, a with a winning at one seat and losing at the other is a plain win of a over b,
    # exactly as the same game on two seats.
    three = [GameRecord("x", {}, 3, 0, (), Outcome.win(2, "x"), agents=("a", "b", "a")) for _ in range(6)]
    three += [GameRecord("x", {}, 3, 0, (), Outcome.win(1, "x"), agents=("a", "b", "a")) for _ in range(2)]
    two = [GameRecord("x", {}, 2, 0, (), Outcome.win(0, "x"), agents=("a", "b")) for _ in range(6)]
    two += [GameRecord("x", {}, 2, 0, (), Outcome.win(1, "x"), agents=("a", "b")) for _ in range(2)]
    assert ratings(three) == ratings(two)
    assert {r.agent: r.games for r in ratings(three)} == {"a": 8, "b": 8}
    with pytest.raises(RecordError, match=r"names 2 agents and the winners \[2\] for 3 seats"):
        ratings([GameRecord("x", {}, 3, 0, (), Outcome.win(2, "x"), agents=("a", "b"))])


def test_ratings_and_standings_agree_on_a_tournament() -> None:
    result = tournament(Nim(heap=9), {"greedy": GreedyAgent(), "r1": RandomAgent(seed=1), "r2": RandomAgent(seed=2)},
                        games=12, seed=1, players=2)
    standings = result.standings()
    assert {r.agent: r.games for r in ratings(result)} == {s.name: s.games for s in standings}
    assert [s.games for s in standings] == [8, 8, 8]
    by_points = [s.name for s in sorted(standings, key=lambda s: -s.points)]
    assert [r.agent for r in ratings(result)] == by_points == ["greedy", "r2", "r1"]


# -- the summary of seats ------------------------------------------------------------


def test_the_summary_counts_shared_victories_apart_from_draws() -> None:
    shared = GameRecord("x", {}, 3, 0, ("a", "b"), Outcome(frozenset({0, 1}), None, "shared"))
    alone = GameRecord("x", {}, 3, 0, ("a",), Outcome(frozenset({2}), None, "alone"))
    nobody = GameRecord("x", {}, 3, 0, ("a",), Outcome.draw("nobody"))
    s = summarize([shared, alone, nobody, GameRecord("x", {}, 3, 0, (), None)])
    assert [seat.wins for seat in s.seats] == [0, 0, 1]
    assert (s.draws, s.shared, s.unfinished, s.games) == (1, 1, 1, 4)
    assert s.to_dict()["shared"] == 1
    assert "draws 1, shared victories 1, unfinished 1" in s.table()
    assert "shared" not in summarize([alone]).table()
