"""The games a server keeps: a :class:`Table` per game, its seats and their
secret links, and :class:`Tables`, the bounded set of them.

Applications floor: it may import any floor below (core, boards, components,
and games through the registry); nothing below imports it.

Nothing here needs the web extra: a table is plain Python that the web app
drives (and tests drive without a server).

Examples:
    >>> from boardkit.testing import Nim
    >>> table = Table(Nim(heap=5), [parse_seat("here"), parse_seat("random")], seed=1)
    >>> viewer = table.viewer(table.host_token)
    >>> viewer.host, sorted(viewer.seats)
    (True, [0])
    >>> table.play(viewer, "take 2", table.version)
    >>> table.bot_to_move()
    1
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hmac
import secrets
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from boardkit.about import Chance
from boardkit.agents import Agent
from boardkit.chance import fresh_seed
from boardkit.errors import BoardkitError, IllegalMoveError, OptionError, shown
from boardkit.game import Game, Player, State
from boardkit.match import AGENT_KINDS, AGENTS, LEVELS, AgentSpec, Match, parse_agent, seat_agent
from boardkit.words import counted, possessive

__all__ = [
    "PERSON_KINDS",
    "SEAT_KINDS",
    "RefusedError",
    "Seat",
    "StaleError",
    "Table",
    "Tables",
    "Viewer",
    "parse_seat",
]

#: Who may sit in a seat: a person at this screen, a person elsewhere
#: (through a secret link), or a bot, written in the one agent grammar
#: (:func:`boardkit.match.parse_agent`: a level such as ``hard``, or a kind
#: with its budget such as ``mcts:400`` or ``best@2s``).
SEAT_KINDS = ("here", "link", *LEVELS, *AGENT_KINDS)
#: The kinds of seat a person takes.
PERSON_KINDS = ("here", "link")
#: The most MCTS playouts a seat may ask for.
MAX_SEAT_PLAYOUTS = 20_000
#: The longest think time a seat may ask for, in seconds (the server's ``--think`` caps it further).
MAX_SEAT_SECONDS = 30.0
#: The deepest alpha-beta search a seat may ask for, in plies.
MAX_SEAT_DEPTH = 8
#: The most pages of one version of a table kept drawn (each seat and token asks for its own).
PAGES_KEPT = 64


class StaleError(BoardkitError, ValueError):
    """A request made for a position that is no longer the current one."""


class RefusedError(BoardkitError, ValueError):
    """A request the table turns down as the game stands: taking back a
    move that drew from the game's chance, or a new game while people
    elsewhere are playing this one.

    Examples:
        >>> isinstance(RefusedError("not now"), ValueError)
        True
    """


@attrs.frozen
class Seat:
    """Who sits in one seat.

    Attributes:
        kind: ``here``, ``link``, or the bot's agent kind (``random``,
            ``greedy``, ``mcts``, ``alphabeta``, ``best``).
        iterations: MCTS playouts a move (``mcts`` seats without a time
            budget), or the depth of an ``alphabeta:N`` seat.
        bot: The bot as the agent grammar reads it (``None`` for a person).

    Examples:
        >>> parse_seat("mcts:50")
        Seat(kind='mcts', iterations=50, bot=AgentSpec(kind='mcts', iterations=50, seconds=None, level=''))
        >>> parse_seat("link").is_person
        True
        >>> parse_seat("hard").text
        'hard'
    """

    kind: str
    iterations: int = 0
    bot: AgentSpec | None = None

    @property
    def is_person(self) -> bool:
        """True for a person's seat (at this screen or through a link)."""
        return self.kind in PERSON_KINDS

    @property
    def text(self) -> str:
        """The seat as :func:`parse_seat` reads it (what the store keeps)."""
        return self.kind if self.bot is None else self.bot.text

    def label(self) -> str:
        """The seat's kind in words.

        Examples:
            >>> parse_seat("mcts:400").label(), parse_seat("here").label()
            ('mcts bot, 400 playouts', 'person at this screen')
            >>> parse_seat("medium").label()
            'bot, medium (best, 0.5 s a move)'
        """
        if self.bot is None:
            return "person at this screen" if self.kind == "here" else "person with a link"
        if self.bot.level:
            return f"bot, {self.bot.label()}"
        kind, _, budget = self.bot.label().partition(", ")
        return f"{kind} bot, {budget}" if budget else f"{kind} bot"

    def agent(
        self, seed: int, *, time_limit: float | None = None, game: Game[Any, Any] | None = None
    ) -> Agent | None:
        """A fresh bot for this seat, or ``None`` for a person; a searching
        bot stops after ``time_limit`` seconds (``None``: no limit) whatever
        its own budget; ``game`` is the game it plays (``best`` needs it)."""
        return None if self.bot is None else self.bot.build(seed, game=game, most_seconds=time_limit)


