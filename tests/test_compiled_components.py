"""Zones, bags and the three board games compiled with mypyc (issue 31) keep the pure build's promises.

These run on both builds (the compiled one through ``.ci/compiled``): the
classes of ``boardkit.zones`` and ``boardkit.bag`` and the states of Field of
the Cloth of Gold, Camelot and 5 Fields pickle, copy and deep-copy, take
Python subclasses, and a wrong type given to a public entry point is a
boardkit error in one line, as in the pure build. They also pin what the
representation chosen for speed must not change: a seeded game draws the
same tiles, and undo and copies (which share the zones until one changes)
leave every state as it was.
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from typing import Any

import pytest

from boardkit import BoardkitError, ComponentError, Hand, Random, TileBag, Zone
from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import FiveFields

#: The ways to make a twin of an object, by name.
TWINS: dict[str, Any] = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    "copy.copy": copy.copy,
    "copy.deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize(("how", "twin"), TWINS.items())
def test_zones_and_bags_pickle_and_copy(how: str, twin: Any) -> None:
    hand = Hand(owner=1, items=["wall", "gate", "gate"], face_up=["tower"])
    hand.reveal("gate")
    again = twin(hand)
    assert type(again) is Hand and again.items == hand.items and again.face_up == hand.face_up
    assert again.view(0) == hand.view(0) and again.view(1) == hand.view(1) and again.key() == hand.key()
    court = Zone(owner=0, visibility="public", items=["red", "red"])
    assert twin(court).items == Counter({"red": 2}) and twin(court).view(1) == court.view(1)
    bag = TileBag({"a": 2, "b": 3}, rng=Random(4))
    copied = twin(bag)
    assert copied.key() == bag.key() and copied.counts == bag.counts
    if how != "copy.copy":  # a shallow copy shares the tiles' list, as it does in the pure build
        assert copied.draw(5) == bag.draw(5) and len(copied) == len(bag) == 0


class Pile(Zone[str]):
    """A zone with a field of its own: a Python subclass of a (maybe compiled) class."""

    def __init__(self) -> None:
        super().__init__(owner=None, visibility="nobody", items=["x"])
        self.label = "discards"


def test_a_zone_copy_is_independent_and_keeps_a_subclass_and_its_fields() -> None:
    pile = Pile()
    twin = pile.copy()
    twin.add("y")
    assert type(twin) is Pile and twin.label == "discards"
    assert (len(pile), len(twin), pile.kinds(), twin.kinds()) == (1, 2, ["x"], ["x", "y"])
    assert pickle.loads(pickle.dumps(pile)).label == "discards"


class Sack(TileBag[str]):
    """A bag of one's own: a Python subclass of a (maybe compiled) class."""

    def peek_size(self) -> int:
        return len(self) * 10


def test_a_bag_subclass_draws_as_the_bag_does() -> None:
    sack, bag = Sack(["a", "b", "c"], seed=3), TileBag(["a", "b", "c"], seed=3)
    assert sack.peek_size() == 30 and sack.draw(2) == bag.draw(2) and sack.key() == bag.key()
    again = pickle.loads(pickle.dumps(sack))
    assert type(again) is Sack and again.key() == sack.key()


def test_zone_counts_after_every_change() -> None:
    hand = Hand(owner=0, items={"wall": 2, "gate": 0}, face_up=["gate"])  # a mapping counts, as a Counter does
    assert (len(hand), hand.items, hand.face_up_size, "gate" in hand) == (3, Counter(wall=2, gate=1), 1, True)
    hand.add_face_up("wall")
    hand.remove("wall", 2)  # concealed ones first
    assert (hand.count("wall"), hand.count_face_up("wall"), len(hand), hand.face_up_size) == (1, 1, 2, 2)
    hand.remove("wall")  # now the face-up one
    assert (hand.count("wall"), hand.count_face_up("wall"), hand.face_up_kinds(), len(hand)) == (0, 0, ["gate"], 1)
    with pytest.raises(ComponentError, match="fewer than 2"):
        hand.remove("gate", 2)
    assert hand.clear() == Counter(gate=1) and (len(hand), hand.face_up_size, hand.kinds()) == (0, 0, [])


GAMES = [
    pytest.param(lambda: ClothOfGold(), id="cloth-of-gold"),
    pytest.param(lambda: Camelot(), id="camelot"),
    pytest.param(lambda: FiveFields(), id="five-fields"),
]


def _played(state: Any, plies: int, seed: int = 7) -> Any:
    rng = Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(state.random_move(rng))
    return state


