"""What a game is made of beyond its rules, declared as data: :class:`Parts`.

Core floor: it imports only the record protocol of the core.

Where :class:`~boardkit.about.About` says what a game is (its goal, seats,
information and chance), :class:`Parts` names the pieces of code the
applications use with it: the picture, the reinforcement-learning action
list and observation encoder, other programs' record formats, and the state
classes. A game gives them on :attr:`Game.declared <boardkit.Game.declared>`,
and the applications read only that: :func:`boardkit.render.svg` and
``_repr_svg_`` draw with :attr:`Parts.picture`, :mod:`boardkit.rl` numbers
actions with :attr:`Parts.all_moves` and observations with
:attr:`Parts.observation_encoder`, ``boardkit replay`` and the web read and
write :attr:`Parts.formats`, and :func:`boardkit.testing.check_game` checks
the states against :attr:`Parts.states`. A game of your own is then served
exactly as a shipped one.

A slot left empty declares nothing: no fixed action list (RL cannot offer
the game), the state drawn by its own drawing methods
(:mod:`boardkit.render`) or as its text, no other formats. The shipped games
assemble their parts in their package's ``__init__`` (``PARTS``), where the
package sees the rules and everything that builds on them; the authoring
kit's :class:`~boardkit.kit.BoardGame` declares its own from what the game
says of its board, pieces and moves.

Examples:
    >>> from boardkit.games.tafl import Tafl, TaflState
    >>> parts = Tafl("brandubh").declared
    >>> parts.states[0] is TaflState, sorted(parts.formats), len(parts.all_moves(Tafl("brandubh")))
    (True, ['otg'], 1176)
    >>> Parts().picture is None, dict(Parts().formats)
    (True, {})
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs

from boardkit.record import RecordFormat

__all__ = ["Parts"]

S = TypeVar("S")
G = TypeVar("G")


def _frozen(formats: Mapping[str, RecordFormat]) -> Mapping[str, RecordFormat]:
    return MappingProxyType(dict(formats))


@attrs.frozen
class Parts(Generic[S, G]):
    """A game's parts beyond its rules, in typed slots: ``Parts[S, G]`` for a
    game ``G`` whose states are ``S``.

    Attributes:
        states: The classes of the game's states, the usual one first (Tafl:
            ``TaflState``, then ``SpecialTaflState`` for OpenTafl's own
            rules); empty: not declared.
        picture: A state and a title (``None``: no title) -> the state as a
            standalone SVG document; ``None``: the state draws itself
            (:class:`~boardkit.render.Picture`,
            :class:`~boardkit.render.BoardDrawing`) or is drawn as its text.
        all_moves: The game -> every move it can ever play, each at its
            action index (``None`` at an index no move uses; an
            :class:`~boardkit.encoding.ActionList` may add a quicker way to
            the legal moves' indices); ``None``: no fixed action list, and
            :mod:`boardkit.rl` cannot offer the game.
        observation_encoder: The game and a number of players -> an
            :class:`~boardkit.encoding.Encoder` that turns one player's view
            into numbers; ``None``: none (RL then uses the game's short form,
            ``observation_shape`` and ``observation``, when it has one).
        filled: A state and one of its legal moves -> the names of the cells
            the move fills (empty before it, taken after), for a move whose
            notation names no cell (Connect Four's column: the square its
            disc lands on), so that the web can show the move on the board;
            ``None``: only the cells a move's notation names are shown.
        formats: Other programs' file formats the game reads and writes, by
            a short key (Tafl: ``"otg"``, OpenTafl's saved games;
            :class:`~boardkit.record.RecordFormat`); kept read-only.

    A slot that needs an optional extra (numpy, for the RL slots) holds a
    function that imports it when called, so that playing the game never
    does.

    Examples:
        >>> from boardkit.testing import Nim, NimState
        >>> parts = Parts(states=(NimState,), picture=lambda state, title: "<svg/>", all_moves=lambda game: [1, 2])
        >>> parts.picture(Nim().new_game(seed=0), None), parts.all_moves(Nim())
        ('<svg/>', [1, 2])
        >>> parts.formats["otg"]
        Traceback (most recent call last):
        ...
        KeyError: 'otg'
    """

    states: tuple[type[S], ...] = ()
    picture: Callable[[S, str | None], str] | None = None
    all_moves: Callable[[G], Sequence[Hashable | None]] | None = None
    observation_encoder: Callable[[G, int], Any] | None = None
    filled: Callable[[S, Any], Sequence[str]] | None = None
    formats: Mapping[str, RecordFormat] = attrs.field(default=MappingProxyType({}), converter=_frozen)
