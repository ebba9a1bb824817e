"""The rule sets played today (RULINGS.md): one test per rule, each on a lopsided position."""

from __future__ import annotations

from typing import Any

import pytest

from boardkit import GameRecord, IllegalMoveError
from boardkit.games.tafl import RULE_SETS, Piece, Tafl, TaflState
from boardkit.games.tafl.setup import as_layout


def board(*rows: str) -> str:
    """OpenTafl text from rows drawn top row first ('.' empty); OpenTafl writes rank 1 first."""
    out = []
    for row in reversed(rows):
        text, run = "", 0
        for ch in row.replace(" ", ""):
            if ch == ".":
                run += 1
                continue
            text += (str(run) if run else "") + ch
            run = 0
        out.append(text + (str(run) if run else ""))
    return "/" + "/".join(out) + "/"


EMPTY11 = ". . . . . . . . . . ."


def eleven(rows: dict[int, str], to_move: int = 0, variant: str = "copenhagen", **options: Any) -> TaflState:
    """An 11x11 position: ``rows`` maps a rank to its drawing; the rest are empty."""
    drawn = [rows.get(rank, EMPTY11) for rank in range(11, 0, -1)]
    return Tafl(variant, **options).from_position(position=board(*drawn), to_move=to_move, seed=0)


def reason(state: TaflState) -> str | None:
    return None if state.outcome is None else state.outcome.reason


def test_rule_sets_are_presets_that_options_override() -> None:
    assert Tafl("copenhagen").options.shieldwall and not Tafl("fetlar").options.shieldwall
    assert Tafl("copenhagen", shieldwall=False).options.shieldwall is False
    assert Tafl("copenhagen").options.shieldwall_close == "onto-edge"  # RULINGS.md, corrected
    assert Tafl("copenhagen", shieldwall_close="along-edge").options.shieldwall_close == "along-edge"
    assert Tafl("hnefatafl", shieldwall=True).options.shieldwall_close == "along-edge"  # the option's own default
    assert Tafl("federation-brandubh").options.king_captured_by == "throne"
    assert set(RULE_SETS) == {"copenhagen", "fetlar", "federation-brandubh"}
    assert Tafl("fetlar").new_game(seed=0).position() == Tafl("hnefatafl").new_game(seed=0).position()


def test_restricted_corners_only_the_king_stops_there() -> None:
    state = eleven({1: ". . t . . . . . . . .", 6: ". . . . . . . K . . ."})
    with pytest.raises(IllegalMoveError, match="only the king may stop on a corner"):
        state.apply("c1-a1")
    state.apply("c1-c2")
    state.apply("h6-h11")
    state.apply("c2-c3")
    state.apply("h11-k11")
    assert reason(state) == "king escaped"


def test_hostile_corner_captures_every_piece() -> None:
    state = eleven({1: ". T . . t . . . . . .", 6: ". . . . . . . K . . ."})
    state.apply("e1-c1")
    assert state.last_captured == ("b1",) and state.piece_at("b1") is None


@pytest.mark.parametrize(("king", "taken"), [("e2", ("f7",)), ("f6", ())])
def test_hostile_throne_to_defenders_only_while_empty(king: str, taken: tuple[str, ...]) -> None:
    rows = {9: ". . . . . t . . . . .", 7: ". . . . . T . . . . ."}
    rows[6] = ". . . . . K . . . . ." if king == "f6" else EMPTY11
    rows[2] = ". . . . K . . . . . ." if king == "e2" else EMPTY11
    state = eleven(rows)
    state.apply("f9-f8")
    assert state.last_captured == taken


def test_hostile_throne_to_attackers() -> None:
    state = eleven({5: ". . . . . t . . . . .", 4: ". . . . . . . . T . .", 2: ". . . . K . . . . . ."}, to_move=1)
    state.apply("i4-f4")
    assert state.last_captured == ("f5",)


def test_shieldwall_closed_by_a_move_along_the_edge() -> None:
    state = eleven({1: ". . t T T . . t . . .", 2: ". . . t t . . . . . .", 6: ". . . . . K . . . . ."})
    state.apply("h1-f1")
    assert state.last_captured == ("d1", "e1")


