"""OpenTafl interchange: rules strings both ways, saved games (.otg) read and written, capture suffixes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalMoveError, OptionError, Random, RecordError
from boardkit.games.tafl import Tafl, TaflState, read_opentafl_game, write_opentafl_game

DATA = Path(__file__).parent / "data" / "tafl" / "opentafl"
START = Tafl().options.start

# The saved games boardkit plays: moves replayed, and how the rules left the game.
PLAYED = {
    "Crust-vs-Schachus-Grandmasters-2015.otg": (68, None),
    "Fetlar-Escape-Puzzle.otg": (21, "king escaped"),
    "Fish-Nasa-2015-Fetlar.otg": (39, "king escaped"),
}
# The ones whose rules boardkit cannot play, and the rule it names.
REFUSED = {
    "Altti-Piirsoo-Steve-Lonsdale-Sea-Battle-Triathlon-2015.otg": "'cens'",
    "Animals-Xerxes-Brandub-Triathlon-2015.otg": "'cenhe'",
    "Ard-Ri-Capture-Puzzle.otg": "only the king may stand on the throne",
    "Ard-Ri-Escape-Puzzle-2.otg": "'cen'",
    "Ard-Ri-Escape-Puzzle.otg": "'cen'",
    "Copenhagen-Escape-Puzzle.otg": "needs a start position",  # OpenTafl's file spells the key 'starti'
}


def test_every_saved_game_is_accounted_for() -> None:
    assert sorted(p.name for p in DATA.glob("*.otg")) == sorted({**PLAYED, **REFUSED})


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_saved_games_replay(name: str) -> None:
    text = (DATA / name).read_text()
    state = read_opentafl_game(text)
    moves, reason = PLAYED[name]
    assert len(state.to_record().moves) == moves
    assert (state.outcome.reason if state.outcome else None) == reason
    result = next(line for line in text.splitlines() if line.startswith("[result:"))
    if state.outcome is not None:
        assert result == ("[result:-1]" if 1 in state.outcome.winners else "[result:1]")
    again = read_opentafl_game(write_opentafl_game(state))
    assert again.to_record().moves == state.to_record().moves and again.game == state.game


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_saved_games_with_rules_boardkit_cannot_play_are_refused_by_name(name: str) -> None:
    with pytest.raises(RecordError, match=REFUSED[name]):
        read_opentafl_game((DATA / name).read_text())


def test_the_copenhagen_game_reads_its_rules() -> None:
    state = read_opentafl_game((DATA / "Crust-vs-Schachus-Grandmasters-2015.otg").read_text())
    options = state.game.options
    assert options.shieldwall and options.exit_fort and options.encirclement and options.escape == "corner"
    assert options.repetition_result == "draw"  # OpenTafl's default; it has no key for Copenhagen's rule


def test_external_rules_strings() -> None:
    lines = (DATA / "opentafl-external-rules.conf").read_text().splitlines()
    fetlar = Tafl.from_opentafl(lines[0])
    assert fetlar.options.repetition_result == "repeater-wins" and fetlar.options.escape == "corner"
    for line, key in zip(lines[1:], ("key 'cens'", "key 'cen'", "key 'cor'"), strict=True):
        with pytest.raises(OptionError, match=key):
            Tafl.from_opentafl(line)


GAMES: list[dict[str, Any]] = [
    {"variant": "copenhagen"},
    {"variant": "fetlar"},
    {"variant": "federation-brandubh", "repetition_result": "repeater-loses"},
    {"variant": "brandubh"},
    {"variant": "tablut", "escape": "corner", "mate": True, "king_armed": False, "first": 1},
    {"variant": "copenhagen", "shieldwall_close": "onto-edge", "repetition": None, "king_captured_by": "two"},
    {"variant": "copenhagen", "shieldwall_close": "along-edge"},
    {"variant": "copenhagen", "shieldwall": False, "exit_fort": False, "repetition_result": "draw"},
    {"variant": "hnefatafl", "shieldwall": True, "shieldwall_close": "onto-edge", "mate": True},
    {"variant": "hnefatafl", "shieldwall": True},
    {"variant": "federation-brandubh", "king_captured_by": "four"},
    {"layout": "/t5T/7/7/3K3/7/7/7/", "repetition": 4, "encirclement": True},
]


@pytest.mark.parametrize("options", GAMES)
def test_rules_strings_round_trip(options: dict[str, Any]) -> None:
    game = Tafl(**options)
    text = game.to_opentafl()
    assert Tafl.from_opentafl(text) == game
    assert text.startswith(f"dim:{game.size} ") and text.endswith(f"start:{game.options.start}")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("dim:11 ber:y start:" + START, "'ber'"),
        ("dim:11 kj:j start:" + START, "'kj'"),
        ("dim:11 cen:a1 start:" + START, "'cen'"),
        ("dim:11 surf:maybe start:" + START, "'surf'"),
        ("dim:11 bk-x:1 start:" + START, "'bk-x'"),
        ("dim:9 start:" + START, "'dim'"),
        ("dim:11 esc:e start:" + START, "'esc'"),
        ("dim:11 esc:c cor: start:" + START, "'cor'"),
        ("dim:11 atkf:y atkf:n start:" + START, "'atkf'"),
        ("dim:11 start:/3/1Kx/3/", "'start'"),
        ("dim:11", "start position"),
    ],
)
def test_rules_boardkit_cannot_play_are_named(text: str, key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Tafl.from_opentafl(text)


COPENHAGEN_RULES = "dim:11 name:copenhagen sw:s efe:y bk-rep:defenders-lose"


@pytest.mark.parametrize(
    ("key", "close"),
    [
        ("", "onto-edge"),  # no key: the variant's own rule (RULINGS.md: from inside the board too)
        (" bk-swc:onto-edge", "onto-edge"),  # what boardkit wrote for it before it became the default
        (" bk-swc:along-edge", "along-edge"),
    ],
)
def test_copenhagen_shieldwall_closing_in_rules_strings(key: str, close: str) -> None:
    game = Tafl.from_opentafl(f"{COPENHAGEN_RULES}{key} start:{START}")
    assert game == Tafl("copenhagen", shieldwall_close=close)
    assert ("bk-swc" in game.to_opentafl()) == (close == "along-edge")


def test_shieldwall_closing_without_a_key_elsewhere_is_along_the_edge() -> None:
    # Only Copenhagen presets "onto-edge"; a custom layout or an unnamed start
    # with OpenTafl's 'sw:s' keeps the option's own default, as before.
    assert Tafl.from_opentafl(f"dim:11 sw:s start:{START}").options.shieldwall_close == "along-edge"
    custom = Tafl("copenhagen").from_position("/2tTT6/3tt6/11/5t5/11/5K5/11/11/11/11/11/", to_move=0).game
    assert custom.options.shieldwall_close == "onto-edge"
    assert "bk-swc:onto-edge" in custom.to_opentafl() and Tafl.from_opentafl(custom.to_opentafl()) == custom


def _old_copenhagen_file(line: int) -> tuple[str, TaflState]:
    """A real game (tests/data/tafl/copenhagen.csv) that closes a shieldwall from inside the board,
    played up to that move with the wall left standing, saved as boardkit wrote Copenhagen games
    while "along-edge" was the default: no 'bk-swc' key."""
    along = Tafl("copenhagen", shieldwall_close="along-edge")
    text = (DATA.parent / "copenhagen.csv").read_text().splitlines()[line - 1]
    state = along.new_game(seed=0)
    ruling = Tafl("copenhagen").new_game(seed=0)
    for token in text.rsplit(",", 3)[0].split():
        move = along.parse_move(token.split("x")[0])
        state.apply(move)
        ruling.apply(move)
        if ruling.last_captured != state.last_captured:
            break
    saved = write_opentafl_game(state)
    assert " bk-swc:along-edge" in saved
    return saved.replace(" bk-swc:along-edge", ""), state


@pytest.mark.parametrize(
    ("line", "move"),
    [
        (8, "f4-k4"),  # takes nothing along the edge: no capture suffix, which the wall's capture contradicts
        (1127, "h10-h11xg11"),  # lists one capture; the wall's would be a second, which fails the move
    ],
)
def test_old_copenhagen_files_closed_along_the_edge_still_load(line: int, move: str) -> None:
    saved, played = _old_copenhagen_file(line)
    assert saved.rstrip().endswith(move)
    # Read by the ruling's closing, the file does not hold up: the move takes the wall too.
    ruling = saved.replace(" start:", " bk-swc:onto-edge start:", 1)
    if "x" in move:
        with pytest.raises(RecordError, match="claims it captures g11, but it captures g11/j11"):
            read_opentafl_game(ruling)
    else:
        assert read_opentafl_game(ruling).position() != played.position()
    state = read_opentafl_game(saved)
    assert state.game.options.shieldwall_close == "along-edge"
    assert state.position() == played.position() and state.to_record().moves == played.to_record().moves
    again = write_opentafl_game(state)
    assert "bk-swc:along-edge" in again and read_opentafl_game(again).game == state.game


@pytest.mark.parametrize(("line", "move"), [(8, "f4-k4xk2/k3"), (1127, "h10-h11xg11/j11")])
def test_copenhagen_files_closed_from_inside_load_with_the_ruling(line: int, move: str) -> None:
    # The same games saved under the ruling list the wall's capture: read as written, no fallback.
    text = (DATA.parent / "copenhagen.csv").read_text().splitlines()[line - 1]
    state = Tafl("copenhagen").new_game(seed=0)
    for token in text.rsplit(",", 3)[0].split():
        if token == "timeout" or state.is_over:
            break
        state.apply(token.split("x")[0])
    saved = write_opentafl_game(state)
    assert "bk-swc" not in saved and f" {move}" in saved
    again = read_opentafl_game(saved)
    assert again.game == Tafl("copenhagen") and again.position() == state.position()


def test_written_games_replay_with_outcome_and_captures() -> None:
    for seed in range(3):
        state = Tafl("copenhagen").new_game(seed=seed)
        state.playout(max_plies=300, rng=Random(seed))
        text = write_opentafl_game(state, tags={"event": "test"})
        assert text.startswith("[result:") and "[event:test]" in text
        again = read_opentafl_game(text)
        assert again.position() == state.position() and again.outcome == state.outcome


def test_capture_suffixes_are_checked_when_the_move_is_played() -> None:
    game = Tafl("brandubh")
    state = game.from_position("/3t3/7/1tT4/7/7/4K2/7/", to_move=0, seed=0)
    with pytest.raises(IllegalMoveError, match="claims it captures c2"):
        state.apply(game.parse_move("d1-d3xc2"))
    state.apply(game.parse_move("d1-d3xTc3"))
    assert state.last_captured == ("c3",)
    king = Tafl("federation-brandubh").from_position("/7/7/2t4/K6/t6/7/7/", to_move=0, seed=0)
    king.apply(king.game.parse_move("c3-a3xKa4"))
    assert king.outcome is not None and king.outcome.reason == "king captured"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("1. d1-d3\n", "no \\[rules:"),
        (
            "[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n1. d2-b2 d3-c3\n2. b2-b1xd4\n",
            "line 3: move 'b2-b1xd4'",
        ),
        ("[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n1. d2-b2\nnonsense here\n", "line 3: expected"),
        ("[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n1. d1-d5\n", "line 2: move 'd1-d5'"),
        ("[rules:dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n", "never closed"),
    ],
)
def test_bad_saved_games_say_where(text: str, where: str) -> None:
    with pytest.raises(RecordError, match=where):
        read_opentafl_game(text)


def test_boardkit_replay_reads_saved_games(capsys: pytest.CaptureFixture[str]) -> None:
    from boardkit.cli import main

    assert main(["replay", str(DATA / "Fish-Nasa-2015-Fetlar.otg")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "39 moves" in out[0] and out[-1] == "tafl: defenders won (king escaped)"
    assert main(["replay", str(DATA / "Ard-Ri-Escape-Puzzle.otg")]) == 2
    assert "OpenTafl rules key 'cen'" in capsys.readouterr().err
