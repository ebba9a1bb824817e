"""Monte Carlo search's hot path (issue 31): ``State.playout``, the games'
quicker playouts, the compiled search loop and the generator's machine-word
arithmetic play exactly what they played before, on both builds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardkit import OptionError, Random, State, games
from boardkit import chance as chance_module
from boardkit.agents import MCTSAgent, RandomAgent
from boardkit.games.tafl import Tafl
from boardkit.testing import Nim


def _reference_mix(z: int) -> int:
    """SplitMix64's finaliser on Python integers, as written before the halves."""
    mask = (1 << 64) - 1
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def _reference_randbelow(state: int, n: int) -> tuple[int, int]:
    """``randbelow(n)`` from generator state ``state``, on Python integers: (value, new state)."""
    k = n.bit_length()
    while True:
        state = (state + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        r = _reference_mix(state) >> (64 - k)
        if r < n:
            return r, state


def test_the_halves_mix_as_the_integers_do() -> None:
    draw = random.Random(31)
    values = [0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1] + [draw.getrandbits(64) for _ in range(5000)]
    for z in values:
        h, lo = chance_module._mix_halves(z >> 32, z & 0xFFFFFFFF)
        assert (h << 32) | lo == _reference_mix(z) == chance_module._mix(z), z


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 100, 2**31 - 1, 2**32, 2**32 + 1, 2**45 + 3, 2**62 - 1, 2**62, 2**64 - 1])
def test_randbelow_draws_what_the_integers_draw_on_either_path(n: int) -> None:
    draw = random.Random(n)
    for _ in range(200):
        start = draw.getrandbits(64)
        expected = _reference_randbelow(start, n)
        rng = Random(0)
        rng.state = start
        assert (rng.randbelow(n), rng.state) == expected
        if n < 2**62:  # the compiled build's path, run here on whichever build this is
            rng.state = start
            assert (chance_module._below_halves(rng, n), rng.state) == expected


def _loop(state: State[Any], limit: int | None, rng: Random) -> int:
    played = 0
    while not state.is_over and (limit is None or played < limit):
        state.apply(state.random_move(rng))
        played += 1
    return played


GAMES = [
    Tafl("brandubh", escape="corner"),
    games.load("cloth-of-gold"),
    games.load("camelot"),
    games.load("five-fields"),
    Nim(heap=12),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("limit", [None, 0, 9])
def test_playout_plays_random_move_and_apply(game: Any, limit: int | None) -> None:
    for seed in range(4):
        state, twin = game.new_game(seed=seed), game.new_game(seed=seed)
        mine, theirs = Random(seed + 7), Random(seed + 7)
        cap = 400 if limit is None else limit  # a bound on the few games that could run long
        assert state.playout(max_plies=cap, rng=mine) == _loop(twin, cap, theirs)
        assert state == twin and mine.state == theirs.state
        assert state.history == twin.history
        for _ in range(min(6, len(state.history))):  # the undo records and chance are apply's
            assert state.undo() == twin.undo()
            assert state == twin


def test_cloth_of_gold_playout_is_the_generic_one() -> None:
    game = games.load("cloth-of-gold")
    for seed in range(6):
        state, twin = game.new_game(seed=seed), game.new_game(seed=seed)
        assert state.playout(rng=Random(seed)) == State._playout(twin, -1, Random(seed))
        assert state == twin and state.is_over
        while state.history:
            assert state.undo() == twin.undo()
        assert state == twin == game.new_game(seed=seed)


def test_playout_checks_its_limit_and_seeds_its_own_chooser() -> None:
    state = Nim(heap=30).new_game(seed=3)
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(OptionError, match="max_plies must be a non-negative integer or None"):
            state.playout(max_plies=bad)
    assert state.history == ()
    twin = state.copy()
    assert state.playout(max_plies=4) == twin.playout(max_plies=4) == 4
    assert state == twin  # the default chooser is seeded from the game's seed and its length


def _position(game: Any, plies: int) -> Any:
    state = game.new_game(seed=plies)
    agent = RandomAgent(seed=plies)
    for _ in range(plies):
        state.apply(agent.choose(state, state.current_player or 0))
    return state


def test_a_search_is_determined_by_its_seed_and_leaves_the_position_alone() -> None:
    """What a simulation needs of MCTS (issue 41: the test here used to pin the generator's internal
    state after a search, which any correct refactor broke and which said nothing about play): the same
    seed from the same position gives the same move and leaves the agent's generator in the same place,
    the position searched is unchanged, and the move is legal."""
    brandubh = Tafl("brandubh", escape="corner")
    cloth = games.load("cloth-of-gold")
    for game, plies in ((brandubh, 8), (brandubh, 16), (cloth, 8), (cloth, 16)):
        for seed in (0, 1):
            state = _position(game, plies)
            before = state.snapshot()
            first, second = (MCTSAgent(iterations=40, rollout_moves=10_000 if seed else 15, seed=seed)
                             for _ in range(2))
            move = first.choose(state, state.current_player or 0)
            assert second.choose(state, state.current_player or 0) == move
            assert first.rng.state == second.rng.state
            assert state.snapshot() == before and move in state.legal_moves()
