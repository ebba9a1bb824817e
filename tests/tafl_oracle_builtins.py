"""A second, independent referee for the four OpenTafl built-in variants boardkit learned last (test helper).

This extends the independent Tafl referee of ``tests/tafl_oracle.py`` (whose
exit fort and encirclement it reuses) to the rules of OpenTafl's built-in
variants that need more than boardkit's rulebook options: Copenhagen with the
relaxed shieldwall, Berserk, Foteviken Tablut and Magpie
(``rules/Variants.java`` in ``jslater89/OpenTafl``, 0.4.8.0b). It was written
from OpenTafl's sources and the rulings, in its own words, without looking at
boardkit's Tafl code. Where a saved game of such a variant is read back,
OpenTafl plays it by the rules string it wrote (``RulesSerializer`` into
``GenericRules``), so that reading is the one taken here; where the rules
string and the hand-written rules class disagree, the module docstring of
``tests/test_tafl_builtins_oracle.py`` says so.

How the rules are read (one line each):

- Pieces: ``t`` attacker, ``c`` attacker commander, ``n`` attacker knight;
  ``T`` defender, ``C`` defender commander, ``N`` defender knight, ``K`` the
  King. Squares ``(file, rank)`` from ``(0, 0)`` = ``a1``; OpenTafl's
  ``Coord(x, y)`` is the same square (its rank is ``y + 1``).
- Special squares: the throne(s), the corners and the attacker forts
  (``afor``; a square listed as more than one is a fort, else a corner).
  For each kind, letter lists say who may pass over it, who may stop on it,
  to whom it is hostile (with a piece on it and, for the throne, empty) and
  who may *re-enter* it: a piece not in the re-enter list may pass over or
  stop on such a square only while it stands on a square of the same kind.
- A move walks square by square along a line; it ends before an occupied
  square or one the piece may not pass over, and before it would go further
  than the piece's speed (Magpie's King: one square). Any square it reaches
  and may stop on is a destination.
- Jumps: a piece with a jump (King ``kj``, knight ``nj``, commander ``cj``)
  may also jump over an orthogonally adjacent enemy that is not a King,
  knight or commander, onto the empty square just beyond, if it may stop
  there. A *restricted* jump (``r``) needs the start or the landing square to
  be special. A *capturing* jump (``c``) takes the piece jumped; a standard
  one (``j``) does not.
- A square is hostile to a piece when an enemy stands on it (an armed King
  too), or when it is special and its list names the piece's side (``t`` or
  ``T``; a ``K`` in such a list is not the defenders' side, and names
  nobody).
- Custodial capture, after a move, of each enemy next to the destination:
  the squares on either side of it along the line through the mover are both
  hostile (the destination counts); never across the board's edge. A jumping
  piece cannot sandwich a piece against the plain square it jumped from.
  A capture happens only where it is one both before the move (the mover on
  its start square, its destination counted as hostile) and after it.
- The King: strong (``ks:s``) needs all four sides hostile; middleweight
  (``ks:m``) needs every on-board side hostile (three on an edge). But where
  the attackers started with a commander or a knight, a strong King is only
  taken between two squares on a line, not on or beside a throne, when the
  mover is a commander or knight and the far square holds a commander or
  knight or is a hostile corner.
- Relaxed shieldwall (``swf:n``): after any move of a side, every row of two
  or more enemy pieces on an edge line, each with a piece of the moving side
  directly inward, closed at both ends along the edge by the moving side's
  pieces or by corners, is taken (the King in it stays). The move need not
  touch the wall. (Copenhagen's strict rule, ``swf:y``, is tested by
  ``tests/tafl_oracle.py``.)
- Berserk (``ber:c``): a move that captures anything leaves the same side to
  move when the piece that moved could capture again from its new square (a
  destination next to a piece it would take, or a capturing jump); then only
  that piece moves, to any of its destinations. Repetition is not judged
  while such a move is owed.
- Results as boardkit's rulings give them (RULINGS.md): King taken, King
  escaped (corner or edge), exit fort (``efe:y``), encirclement (``surf``),
  no legal move loses, the third repetition with the same side to move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Literal

from tafl_oracle import DIRECTIONS, RULES, Oracle, name, parse, write_board
from tafl_oracle import read_board as read_plain

Square = tuple[int, int]
ATTACKERS = "tcnk"
EVERYONE = "tcnkTCNK"

TABLUT = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
BRANDUBH = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
HNEFATAFL = RULES["copenhagen"].start


def side(piece: str) -> int:
    """0 for an attacker piece, 1 for a defender piece or the King."""
    return 0 if piece in ATTACKERS else 1


def squares(text: str) -> frozenset[Square]:
    """``"a4,b5"`` -> their squares."""
    return frozenset(parse(t) for t in text.split(",") if t)


@dataclass(frozen=True)
class Builtin:
    """One built-in variant as OpenTafl's rules string gives it (GenericRules)."""

    name: str
    start: str
    first: int = 0
    escape: Literal["corner", "edge"] = "corner"
    encirclement: bool = True
    exit_fort: bool = False
    repetition_result: Literal["draw", "defenders-lose", "repeater-loses", "repeater-wins"] = "draw"
    king: Literal["strong", "middleweight"] = "strong"
    jumps: tuple[tuple[str, str], ...] = ()  # (piece kind, "j" | "c" | "r")
    speed: tuple[tuple[str, int], ...] = ()  # (piece letter, most squares per move)
    relaxed_shieldwall: bool = False
    berserk: bool = False
    corners: frozenset[Square] | None = None  # None: the board's four corners
    forts: frozenset[Square] = frozenset()
    # Per kind of special square ("cen", "cor", "afor"): pass, stop, re-enter, hostile
    # (for the throne: hostile with a piece on it) and, for the throne, hostile when empty.
    lists: tuple[tuple[str, str], ...] = ()

    def letters(self, key: str) -> str:
        defaults = {
            "cenp": EVERYONE, "cens": "K", "cenre": EVERYONE, "cenh": "tcnk", "cenhe": EVERYONE,
            "corp": "K", "cors": "K", "corre": EVERYONE, "corh": EVERYONE,
            "aforp": EVERYONE, "afors": EVERYONE, "aforre": EVERYONE, "aforh": "TCNK",
        }  # fmt: skip
        return dict(self.lists).get(key, defaults[key])


