"""Positions changed by hand, fuzzed against a second referee: random walks through seven gallery games
(Hex, Y, Gomoku's k in a row, Havannah, Einstein würfelt nicht!, Ultimate tic-tac-toe and Breakthrough)
mixing moves, take-backs, copies, pickles and changes by hand (``put``, ``set_turn``, the die), where
after every move and every change by hand the game's outcome must agree with a whole-board referee
written here from the rules in each game's docstring alone: plain flood fills and line scans over the
cells, which say who has won and by what (a position set up by hand may hold a win for each side: then
either may be the one the game reports). Cases the game gets wrong are marked ``xfail(strict=True)``
with why, so that they are listed, and turn the module red once they are fixed."""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import pytest
from breakthrough import Breakthrough
from einstein_wurfelt_nicht import EinsteinWurfeltNicht
from havannah import Havannah
from hex import Hex
from k_in_a_row import KInARow
from ultimate_tic_tac_toe import UltimateTicTacToe
from y import Y

from boardkit.chance import Random
from boardkit.kit import BoardGame, Place

# -- the referees -------------------------------------------------------------------------------------


@attrs.frozen
class Verdict:
    """What the cells say: each winner and the kinds of win they hold (words of the game's reason),
    and, when nobody has won, whether the game is drawn (a full board) rather than going on."""

    wins: dict[int, frozenset[str]]
    drawn: bool = False

    def accepts(self, outcome: Any) -> bool:
        if not self.wins:
            return outcome is not None and outcome.is_draw if self.drawn else outcome is None
        if outcome is None or outcome.winner not in self.wins:
            return False
        return any(kind in outcome.reason for kind in self.wins[outcome.winner])


def xy(name: str) -> tuple[int, int]:
    """A cell's column and row from its name, both from 0: ``c3`` is ``(2, 2)``."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def look(state: Any) -> tuple[tuple[Any, ...], list[str], Any]:
    """The cells (by index), their names and each one's neighbours (by index)."""
    board = state.board
    return state.layout(), [board.name(cell) for cell in board.cells], board.compiled.neighbors


def components(neighbours: Any, inside: Callable[[int], bool]) -> list[set[int]]:
    """The connected groups of the cells for which ``inside`` holds: a plain flood fill."""
    seen: set[int] = set()
    found = []
    for start in range(len(neighbours)):
        if start in seen or not inside(start):
            continue
        group, todo = {start}, [start]
        while todo:
            for j in neighbours[todo.pop()]:
                if j not in group and inside(j):
                    group.add(j)
                    todo.append(j)
        seen |= group
        found.append(group)
    return found


def chains(cells: tuple[Any, ...], neighbours: Any, stone: str) -> list[set[int]]:
    return components(neighbours, lambda i: cells[i] == stone)


def verdict(wins: Iterable[tuple[int, str]], drawn: bool = False) -> Verdict:
    found: dict[int, set[str]] = {}
    for player, kind in wins:
        found.setdefault(player, set()).add(kind)
    return Verdict({p: frozenset(kinds) for p, kinds in found.items()}, drawn=not found and drawn)


def hex_referee(state: Any) -> list[Verdict]:
    """Red (R) joins row 1 and the last row, blue (B) column a and the last column."""
    cells, names, neighbours = look(state)
    last = state.game.options.size - 1
    wins = []
    for player, stone, axis, kind in ((0, "R", 1, "top and bottom"), (1, "B", 0, "left and right")):
        for chain in chains(cells, neighbours, stone):
            reach = {xy(names[i])[axis] for i in chain}
            if 0 in reach and last in reach:
                wins.append((player, kind))
    return [verdict(wins)]


def y_referee(state: Any) -> list[Verdict]:
    """A chain touching the top (row 1), the left (column a) and the right (the last hex of each row)."""
    cells, names, neighbours = look(state)
    last = state.game.options.size - 1
    wins = []
    for player, stone in enumerate("O@"):
        for chain in chains(cells, neighbours, stone):
            sides = set()
            for i in chain:
                x, y = xy(names[i])
                sides |= {s for s, on in (("top", y == 0), ("left", x == 0), ("right", x + y == last)) if on}
            if len(sides) == 3:
                wins.append((player, "three sides"))
    return [verdict(wins)]


