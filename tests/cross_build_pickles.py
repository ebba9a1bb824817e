"""Pickles that cross builds (issue 38): what one build of boardkit pickles, the other loads and goes on with.

Not collected by pytest (its name does not start with ``test_``): it needs both
builds, so ``.ci/compiled`` runs it once the compiled one is installed, from the
pure build's interpreter, naming the compiled build's::

    .venv/bin/python tests/cross_build_pickles.py .venv-compiled/bin/python

Each build pickles the same objects (a generator mid-stream, a game of each
shipped game mid-game with its game and a legal move, an
:class:`~boardkit.agents.AlphaBetaAgent` and an
:class:`~boardkit.agents.MCTSAgent` that have searched, a
:class:`~boardkit.GameRecord`) together with what it sees them do once loaded
again on its own build: the next draws, the position, the legal moves, a move
played and taken back, the last move taken back, the agents' next choice, the
record's replay. The other build loads them and must see the same, both ways.
Run with ``dump FILE`` or ``load FILE`` it does one half in this interpreter.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

#: The games pickled mid-game, by registry name and options (small boards: the run takes seconds).
GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("tafl", {"variant": "brandubh"}),
    ("tafl", {"variant": "copenhagen", "shieldwall_close": "any-move"}),  # OpenTafl's own rules' state
    ("cloth-of-gold", {}),
    ("five-fields", {}),
    ("camelot", {}),
)


def _objects() -> dict[str, Any]:
    """The objects pickled, in groups pickled apart (a group's objects share references), made the
    same way on either build."""
    from boardkit import games
    from boardkit.agents import AlphaBetaAgent, MCTSAgent
    from boardkit.chance import Random

    rng = Random(2024)
    for _ in range(7):
        rng.randbelow(1000)
    groups: dict[str, Any] = {"random": rng}
    for name, options in GAMES:
        game = games.load(name, **options)
        state = game.new_game(seed=11)
        walk = Random(5)
        for _ in range(9):
            if state.is_over:
                break
            state.apply(state.random_move(walk))
        label = name if name not in groups else f"{name} {options}"  # a game's second rule set: its options
        groups[label] = (game, state, state.legal_moves()[-1], state.to_record())
    tafl = groups["tafl"][1]
    alphabeta = AlphaBetaAgent(depth=2, seed=3)
    alphabeta.choose(tafl.copy(), tafl.current_player)
    mcts = MCTSAgent(iterations=40, seed=4)
    mcts.choose(tafl.copy(), tafl.current_player)
    groups["agents"] = (alphabeta, mcts, tafl)
    return groups


def _seen(group: str, objects: Any) -> Any:
    """What a group's objects do, as plain data (strings, numbers): compared across the builds."""
    if group == "random":
        rng = objects
        return (
            rng.state,
            [rng.bits64() for _ in range(3)],
            [rng.randbelow(n) for n in (1, 6, 1000, 2**40, 2**63 - 1, 2**70)],
            rng.random(),
        )
    if group == "agents":
        *agents, state = objects
        return [(repr(agent), str(agent.choose(state.copy(), state.current_player))) for agent in agents]
    game, state, move, record = objects
    facts: dict[str, Any] = {
        "game": (repr(game), game.option_values(), game == state.game),
        "position": (state.render(), state.current_player, [str(m) for m in state.history]),
        "legal": [str(m) for m in state.legal_moves()],
        "move": (str(move), move in state.legal_moves()),
        "rng": (state.seed, state.rng.copy().bits64()),
    }
    before = state.render()
    state.apply(move)
    facts["applied"] = (state.render(), state.to_record().moves)
    state.undo()
    facts["undone"] = state.render() == before
    last = state.undo()
    facts["taken back"] = (str(last), state.render(), [str(m) for m in state.legal_moves()])
    facts["record"] = (record.to_dict(), record.replay().render())
    return facts


def _seen_or_error(group: str, data: bytes) -> Any:
    try:
        return _seen(group, pickle.loads(data))
    except Exception as error:  # reported as what the group did
        return f"raised {type(error).__name__}: {error}"


def dump(path: Path) -> None:
    """Pickle the objects to ``path``, with what this build sees them do once loaded again."""
    import boardkit

    pickles = {group: pickle.dumps(objects) for group, objects in _objects().items()}
    seen = {group: _seen_or_error(group, data) for group, data in pickles.items()}
    path.write_bytes(pickle.dumps((boardkit.COMPILED, pickles, seen)))


def load(path: Path) -> int:
    """Load the objects another build pickled to ``path`` and check that they do here what they did there."""
    import boardkit

    compiled, pickles, expected = pickle.loads(path.read_bytes())
    if compiled == boardkit.COMPILED:
        print(f"both halves ran on the same build (compiled={compiled}): nothing crossed", file=sys.stderr)
        return 2
    wrong = 0
    for group, data in pickles.items():
        seen = _seen_or_error(group, data)
        if seen != expected[group]:
            wrong += 1
            built = "compiled" if compiled else "pure"
            print(f"{group}, pickled {built}: here\n  {seen!r}\nthere\n  {expected[group]!r}", file=sys.stderr)
    return 1 if wrong else 0


def main(argv: list[str]) -> int:
    """``OTHER_PYTHON``: both ways between this interpreter's build and the other's; ``dump FILE``, ``load FILE``."""
    if len(argv) == 2 and argv[0] in ("dump", "load"):
        if argv[0] == "dump":
            dump(Path(argv[1]))
            return 0
        return load(Path(argv[1]))
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    script, status = str(Path(__file__).resolve()), 0
    with tempfile.TemporaryDirectory() as folder:
        here, there = Path(folder, "here.pickle"), Path(folder, "there.pickle")
        for python, path in ((sys.executable, here), (argv[0], there)):
            subprocess.run([python, script, "dump", str(path)], check=True)
        for python, path in ((argv[0], here), (sys.executable, there)):
            if subprocess.run([python, script, "load", str(path)], check=False).returncode:
                status = 1
    print("pickles cross builds: " + ("failed" if status else "both ways"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
