"""The rest of the gallery against OpenSpiel (issue 39): the kit's first
examples, tic-tac-toe, Connect Four, k in a row (as OpenSpiel's ``mnk`` and
``gomoku``), Othello and Hex, and the games written since, Pentago,
Ultimate tic-tac-toe, Oware and Einstein würfelt nicht, each agree with
OpenSpiel's over 200 random games, positions compared after every move and
dice told to OpenSpiel's chance nodes; each passes the contract, plays in
the terminal and the browser and has its picture in the gallery, and rule
bugs planted in the new ones are caught."""

from __future__ import annotations

import functools
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path as FilePath
from typing import Any, NamedTuple

import connect_four
import einstein_wurfelt_nicht as einstein
import hex as hex_game
import k_in_a_row
import othello
import oware
import pentago
import pytest
import tic_tac_toe
import ultimate_tic_tac_toe as ultimate
from test_gallery_oracle import EXAMPLES, _broken, needs_openspiel_2, play_in_the_browser, set_up

from boardkit import Outcome
from boardkit.kit import Path
from boardkit.testing import LockstepError, check_game, lockstep, openspiel_reference

pyspiel = pytest.importorskip("pyspiel")


def cells(mapping: dict[str, str], empty: str = ".") -> Callable[[Any], str]:
    """The game's position as OpenSpiel writes it: each cell's symbol, by cell index."""
    return lambda state: "".join([mapping.get(piece, empty) for piece in state.at])


def marks(alphabet: str, skip: int = 0) -> Callable[[Any], str]:
    """OpenSpiel's position: the characters of its picture that are cells (after its first ``skip`` lines)."""

    others = re.compile(f"[^{re.escape(alphabet)}]")

    def position(reference: Any) -> str:
        return others.sub("", str(reference.state).split("\n", skip)[skip])

    return position


@functools.cache
def spiel_name(board: Any, cell: str, form: str) -> str:
    """``form`` (``"x({},{})"``) with the row (from the top) and column of ``cell``, worked out once."""
    return form.format(*divmod(board.index(cell), board.width))


def xo_names(move: Any, state: Any) -> str:
    """OpenSpiel's ``tic_tac_toe`` and ``mnk`` action: the mark, then the row and column, ``x(0,2)``."""
    return spiel_name(state.board, move.cell, ("x({},{})", "o({},{})")[state.player])


def gomoku_names(move: Any, state: Any) -> str:
    """OpenSpiel's ``gomoku`` action: the row and column, ``7,7``."""
    return spiel_name(state.board, move.cell, "{},{}")


def notation(move: Any, state: Any) -> str:
    """OpenSpiel's name of a move that it writes as the game does (``d3``, ``pass``)."""
    return str(move)


def othello_position(reference: Any) -> str:
    rows = str(reference.state).splitlines()[2:10]  # after the title and the column letters
    return "".join("".join(row.split()[1:9]) for row in rows)


def pentago_position(reference: Any) -> str:
    rows = str(reference.state).splitlines()[2:8]  # after the twists' letters and the column letters
    return "".join("".join(row[4:16].split()) for row in rows)


XO = {"X": "x", "O": "o"}


def ultimate_position(state: Any) -> str:
    """The marks, and the board the player to move is sent to (-1: any) while the game goes on."""
    return cells(XO)(state) + ("" if state.is_over else f" {state.counter('_sent')}")


def ultimate_spiel_position(reference: Any) -> str:
    board, _, forced = str(reference.state).partition("\nCurrent player")
    sent = "" if reference.is_over() else " " + forced.rpartition(": ")[2].replace("any", "-1")
    return "".join(ch for ch in board if ch in ".xo") + sent


def oware_position(state: Any) -> list[int]:
    """Each house's seeds in OpenSpiel's order, then the two stores."""
    return [state.count(name) for name in (*oware.HOUSES, *oware.STORES)]


def oware_spiel_position(reference: Any) -> list[int]:
    picture = str(reference.state)
    rows = [row.split() for row in picture.splitlines() if row.split() and all(n.isdigit() for n in row.split())]
    top, bottom = rows  # player 1's houses from the last, then player 0's from the first
    scores = dict(re.findall(r"Player (\d) score = (\d+)", picture))
    return [int(n) for n in bottom + top[::-1]] + [int(scores["0"]), int(scores["1"])]


