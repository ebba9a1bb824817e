"""boardkit's wheel build hook: the hot modules compiled with mypyc, on request.

``pip install .`` and ``pip wheel .`` build the pure-Python wheel, as always:
this hook does nothing, asks for nothing and needs no compiler. With
``BOARDKIT_COMPILE=1`` in the environment it asks the build for mypy (which
brings mypyc), setuptools and boardkit's own dependencies (mypyc type-checks
the modules it compiles against them), compiles :data:`COMPILED_MODULES` into
one group of C extensions (one per module, and their shared library
``boardkit__mypyc`` at the top level), and adds them to the wheel beside the
``.py`` sources, which stay for readers (Python imports an extension before
a source of the same name), with ``boardkit/_compiled.py``, which
``boardkit.COMPILED`` reads. The wheel is then tagged for this interpreter
and platform.

The sdist is not compiled: it carries this file, so a wheel built from it
compiles the same way. An editable install cannot be compiled, and says so.

The compiled set, chosen by profile (``benchmarks/bench_compiled.py``; the
reasons and the figures are in ``benchmarks/README.md``, "The compiled
build"), is below. A module is in it when compiling it makes a measured
workload faster and the whole test suite passes on the compiled build.
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The modules compiled by ``BOARDKIT_COMPILE=1``, relative to the project's root: Tafl's integer
#: tables and bitboard counts (board), its captures (captures), its rule sets' fort and encirclement
#: floods (forts), its rules (rules) and its board kernel (kernel: the board its move loops read and
#: the loops, which compiled find the moves square by square on the board's codes in bytes, since
#: bitboards of more than 63 squares are Python objects to compiled code; with these loops
#: hnefatafl's playouts ran 1.7x, its public API 1.4x): the whole of a Tafl ply. Measured and left pure:
#: ``boardkit.game`` (it compiles, and with the kit's ``BoardCells`` its native subclass the kit ran
#: 1.01x-1.13x, but a compiled public base class changes what users' own classes on it do: an
#: incomplete subclass could be made and crashed when its missing rule was called, ``__slots__``
#: fields were lost in pickles, class-level options read as none; benchmarks/README.md, 2026-11-30),
#: ``boardkit.agents.mcts`` (the agent's options, checks and guard: its search loop is ``_uct``), and a
#: native move stack under every state (``State.apply`` and ``undo`` in C: the kit and the shipped games
#: 1.02x-1.13x, but a state written in Python on a native base reads its own fields several times slower
#: on Python 3.11, so HighTiles ran 0.96x; benchmarks/README.md, sixth session of 2026-11-30).
#:
#: The components and the other three games (``benchmarks/README.md``, "Zones, bags and the other
#: games"): ``boardkit.zones`` and ``boardkit.bag`` are native classes (a zone's contents a plain dict,
#: a bag's a list), so the copies every undo record and determinization takes, counts and draws run
#: in C: Cloth of Gold's random games 1.2x with these two alone, the kit's HighTiles 1.2x. The rules
#: of Cloth of Gold and of Camelot then call them directly (Cloth of Gold 1.6x with its rules;
#: Camelot 1.5x, its legal moves reading covered-square flags by index), and 5 Fields' state floors (position,
#: battles, movement, trial, choices, rules: its integer tables) run 1.9x to 2.0x.
#:
#: Monte Carlo search (``benchmarks/README.md``, "MCTS on the compiled build"): ``boardkit.chance``
#: (its SplitMix64 in 64-bit machine words split into 32-bit halves on the compiled build, the same
#: numbers: on Python integers it was no faster, and a signal arriving inside one of their
#: multiplications aborted a compiled process), ``boardkit.agents._uct`` (the search loop: its nodes
#: native objects) and Cloth of Gold's ``search`` (the deal of a determinized copy and the playout):
#: with ``State.playout`` (Tafl's own compiled one), MCTS on Tafl 3.7x pure, on Cloth of Gold 2.1-2.2x.
#:
#: The bots' search (issue 37): ``boardkit.agents.alphabeta`` (the recursion of ``AlphaBetaAgent``) and
#: ``boardkit.games.tafl.evaluation`` (what it judges a Tafl position by, on bitboards that fit a
#: machine word up to 7x7): about 2.5x the positions a second of the pure build on brandubh, so
#: ``best@1s`` searches a ply deeper.
#:
#: The authoring kit (``benchmarks/README.md``, "The kit on the compiled build"): ``boardkit.kit.cells``
#: (``BoardCells``, the position store and its methods: a native class that the interpreted
#: ``BoardState`` and the game's own state class subclass, so the game's rules stay Python while
#: ``put``, ``state[cell]``, ``line``, ``sow``, the legal-move cache, apply/undo and the move-list
#: helpers run in C), ``boardkit.patterns`` and ``boardkit.capture`` (the rules helpers the examples
#: call: connections, lines, flanking, chains, Go's ``Stones`` on bitboards): the kit's examples 1.3x to
#: 1.9x pure (Go 1.3x). ``boardkit.topology`` stays pure: the kit reads its
#: integer tables (lists), never its methods, on a move.
COMPILED_MODULES = (
    "src/boardkit/games/tafl/board.py",
    "src/boardkit/games/tafl/captures.py",
    "src/boardkit/games/tafl/forts.py",
    "src/boardkit/games/tafl/rules.py",
    "src/boardkit/games/tafl/kernel.py",
    "src/boardkit/games/tafl/evaluation.py",
    "src/boardkit/zones.py",
    "src/boardkit/bag.py",
    "src/boardkit/games/cloth_of_gold/rules.py",
    "src/boardkit/games/camelot/rules.py",
    "src/boardkit/games/five_fields/position.py",
    "src/boardkit/games/five_fields/battles.py",
    "src/boardkit/games/five_fields/movement.py",
    "src/boardkit/games/five_fields/trial.py",
    "src/boardkit/games/five_fields/choices.py",
    "src/boardkit/games/five_fields/rules.py",
    "src/boardkit/chance.py",
    "src/boardkit/agents/_uct.py",
    "src/boardkit/agents/alphabeta.py",
    "src/boardkit/agents/expectimax.py",
    "src/boardkit/games/cloth_of_gold/search.py",
    "src/boardkit/kit/cells.py",
    "src/boardkit/patterns.py",
    "src/boardkit/capture.py",
)

#: The mypy that compiles them: the version the compiled build is tested with.
MYPY = "mypy==2.4.1"


def with_docstrings(source: str) -> str:
    """A module's source with lines at its end that set its docstring and its
    classes' docstrings again: mypyc drops them, and ``help()``, the command
    line and the terminal read them. (A compiled function's docstring cannot
    be set; ``help()`` shows its signature.)

    """
    tree = ast.parse(source)
    clean = sys.version_info >= (3, 13)  # as the interpreter strips docstrings' indentation
    lines = []
    if (doc := ast.get_docstring(tree, clean=clean)) is not None:
        lines.append(f"__doc__ = {doc!r}")
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and (doc := ast.get_docstring(node, clean=clean)) is not None:
            lines.append(f"setattr({node.name}, '__doc__', {doc!r})")  # mypyc refuses a plain assignment
    return source.rstrip("\n") + "\n\n\n# Set again by the compiled build (hatch_build.py).\n" + "\n".join(lines) + "\n"


def compile_requested() -> bool:
    """Whether ``BOARDKIT_COMPILE`` asks for the compiled build (set, and not ``0``)."""
    return os.environ.get("BOARDKIT_COMPILE", "").strip() not in ("", "0")


class CompiledBuildHook(BuildHookInterface):
    """Compile :data:`COMPILED_MODULES` with mypyc when ``BOARDKIT_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not compile_requested():
            return []
        return [MYPY, "setuptools>=70", *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not compile_requested():
            return
        if version == "editable":
            raise RuntimeError(
                "BOARDKIT_COMPILE=1 builds a compiled wheel; an editable install cannot be compiled "
                "(use `pip install .`, or unset BOARDKIT_COMPILE)"
            )
        # Imported here: a pure build never has them.
        from mypyc.build import mypycify
        from setuptools import Distribution

        self._work = Path(tempfile.mkdtemp(prefix="boardkit-mypyc-"))
        # mypyc compiles a copy of the sources in which the compiled modules set their docstrings
        # again; mypy reads [tool.mypy] from the copy's pyproject.toml and names modules from src/.
        tree = self._work / "tree"
        shutil.copytree(Path(self.root) / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        shutil.copy2(Path(self.root) / "pyproject.toml", tree / "pyproject.toml")
        for module in COMPILED_MODULES:
            path = tree / module
            path.write_text(with_docstrings(path.read_text(encoding="utf-8")), encoding="utf-8")
        here = Path.cwd()
        os.chdir(tree)
        try:
            extensions = mypycify(
                # The build has boardkit's dependencies but not its extras (numpy, for the RL
                # encoders the rules name for types only), so only the compiled modules are
                # checked here; `mypy --strict src examples` checks them all in CI.
                ["--cache-dir", str(self._work / "mypy-cache"), "--follow-imports=silent", *COMPILED_MODULES],
                opt_level="3",
                group_name="boardkit",
                target_dir=str(self._work / "c"),
            )
            if os.name != "nt":
                # mypyc's runtime helpers (list indexing, ...) are compiled into the same library as
                # the modules; without this gcc and clang call each through the PLT, as if another
                # library could replace it, instead of inlining it (Tafl's move loops: about 5% quicker).
                # (mypyc's extensions may share one list of arguments: each gets a list of its own.)
                for extension in extensions:
                    extension.extra_compile_args = [*extension.extra_compile_args, "-fno-semantic-interposition"]
            dist = Distribution({"name": "boardkit", "ext_modules": extensions})
            build_ext = dist.get_command_obj("build_ext")
            build_ext.build_lib = str(self._work / "lib")
            build_ext.build_temp = str(self._work / "obj")
            build_ext.parallel = os.cpu_count() or 1
            dist.run_command("build_ext")
        finally:
            os.chdir(here)
        built = sorted((self._work / "lib").rglob("*.so")) + sorted((self._work / "lib").rglob("*.pyd"))
        if not built:
            raise RuntimeError("mypyc built no extension modules")
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(self._work / "lib").as_posix()
        # The mark boardkit.COMPILED reads: a module only the compiled wheel has.
        mark = self._work / "_compiled.py"
        names = tuple(".".join(Path(m).relative_to("src").with_suffix("").parts) for m in COMPILED_MODULES)
        doc = '"""The modules of this build compiled with mypyc (written by hatch_build.py)."""'
        mark.write_text(f"{doc}\n\nMODULES = {names!r}\n", encoding="utf-8")
        build_data["force_include"][str(mark)] = "boardkit/_compiled.py"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