def test_shieldwall_closed_from_inside_the_board_unless_along_edge_is_asked() -> None:
    rows = {
        1: ". . t T T . . . . . .",
        2: ". . . t t . . . . . .",
        4: ". . . . . t . . . . .",
        6: ". . . . . K . . . . .",
    }
    ruling = eleven(rows)
    ruling.apply("f4-f1")
    assert ruling.last_captured == ("d1", "e1")
    along = eleven(rows, shieldwall_close="along-edge")
    along.apply("f4-f1")
    assert along.last_captured == ()
    assert along.game.options.shieldwall_close == "along-edge"  # kept through from_position's custom layout


@pytest.mark.parametrize("close", ["along-edge", "onto-edge"])
def test_records_keep_the_shieldwall_closing_they_were_played_with(close: str) -> None:
    # A record stores every option, so one written while Copenhagen's default
    # was "along-edge" still says so and replays under it.
    state = Tafl("copenhagen", shieldwall_close=close).new_game(seed=0)
    state.apply("d1-d3")
    record = GameRecord.from_json(state.to_record().to_json())
    assert record.options["shieldwall_close"] == close
    assert record.replay().game.options.shieldwall_close == close
    assert record.replay().game == state.game


def test_shieldwall_corner_closes_the_far_end() -> None:
    # Attackers on b1 and c1, faced by a defender and the King: the defenders close the row at d1.
    state = eleven({1: ". t t . . . T . . . .", 2: ". T K . . . . . . . .", 6: ". . . . . . . . . . t"}, to_move=1)
    state.apply("g1-d1")
    assert state.last_captured == ("b1", "c1")


def test_shieldwall_spares_the_king_in_the_row() -> None:
    state = eleven({1: ". . t T K . . t . . .", 2: ". . . t t . . . . . ."})
    state.apply("h1-f1")
    assert state.last_captured == ("d1",) and state.piece_at("e1") is Piece.KING


def test_exit_fort_wins_for_the_defenders() -> None:
    rows = {
        1: ". . . T K . . . . . .",
        2: ". . . T T T . . . . .",
        3: ". . . . . . T . . . .",
        6: "t . . . . . . . . . t",
    }
    state = eleven(rows, to_move=1)
    state.apply("g3-g1")
    assert reason(state) == "exit fort" and state.outcome is not None and state.outcome.winners == {1}


def test_exit_fort_that_can_be_broken_does_not_win() -> None:
    # The fort's inside is e1 and e2; its wall piece on e3 has open squares on both sides (d3, f3).
    rows = {
        1: ". . . T K T . . . . .",
        2: ". . . T . T . . . . .",
        3: ". . . . . . . T . . .",
        6: "t . . . . . . . . . t",
    }
    state = eleven(rows, to_move=1)
    state.apply("h3-e3")
    assert state.piece_at("e3") is Piece.DEFENDER and state.outcome is None


def test_exit_fort_wall_backed_by_a_defender_outside_it_wins() -> None:
    # As above, with an attacker on d3; the defender arriving on f3 is not next to the
    # inside, but with it there e3 can never be taken, nor f3 itself (e3 and f2 guard it).
    rows = {
        1: ". . . T K T . . . . .",
        2: ". . . T . T . . . . .",
        3: ". . . t T . . . T . .",
        6: "t . . . . . . . . . t",
    }
    state = eleven(rows, to_move=1)
    assert state.outcome is None
    state.apply("i3-f3")
    assert reason(state) == "exit fort" and state.outcome is not None and state.outcome.winners == {1}


def test_exit_fort_needs_a_king_who_can_move_and_no_attacker_inside() -> None:
    shut = eleven(
        {
            1: ". . . T K T . . . . .",
            2: ". . . . T . . . . . .",
            4: ". . . . . . T . . . .",
            6: "t . . . . . . . . . t",
        },
        to_move=1,
    )
    shut.apply("g4-g3")
    assert shut.outcome is None
    inside = {
        1: ". . . T K . . . . . .",
        2: ". . . T T t T . . . .",
        3: ". . . . . T . . . . .",
        4: ". . . . . . T . . . .",
    }
    state = eleven({**inside, 6: "t . . . . . . . . . t"}, to_move=1)
    state.apply("g4-g3")
    assert state.outcome is None


