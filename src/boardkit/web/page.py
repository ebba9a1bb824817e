"""What the pages show, as JSON-safe dicts: a table as one seat may see it,
and the games a server offers.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A seat's page holds the public picture of the board (the game's own SVG,
which draws nothing hidden), the public move list, the status line and, for
the seat itself, what :meth:`~boardkit.State.view` gives it alone, and its
legal moves when it is to move. Nothing of another seat's view is read.

Examples:
    >>> from boardkit.testing import Nim
    >>> move_cells("d11-d10", {"d1", "d10", "d11"})
    ['d11', 'd10']
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable, Collection, Mapping
from typing import Any

from boardkit.game import Game, Player
from boardkit.kit import BoardState
from boardkit.render import status, svg
from boardkit.terminal import describe_game
from boardkit.web.table import Table, Viewer

__all__ = ["game_choices", "move_cells", "seat_page"]

_CELL = re.compile(r'data-cell="([^"]*)"')
#: Fields of a view that the page shows elsewhere (board, moves, status).
_SHOWN_ELSEWHERE = {"player", "to_move", "outcome", "history", "moves", "position", "board"}


def move_cells(notation: str, names: Collection[str]) -> list[str]:
    """The cell names a move's notation mentions, in order: the cells a
    person clicks to make the move.

    A name counts only where it is not part of a longer word or number
    (``d1`` is not in ``d11-d10``).

    Examples:
        >>> move_cells("A-dragon/gold", {"dragon", "gold", "red"})
        ['dragon', 'gold']
        >>> move_cells("place well b1", {"a1", "b1"}), move_cells("end", {"a1"})
        (['b1'], [])
    """
    found: list[tuple[int, int, str]] = []
    for name in names:
        if not name:
            continue
        start = notation.find(name)
        while start >= 0:
            end = start + len(name)
            before = start == 0 or not (notation[start - 1].isalnum() and name[0].isalnum())
            after = end == len(notation) or not (notation[end].isalnum() and name[-1].isalnum())
            if before and after:
                found.append((start, -len(name), name))
            start = notation.find(name, start + 1)
    cells: list[str] = []
    reached = 0
    for start, minus_length, name in sorted(found):
        if start >= reached:
            cells.append(name)
            reached = start - minus_length
    return cells


def _filled_cell(state: Any, move: Any, names: Collection[str]) -> list[str]:
    """The one cell a kit game's move fills when its notation names none
    (a Connect Four column: the square the disc lands on), found by playing
    it on a copy; ``[]`` for any other move or game.

    Examples:
        >>> from connect_four import ConnectFour
        >>> state = ConnectFour().new_game(seed=0)
        >>> _filled_cell(state, state.legal_moves()[3], {"d1"}), _filled_cell(state, state.legal_moves()[3], {"a1"})
        (['d1'], [])
    """
    if not isinstance(state, BoardState):
        return []
    before = state.layout()
    trial = state.copy()
    trial.apply(move)
    filled = [i for i, (was, now) in enumerate(zip(before, trial.layout(), strict=True)) if was is None and now]
    if len(filled) != 1:
        return []
    name = state.name(state.board.cells[filled[0]])
    return [name] if name in names else []


def _private(table: Table, seat: Player) -> list[tuple[str, str]] | str:
    """What only ``seat`` sees: the lines its own screen (``render_for``,
    drawn from its view) adds to the public one, or else its view's fields."""
    if not table.secret:
        return []
    render_for = getattr(table.state, "render_for", None)
    if callable(render_for):
        public = set(table.state.render().splitlines())
        return "\n".join(line for line in str(render_for(seat)).splitlines() if line not in public)
    view = table.state.view(seat)
    to_dict = getattr(view, "to_dict", None)
    if callable(to_dict):
        fields: Mapping[str, Any] = to_dict()
        return [(str(k), _words(v)) for k, v in fields.items() if k not in _SHOWN_ELSEWHERE]
    return []


