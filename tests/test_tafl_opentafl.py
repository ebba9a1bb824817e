"""OpenTafl interchange: rules strings both ways, saved games (.otg) read and written, capture suffixes,
the special squares' keys, OpenTafl's built-in variants, and games boardkit wrote that OpenTafl replayed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalMoveError, OptionError, Random, RecordError
from boardkit.games.tafl import Move, Tafl, TaflState, read_opentafl_game, write_opentafl_game
from boardkit.games.tafl.setup import as_layout

DATA = Path(__file__).parent / "data" / "tafl" / "opentafl"
START = Tafl().options.start

# Every real saved game: moves replayed, how the rules left the game, and the last position,
# which is the one OpenTafl 0.4.8.0b (commit 6895051d) reaches replaying the file, move for move.
PLAYED = {
    "Altti-Piirsoo-Steve-Lonsdale-Sea-Battle-Triathlon-2015.otg": (
        57,
        None,
        "/9/4t4/1T1t3t1/5t3/2tt1Kt2/1t3Tt2/T5t2/1t3t3/3tt4/",
    ),
    "Animals-Xerxes-Brandub-Triathlon-2015.otg": (20, None, "/3t3/2t1TK1/T5t/1T5/3t3/7/3t3/"),
    "Ard-Ri-Capture-Puzzle.otg": (3, "king captured", "/1t5/7/1Tt4/tT1t3/2t4/t2t3/Tt5/"),
    "Ard-Ri-Escape-Puzzle-2.otg": (24, "king escaped", "/2t1K2/3t3/1T1T3/T6/2t3t/T3t2/7/"),
    "Ard-Ri-Escape-Puzzle.otg": (18, "king escaped", "/3t3/4tT1/2t4/t1T4/K5t/3T1T1/4t2/"),
    "Copenhagen-Escape-Puzzle.otg": (18, "king escaped", "/4T2/4T2/3TT2/7/2t2t1/1t4t/tt1T2K/"),
    "Crust-vs-Schachus-Grandmasters-2015.otg": (
        68,
        None,
        "/4t3t2/5t5/3t7/2t2T2T2/8t2/tt5t3/3T2t4/7t2T/t5T1KT1/1t5t1T1/2t5t2/",
    ),
    "Fetlar-Escape-Puzzle.otg": (
        21,
        "king escaped",
        "/K7t2/1t2TTT2t1/Tt6T1t/t2T4T2/t9t/t6T1tt/4TTT3t/2t2T1t2t/3t7/5t5/4ttt4/",
    ),
    "Fish-Nasa-2015-Fetlar.otg": (
        39,
        "king escaped",
        "/K4t2t2/1t2TTT2t1/Tt6T1t/t2T4T2/t9t/t6T1tt/4TTT3t/2t2T1t2t/3t7/5t5/4ttt4/",
    ),
}


def test_every_saved_game_is_accounted_for() -> None:
    assert sorted(p.name for p in DATA.glob("*.otg")) == sorted(PLAYED)


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_saved_games_replay(name: str) -> None:
    text = (DATA / name).read_text()
    state = read_opentafl_game(text)
    moves, reason, position = PLAYED[name]
    assert len(state.to_record().moves) == moves
    assert (state.outcome.reason if state.outcome else None) == reason
    assert state.position() == position
    result = next(line for line in text.splitlines() if line.startswith("[result:"))
    if state.outcome is not None and result != "[result:?]":
        assert result == ("[result:-1]" if 1 in state.outcome.winners else "[result:1]")
    again = read_opentafl_game(write_opentafl_game(state))
    assert again.to_record().moves == state.to_record().moves and again.game == state.game


def test_the_special_squares_of_the_saved_games() -> None:
    def game(name: str) -> Tafl:
        return read_opentafl_game((DATA / name).read_text()).game

    tablut = game("Altti-Piirsoo-Steve-Lonsdale-Sea-Battle-Triathlon-2015.otg").options
    # 'cor:' no corners; 'cens:' nobody stops on the throne, the King included; 'cenh:' a held
    # throne is hostile to nobody; 'cenhe' left out: the empty throne is hostile to everyone.
    assert (tablut.escape, tablut.corners, tablut.throne_stop, tablut.throne_hostile) == ("edge", None, "", "")
    assert tablut.throne_hostile_empty == "tT" and tablut.king_captured_by == "throne"
    brandub = game("Animals-Xerxes-Brandub-Triathlon-2015.otg").options
    assert (brandub.throne_hostile, brandub.throne_hostile_empty, brandub.corner_hostile) == ("", "", "tT")
    capture = game("Ard-Ri-Capture-Puzzle.otg").options
    # 'cen:' empty: no throne, so a piece may start on the centre (an attacker on d4 here).
    assert capture.throne == "" and capture.layout == "/1t5/2t4/2T4/tTKt3/2tT3/t6/Tt1t3/"
    puzzle = game("Copenhagen-Escape-Puzzle.otg").options
    # 'starti:' is the start position top rank first; 'cor:g7,' and 'cen:b2,' move the squares.
    assert (puzzle.corners, puzzle.throne, puzzle.layout) == ("g7", "b2", "/4Tt1/4Tt1/3TTt1/6t/2tt3/1t2K2/tt2T2/")
    assert puzzle.repetition_result == "repeater-loses" and puzzle.shieldwall and puzzle.exit_fort


def test_the_capture_puzzle_needs_its_centre_to_be_no_throne() -> None:
    text = (DATA / "Ard-Ri-Capture-Puzzle.otg").read_text()
    with pytest.raises(RecordError, match=r"only the king may stand on the throne \(d4\)"):
        read_opentafl_game(text.replace(" cen: ", " "))


def test_the_copenhagen_game_reads_its_rules() -> None:
    state = read_opentafl_game((DATA / "Crust-vs-Schachus-Grandmasters-2015.otg").read_text())
    options = state.game.options
    assert options.shieldwall and options.exit_fort and options.encirclement and options.escape == "corner"
    assert options.repetition_result == "draw"  # OpenTafl's default; it has no key for Copenhagen's rule


def test_external_rules_strings() -> None:
    lines = (DATA / "opentafl-external-rules.conf").read_text().splitlines()
    fetlar, tablut, sea_battle, alea = (Tafl.from_opentafl(line) for line in lines)
    assert fetlar.options.repetition_result == "repeater-loses" and fetlar.options.escape == "corner"
    assert (tablut.size, tablut.options.throne_stop, tablut.options.corners) == (15, "", None)
    assert sea_battle.options.throne == "" and not sea_battle.options.king_armed
    # Alea Evangelii: four corner squares at each corner, which only the King may pass or stop on;
    # nobody stops on the throne, which is hostile while empty and not while held.
    o = alea.options
    assert o.variant == "alea-evangelii" and o.corners is not None and len(o.corners.split(",")) == 16
    assert (o.corner_stop, o.corner_pass, o.throne_stop) == ("K", "K", "")
    assert (o.throne_hostile, o.throne_hostile_empty) == ("", "tT")
    state = alea.from_position(position="/19/2K16/19/19/19/19/19/19/19/t18/19/19/19/19/19/19/19/19/19/", to_move=0)
    with pytest.raises(IllegalMoveError, match=r"only the king may pass over a corner \(a2\)"):
        state.apply("a10-a1")
    assert "a10-a3" in [str(m) for m in state.legal_moves()] and Move("a10", "a2") not in state.legal_moves()
    state.apply("a10-a3")
    state.apply("c2-b2")  # the King onto a corner square (one of the four around a1)
    assert state.outcome is not None and state.outcome.reason == "king escaped"


# OpenTafl's built-in variants (rules/Variants.java, hardcodedRules), as OpenTafl writes them
# (tests/data/tafl/opentafl/opentafl-builtin-rules.conf), and the rule boardkit names for those it
# cannot play (none now). The relaxed shieldwall, Magpie and Foteviken Tablut have tests of their
# own (test_tafl_opentafl_builtins.py), Berserk too (test_tafl_berserk.py).
BUILTIN_REFUSED: dict[str, str] = {}


def test_opentafl_builtin_variants() -> None:
    lines = (DATA / "opentafl-builtin-rules.conf").read_text().splitlines()
    played = {}
    for line in lines:
        name = line.split()[1].removeprefix("name:").replace("_", " ")
        if name in BUILTIN_REFUSED:
            with pytest.raises(OptionError, match=BUILTIN_REFUSED[name]):
                Tafl.from_opentafl(line)
            continue
        game = Tafl.from_opentafl(line)
        assert Tafl.from_opentafl(game.to_opentafl()) == game
        played[name] = game.options
    assert sorted(played) == [
        "Berserk",
        "Brandub",
        "Copenhagen",
        "Copenhagen (relaxed shieldwall)",
        "Fetlar",
        "Foteviken Tablut",
        "Magpie",
        "Sea Battle",
        "Tablut",
        "Tawlbwrdd",
    ]
    assert played["Tablut"].linnaean and played["Tablut"].throne_pass == "tTK" and played["Tablut"].throne_stop == ""
    assert played["Sea Battle"].throne == "" and played["Sea Battle"].corners is None
    assert played["Brandub"].king_captured_by == "two" and played["Brandub"].throne_hostile_empty == ""
    assert played["Copenhagen"].variant == "copenhagen" and played["Copenhagen"].repetition_result == "repeater-loses"


CROSSCHECK = sorted((DATA / "crosscheck").glob("*.otg"))


@pytest.mark.parametrize("path", CROSSCHECK, ids=[p.stem for p in CROSSCHECK])
def test_games_boardkit_wrote_replay_as_opentafl_replays_them(path: Path) -> None:
    # Games boardkit played and wrote under OpenTafl's built-in variants and random special
    # squares; OpenTafl 0.4.8.0b loaded each and replayed it, and its last position and result
    # are in the file's opentafl-* tags (see tests/data/tafl/README.md).
    text = path.read_text()
    tags = dict(re.findall(r"^\[(opentafl-[a-z]+):(.*)\]$", text, re.M))
    state = read_opentafl_game(text)
    assert len(state.to_record().moves) == int(tags["opentafl-plies"])
    assert state.position() == tags["opentafl-position"]
    # OpenTafl's codes: 0 the game goes on, 2 the attackers won, 3 the defenders won, 4 a draw.
    outcome = state.outcome
    ours = "goes on" if outcome is None else next(iter(outcome.winners), "draw")
    assert ours == {"0": "goes on", "2": 0, "3": 1, "4": "draw"}[tags["opentafl-result"]]
    assert write_opentafl_game(state).split("\n1. ")[1:] == text.split("\n1. ")[1:]  # the same moves


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
    # The special squares.
    {"variant": "tablut", "corners": "", "throne_stop": "", "throne_hostile": "", "linnaean": True},
    {"variant": "brandubh", "escape": "corner", "corners": "a1,a2,b1,g7", "corner_pass": "tK", "corner_stop": "T"},
    {"variant": "brandubh", "corners": "a1,a7,g1,g7", "corner_hostile": "t"},  # edge escape, OpenTafl's corners
    {"variant": "ard-ri", "throne": "", "king_captured_by": "two", "king_armed": False},
    {"variant": "hnefatafl", "throne": "b2,j10", "throne_pass": "K", "throne_hostile": "tT"},
    {"variant": "hnefatafl", "throne_hostile_empty": "T", "corner_hostile": ""},
    {"variant": "copenhagen", "throne_hostile": "", "repetition": None},
    {"variant": "fetlar", "repetition": None, "repetition_result": "repeater-loses"},
    {"layout": "/1t5/2t4/2T4/tTKt3/2tT3/t6/Tt1t3/", "throne": "", "escape": "edge"},
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
        ("dim:11 kj:x start:" + START, "'kj'"),
        ("dim:11 cen:z1 start:" + START, "'cen' lists 'z1'"),
        ("dim:11 cor:l1, start:" + START, "'cor' lists 'l1'"),
        ("dim:11 cen:f5 start:" + START, r"only the king may stand on the throne \(f5\)"),
        ("dim:11 cens:Q start:" + START, "'cens'"),
        ("dim:11 afor:a1, start:" + START, "both an attacker fort and a corner or throne: a1"),
        ("dim:11 dfor:a2, start:" + START, "'dfor'"),
        ("dim:11 ks:x start:" + START, "'ks'"),
        ("dim:11 ka:h start:" + START, "'ka'"),
        ("dim:11 sw:w start:" + START, "'sw'"),
        ("dim:11 swf:x start:" + START, "'swf'"),
        ("dim:11 spd:1 start:" + START, "'spd'"),
        ("dim:11 cen:a1,b1 cens:tTK cenre:T start:" + START, "'cenre'"),
        ("dim:11 cenre:tTK start:" + START, "'corre'"),  # OpenTafl then reads no 'corre' as nobody
        ("dim:11 surf:maybe start:" + START, "'surf'"),
        ("dim:11 bk-x:1 start:" + START, "'bk-x'"),
        ("dim:9 start:" + START, "'dim'"),
        ("dim:11 atkf:y atkf:n start:" + START, "'atkf'"),
        ("dim:11 start:/3/1Kx/3/", "'start'"),
        ("dim:11 starti:/3/1Kx/3/", "'starti'"),
        ("dim:11", "start position"),
    ],
)
def test_rules_boardkit_cannot_play_are_named(text: str, key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Tafl.from_opentafl(text)


COPENHAGEN_RULES = "dim:11 name:copenhagen tfr:w sw:s efe:y bk-rep:defenders-lose"


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
    custom = as_layout(Tafl("copenhagen"), "/2tTT6/3tt6/11/5t5/11/5K5/11/11/11/11/11/", 0)
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
    state = game.from_position(position="/3t3/7/1tT4/7/7/4K2/7/", to_move=0, seed=0)
    with pytest.raises(IllegalMoveError, match="claims it captures c2"):
        state.apply(game.parse_move("d1-d3xc2"))
    state.apply(game.parse_move("d1-d3xTc3"))
    assert state.last_captured == ("c3",)
    king = Tafl("federation-brandubh").from_position(position="/7/7/2t4/K6/t6/7/7/", to_move=0, seed=0)
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


def test_boardkit_replay_reads_saved_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from boardkit.cli import main

    assert main(["replay", str(DATA / "Fish-Nasa-2015-Fetlar.otg")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "39 moves" in out[0] and out[-1] == "tafl: defenders won (king escaped)"
    assert main(["replay", str(DATA / "Ard-Ri-Escape-Puzzle.otg")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "tafl: defenders won (king escaped)"
    unplayable = tmp_path / "guards.otg"
    unplayable.write_text("[rules:dim:7 gj:j kj:x start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n1. d2-b2\n")
    assert main(["replay", str(unplayable)]) == 2
    assert "OpenTafl rules key 'kj'" in capsys.readouterr().err


def test_tafl_registers_the_otg_format() -> None:
    otg = Tafl().declared.formats["otg"]
    assert (otg.key, otg.suffix) == ("otg", ".otg")
    assert otg.read_game is read_opentafl_game and otg.write_game is write_opentafl_game
    assert Tafl.from_opentafl(Tafl("tablut", throne="").to_opentafl()) == Tafl("tablut", throne="")


def test_rules_py_does_not_import_the_otg_module() -> None:
    # The .otg reader depends on the rules, never the reverse (issue 26): no import at all,
    # not even inside a function.
    rules = Path(__file__).parent.parent / "src" / "boardkit" / "games" / "tafl" / "rules.py"
    imports = [line for line in rules.read_text().splitlines() if line.strip().startswith(("import ", "from "))]
    assert imports and not [line for line in imports if "opentafl" in line]


def test_rules_options_lists_the_special_squares_last() -> None:
    # The options read from a rules string come in one order, the special squares' after the throne and the
    # forts: a slimming pass that folded their defaults into the others moved them ahead (found by review).
    from boardkit.games.tafl.opentafl import rules_options

    read = rules_options("dim:3 esc:e cor: cen:a1, cens:tTK start:/3/1K1/3/")
    assert list(read) == ["variant", "layout", "encirclement", "throne", "throne_stop", "throne_hostile"]
    read = rules_options("dim:7 afor:a4, cenh:tT start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
    assert list(read) == ["variant", "escape", "encirclement", "attacker_forts", "throne_hostile"]
