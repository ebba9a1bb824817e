"""The pictures of the landing page and of the games' rules pages, drawn by
boardkit's own SVG rendering from set-up positions.

The docs build (``docs/conf.py``) calls :func:`main` before it reads a page,
so the pictures always show what the library draws today; a picture is
rewritten only when it changed. Each rules diagram sets up its position with
the game's ``from_position`` (Camelot's diagrams play their moves from a seeded start),
makes the move the rule is about, and checks that the rule did
what the page says, so a diagram cannot go on showing a rule the game no
longer plays. Run it alone to draw them again::

    python docs/pictures.py

Examples:
    >>> sorted(boards())
    ['camelot.svg', 'cloth-of-gold.svg', 'five-fields.svg', 'tafl.svg']
    >>> pictures = diagrams()
    >>> "tafl-shieldwall-after.svg" in pictures and "five-fields-battle-after.svg" in pictures
    True
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardkit.games.camelot import Camelot
from boardkit.games.camelot import render as camelot_render
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import BOARD, FiveFields, Pawn, Terrain, parse_hex
from boardkit.games.tafl import Tafl, TaflState
from boardkit.games.tafl import render as tafl_render
from boardkit.render import svg

__all__ = ["boards", "diagrams", "main"]

#: The fixed map of 5 Fields the pages use, as its reference page does.
FIVE_FIELDS_MAP = "PSP/MSSM/PSPSP/MSSM/PMP"

#: The colours that mark a move on a board: where a piece came from, where it
#: went, and what it took.
FROM, TO, TAKEN = "#f4e3a1", "#a8d5a2", "#e9a3a3"


def _marked(state: Any, title: str, marks: Mapping[str, str], notes: list[tuple[str, str]]) -> str:
    """A state drawn the way :func:`boardkit.render.svg` draws it, with some
    squares filled in a mark's colour and the marks added to the key."""
    draw = tafl_render if isinstance(state, TaflState) else camelot_render
    return draw.picture(state, title, legend=[*draw.key(state), *notes], marks=dict(marks))


def layout(size: int, pieces: Mapping[str, str]) -> str:
    """OpenTafl position text, rank 1 first, for a board of ``size`` with
    ``pieces`` (square name -> ``t``, ``T`` or ``K``) and the rest empty.

    Examples:
        >>> layout(3, {"b2": "K", "a1": "t"})
        '/t2/1K1/3/'
    """
    rows = []
    for rank in range(1, size + 1):
        row, empty = "", 0
        for file in "abcdefghijklmnopqrstuvwxy"[:size]:
            piece = pieces.get(f"{file}{rank}")
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/" + "/".join(rows) + "/"


def _tafl() -> dict[str, str]:
    pictures = {}
    brandubh = Tafl("brandubh")
    pictures["tafl-setup.svg"] = svg(brandubh.new_game(seed=0), title="brandubh at the start: attackers to move")

    move = [(FROM, "where the attacker came from"), (TO, "where it went")]
    capture = brandubh.from_position(position=layout(7, {"d4": "K", "b5": "T", "a5": "t", "c7": "t"}), to_move=0)
    pictures["tafl-capture-before.svg"] = _marked(capture, "attackers play c7-c5", {"c7": FROM, "c5": TO}, move)
    capture.apply("c7-c5")
    if capture.piece_at("b5") is not None:
        raise AssertionError("the capture diagram no longer captures b5")
    pictures["tafl-capture-after.svg"] = _marked(
        capture, "b5 is taken between c5 and a5", {"c5": TO, "b5": TAKEN}, [move[1], (TAKEN, "the defender taken")]
    )

    king = brandubh.from_position(
        position=layout(7, {"d5": "K", "c5": "t", "e5": "t", "a6": "t", "b2": "T"}), to_move=0
    )
    pictures["tafl-king-before.svg"] = _marked(king, "attackers play a6-d6", {"a6": FROM, "d6": TO}, move)
    king.apply("a6-d6")
    if king.outcome is None or king.outcome.winner != 0:
        raise AssertionError("the King diagram no longer takes the King")
    pictures["tafl-king-after.svg"] = _marked(
        king, "the King is taken", {"d6": TO, "d5": TAKEN},
        [move[1], (TAKEN, "the King, shut in")],
    )

    copenhagen = Tafl("copenhagen")
    wall = copenhagen.from_position(
        position=layout(
            11, {"f6": "K", "d1": "T", "e1": "T", "f1": "T", "d2": "t", "e2": "t", "f2": "t", "c1": "t", "g5": "t"}
        ),
        to_move=0,
    )
    pictures["tafl-shieldwall-before.svg"] = _marked(
        wall, "Copenhagen: attackers play g5-g1", {"g5": FROM, "g1": TO}, move
    )
    wall.apply("g5-g1")
    if any(wall.piece_at(square) is not None for square in ("d1", "e1", "f1")):
        raise AssertionError("the shieldwall diagram no longer takes the wall")
    pictures["tafl-shieldwall-after.svg"] = _marked(
        wall, "the wall d1-f1 is taken", {"g1": TO, "d1": TAKEN, "e1": TAKEN, "f1": TAKEN},
        [move[1], (TAKEN, "the defenders taken together")],
    )
    return pictures


