"""The compiled build (issue 31) keeps the pure build's promises.

The whole suite runs on both builds: on the pure one as the README's test
command runs it, and on the compiled one through ``.ci/compiled``
(``BOARDKIT_COMPILE=1 pip install '.[dev]'`` in ``.venv-compiled``). These
tests pin what compiling could break: the flag and ``--version``, docstrings,
pickle and copies, ``isinstance`` of compiled subclasses of ABCs, subclasses
written in Python, and wrong types as boardkit errors. On the compiled build
the doctests of the modules left pure run here, against the installed
package; those inside compiled modules run on the pure build only.
"""

from __future__ import annotations

import ast
import copy
import doctest
import importlib
import inspect
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from connect_four import ConnectFour, ConnectFourState

import boardkit
from boardkit import COMPILED, BoardkitError, Random
from boardkit.agents import MCTSAgent
from boardkit.game import Game, State
from boardkit.games.tafl import Move, Piece, Tafl, TaflState

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def _compiled_modules() -> list[str]:
    """The modules ``hatch_build.py`` compiles, read from its source (hatchling is not installed here)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in targets):
                assert node.value is not None
                paths: tuple[str, ...] = ast.literal_eval(node.value)
                return [".".join(Path(p).relative_to("src").with_suffix("").parts) for p in paths]
    raise AssertionError("hatch_build.py names no COMPILED_MODULES")


COMPILED_MODULES = _compiled_modules()


def _is_extension(name: str) -> bool:
    return not (importlib.import_module(name).__file__ or "").endswith(".py")


def test_the_compiled_set_is_compiled_exactly_in_the_compiled_build() -> None:
    assert COMPILED_MODULES, "the compiled set is empty"
    assert {name: _is_extension(name) for name in COMPILED_MODULES} == dict.fromkeys(COMPILED_MODULES, COMPILED)
    assert not _is_extension("boardkit.kit")  # a module left pure stays pure in both builds
    if COMPILED:
        assert list(importlib.import_module("boardkit._compiled").MODULES) == COMPILED_MODULES


def test_version_says_which_build_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardkit", "--version"], capture_output=True, text=True, check=True, timeout=60
    )
    build = "compiled with mypyc" if COMPILED else "pure Python"
    assert done.stdout.strip() == f"boardkit {boardkit.__version__} ({build})"


def test_the_readme_test_command_runs_the_compiled_build_too() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = readme.split("## Quick start", 1)[1].split("```sh\n")[2].split("\n```", 1)[0]
    assert command.endswith("&& .ci/compiled")
    script = (ROOT / ".ci" / "compiled").read_text(encoding="utf-8")
    assert "BOARDKIT_COMPILE=1" in script and "pytest" in script


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_compiled_modules_keep_their_and_their_classes_docstrings(name: str) -> None:
    module = importlib.import_module(name)
    source = (SRC / Path(*name.split("."))).with_suffix(".py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    # Compared as inspect.cleandoc reads them: Python 3.13 strips a docstring's indentation as it compiles it.
    assert inspect.cleandoc(module.__doc__ or "") == ast.get_docstring(tree)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is not None:
            assert inspect.cleandoc(getattr(module, node.name).__doc__ or "") == ast.get_docstring(node), node.name


def _played(state: Any, plies: int) -> Any:
    rng = Random(7)
    for _ in range(plies):
        moves = state.legal_moves()
        state.apply(moves[rng.randbelow(len(moves))])
    return state


def _twins() -> list[tuple[str, Any]]:
    return [
        ("pickle", lambda x: pickle.loads(pickle.dumps(x))),
        ("copy.copy", copy.copy),
        ("copy.deepcopy", copy.deepcopy),
    ]


@pytest.mark.parametrize(("how", "twin"), _twins())
@pytest.mark.parametrize("variant", ["brandubh", "copenhagen"])
def test_tafl_states_pickle_and_copy(variant: str, how: str, twin: Any) -> None:
    state = _played(Tafl(variant).new_game(seed=3), 6)
    again = twin(state)
    assert again == state and again.history == state.history and again.legal_moves() == state.legal_moves()
    assert again.to_record().replay() == state
    move = again.legal_moves()[0]  # each an independent game (copy.copy is the state's copy())
    again.apply(move)
    assert again != state and len(state.history) == 6
    assert again.undo() == move and again == state
    assert state.copy() == state


@pytest.mark.parametrize(("how", "twin"), _twins())
def test_games_agents_and_generators_pickle_and_copy(how: str, twin: Any) -> None:
    game = Tafl("tablut", escape="corner")
    assert twin(game) == game
    rng = Random(11)
    rng.bits64()
    assert twin(rng) == rng and twin(rng) is not rng
    agent = MCTSAgent(iterations=20, seed=5, rollout_moves=30)
    state = Tafl("brandubh").new_game(seed=1)
    assert repr(twin(agent)) == repr(agent)
    assert twin(agent).choose(state, 0) == MCTSAgent(iterations=20, seed=5, rollout_moves=30).choose(state, 0)


def test_isinstance_tells_games_and_states_apart() -> None:
    sys.path.insert(0, str(ROOT / "examples"))
    from tic_tac_toe import TicTacToe

    game, tafl = TicTacToe(), Tafl("brandubh")
    for _ in range(2):  # the second time through isinstance's caches
        assert isinstance(game, Game) and isinstance(tafl, Game)
        assert not isinstance(game, Tafl) and isinstance(tafl, Tafl)
        assert isinstance(game.new_game(seed=0), State)
        assert not isinstance(game.new_game(seed=0), type(tafl.new_game(seed=0)))


class Saga(Tafl):
    """A game of one's own on Tafl's rules: a Python subclass of a compiled class."""

    name = "saga"


class Counted(TaflState):
    """A state that counts its moves: a Python subclass of a compiled class."""

    applied = 0

    def _play(self, move: Move) -> object:
        self.applied += 1
        return super()._play(move)


def test_squares_takes_a_piece_or_its_letter_in_both_builds() -> None:
    state = Tafl("brandubh").new_game(seed=0)
    assert state.squares("T") == state.squares(Piece.DEFENDER) == ["d5", "c4", "e4", "d3"]


def test_python_subclasses_of_compiled_classes_work() -> None:
    game = Saga("brandubh")
    state = _played(game.new_game(seed=2), 4)
    assert isinstance(game, Tafl) and type(state) is TaflState and state.game == game
    assert pickle.loads(pickle.dumps(game)) == game and type(copy.deepcopy(game)) is Saga
    counted = Counted(game, 2, 5, Tafl("brandubh")._start, 0)
    _played(counted, 3)
    assert counted.applied == 3 and len(counted.history) == 3
    again = pickle.loads(pickle.dumps(counted))
    assert type(again) is Counted and again == counted and again.applied == 3


def test_a_kit_state_keeps_the_base_states_fields_outside_a_dict() -> None:
    """On the compiled build a kit state keeps every field of the base State in the native class's
    slots, so a state whose game adds no field of its own makes no ``__dict__``: Python looks up its
    methods, called from the game's rules, without probing one (a tenth of a compiled Connect Four
    move). It stays so when played, taken back, copied, determinized and unpickled; a field the game
    adds still goes in a ``__dict__`` of its own, and pickles."""
    state = _played(ConnectFour().new_game(seed=5), 6)
    state.undo()
    twins = [state, state.copy(), state.determinize(0, seed=1), pickle.loads(pickle.dumps(state))]
    for twin in twins:
        assert twin.game == state.game and twin.history == state.history
        if COMPILED:
            assert getattr(twin, "__dict__", None) is None
    state.note = "kept"  # type: ignore[attr-defined]
    again = pickle.loads(pickle.dumps(state))
    assert again.note == "kept" and again == state
    if COMPILED:
        assert vars(again) == {"note": "kept"}


def test_a_declared_fields_table_reads_a_kit_state_without_a_dict() -> None:
    """A :class:`~boardkit.fields.Fields` table on a kit state that keeps no attribute of its own (so
    has no ``__dict__`` on the compiled build) keys, saves and restores it, as on the pure build."""
    from tic_tac_toe import TicTacToe

    from boardkit.fields import Fields

    state = _played(TicTacToe().new_game(seed=5), 3)
    none = Fields()
    assert none.key(state) == () and none.save(state) == ()
    none.restore(state, ())
    none.copy_into(state, state.copy())


class _Marked(ConnectFourState):
    """Connect Four whose state keeps a field of its own in a slot, and copies it in its own copy."""

    __slots__ = ("mark",)

    def setup(self) -> None:
        self.mark = [self.seed]

    def copy(self) -> Any:
        twin = super().copy()
        twin.mark = list(self.mark)
        return twin


class _MarkedConnectFour(ConnectFour):
    state_class = _Marked


def test_a_kit_state_pickles_and_copies_the_slots_of_its_class() -> None:
    """A field a state class keeps in ``__slots__`` goes with the state through pickle,
    ``copy.copy`` and ``copy.deepcopy`` on either build (the kit's ``__getstate__`` gave only the
    ``__dict__`` and the kit's own fields, so the slot came back unset)."""
    state = _played(_MarkedConnectFour().new_game(seed=5), 6)
    for twin in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state), state.copy()):
        assert twin.mark == [5] and twin == state


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_kit_state_pickles_under_every_protocol(protocol: int) -> None:
    """Under protocols 0 and 1 Python's default rebuilt a kit state by calling the first built-in
    base's ``__init__``: on the compiled build the kit's compiled base, which wants its arguments
    (a ``TypeError`` when read back)."""
    state = _played(_MarkedConnectFour().new_game(seed=5), 6)
    twin = pickle.loads(pickle.dumps(state, protocol=protocol))
    assert twin == state and twin.mark == [5] and twin.history == state.history
    twin.undo()
    assert twin != state and len(twin.legal_moves()) == 7


