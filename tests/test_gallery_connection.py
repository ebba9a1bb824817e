"""The gallery's connection games and Lines of Action against OpenSpiel: Y,
Havannah, Lines of Action and TwixT (``examples/y.py``, ``havannah.py``,
``lines_of_action.py``, ``twixt.py``) agree with OpenSpiel's ``y``,
``havannah``, ``lines_of_action`` and ``twixt`` over 200 random games each,
the positions compared after every move; a rule bug planted in each is
caught; and each plays from its file, in the terminal and the browser, and
has its picture in the gallery."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path as FilePath
from typing import Any

import havannah
import lines_of_action
import pytest
import twixt
import y
from test_gallery_oracle import EXAMPLES, _broken, set_up

from boardkit import Outcome
from boardkit.patterns import reach
from boardkit.testing import LockstepError, check_game, lockstep, openspiel_reference

pyspiel = pytest.importorskip("pyspiel")

#: Y is checked on 11 hexes a side: OpenSpiel's 19 makes 200 games take four times as long (the lockstep's
#: own work grows with the legal moves, about 190 a turn there).
Y_SIZE = 11
GAMES = {"y": y.Y(), "havannah": havannah.Havannah(), "lines_of_action": lines_of_action.LinesOfAction(),
         "twixt": twixt.TwixT()}
CLASSES = {"y": "Y", "havannah": "Havannah", "lines_of_action": "LinesOfAction", "twixt": "TwixT"}


# -- each position as the game and as OpenSpiel show it -------------------------


def cells(state: Any) -> str:
    """The cells in board order, ``.`` for an empty one, as OpenSpiel prints them in the same order: Y's and
    Havannah's ``O`` and ``@`` row by row from the top, Lines of Action's ``x`` and ``o`` from ``a8``."""
    return "".join("." if piece is None else piece for piece in state.at)


def spiel_stones(reference: Any) -> str:
    return "".join(c for c in str(reference.state) if c in ".O@")  # the stones, without coordinates or [ ]


def spiel_squares(reference: Any) -> str:
    return "".join(line[1:] for line in str(reference.state).splitlines()[:8])  # rows 8 to 1, without numbers


def pegs_and_links(state: Any) -> tuple[list[str], list[str]]:
    """TwixT's pegs (``xd3``) and links (``c3-d5``)."""
    pegs = sorted(f"{peg}{hole}" for hole, peg in zip(state.board.cells, state.at, strict=True) if peg is not None)
    links = sorted("-".join(sorted(link)) for link in set(state.board.edges) - set(state.empty_edges()))
    return pegs, links


def _spiel_twixt_table(size: int) -> dict[int, tuple[str, str | None]]:
    """What each entry of OpenSpiel's TwixT observation says, by its index: a peg, and a link east of it.

    Each colour has six planes of ``size`` by ``size - 2``: a peg without links, a link to NNE, ENE, ESE and
    SSE (so a link is seen from its west end only), blocked neighbours; blue's are turned a quarter."""
    table: dict[int, tuple[str, str | None]] = {}
    east = [(1, 2), (2, 1), (2, -1), (1, -2)]  # (x right, y up), y counted from the bottom row
    for colour in (0, 1):
        for plane in range(5):
            for tx in range(size):
                for ty in range(size - 2):
                    x, y_ = (ty + 1, size - 1 - tx) if colour == 0 else (size - 1 - tx, size - 2 - ty)
                    here = f"{chr(97 + x)}{size - y_}"
                    k = ((colour * 6 + plane) * size + tx) * (size - 2) + ty
                    if plane == 0:
                        table[k] = (f"{'xo'[colour]}{here}", None)
                    else:
                        dx, dy = east[plane - 1]
                        table[k] = (f"{'xo'[colour]}{here}", f"{chr(97 + x + dx)}{size - y_ - dy}")
    return table


SPIEL_TWIXT = _spiel_twixt_table(8)


def spiel_pegs_and_links(reference: Any) -> tuple[list[str], list[str]]:
    pegs, links = set(), set()
    for k, value in enumerate(reference.state.observation_tensor(0)):
        if value and k in SPIEL_TWIXT:
            peg, other = SPIEL_TWIXT[k]
            pegs.add(peg)
            if other is not None:
                pegs.add(peg[0] + other)
                links.add("-".join(sorted((peg[1:], other))))
    return sorted(pegs), sorted(links)


