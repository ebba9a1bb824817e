"""The rules a person can play from: every kind of move a game offers is
said in its ``rules`` (terminal and web), and each variant says its own
rules, read from the options in play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_terminal import session

from boardkit.about import About
from boardkit.agents import RandomAgent
from boardkit.game import Game
from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import FiveFields
from boardkit.games.tafl import Tafl
from boardkit.words import game_rules


def kinds_played(game: Game[Any, Any], kind_of: Any, games: int = 3, plies: int = 400) -> set[str]:
    """The kinds (``kind_of(notation)``) of every legal move met in a few random games."""
    seen: set[str] = set()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        for _ in range(plies):
            if state.is_over:
                break
            moves = state.legal_moves()
            seen.update(kind_of(str(m)) for m in moves)
            state.apply(rng.choice(moves))
    return seen


def declared(game: Game[Any, Any]) -> list[str]:
    return [kind for kind, _ in game.about.moves]


def longest_kind(game: Game[Any, Any]) -> Any:
    """The declared kind a move's notation starts with (the longest), else the notation itself."""
    kinds = sorted(declared(game), key=len, reverse=True)
    return lambda text: next((k for k in kinds if text == k or text.startswith(k + " ")), text)


def moves_section(lines: list[str]) -> str:
    text = "\n".join(lines)
    assert "\nmoves:\n" in text, text
    return text.split("\nmoves:\n")[1].split("\nrules in play:\n")[0]


def said_kinds(lines: list[str]) -> set[str]:
    """The kinds the ``moves:`` block of ``rules`` lists, one per line that starts a kind."""
    about_kinds = set()
    for line in moves_section(lines).splitlines():
        head = line[2:]
        if line.startswith("  ") and not line.startswith("   "):
            about_kinds.add(head.split("  ")[0].strip())
    return about_kinds


@pytest.mark.parametrize(
    ("game", "kind_of"),
    [
        (ClothOfGold(), lambda text: text.split("-")[1].split("/")[0]),
        (ClothOfGold(variant=2020), lambda text: text.split("-")[1].split("/")[0]),
        (Camelot(), lambda text: text.split()[0]),
        (FiveFields(turn_limit=60), None),
        (FiveFields(blank_map=True, turn_limit=60), None),
    ],
    ids=["cloth-2023", "cloth-2020", "camelot", "five-fields", "five-fields-blank"],
)
def test_rules_say_what_every_kind_of_move_met_in_play_does(game: Game[Any, Any], kind_of: Any) -> None:
    played = kinds_played(game, kind_of or longest_kind(game))
    lines = game_rules(game)
    assert played <= set(declared(game)), f"moves with no words in rules: {played - set(declared(game))}"
    assert said_kinds(lines) == set(declared(game))
    for kind, text in game.about.moves:
        assert len(text) > 40, f"{kind}: {text!r} says too little"


def test_cloth_of_gold_says_what_each_oval_does_with_the_tracks_numbers() -> None:
    assert set(said_kinds(game_rules(ClothOfGold()))) == {"dragon", "secrecy", "gold", "blue", "white", "red", "purple"}
    said = dict(ClothOfGold.about.moves)
    assert "1 (0-7), 2 (8-15), 2 (16-23), 3 (24-31), 0 (32 and up)" in said["secrecy"]  # draws by row
    assert "1 for one, 3 for two, 6 for three or more" in said["blue"]
    assert "more gold than your rival's" in said["gold"] and "both players score" in said["red"]


def test_five_fields_says_a_turn_is_one_action_of_up_to_two_moves() -> None:
    game = FiveFields(map="PSP/MSSM/PSPSP/MSSM/PMP")
    text = "\n".join(game_rules(game))
    assert "one or two moves" in text and "'end'" in text
    state = game.new_game(seed=1)
    state.apply("move P h2->h4")
    assert state.current_player == 0  # the same player moves again: the words must say so
    second = next(m for m in state.legal_moves() if str(m).startswith("move"))
    state.apply(second)
    assert state.current_player == 1


def test_tafl_says_moving_capturing_and_the_king() -> None:
    assert declared(Tafl()) == ["move", "capture", "the King"]
    played = kinds_played(Tafl("brandubh"), lambda text: "move" if "-" in text else text, games=2, plies=100)
    assert played == {"move"}


def escape_line(game: Tafl) -> str:
    return next(line for line in game.about.rules_for(game) if line.startswith("The King escapes"))


