"""The Game of 5 Fields: one test per rule and ruling, on constructed positions."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

import pytest

from boardkit import IllegalMoveError, NotationError, OptionError, Random
from boardkit.games import load
from boardkit.games.five_fields import (
    BOARD,
    BuildCity,
    BuildField,
    Castle,
    End,
    Explore,
    FiveFields,
    FiveFieldsState,
    Hex,
    Move,
    Pass,
    Pawn,
    PawnMove,
    RegeneratePrince,
    RegenerateQueen,
    Reveal,
    Step,
    Terrain,
    parse_move,
)
from boardkit.games.five_fields.board import format_hex
from boardkit.record import GameRecord
from boardkit.render import svg
from boardkit.testing import check_game

P, M, S = Terrain.PLAIN, Terrain.MOUNTAIN, Terrain.SEA
CELLS: list[Hex] = [(int(c[0]), int(c[1])) for c in BOARD.cells]  # type: ignore[index]
MAP = "PSP/MSSM/PSPSP/MSSM/PMP"


def pieces(text: str) -> list[tuple[int, Pawn]]:
    """``"Q0P0"`` -> Queen and Prince of player 0."""
    kinds = {"Q": Pawn.QUEEN, "P": Pawn.PRINCE}
    return [(int(text[i + 1]), kinds[text[i]]) for i in range(0, len(text), 2)]


def setup(
    pawns: Mapping[Hex, str],
    *,
    terrain: Mapping[Hex, Terrain] | None = None,
    base: Terrain = P,
    fields: Mapping[Hex, int] | None = None,
    cities: Mapping[Hex, int] | None = None,
    to_move: int = 0,
    blank: bool = False,
    hidden: tuple[Hex, ...] = (),
    over: bool = False,
    princes_lost: tuple[int, int] = (0, 0),
) -> FiveFieldsState:
    land = dict.fromkeys(CELLS, base)
    land.update(terrain or {})
    for cell in hidden:
        del land[cell]
    game = FiveFields(blank_map=blank)
    state = game.from_position(
        terrain=land,
        pawns={cell: pieces(text) for cell, text in pawns.items()},
        fields=fields or {},
        cities=cities or {},
        to_move=to_move,
        princes_lost=princes_lost,
    )
    assert state.is_over == over
    return state


def targets(state: FiveFieldsState, pawn: Pawn, source: Hex) -> set[Hex]:
    return {
        m.target for m in state.legal_moves() if isinstance(m, PawnMove) and m.pawn is pawn and m.source == source
    }


def refusal(state: FiveFieldsState, move: str) -> str:
    before = state.snapshot()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert state.snapshot() == before
    return info.value.reason


def disk(center: Hex, radius: int) -> set[Hex]:
    return set(BOARD.disk(center, radius))


# -- the map ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_start_hexes_and_terrain_counts(seed: int) -> None:
    state = FiveFields().new_game(seed=seed)
    assert state.queen(0) == (0, 2)
    assert state.queen(1) == (0, -2)
    assert state.princes(0) == ((0, 1), (1, 1), (-1, 2))
    assert state.princes(1) == ((1, -2), (-1, -1), (0, -1))
    assert state.terrain((0, 2)) is P
    assert state.terrain((0, -2)) is P
    assert Counter(state.terrain(c) for c in CELLS) == Counter({P: 7, M: 5, S: 7})
    assert state.current_player == 0


def test_random_map_follows_the_seed() -> None:
    def layout(seed: int) -> list[Terrain | None]:
        state = FiveFields().new_game(seed=seed)
        return [state.terrain(c) for c in CELLS]

    assert layout(5) == layout(5)
    assert len({tuple(layout(s)) for s in range(8)}) == 8


def test_fixed_map_and_its_round_trip_through_the_registry() -> None:
    game = FiveFields(map="psp msSm PSPSP MSSM PMP")
    assert game.options.map == MAP
    state = game.new_game(seed=1)
    assert [state.terrain(c) for c in CELLS[:4]] == [P, S, P, M]
    assert load("five-fields", **game.option_values()) == game
    by_mapping = FiveFields(map={cell: state.terrain(cell).value for cell in CELLS})  # type: ignore[union-attr]
    assert by_mapping == game


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("PSP/MSSM/PSPSP/MSSM/PM", "19 letters"),
        ("PSP/MSSM/PSPSP/MSSM/PMX", "'X'"),
        ("PSS/MSSM/PSPSP/MSSM/PMP", "7 plains, 5 mountains and 7 seas, not 6, 5 and 8"),
        ("MSP/PSSM/PSPSP/MSSM/PMP", "player 1's Queen hex c5 must be a plain"),
        ("PSP/MSSM/PSPSP/MSSM/PPM", "player 0's Queen hex g1 must be a plain"),
        (42, "expected a map string"),
    ],
)
def test_fixed_map_is_validated(bad: object, words: str) -> None:
    with pytest.raises(OptionError, match="bad map") as info:
        FiveFields(map=bad)
    assert words in str(info.value)


def test_bad_options() -> None:
    with pytest.raises(OptionError, match="cannot be combined"):
        FiveFields(blank_map=True, map=MAP)
    with pytest.raises(OptionError, match="turn_limit"):
        FiveFields(turn_limit=-3)
    with pytest.raises(OptionError, match="blank_map"):
        FiveFields(blank_map="yes")
    with pytest.raises(OptionError, match="unknown option"):
        FiveFields(colour="red")


def test_blank_map_shows_only_the_starting_hexes() -> None:
    state = FiveFields(blank_map=True).new_game(seed=4)
    up = [c for c in CELLS if state.terrain(c) is not None]
    assert sorted(up) == sorted([(0, 2), (-1, 2), (0, 1), (1, 1), (0, -2), (1, -2), (0, -1), (-1, -1)])
    seen = Counter(state.terrain(c) for c in up)
    assert sum(state.unseen.values()) == 11
    assert {t: seen[t] + state.unseen[t] for t in Terrain} == {P: 7, M: 5, S: 7}


# -- notation -----------------------------------------------------------------------

ALL_MOVES: list[Move] = [
    PawnMove(Pawn.PRINCE, (1, 1), (1, -1)),
    PawnMove(Pawn.QUEEN, (0, 2), (0, 0)),
    Explore((1, 1), (1, 0)),
    Step((1, 0), (2, -1)),
    Reveal((1, 0), (2, -2)),
    End(),
    Castle((0, 2), (1, 1)),
    BuildField(),
    BuildCity(),
    RegeneratePrince((0, 1)),
    RegenerateQueen((0, 1), (1, 1)),
    Pass(),
]


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_notation_round_trips(move: Move) -> None:
    assert parse_move(str(move)) == move
    assert FiveFields().parse_move(str(move)) == move


def test_notation_examples() -> None:
    assert str(PawnMove(Pawn.PRINCE, (1, 1), (1, -1))) == "move P h2->f4"
    assert parse_move("  move  P( 1, 1 ) -> f4 ") == PawnMove(Pawn.PRINCE, (1, 1), (1, -1))
    assert str(RegenerateQueen((0, 1), (1, 1))) == "regenerate queen f2 from P h2"
    assert str(Castle((0, 2), (1, 1))) == "castle Q g1<->P h2"


@pytest.mark.parametrize(
    "text", ["", "move", "move K(0,0)->g3", "move P(3,0)->e3", "build tower", "pass pass", "end now", 5, None]
)
def test_bad_notation(text: object) -> None:
    with pytest.raises(NotationError):
        parse_move(text)  # type: ignore[arg-type]


# -- moving Princes -------------------------------------------------------------------


def test_prince_range_is_five_less_the_distance_to_its_queen() -> None:
    # The Prince is 3 hexes from its Queen: it moves up to 2 hexes.
    state = setup({(0, 2): "Q0", (1, -1): "P0", (0, -2): "Q1"})
    assert state.prince_range((1, -1)) == 2
    assert targets(state, Pawn.PRINCE, (1, -1)) == disk((1, -1), 2) - {(1, -1), (0, -2)}
    # One hex from the Queen: 4 hexes, the whole board but the Queens' hexes.
    near = setup({(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"})
    assert targets(near, Pawn.PRINCE, (0, 1)) == set(CELLS) - {(0, 1), (0, 2), (0, -2)}


def test_prince_moves_one_hex_without_its_queen() -> None:
    state = setup({(0, 0): "P0", (0, -2): "Q1"}, cities={(2, 0): 0})
    assert state.prince_range((0, 0)) == 1
    assert targets(state, Pawn.PRINCE, (0, 0)) == disk((0, 0), 1) - {(0, 0)}


def test_prince_range_is_measured_when_that_pawn_starts() -> None:
    state = setup({(0, 2): "Q0", (2, -2): "P0", (0, -2): "Q1"}, terrain={(1, 1): S})
    assert state.prince_range((2, -2)) == 1
    state.apply("move Q g1->g3")
    assert state.current_player == 0
    assert state.prince_range((2, -2)) == 3
    assert (0, 0) in targets(state, Pawn.PRINCE, (2, -2))  # 2 hexes away


def test_path_is_all_land_and_cannot_cross_a_sea() -> None:
    # A wall of sea along r = 0 splits the board; the Prince must stay on its side.
    wall = {cell: S for cell in CELLS if cell[1] == 0}
    state = setup({(0, 2): "Q0", (0, 1): "P0", (2, -2): "Q1"}, terrain=wall)
    reach = targets(state, Pawn.PRINCE, (0, 1))
    assert (0, -1) not in reach and (1, -1) not in reach
    # one hex onto the sea is allowed, never further
    assert {(0, 0), (1, 0)} <= reach
    assert (-1, 0) not in reach and (2, 0) not in reach


def test_sea_path_and_landing_is_one_hex() -> None:
    sea = {cell: S for cell in CELLS if cell not in [(0, 2), (0, -2), (2, -2), (-2, 2)]}
    state = setup({(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"}, terrain=sea)
    reach = targets(state, Pawn.PRINCE, (0, 1))
    # all-sea paths of up to 4 hexes, plus the neighbouring land hex (-2, 2) is not adjacent
    assert (2, -1) in reach and (-2, 1) in reach
    assert (2, -2) not in reach  # land, not next to (0, 1)
    assert (0, 2) not in reach  # own Queen


def test_landing_from_the_sea_is_one_hex_and_ends_the_move() -> None:
    sea = dict.fromkeys(CELLS, S)
    sea.update({(0, 2): P, (0, -2): P, (1, 0): P, (2, 0): M})
    state = setup({(0, 2): "Q0", (0, 0): "P0", (0, -2): "Q1"}, terrain=sea)
    assert state.prince_range((0, 0)) == 3
    reach = targets(state, Pawn.PRINCE, (0, 0))
    assert (1, 0) in reach  # the neighbouring land
    assert (2, 0) not in reach  # land beyond the landing
    assert {(2, -2), (2, -1), (-2, 2)} <= reach  # all-sea paths of 2 hexes


def test_prince_passes_own_pieces_but_not_enemy_ones() -> None:
    corridor = {cell: S for cell in CELLS if cell[1] != 0}
    corridor.update({(0, 2): P, (0, -2): P, (-2, 1): P})
    state = setup(
        {(-2, 1): "Q0", (-2, 0): "P0", (-1, 0): "P0", (0, -2): "Q1"},
        terrain=corridor,
        fields={(0, 0): 0},
        cities={(1, 0): 0},
    )
    # through an own Prince, Field and City
    assert (2, 0) in targets(state, Pawn.PRINCE, (-2, 0))
    # it may end on its own Field or City, or with its own Prince (a pair)
    assert {(0, 0), (1, 0), (-1, 0)} <= targets(state, Pawn.PRINCE, (-2, 0))
    # but not on its own Queen
    assert (-2, 1) not in targets(state, Pawn.PRINCE, (-1, 0))
    blocked = setup(
        {(-2, 1): "Q0", (-2, 0): "P0", (0, 0): "P1", (0, -2): "Q1"}, terrain=corridor, cities={(1, 0): 1}
    )
    reach = targets(blocked, Pawn.PRINCE, (-2, 0))
    assert (0, 0) in reach  # to battle: 3 against 3, won if the Queen then closes in
    assert (1, 0) not in reach and (2, 0) not in reach


def test_enemy_field_blocks_nothing_and_is_captured_by_ending_there() -> None:
    state = setup({(0, 2): "Q0", (-1, 0): "P0", (0, -2): "Q1"}, fields={(0, 0): 1, (1, 0): 1})
    state.apply("move P c3->g3")  # through the Field on (0, 0)
    state.apply("end")
    assert state.field((0, 0)) == 1
    assert state.field((1, 0)) == 0


# -- moving the Queen --------------------------------------------------------------------


def test_queen_moves_one_or_two_hexes_never_onto_sea() -> None:
    state = setup({(0, 0): "Q0", (0, -2): "Q1"}, terrain={(1, 0): S, (2, -2): S})
    # (2, 0) is reached only over the sea (1, 0)
    assert targets(state, Pawn.QUEEN, (0, 0)) == disk((0, 0), 2) - {(0, 0), (1, 0), (0, -2), (2, -2), (2, 0)}


def test_queen_crosses_sea_only_over_her_own_prince() -> None:
    # (0, 2)'s only ways out are the seas (0, 1), (1, 1) and (-1, 2).
    seas = {(0, 1): S, (1, 1): S, (-1, 2): S}
    alone = setup({(0, 2): "Q0", (0, -2): "Q1"}, terrain=seas)
    assert targets(alone, Pawn.QUEEN, (0, 2)) == set()
    bridged = setup({(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"}, terrain=seas)
    assert targets(bridged, Pawn.QUEEN, (0, 2)) == {(-1, 1), (0, 0), (1, 0)}


def test_queen_never_attacks_nor_shares_a_hex_with_her_pawns() -> None:
    state = setup({(0, 0): "Q0", (1, 0): "P0", (-1, 0): "P1", (0, -2): "Q1"}, cities={(0, 1): 1})
    reach = targets(state, Pawn.QUEEN, (0, 0))
    assert (1, 0) not in reach  # own Prince
    assert (-1, 0) not in reach  # enemy Prince
    assert (0, 1) not in reach  # enemy City
    assert (-2, 0) not in reach  # nor through the enemy Prince
    assert "cannot go" in refusal(state, "move Q e3->c3")


def test_queen_captures_an_enemy_field() -> None:
    state = setup({(0, 2): "Q0", (0, -2): "Q1"}, fields={(0, 1): 1})
    state.apply("move Q g1->f2")
    state.apply("end")
    assert state.field((0, 1)) == 0


# -- one action, one or two pawns ---------------------------------------------------------


def test_moving_two_pawns_is_one_action() -> None:
    state = setup({(0, 2): "Q0", (0, 1): "P0", (1, 1): "P0", (0, -2): "Q1"})
    state.apply("move P f2->e3")
    assert state.current_player == 0
    legal = state.legal_moves()
    assert End() in legal
    assert not any(isinstance(m, (BuildField, Castle, Pass)) for m in legal)
    assert "a move action is under way" in refusal(state, "build field")
    assert "no Prince of player 0 left to move on e3" in refusal(state, "move P e3->c3")
    state.apply("move Q g1->f2")
    assert state.current_player == 1
    assert state.turn == 1


def test_end_closes_a_one_pawn_move_and_needs_a_moved_pawn() -> None:
    state = setup({(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"})
    assert "no pawn has moved" in refusal(state, "end")
    state.apply("move P f2->e3")
    state.apply("end")
    assert state.current_player == 1
    assert state.history[-2:] == (PawnMove(Pawn.PRINCE, (0, 1), (0, 0)), End())


def test_castling() -> None:
    state = setup({(0, 2): "Q0", (0, 0): "P0", (2, -2): "P0", (0, -2): "Q1"})
    castles = [m for m in state.legal_moves() if isinstance(m, Castle)]
    assert castles == [Castle((0, 2), (0, 0))]  # (2, -2) is 4 hexes away
    state.apply("castle Q g1<->P e3")
    assert state.queen(0) == (0, 0)
    assert (0, 2) in state.princes(0)
    assert state.current_player == 1


def test_castling_keeps_the_queens_restrictions() -> None:
    seas = {(0, 1): S, (1, 1): S, (-1, 2): S, (-1, 1): S}
    # across a sea without a Prince on it: no; onto a sea: no
    state = setup({(0, 2): "Q0", (0, 0): "P0", (-1, 1): "P0", (0, -2): "Q1"}, terrain=seas)
    assert [m for m in state.legal_moves() if isinstance(m, Castle)] == []
    # with an enemy Prince in the way: no
    wall = {cell: S for cell in CELLS if cell not in [(0, 2), (0, 1), (0, 0), (0, -2)]}
    state = setup({(0, 2): "Q0", (0, 1): "P1", (0, 0): "P0", (0, -2): "Q1"}, terrain=wall)
    assert "cannot castle" in refusal(state, "castle Q g1<->P e3")


def test_build_field_and_city_under_the_queen() -> None:
    state = setup({(0, 2): "Q0", (0, -2): "Q1"})
    assert [m for m in state.legal_moves() if isinstance(m, (BuildField, BuildCity))] == [BuildField(), BuildCity()]
    state.apply("build field")
    assert state.field((0, 2)) == 0
    state.apply("pass")
    assert "cannot build" in refusal(state, "build city")  # one Field or City per hex


def test_at_most_eight_fields_and_two_cities() -> None:
    # Fields on rows 0 and 1, Cities on the top row: nothing is linked.
    eight = dict.fromkeys([(-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0), (-2, 1), (-1, 1), (0, 1)], 0)
    state = setup({(0, 2): "Q0", (2, -2): "Q1"}, fields=eight, cities={(0, -2): 0, (1, -2): 0})
    assert not state.is_over
    assert BuildField() not in state.legal_moves()
    assert BuildCity() not in state.legal_moves()
    seven = setup({(0, 2): "Q0", (2, -2): "Q1"}, fields=dict(list(eight.items())[:7]), cities={(0, -2): 0})
    assert not seven.is_over
    assert BuildField() in seven.legal_moves() and BuildCity() in seven.legal_moves()


def test_nothing_is_built_on_sea_or_where_a_city_stands() -> None:
    state = setup({(0, 2): "Q0", (0, -2): "Q1"}, cities={(0, 2): 0})
    assert BuildField() not in state.legal_moves()
    assert BuildCity() not in state.legal_moves()


def regenerations(state: FiveFieldsState) -> list[Move]:
    return [m for m in state.legal_moves() if isinstance(m, RegeneratePrince)]


def test_regenerate_a_prince() -> None:
    # two Princes, so a third needs three Fields; the City must be free of own pawns
    base = {(0, 2): "Q0", (1, 1): "P0", (0, 1): "P0", (0, -2): "Q1"}
    two_fields = setup(base, fields={(2, 0): 0, (1, 0): 0}, cities={(-2, 2): 0, (0, 2): 0}, princes_lost=(1, 0))
    assert regenerations(two_fields) == []
    three = setup(base, fields={(2, 0): 0, (1, 0): 0, (0, 0): 0}, cities={(-2, 2): 0, (0, 2): 0}, princes_lost=(1, 0))
    assert regenerations(three) == [RegeneratePrince((-2, 2))]
    three.apply("regenerate prince c1")
    assert three.pawns((-2, 2)) == ((0, Pawn.PRINCE),)
    assert three.princes_lost == (0, 0)
    full = setup({**base, (2, -2): "P0"}, fields=dict.fromkeys(CELLS[5:9], 0), cities={(-2, 2): 0})
    assert regenerations(full) == []


def test_only_a_prince_lost_in_battle_is_regenerated() -> None:
    # The same position as above with nothing lost in a Battle: the missing Prince is gone for good.
    base = {(0, 2): "Q0", (1, 1): "P0", (0, 1): "P0", (0, -2): "Q1"}
    never = setup(base, fields={(2, 0): 0, (1, 0): 0, (0, 0): 0}, cities={(-2, 2): 0, (0, 2): 0})
    assert never.princes_lost == (0, 0)
    assert regenerations(never) == []
    assert "lost in a Battle" in refusal(never, "regenerate prince c1")


def test_a_prince_lost_in_battle_is_regenerated_once_per_loss() -> None:
    # Player 0's Prince (4, next to its Queen) beats player 1's Prince on h2 (1, four hexes from its Queen).
    state = setup(
        {(0, 2): "Q0", (0, 1): "P0", (1, 1): "P1", (0, -2): "Q1", (2, -2): "P1"},
        fields={(-2, 0): 1, (-1, 0): 1, (1, -1): 1},
        cities={(-1, -1): 1, (2, -1): 1},
    )
    state.apply("move P f2->h2")
    state.apply("end")
    assert state.princes(1) == ((2, -2),)
    assert state.princes_lost == (0, 1)
    assert state.view(0).princes_lost == (0, 1) == state.view(1).princes_lost
    assert "Princes lost in Battles, to regenerate: player 0: 0, player 1: 1" in state.render()
    assert regenerations(state) == [RegeneratePrince((-1, -1)), RegeneratePrince((2, -1))]
    state.apply(RegeneratePrince((-1, -1)))
    assert state.princes_lost == (0, 0)
    state.apply("pass")
    assert regenerations(state) == []  # one loss, one regeneration
    state.undo()
    state.undo()
    assert state.princes_lost == (0, 1)  # undo restores the count exactly
    state.undo()
    state.undo()
    assert state.princes_lost == (0, 0)


def test_a_prince_lost_to_separation_is_gone_for_good() -> None:
    state = setup(
        {(0, 2): "Q0", (0, 0): "P0P0", (0, -2): "Q1"},
        fields={(-2, 0): 0, (-1, 0): 0, (1, -1): 0},
        cities={(-2, 2): 0},
    )
    state.apply("build field")  # the pair is not split: Separation removes one Prince
    assert state.princes(0) == ((0, 0),)
    state.apply("pass")
    assert state.princes_lost == (0, 0)
    assert regenerations(state) == []
    assert "lost in a Battle" in refusal(state, "regenerate prince c1")


def test_a_prince_given_up_for_the_queen_is_gone_for_good() -> None:
    state = setup(
        {(1, 1): "P0", (-2, 2): "P0", (0, -2): "Q1"},
        fields={(-2, 0): 0, (-1, 0): 0, (1, -1): 0},
        cities={(0, 2): 0, (2, 0): 0},
    )
    state.apply("regenerate queen g1 from P h2")
    state.apply("pass")
    assert state.princes_lost == (0, 0)
    assert regenerations(state) == []


def test_princes_lost_survives_copy_determinize_and_records() -> None:
    state = setup(
        {(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"},
        fields={(-2, 0): 0, (-1, 0): 0},
        cities={(-2, 2): 0},
        princes_lost=(2, 1),
        blank=False,
    )
    assert state.copy().princes_lost == (2, 1)
    assert state.determinize(1, seed=5).princes_lost == (2, 1)
    assert state.view(1).to_dict()["princes_lost"] == [2, 1]
    other = setup(
        {(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"},
        fields={(-2, 0): 0, (-1, 0): 0},
        cities={(-2, 2): 0},
        princes_lost=(1, 1),
    )
    assert other.snapshot() != state.snapshot()
    game = state.game
    for seed in range(3):
        played = game.new_game(seed=seed)
        rng = Random(seed)
        while not played.is_over and len(played.history) < 400:
            played.apply(rng.choice(played.legal_moves()))
        assert GameRecord.from_json(played.to_record().to_json()).replay().princes_lost == played.princes_lost


@pytest.mark.parametrize(
    ("counts", "words"),
    [((-1, 0), "non-negative"), ((1.0, 0), "non-negative"), ((True, 0), "non-negative"), ((0,), "pair"),
     ("01", "pair"), (None, "pair"), ((0, 3), "cannot have lost 3")],
)
def test_princes_lost_is_validated(counts: object, words: str) -> None:
    land = dict.fromkeys(CELLS, P)
    with pytest.raises(OptionError, match=words):
        FiveFields().from_position(
            terrain=land,
            pawns={(0, 2): [(0, Pawn.QUEEN)], (0, -2): [(1, Pawn.QUEEN)], (0, 0): [(1, Pawn.PRINCE)]},
            princes_lost=counts,  # type: ignore[arg-type]
        )


def test_regenerate_the_queen() -> None:
    state = setup({(1, 1): "P0", (-2, 2): "P0", (0, -2): "Q1"}, cities={(0, 2): 0, (-2, 2): 0})
    regens = [m for m in state.legal_moves() if isinstance(m, RegenerateQueen)]
    # (0, 2) is free; (-2, 2) holds a Prince, free only if that Prince is the one given up
    assert regens == [
        RegenerateQueen((-2, 2), (-2, 2)),
        RegenerateQueen((0, 2), (1, 1)),
        RegenerateQueen((0, 2), (-2, 2)),
    ]
    state.apply("regenerate queen g1 from P h2")
    assert state.queen(0) == (0, 2)
    assert state.princes(0) == ((-2, 2),)


def test_pass_not_right_after_both_passed_unless_forced() -> None:
    state = setup({(0, 2): "Q0", (0, -2): "Q1"})
    state.apply("pass")
    state.apply("pass")
    assert Pass() not in state.legal_moves()
    assert "both players passed" in refusal(state, "pass")
    state.apply("build field")
    state.apply("pass")
    assert Pass() in state.legal_moves()


def test_pass_is_forced_when_nothing_else_is_legal() -> None:
    # The Queen sits on her Field, walled in by sea, with no Prince and no City.
    seas = {(0, 1): S, (1, 1): S, (-1, 2): S}
    state = setup({(0, 2): "Q0", (0, -2): "Q1"}, terrain=seas, fields={(0, 2): 0})
    assert state.legal_moves() == [Pass()]
    state.apply("pass")
    state.apply("pass")
    assert state.legal_moves() == [Pass()]


# -- battles ------------------------------------------------------------------------------


def test_rulebook_battle_prince_three_hexes_from_its_queen_attacks_with_two() -> None:
    # The attacker's Queen is walled in, so nothing can raise the attack.
    walls = {(0, 1): S, (1, 1): S, (-1, 2): S}
    # defender's Queen 4 hexes away: the defending Prince has 1; 2 beats it
    state = setup({(0, 2): "Q0", (2, 0): "P0", (2, -1): "P1", (-2, 1): "Q1"}, terrain=walls)
    state.apply("move P i3->h4")
    state.apply("end")
    assert state.pawns((2, -1)) == ((0, Pawn.PRINCE),)
    # defender's Queen 3 hexes away: 2 against 2 is no win
    state = setup({(0, 2): "Q0", (2, 0): "P0", (2, -1): "P1", (-1, 1): "Q1"}, terrain=walls)
    assert "would be 2 against a defence of 2" in refusal(state, "move P i3->h4")


def test_rulebook_battle_prince_on_a_mountain_next_to_its_queen_defends_with_eight() -> None:
    state = setup({(1, -1): "Q0", (1, 0): "P0", (0, -1): "P1", (0, -2): "Q1"}, terrain={(0, -1): M})
    assert "would be 4 against a defence of 8" in refusal(state, "move P g3->d4")


def test_rulebook_refused_attack_three_against_four() -> None:
    # attacker's Queen 2 hexes from the battle, defender's Queen 3 hexes, a mountain
    state = setup({(0, 1): "Q0", (1, 0): "P0", (1, -1): "P1", (-1, 2): "Q1"}, terrain={(1, -1): M})
    assert "would be 3 against a defence of 4" in refusal(state, "move P g3->f4")
    assert PawnMove(Pawn.PRINCE, (1, 0), (1, -1)) not in state.legal_moves()


@pytest.mark.parametrize(
    ("defenders", "terrain", "city", "defence"),
    [
        ("P1", P, False, 3),  # 5 - 2, the defending Queen 2 hexes away
        ("P1", M, False, 6),  # doubled on a mountain
        ("P1P1", M, False, 12),  # a pair, both doubled
        ("Q1", P, False, 4),
        ("Q1", M, False, 7),
        ("", P, True, 3),  # a City alone
        ("", M, True, 5),
        ("P1", P, True, 6),  # pawn and City add up: 3 + 3
        ("P1", M, True, 8),  # the pawn's plain value and the City's mountain value: 3 + 5
        ("Q1", M, True, 9),  # 4 + 5
    ],
)
def test_defence_values(defenders: str, terrain: Terrain, city: bool, defence: int) -> None:
    # The attacker has lost its Queen, so its Prince attacks with 1 and loses every battle.
    pawns = {(1, 0): "P0", (-2, 0): "P0"}
    if defenders:
        pawns[(0, 0)] = defenders
    if "Q1" not in defenders:
        pawns[(0, -2)] = "Q1"
    state = setup(pawns, terrain={(0, 0): terrain}, cities={(2, -2): 0, **({(0, 0): 1} if city else {})})
    assert f"would be 1 against a defence of {defence}" in refusal(state, "move P g3->e3")


def test_two_princes_add_up_their_attack() -> None:
    # 3 + 3 beats a Prince on a mountain worth 4; one alone does not
    state = setup(
        {(0, 1): "Q0", (1, 0): "P0", (-1, 0): "P0", (1, -1): "P1", (-1, 2): "Q1"},
        terrain={(1, -1): M},
    )
    state.apply("move P g3->f4")  # legal: the second Prince can still join
    assert End() not in state.legal_moves()
    assert "is 3 against a defence of 4" in refusal(state, "end")
    assert "cannot go" in refusal(state, "move Q f2->e3")  # 4 against 4 is still no
    state.apply("move P c3->f4")
    assert state.pawns((1, -1)) == ((0, Pawn.PRINCE), (0, Pawn.PRINCE))
    assert state.current_player == 1


def test_attack_is_measured_when_the_action_ends() -> None:
    # 2 against 2 after the Prince moves; the Queen closing in makes it 4
    line = {cell: S for cell in CELLS if cell[1] != 0}
    line.update({(0, -2): P})
    state = setup(
        {(-2, 0): "Q0", (-1, 0): "P0", (1, 0): "P1"},
        terrain={**line, (1, 0): M},
        cities={(0, -2): 1},
    )
    state.apply("move P c3->g3")
    assert End() not in state.legal_moves()
    assert set(targets(state, Pawn.QUEEN, (-2, 0))) == {(-1, 0), (0, 0)}
    state.apply("move Q a3->e3")
    assert state.pawns((1, 0)) == ((0, Pawn.PRINCE),)


def test_enemy_pieces_stay_and_block_until_the_action_ends() -> None:
    line = {cell: S for cell in CELLS if cell[1] != 0}
    line.update({(-2, 1): P, (0, -2): P})
    state = setup(
        {(-2, 0): "Q0", (-1, 0): "P0", (-2, 1): "P0", (0, 0): "P1"},
        terrain=line,
        cities={(0, -2): 1},
    )
    state.apply("move P c3->e3")  # 3 against 1: won, but only when the action ends
    assert state.pawns((0, 0)) == ((0, Pawn.PRINCE), (1, Pawn.PRINCE))
    reach = targets(state, Pawn.PRINCE, (-2, 1))
    assert (1, 0) not in reach and (0, 0) in reach
    state.apply("end")
    assert state.pawns((0, 0)) == ((0, Pawn.PRINCE),)


def test_winner_takes_the_city_and_replaces_the_field() -> None:
    state = setup(
        {(1, 0): "Q0", (0, 0): "P0", (-1, 1): "P0", (-1, 0): "P1", (2, -2): "Q1"},
        cities={(1, -1): 1},
        fields={(-1, 0): 1},
    )
    state.apply("move P e3->f4")  # 4 against a City's 3
    state.apply("move P d2->c3")  # 3 against a Prince's 2, on its Field
    assert state.city((1, -1)) == 0
    assert state.field((-1, 0)) == 0
    assert state.pawns((-1, 0)) == ((0, Pawn.PRINCE),)


def test_a_captured_field_is_removed_when_eight_are_on_the_board() -> None:
    eight = dict.fromkeys([(-2, 0), (-2, 1), (-2, 2), (-1, 2), (-1, 1), (2, -2), (2, -1), (2, 0)], 0)
    state = setup({(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"}, fields={**eight, (0, 0): 1})
    state.apply("move P f2->e3")
    state.apply("end")
    assert state.field((0, 0)) is None


def test_two_princes_in_one_hex_must_separate_or_lose_one() -> None:
    state = setup({(0, 2): "Q0", (0, 0): "P0P0", (0, -2): "Q1"})
    state.apply("build field")
    assert state.princes(0) == ((0, 0),)
    kept = setup({(0, 2): "Q0", (0, 0): "P0P0", (0, -2): "Q1"})
    kept.apply("move P e3->g3")
    kept.apply("end")
    assert kept.princes(0) == ((0, 0), (1, 0))


def test_a_pair_formed_this_turn_is_split_on_the_next() -> None:
    state = setup({(0, 2): "Q0", (0, 1): "P0", (1, 1): "P0", (0, -2): "Q1"})
    state.apply("move P f2->h2")
    state.apply("end")
    assert state.princes(0) == ((1, 1), (1, 1))
    state.apply("pass")
    state.apply("pass")
    assert state.princes(0) == ((1, 1),)


# -- further rulings and clarifications (independent review) --------------------------------


@pytest.mark.parametrize(("terrain", "defence"), [(P, 1), (M, 2)])
def test_a_prince_without_its_queen_defends_with_one_doubled_on_a_mountain(terrain: Terrain, defence: int) -> None:
    # Neither Queen is on the board (both players keep a City, so nobody has lost).
    state = setup(
        {(1, 0): "P0", (-2, 0): "P0", (0, 0): "P1"},
        terrain={(0, 0): terrain},
        cities={(2, -2): 0, (-2, 2): 1},
    )
    assert state.prince_range((0, 0)) == 1
    assert f"would be 1 against a defence of {defence}," in refusal(state, "move P g3->e3")


def test_queen_passes_over_an_enemy_field_without_taking_it() -> None:
    # (0, 1) is the only hex between (0, 2) and (0, 0).
    state = setup({(0, 2): "Q0", (0, -2): "Q1"}, fields={(0, 1): 1})
    state.apply("move Q g1->e3")
    state.apply("end")
    assert (state.field((0, 1)), state.field((0, 0))) == (1, None)


def test_the_one_hex_landing_may_end_in_a_battle() -> None:
    # 4 (the Queen one hex from the sea hex) against 3 (the defender's Queen 2 hexes away)
    state = setup({(1, 0): "Q0", (0, 1): "P0", (0, 0): "P1", (0, -2): "Q1"}, terrain={(0, 0): S})
    assert state.prince_range((0, 1)) == 4 and (0, 0) in targets(state, Pawn.PRINCE, (0, 1))
    state.apply("move P f2->e3")
    state.apply("end")
    assert state.pawns((0, 0)) == ((0, Pawn.PRINCE),)


def test_a_pair_hex_filled_again_in_the_same_turn_still_loses_a_prince() -> None:
    # (0, 0) held two Princes when the turn began and holds two when it ends.
    state = setup({(0, 2): "Q0", (0, 0): "P0P0", (1, 0): "P0", (0, -2): "Q1"})
    state.apply("move P e3->c3")
    state.apply("move P g3->e3")
    assert state.princes(0) == ((-1, 0), (0, 0))


def test_two_fields_taken_in_one_action_with_seven_out() -> None:
    # Seven own Fields: the first enemy Field taken (in board order) becomes the
    # eighth, the second is removed.
    seven = dict.fromkeys([(-2, 0), (-2, 1), (-2, 2), (-1, 2), (2, -2), (2, -1), (2, 0)], 0)
    state = setup({(0, 2): "Q0", (0, 1): "P0", (1, 1): "P0", (0, -2): "Q1"}, fields={**seven, (0, 0): 1, (1, 0): 1})
    state.apply("move P f2->e3")
    state.apply("move P h2->g3")
    assert (state.field((0, 0)), state.field((1, 0))) == (0, None)


def test_castling_two_hexes_over_a_sea_bridged_by_a_prince() -> None:
    seas = {(0, 1): S, (1, 1): S, (-1, 2): S}
    state = setup({(0, 2): "Q0", (0, 1): "P0", (0, 0): "P0", (0, -2): "Q1"}, terrain=seas)
    # not with the Prince on the sea: the Queen would end on it
    assert [m for m in state.legal_moves() if isinstance(m, Castle)] == [Castle((0, 2), (0, 0))]
    state.apply("castle Q g1<->P e3")
    assert state.queen(0) == (0, 0)
    assert state.princes(0) == ((0, 1), (0, 2))


def test_victory_through_two_bridged_seas_in_a_row() -> None:
    # City (0, 0), four Fields round it; the Field (2, -2) is reached over the
    # seas (0, -1) and (1, -2), each needing a Prince.
    state = setup(
        {(0, 2): "Q0", (0, -1): "P0", (2, -2): "P0", (-2, 0): "Q1"},
        terrain={(0, -1): S, (1, -2): S},
        cities={(0, 0): 0},
        fields={(1, 0): 0, (0, 1): 0, (-1, 1): 0, (-1, 0): 0, (2, -2): 0},
    )
    assert state.chain_value(0) == 4
    assert state.prince_range((2, -2)) == 1
    state.apply("move P g5->e5")
    state.apply("end")
    assert state.chain_value(0) == 5
    assert state.outcome is not None and state.outcome.winner == 0


# -- victory and defeat -------------------------------------------------------------------


def test_city_linked_to_five_plain_fields_wins() -> None:
    ring = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    state = setup({(0, -1): "Q0", (0, -2): "Q1"}, cities={(0, 0): 0}, fields=dict.fromkeys(ring[:4], 0))
    assert state.chain_value(0) == 4
    state.apply("move Q d4->c3")
    state.apply("end")
    assert not state.is_over
    state.apply("pass")
    state.apply("build field")
    assert state.outcome is not None and state.outcome.winner == 0
    assert state.outcome.reason == "a city linked to fields worth 5"
    assert state.legal_moves() == []


def test_mountain_fields_are_worth_half() -> None:
    ring = [(1, -1), (1, 0), (0, 1), (-1, 1)]
    state = setup(
        {(-1, 0): "Q0", (0, -2): "Q1"},
        terrain={(-1, 0): M, (1, -1): M},
        cities={(0, 0): 0},
        fields=dict.fromkeys(ring, 0),
    )
    assert state.chain_value(0) == 3.5
    state.apply("build field")
    assert state.chain_value(0) == 4.0
    assert not state.is_over


def test_victory_through_a_sea_bridge() -> None:
    # City (0, 0) with Fields (1, 0), (0, 1), (-1, 1), (-1, 0); the fifth Field,
    # (2, -2), lies beyond the sea (1, -1), which a Prince bridges.
    state = setup(
        {(0, 2): "Q0", (1, -2): "P0", (0, -2): "Q1"},
        terrain={(1, -1): S},
        cities={(0, 0): 0},
        fields={(1, 0): 0, (0, 1): 0, (-1, 1): 0, (-1, 0): 0, (2, -2): 0},
    )
    assert state.chain_value(0) == 4
    state.apply("move P e5->f4")
    state.apply("end")
    assert state.outcome is not None and state.outcome.winner == 0


def test_victory_through_a_second_city() -> None:
    # Fields (1, 0), (0, 1), (-1, 1), (-1, 0) touch the City (0, 0); the Field
    # (2, -2) is cut off by the empty plain (1, -1) until a City is built there.
    state = setup(
        {(1, -1): "Q0", (0, -2): "Q1"},
        cities={(0, 0): 0},
        fields={(1, 0): 0, (0, 1): 0, (-1, 1): 0, (-1, 0): 0, (2, -2): 0},
    )
    assert state.chain_value(0) == 4
    state.apply("build city")
    assert state.outcome is not None and state.outcome.winner == 0


@pytest.mark.parametrize("to_move", [0, 1])
def test_the_acting_players_victory_is_checked_first(to_move: int) -> None:
    # Both chains are complete: the player who acted last (not the one to move) wins.
    zero = {(1, 0): 0, (0, 1): 0, (-1, 1): 0, (-1, 0): 0, (-2, 1): 0}
    one = {(0, -2): 1, (2, -2): 1, (0, -1): 1, (2, -1): 1, (-1, -1): 1}
    pawns = {(0, 2): "Q0", (1, -1): "Q1"}
    state = setup(pawns, cities={(0, 0): 0, (1, -2): 1}, fields={**zero, **one}, to_move=to_move, over=True)
    assert state.chain_value(0) == state.chain_value(1) == 5
    assert state.outcome is not None and state.outcome.winner == 1 - to_move


def test_losing_the_queen_without_a_city_loses() -> None:
    state = setup({(1, -1): "Q0", (1, 0): "P0", (0, 0): "P0", (0, -1): "Q1", (2, -2): "P1"})
    # one Prince has 4, no more than the Queen's 4: the second must join
    state.apply("move P g3->d4")
    assert End() not in state.legal_moves()
    assert not state.is_over
    state.apply("move P e3->d4")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "queen lost with no city")


def test_losing_the_last_prince_without_a_queen_loses() -> None:
    state = setup({(1, -1): "Q0", (1, 0): "P0", (0, -1): "P1"}, cities={(-2, 2): 1})
    assert not state.is_over
    state.apply("move P g3->d4")
    state.apply("end")
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (0, "queen lost with no prince left")


def test_turn_limit_is_a_draw() -> None:
    state = FiveFields(turn_limit=3).new_game(seed=1)
    for move in ["pass", "pass", "build field"]:
        state.apply(move)
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.reason == "turn limit reached"


# -- the blank map ------------------------------------------------------------------------

# Face up: every plain and mountain; so the 7 face-down hexes are all seas.
HIDDEN_SEAS = ((-2, 0), (-2, 1), (-2, 2), (2, -2), (2, -1), (2, 0), (1, -2))


def blank_setup(pawns: Mapping[Hex, str], terrain: Mapping[Hex, Terrain], hidden: tuple[Hex, ...]) -> FiveFieldsState:
    return setup(pawns, terrain=terrain, blank=True, hidden=hidden)


def test_blank_map_prince_moves_step_by_step_and_cannot_land_after_moving() -> None:
    # The rulebook's walk: 4 points; step, step, then turn over a sea: too late to enter it.
    mountains = {(0, 0): M, (1, 0): M, (-1, 0): M, (0, -1): M, (-1, 1): M}
    state = blank_setup({(0, 2): "Q0", (0, 1): "P0", (-1, -1): "Q1"}, mountains, HIDDEN_SEAS)
    assert state.unseen == {P: 0, M: 0, S: 7}
    # one step at a time, through its own Queen too
    assert targets(state, Pawn.PRINCE, (0, 1)) == {(1, 1), (0, 0), (-1, 1), (-1, 2), (1, 0), (0, 2)}
    state.apply("move P f2->h2")
    state.apply("step P h2->g3")
    assert Reveal((1, 0), (2, 0)) in state.legal_moves()
    state.apply("reveal P g3 i3")
    assert state.terrain((2, 0)) is S
    assert state.unseen[S] == 6
    assert Step((1, 0), (2, 0)) not in state.legal_moves()
    assert "cannot step to i3" in refusal(state, "step P g3->i3")
    state.apply("reveal P g3 h4")  # the last point: turned over, the Prince stays
    assert [m for m in state.legal_moves() if isinstance(m, (Step, Reveal))] == []
    state.apply("end")
    assert state.princes(0) == ((1, 0),)
    assert state.terrain((2, -1)) is S
    assert state.current_player == 1


def test_blank_map_rulebook_walk() -> None:
    # The rulebook's discovery example: a Prince one hex from its Queen has 4
    # points. 1: turns over a plain and enters it; 2: turns over a mountain and
    # enters it; 3: turns over a sea, which it may no longer enter; 4: turns
    # over a plain, which it could enter, but it stays on the mountain.
    # Face down: (0, 0), (0, -1), (-1, -1), (1, -2), holding 2 plains, a
    # mountain and a sea; seed 6 turns them up in the example's order.
    plan = {
        (0, 2): P, (0, 1): P, (2, -2): P, (-2, 2): P, (1, 1): P,
        (-1, 2): M, (-2, 1): M, (2, 0): M, (1, 0): M,
        (-1, 1): S, (-1, 0): S, (-2, 0): S, (1, -1): S, (2, -1): S, (0, -2): S,
    }  # fmt: skip
    state = FiveFields(blank_map=True).from_position(
        terrain=plan,
        pawns={(0, 2): pieces("Q0"), (0, 1): pieces("P0"), (2, -2): pieces("Q1")},
        seed=6,
    )
    assert state.unseen == {P: 2, M: 1, S: 1}
    assert state.prince_range((0, 1)) == 4
    state.apply("explore P f2 e3")
    assert state.terrain((0, 0)) is P
    state.apply("step P f2->e3")
    state.apply("reveal P e3 d4")
    assert state.terrain((0, -1)) is M
    state.apply("step P e3->d4")
    state.apply("reveal P d4 b4")
    assert state.terrain((-1, -1)) is S
    assert "cannot step to b4" in refusal(state, "step P d4->b4")
    state.apply("reveal P d4 e5")
    assert state.terrain((1, -2)) is P
    assert Step((0, -1), (1, -2)) in state.legal_moves()  # free to enter ...
    state.apply("end")  # ... but it stays
    assert state.princes(0) == ((0, -1),)
    assert state.unseen == {P: 0, M: 0, S: 0}
    assert state.current_player == 1


def test_blank_map_prince_may_walk_through_its_queen_but_not_stop_there() -> None:
    mountains = {(0, 0): M, (1, 0): M, (-1, 0): M, (0, -1): M, (-1, 1): M}
    state = blank_setup({(0, 2): "Q0", (0, 1): "P0", (-1, -1): "Q1"}, mountains, HIDDEN_SEAS)
    state.apply("move P f2->g1")
    assert state.pawns((0, 2)) == ((0, Pawn.QUEEN), (0, Pawn.PRINCE))
    assert End() not in state.legal_moves()
    assert "cannot stop on g1" in refusal(state, "end")
    assert "cannot stop on g1" in refusal(state, "move Q g1->h2")
    assert {m.target for m in state.legal_moves() if isinstance(m, Step)} == {(1, 1), (0, 1), (-1, 2)}
    state.apply("step P g1->e1")
    state.apply("end")
    assert state.princes(0) == ((-1, 2),)


def test_blank_map_turned_hex_is_entered_free_and_landing_ends_the_move() -> None:
    mountains = {(0, 0): M, (1, 0): M, (-1, 0): M, (0, -1): M, (-1, 1): M}
    state = blank_setup({(0, 2): "Q0", (-1, 2): "P0", (-1, -1): "Q1"}, mountains, HIDDEN_SEAS)
    state.apply("explore P e1 c1")  # first point: a sea
    assert state.terrain((-2, 2)) is S
    state.apply("step P e1->c1")  # free, and it is the first hex: allowed, move over
    assert state.pawns((-2, 2)) == ((0, Pawn.PRINCE),)
    assert [m for m in state.legal_moves() if isinstance(m, (Step, Reveal))] == []
    assert End() in state.legal_moves()


def test_blank_map_free_entry_costs_no_point() -> None:
    # Face up: the Queens' plains, all mountains and seas, so the face-down hexes are plains.
    hidden = ((1, 0), (0, 0), (-1, 0), (2, -2), (-2, 2))
    terrain = dict.fromkeys(CELLS, S)
    terrain.update({(0, 2): P, (0, -2): P, (0, 1): M, (1, 1): M, (-1, 1): M, (1, -1): M, (0, -1): M})
    state = blank_setup({(0, 2): "Q0", (0, 1): "P0", (0, -2): "Q1"}, terrain, hidden)
    assert state.unseen == {P: 5, M: 0, S: 0}
    state.apply("explore P f2 e3")  # 3 points left
    state.apply("step P f2->e3")  # free: still 3
    state.apply("reveal P e3 g3")  # 2 left
    state.apply("step P e3->g3")  # free: still 2
    state.apply("step P g3->f4")  # 1 left
    state.apply("step P f4->d4")  # 0 left: the walk is over
    assert state.pawns((0, -1)) == ((0, Pawn.PRINCE),)
    assert [m for m in state.legal_moves() if isinstance(m, (Step, Reveal))] == []


def test_blank_map_queen_never_enters_a_face_down_hex() -> None:
    terrain = dict.fromkeys([(-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2)], S)
    terrain.update(dict.fromkeys([(2, -2), (1, -2), (-1, -1), (2, -1), (1, 1)], M))
    state = blank_setup({(0, 0): "Q0", (0, -2): "Q1"}, terrain, ((1, 0), (-1, 0)))
    assert state.unseen == {P: 0, M: 0, S: 2}
    reach = targets(state, Pawn.QUEEN, (0, 0))
    assert (1, 0) not in reach and (-1, 0) not in reach
    assert (2, 0) not in reach  # only over the face-down (1, 0)
    assert (2, -1) in reach  # round by (1, -1)
    assert state.terrain((1, 0)) is None


def test_blank_map_view_and_determinize() -> None:
    state = FiveFields(blank_map=True).new_game(seed=8)
    state.apply(next(m for m in state.legal_moves() if isinstance(m, Explore)))
    det = state.determinize(0, seed=3)
    assert det.view(0) == state.view(0)
    assert det.rng.state != state.rng.state
    assert det.legal_moves() == state.legal_moves()


def test_undo_restores_the_draw() -> None:
    state = FiveFields(blank_map=True).new_game(seed=8)
    before = state.snapshot()
    move = next(m for m in state.legal_moves() if isinstance(m, Explore))
    state.apply(move)
    turned = state.terrain(move.target)
    state.undo()
    assert state.snapshot() == before
    state.apply(move)
    assert state.terrain(move.target) is turned


# -- the whole game -----------------------------------------------------------------------


def test_conformance_on_a_random_map() -> None:
    report = check_game(FiveFields(turn_limit=120), games=3, seed=1, sample=3)
    assert report.finished == 3


def test_conformance_on_a_fixed_map() -> None:
    report = check_game(FiveFields(map=MAP, turn_limit=80), games=2, seed=2, sample=3)
    assert report.finished == 2


def test_conformance_on_the_blank_map() -> None:
    report = check_game(FiveFields(blank_map=True, turn_limit=120), games=3, seed=3, sample=3)
    assert report.finished == 3


def test_random_play_ends_with_a_turn_limit() -> None:
    game = FiveFields(turn_limit=60)
    chooser = Random(5)
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[chooser.randbelow(len(legal))])
        assert state.turn <= 60


# A seeded game of random play (seed 20261125, moves chosen with Random(20261125)).
GOLDEN_SEED = 20261125
GOLDEN_MOVES: tuple[str, ...] = (
    "move P h2->g3", "move P e1->d2", "move P d4->g5", "move Q c5->e3",
    "move Q g1->i3", "move P g3->h4", "pass", "move P f2->d2", "move P d2->e1",
    "move P b4->f4", "move P g5->d4", "pass", "move P f4->f2", "move Q e3->c3",
    "move Q i3->g5", "move P h4->i3", "move P f2->d4", "move P e5->c5", "build field",
    "move P c5->e3", "move P d4->b4", "move P i3->f2", "move Q g5->f4", "pass",
    "move Q f4->g5", "move P d2->f2", "move P b4->f4", "move Q c3->b4",
    "move P f2->e1", "end", "move P f4->c3", "end", "move P f2->g3", "move P e1->g1",
    "move P c3->b2", "move P d4->e3", "move P e1->c1", "move Q g5->f4",
    "move P b2->c3", "move P e3->c5", "move P g1->f2", "move P c1->d2",
    "move P c3->f4", "move P e3->f4",
)  # fmt: skip
GOLDEN_RENDER = """\
    a  b  c  d  e  f  g  h  i
 5        .p    ~     ^F         5
 4     ^q    .     .pp   ~       4
 3  ~     .     ^     ~P    ^    3
 2     ~     ~P    .P    .       2
 1        ~     ^     .          1
    a  b  c  d  e  f  g  h  i
