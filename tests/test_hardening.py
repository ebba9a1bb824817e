"""Malformed input anywhere: a boardkit error with one short line, or a value that works.

Each family of bad input found by the soak of the public surface has its own
test with the cases named, and every public parser and constructor has a
Hypothesis property that is exactly the promise: it either raises a
:class:`~boardkit.BoardkitError` (also the fitting builtin) whose message is
one line of at most :data:`~boardkit.errors.MAX_MESSAGE` characters, or
returns something that then plays, renders and writes a record that replays.
The properties run derandomized, so CI sees the same examples every time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit import BoardkitError, GameRecord, OptionError, OptionTypeError, RecordError, games
from boardkit.agents import RandomAgent
from boardkit.errors import MAX_MESSAGE, check_int, shown
from boardkit.games import camelot, tafl
from boardkit.games.camelot import score_turn, tile
from boardkit.games.camelot.tiles import tile_entries
from boardkit.games.five_fields import BOARD, Pawn, Terrain
from boardkit.games.tafl import Tafl, read_position
from boardkit.play import play_game, tournament
from boardkit.testing import Nim
from boardkit.topology import HexGrid, SquareGrid, TopologyError, from_graph

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

GAMES = ["tafl", "cloth-of-gold", "five-fields", "camelot"]
BRANDUBH = Tafl("brandubh")


def outcome_of(call: Callable[[], Any]) -> Any:
    """Call; return its value, or the boardkit error it raised after checking
    the message is one short line. Any other exception fails the test."""
    try:
        return call()
    except BoardkitError as exc:
        message = str(exc)
        assert "\n" not in message and 0 < len(message) <= MAX_MESSAGE, message[:200]
        return exc


def refused(call: Callable[[], Any], kind: type[BaseException] = BoardkitError) -> BoardkitError:
    result = outcome_of(call)
    assert isinstance(result, BoardkitError), f"accepted: {result!r:.200}"
    assert isinstance(result, kind), f"{type(result).__name__}: {result}"
    return result


def plays(state: Any, moves: int = 6, seed: int = 0) -> None:
    """A state that was accepted keeps working: moves, text, a record that replays."""
    agent = RandomAgent(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(agent.choose(state.copy(), state.current_player))
    assert isinstance(state.render(), str)
    record = state.to_record()
    again = GameRecord.from_json(record.to_json(), game=state.game).replay(game=state.game)
    assert again.history == state.history


# -- 1. numbers of the wrong type -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("tafl", {"first": 1.0}),
        ("tafl", {"first": True}),
        ("tafl", {"repetition": 3.0}),
        ("cloth-of-gold", {"first": 1.0}),
        ("cloth-of-gold", {"variant": 2023.0}),
        ("five-fields", {"turn_limit": 10.5}),
        ("five-fields", {"blank_map": 1}),
        ("camelot", {"first": 1.0}),
    ],
)
def test_wrong_type_options_are_refused_up_front(name: str, options: dict[str, Any]) -> None:
    refused(lambda: games.load(name, **options), OptionError)


def test_a_float_first_player_is_a_type_error() -> None:
    err = refused(lambda: Tafl("brandubh", first=1.0), OptionTypeError)
    assert isinstance(err, TypeError) and isinstance(err, ValueError)
    assert "first" in str(err)


@pytest.mark.parametrize("to_move", [0.0, 1.0, True, "0", 2, -1])
def test_from_position_takes_only_a_real_player(to_move: Any) -> None:
    # (None is every game's default: the rules' first player.)
    refused(lambda: BRANDUBH.from_position(position="/7/7/3K3/7/t6/7/7/", to_move=to_move), OptionError)
    refused(lambda: games.load("cloth-of-gold").from_position(to_move=to_move), OptionError)


@pytest.mark.parametrize("players", [2.0, True, "2", None.__class__])
def test_players_are_ints(players: Any) -> None:
    refused(lambda: Nim().new_game(players=players), OptionTypeError)


@pytest.mark.parametrize("value", [1.5, -1, True, "3"])
def test_counts_for_play_and_tournaments_are_checked_before_any_game(value: Any) -> None:
    agents = [RandomAgent(), RandomAgent()]
    refused(lambda: tournament(Nim(), agents, games=1, seed=1, max_moves=value), OptionError)
    refused(lambda: tournament(Nim(), agents, games=value, seed=1), OptionError)
    refused(lambda: tournament(Nim(), agents, games=1, seed=value), OptionError)
    refused(lambda: play_game(Nim(), agents, seed=value), OptionError)
    refused(lambda: play_game(Nim(), agents, seed=1, max_moves=value), OptionError)


def test_check_int() -> None:
    assert check_int(0, "n", low=0) == 0
    assert "positive integer" in str(refused(lambda: check_int(0, "n", low=1)))
    assert "from 1 to 3" in str(refused(lambda: check_int(4, "n", low=1, high=3)))
    refused(lambda: check_int(2.0, "n"), OptionTypeError)
    refused(lambda: check_int(False, "n"), OptionTypeError)


# -- 6. huge digit runs ---------------------------------------------------------------------------


@pytest.mark.parametrize("digits", [5000, 100_000])
def test_huge_digit_runs_are_notation_errors(digits: int) -> None:
    run = "9" * digits
    refused(lambda: read_position(f"/{run}/3K3/"))
    for name in GAMES:
        game = games.load(name)
        refused(lambda game=game: game.parse_move(run))
        refused(lambda game=game: game.parse_move(f"a{run}-a1"))
    refused(lambda: SquareGrid(10**digits, 2), TopologyError)
    refused(lambda: HexGrid.hexagon(10**digits), TopologyError)
    refused(lambda: Nim().new_game(seed=10**digits), OptionError)


def test_shown_never_converts_huge_integers() -> None:
    assert shown(10**10_000) == "<an integer of about 10001 digits>"
    assert len(shown("x" * 10**6)) <= 80


def test_grids_too_big_to_build_are_refused_at_once() -> None:
    err = refused(lambda: SquareGrid(10**9, 10**9), TopologyError)
    assert "at most" in str(err)


# -- 7. wrong types in score_turn and from_position ---------------------------------------------------

WRONG = [None, [], "text", 5, 2.5, {"a": 1}, [[1, 2]], {(0, 0): "x"}, {(0, 0): None}, [("a1", None)]]


@pytest.mark.parametrize("value", WRONG, ids=repr)
def test_score_turn_refuses_wrong_shapes(value: Any) -> None:
    board = {(1, 1): tile("Holy Grail")}
    placements = [((1, 2), tile("blank"))]
    for call in (lambda: score_turn(value, placements), lambda: score_turn(board, value)):
        result = outcome_of(call)
        assert isinstance(result, BoardkitError) or (isinstance(result, int) and value in ([], {})), result


@pytest.mark.parametrize("value", WRONG, ids=repr)
def test_from_position_refuses_wrong_shapes(value: Any) -> None:
    if value is not None:  # None is the rules' start position
        refused(lambda: BRANDUBH.from_position(position=value, to_move=0))
    refused(lambda: games.load("five-fields").from_position(terrain=value, pawns={}))
    for field in ("hands", "courts", "scores", "tile_spaces", "tokens", "darkness", "removed"):
        outcome = outcome_of(lambda field=field: games.load("cloth-of-gold").from_position(**{field: value}))
        if not isinstance(outcome, BoardkitError):
            plays(outcome)


@pytest.mark.parametrize("value", [None, 5, "x", [1], {"t": 1}, {"t": {"kind": "T", "value": "two", "count": 1}}])
def test_tile_lists_and_names_refuse_wrong_shapes(value: Any) -> None:
    refused(lambda: tile_entries(value), OptionError)
    refused(lambda: tile(value))


# -- 8. records with keys that are not strings -------------------------------------------------------


def _record() -> dict[str, Any]:
    state = Nim(heap=5).new_game(seed=3)
    state.apply(state.legal_moves()[0])
    return state.to_record().to_dict()


@pytest.mark.parametrize(
    "change",
    [
        lambda d: {**d, 1: 2},
        lambda d: {**d, "options": {1: 2}},
        lambda d: {**d, "options": {None: 2}},
        lambda d: {**d, "options": [1, 2]},
    ],
)
def test_records_with_keys_that_are_not_strings_are_record_errors(change: Callable[[Any], Any]) -> None:
    refused(lambda: GameRecord.from_dict(change(_record()), game=Nim(heap=5)), RecordError)


def test_duplicate_keys_constants_and_winners_are_refused() -> None:
    text = json.dumps(_record())
    refused(lambda: GameRecord.from_json(text[:-1] + ', "seed": 4}', game=Nim(heap=5)), RecordError)
    refused(lambda: GameRecord.from_json(text.replace('"seed": 3', '"seed": NaN'), game=Nim(heap=5)), RecordError)
    refused(lambda: GameRecord.from_json(text.replace('"seed": 3', '"seed": Infinity'), game=Nim(heap=5)))
    finished = Nim(heap=1).new_game(seed=3)
    finished.apply(finished.legal_moves()[0])
    data = finished.to_record().to_dict()
    data["outcome"]["winners"] = data["outcome"]["winners"] * 2
    err = refused(lambda: GameRecord.from_dict(data, game=Nim(heap=1)), RecordError)
    assert "twice" in str(err)


def test_a_long_record_loads_quickly_enough_to_be_used() -> None:
    # Not a timing assertion (benchmarks/bench_records.py measures it): a
    # record of 20,000 moves loads and replays to the same state.
    state = Nim(heap=40_000, most=2).new_game(seed=1)
    while not state.is_over and len(state.history) < 20_000:
        state.apply(state.legal_moves()[0])
    record = GameRecord.from_json(state.to_record().to_json(), game=state.game)
    assert len(record.moves) == 20_000 and record.replay(game=state.game).history == state.history


# -- 9. messages never echo a huge input -----------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda big: games.load(big),
        lambda big: games.load("tafl", **{big: 1}),
        lambda big: games.load("tafl", variant=big),
        lambda big: BRANDUBH.parse_move(big),
        lambda big: read_position(big),
        lambda big: BRANDUBH.from_position(position=big, to_move=0),
        lambda big: tile(big),
        lambda big: camelot.Camelot().parse_move("place " + big),
        lambda big: GameRecord.from_json(big),
        lambda big: SquareGrid(4, 4).cell(big),
    ],
)
def test_messages_quote_a_short_prefix_of_huge_input(call: Callable[[str], Any]) -> None:
    big = "x" * 2_000_000
    err = refused(lambda: call(big))
    assert len(str(err)) <= MAX_MESSAGE


def test_multiline_messages_become_one_line() -> None:
    assert str(OptionError("first\nsecond")) == "first second"


# -- 10. mid-run errors found up front, from the command -----------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "tafl", "--games", "1", "--max-moves", "-1"],
        ["simulate", "tafl", "--games", "1", "-o", "first=1.0"],
        ["simulate", "tafl", "--games", "1", "--seed", str(2**70)],
        ["simulate", "camelot", "--games", "1", "-o", "first=3", "--players", "2"],
        ["simulate", "tafl", "--games", "1", "--sweep", "first=0,1.5"],
    ],
)
def test_the_command_checks_every_batch_before_writing(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "records.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", *args, "--out", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not out.exists()


# -- properties: the promise, for every public parser and constructor --------------------------------

json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
move_text = st.text(max_size=40) | st.from_regex(r"[a-k][0-9]{1,3}-[a-k][0-9]{1,3}(x[a-k][0-9]{1,2})?", fullmatch=True)


@PROPERTY
@given(name=st.sampled_from(GAMES), text=move_text)
def test_parse_move_is_a_move_or_a_notation_error(name: str, text: str) -> None:
    game = games.load(name)
    state = game.new_game(seed=5)
    before = state.snapshot()
    move = outcome_of(lambda: state.parse_move(text) if hasattr(state, "parse_move") else game.parse_move(text))
    if not isinstance(move, BoardkitError):
        result = outcome_of(lambda: state.apply(move))
        if isinstance(result, BoardkitError):
            assert state.snapshot() == before
        else:
            state.undo()
            assert state.snapshot() == before


def _position_text(rows: list[list[str]]) -> str:
    def row(cells: list[str]) -> str:
        out, run = "", 0
        for cell in cells:
            if cell == ".":
                run += 1
                continue
            out += (str(run) if run else "") + cell
            run = 0
        return out + (str(run) if run else "")

    return "/" + "/".join(row(r) for r in rows) + "/"


boards = st.sampled_from([3, 5, 7]).flatmap(
    lambda n: st.lists(
        st.lists(st.sampled_from([".", ".", ".", "t", "T", "K"]), min_size=n, max_size=n), min_size=n, max_size=n
    )
)


@PROPERTY
@given(
    text=boards.map(_position_text)
    | st.text(alphabet="/tTK0123456789 x", max_size=60)
    | st.lists(st.sampled_from(["3", "7", "t", "T", "K", "1", "2"]), max_size=30).map(lambda r: "/".join(r)),
    to_move=st.sampled_from([0, 1, 1.0, True, None, 2]),
)
def test_tafl_positions_are_refused_or_play(text: str, to_move: Any) -> None:
    state = outcome_of(lambda: BRANDUBH.from_position(position=text, to_move=to_move))
    if not isinstance(state, BoardkitError):
        plays(state)


@PROPERTY
@given(text=st.text(max_size=80) | json_values.map(json.dumps))
def test_record_text_loads_or_is_a_record_error(text: str) -> None:
    record = outcome_of(lambda: GameRecord.from_json(text))
    if not isinstance(record, BoardkitError):
        record.replay()


@PROPERTY
@given(
    name=st.sampled_from(["tafl", "cloth-of-gold", "five-fields"]),
    option=st.sampled_from(
        ["variant", "first", "repetition", "escape", "mate", "turn_limit", "blank_map", "map", "layout"]
    ),
    value=json_values | st.sampled_from([0, 1, 2, 3, 10, 2020, 2023, True, False, None, "brandubh", "corner", "edge"]),
)
def test_any_option_value_builds_a_playable_game_or_is_refused(name: str, option: str, value: Any) -> None:
    game = outcome_of(lambda: games.load(name, **{option: value}))
    if not isinstance(game, BoardkitError):
        state = outcome_of(lambda: game.new_game(seed=2))
        if not isinstance(state, BoardkitError):
            plays(state, moves=3)


@PROPERTY
@given(
    field=st.sampled_from(["hands", "courts", "scores", "tile_spaces", "tokens", "dragon", "darkness", "removed"]),
    value=json_values,
)
def test_cloth_of_gold_positions_are_refused_or_play(field: str, value: Any) -> None:
    state = outcome_of(lambda: games.load("cloth-of-gold").from_position(**{field: value}))
    if not isinstance(state, BoardkitError):
        plays(state, moves=3)


hexes = st.sampled_from(sorted(BOARD.cells))
terrains = st.fixed_dictionaries({cell: st.sampled_from(list(Terrain)) for cell in BOARD.cells})
pawn_maps = st.dictionaries(
    hexes, st.lists(st.tuples(st.sampled_from([0, 1, 2, 0.0]), st.sampled_from(list(Pawn))), max_size=3), max_size=5
)


@PROPERTY
@given(
    terrain=terrains | json_values,
    pawns=pawn_maps | json_values,
    to_move=st.sampled_from([0, 1]) | json_values,
)
def test_five_fields_positions_are_refused_or_play(terrain: Any, pawns: Any, to_move: Any) -> None:
    state = outcome_of(lambda: games.load("five-fields").from_position(terrain=terrain, pawns=pawns, to_move=to_move))
    if not isinstance(state, BoardkitError):
        plays(state, moves=3)


@PROPERTY
@given(board=json_values, placements=json_values, last=st.booleans())
def test_score_turn_scores_or_refuses(board: Any, placements: Any, last: bool) -> None:
    result = outcome_of(lambda: score_turn(board, placements, last=last))
    assert isinstance(result, BoardkitError | int)


@PROPERTY
@given(spec=json_values, name=json_values)
def test_tile_lists_and_names_read_or_refuse(spec: Any, name: Any) -> None:
    entries = outcome_of(lambda: tile_entries(spec))
    if not isinstance(entries, BoardkitError):
        assert all(len(entry) == 5 for entry in entries)
    outcome_of(lambda: tile(name))


@PROPERTY
@given(width=json_values, height=json_values, cells=json_values)
def test_topologies_are_built_or_refused(width: Any, height: Any, cells: Any) -> None:
    for call in (
        lambda: from_graph(cells),
        lambda: SquareGrid(width, height),
        lambda: HexGrid.hexagon(width),
        lambda: HexGrid.rhombus(width, height),
        lambda: HexGrid(cells),
    ):
        board = outcome_of(call)
        if not isinstance(board, BoardkitError):
            assert board.graph.number_of_nodes() == len(board.cells)


@PROPERTY
@given(
    name=st.sampled_from(GAMES),
    seed=st.integers() | st.floats() | st.booleans() | st.none() | st.text(max_size=3),
    player=st.integers(-2, 5) | st.floats() | st.none(),
)
def test_seeds_and_players_are_taken_or_refused_everywhere(name: str, seed: Any, player: Any) -> None:
    game = games.load(name)
    state = outcome_of(lambda: game.new_game(seed=seed))
    if not isinstance(state, BoardkitError):
        plays(state, moves=2)
    fresh = game.new_game(seed=1)
    copy = outcome_of(lambda: fresh.determinize(player, seed=seed))
    if not isinstance(copy, BoardkitError):
        assert copy.current_player == fresh.current_player


@PROPERTY
@given(games_=json_values, max_moves=json_values, players=json_values, seed=json_values)
def test_tournaments_run_or_refuse_before_any_game(games_: Any, max_moves: Any, players: Any, seed: Any) -> None:
    def run() -> Any:
        return tournament(Nim(heap=4), [RandomAgent()], games=games_, seed=seed, max_moves=max_moves, players=players)

    result = outcome_of(run)
    if not isinstance(result, BoardkitError):
        assert len(result.records) + len(result.errors) == games_ and not result.errors


def test_tafl_module_names_are_untouched_by_failures() -> None:
    # A refused load leaves the registry as it was.
    names = games.names()
    refused(lambda: games.load("tafl", variant="chess"))
    refused(lambda: games.load("no-such-game"))
    assert games.names() == names and tafl.Tafl("brandubh") == BRANDUBH
