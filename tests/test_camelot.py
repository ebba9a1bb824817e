"""Tests for Camelot: The Build (boardkit.games.camelot)."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from boardkit import GameRecord, IllegalMoveError, NotationError, OptionError, Random, UndoError
from boardkit.errors import ComponentError
from boardkit.games import camelot, load, names
from boardkit.games.camelot import (
    Camelot,
    CamelotState,
    Conceal,
    EndTurn,
    Move,
    Place,
    Tile,
    score_turn,
    tile,
)
from boardkit.render import svg
from boardkit.testing import check_game

T = tile
Board = dict[tuple[int, int], Tile]


Policy = Callable[[CamelotState, list[Move]], Move]


def play_out(state: CamelotState, chooser: Random, policy: Policy | None = None) -> None:
    """Play ``state`` to the end, choosing moves at random (or by ``policy``)."""
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(policy(state, moves) if policy else moves[chooser.randbelow(len(moves))])


# -- the plan and the tiles ---------------------------------------------------------


def test_plan_is_the_ruled_reconstruction() -> None:
    plan = Camelot().plan
    drawn = [
        "T W W W W W W W W T",
        "W s s . . . . s s W",
        "W . . k h h k . . W",
        "W . . h f f h . . W",
        "W . . k h h k . . W",
        "W s s . . . . s s W",
        "W . . . . . . . . W",
        "T W W W G G W W W T",
    ]
    assert [" ".join(row) for row in plan.rows] == drawn
    assert (plan.width, plan.height) == (10, 8)
    assert dict(plan.square_counts) == {"T": 4, "W": 26, "G": 2, "s": 8, "k": 4, "h": 6, "f": 2, ".": 28}
    assert plan.topology.graph.nodes[(4, 3)]["kind"] == "f"
    assert plan.kind((4, 7)) == "G"


def test_tile_list_is_the_ruled_reconstruction() -> None:
    tiles = Camelot().tiles
    assert sum(tiles.counts.values()) == 80
    per_kind: Counter[str] = Counter()
    for t, n in tiles.counts.items():
        per_kind[t.kind] += n
    assert per_kind == Camelot().plan.square_counts
    assert (T("Holy Grail").value, T("Excalibur").kind, T("fireplace").kind, T("garden").kind) == (5, "h", "f", ".")
    high = [t for t in tiles.all_tiles() if t.value >= 3]
    assert len(high) == 10
    high_names = "Holy Grail, clerk, chapel, Excalibur, Round Table, throne, banner, treasury, library, minstrels"
    assert sorted(t.name for t in high) == sorted(high_names.split(", "))
    assert tiles.counts[T("garden")] == 6
    assert tiles.counts[T("wall blank")] == 16 and tiles.counts[T("blank")] == 14


@pytest.mark.parametrize("name", ["holy grail", "HOLY GRAIL", "Holy  Grail", " holy grail "])
def test_tile_lookup_ignores_case(name: str) -> None:
    assert tile(name) == Tile("Holy Grail", 5, "s")
    assert (tile(name).name, tile(name).value, tile(name).kind) == ("Holy Grail", 5, "s")


@pytest.mark.parametrize("name", ["dragon", "", "holygrail", 5])
def test_tile_lookup_refuses_unknown_names(name: object) -> None:
    with pytest.raises(ComponentError, match="no tile named"):
        tile(name)  # type: ignore[arg-type]


# -- the rulebook's worked examples, on the reconstructed plan ---------------------

# Example 1: Holy Grail and clerk in the bottom-left small hall, a blank beside them.
EX1 = [((1, 5), T("Holy Grail")), ((2, 5), T("clerk")), ((3, 5), T("blank"))]
# Example 2: a blank touching the Grail, a wall blank and the blacksmith on the curtain wall.
EX2 = [((1, 6), T("blank")), ((1, 7), T("wall blank")), ((2, 7), T("blacksmith"))]
# Example 3: a garden touching clerk (edge), Grail (corner) and blacksmith (edge); a blank; a wall blank
# that touches the blacksmith too.
EX3 = [((2, 6), T("garden")), ((3, 6), T("blank")), ((3, 7), T("wall blank"))]


def test_example_three_tile_pattern_scores_16() -> None:
    assert score_turn({}, EX1) == 16 == (5 + 3 + 0) * 2


def test_example_blank_scores_the_grail_12() -> None:
    board: Board = dict(EX1)
    assert score_turn(board, EX2) == 12 == (5 + 1 + 0) * 2


def test_example_garden_and_blacksmith_counted_once_20() -> None:
    board: Board = {**dict(EX1), **dict(EX2)}
    assert score_turn(board, EX3) == 20 == (1 + 3 + 5 + 1 + 0 + 0) * 2
    # The garden alone already touches the blacksmith; the wall blank adds nothing more.
    assert score_turn(board, EX3[:1]) == 10
    assert score_turn(board, EX3[2:]) == 1


def test_examples_in_a_game() -> None:
    """The three example turns scored by a (solo) game itself, not only by score_turn."""
    state = Camelot().new_game(players=1, seed=0)
    laid = _force_turns(state, [EX1, EX2, EX3])
    assert laid == [16, 12, 20]


def _force_turns(state: CamelotState, turns: list[list[tuple[tuple[int, int], Tile]]]) -> list[int]:
    """Give each mover the tiles of the turn (swapping with the bag) and play it; return the points scored."""
    gained = []
    for placements in turns:
        p = state.current_player
        assert p is not None
        hand = state.hands[p]
        for _, t in placements:
            if hand.count(t) == 0:
                out = next(iter(hand.face_up.elements()))
                hand.remove(out)
                state.bag.take(t)
                state.bag.put(out)
                hand.add_face_up(t)
        before = state.scores[p]
        for cell, t in placements:
            state.apply(Place(cell, t))
        state.apply("end")
        gained.append(state.scores[p] - before)
    return gained


# The endgame: a wall blank and a blank left, one of them the last tile.
END_BOARD: Board = {(3, 6): T("treasury"), (5, 6): T("library"), (0, 3): T("weaver"), (9, 3): T("wall blank")}
POSITION_1, POSITION_2, POSITION_3 = (9, 4), (0, 2), (4, 6)


def test_endgame_last_tile_choices() -> None:
    blank, wall = T("blank"), T("wall blank")
    assert score_turn(END_BOARD, [(POSITION_3, blank)]) == 6
    assert score_turn(END_BOARD, [(POSITION_2, wall)], last=True) == -2
    assert score_turn(END_BOARD, [(POSITION_1, wall)], last=True) == 0
    # Both in one turn: the blank scores as a turn of its own, the wall blank as the last tile.
    assert score_turn(END_BOARD, [(POSITION_3, blank), (POSITION_1, wall)], last=True) == 6
    assert score_turn(END_BOARD, [(POSITION_3, blank), (POSITION_2, wall)], last=True) == 4
    # Keeping the blank for last would cost twelve.
    assert score_turn(END_BOARD, [(POSITION_1, wall), (POSITION_3, blank)], last=True) == -12


# -- rulings: turn score ---------------------------------------------------------------


def test_ruling_edge_contacts_score_start_of_turn_tiles() -> None:
    board: Board = {(4, 1): T("treasury"), (5, 2): T("Excalibur")}
    assert score_turn(board, [((5, 1), T("well"))]) == 1 + 3 + 5
    # A corner contact does not count for a tile that is not a garden.
    assert score_turn(board, [((4, 2), T("Round Table"))]) == 4 + 3 + 5
    assert score_turn(board, [((6, 1), T("well"))]) == 1


def test_ruling_garden_scores_corners_only_the_turn_it_is_laid() -> None:
    board: Board = {(1, 1): T("Holy Grail")}
    assert score_turn(board, [((2, 2), T("garden"))]) == 1 + 5
    # Once on the board, a garden is touched edge to edge like any tile, never through its corners.
    board[(2, 2)] = T("garden")
    assert score_turn(board, [((3, 3), T("fireplace"))]) == 2
    assert score_turn(board, [((3, 2), T("hall corner"))]) == 1 + 1


def test_ruling_each_board_tile_counts_once_per_turn() -> None:
    board: Board = {(4, 1): T("minstrels")}
    assert score_turn(board, [((3, 1), T("blank")), ((5, 1), T("blank"))]) == 3


def test_ruling_tiles_laid_this_turn_do_not_score_each_other() -> None:
    assert score_turn({}, [((3, 1), T("treasury")), ((4, 1), T("library"))]) == 6


@pytest.mark.parametrize(
    ("cells", "doubled"),
    [
        ([(3, 1), (4, 1), (5, 1)], True),  # a row
        ([(1, 2), (1, 3), (1, 4)], True),  # a column
        ([(3, 1), (4, 1), (4, 0)], True),  # an L
        ([(3, 1), (4, 1), (6, 1)], False),  # a gap
        ([(3, 1), (4, 2), (5, 1)], False),  # corners only
    ],
)
def test_ruling_three_joined_tiles_double(cells: list[tuple[int, int]], doubled: bool) -> None:
    placements = [(c, T("kitchen")) for c in cells]
    assert score_turn({}, placements) == (12 if doubled else 6)


def test_ruling_one_or_two_tiles_never_double() -> None:
    assert score_turn({}, [((3, 1), T("kitchen")), ((4, 1), T("kitchen"))]) == 4
    assert score_turn({}, [((3, 1), T("kitchen"))]) == 2


def test_ruling_last_tile_scores_alone_doubled_and_subtracted() -> None:
    board: Board = {(4, 1): T("treasury")}
    assert score_turn(board, [((5, 1), T("well"))], last=True) == -2 * (1 + 3)
    # Earlier tiles of the turn score as their own turn; the last tile collects only from start-of-turn tiles
    # (RULINGS: "own value plus touched start-of-turn tiles"), never from the library laid just before it.
    assert score_turn(board, [((3, 1), T("library")), ((2, 1), T("clerk"))], last=True) == (3 + 3) - 2 * 3
    # A start-of-turn tile touched by both still counts in each: the last tile is scored alone.
    assert score_turn(board, [((3, 1), T("library")), ((4, 2), T("hall corner"))], last=True) == (3 + 3) - 2 * (1 + 3)
    # A last garden collects corner contacts from start-of-turn tiles only.
    garden_board: Board = {(0, 0): T("tower"), (3, 2): T("clerk")}
    placements = [((1, 0), T("small hall")), ((2, 1), T("garden"))]  # the garden's corner touches the small hall
    assert score_turn(garden_board, placements, last=True) == (2 + 2) - 2 * (1 + 3)


# A castle of three open squares: a solo player holds all three tiles, and the bag is empty from the start.
ROW_PLAN = ["..."]
ROW_TILES = [["treasury", ".", 3, 1], ["library", ".", 3, 1], ["kitchen", ".", 2, 1]]


def test_ruling_last_tile_in_a_game_ignores_tiles_laid_earlier_that_turn() -> None:
    game = Camelot(plan=ROW_PLAN, tiles=ROW_TILES)
    state = game.new_game(players=1, seed=0)
    assert state.bag_size == 0 and state.hand(0).total() == 3
    state.apply("place treasury a1")
    state.apply("end")
    assert state.scores == (3,)
    state.apply("place library b1")  # touches the treasury: 3 + 3, a turn of its own
    state.apply("place kitchen c1")  # the last tile: touches only the library, laid this turn
    state.apply("end")
    assert state.scores == (3 + (3 + 3) - 2 * 2,)
    assert state.outcome is not None and state.outcome.scores == (5,)


def test_score_turn_refuses_bad_placements() -> None:
    board: Board = {(1, 1): T("clerk")}
    with pytest.raises(IllegalMoveError, match="already covered"):
        score_turn(board, [((1, 1), T("blank"))])
    with pytest.raises(IllegalMoveError, match="share square"):
        score_turn(board, [((2, 2), T("blank")), ((2, 2), T("blank"))])
    with pytest.raises(IllegalMoveError, match="pair"):
        score_turn(board, [("c5", T("blank"))])  # type: ignore[list-item]
    with pytest.raises(IllegalMoveError, match="at least one"):
        score_turn(board, [], last=True)
    assert score_turn(board, []) == 0


def test_state_scores_agree_with_score_turn_every_turn() -> None:
    """In a whole game, each turn's points are exactly score_turn's, last tiles included."""
    state = Camelot().new_game(players=3, seed=12)
    chooser = Random(12)
    last_turns = 0
    while not state.is_over:
        moves = state.legal_moves()
        move = moves[chooser.randbelow(len(moves))]
        if isinstance(move, EndTurn):
            p = state.current_player
            assert p is not None
            placements = list(state.laid)
            start = {c: t for c, t in state.board.items() if (c, t) not in placements}
            last = state.hand(p).total() == 0 and state.bag_size == 0
            last_turns += last
            before = state.scores[p]
            state.apply(move)
            assert state.scores[p] - before == score_turn(start, placements, last=last)
        else:
            state.apply(move)
    assert last_turns == 3  # every player lays a last tile


# -- rulings: players, set-up, first player --------------------------------------------


@pytest.mark.parametrize("players", [0, 6, -1, True, "2", 2.0])
def test_ruling_one_to_five_players(players: object) -> None:
    with pytest.raises(OptionError):
        Camelot().new_game(players=players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "prelaid"), [(1, 0), (2, 0), (3, 5), (4, 4), (5, 0)])
def test_ruling_setup(players: int, prelaid: int) -> None:
    state = Camelot().new_game(players=players, seed=99)
    assert len(state.board) == prelaid
    assert state.scores == (0,) * players
    for cell, t in state.board.items():
        assert Camelot().plan.kind(cell) == t.kind
        assert t.value < 3 and not t.garden  # high tiles and gardens were held back from the pre-lay
    for p in range(players):
        assert state.hand(p).total() == 10
        concealed = state.concealed(p)
        if players == 1:
            assert concealed.total() == 0  # solo: no pre-deal
        else:
            assert concealed.total() == 3
            assert sum(n for t, n in concealed.items() if t.garden) == 1
            assert sum(n for t, n in concealed.items() if t.value >= 3 and not t.garden) == 2
        assert state.face_up(p).total() == 7 + 3 * (players == 1)
    assert state.bag_size == 80 - prelaid - 10 * players


def test_ruling_first_player_option() -> None:
    assert Camelot().new_game(players=3, seed=1).current_player == 0
    assert Camelot(first=2).new_game(players=3, seed=1).current_player == 2
    firsts = {Camelot(first="random").new_game(players=5, seed=s).current_player for s in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    # Drawn with the game's seed: the same seed, the same first player.
    assert len({Camelot(first="random").new_game(players=5, seed=7).current_player for _ in range(3)}) == 1
    with pytest.raises(OptionError, match="not a seat"):
        Camelot(first=3).new_game(players=2, seed=1)
    for bad in (5, -1, "last", True, None):
        with pytest.raises(OptionError, match="first must be"):
            Camelot(first=bad)


# -- rulings: a turn --------------------------------------------------------------------


def _state(seed: int = 3) -> CamelotState:
    return Camelot().new_game(players=2, seed=seed)


def test_ruling_at_least_one_tile_before_ending() -> None:
    state = _state()
    assert EndTurn() not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="at least one tile"):
        state.apply("end")
    state.apply("place bathhouse b1")
    assert EndTurn() in state.legal_moves()


def test_ruling_at_most_three_tiles_a_turn() -> None:
    state = _state()
    for text in ["place wall blank b1", "place wall blank c1", "place butcher d1"]:
        state.apply(text)
    assert not any(isinstance(m, Place) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="at most 3"):
        state.apply("place tapestry e3")
    state.apply("end")
    assert state.current_player == 1


def test_ruling_a_tile_fits_only_empty_squares_of_its_kind() -> None:
    state = _state()
    with pytest.raises(IllegalMoveError, match="does not fit"):
        state.apply("place tapestry a2")  # a great hall wall tile on the curtain wall
    with pytest.raises(IllegalMoveError, match="does not fit"):
        state.apply("place blank e4")  # open floor tile in the great hall centre
    state.apply("place tapestry e3")
    with pytest.raises(IllegalMoveError, match="already covered"):
        state.apply("place bathhouse e3")
    with pytest.raises(IllegalMoveError, match="no 'Excalibur' in the hand"):
        state.apply("place excalibur f3")
    places = [m for m in state.legal_moves() if isinstance(m, Place)]
    assert places and all(Camelot().plan.kind(m.cell) == m.tile.kind for m in places)
    assert all(m.cell not in state.board for m in places)


def test_ruling_fireplaces_only_in_the_great_hall_centre_gardens_only_on_open_floor() -> None:
    plan = Camelot().plan
    assert plan.squares_of["f"] == ((4, 3), (5, 3))
    fits = {k for k in plan.square_counts if k == T("fireplace").kind}
    assert fits == {"f"}
    assert T("garden").kind == "." and len(plan.squares_of["."]) == 28


def test_ruling_concealment_free_and_at_most_three() -> None:
    state = Camelot().new_game(players=1, seed=4)
    assert state.concealed(0).total() == 0
    conceals = [m for m in state.legal_moves() if isinstance(m, Conceal)]
    assert [str(m) for m in conceals] == [
        "conceal wall blank",
        "conceal blacksmith",
        "conceal weaver",
        "conceal holy grail",
        "conceal banner",
        "conceal blank",
    ]
    for move in conceals[:3]:
        state.apply(move)
    assert state.concealed(0).total() == 3
    assert not any(isinstance(m, Conceal) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="concealed already"):
        state.apply(conceals[3])
    # Concealing is free: it is no placement, so the turn still cannot end.
    assert EndTurn() not in state.legal_moves()
    assert state.scores == (0,)


def test_ruling_concealed_tiles_are_hidden_from_others() -> None:
    state = _state(seed=8)
    assert state.concealed(0) == Counter({T("Holy Grail"): 1, T("treasury"): 1, T("garden"): 1})
    view = state.view(1)
    assert view.hands[0].hidden == 3
    assert Counter(dict(view.hands[0].visible)) == state.face_up(0)
    assert Counter(dict(view.hands[1].visible)) == state.hand(1)
    assert T("Holy Grail") not in dict(view.hands[0].visible)
    # A tile shown face up is laid before a concealed one of the same name: the secret stays secret.
    state.apply("place garden c3")
    assert state.concealed(0)[T("garden")] == 1 and state.face_up(0)[T("garden")] == 0
    assert state.view(1).hands[0].hidden == 3
    state.apply("place holy grail b2")
    assert state.view(1).hands[0].hidden == 2
    state.apply("conceal kitchen")
    assert state.view(1).hands[0].hidden == 3
    assert T("kitchen") not in dict(state.view(1).hands[0].visible)
    assert T("kitchen") in dict(state.view(0).hands[0].visible)


def test_view_tells_the_viewer_which_of_their_own_tiles_are_concealed() -> None:
    """The owner knows which of their tiles lie face down (and so which conceal moves are open to them)."""
    state = _state(seed=8)
    assert state.view(0).concealed == ((T("Holy Grail"), 1), (T("garden"), 1), (T("treasury"), 1))
    assert Counter(dict(state.view(1).concealed)) == state.concealed(1)
    # The same tiles in hand, another tile face down: the owner's view differs, the rival's does not.
    twin = state.copy()
    twin.hands[0].reveal(T("garden"))
    twin.hands[0].conceal(T("kitchen"))
    assert twin.hand(0) == state.hand(0)
    assert twin.view(0) != state.view(0)
    assert twin.view(0).concealed == ((T("Holy Grail"), 1), (T("treasury"), 1), (T("kitchen"), 1))
    assert twin.view(1).hands[0].hidden == state.view(1).hands[0].hidden == 3
    # A determinization keeps the viewer's own face-down tiles.
    assert state.determinize(0, seed=4).view(0) == state.view(0)


def test_ruling_draw_back_up_to_ten() -> None:
    state = _state()
    state.apply("place wall blank b1")
    state.apply("place wall blank c1")
    assert state.hand(0).total() == 8
    state.apply("end")
    assert state.hand(0).total() == 10
    assert state.bag_size == 58
    assert state.face_up(0).total() == 7  # drawn tiles arrive face up


def test_ruling_players_with_empty_hands_are_skipped() -> None:
    """Player 0 lays three tiles a turn, player 1 only one: player 0 runs out first and is skipped."""

    def policy(state: CamelotState, moves: list[Move]) -> Move:
        places = [m for m in moves if isinstance(m, Place)]
        if state.current_player == 1 and state.laid:
            return EndTurn()
        return places[0] if places else EndTurn()

    state = Camelot().new_game(players=2, seed=5)
    movers = []
    while not state.is_over:
        p = state.current_player
        assert p is not None
        if not state.laid:
            assert state.hand(p).total() > 0  # nobody is asked to play from an empty hand
        move = policy(state, state.legal_moves())
        state.apply(move)
        if isinstance(move, EndTurn):
            movers.append(p)
    assert movers[-1] == 1 and movers[-2] == 1  # player 1 played on alone
    assert state.hand(0).total() == 0 and len(state.board) == 80


def test_ruling_empty_hand_skipped_from_the_first_turn() -> None:
    """On a castle with few tiles, some seats hold nothing after the set-up; the first turn skips them too."""
    game = Camelot(plan=SMALL_PLAN, tiles=SMALL_TILES, first=3)
    state = game.new_game(players=5, seed=1)
    assert [state.hand(p).total() for p in range(5)] == [10, 6, 0, 0, 0]
    assert state.current_player == 0
    assert any(isinstance(m, Place) for m in state.legal_moves())
    assert Camelot(plan=SMALL_PLAN, tiles=SMALL_TILES, first=1).new_game(players=5, seed=1).current_player == 1


def test_ruling_game_ends_when_plan_is_covered_highest_score_wins() -> None:
    for players in (1, 2, 3, 4, 5):
        state = Camelot().new_game(players=players, seed=players)
        play_out(state, Random(players))
        assert len(state.board) == 80 and state.bag_size == 0
        assert all(state.hand(p).total() == 0 for p in range(players))
        outcome = state.outcome
        assert outcome is not None and outcome.reason == "camelot complete"
        assert outcome.scores == state.scores
        if players == 1:
            assert outcome.winners == frozenset()  # solo: the score is the result
        else:
            best = max(state.scores)
            assert outcome.winners == {p for p, s in enumerate(state.scores) if s == best}
        assert state.legal_moves() == [] and state.current_player is None


def test_equal_scores_share_the_win() -> None:
    state = _state()
    play_out(state, Random(1))
    state.track.set(0, 50)
    state.track.set(1, 50)
    outcome = state.outcome
    assert outcome is not None and outcome.winners == {0, 1}


# -- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("place garden c5", Place((2, 4), T("garden"))),
        ("PLACE Holy  Grail b2", Place((1, 1), T("Holy Grail"))),
        ("place tower c5", Place((2, 4), T("tower"))),  # well-formed, though illegal everywhere
        ("conceal wall blank", Conceal(T("wall blank"))),
        ("end", EndTurn()),
    ],
)
def test_parse_move(text: str, move: Move) -> None:
    game = Camelot()
    assert game.parse_move(text) == move
    assert game.parse_move(str(move)) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place garden",
        "place garden k1",
        "place garden c9",
        "place garden c0",
        "place dragon c5",
        "conceal",
        "conceal dragon",
        "end now",
        "c5",
        42,
        None,
        b"end",
        "place garden c5x",
    ],
)
def test_parse_move_refuses_garbage(text: object) -> None:
    with pytest.raises(NotationError):
        Camelot().parse_move(text)  # type: ignore[arg-type]


def test_illegal_moves_leave_the_state_unchanged() -> None:
    state = _state()
    before = state.snapshot()
    for bad in ["place tower c5", "place throne e3", "conceal excalibur", "conceal garden", "end"]:
        with pytest.raises(IllegalMoveError):
            state.apply(bad)
        assert state.snapshot() == before
    with pytest.raises(IllegalMoveError, match="not a Camelot move"):
        state.apply(42)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="no square"):
        state.apply(Place([1, 0], T("wall blank")))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="not a tile of this game"):
        state.apply(Conceal("garden"))  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="not a tile of this game"):
        state.apply(Conceal([1]))  # type: ignore[arg-type]
    stranger = Tile("moat", 9, "W")
    with pytest.raises(IllegalMoveError, match="not a tile of this game"):
        state.apply(Place((1, 0), stranger))
    assert state.snapshot() == before


# -- hidden information ------------------------------------------------------------------


def test_view_and_determinize() -> None:
    state = _state(seed=21)
    state.apply("place butcher b1")
    for player in (0, 1):
        view = state.view(player)
        det = state.determinize(player, seed=5)
        assert det.view(player) == view
        assert det.hand(player) == state.hand(player)
        other = 1 - player
        assert det.face_up(other) == state.face_up(other)
        assert det.concealed(other).total() == state.concealed(other).total()
        pool = state.bag.counts + state.concealed(other)
        assert det.bag.counts + det.concealed(other) == pool
    dets = {tuple(sorted(state.determinize(0, seed=s).concealed(1).elements(), key=str)) for s in range(10)}
    assert len(dets) > 1  # the hidden tiles really are resampled
    assert state.determinize(0, seed=3) == state.determinize(0, seed=3)
    # A determinized copy keeps no trace of the real hidden tiles, not even for undo.
    det = state.determinize(0, seed=3)
    with pytest.raises(UndoError):
        det.undo()
    det.apply("place wall blank c1")
    det.undo()
    assert det.view(0) == state.view(0)


def _is_high(t: Tile) -> bool:
    return t.value >= 3 and not t.garden


def test_determinize_respects_what_the_rivals_saw_dealt_and_concealed() -> None:
    """Everybody knows a rival was dealt two high tiles and a garden face down, sees which face-up tile
    they conceal, and sees when a tile they lay came from their concealed ones: every sampled world agrees."""
    state = _state(seed=8)
    for seed in range(30):
        dealt = state.determinize(1, seed=seed).concealed(0)
        assert sum(n for t, n in dealt.items() if _is_high(t)) == 2
        assert dealt[T("garden")] == 1
    state.apply("place garden c3")  # the face-up garden: nothing learnt
    state.apply("place holy grail b2")  # no face-up Grail: it was one of the two dealt high tiles
    state.apply("conceal kitchen")  # everybody saw the kitchen face up
    assert state.concealed(0) == Counter({T("treasury"): 1, T("garden"): 1, T("kitchen"): 1})
    worlds = set()
    for seed in range(30):
        det = state.determinize(1, seed=seed)
        hidden = det.concealed(0)
        assert hidden.total() == 3 and hidden[T("kitchen")] == 1 and hidden[T("garden")] == 1
        assert sum(n for t, n in hidden.items() if _is_high(t)) == 1
        assert det.view(1) == state.view(1)
        worlds.add(tuple(sorted(hidden.elements(), key=str)))
    assert len(worlds) > 1  # which high tile is still resampled
    # Player 0's own determinization keeps their hand; player 1's dealt tiles are resampled the same way.
    for seed in range(10):
        rival = state.determinize(0, seed=seed).concealed(1)
        assert sum(n for t, n in rival.items() if _is_high(t)) == 2 and rival[T("garden")] == 1


def test_determinize_depends_only_on_what_the_player_can_see() -> None:
    """Two games that differ only in a rival's face-down high tile and the bag look the same to player 0,
    and so give the very same sampled worlds."""
    state = _state(seed=8)
    state.apply("place holy grail b2")
    state.apply("end")
    twin = state.copy()
    secret = next(t for t in twin.concealed(1).elements() if _is_high(t))
    swap = next(t for t in sorted(twin.bag.counts, key=str) if _is_high(t) and t != secret)
    twin.hands[1].remove(secret)
    twin.hands[1].add(swap)
    twin.bag.take(swap)
    twin.bag.put(secret)
    assert twin.concealed(1) != state.concealed(1) and twin.view(0) == state.view(0)
    for seed in range(5):
        assert twin.determinize(0, seed=seed) == state.determinize(0, seed=seed)


def test_determinized_worlds_stay_consistent_through_a_game() -> None:
    """At every step of a random 4-player game, each sampled world gives every rival exactly the tiles
    they are publicly known to hold face down, and only high tiles and gardens for the rest."""
    state = Camelot().new_game(players=4, seed=41)
    chooser = Random(41)
    step = 0
    while not state.is_over:
        if step % 7 == 0:
            viewer = step % 4
            det = state.determinize(viewer, seed=step)
            assert det.view(viewer) == state.view(viewer)
            for q in range(4):
                if q == viewer:
                    continue
                hidden = det.concealed(q)
                # Everything face down that is not a high tile or a garden was concealed in sight of all.
                plain = Counter({t: n for t, n in hidden.items() if not _is_high(t) and not t.garden})
                real = state.concealed(q)
                assert plain == Counter({t: n for t, n in real.items() if not _is_high(t) and not t.garden})
                # What everybody knows is really there, and every sampled world keeps it.
                known = state.known_concealed(q)
                assert not known - real and not known - hidden
                assert all(_is_high(t) or t.garden for t in (hidden - known).elements())
        moves = state.legal_moves()
        state.apply(moves[chooser.randbelow(len(moves))])
        step += 1


# -- conformance, completion, records -------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_conformance(players: int) -> None:
    report = check_game(Camelot(), players=players, games=1, seed=players, sample=3)
    assert report.finished == 1


def test_conformance_random_first_player() -> None:
    assert check_game(Camelot(first="random"), players=3, games=1, seed=9, sample=2).finished == 1


@pytest.mark.parametrize("seed", range(6))
def test_every_game_completes(seed: int) -> None:
    players = 1 + seed % 5
    state = Camelot().new_game(players=players, seed=seed)
    play_out(state, Random(seed))
    assert state.is_over and len(state.board) == 80


GOLDEN_START = [
    "place well d2",
    "place holy grail b2",
    "place wall blank j5",
    "end",
    "place blank h7",
    "place butcher a2",
    "place garden e7",
    "conceal stables",
    "end",
    "place stables e2",
    "place garden b7",
    "place wall blank a4",
]


def test_golden_replay() -> None:
    """A seeded two-player random game, pinned move for move at the start and in its result."""
    state = Camelot().new_game(players=2, seed=2026)
    play_out(state, Random(2026))
    assert [str(m) for m in state.history[:12]] == GOLDEN_START
    assert [str(m) for m in state.history[-4:]] == ["place hall corner g5", "end", "place blank d7", "end"]
    assert len(state.history) == 129
    assert state.outcome is not None
    assert (state.outcome.winners, state.outcome.scores) == (frozenset({0}), (148, 92))
    record = state.to_record()
    assert json.loads(record.to_json())["game"] == "camelot"
    again = GameRecord.from_json(record.to_json()).replay()
    assert again == state


def test_undo_restores_every_step() -> None:
    state = _state(seed=31)
    chooser = Random(31)
    snaps = [state.snapshot()]
    for _ in range(60):
        moves = state.legal_moves()
        state.apply(moves[chooser.randbelow(len(moves))])
        snaps.append(state.snapshot())
    for snap in reversed(snaps[:-1]):
        state.undo()
        assert state.snapshot() == snap


# -- options: a castle of one's own ---------------------------------------------------------

SMALL_PLAN = ["T W W T", "W s . W", "W . . W", "T G G T"]
SMALL_TILES = {
    "tower": {"kind": "T", "value": 2, "count": 4},
    "wall blank": {"kind": "W", "value": 0, "count": 4},
    "armoury": {"kind": "W", "value": 2, "count": 2},
    "gatehouse": {"kind": "G", "value": 2, "count": 2},
    "chapel": {"kind": "s", "value": 3, "count": 1},
    "rose garden": {"kind": ".", "value": 1, "count": 1, "garden": True},
    "blank": {"kind": ".", "value": 0, "count": 2},
}


def test_custom_castle_plays_and_round_trips() -> None:
    game = Camelot(plan=SMALL_PLAN, tiles=SMALL_TILES)
    assert game.plan.rows == ("TWWT", "Ws.W", "W..W", "TGGT")
    assert game.tile("ROSE GARDEN").garden
    again = load("camelot", **json.loads(json.dumps(game.option_values())))
    assert again == game
    for players in (1, 2, 3):
        report = check_game(game, players=players, games=2, seed=players)
        assert report.finished == 2
    state = game.new_game(players=2, seed=1)
    play_out(state, Random(1))
    assert len(state.board) == 16


def test_default_options_round_trip() -> None:
    game = Camelot(first="random")
    assert game.option_values() == {"first": "random", "plan": None, "tiles": None}
    assert load("camelot", **game.option_values()) == game
    assert "camelot" in names()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"plan": ["TWT", "W.W"]}, "square"),
        ({"plan": "TWWT"}, "list of rows"),
        ({"plan": ["TWT", "W."]}, "must have 3 squares"),
        ({"plan": [1, 2]}, "string"),
        ({"tiles": {"tower": {"kind": "T", "value": 2}}}, "lacks 'count'"),
        ({"tiles": {"tower": {"kind": "T", "value": 2, "count": 4, "colour": 1}}}, "unknown field"),
        ({"tiles": [["tower", "TT", 2, 4]]}, "one plan letter"),
        ({"tiles": [["tower", "T", -2, 4]]}, "at least 0"),
        ({"tiles": [["tower", "T", 2, 0]]}, "at least 1"),
        ({"tiles": [["tower", "T", 1001, 4]]}, "at most 1,000, not 1001"),
        ({"tiles": [["tower", "T", 10**5000, 4]]}, "an integer of about 5001 digits"),
        ({"tiles": [["a", ".", 1, 9 * 10**4299], ["b", ".", 1, 9 * 10**4299]]}, "number <an integer of about 4301"),
        ({"tiles": [["", "T", 2, 4]]}, "bad tile name"),
        ({"tiles": [["tower", "T", 2, 2], ["Tower", "T", 2, 2]]}, "given twice"),
        ({"tiles": [["tower", "T", 2, 4, "yes"]]}, "true or false"),
        ({"tiles": 7}, "mapping"),
        ({"tiles": []}, "at least one"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Camelot(**options)


# -- pictures and heuristics ------------------------------------------------------------------


def test_render_and_svg() -> None:
    state = Camelot().new_game(players=3, seed=0)
    text = state.render()
    assert text.splitlines()[0].split() == list("abcdefghij")
    assert text.splitlines()[1].split()[0] == "1" and len(text.splitlines()[1].split()) == 12
    assert "scores: player 0: 0, player 1: 0, player 2: 0" in text and "3 concealed" in text
    picture = svg(state)
    assert all(f">{state.game.tiles.label(t)}</text>" in picture for t in state.board.values())
    assert picture.startswith("<svg") and picture.count("<rect") == 80
    assert state._repr_svg_() == picture


def test_docs_plan_picture_is_current() -> None:
    path = Path(__file__).resolve().parents[1] / "docs" / "_static" / "camelot-plan.svg"
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    fills = [r.get("fill") for r in root.iter("{http://www.w3.org/2000/svg}rect")]
    plan = Camelot().plan
    assert fills == [camelot.KIND_COLOURS[plan.kind(c)] for c in plan.cells]
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[:80] == [plan.kind(c) for c in plan.cells]
    assert "T  corner tower (4)" in texts


def test_evaluate() -> None:
    state = _state()
    assert state.evaluate(0) == 0.0
    state.apply("place bathhouse b1")  # the turn in progress counts: 1 point
    assert state.evaluate(0) == pytest.approx(math.tanh(1 / 30))
    state.undo()
    state.track.set(0, 30)
    assert 0.7 < state.evaluate(0) < 0.8 and state.evaluate(1) == -state.evaluate(0)
    play_out(state, Random(2))
    assert state.outcome is not None
    winner = next(iter(state.outcome.winners))
    assert state.evaluate(winner) == 1.0 and state.evaluate(1 - winner) == -1.0
    solo = Camelot().new_game(players=1, seed=0)
    assert solo.evaluate(0) == 0.0
    with pytest.raises(OptionError):
        solo.evaluate(1)


def test_public_names() -> None:
    assert camelot.Camelot.name == "camelot"
    assert (camelot.Camelot.min_players, camelot.Camelot.max_players) == (1, 5)
    assert set(camelot.__all__) >= {"Camelot", "Tile", "score_turn", "tile", "Place", "Conceal", "EndTurn"}


def test_a_players_screen_adds_only_their_concealed_tiles_to_the_public_one() -> None:
    # What the web page shows under "Only you see this": the lines of render_for not in render.
    chooser = Random(5)
    for players in (2, 3):
        state = Camelot().new_game(players=players, seed=players)
        for _ in range(30):
            if state.is_over:
                break
            public = state.render().splitlines()
            for seat in range(players):
                extra = [line for line in state.render_for(seat).splitlines() if line not in public]
                assert len(extra) == 1 and extra[0].startswith("   concealed (only you see them): "), extra
            moves = state.legal_moves()
            state.apply(moves[chooser.randbelow(len(moves))])


# -- from_position: a position set up by hand ---------------------------------------------------


def endgame(players: int = 2, covered: int = 68, **kwargs: object) -> CamelotState:
    """A castle with ``covered`` squares covered (each by the first unused tile of its kind), each
    hand a garden and a high tile, both concealed, and two blanks, and the rest in the bag."""
    game = Camelot()
    high = ["treasury", "library", "minstrels", "clerk", "chapel"]
    hands = [{"garden": 1, high[p]: 1, "blank": 2} for p in range(players)]
    concealed = [{"garden": 1, high[p]: 1} for p in range(players)]
    pool = Counter(game.tiles.counts)
    for hand in hands:
        pool.subtract({T(name): n for name, n in hand.items()})
    board: dict[str, str] = {}
    for cell in game.plan.cells:
        fits = [t for t in game.tiles.kinds if t.kind == game.plan.kinds[cell] and pool[t] > 0]
        if fits and len(board) < covered:
            pool[fits[0]] -= 1
            board[camelot.square_name(cell)] = str(fits[0])
    return game.from_position(board=board, hands=hands, concealed=concealed, **kwargs)


def test_from_position_lays_the_position_and_bags_the_rest() -> None:
    state = endgame(scores=(40, 52), to_move=1, seed=3)
    assert len(state.board) == 68 and state.scores == (40, 52) and state.current_player == 1
    assert state.hand(0) == Counter({T("garden"): 1, T("treasury"): 1, T("blank"): 2})
    assert state.bag_size == 80 - 68 - 8
    everything = Counter(state.board.values()) + state.hand(0) + state.hand(1) + state.bag.counts
    assert everything == Counter(Camelot().tiles.counts)
    # A concealed garden or high tile counts as dealt: hidden from the rivals, as the deal's are.
    assert state.concealed(1) == Counter({T("garden"): 1, T("library"): 1}) and state.known_concealed(1) == Counter()
    assert state.view(0).hands[1].hidden == 2 and state.view(0).hands[1].visible == ((T("blank"), 2),)
    assert any(isinstance(m, Place) for m in state.legal_moves())
    world = state.determinize(0, seed=1)
    assert world.view(0) == state.view(0) and world.concealed(1).total() == 2
    assert sum(t.garden for t in world.concealed(1).elements()) == 1


def test_a_concealed_low_tile_is_known_to_everybody_as_in_the_game() -> None:
    hands = [{"kitchen": 1, "garden": 1}, {"tower": 1}]
    state = Camelot().from_position(hands=hands, concealed=[{"kitchen": 1, "garden": 1}, {}])
    assert state.known_concealed(0) == Counter({T("kitchen"): 1})
    for seed in range(5):
        world = state.determinize(1, seed=seed)
        assert world.concealed(0)[T("kitchen")] == 1 and world.concealed(0).total() == 2
        assert next(t for t in world.concealed(0) if t != T("kitchen")).garden  # a dealt garden stays a garden


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_game_from_a_position_passes_the_kit_and_its_record_replays(players: int) -> None:
    check_game(Camelot(), games=0, positions=[endgame(players, seed=players)], sample=2)
    state = endgame(players, seed=players)
    play_out(state, Random(players))
    again = GameRecord.from_json(state.to_record().to_json()).replay()
    assert again == state and again.history == state.history and again.scores == state.scores


def test_from_position_takes_the_rules_first_player_by_default() -> None:
    assert endgame(seed=1).current_player == 0
    assert Camelot(first=1).from_position(hands=[{}, {"tower": 1}]).current_player == 1
    drawn = {Camelot(first="random").from_position(hands=[{}, {}, {}], seed=s).current_player for s in range(12)}
    assert drawn == {0, 1, 2}
    state = Camelot(first="random").from_position(hands=[{"tower": 1}, {}, {}], seed=5)
    assert state.to_record().setup["to_move"] == state.current_player
    assert state.to_record().replay() == state


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"hands": [{}] * 6}, "1 to 5 players, not 6"),
        ({"hands": []}, "1 to 5 players, not 0"),
        ({"hands": "tower"}, "hands must be a list"),
        ({"hands": [{"tower": 11}, {}]}, "at most 10"),
        ({"hands": [{"tower": 5}, {}]}, "uses 5 'tower' tiles, but the game has 4"),
        ({"hands": [{"dragon": 1}, {}]}, "no tile named 'dragon'"),
        ({"hands": [{"tower": 1.0}, {}]}, "must be an integer"),
        ({"hands": [{"tower": 1}, {}], "concealed": [{"tower": 2}, {}]}, "conceals 2 'tower' but holds 1"),
        ({"hands": [{"blank": 4}, {}], "concealed": [{"blank": 4}, {}]}, "at most 3 lie face down"),
        ({"hands": [{}, {}], "concealed": [{}]}, "concealed has 1 entries for 2 players"),
        ({"hands": [{}, {}], "board": {"a1": "kitchen"}}, "a 'kitchen' does not fit square a1 (corner tower)"),
        ({"hands": [{}, {}], "board": {"z9": "tower"}}, "no square 'z9'"),
        ({"hands": [{}, {}], "board": {"b1": "wall blank", (1, 0): "bathhouse"}}, "square b1 is given twice"),
        ({"hands": [{}, {}], "board": ["a1"]}, "board must map squares to tiles"),
        ({"hands": [{}, {}], "scores": (1,)}, "scores has 1 entries for 2 players"),
        ({"hands": [{}, {}], "scores": (1, -1)}, "a score must be a non-negative integer"),
        ({"hands": [{}, {}], "to_move": 2}, "no player 2 in a 2-player game"),
        ({"hands": [{}, {}], "to_move": 1.0}, "a player is a seat number"),
    ],
)
def test_from_position_refuses_what_is_not_a_position(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=re.escape(message)):
        Camelot().from_position(**given)


def test_from_position_refuses_a_first_player_the_position_has_no_seat_for() -> None:
    with pytest.raises(OptionError, match="first player 3 is not a seat of a 2-player game"):
        Camelot(first=3).from_position(hands=[{}, {}])
    assert Camelot(first=3).from_position(hands=[{}, {}], to_move=1).current_player == 1
