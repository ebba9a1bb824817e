"""Einstein würfelt nicht! on the authoring kit, as OpenSpiel's
``einstein_wurfelt_nicht`` plays it: a game with dice.

A 5x5 board, columns a to e from the left and rows 1 to 5 from the top.
Each player has six cubes numbered 1 to 6: black's (``B1`` to ``B6``,
player 0) start in the top-left corner, on a1, b1, c1, a2, b2 and a3;
white's (``W1`` to ``W6``, player 1) in the bottom-right corner, on e3, d4,
e4, c5, d5 and e5; each side's numbers are shuffled over its corner at the
start. Then a die is rolled for the player to move, white first, as
OpenSpiel has it: the cube with that number moves; if it is gone, the
player moves either the next lower or the next higher cube they still
have. Black's cubes move one square right, down or diagonally down-right,
white's left, up or diagonally up-left; a cube that lands on another cube,
of either colour, takes it off the board. The first cube to reach the far
corner (e5 for black, a1 for white) wins, and so does taking every cube of
the other side.

The game rolls with its own generator, ``self.rng``, so the same seed gives
the same game and undo takes a roll back; the die is the counter ``die``.
A step is written ``a1-b2``, a capture ``a1xb2``; OpenSpiel names a move
by its cube and direction, ``B3-diag``, ``W5-up*`` (a capture), as
:func:`openspiel_names` says. OpenSpiel's chance draws the two shuffles
(each side's numbers in the order of its start squares, as the rank of
that order among the 720) and then each roll; :func:`openspiel_chance`
names what the game drew so, for the lockstep oracle's ``chance``.
``tests/test_gallery_more.py`` plays this game and OpenSpiel's side by side.

Run it with ``boardkit play examples/einstein_wurfelt_nicht.py:EinsteinWurfeltNicht``.

Examples:
    >>> state = EinsteinWurfeltNicht().new_game(seed=1)
    >>> state.current_player, state.counter("die"), state["d4"]  # white rolled 5: W5 moves
    (1, 5, 'W5')
    >>> [str(m) for m in state.legal_moves()]
    ['d4-c4', 'd4-d3', 'd4-c3']
"""

from __future__ import annotations

from itertools import permutations
from typing import ClassVar

from boardkit import Outcome
from boardkit.about import About, Chance
from boardkit.kit import BoardGame, BoardState, Path
from boardkit.topology import SquareGrid

BOARD = SquareGrid(5, 5, diagonals=True, origin="top")  # index 0 is a1, the top left: OpenSpiel's order
NAMES = [BOARD.name(cell) for cell in BOARD.cells]
STEPS = BOARD.compiled.steps  # each cell's neighbour in each direction, by index (-1: off the board)
COLOURS = "BW"
SIDES = ("black", "white")  # player 0 and player 1
START = (("a1", "b1", "c1", "a2", "b2", "a3"), ("e3", "d4", "e4", "c5", "d5", "e5"))
GOALS = ("e5", "a1")
WAYS = (("e", "s", "se"), ("w", "n", "nw"))  # each side's three ways forward
FORWARD = [[BOARD.directions.index(way) for way in ways] for ways in WAYS]  # the same, as the board numbers them
#: OpenSpiel's name of each way, by the step it makes (columns, rows).
WORDS = {(1, 0): "right", (0, 1): "down", (1, 1): "diag", (-1, 0): "left", (0, -1): "up", (-1, -1): "diag"}
ORDERS = list(permutations(range(1, 7)))  # every order of six numbers, in OpenSpiel's order of their ranks


def openspiel_names(move: Path, state: BoardState) -> str:
    """OpenSpiel's action for ``move``: its cube and way, ``B3-diag``, with ``*`` for a capture."""
    (x, y), (u, v) = BOARD.cell(move.source), BOARD.cell(move.target)
    return f"{state[move.source]}-{WORDS[u - x, v - y]}{'*' if move.capture else ''}"


def openspiel_chance(state: BoardState) -> str | list[str]:
    """What the game drew, as OpenSpiel names it: the roll (``roll 4``), after
    the two shuffles at the start (``Placing black cubes on the board - action 17``)."""
    roll = f"roll {state.counter('die')}"
    if state.history:
        return roll
    shuffles = [ORDERS.index(tuple(int(str(state[name])[1]) for name in names)) for names in START]
    sides = zip(SIDES, shuffles, strict=True)
    return [*(f"Placing {side} cubes on the board - action {rank}" for side, rank in sides), roll]


class EinsteinState(BoardState[str, Path]):
    def setup(self) -> None:
        for colour, squares in zip(COLOURS, START, strict=True):
            numbers = list(range(1, 7))
            self.rng.shuffle(numbers)
            for name, number in zip(squares, numbers, strict=True):
                self.put(name, f"{colour}{number}")
        self.set_turn(1)  # white moves first
        self.roll()

    def roll(self) -> None:
        self.set("die", self.rng.randbelow(6) + 1)

    def moves(self) -> list[Path]:
        colour, die, cells = COLOURS[self.player], self.counter("die"), self.at
        cubes = {int(cube[1]): i for i, cube in enumerate(cells) if cube and cube[0] == colour}
        below = max((n for n in cubes if n < die), default=0)  # the next lower cube (0: none)
        above = min((n for n in cubes if n > die), default=7)  # the next higher cube (7: none)
        movable = [die] if die in cubes else [below, above]
        found = []
        for i in sorted(cubes[n] for n in movable if n in cubes):
            for d in FORWARD[self.player]:
                j = STEPS[i][d]
                if j >= 0:  # each path made once and kept by the kit: the same value every time
                    found.append(Path.through(BOARD, (i, j), capture=cells[j] is not None))
        return found

    def play(self, move: Path) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.next_turn()
        if self.judge() is None:
            self.roll()  # the next player's die

    def judge(self) -> Outcome | None:
        last = self.last_move  # only the player who has just moved can have won; only a capture takes a last cube
        if last is not None:
            return self.won(1 - self.player, last.capture)
        return self.won(0, True) or self.won(1, True)  # no move made the position: either side

    def won(self, mover: int, took: bool) -> Outcome | None:
        """``mover``'s win: a cube on the far corner, or (``took``: after a capture) none of the other side's left."""
        if (self[GOALS[mover]] or " ")[0] == COLOURS[mover]:
            return Outcome.win(mover, "reached the far corner")
        if took and not any(cube and cube[0] == COLOURS[1 - mover] for cube in self.at):
            return Outcome.win(mover, "took every cube")
        return None


class EinsteinWurfeltNicht(BoardGame[EinsteinState, Path]):
    """Einstein würfelt nicht! for two on a 5x5 board, with a die."""

    name = "einstein-wurfelt-nicht"
    about: ClassVar = About(title="Einstein würfelt nicht!", chance=Chance.PUBLIC)
    board = BOARD
    pieces: ClassVar = {f"{COLOURS[p]}{n}": f"{SIDES[p]} cube {n}" for p in (0, 1) for n in range(1, 7)}
    colours: ClassVar = {f"{COLOURS[p]}{n}": ("#222222", "#f5f5f5")[p] for p in (0, 1) for n in range(1, 7)}
    counters: ClassVar = {"die": 0}
    moves = (Path,)
    state_class = EinsteinState
