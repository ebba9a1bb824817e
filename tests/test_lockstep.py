"""The lockstep oracle's hooks (:func:`boardkit.testing.lockstep`): chance told
to the reference, positions compared every move, and turns the game plays in
parts against a reference that plays each as one action. Each hook is shown
passing on a game that is right and failing, at the first move that differs,
on one with a planted bug. The references are written here, by hand, as a
user would write one; OpenSpiel's Pig is the real reference with chance."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, ClassVar

import attrs
import pytest

from boardkit import Game, IllegalMoveError, NotationError, OptionError, Outcome, State
from boardkit.kit import BoardGame, BoardState, Place, Step
from boardkit.testing import LockstepError, Nim, NimByHand, lockstep
from boardkit.topology import SquareGrid

FILES = "abcdef"

# -- a dice race, and a reference that waits for the die ------------------------


class RaceState(BoardState[str, Step]):
    """Each player's pawn runs along their own row (row 1, row 2) to file f:
    a step as long as the die (1 to 3, rolled after every move), or a single
    step. The first pawn on file f wins."""

    def roll(self) -> None:
        self.set("die", self.rng.randbelow(3) + 1)

    def setup(self) -> None:
        self.put("a1", "w")
        self.put("a2", "b")
        self.roll()

    def moves(self) -> list[Step]:
        here = self.name(self.cells_of("wb"[self.player])[0])
        file = FILES.index(here[0])
        targets = sorted({min(file + self.counter("die"), 5), min(file + 1, 5)})
        return [Step(here, f"{FILES[t]}{here[1]}") for t in targets]

    def land(self, move: Step) -> str:
        return move.target

    def play(self, move: Step) -> None:
        self.put(self.land(move), self[move.source])
        self.put(move.source, None)
        if self.judge() is None:
            self.roll()
        self.next_turn()

    def judge(self) -> Outcome | None:
        for player, piece in enumerate("wb"):
            if self.name(self.cells_of(piece)[0])[0] == "f":
                return Outcome.win(player, "reached file f")
        return None


class Race(BoardGame[RaceState, Step]):
    name = "race"
    board = SquareGrid(6, 2)
    pieces: ClassVar = {"w": "player 0", "b": "player 1"}
    counters: ClassVar = {"die": 0}
    moves = (Step,)
    state_class = RaceState


class RaceByHand:
    """The race written without boardkit; the die is a chance node, as in OpenSpiel."""

    def __init__(self) -> None:
        self.at, self.turn, self.die = [0, 0], 0, 0  # die 0: waiting for the roll

    def over(self) -> bool:
        return 5 in self.at

    def chance_outcomes(self) -> list[str]:
        return [] if self.over() or self.die else ["roll 1", "roll 2", "roll 3"]

    def legal_moves(self) -> list[str]:
        if self.over() or not self.die:
            return []
        here, row = self.at[self.turn], self.turn + 1
        return [f"{FILES[here]}{row}-{FILES[t]}{row}" for t in sorted({min(here + self.die, 5), min(here + 1, 5)})]

    def current_player(self) -> int | None:
        return None if self.over() else self.turn

    def is_over(self) -> bool:
        return self.over()

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0) if self.at[0] == 5 else (-1.0, 1.0)

    def apply(self, move: str) -> None:
        if move.startswith("roll"):
            self.die = int(move[-1])
            return
        self.at[self.turn] = FILES.index(move[-2])
        if not self.over():  # the winner's die stays on the table
            self.turn, self.die = 1 - self.turn, 0

    def text(self) -> str:
        return f"{FILES[self.at[0]]}1 {FILES[self.at[1]]}2 die {self.die}"


def rolled(state: Any) -> str:
    return f"roll {state.counter('die')}"


def race_text(state: Any) -> str:
    return f"{state.name(state.cells_of('w')[0])} {state.name(state.cells_of('b')[0])} die {state.counter('die')}"


RACE_POSITIONS = (race_text, RaceByHand.text)


def raced(state_class: type[RaceState]) -> Race:
    """The race with its state class replaced (a planted bug)."""
    game = Race()
    game.state_class = state_class
    return game


def test_a_game_with_dice_agrees_with_a_reference_told_what_it_rolled() -> None:
    report = lockstep(Race(), RaceByHand, chance=rolled, same_position=RACE_POSITIONS, games=60)
    assert report.finished == 60
    # A roll at the start, and after each move but the last.
    assert report.draws == report.moves - report.finished + report.games
    assert report.positions == report.moves + report.games


def test_a_reference_that_waits_for_chance_needs_the_chance_hook() -> None:
    with pytest.raises(OptionError, match=r"waits for chance .*give lockstep chance="):
        lockstep(Race(), RaceByHand, games=1)


def test_a_reference_without_chance_outcomes_is_not_asked_about_chance() -> None:
    class Rolls(RaceByHand):
        """The same reference, rolling the die it is told by apply() itself (the older way)."""

        chance_outcomes = None  # type: ignore[assignment]

    # Without chance_outcomes lockstep neither tells nor checks chance: this old-style reference has no die
    # of its own, so it offers no moves, and the disagreement is on the legal moves, not on chance.
    with pytest.raises(LockstepError) as caught:
        lockstep(Race(), Rolls, games=1)
    assert caught.value.what == "legal moves"


class LoadedDie(RaceState):
    def roll(self) -> None:
        self.set("die", self.rng.randbelow(4) + 1)


class ForgetsToRoll(RaceState):
    def play(self, move: Step) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.next_turn()


class RollsAfterTheEnd(RaceState):
    def play(self, move: Step) -> None:
        self.put(move.target, self[move.source])
        self.put(move.source, None)
        self.roll()
        self.next_turn()


@pytest.mark.parametrize(
    ("state_class", "ours", "detail"),
    [
        (LoadedDie, "roll 4", "the game drew 'roll 4', and the reference offers ['roll 1', 'roll 2', 'roll 3']"),
        (ForgetsToRoll, "nothing drawn", "the game's move drew nothing, and the reference waits for chance"),
        (RollsAfterTheEnd, "drawn", "the game's move drew chance, and the reference waits for none"),
    ],
    ids=["loaded", "forgets", "after-the-end"],
)
def test_dice_that_differ_from_the_reference_are_caught(state_class: type[RaceState], ours: str, detail: str) -> None:
    with pytest.raises(LockstepError) as caught:
        lockstep(raced(state_class), RaceByHand, chance=rolled, games=60)
    assert (caught.value.what, caught.value.ours) == ("chance", ours)
    assert detail in str(caught.value)


def test_chance_told_as_several_outcomes_in_a_row() -> None:
    class Parity(RaceByHand):
        """Rolls in two chance steps: odd or even, then the number."""

        def __init__(self) -> None:
            super().__init__()
            self.parity = ""

        def chance_outcomes(self) -> list[str]:
            rolls = super().chance_outcomes()
            if not rolls or not self.parity:
                return ["odd", "even"] if rolls else []
            return [r for r in rolls if int(r[-1]) % 2 == (self.parity == "odd")]

        def apply(self, move: str) -> None:
            if move in ("odd", "even"):
                self.parity = move
                return
            self.parity = ""
            super().apply(move)

    def told(state: Any) -> list[str]:
        return ["odd" if state.counter("die") % 2 else "even", rolled(state)]

    report = lockstep(Race(), Parity, chance=told, games=20)
    assert report.draws == 2 * (report.moves - report.finished + report.games)
    with pytest.raises(LockstepError, match=r"waits for more: one of \['roll(?: [123],?)+'") as caught:
        lockstep(Race(), Parity, chance=lambda state: told(state)[:1], games=1)  # names the parity alone
    assert caught.value.what == "chance"


# -- positions --------------------------------------------------------------------


class Stumbles(RaceState):
    """Lands one file short after a step of three (the move's notation, and the reference, say otherwise)."""

    def land(self, move: Step) -> str:
        if FILES.index(move.target[0]) - FILES.index(move.source[0]) == 3:
            return f"{FILES[FILES.index(move.target[0]) - 1]}{move.target[1]}"
        return move.target


def test_a_position_that_differs_is_caught_at_the_first_move_that_differs() -> None:
    with pytest.raises(LockstepError) as caught:
        lockstep(raced(Stumbles), RaceByHand, chance=rolled, same_position=RACE_POSITIONS, games=60, seed=1)
    err = caught.value
    assert err.what == "position"
    last = err.moves[-1]
    assert FILES.index(last[3]) - FILES.index(last[0]) == 3  # the step of three just played
    assert f"the game has {err.ours!r}, the reference {err.theirs!r}" in str(err)
    # Without the positions the same games disagree only later, when the pawn that stumbled moves again.
    with pytest.raises(LockstepError) as later:
        lockstep(raced(Stumbles), RaceByHand, chance=rolled, games=60, seed=1)
    assert later.value.what == "legal moves" and len(later.value.moves) > len(err.moves)


@pytest.mark.parametrize("verdict", [False, "heap 4 against 5", ""])
def test_same_position_as_a_function(verdict: bool | str) -> None:
    def same(state: Any, reference: Any) -> bool | str:
        return True if state.heap == reference.heap else verdict

    assert lockstep(Nim(heap=5), NimByHand, same_position=same, games=5).positions > 5
    with pytest.raises(LockstepError) as caught:
        lockstep(Nim(heap=5), lambda: NimByHand(4), same_position=same, games=5)
    assert caught.value.what == "position" and caught.value.moves == ()
    assert str(verdict or "same_position says they differ") in str(caught.value)


def test_positions_as_texts_keep_both_texts() -> None:
    board = (lambda state: "|\n" * state.heap, lambda reference: "|\n" * reference.heap)
    with pytest.raises(LockstepError) as caught:
        lockstep(Nim(heap=5), lambda: NimByHand(4), same_position=board, games=1)
    assert (caught.value.ours, caught.value.theirs) == ("|\n" * 5, "|\n" * 4)


def test_old_calls_keep_their_games() -> None:
    """The hooks leave the random games of a call without them unchanged."""
    def nine() -> NimByHand:
        return NimByHand(9)

    plain = lockstep(Nim(heap=9), nine, games=30, seed=5)
    hooked = lockstep(Nim(heap=9), nine, games=30, seed=5, same_position=(lambda s: s.heap, lambda r: r.heap))
    assert (plain.moves, plain.outcomes, plain.draws, plain.positions) == (hooked.moves, hooked.outcomes, 0, 0)
    assert hooked.positions == hooked.moves + hooked.games


# -- a turn in parts against a reference that plays it as one action ------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
CELLS = [f"{f}{r}" for r in "123" for f in "abc"]


class PairsState(BoardState[str, Place]):
    """Three in a row on 3x3, where a turn places two stones, one per part; a
    row counts once the turn is over, and a turn needs two empty cells."""

    def moves(self) -> list[Place]:
        return [Place(self.name(cell)) for cell in self.empty()]

    def play(self, move: Place) -> None:
        self.put(move.cell, "XO"[self.player])
        if self.part == "first":
            self.next_part()
        else:
            self.next_turn()

    def judge(self) -> Outcome | None:
        if self.part != "first":
            return None
        return self.lines() or (Outcome.draw("no room for a turn") if len(self.empty()) < 2 else None)

    def lines(self) -> Outcome | None:
        last = "XO"[1 - self.player]
        if any(all(self[CELLS[i]] == last for i in line) for line in LINES):
            return Outcome.win(1 - self.player, "three in a row")
        return None


class Pairs(BoardGame[PairsState, Place]):
    name = "pairs"
    board = SquareGrid(3, 3)
    pieces: ClassVar = {"X": "player 0", "O": "player 1"}
    parts: ClassVar = {"first": "place a stone", "second": "place another"}
    moves = (Place,)
    state_class = PairsState


class PairsByHand:
    """The same game with a turn as one action, ``"a1+b2"`` (the two cells in board order)."""

    def __init__(self) -> None:
        self.cells: list[str | None] = [None] * 9
        self.turn = 0

    def won(self) -> bool:
        last = "XO"[1 - self.turn]
        return any(all(self.cells[i] == last for i in line) for line in LINES)

    def is_over(self) -> bool:
        return self.won() or self.cells.count(None) < 2

    def legal_moves(self) -> list[str]:
        empty = [i for i, c in enumerate(self.cells) if c is None]
        return [] if self.is_over() else [f"{CELLS[a]}+{CELLS[b]}" for a in empty for b in empty if a < b]

    def current_player(self) -> int | None:
        return None if self.is_over() else self.turn

    def returns(self) -> tuple[float, float]:
        if not self.won():
            return (0.0, 0.0)
        return (1.0, -1.0) if self.turn == 1 else (-1.0, 1.0)

    def apply(self, move: str) -> None:
        for cell in move.split("+"):
            self.cells[CELLS.index(cell)] = "XO"[self.turn]
        self.turn = 1 - self.turn

    def text(self) -> str:
        return "".join(c or "." for c in self.cells)


def pair_names(move: Place, state: Any) -> str | None:
    """None for the first stone; both stones, in board order, for the second."""
    if state.part == "first":
        return None
    first = str(state.history[-1])
    return "+".join(sorted((first, move.cell), key=CELLS.index))


def pairs_text(state: Any) -> str:
    return "".join(state[cell] or "." for cell in CELLS)


def paired(state_class: type[PairsState]) -> Pairs:
    game = Pairs()
    game.state_class = state_class
    return game


def test_a_turn_in_parts_agrees_with_a_reference_that_plays_it_as_one_action() -> None:
    report = lockstep(Pairs(), PairsByHand, names=pair_names, same_position=(pairs_text, PairsByHand.text), games=40)
    assert report.finished == 40 and report.moves == 2 * report.reference_moves
    assert report.positions == report.reference_moves + report.games  # compared once a whole turn is played
    assert {o.reason for o in report.outcomes} == {"three in a row", "no room for a turn"}


def test_a_turn_in_parts_is_compared_as_the_set_of_whole_turns() -> None:
    class NotInOneRow(PairsState):
        """Forbids the second stone in the first one's row."""

        def moves(self) -> list[Place]:
            found = super().moves()
            if self.part == "second":
                row = str(self.history[-1])[1]
                found = [m for m in found if m.cell[1] != row]
            return found

    with pytest.raises(LockstepError) as caught:
        lockstep(paired(NotInOneRow), PairsByHand, names=pair_names, games=5)
    assert caught.value.what == "legal moves" and not caught.value.ours
    assert "a1+b1" in caught.value.theirs


def test_a_game_that_ends_within_a_turn_in_parts_is_caught() -> None:
    class EndsEarly(PairsState):
        """Counts a row as soon as its stone is placed (Pentago counted before the twist)."""

        def judge(self) -> Outcome | None:
            last = "XO"[self.player if self.part == "second" else 1 - self.player]
            if any(all(self[CELLS[i]] == last for i in line) for line in LINES):
                return Outcome.win("XO".index(last), "three in a row")
            return super().judge()

    with pytest.raises(LockstepError, match="within a move the reference plays as one") as caught:
        lockstep(paired(EndsEarly), PairsByHand, names=pair_names, games=40)
    assert caught.value.what == "end"


def test_ways_of_a_turn_named_alike_must_end_alike() -> None:
    def second_only(move: Place, state: Any) -> str | None:
        return None if state.part == "first" else move.cell  # forgets the first stone

    with pytest.raises(LockstepError, match="which lead to different positions") as caught:
        lockstep(Pairs(), PairsByHand, names=second_only, games=1)
    assert caught.value.what == "move names"


def test_a_turn_that_never_ends_is_refused() -> None:
    with pytest.raises(LockstepError, match="the move never ends"):
        lockstep(Nim(heap=30, most=1), NimByHand, names=lambda move, state: None, games=1, max_moves=5)


# -- OpenSpiel's Pig, a real reference with chance ------------------------------


@attrs.frozen
class Word:
    """A Pig move: ``roll`` or ``stop``."""

    word: str

    def __str__(self) -> str:
        return self.word


class Pig(Game["PigState", Word]):
    """Pig as OpenSpiel plays it: roll a die to add it to the turn's total
    (a 1 loses the total and the turn), or stop to bank it; rolling stops
    once the score with the total reaches the target, who reaches it wins."""

    name = "pig"

    def __init__(self, target: int = 10) -> None:
        self.target = target

    def new_game(self, *, players: int | None = None, seed: int | None = None) -> PigState:
        return PigState(self, self.check_players(players), seed)

    def parse_move(self, text: str) -> Word:
        if text not in ("roll", "stop"):
            raise NotationError(text, "a Pig move is 'roll' or 'stop'")
        return Word(text)


class PigState(State[Word]):
    def __init__(self, game: Pig, players: int, seed: int | None) -> None:
        super().__init__(game, players, seed)
        self.target, self.banked, self.total, self.turn = game.target, [0, 0], 0, 0
        self.die = 0  # the last roll

    @property
    def current_player(self) -> int | None:
        return None if self.outcome else self.turn

    @property
    def outcome(self) -> Outcome | None:
        won = [p for p in (0, 1) if self.banked[p] >= self.target]
        return Outcome.win(won[0], "reached the target") if won else None

    def legal_moves(self) -> list[Word]:
        if self.outcome:
            return []
        return [Word("roll"), Word("stop")] if self.banked[self.turn] + self.total < self.target else [Word("stop")]

    def _play(self, move: Word) -> tuple[int, int, int, int]:
        if move not in self.legal_moves():
            raise IllegalMoveError(move, "not legal now")
        before = (self.total, self.turn, self.banked[self.turn], self.die)
        if move.word == "stop":
            self.banked[self.turn] += self.total
            self.total, self.turn = 0, 1 - self.turn
        elif (die := self.roll()) == 1:
            self.total, self.turn = 0, 1 - self.turn
        else:
            self.total += die
        return before

    def roll(self) -> int:
        self.die = self.rng.randbelow(6) + 1
        return self.die

    def _unplay(self, move: Word, token: tuple[int, int, int, int]) -> None:
        self.total, self.turn, self.banked[token[1]], self.die = token

    def _key(self) -> Hashable:
        return (tuple(self.banked), self.total, self.turn)

    def copy(self) -> PigState:
        twin = self._bare_twin()
        twin.target, twin.banked, twin.total, twin.turn = self.target, list(self.banked), self.total, self.turn
        twin.die = self.die
        return twin

    def render(self) -> str:
        return f"Scores: {self.banked[0]} {self.banked[1]}, Turn total: {self.total}\nCurrent player: {self.turn}\n"


def pig_rolled(state: Any) -> str:
    return f"Roll {state.die}"


def test_pig_agrees_with_openspiel_roll_by_roll() -> None:
    pytest.importorskip("pyspiel")
    from boardkit.testing import openspiel_reference

    pig: Callable[[], Any] = openspiel_reference("pig", winscore=10)
    positions: tuple[Callable[[Any], object], Callable[[Any], object]] = (PigState.render, lambda r: str(r.state))
    report = lockstep(Pig(), pig, chance=pig_rolled, same_position=positions, games=60)
    assert report.finished == 60 and report.draws > report.games

    class SixIsOne(PigState):
        """Takes a 6 for a 1 (the die's faces read from 0 to 5, and 6 taken for 0)."""

        def roll(self) -> int:
            die = super().roll()
            return 1 if die == 6 else die

    class SixIsOnePig(Pig):
        def new_game(self, *, players: int | None = None, seed: int | None = None) -> PigState:
            return SixIsOne(self, self.check_players(players), seed)

    with pytest.raises(LockstepError) as caught:
        lockstep(SixIsOnePig(), pig, chance=pig_rolled, same_position=positions, games=60)
    assert caught.value.what == "position" and caught.value.moves[-1] == "roll"
