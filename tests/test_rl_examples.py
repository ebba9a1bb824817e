"""The example games through boardkit.rl: Hex Hasami as the kit makes it,
High Tiles as a user would adapt a game written without the kit, by declaring
every move the game can make and what a player sees as numbers (the example
itself stays as its tutorial builds it)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # pettingzoo.test imports connect_four_v3 when pygame is there
    from pettingzoo.test import api_test, seed_test

from hex_hasami import HexHasami  # noqa: E402
from high_tiles import HighTiles, HighView, Lay  # noqa: E402

from boardkit import rl  # noqa: E402
from boardkit.agents import RandomAgent  # noqa: E402
from boardkit.game import Game  # noqa: E402
from boardkit.parts import Parts  # noqa: E402


class LearnableHighTiles(HighTiles):
    """High Tiles with its moves and observation declared: the observer's
    hand, the rival's hand size, both Courts, the bag."""

    observation_high = 30.0
    declared = Parts(all_moves=lambda game: [Lay(t) for t in range(1, 10)])

    def observation_shape(self, players: int) -> tuple[int, ...]:
        return (30,)

    def observation(self, view: HighView) -> list[float]:
        out = [0.0] * 30
        for tile, n in view.hand:
            out[tile - 1] = n
        out[9] = view.rival_hand
        for side, court in enumerate((view.courts[view.player], view.courts[1 - view.player])):
            for tile, n in court:
                out[10 + 9 * side + tile - 1] = n
        out[28] = view.bag
        out[29] = 1.0
        return out


# Hex Hasami is built on the kit, which declares its moves and observation itself.
EXAMPLES: list[Game[Any, Any]] = [HexHasami(move_limit=60), LearnableHighTiles()]


@pytest.mark.parametrize("game", EXAMPLES, ids=lambda g: g.name)
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be gymnasium.spaces.box")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_examples_pass_every_checker(game: Game[Any, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from gymnasium.utils.env_checker import check_env

    space = rl.actions(game)
    state = game.new_game(seed=3)
    while not state.is_over:
        mask = space.mask(state)
        assert sorted(np.flatnonzero(mask)) == sorted(space.index(m) for m in state.legal_moves())
        state.apply(state.legal_moves()[len(state.history) % len(state.legal_moves())])
    api_test(rl.env(game), num_cycles=100)
    seed_test(lambda: rl.env(game), num_cycles=30)
    check_env(rl.gym_env(game, RandomAgent(seed=1)), skip_render_check=True)
    spiel = rl.openspiel_game(game)
    pyspiel.random_sim_test(spiel, num_sims=2, serialize=False, verbose=False)


def test_high_tiles_observations_do_not_leak() -> None:
    game = LearnableHighTiles()
    state = game.new_game(seed=2)
    world = state.determinize(0, seed=9)
    assert np.array_equal(rl.observe(world, 0), rl.observe(state, 0))
    assert not np.array_equal(rl.observe(world, 1), rl.observe(state, 1))
