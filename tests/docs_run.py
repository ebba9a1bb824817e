"""Follow a tutorial or how-to page the way a reader does: the reading half
of ``tests/test_docs_run.py``.

A page is read, top to bottom, into :class:`Step` values, and
:func:`follow` carries them out in a fresh folder:

- **Write a file.** A ``{code-block}`` (or ``{literalinclude}``) with a
  ``:caption:`` that is a file name, or a fenced block whose first line is
  the comment ``# file: NAME``, is written to that file; naming the same
  file again on the page appends to it, as a reader adds block after block.
- **Run a command.** In a ``console`` (or ``sh``, ``shell``, ``bash``,
  ``text``) block, each line starting ``$ `` is a command, run with the
  venv's ``boardkit`` and ``python`` first on ``PATH``; the lines under it,
  up to the next ``$ ``, are its transcript, compared with what it prints
  (standard output and error together, as a terminal shows them). A ``...``
  matches anything, as doctest's ELLIPSIS does; trailing spaces are ignored
  and a terminal's ``\\r`` redraws are applied. A transcript line that starts
  with a ``boardkit play`` prompt (``attackers (you)> ``) shows what the
  reader typed: the rest of the line is fed to the command's input.
  ``pip install`` lines are not run (CI has no package index): they are
  checked by confirming that the extras they name exist and are installed.
- **Talk to Python.** A block of ``>>>`` lines runs in one interpreter per
  page started in that folder, in page order with the files and commands,
  so ``from high_tiles import HighTiles`` works only if the page had the
  reader write ``high_tiles.py`` first. (The doctest run of the same page,
  with ``examples/`` on the path, stays.)
- **For a quick check use ...** A sentence of the page's own text, "For a
  quick check use `games=4` and `--games 4`", replaces those values in the
  files and commands of its section (``name=VALUE``, ``--name VALUE`` or
  ``name:VALUE``); each one must match something there.

Markers, HTML comments that readers of the page do not see, state what a
page needs beyond what it says:

- ``<!-- docs-run: skip REASON -->`` anywhere: the page is not followed and
  the test is skipped with REASON (a GPU, a real cluster). Keep these rare.
- ``<!-- docs-run: given NAME from REPO_PATH -->`` (or ``given REPO_PATH``):
  copy a file of the repository into the folder first, for a page that
  starts from a file the reader already has (their own saved game, a
  checkout's ``examples/``).
- ``<!-- docs-run: server -->`` before a block: its commands keep running
  until interrupted; each is left running until its transcript matches and
  the address it prints answers, then stopped with Ctrl+C.
- ``<!-- docs-run: timeout SECONDS -->`` before a block: a longer limit
  for each of its commands and sessions (default :data:`TIMEOUT`).
- ``<!-- docs-run: exit STATUS -->`` before a block: its commands are
  expected to end with STATUS (default 0).

Examples:
    >>> page = read_page('''# A page
    ... Write this:
    ...
    ... ```{code-block} python
    ... :caption: hello.py
    ...
    ... print("hello", 2 + 2)
    ... ```
    ...
    ... For a quick check use `--games 2`.
    ...
    ... ```console
    ... $ python hello.py --games 20
    ... hello 4
    ... ```
    ... ''')
    >>> [(step.kind, step.text.strip()) for step in page.steps]
    [('file', 'print("hello", 2 + 2)'), ('command', 'python hello.py --games 2')]
    >>> page.steps[1].expected
    'hello 4'
    >>> matches("nim: ... games\\n...\\nend", "nim: 4 games\\nmore\\nlines\\nend")
    True
"""

from __future__ import annotations

import contextlib
import difflib
import doctest
import importlib.metadata
import json
import os
import queue
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
#: Seconds each command (or block of ``>>>`` lines) may take.
TIMEOUT = 120.0

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>.*)$")
_MARKER = re.compile(r"^<!--\s*docs-run:\s*(?P<body>.*?)\s*-->\s*$")
_HEADING = re.compile(r"^#{1,6} ")
_OPTION = re.compile(r"^:(?P<key>[\w-]+):\s*(?P<value>.*)$")
_FILE_COMMENT = re.compile(r"^\s*#\s*file:\s*(?P<name>\S+)\s*$")
_FILE_NAME = re.compile(r"^[\w.-]+(/[\w.-]+)*\.\w+$")
_SHELLS = {"console", "sh", "shell", "bash", "shell-session", "text"}
#: The prompt ``boardkit play`` writes before reading a move: the seat, who
#: holds it in brackets, then ``> ``; what follows it in a transcript was typed.
PROMPT = re.compile(r"^(?P<prompt>\S[^>\n]*\)> )(?P<typed>.*)$")
_QUICK = re.compile(r"for a quick check,? use\b", re.IGNORECASE)
_ITEM = re.compile(r"\s*(?:,\s*)?(?:(?:and|or)\s+)?`(?P<item>[^`]+)`")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_ADDRESS = re.compile(r"https?://[\w.-]+:\d+/\S*")
_PIP = re.compile(r"^(?:\S*/)?(?:pip3?|python3? -m pip) install\b")


