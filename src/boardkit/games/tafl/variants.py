"""The Tafl layouts, the rule sets played today, and the game's options.

Examples:
    >>> sorted(VARIANTS)[:4]
    ['alea-evangelii', 'ard-ri', 'brandubh', 'copenhagen']
    >>> TaflOptions().variant, TaflOptions().escape
    ('hnefatafl', 'edge')
    >>> RULE_SETS["fetlar"]
    {'escape': 'corner', 'encirclement': True}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

import attrs

from boardkit.about import option
from boardkit.errors import NotationError, OptionError, shown
from boardkit.games.tafl.moves import read_position, write_position

__all__ = ["RULE_SETS", "VARIANTS", "TaflOptions", "canonical_layout", "variant_default"]

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

#: The name of the variant played from a ``layout`` of one's own.
CUSTOM: Final = "custom"


def canonical_layout(text: str) -> str:
    """Check a layout given as OpenTafl position text and write it canonically.

    A layout needs a square board with an odd side (3 to 25), exactly one
    King, and no other piece on the throne (the centre).

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
    middle = len(rows) // 2
    if rows[middle][middle] not in (None, "king"):
        raise OptionError(f"bad layout {text!r}: only the king may stand on the throne (the centre square)")
    return write_position(rows)


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


def _check_repetition(_: object, __: object, value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise OptionError(f"repetition must be an integer of at least 2, or None to turn it off; not {value!r}")


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
            like any piece elsewhere (Federation Brandubh).
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
            players' server took every wall in the recorded Copenhagen games)
            or ``"along-edge"`` (only a move along the edge into it). The
            option's own default, for a layout that turns ``shieldwall`` on
            without the Copenhagen preset, stays ``"along-edge"``.
        exit_fort: Whether the defenders win when the King stands on an edge
            square, can move, and sits in a fort of defenders that the
            attackers can never break.
        encirclement: Whether the attackers win when no defender can reach
            an edge square through empty squares and squares of his own side.

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
    king_captured_by: Literal["four", "two", "throne"] = option(
        "four",
        "the King is taken when enclosed on four sides, by two like any piece, or by four at the throne only",
        validator=_check_choice("four", "two", "throne"),
    )
    repetition: int | None = option(
        3, "the occurrence of one position that ends the game (none: never)", low=2, validator=_check_repetition
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
    shieldwall_close: Literal["along-edge", "onto-edge"] = option(
        "along-edge",
        "which move closes a shieldwall: only one along the edge, or any move onto the bracketing square"
        " (from inside the board too: Copenhagen's preset)",
        validator=_check_choice("along-edge", "onto-edge"),
    )
    exit_fort: bool = option(False, "the defenders win with the King in an unbreakable fort on an edge",
                             validator=_check_bool)
    encirclement: bool = option(False, "the attackers win when no defender can reach an edge", validator=_check_bool)

    def __attrs_post_init__(self) -> None:
        if self.variant == CUSTOM and self.layout is None:
            raise OptionError("variant 'custom' needs a layout (OpenTafl position text)")
        if self.variant != CUSTOM and self.layout is not None:
            raise OptionError(f"give either a variant or a layout, not both (variant {self.variant!r} has its own)")

    @property
    def start(self) -> str:
        """The start position as OpenTafl text.

        Examples:
            >>> TaflOptions(variant="brandubh").start
            '/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/'
        """
        return self.layout if self.layout is not None else VARIANTS[self.variant]


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
