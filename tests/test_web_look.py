"""The site's look in a real browser (Debian's Chromium, as in test_web_browser):
every shipped game's page and the start page at desktop (1200x900) and phone
(390x844) size, each screenshot checked for text too small to read and for
anything wider than the screen; the key under each board written out at a
size to read, its swatches drawn as the board draws what they stand for;
controls a finger can tap on a phone; seats counted from 1 where a person
reads them; hands drawn as tiles in the board's colours; the moves shown on
the board with their list folded away; the start page's pictures (each
whole), bot levels and option choices in words, a game's own data in lines;
a board's parts in the colours its game gives them.

``BOARDKIT_SCREENSHOTS=folder`` keeps the screenshots to look at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from test_web_browser import (
    GROUPED_KIT_GAMES,
    LAYOUT,
    LEAST_TEXT,
    SCREENS,
    TEXT_SIZE,
    Tab,
    browser,
    layout,
    server,
    shots_dir,
    table,
)

from boardkit import games

__all__ = ["browser", "server"]  # the fixtures, shared with test_web_browser's definitions

# The games whose players hold hands: what only you see, and what every player sees of the hands.
HANDS = {"cloth-of-gold": ("#private .tile", "#public .tile"), "camelot": ("#private .tile", "#public .tile")}
#: The least text size of the key under a board, in CSS pixels, at every size.
KEY_TEXT = 14.0
#: The least width and height of anything a finger taps on a phone, in CSS pixels (WCAG's target size).
TAP = 44.0
# The key under the board: each line's computed font size, its text, and the key's words left in the picture.
KEY = """() => ({
  lines: [...document.querySelectorAll('#key li')].map(li => [parseFloat(getComputedStyle(li).fontSize),
                                                              li.textContent]),
  left: [...document.querySelectorAll('#board svg text')].map(t => t.textContent),
})"""
# What a finger taps on the screen (a box or round button by its label) that is less than TAP each way.
SMALL_TARGETS = """(least) => {
  const small = [];
  for (const e of document.querySelectorAll('button, a[href], select, input, textarea, summary')) {
    const target = e.matches('[type=checkbox], [type=radio]') ? e.closest('label') || e : e;
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(e).visibility === 'hidden') continue;
    if (box.width < least - 0.5 || box.height < least - 0.5) {
      const name = e.id || e.textContent.trim().slice(0, 20) || e.tagName;
      small.push([name, Math.round(box.width), Math.round(box.height)]);
    }
  }
  return small;
}"""
# Every word on the page and in its picture (titles, tooltips), as a person reads it.
WORDS = """() => document.body.innerText + ' ' +
  [...document.querySelectorAll('#board svg text, #board svg title')].map(t => t.textContent).join(' ')"""


def key_reads(tab: Tab, game: str) -> None:
    """At each size, the key is written out under the board in text of at least :data:`KEY_TEXT` pixels,
    and none of it is left in the picture, where it shrank with the board (11 pixels on a phone)."""
    for screen, size in SCREENS.items():
        tab.page.set_viewport_size(size)
        tab.page.wait_for_function("w => document.documentElement.clientWidth === w", arg=size["width"])
        found = tab.page.evaluate(KEY)
        assert found["lines"] and min(px for px, _ in found["lines"]) >= KEY_TEXT, (game, screen, found["lines"])
        starts = {line.strip()[:12] for _, line in found["lines"]}
        assert not [text for text in found["left"] if text.strip()[:12] in starts], (game, screen, found["left"])
    tab.page.set_viewport_size(SCREENS["desktop"])


def looked_at(tab: Tab, name: str, folder: Any) -> None:
    """Screenshots of the page at each size in ``folder``: nothing wider than
    the screen, and no text under :data:`LEAST_TEXT` pixels."""
    for screen, size in SCREENS.items():
        tab.page.set_viewport_size(size)
        tab.page.wait_for_function("w => document.documentElement.clientWidth === w", arg=size["width"])
        tab.page.screenshot(path=str(folder / f"{name}-{screen}.png"), full_page=True)
        found = tab.page.evaluate(LAYOUT)
        assert found["overflow"] <= 0 and found["wide"] == [], (name, screen, found)
        smallest = tab.page.evaluate(TEXT_SIZE)
        assert smallest[0][0] >= LEAST_TEXT, (name, screen, smallest)
    tab.page.set_viewport_size(SCREENS["desktop"])


@pytest.mark.parametrize("game", games.names())
def test_every_shipped_games_page_reads_on_a_phone_and_shows_its_moves_on_the_board(
    server: tuple[str, Any], browser: Any, tmp_path: Any, game: str
) -> None:
    base, _ = server
    tab = Tab(browser)
    tab.start(base, game, ["here", "random"])
    tab.wait_my_turn(-1)
    page = tab.page
    # Board first: the cells a move can start from are marked, and the list of every move is folded away.
    assert page.locator("#board [data-cell].can").count() > 0
    assert page.locator("#all-moves").get_attribute("open") is None and tab.moves()
    assert page.is_hidden(f'[data-move="{tab.moves()[0]}"]')
    folder = shots_dir(tmp_path)
    found = layout(tab, game, "look", folder)  # both sizes, with the text size asserted
    key_reads(tab, game)
    # On a phone the board takes the screen's width, less the margins.
    assert found["phone"]["board"][0] >= 0.8 * SCREENS["phone"]["width"], found
    if game in HANDS:
        own, public = HANDS[game]
        assert page.locator(own).count() > 0, page.inner_html("#private")
        assert page.locator(public).count() > 0 or game == "cloth-of-gold"  # courts start empty
        assert page.locator("#private pre").filter(has_text="hand").count() == 0
    assert tab.errors == []
    tab.close()


def test_cloth_of_gold_draws_a_picture_built_for_a_phone(server: tuple[str, Any], browser: Any) -> None:
    base, _ = server
    tab = Tab(browser)
    tab.start(base, "cloth-of-gold", ["here", "random"])
    box = tab.page.eval_on_selector("#board svg", "s => s.viewBox.baseVal.width")
    assert box <= 420  # a picture for 390 px, not an 800-unit one shrunk
    # Its hand as coloured tiles: "gold 1, blue 2" as a gold tile and a blue one marked x2.
    names = tab.page.eval_on_selector_all("#private .tile", "els => els.map(e => e.dataset.tile)")
    assert names and set(names) <= {"gold", "blue", "white", "red", "jewel"}
    assert tab.errors == []
    tab.close()


def test_the_start_page_pictures_levels_and_options_in_words(
    server: tuple[str, Any], browser: Any, tmp_path: Any
) -> None:
    base, _ = server
    tab = Tab(browser)
    page = tab.page
    page.goto(base + "/")
    page.wait_for_selector("[data-pick]", state="attached")
    # A picture of each game: its own board, drawn from its starting position.
    for name in games.names():
        cells = page.locator(f'.card:has([data-pick="{name}"]) .picture svg [data-cell]').count()
        assert cells > 0, name
    # Each picture whole, and no more: Cloth of Gold's was cut to its ovals (its Track and Courts cut off), and
    # a board's key stays out (Tafl's is square).
    shapes = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.card .picture svg')].map(svg => {
          const v = svg.viewBox.baseVal;
          const out = [...svg.querySelectorAll('rect:not([width="100%"]), circle, polygon, ellipse')]
            .map(e => e.getBBox()).filter(b => b.width && (b.x < v.x - 0.5 || b.y < v.y - 0.5
              || b.x + b.width > v.x + v.width + 0.5 || b.y + b.height > v.y + v.height + 0.5));
          return [svg.closest('.card').querySelector('[data-pick]').value, [out.length, v.height / v.width]];
        }))"""
    )
    assert set(games.names()) <= set(shapes) and all(cut == 0 for cut, _ in shapes.values()), shapes
    assert shapes["tafl"][1] == pytest.approx(1, abs=0.02) and shapes["cloth-of-gold"][1] > 1, shapes
    page.check('[data-pick="tafl"]')
    # Bot levels with their agent and budget in words.
    levels = page.eval_on_selector_all('[data-seat="1"] option', "os => os.map(o => o.textContent)")
    assert "bot, medium: alpha-beta search, 0.5 s a move" in levels, levels
    assert "bot, hard: alpha-beta search, 2 s a move" in levels, levels
    assert not any(text.strip().isdigit() for text in levels)
    # Option choices in words: nobody, attackers, defenders, both.
    page.evaluate("() => { document.getElementById('options-box').open = true; }")
    choices = page.eval_on_selector_all('[data-field="corner_hostile"] option', "os => os.map(o => o.textContent)")
    assert choices == ["nobody", "attackers", "defenders", "both"]
    assert "default both" in page.inner_text('[data-option="corner_hostile"] .help')
    stops = page.eval_on_selector_all('[data-field="throne_stop"] option', "os => os.map(o => o.textContent)")
    assert stops[0] == "nobody" and "the King" in stops and not {"t", "T", "tT", "(empty)"} & set(stops)
    page.evaluate("() => { document.getElementById('options-box').open = false; }")
    looked_at(tab, "start", shots_dir(tmp_path))
    # A game chosen by its card starts with the options in words sent as their values.
    page.evaluate("() => { document.getElementById('options-box').open = true; }")
    page.select_option('[data-field="corner_hostile"]', label="attackers")
    page.select_option('[data-seat="1"]', "random")
    page.click("#go")
    page.wait_for_url("**/table/**")
    table_id = page.url.split("/table/")[1].split("?")[0]
    _, app = server
    assert app.state.tables.get(table_id).game.options.corner_hostile == "t"
    assert tab.errors == []
    tab.close()


