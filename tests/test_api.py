"""The public surface that docs, examples and users rely on (shared/API.md)."""

from __future__ import annotations

import importlib
import inspect
from collections import Counter

import pytest

import boardkit
from boardkit import agents, play
from boardkit.games import camelot, cloth_of_gold, five_fields, load, names, tafl
from boardkit.topology import HexGrid, SquareGrid, from_graph

MODULES = [
    "boardkit",
    "boardkit.topology",
    "boardkit.games",
    "boardkit.games.tafl",
    "boardkit.games.cloth_of_gold",
    "boardkit.games.five_fields",
    "boardkit.games.camelot",
    "boardkit.agents",
    "boardkit.play",
    "boardkit.testing",
    "boardkit.capture",
    "boardkit.render",
    "boardkit.record",
    "boardkit.chance",
    "boardkit.zones",
]


@pytest.mark.parametrize("name", MODULES)
def test_every_module_lists_its_public_names(name: str) -> None:
    module = importlib.import_module(name)
    exported = module.__all__
    assert len(set(exported)) == len(exported)
    for attr in exported:
        obj = getattr(module, attr)
        if (inspect.isclass(obj) or inspect.isfunction(obj)) and obj.__module__.startswith("boardkit"):
            assert obj.__doc__, f"{name}.{attr} has no docstring"
            assert ">>>" in obj.__doc__, f"{name}.{attr} has no runnable example"


def test_core_names() -> None:
    for attr in [
        "BoardkitError", "IllegalMoveError", "NotationError", "RecordError", "OptionError",
        "Player", "Outcome", "Game", "State", "GameRecord", "TileBag", "ScoreTrack", "capture",
    ]:
        assert attr in boardkit.__all__
    for error in ("IllegalMoveError", "NotationError", "RecordError", "OptionError"):
        assert issubclass(getattr(boardkit, error), (boardkit.BoardkitError, ValueError))


def test_registry_lists_the_four_games_first() -> None:
    assert names()[:4] == ["tafl", "cloth-of-gold", "five-fields", "camelot"]


@pytest.mark.parametrize("name", ["tafl", "cloth-of-gold", "five-fields", "camelot"])
def test_state_surface(name: str) -> None:
    game = load(name)
    assert game.name == name
    state = game.new_game(seed=1)
    for attr in ["game", "players", "seed", "current_player", "is_over", "outcome", "history"]:
        getattr(state, attr)
    move = state.legal_moves()[0]
    assert game.parse_move(str(move)) == move
    state.apply(str(move))
    assert state.undo() == move
    assert state.copy() == state
    hash(state.view(0))
    assert state.determinize(0, seed=2).view(0) == state.view(0)
    assert state.to_record().game == name
    assert isinstance(state.render(), str)
    assert state._repr_svg_().startswith("<svg")


def test_topology_surface() -> None:
    board = SquareGrid(3, 3, diagonals=False)
    assert board.neighbors((1, 1)) and board.step((0, 0), "e") == (1, 0)
    assert board.ray((0, 0), "e") == ((1, 0), (2, 0)) and board.opposite("e") == "w"
    assert board.distance((0, 0), (2, 2)) == 4 and board.index((0, 0)) == 0
    assert len(HexGrid.hexagon(2).cells) == 19
    assert from_graph(board.graph).graph.number_of_nodes() == 9


def test_game_specific_surface() -> None:
    state = tafl.Tafl(variant="hnefatafl").new_game(seed=0)
    assert state.piece_at("f6") is tafl.Piece.KING
    again = tafl.Tafl(variant="hnefatafl").from_position(position=state.position(), to_move=1)
    assert again.current_player == 1 and again.position() == state.position()
    assert {p.name for p in tafl.Piece} >= {"ATTACKER", "DEFENDER", "KING"}

    cog = cloth_of_gold.ClothOfGold(variant=2023).new_game(seed=0)
    assert cog.scores == (0, 0)
    assert isinstance(cog.hand(0), Counter) and isinstance(cog.court(0), Counter)
    assert cog.darkness_size > 0 and isinstance(cog.removed, Counter)
    assert set(cog.tile_spaces) <= set(cloth_of_gold.Space)
    assert cog.tokens(0) == (None, None) and cog.dragon is None
    assert {t.name for t in cloth_of_gold.Tile} == {"GOLD", "BLUE", "WHITE", "RED", "JEWEL"}

    ff = five_fields.FiveFields().new_game(seed=0)
    assert ff.pawns((0, 2)) == ((0, five_fields.Pawn.QUEEN),)
    assert ff.terrain((0, 2)) is five_fields.Terrain.PLAIN
    assert ff.field((0, 0)) is None and ff.city((0, 0)) is None

    assert camelot.tile("Holy Grail").value == 5
    assert camelot.score_turn({}, [((0, 0), camelot.tile("tower"))]) == 2
    cam = camelot.Camelot().new_game(players=3, seed=0)
    assert len(cam.scores) == 3 and len(cam.board) == 5


def test_play_surface() -> None:
    game = load("tafl", variant="brandubh")
    record = play.play_game(game, [agents.RandomAgent(seed=1), agents.GreedyAgent(seed=2)], seed=3)
    assert record.game == "tafl"
    seats = [agents.RandomAgent(seed=1), agents.MCTSAgent(iterations=5, seed=2)]
    results = play.tournament(game, seats, games=2, seed=4)
    assert results is not None
