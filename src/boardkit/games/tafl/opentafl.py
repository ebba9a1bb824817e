"""OpenTafl interchange: rules strings and saved games (``.otg``).

OpenTafl describes a rule set as space-separated ``key:value`` pairs
(``dim:11 atkf:y sw:s efe:y start:/.../``); the meanings here follow its
source (``notation/RulesSerializer.java``, which reads every rules string into
``rules/GenericRules.java``, and the engine that plays them). A key that
OpenTafl leaves out takes OpenTafl's default: corner escape, encirclement
("surrounding fatal"), attackers first, a third repetition drawn, the King
armed and strong, the four corners and the centre as special squares.
boardkit reads every key it can play and refuses the others with an
:class:`~boardkit.OptionError` naming the key. The rules OpenTafl has no key
for are written as keys of boardkit's own, starting ``bk-``, which OpenTafl
skips. A boardkit key is written only where the game departs from its named
variant (``Tafl("copenhagen")`` needs none for its shieldwall closed from
inside the board, ``shieldwall_close="along-edge"`` writes
``bk-swc:along-edge``), and one left out means the variant's own rule.

The special squares, key by key (OpenTafl's piece letters are ``t`` an
attacker, ``T`` a defender, ``K`` the King, ``c``/``C`` commanders and
``n``/``N`` knights, which follow the letter of their side's men here; its
other letters name pieces boardkit has not, and are skipped):

- ``cor`` and ``cen``: the corner and centre (throne) squares, listed as
  ``a1,k11,`` (``cor:`` or ``cen:`` with nothing: none). Left out: the four
  corners, and the centre square; with edge escape the corners stay special
  squares. They become :class:`~boardkit.games.tafl.Tafl`'s ``corners`` and
  ``throne``.
- ``cens`` / ``cors``: who may stop on the throne / a corner (default ``K``);
  ``cenp`` / ``corp``: who may pass over it (defaults: everyone / ``K``). A
  square a piece may not pass over bars its way, and so it cannot stop
  there either. They become ``throne_stop``, ``corner_stop``,
  ``throne_pass``, ``corner_pass``.
- ``cenh``: to whom the throne is hostile while a piece stands on it
  (default the attackers, ``t``); ``cenhe``: while empty (default
  everyone); ``corh``: to whom a corner is (default everyone). OpenTafl asks
  only whether the square is hostile to the victim's side, so of these
  lists only ``t`` and ``T`` count (``T`` for the King as for any defender).
  A piece on a square is hostile to its enemies by itself (the King only
  when armed), so ``cenh`` matters for the King's friends beside him and,
  with an unarmed King, for the attackers. They become ``throne_hostile``,
  ``throne_hostile_empty`` and ``corner_hostile``.
- ``cenre`` / ``corre``: who may enter the throne / a corner from outside
  (default everyone). boardkit has no such rule and reads only the default.
  (OpenTafl reads ``corre`` only when ``cenre`` is given, and then takes a
  missing ``corre`` as nobody; boardkit follows that reading and refuses it
  where there are corners.)
- ``linc:y``: the Linnaean capture (``linnaean``): an attacker that moves
  two squares from the centre, along its row or column, takes the defender
  between, if the King is on the centre and attackers hold his other three
  sides.
- ``afor``: the attacker forts (``attacker_forts``, listed as ``cor``);
  ``aforre``: who may come onto one from off the forts
  (``attacker_fort_enter``; read, as OpenTafl does, only beside ``cenre``,
  and then missing means nobody); ``aforh``: to whom one is hostile
  (``attacker_fort_hostile``, default the defenders); ``aforp`` and
  ``afors`` are read only as everyone. Defender forts (``dfor``) are refused.

Three more rules of OpenTafl's built-in variants: ``swf:n``, a shieldwall
taken after any move (``shieldwall_close="any-move"``); ``ks:m``, the
middleweight King (``king_captured_by="middleweight"``); ``spd``, speed
limits, one per piece letter (``tcnkmgTCNKMG``), of which boardkit plays
the King's (``king_speed``).

Berserk's keys: ``kj``, ``nj``, ``cj``, how the King, knights and commanders
jump (``n`` none, ``r`` restricted, ``j`` jump, ``c`` capturing; defaults
``n``, ``c``, ``j``) become ``king_jump``, ``knight_jump`` and
``commander_jump``; ``ber`` (``n`` none, ``c`` after a capture when the piece
can capture again, ``m`` when it can move) becomes ``berserk``
(``"none"``, ``"capture"``, ``"any-move"``). The commanders and knights stand
in the start position (``c``, ``n``, ``C``, ``N``). In a saved game a jump is
written ``e6^e8``, a berserk move ``e8=e4`` and a berserk jump ``e6^=e8``,
with the letter of an officer or the King before its square
(``Ne6^=e8xce7/e9``), as OpenTafl writes them.

The start position is ``start:`` (rank 1 first) or ``starti:`` (the same
rows top rank first, which OpenTafl writes for people to read; it takes
``starti`` when both are given). ``tfr:i`` turns the repetition rule off, as
OpenTafl's notation and its writer mean it (its reader, though, takes any
value it does not know, ``i`` among them, for a draw).

A saved game has ``[tag:value]`` headers (one of them ``rules``), numbered
move pairs such as ``1. d1-d3 h6-h9`` with OpenTafl's capture suffixes
(``g7-g10xf10``, ``Kf6-c6``) and comments in brackets; numbered lines with
letters (``2a.1.1a.``) are variations and are skipped.

This module imports the rules (never the other way round) and builds its
reader and writer into Tafl's ``"otg"`` record format, :data:`OTG`, which the
package lists among its parts, where :attr:`Tafl.declared
<boardkit.games.tafl.Tafl.declared>` finds it.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> game = Tafl.from_opentafl("dim:7 name:Brandubh ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
    >>> game.options.variant, game.options.king_captured_by, game.options.encirclement
    ('brandubh', 'throne', True)
    >>> Tafl.from_opentafl(game.to_opentafl()) == game
    True
    >>> puzzle = Tafl.from_opentafl("dim:7 cor:g7, cen:b2, starti:/6K/7/7/7/7/7/7/")
    >>> puzzle.options.corners, puzzle.options.throne, puzzle.options.layout
    ('g7', 'b2', '/7/7/7/7/7/7/6K/')
"""

