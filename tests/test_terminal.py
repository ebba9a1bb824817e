"""The terminal session, driven in-process: what each seat is shown, what a
move is said to have done, and how wrong moves are answered."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from connect_four import ConnectFour

from boardkit.about import Information
from boardkit.agents import MCTSAgent, RandomAgent
from boardkit.games.camelot import Camelot
from boardkit.games.cloth_of_gold import ClothOfGold
from boardkit.games.five_fields import FiveFields, Pawn, Terrain
from boardkit.games.tafl import Tafl
from boardkit.terminal import Session, effects, group_key, loose_match, panel, screen, suggestions


def session(
    game: object, seats: list[object], lines: list[str], seed: int = 1, **options: Any
) -> tuple[Session, str]:
    out = io.StringIO()
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            line = next(feed)
        except StopIteration:
            raise EOFError from None
        out.write(line + "\n")
        return line

    s = Session(game, seats, seed=seed, out=out, read=read, **options)  # type: ignore[arg-type]
    s.run()
    return s, out.getvalue()


PASS = "pass the device to player {}; press Enter when ready "


def test_at_a_shared_table_each_person_sees_only_their_own_hand() -> None:
    game = ClothOfGold()
    state = game.new_game(seed=4)
    first = state.legal_moves()[0]
    _, out = session(game, ["human", "human"], ["", str(first), "", "quit"], seed=4)
    before, after = out.split("player 0 (human)> " + str(first))
    assert "your hand (player 0)" in before and "your hand (player 1)" not in before
    assert "your hand (player 1)" in after and "your hand (player 0)" not in after.split(PASS.format(1))[1]


@pytest.mark.parametrize("clear", [None, True])
def test_hot_seat_with_hidden_hands_clears_the_screen_and_waits_for_the_next_player(clear: bool | None) -> None:
    game = ClothOfGold()
    first = str(game.new_game(seed=4).legal_moves()[0])
    _, out = session(game, ["human", "human"], ["", first, "", "quit"], seed=4, clear=clear)
    # Nobody's hand before the first player says they hold the device.
    opening, rest = out.split(PASS.format(0) + "\n")
    assert "(only you see it)" not in opening
    mine, passing = rest.split(f"player 0 (human)> {first}\n")
    assert "your hand (player 0)" in mine
    # After player 0's move: player 0's hand is wiped, and player 1's waits for the Enter.
    wiped, theirs = passing.split(PASS.format(1) + "\n")
    assert f"player 0 (human) played {first}" in wiped
    assert "(only you see it)" not in wiped and "your hand" not in wiped
    if clear:
        assert "\x1b[2J\x1b[H" in wiped
    else:  # not a terminal: a screenful of blank lines pushes the last view off the screen
        assert "\n" * 25 in wiped
    assert "your hand (player 1)" in theirs and "your hand (player 0)" not in theirs
    assert f"player 0 (human) played {first}" in theirs  # what happened, told again after the pass


def test_no_pass_screen_without_hidden_hands_or_a_second_person() -> None:
    _, tafl = session(Tafl("brandubh"), ["human", "human"], ["d7-e7", "quit"])
    assert "pass the device" not in tafl and "defenders (human)> quit" in tafl
    _, cloth = session(ClothOfGold(), ["human", RandomAgent(seed=1).for_game(1)], ["1", "quit"], seed=4)
    assert "pass the device" not in cloth and "your hand (player 0)" in cloth


class FirstMove:
    """A bot that plays the first legal move."""

    def choose(self, state: Any, player: int) -> Any:
        return state.legal_moves()[0]


CHANCE = "cannot be taken back: everyone has seen what chance gave in it"


def test_undo_refuses_a_move_that_drew_from_the_darkness() -> None:
    # Seed 4: the four placements draw nothing; the fifth move (a token to an oval) takes its
    # tile and the oval is refilled from the Darkness.
    lines = ["1", "1", "undo", "1", "1", "undo", "redo", "quit"]
    s, out = session(ClothOfGold(), ["human", FirstMove()], lines, seed=4)
    placed = [str(m) for m in s.state.history[:4]]
    assert f"took back your move {placed[2]} and the reply {placed[3]} by player 1 (FirstMove)" in out
    assert len(s.state.history) == 6 and s.state.drew_chance(4) and s.state.drew_chance(5)
    refused = out.split("(you)> undo\n")[2].splitlines()[0]
    assert refused == f'"{s.state.history[5]}" {CHANCE}'
    assert "nothing to redo" in out and len(s.state.history) == 6


def test_undo_refuses_when_a_bot_reply_it_would_take_back_drew_chance() -> None:
    # Player 1's placement draws nothing, but the bot's reply after it does: taking back
    # the placement would take back the reply too.
    s, out = session(ClothOfGold(), [FirstMove(), "human"], ["1", "1", "undo", "quit"], seed=4)
    assert len(s.state.history) == 5 and not s.state.drew_chance(3) and s.state.drew_chance(4)
    assert f'"{s.state.history[4]}" {CHANCE}' in out and "took back" not in out


def test_the_prompt_names_the_side_and_undo_redo_say_what_they_did() -> None:
    game = Tafl("brandubh")
    s, out = session(game, ["human", RandomAgent(seed=2).for_game(2)], ["d7-e7", "undo", "redo", "quit"])
    assert "attackers (you)> d7-e7" in out
    reply = s.state.history[1]
    assert f"took back your move d7-e7 and the reply {reply} by defenders (RandomAgent)" in out
    assert f"played again d7-e7, {reply}" in out
    assert [str(m) for m in s.state.history] == ["d7-e7", str(reply)]


def test_a_number_plays_that_move_of_the_list_and_a_bad_number_is_refused() -> None:
    game = Tafl("brandubh")
    s, out = session(game, ["human", "human"], ["0", "999", "3", "quit"])
    assert "there is no move 0: the legal moves are numbered 1 to" in out
    assert "there is no move 999" in out
    assert s.state.history == (Tafl("brandubh").new_game(seed=1).legal_moves()[2],)


def test_long_move_lists_come_in_groups_and_words_filter_them() -> None:
    _, out = session(Camelot(), ["human", "human"], ["", "moves", "moves garden", "moves zz", "quit"])
    grouped = out.split("moves\n", 1)[1]
    assert "legal moves in" in grouped and "  place garden (" in grouped
    filtered = out.split("moves garden\n", 1)[1].split("> ", 1)[0]
    assert filtered.startswith("28 legal moves matching:") or "legal moves matching" in filtered
    cells = [cell for line in filtered.splitlines()[1:-1] for cell in re.split(r"\s{2,}", line.strip()) if cell]
    assert len(cells) == 28 and all(re.fullmatch(r"\d+ place garden [a-j][1-8]", cell) for cell in cells), cells
    assert "no legal move mentions 'zz'" in out


def test_wrong_moves_get_the_nearest_legal_moves() -> None:
    assert suggestions("d1d3", ["d1-d2", "d1-d3", "e1-e2", "h1-h5"]) == ["d1-d3", "d1-d2"]
    assert suggestions("place gardn c5", ["place garden c5", "place well c5", "end"])[0] == "place garden c5"
    assert group_key("move P f2->e3") == "move P f2" and group_key("castle Q g1<->P f2") == "castle Q g1<->P"


def test_what_a_move_did() -> None:
    """Each game says what a move did in its own words (``state.describe``);
    the old ``effects`` is that line for the move between two states."""
    tafl = Tafl("brandubh").from_position(position="/7/2Tt3/1t5/4K2/1t5/2Tt3/7/", to_move=0)
    after = tafl.copy()
    after.apply("b5-b6")
    assert after.describe(after.history[-1], tafl) == "took c6"
    assert effects(tafl, after, 0) == "took c6"
    assert effects(tafl, tafl.copy(), 0) == ""
    # A won Battle in 5 Fields takes the enemy Prince off its hex.
    plains = dict.fromkeys(FiveFields().new_game(seed=0).topology.cells, Terrain.PLAIN)
    ff = FiveFields().from_position(
        terrain=plains,  # type: ignore[arg-type]
        pawns={(0, 2): [(0, Pawn.QUEEN)], (0, 1): [(0, Pawn.PRINCE)], (1, 1): [(1, Pawn.PRINCE)],
               (0, -2): [(1, Pawn.QUEEN)]},
        fields={}, cities={(-2, 0): 1}, to_move=0,
    )
    ff.apply("move P f2->h2")
    before = ff.copy()
    ff.apply("end")
    assert ff.describe(ff.history[-1], before) == "Battle on h2: attack 4 against defence 1; player 1's Prince falls"
    # Points scored, and the tiles drawn face up at the end of a Camelot turn.
    camelot = Camelot().new_game(players=2, seed=0)
    camelot.apply("place excalibur e3")
    assert "this turn so far: 5 points" in effects(Camelot().new_game(players=2, seed=0), camelot)
    before = camelot.copy()
    camelot.apply("end")
    assert camelot.describe(camelot.history[-1], before).startswith("scored +5 (now 5); drew ")
    # Cloth of Gold: the gift to the rival's Court, what was revealed, the points.
    cloth = ClothOfGold().new_game(seed=4)
    before = cloth.copy()
    cloth.apply("A-gold")
    assert cloth.describe(cloth.history[-1], before) == (
        "gift: red to player 1's Court; revealed 1 gold from the Hand; scored +2 (now 2)"
    )


@pytest.mark.parametrize(
    ("game", "players"), [(Tafl("brandubh"), 2), (ClothOfGold(), 2), (FiveFields(blank_map=True), 2), (Camelot(), 3)]
)
def test_the_line_after_a_move_and_the_public_information_show_nothing_hidden(game: Any, players: int) -> None:
    """What the applications show every player beside the board is the same in
    every world a player cannot tell from the real one; the line after each
    move is text."""
    rng = RandomAgent(seed=3)
    state = game.new_game(players=players, seed=8)
    for _ in range(30):
        if state.is_over:
            break
        move = rng.choose(state, state.current_player)
        before = state.copy()
        state.apply(move)
        said = state.describe(state.history[-1], before)
        assert isinstance(said, str)
        for seat in range(players):
            for seed in (1, 2):
                world = state.determinize(seat, seed=seed)
                assert world.public_info() == state.public_info()
                assert world.scores == state.scores


def test_every_move_is_told_with_what_it_did_on_a_line_of_its_own() -> None:
    game = Tafl("brandubh")
    out = io.StringIO()
    s = Session(game, ["human", "human"], seed=1, out=out, read=lambda prompt: "quit")
    s.state = game.from_position(position="/7/2Tt3/1t5/4K2/1t5/2Tt3/7/", to_move=0)  # a capture at once
    s.command(0, "b5-b6")
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["attackers (human) played b5-b6", "  took c6"]


def test_rules_tells_the_goal_and_a_turn_and_the_opening_says_so() -> None:
    _, out = session(Tafl("brandubh"), ["human", RandomAgent(seed=1)], ["rules", "quit"])
    lines = out.splitlines()
    assert lines[2] == (
        "type a move as written on the screen, or its number from 'moves'; 'rules' tells the goal,"
        " 'help' lists the commands"
    )
    said = out.split("(you)> rules\n")[1]
    assert said.startswith("seats: attackers, defenders\ngoal: The defenders win when their King escapes")
    assert "\nturn: Move one of your pieces like a chess rook" in said
    _, out = session(Tafl("brandubh"), ["human", RandomAgent(seed=1)], ["help", "quit"])
    assert "  rules                    the goal, a turn, each kind of move and the rules in play" in out
    # A game that declares no goal is not offered 'rules' at the start, and says so if asked.
    from boardkit.testing import Nim

    _, out = session(Nim(), ["human", "human"], ["rules", "quit"])
    assert "'rules'" not in out.splitlines()[2]
    assert "declares no goal or turn summary" in out


def test_the_scores_and_public_information_are_shown_where_the_board_leaves_them_out() -> None:
    cloth = ClothOfGold().new_game(seed=1)
    board = cloth.render_for(0)
    assert panel(cloth, board) == ["scores: player 0 0, player 1 0"]  # the Courts, Hands, Darkness are drawn
    assert screen(cloth, 0) == board + "\nscores: player 0 0, player 1 0"
    tafl = Tafl("brandubh").new_game(seed=0)
    assert panel(tafl, tafl.render()) == ["attackers taken: 0 of 8", "defenders taken: 0 of 4"]
    camelot = Camelot().new_game(players=2, seed=1)
    board = camelot.render_for(0)
    own = "*hand 0: wall blank x2, blacksmith, holy grail, round table, banner, minstrels; 3 concealed"
    assert own in board.splitlines()  # as the rival sees it
    assert not [line for line in panel(camelot, board) if line.startswith("hand 0")]  # drawn already: not twice


def test_a_move_written_as_digits_is_that_move_before_a_number_of_the_list() -> None:
    # Fill column 1, so the legal moves are columns 2..7: "5" is column 5, not the list's 5th (column 6).
    s, _ = session(ConnectFour(), ["human", "human"], ["1", "1", "1", "1", "1", "2", "1", "5", "quit"])
    assert [str(m) for m in s.state.history] == ["1", "1", "1", "1", "1", "2", "1", "5"]


def test_a_full_column_is_refused_not_read_as_the_first_move_of_the_list() -> None:
    # Column 1 full: "1" is Connect Four's own notation for it, illegal now; it was read as the list's first (column 2).
    s, out = session(ConnectFour(), ["human", "human"], ["1", "1", "1", "1", "1", "1", "1", "quit"])
    assert [str(m) for m in s.state.history] == ["1"] * 6
    assert "illegal move '1'" in out


@pytest.mark.parametrize("text", ["\u00b2", "\u2460", "\uff11", "\u0663"])
def test_a_digit_that_is_not_an_ascii_number_is_refused_as_notation(text: str) -> None:
    """Superscript, circled, fullwidth and Arabic-Indic digits are digits to str.isdigit; int() of some
    of them failed deep inside, ending the game. They are moves the game does not know."""
    s, out = session(Tafl("brandubh"), ["human", "human"], [text, "quit"])
    assert not s.state.history and f"invalid notation {text!r}" in out and "internal error" not in out


# -- issue 28: groups of several-word names, loose moves, turns in parts, a bot thinking --------------


def camelot_with_conceal_moves() -> Camelot:
    """A Camelot position whose legal moves include concealing tiles named in one and several words."""
    game = Camelot()
    state = game.new_game(players=2, seed=1)
    state.apply(RandomAgent(seed=3).choose(state.copy(), 0))
    names = {str(m) for m in state.legal_moves()}
    assert {"conceal holy grail", "conceal banner"} <= names
    return game


def test_move_groups_keep_names_of_several_words_whole() -> None:
    game = camelot_with_conceal_moves()
    out = io.StringIO()
    s = Session(game, ["human", "human"], seed=1, out=out, read=lambda prompt: "")
    s.state.apply(RandomAgent(seed=3).choose(s.state.copy(), 0))
    s.list_moves("")
    lines = out.getvalue().splitlines()
    conceal = [line for line in lines if line.lstrip().startswith("conceal")]
    assert len(conceal) == 1, conceal  # one group, not "conceal holy (...)" beside "conceal (...)"
    assert re.fullmatch(r"  conceal \(\d+-\d+\): .*", conceal[0])
    assert "holy grail, " in conceal[0] and "round table" in conceal[0] and "banner" in conceal[0]
    assert group_key("conceal small hall") == group_key("conceal banner") == "conceal"
    assert group_key("place holy grail b2") == "place holy grail" and group_key("move P b4->e3") == "move P b4"


@pytest.mark.parametrize("typed", ["D7-A7", " d7 - a7 ", "d7 -A7", "D7-a7"])
def test_a_move_is_matched_whatever_its_case_and_spaces(typed: str) -> None:
    s, out = session(Tafl("brandubh"), ["human", "human"], [typed, "quit"])
    assert [str(m) for m in s.state.history] == ["d7-a7"], out


def test_a_loose_match_never_guesses_between_moves_written_alike() -> None:
    assert loose_match("A-GOLD", ["A-gold", "B-gold"]) == "A-gold"
    assert loose_match("a-gold", ["A-gold", "a-Gold"]) == "a-gold"  # two moves read alike: the game decides
    assert loose_match("a-Gold", ["A-gold", "a-Gold"]) == "a-Gold"  # written exactly: that one
    assert loose_match("d7a7", ["d7-a7"]) == "d7a7"  # a missing dash is the game's to read, not guessed


def test_the_prompt_says_what_a_turn_in_parts_asks() -> None:
    amazons = pytest.importorskip("amazons")
    game = amazons.Amazons()
    state = game.new_game(seed=1)
    asked = state.prompt()
    assert asked  # the gallery's Amazons plays a turn in two parts
    first = str(state.legal_moves()[0])
    s, out = session(game, ["human", "human"], [first, "quit"])
    assert f"player 0 (human): {asked}> {first}\n" in out
    after = s.state.prompt()
    assert after and after != asked and f"player 0 (human): {after}> quit" in out
    _, out = session(Tafl("brandubh"), ["human", "human"], ["quit"])
    assert "attackers (human)> quit" in out  # a turn of one move: the prompt is the seat alone


class _SlowSearch(MCTSAgent):
    """An MCTS agent that has run 7 iterations, then waits until the screen says so."""

    def __init__(self, out: io.StringIO, shown: str) -> None:
        super().__init__(iterations=200, seed=1)
        self.out, self.shown = out, shown

    def choose(self, state: Any, player: int) -> Any:
        self.last_iterations = 7
        deadline = time.monotonic() + 60  # a guard against a hang, not a timing
        while self.shown not in self.out.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        return state.legal_moves()[0]


class _Screen(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("tty", [True, False])
def test_a_thinking_bot_says_so_in_place_on_a_terminal_and_in_one_line_elsewhere(tty: bool) -> None:
    out: io.StringIO = _Screen() if tty else io.StringIO()
    shown = "mcts is thinking\u2026 "
    bot = _SlowSearch(out, "7 of 200 iterations")
    lines = iter(["quit"])
    s = Session(Tafl("brandubh"), [bot, "human"], seed=1, out=out, read=lambda prompt: next(lines),
                labels=["mcts", "human"], clear=False)
    s.run()
    text = out.getvalue()
    assert re.search(shown + r"\d+\.\d s, 7 of 200 iterations", text), text[-500:]
    if tty:  # redrawn in place, and wiped before the move is told
        assert "\r\x1b[K" + shown in text and "\n" + shown not in text
        wiped = text[text.rindex(shown):]
        assert re.match(r"[^\n]*\r\x1b\[K", wiped) and "attackers (mcts) played" in wiped
    else:  # a log gets one plain line
        assert "\r" not in text and text.count(shown) == 1
        assert re.search("\n" + shown + r"\d+\.\d s, 7 of 200 iterations\nattackers \(mcts\) played", text)


def test_hint_says_what_best_would_play_and_why(monkeypatch: pytest.MonkeyPatch) -> None:
    # The King on a4 sees a1 down the file: every attacker move but a block on a2 or a3 loses at once.
    import boardkit.match.reports as reports

    monkeypatch.setattr(reports, "HINT_SECONDS", 5.0)
    game = Tafl("brandubh", escape="corner")
    start = game.from_position(position="/7/6t/2T4/K6/7/t6/3t3/", to_move=0)
    s = Session(game, ["human", "human"], seed=1, out=io.StringIO(), read=lambda prompt: "quit")
    s.state = start
    s.hint(0)
    said = s.out.getvalue()  # type: ignore[attr-defined]
    assert said.startswith(("hint: g2-a2: ", "hint: g2-a3: ")), said
    assert "by force" in said and "depth" in said  # why: what the search proved, and how deep it looked
    assert s.state is start and not start.history  # a hint plays nothing


class _Suggests:
    """A hint bot that suggests one fixed move."""

    def __init__(self, move: Any) -> None:
        self.move = move

    def choose(self, state: Any, player: int) -> Any:
        return self.move


@pytest.mark.parametrize(("name", "options"), [("cloth-of-gold", {}), ("camelot", {}), ("five-fields", {}),
                                              ("five-fields", {"blank_map": True})])
def test_a_hint_tells_nothing_the_player_may_not_know(name: str, options: dict[str, Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 40 (a newcomer's report): the hint played its move on the real position and printed what it did,
    so in Cloth of Gold it named the tile about to come out of the Darkness, and it was right. What the move
    would do is said only for a move that draws nothing in a game that hides nothing."""
    import boardkit.match as match_floor
    from boardkit.games import load

    state = load(name, **options).new_game(players=2, seed=5)
    for _ in range(6):  # a few random plies in, where moves that draw (a hex turned up) are to be had
        state.apply(state.legal_moves()[len(state.history) * 7 % len(state.legal_moves())])
    told_of = []
    for move in state.legal_moves():
        after = state.copy()
        after.apply(move)
        told = after.describe(after.history[-1], state)
        if told:
            told_of.append((after.rng.state != state.rng.state, move, told))
    assert told_of
    for drew, move, told in sorted(told_of, key=lambda t: not t[0])[:1] + told_of[-1:]:
        monkeypatch.setattr(match_floor, "hint_agent", lambda state, seconds=None, move=move: _Suggests(move))
        s = Session(state.game, ["human", "human"], seed=5, out=io.StringIO(), read=lambda prompt: "quit")
        s.state = state
        s.hint(state.current_player)
        said = s.out.getvalue()  # type: ignore[attr-defined]
        shown = state.game.about.information is Information.PERFECT and not drew
        assert said.startswith(f"hint: {move}") and (told in said) == shown, (said, told, drew)
    assert len(state.history) == 6  # a hint plays nothing


