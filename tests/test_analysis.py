"""boardkit.analysis and `boardkit analyze`: every figure recomputed by hand from the JSON lines."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from boardkit import GameRecord, OptionError, RecordError
from boardkit.agents import GreedyAgent, RandomAgent
from boardkit.analysis import ratings, read_records, summarize, summarize_by
from boardkit.cli import main
from boardkit.games import load
from boardkit.play import Standing, play_game, tournament, wilson_interval
from boardkit.testing import Nim


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardkit", *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("analysis")
    done = _run(
        "simulate", "tafl", "--variant", "brandubh", "--games", "12", "--agents", "greedy", "random",
        "--sweep", "king_armed=true,false", "--max-moves", "40", "--quiet", "--out", "r.jsonl", cwd=where,
    )
    assert done.returncode == 0, done.stderr
    return where / "r.jsonl"


def _by_hand(lines: list[dict[str, Any]]) -> dict[str, Any]:
    players = lines[0]["players"]
    wins = [0] * players
    draws = unfinished = 0
    reasons: dict[str, int] = {}
    for d in lines:
        out = d["outcome"]
        if out is None:
            unfinished += 1
            continue
        reasons[out["reason"]] = reasons.get(out["reason"], 0) + 1
        if len(out["winners"]) == 1:
            wins[out["winners"][0]] += 1
        elif not out["winners"]:
            draws += 1
    lengths = sorted(len(d["moves"]) for d in lines)
    n = len(lines)
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "reasons": reasons,
        "mean": sum(lengths) / n,
        "median": statistics.median(lengths),
        "p10": lengths[math.ceil(0.1 * n) - 1],
        "p90": lengths[math.ceil(0.9 * n) - 1],
    }


def test_analyze_json_is_what_the_records_say(results: Path) -> None:
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert all(d["format"] == 2 and len(d["agents"]) == 2 for d in lines)
    done = _run("analyze", str(results), "--json", "--by", "king_armed", cwd=results.parent)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    for got, part in [(data, lines)] + [
        (data["groups"][key], [d for d in lines if json.dumps(d["options"]["king_armed"]) == key])
        for key in ("true", "false")
    ]:
        hand = _by_hand(part)
        assert got["games"] == hand["games"] == len(part)
        assert [s["wins"] for s in got["seats"]] == hand["wins"]
        for s, w in zip(got["seats"], hand["wins"], strict=True):
            low, high = wilson_interval(w, hand["games"])
            assert (s["rate"], s["low"], s["high"]) == pytest.approx((w / hand["games"], low, high))
        assert got["draws"] == hand["draws"] and got["unfinished"] == hand["unfinished"]
        assert got["reasons"] == hand["reasons"]
        assert got["length"]["mean"] == pytest.approx(hand["mean"])
        assert got["length"]["median"] == hand["median"]
        assert (got["length"]["p10"], got["length"]["p90"]) == (hand["p10"], hand["p90"])
    assert sorted(data["groups"]) == ["false", "true"]


def test_analyze_tables_ratings_and_plot(results: Path) -> None:
    done = _run("analyze", str(results), "--ratings", "--by", "agents", "--plot", "p.svg", cwd=results.parent)
    assert done.returncode == 0, done.stderr
    assert "95% interval" in done.stdout and "ratings (Bradley-Terry" in done.stdout
    assert "-- agents = greedy vs random" in done.stdout and "-- agents = random vs greedy" in done.stdout
    assert (results.parent / "p.svg").read_text().lstrip().startswith(("<?xml", "<svg"))


def test_a_plot_of_groups_names_the_seats_and_shows_unfinished_games(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from boardkit.analysis import plot

    records = []
    for first, cap in ((0, 4), (1, 400)):  # no king reaches a corner in two moves
        game = load("tafl", variant="brandubh", first=first)
        records += tournament(game, [RandomAgent(seed=1), RandomAgent(seed=2)], games=8, seed=3, max_moves=cap).records
    groups = summarize_by(records, "first")
    assert groups["0"].unfinished == 8 and groups["1"].unfinished < 8
    plot(summarize(records), tmp_path / "g.svg", groups=groups)
    drawn = (tmp_path / "g.svg").read_text()
    # matplotlib writes each text as a comment beside its glyphs
    for words in ("attackers", "defenders", "unfinished", "tafl: who wins (8 games each)", "median, 10%-90%"):
        assert f"<!-- {words} -->" in drawn
    plot(summarize(records), tmp_path / "s.svg", seat_names=["white", "black"])
    alone = (tmp_path / "s.svg").read_text()
    assert "<!-- white -->" in alone and "attackers" not in alone and "tafl: who wins (16 games)" in alone


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "cannot read"),
        ("", "holds no record"),
        ("{not json\n", "line 1: not JSON"),
        (b"\xff\xfe\n", "line 1: not UTF-8"),
        ('{"format": 2, "format": 2}\n', "line 1: not JSON: the key 'format' is given twice"),
    ],
)
def test_bad_files_exit_2_with_the_line(tmp_path: Path, content: str | bytes | None, words: str) -> None:
    path = tmp_path / "bad.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    done = _run("analyze", str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_skip_bad_counts_bad_lines_and_mixed_games_are_refused(results: Path, tmp_path: Path) -> None:
    good = results.read_text().splitlines()
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([good[0], "garbage", good[1]]) + "\n")
    assert "line 2" in _run("analyze", str(path), cwd=tmp_path).stderr
    done = _run("analyze", str(path), "--skip-bad", "--json", cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout)["skipped"] == 1 and json.loads(done.stdout)["games"] == 2
    nim = Nim(heap=2).new_game(seed=1).to_record().to_json()
    path.write_text("\n".join([good[0], nim]) + "\n")
    done = _run("analyze", str(path), cwd=tmp_path)
    assert done.returncode == 2 and "line 2" in done.stderr and "'nim' among records of 'tafl'" in done.stderr


def test_every_pass_counts_a_bad_line_once(results: Path, tmp_path: Path) -> None:
    good = results.read_text().splitlines()
    path = tmp_path / "two-bad.jsonl"
    path.write_text("\n".join(["garbage", good[0], "{", good[1]]) + "\n")
    for extra in ([], ["--by", "king_armed"], ["--ratings"], ["--by", "agents", "--ratings"]):
        done = _run("analyze", str(path), "--skip-bad", "--json", *extra, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["skipped"] == 2, extra


def test_errors_about_a_record_name_its_line(results: Path, tmp_path: Path) -> None:
    good = results.read_text().splitlines()
    broken = json.loads(good[1])
    broken["moves"] = ["Z-nonsense"]
    path = tmp_path / "replay.jsonl"
    path.write_text("\n".join([good[0], json.dumps(broken)]) + "\n")
    # The structure is fine; the moves fail only when --branching replays them.
    done = _run("analyze", str(path), "--branching", cwd=tmp_path)
    assert done.returncode == 2 and f"{path} line 2:" in done.stderr and "Z-nonsense" in done.stderr
    done = _run("analyze", str(path), "--branching", "--skip-bad", "--json", cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout)["skipped"] == 1 and json.loads(done.stdout)["games"] == 1
    # A --by no record has is about the flag, not a line (issue 40); a later record lacking it names its line.
    for flags, words in ((["--by", "colour"], "the records have no option 'colour'"), (["--by", ""], "no option ''")):
        done = _run("analyze", str(results), *flags, cwd=tmp_path)
        assert done.returncode == 2 and " line " not in done.stderr and words in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    other = json.loads(good[1])
    del other["options"]["king_armed"]
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join([good[0], json.dumps(other)]) + "\n")
    done = _run("analyze", str(mixed), "--by", "king_armed", cwd=tmp_path)
    assert done.returncode == 2 and f"{mixed} line 2: the record has no option 'king_armed'" in done.stderr
    # The first record lacking it, later ones having it: the first one's line is named; with --skip-bad it is
    # skipped and reported, and the rest are summed up.
    first = tmp_path / "first.jsonl"
    first.write_text("\n".join([json.dumps(other), good[0], good[2]]) + "\n")
    done = _run("analyze", str(first), "--by", "king_armed", cwd=tmp_path)
    assert done.returncode == 2 and f"{first} line 1: the record has no option 'king_armed'" in done.stderr
    done = _run("analyze", str(first), "--by", "king_armed", "--skip-bad", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    summed = json.loads(done.stdout)
    assert summed["skipped"] == 1 and sum(g["games"] for g in summed["groups"].values()) == 2
    done = _run("analyze", str(first), "--by", "colour", "--skip-bad", cwd=tmp_path)
    assert done.returncode == 2 and "the records have no option 'colour'" in done.stderr
    old = tmp_path / "v1.jsonl"
    old.write_text(Nim(heap=2).new_game(seed=1).to_record().to_json() + "\n")
    done = _run("analyze", str(old), "--ratings", cwd=tmp_path)
    assert done.returncode == 2 and "line 1:" in done.stderr and "which agent sat where" in done.stderr


@pytest.mark.parametrize("source", [42, None, b"r.jsonl", {"game": "nim"}, [1, 2]])
def test_what_is_not_records_is_a_record_error(source: Any) -> None:
    with pytest.raises(RecordError):
        summarize(source)
    with pytest.raises(RecordError):
        ratings(source)


def test_plots_without_matplotlib_name_the_extra(results: Path, tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from boardkit.cli import main\n"
        f"sys.exit(main(['analyze', {str(results)!r}, '--plot', {str(tmp_path / 'p.svg')!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "boardkit[plot]" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "p.svg").exists()


def test_a_png_plot_is_a_png(results: Path, tmp_path: Path) -> None:
    done = _run("analyze", str(results), "--plot", str(tmp_path / "p.png"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_reading_is_lazy(results: Path) -> None:
    stream = read_records(results)
    first = next(stream)
    assert isinstance(first, GameRecord)


def test_shared_victories_and_unfinished_games_are_counted_as_documented() -> None:
    shared = GameRecord("nim", {"heap": 2, "most": 3}, 2, 0, ("take 1",), None)
    from boardkit import Outcome

    both = GameRecord("x", {}, 3, 0, ("a", "b"), Outcome(frozenset({0, 1}), None, "shared"))
    alone = GameRecord("x", {}, 3, 0, ("a",), Outcome(frozenset({2}), None, "alone"))
    s = summarize([both, alone, GameRecord("x", {}, 3, 0, (), None)])
    assert [seat.wins for seat in s.seats] == [0, 0, 1]
    assert (s.draws, s.shared, s.unfinished, s.games) == (0, 1, 1, 3)
    assert shared.outcome is None
    # The tournament's standings count a shared victory the same way: shared by the sharers (not a
    # draw: somebody won), a loss for the others.
    from boardkit.play import GameResult, TournamentResult

    result = TournamentResult("x", {}, 3, ("a", "b", "c"), 0, (GameResult(0, 0, (0, 1, 2), both),))
    counted = [(t.wins, t.shared, t.draws, t.losses) for t in result.standings()]
    assert counted == [(0, 1, 0, 0), (0, 1, 0, 0), (0, 0, 0, 1)]
    assert all(isinstance(t, Standing) for t in result.standings())


def test_ratings_count_a_shared_victory_as_a_win_over_the_others() -> None:
    from boardkit import Outcome

    shared = Outcome(frozenset({0, 1}), None, "shared")
    games = [GameRecord("x", {}, 3, 0, ("a",), shared, agents=("a", "b", "c")) for _ in range(10)]
    rated = {r.agent: r for r in ratings(games)}
    # a and b shared every victory: level with each other, far above c, who lost every game
    assert rated["a"].rating == pytest.approx(rated["b"].rating)
    assert rated["c"].rating < rated["a"].rating - 200
    assert rated["c"].high < rated["a"].low


def test_ratings_order_and_interval() -> None:
    result = tournament(Nim(heap=9), {"greedy": GreedyAgent(), "random": RandomAgent()}, games=40, seed=2)
    best, worst = ratings(result)
    assert best.agent == "greedy" and best.low < best.rating < best.high
    assert best.rating == pytest.approx(-worst.rating)
    with pytest.raises(RecordError, match="which agent sat where"):
        ratings([Nim(heap=2).new_game(seed=1).to_record()])


def test_records_keep_the_agents_and_groups_by_option() -> None:
    record = play_game(load("tafl", variant="brandubh"), [RandomAgent(), RandomAgent()], seed=1, labels=("a", "b"))
    assert record.agents == ("a", "b")
    assert GameRecord.from_json(record.to_json()).agents == ("a", "b")
    groups = summarize_by([record], "variant")
    assert list(groups) == ["brandubh"]
    with pytest.raises(OptionError, match="the records have no option 'colour'"):
        summarize_by([record], "colour")
    with pytest.raises(RecordError, match="record 2: the record has no option 'variant'"):
        summarize_by([record, attrs.evolve(record, options={})], "variant")


def test_analyze_from_python_main(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", str(results), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 24


def test_analyze_reads_the_record_play_writes_and_refuses_what_replay_refuses(tmp_path: Path) -> None:
    """issue 40: `boardkit analyze r.json` could not read `boardkit play --out r.json` (one record, indented),
    and counted records with illegal moves or made-up outcomes that `replay` refuses."""
    state = load("tafl", variant="brandubh").new_game(seed=3)
    rng = RandomAgent(seed=1)
    while not state.is_over and len(state.history) < 400:
        state.apply(rng.choose(state, state.current_player))
    played = tmp_path / "r.json"
    played.write_text(state.to_record().to_json(indent=1) + "\n", encoding="utf-8")
    assert [r.moves for r in read_records(str(played))] == [state.to_record().moves]
    assert summarize(str(played)).games == 1
    data = json.loads(state.to_record().to_json())
    lying = dict(data, outcome={"winners": [1 - min(data["outcome"]["winners"] or [0])], "scores": None,
                                "reason": "made up"})
    illegal = dict(data, moves=[*data["moves"][:3], "a1-a7"], outcome=None)
    for bad, says in ((lying, "declares the outcome"), (illegal, "move 4")):
        path = tmp_path / "bad.jsonl"
        path.write_text(json.dumps(data) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
        with pytest.raises(RecordError, match=f"line 2: .*{says}"):
            summarize(str(path))
        assert summarize(str(path), skip_bad=True).games == 1
