"""Seeded randomness that gives the same numbers on every machine.

Core floor: it imports only other core modules, never a board, a component,
a game or an application.

Every :class:`~boardkit.State` owns one :class:`Random`. Chance events (draws
from a bag, shuffles, a random first player) go through it, so the same seed
and the same moves give the same game everywhere. The generator is SplitMix64:
its whole state is one 64-bit integer, so saving it for :meth:`State.undo
<boardkit.State.undo>` and copying it are free, and its output is defined by
integer arithmetic alone, independent of the Python version or platform.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from boardkit.compiling import i64, mypyc_attr
from boardkit.errors import OptionError, OptionTypeError, shown

__all__ = ["MAX_SEED", "Random", "check_generator", "check_seed", "derive_seed", "fresh_seed"]

#: The largest seed: seeds are the integers a record can hold, 0 to 2**64 - 1.
MAX_SEED = 2**64 - 1

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

#: Whether this module runs compiled (``BOARDKIT_COMPILE=1``). SplitMix64 has one implementation,
#: on the 32-bit halves of its 64-bit words (:func:`_mix_halves`: every product under 2**49, machine
#: words on the compiled build): compiled code keeps a 64-bit integer as a Python object, and a
#: signal that arrives inside the multiplication of two such objects aborts a compiled process
#: (mypyc takes the failed operation for running out of memory). The pure build draws through one
#: quicker path of its own, the same arithmetic on Python integers (:meth:`Random.bits64`), which
#: ``tests/test_chance.py`` proves gives the same numbers as the halves.
NATIVE: Final = not __file__.endswith(".py")
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF


def _mix(z: int) -> int:
    """SplitMix64's output function of a 64-bit state ``z``: on 32-bit halves on the compiled build
    (:func:`_mix_halves`), on Python integers on the pure build, where the halves' arithmetic costs
    ten times as much (the same numbers: test_chance.py)."""
    if NATIVE:
        h, lo = _mix_halves(z >> 32, z & _M32)
        return (int(h) << 32) | int(lo)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _times(h: i64, lo: i64, c3: i64, c2: i64, c1: i64, c0: i64) -> tuple[i64, i64]:
    """``(h * 2**32 + lo) * c % 2**64`` as its 32-bit halves, where ``h`` and ``lo`` are 32-bit
    halves and ``c = c3 * 2**48 + c2 * 2**32 + c1 * 2**16 + c0`` in 16-bit pieces: every product a
    32-bit number times a 16-bit one, every sum under 2**51 (machine words on both builds)."""
    p0 = lo * c0
    p1 = lo * c1
    low = p0 + ((p1 & _M16) << 16)
    high = (low >> 32) + (p1 >> 16) + h * c0 + ((h * c1 & _M16) << 16) + lo * c2 + ((lo * c3 & _M16) << 16)
    return high & _M32, low & _M32


def _mix_halves(h: i64, lo: i64) -> tuple[i64, i64]:
    """:func:`_mix` on the two 32-bit halves of its argument: SplitMix64's arithmetic, the one
    implementation of it."""
    lo ^= ((h << 2) & _M32) | (lo >> 30)
    h ^= h >> 30
    h, lo = _times(h, lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    lo ^= ((h << 5) & _M32) | (lo >> 27)
    h ^= h >> 27
    h, lo = _times(h, lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)
    lo ^= ((h << 1) & _M32) | (lo >> 31)
    h ^= h >> 31
    return h, lo


def _below_halves(rng: Random, n: i64) -> i64:
    """:meth:`Random.randbelow` for ``0 < n < 2**62`` on 32-bit halves (the compiled build's)."""
    k: i64 = 0
    m = n
    while m:
        m >>= 1
        k += 1
    s = rng.state
    h: i64 = s >> 32
    lo: i64 = s & _M32
    while True:
        lo += 0x7F4A7C15  # the state steps by _GOLDEN
        h = (h + 0x9E3779B9 + (lo >> 32)) & _M32
        lo &= _M32
        zh, zl = _mix_halves(h, lo)
        r = zh >> (32 - k) if k <= 32 else (zh << (k - 32)) | (zl >> (64 - k))
        if r < n:
            rng.state = (int(h) << 32) | int(lo)
            return r


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a seed a record can hold: an int (not a bool)
    from 0 to 2**64 - 1.

    Raises:
        OptionError: otherwise, at once, rather than a record that fails to load later
            (an :class:`~boardkit.errors.OptionTypeError` if it is not an int).

    Examples:
        >>> check_seed(42)
        42
        >>> check_seed(2**64)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionError: a seed is an integer from 0 to 2**64 - 1, not 18446744073709551616
    """
    if type(seed) is not int:
        raise OptionTypeError(f"a seed is an integer from 0 to 2**64 - 1, not {shown(seed, 60)}")
    if not 0 <= seed <= MAX_SEED:
        raise OptionError(f"a seed is an integer from 0 to 2**64 - 1, not {shown(seed, 60)}")
    return seed


def check_generator(rng: object) -> Random:
    """Return ``rng`` if it is a :class:`Random`, the one generator that
    chooses moves and draws chance (a seed is not one, nor is the standard
    library's ``random.Random``).

    Raises:
        OptionTypeError: otherwise.

    Examples:
        >>> check_generator(Random(1)).randbelow(6) in range(6)
        True
        >>> check_generator(7)
        Traceback (most recent call last):
        ...
        boardkit.errors.OptionTypeError: rng must be a boardkit.chance.Random (Random(seed) makes one), not 7
    """
    if not isinstance(rng, Random):
        raise OptionTypeError(f"rng must be a boardkit.chance.Random (Random(seed) makes one), not {shown(rng, 60)}")
    return rng


def fresh_seed() -> int:
    """Return a new unpredictable seed in ``0 .. 2**63 - 1``.

    Used when a game is started without a seed; the seed is kept on the state,
    so even such a game can be written to a record and replayed.

    Examples:
        >>> 0 <= fresh_seed() < 2**63
        True
    """
    return secrets.randbits(63)


def derive_seed(seed: int, *keys: int | str) -> int:
    """Derive an independent seed from ``seed`` and a path of keys.

    Tournaments use it to give every game its own seed from one master seed,
    so results do not depend on the order in which workers finish.

    Examples:
        >>> derive_seed(7, 0) == derive_seed(7, 0)
        True
        >>> derive_seed(7, 0) != derive_seed(7, 1)
        True

        Neighbouring master seeds give unrelated games, not shifted ones:

        >>> derive_seed(31, 0) == derive_seed(30, 1)
        False
    """
    z = _mix(seed & _MASK)
    for key in keys:
        if isinstance(key, str):
            for byte in key.encode():
                z = _mix((z + _GOLDEN + byte) & _MASK)
            z = _mix((z + 0xFF) & _MASK)
        else:
            z = _mix((z + _GOLDEN + (key & _MASK)) & _MASK)
    return z >> 1


# Compiled with mypyc (hatch_build.py): a native class, which Python code may still subclass (a
# test's stub generator does) and which pickles and copies.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Random:
    """A small, fast, portable pseudo-random generator (SplitMix64).

    Args:
        seed: Any integer; the same seed gives the same sequence on every
            machine and Python version.

    Examples:
        >>> rng = Random(42)
        >>> [rng.randbelow(6) + 1 for _ in range(5)]
        [5, 2, 2, 1, 2]
        >>> rng.state == Random(42).state
        False
        >>> again = Random(42)
        >>> [again.randbelow(6) + 1 for _ in range(5)]
        [5, 2, 2, 1, 2]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        #: The whole generator state: one integer in ``0 .. 2**64 - 1``.
        self.state: int = _mix(seed & _MASK)

    def __repr__(self) -> str:
        return f"<Random state={self.state:#018x}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Random) and other.state == self.state

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as its state, a plain integer, rebuilt by :func:`_resumed`: the same pickle on the
        pure and the compiled build (a subclass adds its class and its own fields)."""
        extra = getattr(self, "__dict__", None)
        if type(self) is Random and not extra:
            return (_resumed, (self.state,))
        return (_resumed, (self.state, type(self), dict(extra or {})))

    def copy(self) -> Random:
        """Return an independent generator in the same state.

        Examples:
            >>> a = Random(1); b = a.copy()
            >>> a.bits64() == b.bits64()
            True
        """
        twin = Random(0)  # built as usual (no __new__: a compiled build must follow it), then set
        twin.state = self.state
        return twin

    def reseed(self, seed: int) -> None:
        """Start the sequence of ``seed`` again, in place.

        The generator object stays the same, so everything that holds it (a
        :class:`~boardkit.TileBag` bound to a state's generator, say) draws
        from the new sequence too: no part of a state can keep drawing from
        a stream the state has left. :meth:`State.determinize
        <boardkit.State.determinize>` deals its new world this way.

        Examples:
            >>> rng = Random(1); held = rng
            >>> rng.reseed(42)
            >>> held.bits64() == Random(42).bits64()
            True
        """
        self.state = _mix(seed & _MASK)

    def bits64(self) -> int:
        """Return the next 64 random bits as an integer.

        Examples:
            >>> 0 <= Random(3).bits64() < 2**64
            True
        """
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        return _mix(s)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``0 .. n - 1`` (no modulo bias).

        Raises:
            ValueError: if ``n`` is not positive.

        Examples:
            >>> Random(5).randbelow(1)
            0
        """
        if n <= 0:
            raise ValueError(f"randbelow() needs a positive bound, not {n!r}")
        if NATIVE and n < 0x4000000000000000:
            return _below_halves(self, n)
        # Rejection sampling on the top bits keeps every value equally likely.
        k = n.bit_length()
        if k > 64:
            while True:
                r = self._bigbits(k)
                if r < n:
                    return r
        shift = 64 - k
        while True:  # bits64, written out: one call less a draw
            s = (self.state + _GOLDEN) & _MASK
            self.state = s
            r = _mix(s) >> shift
            if r < n:
                return r

    def _bigbits(self, k: int) -> int:
        r = 0
        for _ in range((k + 63) // 64):
            r = (r << 64) | self.bits64()
        return r >> (-k % 64)

    def random(self) -> float:
        """Return a uniform float in ``[0, 1)``.

        Examples:
            >>> 0.0 <= Random(9).random() < 1.0
            True
        """
        return (self.bits64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly.

        Raises:
            IndexError: if the sequence is empty.

        Examples:
            >>> Random(2).choice(["a", "b", "c"]) in "abc"
            True
        """
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates).

        Examples:
            >>> items = list(range(5)); Random(0).shuffle(items)
            >>> sorted(items)
            [0, 1, 2, 3, 4]
        """
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


def _resumed(state: int, cls: type[Random] = Random, fields: dict[str, Any] | None = None) -> Random:
    """A pickled :class:`Random` (or subclass) at ``state``, with a subclass's own ``fields``. Pickles
    name it: it keeps this name and these arguments."""
    rng = Random(0) if cls is Random else cls.__new__(cls)
    rng.state = state
    for name, value in (fields or {}).items():
        setattr(rng, name, value)
    return rng
