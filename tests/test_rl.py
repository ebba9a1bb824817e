"""boardkit.rl: action spaces, observations, and the PettingZoo, Gymnasium and
OpenSpiel adapters, each run through its library's own checker."""

from __future__ import annotations

import importlib
import sys
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

with warnings.catch_warnings():
    # with pygame installed, pettingzoo.test imports its connect_four_v3 through a deprecated path
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from boardkit import IllegalMoveError, OptionError, rl  # noqa: E402
from boardkit.agents import RandomAgent  # noqa: E402
from boardkit.chance import Random  # noqa: E402
from boardkit.game import Game, PerfectInformationView, State  # noqa: E402
from boardkit.games import load  # noqa: E402
from boardkit.parts import Parts  # noqa: E402
from boardkit.testing import Nim, Take  # noqa: E402

#: Every shipped game in every configuration the tests cover: (name, options, players).
CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("tafl", {"variant": "brandubh"}, 2),
    ("tafl", {"variant": "tablut", "escape": "corner"}, 2),
    ("tafl", {"variant": "hnefatafl"}, 2),
    ("tafl", {"variant": "copenhagen"}, 2),
    ("tafl", {"variant": "federation-brandubh"}, 2),
    ("cloth-of-gold", {"variant": 2023}, 2),
    ("cloth-of-gold", {"variant": 2020}, 2),
    ("five-fields", {}, 2),
    ("five-fields", {"blank_map": True}, 2),
    ("camelot", {}, 1),
    ("camelot", {}, 2),
    ("camelot", {}, 3),
    ("camelot", {}, 4),
    ("camelot", {}, 5),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}-{p}p" for n, o, p in CONFIGS]
HIDDEN = {"cloth-of-gold", "camelot"}  # 5 Fields hides only its generator: views are the same for both players

#: PettingZoo's api_test knows dict observations only for its own classic envs, by name, and warns for any other.
DICT_OBSERVATION_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be gymnasium.spaces.box"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def _playout(game: Game[Any, Any], players: int, seed: int, plies: int = 60) -> list[State[Any]]:
    state = game.new_game(players=players, seed=seed)
    rng = Random(seed)
    seen = [state.copy()]
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_moves()))
        seen.append(state.copy())
    return seen


# -- action spaces ------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "players"), CONFIGS, ids=IDS)
def test_mask_is_exactly_the_legal_moves_and_indices_round_trip(
    name: str, options: dict[str, Any], players: int
) -> None:
    game = load(name, **options)
    space = rl.actions(game)
    assert len(space) == len(rl.actions(load(name, **options)))  # the size depends on the game and options only
    for seed in (1, 2):
        for state in _playout(game, players, seed):
            mask = space.mask(state)
            legal = state.legal_moves()
            assert mask.shape == (len(space),) and mask.dtype == np.bool_
            assert int(mask.sum()) == len(legal)
            # the env's way (Tafl numbers its moves without making them), in the moves' order
            assert space.legal_indices(state).tolist() == [space.index(m) for m in legal]
            for move in legal:
                i = space.index(move)
                assert mask[i]
                assert space.move(i, state) == move
                assert space.index(str(move)) == i
            illegal = int(np.flatnonzero(~mask)[0])
            with pytest.raises(IllegalMoveError):
                space.move(illegal, state)


def test_compact_spaces() -> None:
    assert len(rl.actions(load("tafl", variant="brandubh"))) == 7 * 7 * 4 * 6
    assert len(rl.actions(load("tafl", variant="alea-evangelii"))) == 19 * 19 * 4 * 18
    assert len(rl.actions(load("cloth-of-gold"))) == 2 * 7 * 8
    camelot = load("camelot")
    # one index per tile on each square of its kind, a conceal per tile, and "end": not per turn of three
    assert len(rl.actions(camelot)) < 600


def test_bad_indices_and_moves_are_refused() -> None:
    game = load("tafl", variant="brandubh")
    space, state = rl.actions(game), game.new_game(seed=0)
    for bad in (-1, len(space), "3", 2.0, True):
        with pytest.raises(IllegalMoveError):
            space.move(bad, state)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        space.index(load("cloth-of-gold").new_game(seed=0).legal_moves()[0])


