"""The Tafl layouts, the rule sets played today, and the game's options.

Examples:
    >>> sorted(VARIANTS)[:4]
    ['alea-evangelii', 'ard-ri', 'brandubh', 'copenhagen']
    >>> TaflOptions().variant, TaflOptions().escape
    ('hnefatafl', 'edge')
    >>> RULE_SETS["fetlar"]
    {'escape': 'corner', 'encirclement': True, 'throne_hostile': 't'}
    >>> TaflOptions(variant="tablut", throne_stop="", corners="").throne_stop
    ''
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from boardkit.about import option
from boardkit.errors import NotationError, OptionError, shown
from boardkit.games.tafl.moves import parse_square, read_position, square_name, write_position

__all__ = [
    "JUMPS",
    "RULE_SETS",
    "VARIANTS",
    "TaflOptions",
    "canonical_layout",
    "default_corners",
    "default_throne",
    "square_cells",
    "variant_default",
    "who_may",
]

#: The start position of every named variant, in OpenTafl position notation.
VARIANTS: Final[dict[str, str]] = {
    "brandubh": "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "ard-ri": "/2ttt2/3t3/t1TTT1t/ttTKTtt/t1TTT1t/3t3/2ttt2/",
    "tablut": "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    "hnefatafl": "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "tawlbwrdd": "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
    "toftanes": "/4ttttt4/6t6/13/6T6/t5T5t/t5T5t/tt1TTTKTTT1tt/t5T5t/t5T5t/6T6/13/6t6/4ttttt4/",
    "alea-evangelii": (
        "/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/"
        "3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/"
    ),
}
VARIANTS["copenhagen"] = VARIANTS["fetlar"] = VARIANTS["hnefatafl"]
VARIANTS["federation-brandubh"] = VARIANTS["brandubh"]

#: The rule sets played today (RULINGS.md, "Tafl rule sets played today"):
#: the options each named variant sets; options given to :class:`~boardkit.games.tafl.Tafl`
#: override them.
RULE_SETS: Final[dict[str, dict[str, Any]]] = {
    "copenhagen": {
        "escape": "corner",
        "shieldwall": True,
        "shieldwall_close": "onto-edge",
        "exit_fort": True,
        "encirclement": True,
        "repetition_result": "defenders-lose",
    },
    "fetlar": {"escape": "corner", "encirclement": True},
    "federation-brandubh": {"escape": "corner", "king_captured_by": "throne", "encirclement": True},
}
# Copenhagen and Fetlar: "the throne is always hostile to attackers" (RULINGS.md), with the King
# on it too, whatever the King's own part in captures.
RULE_SETS["copenhagen"]["throne_hostile"] = RULE_SETS["fetlar"]["throne_hostile"] = "t"

#: The name of the variant played from a ``layout`` of one's own.
CUSTOM: Final = "custom"


def canonical_layout(text: str) -> str:
    """Check a layout given as OpenTafl position text and write it canonically.

    A layout needs a square board with an odd side (3 to 25) and exactly one
    King. Which squares a piece may start on depends on the options (a piece
    other than the King only where it may stop); :class:`TaflOptions` checks that.

    Raises:
        OptionError: saying what is wrong with the layout.

    Examples:
        >>> canonical_layout("1t1/tKt/1t1")
        '/1t1/tKt/1t1/'
        >>> canonical_layout("/3/3/3/")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: bad layout '/3/3/3/': a layout needs exactly one king (K), not 0
    """
    try:
        rows = read_position(text)
    except NotationError as exc:
        raise OptionError(f"bad layout {text!r}: {exc.reason}") from None
    kings = sum(row.count("king") for row in rows)
    if kings != 1:
        raise OptionError(f"bad layout {text!r}: a layout needs exactly one king (K), not {kings}")
    return write_position(rows)


#: The ways a piece may jump (:attr:`TaflOptions.king_jump` and the officers').
JUMPS: Final = ("none", "restricted", "jump", "capturing")

_SQUARE_NAME = re.compile(r"([a-y])([1-9][0-9]?)")


def _square_list(name: str) -> Callable[[Any], str | None]:
    """A converter: square names separated by commas, kept sorted by file then
    rank without repeats; ``""`` for none, ``None`` for the option's default."""

    def convert(value: Any) -> str | None:
        if value is None:
            return None
        parts = [p.strip() for p in value.split(",")] if isinstance(value, str) else None
        if parts is None or any(p and not _SQUARE_NAME.fullmatch(p) for p in parts):
            raise OptionError(
                f"{name} must be square names separated by commas such as 'a1,k11' ('' for none,"
                f" None for the default), not {shown(value)}"
            )
        squares = {p for p in parts if p}
        return ",".join(sorted(squares, key=lambda p: (p[0], int(p[1:]))))

    return convert


