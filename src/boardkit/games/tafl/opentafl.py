"""OpenTafl interchange: rules strings and saved games (``.otg``).

OpenTafl describes a rule set as space-separated ``key:value`` pairs
(``dim:11 atkf:y sw:s efe:y start:/.../``); the meanings here follow its
source (``rules/Rules.java``, ``notation/RulesSerializer.java``). A key that
OpenTafl leaves out takes OpenTafl's default: corner escape, encirclement
("surrounding fatal"), attackers first, a third repetition drawn, the King
armed and strong. boardkit reads every key it can play and refuses the others
with an :class:`~boardkit.OptionError` naming the key. The rules OpenTafl has
no key for are written as keys of boardkit's own, starting ``bk-``, which
OpenTafl skips. A boardkit key is written only where the game departs from
its named variant (``Tafl("copenhagen")`` needs none for its shieldwall
closed from inside the board, ``shieldwall_close="along-edge"`` writes
``bk-swc:along-edge``), and one left out means the variant's own rule.

A saved game has ``[tag:value]`` headers (one of them ``rules``), numbered
move pairs such as ``1. d1-d3 h6-h9`` with OpenTafl's capture suffixes
(``g7-g10xf10``, ``Kf6-c6``) and comments in brackets; numbered lines with
letters (``2a.1.1a.``) are variations and are skipped.

Examples:
    >>> from boardkit.games.tafl import Tafl
    >>> game = Tafl.from_opentafl("dim:7 name:Brandubh ks:c start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
    >>> game.options.variant, game.options.king_captured_by, game.options.encirclement
    ('brandubh', 'throne', True)
    >>> Tafl.from_opentafl(game.to_opentafl()) == game
    True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from boardkit.errors import IllegalMoveError, NotationError, OptionError, RecordError
from boardkit.games.tafl.moves import read_position, square_name
from boardkit.games.tafl.variants import CUSTOM, VARIANTS, canonical_layout, variant_default

if TYPE_CHECKING:
    from boardkit.games.tafl.rules import Tafl, TaflState

__all__ = ["read_opentafl_game", "rules_options", "rules_string", "write_opentafl_game"]

_YES_NO: Final = {"y": True, "n": False}
_KING_STRENGTH: Final = {"y": "four", "n": "two", "w": "two", "c": "throne"}
_REPETITION: Final = {"d": "draw", "l": "repeater-loses", "w": "repeater-wins"}
#: Square-property keys whose only value boardkit plays (OpenTafl's piece-letter lists).
_SQUARE_KEYS: Final = {
    "corp": ("K",),
    "cors": ("K",),
    "corh": ("tcnkTCNK",),
    "cenp": ("tcnkTCNK",),
    "cens": ("K",),
    "cenhe": ("tcnkTCNK",),
    "afor": ("",),
    "dfor": ("",),
    "ber": ("n",),
    "kj": ("n",),
    "swf": ("y",),
}
#: Keys about pieces boardkit's positions cannot hold (knights, commanders).
_IGNORED: Final = ("nj", "cj", "name")
#: ``rules_string``'s marker for a rule OpenTafl has no default for (boardkit's own keys).
_NO_DEFAULT: Final = object()


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


def rules_options(text: str) -> dict[str, Any]:
    """The :class:`~boardkit.games.tafl.Tafl` options of an OpenTafl rules string.

    Raises:
        OptionError: naming a key boardkit cannot play, or a bad value.

    Examples:
        >>> rules_options("dim:3 atkf:n esc:e cor: start:/3/1K1/3/")
        {'escape': 'edge', 'encirclement': True, 'first': 1, 'variant': 'custom', 'layout': '/3/1K1/3/'}
        >>> rules_options("dim:3 cen:a1 start:/3/1K1/3/")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: OpenTafl rules key 'cen' (value 'a1') is a rule boardkit cannot play
    """
    pairs = _pairs(text)
    if "start" not in pairs:
        raise OptionError(f"an OpenTafl rules string needs a start position (start:/.../): {_short(text)!r}")
    try:
        layout = canonical_layout(pairs["start"])
    except OptionError as exc:
        raise OptionError(f"OpenTafl rules key 'start': {exc}") from None
    size = len(read_position(layout))
    options: dict[str, Any] = {
        "escape": "corner",
        "encirclement": True,
    }
    escape_corner = True
    for key, value in pairs.items():
        if key in ("start", *_IGNORED):
            continue
        if key.startswith("bk-"):
            continue
        if key == "dim":
            if value != str(size):
                raise OptionError(f"OpenTafl rules key 'dim' says {value!r}, but the start position is {size}x{size}")
        elif key == "esc":
            escape_corner = _choice(key, value, {"c": True, "e": False})
            options["escape"] = "corner" if escape_corner else "edge"
        elif key == "surf":
            options["encirclement"] = _choice(key, value, _YES_NO)
        elif key == "atkf":
            options["first"] = 0 if _choice(key, value, _YES_NO) else 1
        elif key == "tfr":
            options["repetition_result"] = _choice(key, value, _REPETITION)
        elif key == "ka":
            options["king_armed"] = _choice(key, value, _YES_NO)
        elif key == "ks":
            options["king_captured_by"] = _choice(key, value, _KING_STRENGTH)
        elif key == "sw":
            options["shieldwall"] = _choice(key, value, {"n": False, "s": True})
        elif key == "efe":
            options["exit_fort"] = _choice(key, value, _YES_NO)
        elif key == "cenh" and value in ("tcnk", ""):
            continue  # the throne with the King on it: the armed King captures either way
        elif (
            (key in _SQUARE_KEYS and value in _SQUARE_KEYS[key])
            or (key == "cor" and _squares(value) in (set(), _corners(size)))
            or (key == "cen" and _squares(value) == {square_name(size // 2, size, size // 2)})
        ):
            continue
        else:
            raise OptionError(f"OpenTafl rules key {key!r} (value {value!r}) is a rule boardkit cannot play")
    corners = pairs.get("cor")
    if corners is not None and corners.rstrip(",") == "" and escape_corner:
        raise OptionError("OpenTafl rules key 'cor' removes the corners, but the king escapes to a corner ('esc:c')")
    if corners is not None and corners.rstrip(",") != "" and not escape_corner:
        raise OptionError("OpenTafl rules key 'cor' keeps corner squares with edge escape, which boardkit cannot play")
    if not escape_corner and corners is None:
        raise OptionError(
            "OpenTafl rules key 'esc' is 'e' with corner squares kept (no 'cor:'); boardkit cannot play it"
        )
    for key in pairs:
        if key.startswith("bk-"):
            options.update(_extension(key, pairs[key]))
    options.update(_variant(pairs.get("name", ""), layout))
    return options


def _squares(value: str) -> set[str]:
    return {s for s in value.split(",") if s}


def _corners(size: int) -> set[str]:
    last = size - 1
    return {square_name(c, size, r) for c in (0, last) for r in (0, last)}


_EXTENSIONS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "bk-mate": ("mate", _YES_NO),
    "bk-rep": ("repetition_result", {"defenders-lose": "defenders-lose"}),
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


def _variant(name: str, layout: str) -> dict[str, Any]:
    wanted = name.lower().replace("_", "-")
    if VARIANTS.get(wanted) == layout:
        return {"variant": wanted}
    for variant, start in VARIANTS.items():
        if start == layout:
            return {"variant": variant}
    return {"variant": CUSTOM, "layout": layout}


def rules_string(game: Tafl) -> str:
    """An OpenTafl rules string for ``game``; OpenTafl reads it as the same rules.

    A rule is written where it departs from OpenTafl's default (so that
    OpenTafl plays it) or from the variant's own (:func:`~boardkit.games.tafl.variants.variant_default`,
    so that boardkit reads the same game back); boardkit's own keys only for
    the latter. Copenhagen's ``shieldwall_close="onto-edge"`` is its preset,
    so no ``bk-swc`` is written for it; ``"along-edge"`` is.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> rules_string(Tafl("copenhagen")).split(" start:")[0]
        'dim:11 name:copenhagen sw:s efe:y bk-rep:defenders-lose'
        >>> rules_string(Tafl("copenhagen", shieldwall_close="along-edge", exit_fort=False)).split(" start:")[0]
        'dim:11 name:copenhagen sw:s efe:n bk-rep:defenders-lose bk-swc:along-edge'
    """
    o = game.options

    def departs(name: str, opentafl: Any = _NO_DEFAULT) -> bool:
        value = getattr(o, name)
        return value != variant_default(o.variant, name) or (opentafl is not _NO_DEFAULT and value != opentafl)

    parts = [f"dim:{game.size}", f"name:{o.variant}"]
    if o.escape == "edge":
        parts += ["esc:e", "cor:"]
    if not o.encirclement:
        parts.append("surf:n")
    if o.first == 1:
        parts.append("atkf:n")
    if o.repetition_result in ("repeater-loses", "repeater-wins"):
        parts.append("tfr:" + ("l" if o.repetition_result == "repeater-loses" else "w"))
    elif o.repetition_result == "draw" and departs("repetition_result"):
        parts.append("tfr:d")
    if departs("king_armed", True):
        parts.append("ka:" + ("y" if o.king_armed else "n"))
    if departs("king_captured_by", "four"):
        parts.append("ks:" + {"four": "y", "two": "n", "throne": "c"}[o.king_captured_by])
    if departs("shieldwall", False):
        parts.append("sw:" + ("s" if o.shieldwall else "n"))
    if departs("exit_fort", False):
        parts.append("efe:" + ("y" if o.exit_fort else "n"))
    if departs("mate"):
        parts.append("bk-mate:" + ("y" if o.mate else "n"))
    if o.repetition_result == "defenders-lose":
        parts.append("bk-rep:defenders-lose")
    if departs("repetition"):
        parts.append(f"bk-repn:{'off' if o.repetition is None else o.repetition}")
    if departs("shieldwall_close"):
        parts.append(f"bk-swc:{o.shieldwall_close}")
    parts.append(f"start:{o.start}")
    return " ".join(parts)


# -- saved games -------------------------------------------------------------------------

_TAG: Final = re.compile(r"([a-z][a-z0-9-]*):(.*)", re.S)
_MAIN_LINE: Final = re.compile(r"(\d+)\.\s+(.*)")
_VARIATION: Final = re.compile(r"\d+[a-z][0-9a-z.]*\.(\s|$)")


def _scan(text: str) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """The tags, and the move lines with their line numbers, of a saved game."""
    tags: dict[str, str] = {}
    lines: list[tuple[int, str]] = []
    pos = 0
    line = 1
    current: list[str] = []
    size = len(text)
    while pos < size:
        ch = text[pos]
        if ch == "[":
            end = text.find("]", pos)
            if end < 0:
                raise RecordError(f"line {line}: a '[' is never closed")
            body = text[pos + 1 : end]
            tag = _TAG.fullmatch(body)
            # A one-line [key:value] is a tag; anything else in brackets is a comment.
            if tag and "|" not in body and "\n" not in body:
                tags.setdefault(tag[1], tag[2])
            line += body.count("\n")
            pos = end + 1
            continue
        if ch == "\n":
            lines.append((line, "".join(current)))
            current = []
            line += 1
        else:
            current.append(ch)
        pos += 1
    lines.append((line, "".join(current)))
    return tags, [(n, t.strip()) for n, t in lines if t.strip()]


def _move_text(token: str) -> str:
    """OpenTafl's move (``Kf6-c6``, ``d7-d6xKd5``) in boardkit's notation (``f6-c6``, ``d7-d6xd5``)."""
    if token[:1] in ("K", "T", "t"):
        token = token[1:]
    body, _, captures = token.partition("x")
    if not captures:
        return body
    squares = re.split(r"[x/]", captures)
    return body + "x" + "/".join(s[1:] if s[:1] in ("K", "T", "t") else s for s in squares)


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
    from boardkit.games.tafl.rules import Tafl

    if not isinstance(text, str):
        raise RecordError(f"an OpenTafl saved game is text, not {type(text).__name__}")
    tags, lines = _scan(text)
    if "rules" not in tags:
        raise RecordError("the saved game has no [rules:...] tag")
    try:
        game = Tafl.from_opentafl(tags["rules"])
    except OptionError as exc:
        raise RecordError(f"the game's rules cannot be played: {exc}") from None
    state, listed, error = _replay(game, lines)
    o = game.options
    if not listed and o.shieldwall and o.shieldwall_close != "along-edge" and "bk-swc" not in _pairs(tags["rules"]):
        along = Tafl(**{**game.option_values(), "shieldwall_close": "along-edge"})
        older, older_listed, older_error = _replay(along, lines)
        if older_error is None and older_listed:
            return older
    if error is not None:
        raise error
    return state


def _replay(game: Tafl, lines: list[tuple[int, str]]) -> tuple[TaflState, bool, RecordError | None]:
    """Play a saved game's main line: the state, whether every capture made
    was listed in the notation, and the error that stopped the replay if one did."""
    state = game.new_game(seed=0)
    listed = True
    for number, line in lines:
        if _VARIATION.match(line):
            continue
        match = _MAIN_LINE.fullmatch(line)
        if match is None:
            return state, False, RecordError(
                f"line {number}: expected a numbered move pair such as '1. d1-d3 h6-h9', not {_short(line)!r}"
            )
        for token in match[2].split():
            if set(token) == {"."}:
                continue
            try:
                move = game.parse_move(_move_text(token))
                state.apply(move)
            except (NotationError, IllegalMoveError) as exc:
                return state, False, RecordError(f"line {number}: move {token!r}: {exc}")
            if move.captures is None and state.last_captured:
                listed = False
    return state, listed, None


def write_opentafl_game(state: TaflState, tags: dict[str, str] | None = None) -> str:
    """An OpenTafl saved game of ``state``'s moves from its start, which OpenTafl loads.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").new_game(seed=0)
        >>> state.apply("d2-b2"); state.apply("d3-c3")
        >>> print(write_opentafl_game(state))
        [result:0]
        [rules:dim:7 name:brandubh esc:e cor: surf:n start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]
        1. d2-b2 d3-c3
        <BLANKLINE>
        >>> read_opentafl_game(write_opentafl_game(state)).position() == state.position()
        True
    """
    record = state.to_record()
    outcome = state.outcome
    result = "0" if outcome is None or not outcome.winners else ("1" if 0 in outcome.winners else "-1")
    head = {"result": result, **(tags or {}), "rules": rules_string(state.game)}
    out = [f"[{key}:{value}]" for key, value in head.items()]
    moves = [_opentafl_move(m) for m in record.moves]
    for i in range(0, len(moves), 2):
        out.append(f"{i // 2 + 1}. " + " ".join(moves[i : i + 2]))
    return "\n".join(out) + "\n"


def _opentafl_move(text: str) -> str:
    body, _, captures = text.partition("x")
    return body if not captures else f"{body}x{captures}"
