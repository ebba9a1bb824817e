"""Values that say what they are: set-up records, immutable records, equality
that includes the rules (issue 12). Each test failed before its fix."""

from __future__ import annotations

import json
from typing import Any

import networkx as nx
import pytest

from boardkit import GameRecord, OptionError, Random, RecordError
from boardkit.agents import RandomAgent
from boardkit.games import load
from boardkit.games.cloth_of_gold import ClothOfGold, Tile
from boardkit.games.five_fields import FiveFields, Pawn, Terrain
from boardkit.games.tafl import Tafl
from boardkit.play import tournament
from boardkit.record import FrozenJSON
from boardkit.render import svg
from boardkit.testing import ConformanceError, Nim, NimState, check_game
from boardkit.topology import SquareGrid, from_graph


def _cloth_position(seed: int = 4) -> Any:
    return ClothOfGold().from_position(
        hands=[{"blue": 1}, {"red": 2}],
        courts=[{"gold": 2, "jewel": 1}, {"white": 3}],
        scores=(17, 22),
        tokens=[("gold", "blue"), ("red", None)],
        to_move=1,
        seed=seed,
    )


def _five_fields_position() -> Any:
    land = dict.fromkeys(FiveFields().new_game(seed=0).topology.cells, Terrain.PLAIN)
    land[(1, -1)] = Terrain.MOUNTAIN
    return FiveFields().from_position(
        terrain=land,
        pawns={(0, 2): [(0, Pawn.QUEEN)], (1, 0): [(0, Pawn.PRINCE)], (0, -2): [(1, Pawn.QUEEN)]},
        fields={(-2, 2): 0, (2, -2): 1},
        cities={(-1, 2): 0},
        to_move=1,
        princes_lost=(1, 0),
        seed=5,
    )


def _play(state: Any, moves: int, seed: int) -> Any:
    rng = Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


# -- 1. records of set-up games replay as that game ------------------------------------


@pytest.mark.parametrize("build", [_cloth_position, _five_fields_position])
@pytest.mark.parametrize("moves", [0, 7, 400])
def test_a_set_up_game_records_its_position_and_replays_identically(build: Any, moves: int) -> None:
    state = _play(build(), moves, seed=moves)
    record = state.to_record()
    assert record.setup is not None
    again = GameRecord.from_json(record.to_json()).replay()
    assert again == state
    assert again.render() == state.render()


def test_cloth_of_gold_set_up_scores_and_courts_survive_the_record() -> None:
    again = GameRecord.from_json(_cloth_position().to_record().to_json()).replay()
    assert again.scores == (17, 22)
    assert again.court(1)[Tile.WHITE] == 3
    assert again.court(0)[Tile.GOLD] == 2


def test_a_new_game_records_no_setup() -> None:
    record = load("tafl", variant="brandubh").new_game(seed=1).to_record()
    assert record.setup is None
    assert json.loads(record.to_json())["setup"] is None


def test_a_tampered_setup_is_refused() -> None:
    data = json.loads(_five_fields_position().to_record().to_json())
    for bad in ({"terrain": 5}, [1, 2], {**data["setup"], "to_move": 7}, {**data["setup"], "pawns": {"zz9": []}}):
        data["setup"] = bad
        with pytest.raises(RecordError):
            GameRecord.from_json(json.dumps(data))
    data = json.loads(_cloth_position().to_record().to_json())
    data["setup"]["scores"] = [40, 0]
    with pytest.raises(RecordError, match="30 or more"):
        GameRecord.from_json(json.dumps(data))


def test_format_1_records_still_load() -> None:
    record = load("tafl", variant="brandubh").new_game(seed=3)
    record.apply("d6-f6")
    data = json.loads(record.to_record().to_json())
    data["format"] = 1
    del data["setup"]
    old = GameRecord.from_json(json.dumps(data))
    assert old.replay() == record


class _SetUpNimState(NimState):
    pass


class _SetUpNim(Nim):
    """A user's game with a set-up method that records its position but cannot rebuild it."""

    def from_position(self, *, heap: int) -> NimState:
        state = self.new_game(seed=0)
        state.heap = heap
        state._record_setup({"heap": heap})
        return state


