"""A second, independent Tafl referee for the three rule sets played today (test helper).

This module is an independent reading of ``/work/shared/RULINGS.md`` (section
"Tafl" and "Tafl rule sets played today"), written without looking at
boardkit's Tafl rule code. It is deliberately plain and slow: a dictionary
board, rook moves found square by square, every rule checked from scratch
after every move. The fuzz test (``tests/test_tafl_oracle.py``) plays the
same random games through it and through boardkit and compares them ply by
ply, so that the two readings keep each other honest.

How the rulings are read here (one line per rule; see RULINGS.md for the
rules themselves):

- Squares ``(file, rank)`` from ``(0, 0)`` = ``a1``; a position in OpenTafl
  text starts at rank 1. Player 0 = attackers (``t``), player 1 = defenders
  (``T`` and the King ``K``); the attackers move first.
- Every piece moves like a rook over empty squares. The throne (centre) and
  the four corners are restricted: only the King stops there; any piece
  passes over the empty throne.
- Hostile squares: the corners to every piece; the empty throne to every
  piece; the throne with the King on it is the King himself, an anvil for the
  defenders (so it is hostile to attackers, as Copenhagen says). The edge is
  never hostile.
- Capture is custodial and active: only pieces next to the destination of
  the move just made, against a piece of the mover's side (the King
  included: he is armed) or a hostile square.
- The King (``copenhagen``, ``fetlar``): never captured custodially; taken
  when an attacker moves next to him and all four neighbours are attackers,
  or, beside the throne, the three others are attackers; never on an edge.
  (``federation-brandubh``): on the throne by four, beside it by three and
  the throne, elsewhere like any piece (two attackers, or an attacker and a
  corner), on the edge too.
- Shieldwall (``copenhagen``): a run of two or more pieces of one side on an
  edge line, each with an enemy piece on the next line inward, bracketed on
  that edge line by the piece just moved at one end and a piece of the
  mover's side (King included) or a corner at the other. The closing move is
  any move that ends on the bracketing square, along that edge line or from
  inside the board, as the players' server judges it
  (``shieldwall_close="along-edge"`` lets only a move along the edge line
  close it). A King in the run stays; the others are taken.
- Escape: the King on a corner wins for the defenders at once.
- Exit fort (``copenhagen``): the King on an edge square with a legal move;
  the region of empty squares joined to him is walled in by defenders only
  (no attacker touches it), and every wall piece is safe for ever. Safe for
  ever: the largest set of defenders in which each, on each of its two lines,
  has a neighbour off the board, the King, another safe defender, or an
  inside square that is not hostile.
- Encirclement (all three): no defender, King included, can reach an edge
  square through empty squares and squares of their own side.
- No legal move: the player to move loses.
- Repetition: the third occurrence of one board with the same player to move
  (the starting position counts) ends the game: a loss for the defenders in
  ``copenhagen``, a draw in ``fetlar`` and ``federation-brandubh`` (or, as
  an option there, a loss for the side whose move made it).

The special squares, as options (the meanings OpenTafl gives its rules keys
``cor``, ``cen``, ``cors``, ``cens``, ``corp``, ``cenp``, ``corh``, ``cenh``,
``cenhe``, ``linc``, as boardkit's docs page states them; read from that
page, not from boardkit's code):

- ``corners`` / ``throne``: square names separated by commas, ``""`` for
  none; left as ``None``, the four corners of the board (with corner escape;
  none with edge escape) and the centre.
- ``*_stop`` / ``*_pass``: the letters (``t`` attackers, ``T`` defenders,
  ``K`` the King) of the pieces that may stop on / pass over such a square.
  A piece walks its line square by square; a square it may not pass over
  ends the walk before it (so it cannot stop there either); a square it may
  pass over is a destination if it may stop there.
- Hostility: a square closes a capture of a piece (``t`` or ``T``; the King
  is a ``T``) when it holds an enemy of that piece (the King only when
  armed), or else when it is special and its own list names the piece's
  side: ``corner_hostile`` always, ``throne_hostile_empty`` while the throne
  is empty, ``throne_hostile`` while a piece stands on it.
- A strong King is taken when all four sides are hostile to him (so never on
  the edge); a weak one (``king_captured_by="two"``, or ``"throne"`` away
  from every throne and the squares beside them) like any piece.
- An unarmed King (``king_armed=False``) takes part in no capture: not as
  the piece that moves, not as the far piece.
- ``escape="edge"``: the King wins on any edge square; ``"corner"``: on any
  corner square.
- ``linnaean``: when an attacker moves to the square two away from the
  board's centre on one of its four lines, the centre holds the King, the
  square between holds a defender, and the centre's other three neighbours
  hold attackers, that defender is taken.
- Every piece but the King starts only where it may stop.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Literal

Square = tuple[int, int]
ATTACKER, DEFENDER, KING = "t", "T", "K"
DIRECTIONS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))

HNEFATAFL = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
BRANDUBH = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"


@dataclass(frozen=True)
class Rules:
    """One rule set, as the oracle reads it from RULINGS.md (and the special
    squares' options, as the docs page states OpenTafl's meanings)."""

    name: str
    start: str
    # "four": Copenhagen/Fetlar King; "throne": strong only on/beside a throne; "two": weak.
    king_captured_by: Literal["four", "throne", "two"]
    shieldwall: bool = False
    shieldwall_close: Literal["along-edge", "onto-edge"] = "along-edge"
    exit_fort: bool = False
    repetition: int | None = 3
    repetition_result: Literal["defenders-lose", "draw", "repeater-loses"] = "draw"
    escape: Literal["corner", "edge"] = "corner"
    encirclement: bool = True
    king_armed: bool = True
    corners: str | None = None
    throne: str | None = None
    throne_stop: str = "K"
    throne_pass: str = "tTK"
    corner_stop: str = "K"
    corner_pass: str = "K"
    throne_hostile: str = ""
    throne_hostile_empty: str = "tT"
    corner_hostile: str = "tT"
    linnaean: bool = False


RULES = {
    "copenhagen": Rules(
        "copenhagen",
        HNEFATAFL,
        "four",
        shieldwall=True,
        shieldwall_close="onto-edge",
        exit_fort=True,
        repetition_result="defenders-lose",
        throne_hostile="t",  # "the throne is always hostile to attackers"
    ),
    "fetlar": Rules("fetlar", HNEFATAFL, "four", throne_hostile="t"),
    "federation-brandubh": Rules("federation-brandubh", BRANDUBH, "throne"),
}


def letter_of(side: int) -> str:
    """The letter the special squares' lists name a side by: ``t`` attackers, ``T`` defenders."""
    return "t" if side == 0 else "T"


