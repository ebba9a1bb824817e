"""Tests of Field of the Cloth of Gold: every action and ruling on constructed
positions, hidden information, conservation of tiles, conformance and a
golden replay."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from boardkit import GameRecord, IllegalMoveError, NotationError, OptionError, Random, UndoError
from boardkit.games import load
from boardkit.games.cloth_of_gold import (
    ClothOfGold,
    ClothOfGoldState,
    Move,
    Space,
    Tile,
    winners_of,
)
from boardkit.games.cloth_of_gold.render import cells
from boardkit.render import svg
from boardkit.testing import check_game

G, B, W, R, J = Tile.GOLD, Tile.BLUE, Tile.WHITE, Tile.RED, Tile.JEWEL

#: Tile spaces all holding something harmless for the test at hand.
QUIET = {"secrecy": "gold", "gold": "red", "blue": "gold", "white": "gold", "red": "gold", "purple": "red"}


def position(edition: int = 2023, **kwargs: Any) -> ClothOfGoldState:
    spaces = dict(QUIET)
    for space, tile in kwargs.pop("tile_spaces", {}).items():
        spaces[space] = tile
    occupied = {s.value if isinstance(s, Space) else s for pair in kwargs.get("tokens", ()) for s in pair}
    dragon = kwargs.get("dragon")
    occupied.add(dragon.value if isinstance(dragon, Space) else dragon)
    for space in occupied:
        spaces.pop(space, None)
    kwargs.setdefault("seed", 0)  # the same draws every run
    return ClothOfGold(variant=edition).from_position(tile_spaces=spaces, **kwargs)


def all_tiles(state: ClothOfGoldState) -> Counter[Tile]:
    total = state.hand(0) + state.hand(1) + state.court(0) + state.court(1)
    total += state.darkness_contents() + state.removed
    total.update(t for t in state.tile_spaces.values() if t is not None)
    return total


# -- options and set-up ---------------------------------------------------------


def test_editions_and_options() -> None:
    assert ClothOfGold().variant == 2023 and ClothOfGold.about.variant_option == "variant"
    assert ClothOfGold(2020).tile_set == Counter({G: 18, B: 12, W: 12, R: 12})
    assert ClothOfGold().tile_set == Counter({G: 12, B: 12, W: 12, R: 12, J: 6})
    for bad in (2021, "2023", 2023.0, True):
        with pytest.raises(OptionError, match="variant must be 2023 or 2020"):
            ClothOfGold(variant=bad)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="first must be player 0 or 1"):
        ClothOfGold(first=2)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        ClothOfGold(colour="red")
    for game in (ClothOfGold(), ClothOfGold(variant=2020, first=1)):
        assert load("cloth-of-gold", **game.option_values()) == game
    assert ClothOfGold(first=1).new_game(seed=0).current_player == 1
    with pytest.raises(OptionError):
        ClothOfGold().new_game(players=3)


def test_edition_is_only_an_old_spelling_of_variant_with_one_warning() -> None:
    import warnings

    import boardkit.games.cloth_of_gold as cloth_of_gold

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game = ClothOfGold(edition=2020)
    assert [type(w.message) for w in caught] == [DeprecationWarning]
    assert "write ClothOfGold(variant=...)" in str(caught[0].message)
    assert game.option_values() == {"variant": 2020, "first": 0} and game == ClothOfGold(2020)
    # One name per idea: the other old names are gone, not shimmed.
    for owner in (game, game.options, game.new_game(seed=0), cloth_of_gold):
        for old in ("edition", "EDITIONS"):
            assert not hasattr(owner, old), (owner, old)
    with pytest.raises(OptionError, match="give the variant once"):
        ClothOfGold(2023, edition=2020)
    # A record written before the rename still replays, with the one warning.
    state = ClothOfGold(2020).new_game(seed=3)
    state.apply(state.legal_moves()[0])
    old = state.to_record().to_json().replace('"variant": 2020', '"edition": 2020')
    assert '"edition": 2020' in old
    with pytest.warns(DeprecationWarning, match=r"ClothOfGold\(edition=\.\.\.\) is deprecated"):
        assert GameRecord.from_json(old).replay() == state


@pytest.mark.parametrize("edition", [2023, 2020])
def test_set_up(edition: int) -> None:
    for seed in range(200):
        state = ClothOfGold(variant=edition).new_game(seed=seed)
        assert all_tiles(state) == ClothOfGold(variant=edition).tile_set
        assert state.darkness_size == 44
        assert [state.hand_size(p) for p in (0, 1)] == [2, 2]
        # The jewels are held back until both opening hands are drawn.
        assert state.hand(0)[J] == state.hand(1)[J] == 0
        assert all(t is not None for t in state.tile_spaces.values())
        assert list(state.tile_spaces) == [Space.SECRECY, Space.GOLD, Space.BLUE, Space.WHITE, Space.RED, Space.PURPLE]
        assert state.dragon is None and state.scores == (0, 0)
    # Jewels do reach the tile spaces of some set-ups.
    assert any(J in ClothOfGold().new_game(seed=s).tile_spaces.values() for s in range(200))


# -- turns and moves ----------------------------------------------------------------


def test_first_two_turns_bring_tokens_on_then_one_moves() -> None:
    state = ClothOfGold().new_game(seed=1)
    assert {m.token for m in state.legal_moves()} == {0}
    assert len(state.legal_moves()) == 6 + 6  # six spaces, or the Dragon's oval with six destinations
    state.apply("A-gold")
    assert {m.token for m in state.legal_moves()} == {0}
    state.apply("A-blue")
    assert {m.token for m in state.legal_moves()} == {1}
    state.apply("B-white")
    state.apply("B-red")
    assert {m.token for m in state.legal_moves()} == {0, 1}
    assert state.tokens(0) == (Space.GOLD, Space.WHITE)
    assert state.tokens(1) == (Space.BLUE, Space.RED)
    with pytest.raises(IllegalMoveError, match="a token stands on the blue space"):
        state.apply("A-blue")


def test_token_b_enters_only_on_the_second_turn() -> None:
    state = ClothOfGold().new_game(seed=1)
    with pytest.raises(IllegalMoveError, match="token A enters the board first"):
        state.apply("B-gold")
    state.apply("A-gold")
    state.apply("A-red")
    with pytest.raises(IllegalMoveError, match="token B enters the board on the second turn"):
        state.apply("A-blue")


def test_notation_round_trip_and_garbage() -> None:
    game = ClothOfGold()
    for text in ("A-gold", "B-dragon/red", "A-secrecy", "B-purple"):
        assert str(game.parse_move(text)) == text
    assert game.parse_move(" a-DRAGON/White ") == Move(0, Space.DRAGON, Space.WHITE)
    for bad in ("", "C-gold", "A-green", "A-dragon", "A-gold/red", "A-dragon/dragon", "A gold", 7, None):
        with pytest.raises(NotationError):
            game.parse_move(bad)  # type: ignore[arg-type]
    assert eval(repr(Move(1, Space.DRAGON, Space.GOLD))) == Move(1, Space.DRAGON, Space.GOLD)


def test_illegal_move_values_leave_the_state_alone() -> None:
    state = position(tokens=[("secrecy", "gold"), ("blue", None)], to_move=0)
    before = state.snapshot()
    cases = {
        Move(0, Space.DRAGON): "names where the dragon goes",
        Move(0, Space.DRAGON, Space.SECRECY): "may not go to the secrecy space that token A just left",
        Move(1, Space.DRAGON, Space.BLUE): "the blue space is not empty",
        Move(0, Space.RED, Space.GOLD): "only a move onto the dragon's oval names",
        Move(1, Space.BLUE): "a token stands on the blue space",
        Move(2, Space.RED): "token A or B",
    }
    for move, reason in cases.items():
        with pytest.raises(IllegalMoveError, match=reason):
            state.apply(move)
        assert state.snapshot() == before
    with pytest.raises(IllegalMoveError, match="not a cloth-of-gold move"):
        state.apply(("A", "red"))  # type: ignore[arg-type]


def test_gift_goes_to_the_rivals_court() -> None:
    state = position(tile_spaces={"white": "blue"}, darkness={"red": 5})
    state.apply("A-white")
    assert state.court(1) == Counter({B: 1})
    assert state.court(0) == Counter()
    assert state.tile_spaces[Space.WHITE] is None
    assert state.scores == (0, 0)


# -- the seven actions ----------------------------------------------------------------


def test_dragon_action_and_its_return_home() -> None:
    state = position(
        tile_spaces={"secrecy": "white", "gold": "blue", "blue": "red", "white": "gold", "red": "jewel"},
        darkness={"gold": 5},
    )
    state.apply("A-dragon/red")
    assert state.dragon is Space.RED
    assert state.court(1) == Counter({J: 1})  # the tile where the Dragon lands is a Gift
    assert state.tile_spaces[Space.RED] is None  # no refill under the Dragon
    assert state.darkness_size == 5
    assert not any(m.to is Space.RED for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="the dragon stands on the red space"):
        state.apply("A-red")
    state.apply("A-gold")
    state.apply("B-white")  # the other token moves: the Dragon stays
    assert state.dragon is Space.RED
    state.apply("B-blue")
    assert state.dragon is Space.RED
    state.apply("A-secrecy")  # the token leaves the Dragon's oval
    assert state.dragon is None
    assert state.tile_spaces[Space.RED] is Tile.GOLD  # refilled once the Dragon went home
    assert state.hand(0)[G] == 1  # Secrecy at row 0: one tile
    assert state.darkness_size == 3
    assert state.tokens(0) == (Space.SECRECY, Space.WHITE)


def test_dragon_may_not_go_where_the_token_came_from() -> None:
    state = position(tokens=[("secrecy", "gold"), (None, None)], to_move=0)
    dests = {m.dragon for m in state.legal_moves() if m.token == 0 and m.to is Space.DRAGON}
    assert dests == {Space.BLUE, Space.WHITE, Space.RED, Space.PURPLE}
    dests_b = {m.dragon for m in state.legal_moves() if m.token == 1 and m.to is Space.DRAGON}
    assert dests_b == {Space.BLUE, Space.WHITE, Space.RED, Space.PURPLE}


@pytest.mark.parametrize(("score", "draws"), [(0, 1), (7, 1), (8, 2), (15, 2), (16, 2), (23, 2), (24, 3), (29, 3)])
def test_secrecy_draws_by_row(score: int, draws: int) -> None:
    state = position(scores=(score, 0), darkness={"white": 10})
    state.apply("A-secrecy")
    assert state.hand(0) == Counter({W: draws})
    assert state.court(1) == Counter({G: 1})  # the Secrecy space's tile, as a Gift
    assert state.darkness_size == 10 - draws - 0  # nothing to refill: the token stands on Secrecy
    assert state.scores == (score, 0)


@pytest.mark.parametrize(
    ("hand", "court", "rival", "tile", "points"),
    [
        (2, 1, 2, "red", 2),  # 3 against 2
        (1, 1, 2, "red", 0),  # equal: nothing
        (0, 0, 1, "red", 0),  # fewer: nothing
        (2, 1, 2, "gold", 0),  # the Gift of a gold tile makes the rival's 3: equal
    ],
)
def test_gold_action(hand: int, court: int, rival: int, tile: str, points: int) -> None:
    state = position(hands=[{G: hand}, {}], courts=[{G: court}, {G: rival}], tile_spaces={"gold": tile})
    state.apply("A-gold")
    assert state.scores == (points, 0)
    assert state.court(0)[G] == hand + court
    assert state.hand(0)[G] == 0
    assert state.removed == Counter()  # nothing is removed


@pytest.mark.parametrize(
    ("hand", "court", "points"), [(0, 0, 0), (0, 1, 1), (1, 1, 3), (2, 1, 6), (4, 0, 6), (3, 3, 6)]
)
def test_blue_action(hand: int, court: int, points: int) -> None:
    state = position(hands=[{B: hand, W: 1}, {}], courts=[{B: court}, {B: 2}], darkness={"red": 10})
    before = state.removed
    state.apply("A-blue")
    assert state.scores == (points, 0)
    assert state.court(0)[B] == 0
    assert state.court(1)[B] == 2  # the rival's blues stay
    assert state.hand(0) == Counter({W: 1})
    assert state.removed - before == Counter({B: hand + court})


def test_white_action() -> None:
    state = position(hands=[{W: 2, B: 1}, {W: 1}], courts=[{W: 1}, {W: 1}], darkness={"red": 10})
    before = state.removed
    state.apply("A-white")
    assert state.scores == (3, 0)
    assert state.court(0)[W] == 0 and state.court(1)[W] == 1
    assert state.hand(0) == Counter({B: 1})
    assert state.removed - before == Counter({W: 3})


def test_red_action_scores_both_removes_reds_then_secrecy_both() -> None:
    state = position(
        hands=[{R: 2}, {R: 1}],
        courts=[{R: 1, B: 1}, {R: 2}],
        scores=(6, 20),
        darkness={"blue": 10},
        tile_spaces={"red": "white"},
    )
    before = state.removed
    state.apply("A-red")
    assert state.scores == (9, 22)
    assert state.court(0) == Counter({B: 1})
    assert state.court(1) == Counter({W: 1})  # the Gift stays, the reds go
    assert state.removed - before == Counter({R: 5})
    assert state.hand(0) == Counter({B: 2})  # row 1: two tiles
    assert state.hand(1) == Counter({R: 1, B: 2})  # row 2: two tiles; the hidden red is not revealed
    assert state.darkness_size == 6


def test_red_secrecy_acting_player_first() -> None:
    state = position(hands=[{R: 1}, {}], scores=(8, 0), darkness={"gold": 2})
    state.apply("A-red")
    assert state.hand(0) == Counter({G: 2})
    assert state.hand(1) == Counter()  # the Darkness ran out during the acting player's Secrecy
    assert state.outcome is not None and state.outcome.reason == "the darkness ran out"


def test_purple_action() -> None:
    state = position(
        hands=[{G: 1, B: 1, W: 1, R: 2, J: 1}, {}],
        courts=[{G: 1, B: 1, W: 1}, {}],
        tile_spaces={"purple": "white"},
        darkness={"red": 5},
    )
    state.apply("A-purple")
    assert state.hand(0) == Counter()
    assert state.court(0) == Counter({G: 2, B: 2, W: 2, R: 2, J: 1})
    assert state.scores == (4, 0)
    assert state.court(1) == Counter({W: 1})


def test_refill_only_empty_ovals() -> None:
    state = position(tokens=[("gold", "blue"), ("white", None)], darkness={"jewel": 3}, to_move=0)
    state.apply("A-purple")
    spaces = state.tile_spaces
    assert spaces[Space.GOLD] is J  # vacated: refilled
    assert spaces[Space.PURPLE] is None and spaces[Space.BLUE] is None and spaces[Space.WHITE] is None
    assert spaces[Space.SECRECY] is G and spaces[Space.RED] is G
    assert state.darkness_size == 2


# -- the end ---------------------------------------------------------------------------


def test_thirty_ends_before_the_removal() -> None:
    state = position(hands=[{W: 2}, {}], courts=[{W: 1}, {}], scores=(28, 3), darkness={"red": 8})
    before = state.removed
    state.apply("A-white")
    assert state.outcome is not None
    assert state.outcome.reason == "score 30 reached"
    assert state.court(0)[W] == 3  # never removed
    assert state.removed == before
    assert state.outcome.winners == frozenset({0})
    assert state.endgame_points == ((0, 0), (0, 3))  # the Gift of the white space's gold, at row 0
    assert state.scores == (31, 6)
    assert state.current_player is None and state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply("B-gold")


def test_blue_thirty_ends_before_the_removal() -> None:
    state = position(hands=[{B: 1}, {}], courts=[{B: 2}, {}], scores=(24, 0), darkness={"red": 8})
    before = state.removed
    state.apply("A-blue")
    assert state.outcome is not None and state.outcome.reason == "score 30 reached"
    assert state.scores_before_endgame == (30, 0)
    assert state.court(0)[B] == 3 and state.removed == before


def test_gold_thirty_ends_the_game() -> None:
    state = position(hands=[{G: 1}, {}], scores=(29, 0), darkness={"red": 8})
    state.apply("A-gold")
    assert state.outcome is not None and state.outcome.reason == "score 30 reached"
    # 31 is row 3: the gold in Court scores 1 more.
    assert state.endgame_points == ((0, 1), (0, 0))
    assert state.scores == (32, 0)


def test_red_thirty_for_the_rival_ends_before_removal_and_secrecy() -> None:
    state = position(courts=[{}, {R: 2, G: 1}], hands=[{R: 1}, {}], scores=(10, 28), darkness={"white": 10})
    state.apply("A-red")
    assert state.outcome is not None and state.outcome.reason == "score 30 reached"
    assert state.court(0)[R] == 1 and state.court(1)[R] == 2
    assert state.hand_size(0) == 0 and state.hand_size(1) == 0
    # End of game: p1 at 30 (row 3) scores 1 per gold (one was the red space's Gift).
    assert state.court(1)[G] == 2
    assert state.endgame_points == ((0, 0), (0, 2))
    assert state.scores == (11, 32)
    assert state.outcome.winners == frozenset({1})


def test_darkness_running_out_at_refill_ends_at_once() -> None:
    state = position(tokens=[("secrecy", "gold"), (None, None)], darkness={"blue": 1}, to_move=0)
    state.apply("A-white")
    assert state.outcome is not None and state.outcome.reason == "the darkness ran out"
    assert state.darkness_size == 0
    assert state.tile_spaces[Space.SECRECY] is B


def test_secrecy_draw_stops_when_the_darkness_is_empty() -> None:
    state = position(scores=(25, 0), darkness={"blue": 2})
    state.apply("A-secrecy")
    assert state.hand(0) == Counter({B: 2})
    assert state.outcome is not None and state.outcome.reason == "the darkness ran out"


def test_jewels_then_gold_by_the_row_after_jewel_points() -> None:
    state = position(scores=(14, 0), courts=[{J: 3, G: 2}, {G: 1}], darkness={"red": 1}, tile_spaces={"secrecy": "red"})
    state.apply("A-secrecy")
    assert state.outcome is not None
    # 14 + 3 x 3 = 23 (row 2), then 2 per gold: 27. The rival: gold 1 at row 0.
    assert state.endgame_points == ((9, 4), (0, 3))
    assert state.scores == (27, 3)
    assert state.scores_before_endgame == (14, 0)
    assert state.hand(0) == Counter({R: 1})


def test_hand_tiles_score_nothing_at_the_end() -> None:
    state = position(hands=[{J: 2, G: 3}, {}], darkness={"red": 1}, tile_spaces={"secrecy": "red"})
    state.apply("A-secrecy")
    assert state.endgame_points == ((0, 0), (0, 0))
    assert state.scores == (0, 0)


def test_tie_breaks() -> None:
    assert winners_of((31, 29), ({}, {W: 4})) == frozenset({0})
    assert winners_of((30, 30), ({W: 2}, {W: 1, G: 5})) == frozenset({0})
    assert winners_of((30, 30), ({W: 1, R: 1}, {W: 1, G: 5})) == frozenset({1})
    assert winners_of((30, 30), ({W: 1, R: 1}, {W: 1, G: 1})) == frozenset({0, 1})


def test_shared_victory_end_to_end() -> None:
    state = position(courts=[{R: 1}, {}], tile_spaces={"secrecy": "red"}, darkness={"blue": 1})
    state.apply("A-secrecy")
    assert state.outcome is not None
    assert state.outcome.winners == frozenset({0, 1})
    assert state.outcome.scores == (0.0, 0.0)
    assert state.evaluate(0) == 0.0


def test_tie_broken_by_whites_end_to_end() -> None:
    state = position(courts=[{}, {W: 1}], tile_spaces={"secrecy": "red"}, darkness={"blue": 1})
    state.apply("A-secrecy")
    assert state.outcome is not None and state.outcome.winners == frozenset({1})
    assert state.evaluate(1) == 1.0 and state.evaluate(0) == -1.0


# -- positions ---------------------------------------------------------------------------


def test_from_position_errors() -> None:
    game = ClothOfGold()
    bad: list[tuple[dict[str, Any], str]] = [
        ({"scores": (30, 0)}, "scores must be below 30"),
        ({"scores": (-1, 0)}, "non-negative"),
        ({"to_move": 2}, "to_move must be player 0 or 1"),
        ({"tokens": [(None, "gold"), (None, None)]}, "token B is on the board before token A"),
        ({"tokens": [("gold", None), ("gold", None)]}, "two tokens stand on one space"),
        ({"dragon": "gold"}, "only while a token stands on the dragon's oval"),
        ({"dragon": "dragon"}, "dragon=None"),
        # Entering the Dragon's oval always sends the Dragon away, and it stays
        # away while the token stays: a token there with the Dragon home is no position.
        ({"tokens": [("dragon", None), (None, None)]}, "name where the dragon stands"),
        ({"hands": [{"green": 1}, {}]}, "no tile 'green'"),
        ({"hands": [{"gold": 13}, {}]}, "uses 13 gold tiles, but the 2023 edition has 12"),
        ({"courts": [{"gold": -1}, {}]}, "non-negative integer"),
        ({"tile_spaces": {"dragon": "gold"}}, "has no tile space"),
        ({"tokens": [("gold", None), (None, None)], "tile_spaces": {"gold": "red"}}, "gold oval is occupied"),
        ({"tile_spaces": {"gold": None}}, "gold oval is empty, so its tile space holds a tile"),
        ({"darkness": {"gold": 1}, "removed": {}}, "leaves out tiles"),
        ({"darkness": {}, "tile_spaces": QUIET}, "leave at least one tile"),
        ({"hands": "gold"}, "must be a pair"),
    ]
    for kwargs, message in bad:
        with pytest.raises(OptionError, match=message):
            game.from_position(**kwargs)
    with pytest.raises(OptionError, match="uses 1 jewel tiles, but the 2020 edition has 0"):
        ClothOfGold(variant=2020).from_position(hands=[{"jewel": 1}, {}])


def test_from_position_fills_free_tile_spaces_and_keeps_every_tile() -> None:
    state = ClothOfGold().from_position(tokens=[("gold", None), (None, None)], dragon=None, seed=3)
    assert state.tile_spaces[Space.GOLD] is None
    assert sum(t is not None for t in state.tile_spaces.values()) == 5
    assert all_tiles(state) == ClothOfGold().tile_set
    assert state.darkness_size == 54 - 5


# -- hidden information -------------------------------------------------------------------


def test_views_hide_the_rivals_hand_and_the_darkness() -> None:
    common: dict[str, Any] = {"courts": [{G: 1}, {B: 2}], "scores": (5, 7), "tile_spaces": QUIET}
    one = ClothOfGold().from_position(hands=[{W: 1}, {R: 2}], darkness={G: 4, R: 1, B: 3}, seed=1, **common)
    two = ClothOfGold().from_position(hands=[{W: 1}, {G: 1, B: 1}], darkness={G: 3, R: 3, B: 2}, seed=2, **common)
    assert one.removed == two.removed
    assert one.view(0) == two.view(0)  # player 0 cannot tell them apart
    assert one.view(1) != two.view(1)  # player 1 can: it is their own hand
    assert one.view(0).hand == ((W, 1),)
    assert one.view(0).rival_hand_size == 2
    view = one.view(1)
    assert view.hand == ((R, 2),) and view.courts == (((G, 1),), ((B, 2),)) and view.darkness_size == 8
    with pytest.raises(OptionError):
        one.view(2)


def test_determinize_resamples_what_the_player_cannot_see() -> None:
    state = ClothOfGold().new_game(seed=8)
    for move in ("A-secrecy", "A-gold", "B-blue", "B-red"):
        state.apply(move)
    unseen = state.hand(1) + state.darkness_contents()
    rival_hands = set()
    for seed in range(20):
        twin = state.determinize(0, seed=seed)
        assert twin.view(0) == state.view(0)
        assert twin.hand(0) == state.hand(0)
        assert twin.hand_size(1) == state.hand_size(1)
        assert twin.hand(1) + twin.darkness_contents() == unseen
        assert all_tiles(twin) == all_tiles(state)
        assert twin.legal_moves() == state.legal_moves()
        rival_hands.add(tuple(sorted(twin.hand(1).elements(), key=lambda t: t.value)))
        twin.apply(twin.legal_moves()[0])  # the twin draws with its own generator
    assert len(rival_hands) > 1
    assert state.determinize(0, seed=5) == state.determinize(0, seed=5)


# -- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", [2023, 2020])
def test_tile_conservation_in_random_games(edition: int) -> None:
    game = ClothOfGold(variant=edition)
    full = game.tile_set
    reasons: Counter[str] = Counter()
    for seed in range(300):
        state = game.new_game(seed=seed)
        chooser = Random(seed + 1000)
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[chooser.randbelow(len(moves))])
            assert all_tiles(state) == full, (seed, [str(m) for m in state.history])
            if not state.is_over:
                # The Dragon is away exactly while a token stands on its oval, and a
                # tile space holds a tile exactly when its oval is free.
                assert (state.dragon is not None) == (Space.DRAGON in state.tokens(0) + state.tokens(1))
                for space, tile in state.tile_spaces.items():
                    assert (tile is None) == (state.occupant(space) is not None)
        assert state.outcome is not None
        reasons[state.outcome.reason] += 1
        if state.outcome.reason == "the darkness ran out":
            assert state.darkness_size == 0
        else:
            assert max(state.scores_before_endgame) >= 30
    assert sum(reasons.values()) == 300


@pytest.mark.parametrize("edition", [2023, 2020])
def test_conformance(edition: int) -> None:
    report = check_game(ClothOfGold(variant=edition), games=12, seed=edition)
    assert report.finished == 12
    report = check_game(ClothOfGold(variant=edition, first=1), games=3, seed=1)
    assert report.finished == 3


def test_undo_restores_everything() -> None:
    state = ClothOfGold().new_game(seed=4)
    chooser = Random(4)
    seen = [state.snapshot()]
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[chooser.randbelow(len(moves))])
        seen.append(state.snapshot())
    while state.history:
        state.undo()
        seen.pop()
        assert state.snapshot() == seen[-1]


GOLDEN_2023 = [
    "A-dragon/white",
    "A-secrecy",
    "B-gold",
    "B-blue",
    "B-purple",
    "B-red",
    "A-blue",
    "A-dragon/gold",
    "B-secrecy",
    "A-white",
    "A-purple",
    "B-blue",
    "A-dragon/red",
    "B-purple",
    "A-gold",
    "A-dragon/blue",
    "B-white",
    "A-red",
    "A-blue",
    "B-secrecy",
    "B-purple",
    "A-gold",
    "B-dragon/red",
    "B-white",
    "A-purple",
    "B-secrecy",
    "A-white",
    "A-purple",
    "A-blue",
    "B-gold",
    "A-secrecy",
    "A-blue",
    "A-white",
    "B-purple",
    "B-gold",
    "B-dragon/secrecy",
]
GOLDEN_2020 = [
    "A-blue",
    "A-dragon/purple",
    "B-white",
    "B-gold",
    "A-secrecy",
    "A-red",
    "B-dragon/blue",
    "B-white",
    "A-gold",
    "B-purple",
    "B-secrecy",
    "B-white",
    "B-dragon/purple",
    "B-blue",
    "B-secrecy",
    "A-dragon/white",
    "B-red",
    "A-purple",
    "A-secrecy",
    "B-dragon/white",
    "B-blue",
    "B-red",
    "B-white",
    "B-gold",
    "A-red",
    "A-dragon/blue",
    "B-purple",
    "B-secrecy",
    "B-gold",
]


@pytest.mark.parametrize(
    ("edition", "seed", "chooser", "moves", "winners", "scores", "endgame"),
    [
        (2023, 2026, 99, GOLDEN_2023, {1}, (29, 44), ((4, 4), (16, 7))),
        (2020, 2020, 7, GOLDEN_2020, {0}, (41, 30), ((0, 22), (0, 15))),
    ],
)
def test_golden_replay(
    edition: int,
    seed: int,
    chooser: int,
    moves: list[str],
    winners: set[int],
    scores: tuple[int, int],
    endgame: tuple[tuple[int, int], tuple[int, int]],
) -> None:
    game = ClothOfGold(variant=edition)
    state = game.new_game(seed=seed)
    pick = Random(chooser)
    while not state.is_over:
        legal = state.legal_moves()
        state.apply(legal[pick.randbelow(len(legal))])
    assert [str(m) for m in state.history] == moves
    again = game.new_game(seed=seed)
    for text in moves:
        again.apply(text)
    assert again == state
    assert again.outcome is not None
    assert again.outcome.winners == frozenset(winners)
    assert again.outcome.scores == scores
    assert again.outcome.reason == "the darkness ran out"
    assert again.endgame_points == endgame
    record = GameRecord.from_json(state.to_record().to_json())
    assert record.replay() == state


# -- pictures and the heuristic --------------------------------------------------------------


def test_render_hides_hands_unless_asked() -> None:
    state = position(hands=[{J: 2}, {W: 1}], courts=[{G: 1}, {}], scores=(9, 17), dragon=None)
    text = state.render()
    assert "jewel 2" not in text and "white 1" not in text
    assert "court 0  gold 1" in text
    assert "  row 1  8-15 .0......" in text
    assert "  row 2 16-23 .1......" in text
    assert state.render_for(0).endswith("your hand (player 0): jewel 2 (only you see it)")
    assert state.render_for(1).endswith("your hand (player 1): white 1 (only you see it)")


def test_svg() -> None:
    state = ClothOfGold().new_game(seed=0)
    state.apply("A-dragon/gold")
    board, labels, _ = cells(state)
    assert labels[Space.DRAGON] == "dragon: 0A"
    assert labels[Space.GOLD] == "gold: DRAGON"
    assert len(board.cells) == 7
    picture = svg(state)
    assert picture.startswith("<svg") and "gold: DRAGON" in picture
    # The oval's tooltip names the token's player in words, which the site counts from 1 (a review: "0A").
    assert "<title>dragon: player 0's token A</title>" in picture


def test_evaluate() -> None:
    ahead = position(scores=(20, 4), courts=[{J: 2}, {}])
    assert ahead.evaluate(0) == pytest.approx(-ahead.evaluate(1))
    assert 0.9 < ahead.evaluate(0) < 1.0
    assert position().evaluate(0) == 0.0


# -- review fixes: copies, undo and determinizations ---------------------------------------


def test_a_copy_stays_independent_when_both_take_back_the_same_move() -> None:
    # Undo used to put the saved Hand, Court and board objects themselves back,
    # and a copy shares its undo records with the original: after both took
    # back the same move, a later move on one changed the other.
    state = ClothOfGold().new_game(seed=8)
    for move in ("A-secrecy", "A-gold", "B-blue"):
        state.apply(move)
    twin = state.copy()
    state.undo()
    twin.undo()
    kept = twin.snapshot()
    state.apply("B-red")  # reveals, scores, removes and draws on the original
    assert twin.snapshot() == kept
    assert twin.tokens(0) == (Space.SECRECY, None) and twin.tokens(1) == (Space.GOLD, None)
    twin.apply("B-purple")
    assert state.tokens(0) == (Space.SECRECY, Space.RED)


def test_a_determinization_carries_no_hidden_part_of_the_real_game() -> None:
    state = ClothOfGold().new_game(seed=8)
    for move in ("A-secrecy", "A-gold", "B-blue", "B-red"):
        state.apply(move)
    twin = state.determinize(0, seed=3)
    # The real seed would rebuild the real game from the public moves.
    assert twin.seed != state.seed
    # Taking back a move played before the deal would restore the real Hands.
    with pytest.raises(UndoError, match=r"dealt after move 4 \('B-red'\); it cannot be taken back past"):
        twin.undo()
    assert twin.view(0) == state.view(0) and len(twin.history) == 4
    # Moves played on the twin itself are taken back as usual.
    kept = twin.snapshot()
    twin.apply(twin.legal_moves()[0])
    twin.undo()
    assert twin.snapshot() == kept
    assert twin.seed == 3 and state.determinize(0, seed=3) == twin


def test_determinize_deals_no_jewel_into_an_opening_hand() -> None:
    # The jewels join the Darkness only after both opening hands are drawn, so
    # the rival's two opening tiles are known not to be jewels.
    state = ClothOfGold().new_game(seed=8)
    for seed in range(200):
        twin = state.determinize(0, seed=seed)
        assert twin.hand(1)[J] == 0 and twin.hand_size(1) == 2
        assert twin.view(0) == state.view(0)
    assert state.view(0).drawn_since_reveal == ((2, 2, 2, 2, 0), (2, 2, 2, 2, 0))


def test_determinize_keeps_out_colours_the_rival_just_revealed() -> None:
    state = ClothOfGold().new_game(seed=8)
    state.apply("A-secrecy")  # player 0 draws one tile
    state.apply("A-gold")  # player 1 reveals every gold in Hand and has drawn nothing since
    state.apply("B-blue")  # player 0 reveals blue: nothing drawn since
    unseen_by_1 = state.hand(0) + state.darkness_contents()
    for seed in range(200):
        twin = state.determinize(0, seed=seed)
        assert twin.hand(1)[G] == 0 and twin.hand(1)[J] == 0
        other = state.determinize(1, seed=seed)
        assert other.hand(0)[B] == 0 and other.hand(0)[J] <= 1  # one tile drawn after the opening
        assert other.hand(0) + other.darkness_contents() == unseen_by_1
        assert other.hand_size(0) == state.hand_size(0)
    assert state.drawn_since_reveal(1) == {G: 0, B: 2, W: 2, R: 2, J: 0}
    assert state.drawn_since_reveal(0) == {G: 3, B: 0, W: 3, R: 3, J: 1}


def test_drawn_since_reveal_follows_purple_red_and_from_position() -> None:
    state = position(hands=[{R: 1, W: 1}, {B: 1}], scores=(8, 0), darkness={"blue": 9})
    assert state.drawn_since_reveal(0) == dict.fromkeys((G, B, W, R, J), 2)  # nothing known
    assert state.drawn_since_reveal(1) == dict.fromkeys((G, B, W, R, J), 1)
    state.apply("A-red")  # red revealed, then Secrecy: 2 for player 0 (row 1), 1 for player 1 (row 0)
    assert state.drawn_since_reveal(0) == {G: 4, B: 4, W: 4, R: 2, J: 4}
    assert state.drawn_since_reveal(1) == {G: 2, B: 2, W: 2, R: 2, J: 2}  # the rival revealed nothing
    state.apply("A-purple")
    assert state.drawn_since_reveal(1) == dict.fromkeys((G, B, W, R, J), 0)
    state.undo()
    assert state.drawn_since_reveal(1) == {G: 2, B: 2, W: 2, R: 2, J: 2}