class _RebuildingNim(_SetUpNim):
    def from_setup(self, setup: Any, *, players: int, seed: int) -> NimState:
        return self.from_position(heap=setup["heap"])


def test_a_game_that_cannot_rebuild_its_set_up_refuses_to_record_it() -> None:
    state = _SetUpNim(heap=9).from_position(heap=4)
    with pytest.raises(RecordError, match="cannot rebuild"):
        state.to_record()
    with pytest.raises(ConformanceError, match="cannot be recorded"):
        check_game(_SetUpNim(heap=9), games=1, positions=[state])


def test_the_conformance_kit_checks_set_up_positions() -> None:
    report = check_game(_RebuildingNim(heap=9), games=1, positions=[_RebuildingNim(heap=9).from_position(heap=5)])
    assert report.games == 2


def test_the_shipped_games_pass_the_kit_from_set_up_positions() -> None:
    check_game(ClothOfGold(), games=0, positions=[_cloth_position()], sample=3)
    check_game(FiveFields(), games=0, positions=[_five_fields_position()], sample=3, max_moves=200)
    brandubh = Tafl("brandubh")
    check_game(brandubh, games=0, positions=[brandubh.from_position(position="/7/7/3K3/7/t6/7/7/", to_move=1)])


# -- 4. equality includes the rules ---------------------------------------------------------


def test_states_of_different_rules_are_not_equal() -> None:
    armed = Tafl("brandubh", king_armed=True).new_game(seed=1)
    unarmed = Tafl("brandubh", king_armed=False).new_game(seed=1)
    assert armed.snapshot() == unarmed.snapshot()
    assert armed != unarmed
    assert FiveFields(turn_limit=50).new_game(seed=2) != FiveFields(turn_limit=60).new_game(seed=2)
    assert FiveFields(turn_limit=50).new_game(seed=2) == FiveFields(turn_limit=50).new_game(seed=2)


# -- 5. records are immutable, hashable values ------------------------------------------------


def test_a_record_cannot_be_changed_and_is_hashable() -> None:
    record = load("tafl", variant="brandubh").new_game(seed=1).to_record()
    with pytest.raises(TypeError):
        record.options["variant"] = "tablut"  # type: ignore[index]
    assert record.replay().game == Tafl("brandubh")
    assert isinstance(record.options, FrozenJSON)
    same = GameRecord.from_json(record.to_json())
    assert hash(same) == hash(record) and same == record
    assert len({record, same}) == 1
    assert record.options == record.to_dict()["options"]


def test_a_record_built_from_a_dict_does_not_follow_later_changes_to_it() -> None:
    options = {"heap": 5, "most": 3}
    record = GameRecord("nim", options, 2, 0, ())
    options["heap"] = 9
    assert record.options["heap"] == 5


# -- 2. board graphs cannot change behind the board's back --------------------------------------


def test_a_shared_board_graph_cannot_be_edited() -> None:
    state = Tafl("brandubh").new_game(seed=1)
    with pytest.raises(nx.NetworkXError, match="Frozen"):
        state.board.graph.remove_node((0, 0))
    with pytest.raises(nx.NetworkXError, match="Frozen"):
        state.board.graph.add_edge((0, 0), (6, 6))
    fresh = Tafl("brandubh").new_game(seed=2)
    assert len(fresh.board.cells) == 49
    assert svg(fresh).count("data-cell=") >= 49
    grid = SquareGrid(3, 3)
    with pytest.raises(nx.NetworkXError):
        grid.graph.remove_node((1, 1))
    assert (1, 1) in grid and grid.distance((0, 1), (2, 1)) == 2


def test_a_topology_keeps_its_own_copy_of_the_callers_graph() -> None:
    ring = nx.cycle_graph(5)
    board = from_graph(ring)
    ring.remove_node(0)
    ring.add_edge(1, 3)
    assert len(board.cells) == 5 and board.distance(1, 3) == 2
    edited = nx.Graph(board.graph)
    edited.remove_node(4)
    assert len(from_graph(edited).cells) == 4


