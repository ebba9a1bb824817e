"""Pictures of a game of Camelot: the plan as text with its square names, a
key, and the hands as one player may see them (their own concealed tiles
included, nobody else's); and the colours and key of the SVG picture.

The state's ``render``, ``render_for``, ``public_info`` and ``describe``
come here (their documentation and examples stay on
:class:`~boardkit.games.camelot.CamelotState`); :func:`picture` is the
picture the game declares (``PARTS.picture``), what
:func:`boardkit.render.svg` and Jupyter show. This module imports the
components, the drawing of boards, and the game's plan, tiles, moves, views
and shape (what it reads of the state), never the rules (which import it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from boardkit.compiling import IntArgument
from boardkit.game import Player
from boardkit.games.camelot.hidden import CamelotView
from boardkit.games.camelot.moves import EndTurn, Move, Place
from boardkit.games.camelot.plan import KIND_COLOURS, Cell, Plan, square_name
from boardkit.games.camelot.shape import CamelotStateShape
from boardkit.games.camelot.tiles import KIND_NAMES, Tile
from boardkit.render.board import topology_svg
from boardkit.render.text import counted
from boardkit.zones import ZoneView

__all__ = [
    "ShownState",
    "describe",
    "key",
    "picture",
    "plan_lines",
    "public_info",
    "render_for",
    "render_text",
    "view_text",
]


class ShownState(CamelotStateShape, Protocol):
    """What :func:`render_for` reads of a state: :class:`~.shape.CamelotStateShape`
    and a player's view. :class:`~boardkit.games.camelot.CamelotState` is one.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state: ShownState = Camelot().new_game(players=2, seed=1)
        >>> state.view(0).bag
        60
    """

    def view(self, player: Any) -> CamelotView:
        """What ``player`` may know of the game."""


def plan_lines(plan: Plan, board: Mapping[Cell, Tile], label: Callable[[Tile], str] | None = None) -> list[str]:
    """The plan drawn as text: column letters above and below, row numbers on
    both sides (row 1 at the top, as square names count), an empty square as
    its kind letter in brackets, a laid tile as its short name; then a key to
    every symbol on it.

    Examples:
        >>> from boardkit.games.camelot.plan import Plan
        >>> from boardkit.games.camelot.tiles import tile
        >>> lines = plan_lines(Plan(["TWT", "W.W"]), {(1, 1): tile("garden")})
        >>> print("\\n".join(lines))
               a   b   c
         1   [T] [W] [T]   1
         2   [W] Gar [W]   2
               a   b   c
        squares a1 (top left) to c2; [T] an empty square of kind T; laid tiles by short name
        kinds: T corner tower, W curtain wall, . open floor
        laid: Gar garden
    """
    label = label or _short
    letters = "    " + "".join(f"  {chr(ord('a') + c)} " for c in range(plan.width))
    lines = [letters.rstrip()]
    for r in range(plan.height):
        cells = []
        for c in range(plan.width):
            t = board.get((c, r))
            cells.append(f"{label(t):^3}" if t is not None else f"[{plan.kinds[(c, r)]}]")
        lines.append(f"{r + 1:>2}   " + " ".join(cells) + f"   {r + 1}")
    lines.append(letters.rstrip())
    last = square_name((plan.width - 1, plan.height - 1))
    lines.append(f"squares a1 (top left) to {last}; [T] an empty square of kind T; laid tiles by short name")
    known = list(KIND_NAMES)
    kinds = sorted(set(plan.kinds.values()), key=lambda k: known.index(k) if k in known else len(known))
    lines += _items("kinds: ", [f"{k} {KIND_NAMES.get(k, 'squares')}" for k in kinds])
    laid = sorted(set(board.values()), key=lambda t: t.name.lower())
    if laid:
        lines += _items("laid: ", [f"{label(t)} {t}" for t in laid])
    return lines


def _short(item: Tile) -> str:
    return item.short


def _items(head: str, items: Sequence[str], width: int = 100) -> list[str]:
    """Items after a heading, as many to a line as fit, never split."""
    lines = [head]
    for item in items:
        sep = "" if lines[-1] in (head, " " * len(head)) else ", "
        if len(lines[-1]) + len(sep) + len(item) > width:
            lines[-1] += ","
            lines.append(" " * len(head))
            sep = ""
        lines[-1] += sep + item
    return lines


def _counts(pairs: Iterable[tuple[Tile, int]], order: Mapping[Tile, int]) -> str:
    ordered = sorted(((t, n) for t, n in pairs if n > 0), key=lambda kv: order.get(kv[0], len(order)))
    return ", ".join(f"{t}" + (f" x{n}" if n > 1 else "") for t, n in ordered) or "-"


def _hand(pairs: Iterable[tuple[Tile, int]], hidden: int, order: Mapping[Tile, int]) -> str:
    """A hand's line: the tiles ``pairs`` counts (its face-up ones), then how many are concealed."""
    return f"{_counts(pairs, order)}; {hidden} concealed"