@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize(("how", "twin"), TWINS.items())
def test_game_states_pickle_and_copy(make: Any, how: str, twin: Any) -> None:
    state = _played(make().new_game(seed=3), 12)
    again = twin(state)
    assert again == state and again.legal_moves() == state.legal_moves()
    assert again.to_record().replay() == state
    assert twin(state.game) == state.game
    before = len(state.history)  # each an independent game (copy.copy is the state's copy())
    _played(again, 5, seed=1)
    assert again != state and len(state.history) == before


@pytest.mark.parametrize("make", GAMES)
def test_undo_and_copies_leave_every_state_as_it_was(make: Any) -> None:
    """Copies and undo records share zones until one changes: playing on, and
    taking back, one of them changes no other."""
    state = _played(make().new_game(seed=5), 6)
    rng = Random(2)
    snapshots, twins = [], []
    for _ in range(30):
        if state.is_over:
            break
        snapshots.append(state.snapshot())
        twins.append(state.copy())
        state.apply(state.random_move(rng))
    for twin, seen in zip(twins, snapshots, strict=True):
        start = len(twin.history)
        _played(twin, 8, seed=9)  # a copy plays on (after the state did) ...
        while len(twin.history) > start:
            twin.undo()
        assert twin.snapshot() == seen  # ... and takes it all back
    for seen in reversed(snapshots):
        state.undo()
        assert state.snapshot() == seen


def test_seeded_games_draw_what_they_drew_before() -> None:
    """The seeds draw the same tiles as before the zones changed shape: a game
    of seeded random moves ends exactly as it did (figures from the pure
    build before issue 31's zones, copy-on-write undo and compiled rules)."""
    state = _played(ClothOfGold().new_game(seed=11), 400, seed=3)
    courts = [{t.value: n for t, n in state.court(p).items()} for p in (0, 1)]
    assert (state.scores, courts, state.outcome.reason, len(state.history)) == (
        (33, 32),
        [{"gold": 7, "blue": 2, "jewel": 2}, {"jewel": 2, "gold": 5, "white": 1}],
        "the darkness ran out",
        32,
    )
    camelot = _played(Camelot().new_game(seed=11), 1000, seed=3)
    assert camelot.is_over and (camelot.outcome.scores, len(camelot.history)) == ((222,), 119)


@pytest.mark.parametrize(
    "call",
    [
        lambda: ClothOfGold(variant="x"),
        lambda: ClothOfGold().new_game(seed=1.5),
        lambda: ClothOfGold().new_game(players=True),
        lambda: ClothOfGold().parse_move(3),
        lambda: ClothOfGold().new_game(seed=1).hand("0"),
        lambda: ClothOfGold().new_game(seed=1).view(1.0),
        lambda: ClothOfGold().new_game(seed=1).determinize(0, seed="x"),
        lambda: ClothOfGold().from_position(to_move="0"),
        lambda: Camelot().new_game(seed="7"),
        lambda: Camelot().parse_move(None),
        lambda: Camelot().new_game(seed=1).hand(2.0),
        lambda: Camelot().new_game(seed=1).evaluate(True),
        lambda: ClothOfGold().from_position(seed=1.0),
        lambda: FiveFields().new_game(players=2.0),
        lambda: FiveFields().new_game(seed="7"),
        lambda: FiveFields().parse_move(5),
        lambda: FiveFields().new_game(seed=1).queen("1"),
        lambda: FiveFields().new_game(seed=1).view(None),
    ],
)
def test_wrong_types_at_entry_points_are_boardkit_errors(call: Any) -> None:
    with pytest.raises(BoardkitError) as caught:
        call()
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("make", "move", "reason"),
    [
        (lambda: ClothOfGold().new_game(seed=1), "bad-move", None),
        (lambda: Camelot().new_game(seed=1), "place-list", "no square"),
        (lambda: Camelot().new_game(seed=1), "conceal-list", "not a tile of this game"),
    ],
)
def test_moves_with_fields_of_the_wrong_kind_are_illegal_moves(make: Any, move: str, reason: str | None) -> None:
    from boardkit import IllegalMoveError
    from boardkit.games.camelot import Conceal, Place
    from boardkit.games.cloth_of_gold import Move

    state = make()
    before = state.snapshot()
    bad: Any
    if move == "bad-move":
        bad = Move.__new__(Move)
        object.__setattr__(bad, "token", "A")
        object.__setattr__(bad, "to", "gold")
        object.__setattr__(bad, "dragon", None)
        reason = "a move names token A or B"
    elif move == "place-list":
        bad = Place([1, 0], state.game.tile("wall blank"))  # type: ignore[arg-type]
    else:
        bad = Conceal([1])  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=reason):
        state.apply(bad)
    assert state.snapshot() == before