from __future__ import annotations

import gc
import re
from typing import Any, Final, cast

from boardkit.errors import IllegalMoveError, NotationError, OptionError, RecordError
from boardkit.games.tafl.formats import RecordFormat
from boardkit.games.tafl.moves import Move, parse_square, read_position, square_name, write_position
from boardkit.games.tafl.rules import Tafl, TaflState
from boardkit.games.tafl.setup import as_layout
from boardkit.games.tafl.variants import (
    CUSTOM,
    VARIANTS,
    canonical_layout,
    default_corners,
    default_throne,
    variant_default,
)

__all__ = ["OTG", "read_opentafl_game", "rules_options", "rules_string", "write_opentafl_game"]

_YES_NO: Final = {"y": True, "n": False}
_KING_STRENGTH: Final = {"s": "four", "y": "four", "n": "two", "w": "two", "c": "throne", "m": "middleweight"}
#: ``tfr``, as OpenTafl's engine plays it: ``l`` makes the player *to move* after the third
#: repetition lose (so the repeater wins), ``w`` makes that player win (the repeater loses).
_REPETITION: Final = {"d": "draw", "l": "repeater-wins", "w": "repeater-loses"}
#: OpenTafl's piece letters: attackers' taflman, commander, knight, king,
#: mercenary, guard, then the defenders'. boardkit's pieces are ``t``, ``T``, ``K``.
_PIECE_LETTERS: Final = "tcnkmgTCNKMG"
#: The special squares' keys: each key's option, and the letters that option keeps.
_SQUARE_OPTIONS: Final = {
    "cens": ("throne_stop", "tTK"),
    "cenp": ("throne_pass", "tTK"),
    "cors": ("corner_stop", "tTK"),
    "corp": ("corner_pass", "tTK"),
    "cenh": ("throne_hostile", "tT"),
    "cenhe": ("throne_hostile_empty", "tT"),
    "corh": ("corner_hostile", "tT"),
}
#: Keys whose only value boardkit plays (boardkit has no defender forts: any piece list goes
#: with ``dfor:`` left empty).
_FIXED_KEYS: Final = {"dfor": ("",), "swf": ("y",)}
#: The jump keys (``kj``, ``nj``, ``cj``): their options and OpenTafl's values.
_JUMP_KEYS: Final = {"kj": "king_jump", "nj": "knight_jump", "cj": "commander_jump"}
_JUMP_MODES: Final = {"n": "none", "r": "restricted", "j": "jump", "c": "capturing"}
_BERSERK: Final = {"n": "none", "c": "capture", "m": "any-move"}
_FORT_KEYS: Final = ("dforh", "dforp", "dfors", "dforre")
#: The keys that set one option from a table of OpenTafl's values: each key's option and table.
_CHOICE_KEYS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "esc": ("escape", {"c": "corner", "e": "edge"}),
    "surf": ("encirclement", _YES_NO),
    "tfr": ("repetition_result", _REPETITION),
    "ka": ("king_armed", _YES_NO),
    "ks": ("king_captured_by", _KING_STRENGTH),
    "sw": ("shieldwall", {"n": False, "s": True}),
    "efe": ("exit_fort", _YES_NO),
    "linc": ("linnaean", _YES_NO),
    **{key: (option, _JUMP_MODES) for key, option in _JUMP_KEYS.items()},
    "ber": ("berserk", _BERSERK),
}
#: Keys about pieces boardkit's positions cannot hold (mercenaries, guards), and the name.
_IGNORED: Final = ("mj", "gj", "name")
#: What OpenTafl means for every rule it has a key for when the key is left out, as boardkit's options.
_OPENTAFL_DEFAULTS: Final[dict[str, Any]] = {
    "escape": "corner",
    "encirclement": True,
    "first": 0,
    "repetition": 3,
    "repetition_result": "draw",
    "king_armed": True,
    "king_captured_by": "four",
    "shieldwall": False,
    "exit_fort": False,
    "linnaean": False,
    "king_jump": "none",
    "knight_jump": "capturing",
    "commander_jump": "jump",
    "berserk": "none",
    "throne_stop": "K",
    "throne_pass": "tTK",
    "corner_stop": "K",
    "corner_pass": "K",
    "throne_hostile": "t",
    "throne_hostile_empty": "tT",
    "corner_hostile": "tT",
}


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _pairs(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise OptionError(f"an OpenTafl rules string is text such as 'dim:11 start:/.../', not {text!r}")
    pairs: dict[str, str] = {}
    for part in text.split():
        key, _, value = part.partition(":")
        if key in pairs:
            raise OptionError(f"OpenTafl rules key {key!r} is given twice in {_short(text)!r}")
        pairs[key] = value
    return pairs


def _choice(key: str, value: str, table: dict[str, Any]) -> Any:
    if value not in table:
        accepted = ", ".join(repr(v) for v in table)
        raise OptionError(f"OpenTafl rules key {key!r} has value {value!r}; boardkit plays {accepted}")
    return table[value]


def _pieces(key: str, value: str, keep: str) -> str:
    """An OpenTafl piece-letter list as boardkit's letters (those of ``keep``, in its order)."""
    wrong = sorted({ch for ch in value if ch not in _PIECE_LETTERS})
    if wrong:
        raise OptionError(
            f"OpenTafl rules key {key!r} has value {value!r}: {wrong[0]!r} is not one of OpenTafl's piece"
            f" letters ({_PIECE_LETTERS})"
        )
    return "".join(ch for ch in keep if ch in value)


def _cells(key: str, value: str, size: int) -> frozenset[int]:
    """The cells of an OpenTafl square list (``a1,k11,``), numbered row by row from the top-left."""
    cells = set()
    for name in filter(None, value.split(",")):
        try:
            column, row = parse_square(name, size)
        except NotationError as exc:
            raise OptionError(f"OpenTafl rules key {key!r} lists {name!r}: {exc.reason}") from None
        cells.add(row * size + column)
    return frozenset(cells)


def _names(cells: frozenset[int], size: int) -> str:
    """Square names as TaflOptions keeps them: sorted by file, then rank."""
    names = [square_name(c, size) for c in cells]
    return ",".join(sorted(names, key=lambda p: (p[0], int(p[1:]))))


def _start(pairs: dict[str, str], text: str) -> str:
    """The start position (rank 1 first) of ``start:``, or of ``starti:`` (top rank first)."""
    key = "starti" if "starti" in pairs else "start"
    if key not in pairs:
        raise OptionError(
            f"an OpenTafl rules string needs a start position (start:/.../ or starti:/.../): {_short(text)!r}"
        )
    try:
        position = pairs[key]
        if key == "starti":
            position = write_position(tuple(reversed(read_position(position))))
        return canonical_layout(position)
    except (NotationError, OptionError) as exc:
        raise OptionError(f"OpenTafl rules key {key!r}: {exc}") from None


def rules_options(text: str) -> dict[str, Any]:
    """The :class:`~boardkit.games.tafl.Tafl` options of an OpenTafl rules string:
    the variant and layout, and every rule that departs from the variant's.

    Raises:
        OptionError: naming a key boardkit cannot play, or a bad value.

    Examples:
        >>> rules_options("dim:3 atkf:n esc:e cor: start:/3/1K1/3/")
        {'variant': 'custom', 'layout': '/3/1K1/3/', 'encirclement': True, 'first': 1, 'throne_hostile': 't'}
        >>> rules_options("dim:3 esc:e cor: cen:a1, cens:tTK start:/3/1K1/3/")["throne"]
        'a1'
        >>> rules_options("dim:3 afor:a2, start:/3/1K1/3/")["attacker_forts"]
        'a2'
        >>> rules_options("dim:3 dfor:a2, start:/3/1K1/3/")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: OpenTafl rules key 'dfor' (value 'a2,') is a rule boardkit cannot play
    """
    pairs = _pairs(text)
    layout = _start(pairs, text)
    size = len(read_position(layout))
    # What OpenTafl means for every rule it has a key for: its defaults, then the keys given.
    meant = dict(_OPENTAFL_DEFAULTS)
    forts = pairs.get("afor", "").strip(",")
    for key, value in pairs.items():
        if key in ("start", "starti", "cor", "cen", "cenre", "corre", "aforre", *_IGNORED) or key.startswith("bk-"):
            continue
        if key in _FORT_KEYS:
            _pieces(key, value, "")  # piece lists for fortresses, which there are none of
        elif key == "dim":
            if value != str(size):
                raise OptionError(f"OpenTafl rules key 'dim' says {value!r}, but the start position is {size}x{size}")
        elif key == "atkf":
            meant["first"] = 0 if _choice(key, value, _YES_NO) else 1
        elif key == "tfr" and value == "i":
            meant["repetition"] = None
        elif key in _CHOICE_KEYS:
            option, table = _CHOICE_KEYS[key]
            meant[option] = _choice(key, value, table)
        elif key == "swf" and value == "n":
            meant["shieldwall_close"] = "any-move"
        elif key == "spd":
            meant["king_speed"] = _king_speed(value)
        elif key == "afor":
            meant["attacker_forts"] = _names(_cells(key, value, size), size)
        elif key == "aforh":
            meant["attacker_fort_hostile"] = _pieces(key, value, "tT")
        elif key in ("aforp", "afors") and (_pieces(key, value, "tTK") == "tTK" or not forts):
            continue  # everyone may pass over and stop on the forts (boardkit's only reading), or there are none
        elif key in _SQUARE_OPTIONS:
            option, keep = _SQUARE_OPTIONS[key]
            meant[option] = _pieces(key, value, keep)
        elif key in _FIXED_KEYS and value in _FIXED_KEYS[key]:
            continue
        else:
            raise OptionError(f"OpenTafl rules key {key!r} (value {value!r}) is a rule boardkit cannot play")
    corners = _cells("cor", pairs["cor"], size) if "cor" in pairs else default_corners(size, "corner")
    thrones = _cells("cen", pairs["cen"], size) if "cen" in pairs else default_throne(size)
    if "cenre" in pairs:
        # Who may enter the throne from off it. With one throne, a piece never moves from
        # one throne square to another, so the rule only narrows who may pass and stop.
        enter = _pieces("cenre", pairs["cenre"], "tTK")
        if len(thrones) > 1 and enter != "tTK":
            raise OptionError(f"OpenTafl rules key 'cenre' (value {pairs['cenre']!r}) is a rule boardkit cannot play")
        for name in ("throne_pass", "throne_stop"):
            meant[name] = "".join(ch for ch in meant[name] if ch in enter)
        # OpenTafl reads 'corre' and 'aforre' only beside 'cenre', and then takes a missing one for nobody.
        meant["attacker_fort_enter"] = _pieces("aforre", pairs.get("aforre", ""), "tTK")
        if corners and _pieces("corre", pairs.get("corre", ""), "tTK") != "tTK":
            raise OptionError(
                f"OpenTafl rules key 'corre' (value {pairs.get('corre', '')!r}) keeps pieces from entering a corner,"
                " a rule boardkit cannot play"
            )
    meant["corners"] = None if corners == default_corners(size, meant["escape"]) else _names(corners, size)
    meant["throne"] = None if thrones == default_throne(size) else _names(thrones, size)
    for option, _ in _SQUARE_OPTIONS.values():  # the special squares' options last, as they have always come
        meant[option] = meant.pop(option)
    for key in pairs:
        if key.startswith("bk-"):
            meant.update(_extension(key, pairs[key]))
    options = _variant(pairs.get("name", ""), layout)
    variant = options["variant"]
    options.update({name: value for name, value in meant.items() if value != variant_default(variant, name)})
    return options


_EXTENSIONS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "bk-mate": ("mate", _YES_NO),
    "bk-rep": ("repetition_result", {r: r for r in ("draw", "defenders-lose", "repeater-loses", "repeater-wins")}),
    "bk-swc": ("shieldwall_close", {"along-edge": "along-edge", "onto-edge": "onto-edge"}),
}


