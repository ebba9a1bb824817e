"""One SplitMix64 (issue 38): the generator's one implementation, on 32-bit halves, and the pure
build's quicker path on Python integers give the numbers of SplitMix64's definition, and the first
draws of a seed are pinned to the values every stored record was written with."""

from __future__ import annotations

import pytest

from boardkit import chance
from boardkit.chance import Random, derive_seed

MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix(z: int) -> int:
    """SplitMix64's output function as published (Steele, Lea and Flood), on Python integers."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A draw below ``n < 2**64`` by rejection on the top bits, from the generator's ``state``: (the
    draw, the state after it)."""
    shift = 64 - n.bit_length()
    while True:
        state = (state + GOLDEN) & MASK
        r = splitmix(state) >> shift
        if r < n:
            return r, state


#: Words whose halves carry at each step of the arithmetic: edges of the 16- and 32-bit pieces.
WORDS = [0, 1, 0xFFFF, 0x10000, 2**32 - 1, 2**32, 2**48 - 1, 2**63, MASK, GOLDEN, 0xFFFFFFFF00000000]
BOUNDS = [1, 2, 3, 6, 1000, 2**31, 2**32 + 1, 2**40, 2**61 + 3, 2**62 - 1]


def test_the_halves_are_splitmix64() -> None:
    walk = Random(99)
    words = WORDS + [walk.bits64() for _ in range(500)]
    assert [chance._mix(z) for z in words] == [splitmix(z) for z in words]
    assert [chance._mix_halves(z >> 32, z & 0xFFFFFFFF) for z in words] == [
        (splitmix(z) >> 32, splitmix(z) & 0xFFFFFFFF) for z in words
    ]


@pytest.mark.parametrize("seed", [0, 1, 2024, MASK])
def test_this_builds_draws_are_splitmix64(seed: int) -> None:
    # bits64 and randbelow take the pure build's path on Python integers there, the halves compiled.
    rng = Random(seed)
    state = splitmix(seed & MASK)
    assert rng.state == state
    for _ in range(100):
        state = (state + GOLDEN) & MASK
        assert rng.bits64() == splitmix(state)
    for n in BOUNDS * 20:
        r, state = below(state, n)
        assert (rng.randbelow(n), rng.state) == (r, state)


@pytest.mark.parametrize("n", BOUNDS)
def test_the_compiled_builds_draw_below_agrees_on_either_build(n: int) -> None:
    rng = Random(n)
    state = rng.state
    for _ in range(50):
        r, state = below(state, n)
        assert (chance._below_halves(rng, n), rng.state) == (r, state)


def test_the_first_draws_of_a_seed_are_pinned() -> None:
    # The values records were written with before the generator had one implementation: a record
    # replays only if they never change.
    rng = Random(2024)
    assert [rng.bits64() for _ in range(3)] == [3658484137493642868, 89549354609768431, 3624112306068327696]
    bounds = (1, 2, 6, 1000, 2**31, 2**32 + 1, 2**40, 2**61 + 3, 2**62, 2**63 - 1, 2**64, 2**70 + 5)
    assert [rng.randbelow(n) for n in bounds for _ in range(2)] == [
        0, 0, 0, 1, 1, 5, 353, 83, 1026691675, 1233045807, 2708579603, 2428936291, 202564658039, 774136596428,
        1375906866101333923, 1425107159514227531, 2311461336484046305, 2135775805414435169, 5528665692688436910,
        4509725554627659466, 5581757531069243028, 3144327419251921883, 166422644300763223377,
        159597564757774908085,
    ]  # fmt: skip
    assert (rng.random(), rng.state) == (0.5748710312416335, 13378569033277500668)
    assert (derive_seed(2024), derive_seed(2024, 3, "five-fields", 2**64 + 9)) == (
        6764276238313169468,
        6174074926877033722,
    )
    items = list(range(10))
    Random(7).shuffle(items)
    assert items == [7, 6, 2, 1, 0, 9, 3, 5, 4, 8]