def test_hint_in_a_game_with_hidden_hands_uses_monte_carlo_search(monkeypatch: pytest.MonkeyPatch) -> None:
    import boardkit.match.reports as reports

    monkeypatch.setattr(reports, "HINT_SECONDS", 0.05)
    _, out = session(ClothOfGold(), ["human", "human"], ["", "hint", "quit"], seed=4)
    line = next(line for line in out.splitlines() if line.startswith("hint: "))
    assert "playouts" in line


def test_a_number_from_a_list_the_moves_have_outgrown_is_refused() -> None:
    """issue 40 (a newcomer's report): in a turn in parts the legal moves change while it is still your turn,
    so 120 from a list shown before 'place garden c5' quietly played another move (place stables g2)."""
    camelot = Camelot()
    first = camelot.new_game(players=2, seed=1)
    garden = next(str(m) for m in first.legal_moves() if str(m).startswith("place garden"))
    s, out = session(camelot, ["human", RandomAgent(seed=1)], ["moves", garden, "12", "quit"])
    assert "the legal moves have changed since 'moves' numbered them" in out
    assert [str(m) for m in s.state.history] == [garden]
    bot = RandomAgent(seed=1)
    s, out = session(camelot, ["human", bot], [garden, "moves", "12", "quit"])  # listed again: it plays
    assert len(s.state.history) == 2 and "have changed" not in out
    s, out = session(camelot, ["human", bot], [garden, "12", "quit"])  # never listed: the moves as they are now
    assert len(s.state.history) == 2 and "have changed" not in out


