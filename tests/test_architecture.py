"""The shape of the source tree: layers, import cycles, module sizes, and the
rooms of every game package (see docs/explanation/design.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "boardkit"
GAMES = ("tafl", "cloth_of_gold", "five_fields", "camelot")
#: The games in the shape: all four.
RESHAPED: tuple[str, ...] = GAMES
#: Every game package has these rooms; hidden.py only where the game hides something.
ROOMS = ("moves.py", "rules.py", "setup.py", "render.py", "variants.py")
HIDDEN = ("cloth_of_gold", "five_fields", "camelot")
#: The longest a module may be without a reason written at its top.
MOST_LINES = 620


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module(p): p for p in sorted(SRC.rglob("*.py"))}


def _runtime_imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The boardkit modules ``path`` imports when it is imported: top-level
    imports, not those under ``if TYPE_CHECKING:`` nor inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If):
                test = node.test
                if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                    visit(node.orelse)
                    continue
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    up = up[: len(up) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names)

    visit(tree.body)
    return {m for m in found if m in known and m != name}


def test_no_import_cycles() -> None:
    modules = _modules()
    known = set(modules)
    graph = {name: _runtime_imports(path, name, known) for name, path in modules.items()}
    # A package's __init__ importing its own submodules is the usual re-export, not a cycle.
    for name in graph:
        graph[name] = {m for m in graph[name] if not (m.startswith(name + ".") and modules[name].name == "__init__.py")}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_no_long_module_without_a_reason() -> None:
    long = []
    for path in sorted(SRC.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        head = ast.get_docstring(ast.parse(text)) or ""
        inside = path.relative_to(SRC).parts
        if inside[0] == "games" and len(inside) > 2 and inside[1] not in RESHAPED:
            continue
        if text.count("\n") > MOST_LINES and "Why this module is long" not in head:
            long.append(f"{path.relative_to(SRC)} ({text.count(chr(10))} lines)")
    assert not long, "modules over ~600 lines without 'Why this module is long' in their docstring: " + ", ".join(long)


@pytest.mark.parametrize("game", RESHAPED)
def test_every_game_has_the_same_rooms(game: str) -> None:
    package = SRC / "games" / game
    rooms = [*ROOMS, *(["hidden.py"] if game in HIDDEN else [])]
    missing = [room for room in rooms if not (package / room).exists()]
    assert not missing, f"{game} lacks {missing}"


@pytest.mark.parametrize("game", RESHAPED)
def test_hot_modules_stay_compilable(game: str) -> None:
    """rules.py keeps no attrs classes, no objects built through __new__ and no
    continue inside try/finally (what an ahead-of-time compiler such as mypyc
    cannot follow); value classes live in moves.py and variants.py."""
    tree = ast.parse((SRC / "games" / game / "rules.py").read_text(encoding="utf-8"))
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for deco in node.decorator_list:
                text = ast.unparse(deco)
                if text.startswith(("attrs.", "attr.", "define", "frozen")):
                    problems.append(f"attrs class {node.name}")
        if isinstance(node, ast.Attribute) and node.attr == "__new__":
            problems.append(f"__new__ at line {node.lineno}")
        if isinstance(node, ast.Try) and node.finalbody:
            for inner in ast.walk(ast.Module(body=node.body, type_ignores=[])):
                if isinstance(inner, ast.Continue):
                    problems.append(f"continue inside try/finally at line {inner.lineno}")
    assert not problems, f"{game}/rules.py: {problems}"


def test_every_module_says_what_it_holds() -> None:
    paths = sorted(SRC.rglob("*.py"))
    bare = [str(p.relative_to(SRC)) for p in paths if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert not bare, f"modules without an opening docstring: {bare}"


#: The floors, lowest first: a module imports only modules of its own floor or lower ones.
FLOORS = {
    # The registry (boardkit/games/__init__.py) knows games by name and imports them by name
    # only when asked; it is core. The game packages under it are the games floor.
    "core": (
        "boardkit.errors",
        "boardkit.compiling",
        "boardkit.about",
        "boardkit.outcome",
        "boardkit.chance",
        "boardkit.game",
        "boardkit.record",
        "boardkit.fields",
        "boardkit.games",
    ),
    "boards": ("boardkit.topology",),
    "components": (
        "boardkit.bag",
        "boardkit.track",
        "boardkit.zones",
        "boardkit.capture",
        "boardkit.patterns",
        "boardkit.kit",
        "boardkit.render",
        "boardkit.testing",
        "boardkit.encoding",
    ),
    "games": ("boardkit.games.",),
    "applications": (
        "boardkit.agents",
        "boardkit.play",
        "boardkit.analysis",
        "boardkit.terminal",
        "boardkit.rl",
        "boardkit.web",
        "boardkit.specs",
        "boardkit.cli",
        "boardkit.__main__",
    ),
}


def _floor(module: str) -> int:
    for number, prefixes in reversed(list(enumerate(FLOORS.values()))):
        for p in prefixes:
            if module.startswith(p) if p.endswith(".") else module == p or module.startswith(p + "."):
                return number
    raise AssertionError(f"{module} is on no floor: add it to FLOORS")


def _every_import(path: Path, name: str, known: set[str]) -> set[str]:
    """Every boardkit module ``path`` imports anywhere (functions included),
    except under ``if TYPE_CHECKING:``."""
    return {m for m in _imports_anywhere(path, name, type_checking=False) if m in known and m != name}


#: The one import up the floors, and why.
ALLOWED_UP = {
    # State._repr_svg_ (Jupyter's hook) draws any state with boardkit.render.svg, imported when a
    # notebook asks; render imports only the boards, so nothing below is pulled into a cycle.
    ("boardkit.game", "boardkit.render"),
}


def test_a_lower_floor_never_imports_a_higher_one() -> None:
    modules = _modules()
    known = set(modules) - {"boardkit"}
    wrong = []
    for name, path in modules.items():
        if name == "boardkit":
            continue  # the package root re-exports the core and the components
        for imported in _every_import(path, name, known):
            if _floor(imported) > _floor(name) and (name, imported) not in ALLOWED_UP:
                wrong.append(f"{name} imports {imported}")
    assert not wrong, "; ".join(sorted(wrong))


def test_a_primitive_never_imports_a_game() -> None:
    modules = _modules()
    known = set(modules)
    games = _floor("boardkit.games.tafl")
    for name, path in modules.items():
        if name != "boardkit" and _floor(name) < games:
            assert not any(m.startswith("boardkit.games.") for m in _every_import(path, name, known)), name


#: The applications: they read games through the registry and the protocol only (issue 26).
APPLICATIONS = FLOORS["applications"]


def _application_modules() -> dict[str, Path]:
    return {
        name: path for name, path in _modules().items() if name != "boardkit" and _floor(name) == _floor("boardkit.cli")
    }


def _imports_anywhere(path: Path, name: str, *, type_checking: bool = True) -> set[str]:
    """Every module ``path`` names in an import statement anywhere (functions
    included, and under ``if TYPE_CHECKING:`` unless ``type_checking`` is
    false), and every ``module.name`` of a ``from module import name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = set() if type_checking else {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def _a_game(module: str) -> bool:
    """A module of a game package (``boardkit.games.tafl...``); the registry
    ``boardkit.games`` itself and what it exports (``load``, ``names``) are not."""
    if not module.startswith("boardkit.games."):
        return False
    packages = {p.name for p in (SRC / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return module.split(".")[2] in packages


def test_every_application_module_is_checked() -> None:
    found = _application_modules()
    for prefix in APPLICATIONS:
        assert any(name == prefix or name.startswith(prefix + ".") for name in found), prefix
    assert "boardkit.web.page" in found and "boardkit.rl.spaces" in found


def test_no_application_imports_a_game() -> None:
    """No import of a game's modules in the applications (boardkit.agents, play,
    analysis, terminal, rl, web, specs, cli), not even inside a function: a game
    is reached through ``boardkit.games.load`` and read through the protocol.
    Nor do they name a game's module as text to import it."""
    wrong = []
    for name, path in _application_modules().items():
        wrong += [f"{name} imports {m}" for m in sorted(_imports_anywhere(path, name)) if _a_game(m)]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        wrong += [
            f"{name} names {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and any(_a_game(word.strip(".:'\"")) for word in node.value.split())
        ]
    assert not wrong, "; ".join(wrong)


def test_the_check_of_game_imports_catches_them() -> None:
    assert _a_game("boardkit.games.tafl") and _a_game("boardkit.games.tafl.rules")
    assert not _a_game("boardkit.games") and not _a_game("boardkit.games.load")


#: The applications that show games to people: they ask the protocol, never probe a game.
PROTOCOL_READERS = ("terminal.py", "web/app.py", "web/page.py", "web/table.py", "web/command.py", "web/__init__.py")
#: Names that hold a game, a state or a view, or a game's value, in those modules.
_GAME_THINGS = ("state", "game", "view", "before", "after", "table", "move", "board", "thing", "found", "module")


@pytest.mark.parametrize("module", PROTOCOL_READERS)
def test_the_terminal_and_the_web_never_probe_a_game(module: str) -> None:
    """No ``getattr``/``hasattr`` on a game, a state or a view in the terminal and
    the web server: every method they call is part of the protocol, with a
    default (``render_for``, ``scores``, ``public_info``, ``describe``,
    ``cell_name``, ``seat_name``, ``record_formats``). Streams and the like
    may still be asked (``getattr(out, "isatty", None)``)."""
    tree = ast.parse((SRC / module).read_text(encoding="utf-8"))
    probes = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            target = ast.unparse(node.args[0]) if node.args else ""
            names = {n.id for n in ast.walk(node.args[0]) if isinstance(n, ast.Name)} if node.args else set()
            names |= {n.attr for n in ast.walk(node.args[0]) if isinstance(n, ast.Attribute)} if node.args else set()
            if any(thing in word.lower() for word in names for thing in _GAME_THINGS):
                probes.append(f"line {node.lineno}: {node.func.id}({target}, ...)")
    assert not probes, f"{module} probes a game: " + "; ".join(probes)
