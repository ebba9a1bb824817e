"""The balance study's counting (examples/tafl_balance.py): who moved first, and who won."""

from __future__ import annotations

import tafl_balance  # examples/, on the path by conftest.py

from boardkit import GameRecord
from boardkit.game import Outcome


def _record(variant: str, first: int, winner: int | None, agents: tuple[str, str] = ("a", "b")) -> GameRecord:
    outcome = None if winner is None else Outcome.win(winner, "king escaped") if winner >= 0 else Outcome.draw("rep")
    return GameRecord("tafl", {"variant": variant, "first": first}, 2, 0, (), outcome=outcome, agents=agents)


def test_the_first_mover_is_counted_whichever_side_it_is() -> None:
    records = [
        _record("brandubh", 0, 0),  # the attackers moved first and won: a first-mover win
        _record("brandubh", 0, 1),
        _record("brandubh", 1, 1),  # the defenders moved first and won: a first-mover win
        _record("brandubh", 1, 1),
        _record("brandubh", 1, -1),
        _record("tablut", 1, 0),  # the defenders moved first, the attackers won: a second-mover win
        _record("tablut", 0, None),
    ]
    sides = tafl_balance.by_side(records)
    assert {k: [seat.wins for seat in s.seats] for k, s in sides.items()} == {
        "brandubh first=0": [1, 1],
        "brandubh first=1": [0, 2],
        "tablut first=1": [1, 0],
        "tablut first=0": [0, 0],
    }
    movers = tafl_balance.by_mover(records)
    assert list(movers) == ["brandubh", "tablut"]
    brandubh, tablut = movers["brandubh"], movers["tablut"]
    assert [(seat.wins, seat.games) for seat in brandubh.seats] == [(3, 5), (1, 5)]
    assert (brandubh.draws, brandubh.unfinished) == (1, 0)
    assert [seat.wins for seat in tablut.seats] == [0, 1]
    assert tablut.unfinished == 1
    assert brandubh.seats[0].low < 0.6 < brandubh.seats[0].high


def test_the_tables_show_every_group_with_its_interval() -> None:
    records = [_record("brandubh", first, winner) for first in (0, 1) for winner in (0, 1, 1)]
    sides = tafl_balance.side_table(tafl_balance.by_side(records)).splitlines()
    assert sides[2].startswith("| brandubh | attackers | 3 | 33% (6%-79%) | 67% (21%-94%) | 0% | 0% |")
    assert sides[3].startswith("| brandubh | defenders | 3 | 33% (6%-79%) | 67% (21%-94%) |")
    movers = tafl_balance.mover_table(tafl_balance.by_mover(records)).splitlines()
    assert movers[2] == "| brandubh | 6 | 50% (19%-81%) | 50% (19%-81%) | 0% | 0% |"
