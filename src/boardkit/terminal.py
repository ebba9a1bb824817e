"""Play a game in the terminal: the session behind ``boardkit play``.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

A :class:`Session` seats people and bots, shows the person to move their own
view of the game (``state.render_for(seat)``) with the scores and what every
player may see beside the board (``state.scores``, ``state.public_info()``),
numbers the legal moves, takes a move in notation or by number, suggests the
nearest legal moves for a wrong one, says under every move what it did
(``state.describe(move, before)``), tells the game's goal and turn
(``rules``, from ``game.about``), and takes moves back and forward again;
with ``stay``, a game that is over keeps its prompt, to take the last move
back and play on, or to look at the end.

It reads games only through the protocol (:class:`~boardkit.Game`,
:class:`~boardkit.State` and :class:`~boardkit.about.About`): it imports no
game, probes no attribute and knows no game by name, so a game of your own is
shown as the shipped ones are.

Two rules keep what is hidden hidden. A move that drew from the game's
chance (a tile from a bag, a hex turned face up) is never taken back, nor
any move of a game with chance or hidden information once it is over (see
:func:`boardkit.match.take_back_refusal`). And when people share the terminal in a game
that hides information (``game.about.hides_information``), the screen is
cleared between their turns and the next person presses Enter before their
own view is drawn.

Why this module is long: the session and its commands are one screen's worth
of behaviour that reads best together; the take-back rule it shares with the
web server is the match layer's (:mod:`boardkit.match`). The words it says
about games (their names, options, rules) are :mod:`boardkit.words`'s.

Examples:
    >>> import io
    >>> from boardkit.testing import Nim
    >>> out = io.StringIO()
    >>> lines = iter(["moves", "1", "quit"])
    >>> session = Session(Nim(heap=5), ["human", None], seed=3, out=out, read=lambda prompt: next(lines))
    >>> session.run().history
    (Take(1),)
    >>> print(out.getvalue().splitlines()[0])
    Nim (heap=5), seed 3
"""

from __future__ import annotations

import contextlib
import difflib
import re
import shutil
import sys
import textwrap
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TextIO

from boardkit import match, words
from boardkit.about import Information
from boardkit.agents import Agent, AlphaBetaAgent, MCTSAgent
from boardkit.errors import BoardkitError, IllegalMoveError, NotationError
from boardkit.game import Game, Player, State
from boardkit.render import status
from boardkit.words import counted

__all__ = [
    "CLEAR",
    "Session",
    "group_key",
    "loose_match",
    "panel",
    "screen",
]


def __getattr__(name: str) -> Any:
    """``take_back_refusal``, ``hint_reason`` and ``HINT_SECONDS``, now :mod:`boardkit.match`'s, and the
    words it used to re-export, :mod:`boardkit.words`'s, each with a :class:`DeprecationWarning`."""
    if name in ("take_back_refusal", "hint_reason", "HINT_SECONDS"):
        warnings.warn(f"boardkit.terminal.{name} is now boardkit.match.{name}", DeprecationWarning, 2)
        return getattr(match, name)
    if name in ("describe_game", "game_options", "game_rules", "seat_name", "summary"):
        warnings.warn(f"boardkit.terminal.{name} is boardkit.words.{name}", DeprecationWarning, 2)
        return getattr(words, name)
    raise AttributeError(f"module 'boardkit.terminal' has no attribute {name!r}")


#: More legal moves than this are shown as groups first.
_LIST_AT_ONCE = 40
#: The width lines are wrapped at where the output is not a terminal (a
#: transcript, a pipe); on a terminal, its own width.
_WIDTH = 100
#: The narrowest a terminal is taken to be, however narrow it says it is.
_NARROWEST = 40
#: The longest line a person's move or command may be: a longer one (a paste
#: gone wrong) is refused at once, before any work on it.
MAX_INPUT = 1000
#: What clears a terminal: the screen, the cursor home, then the scrollback
#: (where the last person's view would otherwise still be a scroll away).
CLEAR = "\x1b[2J\x1b[H\x1b[3J"
#: Blank lines that stand for a clear where the output is not a terminal.
_SCREENFUL = 50


def screen(state: State[Any], seat: Player | None) -> str:
    """The text board as ``seat`` may see it, or the public board for
    ``None``, with the scores and public information the picture leaves out
    (:func:`panel`).

    ``seat``'s board is ``state.render_for(seat)``: everything that seat may
    know, its own hidden tiles included, and nothing only another seat may
    know (in a game without hidden information, the whole position). The
    public board is ``state.render()``.

    Examples:
        >>> from boardkit.games.cloth_of_gold import ClothOfGold
        >>> state = ClothOfGold().new_game(seed=1)
        >>> "your hand" in screen(state, 0), "your hand" in screen(state, None)
        (True, False)
        >>> screen(state, 0).splitlines()[-1]
        'scores: player 0 0, player 1 0'
    """
    board = state.render() if seat is None else state.render_for(seat)
    return "\n".join([board, *panel(state, board)])


