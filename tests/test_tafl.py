"""Tafl: one test per ruling on a small diagram, every option, notation, the fast path."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from boardkit import GameRecord, IllegalMoveError, NotationError, OptionError, Random
from boardkit.capture import custodial, enclosed
from boardkit.games import load
from boardkit.games.tafl import VARIANTS, Move, Piece, Tafl, TaflState, read_position, square_name, write_position
from boardkit.render import svg
from boardkit.testing import check_game


def diagram(*rows: str) -> str:
    """OpenTafl text from rows drawn with '.' for an empty square, top row first.

    OpenTafl writes rank 1 (the bottom row) first, so the drawing is written bottom up.
    """
    out = []
    for row in reversed(rows):
        text = ""
        run = 0
        for ch in row.replace(" ", ""):
            if ch == ".":
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += ch
        out.append(text + (str(run) if run else ""))
    return "/" + "/".join(out) + "/"


def setup(*rows: str, to_move: int = 0, **options: Any) -> TaflState:
    return Tafl("brandubh", **options).from_position(position=diagram(*rows), to_move=to_move, seed=0)


# Brandubh (7x7): files a-g, ranks 7 (top) to 1 (bottom); the throne is d4.


# -- movement -----------------------------------------------------------------------


def test_pieces_move_like_rooks_and_are_blocked() -> None:
    state = setup(
        ". . . . . . .",  # 7
        ". . . . . K .",  # 6
        ". . . . . . .",  # 5
        ". T . . . . .",  # 4
        ". . . . . . .",  # 3
        ". t . . . . .",  # 2
        ". . . . . . .",  # 1
    )
    targets = sorted(m.target for m in state.legal_moves() if m.source == "b2")
    assert targets == ["a2", "b1", "b3", "c2", "d2", "e2", "f2", "g2"]
    with pytest.raises(IllegalMoveError, match="straight line"):
        state.apply("b2-c3")
    with pytest.raises(IllegalMoveError, match="blocked at b4"):
        state.apply("b2-b5")
    with pytest.raises(IllegalMoveError, match="defenders"):
        state.apply("b4-c4")
    with pytest.raises(IllegalMoveError, match="no piece on a1"):
        state.apply("a1-a3")


def test_only_the_king_stops_on_the_throne_but_all_pass_it_when_empty() -> None:
    state = setup(
        ". . . . . . .",
        ". . . K . . .",
        ". . . . . . .",
        "t . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    )
    assert "a4-d4" not in {str(m) for m in state.legal_moves()}
    with pytest.raises(IllegalMoveError, match="only the king may stop on the throne"):
        state.apply("a4-d4")
    state.apply("a4-g4")  # over the empty throne
    state.apply("d6-d4")  # the King may stop there
    assert state.piece_at("d4") is Piece.KING
    with pytest.raises(IllegalMoveError, match="blocked at d4"):
        state.apply("g4-a4")  # an occupied throne blocks


def test_the_king_passes_over_the_empty_throne_too() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". K . . . . .",  # the throne d4 is empty
        ". . . . . . .",
        ". . . . . . .",
        "t . . . . . .",
        to_move=1,
    )
    targets = sorted(m.target for m in state.legal_moves() if m.source == "b4")
    assert targets == ["a4", "b1", "b2", "b3", "b5", "b6", "b7", "c4", "d4", "e4", "f4", "g4"]
    state.apply("b4-f4")
    assert state.piece_at("f4") is Piece.KING and state.piece_at("d4") is None
    assert not state.is_over


# -- custodial capture --------------------------------------------------------------


def test_custodial_capture_is_made_by_the_mover() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . K . .",
        ". . . . . . .",
        ". . . . . . .",
        ". t T . . . .",
        ". . . . . . .",
        ". . . t . . .",
    )
    state.apply("d1-d3")
    assert state.piece_at("c3") is None
    assert state.to_record().moves == ("d1-d3xc3",)


def test_one_move_can_capture_three_and_cross_the_empty_throne() -> None:
    state = setup(
        ". . . t . . .",
        ". . . T . . .",
        ". t T . T t .",
        ". . . . . . .",
        ". . . . . . .",
        ". K . . . . .",
        ". . . t . . .",
    )
    state.apply("d1-d5")
    assert [state.piece_at(s) for s in ("c5", "e5", "d6")] == [None, None, None]
    assert state.to_record().moves == ("d1-d5xc5/d6/e5",)
    again = setup(
        ". . . t . . .",
        ". . . T . . .",
        ". t T . T t .",
        ". . . . . . .",
        ". . . . . . .",
        ". K . . . . .",
        ". . . t . . .",
    )
    again.apply("d1-d5xe5xc5xd6")  # any order, either separator
    assert again.position() == state.position()


def test_no_capture_on_a_diagonal() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . K . .",
        ". . . . . . .",
        ". t . . . . .",
        ". . T . . . .",
        ". . . . . . .",
        ". . . t . . .",
    )
    state.apply("d1-d2")
    assert state.piece_at("c3") is Piece.DEFENDER


def test_moving_between_two_enemies_is_safe() -> None:
    state = setup(
        ". . . . . . .",
        ". . T . K . .",
        ". . . . . . .",
        ". . . . . . .",
        ". t . t . . .",
        ". . . . . . t",
        ". . . . . . .",
        to_move=1,
    )
    state.apply("c6-c3")
    assert state.piece_at("c3") is Piece.DEFENDER
    state.apply("g2-f2")
    assert state.piece_at("c3") is Piece.DEFENDER


def test_the_empty_throne_is_hostile_to_attackers_and_defenders() -> None:
    state = setup(
        ". . . . . . .",
        ". K . . . . T",
        ". . . t . . .",
        ". . . . T . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . t .",
        to_move=1,
    )
    state.apply("g6-d6")  # d5 between d6 and the empty throne d4
    assert state.piece_at("d5") is None
    state.apply("f1-f4")  # e4 between f4 and the empty throne
    assert state.piece_at("e4") is None


def test_a_throne_with_the_king_on_it_counts_as_the_king() -> None:
    rows = (
        ". . . . . . .",
        "T . . . . . .",
        ". . . t . . .",
        ". . . K T . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . t .",
    )
    state = setup(*rows, to_move=1)
    state.apply("a6-d6")  # the armed King on the throne closes the capture
    assert state.piece_at("d5") is None
    state.apply("f1-f4")  # a defender beside the occupied throne is safe
    assert state.piece_at("e4") is Piece.DEFENDER
    unarmed = setup(*rows, to_move=1, king_armed=False)
    unarmed.apply("a6-d6")
    assert unarmed.piece_at("d5") is Piece.ATTACKER


# -- the armed King -----------------------------------------------------------------


def test_the_king_captures_with_a_defender_and_against_the_throne() -> None:
    rows = (
        ". . . . . . .",
        ". . K . . . .",
        ". . . t . . .",
        ". . . . . . .",
        ". . t . . . .",
        ". . T . . . .",
        ". . . . . . .",
    )
    state = setup(*rows, to_move=1)
    state.apply("c6-c4")  # c3 between the King and the defender on c2
    assert state.piece_at("c3") is None
    state.undo()
    state.apply("c6-d6")  # d5 between the King and the empty throne
    assert state.piece_at("d5") is None
    unarmed = setup(*rows, to_move=1, king_armed=False)
    unarmed.apply("c6-c4")
    assert unarmed.piece_at("c3") is Piece.ATTACKER
    unarmed.undo()
    unarmed.apply("c6-d6")
    assert unarmed.piece_at("d5") is Piece.ATTACKER


def test_a_defender_captures_against_the_king() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . T",
        ". . . . t . .",
        ". . . . K . .",
        ". . . . . . .",
        to_move=1,
    )
    state.apply("g4-e4")
    assert state.piece_at("e3") is None


# -- capturing the King ---------------------------------------------------------------


def test_the_king_is_captured_by_four_attackers() -> None:
    state = setup(
        ". . . . . . .",
        ". . t . . . .",
        ". t K t . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . t . . . .",
    )
    state.apply("c1-c4")
    assert state.outcome is not None
    assert state.outcome.winner == 0
    assert state.outcome.reason == "king captured"
    assert state.king is None
    assert state.to_record().moves == ("c1-c4xc5",)


def test_two_attackers_do_not_capture_the_king_by_default() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". t K . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . t . . .",
    )
    state.apply("d1-d5")
    assert state.piece_at("c5") is Piece.KING
    assert not state.is_over


def test_the_king_beside_the_throne_is_captured_by_three() -> None:
    state = setup(
        ". . . . . . .",
        "t . . . . . .",
        ". . t K t . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    )
    state.apply("a6-d6")
    assert state.outcome is not None and state.outcome.reason == "king captured"


def test_the_king_on_the_throne_needs_all_four() -> None:
    three = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . t . . .",
        ". . t K . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . t . .",
    )
    three.apply("e1-e4")
    assert not three.is_over  # three attackers and an empty square
    four = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . t . . .",
        ". . t K t . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . t . . .",
    )
    four.apply("d1-d3")
    assert four.outcome is not None and four.outcome.winner == 0


def test_the_king_may_move_into_an_enclosure_safely() -> None:
    state = setup(
        ". . . . . . .",
        ". . . t . . .",
        ". . t . t . .",
        ". . . K . . .",
        ". . . . . . .",
        ". . . . . . .",
        "t . . . . . .",
        to_move=1,
    )
    state.apply("d4-d5")
    assert not state.is_over
    state.apply("a1-b1")
    assert not state.is_over and state.piece_at("d5") is Piece.KING


def test_a_weak_king_is_captured_like_any_piece() -> None:
    rows = (
        ". . . t . . .",
        ". . . . . . .",
        ". t K . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    )
    state = setup(*rows, king_captured_by="two")
    state.apply("d7-d5")
    assert state.outcome is not None and state.outcome.reason == "king captured"
    assert state.to_record().moves == ("d7-d5xc5",)
    beside = setup(
        ". . . . . . .",
        "t . . . . . .",
        ". . . K . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        king_captured_by="two",
    )
    beside.apply("a6-d6")  # the King between an attacker and the empty throne
    assert beside.outcome is not None and beside.outcome.winner == 0


# -- winning, check, mate -------------------------------------------------------------


def test_the_king_escapes_on_any_edge_square() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . K . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . t",
        to_move=1,
    )
    assert state.king_has_clear_line and state.escape_lines == 4
    state.apply("c5-c7")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (1, "king escaped")
    assert state.legal_moves() == []


def test_check_counts_clear_lines_only() -> None:
    state = setup(
        ". . t . . . .",
        ". . . . . . .",
        "t . K . . . t",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    )
    assert state.escape_lines == 1  # only down to c1
    assert "check: 1 clear line" in state.render()


def test_corner_escape() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "K . . . . . .",
        "T . . . . . .",
        ". . t . . . .",
        escape="corner",
    )
    assert not state.is_over  # the King on an edge square has not escaped
    with pytest.raises(IllegalMoveError, match="only the king may stop on a corner"):
        state.apply("c1-a1")
    state.apply("c1-b1")
    state.apply("a3-a5")
    assert not state.is_over
    state.apply("b1-c1")
    state.apply("a5-a7")
    assert state.outcome is not None and state.outcome.reason == "king escaped"


def test_an_empty_corner_is_hostile_with_corner_escape() -> None:
    rows = (
        ". . . . . . .",
        ". . . . . . .",
        ". . . . K . .",
        ". . . . . . .",
        ". t . . . . .",
        "T . . . . . .",
        ". . . . . . .",
    )
    corner = setup(*rows, escape="corner")
    corner.apply("b3-a3")  # a2 between a3 and the empty corner a1
    assert corner.piece_at("a2") is None
    edge = setup(*rows)
    edge.apply("b3-a3")
    assert edge.piece_at("a2") is Piece.DEFENDER


def test_corner_escape_counts_lines_to_corners() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "K . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . t .",
        escape="corner",
    )
    assert state.escape_lines == 2
    assert not state.is_over


def test_with_corner_escape_the_king_on_an_edge_cannot_be_enclosed() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        "t . . . . . .",
        "K t . . . . .",
        ". . t . . . .",
        ". . . . . T .",
        ". . . . . . .",
        escape="corner",
    )
    state.apply("c3-a3")  # attackers on a5, b4 and a3; the fourth side is off the board
    assert not state.is_over
    assert state.piece_at("a4") is Piece.KING
    assert state.current_player == 1


def test_an_empty_corner_is_hostile_to_attackers_and_the_armed_king_uses_it() -> None:
    rows = (
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . T . . .",
        "t . . . . . .",
        ". t . K . . .",
    )
    state = setup(*rows, to_move=1, escape="corner")
    state.apply("d1-c1")  # b1 between the King and the empty corner a1
    assert state.piece_at("b1") is None
    assert state.to_record().moves == ("d1-c1xb1",)
    again = setup(*rows, to_move=1, escape="corner")
    again.apply("d3-a3")  # a2 between a defender and the empty corner a1
    assert again.piece_at("a2") is None
    unarmed = setup(*rows, to_move=1, escape="corner", king_armed=False)
    unarmed.apply("d1-c1")
    assert unarmed.piece_at("b1") is Piece.ATTACKER


def test_a_weak_king_is_captured_against_an_empty_corner() -> None:
    state = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". K . . t . .",
        escape="corner",
        king_captured_by="two",
    )
    state.apply("e1-c1")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "king captured")


def test_mate_with_corner_escape_counts_lines_to_corners() -> None:
    rows = (
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . K . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . t .",
    )
    plain = setup(*rows, to_move=1, escape="corner")
    plain.apply("c4-a4")  # a7 and a1 are both open
    assert not plain.is_over and plain.escape_lines == 2
    mate = setup(*rows, to_move=1, escape="corner", mate=True)
    mate.apply("c4-a4")
    assert mate.outcome is not None and mate.outcome.winner == 1
    assert mate.outcome.reason.startswith("mate")
    one = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . K . . . .",
        ". . . . . . .",
        "t . . . . . .",
        ". . . . . . .",
        to_move=1,
        escape="corner",
        mate=True,
    )
    one.apply("c4-a4")  # a7 is open, a2 blocks a1: check, not mate
    assert not one.is_over and one.escape_lines == 1 and one.king_has_clear_line


def test_mate_wins_with_two_clear_lines() -> None:
    rows = (
        ". . . . . . .",
        ". . . . . . .",
        ". . . . K t .",
        ". . . . . . .",
        ". . t . . . .",
        ". . . . . . .",
        ". . . . . . .",
    )
    plain = setup(*rows, to_move=1)
    plain.apply("e5-c5")
    assert not plain.is_over and plain.escape_lines == 2
    mate = setup(*rows, to_move=1, mate=True)
    mate.apply("e5-c5")
    assert mate.outcome is not None and mate.outcome.winner == 1
    assert mate.outcome.reason.startswith("mate")


# -- no moves, repetition -------------------------------------------------------------


def test_a_side_without_a_legal_move_loses() -> None:
    attackers = setup(
        ". . . . . . .",
        ". . . . . . .",
        ". . . . K . .",
        ". . . . . . .",
        ". . . . . . .",
        "T . . . . . .",
        "t . T . . . .",
        to_move=1,
    )
    attackers.apply("c1-b1")
    assert attackers.outcome is not None
    assert (attackers.outcome.winner, attackers.outcome.reason) == (1, "attackers have no legal move")
    defenders = setup(
        "t . . . . . .",
        ". . . . . . .",
        ". . . t . . .",
        ". . t K t . .",
        ". . t T t . .",
        ". . . t . . .",
        ". . . . . . .",
    )
    defenders.apply("a7-b7")
    assert defenders.outcome is not None
    assert (defenders.outcome.winner, defenders.outcome.reason) == (0, "defenders have no legal move")


REPEAT = (
    ". . . . . . .",
    ". . . . . . .",
    ". . K . . . .",
    ". . . . . . .",
    ". . . . . . .",
    ". . . . . t .",
    ". . . . . . .",
)
SHUFFLE = ["f2-f3", "c5-c4", "f3-f2", "c4-c5"]


def test_the_third_repetition_is_a_draw() -> None:
    state = setup(*REPEAT)
    for text in SHUFFLE + SHUFFLE[:3]:
        state.apply(text)
    assert not state.is_over
    state.apply(SHUFFLE[3])
    assert state.outcome is not None
    assert state.outcome.is_draw and state.outcome.reason == "the same position came 3 times"
    state.undo()
    assert not state.is_over


def test_repetition_counts_a_position_only_with_the_same_player_to_move() -> None:
    # The attacker cycles over three squares and the King over two, so each board
    # comes back first with the other side to move; only after 12 plies does the
    # start position return with the attackers to move.
    state = setup(*REPEAT, repetition=2)
    attacker = ["f2-f3", "f3-f4", "f4-f2"]
    king = ["c5-c4", "c4-c5"]
    for ply in range(12):
        assert not state.is_over, ply
        state.apply(attacker[(ply // 2) % 3] if ply % 2 == 0 else king[(ply // 2) % 2])
    assert state.position() == diagram(*REPEAT) and state.current_player is None
    assert state.outcome is not None
    assert state.outcome.is_draw and state.outcome.reason == "the same position came 2 times"


@pytest.mark.parametrize(("repetition", "ends_after"), [(2, 4), (4, 12), (None, None)])
def test_repetition_option(repetition: int | None, ends_after: int | None) -> None:
    state = setup(*REPEAT, repetition=repetition)
    for ply in range(1, 17):
        state.apply(SHUFFLE[(ply - 1) % 4])
        if state.is_over:
            break
    assert (ply if state.is_over else None) == ends_after


def test_first_option() -> None:
    assert Tafl("brandubh").new_game(seed=0).current_player == 0
    state = Tafl("brandubh", first=1).new_game(seed=0)
    assert state.current_player == 1
    assert all(state.piece_at(m.source) in (Piece.DEFENDER, Piece.KING) for m in state.legal_moves())


# -- layouts and options --------------------------------------------------------------


SIZES = {
    "brandubh": 7,
    "ard-ri": 7,
    "tablut": 9,
    "hnefatafl": 11,
    "tawlbwrdd": 11,
    "toftanes": 13,
    "alea-evangelii": 19,
    "copenhagen": 11,
    "fetlar": 11,
    "federation-brandubh": 7,
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_layouts(variant: str) -> None:
    state = Tafl(variant).new_game(seed=0)
    assert state.position() == VARIANTS[variant]
    assert state.size == SIZES[variant]
    middle = square_name(SIZES[variant] // 2, SIZES[variant], SIZES[variant] // 2)
    assert state.king == middle
    attackers = len(state.squares(Piece.ATTACKER))
    defenders = len(state.squares(Piece.DEFENDER))
    assert attackers == 2 * defenders


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"variant": "brandubh", "escape": "corner", "mate": True},
    {"variant": "tablut", "king_armed": False, "king_captured_by": "two", "repetition": None, "first": 1},
    {"layout": "/1t1t1/5/t1K1t/5/1t1t1/", "repetition": 2},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_option_values_reload_to_an_equal_game(options: dict[str, Any]) -> None:
    game = Tafl(**options)
    values = game.option_values()
    assert json.loads(json.dumps(values)) == values
    assert load("tafl", **values) == game
    assert Tafl.name == "tafl" and game.name == "tafl"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "chess"}, "unknown tafl variant 'chess'"),
        ({"escape": "side"}, "escape must be 'edge' or 'corner', not 'side'"),
        ({"mate": "yes"}, "mate must be True or False, not 'yes'"),
        ({"king_armed": 1}, "king_armed must be True or False, not 1"),
        (
            {"king_captured_by": "three"},
            "king_captured_by must be 'four' or 'two' or 'throne' or 'middleweight', not 'three'",
        ),
        ({"repetition": 1}, "repetition must be an integer of at least 2"),
        ({"repetition": True}, "repetition must be an integer of at least 2"),
        ({"first": 2}, "first must be 0 (attackers) or 1 (defenders), not 2"),
        ({"first": True}, "first must be 0"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"variant": "custom"}, "variant 'custom' needs a layout"),
        ({"variant": "tablut", "layout": "/3/1K1/3/"}, "give either a variant or a layout"),
        ({"layout": "/4/4/1K2/4/"}, "the board has 4 rows"),
        ({"layout": "/5/5/5/5/5/"}, "exactly one king (K), not 0"),
        ({"layout": "/K4/5/2K2/5/5/"}, "exactly one king (K), not 2"),
        ({"layout": "/5/5/2K1x/5/5/"}, "unknown piece letter 'x' in row 3"),
        ({"layout": "/5/5/2K2/6/5/"}, "row 4 is 6 squares long"),
        ({"layout": "/5/5/2T2/1K3/5/"}, "only the king may stand on the throne"),
        ({"layout": "/t4/5/2K2/5/5/", "escape": "corner"}, "only the king may stand on a corner"),
        ({"layout": 7}, "layout must be OpenTafl position text"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Tafl(**options)


def test_custom_layout_plays() -> None:
    game = Tafl(layout="1t1t1/5/t1K1t/5/1t1t1")
    assert game.options.layout == "/1t1t1/5/t1K1t/5/1t1t1/"
    state = game.new_game(seed=0)
    assert state.size == 5 and state.piece_at("c3") is Piece.KING


# -- positions, notation, records -----------------------------------------------------


def test_position_text_starts_at_rank_1() -> None:
    # RULINGS.md, "Row order": the first row written is rank 1 (the bottom row).
    text = "/t5T/7/7/3K3/7/7/7/"
    state = Tafl("brandubh").from_position(position=text, to_move=0, seed=0)
    assert state.piece_at("a1") is Piece.ATTACKER and state.piece_at("g1") is Piece.DEFENDER
    assert state.piece_at("a7") is None and state.piece_at("g7") is None
    assert state.position() == text
    assert state.render().splitlines()[-4].startswith("1 t . . . . . T")
    state.apply("a1-a7")
    assert state.position() == "/6T/7/7/3K3/7/7/t6/"
    assert read_position(text)[0] == ("attacker", None, None, None, None, None, "defender")
    assert write_position(read_position(text)) == text
    start = Tafl(layout="/t5T/7/7/3K3/7/7/7/").new_game(seed=0)
    assert start.piece_at("a1") is Piece.ATTACKER and start.position() == text


def test_from_position_round_trips_and_replays() -> None:
    text = diagram(
        ". . . . . . .",
        ". . . . K . .",
        ". . . . . . .",
        ". . . . . . .",
        ". t T . . . .",
        ". . . . . . .",
        ". . . t . . .",
    )
    state = Tafl("brandubh").from_position(position=text, to_move=0, seed=5)
    assert state.position() == text
    # The game keeps its rule set (issue 41); the position is the record's setup.
    assert state.game == Tafl("brandubh") and state.to_record().setup == {"position": text, "to_move": 0}
    state.apply("d1-d3")
    again = GameRecord.from_json(state.to_record().to_json()).replay()
    assert again == state


@pytest.mark.parametrize(
    ("text", "to_move", "error"),
    [
        ("/3/1K1/3/", 2, OptionError),
        ("/3/1K1/3/", True, OptionError),
        ("/3/3/3/", 0, NotationError),
        ("/3/1K1/", 0, NotationError),
        ("/3/1Kq/3/", 0, NotationError),
        (5, 0, NotationError),
    ],
)
def test_from_position_refuses_bad_input(text: Any, to_move: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        Tafl("brandubh").from_position(position=text, to_move=to_move)


def test_move_notation_round_trip_and_garbage() -> None:
    game = Tafl("hnefatafl")
    state = game.new_game(seed=0)
    for move in state.legal_moves():
        assert game.parse_move(str(move)) == move
    assert str(Move("d1", "d4")) == "d1-d4"
    garbage = ["", "d1", "d1-", "d1d4", "d1-d4x", "d1-d4xd", "l1-l4", "a0-a3", "a1-a12", "a1-a3xb2xb2", "D1-D4"]
    for bad in [*garbage, 5, None]:
        with pytest.raises(NotationError):
            game.parse_move(bad)  # type: ignore[arg-type]


def test_capture_suffix_is_checked_when_played() -> None:
    rows = (
        ". . . . . . .",
        ". . . . K . .",
        ". . . . . . .",
        ". . . . . . .",
        ". t T . . . .",
        ". . . . . . .",
        ". . . t . . .",
    )
    state = setup(*rows)
    before = state.position()
    with pytest.raises(IllegalMoveError, match="claims it captures c2, but it captures c3"):
        state.apply("d1-d3xc2")
    with pytest.raises(IllegalMoveError, match="claims it captures c3, but it captures nothing"):
        state.apply("d1-d2xc3")
    assert state.position() == before
    assert not state.history
    state.apply("d1-d3xc3")
    assert state.history == (Move("d1", "d3"),)


def test_records_carry_captures_and_replay() -> None:
    captures = 0
    for seed in range(8):
        state = Tafl("tablut").new_game(seed=seed)
        state.playout(max_plies=200, rng=Random(seed))
        record = state.to_record()
        captures += sum("x" in m for m in record.moves)
        assert GameRecord.from_json(record.to_json()).replay() == state
    assert captures > 0


def test_piece_at_names_squares_from_the_bottom_left() -> None:
    state = Tafl("tablut").new_game(seed=0)
    assert state.piece_at("e1") is Piece.ATTACKER
    assert state.piece_at("e5") is Piece.KING
    assert state.piece_at("a1") is None
    assert state.squares(Piece.KING) == ["e5"]
    for bad in ["j1", "a10", "e0", "5e", ""]:
        with pytest.raises(NotationError):
            state.piece_at(bad)


def test_render_and_picture() -> None:
    state = Tafl("hnefatafl").new_game(seed=0)
    lines = state.render().splitlines()
    assert lines[0] == lines[-3] == "   a b c d e f g h i j k"
    assert lines[-2] == "key: t attacker, T defender, K king, + empty restricted square (throne), . empty"
    assert lines[1] == "11 . . . t t t t t . . . 11"
    assert lines[6] == " 6 t t . T T K T T . t t 6"
    assert lines[-1] == "attackers to move"
    picture = svg(state)
    assert picture.count("<rect") == 121 and picture.count("<polygon") == 2  # the King's crown, and his key's
    squares = re.findall(r'<g data-cell="[a-k][0-9]+">(.*?)</g>', picture)
    assert len(squares) == 121 and not any("<text" in square for square in squares)  # pieces drawn, not written
    assert picture.count('fill="#b9a27a"') == 2  # the throne, and its line of the key
    corner = Tafl("brandubh", escape="corner").new_game(seed=0)
    assert corner.render().splitlines()[1] == "7 + . . t . . + 7"


def test_picture_draws_pieces_not_glyphs() -> None:
    """Issue 27: one piece element per piece (a disc, the King's crowned), no text glyphs."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    state = Tafl("brandubh").from_position(position="/7/7/7/3K3/tT5/7/2t4/", to_move=0)
    state.apply("c7-c5")  # takes b5
    squares = re.findall(r'<g data-cell="[a-g][0-9]">(.*?)</g>', svg(state))
    assert state.piece_at("b5") is None and sum("<circle" in square for square in squares) == 3
    for position in [Tafl("brandubh").new_game(seed=0), Tafl("hnefatafl").new_game(seed=0), state]:
        picture = svg(position)
        assert not any(glyph in picture for glyph in "\u25cf\u25cb\u2654\u2656\u265a")
        root = ET.fromstring(picture)
        board: dict[str, list[str]] = {}
        cells = [g for g in root.iter(f"{ns}g") if "data-cell" in g.attrib]  # a piece is a group inside its cell's
        for group in cells:
            board[group.attrib["data-cell"]] = [c.tag.removeprefix(ns) for c in group.iter() if c.tag != f"{ns}g"]
        expected = {}
        for name in board:
            piece = position.piece_at(name)
            if piece is not None:
                expected[name] = ["rect", "circle", "polygon"] if piece is Piece.KING else ["rect", "circle"]
        assert {name: tags for name, tags in board.items() if tags != ["rect"]} == expected
        drawn = {g.attrib["data-cell"]: [c for c in g.iter() if c.tag != f"{ns}g"] for g in cells}
        fills = {name: [c.attrib.get("fill") for c in shapes][1:] for name, shapes in drawn.items()}
        for name, piece in ((n, position.piece_at(n)) for n in expected):
            assert fills[name][0] == ("#222222" if piece is Piece.ATTACKER else "#f5f5f5")
        # The key shows the three pieces, drawn the same way, beside their names.
        marked = [e for e in root if e.attrib.get("class") == "key"]  # a piece beside its name: a group of its shapes
        key = [(c.tag.removeprefix(ns), c.attrib.get("fill")) for e in marked for c in e.iter() if c.tag != f"{ns}g"]
        assert ("circle", "#222222") in key and key.count(("circle", "#f5f5f5")) == 2
        assert key.count(("polygon", "#f9a825")) == 1  # the King's crown
        texts = [t.text for t in root.iter(f"{ns}text")]
        assert {"attacker (t)", "defender (T)", "king (K)"} <= set(texts)


def test_evaluate_is_bounded_and_zero_sum() -> None:
    state = Tafl("tablut").new_game(seed=2)
    rng = Random(9)
    while not state.is_over:
        for player in (0, 1):
            assert -1.0 <= state.evaluate(player) <= 1.0
        assert state.evaluate(0) == -state.evaluate(1)
        state.apply(state.random_move(rng))
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is not None:
        assert state.evaluate(outcome.winner) == 1.0


# -- the fast path agrees with the rules ----------------------------------------------


def _codes(state: TaflState) -> list[int]:
    n = state.size
    code = {None: 0, Piece.ATTACKER: 1, Piece.DEFENDER: 2, Piece.KING: 3}
    return [code[state.piece_at(square_name(i % n, n, i // n))] for i in range(n * n)]


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("brandubh", {}),
        ("tablut", {"escape": "corner"}),
        ("hnefatafl", {"king_captured_by": "two"}),
        ("ard-ri", {"king_armed": False}),
    ],
)
def test_inlined_capture_agrees_with_the_capture_primitives(variant: str, options: dict[str, Any]) -> None:
    game = Tafl(variant, **options)
    board = game.board
    compiled = board.compiled
    n = game.size
    throne = (n // 2) * n + n // 2
    corners = {0, n - 1, n * n - n, n * n - 1}
    hostile = {throne} | (corners if options.get("escape") == "corner" else set())
    weak = options.get("king_captured_by") == "two"
    armed = options.get("king_armed", True)
    rng = Random(17)
    for seed in range(6):
        state = game.new_game(seed=seed)
        while not state.is_over:
            move = state.random_move(rng)
            cells = _codes(state)
            src = board.index(_cell(move.source, n))
            dst = board.index(_cell(move.target, n))
            piece = cells[src]
            cells[src], cells[dst] = 0, piece
            if piece == 1:
                expected = custodial(
                    compiled, cells, dst, enemies={2, 3} if weak else {2}, friends={1}, hostile=hostile, empty=0
                )
                king = cells.index(3) if 3 in cells else -1
                if (
                    not weak
                    and king in compiled.neighbors[dst]
                    and enclosed(compiled, cells, king, enemies={1}, hostile={throne}, empty=0)
                ):
                    expected.append(king)
            elif piece == 2 or armed:
                expected = custodial(
                    compiled, cells, dst, enemies={1}, friends={2, 3} if armed else {2}, hostile=hostile, empty=0
                )
            else:
                expected = []
            state.apply(move)
            after = _codes(state)
            lost = sorted(i for i in range(n * n) if cells[i] and not after[i])
            assert lost == sorted(expected), (str(move), state.position())


def _cell(name: str, n: int) -> tuple[int, int]:
    from boardkit.games.tafl import parse_square

    return parse_square(name, n)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_counted_moves_match_listed_moves(variant: str) -> None:
    game = Tafl(variant, escape="corner" if variant == "tablut" else "edge")
    rng = Random(3)
    for seed in range(2):
        state = game.new_game(seed=seed)
        start = state.copy()
        while not state.is_over and len(state.history) < 150:
            legal = state.legal_moves()
            assert state.count_moves() == len(legal)
            move = state.random_move(rng)
            assert move in legal
            state.apply(move)
        while state.history:
            state.undo()
        assert state == start


def test_playout_undoes_exactly() -> None:
    state = Tafl("tawlbwrdd").new_game(seed=1)
    start = state.copy()
    played = state.playout(max_plies=300, rng=Random(2))
    assert played == len(state.history) > 0
    for _ in range(played):
        state.undo()
    assert state.snapshot() == start.snapshot()


@pytest.mark.parametrize("bad", [-1, 2.5, True, "9"])
def test_playout_refuses_a_bad_ply_limit(bad: Any) -> None:
    state = Tafl("brandubh").new_game(seed=0)
    with pytest.raises(OptionError, match="max_plies must be a non-negative integer or None"):
        state.playout(max_plies=bad)
    assert state.history == () and state.playout(max_plies=0) == 0


def test_random_move_after_the_end_is_refused() -> None:
    state = setup(*REPEAT, repetition=2)
    for text in SHUFFLE:
        state.apply(text)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.random_move()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply("f2-f3")


# -- conformance ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_conformance(variant: str) -> None:
    report = check_game(Tafl(variant), games=2, seed=1, max_moves=40 if variant == "alea-evangelii" else 80, sample=3)
    assert report.games == 2


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "brandubh", "escape": "corner", "mate": True},
        {"variant": "brandubh", "king_captured_by": "two", "king_armed": False, "first": 1},
        {"variant": "brandubh", "repetition": 2},
        {"layout": "/1t1t1/5/t1K1t/5/1t1t1/"},
    ],
)
def test_conformance_with_options(options: dict[str, Any]) -> None:
    report = check_game(Tafl(**options), games=3, seed=2, max_moves=120, sample=3)
    assert report.games == 3


def test_legal_entries_reads_any_sequence_and_moves_hash_as_they_compare() -> None:
    """legal_entries takes any sequence (rl's tables are lists; a tuple or a range must give the
    same), and the cached hash of a move agrees with equality, which ignores claimed captures."""
    game = Tafl("copenhagen")
    state = game.new_game(seed=4)
    index = game.tables().index
    for _ in range(30):
        cells = state.size**2
        numbers = state.legal_entries(range(cells * cells))
        assert state.legal_entries(tuple(range(cells * cells))) == numbers
        assert [divmod(k, cells) for k in numbers] == [
            (index[m.source], index[m.target]) for m in state.legal_moves()
        ]
        state.apply(state.random_move(Random(len(state.history))))
    claimed = Move.parse("d1-d4xd5")
    assert claimed == Move("d1", "d4") and hash(claimed) == hash(Move("d1", "d4"))
    assert {Move("d1", "d4"): 1}[claimed] == 1


def test_bots_weigh_a_corner_escape_with_no_corners() -> None:
    """issue 40 (an attack): escape='corner' with corners='' (no square to escape to, a rule set the oracle
    plays) made every evaluating bot divide by zero, and the server's hint answer a 500."""
    from boardkit.agents import AlphaBetaAgent, GreedyAgent
    from boardkit.play import play_game

    game = Tafl("brandubh", escape="corner", corners="")
    record = play_game(game, [GreedyAgent(seed=1), AlphaBetaAgent(depth=2, seed=2)], seed=3, max_moves=30)
    assert len(record.moves) > 0