def test_encirclement_wins_for_the_attackers() -> None:
    state = Tafl("federation-brandubh").from_position(position="/3t3/7/2t1t2/1t1K1t1/2t1t2/3t3/7/", to_move=0, seed=0)
    state.apply("d1-d2")
    assert reason(state) == "encirclement: no defender can reach the edge"
    assert state.outcome is not None and state.outcome.winners == {0}


def test_encirclement_needs_every_defender_shut_in() -> None:
    state = Tafl("federation-brandubh").from_position(position="/3t3/6T/2t1t2/1t1K1t1/2t1t2/3t3/7/", to_move=0, seed=0)
    state.apply("d1-d2")
    assert state.outcome is None


def test_copenhagen_king_never_captured_on_the_edge() -> None:
    rows = {
        1: ". . . t K . . . . . .",
        2: ". . . . t . . . . . .",
        3: ". . . . . t . . . . .",
        6: "T . . . . . . . . . .",
    }
    state = eleven(rows)
    state.apply("f3-f1")
    assert state.king == "e1" and state.outcome is None


def test_copenhagen_king_beside_the_throne_taken_by_three() -> None:
    state = eleven({7: ". . . . . . t . . . .", 6: ". . . . . . K t . . .", 5: ". . . . . . . . t . ."})
    state.apply("i5-g5")
    assert reason(state) == "king captured"


def test_federation_brandubh_king_strong_only_at_the_throne() -> None:
    away = "/7/7/2t4/7/tK5/7/7/"  # King on b5, attackers on a5 and c3
    weak = Tafl("federation-brandubh").from_position(position=away, to_move=0, seed=0)
    weak.apply("c3-c5")
    assert reason(weak) == "king captured"
    strong = as_layout(Tafl("fetlar"), away, 0).new_game(seed=0)  # fetlar's rules on a 7x7 board
    strong.apply("c3-c5")
    assert strong.outcome is None
    edge = Tafl("federation-brandubh").from_position(position="/7/7/2t4/K6/t6/7/7/", to_move=0, seed=0)
    edge.apply("c3-a3")  # the King on a4, an edge square, taken by two
    assert reason(edge) == "king captured"
    two_beside = Tafl("federation-brandubh").from_position(position="/7/7/4t2/7/2tK3/7/7/", to_move=0, seed=0)
    two_beside.apply("e3-e5")
    assert two_beside.outcome is None and two_beside.king == "d5"
    three_beside = Tafl("federation-brandubh").from_position(position="/7/7/7/7/2tKt2/7/3t3/", to_move=0, seed=0)
    three_beside.apply("d7-d6")  # three attackers and the empty throne
    assert reason(three_beside) == "king captured"


def shuffle(variant: str, **options: Any) -> TaflState:
    """Attackers and King step back and forth until the start comes a third time."""
    state = eleven({10: ". t . . . . . . . . .", 6: ". . . . . K . . . . ."}, variant=variant, **options)
    for _ in range(2):
        for move in ("b10-b9", "f6-f7", "b9-b10", "f7-f6"):
            assert state.outcome is None
            state.apply(move)
    return state


def test_copenhagen_repetition_loses_for_the_defenders() -> None:
    state = shuffle("copenhagen")
    assert state.outcome is not None and state.outcome.winners == {0}


def test_fetlar_repetition_is_a_draw() -> None:
    state = shuffle("fetlar")
    assert state.outcome is not None and state.outcome.winners == frozenset()


@pytest.mark.parametrize(("result", "winner"), [("repeater-loses", 0), ("repeater-wins", 1), ("draw", None)])
def test_repetition_result_options(result: str, winner: int | None) -> None:
    state = shuffle("fetlar", repetition_result=result)  # the defenders made the third repetition
    assert state.outcome is not None
    assert state.outcome.winners == (frozenset() if winner is None else {winner})


@pytest.mark.parametrize("variant", ["copenhagen", "fetlar", "federation-brandubh"])
def test_no_legal_move_loses(variant: str) -> None:
    if variant == "federation-brandubh":
        text = "/1tT4/1T5/7/7/7/5K1/7/"
        move = "f6-f7"
    else:
        text = board(
            *[EMPTY11] * 5, ". . . . . K . . . . .", *[EMPTY11] * 3, ". T . . . . . . . . .", ". t T . . . . . . . ."
        )
        move = "f6-f7"
    state = Tafl(variant).from_position(position=text, to_move=1, seed=0)
    state.apply(move)
    assert reason(state) == "attackers have no legal move"