def panel(state: State[Any], board: str = "") -> list[str]:
    """The scores (``state.scores``) and what every player may see beside
    the board (``state.public_info()``), one line each, leaving out what the
    text ``board`` already shows: a score line when it has a line starting
    ``scores``, an item when one of its lines names both the label and the
    value.

    Examples:
        >>> from boardkit.games.camelot import Camelot
        >>> state = Camelot().new_game(players=2, seed=1)
        >>> panel(state)[:2]
        ['scores: player 0 0, player 1 0', 'bag: 60 tiles']
        >>> panel(state, state.render())
        []
    """
    lines = [_squeezed(line) for line in board.lower().splitlines()]
    shown: list[str] = []
    scores = state.scores
    if scores is not None and not any(line.startswith("scores") for line in lines):
        seat = state.game.seat_name
        shown.append("scores: " + ", ".join(f"{seat(p)} {s:g}" for p, s in enumerate(scores)))
    for label, text in state.public_info().items():
        said, value = _squeezed(label.lower()), _squeezed(text.lower())
        if not any(said in line and value in line for line in lines):
            shown.append(f"{label}: {text}")
    return shown


def _squeezed(text: str) -> str:
    return " ".join(text.split())


_TOKEN = re.compile(r"[a-z]+[0-9]+|[a-z]+|[0-9]+")
_TAIL = re.compile(r"^(.*?)(?:\s*(->|<->|-|/)\s*|\s+)([^\s/>-]+)$")


def group_key(notation: str) -> str:
    """The part of a move's notation that names what moves, used to group
    the legal moves: the notation without its last square or target (a part
    joined by ``-``, ``->`` or ``/``, or a last word with a digit). A move
    written in words alone is grouped by its first word, so that names of
    several words stay whole ("conceal holy grail" beside "conceal banner").

    Examples:
        >>> group_key("d1-d4"), group_key("place wall blank b1"), group_key("A-dragon/gold"), group_key("end")
        ('d1', 'place wall blank', 'A-dragon', 'end')
        >>> group_key("conceal small hall"), group_key("conceal banner")
        ('conceal', 'conceal')
    """
    found = _TAIL.match(notation)
    if found is None or not found.group(1):
        return notation
    head, joined, tail = found.groups()
    if joined or any(c.isdigit() for c in tail):
        return str(head)
    return notation.split()[0]


def _move_kind(move: object) -> str:
    """The kind of move ``move`` is, as the ``moves`` command names a group
    of moves whose notation does not group them: its class's name in words
    (``Place`` is ``"place"``, a game's own ``PawnStep`` is ``"pawn step"``).

    Examples:
        >>> from boardkit.kit import Pass, Place
        >>> class PawnStep:
        ...     pass
        >>> _move_kind(Place("b2")), _move_kind(Pass()), _move_kind(PawnStep())
        ('place', 'pass', 'pawn step')
    """
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", type(move).__name__).lower()


