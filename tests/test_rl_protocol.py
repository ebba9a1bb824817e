"""boardkit.rl reads only the Game protocol: the all_moves and
observation_encoder a game declares among its parts (Game.declared), its About; it names no game, and importing a
game never imports numpy (the encoders live in each game's own encoding
module, imported when RL asks)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium import spaces  # noqa: E402

from boardkit import OptionError, rl  # noqa: E402
from boardkit.agents import RandomAgent  # noqa: E402
from boardkit.encoding import ActionList, Array, Encoder  # noqa: E402
from boardkit.game import State  # noqa: E402
from boardkit.games import load  # noqa: E402
from boardkit.parts import Parts  # noqa: E402
from boardkit.testing import Nim, NimState, Take  # noqa: E402

RL = Path(__file__).resolve().parent.parent / "src" / "boardkit" / "rl"
GAME_PACKAGES = ("tafl", "cloth_of_gold", "five_fields", "camelot")


# -- a game of the user's own ----------------------------------------------------------


def counted_moves(game: CountedNim) -> ActionList[Take]:
    """Index 0 is a hole (taking nothing is never a move); Take(n) is at index n."""

    def numbers(state: State[Any]) -> list[int] | None:
        if not isinstance(state, NimState):
            return None
        game.numbered += 1
        return list(range(1, min(game.options.most, state.heap) + 1))

    return ActionList([None, *(Take(n) for n in range(1, game.options.most + 1))], numbers)


def counted_encoder(game: CountedNim, players: int) -> Encoder:
    heap = float(game.options.heap)

    def fill(view: Any, flat: Array) -> None:
        flat[0] = view.position[0]  # the heap
        flat[1] = heap

    return Encoder((2,), fill, high=heap)


class CountedNim(Nim):
    """A user's game (not built on the kit) that declares its own action list,
    with a hole and a quick way to the legal moves' indices, and its own
    encoder: no line of boardkit.rl knows it."""

    name = "counted-nim"
    declared = Parts(states=(NimState,), all_moves=counted_moves, observation_encoder=counted_encoder)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.numbered = 0  # how often RL asked legal_numbers


def test_a_users_game_gets_its_own_action_space_and_observations() -> None:
    game = CountedNim(heap=7, most=3)
    space = rl.actions(game)
    assert len(space) == 4 and space.moves[0] is None and space.index("take 2") == 2
    assert rl.observation_shape(game) == (2,)

    gym = rl.gym_env(game, RandomAgent(seed=1), seat=0)
    assert gym.action_space == spaces.Discrete(4)
    assert gym.observation_space["observation"] == spaces.Box(0.0, 7.0, (2,), np.float32)
    obs, _ = gym.reset(seed=0)
    assert obs["observation"].tolist() == [7.0, 7.0]
    assert obs["action_mask"].tolist() == [0, 1, 1, 1]
    obs, *_ = gym.step(3)  # take 3, the opponent takes some more
    assert obs["observation"][0] < 4.0

    env = rl.env(game)
    env.reset(seed=0)
    before = game.numbered
    first = env.last()[0]
    assert first["action_mask"].tolist() == [0, 1, 1, 1]
    env.step(2)
    assert game.numbered > before  # the env numbered the legal moves the game's own way
    assert env.last()[0]["observation"].tolist() == [5.0, 7.0]


def test_an_encoder_must_be_an_encoder() -> None:
    class Wrong(Nim):
        declared = Parts(all_moves=lambda game: [Take(n) for n in range(1, 4)], observation_encoder=lambda g, p: [0.0])

    with pytest.raises(OptionError, match=r"expected a boardkit\.encoding\.Encoder"):
        rl.observation_shape(Wrong())


def test_a_game_that_still_overrides_the_old_hooks_is_served_with_a_warning() -> None:
    """Before Game.declared a game overrode all_moves and observation_encoder: RL still reads them,
    and the warning names the slots to declare instead."""

    class OldStyle(Nim):
        def all_moves(self) -> list[Take]:
            return [Take(n) for n in range(1, 4)]

        def observation_encoder(self, players: int) -> Encoder:
            return counted_encoder(CountedNim(), players)

    with pytest.warns(DeprecationWarning, match=r"Parts\(all_moves=\.\.\., observation_encoder=\.\.\.\)"):
        assert len(rl.actions(OldStyle())) == 3
    with pytest.warns(DeprecationWarning, match="declare its parts instead"):
        assert rl.observation_shape(OldStyle()) == (2,)
    with pytest.warns(DeprecationWarning, match=r"read game\.declared\.all_moves\(game\)"):
        assert Nim().all_moves() is None  # the old method on a game that declares nothing


def test_the_old_methods_on_a_shipped_game_forward_to_its_declaration() -> None:
    game = load("tafl", variant="brandubh")
    with pytest.warns(DeprecationWarning, match="declared.all_moves"):
        assert list(game.all_moves() or ()) == list(game.declared.all_moves(game))  # type: ignore[misc]
    with pytest.warns(DeprecationWarning, match="declared.observation_encoder"):
        assert game.observation_encoder(2).shape == (7, 7, 7)
    with pytest.warns(DeprecationWarning, match="declared.formats"):
        assert set(game.record_formats()) == {"otg"}


def test_the_encoder_is_still_importable_from_rl_games() -> None:
    from boardkit.rl.games import Encoder as Moved

    assert Moved is Encoder


def test_the_shipped_games_hand_over_their_encoders_through_the_protocol() -> None:
    for name, shape in (("tafl", (7, 11, 11)), ("cloth-of-gold", (114,)), ("five-fields", (20, 19))):
        game = load(name)
        parts = game.declared
        assert parts.observation_encoder is not None and parts.all_moves is not None
        assert parts.observation_encoder(game, 2).shape == shape
        assert len(parts.all_moves(game)) == len(rl.actions(game))
    camelot = load("camelot")
    assert camelot.declared.observation_encoder(camelot, 3).shape == (988 + 31 * 3,)  # type: ignore[misc]


def test_a_kit_game_that_writes_its_own_observation_gets_it() -> None:
    from tic_tac_toe import TicTacToe

    class Counted(TicTacToe):
        def observation_shape(self, players: int) -> tuple[int, int]:
            return (1, 1)

        def observation(self, view: Any) -> list[list[float]]:
            return [[float(len(view.position[1]))]]  # the moves so far

    state = Counted().new_game(seed=0)
    state.apply(state.legal_moves()[0])
    assert rl.observe(state, 0).tolist() == [[1.0]]


# -- what rl may read -------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports from, anywhere in it (functions included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)  # a name from the registry, boardkit.games, is not a game module
    return found


@pytest.mark.parametrize("path", sorted(RL.glob("*.py")), ids=lambda p: p.name)
def test_rl_imports_no_game_module(path: Path) -> None:
    games = sorted(m for m in _imports(path) if m.startswith("boardkit.games."))
    assert not games, f"boardkit.rl.{path.stem} imports {games}: read the Game protocol instead"


@pytest.mark.parametrize("path", sorted(RL.glob("*.py")), ids=lambda p: p.name)
def test_rl_probes_no_game(path: Path) -> None:
    probes = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            target = ast.unparse(node.args[0]) if node.args else ""
            if "game" in target:
                probes.append(f"line {node.lineno}: {ast.unparse(node)}")
    assert not probes, f"boardkit.rl.{path.stem} probes a game: {probes}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_importing_a_game_does_not_import_numpy(package: str) -> None:
    code = (
        f"import sys, boardkit.games.{package} as g;"
        " from boardkit.games import load;"
        f" state = load({package.replace('_', '-')!r}).new_game(seed=1); state.view(0); state.legal_moves();"
        " print('numpy' in sys.modules, 'boardkit.encoding' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