def test_a_number_a_refusal_just_offered_plays_that_move() -> None:
    """A reviewer's catch: after 'moves' and a move, a refused line's "did you mean: a4-a1 (21)?" numbered the
    moves anew, and 21 was then refused as from a stale list."""
    game = Tafl("brandubh")
    s, out = session(game, ["human", RandomAgent(seed=1)], ["moves", "1", "zzzz-a1", "quit"])
    offered = re.search(r"did you mean: (\S+) \((\d+)\)", out)
    assert offered is not None, out[-800:]
    s, out = session(game, ["human", RandomAgent(seed=1)], ["moves", "1", "zzzz-a1", offered.group(2), "quit"])
    assert "have changed" not in out and str(s.state.history[2]) == offered.group(1)


def test_a_list_shown_to_one_person_does_not_bind_the_next() -> None:
    """A reviewer's catch: people passing the screen, player 1 was refused a number because player 0 had
    listed the moves, a list player 1 never saw."""
    s, out = session(ClothOfGold(), ["human", "human"], ["", "moves", "1", "", "1", "quit"], seed=4)
    assert "have changed" not in out and len(s.state.history) == 2, out[-600:]


def test_a_misspelt_word_of_a_long_move_gets_the_moves_it_is_near() -> None:
    """A newcomer's report: Camelot gave no "did you mean" where other games did. Its moves are long
    ("place banner d4"), so a word typed wrong on its own ("banr") was unlike every move as a whole, and
    shared no word with any: nothing was offered. A misspelt word is now compared with the moves' words."""
    s, out = session(Camelot(), ["human", RandomAgent(seed=1)], ["banr", "rund tabel", "minstrel b4", "quit"])
    assert not s.state.history
    offered = re.findall(r"^did you mean: (.*)\?$", out, flags=re.M)
    assert len(offered) == 3, out[-1500:]
    assert offered[0].startswith("place banner ") and offered[1].startswith("place round table ")
    assert offered[2].startswith("place minstrels b4 (")  # the square typed right, and the word near
    # The same in every game: a word misspelt alone, its square or number left out.
    assert suggestions("movve", ["move P f2->e3", "build field", "end"])[0] == "move P f2->e3"
    assert suggestions("towr", ["place tower a1", "conceal tower", "end"]) == ["conceal tower", "place tower a1"]
    assert suggestions("c6", ["place garden c5", "end"]) == []  # a square is right or wrong, never near