class PageError(Exception):
    """A page that cannot be followed: the message says where and why."""


@dataclass
class Step:
    """One thing a reader does: write a file, run a command, or type ``>>>`` lines."""

    kind: str  # "file", "command" or "session"
    line: int  # where on the page (1-based)
    text: str  # the file's text, the command, or the session's source
    file: str = ""  # for "file": the file name
    expected: str = ""  # for "command": the transcript shown
    typed: list[str] = field(default_factory=list)  # for "command": the lines typed at prompts
    server: bool = False
    timeout: float = TIMEOUT
    exit: int = 0


@dataclass
class Page:
    """A page read into steps, with what its markers say."""

    steps: list[Step]
    skip: str = ""
    given: list[tuple[str, str]] = field(default_factory=list)  # (name in the folder, path in the repository)


@dataclass
class _Block:
    line: int
    info: str
    body: list[str]
    markers: list[str]


def _blocks(lines: list[str]) -> Iterator[tuple[str, object]]:
    """The page as ("block", _Block), ("marker", text), ("heading", text) and ("prose", paragraph)."""
    i = 0
    paragraph: list[str] = []
    pending: list[str] = []

    def flush() -> Iterator[tuple[str, object]]:
        if paragraph:
            yield "prose", " ".join(line.strip() for line in paragraph)
            paragraph.clear()

    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        marker = _MARKER.match(line)
        if fence:
            yield from flush()
            mark, start = fence["fence"], i + 1
            body = []
            i += 1
            while i < len(lines):
                closing = _FENCE.match(lines[i])
                same = closing and closing["fence"][0] == mark[0] and len(closing["fence"]) >= len(mark)
                if same and closing and not closing["info"]:
                    break
                body.append(lines[i])
                i += 1
            else:
                raise PageError(f"line {start}: a code block is never closed")
            yield "block", _Block(start, fence["info"].strip(), body, pending)
            pending = []
        elif marker:
            yield from flush()
            pending.append(marker["body"])
            yield "marker", marker["body"]
        elif _HEADING.match(line):
            yield from flush()
            yield "heading", line
        elif not line.strip():
            yield from flush()
        else:
            paragraph.append(line)
        i += 1
    yield from flush()


def _options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    """A directive's ``:key: value`` lines, and the rest of its body."""
    options: dict[str, str] = {}
    k = 0
    while k < len(body) and (option := _OPTION.match(body[k])):
        options[option["key"]] = option["value"].strip()
        k += 1
    if k and k < len(body) and not body[k].strip():
        k += 1
    return options, body[k:]


def quick_items(paragraph: str) -> list[str]:
    """The values a "for a quick check use ..." sentence gives, in order.

    Examples:
        >>> quick_items("It takes long. For a quick check use `games=4`, `iterations=10` and `--games 2`; then ...")
        ['games=4', 'iterations=10', '--games 2']
        >>> quick_items("No such sentence, `games=4`.")
        []
    """
    found = _QUICK.search(paragraph)
    if not found:
        return []
    items, at = [], found.end()
    while item := _ITEM.match(paragraph, at):
        items.append(item["item"])
        at = item.end()
    return items


def substitute(text: str, item: str) -> tuple[str, int]:
    """Put a quick-check value into ``text``; also how many places took it.

    Examples:
        >>> substitute("tournament(game, games=400, seed=7)", "games=4")
        ('tournament(game, games=4, seed=7)', 1)
        >>> substitute("boardkit simulate tafl --games 20 --agents mcts:200 random", "mcts:10")
        ('boardkit simulate tafl --games 20 --agents mcts:10 random', 1)
        >>> substitute("boardkit simulate tafl --games 20", "--games 2")
        ('boardkit simulate tafl --games 2', 1)
    """
    if item.startswith("--"):
        name, _, value = item.partition(" ")
        pattern, new = rf"(?<![\w-]){re.escape(name)}(?:[ =])\S+", f"{name} {value}"
    else:
        name, sep, value = re.split(r"([=:])", item, maxsplit=1)
        pattern, new = rf"\b{re.escape(name)}{sep}[^\s,)]+", f"{name}{sep}{value}"
    return re.subn(pattern, lambda _: new, text)