FOTEVIKEN_FORTS = squares("a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8")
# The Berserk start: Copenhagen's, with a commander in the middle of each attacker group and a
# knight on e5 (OpenTafl's Berserk11Attackers/Defenders: Commander at (1,5) (5,1) (9,5) (5,9),
# Knight at (4,4)).
BERSERK = "/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"

BUILTINS = {
    # Copenhagen.newCopenhagen11RelaxedShieldwall: Copenhagen, but swf:n; tfr:w. OpenTafl's engine
    # gives a third repetition under tfr:w to the side then to move (checkVictoryInternal), so the
    # side whose move made it loses, and under tfr:l it wins (ThreefoldVictoryTest asserts both).
    "copenhagen-relaxed": Builtin(
        "copenhagen-relaxed", HNEFATAFL, exit_fort=True, relaxed_shieldwall=True,
        repetition_result="repeater-loses",
    ),
    # Berserk.newBerserk11: defenders first, no encirclement, tfr:l, kj:r (nj:c, cj:j defaults), ber:c.
    "berserk": Builtin(
        "berserk", BERSERK, first=1, encirclement=False, repetition_result="repeater-wins",
        jumps=(("k", "r"), ("n", "c"), ("c", "j")), berserk=True,
    ),
    # FotevikenTablut.newFotevikenTablut9: edge escape, no corners, attacker forts; as serialized:
    # cens: cenh: cenhe:K cenre: aforh:K aforre: (a K alone in a hostility list names nobody).
    "foteviken": Builtin(
        "foteviken", TABLUT, escape="edge", corners=frozenset(), forts=FOTEVIKEN_FORTS,
        lists=(("cens", ""), ("cenh", ""), ("cenhe", "K"), ("cenre", ""), ("aforh", "K"), ("aforre", "")),
    ),
    # Magpie.newMagpie7: Brandub (surf:n) with ks:m and the King one square a move. Its own
    # setupSpaceGroups keeps the default throne lists (Brandub's clears them): the empty throne
    # is hostile to everyone, the held one to attackers.
    "magpie": Builtin("magpie", BRANDUBH, encirclement=False, king="middleweight", speed=(("K", 1),)),
}  # fmt: skip


def read_board(text: str) -> tuple[int, dict[Square, str]]:
    """OpenTafl position text (rank 1 first, every piece letter) -> (size, board).

    The first referee's reader takes ``t``, ``T`` and ``K``; the officers go through it as
    stand-ins and are put back.
    """
    stand_in = {"c": "t", "n": "t", "C": "T", "N": "T"}
    size, board = read_plain(text.translate(str.maketrans(stand_in)))
    column = [ch for ch in text if ch in EVERYONE]
    # The reader fills the board rank by rank, file by file, as the letters come.
    for sq, letter in zip(sorted(board, key=lambda sq: (sq[1], sq[0])), column, strict=True):
        board[sq] = letter
    return size, board