def test_a_19x19_board_on_a_phone_scrolls_in_its_box_rather_than_shrinking_out_of_reach(
    server: tuple[str, Any], browser: Any, tmp_path: Any
) -> None:
    """issue 40: Alea Evangelii's 19x19 board came out at 17-pixel cells with 7-pixel coordinates on a
    390-pixel screen. The picture keeps at least 69% of its size; its box scrolls, the page does not."""
    base, _ = server
    tab = Tab(browser)
    tab.start(base, "tafl", ["here", "random"], variant="alea-evangelii")
    page = tab.page
    page.set_viewport_size(SCREENS["phone"])
    page.wait_for_function("w => document.documentElement.clientWidth === w", arg=SCREENS["phone"]["width"])
    page.screenshot(path=str(shots_dir(tmp_path) / "alea-evangelii-phone.png"))
    found = page.evaluate(
        """() => {
      const box = document.getElementById('board');
      const cell = box.querySelector('[data-cell]').getBoundingClientRect();
      const doc = document.documentElement;
      const overflow = doc.scrollWidth - doc.clientWidth;
      return {cell: cell.width, scrolls: box.scrollWidth - box.clientWidth, overflow: overflow};
    }"""
    )
    assert found["cell"] >= 27 and found["scrolls"] > 0 and found["overflow"] <= 0, found
    smallest = page.evaluate(TEXT_SIZE)
    assert smallest[0][0] >= LEAST_TEXT, smallest
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("game", ["cloth-of-gold", "five-fields", "camelot"])
def test_seats_are_counted_from_1_where_a_person_reads_them(server: tuple[str, Any], browser: Any, game: str) -> None:
    """A newcomer's pass: the start page and the game pages said "player 0" (the seats' numbers as the games
    and their records count them); a person counts from 1. The JSON the pages read keeps the numbers."""
    base, app = server
    tab = Tab(browser)
    page = tab.page
    page.goto(base + "/")
    page.wait_for_selector("[data-pick]", state="attached")
    page.check(f'[data-pick="{game}"]')
    labels = page.eval_on_selector_all("#seats label", "ls => ls.map(l => l.firstChild.textContent.trim())")
    assert labels == ["player 1", "player 2"], labels
    if game != "five-fields":  # who moves first, chosen by seat among the seats there are (5 Fields: player 1)
        firsts = page.eval_on_selector_all('[data-field="first"] option:not([hidden])', "os => os.map(o => o.text)")
        assert firsts[:2] == ["player 1", "player 2"] and "player 3" not in firsts, firsts
    table_id = tab.start(base, game, ["here", "random"])
    for _ in range(3):  # some moves, so that the moves so far say who played and what it did
        tab.wait_my_turn(-1)
        before = tab.version
        tab.press(tab.moves()[-1])
        tab.wait_my_turn(before)
    words = page.evaluate(WORDS)
    assert "player 1" in words and "player 2" in words
    assert not re.search(r"\b(player|Player|Court|hand) 0\b", words), re.findall(r".{30}\b[a-zA-Z]+ 0\b.{10}", words)
    answer = page.request.get(f"{base}/api/tables/{table_id}?token={table(app, table_id).host_token}").json()
    assert answer["seats"][0]["name"] == "player 0" and answer["you"] == 0 and "player 0" in answer["svg"]
    assert tab.errors == []
    tab.close()


