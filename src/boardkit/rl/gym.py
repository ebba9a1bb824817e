"""Every boardkit game as a single-agent Gymnasium environment, with boardkit
agents in the other seats.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from boardkit.agents import Agent
from boardkit.errors import OptionError
from boardkit.game import Game, State
from boardkit.rl.common import game_of
from boardkit.rl.observations import encoder_of
from boardkit.rl.spaces import actions

__all__ = ["BoardkitGymEnv", "gym_env"]

Observation = dict[str, np.ndarray[Any, Any]]


class BoardkitGymEnv(gymnasium.Env[Observation, np.int64]):
    """A boardkit game as a single-agent Gymnasium environment.

    The learner sits at ``seat``; ``opponent`` plays every other seat, moving
    inside :meth:`reset` and :meth:`step` until it is the learner's turn again.
    Observations are ``{"observation": float32 array, "action_mask": int8
    array}``, as in :class:`~boardkit.rl.BoardkitEnv`. The reward is the
    learner's final reward (+1 win, -1 loss, 0 draw, a shared win split), 0
    before the end. An illegal action ends the episode with reward -1 and
    ``info["illegal_action"] = True`` (as PettingZoo's ``TerminateIllegalWrapper``
    does), so that unmasked samplers can be used.

    Args:
        game: The game.
        opponent: The agent in the other seats (its ``for_game(seed)``, when it
            has one, gives a fresh agent for each episode).
        seat: The learner's seat.
        players: How many players (``None``: the game's fewest).
        max_steps: Truncate an episode after this many of the learner's moves.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium declares it an instance variable

    def __init__(
        self, game: Game[Any, Any], opponent: Agent, *, seat: int = 0, players: int | None = None,
        render_mode: str | None = None, max_steps: int | None = None,
    ) -> None:
        self.game = game
        self.players = game.check_players(players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise OptionError(f"no seat {seat!r} in a {self.players}-player game")
        self.seat = seat
        self.opponent = opponent
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.space = actions(game)
        self._encode = encoder_of(game, self.players)
        n = len(self.space)
        self.action_space = spaces.Discrete(n)
        self.observation_space: spaces.Dict = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, self._encode.high, self._encode.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.state: State[Any] | None = None
        self._agent: Agent = opponent
        self._legal: dict[int, Any] = {}
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (seeded from ``seed`` through the environment's
        generator) and let the opponent move until the learner's turn."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.state = self.game.new_game(players=self.players, seed=game_seed)
        for_game = getattr(self.opponent, "for_game", None)
        self._agent = for_game(game_seed) if callable(for_game) else self.opponent
        self._steps = 0
        self._advance()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponent's moves up to the
        learner's next turn; returns ``(observation, reward, terminated,
        truncated, info)``."""
        state = self._live()
        move = self._legal.get(int(action))
        if move is None:
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        state.apply(move)
        self._steps += 1
        self._advance()
        outcome = state.outcome
        if outcome is not None:
            return self._observation(), outcome.rewards(self.players)[self.seat], True, False, {}
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        return self._observation(), 0.0, False, truncated, {}

    def render(self) -> str | None:
        """The text board (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.state.render()

    def _live(self) -> State[Any]:
        if self.state is None:
            raise OptionError("reset() the environment before stepping it")
        return self.state

    def _advance(self) -> None:
        state = self._live()
        while not state.is_over and state.current_player != self.seat:
            player = state.current_player
            assert player is not None
            state.apply(self._agent.choose(state, player))
        self._legal = {} if state.is_over else self.space.legal(state)

    def _observation(self) -> Observation:
        state = self._live()
        mask = np.zeros(len(self.space), dtype=np.int8)
        mask[list(self._legal)] = 1
        return {"observation": self._encode(state.view(self.seat)), "action_mask": mask}


def gym_env(
    name_or_game: str | Game[Any, Any], opponent: Agent, *, seat: int = 0, players: int | None = None,
    render_mode: str | None = None, max_steps: int | None = None, **options: Any,
) -> BoardkitGymEnv:
    """A single-agent Gymnasium environment for a game (by registry name with
    its options, or as a game value), ``opponent`` playing the other seats.

    Raises:
        OptionError: for an unknown game, option, seat or number of players.

    Examples:
        >>> from boardkit.agents import RandomAgent
        >>> e = gym_env("tafl", RandomAgent(seed=1), seat=1, variant="brandubh")
        >>> obs, info = e.reset(seed=3)
        >>> e.state.current_player, len(e.state.history)   # the opponent has moved
        (1, 1)
        >>> obs, reward, terminated, truncated, info = e.step(int(obs["action_mask"].argmax()))
        >>> reward, terminated
        (0.0, False)
    """
    return BoardkitGymEnv(
        game_of(name_or_game, options), opponent, seat=seat, players=players, render_mode=render_mode,
        max_steps=max_steps,
    )
