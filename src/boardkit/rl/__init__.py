"""Reinforcement learning: every boardkit game as a PettingZoo environment, a
Gymnasium environment and an OpenSpiel game (extra ``boardkit[rl]``).

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

* :func:`actions` - a game's fixed action space (:class:`ActionSpace`):
  one index per move, a mask that is exactly the legal moves;
* :func:`observe` / :func:`observation_shape` - a float32 array built from
  ``state.view(player)`` only, so it never shows what the player may not know;
* :func:`env` - a PettingZoo AEC environment (:class:`BoardkitEnv`);
* :func:`gym_env` - a single-agent Gymnasium environment with a boardkit agent
  as the opponent (:class:`BoardkitGymEnv`);
* :func:`openspiel_game` - the game as an OpenSpiel Python game.

The core never imports this package; it needs numpy, gymnasium, pettingzoo and
open-spiel, and says so in one line when they are missing.

Examples:
    >>> from boardkit import rl
    >>> e = rl.env("tafl", variant="brandubh")
    >>> e.reset(seed=1)
    >>> e.agent_selection, e.last()[0]["action_mask"].sum()
    ('player_0', np.int64(48))
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # noqa: F401
except ImportError as _missing:  # pragma: no cover - exercised in a venv without the extra
    raise ImportError(
        f"boardkit.rl needs the rl extra ({_missing.name} is missing): pip install 'boardkit[rl]'"
    ) from None

from boardkit.rl.aec import BoardkitEnv, env
from boardkit.rl.gym import BoardkitGymEnv, gym_env
from boardkit.rl.observations import observation_shape, observe
from boardkit.rl.spaces import ActionSpace, actions
from boardkit.rl.spiel import openspiel_game

__all__ = [
    "ActionSpace",
    "BoardkitEnv",
    "BoardkitGymEnv",
    "actions",
    "env",
    "gym_env",
    "observation_shape",
    "observe",
    "openspiel_game",
]
