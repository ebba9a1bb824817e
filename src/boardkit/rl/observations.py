"""Observations: a player's view as a float32 array of a fixed shape.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Built from ``state.view(player)`` alone, so an observation never shows what
that player may not know. The planes and features of each game are listed
on the reference page :doc:`/reference/rl`.
"""

from __future__ import annotations

import functools
from typing import Any

from boardkit.encoding import Array, Encoder
from boardkit.encoding import encoder_of as _encoder_of
from boardkit.errors import OptionError
from boardkit.game import Game, State

__all__ = ["observation_shape", "observe"]


@functools.lru_cache(maxsize=64)
def encoder_of(game: Game[Any, Any], players: int) -> Encoder:
    """The cached encoder of a game for a number of players: the game's own
    declared ``observation_encoder`` (:attr:`~boardkit.Game.declared`), else one made from its
    ``observation_shape(players)`` and ``observation(view)``
    (:func:`boardkit.encoding.encoder_of`).

    Raises:
        OptionError: for a game that declares no observation.
    """
    players = game.check_players(players)
    found = _encoder_of(game, players)
    if found is None:
        raise OptionError(
            f"{game.name} has no observation: declare Parts(observation_encoder=...), or "
            "observation_shape(players) and observation(view)"
        )
    return found


def observation_shape(game: Game[Any, Any], players: int | None = None) -> tuple[int, ...]:
    """The shape of :func:`observe`'s arrays for ``game`` with ``players`` players
    (``None``: the game's fewest).

    Examples:
        >>> from boardkit.games import load
        >>> observation_shape(load("tafl", variant="brandubh"))
        (7, 7, 7)
        >>> observation_shape(load("five-fields")), observation_shape(load("cloth-of-gold"))
        ((20, 19), (114,))
    """
    return encoder_of(game, game.check_players(players)).shape


def observe(state: State[Any], player: int) -> Array:
    """What ``player`` knows of ``state``, as a float32 array of shape
    :func:`observation_shape(state.game, state.players) <observation_shape>`.

    Only ``state.view(player)`` is read.

    Examples:
        >>> from boardkit.games import load
        >>> state = load("tafl", variant="brandubh").new_game(seed=1)
        >>> obs = observe(state, 1)
        >>> obs.shape, obs.dtype, int(obs[2].sum())  # the King's plane
        ((7, 7, 7), dtype('float32'), 1)
    """
    return encoder_of(state.game, state.players)(state.view(player))