# -- a game that is over keeps its prompt (stay), for an undo or a last look ---------------------------


def test_after_a_bot_wins_the_person_may_take_their_losing_move_back_and_play_on() -> None:
    """A newcomer's report: when a bot won, the session ended at once, so a losing move could not be taken
    back, nor the final board looked at. With stay (boardkit play on a terminal) the prompt stays."""
    from boardkit.testing import Nim

    lines = ["take 1", "take 2", "moves", "board", "help", "undo", "take 2", "quit"]
    s, out = session(Nim(heap=2), ["human", FirstMove()], lines, stay=True)
    assert [str(m) for m in s.state.history] == ["take 2"] and s.state.outcome is not None
    lost, won = out.split("game over> undo\n")
    over = ("the game is over: 'undo' takes back your last move and the replies after it, 'board' shows the board,"
            " 'quit' leaves")
    assert "nim: player 1 won (took the last counter)\n" + over + "\ngame over> take 2\n" + over in lost
    assert "game over> moves\n" + over in lost  # what makes no sense any more is answered with what does
    assert "game over> board\nheap:  (0)\nnim: player 1 won" in lost
    assert "commands, the game being over:\n  undo " in lost and "  hint " not in lost and "  moves " not in lost
    assert won.startswith("took back your move take 1 and the reply take 1 by player 1 (FirstMove)\nheap: || (2)\n")
    assert "player 0 (you) played take 2\nheap:  (0)\nnim: player 0 won" in won
    assert won.endswith(over + "\ngame over> quit\n") and "abandoned" not in out