NUMBERS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def k_in_a_row_referee(state: Any) -> list[Verdict]:
    """k or more of one player's stones in a line, across, down or diagonally; a full board is drawn."""
    cells, names, _ = look(state)
    k = state.game.options.k
    at = {xy(name): cells[i] for i, name in enumerate(names)}
    wins = []
    for (x, y), stone in at.items():
        if stone is None:
            continue
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if at.get((x - dx, y - dy)) == stone:
                continue  # not the start of its line
            run = 0
            while at.get((x + run * dx, y + run * dy)) == stone:
                run += 1
            if run >= k:
                wins.append(("BW".index(stone), f"{NUMBERS[k - 2]} in a line"))
    return [verdict(wins, drawn=None not in cells)]


def ringed(cells: tuple[Any, ...], neighbours: Any, stone: str) -> bool:
    """Whether ``stone`` makes a ring: a loop of its hexes round one hex or more, whatever they hold. A
    hex is inside one when every way out of it through hexes not the player's (a hex on the rim, with
    fewer than six neighbours, is a way out) stays walled in: a group of hexes not the player's none of
    which is on the rim, or a hex of the player's own inside, not on the rim, whose six neighbours are
    all the player's (a way out of it is one through a group beside it, walled in or seen above)."""
    inner = [len(around) == 6 for around in neighbours]
    if any(all(inner[i] for i in group) for group in components(neighbours, lambda i: cells[i] != stone)):
        return True
    return any(
        cells[i] == stone and inner[i] and all(cells[j] == stone for j in neighbours[i]) for i in range(len(cells))
    )


def havannah_referee(state: Any) -> list[Verdict]:
    """A ring, a bridge (a chain on two corners: the hexes with three neighbours) or a fork (a chain on
    three sides: the runs of rim hexes with four neighbours between the corners); a full board is drawn."""
    cells, _, neighbours = look(state)
    corners = {i for i, around in enumerate(neighbours) if len(around) == 3}
    side = {i: k for k, run in enumerate(components(neighbours, lambda i: len(neighbours[i]) == 4)) for i in run}
    wins = []
    for player, stone in enumerate("O@"):
        for chain in chains(cells, neighbours, stone):
            if len(chain & corners) >= 2:
                wins.append((player, "bridge"))
            if len({side[i] for i in chain if i in side}) >= 3:
                wins.append((player, "fork"))
        if ringed(cells, neighbours, stone):
            wins.append((player, "ring"))
    return [verdict(wins, drawn=None not in cells)]


def einstein_referee(state: Any) -> list[Verdict]:
    """A black cube on e5 or no white cube left wins for black; a white cube on a1 or no black cube, white."""
    cells, names, _ = look(state)
    on = dict(zip(names, cells, strict=True))
    colours = [str(cube)[0] for cube in cells if cube is not None]
    wins = []
    for player, (colour, corner) in enumerate((("B", "e5"), ("W", "a1"))):
        if str(on[corner]).startswith(colour):
            wins.append((player, "far corner"))
        if "BW"[1 - player] not in colours:
            wins.append((player, "every cube"))
    return [verdict(wins)]


def breakthrough_referee(state: Any) -> list[Verdict]:
    """A black piece (b) on row 1 or no white piece left wins for black; a white one (w) on row 8 or no
    black piece, white."""
    cells, names, _ = look(state)
    wins = []
    for player, (piece, row) in enumerate((("b", 0), ("w", 7))):
        if any(cells[i] == piece and xy(name)[1] == row for i, name in enumerate(names)):
            wins.append((player, "far row"))
        if "bw"[1 - player] not in cells:
            wins.append((player, "every piece"))
    return [verdict(wins)]


