"""The in-process live feed: which games moved on, told to the streams that follow them.

A stream (`GET /games/{id}/stream`) holds a `Subscription` to its game and
waits on it; `LiveFeed.announce(game_id, version)` wakes every subscription of
that game. The feed carries a version number and nothing else: a woken stream
reads the records after its cursor from the store and redacts them for its own
viewer, so no hidden information can travel through the feed, and a duplicated
announcement costs one cheap read. A lost one (another process's append whose
announcement never arrived) costs at most one heartbeat: streams read the store
again every time they send a heartbeat.

The feed also remembers the newest version announced for each game (bounded,
least recently announced first out), which the Redis read model uses to tell a
fresh materialised view from a stale one.

`announce` may be called from any thread (the store runs its listeners in the
appending thread); subscriptions live on the event loop the feed was bound to.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

#: how many games' newest versions the feed remembers
REMEMBERED_GAMES = 100_000


class Subscription:
    """One stream's interest in one game: an event set when the game may have moved on."""

    __slots__ = ("changed", "game_id")

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.changed = asyncio.Event()

    async def wait(self, timeout: float) -> bool:
        """Wait until the game may have moved on (True) or `timeout` seconds pass (False)."""
        try:
            await asyncio.wait_for(self.changed.wait(), timeout)
        except TimeoutError:
            return False
        self.changed.clear()
        return True


class LiveFeed:
    """Fan-out of "game G is now at version N" to this process's streams."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._subscriptions: dict[str, set[Subscription]] = {}
        self._latest: OrderedDict[str, int] = OrderedDict()
        self._latest_lock = threading.Lock()
        self.closed = False

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach the feed to the event loop its streams run on (at application start-up)."""
        self._loop = loop
        self.closed = False

    def close(self) -> None:
        """Wake every stream for the last time: the server is shutting down."""
        self.closed = True
        for subscriptions in list(self._subscriptions.values()):
            for subscription in subscriptions:
                subscription.changed.set()

    @contextmanager
    def subscribe(self, game_id: str) -> Iterator[Subscription]:
        """A subscription to `game_id` for the duration of the ``with`` block (loop thread)."""
        subscription = Subscription(game_id)
        self._subscriptions.setdefault(game_id, set()).add(subscription)
        try:
            yield subscription
        finally:
            subscriptions = self._subscriptions.get(game_id)
            if subscriptions is not None:
                subscriptions.discard(subscription)
                if not subscriptions:
                    del self._subscriptions[game_id]

    def announce(self, game_id: str, version: int) -> None:
        """`game_id` is at `version` now (or later): wake its streams. Any thread."""
        self._remember(game_id, version)
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        if game_id not in self._subscriptions:
            # nobody here follows this game: skip waking the event loop (a hop per append).
            # A stream subscribing right now reads the store after subscribing, so it
            # still sees this version.
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake(game_id)
        else:
            loop.call_soon_threadsafe(self._wake, game_id)

    def latest(self, game_id: str) -> int:
        """The newest version announced for `game_id` since start-up (0: none remembered)."""
        with self._latest_lock:
            return self._latest.get(game_id, 0)

    def _remember(self, game_id: str, version: int) -> None:
        with self._latest_lock:
            self._latest[game_id] = max(version, self._latest.get(game_id, 0))
            self._latest.move_to_end(game_id)
            while len(self._latest) > REMEMBERED_GAMES:
                self._latest.popitem(last=False)

    def _wake(self, game_id: str) -> None:
        for subscription in self._subscriptions.get(game_id, ()):
            subscription.changed.set()
