"""Play in the browser: the ``boardkit serve`` command (extra ``boardkit[web]``).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

:mod:`boardkit.web.table` keeps the games (plain Python);
:mod:`boardkit.web.page` says what each seat's page shows;
:mod:`boardkit.web.app` is the Starlette app, imported only when the server
runs, so that ``boardkit`` works without the extra.
"""

from __future__ import annotations

__all__: list[str] = []