class DeclaredNim(Nim):
    """A user's game that declares its moves and its observation."""

    name = "declared-nim"
    declared = Parts(all_moves=lambda game: [Take(n) for n in range(1, game.options.most + 1)])

    def observation_shape(self, players: int) -> tuple[int, ...]:
        return (1,  self.options.heap + 1)

    def observation(self, view: PerfectInformationView) -> list[float]:
        heap = view.position[0]  # type: ignore[index]
        return [1.0 if k == heap else 0.0 for k in range(self.options.heap + 1)]


def test_a_game_that_declares_its_moves_gets_every_adapter() -> None:
    game = DeclaredNim(heap=9)
    space = rl.actions(game)
    assert len(space) == 3
    state = game.new_game(seed=0)
    assert space.mask(state).tolist() == [True, True, True]
    assert rl.observe(state, 0).tolist() == [[0.0] * 9 + [1.0]]
    with pytest.raises(OptionError, match="all_moves"):
        rl.actions(Nim())
    with pytest.raises(OptionError, match="observation"):
        rl.observation_shape(type("Bare", (Nim,), {"all_moves": DeclaredNim.all_moves})())


# -- observations -------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "players"), CONFIGS, ids=IDS)
def test_observations_do_not_leak(name: str, options: dict[str, Any], players: int) -> None:
    game = load(name, **options)
    shape = rl.observation_shape(game, players)
    differs = False
    for state in _playout(game, players, seed=5, plies=40):
        for p in range(players):
            mine = rl.observe(state, p)
            assert mine.shape == shape and mine.dtype == np.float32
            world = state.determinize(p, seed=len(state.history) + 17)
            assert np.array_equal(rl.observe(world, p), mine)  # the observer cannot tell the worlds apart
            for q in range(players):
                if q != p and not np.array_equal(rl.observe(world, q), rl.observe(state, q)):
                    differs = True  # another player can: their hidden tiles were dealt afresh
    assert differs == (name in HIDDEN and players > 1)


def test_tafl_planes() -> None:
    state = load("tafl", variant="brandubh").new_game(seed=0)
    obs = rl.observe(state, 1)
    # row 0 is the top row (rank 7): d7 is an attacker, d4 the king on the throne
    assert obs[0, 0, 3] == 1.0 and obs[2, 3, 3] == 1.0 and obs[3, 3, 3] == 1.0
    assert obs[0].sum() == 8 and obs[1].sum() == 4
    assert obs[4].all() and not obs[5].any()  # attackers to move; the observer defends


@pytest.mark.parametrize("spec", ["tic_tac_toe:TicTacToe", "connect_four:ConnectFour", "hex_hasami:HexHasami"])
def test_kit_observations_are_the_games_own_planes(spec: str) -> None:
    module, name = spec.split(":")
    game = getattr(importlib.import_module(module), name)()
    rng = Random(4)
    for seed in range(3):
        state = game.new_game(seed=seed)
        while True:
            for player in (0, 1):
                declared = np.asarray(game.observation(state.view(player)), dtype=np.float32)
                assert np.array_equal(rl.observe(state, player), declared)
            if state.is_over or len(state.history) > 60:
                break
            state.apply(state.random_move(rng))


@pytest.mark.parametrize("variant", ["brandubh", "copenhagen", "tablut"])
def test_tafl_planes_are_the_views_squares_through_whole_games(variant: str) -> None:
    game = load("tafl", variant=variant)
    n = game.size
    rng = Random(3)
    state = game.new_game(seed=1)
    while True:
        view = state.view(0)
        obs = rl.observe(state, 0)
        for plane, squares in enumerate((view.attackers, view.defenders, (view.king,) if view.king else ())):
            expected = np.zeros((n, n), np.float32)
            for name in squares:
                expected[n - int(name[1:]), ord(name[0]) - ord("a")] = 1.0
            assert np.array_equal(obs[plane], expected)
        if state.is_over or len(state.history) > 150:
            break
        state.apply(state.random_move(rng))


# -- PettingZoo ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "players"), CONFIGS, ids=IDS)
@DICT_OBSERVATION_WARNINGS[0]
@DICT_OBSERVATION_WARNINGS[1]
def test_pettingzoo_api_and_seed_tests(name: str, options: dict[str, Any], players: int) -> None:
    api_test(rl.env(name, players=players, **options), num_cycles=200)
    seed_test(lambda: rl.env(name, players=players, **options), num_cycles=50)


