"""What each game's hand-written undo buys over one derived from declared
fields (:mod:`boardkit.fields`).

Run from the repository root::

    python benchmarks/bench_fields.py [--rounds 4] [--seconds 0.8] [--only NAME]

For each of the four games it measures, in one process, the game as shipped
and the same game with a :class:`~boardkit.fields.Fields` table patched in:
every move's undo record becomes a copy of every field that a move changes,
taken before the move, and undo puts copies of it back, as
:class:`~boardkit.fields.FieldState` does. (The table leaves out the fields a
move never changes, and the shipped ``_play`` still builds its own record,
which is dropped: cheap for Tafl and Camelot, whose records are a few
values. For Cloth of Gold and 5 Fields, whose records are already a copy of
every field, only the record is patched.) The two run alternately, ``--rounds``
times each; the best rate of each is kept. It prints a Markdown table of
``apply`` + ``undo`` of every legal move, ten moves into seeded games, and
uniformly random games, per second of the process's CPU time.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from bench_states import positions

from boardkit import Random
from boardkit.fields import BAG, COMPONENT, COUNTER, DICT, GRID, LIST, VALUE, Fields, each
from boardkit.games.camelot import Camelot, CamelotState
from boardkit.games.cloth_of_gold import ClothOfGold, ClothOfGoldState
from boardkit.games.five_fields import FiveFields, FiveFieldsState
from boardkit.games.tafl import Tafl, TaflState

#: The fields a move changes, per game, as a declared-fields version would list them.
TABLES = {
    "tafl": Fields(_board=LIST, _att=VALUE, _dfn=VALUE, _king=VALUE, _turn=VALUE, _seen=DICT, _over=VALUE),
    "cloth-of-gold": Fields(
        _to_move=VALUE,
        _hands=each(COMPONENT),
        _courts=each(COMPONENT),
        _removed=COUNTER,
        _spaces=DICT,
        _places=GRID,
        _since=GRID,
        _dragon=VALUE,
        _track=COMPONENT,
        _darkness=BAG,
        _outcome=VALUE,
        _endgame=VALUE,
    ),
    "five-fields": Fields(
        _terrain=LIST,
        _pool=LIST,
        _queen=LIST,
        _princes=GRID,
        _field=LIST,
        _city=LIST,
        _to_move=VALUE,
        _passes=VALUE,
        _turns=VALUE,
        _pairs=VALUE,
        _moved=LIST,
        _qmoved=VALUE,
        _walk=VALUE,
        _outcome=VALUE,
        _lost=LIST,
    ),
    "camelot": Fields(
        _board=DICT,
        _laid=LIST,
        track=COMPONENT,
        hands=each(COMPONENT),
        bag=BAG,
        _player=VALUE,
        _net=each(DICT),
        _need=each(DICT),
    ),
}

#: Each game's state class and how to make the game (5 Fields capped at 100 turns so games end).
GAMES: dict[str, tuple[type[Any], Callable[[], Any]]] = {
    "tafl": (TaflState, lambda: Tafl("hnefatafl")),
    "cloth-of-gold": (ClothOfGoldState, ClothOfGold),
    "five-fields": (FiveFieldsState, lambda: FiveFields(turn_limit=100)),
    "camelot": (CamelotState, Camelot),
}


def declared(name: str) -> dict[str, Callable[..., Any]]:
    """The methods that give game ``name`` an undo derived from its table."""
    table = TABLES[name]

    def save(self: Any) -> tuple[Any, ...]:
        return (self.rng.state, table.save(self))

    def restore(self: Any, saved: tuple[Any, ...]) -> None:
        self.rng.state = saved[0]
        table.restore(self, saved[1])

    if name == "five-fields":  # its _save/_restore serve its undo (and its copy)
        return {"_save": save, "_restore": restore}
    if name == "cloth-of-gold":  # its _play takes _save's record once the move is legal
        return {"_save": save, "_unplay": lambda self, move, token: restore(self, token)}
    cls = GAMES[name][0]
    shipped_play = cls._play

    def play(self: Any, move: Any) -> object:
        token = save(self)
        shipped_play(self, move)
        return token

    return {"_play": play, "_unplay": lambda self, move, token: restore(self, token)}


def apply_undo(states: list[Any], seconds: float) -> float:
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for state in states:
            for move in state.legal_moves():
                state.apply(move)
                state.undo()
                done += 1
    return done / (time.process_time() - start)


def random_games(make: Callable[[], Any], seconds: float) -> float:
    game = make()
    chooser = Random(1)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_game(seed=games)
        while not state.is_over:
            legal = state.legal_moves()
            state.apply(legal[chooser.randbelow(len(legal))])
        games += 1
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="alternating runs of each (default 4)")
    parser.add_argument("--seconds", type=float, default=0.8, help="time per measurement (default 0.8)")
    parser.add_argument("--only", choices=sorted(GAMES), default=None, help="measure one game")
    args = parser.parse_args()
    print("| game | apply+undo/s, hand-written | declared | ratio | random games/s, hand-written | declared | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, (cls, make) in GAMES.items():
        if args.only not in (None, name):
            continue
        patch = declared(name)
        shipped = {attr: cls.__dict__[attr] for attr in patch}
        best: dict[str, tuple[float, float]] = {}
        try:
            for _ in range(args.rounds):
                for label, methods in (("hand", shipped), ("declared", patch)):
                    for attr, method in methods.items():
                        setattr(cls, attr, method)
                    undo = apply_undo(positions(make()), args.seconds)
                    games = random_games(make, args.seconds)
                    old = best.get(label, (0.0, 0.0))
                    best[label] = (max(old[0], undo), max(old[1], games))
        finally:
            for attr, method in shipped.items():
                setattr(cls, attr, method)
        (hu, hg), (du, dg) = best["hand"], best["declared"]
        print(f"| {name} | {hu:,.0f} | {du:,.0f} | {du / hu:.2f} | {hg:,.1f} | {dg:,.1f} | {dg / hg:.2f} |")


if __name__ == "__main__":
    main()