def _groups(numbered: Sequence[tuple[int, str]], legal: Sequence[object]) -> dict[str, list[tuple[int, str]]]:
    """The numbered moves in groups by their notation (:func:`group_key`),
    or by their class (:func:`_move_kind`) when the notation makes only
    groups of one (a cell's name alone: Go's points, a game's own wall
    written ``"a1h"``)."""
    keys = [group_key(m) for _, m in numbered]
    if len(set(keys)) == len(keys) > 1:
        keys = [_move_kind(legal[i - 1]) for i, _ in numbered]
    groups: dict[str, list[tuple[int, str]]] = {}
    for (i, m), key in zip(numbered, keys, strict=True):
        groups.setdefault(key, []).append((i, m))
    return groups


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def _columns(items: Sequence[str], indent: str = "  ", columns: int = _WIDTH) -> list[str]:
    """Items in aligned columns, as many to a line of ``columns`` characters as fit."""
    if not items:
        return []
    width = max(len(i) for i in items) + 2
    per_line = max(1, (columns - len(indent)) // width)
    return [
        (indent + "".join(i.ljust(width) for i in items[k : k + per_line])).rstrip()
        for k in range(0, len(items), per_line)
    ]


def _is_terminal(out: TextIO) -> bool:
    isatty = getattr(out, "isatty", None)
    try:
        return callable(isatty) and bool(isatty())
    except ValueError:  # a closed stream
        return False


class _Thinking:
    """What the screen shows while a bot chooses its move.

    On a terminal, ``mcts is thinking… 3.2 s, 1,800 of 5,000 iterations``,
    redrawn in place from a second thread (the search runs in the main one,
    so Ctrl-C stops it at once) and wiped when the move is chosen; anywhere
    else (a pipe, a log), one plain line once the bot has thought three seconds.
    The count is read from an :class:`~boardkit.agents.MCTSAgent`'s
    ``last_iterations``, the depth, positions and score from an
    :class:`~boardkit.agents.AlphaBetaAgent`'s ``progress()``; other bots
    show the time alone.
    """

    #: Seconds before the first line: a quick bot shows nothing.
    WAIT: ClassVar[dict[bool, float]] = {True: 0.3, False: 3.0}

    def __init__(self, out: TextIO, name: str, agent: Agent) -> None:
        self.out = out
        self.name = name
        self.agent = agent
        self.live = _is_terminal(out)
        self.stopped = threading.Event()
        self.drawn = False
        self.thread = threading.Thread(target=self.watch, name="boardkit-thinking", daemon=True)
        self.start = 0.0

    def line(self) -> str:
        took = time.monotonic() - self.start
        text = f"{self.name} is thinking\u2026 {took:.1f} s"
        if isinstance(self.agent, MCTSAgent):
            text += f", {self.agent.last_iterations:,} of {self.agent.iterations:,} iterations"
        elif isinstance(self.agent, AlphaBetaAgent):
            text += ", " + self.agent.progress()
        encoding = getattr(self.out, "encoding", None) or "utf-8"
        try:
            text.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            text = text.replace("\u2026", "...")
        return text

    def watch(self) -> None:
        if self.stopped.wait(self.WAIT[self.live]):
            return
        with contextlib.suppress(OSError, ValueError):
            if not self.live:
                self.out.write(self.line() + "\n")
                self.out.flush()
                return
            while True:
                # One screen line at most, cut to the terminal's width as it is now: a longer one would wrap,
                # and "\r" and erase-line would redraw only its last part, leaving the rest stacked above.
                columns = shutil.get_terminal_size((_WIDTH, _SCREENFUL)).columns
                self.out.write("\r\x1b[K" + self.line()[: max(columns - 1, 1)])
                self.out.flush()
                self.drawn = True
                if self.stopped.wait(0.1):
                    return

    def __enter__(self) -> _Thinking:
        self.start = time.monotonic()
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join()
        if self.drawn:
            with contextlib.suppress(OSError, ValueError):
                self.out.write("\r\x1b[K")
                self.out.flush()


class Session:
    """One game played at the terminal.

    Args:
        game: The game.
        seats: One entry per seat: ``"human"`` (or ``None``) for a person, or
            an :class:`~boardkit.agents.Agent` already made for this game.
        seed: The game's seed.
        out: Where the screen goes (standard output by default).
        read: Reads a line after showing a prompt (``input`` by default);
            raises ``EOFError`` at the end of input.
        labels: What to call each bot when it moves (``"mcts"``...).
        echo: Write each line read after its prompt (for piped input, so a
            transcript reads like the screen).
        clear: How the screen is cleared when people sharing it pass it on
            in a game that hides information: ``True`` with the ANSI codes
            :data:`CLEAR`, ``False`` with a screenful of blank lines;
            ``None`` (the default): the codes when ``out`` is a terminal.
        stay: Keep the prompt open once the game is over, for what still
            makes sense: ``undo`` where the take-back rules allow it (and
            play on), ``board``, ``rules``, ``help``, ``quit``; until the
            person quits or input ends. ``boardkit play`` stays when its
            input is a terminal; lines from a pipe end with the game.
        ended: Called with the state each time the game ends (before the
            prompt stays): ``boardkit play`` writes its ``--out`` record
            then, so that closing the window at the prompt loses nothing.

    People who share the terminal in a game that hides information
    (``game.about.hides_information``) pass it between their turns: the
    screen is cleared, and the next person's view waits until they press
    Enter at "pass the device to ...". The moves played meanwhile are told
    again after the Enter.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seats: Sequence[Agent | str | None],
        *,
        seed: int,
        out: TextIO | None = None,
        read: Callable[[str], str] | None = None,
        labels: Sequence[str] | None = None,
        echo: bool = False,
        clear: bool | None = None,
        stay: bool = False,
        ended: Callable[[State[Any]], object] | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.out = out if out is not None else sys.stdout
        self.read = read if read is not None else input
        self.echo = echo
        #: Keep the prompt open once the game is over (:meth:`over`), for a person at a terminal.
        self.stay = stay
        #: Called with the state each time the game ends, before the prompt stays (``boardkit play`` writes
        #: its ``--out`` record then: a window closed at the prompt loses nothing).
        self.ended = ended
        self.bots: dict[Player, Agent] = {
            p: s for p, s in enumerate(seats) if s is not None and not isinstance(s, str)
        }
        self.humans = [p for p in range(len(seats)) if p not in self.bots]
        self.labels = list(labels) if labels is not None else [
            "human" if p not in self.bots else type(self.bots[p]).__name__ for p in range(len(seats))
        ]
        self.short = [label.split(" (")[0].split(",")[0].split(":")[0] for label in self.labels]
        #: The game being played and who played what (:class:`boardkit.match.Match`).
        self.match = match.Match(game.new_game(players=game.check_players(len(seats)), seed=seed))
        #: People share the screen and must not see each other's view: it is passed between turns.
        self.passing = game.about.hides_information and len(self.humans) > 1
        self.clear = _is_terminal(self.out) if clear is None else clear
        #: The seat whose own view is on the screen (while passing); None before the first.
        self.facing: Player | None = None
        #: What was said about moves since the last board drawn, told again after a pass.
        self.news: list[str] = []
        #: The legal moves as 'moves' last numbered them: a number typed once they have changed is refused.
        self.listed: tuple[Any, ...] | None = None

    @property
    def state(self) -> State[Any]:
        """The game's state now (:attr:`match`'s)."""
        return self.match.state

    @state.setter
    def state(self, state: State[Any]) -> None:
        self.match.state = state

    # -- output ----------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Print ``text``; on a terminal, a line of words (a legend, a hand, an
        error) wider than the screen is wrapped to it, while a board's rows
        and a table's aligned columns are printed whole."""
        if _is_terminal(self.out):
            width = self.width()
            text = "\n".join(
                self.wrapped(line) if len(line) >= width and _is_prose(line) else line for line in text.split("\n")
            )
        print(text, file=self.out)

    def width(self) -> int:
        """The columns lines are wrapped at: the terminal's own width, as it
        is now (``shutil.get_terminal_size``), when the screen is a terminal;
        else :data:`_WIDTH`."""
        if not _is_terminal(self.out):
            return _WIDTH
        return max(shutil.get_terminal_size((_WIDTH, _SCREENFUL)).columns, _NARROWEST)

    def tell(self, text: str) -> None:
        """Say what happened to the game (a move, a take-back): public news."""
        self.say(text)
        self.news.append(text)

    def name(self, player: Player) -> str:
        return words.seat_name(self.game, player)

    def who(self, player: Player) -> str:
        """A seat as the screen calls it: its name and who sits there."""
        if player in self.bots:
            return f"{self.name(player)} ({self.short[player]})"
        return f"{self.name(player)} ({'you' if len(self.humans) == 1 else 'human'})"

    def asking(self, player: Player) -> str:
        """The prompt: who is to move and, in a turn played in parts, what
        they are to do now (``state.prompt()``): "attackers (you)> ",
        "player 0 (you): shoot an arrow> "."""
        doing = self.state.prompt()
        return f"{self.who(player)}{': ' + doing if doing else ''}> "

    def viewer(self) -> Player | None:
        """Whose eyes the board is drawn for: the person to move, else the
        only person at the table, else nobody (the public board)."""
        nxt = self.state.current_player
        if nxt is not None and nxt not in self.bots:
            return nxt
        return self.humans[0] if len(self.humans) == 1 else None

    def show(self) -> None:
        """Draw the board for :meth:`viewer`; while passing, a seat's own
        view waits for :meth:`pass_to` when the screen faces another seat."""
        viewer = self.viewer()
        if self.passing and viewer is not None and viewer != self.facing:
            return
        self.say(screen(self.state, viewer))
        self.news.clear()

    def wrapped(self, text: str, indent: str | None = None) -> str:
        """``text`` wrapped to the width of the terminal, later lines indented
        by ``indent`` (by default under the text after a short label such as
        ``kinds:``, else two spaces); not on a terminal (a pipe, a
        transcript), ``text`` as it is."""
        if not _is_terminal(self.out):
            return text
        kept = text[: len(text) - len(text.lstrip())]
        if indent is None:
            label = re.match(r"\s*[^:]{1,16}: ", text)
            indent = " " * len(label.group()) if label else kept + "  "
        return "\n".join(textwrap.wrap(text.lstrip(), self.width() - 1, initial_indent=kept, subsequent_indent=indent,
                                        break_on_hyphens=False))

    def wipe(self) -> None:
        """Clear the screen (or, not on a terminal, push it up with blank lines)."""
        if self.clear:
            self.out.write(CLEAR)
        else:
            lines = max(shutil.get_terminal_size((_WIDTH, _SCREENFUL)).lines, _SCREENFUL)
            self.out.write("\n" * lines)
        self.out.flush()

    def pass_to(self, player: Player) -> bool:
        """Hand the screen to ``player``: clear the last person's view, wait
        for Enter, then tell what happened and draw ``player``'s view.
        False if input ended or they quit."""
        self.listed = None  # whatever the last person listed, the next one has not seen it
        if self.facing is not None:
            self.wipe()
        try:
            line = self.read(f"pass the device to {self.name(player)}; press Enter when ready ")
        except EOFError:
            self.say("\nend of input: game abandoned")
            return False
        if self.echo:
            self.say(line)
        if line.strip().lower() in ("quit", "exit"):
            self.say("game abandoned")
            return False
        self.facing = player
        for text in self.news:
            self.say(text)
        self.show()
        return True

    def opening(self) -> None:
        self.say(f"{words.describe_game(self.game)}, seed {self.seed}")
        seats = []
        for p in range(self.state.players):
            sitter = "you" if p not in self.bots and len(self.humans) == 1 else self.labels[p]
            seats.append(f"{self.name(p)}{'' if self.name(p) == f'player {p}' else f' (player {p})'}: {sitter}")
        self.say("seats: " + "; ".join(seats))
        if self.humans:
            rules = "'rules' tells the goal, " if words.game_rules(self.game) else ""
            self.say(f"type a move as written on the screen, or its number from 'moves'; {rules}"
                     "'help' lists the commands")

    # -- the loop ----------------------------------------------------------------

    def run(self) -> State[Any]:
        """Play until the game ends, input ends or someone quits; returns the
        state. With :attr:`stay`, a game that ends keeps its prompt
        (:meth:`over`) until the person leaves, and goes on after an undo."""
        self.opening()
        self.show()
        while True:
            while not self.state.is_over:
                player = self.state.current_player
                if player is None:  # pragma: no cover - is_over covers it
                    break
                if player in self.bots:
                    self.bot_move(player)
                    continue
                if self.passing and player != self.facing and not self.pass_to(player):
                    return self.state
                line = self.typed(self.asking(player))
                if line is None:
                    self.say("\nend of input: game abandoned")
                    return self.state
                if not self.command(player, line.strip()):
                    return self.state
            if self.passing and self.facing is not None and self.stay:
                # Everybody looks at the end, and the last person's own view (a hand, say) is still on the
                # screen: wiped, the last move told again and the board drawn as every player may see it.
                self.wipe()
                self.facing = None
                if self.match.log:
                    self.told(self.match.log[-1])
                self.show()
            self.say(status(self.state))
            if self.ended is not None:
                self.ended(self.state)
            if not (self.stay and self.humans) or not self.over():
                return self.state

    def typed(self, prompt: str) -> str | None:
        """A line typed at ``prompt`` (written after it when :attr:`echo`);
        ``None`` at the end of input. A line longer than :data:`MAX_INPUT`
        is refused before anything reads it, and the prompt asked again."""
        while True:
            try:
                line = self.read(prompt)
            except EOFError:
                return None
            if len(line) <= MAX_INPUT:
                if self.echo:
                    self.say(line)
                return line
            if self.echo:  # refused before anything reads it (matching a move against it took seconds)
                self.say(line[:60] + "...")
            self.say(f"that line is {len(line):,} characters long; a move or command is at most {MAX_INPUT:,}")

    def over(self) -> bool:
        """The prompt of a game that has ended (``game over> ``): what still
        makes sense of the commands, said in one line first: ``undo``, where
        the take-back rules allow it (:meth:`take_back_offered`), ``board``,
        ``rules``, ``help`` and ``quit``. True when an undo has set the game
        going again; False when the person leaves (``quit``, end of input,
        or Ctrl-C: the game is over and told, so stopping here is leaving)."""
        self.say(self.over_line())
        while True:
            try:
                line = self.typed("game over> ")
            except KeyboardInterrupt:
                line = None
            if line is None:
                self.say()  # the shell's prompt on a line of its own, after the Ctrl-D or Ctrl-C
                return False
            word = line.strip().lower()
            if word in ("quit", "exit"):
                return False
            if word == "undo":
                self.undo()
                if not self.state.is_over:
                    return True
            elif word == "board":
                self.show()
                self.say(status(self.state))
            elif word == "rules":
                self.rules()
            elif word in ("help", "?"):
                self.help()
            elif word:
                self.say(self.over_line())

    def take_back_offered(self) -> bool:
        """Whether ``undo`` may take a person's last move back now
        (:meth:`boardkit.match.Match.take_back_refusal`: never once a game
        with chance or hidden information is over)."""
        count = self.match.back_to(self.humans)
        return bool(count) and self.match.take_back_refusal(count) is None

    def over_line(self) -> str:
        """What a person may do once the game is over, in one line."""
        rest = "'board' shows the board, 'quit' leaves"
        if self.take_back_offered():
            return f"the game is over: 'undo' takes back {self.taken_back()}, {rest}"
        if self.match.back_to(self.humans):  # moves of a person's, but refused: the game had chance or hid things
            return f"the game is over, and stays so (chance or hidden information): {rest}"
        return f"the game is over: {rest}"

    def taken_back(self) -> str:
        """What ``undo`` takes back, in the words of the help and of the line
        at ``game over>``: back to the last move one of the people played
        (:meth:`boardkit.match.Match.back_to`), the bots' replies after it too."""
        mine = "your last move" if len(self.humans) == 1 else "the last move of a person"
        return mine + (" and the replies after it" if self.bots else "")

    def told(self, played: match.Played) -> None:
        """Tell everybody a move: who played it, then on a line of its own
        what it did, in the game's words (``state.describe``, which says
        only what every player may know)."""
        self.tell(f"{self.who(played.player)} played {played.move}")
        did = played.said
        if did:
            for line in textwrap.wrap(did, self.width() - 2, initial_indent="  ", subsequent_indent="    "):
                self.tell(line)

    def bot_move(self, player: Player) -> None:
        with _Thinking(self.out, self.short[player], self.bots[player]):
            move = self.bots[player].choose(self.state.copy(), player)
        self.told(self.match.play(player, move))  # one step: Ctrl-C never leaves a move half played
        if not self.humans or self.state.current_player not in self.bots:  # bots' moves in a row: one board
            self.show()

    def command(self, player: Player, line: str) -> bool:
        """Carry out one line typed by ``player``; False to stop the game."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        word = word.lower()
        alone: dict[str, Callable[[], object]] = {  # the commands that are one word alone
            "board": self.show, "rules": self.rules, "undo": self.undo, "redo": self.redo,
            "hint": lambda: self.hint(player),
        }
        if word in ("help", "?"):
            self.help()
        elif word == "moves":
            self.list_moves(rest)
        elif word in ("quit", "exit") and not rest:
            self.say("game abandoned")
            return False
        elif word in alone and not rest:
            alone[word]()
        else:
            self.play(player, line)
        return True

    # -- commands ----------------------------------------------------------------

    def numbered(self) -> list[tuple[int, str]]:
        return [(i, str(m)) for i, m in enumerate(self.state.legal_moves(), 1)]

    def list_moves(self, words: str) -> None:
        moves = self.numbered()
        self.listed = tuple(self.state.legal_moves())
        wanted = _tokens(words)
        named = False  # the moves of a group asked for by its name
        if wanted:
            chosen = [(i, m) for i, m in moves if all(w in _tokens(m) for w in wanted)]
            if not chosen:
                chosen = [(i, m) for i, m in moves if all(w in m.lower() for w in wanted)]
            if not chosen:  # a group's own name, where moves are grouped by their kind ("place")
                groups = _groups(moves, self.state.legal_moves())
                named_groups = [members for key, members in groups.items() if set(wanted) <= set(_tokens(key))]
                chosen = [pair for members in named_groups for pair in members]
                named = bool(chosen)
            if not chosen:
                self.say(f"no legal move mentions {words.strip()!r}; type 'moves' for all {len(moves)}")
                return
            moves = chosen
        if len(moves) <= _LIST_AT_ONCE or named:  # a group asked for by name is numbered, however long
            self.say(f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}" + (" matching" if wanted else "") + ":")
            digits = len(str(moves[-1][0]))
            for line in _columns([f"{i:>{digits}} {m}" for i, m in moves], columns=self.width()):
                self.say(line)
            return
        groups = _groups(moves, self.state.legal_moves())
        self.say(
            f"{len(moves)} legal moves in {counted(len(groups), 'group')};"
            " type 'moves WORD' to number some of them:"
        )
        for key, members in groups.items():
            rest = [(m[len(key):].strip(" -/>") if m.startswith(key) else m) or m for _, m in members]
            first = members[0][0]
            span = f"{first}" if len(members) == 1 else f"{first}-{members[-1][0]}"
            head = f"  {key} ({span}):"
            if any(" " in r for r in rest):  # names of several words: commas tell them apart
                rest = [", ".join(rest)]
            wrapped = textwrap.wrap("  ".join(rest), max(self.width() - len(head) - 1, 20), break_long_words=False,
                                    break_on_hyphens=False)
            for n, line in enumerate(wrapped):
                self.say((head if n == 0 else " " * len(head)) + " " + line)

    def play(self, player: Player, text: str) -> None:
        legal = self.state.legal_moves()
        move: Any = text
        number = text.isascii() and text.isdigit()  # "²" is a digit to str.isdigit, not a number here
        written = next((m for m in legal if str(m) == text), None) if number else None
        if written is not None:  # a move written as digits (Connect Four's "5") is that move, not the 5th
            move = written
        elif number and self.notation(text):
            pass  # a move of the game written as digits, not legal now (a full column): refused as such
        elif number:
            n = int(text)
            if self.listed is not None and self.listed != tuple(legal):
                # A turn in parts (Camelot, 5 Fields) or a reply since: the old numbers name other moves now.
                self.say(f"the legal moves have changed since 'moves' numbered them: type 'moves' again for move {n}"
                         " (or write the move out)")
                return
            if not 1 <= n <= len(legal):
                self.say(f"there is no move {n}: the legal moves are numbered 1 to {len(legal)} (type 'moves')")
                return
            move = legal[n - 1]
        else:
            move = loose_match(text, legal)
        try:
            played = self.match.play(player, move)  # one step: Ctrl-C never leaves a move half played
        except (NotationError, IllegalMoveError) as exc:
            self.refuse(text, exc, legal)
            return
        except BoardkitError as exc:
            self.say(f"cannot play {text!r}: {exc}; type 'moves' for the legal moves")
            return
        self.told(played)
        if self.state.current_player not in self.bots:  # a bot's move shows the board next
            self.show()

    def notation(self, text: str) -> bool:
        """Whether ``text`` reads as a move of the game, legal now or not."""
        try:
            self.state.game.parse_move(text)
        except BoardkitError:
            return False
        return True

    def refuse(self, text: str, exc: Exception, legal: Sequence[Any]) -> None:
        reason = str(exc)
        if isinstance(exc, NotationError) and len(reason) > 110:
            reason = f"{text!r} is not a move of this game"
        self.say(reason)
        near = suggestions(text, [str(m) for m in legal])
        if near:
            numbers = {str(m): i for i, m in enumerate(legal, 1)}
            self.say("did you mean: " + ", ".join(f"{m} ({numbers[m]})" for m in near) + "?")
            self.listed = tuple(legal)  # the numbers just shown are the ones a number typed next means
        self.say("type 'moves' to list the legal moves, 'help' for help")

    def undo(self) -> None:
        """Take back the last move of a person and the bots' replies after
        it, unless one of them drew from the game's chance."""
        count = self.match.back_to(self.humans)
        refusal = self.match.take_back_refusal(count) if count else "nothing to undo: no move of yours has been played"
        if refusal is not None:
            self.say(refusal)
            return
        taken = self.match.take_back(count)
        parts = [f"{'your' if len(self.humans) == 1 else words.possessive(self.name(t.player))} {_a_move(t.move)}"
                 if t.player in self.humans else f"the reply {t.move} by {self.who(t.player)}"
                 for t in reversed(taken)]
        self.tell("took back " + " and ".join(parts))
        self.show()

    def redo(self) -> None:
        """Play again what :meth:`undo` took back. Nothing redone draws
        chance: :meth:`undo` never takes back a move that drew, and the same
        moves from the same position draw nothing the second time either; a
        move played after an undo forgets what it took back."""
        if not self.match.can_redo:
            self.say("nothing to redo")
            return
        again = self.match.redo()
        self.tell("played again " + ", ".join(str(t.move) for t in again))
        self.show()

    def rules(self) -> None:
        """Say the game's goal and turn summary, as its ``about`` declares them."""
        # On a terminal, a column short of its width: a line that fills the last column wraps on some terminals.
        lines = words.game_rules(self.game, width=self.width() - 1 if _is_terminal(self.out) else _WIDTH)
        if not lines:
            lines = [f"{words.describe_game(self.game)} declares no goal or turn summary; 'help' lists the commands"]
        self.say("\n".join(lines))

    def hint(self, player: Player) -> None:
        """Say what the strongest bot for the game (``best``, thinking
        :data:`~boardkit.match.HINT_SECONDS`) would play for ``player`` here, and why in one
        line. It searches from ``player``'s own knowledge only."""
        agent = match.hint_agent(self.state)
        with _Thinking(self.out, "hint", agent):
            move = agent.choose(self.state.copy(), player)
        # What the move would do, told only where it tells nothing the player may not know: played on the
        # real position, a move that draws would show the very tile or die to come, and a game with hidden
        # information would describe what is hidden (a hex turned up, a tile taken into a hand).
        did = ""
        if self.game.about.information is Information.PERFECT:
            after = self.state.copy()
            after.apply(move)
            if after.rng.state == self.state.rng.state:
                did = after.describe(after.history[-1], self.state)
        self.say(f"hint: {move}: " + "; ".join(part for part in (match.hint_reason(agent, move), did) if part))

    def help(self) -> None:
        last = [
            ("board", "show the board again"),
            ("rules", "the goal, a turn, each kind of move and the rules in play"),
            ("help", "show this help"),
        ]
        if self.state.is_over:
            undo = [("undo", f"take back {self.taken_back()}, and play on")] if self.take_back_offered() else []
            commands = [*undo, *last, ("quit", "leave")]
            self.say("\n".join(["commands, the game being over:", *self.command_lines(commands)]))
            return
        legal = self.numbered()
        first = legal[0][1] if legal else "..."
        group = group_key(first)
        words = _tokens(group)
        word = next((w for w in words if re.fullmatch(r"[a-z]+[0-9]+", w)), "") or next(
            (w for w in reversed(words) if len(w) > 1), group
        )
        commands = [
            (first, "play a move, written as in 'moves'"),
            ("1", f"play move number 1 of 'moves' ({first})"),
            ("moves", "list the legal moves, numbered (grouped when there are many)"),
            ("moves " + word, f"only the moves that mention {word!r}"),
            ("undo", f"take back {self.taken_back()}"),
            ("redo", "play again what 'undo' took back"),
            ("hint", "what the strongest bot would play here, and why"),
            *last,
            ("quit", "stop the game"),
        ]
        self.say("\n".join(["commands:", *self.command_lines(commands)]))

    def command_lines(self, commands: Sequence[tuple[str, str]]) -> list[str]:
        """The lines of :meth:`help`: each command and what it does, wrapped to the screen."""
        return [self.wrapped(f"  {command:<24} {text}", " " * 27) for command, text in commands]