def _extension(key: str, value: str) -> dict[str, Any]:
    if key == "bk-repn":
        if value == "off":
            return {"repetition": None}
        if not value.isdigit() or len(value) > 4:
            raise OptionError(f"OpenTafl rules key 'bk-repn' must be a count or 'off', not {_short(value)!r}")
        return {"repetition": int(value)}
    if key not in _EXTENSIONS:
        raise OptionError(f"OpenTafl rules key {key!r} (value {value!r}) is a rule boardkit cannot play")
    option, table = _EXTENSIONS[key]
    return {option: _choice(key, value, table)}


def _king_speed(value: str) -> int | None:
    """The King's speed limit of OpenTafl's ``spd`` (``None``: none): one number for
    every piece, or one for each piece letter of :data:`_PIECE_LETTERS`; a limit of 0 or
    less is none. boardkit limits only the King's speed."""
    try:
        speeds = [int(part) for part in value.split(",") if part]
    except ValueError:
        said = _short(value)
        raise OptionError(f"OpenTafl rules key 'spd' must be numbers separated by commas, not {said!r}") from None
    if len(speeds) == len(_PIECE_LETTERS):
        limits = dict(zip(_PIECE_LETTERS, speeds, strict=True))
        if limits["t"] <= 0 and limits["T"] <= 0:
            return limits["K"] if limits["K"] > 0 else None
    elif all(speed <= 0 for speed in speeds):
        return None
    raise OptionError(
        f"OpenTafl rules key 'spd' (value {_short(value)!r}) limits pieces other than the King,"
        " a rule boardkit cannot play"
    )