key: . plain, ^ mountain, ~ sea, ? face down; then Q Queen, P Prince, F Field, C City
     (upper case player 0, lower case player 1); hexes are named as in moves: g1, e3...
game over: queen lost with no city"""


def test_golden_replay() -> None:
    game = FiveFields(turn_limit=80)
    state = game.new_game(seed=GOLDEN_SEED)
    chooser = Random(GOLDEN_SEED)
    while not state.is_over:
        legal = state.legal_moves()
        state.apply(legal[chooser.randbelow(len(legal))])
    assert tuple(str(m) for m in state.history) == GOLDEN_MOVES
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (1, "queen lost with no city")
    assert state.turn == 24
    assert state.render() == GOLDEN_RENDER
    record = GameRecord.from_json(state.to_record().to_json())
    assert record.moves == GOLDEN_MOVES
    assert record.replay() == state


def test_render_svg_and_evaluate() -> None:
    state = FiveFields(map=MAP).new_game(seed=0)
    assert state.render().splitlines()[1] == " 5        .q    ~p    .          5"
    picture = svg(state)
    assert picture.startswith("<svg") and ">Q</text>" in picture
    hexes = dict(re.findall(r'<g data-cell="([^"]+)">(.*?)</g>', picture))
    assert len(hexes) == 19 and 'class="pawn player-1"/><text' in hexes[format_hex((0, -2))]  # the Queen
    assert 'fill="#64b5f6"' in hexes[format_hex((1, -2))]  # the sea
    assert state.evaluate(0) == 0.0
    state.apply("build field")
    assert 0 < state.evaluate(0) <= 1
    assert state.evaluate(1) == -state.evaluate(0)


def test_from_position_checks_the_position() -> None:
    with pytest.raises(OptionError, match="sea"):
        setup({(0, 0): "Q0"}, terrain={(0, 0): S})
    with pytest.raises(OptionError, match="two Queens"):
        setup({(0, 0): "Q0", (1, 0): "Q0"})
    with pytest.raises(OptionError, match="shares"):
        setup({(0, 0): "Q0P1"})
    with pytest.raises(OptionError, match="no terrain"):
        setup({(0, 0): "Q0"}, hidden=((1, 0),))
    with pytest.raises(OptionError, match="no hex"):
        setup({(7, 0): "Q0"})


def test_cell_name_names_a_hex_and_any_other_value_as_the_base_game_does() -> None:
    """A hex is named as notation writes it; a value that is not a hex (the terminal and the page may
    ask with anything) is named ``str(value)`` as every other game names it, where ``None`` raised a
    bare TypeError and a triple a ValueError."""
    game = FiveFields()
    assert [game.cell_name(h) for h in ((0, 2), (0, -2), (0, 0))] == ["g1", "c5", "e3"]
    for other in (None, (0, 0, 0), "zz", [1], (1, [2])):
        assert game.cell_name(other) == str(other)
