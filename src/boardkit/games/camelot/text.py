"""Camelot's rules in the players' words: what placing, concealing and
ending a turn do, and the rules that the options in play set.

:data:`MOVE_KINDS` and :func:`rules_in_play` fill
:class:`~boardkit.about.About`'s ``moves`` and ``rules_in_play`` on
:class:`~boardkit.games.camelot.Camelot`.

Examples:
    >>> [kind for kind, _ in MOVE_KINDS]
    ['place', 'conceal', 'end']
"""

from __future__ import annotations

from typing import Any, Final

from boardkit.games.camelot.setup import HAND_SIZE

__all__ = ["MOVE_KINDS", "rules_in_play"]

#: What each kind of move does, as :attr:`About.moves <boardkit.about.About.moves>` declares it.
MOVE_KINDS: Final = (
    (
        "place",
        "Written 'place garden c5': lay a tile from your Hand on an empty square of its kind (each tile"
        " fits one kind of square, and turns freely). Lay one to three tiles a turn; at least one if you can.",
    ),
    (
        "conceal",
        "Written 'conceal wall blank': turn a face-up tile of your Hand face down, hidden from the other"
        " players. It is free, at any time in your turn, while fewer than three of your tiles are concealed;"
        " the three tiles dealt to you at the start begin concealed.",
    ),
    (
        "end",
        "End the turn and score it: the value of each tile laid, plus each tile that stood on the board when"
        " the turn began and touches a new tile along an edge (a garden laid this turn also counts tiles"
        " touching its corners), each once. Three tiles laid joined edge to edge, in a line or an L, double"
        f" the turn's score. Then draw back up to {HAND_SIZE} tiles while the bag lasts. Your last tile, once"
        " the bag is empty, scores alone, doubled, and is taken off your score.",
    ),
)


def rules_in_play(game: Any) -> list[str]:
    """The rules that the game's options set, one line each: who starts, the
    castle plan and the tile list.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> rules_in_play(Camelot(first="random"))[0]
        "The player who starts is drawn at random, with the game's seed."
    """
    o = game.options
    lines = [
        "The player who starts is drawn at random, with the game's seed."
        if o.first == "random"
        else f"Player {o.first} starts."
    ]
    if o.plan is None:
        lines.append("The standard castle plan: 80 squares, 10 by 8 (boardkit's reconstruction).")
    else:
        lines.append(f"A castle plan of your own: {sum(len(row) for row in o.plan)} squares.")
    if o.tiles is None:
        lines.append("The standard tile list: 80 tiles, one for each square (boardkit's reconstruction).")
    else:
        lines.append(f"A tile list of your own: {sum(entry[3] for entry in o.tiles)} tiles.")
    lines.append("Players whose Hand is empty are skipped; the game ends when every square is covered.")
    return lines