def test_the_end_is_told_before_the_prompt_stays_so_a_closed_window_loses_no_record() -> None:
    """A reviewer closed the terminal at ``game over>``: ``boardkit play --out`` wrote its record only when the
    person left the prompt, so the record of the finished game was lost. ``ended`` is called each time the game
    ends, before the prompt reads a line: the command writes the record there."""
    from boardkit.testing import Nim

    seen: list[tuple[int, bool]] = []
    lines = ["take 1", "undo", "take 2"]
    _, out = session(Nim(heap=2), ["human", FirstMove()], lines, stay=True,
                     ended=lambda state: seen.append((len(state.history), state.is_over)))
    assert seen == [(2, True), (1, True)]  # lost, then won after the undo: each end told as it happened
    assert out.count("game over> ") == 2  # and the prompt read after each (the undo, then the end of input)


def test_people_passing_the_screen_see_the_end_as_everybody_may_see_it() -> None:
    """A reviewer's find: at ``game over>`` two people passing the screen both looked at the last mover's own
    view, their hand on it. The screen is wiped at the end and the board drawn as every player may see it."""
    out = io.StringIO()
    state_of: list[Session] = []

    def read(prompt: str) -> str:
        out.write(prompt)
        s = state_of[0]
        if prompt.startswith("game over"):
            raise EOFError
        line = "" if prompt.startswith("pass the device") else str(s.state.legal_moves()[0])
        out.write(line + "\n")
        return line

    s = Session(ClothOfGold(), ["human", "human"], seed=4, out=out, read=read, clear=True, stay=True)
    state_of.append(s)
    s.run()
    assert s.state.is_over
    said = out.getvalue()
    end = said[said.rindex("\x1b[2J\x1b[H"):]  # from the last wipe on: what both see at the end
    assert "game over> " in end and f"played {s.state.history[-1]}" in end
    assert "(only you see it)" not in end and "your hand" not in end
    assert "your hand" in said  # each saw their own hand while playing