def einstein_position(state: Any) -> list[str]:
    return [(cube or "__").lower() for cube in state.at]


def einstein_spiel_position(reference: Any) -> list[str]:
    return re.findall(r"\|(..)\|", str(reference.state))  # |b1||__|...: each square's cube, or __


class Oracle(NamedTuple):
    """A gallery game and how it is played beside OpenSpiel's."""

    game: Any
    spiel: str
    parameters: dict[str, Any]
    names: Callable[..., Any]
    position: tuple[Callable[[Any], object], Callable[[Any], object]]
    chance: Callable[[Any], Any] | None = None


ORACLES = {
    "tic_tac_toe": Oracle(tic_tac_toe.TicTacToe(), "tic_tac_toe", {}, xo_names, (cells(XO), marks(".xo"))),
    # Connect Four's file is at its line budget, so OpenSpiel's names for its drops (x0 to x6) are written here.
    "connect_four": Oracle(
        connect_four.ConnectFour(), "connect_four", {}, lambda move, state: f"{'xo'[state.player]}{move.column}",
        (cells({"R": "x", "Y": "o"}), marks(".xo")),
    ),
    "mnk": Oracle(
        k_in_a_row.KInARow(columns=5, rows=4, k=4), "mnk", {"m": 5, "n": 4, "k": 4}, xo_names,
        (cells({"B": "x", "W": "o"}), marks(".xo")),
    ),
    "gomoku": Oracle(
        k_in_a_row.KInARow(), "gomoku", {}, gomoku_names,
        (cells({"B": "b", "W": "w"}), marks(".bw", skip=1)),  # after the line naming the player to move
    ),
    "othello": Oracle(othello.Othello(), "othello", {}, notation, (cells({"B": "x", "W": "o"}, "-"), othello_position)),
    "hex": Oracle(hex_game.Hex(), "hex", {}, notation, (cells({"R": "x", "B": "o"}), marks(".xo"))),
    "pentago": Oracle(
        pentago.Pentago(), "pentago", {}, pentago.openspiel_names, (cells({"W": "O", "B": "@"}), pentago_position)
    ),
    "ultimate_tic_tac_toe": Oracle(
        ultimate.UltimateTicTacToe(), "ultimate_tic_tac_toe", {}, ultimate.openspiel_names,
        (ultimate_position, ultimate_spiel_position),
    ),
    "oware": Oracle(oware.Oware(), "oware", {}, oware.openspiel_names, (oware_position, oware_spiel_position)),
    "einstein_wurfelt_nicht": Oracle(
        einstein.EinsteinWurfeltNicht(), "einstein_wurfelt_nicht", {}, einstein.openspiel_names,
        (einstein_position, einstein_spiel_position), chance=einstein.openspiel_chance,
    ),
}
#: Each game's winners and kinds of end (its outcomes' reasons, numbers left out) over the 200 games.
ENDS: dict[str, tuple[set[int | None], set[str]]] = {
    "tic_tac_toe": ({0, 1, None}, {"three in a row", "the board is full"}),
    "connect_four": ({0, 1, None}, {"four in a line", "the board is full"}),
    "mnk": ({0, 1, None}, {"four in a line", "the board is full"}),
    "gomoku": ({0, 1}, {"five in a line"}),
    "othello": ({0, 1, None}, {"black # discs, white #"}),
    "hex": ({0, 1}, {"red joins top and bottom", "blue joins left and right"}),
    "pentago": ({0, 1, None}, {"five in a line", "the board is full", "the twist made five for both"}),
    "ultimate_tic_tac_toe": ({0, 1, None}, {"three small boards in a row", "every small board is decided"}),
    "oware": (
        {0, 1, None},
        {f"{why}: # seeds to #" for why in ("the seeds taken decide it", "no move to make", "a position came back")},
    ),
    "einstein_wurfelt_nicht": ({0, 1}, {"reached the far corner", "took every cube"}),
}


def play_beside_openspiel(name: str, game: Any = None, games: int = 200) -> Any:
    oracle = ORACLES[name]
    return lockstep(
        game or oracle.game, openspiel_reference(oracle.spiel, **oracle.parameters), names=oracle.names,
        same_position=oracle.position, chance=oracle.chance, games=games, seed=30,
    )