def _without(hand: ZoneView[Tile], concealed: Sequence[tuple[Tile, int]]) -> list[tuple[Tile, int]]:
    face_down = dict(concealed)
    return [(t, n - face_down.get(t, 0)) for t, n in hand.visible]


def view_text(
    plan: Plan,
    order: Mapping[Tile, int],
    view: CamelotView,
    reason: str | None = None,
    label: Callable[[Tile], str] | None = None,
) -> str:
    """One player's screen: the plan, the scores, the bag, their own hand
    (face up and concealed) and what they may see of the other hands.

    Args:
        plan: The game's plan.
        order: The tile list's order, to list tiles in.
        view: What the player may know (:meth:`CamelotState.view`).
        reason: Why the game ended, if it has.
        label: A tile's label on the board (its short name by default).
    """
    p = view.player
    lines = plan_lines(plan, dict(view.board), label)
    lines.append("scores: " + ", ".join(f"player {q}: {s}" for q, s in enumerate(view.scores)))
    lines.append(f"bag: {counted(view.bag, 'tile')}; * marks the hand of the player to move")
    for q, hand in enumerate(view.hands):
        mark = "*" if q == view.to_move else " "
        if q == p:  # the public line, then what only this player sees
            hidden = sum(n for _, n in view.concealed)
            lines.append(f"{mark}hand {q}: {_hand(_without(hand, view.concealed), hidden, order)}")
            lines.append(f"   concealed (only you see them): {_counts(view.concealed, order)}")
        else:
            lines.append(f"{mark}hand {q}: {_hand(hand.visible, hand.hidden, order)}")
    lines += _turn_lines(view.laid, reason, view.to_move)
    return "\n".join(line.rstrip() for line in lines)


def _turn_lines(laid: Sequence[tuple[Cell, Tile]], reason: str | None, to_move: Player | None) -> list[str]:
    """The tiles laid this turn and whose turn it is (or why the game ended),
    alike on the public screen and on each player's."""
    lines = []
    if laid:
        lines.append("laid this turn: " + ", ".join(f"{t} {square_name(c)}" for c, t in laid))
    if reason is not None:
        lines.append(f"over: {reason}")
    elif to_move is not None:
        lines.append(f"player {to_move} to move")
    return lines


def render_text(state: CamelotStateShape) -> str:
    """The plan, scores and hands as everybody may see them (``state.render()``)."""
    order = state.game.tiles.order
    lines = plan_lines(state.game.plan, state._board, state.game.tiles.label)
    lines.append("scores: " + ", ".join(f"player {p}: {s}" for p, s in enumerate(state.track.scores)))
    lines.append(f"bag: {counted(len(state.bag), 'tile')}; * marks the hand of the player to move")
    for p, hand in enumerate(state.hands):
        mark = "*" if p == state.current_player else " "
        lines.append(f"{mark}hand {p}: {_hand(hand.face_up.items(), len(hand) - hand.face_up_size, order)}")
    outcome = state.outcome
    lines += _turn_lines(state.laid, None if outcome is None else outcome.reason, state.current_player)
    return "\n".join(line.rstrip() for line in lines)


def render_for(state: ShownState, player: IntArgument) -> str:
    """``player``'s screen, drawn from their view (``state.render_for(player)``)."""
    view = state.view(player)
    outcome = state.outcome
    tiles = state.game.tiles
    return view_text(state.game.plan, tiles.order, view, None if outcome is None else outcome.reason, tiles.label)