def _is_prose(line: str) -> bool:
    """Whether a line of a screen is words (a legend, a hand) rather than a
    board's row or a table's: two words of letters in a row, and no run of
    spaces that aligns columns after its indent."""
    return bool(re.search(r"[A-Za-z]{3,},? [A-Za-z]{2,}", line)) and "  " not in line.strip()


def _loose(text: str) -> str:
    """A move as :func:`loose_match` compares it: lower case, one space
    between words and none around ``-``, ``/``, ``<`` and ``>``."""
    return re.sub(r"\s*([-/<>])\s*", r"\1", " ".join(text.lower().split()))


def loose_match(text: str, legal: Sequence[Any]) -> Any:
    """The legal move a typed ``text`` means when it is written loosely (``D6-D7``,
    `` d6 - e6 ``), if exactly one legal move is written so; else ``text``
    itself, for the game to read or refuse (nothing ambiguous is guessed).

    Examples:
        >>> loose_match(" D6 - e6 ", ["d6-d7", "d6-e6"]), loose_match("a-gold", ["A-gold", "a-Gold"])
        ('d6-e6', 'a-gold')
    """
    if any(str(m) == text for m in legal):
        return text
    loose = _loose(text)
    found = [m for m in legal if _loose(str(m)) == loose]
    return found[0] if len(found) == 1 else text


