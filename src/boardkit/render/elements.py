"""SVG primitives: one element, one document, a legend, and which colours are dark.

Components floor, imports nothing of boardkit: the board drawing
(:mod:`boardkit.render.board`) and the games' own pictures build on these.

Examples:
    >>> document(20, 20, [element("circle", cx=10, cy=10, r=8, fill="gold")], background=None)[-61:]
    'sans-serif"><circle cx="10" cy="10" r="8" fill="gold"/></svg>'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape

__all__ = ["Legend", "attribute", "document", "element", "is_dark", "legend_items"]

#: A key to the picture: ``(colour, text)`` pairs, or a mapping from text to colour.
Legend = Sequence[tuple[str, str]] | Mapping[str, str]


def attribute(value: str) -> str:
    """``value`` escaped for an attribute between double quotes.

    Examples:
        >>> attribute('a "b" & <c>')
        'a &quot;b&quot; &amp; &lt;c&gt;'
    """
    return escape(value, {'"': "&quot;"})


def element(tag: str, text: str | None = None, **attributes: object) -> str:
    """One SVG element as text, its attributes and text escaped.

    An attribute's underscores become hyphens (``font_size`` -> ``font-size``;
    a trailing one is dropped, so ``class_`` gives ``class``), floats are
    written with one decimal, and attributes set to ``None`` are left out.

    Args:
        tag: The element's name (``"rect"``, ``"circle"``, ``"text"``...).
        text: Its text content, if any.
        **attributes: Its attributes.

    Examples:
        >>> element("rect", x=1.25, y=0, width=10, height=10, fill="red", class_="tile")
        '<rect x="1.2" y="0" width="10" height="10" fill="red" class="tile"/>'
        >>> element("text", "a < b", x=5, y=9, font_size=12, fill=None)
        '<text x="5" y="9" font-size="12">a &lt; b</text>'
    """
    parts = [tag]
    for name, value in attributes.items():
        if value is None:
            continue
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{attribute(shown)}"')
    head = " ".join(parts)
    return f"<{head}/>" if text is None else f"<{head}>{escape(text)}</{tag}>"


def document(width: float, height: float, body: Iterable[str], *, background: str | None = "#ffffff") -> str:
    """A standalone SVG document of the given size around some elements.

    Args:
        width: Width in pixels.
        height: Height in pixels.
        body: The elements, as text (see :func:`element`).
        background: A colour filling the whole picture first, or ``None``.

    Examples:
        >>> import xml.etree.ElementTree as ET
        >>> picture = document(100, 50, [element("circle", cx=50, cy=25, r=20, fill="gold")])
        >>> [child.tag.split("}")[1] for child in ET.fromstring(picture)]
        ['rect', 'circle']
    """
    back = element("rect", width="100%", height="100%", fill=background) if background else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family="sans-serif">{back}{"".join(body)}</svg>'
    )


def is_dark(colour: str) -> bool:
    """True for a dark colour (``#rgb``, ``#rrggbb`` or a few dark names), on
    which light text reads better.

    Examples:
        >>> is_dark("#222"), is_dark("#f5f5f5"), is_dark("navy"), is_dark("gold")
        (True, False, True, False)
    """
    text = colour.strip().lstrip("#")
    if not colour.strip().startswith("#") or len(text) not in (3, 6):
        return colour.strip().lower() in {"black", "navy", "darkblue", "darkgreen", "maroon", "purple", "indigo"}
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    try:
        r, g, b = (int(text[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return False
    return 0.299 * r + 0.587 * g + 0.114 * b < 110


def legend_items(legend: Legend | None) -> list[tuple[str, str]]:
    """A legend as ``(colour, text)`` pairs, whichever way it was given.

    Examples:
        >>> legend_items({"attacker": "#222"}), legend_items([("red", "fire")]), legend_items(None)
        ([('#222', 'attacker')], [('red', 'fire')], [])
    """
    if legend is None:
        return []
    if isinstance(legend, Mapping):
        return [(str(colour), str(text)) for text, colour in legend.items()]
    return [(str(colour), str(text)) for colour, text in legend]