#: Each game as lockstep plays it: the game, its reference, the names of its moves (None: OpenSpiel names them as
#: the kit writes them), its positions.
LOCKSTEP: dict[str, tuple[Any, Any, Any, Any]] = {
    "y": (y.Y(size=Y_SIZE), openspiel_reference("y", board_size=Y_SIZE), None, (cells, spiel_stones)),
    "havannah": (havannah.Havannah(), openspiel_reference("havannah"), None, (cells, spiel_stones)),
    "lines_of_action": (
        lines_of_action.LinesOfAction(), openspiel_reference("lines_of_action"), None, (cells, spiel_squares)
    ),
    "twixt": (
        twixt.TwixT(), openspiel_reference("twixt"), twixt.openspiel_names, (pegs_and_links, spiel_pegs_and_links)
    ),
}


def play_in_lockstep(name: str, game: Any = None, seed: int = 30) -> Any:
    default, reference, names, positions = LOCKSTEP[name]
    named = {} if names is None else {"names": names}
    return lockstep(game or default, reference, **named, games=200, seed=seed, same_position=positions, max_moves=1001)


def replayed(state: Any, reference: Any) -> Any:
    """The reference after the moves of ``state``, each named as lockstep names it."""
    replay = state.game.new_game(seed=0)
    for move in state.history:
        names = LOCKSTEP[state.game.name.replace("-", "_")][2]
        reference.apply(str(move) if names is None else names(move, replay))
        replay.apply(move)
    return reference


# -- short files of rules that pass the contract --------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_the_files_are_short_and_write_only_rules(name: str) -> None:
    from test_kit import _code_lines

    text = (EXAMPLES / f"{name}.py").read_text()
    assert 40 <= _code_lines(EXAMPLES / f"{name}.py") <= 150  # issue 39's budget for a gallery game
    assert "missing from the kit" in text.lower()  # each says what it wrote by hand
    for bookkeeping in ("def copy", "def _key", "def _unplay", "def snapshot", "def render", "def __eq__"):
        assert bookkeeping not in text


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_they_pass_the_conformance_kit(game: Any) -> None:
    report = check_game(game, games=2, sample=2)  # Lines of Action's games run to 200 moves and more
    assert report.finished == 2


# -- 200 random games against OpenSpiel, positions and all ----------------------


def test_y_agrees_with_openspiel_over_200_random_games() -> None:
    report = play_in_lockstep("y")
    assert report.games == report.finished == 200 and report.positions == report.moves + report.games
    assert {outcome.winner for outcome in report.outcomes} == {0, 1}


def test_havannah_agrees_with_openspiel_over_200_random_games() -> None:
    report = play_in_lockstep("havannah")
    assert report.games == report.finished == 200 and report.positions == report.moves + report.games
    kinds = Counter((outcome.winner, outcome.reason) for outcome in report.outcomes)
    assert {(p, kind) for p in (0, 1) for kind in ("a ring", "a bridge", "a fork")} <= set(kinds)


def test_havannah_with_the_swap_rule_agrees_with_openspiel() -> None:
    report = lockstep(havannah.Havannah(size=4, swap=True), openspiel_reference("havannah", board_size=4, swap=True),
                      games=200, seed=30, same_position=(cells, spiel_stones))
    assert report.finished == 200 and {outcome.winner for outcome in report.outcomes} == {0, 1, None}  # a full board


def test_lines_of_action_agrees_with_openspiel_over_200_random_games() -> None:
    report = play_in_lockstep("lines_of_action")
    assert report.games == report.finished == 200 and report.positions == report.moves + report.games
    reasons = Counter(outcome.reason for outcome in report.outcomes)
    assert {outcome.winner for outcome in report.outcomes} == {0, 1, None}
    assert reasons["a board came back"] > 0 and reasons["all its pieces are joined"] > 0