@needs_openspiel_2
@pytest.mark.parametrize("name", list(ENDS))
def test_the_gallery_agrees_with_openspiel_over_200_random_games(name: str) -> None:
    report = play_beside_openspiel(name)
    assert report.games == report.finished == 200
    winners, reasons = ENDS[name]
    assert {outcome.winner for outcome in report.outcomes} == winners
    assert {re.sub(r"\d+", "#", outcome.reason) for outcome in report.outcomes} == reasons
    turns = report.reference_moves if name == "pentago" else report.moves
    assert report.positions == report.games + turns  # compared at the start and after every turn
    if name == "pentago":  # a turn: two moves here, one action there
        assert 2 * report.reference_moves == report.moves
    if name == "ultimate_tic_tac_toe":  # a free choice: one move here, two actions there (the board, the square)
        assert report.reference_moves > report.moves
    if ORACLES[name].chance is not None:  # told OpenSpiel both shuffles, and a roll before every move
        assert report.draws == 2 * report.games + report.moves


# -- the rules that random games seldom show, and planted bugs -----------------


def test_a_pentago_twist_that_makes_five_for_both_is_a_draw() -> None:
    white, black = ["a1", "b1", "c1", "d2", "d3"], ["d1", "e1", "f1", "f4", "f5"]
    state = set_up(pentago.Pentago, pentago.PentagoState, dict.fromkeys(white, "W") | dict.fromkeys(black, "B"))
    state.apply("a6")
    state.apply("ne-cw")  # d3 and d2 turn to d1 and e1 (white's a1-e1), d1, e1, f1 to f1, f2, f3 (black's f1-f5)
    assert state.outcome == Outcome.draw("the twist made five for both")


def test_pentago_counts_five_only_once_the_quarter_has_turned() -> None:
    state = set_up(pentago.Pentago, pentago.PentagoState, dict.fromkeys(["a1", "b1", "c1", "d1"], "W"))
    state.apply("e1")  # five in a row, but the turn is not over
    assert state.outcome is None and state.prompt() == "twist a quarter"
    state.apply("ne-cw")  # d1 and e1 turn away: no five
    assert state.outcome is None and state.current_player == 1
    state.undo()
    state.apply("sw-ccw")  # the five stays
    assert state.outcome == Outcome.win(0, "five in a line")


def ultimate_game(pieces: dict[str, str], won: str, sent: int) -> Any:
    """A game of Ultimate tic-tac-toe from a position: its marks, each small board's state, where X is sent."""

    class Position(ultimate.UltimateTicTacToeState):
        def setup(self) -> None:
            for name, mark in pieces.items():
                self.put(name, mark)
            self.set("_won", won)
            self.set("_sent", sent)

    return _broken(ultimate.UltimateTicTacToe, Position).new_game(seed=0)


def test_ultimate_tic_tac_toe_frees_a_player_sent_to_a_decided_board() -> None:
    state = ultimate_game(dict.fromkeys(["a1", "b2", "c3"], "X"), "X........", 4)
    state.apply("d4")  # the top-left square of the centre board: O is sent to the top-left board, already won
    assert state.counter("_sent") == -1
    assert {ultimate.WHERE[m.cell][0] for m in state.legal_moves()} == set(range(1, 9))
    assert ultimate.openspiel_names(state.legal_moves()[0], state) == ["Choose local board 1", "Local board 1: o(0,0)"]


def test_a_drawn_small_board_counts_for_nobody() -> None:
    state = ultimate_game(dict.fromkeys(["a1", "b2", "c3", "g1", "h1"], "X"), "X=.......", 2)
    state.apply("i1")  # X wins the top-right board: X, drawn, X along the top row of boards
    assert state.counter("_won") == "X=X......" and state.outcome is None
    state = ultimate_game(dict.fromkeys(["a1", "b2", "c3", "g1", "h1"], "X"), "XX.......", 2)
    state.apply("i1")  # the same, with the middle board won by X
    assert state.outcome == Outcome.win(0, "three small boards in a row")