def _variant(name: str, layout: str) -> dict[str, Any]:
    """The variant a rules string plays: its name's if the layout is that
    variant's, else the first with that layout, else a custom layout."""
    for variant in (name.lower().replace("_", "-"), *VARIANTS):
        if VARIANTS.get(variant) == layout:
            return {"variant": variant}
    return {"variant": CUSTOM, "layout": layout}


def rules_string(game: Tafl) -> str:
    """An OpenTafl rules string for ``game``; OpenTafl reads it as the same rules.

    A rule is written where it departs from OpenTafl's default (so that
    OpenTafl plays it) or from the variant's own (:func:`~boardkit.games.tafl.variants.variant_default`,
    so that boardkit reads the same game back); boardkit's own keys only for
    the latter. Copenhagen's ``shieldwall_close="onto-edge"`` is its preset,
    so no ``bk-swc`` is written for it; ``"along-edge"`` is. Keys come in
    the order OpenTafl writes them, with boardkit's own before the start.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> rules_string(Tafl("copenhagen")).split(" start:")[0]
        'dim:11 name:copenhagen tfr:w sw:s efe:y bk-rep:defenders-lose'
        >>> rules_string(Tafl("copenhagen", shieldwall_close="along-edge", exit_fort=False)).split(" start:")[0]
        'dim:11 name:copenhagen tfr:w sw:s efe:n bk-rep:defenders-lose bk-swc:along-edge'
        >>> rules_string(Tafl("tablut", corners="", throne_stop="", linnaean=True)).split(" start:")[0]
        'dim:9 name:tablut esc:e surf:n cor: cens: cenh: linc:y'
    """
    o = game.options
    size = game.size

    def departs(name: str) -> bool:
        """Whether the game's rule ``name`` departs from its variant's, or from OpenTafl's default."""
        value = getattr(o, name)
        return bool(value != variant_default(o.variant, name) or value != _OPENTAFL_DEFAULTS.get(name, value))

    parts = [f"dim:{size}", f"name:{o.variant}"]
    if o.escape == "edge":
        parts.append("esc:e")
    if not o.encirclement:
        parts.append("surf:n")
    if o.first == 1:
        parts.append("atkf:n")
    if o.repetition is None:
        parts.append("tfr:i")
    elif o.repetition_result in ("repeater-loses", "repeater-wins", "defenders-lose"):
        # OpenTafl has no "the defenders lose": its nearest rule, as its own Copenhagen writes it, is
        # "the repeater loses" (tfr:w), and bk-rep below keeps boardkit's exact rule.
        parts.append("tfr:" + ("l" if o.repetition_result == "repeater-wins" else "w"))
    elif o.repetition_result == "draw" and departs("repetition_result"):
        parts.append("tfr:d")
    if departs("king_armed"):
        parts.append("ka:" + ("y" if o.king_armed else "n"))
    if departs("king_captured_by"):
        parts.append("ks:" + {"four": "s", "two": "w", "throne": "c", "middleweight": "m"}[o.king_captured_by])
    for key, name in _JUMP_KEYS.items():
        if departs(name):
            parts.append(f"{key}:" + {v: k for k, v in _JUMP_MODES.items()}[getattr(o, name)])
    corners, thrones = o.corner_cells(size), o.throne_cells(size)
    if corners != default_corners(size, "corner"):
        parts.append("cor:" + "".join(f"{name}," for name in _names(corners, size).split(",") if name))
    if thrones != default_throne(size):
        parts.append("cen:" + "".join(f"{name}," for name in _names(thrones, size).split(",") if name))
    if o.attacker_forts:
        parts.append("afor:" + "".join(f"{name}," for name in o.attacker_forts.split(",")))
    if o.king_speed is not None:
        parts.append("spd:" + "".join(f"{o.king_speed if letter == 'K' else -1}," for letter in _PIECE_LETTERS))
    for key in ("corp", "cenp", "cors", "cens", "corh", "cenh", "cenhe"):
        name = _SQUARE_OPTIONS[key][0]
        if departs(name):
            parts.append(f"{key}:{getattr(o, name)}")
    if o.attacker_forts and o.attacker_fort_hostile != "T":
        parts.append(f"aforh:{o.attacker_fort_hostile}")
    if o.attacker_forts and o.attacker_fort_enter != "tTK":
        # OpenTafl reads who may enter a fort only beside 'cenre', and takes a missing 'corre' for nobody.
        parts.append(f"cenre:tTK corre:tTK aforre:{o.attacker_fort_enter}")
    if departs("shieldwall"):
        parts.append("sw:" + ("s" if o.shieldwall else "n"))
    if o.shieldwall_close == "any-move":
        parts.append("swf:n")
    if departs("exit_fort"):
        parts.append("efe:" + ("y" if o.exit_fort else "n"))
    if departs("linnaean"):
        parts.append("linc:" + ("y" if o.linnaean else "n"))
    if o.berserk != "none":
        parts.append("ber:" + {v: k for k, v in _BERSERK.items()}[o.berserk])
    if departs("mate"):
        parts.append("bk-mate:" + ("y" if o.mate else "n"))
    if o.repetition_result == "defenders-lose" or (o.repetition is None and departs("repetition_result")):
        parts.append(f"bk-rep:{o.repetition_result}")
    if departs("repetition") and o.repetition is not None:
        parts.append(f"bk-repn:{o.repetition}")
    if departs("shieldwall_close") and o.shieldwall_close != "any-move":
        parts.append(f"bk-swc:{o.shieldwall_close}")
    parts.append(f"start:{o.start}")
    return " ".join(parts)