@pytest.mark.skipif(
    "max_game_length" not in pyspiel.load_game("lines_of_action").get_type().parameter_specification,
    reason="this OpenSpiel's lines_of_action has no max_game_length (open-spiel 2.0 has; Python 3.10 gets 1.6)",
)
def test_lines_of_action_with_a_shorter_game_agrees_with_openspiel() -> None:
    game, reference = lines_of_action.LinesOfAction(max_game_length=60), openspiel_reference("lines_of_action",
                                                                                            max_game_length=60)
    report = lockstep(game, reference, games=50, seed=30, same_position=(cells, spiel_squares))
    reasons = Counter(outcome.reason for outcome in report.outcomes)
    assert report.finished == 50 and reasons["60 moves"] > 40 and len(reasons) == 3  # and repetitions, and a win


def test_twixt_agrees_with_openspiel_over_200_random_games() -> None:
    report = play_in_lockstep("twixt")
    assert report.games == report.finished == 200 and report.positions == report.moves + report.games
    assert {outcome.winner for outcome in report.outcomes} == {0, 1, None}  # draws: no hole left to play


# -- the tricky rules, by hand ----------------------------------------------------


def test_y_needs_one_chain_on_all_three_sides_and_a_corner_is_on_two() -> None:
    state = y.Y(size=4).new_game(seed=0)
    for move in ["a2", "c2", "b2", "a4", "b3", "a1", "d1", "a3"]:
        state.apply(move)  # player 0: a2-b2-b3 on the left and the right, and d1 on the top and the right
    assert state.outcome is None
    state.apply("c1")  # joins them
    assert state.outcome == Outcome.win(0, "a chain touches all three sides")
    state = y.Y(size=3).new_game(seed=0)
    for move in ["a1", "c1", "a2", "b2", "a3"]:  # a1 (top and left) to a3 (left and right): all three
        state.apply(move)
    assert state.outcome == Outcome.win(0, "a chain touches all three sides")


def test_a_y_chain_put_by_hand_before_any_move_is_judged() -> None:
    """The judge looks at the last move's chain; with no move yet it looks at every chain."""
    state = y.Y(size=3).new_game(seed=0)
    for cell in ["a1", "a2"]:
        state.put(cell, "@")
    assert state.outcome is None
    state.put("a3", "@")  # player 1 (who moved last, in the judge's eyes) now touches all three sides
    assert state.outcome == Outcome.win(1, "a chain touches all three sides")


def test_a_havannah_ring_round_an_empty_hex_wins() -> None:
    state = havannah.Havannah().new_game(seed=0)
    ring = ["e6", "f6", "g7", "g8", "f8", "e7"]  # the six hexes round f7, which stays empty
    elsewhere = ["a1", "b1", "a3", "a5", "b7", "a7"]
    for ours, theirs in zip(ring[:-1], elsewhere, strict=False):
        state.apply(ours)
        state.apply(theirs)
    assert state.outcome is None and state["f7"] is None
    state.apply(ring[-1])
    assert state.outcome == Outcome.win(0, "a ring")
    assert state["f7"] is None


def test_a_havannah_ring_round_its_own_stones_wins_and_a_corner_is_not_a_side() -> None:
    state = havannah.Havannah().new_game(seed=0)
    for ours, theirs in zip(["f7", "e6", "f6", "g7", "g8", "f8"], ["a1", "b1", "a3", "a5", "b7", "a7"], strict=True):
        state.apply(ours)
        state.apply(theirs)
    assert state.outcome is None
    state.apply("e7")  # seven stones, f7 among them: its six neighbours are a ring round it
    assert state.outcome == Outcome.win(0, "a ring")
    size = 3  # on a hexagon of 3 hexes a side: a1, c1, e3, e5, c5 and a3 are corners
    board = havannah.board(size)
    assert {board.grid.name(board.grid.cells[i]) for i in board.corners} == {"a1", "c1", "e3", "e5", "c5", "a3"}
    state = havannah.Havannah(size=size).new_game(seed=0)
    for move in ["a1", "c3", "a2", "d4", "b3"]:  # a1-a2-b3: a corner (a1) and one side (a2's, top-left)
        state.apply(move)
    assert state.outcome is None
    for move in ["e4", "b4", "e5", "c5"]:  # then b4 (a second side) and c5, a second corner: a bridge, no fork
        state.apply(move)
    assert state.outcome == Outcome.win(0, "a bridge")


