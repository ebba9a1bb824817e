"""Backgammon on the authoring kit, as OpenSpiel's ``backgammon`` plays it.

Two players, ``x`` (player 0) and ``o`` (player 1), fifteen checkers each,
race round 24 points. The points are named as ``x`` counts them: ``x``
moves from ``24`` down to ``1`` and bears off past ``1``; ``o`` moves from
``1`` up to ``24`` and bears off past ``24``. Each side has its own bar
(``xbar``, ``obar``) and tray of checkers borne off (``xoff``, ``ooff``);
a cell holds its checkers as a stack, drawn as its top checker and how many
(``x5``).

The game opens with each player rolling one die (again on a tie): the
higher plays first, with both dice. Then each turn starts with a roll of two
dice from the state's own generator (``self.rng``), so a seed replays a
game. A move is one checker moved by one die, ``13/7``; a checker that
bears off with a die larger than it needs names the die, ``3/xoff(5)``. A
checker may land on an empty point, its own, or a point with one enemy
checker (a blot), which it hits: the blot goes to its bar. A player with a
checker on the bar must enter it first, on the other side's home board.
Once all of a player's checkers are home (the last six points), they bear
off: with the exact die, or with a larger one from the furthest point. The
first to bear off all fifteen wins.

Both dice must be played when they can be; when only one can, the larger.
OpenSpiel plays this two dice at a time, one action each pair: a double is
played as two such pairs, and each pair plays as many dice as it can by
itself (the rules ask for as many of the four as can be played; OpenSpiel
lets the first pair block the second). This file follows OpenSpiel: the
kit moves one checker at a time, and a pair ends when both its dice are
played or the second cannot be (:func:`openspiel_names` names each pair
as OpenSpiel numbers it). Also as in OpenSpiel: there is no doubling cube,
and a game still going after 500 turns is a draw. The win is one point,
or with ``scoring="enable_gammons"`` two for a gammon (the loser bore off
none), and with ``"full_scoring"`` three for a backgammon (a gammon with a
checker still on the bar or in the winner's home).

``tests/test_gallery_dice_and_stars.py`` plays this game and OpenSpiel's
side by side, dice included. Run it with
``boardkit play examples/backgammon.py:Backgammon``.

Examples:
    >>> state = Backgammon().new_game(seed=4)
    >>> state.current_player, state.counter("dice"), state.prompt()
    (0, (1, 2), 'play 1 and 2')
    >>> [str(m) for m in state.legal_moves()]
    ['24/23', '8/7', '6/5', '24/22', '13/11', '8/6', '6/4']
    >>> state.apply("13/11"); state.prompt()
    'play 1'
    >>> state.apply("6/5"); state.current_player
    1
"""

from __future__ import annotations

from typing import ClassVar, cast

import attrs
import networkx as nx

from boardkit import Outcome
from boardkit.about import About, Chance
from boardkit.kit import BoardGame, BoardState, Pass
from boardkit.topology import Topology, from_graph

PIECES, BARS, TRAYS = "xo", ("xbar", "obar"), ("xoff", "ooff")
#: The cells, OpenSpiel's order: its points 0 to 23 (x's 24 to 1), then the bars and trays.
NAMES = [str(24 - p) for p in range(24)] + [*BARS, *TRAYS]
#: Each player's way round, by cell index: the bar (0), then the points in the order they pass them (1 to 24).
TRACK = [[24, *range(24)], [25, *range(23, -1, -1)]]
START = {1: 2, 12: 5, 17: 3, 19: 5}  # checkers on each side's points at the start, along its track
#: OpenSpiel's chance outcomes: the opening roll (the first 30: no doubles) and every roll after.
ROLLS = [r for a in range(1, 7) for b in range(a + 1, 7) for r in ((a, b), (b, a))] + [(d, d) for d in range(1, 7)]
SCORING = ("winloss_scoring", "enable_gammons", "full_scoring")  # OpenSpiel's scoring_type


#: The board: two rows of twelve points as OpenSpiel draws them, the bars between the halves, the trays at the right.
GRAPH: nx.Graph[str] = nx.Graph()
for p, name in enumerate(NAMES[:24]):
    GRAPH.add_node(name, pos=(p - 12 + (p > 17), 3) if p > 11 else (11 - p + (p < 6), 0))