# -- saved games -------------------------------------------------------------------------

_TAG: Final = re.compile(r"([a-z][a-z0-9-]*):(.*)", re.S)
_MAIN_LINE: Final = re.compile(r"(\d+)\.\s+(.*)")
_VARIATION: Final = re.compile(r"\d+[a-z][0-9a-z.]*\.(\s|$)")


def _scan(text: str) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """The tags, and the move lines with their line numbers, of a saved game.

    A bracket is cut out of the line it stands in (a comment over several
    lines joins the text before it and after it, numbered by its last line).
    """
    tags: dict[str, str] = {}
    lines: list[tuple[int, str]] = []
    line = 1
    current = ""  # the part of the current line read so far
    pos = 0
    find = text.find
    while True:
        bracket = find("[", pos)
        chunk = text[pos:] if bracket < 0 else text[pos:bracket]
        if "\n" in chunk:
            rows = chunk.split("\n")
            lines.append((line, current + rows[0]))
            lines.extend(zip(range(line + 1, line + len(rows) - 1), rows[1:-1], strict=True))
            line += len(rows) - 1
            current = rows[-1]
        else:
            current += chunk
        if bracket < 0:
            break
        end = find("]", bracket)
        if end < 0:
            raise RecordError(f"line {line}: a '[' is never closed")
        body = text[bracket + 1 : end]
        # A one-line [key:value] is a tag; anything else in brackets is a comment.
        if "\n" in body:
            line += body.count("\n")
        elif "|" not in body:
            tag = _TAG.fullmatch(body)
            if tag:
                tags.setdefault(tag[1], tag[2])
        pos = end + 1
    lines.append((line, current))
    return tags, [(n, stripped) for n, t in lines if (stripped := t.strip())]


