"""Every game declares what it is (issue 26): information, chance and seat names as data."""

from __future__ import annotations

import pytest

from boardkit import OptionError
from boardkit.about import About, Chance, Information
from boardkit.games import load
from boardkit.testing import Nim


@pytest.mark.parametrize(
    ("name", "information", "chance"),
    [
        ("tafl", Information.PERFECT, Chance.NONE),
        ("five-fields", Information.PERFECT, Chance.PUBLIC),
        ("cloth-of-gold", Information.IMPERFECT, Chance.HIDDEN),
        ("camelot", Information.IMPERFECT, Chance.PUBLIC),
    ],
)
def test_each_shipped_game_declares_what_it_is(name: str, information: Information, chance: Chance) -> None:
    game = load(name)
    assert game.about.information is information
    assert game.about.chance is chance
    assert game.about.title


def test_a_declared_imperfect_game_has_views_that_differ() -> None:
    """The declaration agrees with the game: the two seats of Cloth of Gold see different things."""
    state = load("cloth-of-gold").new_game(seed=1)
    assert state.view(0) != state.view(1)


def test_seat_names_come_from_the_declaration() -> None:
    assert load("tafl").seat_name(1) == "defenders"
    assert Nim().seat_name(1) == "player 1"

    class Named(Nim):
        max_players = 3
        about = About(seats=("first", "second"))

    assert Named().seat_name(0) == "first"
    assert Named().seat_name(2) == "player 2"


@pytest.mark.parametrize("name", ["tafl", "nim", "camelot", "five-fields", "cloth-of-gold"])
def test_a_seat_name_is_asked_only_of_a_seat(name: str) -> None:
    """A seat is a number from 0 below the most players; anything else is a one-line OptionError
    (Tafl named seat -1 "defenders", and every game raised a bare TypeError for a word)."""
    game = Nim() if name == "nim" else load(name)
    assert game.seat_name(game.max_players - 1)
    for bad in (-1, game.max_players, "0", None, 1.0, True):
        with pytest.raises(OptionError, match=r"seat"):
            game.seat_name(bad)


@pytest.mark.parametrize("name", ["tafl", "five-fields", "cloth-of-gold", "camelot"])
def test_every_shipped_option_declares_its_help_and_type(name: str) -> None:
    infos = load(name).option_info()
    assert infos
    for info in infos:
        assert info.help and "\n" not in info.help, info.name
        assert info.type in ("bool", "int", "float", "str", "data"), info.name
        assert info.describe().endswith(f"default {'none' if info.default is None else repr(info.default)}")


def test_declared_ranges_and_choices_are_enforced() -> None:
    with pytest.raises(OptionError, match="first must be"):
        load("camelot", first=7)
    assert load("camelot", first="random").options.first == "random"
    with pytest.raises(OptionError, match="heap must be"):
        Nim(heap=0)


def test_a_users_options_class_describes_itself() -> None:
    import attrs

    from boardkit.about import option
    from boardkit.game import make_options, option_info

    @attrs.frozen
    class Options:
        size: int = option(9, "the board's width", low=5, high=19)
        colour: str = option("red", "the first player's colour", choices=("red", "blue"))
        fast: bool = option(False, "skip the set-up")

    infos = {o.name: o for o in option_info(Options)}
    assert infos["size"].describe() == "an int from 5 to 19; default 9"
    assert infos["colour"].choices == ("red", "blue")
    assert infos["fast"].to_dict()["type"] == "bool"
    with pytest.raises(OptionError, match="colour must be one of 'red', 'blue'"):
        make_options(Options, {"colour": "green"}, game="demo")
    with pytest.raises(OptionError, match="size must be an int from 5 to 19, not 3"):
        make_options(Options, {"size": 3}, game="demo")



def test_a_data_option_declares_its_items_fields_and_what_none_stands_for() -> None:
    """What the start page reads a game's own data by, an item a line: each field's type from the annotation (a
    tile's name "no" is text, its value a number), and the data none stands for, to start the box from."""
    import attrs

    from boardkit.about import option
    from boardkit.game import option_info

    @attrs.frozen
    class Options:
        rows: tuple[str, ...] | None = option(None, "rows of your own (none: two)", none_is=("ab", "cd"))
        pairs: tuple[tuple[str, int, bool], ...] = option((), "pairs of your own")
        grid: tuple[tuple[int, ...], ...] | None = option(None, "a grid of your own")

    infos = {o.name: o for o in option_info(Options)}
    assert [(o.type, o.fields, o.none_is) for o in infos.values()] == [
        ("data", ("str",), ["ab", "cd"]), ("data", ("str", "int", "bool"), None), ("data", (), None)
    ]
    assert infos["rows"].to_dict()["none_is"] == ["ab", "cd"] and infos["pairs"].to_dict()["fields"][1] == "int"
    camelot = {o.name: o for o in load("camelot").option_info()}
    assert camelot["tiles"].fields == ("str", "str", "int", "int", "bool") and camelot["plan"].fields == ("str",)
    assert camelot["plan"].none_is[0] == "TWWWWWWWWT" and camelot["tiles"].none_is[0] == ["tower", "T", 2, 4, False]


@pytest.mark.parametrize("name", ["tafl", "five-fields", "cloth-of-gold", "camelot"])
def test_every_shipped_game_says_its_goal_and_turn(name: str) -> None:
    about = load(name).about
    assert about.goal.endswith(".") and about.turn.endswith(".")
    assert "\n" not in about.goal + about.turn


def test_an_attrs_range_check_is_the_options_range() -> None:
    """issue 40 (a newcomer's report): `boardkit list` said "an int" for an option its game checks with
    attrs.validators.in_(range(...)), as the tutorial writes them; the range is the option's."""
    from hex import Hex

    (size,) = Hex().option_info()
    assert (size.low, size.high) == (1, 26)
    assert size.describe().startswith("an int from 1 to 26")


def test_a_range_too_long_to_count_is_still_read() -> None:
    """A reviewer's catch: len() of range(1, 2**64) overflows, and every game with such a check failed to build."""
    import attrs

    from boardkit.game import option_info

    @attrs.frozen
    class Wide:
        seed_like: int = attrs.field(default=1, validator=attrs.validators.in_(range(1, 2**64)))

    (info,) = option_info(Wide)
    assert (info.low, info.high) == (1, 2**64 - 1)