def public_info(state: CamelotStateShape) -> dict[str, str]:
    """What every player sees beside the plan (``state.public_info()``): the
    bag, each hand's face-up tiles and how many are concealed, and the turn
    in progress."""
    order = state.game.tiles.order
    info = {"bag": f"{counted(len(state.bag), 'tile')}"}
    for p, hand in enumerate(state.hands):
        info[f"hand {p}"] = _hand(hand.face_up.items(), len(hand) - hand.face_up_size, order)
    if state.laid:
        info["this turn"] = f"{len(state.laid)} laid, worth {state._turn_score()} so far"
    return info


def describe(state: CamelotStateShape, move: Move, before: CamelotStateShape) -> str:
    """What ``move`` did (``state.describe(move, before)``): what the turn so
    far is worth after a tile is laid; the points scored and the tiles drawn
    (face up, so everybody sees them) at the end of a turn."""
    if isinstance(move, Place):
        points = state._turn_score()
        return f"this turn so far: {points} point{'' if points == 1 else 's'}"
    if not isinstance(move, EndTurn):
        return ""
    p = before.current_player
    if p is None:
        return ""
    gained = state.scores[p] - before.scores[p]
    said = [f"scored {gained:+d} (now {state.scores[p]})"]
    drawn = state.face_up(p) - before.face_up(p)
    if drawn:
        left = counted(len(state.bag), "tile")
        said.append(f"drew {_counts(drawn.items(), state.game.tiles.order)}; {left} left in the bag")
    if state.outcome is not None:
        said.append("the castle is complete")
    return "; ".join(said)


def picture(
    state: CamelotStateShape,
    title: str | None = None,
    *,
    legend: list[tuple[str, str]] | None = None,
    marks: dict[str, str] | None = None,
) -> str:
    """The position as an SVG picture, what :func:`boardkit.render.svg`
    draws: squares shaded by kind, laid tiles darker and labelled with their
    short names, the column letters and row numbers (``1`` at the top, as
    square names count), each square's ``data-cell`` name and the key
    (:func:`key`). ``legend`` replaces the key; ``marks`` fills some squares,
    by name, in a colour (a diagram's move).

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state = Camelot().new_game(players=3, seed=0)
        >>> drawn = picture(state, "start")
        >>> drawn.count("<rect"), drawn.count('data-cell="c5"'), ">start<" in drawn
        (80, 1, True)
        >>> picture(state, marks={"c5": "red"}).count('fill="red"')
        1
    """
    plan = state.game.plan
    labels = {c: state.game.tiles.label(t) for c, t in state._board.items()}
    topology, _, fills = plan.svg_cells()  # the plan's colours, a laid tile's darker
    fills.update({c: _darker(fills[c]) for c in state._board})
    names = {cell: square_name(cell) for cell in plan.cells}
    if marks:
        cells = {name: cell for cell, name in names.items()}
        fills.update({cells[name]: colour for name, colour in marks.items()})
    return topology_svg(
        topology,
        labels,
        fills,
        title=title,
        legend=key(state) if legend is None else legend,
        coordinates=plan.svg_coordinates(),
        names=names,
    )


def key(state: CamelotStateShape) -> list[tuple[str, str]]:
    """The key to the picture: the plan's kinds, and the shade of a laid tile
    with the laid tiles' names in one line (no-break spaces keep each short
    name with its tile's name where the picture wraps the line).

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state = Camelot().new_game(players=2, seed=0)
        >>> key(state)[-1]
        ('#afa899', 'a laid tile (darker), labelled with its short name')
        >>> state.apply("place excalibur e3")
        >>> key(state)[-1]
        ('#afa899', 'a laid tile (darker), labelled with its short name: Exc\\xa0excalibur')
    """
    laid = sorted(set(state._board.values()), key=lambda t: t.name.lower())
    # One line of the key, which the picture wraps to its width; no-break spaces keep each short
    # name and its tile's name on one line ("Hc hall corner", never "Hc hall" above "corner").
    names = ", ".join(f"{state.game.tiles.label(t)} {t}".replace(" ", "\u00a0") for t in laid)
    shade = _darker(KIND_COLOURS["."])
    return [
        *state.game.plan.svg_legend(),
        (shade, "a laid tile (darker), labelled with its short name" + (f": {names}" if names else "")),
    ]


def _darker(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(v * 0.72) for v in (r, g, b)))
