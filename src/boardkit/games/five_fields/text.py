"""The Game of 5 Fields' rules in the players' words: what each kind of move
does, and the rules that the options in play set (the map, the turn limit).

:data:`MOVE_KINDS` and :func:`rules_in_play` fill
:class:`~boardkit.about.About`'s ``moves`` and ``rules_in_play`` on
:class:`~boardkit.games.five_fields.FiveFields`. A turn is one action, but
moving pawns is an action of one or two moves (one pawn each), so a player
may make two moves in a turn: the words say so.

Examples:
    >>> [kind for kind, _ in MOVE_KINDS][:4]
    ['move P', 'move Q', 'end', 'battle']
"""

from __future__ import annotations

from typing import Any, Final

from boardkit.games.five_fields.board import MOST_CITIES, MOST_FIELDS, MOST_PRINCES

__all__ = ["MOVE_KINDS", "TURN", "rules_in_play"]

#: What a player does on a turn, as :attr:`About.turn <boardkit.about.About.turn>` declares it.
TURN: Final = (
    "Take one action. Moving pawns is one action of one or two moves, a pawn each (the Queen, one Prince,"
    " two Princes, or a Prince and the Queen, one after the other): after the first, move a second pawn"
    " or say 'end'. Every other action is a single move: castle, build a Field or a City, regenerate a"
    " Prince or the Queen, or pass."
)

#: What each kind of move does, as :attr:`About.moves <boardkit.about.About.moves>` declares it.
MOVE_KINDS: Final = (
    (
        "move P",
        "Written 'move P h2->f4': a Prince goes up to 5 minus its distance to its Queen hexes (measured as"
        " it starts; 1 if the Queen is off the board), any way round, all on land or all at sea; crossing"
        " between land and sea is a whole move of one hex. It may pass over your own pieces but not an enemy"
        " pawn or City; it may stop on one to fight a battle. Two of your Princes may end on one hex, but"
        " one must leave on your next turn, or one is lost.",
    ),
    (
        "move Q",
        "Written 'move Q g1->f2': the Queen goes 1 or 2 hexes, never onto a sea, and across a sea only where"
        " one of your Princes stands. She never attacks: she may not stop on an enemy pawn or City.",
    ),
    (
        "end",
        "End the action after moving one pawn, instead of moving a second (on the blank map, also to stop"
        " a step-by-step move).",
    ),
    (
        "battle",
        "A Prince that stops on an enemy pawn or City fights when the action ends. Attack: 5 minus the"
        " distance to its Queen, for each attacking Prince. Defence: a Prince the same (doubled on a"
        " mountain), a Queen 4 (7 on a mountain), a City 3 (5 on a mountain). The attack must be higher, or"
        " the move is not allowed; the defenders are removed, an enemy City becomes yours. Any pawn that"
        " stops on an enemy Field takes it over.",
    ),
    (
        "castle",
        "Written 'castle Q g1<->P h2': the Queen and one of your Princes swap hexes, if the Queen could make"
        " that move herself.",
    ),
    (
        "build field",
        f"Build a Field on the Queen's hex, if it is land and holds no Field or City (at most {MOST_FIELDS}"
        " of yours on the board). A Field on a plain is worth 1, on a mountain 1/2.",
    ),
    (
        "build city",
        f"Build a City on the Queen's hex, on the same terms (at most {MOST_CITIES} of yours on the board).",
    ),
    (
        "regenerate prince",
        "Written 'regenerate prince f2': a Prince lost in a battle comes back in one of your Cities with no"
        f" pawn of yours, while you have fewer than {MOST_PRINCES} on the board and, after it, at least as"
        " many Fields as Princes.",
    ),
    (
        "regenerate queen",
        "Written 'regenerate queen f2 from P h2': with your Queen off the board, take one of your Princes off"
        " it for good and put the Queen in one of your Cities.",
    ),
    ("pass", "Do nothing; not allowed right after both players passed in a row, unless you can do nothing else."),
    (
        "explore",
        "Blank map only: a Prince starts its move by turning a face-down hex beside it face up"
        " ('explore P h2 g3'); it may then enter it at no cost.",
    ),
    ("step", "Blank map only: the moving Prince goes on one more hex ('step P g3->h4'), a point of its move."),
    (
        "reveal",
        "Blank map only: the moving Prince spends a point of its move turning a face-down hex beside it"
        " face up ('reveal P g3 g5').",
    ),
)


def rules_in_play(game: Any) -> list[str]:
    """The rules that the game's options set, one line each: the map (random,
    fixed or blank) and the turn limit.

    Examples:
        >>> from boardkit.games.five_fields import FiveFields
        >>> rules_in_play(FiveFields(turn_limit=50))[-1]
        'After 50 turns (actions) without a winner, the game ends as a draw.'
    """
    o = game.options
    if o.blank_map:
        lines = [
            "Blank map: only the eight starting hexes are face up; Princes turn the others over as they move"
            " (explore, step, reveal), and the Queen never enters a face-down hex."
        ]
    elif o.map is not None:
        lines = [f"A fixed map, rows from the top: {o.map}."]
    else:
        lines = ["A random map from the game's seed: 7 plains, 5 mountains and 7 seas."]
    lines.append("Player 0 moves first.")
    if o.turn_limit is None:
        lines.append("No turn limit: the game goes on until someone wins.")
    else:
        lines.append(f"After {o.turn_limit} turns (actions) without a winner, the game ends as a draw.")
    return lines