def _letters(name: str, allowed: str) -> Callable[[Any], str]:
    """A converter: piece letters (any of ``allowed``), kept in the order of ``allowed``."""

    def convert(value: Any) -> str:
        if not isinstance(value, str) or any(ch not in allowed for ch in value):
            said = ", ".join(repr(ch) for ch in allowed)
            raise OptionError(f"{name} must be letters from {said} ('' for none), not {shown(value)}")
        return "".join(ch for ch in allowed if ch in value)

    return convert


def _letter_words(allowed: str) -> dict[str, str]:
    """Every set of piece letters from ``allowed`` in words, for the web
    form's choices: ``""`` nobody, ``"t"`` attackers, ``"tT"`` both (or, with
    the King among them, attackers and defenders).

    Examples:
        >>> _letter_words("tT")
        {'': 'nobody', 't': 'attackers', 'T': 'defenders', 'tT': 'both'}
        >>> _letter_words("tTK")["TK"], _letter_words("tTK")["tTK"]
        ('defenders and the King', 'everybody')
    """
    names = {"t": "attackers", "T": "defenders", "K": "the King"}
    words = {"": "nobody"}
    for mask in range(1, 2 ** len(allowed)):
        letters = "".join(ch for i, ch in enumerate(allowed) if mask >> i & 1)
        said = [names[ch] for ch in letters]
        if len(letters) == len(allowed):
            words[letters] = "both" if len(allowed) == 2 else "everybody"
        else:
            words[letters] = " and ".join(said)
    return dict(sorted(words.items(), key=lambda kv: (len(kv[0]), [allowed.index(ch) for ch in kv[0]])))


def _letters_option(name: str, allowed: str, default: str, help: str) -> Any:
    """An option that names pieces by their letters (any of ``allowed``), offered in words."""
    return option(default, help, converter=_letters(name, allowed), labels=_letter_words(allowed))


def square_cells(text: str, size: int, option: str = "square") -> frozenset[int]:
    """The cells (numbered row by row from the top-left) of a list of square
    names as :class:`TaflOptions` keeps them (``"a1,g7"``).

    Raises:
        OptionError: naming a square that is not on a ``size`` x ``size`` board.

    Examples:
        >>> sorted(square_cells("a1,g7", 7)), square_cells("", 7)
        ([6, 42], frozenset())
        >>> square_cells("h1", 7, "corners")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: corners: 'h1' is not a square of this board: no such square on a 7x7 board ...
    """
    cells = set()
    for name in filter(None, text.split(",")):
        try:
            column, row = parse_square(name, size)
        except NotationError as exc:
            raise OptionError(f"{option}: {name!r} is not a square of this board: {exc.reason}") from None
        cells.add(row * size + column)
    return frozenset(cells)


def _check_variant(_: object, __: object, value: object) -> None:
    if value != CUSTOM and value not in VARIANTS:
        known = ", ".join(repr(v) for v in VARIANTS)
        raise OptionError(f"unknown tafl variant {shown(value)}; variants are: {known} (or a layout of your own)")


def _layout(value: str | None) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise OptionError(f"layout must be OpenTafl position text or None, not {value!r}")
    return canonical_layout(value)