def parse_seat(text: object) -> Seat:
    """Read a seat: ``here``, ``link``, or a bot in the agent grammar
    (:func:`boardkit.match.parse_agent`): a level (``easy``, ``medium``,
    ``hard``), or ``random``, ``greedy``, ``mcts``, ``alphabeta`` or
    ``best`` with an optional budget, within the server's bounds (at most
    :data:`MAX_SEAT_PLAYOUTS` playouts, :data:`MAX_SEAT_DEPTH` plies and
    :data:`MAX_SEAT_SECONDS` seconds a move).

    Raises:
        OptionError: for anything else.

    Examples:
        >>> parse_seat("mcts").iterations
        200
        >>> parse_seat("robot")
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: unknown seat 'robot'; seats are here, link, or a bot: easy, medium, hard, ...
    """
    if isinstance(text, str):
        if text in PERSON_KINDS:
            return Seat(text)
        try:
            spec = parse_agent(text)
        except OptionError:
            pass
        else:
            spec = spec.filled()
            if spec.iterations <= (MAX_SEAT_DEPTH if AGENTS[spec.kind].count == "plies" else MAX_SEAT_PLAYOUTS) and (
                spec.seconds is None or spec.seconds <= MAX_SEAT_SECONDS
            ):
                return Seat(spec.kind, spec.iterations, spec)
            raise OptionError(
                f"a bot on this server thinks at most {MAX_SEAT_SECONDS:g} s a move, {MAX_SEAT_PLAYOUTS:,} playouts"
                f" or {MAX_SEAT_DEPTH} plies, not {shown(text, 40)}"
            )
    raise OptionError(
        f"unknown seat {shown(text, 40)}; seats are here, link, or a bot: {', '.join(LEVELS)}, "
        f"{', '.join(AGENT_KINDS[:-1])} or {AGENT_KINDS[-1]}, with an optional budget (mcts:N, alphabeta:N, best@2s)"
    )


@attrs.frozen
class Viewer:
    """Whoever holds a token: the host (who set the table up, and plays the
    seats at their screen) or the person of one linked seat.

    Attributes:
        host: True for the host's token.
        seats: The seats this token may move for.
    """

    host: bool
    seats: frozenset[Player]