def side_of(piece: str | None) -> int | None:
    """0 for an attacker, 1 for a defender or the King, None for an empty square."""
    if piece is None:
        return None
    return 0 if piece == ATTACKER else 1


def name(square: Square) -> str:
    """``(0, 0)`` -> ``"a1"``."""
    return f"{chr(ord('a') + square[0])}{square[1] + 1}"


def parse(text: str) -> Square:
    """``"a1"`` -> ``(0, 0)``."""
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def read_board(text: str) -> tuple[int, dict[Square, str]]:
    """OpenTafl position text (rank 1 first) -> (size, board)."""
    rows = text.strip("/").split("/")
    size = len(rows)
    board: dict[Square, str] = {}
    for rank, row in enumerate(rows):
        file, digits = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            file += int(digits) if digits else 0
            digits = ""
            if ch in (ATTACKER, DEFENDER, KING):
                board[(file, rank)] = ch
                file += 1
        if file != size:
            raise ValueError(f"row {rank + 1} of {text!r} is {file} squares wide, not {size}")
    return size, board


def write_board(size: int, board: dict[Square, str]) -> str:
    """(size, board) -> OpenTafl position text, rank 1 first."""
    rows = []
    for rank in range(size):
        row, run = "", 0
        for file in range(size):
            piece = board.get((file, rank))
            if piece is None:
                run += 1
                continue
            row += (str(run) if run else "") + piece
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/" + "/".join(rows) + "/"