def test_the_game_over_prompt_ends_with_the_input_and_without_stay_there_is_none() -> None:
    from boardkit.testing import Nim

    s, out = session(Nim(heap=2), ["human", FirstMove()], ["take 1"], stay=True)
    assert out.endswith("'quit' leaves\ngame over> \n") and "abandoned" not in out  # end of input: no more
    s, out = session(Nim(heap=2), ["human", FirstMove()], ["take 1", "undo"])  # a script, a pipe: ends with the game
    assert out.endswith("nim: player 1 won (took the last counter)\n") and len(s.state.history) == 2
    s, out = session(Nim(heap=2), [FirstMove(), FirstMove()], [], stay=True)  # nobody to ask
    assert out.endswith("nim: player 1 won (took the last counter)\n")


def test_ctrl_c_at_game_over_leaves_as_quit_does_and_during_the_game_stops_it() -> None:
    """A reviewer's find: Ctrl-C at ``game over>`` stopped ``boardkit play`` as an interrupted game (exit status
    130), though the game was over and its record written. There it leaves, as ``quit`` does; while the game is
    played it stops it as before."""
    from boardkit.testing import Nim

    def interrupted(at: str) -> Any:
        def read(prompt: str) -> str:
            if prompt.startswith(at):
                raise KeyboardInterrupt
            return "take 1"
        return read

    out = io.StringIO()
    s = Session(Nim(heap=2), ["human", FirstMove()], seed=1, out=out, read=interrupted("game over"), stay=True)
    assert s.run().is_over
    assert out.getvalue().endswith("'quit' leaves\n\n") and "abandoned" not in out.getvalue()
    s = Session(Nim(heap=2), ["human", FirstMove()], seed=1, out=io.StringIO(), read=interrupted("player"), stay=True)
    with pytest.raises(KeyboardInterrupt):
        s.run()