def step(sq: Square, d: Square, k: int = 1) -> Square:
    return (sq[0] + k * d[0], sq[1] + k * d[1])


@dataclass
class BuiltinOracle:
    """A game of one built-in variant in progress; ``apply`` takes ``"d1-d4"``."""

    rules: Builtin
    size: int
    board: dict[Square, str]
    to_move: int = 0
    berserker: Square | None = None  # the piece that owes a berserk move, if any
    seen: Counter[tuple[frozenset[tuple[Square, str]], int]] = field(default_factory=Counter)
    outcome: tuple[int | None, str] | None = None
    last_captured: tuple[str, ...] = ()
    events: Counter[str] = field(default_factory=Counter)
    officers: bool = False  # the attackers started with a commander or a knight (OpenTafl's side flag)

    @classmethod
    def new(
        cls, variant: str, position: str | None = None, to_move: int | None = None, **changes: object
    ) -> BuiltinOracle:
        rules = replace(BUILTINS[variant], **changes)  # type: ignore[arg-type]
        size, board = read_board(position or rules.start)
        game = cls(rules, size, board, rules.first if to_move is None else to_move)
        game.officers = any(p in "cn" for p in board.values())
        game.seen[game.key()] += 1
        game.outcome = game.standing()
        return game

    def copy(self) -> BuiltinOracle:
        return replace(self, board=dict(self.board), seen=Counter(self.seen), events=Counter(self.events))

    def key(self) -> tuple[frozenset[tuple[Square, str]], int]:
        return frozenset(self.board.items()), self.to_move

    def position(self) -> str:
        return write_board(self.size, self.board)

    # -- squares ------------------------------------------------------------------

    def on_board(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.size and 0 <= sq[1] < self.size

    def on_edge(self, sq: Square) -> bool:
        return sq[0] in (0, self.size - 1) or sq[1] in (0, self.size - 1)

    def corners(self) -> frozenset[Square]:
        if self.rules.corners is not None:
            return self.rules.corners
        n = self.size - 1
        return frozenset({(0, 0), (0, n), (n, 0), (n, n)})

    def throne(self) -> Square:
        return (self.size // 2, self.size // 2)

    def kind(self, sq: Square) -> str | None:
        """``"afor"``, ``"cor"``, ``"cen"`` or None for a plain square."""
        if sq in self.rules.forts:
            return "afor"
        if sq in self.corners():
            return "cor"
        if sq == self.throne():
            return "cen"
        return None

    def may(self, piece: str, at: Square, sq: Square, what: Literal["p", "s"]) -> bool:
        """Whether ``piece``, standing on ``at``, may pass over (``p``) or stop on (``s``) ``sq``."""
        kind = self.kind(sq)
        if kind is None:
            return True
        if piece not in self.rules.letters(kind + "re") and self.kind(at) != kind:
            return False
        return piece in self.rules.letters(kind + what)

    def hostile(self, board: dict[Square, str], sq: Square, victim: str) -> bool:
        """Whether ``sq`` closes a capture of ``victim`` (every King here is armed)."""
        occupant = board.get(sq)
        if occupant is not None and side(occupant) != side(victim):
            return True
        kind = self.kind(sq)
        if kind is None:
            return False
        key = kind + "h" + ("e" if kind == "cen" and occupant is None else "")
        return ("t" if side(victim) == 0 else "T") in self.rules.letters(key)

    # -- moves --------------------------------------------------------------------

    def jump_mode(self, piece: str) -> str | None:
        return dict(self.rules.jumps).get(piece.lower()) if piece.lower() != "t" else None

    def jumps_from(self, sq: Square) -> list[Square]:
        piece = self.board[sq]
        mode = self.jump_mode(piece)
        if mode is None:
            return []
        out = []
        for d in DIRECTIONS:
            over, land = step(sq, d), step(sq, d, 2)
            jumped = self.board.get(over)
            if jumped is None or side(jumped) == side(piece) or jumped.lower() in "kcn":
                continue
            if not self.on_board(land) or land in self.board:
                continue
            if mode == "r" and self.kind(land) is None and self.kind(sq) is None:
                continue
            if self.may(piece, sq, land, "s"):
                out.append(land)
        return out

    def destinations(self, sq: Square) -> list[Square]:
        piece = self.board[sq]
        limit = dict(self.rules.speed).get(piece)
        out = []
        for d in DIRECTIONS:
            to, distance = step(sq, d), 1
            while self.on_board(to) and to not in self.board and self.may(piece, sq, to, "p"):
                if limit is not None and distance > limit:
                    break
                if self.may(piece, sq, to, "s"):
                    out.append(to)
                to, distance = step(to, d), distance + 1
        return out + self.jumps_from(sq)

    def path(self, frm: Square, to: Square) -> list[Square]:
        """The squares a move passes over and stops on (a jump: its landing square)."""
        d = ((to[0] > frm[0]) - (to[0] < frm[0]), (to[1] > frm[1]) - (to[1] < frm[1]))
        out, sq = [], frm
        while sq != to:
            sq = step(sq, d)
            out.append(sq)
        return out

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        starts = (
            [self.berserker]
            if self.berserker
            else [sq for sq in sorted(self.board) if side(self.board[sq]) == self.to_move]
        )
        return [f"{name(sq)}-{name(to)}" for sq in starts for to in self.destinations(sq)]

    # -- captures -----------------------------------------------------------------

    def taken_by(self, board: dict[Square, str], victim_at: Square, mover: str, mover_at: Square, move: Square) -> bool:
        """Whether the piece on ``victim_at`` is taken by ``mover`` (now on ``mover_at``) moving to ``move``."""
        victim = board[victim_at]
        if side(victim) == side(mover):
            return False
        around = [s for s in (step(victim_at, d) for d in DIRECTIONS) if self.on_board(s)]

        def closes(s: Square) -> bool:
            return s == move or self.hostile(board, s, victim)

        if victim == "K" and not self.officers:
            shut = sum(closes(s) for s in around)
            return shut == 4 or (self.rules.king == "middleweight" and shut == len(around))
        # Between two squares on the line through ``move``.
        vertical = victim_at[0] == move[0]
        if (victim_at[1] if vertical else victim_at[0]) in (0, self.size - 1):
            return False
        d = (0, 1) if vertical else (1, 0)
        a, b = step(victim_at, d, -1), step(victim_at, d)
        if not (closes(a) and closes(b)):
            return False
        for near, far in ((a, b), (b, a)):
            if near == move and far == mover_at and board.get(far) == mover and self.kind(far) is None:
                return False  # a jumper does not trap against the plain square it left
        if victim == "K" and self.rules.king == "strong":  # the attackers have officers
            if self.kind(a) == "cen" or self.kind(b) == "cen" or self.kind(victim_at) == "cen":
                return False
            count = sum(self.kind(s) == "cor" and self.hostile(board, s, victim) for s in (a, b))
            count += sum(board.get(s, "").lower() in ("c", "n") for s in (a, b))
            count += mover.lower() in ("c", "n")
            return count >= 2
        if victim == "K":  # middleweight
            return all(closes(s) for s in around)
        return True

    def capturing_destinations(self, sq: Square) -> set[Square]:
        """The destinations of the piece on ``sq`` where it would capture (on this board)."""
        piece = self.board[sq]
        out = set(self.jumps_from(sq)) if self.jump_mode(piece) == "c" else set()
        for to in self.destinations(sq):
            for d in DIRECTIONS:
                nb = step(to, d)
                if nb in self.board and nb != sq and self.taken_by(self.board, nb, piece, sq, to):
                    out.add(to)
        return out

    def walls(self, mover: int, to: Square) -> set[Square]:
        """The pieces of every closed shieldwall of ``mover``'s side (the King spared), after a
        move to ``to``."""
        n = self.size - 1
        taken: set[Square] = set()
        lines = [
            ([(i, 0) for i in range(self.size)], (0, 1)),
            ([(i, n) for i in range(self.size)], (0, -1)),
            ([(0, i) for i in range(self.size)], (1, 0)),
            ([(n, i) for i in range(self.size)], (-1, 0)),
        ]
        for line, inward in lines:
            i = 0
            while i < len(line):
                if self.board.get(line[i]) is None or side(self.board[line[i]]) == mover:
                    i += 1
                    continue
                j = i
                while j < len(line) and self.board.get(line[j]) is not None and side(self.board[line[j]]) != mover:
                    j += 1
                run = line[i:j]

                fronted = all(side(self.board.get(step(sq, inward), "K" if mover == 0 else "t")) == mover for sq in run)
                if len(run) >= 2 and fronted and self.closes(line, i - 1, mover) and self.closes(line, j, mover):
                    taken.update(sq for sq in run if self.board[sq] != "K")
                    self.events["shieldwall"] += 1
                    if to not in (line[i - 1], line[j]):
                        self.events["shieldwall closed elsewhere"] += 1
                i = j
        return taken

    def closes(self, line: list[Square], k: int, mover: int) -> bool:
        """Whether square ``k`` of an edge line shuts a row in for ``mover``: a corner or a piece of
        ``mover``'s side."""
        if not 0 <= k < len(line):
            return False
        sq = line[k]
        return sq in self.corners() or (sq in self.board and side(self.board[sq]) == mover)

    # -- the end of the game ------------------------------------------------------

    def king_square(self) -> Square | None:
        return next((sq for sq, p in self.board.items() if p == "K"), None)

    def plain(self) -> Oracle:
        """The first referee on this board, officers standing in as plain pieces (for the
        exit fort and encirclement, which only ask which side a piece is on)."""
        stand_in = {"c": "t", "n": "t", "C": "T", "N": "T"}
        board = {sq: stand_in.get(p, p) for sq, p in self.board.items()}
        return Oracle(RULES["copenhagen"], self.size, board, self.to_move)

    def standing(self) -> tuple[int | None, str] | None:
        king = self.king_square()
        if king is None:
            return 0, "king captured"
        if (king in self.corners()) if self.rules.escape == "corner" else self.on_edge(king):
            return 1, "king escaped"
        if self.rules.exit_fort and self.plain().exit_fort():
            return 1, "exit fort"
        if self.rules.encirclement and self.plain().encircled():
            return 0, "encirclement"
        if not self.legal_moves_exist():
            return 1 - self.to_move, "no legal move"
        return None

    def legal_moves_exist(self) -> bool:
        starts = [self.berserker] if self.berserker else [sq for sq, p in self.board.items() if side(p) == self.to_move]
        return any(self.destinations(sq) for sq in starts)

    def apply(self, move: str) -> None:
        frm, to = (parse(part) for part in move.split("-"))
        if (
            self.outcome is not None
            or frm not in self.board
            or side(self.board[frm]) != self.to_move
            or (self.berserker is not None and frm != self.berserker)
            or to not in self.destinations(frm)
        ):
            raise ValueError(f"illegal move {move!r} in {self.position()} with player {self.to_move} to move")
        mover, piece = self.to_move, self.board[frm]
        capturing = self.capturing_destinations(frm)
        jumped_to = to in self.jumps_from(frm)
        self.board[to] = self.board.pop(frm)
        taken: set[Square] = set()
        if to in capturing:
            if jumped_to and self.jump_mode(piece) == "c":
                taken.add(((frm[0] + to[0]) // 2, (frm[1] + to[1]) // 2))
                self.events["jump capture"] += 1
            for d in DIRECTIONS:
                nb = step(to, d)
                if nb in self.board and nb not in taken and self.taken_by(self.board, nb, piece, to, to):
                    taken.add(nb)
        king_before = self.king_square()
        for sq in taken:
            del self.board[sq]
        if self.rules.relaxed_shieldwall:
            walled = self.walls(mover, to)
            for sq in walled:
                del self.board[sq]
            taken |= walled
        if jumped_to:
            self.events["jump"] += 1
        if piece == "K" and abs(to[0] - frm[0]) + abs(to[1] - frm[1]) == 1 and dict(self.rules.speed).get("K"):
            self.events["king step"] += 1
        if self.kind(frm) == "afor" and any(self.kind(sq) == "afor" for sq in self.path(frm, to)):
            self.events["fort to fort"] += 1
        if king_before in taken and self.on_edge(king_before):
            self.events["king taken on an edge"] += 1
        self.last_captured = tuple(sorted(name(sq) for sq in taken))
        self.berserker = None
        if self.rules.berserk and taken and self.king_square() is not None and self.capturing_destinations(to):
            self.berserker = to
            self.events["berserk"] += 1
        else:
            self.to_move = 1 - mover
        self.seen[self.key()] += 1
        self.outcome = self.standing()
        if self.outcome is None and self.berserker is None and self.seen[self.key()] >= 3:
            winner = {
                "draw": None,
                "defenders-lose": 0,
                "repeater-loses": 1 - mover,
                "repeater-wins": mover,
            }[self.rules.repetition_result]
            self.outcome = winner, "repetition"
