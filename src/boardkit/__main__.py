"""``python -m boardkit`` runs the ``boardkit`` command; :func:`main` is the
command's entry point.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

The entry point takes SIGINT and SIGTERM before it imports the command: a
signal while the command is still importing (nothing is under way yet) stops
it at once with the command's one line and exit status (130, 143), never a
``KeyboardInterrupt`` traceback. :func:`boardkit.cli.main` then takes them
over for the rest of the run.
"""

from __future__ import annotations

import os
import signal
import sys

#: What the command says and its exit status, for each signal that stops it.
_STOPS = {signal.SIGINT: (b"interrupted", 130), signal.SIGTERM: (b"terminated", 143)}


def _stop_early(signum: int, frame: object) -> None:
    """Stop the command before it has started anything: one line, and out."""
    word, status = _STOPS[signal.Signals(signum)]
    try:
        os.write(2, b"boardkit: " + word + b"\n")
    finally:
        os._exit(status)


def main() -> int:
    """Run the ``boardkit`` command (see :func:`boardkit.cli.main`), taking
    its signals first of all."""
    try:
        for signum in _STOPS:
            signal.signal(signum, _stop_early)
    except ValueError:  # not the main thread (run from Python): signals are not ours to take
        pass
    from boardkit.cli import main as command

    return command()


if __name__ == "__main__":
    sys.exit(main())
