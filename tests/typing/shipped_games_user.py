"""The four shipped games as a user's type checker sees them (issue 38): a seat,
a number of players or a seed is an integer and a move's notation is text, so
``new_game(seed="one")``, ``view("attackers")`` and ``parse_move(42)`` fail
``mypy --strict`` here, although the compiled build's methods take any object
and answer it with boardkit's own error (``boardkit.compiling.IntArgument``).
Checked by tests/test_typing.py (mypy, never run); a line ending in ``# error: <text>`` must
give one error that starts with that text, and no other line any error.
"""

from __future__ import annotations

from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import FiveFields
from boardkit.games.tafl import Tafl


def shipped_games() -> None:  # never run: pytest imports this file for its doctests
    tafl = Tafl("brandubh").new_game(seed=1)
    print(tafl.view(0).attackers)
    tafl.evaluate(1)
    Tafl("brandubh").parse_move("d2-b2")
    Tafl("brandubh").new_game(seed="one")  # error: Argument "seed" to "new_game" of "Tafl" has incompatible type "str"
    tafl.view("attackers")  # error: Argument 1 to "view" of "TaflState" has incompatible type "str"
    Tafl("brandubh").parse_move(42)  # error: Argument 1 to "parse_move" of "Tafl" has incompatible type "int"
    tafl.determinize("attackers", seed=1)  # error: Argument 1 to "determinize" of "State" has incompatible type "str"
    tafl.random_move(7)  # error: Argument 1 to "random_move" of "TaflState" has incompatible type "int"

    camelot = Camelot().new_game(players=2, seed=1)
    camelot.hand(0)
    Camelot().new_game(players="two")  # error: Argument "players" to "new_game" of "Camelot" has incompatible
    camelot.hand("me")  # error: Argument 1 to "hand" of "CamelotState" has incompatible type "str"
    camelot.render_for(None)  # error: Argument 1 to "render_for" of "CamelotState" has incompatible type "None"
    Camelot().parse_move(b"end")  # error: Argument 1 to "parse_move" of "Camelot" has incompatible type "bytes"

    cloth = ClothOfGold().new_game(seed=2)
    print(cloth.view(1).rival_hand_size)
    cloth.court(1.5)  # error: Argument 1 to "court" of "ClothOfGoldState" has incompatible type "float"
    ClothOfGold().parse_move(7)  # error: Argument 1 to "parse_move" of "ClothOfGold" has incompatible type "int"

    fields = FiveFields().new_game(seed=3)
    fields.queen(0)
    fields.view("0")  # error: Argument 1 to "view" of "FiveFieldsState" has incompatible type "str"
    FiveFields().declared.picture(fields, None)  # error: "None" not callable
