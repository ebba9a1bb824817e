"""Field of the Cloth of Gold's rules in the players' words: what each oval
does, and the rules that the edition in play sets.

:data:`MOVE_KINDS` and :func:`rules_in_play` fill
:class:`~boardkit.about.About`'s ``moves`` and ``rules_in_play`` on
:class:`~boardkit.games.cloth_of_gold.ClothOfGold`; the numbers are read from
the game's own tables (:mod:`boardkit.games.cloth_of_gold.board`), so the
words cannot drift from the rules.

Examples:
    >>> [kind for kind, _ in MOVE_KINDS]
    ['dragon', 'secrecy', 'gold', 'blue', 'white', 'red', 'purple']
"""

from __future__ import annotations

from typing import Any, Final

from boardkit.games.cloth_of_gold.board import GOLD_POINTS, ROW_SIZES, SECRECY_DRAWS, TARGET, Tile
from boardkit.games.cloth_of_gold.variants import TILE_SETS

__all__ = ["MOVE_KINDS", "rules_in_play"]


def _by_row(values: tuple[int, ...]) -> str:
    """``values`` said row by row of the Track of Scoring: ``1 (0-7), 2 (8-15), ...``."""
    said, low = [], 0
    for k, (value, size) in enumerate(zip(values, ROW_SIZES, strict=True)):
        rows = f"{low} and up" if k == len(ROW_SIZES) - 1 else f"{low}-{low + size - 1}"
        said.append(f"{value} ({rows})")
        low += size
    return ", ".join(said)


#: What each oval's move does, as :attr:`About.moves <boardkit.about.About.moves>` declares it.
MOVE_KINDS: Final = (
    (
        "dragon",
        "Written A-dragon/red: your token takes the Dragon's oval and the Dragon flies to any empty oval"
        " but the one your token just left; the tile beside that oval is a second gift to your rival. The"
        " Dragon blocks that oval until your token leaves the Dragon's oval; then it goes home.",
    ),
    (
        "secrecy",
        "Draw tiles from the Darkness into your hidden Hand, as many as your row on the Track of Scoring"
        f" says (by your score): {_by_row(SECRECY_DRAWS)}.",
    ),
    (
        "gold",
        "Reveal the gold tiles of your Hand into your Court; score 2 if your Court then holds more gold than"
        " your rival's. Nothing leaves the game.",
    ),
    (
        "blue",
        "Reveal your blue tiles into your Court and score for the blue tiles there: 1 for one, 3 for two,"
        " 6 for three or more. Then your Court's blue tiles leave the game.",
    ),
    (
        "white",
        "Reveal your white tiles into your Court and score 1 for each white tile there; then they leave the game.",
    ),
    (
        "red",
        "Reveal your red tiles into your Court; then both players score 1 for each red tile in their own"
        " Court, every red Court tile leaves the game, and you and then your rival draw as for Secrecy.",
    ),
    (
        "purple",
        "Reveal your whole Hand into your Court, jewels too; score 2 for each set of one gold, one blue, one"
        " white and one red tile in your Court. Nothing leaves the game.",
    ),
)


def rules_in_play(game: Any) -> list[str]:
    """The rules that the game's options set, one line each: the edition's
    tiles, who starts, and how the game ends and is scored.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> rules_in_play(ClothOfGold(variant=2020))[0]
        'The 2020 edition: 54 tiles, 18 gold, 12 blue, 12 white and 12 red; no jewels.'
    """
    edition: int = game.options.variant
    tiles = TILE_SETS[edition]
    counts = [f"{tiles[t]} {t.value}" for t in (Tile.GOLD, Tile.BLUE, Tile.WHITE, Tile.RED)]
    jewels = tiles.get(Tile.JEWEL, 0)
    said = ", ".join(counts[:-1]) + " and " + counts[-1]
    lines = [
        f"The {edition} edition: {sum(tiles.values())} tiles, {said}"
        + (f", and {jewels} jewels (green)." if jewels else "; no jewels."),
        f"Player {game.options.first} takes the first turn.",
        f"The game ends at once when a score reaches {TARGET} or the last tile leaves the Darkness.",
    ]
    end = "the jewels in your Court score their number squared (3 jewels: 9), then " if jewels else ""
    lines.append(
        f"At the end, {end}each gold tile in your Court scores by your row: {_by_row(GOLD_POINTS)}."
    )
    lines.append("Equal scores: more white tiles in Court wins, then more tiles in Court; else both win.")
    return lines
