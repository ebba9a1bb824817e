"""What the pages show, as JSON-safe dicts: a table as one seat may see it,
and the games a server offers.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A seat's page holds the public picture of the board (the game's own SVG,
which draws nothing hidden), the scores and what every player may see beside
the board (``state.scores``, ``state.public_info()``), the moves so far with
who played them and what each did (``state.describe``), the status line, the
game's goal and turn summary (``game.about``) and, for the seat itself, what
its own screen (``state.render_for(seat)``) adds to the public one, and its
legal moves when it is to move. Nothing of another seat's view is read.

Like the terminal, it reads games only through the protocol: the start page's
form is built from each game's option schema (``game.option_info()``) and its
``about``, and the record downloads from its declared formats
(``game.declared.formats``).

Examples:
    >>> from boardkit.testing import Nim
    >>> move_cells("d11-d10", {"d1", "d10", "d11"})
    ['d11', 'd10']
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from boardkit.agents import best_agent
from boardkit.game import Game, Player
from boardkit.match import AGENTS, LEVELS, parse_agent
from boardkit.render import standing, svg
from boardkit.web.table import Table, Viewer
from boardkit.words import describe_game, possessive

__all__ = ["bot_levels", "game_choices", "move_cells", "seat_page"]

#: A game's declared ``filled`` (:attr:`boardkit.parts.Parts.filled`): a state and a move -> the cells it fills.
_Filled = Callable[[Any, Any], Sequence[str]]

_CELL = re.compile(r'data-cell="([^"]*)"')
# An ``x`` between a square and the next in a kit path (``c3xe5xc7``, a draughts capture) separates them.
_CAPTURE = re.compile(r"(?<=[0-9])x(?=[a-z])")


def move_cells(notation: str, names: Collection[str]) -> list[str]:
    """The cell names a move's notation mentions, in order: the cells a
    person clicks to make the move.

    A name counts only where it is not part of a longer word or number
    (``d1`` is not in ``d11-d10``); an ``x`` between a number and a letter
    separates two squares (a kit path that captures, ``c3xe5xc7``).

    Examples:
        >>> move_cells("A-dragon/gold", {"dragon", "gold", "red"})
        ['dragon', 'gold']
        >>> move_cells("place well b1", {"a1", "b1"}), move_cells("end", {"a1"})
        (['b1'], [])
        >>> move_cells("c3xe5xc7", {"c3", "e5", "c7", "x"})
        ['c3', 'e5', 'c7']
    """
    notation = _CAPTURE.sub("-", notation)
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


def _picture(table: Table) -> tuple[str, list[str], frozenset[str]]:
    """The board's public picture and its cells' names, drawn once per
    version of the table (every seat and watcher sees the same picture),
    kept on the table (:attr:`Table.picture`)."""
    key = (id(table.state), table.version, len(table.state.history))
    if table.picture is None or table.picture[0] != key:
        picture = svg(table.state)
        names = [html.unescape(n) for n in _CELL.findall(picture)]
        table.picture = (key, (picture, names, frozenset(names)))
    return table.picture[1]


@functools.lru_cache(maxsize=50_000)
def _cells_of(notation: str, names: frozenset[str]) -> tuple[str, ...]:
    """``move_cells``, remembered: the same moves come back on page after
    page (Camelot's 158 opening moves against its 160 cells took 15 ms a page)."""
    return tuple(move_cells(notation, names))


def _filled_cell(filled: _Filled | None, state: Any, move: Any, names: Collection[str]) -> list[str]:
    """The one cell a move fills when its notation names none (a Connect
    Four column: the square the disc lands on), as the game declares it
    (``filled``, the game's :attr:`boardkit.parts.Parts.filled`, read once
    by the caller for all the moves it asks about); ``[]`` for a game that
    declares none, or a move that fills no cell or several.

    Examples:
        >>> from connect_four import ConnectFour
        >>> state = ConnectFour().new_game(seed=0)
        >>> filled, move = state.game.declared.filled, state.legal_moves()[3]
        >>> _filled_cell(filled, state, move, {"d1"}), _filled_cell(filled, state, move, {"a1"})
        (['d1'], [])
    """
    if filled is None:
        return []
    cells = list(filled(state, move))
    return cells if len(cells) == 1 and cells[0] in names else []


def _last_cells(table: Table, names: Collection[str]) -> list[str]:
    """The cells of the last move, to show it on the board: those its
    notation names or, for a kit move that names none, the one it filled.

    Examples:
        >>> from connect_four import ConnectFour
        >>> from boardkit.web.table import parse_seat
        >>> table = Table(ConnectFour(), [parse_seat("here"), parse_seat("here")], seed=0)
        >>> table.play(table.viewer(table.host_token), "3", table.version)
        >>> _last_cells(table, {"c1", "c2"})
        ['c1']
    """
    history = table.state.history
    if not history:
        return []
    cells = move_cells(str(history[-1]), names)
    filled = table.game.declared.filled
    if cells or table.secret or filled is None:
        return cells
    before = table.state.copy()
    before.undo()
    return _filled_cell(filled, before, history[-1], names)


def _thinking(table: Table) -> dict[str, Any] | None:
    """The bot to move, while it thinks: its seat, name and kind in words."""
    player = table.bot_to_move()
    if player is None or table.bot_error:
        return None
    return {"seat": player, "name": table.game.seat_name(player), "label": table.seats[player].label()}


def _searched(table: Table) -> dict[str, Any] | None:
    """What the bot that made the last move found: its seat, name and the words, or ``None``."""
    if table.searched is None or table.searched[0] != len(table.state.history):
        return None
    _, player, words = table.searched
    name = table.game.seat_name(player)
    return {"seat": player, "name": name, "whose": possessive(name), "summary": words}


def _private(table: Table, seat: Player) -> str | list[str]:
    """What only ``seat`` sees: the lines its own screen (``render_for``,
    drawn from its view) adds to the public one (``render``); ``[]`` in a
    game whose seats all see the same."""
    if not table.secret:
        return []
    public = set(table.state.render().splitlines())
    return "\n".join(line for line in table.state.render_for(seat).splitlines() if line not in public)


def _table_words(table: Table) -> str:
    """``describe_game`` of the table's game, worked out once per table (:attr:`Table.words`)."""
    if table.words is None:
        table.words = describe_game(table.game)
    return table.words


def _about(game: Game[Any, Any], words: str) -> dict[str, Any]:
    """The game's declaration as the pages show it: title (``words``, the
    game in words, where it declares none), seats, goal, turn, what each
    kind of move does and the variant rules in play."""
    about = game.about
    return {"title": about.title or words, "goal": about.goal, "turn": about.turn,
            "seats": list(about.seats), "moves": [list(pair) for pair in about.moves],
            "in_play": about.rules_for(game)}


def _log(table: Table) -> list[dict[str, Any]]:
    """The moves so far, each with the seat that played it and what it did
    (the line the game's ``describe`` gave when it was played)."""
    seat = table.game.seat_name
    played = table.match.log
    log = []
    for ply, move in enumerate(table.state.history):
        mover = played[ply].player if ply < len(played) else None
        log.append({
            "ply": ply + 1,
            "move": str(move),
            "seat": mover,
            "by": "" if mover is None else seat(mover),
            "did": played[ply].said if ply < len(played) else "",
        })
    return log


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
        A JSON-safe dict: ``svg``, ``status``, ``history`` (the moves'
        notation), ``log`` (each move with ``seat``, ``by``, the seat's name,
        and ``did``, what it did), ``scores`` (each ``{"seat", "name",
        "score"}``, or ``None``), ``public`` (``[label, text]`` pairs),
        ``about`` (``title``, ``goal``, ``turn``, ``seats``), ``last`` (the
        cells of the last move), ``prompt`` (what the player to move is to
        do now, in a turn played in parts, or ``""``), ``thinking`` (the bot
        to move while it thinks: ``{"seat", "name", "label"}``, or
        ``None``), ``searched`` (what the bot that made the last move found:
        ``{"seat", "name", "whose", "summary"}``, or ``None``), ``can_hint`` (the
        seat shown may ask for a hint now), ``moves`` (each
        ``{"move", "cells"}``, only when ``seat`` is to move), ``private``,
        ``links`` (the host's only), ``can_undo`` and ``can_restart`` with
        ``undo_refusal`` and ``restart_refusal`` (why not, in one line, when
        the button is there but may not be used now), ``formats`` (the
        record files besides JSON: ``{"key", "name", "suffix"}``) and the
        table's settings.
    """
    state = table.state
    if seat is not None and seat not in viewer.seats:
        seat = None
    picture, names, known = _picture(table)
    to_move = state.current_player
    moves: list[dict[str, Any]] = []
    if seat is not None and to_move == seat:
        filled = table.game.declared.filled
        for m in state.legal_moves():
            cells = list(_cells_of(str(m), known))
            if not cells and not table.secret:
                cells = _filled_cell(filled, state, m, names)
            moves.append({"move": str(m), "cells": cells})
    links = []
    if viewer.host and link is not None:
        links = [{"seat": p, "href": link(p, token)} for p, token in sorted(table.seat_tokens.items())]
    outcome = state.outcome
    scores = state.scores
    formats = [{"key": key, "name": fmt.name, "suffix": fmt.suffix} for key, fmt in table.game.declared.formats.items()]
    prompt = state.prompt() if outcome is None else ""
    line = standing(state)  # the page names the game above the board
    line = line[:1].upper() + line[1:]
    if prompt and prompt not in line:
        line = f"{line}: {prompt}"
    return {
        "table": table.id,
        "version": table.version,
        "game": _table_words(table),
        "name": table.game.name,
        "status": line,
        "prompt": prompt,
        "last": _last_cells(table, names),
        "thinking": _thinking(table),
        "searched": _searched(table),
        "can_hint": seat is not None and table.hint_refusal(viewer) is None and to_move == seat,
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
        "history": [str(m) for m in state.history],
        "log": _log(table),
        "scores": None if scores is None else [
            {"seat": p, "name": table.game.seat_name(p), "score": score} for p, score in enumerate(scores)
        ],
        "public": [[label, text] for label, text in state.public_info().items()],
        "about": _about(table.game, _table_words(table)),
        "moves": moves,
        "private": [] if seat is None else _private(table, seat),
        "links": links,
        "can_undo": table.can_undo(viewer),
        # Why a move of yours cannot be taken back (it drew chance); None when there is none to take back.
        "undo_refusal": table.undo_refusal(viewer) if table.takes_back(viewer) else None,
        "can_restart": table.can_restart(viewer),
        "restart_refusal": table.restart_refusal(viewer) if viewer.host else None,
        "record": outcome is not None or not table.hidden,
        "formats": formats,
        "otg": any(f["key"] == "otg" for f in formats),
    }


def _variants(game: Game[Any, Any]) -> tuple[str | None, list[str]]:
    """The option that picks a variant (``game.about.variant_option``), when
    the game has it with a list of choices, and those choices as text."""
    key = game.about.variant_option
    for info in game.option_info():
        if info.name == key and info.choices:
            return key, [str(c) for c in info.choices]
    return None, []


# The kind of search each agent class is, in the grammar's words, and each kind in a person's words.
_KINDS = {"MCTSAgent": "mcts", "AlphaBetaAgent": "alphabeta", "ExpectimaxAgent": "expectimax"}
_KIND_WORDS = {
    "greedy": "looks one move ahead",
    "random": "plays at random",
    "mcts": "Monte Carlo tree search",
    "alphabeta": "alpha-beta search",
    "expectimax": "expectimax search (alpha-beta through chance)",
}


def bot_levels(game: Game[Any, Any]) -> list[dict[str, str]]:
    """The bot levels the start page offers for ``game`` (the grammar's
    ``LEVELS``), each with the agent it plays with and its budget in words.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> [level["words"] for level in bot_levels(Tafl())]
        ['easy: looks one move ahead', 'medium: alpha-beta search, 0.5 s a move', 'hard: alpha-beta search, 2 s a move']
    """
    levels = []
    for level, written in LEVELS.items():
        spec = parse_agent(written)
        kind = spec.kind
        if kind == "best":
            kind = _KINDS.get(type(best_agent(game, seconds=spec.seconds or 1.0)).__name__, kind)
        words = f"{level}: {_KIND_WORDS.get(kind) or AGENTS[kind].summary}"
        if spec.seconds is not None:
            words += f", {spec.seconds:g} s a move"
        levels.append({"level": level, "words": words})
    return levels


def _small_picture(game: Game[Any, Any]) -> str:
    """The game's own board at its starting position, without a title: the
    start page's picture of the game; ``""`` when it cannot be drawn."""
    players = min(max(game.min_players, 2), game.max_players)
    try:
        return svg(game.new_game(players=players, seed=0), title="")
    except Exception:  # a picture is a nicety: a game that cannot draw itself is offered without one
        return ""


def game_choices(games: Mapping[str, Callable[..., Game[Any, Any]]]) -> list[dict[str, Any]]:
    """What the start page offers for each game: its title, goal and turn
    (``about``), its players and seat names, its variants, its options'
    schema (``option_info``: each option's type, default, help, choices,
    their labels and range, from which the page builds its form), a small
    picture of its board at the start (``picture``, SVG) and its bot levels
    in words (``levels``).

    Examples:
        >>> from boardkit.testing import Nim
        >>> choice = game_choices({"nim": Nim})[0]
        >>> choice["players"], choice["default_players"], choice["options"]
        ([2, 2], 2, {'heap': '21', 'most': '3'})
        >>> [(o["name"], o["type"], o["default"], o["low"]) for o in choice["option_info"]]
        [('heap', 'int', 21, 1), ('most', 'int', 3, 1)]
    """
    offered = []
    for spec, factory in games.items():
        try:
            game = factory()
        except Exception:  # a game that cannot be built with its defaults is left out
            continue
        key, variants = _variants(game)
        values = game.option_values()
        words = describe_game(game)  # it builds the game with its defaults to compare: once
        offered.append(
            {
                "spec": spec,
                "title": words,
                "about": _about(game, words),
                "players": [game.min_players, game.max_players],
                "default_players": min(max(game.min_players, 2), game.max_players),
                "seat_names": [game.seat_name(p) for p in range(game.max_players)],
                "variant_key": key,
                "variants": variants,
                "variant_default": None if key is None else str(values[key]),
                # Every option's default as JSON text (the variant's apart), as before the schema.
                "options": {k: json.dumps(v) for k, v in values.items() if k != key},
                "option_info": [info.to_dict() for info in game.option_info()],
                # The board at the start, drawn small beside the game's name; the bot levels in words.
                "picture": _small_picture(game),
                "levels": bot_levels(game),
            }
        )
    return offered
