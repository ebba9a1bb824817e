"""OpenTafl's built-in variants that need rules of their own (issue 29): the relaxed
shieldwall (``swf:n``), Magpie's middleweight King and speed limit (``ks:m``, ``spd``),
Foteviken Tablut's attacker forts (``afor``, ``aforre``, ``aforh``); each rule on
hand-made positions, its OpenTafl keys both ways, and random games of each variant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalMoveError, OptionError, Random
from boardkit.games.tafl import Piece, SpecialTaflState, Tafl, TaflState
from boardkit.games.tafl.opentafl import read_opentafl_game, rules_options, write_opentafl_game
from boardkit.games.tafl.render import key
from boardkit.testing import check_game

DATA = Path(__file__).parent / "data" / "tafl" / "opentafl"
BUILTINS = {
    line.split()[1].removeprefix("name:").replace("_", " "): line
    for line in (DATA / "opentafl-builtin-rules.conf").read_text().splitlines()
}
FORTS = "a4,a5,a6,b5,d1,d9,e1,e2,e8,e9,f1,f9,h5,i4,i5,i6"


# -- the relaxed shieldwall: any move takes every row shut in -------------------------------


def _copenhagen(close: str) -> Tafl:
    return Tafl("copenhagen", shieldwall_close=close)


@pytest.mark.parametrize(("close", "taken"), [("any-move", ("d1", "e1")), ("onto-edge", ())])
def test_a_wall_closed_from_inside_by_its_front_piece(close: str, taken: tuple[str, ...]) -> None:
    # c1 and f1 bracket d1 and e1; d2 faces d1, and e4-e2 brings the last face, off the edge.
    state = _copenhagen(close).from_position(position="/2tTTt5/3t7/11/4t6/11/5K5/11/11/11/11/11/", to_move=0)
    state.apply("e4-e2")
    assert state.last_captured == taken


@pytest.mark.parametrize(("close", "taken"), [("any-move", ("d1", "e1")), ("onto-edge", ())])
def test_a_wall_already_shut_falls_to_any_move(close: str, taken: tuple[str, ...]) -> None:
    # The defenders walked into a shut wall (safe: capture is active); any attacker move then takes it.
    state = _copenhagen(close).from_position(position="/2tTTt5/3tt6/11/11/11/5K5/11/11/11/11/9t1/", to_move=0)
    state.apply("j11-j10")
    assert state.last_captured == taken
    assert state.to_record().moves == (f"j11-j10x{'/'.join(taken)}" if taken else "j11-j10",)


def test_relaxed_walls_spare_the_king_use_corners_and_work_for_defenders() -> None:
    game = _copenhagen("any-move")
    state = game.from_position(position="/2tTKt5/3tt6/11/11/11/11/11/11/11/11/9t1/", to_move=0)
    state.apply("j11-j10")
    assert state.last_captured == ("d1",) and state.king == "e1"
    # An empty corner closes one end (a1 and d1 bracket b1 and c1).
    state = game.from_position(position="/1TTt7/1tt8/11/11/11/5K5/11/11/11/11/9t1/", to_move=0)
    state.apply("j11-j10")
    assert state.last_captured == ("b1", "c1")
    state = game.from_position(position="/1TTt7/1tt8/11/11/11/5K5/11/11/11/11/9t1/", to_move=1)
    state.apply("f6-f7")
    assert state.last_captured == ()  # a wall of defenders is not the defenders' to take
    state = game.from_position(position="/1ttT7/1TT8/11/11/11/5K5/11/11/11/11/9t1/", to_move=1)
    state.apply("f6-f7")
    assert state.last_captured == ("b1", "c1")  # the corner a1 and d1 bracket b1 and c1
    # A custodial capture (h2, between h3 and h1) comes with it, and undo puts everything back.
    state = game.from_position(position="/1ttT1T1T3/1TT4t3/9T1/11/11/5K5/11/11/11/11/11/", to_move=1)
    before = state.copy()
    state.apply("j3-h3")
    assert state.last_captured == ("b1", "c1", "h2")
    state.undo()
    assert state.position() == before.position()


# -- Magpie: the middleweight King and the King's speed ---------------------------------------


@pytest.mark.parametrize(("rule", "captured"), [("middleweight", True), ("four", False), ("two", False)])
def test_the_middleweight_king_falls_to_three_on_an_edge(rule: str, captured: bool) -> None:
    game = Tafl("brandubh", king_captured_by=rule, escape="corner")
    state = game.from_position(position="/7/7/7/7/3t3/7/2tKt2/", to_move=0)
    state.apply("d5-d6")
    assert (state.king is None) is captured
    if captured:
        assert state.outcome is not None and state.outcome.winners == frozenset({0})


def test_the_middleweight_king_needs_every_side_in_the_open() -> None:
    game = Tafl("brandubh", king_captured_by="middleweight")
    state = game.from_position(position="/7/3t3/7/2tK3/3t3/7/7/", to_move=0)
    state.apply("d2-d3")  # three sides held, e4 open
    assert state.king == "d4"
    state = game.from_position(position="/7/3t3/7/2tKt2/3t3/7/7/", to_move=0)
    state.apply("d2-d3")
    assert state.king is None


def test_the_king_moves_at_most_his_speed() -> None:
    game = Tafl("brandubh", king_speed=1)
    state = game.from_position(position="/7/7/7/3K3/7/7/7/", to_move=1)
    assert sorted(str(m) for m in state.legal_moves()) == ["d4-c4", "d4-d3", "d4-d5", "d4-e4"]
    assert state.count_moves() == 4
    with pytest.raises(IllegalMoveError, match="the king moves at most 1 square at a time"):
        state.apply("d4-d6")
    assert state.position() == "/7/7/7/3K3/7/7/7/"
    two = Tafl("brandubh", king_speed=2).from_position(position="/7/7/7/3K3/7/7/7/", to_move=1)
    assert two.count_moves() == 8 and "d4-d6" in [str(m) for m in two.legal_moves()]


def test_a_slow_king_never_runs_in_random_play() -> None:
    state = Tafl("brandubh", king_speed=1).new_game(seed=4)
    state.playout(max_plies=300, rng=Random(5))
    replay = state.game.new_game(seed=4)
    king_moves = 0
    for move in state.history:
        if replay.piece_at(move.source) == Piece.KING:
            king_moves += 1
            files = abs(ord(move.source[0]) - ord(move.target[0]))
            assert files + abs(int(move.source[1:]) - int(move.target[1:])) == 1
        replay.apply(move)
    assert king_moves >= 5


# -- Foteviken: attacker forts ---------------------------------------------------------------


def test_attacker_forts_keep_out_who_may_not_enter() -> None:
    game = Tafl("tablut", attacker_forts="a4,a5,a6,b5", attacker_fort_enter="", attacker_fort_hostile="")
    # An attacker on a6 may move along the fort (a5 is free) but an attacker on c5 may not come in,
    # nor a defender pass over b5.
    state = game.from_position(position="/9/9/4K4/2t6/2T6/t8/9/9/9/", to_move=0)
    assert "+ empty restricted square (throne, attacker forts)" in state.render()
    assert ("#b9a27a", "attacker forts: no piece may come onto them from off them") in key(state)
    moves = {str(m) for m in state.legal_moves()}
    assert {"a6-a5", "a6-a4"} <= moves and "c4-a4" not in moves and "c4-b4" in moves
    with pytest.raises(IllegalMoveError, match=r"no piece may come onto an attacker fort \(a4\)"):
        state.apply("c4-a4")
    state.apply("a6-a7")  # off the fort: it may not come back
    assert "c5-b5" not in {str(m) for m in state.legal_moves()}
    state.apply("e3-d3")
    assert "a7-a6" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(IllegalMoveError, match="attacker fort"):
        state.apply("a7-a6")


def test_who_may_enter_an_attacker_fort() -> None:
    game = Tafl("tablut", attacker_forts="a4,a5,a6,b5", attacker_fort_enter="t")
    state = game.from_position(position="/9/9/4K4/2t6/2T6/t8/9/9/9/", to_move=0)
    assert {"c4-a4", "a6-a4"} <= {str(m) for m in state.legal_moves()}
    state = game.from_position(position="/9/9/4K4/2t6/2T6/t8/9/9/9/", to_move=1)
    assert "c5-b5" not in {str(m) for m in state.legal_moves()} and "c5-c6" in {str(m) for m in state.legal_moves()}


@pytest.mark.parametrize(("hostile", "taken"), [("T", ("b5",)), ("", ()), ("t", ())])
def test_an_attacker_fort_is_hostile_as_said(hostile: str, taken: tuple[str, ...]) -> None:
    game = Tafl("tablut", attacker_forts="a5", attacker_fort_hostile=hostile)
    state = game.from_position(position="/9/9/4K4/9/1T7/9/2t6/9/9/", to_move=0)
    state.apply("c7-c5")
    assert state.last_captured == taken


def test_fort_options_are_checked() -> None:
    with pytest.raises(OptionError, match="attacker_forts must be square names"):
        Tafl("tablut", attacker_forts=3)
    with pytest.raises(OptionError, match="both an attacker fort and a corner or throne: e5"):
        Tafl("tablut", attacker_forts="e5")
    with pytest.raises(OptionError, match="king_speed must be a number of squares"):
        Tafl("tablut", king_speed=0)
    # Without forts their rules say nothing, so equal games compare equal.
    assert Tafl("tablut", attacker_fort_enter="", attacker_fort_hostile="t") == Tafl("tablut")


# -- OpenTafl's keys, both ways --------------------------------------------------------------


def test_the_four_builtins_load_as_these_options() -> None:
    relaxed = Tafl.from_opentafl(BUILTINS["Copenhagen (relaxed shieldwall)"]).options
    assert (relaxed.shieldwall, relaxed.shieldwall_close, relaxed.exit_fort) == (True, "any-move", True)
    magpie = Tafl.from_opentafl(BUILTINS["Magpie"])
    assert magpie == Tafl(
        "brandubh", escape="corner", king_captured_by="middleweight", king_speed=1, throne_hostile="t"
    )
    foteviken = Tafl.from_opentafl(BUILTINS["Foteviken Tablut"]).options
    assert foteviken.attacker_forts == FORTS
    assert (foteviken.attacker_fort_enter, foteviken.attacker_fort_hostile) == ("", "")
    assert (foteviken.throne_stop, foteviken.throne_pass, foteviken.throne_hostile_empty) == ("", "", "")


GAMES: list[dict[str, Any]] = [
    {"variant": "copenhagen", "shieldwall_close": "any-move"},
    {"variant": "hnefatafl", "shieldwall": True, "shieldwall_close": "any-move", "escape": "corner"},
    {"variant": "brandubh", "king_captured_by": "middleweight"},
    {"variant": "brandubh", "king_speed": 1},
    {"variant": "tablut", "king_speed": 3, "king_captured_by": "middleweight", "escape": "corner"},
    {"variant": "tablut", "attacker_forts": FORTS},
    {"variant": "tablut", "attacker_forts": FORTS, "attacker_fort_enter": "tK", "attacker_fort_hostile": "tT"},
    {"variant": "tablut", "attacker_forts": "a5", "attacker_fort_enter": "", "throne_pass": ""},
]


def test_only_games_with_these_rules_leave_the_quick_path() -> None:
    for variant in ("hnefatafl", "copenhagen", "fetlar", "federation-brandubh", "tablut", "brandubh"):
        assert type(Tafl(variant).new_game(seed=0)) is TaflState
    assert type(Tafl("copenhagen", shieldwall=False, shieldwall_close="any-move").new_game(seed=0)) is TaflState
    for options in GAMES:
        state = Tafl(**options).new_game(seed=0)
        assert type(state) is SpecialTaflState and type(state.copy()) is SpecialTaflState


@pytest.mark.parametrize("options", GAMES)
def test_rules_strings_round_trip(options: dict[str, Any]) -> None:
    game = Tafl(**options)
    assert Tafl.from_opentafl(game.to_opentafl()) == game


def test_the_keys_as_written() -> None:
    assert " swf:n " in Tafl("copenhagen", shieldwall_close="any-move").to_opentafl()
    assert "bk-swc" not in Tafl("copenhagen", shieldwall_close="any-move").to_opentafl()
    text = Tafl("brandubh", king_captured_by="middleweight", king_speed=2).to_opentafl()
    assert " ks:m " in text and " spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,2,-1,-1, " in text
    text = Tafl("tablut", attacker_forts="a5,a4", attacker_fort_enter="T", attacker_fort_hostile="").to_opentafl()
    # OpenTafl reads aforre only beside cenre, and then takes a missing corre for nobody.
    assert " afor:a4,a5, " in text and " aforh: " in text and " cenre:tTK corre:tTK aforre:T " in text
    assert "afor" not in Tafl("tablut").to_opentafl()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dim:7 spd:-1 start:/3/1K1/3/", None),
        ("dim:7 spd:0 start:/3/1K1/3/", None),
        ("dim:7 spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,3,-1,-1, start:/3/1K1/3/", 3),
        ("dim:7 spd:-1,2,2,2,2,2,-1,2,2,1,2,2, start:/3/1K1/3/", 1),  # pieces boardkit has not
    ],
)
def test_speed_limits_read(text: str, expected: int | None) -> None:
    text = text.replace("dim:7", "dim:3")
    assert rules_options(text).get("king_speed") == expected


@pytest.mark.parametrize(
    "text",
    [
        "dim:3 spd:2 start:/3/1K1/3/",
        "dim:3 spd:1,1, start:/3/1K1/3/",
        "dim:3 spd:2,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1, start:/3/1K1/3/",
        "dim:3 spd:x start:/3/1K1/3/",
        "dim:3 afor:a1, aforp:T start:/3/1K1/3/",
        "dim:3 afor:z9, start:/3/1K1/3/",
        "dim:3 dfor:a2, start:/3/1K1/3/",
    ],
)
def test_what_boardkit_cannot_play_is_refused(text: str) -> None:
    with pytest.raises(OptionError, match=r"'(spd|aforp|afor|dfor)'"):
        Tafl.from_opentafl(text)


# -- the built-in variants play and replay -----------------------------------------------------


@pytest.mark.parametrize("name", ["Copenhagen (relaxed shieldwall)", "Magpie", "Foteviken Tablut"])
def test_builtin_variants_play_and_replay(name: str) -> None:
    game = Tafl.from_opentafl(BUILTINS[name])
    report = check_game(game, games=2, seed=3, max_moves=120, sample=3)
    assert report.games == 2 and report.moves > 0
    state = game.new_game(seed=7)
    state.playout(max_plies=400, rng=Random(8))
    again = read_opentafl_game(write_opentafl_game(state))
    assert again.position() == state.position() and again.outcome == state.outcome
    assert again.to_record().moves == state.to_record().moves


@pytest.mark.parametrize(
    ("variant", "inert"),
    [
        ("brandubh", {"king_speed": 7}),
        ("tablut", {"attacker_forts": FORTS, "attacker_fort_enter": "tTK", "attacker_fort_hostile": ""}),
        ("hnefatafl", {"king_speed": 11, "escape": "corner", "encirclement": True}),
    ],
)
def test_the_slow_path_plays_as_the_quick_path_when_its_rules_change_nothing(
    variant: str, inert: dict[str, Any]
) -> None:
    # A speed limit as long as the board, or forts everyone enters and nobody fears, change
    # nothing: move for move, the two states agree (moves in order, captures, outcome, undo).
    plain = {k: v for k, v in inert.items() if k in ("escape", "encirclement")}
    for seed in range(3):
        slow = Tafl(variant, **inert).new_game(seed=seed)
        quick = Tafl(variant, **plain).new_game(seed=seed)
        assert type(slow) is SpecialTaflState and type(quick) is TaflState
        rng = Random(seed)
        while not quick.is_over and len(quick.history) < 150:
            assert slow.legal_moves() == quick.legal_moves() and slow.count_moves() == quick.count_moves()
            move = quick.legal_moves()[rng.randbelow(quick.count_moves())]
            slow.apply(move)
            quick.apply(move)
            assert slow.last_captured == quick.last_captured and slow.outcome == quick.outcome
        for _ in range(10):
            if not quick.history:
                break
            slow.undo()
            quick.undo()
            assert slow.position() == quick.position() and slow.legal_moves() == quick.legal_moves()