# -- 3. a tournament seats one player per agent ------------------------------------------------


def test_a_tournament_seats_one_player_per_agent() -> None:
    result = tournament(load("camelot"), [RandomAgent(), RandomAgent()], games=2, seed=1)
    assert result.players == 2
    assert all(r.players == 2 for r in result.records)
    three = tournament(load("camelot"), [RandomAgent(), RandomAgent(), RandomAgent()], games=1, seed=1)
    assert three.players == 3
    with pytest.raises(OptionError, match="one player per agent"):
        tournament(Nim(heap=5), [RandomAgent(), RandomAgent(), RandomAgent()], games=1, seed=1)
    selfplay = tournament(Nim(heap=5), [RandomAgent()], games=2, seed=1, players=2)
    assert selfplay.players == 2


def test_topology_error_is_exported_with_the_other_errors() -> None:
    import boardkit

    assert "TopologyError" in boardkit.__all__
    with pytest.raises(boardkit.TopologyError):
        SquareGrid(3, 3).index((5, 5))
    assert issubclass(boardkit.TopologyError, boardkit.BoardkitError)


# -- seeds and determinized copies (issue 13, families 4 and 5) ---------------------------------


@pytest.mark.parametrize("name", ["tafl", "cloth-of-gold", "five-fields", "camelot"])
@pytest.mark.parametrize("seed", [2**64, -1, 1.5, True, "7", 10**400])
def test_every_game_refuses_seeds_a_record_cannot_hold(name: str, seed: object) -> None:
    game = load(name)
    with pytest.raises(OptionError, match="a seed is an integer from 0 to 2\\*\\*64 - 1") as info:
        game.new_game(seed=seed)  # type: ignore[arg-type]
    assert len(str(info.value)) < 200
    state = game.new_game(seed=2**64 - 1)
    before = state.snapshot()
    with pytest.raises(OptionError):
        state.determinize(0, seed=seed)
    assert state.snapshot() == before
    assert GameRecord.from_json(state.to_record().to_json()).replay() == state


@pytest.mark.parametrize("name", ["tafl", "cloth-of-gold", "five-fields", "camelot"])
def test_a_determinized_copy_refuses_to_be_recorded_clearly(name: str) -> None:
    state = load(name).new_game(seed=3)
    state.apply(state.legal_moves()[0])
    world = state.determinize(0, seed=9)
    with pytest.raises(RecordError, match="determinized copy"):
        world.to_record()
    assert state.to_record().replay() == state


# -- moves built by hand with bad fields -----------------------------------------------------------


def _bad_moves() -> list[tuple[str, Any]]:
    from boardkit.games import camelot
    from boardkit.games.cloth_of_gold import Move as ClothMove
    from boardkit.games.five_fields import PawnMove
    from boardkit.games.tafl import Move as TaflMove

    return [
        ("five-fields", lambda: PawnMove(Pawn.PRINCE, (9, 9), (0, 0))),
        ("five-fields", lambda: PawnMove(Pawn.PRINCE, (0, 1), (9, 9))),
        ("five-fields", lambda: PawnMove("x", "a", None)),  # type: ignore[arg-type]
        ("camelot", lambda: camelot.Place("a1", camelot.tile("garden"))),  # type: ignore[arg-type]
        ("camelot", lambda: camelot.Place((99, 99), camelot.tile("garden"))),
        ("cloth-of-gold", lambda: ClothMove(1.0, "gold")),  # type: ignore[arg-type]
        ("cloth-of-gold", lambda: ClothMove("A", 5)),  # type: ignore[arg-type]
        ("tafl", lambda: TaflMove(1.5, None)),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(("name", "build"), _bad_moves())
def test_moves_built_with_bad_fields_are_illegal_and_change_nothing(name: str, build: Any) -> None:
    from boardkit import IllegalMoveError

    state = load(name).new_game(players=2, seed=1)
    before = state.snapshot()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(build())
    assert state.snapshot() == before
    assert len(str(info.value)) < 300
    state.apply(state.legal_moves()[0])  # and the game goes on
