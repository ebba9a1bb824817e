"""Hex Hasami: a small capture game on a hexagon, built from boardkit's parts.

This is the game the tutorial "Build your first game" builds step by step.

Rules:
    Two players, nine stones each, on the 37-cell hexagon of radius 3. Player
    0's stones start on the two bottom rows, player 1's on the two top rows;
    player 0 moves first. A stone slides any distance in one of the six
    directions over empty cells. After it lands, every enemy stone next to it
    with a stone of the mover beyond, on the same line, is captured
    (custodial capture along the three axes of the hex grid). A player wins by
    capturing five stones, or when the opponent has no move. After 200 moves
    without a winner the game is drawn.

Run it to play a random game and check it against the conformance kit::

    python examples/hex_hasami.py
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from typing import Any

import attrs

from boardkit import IllegalMoveError, NotationError, Outcome, Player, State, capture, make_options
from boardkit.game import Game
from boardkit.topology import Hex, HexGrid

__all__ = ["HexHasami", "HexHasamiState", "Slide"]

BOARD = HexGrid.hexagon(3)
TABLES = BOARD.compiled
EMPTY = -1
_MOVE = re.compile(r"\(\s*(-?\d{1,2})\s*,\s*(-?\d{1,2})\s*\)-\(\s*(-?\d{1,2})\s*,\s*(-?\d{1,2})\s*\)")


@attrs.frozen
class Slide:
    """Move the stone on ``start`` to ``end``. Notation ``(0,3)-(0,1)``.

    Examples:
        >>> str(Slide((0, 3), (0, 1)))
        '(0,3)-(0,1)'
    """

    start: Hex
    end: Hex

    def __str__(self) -> str:
        return f"({self.start[0]},{self.start[1]})-({self.end[0]},{self.end[1]})"


@attrs.frozen
class HexHasamiOptions:
    """Options: how many captures win, and the move limit that draws."""

    captures_to_win: int = attrs.field(default=5, validator=attrs.validators.in_(range(1, 10)))
    move_limit: int = attrs.field(default=200, validator=attrs.validators.ge(1))


class HexHasami(Game["HexHasamiState", Slide]):
    """Hex Hasami: slide stones on a hexagon and capture by surrounding.

    Examples:
        >>> state = HexHasami().new_game(seed=1)
        >>> len(state.legal_moves())
        28
        >>> state.apply("(0,2)-(0,1)")
        >>> state.current_player
        1
    """

    name = "hex-hasami"

    def __init__(self, **options: Any) -> None:
        self.options = make_options(HexHasamiOptions, options, game=self.name)

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> HexHasamiState:
        return HexHasamiState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Slide:
        match = _MOVE.fullmatch(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise NotationError(text, "a move is written '(q,r)-(q,r)', for example '(0,3)-(0,1)'")
        q1, r1, q2, r2 = (int(g) for g in match.groups())
        return Slide((q1, r1), (q2, r2))


class HexHasamiState(State[Slide]):
    """A game of Hex Hasami in progress."""

    def __init__(self, game: HexHasami, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.options: HexHasamiOptions = game.options
        # One integer per cell: EMPTY, or the owner's player number.
        self.cells = [EMPTY] * TABLES.size
        for i, (_, row) in enumerate(BOARD.hexes):
            if row >= 2:
                self.cells[i] = 0
            elif row <= -2:
                self.cells[i] = 1
        self.captured = [0, 0]  # stones each player has captured
        self._outcome: Outcome | None = None

    @property
    def current_player(self) -> Player | None:
        return None if self._outcome else len(self._moves) % 2

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def _slides(self, me: Player) -> list[tuple[int, int]]:
        """Every (start, end) cell-index pair that player ``me`` may slide."""
        cells = self.cells
        found = []
        for start in range(TABLES.size):
            if cells[start] != me:
                continue
            for ray in TABLES.rays[start]:
                for end in ray:
                    if cells[end] != EMPTY:
                        break
                    found.append((start, end))
        return found

    def legal_moves(self) -> list[Slide]:
        if self._outcome:
            return []
        hexes = BOARD.hexes
        me = len(self._moves) % 2
        return [Slide(hexes[a], hexes[b]) for a, b in self._slides(me)]

    def _play(self, move: Slide) -> object:
        if not isinstance(move, Slide) or move.start not in BOARD or move.end not in BOARD:
            raise IllegalMoveError(move, "both cells must be on the board")
        start, end = BOARD.index(move.start), BOARD.index(move.end)
        if (start, end) not in self._slides(len(self._moves) % 2):
            raise IllegalMoveError(move, "a stone of yours slides in a straight line over empty cells")
        me = self.cells[start]
        self.cells[start], self.cells[end] = EMPTY, me
        taken = capture.custodial(TABLES, self.cells, end, enemies={1 - me}, friends={me}, empty=EMPTY)
        for cell in taken:
            self.cells[cell] = EMPTY
        self.captured[me] += len(taken)
        before = self._outcome
        self._outcome = self._judge(me)
        return (start, end, taken, before)

    def _judge(self, mover: Player) -> Outcome | None:
        if self.captured[mover] >= self.options.captures_to_win:
            return Outcome.win(mover, f"captured {self.captured[mover]} stones")
        if not self._slides(1 - mover):
            return Outcome.win(mover, "the opponent has no move")
        if len(self._moves) + 1 >= self.options.move_limit:
            return Outcome.draw("move limit reached")
        return None

    def _unplay(self, move: Slide, token: Any) -> None:
        start, end, taken, before = token
        me = self.cells[end]
        for cell in taken:
            self.cells[cell] = 1 - me
        self.captured[me] -= len(taken)
        self.cells[start], self.cells[end] = me, EMPTY
        self._outcome = before

    def _key(self) -> Hashable:
        return (tuple(self.cells), tuple(self.captured), self._outcome)

    def copy(self) -> HexHasamiState:
        twin = HexHasamiState.__new__(HexHasamiState)
        self._copy_base_into(twin)
        twin.options = self.options
        twin.cells = list(self.cells)
        twin.captured = list(self.captured)
        twin._outcome = self._outcome
        return twin

    def evaluate(self, player: Player) -> float:
        if self._outcome:
            return super().evaluate(player)
        return (self.captured[player] - self.captured[1 - player]) / self.options.captures_to_win

    def render(self) -> str:
        lines = []
        for r in range(-3, 4):
            row = [".xo"[self.cells[BOARD.index((q, r))] + 1] for q in range(-3, 4) if (q, r) in BOARD]
            lines.append(" " * abs(r) + " ".join(row))
        return "\n".join(lines)

    def svg_cells(self) -> tuple[HexGrid, dict[Hex, str], dict[Hex, str]]:
        labels = {c: "xo"[self.cells[i]] for i, c in enumerate(BOARD.hexes) if self.cells[i] != EMPTY}
        return BOARD, labels, {}


if __name__ == "__main__":
    from boardkit import Random
    from boardkit.testing import check_game

    state = HexHasami().new_game(seed=2026)
    rng = Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    print(state.render())
    print(state.outcome)
    print(check_game(HexHasami(), games=3))
