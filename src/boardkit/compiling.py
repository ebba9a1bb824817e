"""What the compiled build needs to know of a class, and nothing at all in the pure one.

Core floor: it imports nothing of boardkit's.

``BOARDKIT_COMPILE=1 pip install .`` compiles boardkit's hot modules with
mypyc (``hatch_build.py``), which reads :func:`mypyc_attr` on a class: that
users may subclass it (``allow_interpreted_subclasses``) and that its objects
pickle and copy (``serializable``). mypyc takes it from ``mypy_extensions``,
which is there whenever mypy is; a pure install, which depends on nothing
but attrs, networkx and typing-extensions, gets the same name as a decorator
that changes nothing. Likewise :data:`i64`, for annotations only: a 64-bit
machine integer to mypyc (no Python object behind it), ``int`` to everyone
else.

Examples:
    >>> @mypyc_attr(allow_interpreted_subclasses=True)
    ... class Board:
    ...     pass
    >>> Board.__name__
    'Board'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["i64", "mypyc_attr"]

if TYPE_CHECKING:  # what mypy and mypyc read: the real decorator and machine-word integers
    from mypy_extensions import i64, mypyc_attr
else:
    try:
        from mypy_extensions import i64, mypyc_attr
    except ImportError:  # a pure install without mypy: the decorator changes nothing

        def mypyc_attr(*names, **settings):
            return lambda cls: cls

        i64 = int