def test_at_game_over_the_help_says_what_undo_takes_back_as_the_line_does() -> None:
    """A reviewer's find: between two people, the line at ``game over>`` said 'undo' takes back "the last move
    of a person" (Match.back_to: the last move one of the people played), its help "your last move and the
    replies after it", where nobody replies but people. Both say the one, as the help during the game does."""
    from boardkit.testing import Nim

    _, out = session(Nim(heap=2), ["human", "human"], ["take 2", "help"], stay=True)
    assert "the game is over: 'undo' takes back the last move of a person, 'board' shows the board" in out
    assert "\n  undo                     take back the last move of a person, and play on\n" in out
    _, out = session(Nim(heap=4), ["human", "human"], ["help"])
    assert "\n  undo                     take back the last move of a person\n" in out
    _, out = session(Nim(heap=2), ["human", FirstMove()], ["take 2", "help"], stay=True)
    assert "'undo' takes back your last move and the replies after it, 'board'" in out
    assert "\n  undo                     take back your last move and the replies after it, and play on\n" in out


def test_the_header_writes_a_games_own_data_as_the_option_takes_it() -> None:
    """A reviewer's find: the header wrote Camelot's own plan and tiles as Python (``plan=['TT', 'WW']``, ``False``);
    it writes them in JSON, as ``--option`` takes them, and the rest as before."""
    game = Camelot(plan=["TT", "WW"], tiles=[["tower", "T", 2, 2], ["wall", "W", 0, 2]])
    _, out = session(game, ["human", "human"], [], seed=3)
    assert out.splitlines()[0] == (
        'Camelot: The Build (plan=["TT", "WW"], tiles=[["tower", "T", 2, 2, false], ["wall", "W", 0, 2, false]]),'
        " seed 3"
    )
    _, out = session(Tafl("brandubh", repetition=None), ["human", "human"], [], seed=3)
    assert out.splitlines()[0] == "Tafl, variant brandubh (repetition=None), seed 3"


def test_a_finished_game_with_chance_or_hidden_information_stays_as_it_ended() -> None:
    """The rule the web keeps (match.take_back_refusal): once such a game is over it is not taken back; its
    prompt offers no undo, and says why in its one line."""
    game = ClothOfGold()
    out = io.StringIO()
    lines = iter(["undo", "board"])

    def read(prompt: str) -> str:
        out.write(prompt)
        line = next(lines, None)
        if line is None:
            raise EOFError
        out.write(line + "\n")
        return line

    s = Session(game, ["human", FirstMove()], seed=4, out=out, read=read, stay=True)
    while not s.state.is_over:  # played through the match, as the session plays: each move logged with its seat
        s.match.play(s.state.current_player, s.state.legal_moves()[0])
    played = s.state.history
    s.run()
    said = out.getvalue()
    assert "the game is over, and stays so (chance or hidden information): 'board' shows the board, 'quit' leaves" in (
        said
    )
    assert "game over> undo\nthe game is over, and its record (with the seed, which foretells chance) is out" in said
    assert s.state.history == played and "took back" not in said
