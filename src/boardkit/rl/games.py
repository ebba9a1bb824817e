"""What :mod:`boardkit.rl` reads of a game: the protocol, never the game's
class.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A game declares every move it can make and its observation encoder among
its parts (:attr:`Game.declared <boardkit.Game.declared>`, a
:class:`~boardkit.parts.Parts`: ``all_moves`` and ``observation_encoder``,
both described in :mod:`boardkit.encoding`, where :class:`Encoder` now
lives); the shipped games keep theirs in their own ``encoding`` modules. RL
reads only the declaration, so a game of your own is served exactly as a
shipped one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from boardkit.encoding import ActionList, Array, Encoder, LegalNumbers, encoder_of
from boardkit.game import Game

__all__ = ["Array", "Encoder", "all_moves", "encoder", "legal_numbers"]


def all_moves(game: Game[Any, Any]) -> Sequence[Hashable | None] | None:
    """Every move of ``game`` at its action index, as its declaration's
    ``all_moves`` gives them (:attr:`Game.declared <boardkit.Game.declared>`),
    or ``None`` if the game declares none.

    Examples:
        >>> from boardkit.games import load
        >>> len(all_moves(load("cloth-of-gold")))
        112
    """
    made = game.declared.all_moves
    return None if made is None else made(game)


def legal_numbers(game: Game[Any, Any]) -> LegalNumbers | None:
    """The game's quicker way to the action indices of a state's legal moves
    (:attr:`ActionList.legal_numbers <boardkit.encoding.ActionList.legal_numbers>`),
    or ``None``.

    Examples:
        >>> from boardkit.games import load
        >>> legal_numbers(load("tafl")) is not None, legal_numbers(load("camelot"))
        (True, None)
    """
    moves = all_moves(game)
    return moves.legal_numbers if isinstance(moves, ActionList) else None


def encoder(game: Game[Any, Any], players: int) -> Encoder | None:
    """The observation encoder of ``game`` for ``players`` players, or ``None``
    if the game declares none (:func:`boardkit.encoding.encoder_of`).

    Examples:
        >>> from boardkit.games import load
        >>> encoder(load("tafl", variant="brandubh"), 2).shape
        (7, 7, 7)
    """
    return encoder_of(game, players)