@dataclass
class Oracle:
    """A game in progress under one rule set; ``apply`` takes ``"d1-d4"``."""

    rules: Rules
    size: int
    board: dict[Square, str]
    to_move: int = 0
    seen: Counter[tuple[frozenset[tuple[Square, str]], int]] = field(default_factory=Counter)
    outcome: tuple[int | None, str] | None = None  # (winner or None for a draw, reason)
    last_captured: tuple[str, ...] = ()
    events: Counter[str] = field(default_factory=Counter)  # how often each rule fired, for coverage

    @classmethod
    def new(cls, rule_set: str, position: str | None = None, to_move: int = 0, **changes: object) -> Oracle:
        """A game from the rule set's start, or from ``position`` with ``to_move`` to play."""
        rules = replace(RULES[rule_set], **changes)  # type: ignore[arg-type]
        size, board = read_board(position or rules.start)
        game = cls(rules, size, board, to_move)
        game.seen[game.key()] += 1
        game.outcome = game.standing()
        return game

    def copy(self) -> Oracle:
        return replace(self, board=dict(self.board), seen=Counter(self.seen), events=Counter(self.events))

    # -- geometry -----------------------------------------------------------------

    def key(self) -> tuple[frozenset[tuple[Square, str]], int]:
        return frozenset(self.board.items()), self.to_move

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.size and 0 <= sq[1] < self.size

    @property
    def centre(self) -> Square:
        return (self.size // 2, self.size // 2)

    def thrones(self) -> set[Square]:
        if self.rules.throne is None:
            return {self.centre}
        return {parse(name) for name in self.rules.throne.split(",") if name}

    def corners(self) -> set[Square]:
        if self.rules.corners is None:
            n = self.size - 1
            return {(0, 0), (0, n), (n, 0), (n, n)} if self.rules.escape == "corner" else set()
        return {parse(name) for name in self.rules.corners.split(",") if name}

    def may(self, piece: str, sq: Square, what: Literal["stop", "pass"]) -> bool:
        """Whether ``piece`` may stop on / pass over ``sq``."""
        if sq in self.corners():
            return piece in (self.rules.corner_stop if what == "stop" else self.rules.corner_pass)
        if sq in self.thrones():
            return piece in (self.rules.throne_stop if what == "stop" else self.rules.throne_pass)
        return True

    def wins_on(self, sq: Square) -> bool:
        """Whether the King has escaped on ``sq``."""
        return sq in self.corners() if self.rules.escape == "corner" else self.on_edge(sq)

    def on_edge(self, sq: Square) -> bool:
        return sq[0] in (0, self.size - 1) or sq[1] in (0, self.size - 1)

    def king_square(self) -> Square | None:
        return next((sq for sq, p in self.board.items() if p == KING), None)

    def position(self) -> str:
        return write_board(self.size, self.board)

    # -- moves --------------------------------------------------------------------

    def moves_of(self, sq: Square) -> list[Square]:
        piece = self.board[sq]
        targets = []
        for dx, dy in DIRECTIONS:
            to = (sq[0] + dx, sq[1] + dy)
            while self.on_board(to) and to not in self.board and self.may(piece, to, "pass"):
                if self.may(piece, to, "stop"):
                    targets.append(to)
                to = (to[0] + dx, to[1] + dy)
        return targets

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        return [
            f"{name(sq)}-{name(to)}"
            for sq in sorted(self.board)
            if side_of(self.board[sq]) == self.to_move
            for to in self.moves_of(sq)
        ]

    def has_move(self, player: int) -> bool:
        return any(self.moves_of(sq) for sq, p in self.board.items() if side_of(p) == player)

    # -- captures -----------------------------------------------------------------

    def hostile_to(self, sq: Square, victim: int) -> bool:
        """Whether ``sq`` acts as an enemy of ``victim``'s side for a capture."""
        occupant = self.board.get(sq)
        if side_of(occupant) == 1 - victim and (occupant != KING or self.rules.king_armed):
            return True
        if sq in self.corners():
            return letter_of(victim) in self.rules.corner_hostile
        if sq in self.thrones():
            hostile = self.rules.throne_hostile_empty if occupant is None else self.rules.throne_hostile
            return letter_of(victim) in hostile
        return False

    def king_taken(self, king: Square, mover_at: Square) -> bool:
        """Whether the attacker that just reached ``mover_at`` (next to the King) takes him."""
        around = [(king[0] + dx, king[1] + dy) for dx, dy in DIRECTIONS]
        mode = self.rules.king_captured_by
        near_throne = any(sq in self.thrones() for sq in [king, *around])
        if mode == "four" or (mode == "throne" and near_throne):
            # Strong: every side hostile to him (an attacker, or a square hostile to defenders).
            return all(self.on_board(sq) and self.hostile_to(sq, 1) for sq in around)
        # Weak: like any piece.
        beyond = (2 * king[0] - mover_at[0], 2 * king[1] - mover_at[1])
        return self.on_board(beyond) and self.hostile_to(beyond, 1)

    def shieldwall(self, frm: Square, to: Square) -> set[Square]:
        """The pieces a shieldwall closed by the move ``frm``-``to`` takes (Copenhagen)."""
        n = self.size - 1
        mover = side_of(self.board[to])
        assert mover is not None
        taken: set[Square] = set()
        # The edge lines through ``to``: (axis along the edge, inward step).
        edges = []
        if to[1] in (0, n):
            edges.append(((1, 0), (0, 1 if to[1] == 0 else -1)))
        if to[0] in (0, n):
            edges.append(((0, 1), (1 if to[0] == 0 else -1, 0)))
        for along, inward in edges:
            along_edge = (frm[0] - to[0]) * inward[0] == 0 and (frm[1] - to[1]) * inward[1] == 0
            if self.rules.shieldwall_close == "along-edge" and not along_edge:
                continue
            for sign in (1, -1):
                step = (along[0] * sign, along[1] * sign)
                run: list[Square] = []
                sq = (to[0] + step[0], to[1] + step[1])
                while self.on_board(sq) and side_of(self.board.get(sq)) == 1 - mover:
                    run.append(sq)
                    sq = (sq[0] + step[0], sq[1] + step[1])
                if len(run) < 2 or not self.on_board(sq):
                    continue
                closed = sq in self.corners() or side_of(self.board.get(sq)) == mover
                fronted = all(side_of(self.board.get((r[0] + inward[0], r[1] + inward[1]))) == mover for r in run)
                if closed and fronted:
                    taken.update(r for r in run if self.board[r] != KING)
                    self.events["shieldwall"] += 1
        return taken

    def captures(self, frm: Square, to: Square) -> tuple[set[Square], bool]:
        """(squares of ordinary pieces taken, whether the King is taken) by the move just made."""
        mover = side_of(self.board[to])
        taken: set[Square] = set()
        king_taken = False
        if self.board[to] == KING and not self.rules.king_armed:
            return taken, king_taken
        for dx, dy in DIRECTIONS:
            next_to = (to[0] + dx, to[1] + dy)
            beyond = (to[0] + 2 * dx, to[1] + 2 * dy)
            victim = self.board.get(next_to)
            if victim is None or side_of(victim) == mover:
                continue
            if victim == KING:
                king_taken = king_taken or self.king_taken(next_to, to)
            elif self.on_board(beyond) and self.hostile_to(beyond, 1 - (mover or 0)):
                taken.add(next_to)
                if beyond in self.corners() or beyond in self.thrones():
                    held = "held " if beyond in self.board else ""
                    self.events[f"capture against a {held}{'corner' if beyond in self.corners() else 'throne'}"] += 1
        if self.rules.shieldwall:
            taken |= self.shieldwall(frm, to)
        if self.rules.linnaean and mover == 0:
            taken |= self.linnaean(to)
        return taken, king_taken

    def linnaean(self, to: Square) -> set[Square]:
        """The defender a Linnaean capture by the attacker now on ``to`` takes."""
        c = self.centre
        for dx, dy in DIRECTIONS:
            if to != (c[0] + 2 * dx, c[1] + 2 * dy):
                continue
            between = (c[0] + dx, c[1] + dy)
            others = [(c[0] + ex, c[1] + ey) for ex, ey in DIRECTIONS if (ex, ey) != (dx, dy)]
            if (
                self.board.get(c) == KING
                and self.board.get(between) == DEFENDER
                and all(self.board.get(sq) == ATTACKER for sq in others)
            ):
                self.events["linnaean"] += 1
                return {between}
        return set()

    # -- the end of the game ------------------------------------------------------

    def encircled(self) -> bool:
        """No defender can reach an edge square over empty squares and defenders."""
        frontier = [sq for sq, p in self.board.items() if side_of(p) == 1]
        reached = set(frontier)
        while frontier:
            sq = frontier.pop()
            if self.on_edge(sq):
                return False
            for dx, dy in DIRECTIONS:
                nxt = (sq[0] + dx, sq[1] + dy)
                if self.on_board(nxt) and nxt not in reached and side_of(self.board.get(nxt)) != 0:
                    reached.add(nxt)
                    frontier.append(nxt)
        return True

    def exit_fort(self) -> bool:
        king = self.king_square()
        if king is None or not self.on_edge(king) or not self.moves_of(king):
            return False
        inside = {king}
        frontier = [king]
        wall: set[Square] = set()
        while frontier:
            sq = frontier.pop()
            for dx, dy in DIRECTIONS:
                nxt = (sq[0] + dx, sq[1] + dy)
                if not self.on_board(nxt) or nxt in inside:
                    continue
                piece = self.board.get(nxt)
                if piece is None:
                    inside.add(nxt)
                    frontier.append(nxt)
                elif piece == ATTACKER:
                    return False
                else:
                    wall.add(nxt)

        # The defenders that can never be captured: the largest set in which each
        # piece, on each of its two lines, has a neighbour off the board, the King,
        # another piece of the set, or an inside square that is not hostile.
        safe = {sq for sq, p in self.board.items() if p == DEFENDER}

        # ... but not one on a square hostile to defenders while it stands there.
        safe = {sq for sq in safe if not self.hostile_to(sq, 1)}

        def holds(sq: Square) -> bool:
            if not self.on_board(sq) or sq in safe:
                return True
            if sq == king:  # he may stay, or leave it empty
                empty_hostile = self.copy()
                del empty_hostile.board[king]
                return not self.hostile_to(sq, 1) and not empty_hostile.hostile_to(sq, 1)
            return sq in inside and not self.hostile_to(sq, 1)

        changed = True
        while changed:
            unsafe = {
                s
                for s in safe
                if not all(
                    holds((s[0] + dx, s[1] + dy)) or holds((s[0] - dx, s[1] - dy)) for dx, dy in ((1, 0), (0, 1))
                )
            }
            safe -= unsafe
            changed = bool(unsafe)
        return wall <= safe

    def standing(self) -> tuple[int | None, str] | None:
        """The result the board shows by itself, for the player to move (no repetition)."""
        king = self.king_square()
        if king is None:
            return 0, "king captured"
        if self.wins_on(king):
            return 1, "king escaped"
        if self.rules.exit_fort and self.exit_fort():
            return 1, "exit fort"
        if self.rules.encirclement and self.encircled():
            return 0, "encirclement"
        if not self.has_move(self.to_move):
            return 1 - self.to_move, "no legal move"
        return None

    def apply(self, move: str) -> None:
        frm, to = (parse(part) for part in move.split("-"))
        if self.outcome is not None or side_of(self.board.get(frm)) != self.to_move or to not in self.moves_of(frm):
            raise ValueError(f"illegal move {move!r} in {self.position()} with player {self.to_move} to move")
        mover = self.to_move
        self.board[to] = self.board.pop(frm)
        taken, king_taken = self.captures(frm, to)
        for sq in taken:
            del self.board[sq]
        king = self.king_square()
        if king_taken:
            assert king is not None
            del self.board[king]
            taken.add(king)
        self.last_captured = tuple(sorted(name(sq) for sq in taken))
        self.to_move = 1 - mover
        self.seen[self.key()] += 1
        self.outcome = self.standing()
        limit = self.rules.repetition
        if self.outcome is None and limit is not None and self.seen[self.key()] >= limit:
            result = self.rules.repetition_result
            winner = {"draw": None, "defenders-lose": 0, "repeater-loses": 1 - mover}[result]
            self.outcome = winner, "repetition"
