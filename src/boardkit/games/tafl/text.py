"""Tafl's rules in the players' words: what each kind of move does, and the
rules that a game's options put in play.

:data:`MOVE_KINDS` and :func:`rules_in_play` fill :class:`~boardkit.about.About`'s
``moves`` and ``rules_in_play`` on :class:`~boardkit.games.tafl.Tafl`, so that
``boardkit play``'s ``rules`` and the web page say which escape, which King
and which extra rules each variant plays, read from its options.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> rules_in_play(Tafl("brandubh"))[1]
    'The King escapes by reaching any edge square.'
    >>> rules_in_play(Tafl("fetlar"))[1]
    'The King escapes by reaching a corner square; the edge gives no win.'
"""

from __future__ import annotations

from typing import Any, Final

from boardkit.games.tafl.moves import square_name
from boardkit.games.tafl.variants import TaflOptions

__all__ = ["MOVE_KINDS", "rules_in_play"]

#: What each kind of move does, as :attr:`About.moves <boardkit.about.About.moves>` declares it.
MOVE_KINDS: Final = (
    (
        "move",
        "Written d1-d4: one of your pieces, the King too, goes any number of empty squares along its row or"
        " column, like a chess rook, never jumping. The throne and the corner squares are kept for some"
        " pieces only, as the rules in play below say.",
    ),
    (
        "capture",
        "After your move, an enemy piece beside the square you moved to is taken when the square beyond it,"
        " on the same line, holds one of your pieces or is hostile to it (see the throne and corners below)."
        " Only the mover captures: a piece may safely move in between two enemies. Diagonals never capture.",
    ),
    (
        "the King",
        "The defenders' leader. He moves like any piece; the defenders win when he escapes and the"
        " attackers when they capture him. How he escapes, whether he helps to capture and how he is"
        " taken are among the rules in play below.",
    ),
)

_KING_TAKEN: Final = {
    "four": (
        "The King is captured only when attackers shut him in on all four sides (an empty throne may close"
        " one side), so never on an edge square."
    ),
    "two": (
        "The King is weak: he is captured like any piece, between two attackers or an attacker and a"
        " hostile square."
    ),
    "throne": (
        "The King is strong only on or beside the throne (on it, four attackers take him; beside it, three"
        " and the throne); anywhere else, the edge too, he is captured like any piece, by two."
    ),
    "middleweight": (
        "The King is captured when every side of him that is on the board is closed by an attacker or a"
        " square hostile to him: four sides in the open, three on an edge."
    ),
}
_REPEATED: Final = {
    "draw": "the game is a draw",
    "defenders-lose": "the defenders lose, whoever made it",
    "repeater-loses": "the player whose move made it loses",
    "repeater-wins": "the player whose move made it wins",
}
_CLOSES: Final = {
    "onto-edge": "any move onto the square at an end of the row closes it, along the edge or from inside",
    "along-edge": "only a move along the edge onto the square at an end of the row closes it",
    "any-move": "any move that leaves such a row shut in at both ends takes it",
}
_JUMPS: Final = {
    "none": "never jump",
    "restricted": "jump over an enemy man only from or onto a special square (throne, corner, fort)",
    "jump": "jump over an enemy man beside them onto the empty square beyond",
    "capturing": "jump over an enemy man beside them onto the empty square beyond, taking it",
}


def _who(letters: str) -> str:
    """Who piece letters name: ``"tTK"`` every piece, ``"K"`` only the King, ``"tK"`` attackers and the King."""
    if letters == "tTK":
        return "every piece"
    names = [name for letter, name in (("t", "attackers"), ("T", "defenders"), ("K", "the King")) if letter in letters]
    if len(names) == 1:
        return "only " + names[0]
    return " and ".join(names) or "no piece"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _hostile(letters: str) -> str:
    """To whom a square hostile to ``letters`` (``t``, ``T``) is hostile, in words."""
    return {"tT": "every piece", "t": "the attackers", "T": "the defenders", "": "no piece"}[letters]


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def _squares(cells: frozenset[int], size: int) -> str:
    return ", ".join(sorted(square_name(c, size) for c in cells))