#: The eight lines of a tic-tac-toe board, by square 0 to 8 (row by row from the top left).
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def has_line(squares: Iterable[Any], mark: str) -> bool:
    squares = list(squares)
    return any(all(squares[s] == mark for s in line) for line in LINES)


def small_boards(state: Any) -> list[list[str]]:
    """What each small board's squares say: the marks with a line there, else "=" (full) or "." (open)."""
    cells, names, _ = look(state)
    small: list[list[Any]] = [[None] * 9 for _ in range(9)]
    for i, name in enumerate(names):
        x, y = xy(name)
        small[3 * (y // 3) + x // 3][3 * (y % 3) + x % 3] = cells[i]
    return [[m for m in "XO" if has_line(b, m)] or (["="] if None not in b else ["."]) for b in small]


def ultimate_referee(state: Any) -> list[Verdict]:
    """Each small board (a1 top left, three columns and rows each) is won by a line of three, drawn when
    full without one, else open; three won in a line win the game, and every one decided without that
    draws it. A small board set up by hand with a line of each mark counts for either: one verdict each."""
    verdicts = []
    for meta in itertools.product(*small_boards(state)):
        wins = [(p, "three small boards") for p, mark in enumerate("XO") if has_line(meta, mark)]
        verdicts.append(verdict(wins, drawn="." not in meta))
    return verdicts


# -- the walks ----------------------------------------------------------------------------------------


@attrs.define
class Walk:
    """A random walk of one game's state, with what it did (to say how to get back to a failure)."""

    state: Any
    rng: Random
    referee: Callable[[Any], list[Verdict]]
    keep: Callable[[Any], None] | None = None  # what a change by hand sets along with it (GAMES)
    done: list[str] = attrs.field(factory=list)
    fresh: int = 0  # moves made since the last change by hand (see walk)
    checks: int = 0
    failures: list[str] = attrs.field(factory=list)

    def check(self, what: str) -> None:
        self.done.append(what)
        self.checks += 1
        verdicts = self.referee(self.state)
        outcome = self.state.outcome
        if not self.state.is_over and not self.state.legal_moves():
            self.failures.append(f"after {what}: a game going on without a legal move\nsteps: {'; '.join(self.done)}")
        if not any(v.accepts(outcome) for v in verdicts):
            self.failures.append(
                f"after {what}: the game says {outcome}, the referee {verdicts}\n"
                f"{self.state.render()}\nsteps: {'; '.join(self.done)}"
            )

    def changed(self, what: str) -> None:
        """After a change by hand: the records it sets along with it (``keep``), then the check."""
        if self.keep is not None:
            self.keep(self.state)
        self.fresh = 0
        self.check(what)

    def put(self, cell: Any, piece: Any) -> None:
        name = self.state.board.name(cell)
        self.state.put(cell, piece)
        self.changed(f"put({name!r}, {piece!r})")

    def set_turn(self, player: int) -> None:
        self.state.set_turn(player)
        self.changed(f"set_turn({player})")

    def apply(self, move: Any) -> None:
        self.state.apply(move)
        self.fresh += 1
        self.check(f"apply({str(move)!r})")

    def random_cell(self) -> Any:
        cells = self.state.board.cells
        return cells[self.rng.randbelow(len(cells))]

    def clear(self) -> None:
        """A random piece taken off by hand."""
        cells = [cell for cell in self.state.board.cells if self.state[cell] is not None]
        if cells:
            self.put(cells[self.rng.randbelow(len(cells))], None)

    def random_change(self, pieces: list[Any]) -> None:
        """A random change by hand: a piece of the game or ``None`` on a random cell, now and then the
        cell's own piece again (a change that changes nothing), or the turn given to a random player."""
        roll = self.rng.randbelow(12)
        if roll == 0:
            self.set_turn(self.rng.randbelow(2))
        elif roll == 1:
            cell = self.random_cell()
            self.put(cell, self.state[cell])
        else:
            choice = [*pieces, None, None]
            self.put(self.random_cell(), choice[self.rng.randbelow(len(choice))])


def walk(
    game: BoardGame[Any, Any],
    referee: Callable[[Any], list[Verdict]],
    seed: int,
    steps: int,
    by_hand: Callable[[Walk], None] | None = None,
    keep: Callable[[Any], None] | None = None,
) -> Walk:
    """``steps`` random steps of a new game of ``game``: mostly a move; now and then one to four moves
    taken back, a copy, a pickled and unpickled state, or a change by hand (``by_hand``, else a random
    one, and ``keep`` after it); once the game is over, mostly a take-back or a piece taken off by hand,
    else a change by hand. Each move, take-back and change by hand is checked against ``referee``. A
    take-back goes back across changes by hand too, but for a game whose records a change by hand must
    set along with it (``keep``): its take-back gives back the records the move found, not those set."""
    pieces = list(game.pieces)
    w = Walk(game.new_game(seed=seed), Random(seed), referee, keep)
    w.check(f"new_game(seed={seed})")
    change = by_hand or (lambda w: w.random_change(pieces))
    for _ in range(steps):
        roll = w.rng.randbelow(20)
        over = w.state.is_over
        back = w.fresh if keep is not None else len(w.state.history)
        if (roll < 2 or (over and roll < 8)) and back:
            for _ in range(min(back, w.rng.randbelow(4) + 1)):
                w.state.undo()
                w.fresh = max(w.fresh - 1, 0)
                w.check("undo()")
        elif roll == 2:
            w.state = w.state.copy()
            w.done.append("copy")
        elif roll == 3:
            w.state = pickle.loads(pickle.dumps(w.state))
            w.done.append("pickle")
        elif over and roll < 14 and sum(p is not None for p in w.state.layout()) > 4:
            w.clear()  # back towards a game going on: a change by hand seldom takes a win off otherwise
        elif roll < 7 or over:
            change(w)
        else:
            w.apply(w.state.random_move(w.rng))
    return w


def havannah_by_hand(w: Walk) -> None:
    """Mostly a random change; now and then a ring nearly closed by hand round a random inner hex (five
    of its neighbours, one at a time), whose last hex is then often played as a move."""
    if w.rng.randbelow(4):
        w.random_change(["O", "@"])
        return
    neighbours = w.state.board.compiled.neighbors
    inner = [i for i, around in enumerate(neighbours) if len(around) == 6]
    centre, player = inner[w.rng.randbelow(len(inner))], w.rng.randbelow(2)
    cells = w.state.board.cells
    around = list(neighbours[centre])
    last = around.pop(w.rng.randbelow(6))
    for i in around:
        w.put(cells[i], "O@"[player])
    if w.rng.randbelow(2) and not w.state.is_over and w.state[cells[last]] is None:
        w.set_turn(player)
        if not w.state.is_over:
            w.apply(Place(w.state.board.name(cells[last])))


def ultimate_by_hand(w: Walk) -> None:
    """Mostly a random change; now and then a line of one mark put by hand across a random small board."""
    if w.rng.randbelow(3):
        w.random_change(["X", "O"])
        return
    board, line, mark = w.rng.randbelow(9), LINES[w.rng.randbelow(8)], "XO"[w.rng.randbelow(2)]
    for s in line:
        y, x = 3 * (board // 3) + s // 3, 3 * (board % 3) + s % 3
        w.put(f"{chr(ord('a') + x)}{y + 1}", mark)


def einstein_by_hand(w: Walk) -> None:
    """A random cube (or ``None``) on a random square, the turn, or now and then the die."""
    if w.rng.randbelow(6) == 0:
        die = w.rng.randbelow(6) + 1
        w.state.set("die", die)
        w.changed(f"set('die', {die})")
    else:
        w.random_change(list(EinsteinWurfeltNicht.pieces))


def keep_ultimate_records(state: Any) -> None:
    """What a change by hand of an Ultimate tic-tac-toe position sets along with it, as the game's
    docstring asks: its records of the small boards decided and of the board the next mark is sent to
    (kept from its moves, which read them, not the squares), here read from the squares. A board set up
    with a line of each mark is recorded as X's (the referee takes either)."""
    won = "".join(read[0] for read in small_boards(state))
    sent = state.counter("_sent")
    state.set("_won", won)
    state.set("_sent", sent if sent < 0 or won[sent] == "." else -1)


#: Each game walked: how to make it, its referee, its changes by hand (None: random ones), and what a
#: change by hand sets along with it (None: nothing).
GAMES: dict[str, tuple[Callable[[], BoardGame[Any, Any]], Callable[[Any], list[Verdict]], Any, Any]] = {
    "hex-3": (lambda: Hex(size=3), hex_referee, None, None),
    "hex-5": (lambda: Hex(size=5), hex_referee, None, None),
    "y-4": (lambda: Y(size=4), y_referee, None, None),
    "y-5": (lambda: Y(size=5), y_referee, None, None),
    "k-in-a-row": (lambda: KInARow(columns=7, rows=7, k=4), k_in_a_row_referee, None, None),
    "havannah-3": (lambda: Havannah(size=3), havannah_referee, havannah_by_hand, None),
    "havannah-4": (lambda: Havannah(size=4), havannah_referee, havannah_by_hand, None),
    "einstein": (EinsteinWurfeltNicht, einstein_referee, einstein_by_hand, None),
    "ultimate": (UltimateTicTacToe, ultimate_referee, ultimate_by_hand, keep_ultimate_records),
    "breakthrough": (Breakthrough, breakthrough_referee, None, None),
}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", list(GAMES))
def test_walk(name: str, seed: int) -> None:
    """After every move and change by hand of a random walk, the game's outcome is the referee's
    (and no game going on is left without a legal move)."""
    make, referee, by_hand, keep = GAMES[name]
    w = walk(make(), referee, seed, steps=1000, by_hand=by_hand, keep=keep)
    assert not w.failures, w.failures[0]
    assert w.checks > 400


# -- the edges ----------------------------------------------------------------------------------------


def played_out(name: str, seed: int) -> Any:
    """A random game of ``name``'s game played to its end."""
    make, *_ = GAMES[name]
    state, rng = make().new_game(seed=seed), Random(seed)
    while not state.is_over:
        state.apply(state.random_move(rng))
    return state


@pytest.mark.parametrize("name", list(GAMES))
def test_a_change_that_changes_nothing(name: str) -> None:
    """A piece put back on its own cell, or the turn given to the player who has it, judges the game
    again and finds what the move found: the same outcome, going on or over, and the same moves."""
    for seed in range(3):
        state = played_out(name, seed)
        ended, moves = state.outcome, len(state.history)
        for _ in range(3):  # the position the last move made (over), and the two before it (going on)
            legal = state.legal_moves()
            for i, cell in enumerate(state.board.cells):
                if i % 5 == seed:
                    state.put(cell, state[cell])
                    assert state.outcome == ended
            state.set_turn(state.player)
            assert state.outcome == ended
            assert state.legal_moves() == legal
            state.undo()
            ended = None
        assert len(state.history) == moves - 3


@pytest.mark.parametrize("name", list(GAMES))
def test_set_turn_alone(name: str) -> None:
    """The turn given to either player judges the whole board again: a game over stays over with the
    same outcome (only the turn changed), and one going on goes on."""
    referee = GAMES[name][1]
    for seed in range(3):
        state = played_out(name, seed)
        ended = state.outcome
        for player in (0, 1, 0):
            state.set_turn(player)
            assert state.outcome == ended
        state.undo()
        for player in (1, 0, 1):
            state.set_turn(player)
            assert state.outcome is None
            assert any(v.accepts(None) for v in referee(state))


@pytest.mark.parametrize("name", ["hex-5", "y-5", "k-in-a-row", "havannah-4", "einstein", "breakthrough"])
def test_a_change_right_after_the_end(name: str) -> None:
    """Right after the last move, emptying one cell at a time: the game stays over while the referee
    still finds the win, goes on (with moves) once it does not, and is over again when the pieces go
    back, one at a time, in the same order."""
    referee = GAMES[name][1]
    for seed in range(3):
        state = played_out(name, seed)
        taken = [(cell, state[cell]) for cell in state.board.cells if state[cell] is not None]
        Random(seed).shuffle(taken)
        for cell, _ in taken:
            state.put(cell, None)
            assert any(v.accepts(state.outcome) for v in referee(state))
            assert state.is_over or state.legal_moves()
        for cell, piece in taken:
            state.put(cell, piece)
            assert any(v.accepts(state.outcome) for v in referee(state))


def test_undo_after_a_change_by_hand() -> None:
    """What undo gives after a change by hand: the move's own cells back as they were before it (a
    change by hand to them is lost), every other change by hand kept, and the position judged whole."""
    state = Hex(size=4).new_game(seed=0)
    state.apply("a1")
    state.put("a1", "B")  # the move's own cell, changed by hand
    state.put("d4", "R")  # another cell
    assert state.undo() == Place("a1")
    assert (state["a1"], state["d4"], state.player, state.outcome) == (None, "R", 0, None)


# -- what this review found (each failed before its fix) ----------------------------------------------


def test_undo_over_a_change_by_hand() -> None:
    """Taken back past a change by hand that made a win, the win is still on the board, and the game
    is still over: undo judges again a position a change by hand made since the move (it set the
    game going on, unjudged, and the next move, judged by its own stone, did not end it)."""
    state = Hex(size=4).new_game(seed=0)
    state.apply("a1")
    for cell in ("b1", "b2", "b3", "b4"):
        state.put(cell, "R")
    assert state.outcome is not None and hex_referee(state)[0].accepts(state.outcome)
    state.undo()
    assert state.outcome is not None and hex_referee(state)[0].accepts(state.outcome)
    assert state.legal_moves() == []


def test_havannah_ring_broken_by_hand() -> None:
    """Player 0 closes a ring round c2 by a move; a change by hand breaks it, and the game goes on;
    player 1's next move, far from any ring, was then judged a ring for player 1 (the counter the
    ring's move set outlived it). The rules: "A player wins with a chain of their stones that makes one
    of three shapes: a ring: a loop around one hex or more", and player 1 has no loop."""
    state = Havannah(size=3).new_game(seed=0)
    for cell in ("d2", "b1", "b2", "c3", "d3"):
        state.put(cell, "O")
    state.apply("c1")
    assert (state.outcome.winner, state.outcome.reason) == (0, "a ring")
    state.put("d3", None)
    assert state.outcome is None
    state.apply("d3")  # player 1
    assert havannah_referee(state) == [Verdict({})]
    assert state.outcome is None, state.outcome


def _ultimate(*marks: tuple[str, str]) -> Any:
    """A new game of Ultimate tic-tac-toe with ``marks`` put by hand, its records set along with them."""
    state = UltimateTicTacToe().new_game(seed=0)
    for cell, mark in marks:
        state.put(cell, mark)
    keep_ultimate_records(state)
    return state


def test_ultimate_boards_won_by_hand() -> None:
    """X holds a line on the top-left and top-middle boards, put by hand with the records, and wins
    the top-right one by a move: three small boards won in a row ("Three small boards won in a row win
    the game")."""
    state = _ultimate(*((cell, "X") for cell in ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1")))
    assert state.outcome is None and state.counter("_won")[:3] == "XX."
    state.apply("i1")
    assert ultimate_referee(state) == [Verdict({0: frozenset({"three small boards"})})]
    assert state.outcome is not None and state.outcome.winner == 0, state.outcome


def test_ultimate_board_unwon_by_hand() -> None:
    """X wins the top row of boards by moves; a change by hand (with the records) takes a mark off the
    top-left board's line, and the game goes on; O's next move wins nothing."""
    state = _ultimate(*zip(("a1", "b1", "d1", "e1", "g1", "h1", "d4", "e4"), "XXXXXXOO", strict=True))
    for cell in ("c1", "i1", "f1"):
        state.set_turn(0)
        state.apply(cell)
    assert state.outcome.winner == 0
    state.put("a1", None)
    keep_ultimate_records(state)
    assert state.outcome is None
    state.apply("f4")  # O
    assert ultimate_referee(state) == [Verdict({})]
    assert state.outcome is None, state.outcome


def test_ultimate_sent_to_a_board_filled_by_hand() -> None:
    """X's a1 sends O to the top-left board, which a change by hand (with the records) then fills
    without a line: "sent to a board that is already decided ... a player may play on any board still
    open"."""
    state = UltimateTicTacToe().new_game(seed=0)
    state.apply("a1")
    for cell, mark in zip(("b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"), "OXXOOOXX", strict=True):
        state.put(cell, mark)
    keep_ultimate_records(state)
    assert small_boards(state)[0] == ["="] and state.counter("_won")[0] == "="
    assert state.outcome is None
    assert len(state.legal_moves()) == 72


def test_havannah_swap_after_a_stone_put_by_hand() -> None:
    """With the swap rule, a first stone put by hand (no move made) and player 1 to move: the legal
    moves held ``None`` (the swap's "last move"), which apply then refused; and a first stone moved by
    hand made the swap a second move to the cell it left. The swap is on a stone the first move put."""
    state = Havannah(size=3, swap=True).new_game(seed=0)
    state.put("c3", "O")
    state.set_turn(1)
    assert None not in state.legal_moves() and len(state.legal_moves()) == 18
    state = Havannah(size=3, swap=True).new_game(seed=0)
    state.apply("c3")
    assert state.legal_moves()[0] == Place("c3") and len(state.legal_moves()) == 19  # the swap, first
    state.put("c3", None)
    state.put("d3", "O")
    assert len(state.legal_moves()) == len(set(state.legal_moves())) == 18


def test_a_judge_that_raises_taking_a_move_back_leaves_the_generator_right() -> None:
    """A move taken back across a change by hand is judged again; a judge that raises there surfaces as
    itself, and the generator is back where it was before the move (it was restored only after the
    judge, so it kept the move's draw, and a later take-back read the wrong one)."""
    state = EinsteinWurfeltNicht().new_game(seed=3)
    rng = Random(4)
    for _ in range(4):
        state.apply(state.random_move(rng))
    state.set("die", state.counter("die"))  # a change by hand that changes nothing
    calls = 0

    def failing() -> None:
        nonlocal calls
        calls += 1
        raise RuntimeError("a bug in the rules")

    state.judge = failing
    with pytest.raises(RuntimeError, match="a bug in the rules"):
        state.undo()
    del state.judge
    assert calls == 1
    again = state.game.new_game(seed=3)
    for move in state.history:
        again.apply(move)
    assert state.rng.state == again.rng.state and state.layout() == again.layout()
    state.apply(state.random_move(rng))
    state.undo()
    state.undo()
    again.undo()
    assert state.rng.state == again.rng.state and state == again


def test_a_change_by_hand_on_a_copy_leaves_the_original_alone() -> None:
    """A copy shares the records of the moves before it; the mark that a change by hand leaves on the
    last move's record went into the shared one, so the original, never changed by hand, judged again and
    listed its moves anew on each take-back (17 times slower taking back a long game)."""
    listed = 0

    class Counting(Hex().state_class):  # type: ignore[misc,name-defined]
        def moves(self) -> Any:
            nonlocal listed
            listed += 1
            return super().moves()

    class CountingHex(Hex):
        state_class = Counting

    state = CountingHex(size=5).new_game(seed=0)
    for cell in ("a1", "b1", "c1"):
        state.apply(cell)
    copy = state.copy()
    copy.put("e5", "R")
    before = listed
    state.undo()
    state.legal_moves()  # the moves kept from before the move: not listed again
    assert listed == before
    assert copy.history == (*state.history, Place("c1")) and copy.undo() == Place("c1")
