"""Pickles of one shape on both builds (issue 38): every class of a compiled module that a pickle of a
game, a state, a component or an agent reaches pickles through its own ``__reduce__`` (plain data
and a module-level constructor, never mypyc's layout), and what it rebuilds plays on identically.
Whether the pickles cross builds is ``tests/cross_build_pickles.py``'s to check, in ``.ci/compiled``."""

from __future__ import annotations

import ast
import enum
import io
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest

from boardkit import games
from boardkit.agents import AlphaBetaAgent, MCTSAgent
from boardkit.chance import Random, _resumed
from boardkit.games.tafl import Tafl

ROOT = Path(__file__).resolve().parent.parent


def _compiled_modules() -> set[str]:
    """The modules the compiled build compiles, read from ``hatch_build.COMPILED_MODULES``."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED_MODULES":
            paths = ast.literal_eval(node.value)
            return {".".join(Path(p).relative_to("src").with_suffix("").parts) for p in paths}
    raise AssertionError("no COMPILED_MODULES in hatch_build.py")


def _plain_class(cls: type) -> bool:
    """Whether ``cls`` is a Python class on either build that pickles by its public fields: a named
    tuple, an attrs class or an enumeration (mypyc compiles none of them into a native class)."""
    return issubclass(cls, tuple | enum.Enum) or attrs.has(cls)


class _Seeing(pickle.Pickler):
    """A pickler that notes the class of every object it writes."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO(), protocol=pickle.HIGHEST_PROTOCOL)
        self.classes: set[type] = set()

    def persistent_id(self, obj: Any) -> None:
        self.classes.add(type(obj))


def _played(name: str, plies: int = 9, **options: Any) -> Any:
    state = games.load(name, **options).new_game(seed=11)
    walk = Random(5)
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(state.random_move(walk))
    return state


STATES = [
    ("tafl", {"variant": "brandubh"}),
    ("tafl", {"variant": "copenhagen"}),
    ("tafl", {"variant": "brandubh", "king_speed": 2}),  # OpenTafl's own rules: a state class of their own
    ("cloth-of-gold", {}),
    ("five-fields", {}),
    ("camelot", {}),
]


@pytest.mark.parametrize(("name", "options"), STATES)
def test_a_state_pickles_through_its_own_reduce_and_plays_on(name: str, options: dict[str, Any]) -> None:
    state = _played(name, **options)
    seeing = _Seeing()
    seeing.dump(state)
    compiled = _compiled_modules()
    unreduced = [
        cls.__qualname__
        for cls in seeing.classes
        if cls.__module__ in compiled
        and not _plain_class(cls)
        and not any("__reduce__" in vars(c) for c in cls.__mro__[:-1])
    ]
    assert unreduced == []
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.render() == state.render() and back.history == state.history
    assert back.legal_moves() == state.legal_moves()
    move = state.legal_moves()[-1]
    for s in (state, back):
        s.apply(move)
    assert back == state and back.rng == state.rng
    for s in (state, back):
        s.undo()
        s.undo()
    assert back == state and back.legal_moves() == state.legal_moves()


def test_a_tafl_state_pickles_without_the_compiled_builds_board_in_bytes() -> None:
    state = _played("tafl", variant="brandubh")
    rebuild, (cls, fields) = state.__reduce__()
    assert "_look" not in fields and "_mirror" not in fields and cls is type(state)
    back = rebuild(cls, fields)
    assert back == state and back.legal_moves() == state.legal_moves()


def test_a_game_pickles_as_its_options() -> None:
    for game in (Tafl("copenhagen", escape="corner"), *(games.load(name) for name in games.names())):
        rebuild, (cls, options) = game.__reduce__()
        assert options == game.option_values() and rebuild(cls, options) == game
        assert pickle.loads(pickle.dumps(game)) == game


def test_a_generator_pickles_as_its_state_alone() -> None:
    rng = Random(3)
    rng.randbelow(10)
    assert rng.__reduce__() == (_resumed, (rng.state,))
    back = pickle.loads(pickle.dumps(rng))
    assert [back.bits64() for _ in range(3)] == [rng.bits64() for _ in range(3)]


def test_a_bag_still_draws_from_its_states_generator_once_unpickled() -> None:
    state = _played("camelot", plies=0)
    back = pickle.loads(pickle.dumps(state))
    assert back.bag.rng is back.rng and back.bag.counts == state.bag.counts


def test_agents_pickle_their_settings_and_generator_not_their_caches() -> None:
    state = _played("tafl", plies=2, variant="brandubh")
    mover = state.current_player
    for agent in (AlphaBetaAgent(depth=2, seed=3), MCTSAgent(iterations=30, seed=4, reuse=True)):
        agent.choose(state.copy(), mover)
        back = pickle.loads(pickle.dumps(agent))
        assert repr(back) == repr(agent) and back.rng == agent.rng
        assert getattr(back, "_tree", None) is None  # the reusing search's tree is not pickled
        assert back.choose(state.copy(), mover) == agent.choose(state.copy(), mover)
    assert agent._tree is not None


def test_a_kit_move_pickles_without_the_hash_it_keeps() -> None:
    # The kit's moves keep their hash once asked (dictionary keys in searches); a text's hash changes
    # from one process to the next, so it must not travel in a pickle.
    from boardkit.kit import Edge, Pass, Path, Place, Step

    for move in (Place("b2"), Step("a1", "b2"), Path(("c3", "e5"), capture=True), Pass(), Edge("a1", "b1")):
        fresh = pickle.dumps(move)
        hash(move)
        assert pickle.dumps(move) == fresh
        again = pickle.loads(fresh)
        assert again == move and hash(again) == hash(move)
