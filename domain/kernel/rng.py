"""Auditable randomness: every shuffle and pick is reproducible from the game's seed.

The algorithm (specified for other implementations in ``docs/fairness.md``):

* A game has a secret 32-byte **seed**; its **commitment** is ``SHA-256(seed)``
  in lowercase hex, published in the game's first event. The seed itself is
  revealed in the last event.
* Randomness is consumed in numbered **draws** (0, 1, 2, ...), one per shuffle
  or pick, in the order the rules ask for them. Draw ``d`` has its own byte
  stream: ``SHA-256(seed || u64be(d) || u64be(0)) || SHA-256(seed || u64be(d) ||
  u64be(1)) || ...``.
* A uniform integer below ``n`` takes the next 8 bytes of the stream as a
  big-endian unsigned integer ``x``; values ``x >= 2**64 - (2**64 % n)`` are
  rejected (the next 8 bytes are tried), otherwise the answer is ``x % n``.
* A shuffle is Fisher-Yates over the list in its recorded order: for ``i`` from
  ``len - 1`` down to ``1``, ``j = below(i + 1)``, swap items ``i`` and ``j``.

Every random outcome is recorded in an event as a `Shuffle` or `Pick` (the draw
number, the input and the result), so a log replays without the seed and,
once the seed is revealed, anyone can check each outcome independently.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence

import msgspec

_TWO_64 = 1 << 64
_FOUR_U64 = struct.Struct(">4Q")


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: lowercase hex SHA-256 of its bytes."""
    return hashlib.sha256(seed).hexdigest()


def derive_seed(server_secret: bytes, client_entropy: bytes = b"") -> bytes:
    """Mix the server's secret with a client's entropy: ``SHA-256(secret || entropy)``.

    Neither party alone controls the result: the client cannot predict the
    server's secret and the server committed to the result before any card was
    dealt.
    """
    return hashlib.sha256(server_secret + client_entropy).digest()


class Seed:
    """A game's secret seed. Never part of any state, view or event before the end."""

    __slots__ = ("value",)

    def __init__(self, value: bytes) -> None:
        if len(value) != 32:
            raise ValueError("a seed is exactly 32 bytes")
        self.value = value

    @classmethod
    def from_hex(cls, text: str) -> Seed:
        """Parse the 64-hex-digit form revealed at the end of a game."""
        return cls(bytes.fromhex(text))

    @property
    def hex(self) -> str:
        return self.value.hex()

    @property
    def commitment(self) -> str:
        return commitment(self.value)

    def __repr__(self) -> str:  # never print the secret by accident
        return f"Seed(commitment={self.commitment[:12]}...)"


class Shuffle(msgspec.Struct, frozen=True, array_like=False):
    """The recorded outcome of one shuffle: ``after`` is ``before`` shuffled by draw ``draw``."""

    draw: int
    before: tuple[str, ...]
    after: tuple[str, ...]


class Pick(msgspec.Struct, frozen=True):
    """The recorded outcome of one pick: ``value`` in ``range(bound)`` from draw ``draw``."""

    draw: int
    bound: int
    value: int


class _Stream:
    """The byte stream of one draw, read as big-endian u64 values (four per SHA-256 block)."""

    __slots__ = ("_block", "_prefix", "_values")

    def __init__(self, seed: bytes, draw: int) -> None:
        self._prefix = seed + draw.to_bytes(8, "big")
        self._block = 0
        self._values: list[int] = []

    def next_u64(self) -> int:
        if not self._values:
            digest = hashlib.sha256(self._prefix + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            # reversed, so that pop() hands them out in stream order
            self._values = list(_FOUR_U64.unpack(digest))[::-1]
        return self._values.pop()

    def below(self, n: int) -> int:
        limit = _TWO_64 - (_TWO_64 % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n


class Rng:
    """The generator of one game, positioned at its next unused draw.

    A decider builds one from the seed and the draw count kept in its state,
    uses it for the shuffles a command causes, and records each outcome in the
    events; `evolve` advances the state's draw count from those records.
    """

    __slots__ = ("_seed", "position")

    def __init__(self, seed: Seed, position: int = 0) -> None:
        self._seed = seed.value
        self.position = position

    def shuffle(self, items: Sequence[str]) -> Shuffle:
        """Shuffle `items` with the next draw and return the recorded outcome."""
        stream = _Stream(self._seed, self.position)
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        outcome = Shuffle(self.position, tuple(items), tuple(order))
        self.position += 1
        return outcome

    def pick(self, bound: int) -> Pick:
        """A uniform integer in ``range(bound)`` from the next draw."""
        if bound < 1:
            raise ValueError("bound must be at least 1")
        outcome = Pick(self.position, bound, _Stream(self._seed, self.position).below(bound))
        self.position += 1
        return outcome