def read_page(text: str, where: Path | None = None) -> Page:
    """Read a page into the steps a reader takes.

    Args:
        text: The page's Markdown.
        where: The page's file, to resolve ``{literalinclude}`` paths.

    Raises:
        PageError: for a block or marker the checker cannot follow.
    """
    page = Page([])
    sections: list[list[Step]] = [[]]
    quick: list[list[str]] = [[]]
    for kind, item in _blocks(text.splitlines()):
        if kind == "heading":
            sections.append([])
            quick.append([])
        elif kind == "prose":
            assert isinstance(item, str)
            quick[-1] += quick_items(item)
        elif kind == "marker":
            assert isinstance(item, str)
            word, _, rest = item.partition(" ")
            if word == "skip":
                page.skip = rest or "no reason given"
            elif word == "given":
                name, sep, source = rest.partition(" from ")
                page.given.append((name.strip(), (source if sep else name).strip()))
            elif word not in ("server", "timeout", "exit"):
                raise PageError(f"unknown docs-run marker {item!r}")
        else:
            assert isinstance(item, _Block)
            steps = _steps(item, where)
            sections[-1] += steps
            page.steps += steps
    for steps, items in zip(sections, quick, strict=True):
        for value in items:
            used = 0
            for step in steps:
                if step.kind in ("file", "command"):
                    step.text, n = substitute(step.text, value)
                    used += n
            if not used:
                raise PageError(f"'for a quick check use `{value}`' matches nothing in its section")
    return page


def _steps(block: _Block, where: Path | None) -> list[Step]:
    """What a reader does with one code block."""
    server, timeout, status = False, TIMEOUT, 0
    for marker in block.markers:
        word, _, rest = marker.partition(" ")
        if word == "server":
            server = True
        elif word == "timeout":
            timeout = float(rest)
        elif word == "exit":
            status = int(rest)
    info = block.info.split()
    head = info[0] if info else ""
    if head.startswith("{"):
        options, body = _options(block.body)
        name = options.get("caption", "")
        if not _FILE_NAME.match(name):
            return []
        if head == "{literalinclude}":
            if where is None or set(options) - {"caption", "language"}:
                raise PageError(f"line {block.line}: a file is written from a whole literalinclude only")
            source = (where.parent / info[1]).resolve()
            return [Step("file", block.line, source.read_text(encoding="utf-8"), file=name)]
        if head == "{code-block}":
            return [Step("file", block.line, "\n".join(body) + "\n", file=name)]
        return []
    if block.body and (comment := _FILE_COMMENT.match(block.body[0])):
        return [Step("file", block.line, "\n".join(block.body) + "\n", file=comment["name"])]
    first = next((line for line in block.body if line.strip()), "")
    if first.lstrip().startswith(">>>"):
        return [Step("session", block.line, "\n".join(block.body) + "\n", timeout=timeout)]
    if head in _SHELLS and first.startswith("$ "):
        return _commands(block, server, timeout, status)
    return []


def _commands(block: _Block, server: bool, timeout: float, status: int) -> list[Step]:
    steps: list[Step] = []
    lines = block.body
    k = 0
    while k < len(lines):
        if not lines[k].startswith("$ "):
            raise PageError(f"line {block.line + k + 1}: output before any '$ ' command")
        command, line = lines[k][2:], block.line + k + 1
        while command.endswith("\\") and k + 1 < len(lines):
            k += 1
            command = command[:-1] + " " + lines[k].lstrip("> ").strip()
        k += 1
        shown = []
        while k < len(lines) and not lines[k].startswith("$ "):
            shown.append(lines[k])
            k += 1
        typed = [prompt["typed"] for text in shown if (prompt := PROMPT.match(text))]
        steps.append(Step("command", line, command, expected=_tidy("\n".join(shown)), typed=typed,
                          server=server, timeout=timeout, exit=status))
    return steps


# -- carrying the steps out ------------------------------------------------


def _tidy(text: str) -> str:
    """Output as a terminal leaves it: ``\\r`` redraws applied, colours and
    trailing spaces and blank lines gone."""
    lines = []
    for line in _ANSI.sub("", text).replace("\r\n", "\n").split("\n"):
        if "\r" in line:
            line = [part for part in line.split("\r") if part][-1] if line.strip("\r") else ""
        lines.append(line.rstrip())
    return "\n".join(lines).strip("\n")


def matches(expected: str, actual: str) -> bool:
    """Whether a transcript matches the output, ``...`` matching anything."""
    return doctest.OutputChecker().check_output(_tidy(expected) + "\n", _tidy(actual) + "\n", doctest.ELLIPSIS)