def test_havannah_swap_takes_the_first_stone() -> None:
    state = havannah.Havannah(swap=True).new_game(seed=0)
    state.apply("h8")
    assert "h8" in [str(m) for m in state.legal_moves()] and len(state.legal_moves()) == 169
    state.apply("h8")
    assert state["h8"] == "@" and state.current_player == 0 and "h8" not in [str(m) for m in state.legal_moves()]
    assert spiel_stones(replayed(state, openspiel_reference("havannah", swap=True)())) == cells(state)


def lines_of_action_with(pieces: dict[str, str]) -> Any:
    """A game of Lines of Action whose board holds just ``pieces``, black to move."""
    return set_up(lines_of_action.LinesOfAction, lines_of_action.LinesOfActionState, pieces)


def test_lines_of_action_a_move_that_joins_both_sides_wins_for_the_mover() -> None:
    state = lines_of_action_with({"b1": "x", "c1": "x", "d4": "x", "d2": "o", "h8": "o"})
    assert "d4xd2" in [str(m) for m in state.legal_moves()]  # two pieces on column d: two squares
    state.apply("d4xd2")  # black's three are joined, and so is white's one left
    assert state.outcome == Outcome.win(0, "all its pieces are joined")


def test_lines_of_action_jumps_its_own_pieces_not_the_others() -> None:
    pieces = {"c1": "x", "c2": "o", "c8": "x", "h5": "o", "a5": "o"}  # three on column c: c1 goes three squares
    assert "c1-c4" not in [str(m) for m in lines_of_action_with(pieces).legal_moves()]
    pieces["c2"] = "x"
    assert "c1-c4" in [str(m) for m in lines_of_action_with(pieces).legal_moves()]


def test_lines_of_action_a_board_that_comes_back_draws() -> None:
    state = lines_of_action.LinesOfAction().new_game(seed=0)
    for move in ["d1-d3", "a4-c4", "d3-d1"]:
        state.apply(move)
    assert state.outcome is None
    state.apply("c4-a4")  # the board at the start again
    assert state.outcome == Outcome.draw("a board came back")


def test_lines_of_action_a_side_left_without_pieces_by_hand_is_not_joined() -> None:
    state = lines_of_action.LinesOfAction().new_game(seed=0)
    for cell in state.board.cells:
        if state[cell] == "o":
            state.put(cell, None)  # set up by hand: white has no piece left
    assert not state.joined("o") and state.joined("x") is False  # black's two rows are apart
    state.put("b1", None)
    assert state.outcome is None


def test_twixt_links_never_cross() -> None:
    state = twixt.TwixT().new_game(seed=0)
    for hole in ["c3", "f3", "d5", "c5", "g7", "d3"]:
        state.apply(hole)
    assert state.edge("c3", "d5") == "x" and state.edge("c5", "d3") is None  # c5-d3 would cross c3-d5
    assert spiel_pegs_and_links(replayed(state, openspiel_reference("twixt")())) == pegs_and_links(state)


def test_twixt_swap_turns_the_first_peg_a_quarter() -> None:
    state = twixt.TwixT().new_game(seed=0)
    state.apply("c5")
    assert "c5" in [str(m) for m in state.legal_moves()]
    state.apply("c5")  # blue swaps: red's c5 becomes blue's d3
    assert state["c5"] is None and state["d3"] == "o" and state.current_player == 0
    assert spiel_pegs_and_links(replayed(state, openspiel_reference("twixt")())) == pegs_and_links(state)
    state = twixt.TwixT().new_game(seed=0)
    state.apply("c1")  # on red's own border row: no swap
    assert "c1" not in [str(m) for m in state.legal_moves()]


# -- rule bugs the lockstep catches (the contract holds for each) ----------------


class FromTheTopSide(y.YState):
    """Grows the chains from the top side and looks for the other two sides in them: two chains that each
    touch the top, one the left and one the right, win together."""

    def judge(self) -> Outcome | None:
        player, (grid, _, marks) = 1 - self.player, y.board(self.game.options.size)
        top = [i for i, bits in enumerate(marks) if bits & 1]
        chains = reach(grid.compiled, self.at, top, pieces={y.STONES[player]})
        sides = [{i for i, bits in enumerate(marks) if bits & side} for side in (1, 2, 4)]
        return Outcome.win(player, "a chain touches all three sides") if all(chains & s for s in sides) else None