def _cloth_of_gold() -> dict[str, str]:
    game = ClothOfGold()
    pictures = {"cloth-of-gold-setup.svg": svg(game.new_game(seed=1), title="the start: player 0 to move")}
    state = game.from_position(
        hands=[{"blue": 2}, {}],
        courts=[{"blue": 1}, {}],
        tokens=[("gold", None), ("red", None)],
        tile_spaces={"blue": "white"},
        to_move=0,
        seed=0,
    )
    pictures["cloth-of-gold-blue-before.svg"] = svg(state, title="player 0 sends token B to the blue oval")
    state.apply("B-blue")
    if state.scores != (6, 0):
        raise AssertionError(f"the Blue diagram now scores {state.scores}, not (6, 0)")
    pictures["cloth-of-gold-blue-after.svg"] = svg(state, title="three blues in Court: 6 points, and they leave")
    return pictures


def _five_fields() -> dict[str, str]:
    start = FiveFields(map=FIVE_FIELDS_MAP).new_game(seed=1)
    pictures = {"five-fields-setup.svg": svg(start, title="the start: player 0 to move")}
    terrain: dict[Any, Terrain] = dict.fromkeys(BOARD.cells, Terrain.PLAIN)
    terrain[parse_hex("h2")] = Terrain.MOUNTAIN
    pawns = {
        parse_hex("g1"): [(0, Pawn.QUEEN)],
        parse_hex("i3"): [(0, Pawn.PRINCE)],
        parse_hex("c5"): [(1, Pawn.QUEEN)],
        parse_hex("h2"): [(1, Pawn.PRINCE)],
    }
    battle = FiveFields().from_position(terrain=terrain, pawns=pawns, to_move=0)
    pictures["five-fields-battle-before.svg"] = svg(battle, title="player 0's Prince on i3 attacks h2")
    battle.apply("move P i3->h2")
    battle.apply("end")
    if battle.pawns(parse_hex("h2")) != ((0, Pawn.PRINCE),):
        raise AssertionError("the battle diagram no longer wins the battle")
    pictures["five-fields-battle-after.svg"] = svg(battle, title="attack 4 beats defence 2: the Prince on h2 is gone")
    return pictures


#: Camelot's scoring example: player 0's turn, then player 1's three tiles.
CAMELOT_SEED = 1
CAMELOT_FIRST = ("place treasury d7", "place minstrels e7", "end")
CAMELOT_SECOND = ("place garden d6", "place well e6", "place library f6", "end")


def _camelot() -> dict[str, str]:
    game = Camelot()
    pictures = {"camelot-setup.svg": svg(game.new_game(players=3, seed=0), title="three players: five tiles pre-laid")}
    state = game.new_game(players=2, seed=CAMELOT_SEED)
    for move in CAMELOT_FIRST:
        state.apply(move)
    pictures["camelot-scoring-before.svg"] = svg(state, title="player 1's turn: the treasury and minstrels are built")
    for move in CAMELOT_SECOND:
        state.apply(move)
    if state.scores != (6, 22):
        raise AssertionError(f"the scoring diagram now scores {state.scores}, not (6, 22)")
    new = {"d6": TO, "e6": TO, "f6": TO}
    pictures["camelot-scoring-after.svg"] = _marked(
        state, "player 1 lays three in a row: 22 points", new, [(TO, "the three tiles laid this turn")]
    )
    return pictures


def boards() -> dict[str, str]:
    """The landing page's pictures: each game's board at the start, by file name."""
    return {
        "tafl.svg": tafl_render.picture(Tafl("copenhagen").new_game(seed=0), "", legend=[]),
        "cloth-of-gold.svg": svg(ClothOfGold().new_game(seed=1), title=""),
        "five-fields.svg": svg(FiveFields(map=FIVE_FIELDS_MAP).new_game(seed=1), title=""),
        "camelot.svg": svg(Camelot().new_game(players=2, seed=0), title="", legend=[]),
    }


def diagrams() -> dict[str, str]:
    """The games pages' diagrams, by file name: each set-up and each special rule."""
    return {**_tafl(), **_cloth_of_gold(), **_five_fields(), **_camelot()}


def main(static: Path) -> list[Path]:
    """Write :func:`boards` into ``static/boards`` and :func:`diagrams` into
    ``static/games``, each file only if it changed; returns the files written."""
    written = []
    for folder, pictures in (("boards", boards()), ("games", diagrams())):
        (static / folder).mkdir(parents=True, exist_ok=True)
        for name, text in pictures.items():
            path = static / folder / name
            if not path.exists() or path.read_text(encoding="utf-8") != text + "\n":
                path.write_text(text + "\n", encoding="utf-8")
                written.append(path)
    return written


if __name__ == "__main__":
    for path in main(Path(__file__).parent / "_static"):
        print(path, file=sys.stdout)