def _move_text(token: str) -> str:
    """OpenTafl's move (``Kf6-c6``, ``d7-d6xKd5``, ``Ne6^=e8xce7``) in boardkit's notation
    (``f6-c6``, ``d7-d6xd5``, ``e6^=e8xe7``)."""
    body, _, captures = _PIECE_LETTER.sub(r"\1", token).partition("x")
    if not captures:
        return body
    return body + "x" + "/".join(re.split(r"[x/]", captures))


# A piece letter before a square (``ce6``, ``xKd5``), not a square's own file letter (``c8``).
_PIECE_LETTER: Final = re.compile(r"(^|[x/])[tcnkTCNK](?=[a-y][1-9])")


def read_opentafl_game(text: str) -> TaflState:
    """Replay an OpenTafl saved game (``.otg``) into a state.

    The ``rules`` tag sets the game (see :meth:`Tafl.from_opentafl
    <boardkit.games.tafl.Tafl.from_opentafl>`); the main line's moves are
    played in order, each capture the record lists checked against the
    captures made.

    One exception keeps older files readable. Rules that turn the shieldwall
    on without a ``bk-swc`` key take the variant's closing rule, which for
    Copenhagen is now ``"onto-edge"``; boardkit wrote its Copenhagen games
    without the key while its default was ``"along-edge"``. So if the moves
    contradict the variant's rule (a move fails, or takes pieces its notation
    does not list) but all play, every capture listed, when only a move along
    the edge closes a wall, the game is read that way: its game then says
    ``shieldwall_close="along-edge"``, and writes that back.

    Raises:
        RecordError: for a missing or unplayable rules tag, a malformed line,
            an illegal move or a recorded capture that did not happen, saying
            which line.

    Examples:
        >>> state = read_opentafl_game('''[result:0]
        ... [rules:dim:7 ks:c start:/7/2t4/tT5/3K3/7/7/7/]
        ... 1. c2-c3xb3 Kd4-d7
        ... ''')
        >>> state.to_record().moves, state.position()
        (('c2-c3xb3', 'd4-d7'), '/7/7/t1t4/7/7/7/3K3/')
    """
    if not isinstance(text, str):
        raise RecordError(f"an OpenTafl saved game is text, not {type(text).__name__}")
    tags, lines = _scan(text)
    if "rules" not in tags:
        raise RecordError("the saved game has no [rules:...] tag")
    try:
        game = Tafl.from_opentafl(tags["rules"])
    except OptionError as exc:
        raise RecordError(f"the game's rules cannot be played: {exc}") from None
    o = game.options
    older_rules = o.shieldwall and o.shieldwall_close == "onto-edge" and "bk-swc" not in _pairs(tags["rules"])
    state, listed, error = _replay(game, lines, watch=older_rules)
    if not listed and older_rules:
        along = Tafl(**{**game.option_values(), "shieldwall_close": "along-edge"})
        older, older_listed, older_error = _replay(along, lines)
        if older_error is None and older_listed:
            return older
    if error is not None:
        raise error
    return state