class Table:
    """One game on the server: the rules, the state, who sits where, and the
    secret token of each way in.

    The host's token moves for every ``here`` seat; each ``link`` seat has a
    token of its own, which moves for that seat alone. Tokens come from
    :mod:`secrets` and are compared in constant time. ``version`` counts the
    changes; a move or an undo names the version it was made on, so a click
    on an old position is refused instead of played on the new one.

    Args:
        game: The rules.
        seats: Who sits in each seat (their number is the number of players).
        seed: The first game's seed (``None``: a fresh one).
        think: Seconds an MCTS bot may search for one move (``None``: no limit).
    """

    def __init__(
        self, game: Game[Any, Any], seats: Sequence[Seat], seed: int | None = None, *, think: float | None = None
    ) -> None:
        players = game.check_players(len(seats))
        self.think = think
        self.id = secrets.token_urlsafe(9)
        #: The client address that set the table up ("" when not known, as for a table read back from
        #: the store): its bots wait their turn in the bot pool with that client's other tables'.
        self.client = ""
        self.game = game
        self.seats = tuple(seats)
        self.host_token = secrets.token_urlsafe(24)
        self.seat_tokens = {p: secrets.token_urlsafe(24) for p, s in enumerate(self.seats) if s.kind == "link"}
        #: The game being played and the log of who played what (:class:`boardkit.match.Match`).
        self.match = Match(game.new_game(players=players, seed=seed))
        about = game.about
        #: The game hides something, or chance takes part (the seed gives what it will give away):
        #: its record, which holds the seed, waits for the end. As the game declares it (``About``).
        self.hidden = about.hides_information or about.chance is not Chance.NONE
        #: The seats see different things (the game declares imperfect information): people sharing a
        #: screen pass it between turns, even on a deal where two seats happen to hold the same.
        self.secret = about.hides_information
        self.version = 0
        self.clock: Callable[[], float] = time.monotonic
        self.last_seen = self.clock()
        self.agents = self._agents()
        #: Why the bots stopped, if one of them failed.
        self.bot_error: str | None = None
        #: What the last bot's search found (:func:`boardkit.match.search_summary`): the ply after its
        #: move, its seat and the words; shown while that move is the last one.
        self.searched: tuple[int, Player, str] | None = None
        #: The thinking bot's latest line while it searches (depth, positions, score): the version
        #: it thinks on and the words. Not saved, and not part of a page: ``GET .../thinking`` reads it.
        self.thinking: tuple[int, str] | None = None
        # What a server keeps of the table while it serves it, gone with the table, never saved: the
        # pages drawn for one version (:meth:`drawn`), the event pages waiting for the next change
        # wait on, whether its bots are thinking, whether their move could not be saved (they are
        # asked again at the next look), and whether a hint is being thought out (one at a time).
        self._pages: tuple[int, dict[Hashable, bytes]] = (-1, {})
        self.changed: asyncio.Event | None = None
        self.bots_running = False
        self.bots_stalled = False
        self.hinting = False
        #: The game and its settings in words (``describe_game``), worked out at the first page: it builds
        #: the game with its defaults to compare (Camelot's take 70 ms). Kept here, it goes with the table.
        self.words: str | None = None
        #: The board's public picture and its cells' names (:mod:`boardkit.web.page`'s), with the position
        #: it shows (the state's id, the version, the moves played): drawn once for every seat and watcher.
        self.picture: tuple[tuple[int, int, int], tuple[str, list[str], frozenset[str]]] | None = None

    @classmethod
    def resume(
        cls,
        game: Game[Any, Any],
        seats: Sequence[Seat],
        *,
        table_id: str,
        host_token: str,
        seat_tokens: Mapping[Player, str],
        seed: int,
        moves: Sequence[str],
        version: int,
        think: float | None = None,
    ) -> Table:
        """The table as it was saved: the same id, tokens and version, its
        game replayed from ``seed`` through ``moves`` (notation).

        Raises:
            BoardkitError: if the tokens do not fit the seats or a move is
                not legal where it stands.

        Examples:
            >>> from boardkit.testing import Nim
            >>> seats = [parse_seat("here"), parse_seat("link")]
            >>> table = Table.resume(Nim(heap=5), seats, table_id="t1", host_token="h" * 32,
            ...                      seat_tokens={1: "s" * 32}, seed=3, moves=["take 2"], version=4)
            >>> table.id, table.version, [p.player for p in table.match.log], table.viewer("s" * 32)
            ('t1', 4, [0], Viewer(host=False, seats=frozenset({1})))
        """
        table = cls(game, seats, seed=seed, think=think)
        if set(seat_tokens) != set(table.seat_tokens) or not host_token or not all(seat_tokens.values()):
            raise OptionError(f"the saved tokens do not fit the seats of table {shown(table_id, 20)}")
        table.id, table.host_token, table.seat_tokens = table_id, host_token, dict(seat_tokens)
        for text in moves:
            player = table.state.current_player
            if player is None:
                raise IllegalMoveError(text, "the game is over")
            table.match.play(player, game.parse_move(text))
        table.version = version
        return table

    @contextlib.contextmanager
    def trial(self) -> Iterator[None]:
        """A change that stands only if the block ends without an error:
        the server makes a change and saves it inside one, so that a change
        the store would not take is undone in memory too (nothing is shown
        that a restarted server would not have).

        Examples:
            >>> from boardkit.testing import Nim
            >>> table = Table(Nim(heap=5), [parse_seat("here"), parse_seat("here")], seed=1)
            >>> try:
            ...     with table.trial():
            ...         table.play(table.viewer(table.host_token), "take 2", table.version)
            ...         raise OSError("the disk is full")
            ... except OSError:
            ...     pass
            >>> table.version, table.state.heap, table.match.log
            (0, 5, [])
        """
        kept = (self.match, self.version, dict(self.agents), self.bot_error, self.searched)
        self.match = _twin(self.match)
        try:
            yield
        except BaseException:
            self.match, self.version, self.agents, self.bot_error, self.searched = kept
            raise

    def _agents(self) -> dict[Player, Agent]:
        agents = {}
        for p, seat in enumerate(self.seats):
            agent = seat.agent(0, time_limit=self.think, game=self.game)
            if agent is not None:  # seated as the command and play_game seat it: the same bots for a seed
                agents[p] = seat_agent(agent, self.state.seed, p)
        return agents

    @property
    def here(self) -> tuple[Player, ...]:
        """The seats played at the host's screen."""
        return tuple(p for p, s in enumerate(self.seats) if s.kind == "here")

    def viewer(self, token: object) -> Viewer | None:
        """Who holds ``token``, or ``None`` for a wrong or missing one.

        Every token is compared, in constant time, whatever matches.
        """
        if not isinstance(token, str) or not token:
            return None
        given = token.encode("utf-8", "replace")
        found: Viewer | None = None
        if hmac.compare_digest(given, self.host_token.encode()):
            found = Viewer(True, frozenset(self.here))
        for p, secret in self.seat_tokens.items():
            if hmac.compare_digest(given, secret.encode()):
                found = Viewer(False, frozenset({p}))
        return found

    def touch(self) -> None:
        """Note that somebody used the table now (it is not idle)."""
        self.last_seen = self.clock()

    def _changed(self, *, used: bool = True) -> None:
        self.version += 1
        if used:
            self.touch()

    def _check_version(self, version: object) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise RefusedError(f"a change names the version it was made on, a number, not {shown(version, 40)}")
        if version != self.version:
            raise StaleError(f"the game has moved on since version {version!r}; it is at version {self.version}")

    def play(self, viewer: Viewer, move: str, version: object) -> None:
        """Play ``move`` (notation) for the seat to move, if ``viewer`` holds it.

        Raises:
            StaleError: if ``version`` is not the current one.
            IllegalMoveError: if it is not that viewer's turn, or the move is illegal.
            NotationError: for bad notation. The game is unchanged in every case.
        """
        self._check_version(version)
        to_move = self.state.current_player
        if to_move is None:
            raise IllegalMoveError(move, "the game is over")
        if to_move not in viewer.seats:
            raise IllegalMoveError(move, f"it is {possessive(self.game.seat_name(to_move))} turn, not yours")
        self.match.play(to_move, move)
        self._changed()

    @property
    def state(self) -> State[Any]:
        """The game's state now (:attr:`match`'s)."""
        return self.match.state

    @state.setter
    def state(self, state: State[Any]) -> None:
        self.match.state = state

    def bot_to_move(self) -> Player | None:
        """The seat to move if a bot sits there, else ``None``."""
        to_move = self.state.current_player
        return to_move if to_move in self.agents else None

    def drawn(self, key: Hashable, draw: Callable[[], bytes]) -> bytes:
        """A page of this version, drawn once for each way of asking (``key``):
        ``draw()`` the first time, kept until the table changes (at most
        :data:`PAGES_KEPT` of them: beyond, they are drawn afresh).

        Examples:
            >>> from boardkit.testing import Nim
            >>> table = Table(Nim(heap=5), [parse_seat("here"), parse_seat("here")], seed=1)
            >>> table.drawn("host", lambda: b"one"), table.drawn("host", lambda: b"two")
            (b'one', b'one')
            >>> table.play(table.viewer(table.host_token), "take 2", table.version)
            >>> table.drawn("host", lambda: b"two")
            b'two'
        """
        version, pages = self._pages
        if version != self.version or len(pages) >= PAGES_KEPT:
            pages = {}
            self._pages = (self.version, pages)
        if key not in pages:
            pages[key] = draw()
        return pages[key]

    def thinking_line(self) -> str:
        """What the bot to move has found so far in its search (``depth 5,
        120,448 positions, score +0.25``), or ``""`` when no bot is thinking
        or its search says nothing yet (a search without a thinking line, or
        a line from an older version of the game)."""
        if self.thinking is None or self.thinking[0] != self.version or self.bot_to_move() is None:
            return ""
        return self.thinking[1]

    def bot_move(self, version: int, move: Any, searched: str = "") -> bool:
        """Play a bot's move chosen on ``version``, with what its search found
        in words (``searched``, for the page); False (nothing done) if the
        game changed meanwhile. A bot's move is not a use of the table: a game
        of bots that nobody looks at goes idle (and ends) like any other."""
        player = self.bot_to_move()
        if version != self.version or player is None:
            return False
        self.match.play(player, move)
        self.searched = (len(self.state.history), player, searched) if searched else None
        self._changed(used=False)
        return True

    def takes_back(self, viewer: Viewer) -> int:
        """How many moves an undo by ``viewer`` would take back: back to and
        including their last move, the bots' replies after it too. 0 when
        they have nothing to take back here: only the host undoes, in a game
        without linked people."""
        if not viewer.host or self.seat_tokens:
            return 0
        return self.match.back_to(viewer.seats)

    def undo_refusal(self, viewer: Viewer) -> str | None:
        """Why ``viewer`` may not take back a move now, or ``None`` when they may.

        A take-back is refused when any move it would take back drew from
        the game's chance (:func:`~boardkit.match.take_back_refusal`):
        played again, it would draw the same thing.

        Examples:
            >>> from boardkit.games.cloth_of_gold import ClothOfGold
            >>> table = Table(ClothOfGold(), [parse_seat("here"), parse_seat("here")], seed=4)
            >>> host = table.viewer(table.host_token)
            >>> table.undo_refusal(host)
            'nothing of yours to take back yet'
            >>> for move in ["A-dragon/secrecy", "A-gold", "B-blue", "B-white", "A-red"]:
            ...     table.play(host, move, table.version)
            >>> table.undo_refusal(host)
            '"A-red" cannot be taken back: everyone has seen what chance gave in it'
        """
        count = self.takes_back(viewer)
        if count:
            return self.match.take_back_refusal(count)
        # Nothing to take back: why, in the viewer's terms.
        if self.seat_tokens:
            return "no take-backs while people elsewhere play this game: they would lose moves without a say"
        if not viewer.host:
            return "only the host takes moves back"
        return "nothing of yours to take back yet"

    def hint_refusal(self, viewer: Viewer) -> str | None:
        """Why ``viewer`` may not ask for a hint now, or ``None``: a hint is
        for a person whose turn it is, in a game still going."""
        to_move = self.state.current_player
        if to_move is None:
            return "the game is over"
        if to_move not in viewer.seats or to_move in self.agents:
            return f"it is {possessive(self.game.seat_name(to_move))} turn, not yours"
        return None

    def can_undo(self, viewer: Viewer) -> bool:
        """True when ``viewer`` may take back a move now (:meth:`undo_refusal` has no objection)."""
        return self.undo_refusal(viewer) is None

    def undo(self, viewer: Viewer, version: object) -> int:
        """Take back moves up to and including the host's last one (bots'
        replies too); returns how many were taken back.

        Raises:
            StaleError: if ``version`` is not the current one.
            RefusedError: if this viewer has nothing to take back, or a move
                it would take back drew from the game's chance. The game is
                unchanged in every case.
        """
        self._check_version(version)
        refusal = self.undo_refusal(viewer)
        if refusal is not None:
            raise RefusedError(refusal)
        taken = self.match.take_back(self.takes_back(viewer))
        self._changed()
        return len(taken)

    def restart_refusal(self, viewer: Viewer) -> str | None:
        """Why ``viewer`` may not start a new game now, or ``None`` when they may.

        Only the host starts one; while people elsewhere (linked seats) are
        playing this game, only once it is over: a new game would throw
        their game away without asking them.

        Examples:
            >>> from boardkit.testing import Nim
            >>> table = Table(Nim(heap=1), [parse_seat("here"), parse_seat("link")], seed=1)
            >>> host = table.viewer(table.host_token)
            >>> table.restart_refusal(host)
            'a new game waits for this one to end: people elsewhere are playing it (the start page sets up another)'
            >>> table.play(host, "take 1", table.version)
            >>> table.restart_refusal(host) is None
            True
        """
        if not viewer.host:
            return "only the host starts a new game"
        if self.seat_tokens and not self.state.is_over:
            return (
                "a new game waits for this one to end: people elsewhere are playing it"
                " (the start page sets up another)"
            )
        return None

    def can_restart(self, viewer: Viewer) -> bool:
        """True when ``viewer`` may start a new game now."""
        return self.restart_refusal(viewer) is None

    def restart(self, viewer: Viewer) -> None:
        """A new game at the same table with a fresh seed: the host's, at
        any time with only people at their screen and bots, once the game is
        over with people elsewhere too.

        Raises:
            RefusedError: for anyone but the host, and while people elsewhere
                are playing (the game is unchanged).
        """
        refusal = self.restart_refusal(viewer)
        if refusal is not None:
            raise RefusedError(refusal)
        self.match.restart(self.game.new_game(players=self.state.players, seed=fresh_seed()))
        self.agents = self._agents()
        self.bot_error = None
        self._changed()