def _check_choice(*choices: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in choices:
            accepted = " or ".join(repr(c) for c in choices)
            raise OptionError(f"{attribute.name} must be {accepted}, not {value!r}")

    return check


def _check_bool(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise OptionError(f"{attribute.name} must be True or False, not {value!r}")


def _check_count(low: int, wanted: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator: an integer of at least ``low`` (``wanted`` says so), or None."""

    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < low):
            raise OptionError(f"{attribute.name} must be {wanted}; not {value!r}")

    return check


def _forts(value: Any) -> str:
    converted = _square_list("attacker_forts")(value)
    if converted is None:
        raise OptionError("attacker_forts must be square names separated by commas such as 'a4,a5' ('' for none)")
    return converted


def _check_first(_: object, __: object, value: object) -> None:
    if isinstance(value, bool) or value not in (0, 1):
        raise OptionError(f"first must be 0 (attackers) or 1 (defenders), not {value!r}")


@attrs.frozen
class TaflOptions:
    """The settings of a game of Tafl; every value is JSON-safe.

    Attributes:
        variant: One of :data:`VARIANTS`, or ``"custom"`` with a ``layout``.
        layout: The start position of a custom variant, as OpenTafl position
            text (kept in canonical form), or ``None`` for a named variant.
        escape: ``"edge"`` (the King wins on any edge square) or
            ``"corner"`` (only the four corners, which become restricted
            and hostile squares).
        mate: Whether a King move that opens two or more clear lines to a
            winning square wins at once.
        king_armed: Whether the King captures (with defenders, or against a
            hostile square).
        king_captured_by: ``"four"``: the King is taken only when enclosed on
            all four sides (the empty throne counts as an attacker), so never
            on an edge square; ``"two"``: he is taken like any piece;
            ``"throne"``: enclosed on four sides on or beside the throne, and
            like any piece elsewhere (Federation Brandubh);
            ``"middleweight"``: enclosed on every side that is on the board,
            so on an edge square by three (OpenTafl's "middleweight" King,
            ``ks:m``, its Magpie's rule).
        king_speed: The most squares the King may move in one move;
            ``None`` (the default) for no limit (OpenTafl's speed limits,
            ``spd``: its Magpie's King moves one square).
        repetition: The occurrence of one position (with the same player to
            move) that ends the game; ``None`` turns the rule off.
        repetition_result: What that repetition does: ``"draw"``,
            ``"defenders-lose"`` (Copenhagen), ``"repeater-loses"`` or
            ``"repeater-wins"`` (the player whose move made it).
        first: The player who moves first: 0 (attackers) or 1 (defenders).
        shieldwall: Whether a row of two or more pieces along an edge, each
            faced by an enemy, is taken together when bracketed at both ends
            (a corner may close one end; a King in the row survives); which
            move closes it is ``shieldwall_close``.
        shieldwall_close: Which move closes a shieldwall: ``"onto-edge"``
            (any move that ends on the bracketing square, along the edge or
            from inside the board: the ruling, Copenhagen's preset, and how the
            players' server took every wall in the recorded Copenhagen games),
            ``"along-edge"`` (only a move along the edge into it) or
            ``"any-move"`` (OpenTafl's relaxed shieldwall, ``swf:n``: after
            any move of a side, wherever it went, every enemy row then shut in
            along an edge is taken, the King in it excepted). The
            option's own default, for a layout that turns ``shieldwall`` on
            without the Copenhagen preset, stays ``"along-edge"``.
        exit_fort: Whether the defenders win when the King stands on an edge
            square, can move, and sits in a fort of defenders that the
            attackers can never break.
        encirclement: Whether the attackers win when no defender can reach
            an edge square through empty squares and squares of his own side.
        corners: The corner squares, as square names separated by commas
            (``"a1,a2,b1"``), ``""`` for none; ``None`` (the default): the
            four corners of the board with ``escape="corner"``, no corner
            squares with ``escape="edge"``. With ``escape="corner"`` the King
            wins on any corner square.
        throne: The throne square (or several, separated by commas), ``""``
            for no throne; ``None`` (the default): the centre square.
        throne_stop: Who may stop on the throne: piece letters, ``t`` the
            attackers, ``T`` the defenders, ``K`` the King; ``""`` nobody
            (a piece may still start there).
        throne_pass: Who may pass over the empty throne (the same letters).
        corner_stop: Who may stop on a corner square.
        corner_pass: Who may pass over a corner square (corners off the
            board's own corners, such as Alea Evangelii's, lie in the way).
        throne_hostile: To whom a throne with a piece on it is hostile
            besides that piece itself: ``t`` the attackers, ``T`` the
            defenders (the King among them). A piece on a square always
            counts as itself: an enemy closes a capture (the King only when
            armed); ``throne_hostile`` adds the square's own hostility, so
            ``"t"`` (Copenhagen's "always hostile to attackers") makes the
            throne close a capture of an attacker even with an unarmed King
            on it.
        throne_hostile_empty: To whom an empty throne is hostile (the King's
            side too: an empty throne beside the King counts against him).
        corner_hostile: To whom a corner square is hostile.
        linnaean: Whether a defender beside the King on the centre square,
            the King's three other sides held by attackers, is captured by an
            attacker moving onto the far side of that defender (OpenTafl's
            "Linnaean capture", its Tablut rule).
        attacker_forts: The attacker forts (OpenTafl's ``afor``), as square
            names separated by commas; ``""`` (the default) for none. A piece
            standing on a fort square may move over and onto fort squares; a
            piece off them may enter one only if ``attacker_fort_enter`` lets
            it (Foteviken Tablut's camps: the attackers' start squares, which
            no piece enters again once it has left them).
        attacker_fort_enter: Who may come onto a fort square, passing over it
            or stopping on it, from off the forts (``t``, ``T``, ``K``;
            OpenTafl's ``aforre``).
        attacker_fort_hostile: To whom a fort square is hostile, empty or held
            (``t``, ``T``; OpenTafl's ``aforh``, whose default is the
            defenders).
        king_jump: How the King jumps (OpenTafl's ``kj``): ``"none"`` (the
            default); ``"jump"``: over an enemy man next to him (not a King,
            commander or knight) onto the empty square just beyond, where he
            may stop; ``"restricted"``: so, but only from or onto a special
            square (throne, corner, fort); ``"capturing"``: so, taking the
            man jumped over. Berserk's King jumps ``"restricted"``.
        knight_jump: How knights jump (``nj``; default ``"capturing"``).
        commander_jump: How commanders jump (``cj``; default ``"jump"``).
            Knights and commanders (position letters ``n``/``c`` for the
            attackers, ``N``/``C`` for the defenders) are the officers of
            OpenTafl's Berserk: they move, capture and are captured as men of
            their side; where the attackers start with one, the King (taken
            by four otherwise) is taken only on a line, away from the throne,
            by an officer moving next to him with an officer or a hostile
            corner on his other side.
        berserk: OpenTafl's berserk rule (``ber``): ``"none"`` (the
            default); ``"capture"``: a move that captures lets the same
            piece move again, at once, if from its new square it could
            capture again (Berserk's ``ber:c``); ``"any-move"``: if it can
            move at all (``ber:m``). A third repetition is not judged while
            such a move is owed.

    Examples:
        >>> TaflOptions(escape="corner").escape
        'corner'
        >>> TaflOptions(repetition=1)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: repetition must be an integer of at least 2, or None to turn it off; not 1
    """

    variant: str = option(
        "hnefatafl", "the board and rule set", choices=(*VARIANTS, CUSTOM), validator=_check_variant
    )
    layout: str | None = option(None, "a custom start position, as OpenTafl position text", converter=_layout)
    escape: Literal["edge", "corner"] = option(
        "edge", "where the King escapes: any edge square, or the corners only",
        validator=_check_choice("edge", "corner"),
    )
    mate: bool = option(False, "a King move opening two clear lines to escape wins at once", validator=_check_bool)
    king_armed: bool = option(True, "the King helps to capture", validator=_check_bool)
    king_captured_by: Literal["four", "two", "throne", "middleweight"] = option(
        "four",
        "the King is taken when enclosed on four sides, by two like any piece, by four at the throne only,"
        " or when enclosed on every side on the board (middleweight: three on an edge)",
        validator=_check_choice("four", "two", "throne", "middleweight"),
    )
    king_speed: int | None = option(
        None, "the most squares the King moves in one move (none: no limit)", low=1,
        validator=_check_count(1, "a number of squares of at least 1, or None for no limit"),
    )
    repetition: int | None = option(
        3, "the occurrence of one position that ends the game (none: never)", low=2,
        validator=_check_count(2, "an integer of at least 2, or None to turn it off"),
    )
    first: int = option(0, "who moves first: 0 attackers, 1 defenders", low=0, high=1, validator=_check_first)
    repetition_result: Literal["draw", "defenders-lose", "repeater-loses", "repeater-wins"] = option(
        "draw",
        "what that repetition does",
        validator=_check_choice("draw", "defenders-lose", "repeater-loses", "repeater-wins"),
    )
    shieldwall: bool = option(
        False, "a row along an edge bracketed at both ends is taken together", validator=_check_bool
    )
    shieldwall_close: Literal["along-edge", "onto-edge", "any-move"] = option(
        "along-edge",
        "which move closes a shieldwall: only one along the edge, any move onto the bracketing square"
        " (from inside the board too: Copenhagen's preset), or any move at all that leaves the row shut in"
        " (OpenTafl's relaxed shieldwall)",
        validator=_check_choice("along-edge", "onto-edge", "any-move"),
    )
    exit_fort: bool = option(False, "the defenders win with the King in an unbreakable fort on an edge",
                             validator=_check_bool)
    encirclement: bool = option(False, "the attackers win when no defender can reach an edge", validator=_check_bool)
    corners: str | None = option(
        None,
        "the corner squares, such as 'a1,a2,b1' ('' none; default: the four corners with escape='corner')",
        converter=_square_list("corners"),
    )
    throne: str | None = option(
        None, "the throne square(s), such as 'd4' ('' none; default: the centre)", converter=_square_list("throne")
    )
    throne_stop: Literal["", "t", "T", "K", "tT", "tK", "TK", "tTK"] = _letters_option(
        "throne_stop", "tTK", "K", "who may stop on the throne: t attackers, T defenders, K the King"
    )
    throne_pass: Literal["", "t", "T", "K", "tT", "tK", "TK", "tTK"] = _letters_option(
        "throne_pass", "tTK", "tTK", "who may pass over the empty throne (t, T, K)"
    )
    corner_stop: Literal["", "t", "T", "K", "tT", "tK", "TK", "tTK"] = _letters_option(
        "corner_stop", "tTK", "K", "who may stop on a corner square (t, T, K)"
    )
    corner_pass: Literal["", "t", "T", "K", "tT", "tK", "TK", "tTK"] = _letters_option(
        "corner_pass", "tTK", "K", "who may pass over a corner square (t, T, K)"
    )
    throne_hostile: Literal["", "t", "T", "tT"] = _letters_option(
        "throne_hostile", "tT", "",
        "to whom a throne with a piece on it is hostile besides that piece: t attackers, T defenders",
    )
    throne_hostile_empty: Literal["", "t", "T", "tT"] = _letters_option(
        "throne_hostile_empty", "tT", "tT", "to whom the empty throne is hostile: t attackers, T defenders"
    )
    corner_hostile: Literal["", "t", "T", "tT"] = _letters_option(
        "corner_hostile", "tT", "tT", "to whom a corner square is hostile: t attackers, T defenders"
    )
    linnaean: bool = option(
        False,
        "an attacker takes a defender beside the King on the centre square when attackers hold his other sides",
        validator=_check_bool,
    )
    attacker_forts: str = option(
        "",
        "the attacker forts, such as 'a4,a5,b5' ('' none): pieces off them enter only as attacker_fort_enter says",
        converter=_forts,
    )
    attacker_fort_enter: Literal["", "t", "T", "K", "tT", "tK", "TK", "tTK"] = _letters_option(
        "attacker_fort_enter", "tTK", "tTK", "who may come onto an attacker fort from off the forts (t, T, K)"
    )
    attacker_fort_hostile: Literal["", "t", "T", "tT"] = _letters_option(
        "attacker_fort_hostile", "tT", "T",
        "to whom an attacker fort is hostile, empty or held: t attackers, T defenders",
    )

    king_jump: Literal["none", "restricted", "jump", "capturing"] = option(
        "none",
        "how the King jumps over an enemy man next to him: never, only from or onto a special square,"
        " or always (capturing: taking the man)",
        validator=_check_choice(*JUMPS),
    )
    knight_jump: Literal["none", "restricted", "jump", "capturing"] = option(
        "capturing", "how knights (n, N) jump, as king_jump", validator=_check_choice(*JUMPS)
    )
    commander_jump: Literal["none", "restricted", "jump", "capturing"] = option(
        "jump", "how commanders (c, C) jump, as king_jump", validator=_check_choice(*JUMPS)
    )
    berserk: Literal["none", "capture", "any-move"] = option(
        "none",
        "a capturing piece moves again at once: never, if it can capture again, or if it can move",
        validator=_check_choice("none", "capture", "any-move"),
    )

    def __attrs_post_init__(self) -> None:
        if self.variant == CUSTOM and self.layout is None:
            raise OptionError("variant 'custom' needs a layout (OpenTafl position text)")
        if self.variant != CUSTOM and self.layout is not None:
            raise OptionError(f"give either a variant or a layout, not both (variant {self.variant!r} has its own)")
        rows = read_position(self.start)
        size = len(rows)
        corners, thrones = self.corner_cells(size), self.throne_cells(size)
        # Squares that spell out the default are the default (so equal games compare equal).
        if self.corners is not None and corners == default_corners(size, self.escape):
            object.__setattr__(self, "corners", None)
        if self.throne is not None and thrones == default_throne(size):
            object.__setattr__(self, "throne", None)
        if corners & thrones:
            both = ", ".join(sorted(square_name(c, size) for c in corners & thrones))
            raise OptionError(f"a square cannot be both a corner and a throne: {both}")
        forts = self.fort_cells(size)
        if not forts:  # without forts, their rules say nothing (so equal games compare equal)
            object.__setattr__(self, "attacker_fort_enter", "tTK")
            object.__setattr__(self, "attacker_fort_hostile", "T")
        if forts & (corners | thrones):
            both = ", ".join(sorted(square_name(c, size) for c in forts & (corners | thrones)))
            raise OptionError(f"a square cannot be both an attacker fort and a corner or throne: {both}")
        self._check_officers(rows)
        for cells, what, stop in ((thrones, "the throne", self.throne_stop), (corners, "a corner", self.corner_stop)):
            for cell in sorted(cells):
                piece = rows[size - 1 - cell // size][cell % size]
                if piece is not None and piece != "king" and ("t" if piece.startswith("attacker") else "T") not in stop:
                    raise OptionError(
                        f"bad layout {self.start!r}: {who_may(stop)} may stand on {what} ({square_name(cell, size)})"
                    )

    def _check_officers(self, rows: tuple[tuple[str | None, ...], ...]) -> None:
        """Refuse the rules that boardkit does not play beside officers, jumps or berserk."""
        if not self.has_officers():
            return
        others = [
            name
            for name, on in (
                ("shieldwall", self.shieldwall),
                ("linnaean", self.linnaean),
                ("king_speed", self.king_speed is not None),
                ("attacker_forts", bool(self.attacker_forts)),
                ("king_captured_by=" + repr(self.king_captured_by), self.king_captured_by != "four"),
            )
            if on
        ]
        if others:
            raise OptionError(
                "boardkit plays commanders, knights, jumps and berserk with the King taken by four and without"
                f" shieldwall, linnaean, king_speed or attacker_forts; not with {others[0]}"
            )

    def has_officers(self) -> bool:
        """Whether the game has OpenTafl's Berserk rules: commanders or knights in
        the start position, a King's jump or the berserk rule.

        Examples:
            >>> TaflOptions().has_officers(), TaflOptions(berserk="capture").has_officers()
            (False, True)
        """
        return self.king_jump != "none" or self.berserk != "none" or any(ch in "cnCN" for ch in self.start)

    def corner_cells(self, size: int) -> frozenset[int]:
        """The corner squares' cells on a ``size`` x ``size`` board, numbered
        row by row from the top-left.

        Examples:
            >>> sorted(TaflOptions(variant="brandubh", escape="corner").corner_cells(7))
            [0, 6, 42, 48]
            >>> TaflOptions(variant="brandubh").corner_cells(7)
            frozenset()
        """
        if self.corners is None:
            return default_corners(size, self.escape)
        return square_cells(self.corners, size, "corners")

    def throne_cells(self, size: int) -> frozenset[int]:
        """The throne squares' cells (numbered as :meth:`corner_cells`).

        Examples:
            >>> TaflOptions(variant="brandubh").throne_cells(7)
            frozenset({24})
            >>> TaflOptions(variant="brandubh", throne="").throne_cells(7)
            frozenset()
        """
        if self.throne is None:
            return default_throne(size)
        return square_cells(self.throne, size, "throne")

    def fort_cells(self, size: int) -> frozenset[int]:
        """The attacker forts' cells (numbered as :meth:`corner_cells`).

        Examples:
            >>> sorted(TaflOptions(variant="brandubh", attacker_forts="a4,d1").fort_cells(7))
            [21, 45]
        """
        return square_cells(self.attacker_forts, size, "attacker_forts")

    @property
    def start(self) -> str:
        """The start position as OpenTafl text.

        Examples:
            >>> TaflOptions(variant="brandubh").start
            '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'
        """
        return self.layout if self.layout is not None else VARIANTS[self.variant]


def default_corners(size: int, escape: str) -> frozenset[int]:
    """The corner squares' cells when no ``corners`` are given (numbered as
    :meth:`TaflOptions.corner_cells`): the four corners with ``escape="corner"``, none otherwise.

    Examples:
        >>> sorted(default_corners(7, "corner")), default_corners(7, "edge")
        ([0, 6, 42, 48], frozenset())
    """
    last = size * size - 1
    return frozenset({0, size - 1, last - size + 1, last}) if escape == "corner" else frozenset()


def default_throne(size: int) -> frozenset[int]:
    """The throne's cell when no ``throne`` is given: the centre square.

    Examples:
        >>> default_throne(7)
        frozenset({24})
    """
    return frozenset({(size // 2) * size + size // 2})


def who_may(letters: str) -> str:
    """Whom the piece letters of a special square's rule (``t``, ``T``, ``K``) let, as the errors (a
    move's, a layout's) and the picture's key say it.

    Examples:
        >>> who_may("tK"), who_may("")
        ('only attackers and the king', 'no piece')
    """
    names = [n for letter, n in (("t", "attackers"), ("T", "defenders"), ("K", "the king")) if letter in letters]
    return "only " + " and ".join(names) if names else "no piece"


def variant_default(variant: str, name: str) -> Any:
    """The value option ``name`` takes in ``variant`` when it is not given:
    the rule set's preset (:data:`RULE_SETS`), else the option's own default.

    What :meth:`~boardkit.games.tafl.Tafl.to_opentafl` compares with, so that
    it writes a rule only where a game departs from its variant.

    Examples:
        >>> variant_default("copenhagen", "shieldwall_close"), variant_default("hnefatafl", "shieldwall_close")
        ('onto-edge', 'along-edge')
    """
    preset = RULE_SETS.get(variant, {})
    if name in preset:
        return preset[name]
    return attrs.fields_dict(TaflOptions)[name].default