def _replay(game: Tafl, lines: list[tuple[int, str]], watch: bool = True) -> tuple[TaflState, bool, RecordError | None]:
    """Play a saved game's main line: the state, whether every capture made
    was listed in the notation (looked at only with ``watch``; without it,
    True), and the error that stopped the replay if one did."""
    state = game.new_game(seed=0)
    listed = True
    # Each distinct move text is read once (notation is the game's, moves are values),
    # and the collector is off: a replay only adds to the state, no garbage cycle to find.
    read: dict[str, Move] = {}
    apply = state.apply
    collecting = gc.isenabled()
    gc.disable()
    try:
        for number, line in lines:
            if _VARIATION.match(line):
                continue
            match = _MAIN_LINE.fullmatch(line)
            if match is None:
                wanted = f"expected a numbered move pair such as '1. d1-d3 h6-h9', not {_short(line)!r}"
                return state, False, RecordError(f"line {number}: {wanted}")
            for token in match[2].split():
                if not token.strip("."):
                    continue
                try:
                    move = read.get(token)
                    if move is None:
                        move = read[token] = game.parse_move(_move_text(token))
                    apply(move)
                except (NotationError, IllegalMoveError) as exc:
                    return state, False, RecordError(f"line {number}: move {token!r}: {exc}")
                if watch and listed and move.captures is None and state.last_captured:
                    listed = False
    finally:
        if collecting:
            gc.enable()
    return state, listed, None


