"""The archive's part of the web app: the finished games a server keeps,
listed and downloaded (``/api/archive``, ``/api/archive/{number}/record.KEY``).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Anyone who can reach the server may read the archive: a finished game's
record is what its players could download at its end, and the list says only
the game, its options, its seats (``here``, ``link``, ``mcts:200``...), its
length, its result and when it ended.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from boardkit.errors import shown
from boardkit.game import Game
from boardkit.record import GameRecord
from boardkit.web.store import Store

__all__ = ["archive_routes", "attachment"]

_NUMBER = re.compile(r"[0-9]{1,12}")


def attachment(text: str, media: str, name: str, headers: Mapping[str, str]) -> Response:
    """``text`` as a file to download, named ``name`` (its characters kept to those safe in a header)."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    disposition = f'attachment; filename="{safe}"'
    return Response(text, media_type=media, headers={**headers, "Content-Disposition": disposition})


def archive_routes(
    store: Store,
    build: Callable[[str, dict[str, Any]], Game[Any, Any] | None],
    *,
    headers: Mapping[str, str],
    refuse: Callable[[int, str], Exception],
) -> list[Route]:
    """The archive's routes: ``build`` makes a game from its spec and options
    (``None`` for a game the server no longer offers), ``headers`` go on
    every answer, and ``refuse(status, message)`` is the exception a refused
    request raises."""

    async def listing(request: Request) -> Response:
        return JSONResponse({"games": [g.to_dict() for g in store.archive()]}, headers=dict(headers))

    async def download(request: Request) -> Response:
        number, kind = request.path_params["number"], request.path_params["kind"]
        found = store.archived(int(number)) if _NUMBER.fullmatch(number) else None
        if found is None:
            raise refuse(404, f"no finished game {shown(number, 20)} in this server's archive")
        spec, options, text = found
        if kind == "json":
            media, suffix = "application/json", ".json"
        else:
            game = build(spec, options)
            fmt = game.declared.formats.get(kind) if game is not None else None
            if game is None or fmt is None:
                raise refuse(404, f"no {shown(kind, 20)} record for {shown(spec, 40)}")
            text = fmt.write_game(GameRecord.from_json(text, game=game).replay(game=game))
            media, suffix = "text/plain", fmt.suffix
        return attachment(text, media, f"{spec}-{number}{suffix}", headers)

    return [Route("/api/archive", listing), Route("/api/archive/{number}/record.{kind:str}", download)]