def rules_in_play(game: Any) -> list[str]:
    """The rules a game of Tafl plays by, one line each, read from its
    options: who moves first, the escape, the King, the throne and corners,
    the edge rules (shieldwall, exit fort, encirclement), repetition, and
    OpenTafl's extra rules where a game has them.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> rules = rules_in_play(Tafl("copenhagen"))
        >>> rules[3].split(",")[0]
        'The King is captured only when attackers shut him in on all four sides (an empty throne may close one side)'
        >>> rules[4].split(";")[0]
        'Only the King may stop on the throne'
        >>> [line.split(":")[0] for line in rules[6:9]]
        ['Shieldwall', 'Exit fort', 'Encirclement']
    """
    o: TaflOptions = game.options
    size: int = game.size
    lines = [f"The {('attackers', 'defenders')[o.first]} move first."]
    corners, thrones, forts = o.corner_cells(size), o.throne_cells(size), o.fort_cells(size)
    if o.escape == "corner":
        named = f" ({_squares(corners, size)})" if o.corners is not None else ""
        lines.append(f"The King escapes by reaching a corner square{named}; the edge gives no win.")
    else:
        lines.append("The King escapes by reaching any edge square.")
    if o.mate:
        lines.append(
            "Mate: a King move that opens two or more clear lines to an escaping square wins at once;"
            " one clear line is check, which ends nothing."
        )
    lines.append(
        "The King is armed: he captures together with defenders, and against hostile squares."
        if o.king_armed
        else "The King is unarmed: he never helps to capture."
    )
    lines.append(_KING_TAKEN[o.king_captured_by])
    if o.king_speed is not None:
        lines.append(f"The King moves at most {o.king_speed} square{'s' if o.king_speed > 1 else ''} at a time.")
    if thrones:
        where = "the throne" if o.throne is None else f"the throne ({_squares(thrones, size)})"
        text = f"{_upper(_who(o.throne_stop))} may stop on {where};"
        text += f" {_who(o.throne_pass)} may pass over it while it is empty."
        text += f" The empty throne is hostile to {_hostile(o.throne_hostile_empty)}"
        if o.throne_hostile:
            text += f", and the throne is hostile to {_hostile(o.throne_hostile)} even when held"
        lines.append(text + ".")
    else:
        lines.append("There is no throne.")
    if corners:
        lines.append(
            f"{_upper(_who(o.corner_stop))} may stop on the corner squares ({_squares(corners, size)})"
            f" and {_who(o.corner_pass)} may pass over them; they are hostile to {_hostile(o.corner_hostile)}."
        )
    if o.shieldwall:
        lines.append(
            "Shieldwall: two or more pieces in a row along an edge, each with an enemy in front of it, are taken"
            " together when the enemy closes both ends of the row (a corner may close one end);"
            f" {_CLOSES[o.shieldwall_close]}."
            " A King in the row is not taken."
        )
    if o.exit_fort:
        lines.append(
            "Exit fort: the defenders also win when the King stands on an edge square, can move, and the"
            " defenders around him form a fort that the attackers can never break."
        )
    if o.encirclement:
        lines.append(
            "Encirclement: the attackers also win when they shut every defender in, so that none can reach an edge."
        )
    if o.linnaean:
        lines.append(
            "An attacker takes a defender beside the King on the throne, when attackers hold the King's"
            " three other sides, by moving onto the defender's far side."
        )
    if forts:
        lines.append(
            f"Attacker forts ({_squares(forts, size)}): a piece on them may move over and onto them;"
            f" from elsewhere {_who(o.attacker_fort_enter)} may come onto them; they are hostile to"
            f" {_hostile(o.attacker_fort_hostile)}."
        )
    if o.king_jump != "none":
        lines.append(f"The King may {_JUMPS[o.king_jump].replace('them', 'him')}.")
    if any(ch in "cnCN" for ch in o.start):
        lines.append(
            "Knights and commanders move, capture and are captured as men of their side; knights"
            f" {_JUMPS[o.knight_jump]}; commanders {_JUMPS[o.commander_jump]}."
        )
    if o.berserk != "none":
        again = "could capture again" if o.berserk == "capture" else "can move at all"
        lines.append(f"Berserk: a piece that captures moves again at once if from its new square it {again}.")
    if o.repetition is None:
        lines.append("Repeating a position never ends the game.")
    else:
        lines.append(
            f"When one position comes up for the {_ordinal(o.repetition)} time with the same side to move,"
            f" {_REPEATED[o.repetition_result]}."
        )
    lines.append("A player with no legal move loses.")
    return lines