def test_on_a_phone_every_control_is_big_enough_to_tap(server: tuple[str, Any], browser: Any) -> None:
    """A newcomer's pass: on a 390-pixel screen the move buttons, links and fields were 19 to 21 pixels tall."""
    base, _ = server
    tab = Tab(browser)
    page = tab.page
    try:
        page.set_viewport_size(SCREENS["phone"])
        page.goto(base + "/")
        page.wait_for_selector("[data-pick]", state="attached")
        for game in games.names():
            page.check(f'[data-pick="{game}"]')
            page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
            assert page.evaluate(SMALL_TARGETS, TAP) == [], game
        tab.start(base, "cloth-of-gold", ["here", "link"])
        tab.wait_my_turn(-1)
        page.click(f'#board [data-cell="{page.evaluate("() => page.moves[0].cells[0]")}"]')  # a choice beside it
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        assert page.locator("[data-copy]").count() == 1 and page.locator("[data-move]").count() > 1
        assert page.evaluate(SMALL_TARGETS, TAP) == []
        assert tab.errors == []
    finally:
        tab.close()


@pytest.mark.parametrize(
    ("variant", "shades"),
    [
        ("hnefatafl", {"throne: ": "f6", "corner: marked, but": "a1"}),
        ("copenhagen", {"throne and corners: ": "a1"}),
    ],
)
def test_tafls_key_draws_the_throne_and_corners_as_the_board_shades_them(
    server: tuple[str, Any], browser: Any, variant: str, shades: dict[str, str]
) -> None:
    """A newcomer's pass: the key drew the throne's and corners' shades as small discs, like its pieces, in
    11-pixel text on a phone; each is now a square of the shade the board gives those squares."""
    base, _ = server
    tab = Tab(browser)
    tab.start(base, "tafl", ["here", "random"], variant=variant)
    found = tab.page.evaluate(
        """() => [...document.querySelectorAll('#key li')].map(li => {
          const shape = li.querySelector('svg.swatch > *');
          return [li.textContent, shape ? shape.tagName : '', shape ? shape.getAttribute('fill') : ''];
        })"""
    )
    for start, cell in shades.items():
        fill = tab.page.get_attribute(f'#board [data-cell="{cell}"] > rect', "fill")
        entry = [(shape, colour) for text, shape, colour in found if text.startswith(start)]
        assert entry == [("rect", fill)], (start, found)
    assert [shape for text, shape, _ in found if text.startswith(("attacker", "defender", "king"))] == ["circle"] * 3
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("game", GROUPED_KIT_GAMES)
def test_a_board_in_parts_shows_them_in_the_colours_its_game_names(
    server: tuple[str, Any], browser: Any, game: str
) -> None:
    """Issue 39: Pentago's quarters and Ultimate tic-tac-toe's small boards, each square in the colour its game's
    cell_colours names for it, as the browser paints it (they were all the board's plain fill)."""
    base, app = server
    tab = Tab(browser)
    table_id = tab.start(base, game, ["here", "random"])
    painted = tab.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-cell]')].map(
          g => [g.dataset.cell, getComputedStyle(g.querySelector(':scope > rect:not(.hit)')).fill]))"""
    )
    named = table(app, table_id).game.cell_colours
    rgb = {name: "rgb({}, {}, {})".format(*(int(c[k : k + 2], 16) for k in (1, 3, 5))) for name, c in named.items()}
    assert painted == rgb and len(set(painted.values())) == 2
    assert tab.errors == []
    tab.close()


def test_cloth_of_golds_tiles_take_the_boards_colours(server: tuple[str, Any], browser: Any) -> None:
    """A newcomer's pass: the tiles beside the board were painted with the CSS colour of their name (blue
    came out violet, jewels beige); each now takes the colour the board draws it in."""
    base, _ = server
    tab = Tab(browser)
    tab.start(base, "cloth-of-gold", ["here", "random"])
    for _ in range(6):  # some tiles into the Courts
        tab.wait_my_turn(-1)
        before = tab.version
        tab.press(tab.moves()[0])
        tab.wait_my_turn(before)
    found = tab.page.evaluate(
        """() => [...document.querySelectorAll('span.tile')].map(t => [t.dataset.tile,
          t.style.getPropertyValue('--tile'),
          document.querySelector(`#board svg rect[class~="${t.dataset.tile}"]`).getAttribute('fill')])"""
    )
    assert len({name for name, _, _ in found}) >= 2, found
    assert all(colour == fill for _, colour, fill in found), found
    assert tab.errors == []
    tab.close()


def camelot_form(base: str, browser: Any) -> Tab:
    """The start page with Camelot chosen and its options shown."""
    tab = Tab(browser)
    tab.page.goto(base + "/")
    tab.page.wait_for_selector("[data-pick]", state="attached")
    tab.page.check('[data-pick="camelot"]')
    tab.page.evaluate("() => { document.getElementById('options-box').open = true; }")
    return tab


def started_with_lines(tab: Tab, app: Any, data: dict[str, list[str]]) -> Any:
    """Write each option's lines in its box (its none box cleared), start the game against a random bot, and
    return the options of the game the server built."""
    page = tab.page
    for name, lines in data.items():
        page.uncheck(f'[data-option="{name}"] [data-alternative]')
        page.fill(f'[data-field="{name}"]', "\n".join(lines))
    page.select_option('[data-seat="1"]', "random")
    page.click("#go")
    page.wait_for_function("() => location.pathname.includes('/table/') || document.getElementById('error').innerText")
    assert page.inner_text("#error") == ""
    page.wait_for_url("**/table/**")
    return table(app, page.url.split("/table/")[1].split("?")[0]).game.options


def test_camelots_own_plan_and_tiles_are_written_in_lines_not_json(server: tuple[str, Any], browser: Any) -> None:
    """A newcomer's pass: Camelot's plan and tile list were boxes for JSON text beside a box "none"; they are
    lines now (a plan's rows, a tile a line), and none is the standard plan, as the help says."""
    from boardkit.games.camelot.plan import STANDARD_PLAN
    from boardkit.games.camelot.tiles import STANDARD_TILES

    base, app = server
    tab = camelot_form(base, browser)
    page = tab.page
    text = page.inner_text("#options") + " ".join(
        page.eval_on_selector_all("#options textarea", "ts => ts.map(t => t.placeholder)")
    )
    assert "JSON" not in text and "none" not in text, text
    assert "the standard plan" in page.inner_text('[data-option="plan"] label.alternative')
    assert "default the standard list" in page.inner_text('[data-option="tiles"] .help')
    firsts = page.eval_on_selector_all('[data-field="first"] option:not([hidden])', "os => os.map(o => o.text)")
    assert firsts == ["player 1", "player 2", "random"], firsts
    plan = list(reversed(STANDARD_PLAN))  # the standard plan upside down: the gatehouse at the top
    tiles = [", ".join(str(f).lower() if isinstance(f, bool) else str(f) for f in entry) for entry in STANDARD_TILES]
    options = started_with_lines(tab, app, {"plan": [" ".join(row) for row in plan], "tiles": tiles})
    assert options.plan == tuple(plan)
    assert options.tiles == STANDARD_TILES
    assert tab.errors == []
    tab.close()


def test_camelots_lines_are_read_as_the_game_declares_them_and_start_from_the_standard_ones(
    server: tuple[str, Any], browser: Any
) -> None:
    """Reviewers' finds: the page guessed each field's type from its text, so a tile named "no" (read as false)
    or of a digit kind letter (read as a number) was refused; the plan's box started empty, to be typed from
    nothing; and the table's title wrote the plan and tiles as Python (``['22', 'WW']``). Each field is read as
    the option declares it (``OptionInfo.fields``), the boxes start from the standard plan and list, and the
    title writes the data as ``--option`` takes it."""
    from boardkit.games.camelot.plan import STANDARD_PLAN
    from boardkit.games.camelot.tiles import STANDARD_TILES

    base, app = server
    tab = camelot_form(base, browser)
    page = tab.page
    assert page.input_value('[data-field="plan"]').split("\n") == list(STANDARD_PLAN)
    assert page.input_value('[data-field="tiles"]').split("\n")[0] == "tower, T, 2, 4, false"
    assert len(page.input_value('[data-field="tiles"]').split("\n")) == len(STANDARD_TILES)
    options = started_with_lines(tab, app, {"plan": ["2 2", "W W"], "tiles": ["no, 2, 1, 2, no", "yes, W, 0, 2"]})
    assert options.plan == ("22", "WW")
    assert options.tiles == (("no", "2", 1, 2, False), ("yes", "W", 0, 2, False))
    page.wait_for_function("() => document.getElementById('title').textContent.includes('plan')")
    assert page.inner_text("#title") == (
        'Camelot: The Build (plan=["22", "WW"], tiles=[["no", "2", 1, 2, false], ["yes", "W", 0, 2, false]])'
    )
    assert tab.errors == []
    tab.close()


def test_a_tile_line_holds_a_comma_kind_letter_in_double_quotes(server: tuple[str, Any], browser: Any) -> None:
    """A kind letter ``,`` split a tile's line at its comma, so such a tile could be given only as JSON: a
    field in double quotes is read as the JSON string it is, and the box writes such a field that way."""
    base, app = server
    tab = Tab(browser)
    page = tab.page

    def comma_tiles(route: Any) -> None:  # the box starts from what none stands for: here, a comma kind
        listed = route.fetch().json()
        for game in listed["games"]:
            for info in game["option_info"]:
                if info["name"] == "tiles":
                    info["none_is"] = [["comma", ",", 1, 2, False], ["quote", '"', 0, 1, True]]
        route.fulfill(json=listed)

    page.route("**/api/games", comma_tiles)
    page.goto(base + "/")
    page.wait_for_selector("[data-pick]", state="attached")
    page.check('[data-pick="camelot"]')
    page.evaluate("() => { document.getElementById('options-box').open = true; }")
    assert page.input_value('[data-field="tiles"]') == 'comma, ",", 1, 2, false\nquote, "\\"", 0, 1, true'
    page.uncheck('[data-option="tiles"] [data-alternative]')
    page.fill('[data-field="tiles"]', 'bad, "\\q", 1, 2')  # quoted, but not a JSON string: sent as typed
    page.click("#go")
    page.wait_for_function("() => document.getElementById('error').innerText")
    assert "'\"\\\\q\"'" in page.inner_text("#error")  # the server's one line: no script error before it
    assert [error for error in tab.errors if "status of 400" not in error] == []
    tab.errors.clear()
    options = started_with_lines(tab, app, {"plan": [", ,", "W W"], "tiles": ['comma, ",", 1, 2', "wall, W, 0, 2"]})
    assert options.plan == (",,", "WW")
    assert options.tiles == (("comma", ",", 1, 2, False), ("wall", "W", 0, 2, False))
    assert tab.errors == []
    tab.close()


def test_the_start_page_counts_seats_from_1_in_a_games_own_words_and_its_refusals(
    server: tuple[str, Any], browser: Any
) -> None:
    """A reviewer's find: the start page wrote a game's goal and turn (Kalah's "a1 to f1 (player 0)") and the
    server's refusals with the games' numbers, beside seats it names from 1. The game's words are given here
    with seat numbers in them, as Kalah's are."""
    base, _ = server
    tab = Tab(browser)
    page = tab.page

    def numbered(route: Any) -> None:
        listed = route.fetch().json()
        for game in listed["games"]:
            game["about"]["goal"] = "Player 0 and player 1 race."
            game["about"]["turn"] = "Sow from a1 to f1 (player 0) or a2 to f2 (player 1)."
        route.fulfill(json=listed)

    page.route("**/api/games", numbered)
    page.goto(base + "/")
    page.wait_for_selector("[data-pick]", state="attached")
    page.check('[data-pick="tafl"]')
    assert page.text_content("#goal") == "Goal: Player 1 and player 2 race."
    assert page.text_content("#turn") == "Sow from a1 to f1 (player 1) or a2 to f2 (player 2)."
    page.route("**/api/tables", lambda route: route.fulfill(status=400, json={"error": "first player 3 is not a seat"}))
    page.click("#go")
    page.wait_for_function("() => document.querySelector('#error').textContent.length > 0")
    assert page.text_content("#error") == "first player 4 is not a seat"
    tab.close()
