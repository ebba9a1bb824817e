from __future__ import annotations

import importlib.metadata
from importlib.metadata import EntryPoint
from typing import Any

import pytest

from boardkit import OptionError, games, registry
from boardkit.testing import Nim


def test_unknown_game() -> None:
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        games.load("chess")


def test_register_and_load() -> None:
    games.register("nim-test", Nim, replace=True)
    assert "nim-test" in games.names()
    assert games.load("nim-test", heap=4) == Nim(heap=4)
    with pytest.raises(OptionError, match="already registered"):
        games.register("nim-test", Nim)
    with pytest.raises(OptionError, match="unknown option"):
        games.load("nim-test", colour="red")
    games.unregister("nim-test")
    assert "nim-test" not in games.names()
    with pytest.raises(OptionError, match="no game named 'nim-test'"):
        games.unregister("nim-test")


def test_entry_point_plugins_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = EntryPoint(name="plugin-nim", value="boardkit.testing:Nim", group=games.ENTRY_POINT_GROUP)

    def fake_entry_points(*, group: str) -> Any:
        return [plugin] if group == games.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points)
    assert "plugin-nim" in games.names()
    assert games.load("plugin-nim", heap=3) == Nim(heap=3)


def test_shipped_games_load_with_their_own_options() -> None:
    for name in registry._shipped():
        game = games.load(name)
        assert game.name == name
        assert games.load(name, **game.option_values()) == game
