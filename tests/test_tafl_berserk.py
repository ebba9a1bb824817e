"""OpenTafl's Berserk: commanders and knights, jumps, the officers' King capture and berserk moves.

Hand-made positions for each rule (several of them OpenTafl's own tests of its Berserk rules:
test/rules/CommanderCaptureVictoryTest, CommanderCornerCaptureVictoryTest,
JumpCaptureBerserkerTest, with OpenTafl's Coord(x, y) as the square file a+x, rank y+1), the
notation OpenTafl writes for jumps and berserk moves, the options and their refusals, and the
variant played and replayed through OpenTafl's saved games. The lockstep against an independent
referee is tests/test_tafl_builtins_oracle.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardkit import IllegalMoveError, NotationError, OptionError, Random
from boardkit.games.tafl import Move, Piece, SpecialTaflState, Tafl
from boardkit.games.tafl.opentafl import read_opentafl_game, write_opentafl_game
from boardkit.render import svg
from boardkit.testing import check_game

DATA = Path(__file__).parent / "data" / "tafl" / "opentafl"
BERSERK_LINE = next(
    line for line in (DATA / "opentafl-builtin-rules.conf").read_text().splitlines() if " name:Berserk " in line
)
BERSERK = Tafl.from_opentafl(BERSERK_LINE)


def position(pieces: dict[str, str], size: int = 11) -> str:
    """OpenTafl position text (rank 1 first) of ``{"e5": "N", ...}``."""
    rows = ("".join(pieces.get(f"{chr(97 + f)}{rank}", ".") for f in range(size)) for rank in range(1, size + 1))
    return "/" + "/".join(re.sub(r"\.+", lambda run: str(len(run[0])), row) for row in rows) + "/"


def berserk(pieces: dict[str, str], to_move: int = 1, game: Tafl = BERSERK) -> SpecialTaflState:
    state = game.from_position(position=position(pieces), to_move=to_move, seed=0)
    assert isinstance(state, SpecialTaflState)
    return state


def moves_from(state: SpecialTaflState, square: str) -> set[str]:
    return {m.target for m in state.legal_moves() if m.source == square}


def snapshot(state: SpecialTaflState) -> tuple[object, ...]:
    moves = sorted(str(m) for m in state.legal_moves())
    return state.position(), state.current_player, state.berserker, state.outcome, moves, state.history


# -- the variant as OpenTafl gives it -------------------------------------------------------


def test_berserk_loads_with_its_officers_and_rules() -> None:
    o = BERSERK.options
    assert (o.king_jump, o.knight_jump, o.commander_jump, o.berserk) == ("restricted", "capturing", "jump", "capture")
    assert (o.first, o.encirclement, o.repetition_result) == (1, False, "repeater-wins")
    state = BERSERK.new_game(seed=0)
    assert isinstance(state, SpecialTaflState)
    assert state.position() == o.start
    assert state.piece_at("f10") is Piece.ATTACKER_COMMANDER and state.piece_at("e5") is Piece.DEFENDER_KNIGHT
    assert state.squares(Piece.ATTACKER_COMMANDER) == ["f10", "b6", "j6", "f2"]
    assert state.squares(Piece.ATTACKER) == [s for s in state.view(0).attackers if s not in ("f10", "b6", "j6", "f2")]
    assert Tafl.from_opentafl(BERSERK.to_opentafl()) == BERSERK
    assert " kj:r " in BERSERK.to_opentafl() and " ber:c " in BERSERK.to_opentafl()


def test_ber_m_and_the_jump_keys_read_and_write_both_ways() -> None:
    game = Tafl.from_opentafl(BERSERK_LINE.replace("ber:c", "ber:m nj:j cj:c kj:n").replace("kj:r ", ""))
    o = game.options
    assert (o.berserk, o.knight_jump, o.commander_jump, o.king_jump) == ("any-move", "jump", "capturing", "none")
    text = game.to_opentafl()
    assert " ber:m" in text and " nj:j" in text and " cj:c" in text and " kj:" not in text
    assert Tafl.from_opentafl(text) == game


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ("kj:x", "OpenTafl rules key 'kj' has value 'x'; boardkit plays 'n', 'r', 'j', 'c'"),
        ("kj:r nj:y", "OpenTafl rules key 'nj' has value 'y'"),
        ("kj:r ber:y", "OpenTafl rules key 'ber' has value 'y'; boardkit plays 'n', 'c', 'm'"),
        ("kj:r sw:s", "with the King taken by four and without shieldwall, .*; not with shieldwall$"),
    ],
)
def test_unplayable_berserk_keys_are_refused_in_one_line(keys: str, message: str) -> None:
    with pytest.raises(OptionError, match=message) as caught:
        Tafl.from_opentafl(BERSERK_LINE.replace("kj:r ber:c", keys if "ber:" in keys else keys + " ber:c"))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"king_jump": "sometimes"},
            "king_jump must be 'none' or 'restricted' or 'jump' or 'capturing', not 'sometimes'",
        ),
        ({"berserk": "always"}, "berserk must be 'none' or 'capture' or 'any-move', not 'always'"),
        ({"berserk": "capture", "king_speed": 1}, "not with king_speed"),
        (
            {"variant": "custom", "layout": "/3t3/3t3/3T3/ttTKTtt/3T3/3c3/3t3/", "king_captured_by": "two"},
            "not with king_captured_by='two'",
        ),
        ({"king_jump": "jump", "attacker_forts": "a4"}, "not with attacker_forts"),
    ],
)
def test_bad_officer_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Tafl(**{"variant": "brandubh", **options})


def test_games_without_officers_keep_the_quick_path() -> None:
    assert type(Tafl("hnefatafl").new_game(seed=0)).__name__ == "TaflState"
    assert type(Tafl("hnefatafl", knight_jump="jump").new_game(seed=0)).__name__ == "TaflState"  # no knights
    assert isinstance(Tafl("brandubh", king_jump="jump").new_game(seed=0), SpecialTaflState)
    assert isinstance(Tafl(layout="/3t3/3t3/3T3/ttTKTtt/3T3/3n3/3t3/").new_game(seed=0), SpecialTaflState)


# -- jumps ------------------------------------------------------------------------------------


def test_a_commander_jumps_an_enemy_man_without_taking_it() -> None:
    state = berserk({"c3": "c", "c4": "T", "d3": "t", "e3": "T", "k9": "c", "h9": "K"}, to_move=0)
    assert "c5" in moves_from(state, "c3")
    assert "f3" not in moves_from(state, "d3")  # a plain man never jumps
    state.apply("c3-c5")
    assert state.piece_at("c5") is Piece.ATTACKER_COMMANDER and state.piece_at("c4") is Piece.DEFENDER
    assert state.last_captured == () and state.current_player == 1
    assert state.to_record().moves == ("cc3^c5",)


def test_no_jump_over_a_friend_a_king_or_an_officer_and_the_state_stays() -> None:
    state = berserk({"c3": "c", "c4": "t", "e5": "c", "e6": "K", "g5": "c", "h5": "N", "b10": "T"}, to_move=0)
    assert "c5" not in moves_from(state, "c3") and "e7" not in moves_from(state, "e5")
    assert "i5" not in moves_from(state, "g5")
    before = snapshot(state)
    for move, reason in [
        ("c3-c5", "only over an enemy man"),
        ("e5-e7", "only over an enemy man"),
        ("g5-i5", "only over an enemy man"),
    ]:
        with pytest.raises(IllegalMoveError, match=reason):
            state.apply(move)
        assert snapshot(state) == before


def test_the_king_jumps_only_from_or_onto_a_special_square() -> None:
    # From the throne (f6) over f7: the man falls between the King and the empty throne.
    state = berserk({"f6": "K", "f7": "t", "d4": "t", "c4": "T", "b2": "t", "k3": "c"})
    assert "f8" in moves_from(state, "f6")
    state.apply("f6-f8")
    assert state.last_captured == ("f7",) and state.to_record().moves == ("Kf6^f8xf7",)
    # From a plain square onto a plain square: no jump (OpenTafl's kj:r).
    state = berserk({"e4": "K", "e5": "t", "k3": "c", "a8": "t"})
    assert "e6" not in moves_from(state, "e4")
    with pytest.raises(IllegalMoveError, match="restricted jump"):
        state.apply("e4-e6")
    # From a plain square onto a corner: the King on c1 jumps b1 onto a1, and escapes.
    state = berserk({"c1": "K", "b1": "t", "k3": "c", "a8": "t"})
    state.apply("c1-a1")
    assert state.outcome is not None and state.outcome.reason == "king escaped"


def test_a_knight_jump_takes_the_man_it_jumps() -> None:
    state = berserk({"e5": "N", "e4": "t", "f6": "K", "k3": "c", "a8": "t"})
    state.apply("e5-e3")
    assert state.last_captured == ("e4",) and state.piece_at("e3") is Piece.DEFENDER_KNIGHT
    assert state.current_player == 0  # nothing more to take from e3: the turn passes
    assert state.to_record().moves == ("Ne5^e3xe4",)
    state.undo()
    assert state.piece_at("e4") is Piece.ATTACKER and state.piece_at("e5") is Piece.DEFENDER_KNIGHT


# -- berserk ----------------------------------------------------------------------------------

JUMP_CAPTURE = {
    "f7": "t", "f9": "t", "e4": "t", "e2": "c", "a7": "c", "g6": "c", "k9": "c", "c11": "t",
    "f6": "K", "e5": "N", "a8": "T", "a10": "T", "c10": "T", "k10": "T",
}  # fmt: skip


def test_a_capture_earns_the_same_piece_another_move() -> None:
    # OpenTafl's JumpCaptureBerserkerTest.
    state = berserk(JUMP_CAPTURE)
    state.apply("e5-e3")
    state.apply("a7-a9")  # the commander jumps a8 and takes a10 against the corner a11
    assert state.last_captured == ("a10",) and state.piece_at("a8") is Piece.DEFENDER
    assert state.current_player == 0 and state.berserker == "a9"
    assert {m.source for m in state.legal_moves()} == {"a9"}
    assert "c9" in moves_from(state, "a9") and "a10" in moves_from(state, "a9")  # any move, not only captures
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="the piece on a9 has just captured and moves again"):
        state.apply("g6-g5")
    assert snapshot(state) == before
    twin = state.copy()
    state.apply("a9-c9")
    assert state.last_captured == ("c10",) and state.current_player == 1 and state.berserker is None
    assert twin.berserker == "a9" and twin.current_player == 0  # the copy is apart
    assert state.to_record().moves == ("Ne5^e3xe4", "ca7^a9xa10", "ca9=c9xc10")
    state.undo()
    assert snapshot(state) == before
    state.undo()
    assert state.berserker is None and state.current_player == 0 and state.piece_at("a10") is Piece.DEFENDER


def test_a_capture_with_nothing_more_to_take_passes_the_turn_unless_any_move() -> None:
    pieces = {"d4": "t", "d5": "T", "d7": "t", "a7": "c", "f6": "K", "k2": "t"}
    state = berserk(pieces, to_move=0)
    state.apply("d7-d6")  # d5 falls; d6 can capture nothing more
    assert state.last_captured == ("d5",) and state.current_player == 1
    moving = berserk(pieces, to_move=0, game=Tafl.from_opentafl(BERSERK_LINE.replace("ber:c", "ber:m")))
    moving.apply("d7-d6")
    assert moving.current_player == 0 and moving.berserker == "d6"
    moving.apply("d6-d9")
    assert moving.current_player == 1


def test_repetition_counts_around_a_berserk_move() -> None:
    # A berserk move is always owed on a board never seen before (a capture cannot be undone), so
    # the repetition rule is never judged there and only has to count on: after the berserk pair,
    # the shuffle h4-h3 b2-b3 h3-h4 b3-b2 repeats the position after it, and its third
    # occurrence, made by the attackers, ends the game as tfr:l scores it (the repeater wins).
    state = berserk({"d4": "t", "d5": "T", "d7": "t", "e8": "T", "f8": "t", "b2": "t", "h4": "K", "a9": "c"}, 0)
    state.apply("d7-d6")  # takes d5; from d6 it could take e8 (at d8), so it moves again
    assert state.last_captured == ("d5",) and state.berserker == "d6" and state.current_player == 0
    state.apply("d6-d7")  # a berserk move that takes nothing: the turn passes
    assert state.berserker is None and state.current_player == 1
    cycle = ["h4-h3", "b2-b3", "h3-h4", "b3-b2"]
    for ply, move in enumerate(cycle * 2, start=1):
        assert not state.is_over, ply
        state.apply(move)
    assert state.outcome is not None and "came 3 times" in state.outcome.reason
    assert state.outcome.winners == frozenset({0})
    assert state.to_record().moves[:2] == ("d7-d6xd5", "d6=d7")


# -- the King among officers ------------------------------------------------------------------


def test_the_king_is_taken_by_commanders_not_on_the_throne() -> None:
    # OpenTafl's CommanderCaptureVictoryTest.
    state = berserk({"f7": "c", "f4": "c", "c6": "c", "g6": "c", "f6": "K", "e5": "N"})
    state.apply("e5-a5")
    state.apply("f4-f5")
    assert state.king == "f6" and state.outcome is None  # on the throne: safe
    state.apply("f6-d6")
    state.apply("g6-e6")  # over the empty throne: commander e6, commander c6
    assert state.king is None and state.outcome is not None and state.outcome.reason == "king captured"
    assert state.to_record().moves[-1] == "cg6-e6xKd6"


def test_the_king_is_taken_against_a_corner_by_a_commander() -> None:
    # OpenTafl's CommanderCornerCaptureVictoryTest.
    state = berserk({"c2": "c", "f4": "c", "c6": "c", "g6": "c", "e1": "t", "b2": "K", "e5": "N"})
    state.apply("b2-b1")
    state.apply("c2-c1")
    assert state.outcome is not None and state.outcome.reason == "king captured"


def test_four_plain_attackers_do_not_take_the_king_where_attackers_have_officers() -> None:
    pieces = {"b3": "t", "d3": "t", "c4": "t", "c1": "t", "c3": "K", "h8": "c", "k5": "N"}
    state = berserk(pieces, to_move=0)
    state.apply("c1-c2")
    assert state.king == "c3" and state.outcome is None
    plain = berserk({s: "t" if p == "c" else p for s, p in pieces.items()}, to_move=0)  # no officer at all
    plain.apply("c1-c2")
    assert plain.outcome is not None and plain.outcome.reason == "king captured"
    # A commander beside him with a plain man opposite is not enough either.
    state = berserk({"d6": "K", "c6": "t", "e9": "c", "a2": "t", "k3": "N", "b9": "t"}, to_move=0)
    state.apply("e9-e6")
    assert state.king == "d6"


# -- the position shown, played and written ----------------------------------------------------


def test_officers_are_shown_in_text_views_planes_and_pictures() -> None:
    state = BERSERK.new_game(seed=0)
    text = state.render()
    assert " c " in text and " N " in text and "c/C commander, n/N knight" in text
    view = state.view(1)
    assert view.commanders == ("f10", "b6", "j6", "f2") and view.knights == ("e5",)
    assert view.to_dict()["knights"] == ["e5"] and "e5" in view.defenders
    assert view.position == state.position()
    planes = BERSERK.declared.observation_encoder(BERSERK, 2)(view)
    assert planes.shape == (9, 11, 11) and int(planes[7].sum()) == 4 and int(planes[8].sum()) == 1
    assert int(planes[0].sum()) == 24 and int(planes[1].sum()) == 12 and int(planes[2].sum()) == 1
    picture = svg(state)
    assert "attacker commander (c)" in picture and "defender knight (N)" in picture
    diamonds = [p for p in re.findall(r'<polygon points="([^"]*)"', picture) if len(p.split()) == 4]
    assert picture.count("<rect") - 121 == 4 + 2 and len(diamonds) == 1 + 2  # commanders, knight, and the key's
    assert state.piece_at("e5") is Piece.DEFENDER_KNIGHT and state.squares(Piece.DEFENDER_KNIGHT) == ["e5"]
    assert state.squares("c") == ["f10", "b6", "j6", "f2"] and state.piece_at("f10") is Piece.ATTACKER_COMMANDER
    plain = Tafl("hnefatafl").new_game(seed=0)
    assert plain.squares(Piece.ATTACKER_COMMANDER) == [] and len(plain.squares("t")) == 24


@pytest.mark.parametrize("piece", ["zz", None, 3, "king", ["K"]])
def test_a_piece_that_is_not_one_is_a_notation_error(piece: object) -> None:
    with pytest.raises(NotationError, match="not a tafl piece"):
        BERSERK.new_game(seed=0).squares(piece)


def test_apply_undo_and_copy_restore_everything() -> None:
    state = BERSERK.new_game(seed=5)
    rng = Random(11)
    trail = [snapshot(state)]
    for _ in range(160):
        if state.is_over:
            break
        twin = state.copy()
        state.apply(state.random_move(rng))
        assert snapshot(twin) == trail[-1]
        trail.append(snapshot(state))
    while state.history:
        trail.pop()
        state.undo()
        assert snapshot(state) == trail[-1]


def test_notation_of_jumps_and_berserk_moves() -> None:
    assert Move.parse("ce6^e8") == Move("e6", "e8")
    assert Move.parse("Ne8=e4xe3") == Move("e8", "e4") and Move.parse("Ne8=e4xe3").captures == ("e3",)
    assert Move.parse("Ne6^=e8xce7/ne9/f8/d8").captures == ("d8", "e7", "e9", "f8")
    assert Move.parse("c8-f8") == Move("c8", "f8")  # a file letter c, not a commander
    with pytest.raises(NotationError):
        Move.parse("e6^^e8")


def test_berserk_plays_and_its_saved_games_replay() -> None:
    report = check_game(BERSERK, games=2, seed=3, max_moves=120, sample=3)
    assert report.games == 2 and report.moves > 0
    for seed in range(6):
        state = BERSERK.new_game(seed=seed)
        state.playout(max_plies=300, rng=Random(seed))
        text = write_opentafl_game(state)
        again = read_opentafl_game(text)
        assert again.position() == state.position() and again.outcome == state.outcome
        assert again.to_record().moves == state.to_record().moves


def test_a_saved_berserk_game_is_written_as_opentafl_writes_it() -> None:
    state = berserk(JUMP_CAPTURE)
    for move in ["e5-e3", "a7-a9", "a9-c9", "f6-f8"]:
        state.apply(move)
    text = write_opentafl_game(state)
    # OpenTafl's own writer, given this game, writes these very lines (a turn starts where a
    # position with the first side to move follows one with the other side to move).
    assert text.splitlines()[2:] == ["1. Ne5^e3xe4 ca7^a9xa10", "2. ca9=c9xc10 Kf6^f8xf7"]
    assert read_opentafl_game(text).position() == state.position()