def _difference(expected: str, actual: str) -> str:
    diff = difflib.unified_diff(
        _tidy(expected).splitlines(), _tidy(actual).splitlines(), "shown on the page", "printed", lineterm=""
    )
    return "\n".join(diff)


def _mismatch(step: Step, output: str) -> PageError:
    return PageError(f"line {step.line}: {step.text!r} printed something else:\n{_difference(step.expected, output)}")


def environment() -> dict[str, str]:
    """A reader's shell: the venv's ``bin`` first on ``PATH``, nothing of the test run's own path."""
    venv = Path(sys.executable).parent
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYTEST", "COV_"))}
    env["PATH"] = os.pathsep.join([str(venv), env.get("PATH", "")])
    env["PYTHONUNBUFFERED"] = "1"  # as a terminal shows them: output in the order it is written
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.setdefault("COLUMNS", "100")
    return env


def _check_install(command: str) -> None:
    """``pip install 'boardkit[web]'`` or ``pip install '.[web]'``: the named
    extras exist and everything they need is installed here."""
    from packaging.requirements import Requirement

    for word in shlex.split(command)[2:]:
        if word.startswith("-") or word in ("install",):
            continue
        name, _, extras = word.partition("[")
        if name not in ("boardkit", ".", "-e"):
            try:
                importlib.metadata.version(Requirement(word).name)
            except importlib.metadata.PackageNotFoundError:
                raise PageError(f"{command!r}: {word!r} is not installed in the venv") from None
            continue
        wanted = {e.strip() for e in extras.rstrip("]").split(",") if e.strip()}
        known = set(importlib.metadata.metadata("boardkit").get_all("Provides-Extra") or [])
        if wanted - known:
            raise PageError(f"{command!r}: boardkit has no extra {sorted(wanted - known)}; it has {sorted(known)}")
        for text in importlib.metadata.requires("boardkit") or []:
            requirement = Requirement(text)
            if requirement.marker is not None and not any(
                requirement.marker.evaluate({"extra": extra}) for extra in wanted or {""}
            ):
                continue
            try:
                installed = importlib.metadata.version(requirement.name)
            except importlib.metadata.PackageNotFoundError:
                raise PageError(f"{command!r}: {requirement} is not installed") from None
            if not requirement.specifier.contains(installed, prereleases=True):
                raise PageError(f"{command!r}: {requirement} is not met by {requirement.name} {installed}")


def _reader(stream: IO[bytes], lines: queue.Queue[str | None]) -> None:
    for line in iter(stream.readline, b""):
        lines.put(line.decode(errors="replace"))
    lines.put(None)