def write_opentafl_game(state: TaflState, tags: dict[str, str] | None = None) -> str:
    """An OpenTafl saved game of ``state``'s moves from its start, which OpenTafl loads.

    The result tag is OpenTafl's: ``1`` the attackers won, ``-1`` the
    defenders, ``0`` a draw, ``?`` a game still going on.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").new_game(seed=0)
        >>> state.apply("d2-b2"); state.apply("d3-c3")
        >>> print(write_opentafl_game(state))
        [result:?]
        [rules:dim:7 name:brandubh esc:e surf:n cor: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]
        1. d2-b2 d3-c3
        <BLANKLINE>
        >>> read_opentafl_game(write_opentafl_game(state)).position() == state.position()
        True
    """
    record = state.to_record()
    outcome = state.outcome
    result = "?" if outcome is None else "0" if not outcome.winners else "1" if 0 in outcome.winners else "-1"
    game = cast("Tafl", state.game)  # a TaflState's game is a Tafl (State types it as any game)
    if record.setup is not None:  # set up by from_position: OpenTafl starts it as rules of its own
        game = as_layout(game, record.setup["position"], record.setup["to_move"])
    head = {"result": result, **(tags or {}), "rules": rules_string(game)}
    out = [f"[{key}:{value}]" for key, value in head.items()]
    moves = list(record.moves)
    out.extend(f"{number}. " + " ".join(turn) for number, turn in enumerate(_turns(moves, game, state), start=1))
    return "\n".join(out) + "\n"


def _turns(moves: list[str], game: Tafl, state: TaflState) -> list[list[str]]:
    """The moves in numbered turns as OpenTafl groups them (``MoveAddress.increment``): a
    move starts a new turn when, among the positions after it and after the turn's earlier
    moves, one has the side that started the game to move and one the other side. Without
    berserk moves that is a pair of moves a turn; a berserk move (``=``) keeps the side to move."""
    first = game.options.first
    movers = [first]
    for move in moves[1:]:
        movers.append(movers[-1] if "=" in move.partition("x")[0] else 1 - movers[-1])
    last = state.current_player
    after = [*movers[1:], 1 - movers[-1] if last is None else last] if moves else []
    turns: list[list[str]] = []
    since = 0  # the index of the turn's first move
    for k, move in enumerate(moves):
        sides = {s == first for s in after[since + 1 : k + 1]}
        if not turns or len(sides) == 2:
            turns.append([])
            since = k
        turns[-1].append(move)
    return turns


#: OpenTafl's saved games and rules strings: Tafl's ``"otg"`` record format (the package lists it
#: among its parts, ``boardkit.games.tafl.PARTS``).
OTG: Final = RecordFormat(
    key="otg",
    name="OpenTafl saved game",
    suffix=".otg",
    read_game=read_opentafl_game,
    write_game=write_opentafl_game,
    read_rules=rules_options,
    write_rules=rules_string,
)
