"""Quoridor in the gallery (issue 39, item 5), for two and four players:
``examples/quoridor.py`` keeps the contract, agrees with OpenSpiel's
``quoridor`` in lockstep (moves, the board after every move, ends and
returns), plays in the terminal and the browser, and stays within the
gallery's budget; a wall that may take a pawn's last way is caught."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from quoridor import PAWNS, Quoridor, QuoridorState, Wall, layout

from boardkit import Outcome
from boardkit.testing import LockstepError, check_game, lockstep, openspiel_reference

pyspiel = pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[1]
#: OpenSpiel's player of each of the kit's players (numbered in the order they move), by number of players.
SPIEL_PLAYER = {2: (0, 1), 3: (0, 2, 1), 4: (0, 2, 1, 3)}


def spiel_board(state: Any) -> str:
    """The kit's position as OpenSpiel's ``str(state)`` prints it: the walls
    each player has left, in the order of play, then the board, a line between
    every two rows for the walls, its pawns ``0 @ # %`` by OpenSpiel's player."""
    size = state.game.options.size
    board, marks, points = state.board, state.edge_marks, state.crossing_marks
    players = SPIEL_PLAYER[state.players]

    def number(y: int) -> str:
        return f"{' ' if y // 2 + 1 < 10 else ''}{y // 2 + 1}" if y % 2 == 0 else "  "

    letters = "".join(f"   {chr(97 + x)}" for x in range(size))
    out = f"Board size: {size}, walls: {', '.join(str(w) for w in state.counter('walls left'))}\n{letters}\n"
    for y in range(2 * size - 1):
        out += number(y)
        for x in range(2 * size - 1):
            c, r = x // 2, y // 2
            if x % 2 == 0 and y % 2 == 0:
                pawn = state[(c, r)]
                out += " . " if pawn is None else f" {'0@#%'[players[PAWNS.index(pawn)]]} "
            elif x % 2 and y % 2:
                out += "+" if points[board.crossing_index((c, r), (c + 1, r + 1))] else " "
            elif x % 2:
                out += "|" if marks[board.edge_index((c, r), (c + 1, r))] else " "
            else:
                out += "---" if marks[board.edge_index((c, r), (c, r + 1))] else "   "
        out += number(y) + "\n"
    return f"{out}{letters}\n"


def spiel_returns(outcome: Outcome, players: int) -> tuple[float, ...]:
    """OpenSpiel's returns: +1 for the winner, -1/(players - 1) for the others, 0 for all in a draw."""
    if not outcome.winners:
        return (0.0,) * players
    return tuple(1.0 if p in outcome.winners else -1.0 / (players - 1) for p in range(players))


class SpielQuoridor:
    """OpenSpiel's ``quoridor`` as a lockstep reference, its players numbered
    in the order they move (OpenSpiel's four move as 0, 2, 1, 3), and a
    sidestep it lists twice (a pawn beside two pawns with a wall behind
    each) named once."""

    def __init__(self, game: Any, players: int) -> None:
        self.state = game.new_initial_state()
        self.order = SPIEL_PLAYER[players]

    def _named(self) -> dict[str, int]:
        state = self.state
        return {state.action_to_string(state.current_player(), a): a for a in state.legal_actions()}

    def legal_moves(self) -> list[str]:
        return [] if self.state.is_terminal() else list(self._named())

    def current_player(self) -> int | None:
        return None if self.state.is_terminal() else self.order.index(self.state.current_player())

    def is_over(self) -> bool:
        return bool(self.state.is_terminal())

    def returns(self) -> list[float]:
        return list(self.state.returns())

    def apply(self, move: str) -> None:
        self.state.apply_action(self._named()[move])


def quoridor_lockstep(game: Quoridor, *, players: int, games: int, seed: int) -> Any:
    size = game.options.size
    if players == 2:
        reference = openspiel_reference("quoridor", board_size=size)
    else:
        loaded = pyspiel.load_game("quoridor", {"board_size": size, "players": players})

        def reference() -> SpielQuoridor:
            return SpielQuoridor(loaded, players)

    return lockstep(
        game,
        reference,
        players=players,
        games=games,
        seed=seed,
        returns=spiel_returns,
        same_position=(spiel_board, lambda theirs: str(theirs.state)),
    )


# -- the contract and the rules -----------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_quoridor_passes_the_conformance_kit(players: int) -> None:
    report = check_game(Quoridor(size=5), players=players, games=3, sample=3)
    assert report.games == 3


