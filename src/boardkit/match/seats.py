"""Seats of a match: each seat's own seed, and when a person may take moves back.

Every application that seats bots (``boardkit play``, ``boardkit simulate``,
``boardkit serve``, :func:`~boardkit.play.play_game`) seeds a seat's bot with
:func:`seat_seed`, so the same game seed gives the same bots everywhere, and
asks :func:`take_back_refusal` before a person takes moves back.

Examples:
    >>> seat_seed(7, 0) == seat_seed(7, 0) != seat_seed(7, 1)
    True
"""

from __future__ import annotations

from typing import Any

from boardkit.about import Chance
from boardkit.agents import Agent
from boardkit.chance import derive_seed
from boardkit.game import Player, State

__all__ = ["seat_agent", "seat_seed", "take_back_refusal"]


def seat_seed(seed: int, seat: Player) -> int:
    """The seed of the bot in seat ``seat`` of a game seeded ``seed``.

    Examples:
        >>> seat_seed(1, 1)
        4602671503701459823
    """
    return derive_seed(seed, "seat", seat)


def seat_agent(agent: Agent, seed: int, seat: Player) -> Agent:
    """The bot for seat ``seat`` of a game seeded ``seed``: ``agent``'s fresh
    copy for that game (``agent.for_game(seat_seed(seed, seat))``) where it
    offers one, else ``agent`` itself. Every application seats bots so, so a
    game replays with the same bots wherever it is played.

    Examples:
        >>> from boardkit.agents import RandomAgent
        >>> bot = RandomAgent(seed=0)
        >>> seat_agent(bot, 7, 1).seed == seat_agent(bot, 7, 1).seed != seat_agent(bot, 7, 0).seed
        True
    """
    fresh = getattr(agent, "for_game", None)
    return fresh(seat_seed(seed, seat)) if callable(fresh) else agent


def take_back_refusal(state: State[Any], count: int = 1) -> str | None:
    """Why a person may not take back the last ``count`` moves of ``state``,
    or ``None`` when they may.

    A move that drew from the game's chance (:meth:`~boardkit.State.drew_chance`:
    a tile from a bag, a hex turned face up) cannot be taken back.
    :meth:`~boardkit.State.undo` restores the generator exactly, as search
    needs, so the move played again would draw the same thing, and whoever
    took it back would know what chance gives next. ``boardkit play`` and
    ``boardkit serve`` both ask this before an undo.

    Nor can any move of a finished game with chance or hidden information:
    its record, with the seed, is out once it ends (``boardkit serve``
    offers it then), and the seed foretells every draw to come, so a game
    taken back and played on would be played knowing them.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> state = ClothOfGold().new_game(seed=4)
        >>> for move in ["A-dragon/secrecy", "A-gold", "B-blue", "B-white"]:  # tokens placed: no draw
        ...     state.apply(move)
        >>> take_back_refusal(state, 4) is None
        True
        >>> state.apply("A-red")  # the red oval's tile taken, the oval refilled from the Darkness
        >>> take_back_refusal(state)
        '"A-red" cannot be taken back: everyone has seen what chance gave in it'
    """
    about = state.game.about
    if state.is_over and (about.chance is not Chance.NONE or about.hides_information):
        return "the game is over, and its record (with the seed, which foretells chance) is out: it stays as it ended"
    for back in range(1, min(count, len(state.history)) + 1):
        if state.drew_chance(-back):
            seen = "everyone has seen what chance gave in it"
            return f'"{state.history[-back]}" cannot be taken back: {seen}'
    return None