def test_tafl_variants_with_different_escapes_print_different_rules() -> None:
    edge, corner = Tafl("brandubh"), Tafl("federation-brandubh")
    assert "any edge square" in escape_line(edge) and "corner" not in escape_line(edge)
    assert "corner square" in escape_line(corner) and "edge gives no win" in escape_line(corner)
    assert game_rules(edge) != game_rules(corner)
    assert escape_line(Tafl("brandubh", escape="corner")) == escape_line(corner)
    assert "(a1, g7)" in escape_line(Tafl("brandubh", escape="corner", corners="a1,g7"))


def test_each_tafl_option_says_its_own_rule() -> None:
    def said(**options: Any) -> str:
        game = Tafl("brandubh", **options)
        return "\n".join(game.about.rules_for(game))

    plain = said()
    assert "The King is armed" in plain and "all four sides" in plain and "a draw" in plain
    assert "The King is unarmed" in said(king_armed=False)
    assert "like any piece" in said(king_captured_by="two") and "like any piece" not in plain
    assert "three on an edge" in said(king_captured_by="middleweight")
    assert "Repeating a position never ends the game" in said(repetition=None)
    assert "the player whose move made it loses" in said(repetition_result="repeater-loses")
    assert "Mate:" in said(mate=True) and "Mate:" not in plain
    assert "The defenders move first" in said(first=1)
    assert "at most 1 square at a time" in said(king_speed=1)
    assert "There is no throne" in said(throne="")
    copenhagen, fetlar = Tafl("copenhagen"), Tafl("fetlar")
    cph, fet = "\n".join(copenhagen.about.rules_for(copenhagen)), "\n".join(fetlar.about.rules_for(fetlar))
    for rule in ("Shieldwall:", "Exit fort:", "the defenders lose"):
        assert rule in cph and rule not in fet
    assert "Encirclement:" in cph and "Encirclement:" in fet
    berserk = Tafl("custom", layout="/1t1t1/5/2K2/5/1t1t1/", berserk="capture", king_jump="capturing")
    text = "\n".join(berserk.about.rules_for(berserk))
    assert "Berserk:" in text and "taking it" in text


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (Tafl("copenhagen"), ["  capture ", "  - The King escapes by reaching a corner square", "  - Shieldwall:"]),
        (Tafl("brandubh"), ["  the King ", "  - The King escapes by reaching any edge square."]),
        (ClothOfGold(), ["  secrecy ", "  purple ", "  - The 2023 edition"]),
        (FiveFields(), ["  build city ", "one or two moves", "  - After 400 turns (actions)"]),
        (Camelot(), ["  conceal ", "  - Player 0 starts."]),
    ],
    ids=["copenhagen", "brandubh", "cloth-of-gold", "five-fields", "camelot"],
)
def test_the_terminals_rules_command_prints_the_moves_and_the_rules_in_play(game: object, expected: list[str]) -> None:
    lines = ["", "rules", "quit"] if isinstance(game, (ClothOfGold, Camelot)) else ["rules", "quit"]
    _, out = session(game, ["human", RandomAgent(seed=1)], lines)
    said = out.split("> rules\n")[1]
    assert "\nmoves:\n" in said and "\nrules in play:\n" in said
    for text in expected:
        assert text in said, text
    assert all(len(line) <= 100 for line in said.split("> quit")[0].splitlines())


def test_the_web_page_carries_the_moves_and_the_rules_in_play() -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from boardkit import games
    from boardkit.web.app import create_app

    offered = {"tafl": lambda **o: games.load("tafl", **o)}
    with TestClient(create_app(offered, limit=8)) as client:
        made = client.post("/api/tables", json={"game": "tafl", "variant": "fetlar", "seats": ["here", "here"]}).json()
        page = client.get(f"/api/tables/{made['id']}", params={"token": made["token"]}).json()
    game = Tafl("fetlar")
    assert page["about"]["moves"] == [list(pair) for pair in game.about.moves]
    assert page["about"]["in_play"] == game.about.rules_for(game)
    assert any("corner square" in line for line in page["about"]["in_play"])


def test_about_keeps_moves_in_order_and_asks_the_game_for_its_rules() -> None:
    about = About(moves={"b": "second", "a": "first"}, rules_in_play=lambda game: [f"size {game}"])
    assert about.moves == (("b", "second"), ("a", "first"))
    assert about.rules_for(7) == ["size 7"] and About().rules_for(7) == []


def test_five_fields_ends_by_default() -> None:
    game = FiveFields()
    assert game.options.turn_limit == 400
    rng = random.Random(3)
    for seed in range(3):
        state = game.new_game(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_moves()))
        assert state.turn <= 400
    assert FiveFields(turn_limit=None).options.turn_limit is None  # still playable without a limit