class NoRingRoundItsOwn(havannah.HavannahState):
    """Finds a ring round empty hexes or enemy stones, not one round the player's own stones."""

    def closes_ring(self, cell: str, stone: str) -> bool:
        grid = havannah.board(self.game.options.size).grid
        i, steps, at = grid.index(cell), grid.compiled.steps, self.at
        ours = [j for j in steps[i] if j >= 0 and at[j] == stone]
        full = [j for j in ours if all(k == i or (k >= 0 and at[k] == stone) for k in steps[j])]
        return super().closes_ring(cell, stone) and not full


class NoRepetitionDraw(lines_of_action.LinesOfActionState):
    def play(self, move: Any) -> None:
        super().play(move)
        self.set("_repeated", False)


class LinksMayCross(twixt.TwixTState):
    def play(self, move: Any) -> None:
        super().play(move)
        hole = self.counter("_last")
        for other in self.board.neighbors(hole):
            if self[other] == self[hole] and self.edge(hole, other) is None:
                self.put_edge(hole, other, self[hole])


#: Each bug, and what the lockstep finds first: the end of a game (too early or too late), or a position.
BROKEN = [
    ("y", FromTheTopSide, "end"),
    ("havannah", NoRingRoundItsOwn, "end"),
    ("lines_of_action", NoRepetitionDraw, "end"),
    ("twixt", LinksMayCross, "position"),  # crossed links change no legal move, and few games' ends
]


@pytest.mark.parametrize(("name", "state", "what"), BROKEN, ids=[s.__name__ for _, s, _ in BROKEN])
def test_lockstep_catches_a_planted_rule_bug(name: str, state: type, what: str) -> None:
    broken = _broken(type(LOCKSTEP[name][0]), state)
    if name == "y":
        broken = type(broken)(size=Y_SIZE)
    check_game(broken, games=2, sample=2)  # the contract holds: only the rules are wrong
    with pytest.raises(LockstepError) as caught:
        play_in_lockstep(name, broken)
    assert caught.value.what == what


# -- in the terminal, in the browser, in the gallery ------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_the_command_plays_them_from_their_files(tmp_path: FilePath, name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "play", f"{EXAMPLES}/{name}.py:{CLASSES[name]}", "--seat", "random",
         "random", "--seed", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout and GAMES[name].name in done.stdout


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_they_play_in_the_browser(game: Any) -> None:
    pytest.importorskip("starlette")
    from boardkit.web.page import seat_page
    from boardkit.web.table import Table, parse_seat

    table = Table(game, [parse_seat("here"), parse_seat("here")], seed=1)
    viewer = table.viewer(table.host_token)
    played = 0
    while not table.state.is_over and played < 1000:  # each seat plays the move its page offers, in turn round the list
        page = seat_page(table, viewer, table.state.current_player)
        assert [m["move"] for m in page["moves"]] == [str(m) for m in table.state.legal_moves()]
        table.play(viewer, page["moves"][played % len(page["moves"])]["move"], table.version)
        played += 1
    assert table.state.is_over
    last = seat_page(table, viewer, 0)
    assert not last["moves"] and all(f'data-cell="{game.topology.name(c)}"' in last["svg"] for c in game.topology.cells)


def test_each_has_its_gallery_picture() -> None:
    from make_gallery import GALLERY, picture

    drawn = {name.partition(":")[0]: (file, name, options, seed, moves) for file, name, options, seed, moves in GALLERY}
    root = FilePath(__file__).resolve().parents[1]
    page = (root / "docs" / "reference" / "kit-gallery.md").read_text()
    for module in GAMES:
        file, name, options, seed, moves = drawn[module]
        saved = root / "docs" / "_static" / "gallery" / file
        assert saved.read_text(encoding="utf-8") == picture(name, options, seed=seed, moves=moves) + "\n", (
            f"{saved} is stale: run python examples/make_gallery.py"
        )
        assert f"../_static/gallery/{file}" in page and f"examples/{module}.py" in page