def _words(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(_words(v) for v in value) or "none"
    return str(value)


def _public_moves(table: Table) -> list[str]:
    """The moves so far, as every player may read them."""
    view = table.state.view(0)
    for field in ("history", "moves"):
        moves = getattr(view, field, None)
        if isinstance(moves, tuple):
            return [str(m) for m in moves]
    return [str(m) for m in table.state.history]


def seat_page(
    table: Table, viewer: Viewer, seat: Player | None, *, link: Callable[[Player, str], str] | None = None
) -> dict[str, Any]:
    """The game as ``viewer`` may see it, showing ``seat``'s own view
    (``None``: the public view only).

    Args:
        table: The game.
        viewer: Who asks (the host or a linked seat).
        seat: The seat whose view to show; it must be one the viewer holds.
        link: Builds the address of a linked seat from its number and token
            (given, and used, for the host only).

    Returns:
        A JSON-safe dict: ``svg``, ``status``, ``history``, ``moves`` (each
        ``{"move", "cells"}``, only when ``seat`` is to move), ``private``,
        ``links`` (the host's only), ``can_undo`` and ``can_restart`` with
        ``undo_refusal`` and ``restart_refusal`` (why not, in one line, when
        the button is there but may not be used now) and the table's settings.
    """
    state = table.state
    if seat is not None and seat not in viewer.seats:
        seat = None
    picture = svg(state)
    names = [html.unescape(n) for n in _CELL.findall(picture)]
    to_move = state.current_player
    moves: list[dict[str, Any]] = []
    if seat is not None and to_move == seat:
        moves = []
        for m in state.legal_moves():
            cells = move_cells(str(m), names)
            if not cells and not table.secret:
                cells = _filled_cell(state, m, names)
            moves.append({"move": str(m), "cells": cells})
    links = []
    if viewer.host and link is not None:
        links = [{"seat": p, "href": link(p, token)} for p, token in sorted(table.seat_tokens.items())]
    outcome = state.outcome
    return {
        "table": table.id,
        "version": table.version,
        "game": describe_game(table.game),
        "name": table.game.name,
        "status": status(state),
        "over": outcome is not None,
        "to_move": to_move,
        "seats": [
            {"seat": p, "name": table.game.seat_name(p), "kind": s.kind, "label": s.label()}
            for p, s in enumerate(table.seats)
        ],
        "you": seat,
        "yours": sorted(viewer.seats),
        "host": viewer.host,
        "hidden": table.hidden,
        "secret": table.secret,
        "svg": picture,
        "cells": names,
        "history": _public_moves(table),
        "moves": moves,
        "private": [] if seat is None else _private(table, seat),
        "links": links,
        "can_undo": table.can_undo(viewer),
        # Why a move of yours cannot be taken back (it drew chance); None when there is none to take back.
        "undo_refusal": table.undo_refusal(viewer) if table.takes_back(viewer) else None,
        "can_restart": table.can_restart(viewer),
        "restart_refusal": table.restart_refusal(viewer) if viewer.host else None,
        "record": outcome is not None or not table.hidden,
        "otg": table.game.name == "tafl" and _otg_writer() is not None,
    }


def _otg_writer() -> Callable[[Any], str] | None:
    from boardkit.games import tafl

    writer = getattr(tafl, "write_opentafl_game", None)
    return writer if callable(writer) else None


def _choices(game: Game[Any, Any]) -> tuple[str | None, list[str]]:
    """The option that picks a variant or edition, and its known values."""
    values = game.option_values()
    key = next((k for k in ("variant", "edition") if k in values), None)
    if key is None:
        return None, []
    module = type(game).__module__
    for name in (module, module.rpartition(".")[0]):
        try:
            found = importlib.import_module(name)
        except ImportError:
            continue
        known = getattr(found, "VARIANTS" if key == "variant" else "EDITIONS", None)
        if known:
            return key, [str(v) for v in known]
    return key, [str(values[key])]


def game_choices(games: Mapping[str, Callable[..., Game[Any, Any]]]) -> list[dict[str, Any]]:
    """What the start page offers for each game: its players, variants and
    options (their defaults written as JSON).

    Examples:
        >>> from boardkit.testing import Nim
        >>> choice = game_choices({"nim": Nim})[0]
        >>> choice["players"], choice["options"]
        ([2, 2], {'heap': '21', 'most': '3'})
    """
    import json

    offered = []
    for spec, factory in games.items():
        try:
            game = factory()
        except Exception:  # a game that cannot be built with its defaults is left out
            continue
        key, variants = _choices(game)
        offered.append(
            {
                "spec": spec,
                "title": describe_game(game),
                "players": [game.min_players, game.max_players],
                "seat_names": [game.seat_name(p) for p in range(game.max_players)],
                "variant_key": key,
                "variants": variants,
                "options": {k: json.dumps(v) for k, v in game.option_values().items() if k != key},
            }
        )
    return offered