for k, name in enumerate(NAMES[24:]):
    GRAPH.add_node(name, pos=(6, 2 - k) if k < 2 else (13, 3 * (k == 2)))
BOARD = from_graph(GRAPH)
ENDS = {"xbar": 25, "xoff": 0, "obar": 0, "ooff": 25}  # the bars and trays as the points they stand for


def pips(source: str, target: str) -> int:
    """How far a checker goes from ``source`` to ``target``."""
    return abs((ENDS[source] if source in ENDS else int(source)) - (ENDS[target] if target in ENDS else int(target)))


@attrs.frozen
class Checker:
    """One checker moved by one die: ``13/7``, ``xbar/22``, ``3/xoff(5)``."""

    source: str
    target: str
    die: int

    def __str__(self) -> str:
        return f"{self.source}/{self.target}" + ("" if pips(self.source, self.target) == self.die else f"({self.die})")

    @classmethod
    def parse(cls, text: str, board: Topology) -> Checker | None:
        source, _, rest = text.strip().lower().partition("/")
        target, _, die = rest.rstrip(")").partition("(")
        if source not in NAMES or target not in NAMES or (die and not die.isdigit()):
            return None
        return cls(source, target, int(die) if die else pips(source, target))


#: Every move of each player, made once: MOVES[player][t][die] moves a checker from track place t (0: the bar).
MOVES = [
    [[Checker(NAMES[track[t]], NAMES[track[t + d]] if t + d < 25 else TRAYS[p], d) for d in range(7)]
     for t in range(25)] for p, track in enumerate(TRACK)
]



def froms(mine: list[int], theirs: list[int], die: int) -> list[int]:
    """The track places a checker can move from with ``die``: the bar first; off once all are home."""
    if mine[0]:
        return [0] if theirs[die] < 2 else []
    found = [t for t in range(1, 25 - die) if mine[t] and theirs[t + die] < 2]
    if not any(mine[:19]):  # all home: bear off with the exact die, or a larger one from the furthest point
        last = next(t for t in range(19, 26) if mine[t] or t == 25)
        found += [t for t in range(25 - die, 25) if mine[t] and (t == 25 - die or t == last)]
    return found


def follows(mine: list[int], theirs: list[int], t: int, die: int, other: int) -> bool:
    """Whether die ``other`` can be played once a checker has moved from track place ``t`` by ``die``."""
    after = mine.copy()
    after[t], after[min(t + die, 25)] = after[t] - 1, after[min(t + die, 25)] + 1
    return bool(froms(after, theirs, other))


@attrs.frozen
class BackgammonOptions:
    """OpenSpiel's ``scoring_type`` and ``max_player_turns``."""

    scoring: str = attrs.field(default="winloss_scoring", validator=attrs.validators.in_(SCORING))
    max_turns: int = attrs.field(default=500, validator=attrs.validators.ge(1))


