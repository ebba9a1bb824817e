"""Every boardkit game as a PettingZoo AEC environment.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from boardkit.chance import Random, fresh_seed
from boardkit.errors import IllegalMoveError
from boardkit.game import Game, State
from boardkit.rl.common import game_of
from boardkit.rl.observations import encoder_of
from boardkit.rl.spaces import actions

__all__ = ["BoardkitEnv", "env"]


class BoardkitEnv(AECEnv):  # type: ignore[misc]
    """A boardkit game as a PettingZoo AEC environment.

    Agents are ``"player_0"`` .. ``"player_{n-1}"`` (seat numbers). Each
    observation is ``{"observation": float32 array, "action_mask": int8 array}``;
    the mask is all zeros for an agent that is not to move. Rewards come at the
    end (see :meth:`Outcome.rewards <boardkit.Outcome.rewards>`). ``reset(seed=s)`` deals the
    same game for the same ``s``; chance during the game comes from the
    state's own seeded generator. A player may move several times in a row
    (Camelot's tiles, 5 Fields' sub-moves): ``agent_selection`` says who.

    Args:
        game: The game.
        players: How many players (``None``: the game's fewest).
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the text board).
        max_steps: Truncate a game after this many moves (``None``: never).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self, game: Game[Any, Any], players: int | None = None, render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.players = game.check_players(players)
        self.metadata = {**BoardkitEnv.metadata, "name": f"boardkit_{game.name}"}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.space = actions(game)
        self._encode = encoder_of(game, self.players)
        self._observation = self._encode.encode  # the array for a view, without the call's indirection
        n = self._size = len(self.space)
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        box = spaces.Box(0.0, self._encode.high, self._encode.shape, np.float32)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, (n,), np.int8)})
            for a in self.possible_agents
        }
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        self._no_moves = np.zeros(n, dtype=np.int8)
        self._legal_indices = self.space.legal_indices
        self._mask = self._no_moves
        self._seeds = Random(fresh_seed())
        self.state: State[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(len(rl.actions(game)))``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: seeded by ``seed``, or by the environment's own
        sequence of seeds (itself seeded by the last ``seed`` given)."""
        if seed is not None:
            self._seeds = Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.bits64() >> 1
        self.state = self.game.new_game(players=self.players, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._set_legal(self.state)
        player = self.state.current_player
        self.agent_selection = self.possible_agents[0 if player is None else player]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """What ``agent`` sees now, and its action mask."""
        state = self._state()
        mask = (self._mask if agent == self.agent_selection else self._no_moves).copy()
        return {"observation": self._observation(state.view(self._seat[agent])), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection`` (``None`` for an agent whose
        game is over).

        Raises:
            IllegalMoveError: if the action is not legal now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        if type(action) is int:  # the common case, without the checks below
            index = action
        else:
            index = int(action) if isinstance(action, int | np.integer) and not isinstance(action, bool) else -1
        if not 0 <= index < self._size or not self._mask[index]:
            raise IllegalMoveError(action, f"action {action!r} is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        state.apply(self.space.moves[index])
        self._steps += 1
        outcome = state.outcome
        if outcome is None and (self.max_steps is None or self._steps < self.max_steps):
            # the game goes on (the common case first)
            self._set_legal(state)
            self.agent_selection = self.possible_agents[state.current_player]  # type: ignore[index]
        elif outcome is not None:
            self.rewards = dict(zip(self.agents, outcome.rewards(self.players), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self._set_legal(None)
            self._accumulate_rewards()
        else:
            self.truncations = dict.fromkeys(self.agents, True)
            self._set_legal(None)

    def _set_legal(self, state: State[Any] | None) -> None:
        # The mask of the agent to move, made once per move; observe() hands out copies.
        mask = self._no_moves.copy()
        if state is not None:
            mask[self._legal_indices(state)] = 1
        self._mask = mask

    def render(self) -> str | None:
        """The text board (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.state.render()

    def close(self) -> None:
        """Nothing to release."""

    def _state(self) -> State[Any]:
        if self.state is None:
            raise IllegalMoveError(None, "reset() the environment before using it")
        return self.state


def env(
    name_or_game: str | Game[Any, Any], *, players: int | None = None, render_mode: str | None = None,
    max_steps: int | None = None, **options: Any,
) -> BoardkitEnv:
    """A PettingZoo AEC environment for a game, by registry name (with its
    options) or as a game value.

    Raises:
        OptionError: for an unknown game, option or number of players.

    Examples:
        >>> e = env("camelot", players=3)
        >>> e.reset(seed=7)
        >>> e.possible_agents, int(e.action_space("player_0").n)
        (['player_0', 'player_1', 'player_2'], 482)
        >>> obs, reward, terminated, truncated, info = e.last()
        >>> obs["action_mask"].dtype, obs["observation"].dtype
        (dtype('int8'), dtype('float32'))
    """
    return BoardkitEnv(game_of(name_or_game, options), players, render_mode, max_steps)