#: How alike a mistyped word and a word of a move must be for the move to be
#: offered (``difflib``'s ratio): "gardn" and "garden" are 0.91, "wall" and
#: "well" 0.75, "tower" and "throne" 0.55.
_NEAR_WORD = 0.75
#: The most words of a typed line compared one by one with the moves' words.
_WORDS_COMPARED = 12


def suggestions(text: str, legal: Sequence[str], n: int = 5) -> list[str]:
    """The legal moves nearest to a wrong one: those sharing its squares or
    words first, a word misspelt counting nearly as much as one written
    right, then the most alike by spelling.

    A misspelt word is compared with each word of the moves on its own: in a
    game whose moves are long (Camelot's ``place holy grail b2``), the line
    typed as a whole is too unlike every move to be near one.

    Examples:
        >>> suggestions("d1d3", ["d1-d2", "d1-d3", "e1-e2", "h1-h5"])
        ['d1-d3', 'd1-d2']
        >>> suggestions("excalbur", ["place excalibur e3", "place tower a1", "end"])
        ['place excalibur e3']
    """
    typed = list(dict.fromkeys(_tokens(text)))[:_WORDS_COMPARED]
    squeezed = re.sub(r"[^a-z0-9]", "", text.lower())
    near: dict[tuple[str, str], float] = {}  # one comparison for each pair of words, however many moves hold them

    def closeness(word: str, tokens: Sequence[str]) -> float:
        if word in tokens:
            return 1.0
        if not (word.isalpha() and len(word) >= 3):  # a square ("c5" and "c6") is right or wrong, never near
            return 0.0
        best = 0.0
        for token in tokens:
            if token.isalpha() and len(token) >= 3:
                if (word, token) not in near:
                    near[word, token] = difflib.SequenceMatcher(None, word, token).ratio()
                best = max(best, near[word, token])
        return best if best >= _NEAR_WORD else 0.0

    scored = []
    for m in legal:
        tokens = _tokens(m)
        shared = sum(closeness(word, tokens) for word in typed)
        like = difflib.SequenceMatcher(None, squeezed, re.sub(r"[^a-z0-9]", "", m.lower())).ratio()
        if shared or like >= 0.6:
            scored.append((-shared, -like, m))
    scored.sort()
    return [m for _, _, m in scored[:n]]


def effects(before: State[Any], after: State[Any], player: Player | None = None) -> str:
    """What the last move did, in the game's words: ``after.describe(move,
    before)`` for the move that led from ``before`` to ``after`` (empty when
    no move was played). ``player`` is not used: the game knows who moved.

    Examples:
        >>> from boardkit.games.tafl import Tafl
        >>> state = Tafl("brandubh").from_position(position="/7/2Tt3/1t5/4K2/1t5/2Tt3/7/", to_move=0)
        >>> after = state.copy(); after.apply("b5-b6")
        >>> effects(state, after, 0)
        'took c6'
    """
    if len(after.history) != len(before.history) + 1:
        return ""
    return after.describe(after.history[-1], before)


def _a_move(move: object) -> str:
    """``move`` as "move X", once: a game whose moves read "move P f2->d2" already says it."""
    text = str(move)
    return text if text.startswith("move ") else f"move {text}"