class BackgammonState(BoardState[tuple[str, ...], Checker | Pass]):
    def setup(self) -> None:
        for p, track in enumerate(TRACK):
            for t, count in START.items():
                self.put(NAMES[track[t]], (PIECES[p],) * count)
        self.roll()
        while len(self.counter("dice")) > 2:  # the opening roll: a die each (o's, x's), again on a tie
            self.roll()
        self.set_turn(int(self.counter("dice")[0] > self.counter("dice")[1]))  # the higher plays both

    def roll(self) -> None:
        a, b = self.rng.randbelow(6) + 1, self.rng.randbelow(6) + 1
        self.set("_roll", (a, b))
        self.set("dice", (a, b) if a != b else (a,) * 4)

    def counts(self) -> tuple[list[int], list[int]]:
        """The mover's checkers and the other side's on each track place (0: the mover's bar)."""
        me, at = PIECES[self.player], self.at
        mine, theirs = [0] * 31, [0] * 31  # 25 to 30: past the last point, where a checker bears off
        for t, i in enumerate(TRACK[self.player]):
            pile = at[i]
            if pile:
                (mine if pile[0] == me else theirs)[t] = len(pile)
        return mine, theirs

    def moves(self) -> list[Checker | Pass]:
        dice, table = self.counter("dice"), MOVES[self.player]
        mine, theirs = self.counts()
        if len(dice) % 2:  # the second die of a pair: any checker it moves
            return [table[t][dice[0]] for t in froms(mine, theirs, dice[0])]
        a, b = dice[-2:]
        ones: list[Checker] = []
        twos: list[Checker | Pass] = []
        for die, other in ((a, b), (b, a))[: 1 + (a != b)]:
            for t in froms(mine, theirs, die):
                ones.append(table[t][die])
                if follows(mine, theirs, t, die, other):  # both dice can be played this way
                    twos.append(table[t][die])
        top = max((m.die for m in ones), default=0)  # else only one die can be played: the larger
        return twos or [m for m in ones if m.die == top] or [Pass()]

    def play(self, move: Checker | Pass) -> None:
        roll, dice = self.counter("_roll"), [] if isinstance(move, Pass) else list(self.counter("dice"))
        first = roll[0] != roll[1] or len(self.counter("dice")) > 2  # a move of the turn's first pair
        if isinstance(move, Checker):
            checker = self.pop(move.source)
            if self.stack(move.target)[-1:] not in ((), (checker,)):  # a blot: hit, to its bar
                self.push(BARS[1 - self.player], self.pop(move.target))
            self.push(move.target, checker)
            dice.remove(move.die)
            if len(dice) % 2 and not froms(*self.counts(), dice[0]):
                dice = []  # the other die of the pair cannot be played: the turn ends
        self.set("dice", tuple(dice))
        if first and len(dice) % 2 == 0:
            self.set("turns", self.counter("turns") + 1)
        if not dice and self.judge() is None:
            self.roll()  # the next player's dice
            self.next_turn()

    def judge(self) -> Outcome | None:
        for p, tray in enumerate(TRAYS):
            if self.count(tray) == 15:
                gammon = self.count(TRAYS[1 - p]) == 0  # the loser bore off none; a backgammon: one still far back
                back = gammon and any(PIECES[1 - p] in (self.at[i] or ()) for i in [TRACK[1 - p][0], *TRACK[p][19:]])
                points = 1 + [0, gammon, gammon + back][SCORING.index(self.game.options.scoring)]
                kind = "a backgammon" if back else "a gammon" if gammon else "a single game"
                return Outcome.win(p, f"bore off all 15: {kind}", [points * (q == p) for q in (0, 1)])
        if self.counter("turns") > self.game.options.max_turns:
            return Outcome.draw(f"{self.game.options.max_turns} turns")
        return None

    def prompt(self) -> str:
        return "" if self.is_over else "play " + " and ".join(map(str, self.counter("dice")))


class Backgammon(BoardGame[BackgammonState, Checker | Pass]):
    """Backgammon for two, as OpenSpiel plays it (no doubling cube)."""

    name = "backgammon"
    board = BOARD
    about: ClassVar = About(title="Backgammon", chance=Chance.PUBLIC)
    pieces: ClassVar = {"x": "player 0, moving from 24 to 1", "o": "player 1, moving from 1 to 24"}
    colours: ClassVar = {"x": "#b71c1c", "o": "#f5f5f5"}
    counters: ClassVar = {"dice": (), "_roll": (), "turns": 0}
    moves = (Checker, Pass)
    options_class = BackgammonOptions
    state_class = BackgammonState


def openspiel_names(move: Checker | Pass, state: BackgammonState) -> str | None:
    """OpenSpiel's action for the pair a move completes, as its number (``"52"``) or ``"Pass"``;
    ``None`` for the first checker of a pair (the second follows)."""
    if isinstance(move, Pass):
        return "Pass"
    dice = state.counter("dice")
    pair = [cast(Checker, state.history[-1]), move] if len(dice) % 2 else [move]  # the pair so far
    if len(pair) == 1:  # its first checker: the last too when the other die cannot follow
        place = TRACK[state.player].index(NAMES.index(move.source))  # where it starts, along the mover's track
        if follows(*state.counts(), place, move.die, sum(dice[-2:]) - move.die):
            return None
    high = max(dice[-2:]) if len(pair) == 1 else max(pair[0].die, move.die)
    places = [24 - int(m.source) if m.source[0].isdigit() else 24 for m in pair] + [25]
    return str(places[1] * 26 + places[0] + 676 * (pair[0].die != high))


def openspiel_chance(state: BackgammonState) -> str:
    """OpenSpiel's name of the roll the game drew (for the opening roll, who starts too)."""
    a, b = roll = state.counter("_roll")
    starts = "" if state.history else f" {'XO'[state.player]} starts,"
    return f"chance outcome {ROLLS.index(roll)}{starts} (roll: {a}{b})"