@pytest.mark.parametrize("game", [pentago.Pentago, ultimate.UltimateTicTacToe], ids=["pentago", "ultimate"])
def test_the_picture_shows_the_boards_parts_in_two_colours_in_turn(game: Any) -> None:
    """Issue 39: Pentago's picture shows its four quarters and Ultimate tic-tac-toe's its nine small boards, each
    part of 3x3 squares in one colour, the parts side by side in the other (they were all in the plain fill)."""
    import xml.etree.ElementTree as ET

    from boardkit.render import svg

    state = game().new_game(seed=0)
    state.apply(str(state.legal_moves()[0]))
    root = ET.fromstring(svg(state))
    fills = {}
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        if group.get("data-cell"):
            x, y = state.board.cell(group.get("data-cell"))
            fills[x // 3, y // 3] = {*fills.get((x // 3, y // 3), ()), next(iter(group)).get("fill")}
    parts = state.board.width // 3
    assert len(fills) == parts * parts and all(len(fill) == 1 for fill in fills.values()), fills
    for (x, y), fill in fills.items():
        assert fill != fills.get((x + 1, y), set()) and fill != fills.get((x, y + 1), set()), (x, y)
    assert len(set.union(*fills.values())) == 2


def test_an_oware_grand_slam_takes_nothing() -> None:
    state = set_up(oware.Oware, oware.OwareState, {"a1": 1, "f1": 2, "f2": 1, "e2": 2})
    state.apply("f1")  # f2 and e2 come to two and three: every seed of player 1's row
    assert [state.count(name) for name in ("f2", "e2", "s0")] == [2, 3, 0]
    state = set_up(oware.Oware, oware.OwareState, {"a1": 1, "f1": 2, "f2": 1, "e2": 2, "a2": 1})
    state.apply("f1")  # the same, with a seed left on a2: both houses are taken
    assert [state.count(name) for name in ("f2", "e2", "a2", "s0")] == [0, 0, 1, 5]


def test_oware_feeds_a_player_whose_row_is_empty_or_ends() -> None:
    state = set_up(oware.Oware, oware.OwareState, {"a1": 6, "b1": 1, "e1": 2})
    assert [str(m) for m in state.legal_moves()] == ["a1", "e1"]  # b1's one seed stays in player 0's row
    state = set_up(oware.Oware, oware.OwareState, {"a1": 3, "c1": 1, "a2": 1})
    state.apply("c1")
    state.apply("a2")  # player 1's last seed: no move of player 0's reaches player 1's row
    assert state.outcome == Outcome.win(0, "no move to make: 5 seeds to 0", (5, 0))


class NeverFeeds(oware.OwareState):
    def moves(self) -> list[Any]:
        return self.held_moves(oware.MOVES[self.player])


def einstein_game(cubes: dict[str, str], die: int) -> Any:
    """A game of Einstein würfelt nicht from a position: its cubes, and white to move with ``die`` rolled."""

    class Position(einstein.EinsteinState):
        def setup(self) -> None:
            for name, cube in cubes.items():
                self.put(name, cube)
            self.set("die", die)
            self.set_turn(1)

    return _broken(einstein.EinsteinWurfeltNicht, Position).new_game(seed=0)


def test_einstein_moves_the_next_cubes_when_the_die_s_is_gone_and_a_cube_takes_its_own() -> None:
    state = einstein_game({"a1": "B1", "e5": "W1", "c5": "W5", "d4": "W6"}, die=3)
    # No W3: W1 and W5 move, the next cubes below and above 3; W1 may take W6.
    assert {str(m) for m in state.legal_moves()} == {"e5-d5", "e5-e4", "e5xd4", "c5-b5", "c5-c4", "c5-b4"}
    move = state.parse_move("e5xd4")
    assert einstein.openspiel_names(move, state) == "W1-diag*"
    state.apply(move)
    assert state["d4"] == "W1" and "W6" not in state.at and state.current_player == 0 and state.outcome is None
    assert 1 <= state.counter("die") <= 6  # black's roll


class LoadedDie(einstein.EinsteinState):
    def roll(self) -> None:
        self.set("die", self.rng.randbelow(7) + 1)


class MovesAnyCube(einstein.EinsteinState):
    def moves(self) -> list[Any]:
        colour = einstein.COLOURS[self.player]
        if f"{colour}{self.counter('die')}" in self.at:
            return super().moves()
        return [
            Path((name, einstein.BOARD.name(target)), capture=self[target] is not None)
            for name in einstein.NAMES if (self[name] or " ")[0] == colour
            for way in einstein.WAYS[self.player] if (target := einstein.BOARD.step(name, way)) is not None
        ]


class WinsBeforeTheTwist(pentago.PentagoState):
    def judge(self) -> Outcome | None:
        fives = self.all_filled(pentago.FIVES)
        return Outcome.win(self.player, "five in a line") if fives and self.part == "twist" else super().judge()


class SendsToItsOwnBoard(ultimate.UltimateTicTacToeState):
    """Sends the other player to the small board the mark was put on, not to the one where it sits in it."""

    def play(self, move: Any) -> None:
        super().play(move)
        board, _ = ultimate.WHERE[move.cell]
        self.set("_sent", board if self.counter("_won")[board] == "." else -1)


BROKEN = [
    ("pentago", WinsBeforeTheTwist, "end"),
    ("ultimate_tic_tac_toe", SendsToItsOwnBoard, "position"),  # where the next player is sent
    ("oware", NeverFeeds, "legal moves"),
    ("einstein_wurfelt_nicht", LoadedDie, "chance"),
    ("einstein_wurfelt_nicht", MovesAnyCube, "legal moves"),
]


@pytest.mark.parametrize(("name", "state", "what"), BROKEN, ids=[state.__name__ for _, state, _ in BROKEN])
def test_lockstep_catches_rule_bugs_in_the_new_games(name: str, state: type, what: str) -> None:
    broken = _broken(type(ORACLES[name].game), state)
    check_game(broken, games=2, sample=2)  # the contract holds: only the rules are wrong
    with pytest.raises(LockstepError) as caught:
        play_beside_openspiel(name, broken)
    assert caught.value.what == what


# -- the contract, the terminal, the browser, the budget, the gallery ----------

#: Each game's file and class, and the options the command is given.
FILES = {
    "tic_tac_toe": ("tic_tac_toe", "TicTacToe", []),
    "connect_four": ("connect_four", "ConnectFour", []),
    "mnk": ("k_in_a_row", "KInARow", ["--option", "columns=5", "--option", "rows=4", "--option", "k=4"]),
    "gomoku": ("k_in_a_row", "KInARow", []),
    "othello": ("othello", "Othello", []),
    "hex": ("hex", "Hex", []),
    "pentago": ("pentago", "Pentago", []),
    "ultimate_tic_tac_toe": ("ultimate_tic_tac_toe", "UltimateTicTacToe", []),
    "oware": ("oware", "Oware", []),
    "einstein_wurfelt_nicht": ("einstein_wurfelt_nicht", "EinsteinWurfeltNicht", []),
}


@pytest.mark.parametrize("name", list(FILES))
def test_the_gallery_passes_the_conformance_kit(name: str) -> None:
    report = check_game(ORACLES[name].game, games=4, sample=3)
    assert report.finished == 4


@pytest.mark.parametrize("name", list(FILES))
def test_the_command_plays_the_gallery_from_its_files(tmp_path: FilePath, name: str) -> None:
    module, cls, options = FILES[name]
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "play", f"{EXAMPLES}/{module}.py:{cls}", *options,
         "--seat", "random", "random", "--seed", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout and ORACLES[name].game.name in done.stdout


@pytest.mark.parametrize("name", list(FILES))
def test_the_gallery_plays_in_the_browser(name: str) -> None:
    play_in_the_browser(ORACLES[name].game, 2)


@pytest.mark.parametrize("module", sorted({module for module, _, _ in FILES.values()}))
def test_the_gallery_is_short_and_writes_only_rules(module: str) -> None:
    from test_kit import _code_lines

    text = (EXAMPLES / f"{module}.py").read_text()
    assert _code_lines(EXAMPLES / f"{module}.py") <= 150  # issue 39's budget for a gallery game
    for bookkeeping in ("def copy", "def _key", "def _unplay", "def snapshot", "def render", "def __eq__"):
        assert bookkeeping not in text


def test_every_game_here_has_its_gallery_picture() -> None:
    from make_gallery import GALLERY, picture

    root = FilePath(__file__).resolve().parents[1]
    page = (root / "docs" / "reference" / "kit-gallery.md").read_text()
    drawn = {name.partition(":")[0]: (file, name, options, seed, moves) for file, name, options, seed, moves in GALLERY}
    for module in {module for module, _, _ in FILES.values()}:
        file, name, options, seed, moves = drawn[module]
        saved = root / "docs" / "_static" / "gallery" / file
        assert saved.read_text(encoding="utf-8") == picture(name, options, seed=seed, moves=moves) + "\n", (
            f"{saved} is stale: run python examples/make_gallery.py"
        )
        assert f"../_static/gallery/{file}" in page and f"examples/{module}.py" in page
