"""How many event streams each client address holds open in this process, up to a limit.

One address held 8,000 concurrent streams of one game for up to an hour: each
costs memory and a share of every record's fan-out, and the only bound was the
process's open files. `StreamSlots` counts them per address
(``max_streams_per_client``); one more is ``429 too-many-streams`` with
``Retry-After`` until one of them ends. The address is the client's as uvicorn
gives it: behind a trusted proxy, the one it forwarded (README, "Behind a
proxy"), so clients behind one proxy do not share a budget.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from litestar import Request
from litestar.di import NamedDependency

from service.api.errors import ServiceError

#: seconds a client refused for too many open streams is told to wait
STREAMS_RETRY_SECONDS = 5


def client_address(request: Request[Any, Any, Any]) -> str:
    """The client's address (behind a trusted proxy, the one it forwarded): what limits count."""
    return request.client.host if request.client else "unknown"


class Slot:
    """One open stream of one client address; released once, however the stream ends."""

    __slots__ = ("_address", "_held", "_slots")

    def __init__(self, slots: StreamSlots, address: str) -> None:
        self._slots, self._address, self._held = slots, address, True

    def release(self) -> None:
        if self._held:
            self._held = False
            self._slots.released(self._address)


class StreamSlots:
    """How many streams each client address holds open in this process, up to a limit.

    Taken and released on the event loop only, so counting needs no lock.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[str] = Counter()

    def take(self, address: str) -> Slot:
        """A slot for one more stream of `address`, or ``429 too-many-streams``."""
        if self.limit > 0 and self._open[address] >= self.limit:
            raise ServiceError(
                429, "too-many-streams",
                f"this client already holds {self.limit} open streams (the server's limit); "
                "close one first", retry_after=STREAMS_RETRY_SECONDS)
        self._open[address] += 1
        return Slot(self, address)

    def released(self, address: str) -> None:
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]

    def held(self, address: str) -> int:
        return self._open[address]


Slots = NamedDependency[StreamSlots]


@contextmanager
def slot_held(slot: Slot) -> Iterator[None]:
    """`slot`, released when the ``with`` block ends, however it ends."""
    try:
        yield
    finally:
        slot.release()