def test_quoridor_agrees_with_openspiel_over_200_random_games_for_two() -> None:
    # On OpenSpiel's 5x5 board (board_size=5, 3 walls each): 200 games on the 9x9 board take about
    # 20 s, a tenth of them 1 s (below); the rules are the same on every size.
    report = quoridor_lockstep(Quoridor(size=5), players=2, games=200, seed=39)
    assert report.games == report.finished == 200
    assert report.positions == report.games + report.moves  # the boards agreed after every move
    reasons = Counter(outcome.reason for outcome in report.outcomes)
    assert reasons["pawn A reached the top"] and reasons["pawn B reached the bottom"] and reasons["100 moves"]


def test_quoridor_agrees_with_openspiel_on_its_own_board_for_two_and_four() -> None:
    two = quoridor_lockstep(Quoridor(), players=2, games=10, seed=39)
    assert two.finished == 10 and two.positions == two.games + two.moves
    # Four players on the 9x9 board, from a seed none of whose games corners a pawn with nowhere to
    # go (OpenSpiel offers that player an action it cannot play, and stops).
    four = quoridor_lockstep(Quoridor(), players=4, games=8, seed=2)
    assert four.finished == 8 and four.positions == four.games + four.moves
    reasons = Counter(outcome.reason for outcome in four.outcomes)
    assert reasons["pawn B reached the right"] and reasons["324 moves"]  # B, the second to move, is OpenSpiel's 2


def test_a_pawn_with_nowhere_to_go_passes() -> None:
    class Cornered(QuoridorState):
        def setup(self) -> None:
            super().setup()
            for pawn, cell in {"A": "a5", "B": "b5", "D": "c5"}.items():  # A walled in, B and D beside it
                self.put(self.board.cells[self.at.index(pawn)], None)
                self.put(cell, pawn)
            self.put_edge("a4", "a5", "#")
            self.set("walls left", (0,) * self.players)

    state = type("Corner", (Quoridor,), {"state_class": Cornered})(size=5).new_game(players=4, seed=0)
    assert [str(move) for move in state.legal_moves()] == ["pass"]  # no jump over B onto D
    state.apply("pass")
    assert state.current_player == 1 and state["a5"] == "A"


class WallsAnywhere(QuoridorState):
    """A wall may take a pawn's last way to its goal: the walls listed with nobody's way kept."""

    def moves(self) -> list[Any]:
        found = super().moves()
        if self.counter("walls left")[self.player]:
            walls = self.wall_moves(layout(self.game.options.size).walls)
            found = [move for move in found if not isinstance(move, Wall)] + walls
        return found


def test_lockstep_catches_a_wall_that_may_take_the_last_way() -> None:
    broken = type("Broken", (Quoridor,), {"state_class": WallsAnywhere})(size=5)
    check_game(broken, games=2, sample=2)  # the contract holds: only the rules are wrong
    with pytest.raises(LockstepError) as caught:
        quoridor_lockstep(broken, players=2, games=200, seed=39)
    assert caught.value.what == "legal moves" and caught.value.ours and not caught.value.theirs


# -- in the terminal, in the browser, in the gallery ----------------------------


def test_quoridor_is_short_and_writes_only_rules() -> None:
    from test_kit import _code_lines

    path = ROOT / "examples" / "quoridor.py"
    text = path.read_text()
    assert _code_lines(path) <= 150  # issue 39's budget for a gallery game
    for bookkeeping in ("def copy", "def _key", "def _unplay", "def snapshot", "def render", "def __eq__"):
        assert bookkeeping not in text
    assert "variant" in text  # the file says where OpenSpiel plays a variant


def test_the_command_plays_quoridor_from_its_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "play", f"{ROOT}/examples/quoridor.py:Quoridor", "--option", "size=5",
         "--seat", "random", "random", "--seed", "3"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "game over" in done.stdout and "quoridor" in done.stdout and "---+---" in done.stdout


@pytest.mark.parametrize("players", [2, 4])
def test_quoridor_plays_in_the_browser(players: int) -> None:
    from test_gallery_oracle import play_in_the_browser

    play_in_the_browser(Quoridor(size=5), players)  # every page offers the legal moves, to the end


def test_quoridor_has_its_gallery_picture() -> None:
    from make_gallery import GALLERY, picture

    entry = next(e for e in GALLERY if e[1] == "quoridor:Quoridor")
    file, name, options, seed, moves = entry
    saved = ROOT / "docs" / "_static" / "gallery" / file
    drawn = picture(name, options, seed=seed, moves=moves)
    assert saved.read_text(encoding="utf-8") == drawn + "\n", f"{saved} is stale: run python examples/make_gallery.py"
    assert drawn.count('stroke-linecap="butt"') >= 4  # walls, drawn across their edges
    page = (ROOT / "docs" / "reference" / "kit-gallery.md").read_text()
    assert f"../_static/gallery/{file}" in page and "examples/quoridor.py" in page