def test_env_rewards_and_seeds() -> None:
    env = rl.env("tafl", variant="brandubh")
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.state is not None and env.state.outcome is not None
    env.reset(seed=3)
    first = env.state.to_record()
    env.reset(seed=3)
    assert env.state.to_record() == first
    with pytest.raises(IllegalMoveError):
        env.step(0)  # a7 (the top-left square) up: off the board


def test_env_final_rewards() -> None:
    env = rl.env("tafl", variant="brandubh")
    env.reset(seed=11)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.state is not None and env.state.outcome is not None
    winner = env.state.outcome.winner
    assert totals == {f"player_{p}": (1.0 if p == winner else -1.0) for p in (0, 1)}


def test_shared_wins_are_split() -> None:
    from boardkit import Outcome

    assert Outcome(frozenset({0, 1}), None, "tie").rewards(3) == (0.5, 0.5, -1.0)
    assert Outcome(frozenset({0, 1}), None, "tie").rewards(2) == (0.0, 0.0)


def test_rewards_is_deprecated_for_outcome_rewards() -> None:
    from boardkit import Outcome
    from boardkit.rl import common

    outcome = Outcome.win(1, "x")
    with pytest.warns(DeprecationWarning, match=r"use outcome\.rewards\(players\)"):
        assert common.rewards(outcome, 2) == [-1.0, 1.0]
    assert common.__all__ == ["game_of"]


def test_env_refuses_options_with_a_game() -> None:
    with pytest.raises(OptionError):
        rl.env(load("camelot"), players=2, first=1)
    with pytest.raises(OptionError):
        rl.env("camelot", players=6)


# -- Gymnasium ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "players"), CONFIGS, ids=IDS)
def test_gymnasium_check_env(name: str, options: dict[str, Any], players: int) -> None:
    from gymnasium.utils.env_checker import check_env

    env = rl.gym_env(name, RandomAgent(seed=1), seat=players - 1, players=players, **options)
    check_env(env, skip_render_check=True)


def test_gym_env_plays_whole_games() -> None:
    env = rl.gym_env("cloth-of-gold", RandomAgent(seed=2), seat=1)
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, total = False, 0.0
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        done = terminated or truncated
        assert "illegal_action" not in info
    assert env.state is not None and env.state.outcome is not None
    assert total == (1.0 if env.state.outcome.winner == 1 else -1.0 if env.state.outcome.winners else 0.0)
    obs, _ = env.reset(seed=4)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})


# -- OpenSpiel ----------------------------------------------------------------------

SPIEL_CONFIGS: list[tuple[str, dict[str, Any], int]] = [
    ("tafl", {"variant": "brandubh"}, 2),
    ("cloth-of-gold", {}, 2),
    ("five-fields", {"turn_limit": 6}, 2),
    ("five-fields", {"blank_map": True, "turn_limit": 6}, 2),
    ("camelot", {}, 1),
    ("camelot", {}, 3),
]


@pytest.mark.parametrize(("name", "options", "players"), SPIEL_CONFIGS)
def test_openspiel_random_sim_test_and_mcts(name: str, options: dict[str, Any], players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    game = rl.openspiel_game(load(name, **options), players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 2, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert len(state.returns()) == players
    hidden = game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert hidden == (name != "tafl")


def test_openspiel_observations_are_the_views() -> None:
    pytest.importorskip("pyspiel")
    game = rl.openspiel_game(load("cloth-of-gold"))
    state = game.new_initial_state()
    assert np.array_equal(np.asarray(state.observation_tensor(0)), rl.observe(state.held.state, 0).reshape(-1))
    assert state.observation_string(0) != state.observation_string(1)  # each sees their own hand


# -- the extra ----------------------------------------------------------------------


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in [m for m in sys.modules if m == "boardkit.rl" or m.startswith("boardkit.rl.")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r"pip install 'boardkit\[rl\]'"):
        importlib.import_module("boardkit.rl")


def test_the_core_does_not_import_rl() -> None:
    import subprocess

    code = (
        "import boardkit, boardkit.games, boardkit.agents, boardkit.play, sys;"
        " print('boardkit.rl' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