def _stop(process: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    """Signal the process group this module started for one command."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def _finish(process: subprocess.Popen[bytes]) -> None:
    """Wait for a process this module started (killing it after 10 seconds) and close its output."""
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        _stop(process)
        process.wait()
    if process.stdout is not None:
        process.stdout.close()


def _free(host: str, port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do: a closed port may wait
        try:
            probe.bind(("127.0.0.1" if host in ("0.0.0.0", "localhost") else host, port))
        except OSError:
            return False
    return True


def _run_server(step: Step, folder: Path, env: dict[str, str]) -> str:
    """Start a command that serves until interrupted; check its transcript and address; press Ctrl+C."""
    port = re.search(r"--port[ =](\d+)", step.text)
    host = re.search(r"--host[ =](\S+)", step.text)
    if not _free(host[1] if host else "127.0.0.1", int(port[1]) if port else 8000):
        raise PageError(f"line {step.line}: {step.text!r}: its port is already in use on this machine")
    process = subprocess.Popen(
        ["bash", "-c", step.text], cwd=folder, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_reader, args=(process.stdout, lines), daemon=True).start()
    output, deadline, ended = "", time.monotonic() + step.timeout, False
    try:
        while time.monotonic() < deadline and not ended:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                ended = True
                break
            output += line
            if _ADDRESS.search(output) and (not step.expected or matches(step.expected, output)):
                break
        if ended or not _ADDRESS.search(output):
            why = "ended" if ended else f"printed no address in {step.timeout:.0f}s"
            raise PageError(f"line {step.line}: {step.text!r} {why}; it printed:\n{output}")
        if step.expected and not matches(step.expected, output):
            raise _mismatch(step, output)
        for address in _ADDRESS.findall(output):
            _open(address.replace("0.0.0.0", "127.0.0.1"), deadline, process, step)
        return output
    finally:
        _stop(process, signal.SIGINT)  # Ctrl+C
        _finish(process)


def _open(address: str, deadline: float, process: subprocess.Popen[bytes], step: Step) -> None:
    """Open an address the way a reader's browser does, retrying while the server starts."""
    while True:
        try:
            with urllib.request.urlopen(address, timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError) as exc:
            if process.poll() is not None or time.monotonic() > deadline:
                raise PageError(f"line {step.line}: {address} does not answer: {exc}") from None
        time.sleep(0.2)


def run_command(step: Step, folder: Path, env: dict[str, str]) -> str:
    """Run one command as the page shows it and compare its transcript; returns what it printed."""
    if _PIP.match(step.text):
        _check_install(step.text)
        return ""
    if step.server:
        return _run_server(step, folder, env)
    typed = "".join(line + "\n" for line in step.typed).encode()
    process = subprocess.Popen(  # bytes, not text: text mode would turn a terminal's \r into new lines
        ["bash", "-c", step.text], cwd=folder, env=env,
        stdin=subprocess.PIPE if typed else subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        output = process.communicate(typed or None, timeout=step.timeout)[0].decode(errors="replace")
    except subprocess.TimeoutExpired:
        _stop(process)
        output = process.communicate()[0].decode(errors="replace")
        raise PageError(
            f"line {step.line}: {step.text!r} took more than {step.timeout:.0f}s; it printed:\n{_tidy(output)}"
        ) from None
    if process.returncode != step.exit:
        raise PageError(
            f"line {step.line}: {step.text!r} ended with status {process.returncode}, not {step.exit}:\n{_tidy(output)}"
        )
    if step.expected and not matches(step.expected, output):
        raise _mismatch(step, output)
    return output


#: The interpreter a page's ``>>>`` lines run in: the reader's ``python``
#: started in the page's folder, fed one block at a time. Answers are lines
#: that start with a marker, so that output of child processes cannot be
#: taken for one.
_SESSION = r"""
import doctest, json, sys
def _docs_run(answer=sys.stdout, parser=doctest.DocTestParser()):
    namespace = sys.modules["__main__"].__dict__
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.REPORT_ONLY_FIRST_FAILURE
    for request in sys.stdin:
        block = json.loads(request)
        test = parser.get_doctest(block["text"], {}, block["name"], block["file"], block["line"])
        test.globs = namespace  # one interpreter for the whole page, as a reader's
        report = []
        result = doctest.DocTestRunner(optionflags=flags).run(test, out=report.append, clear_globs=False)
        answer.write("\0docs-run " + json.dumps({"failed": result.failed, "report": "".join(report)}) + "\n")
        answer.flush()
_docs_run()
"""


class Session:
    """One ``python`` a page's ``>>>`` blocks run in, in the page's folder."""

    def __init__(self, folder: Path, env: dict[str, str], name: str) -> None:
        self.name = name
        self.process = subprocess.Popen(
            [str(Path(sys.executable)), "-c", _SESSION], cwd=folder, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_reader, args=(self.process.stdout, self.lines), daemon=True).start()

    def run(self, step: Step) -> None:
        assert self.process.stdin is not None
        request = {"text": step.text, "name": self.name, "file": self.name, "line": step.line}
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        stray, deadline = "", time.monotonic() + step.timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise PageError(f"line {step.line}: the >>> block took more than {step.timeout:.0f}s") from None
            if line is None:
                raise PageError(f"line {step.line}: python ended during the >>> block:\n{stray}")
            if line.startswith("\0docs-run "):
                answer = json.loads(line[len("\0docs-run ") :])
                if answer["failed"]:
                    raise PageError(f"line {step.line}: the >>> block fails when followed from a fresh folder:\n"
                                    + answer["report"])
                return
            stray += line

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        _finish(self.process)


def follow(page: Page, folder: Path, name: str) -> list[tuple[Step, float]]:
    """Carry out a page's steps in ``folder``, in order; returns each step with its seconds.

    Raises:
        PageError: at the first step that does not go as the page says.
    """
    env = environment()
    for target, source in page.given:
        destination = folder / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / source, destination)
    written: set[str] = set()
    session: Session | None = None
    timings = []
    try:
        for step in page.steps:
            start = time.monotonic()
            if step.kind == "file":
                path = folder / step.file
                path.parent.mkdir(parents=True, exist_ok=True)
                with path.open("a" if step.file in written else "w", encoding="utf-8") as f:
                    f.write(("\n" if step.file in written else "") + step.text)
                written.add(step.file)
            elif step.kind == "command":
                run_command(step, folder, env)
            else:
                session = session or Session(folder, env, name)
                session.run(step)
            timings.append((step, time.monotonic() - start))
    finally:
        if session is not None:
            session.close()
    return timings
