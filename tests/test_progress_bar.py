"""``boardkit simulate``'s progress bar says what it waits for when no game has ended for a while (issue 40)."""

from __future__ import annotations

import io

from boardkit.cli import _ProgressBar


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _bar(cap: int | None) -> tuple[_ProgressBar, _Terminal, _Clock]:
    out, clock = _Terminal(), _Clock()
    bar = _ProgressBar(out, cap=cap, clock=clock)
    bar.stopped.set()  # the test ticks by hand
    return bar, out, clock


def test_a_stuck_bar_says_what_it_waits_for_and_the_cap_that_ends_it() -> None:
    bar, out, clock = _bar(1000)
    bar(7, 8)
    clock.now += 2
    bar.tick()
    assert "waiting" not in out.getvalue()  # two seconds is not stuck
    clock.now += 10
    bar.tick()
    shown = out.getvalue().rsplit("\r", 1)[-1]
    assert shown.startswith("[" + "#" * 26 + "....] 7/8 games: waiting 12 s for a game to end")
    assert "each ends by --max-moves 1000" in shown
    bar(8, 8)
    clock.now += 60
    bar.tick()
    assert out.getvalue().endswith("8/8 games\x1b[K\n")  # a finished bar waits for nothing


def test_without_a_cap_the_bar_names_the_flag_that_would_end_a_game() -> None:
    bar, out, clock = _bar(None)
    bar(0, 8)
    clock.now += 30
    bar.tick()
    assert "waiting 30 s for 8 games to end (no move cap: --max-moves N ends a game)" in out.getvalue()
    bar.end()
    assert out.getvalue().endswith("\n")


def test_a_log_gets_no_waiting_lines() -> None:
    out, clock = io.StringIO(), _Clock()
    bar = _ProgressBar(out, cap=None, clock=clock)
    bar(1, 8)
    clock.now += 60
    bar.tick()
    assert out.getvalue() == "[###...........................] 1/8 games\n"
