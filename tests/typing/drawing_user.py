"""The drawing protocols as mypy sees them: a Camelot plan and a kit state
implement one, a game's own declared picture takes its state, and a hook of
the wrong type is caught. Checked by tests/test_typing.py
(never run); a line ending in ``# error: <text>`` must give one error that
starts with that text, and no other line any error.
"""

from __future__ import annotations

from typing import Any

from boardkit.games import camelot, cloth_of_gold, five_fields, tafl
from boardkit.games.camelot import CamelotState, Plan
from boardkit.games.cloth_of_gold import ClothOfGoldState
from boardkit.games.five_fields import FiveFieldsState
from boardkit.games.tafl import TaflState
from boardkit.kit import BoardState
from boardkit.render import BoardDrawing, Picture
from boardkit.topology import SquareGrid


class Mine(BoardDrawing):
    def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
        return SquareGrid(2, 2), {}, {}


class Forgot(BoardDrawing):
    pass


class WrongLegend(BoardDrawing):
    def svg_cells(self) -> tuple[SquareGrid, dict[Any, str], dict[Any, str]]:
        return SquareGrid(2, 2), {}, {}

    def svg_legend(self) -> list[str]:  # error: Return type "list[str]" of "svg_legend" incompatible with return type
        return ["red"]


def shipped(taflstate: TaflState, camelotstate: CamelotState, plan: Plan, five: FiveFieldsState,
            cloth: ClothOfGoldState, kit: BoardState) -> None:
    boards: list[BoardDrawing] = [plan, Mine()]
    pictures: list[Picture] = [kit]
    drawn = [
        tafl.PARTS.picture and tafl.PARTS.picture(taflstate, None),
        camelot.PARTS.picture and camelot.PARTS.picture(camelotstate, "a title"),
        five_fields.PARTS.picture and five_fields.PARTS.picture(five, None),
        cloth_of_gold.PARTS.picture and cloth_of_gold.PARTS.picture(cloth, None),
    ]
    tafl.PARTS.picture and tafl.PARTS.picture(cloth, None)  # error: Argument 1 has incompatible type "ClothOfGoldState"
    Forgot()  # error: Cannot instantiate abstract class "Forgot" with abstract attribute "svg_cells"  [abstract]
    print(boards, pictures, drawn)
