from __future__ import annotations

import json
from typing import Any

import pytest
from high_tiles import HighTiles

from boardkit import GameRecord, Outcome, RecordError, registry
from boardkit.chance import Random
from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import BOARD, FiveFields, Pawn, Terrain
from boardkit.games.tafl import Tafl
from boardkit.testing import Nim


@pytest.fixture(autouse=True)
def _registered_test_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # Register for these tests only: the registry is process-wide.
    monkeypatch.setitem(registry._registered, "nim", Nim)
    monkeypatch.setitem(registry._registered, "high-tiles", HighTiles)


def _finished_nim() -> GameRecord:
    state = Nim(heap=6).new_game(seed=99)
    for text in ["take 3", "take 1", "take 2"]:
        state.apply(text)
    return state.to_record()


def _data() -> dict[str, Any]:
    return json.loads(_finished_nim().to_json())  # type: ignore[no-any-return]


def test_record_fields_and_round_trip() -> None:
    record = _finished_nim()
    assert record.game == "nim"
    assert record.options == {"heap": 6, "most": 3}
    assert record.players == 2 and record.seed == 99
    assert record.moves == ("take 3", "take 1", "take 2")
    assert record.outcome == Outcome.win(0, "took the last counter")
    again = GameRecord.from_json(record.to_json(indent=2))
    assert again == record
    assert again.replay().snapshot() == record.replay().snapshot()


def test_a_record_whose_reason_was_worded_otherwise_still_replays() -> None:
    """A later release may say why a game ended in better words: the record's
    result (winners, scores) is what a replay checks, the reason is information
    (issue 38: stored records and the server's archive stay readable)."""
    data = _data()
    data["outcome"]["reason"] = "took the final counter (as an older release said)"
    record = GameRecord.from_json(json.dumps(data))
    assert record.outcome is not None and record.outcome.reason.startswith("took the final counter")
    assert record.replay().outcome == Outcome.win(0, "took the last counter")
    data["outcome"]["winners"] = [1]
    with pytest.raises(RecordError, match="declares the outcome"):
        GameRecord.from_json(json.dumps(data))


def test_unfinished_games_round_trip() -> None:
    state = Nim(heap=6).new_game(seed=1)
    state.apply("take 2")
    record = GameRecord.from_json(state.to_record().to_json())
    assert record.outcome is None
    assert record.replay() == state


def test_chance_replays_from_the_seed() -> None:
    state = HighTiles().new_game(seed=31337)
    while not state.is_over:
        state.apply(state.legal_moves()[-1])
    replayed = GameRecord.from_json(state.to_record().to_json()).replay()
    assert replayed == state
    assert replayed.outcome == state.outcome


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("seed"), "missing field 'seed'"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d.update(format=3), "unsupported format 3"),
        (lambda d: d.update(format=1, setup=None), "unknown field .setup."),
        (lambda d: d.update(setup=5), "'setup' must be null or JSON data"),
        (lambda d: d.update(format=True), "unsupported format True"),
        (lambda d: d.update(game=7), "'game' must be a string"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(options=[]), "'options' must be an object"),
        (lambda d: d.update(options={"heap": "six"}), "heap must be a positive integer"),
        (lambda d: d.update(options={"colour": 1}), "unknown option 'colour'"),
        (lambda d: d.update(players=3), "exactly 2 players"),
        (lambda d: d.update(players=True), "'players' must be an integer"),
        (lambda d: d.update(seed=-1), "'seed' must be an integer"),
        (lambda d: d.update(seed=1.5), "'seed' must be an integer"),
        (lambda d: d.update(moves="take 3"), "'moves' must be a list"),
        (lambda d: d.update(moves=["take 3", 4]), "move 2 must be a string"),
        (lambda d: d.update(moves=["take 3", "take 9"]), r"move 2 \('take 9'\).*at most 3"),
        (lambda d: d.update(moves=["take 3", "grab 1"]), r"move 2 \('grab 1'\).*invalid notation"),
        (lambda d: d.update(moves=["take 3", "take 1", "take 2", "take 1"]), "the game is over"),
        (lambda d: d["outcome"].update(winners=[1]), "declares the outcome"),
        (lambda d: d.update(outcome=None), "declares the outcome unfinished"),
        (lambda d: d["outcome"].update(winners=[5]), "player numbers below 2"),
        (lambda d: d["outcome"].update(scores=[1]), "'outcome.scores' must be null or 2 numbers"),
        (lambda d: d.update(outcome="won"), "'outcome' must be null or an object"),
    ],
)
def test_tampered_records_are_refused(change: Any, message: str) -> None:
    data = _data()
    change(data)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ("[1, 2", "not JSON"),
        ("[]", "a record is a JSON object"),
        ('{"seed": NaN}', "not JSON: NaN is not allowed"),
        ("[" * 100_000 + "]" * 100_000, "not JSON"),
    ],
)
def test_malformed_text_is_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_non_text_is_refused() -> None:
    with pytest.raises(RecordError, match="expected JSON text"):
        GameRecord.from_json(42)  # type: ignore[arg-type]


def test_replay_with_an_unregistered_game() -> None:
    record = _finished_nim()
    assert record.replay(game=Nim(heap=6)).outcome == record.outcome
    with pytest.raises(RecordError, match="not Nim"):
        record.replay(game=Nim(heap=7))


def _set_up_positions() -> list[Any]:
    return [
        Tafl("copenhagen").from_position(to_move=1, seed=2),
        ClothOfGold().from_position(scores=(12, 20), courts=[{"gold": 2}, {}], seed=4),
        Camelot().from_position(hands=[{"tower": 1}, {}, {"garden": 1}], to_move=2, seed=3),
        FiveFields().from_position(
            terrain=dict.fromkeys(BOARD.cells, Terrain.PLAIN),
            pawns={(0, 2): [(0, Pawn.QUEEN)], (0, 0): [(0, Pawn.PRINCE)], (0, -2): [(1, Pawn.QUEEN)]},
            cities={(0, -1): 1},
            seed=5,
        ),
    ]


@pytest.mark.parametrize("index", range(4), ids=["tafl", "cloth-of-gold", "camelot", "five-fields"])
def test_a_set_up_game_replayed_writes_the_record_it_came_from(index: int) -> None:
    # A record replayed from a set-up position is a state whose own record is that record again, set-up
    # included: 5 Fields' from_setup rebuilt the position without recording it, so the second save started
    # the game from the rules' own start.
    state = _set_up_positions()[index]
    rng = Random(7)
    for _ in range(6):
        if state.is_over:
            break
        state.apply(state.random_move(rng))
    record = state.to_record()
    assert record.setup is not None
    again = record.replay()
    assert again == state
    assert again.to_record() == record
    assert GameRecord.from_json(again.to_record().to_json()).replay() == state
