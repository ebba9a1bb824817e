"""Every boardkit game as an OpenSpiel Python game.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

:func:`openspiel_game` registers the game (with its options) under its own
name and loads it, so OpenSpiel's algorithms run on it. Actions are the
indices of :func:`~boardkit.rl.actions`; observations are
:func:`~boardkit.rl.observe`'s arrays, flattened, and the observation and
information-state strings are the player's view as JSON.

Games that declare hidden information or chance after the set-up in their
:attr:`~boardkit.Game.about` (Cloth of Gold, 5 Fields, Camelot) are
registered as imperfect-information games with *sampled* chance
(``ChanceMode.SAMPLED_STOCHASTIC``): their draws come from the state's own
seeded generator when a move is applied, not from explicit chance nodes. A
clone copies that generator, so a search on clones (OpenSpiel's MCTS bot)
plays a sampled world, not the player's information set.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np

from boardkit.about import Chance
from boardkit.chance import derive_seed
from boardkit.game import Game, State, to_json_value
from boardkit.rl.observations import encoder_of
from boardkit.rl.spaces import actions

__all__ = ["openspiel_game"]

#: A game longer than this many moves ends as a draw in OpenSpiel (which
#: needs a bound); ``openspiel_game(..., max_game_length=N)`` changes it.
MAX_GAME_LENGTH = 2000


def openspiel_game(
    game: Game[Any, Any], *, players: int | None = None, seed: int = 0, max_game_length: int = MAX_GAME_LENGTH
) -> Any:
    """``game`` as an OpenSpiel game (a ``pyspiel.Game``), registered under
    ``boardkit_<name>_<digest of its options>``.

    Args:
        game: The game (with its options).
        players: How many players (``None``: the game's fewest).
        seed: Seeds the deals: the n-th initial state of a loaded game is
            dealt from ``seed`` and n.
        max_game_length: The most moves a game may last; a longer one ends
            as a draw.

    Examples:
        >>> import pyspiel
        >>> from boardkit.games import load
        >>> g = openspiel_game(load("tafl", variant="brandubh"))
        >>> g.get_type().short_name.startswith("boardkit_tafl_"), g.num_distinct_actions()
        (True, 1176)
        >>> state = g.new_initial_state()
        >>> len(state.legal_actions()), state.current_player()
        (48, 0)
        >>> state.apply_action(state.legal_actions()[0])
        >>> state.current_player()
        1
    """
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - exercised in a venv without the extra
        raise ImportError(
            "boardkit.rl.openspiel_game needs the rl extra (open-spiel): pip install 'boardkit[rl]'"
        ) from None
    seats = game.check_players(players)
    space = actions(game)
    encode = encoder_of(game, seats)
    # What the game declares (its About): no hidden information and no chance after the set-up.
    perfect = not game.about.hides_information and game.about.chance is Chance.NONE
    digest = hashlib.sha1(repr((type(game).__qualname__, game.option_values())).encode()).hexdigest()[:10]
    short_name = f"boardkit_{game.name.replace('-', '_')}_{digest}"
    info = pyspiel.GameType.Information
    chance = pyspiel.GameType.ChanceMode
    utility = pyspiel.GameType.Utility
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"boardkit {game!r}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.DETERMINISTIC if perfect else chance.SAMPLED_STOCHASTIC,
        information=info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if seats == 2 else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=len(space),
        max_chance_outcomes=0,
        num_players=seats,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if seats == 2 else None,
        max_game_length=max_game_length,
    )

    state_base: Any = pyspiel.State
    game_base: Any = pyspiel.Game

    class SpielState(state_base):  # type: ignore[misc]
        """One game in progress, as OpenSpiel sees it (cloned through ``copy.deepcopy``)."""

        def __init__(self, spiel_game: Any, state: State[Any]) -> None:
            super().__init__(spiel_game)
            self.held = _Held(state)

        @property
        def state(self) -> State[Any]:
            return self.held.state

        def current_player(self) -> int:
            if self.is_terminal():
                return int(pyspiel.PlayerId.TERMINAL)
            return int(self.state.current_player)  # type: ignore[arg-type]

        def is_terminal(self) -> bool:
            return self.state.is_over or len(self.state.history) >= max_game_length

        def _legal_actions(self, player: int) -> list[int]:
            if self.is_terminal() or player != self.state.current_player:
                return []
            return sorted(space.legal(self.state))

        def _apply_action(self, action: int) -> None:
            self.state.apply(space.move(action, self.state))

        def _action_to_string(self, player: int, action: int) -> str:
            return str(space.moves[action])

        def returns(self) -> list[float]:
            outcome = self.state.outcome
            return [0.0] * seats if outcome is None else list(outcome.rewards(seats))

        def information_state_string(self, player: int | None = None) -> str:
            return _view_string(self.state, self.current_player() if player is None else player)

        observation_string = information_state_string  # the player's view either way

        def __str__(self) -> str:
            return self.state.render()

    class SpielObserver:
        """Observations and strings from one player's view."""

        def __init__(self, iig_obs_type: Any = None, params: Any = None) -> None:
            if params:
                raise ValueError(f"observation parameters are not supported: {params!r}")
            self.tensor = np.zeros(encode.size, np.float32)
            self.dict = {"observation": self.tensor.reshape(encode.shape)}

        def set_from(self, state: SpielState, player: int) -> None:
            self.tensor[:] = encode(state.state.view(player)).reshape(-1)

        def string_from(self, state: SpielState, player: int) -> str:
            return _view_string(state.state, player)

    class SpielGame(game_base):  # type: ignore[misc]
        """The boardkit game, as OpenSpiel loads it."""

        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, game_info, params or {})
            self._deals = 0

        def new_initial_state(self) -> SpielState:
            self._deals += 1
            return SpielState(self, game.new_game(players=seats, seed=derive_seed(seed, self._deals)))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
            return SpielObserver(iig_obs_type, params)

    pyspiel.register_game(game_type, SpielGame)
    return pyspiel.load_game(short_name)


class _Held:
    """A boardkit state inside an OpenSpiel state: ``copy.deepcopy`` (OpenSpiel's
    clone) copies it with ``State.copy()``, leaving the game shared."""

    def __init__(self, state: State[Any]) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.copy())


def _view_string(state: State[Any], player: int) -> str:
    return json.dumps(to_json_value(state.view(player)), sort_keys=True)