@pytest.mark.parametrize(
    "call",
    [
        lambda: Tafl("brandubh").new_game(seed=1.5),
        lambda: Tafl("brandubh").new_game(seed="7"),
        lambda: Tafl("brandubh").new_game(players=2.0),
        lambda: Tafl("brandubh").new_game(players=True),
        lambda: Tafl("brandubh").parse_move(5),
        lambda: Tafl("brandubh").parse_move(None),
        lambda: Tafl("brandubh").from_position(position=5, to_move=0),
        lambda: Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=True),
        lambda: Tafl("brandubh").from_position(position="/7/7/3K3/7/t6/7/7/", to_move=0, seed=1.0),
        lambda: Tafl("brandubh").new_game(seed=1).playout(max_plies=2.5),
        lambda: Tafl("brandubh").new_game(seed=1).playout(max_plies="9"),
        lambda: Tafl("brandubh").new_game(seed=1).view(True),
        lambda: Tafl("brandubh").new_game(seed=1).view("0"),
        lambda: Tafl("brandubh").new_game(seed=1).evaluate(1.0),
        lambda: Tafl("brandubh").new_game(seed=1).piece_at(5),
    ],
)
def test_wrong_types_at_compiled_entry_points_are_boardkit_errors(call: Any) -> None:
    with pytest.raises(BoardkitError) as caught:
        call()
    assert "\n" not in str(caught.value)


def _modules() -> list[str]:
    return sorted(".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
                  for p in (SRC / "boardkit").rglob("*.py"))


@pytest.mark.parametrize(
    "name",
    _modules() if COMPILED else [pytest.param("", marks=pytest.mark.skip(
        reason="the pure build runs every module's doctests through --doctest-modules"))],
)
def test_the_doctests_of_every_module_on_the_compiled_build(name: str) -> None:
    if name in COMPILED_MODULES:
        pytest.skip("compiled with mypyc, whose functions keep no docstrings: its examples run on the pure build")
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        found = runner.run(test, out=failures.append)
        assert found.failed == 0, "".join(failures)