def _twin(match: Match) -> Match:
    """A copy of ``match`` to change and throw away if need be: its own
    state and its own lists (of frozen moves, shared)."""
    twin = copy.copy(match)
    for name, value in vars(match).items():
        if isinstance(value, list):
            setattr(twin, name, list(value))
    twin.state = match.state.copy()
    return twin


class Tables:
    """The tables of one server: at most ``limit`` at once; a table nobody
    has used for ``idle`` seconds is dropped.

    Args:
        limit: The most tables at once.
        idle: Seconds a table lives without being used.
        clock: The time source (for tests).

    Examples:
        >>> from boardkit.testing import Nim
        >>> tables = Tables(limit=1)
        >>> table = tables.add(lambda: Table(Nim(), [parse_seat("here"), parse_seat("here")]))
        >>> tables.get(table.id) is table
        True
        >>> tables.add(lambda: Table(Nim(), [parse_seat("here"), parse_seat("here")]))
        Traceback (most recent call last):
        ...
        boardkit.web.table.TableLimitError: this server already has 1 game going; try again later
    """

    def __init__(self, *, limit: int = 64, idle: float = 3600.0, clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 1 or idle <= 0:
            raise OptionError(f"a server needs room for a game and a positive idle time, not {limit!r} and {idle!r}")
        self.limit = limit
        self.idle = idle
        self.clock = clock
        self._tables: dict[str, Table] = {}
        #: Called with each table dropped for being idle (the server forgets it in its store).
        self.on_drop: Callable[[Table], None] | None = None

    def __len__(self) -> int:
        return len(self._tables)

    def __iter__(self) -> Iterator[Table]:
        return iter(list(self._tables.values()))

    def expire(self) -> None:
        """Drop the tables idle for too long. A table that ``on_drop`` cannot
        forget (it raises a :class:`~boardkit.errors.BoardkitError`: the store
        would not take the change) is kept, as the store keeps it, for
        another ``idle`` seconds."""
        now = self.clock()
        for key in [k for k, t in self._tables.items() if now - t.last_seen > self.idle]:
            table = self._tables[key]
            if self.on_drop is not None:
                try:
                    self.on_drop(table)
                except BoardkitError:
                    table.touch()
                    continue
            del self._tables[key]

    def remove(self, table: Table) -> None:
        """Forget ``table`` at once, without ``on_drop`` (a new table the
        store would not take: it was never anywhere else).

        Examples:
            >>> from boardkit.testing import Nim
            >>> tables = Tables(limit=1)
            >>> table = tables.add(lambda: Table(Nim(), [parse_seat("here"), parse_seat("here")]))
            >>> tables.remove(table)
            >>> len(tables), tables.get(table.id)
            (0, None)
        """
        if self._tables.get(table.id) is table:
            del self._tables[table.id]

    def add(self, make: Callable[[], Table]) -> Table:
        """Make a table and keep it.

        Raises:
            TableLimitError: when the server already holds ``limit`` tables.
        """
        self.expire()
        if len(self._tables) >= self.limit:
            raise TableLimitError(f"this server already has {counted(self.limit, 'game')} going; try again later")
        table = make()
        table.clock = self.clock
        table.touch()
        self._tables[table.id] = table
        return table

    def get(self, key: str, *, use: bool = True) -> Table | None:
        """The table with that id, if it is still kept; ``use=False`` looks
        without counting as a use (the server's own bots look so)."""
        self.expire()
        table = self._tables.get(key)
        if table is not None and use:
            table.touch()
        return table


class TableLimitError(BoardkitError, RuntimeError):
    """The server holds as many games as it may."""
