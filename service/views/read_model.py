"""Redis: every append announced to every API process, and public views kept as read models.

With ``ROUNDHOUSE_REDIS_URL`` set, each process runs one `RedisRelay`:

* **Publishing.** After an append (the store's listener), the relay computes the
  game's public view — exactly the body of ``GET /games/{id}`` — and, in one Lua
  script, stores it as the game's read model (only if newer than the one there)
  and publishes the new version on the game's channel. Appends are coalesced per
  game, so a burst costs one view per game.
* **Listening.** One pattern subscription per process hears every game's channel
  and wakes the local streams of that game (`LiveFeed.announce`); they then read
  the new records from the store, redacted for their own viewer.
* **Reading.** ``GET /games/{id}`` (now, not ``?version=N``) is answered from the
  read model when it is fresh: this process knows a version of the game (its own
  appends, every version heard on the channels, every version it read from the
  log) and the read model's is at least that. A game this process knows nothing
  of (after a restart, say) is read from the store first. Otherwise, or when
  Redis does not answer, the store answers as without Redis.
* **Following the log.** Every `FOLLOW_SECONDS` the relay reads which games the
  log of every game has moved on (`GameStore.versions_since`: ids and versions
  only) and announces them here, so a version whose announcement never came (its
  appender died between its commit and its publish, or Redis dropped it) is
  known within that time, and the stale read model is not served. A version the
  read model still lacks one pass later is published from here (the script
  writes only a newer view, so several processes doing it are harmless): the
  read model is repaired from the store, and a finished game shows its end on
  every process within two passes of its last record, whoever crashed.
* **Failed publishes** are tried again, every `RETRY_SECONDS`, until Redis takes
  them.

Keys and channels, under the configured prefix (default ``roundhouse``):

* channel ``<prefix>:game:<id>`` — each message is the game's new version as a
  decimal number, and nothing else;
* hash ``<prefix>:view:<id>`` — ``version`` and ``view`` (the public JSON at that
  version), expiring `VIEW_TTL_SECONDS` after the last append.

Nothing hidden is ever written to Redis: the channels carry numbers and the read
model is the public view, which the rules guarantee free of hidden information.

Consistency: a process reads its own appends (its newer version makes the read
model stale until rewritten), and never serves a read model older than a
version it has read from the log. Another process may answer from the read
model of the previous version for the few milliseconds between an append and
the relay's write (or, if the appender died in between, until its next pass
over the log); the ``ETag`` always says which version an answer shows.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

import msgspec
from redis.asyncio import Redis

from service import metrics
from service.store.games import GameStore
from service.views.game_view import public_game
from service.views.live import LiveFeed

log = logging.getLogger(__name__)

#: a read model nobody updates for this long is dropped (the store still answers)
VIEW_TTL_SECONDS = 7 * 24 * 3600
#: how long a read of the read model may take before the store answers instead
READ_TIMEOUT_SECONDS = 0.5
#: pause before subscribing again after Redis went away
RECONNECT_SECONDS = 1.0
#: pause before publishing again what Redis refused
RETRY_SECONDS = 1.0
#: how often the log of every game is read for versions nobody announced
FOLLOW_SECONDS = 1.0
#: most records one pass over the log reads (the rest wait for the next)
FOLLOW_BATCH = 5000

#: KEYS[1] the read model; ARGV: version, view, channel, ttl
_WRITE_AND_PUBLISH = """
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if tonumber(ARGV[1]) > current then
  redis.call('HSET', KEYS[1], 'version', ARGV[1], 'view', ARGV[2])
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[3], ARGV[1])
return current
"""


class RedisRelay:
    """One API process's link to Redis: publisher, subscriber and read-model reader."""

    def __init__(self, url: str, prefix: str, store: GameStore, feed: LiveFeed) -> None:
        self.redis: Redis = Redis.from_url(url, socket_connect_timeout=2)
        self.prefix = prefix
        self.store = store
        self.feed = feed
        #: subscribed now: only then does "heard nothing newer" mean the read model is fresh
        self.listening = False
        self._script = self.redis.register_script(_WRITE_AND_PUBLISH)
        self._pending: dict[str, None] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wakeup: asyncio.Event | None = None
        self._subscribed: asyncio.Event | None = None
        self._tasks: list[asyncio.Task[None]] = []

    def channel(self, game_id: str) -> str:
        return f"{self.prefix}:game:{game_id}"

    def view_key(self, game_id: str) -> str:
        return f"{self.prefix}:view:{game_id}"

    async def start(self, wait_seconds: float = 2.0) -> None:
        """Start publishing and listening; wait (briefly) until the subscription holds."""
        self._loop = asyncio.get_running_loop()
        self._wakeup = asyncio.Event()
        self._subscribed = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._publish_loop(), name="redis-publisher"),
            asyncio.create_task(self._listen_loop(), name="redis-subscriber"),
            asyncio.create_task(self._follow_loop(), name="log-follower"),
        ]
        try:
            await asyncio.wait_for(self._subscribed.wait(), wait_seconds)
        except TimeoutError:
            log.warning("Redis did not answer within %ss; serving from the store meanwhile",
                        wait_seconds)

    async def stop(self) -> None:
        """Stop listening, publish what is still pending, and close the connections."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        self.listening = False
        games, self._pending = list(self._pending), {}
        for game_id in games:
            try:
                await asyncio.wait_for(self.publish(game_id), READ_TIMEOUT_SECONDS)
            except Exception:
                metrics.REDIS_ERRORS.labels("publish").inc()
                log.warning("could not publish game %s to Redis", game_id, exc_info=True)
        await self.redis.aclose()

    def appended(self, game_id: str) -> None:
        """The store's listener: `game_id` has a new record (any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._queue, game_id)

    def _queue(self, game_id: str) -> None:
        self._pending[game_id] = None
        assert self._wakeup is not None
        self._wakeup.set()

    async def _publish_loop(self) -> None:
        assert self._wakeup is not None
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            games, self._pending = list(self._pending), {}
            failed = []
            for game_id in games:
                try:
                    await self.publish(game_id)
                except Exception:  # Redis away: local streams still hear; tried again
                    metrics.REDIS_ERRORS.labels("publish").inc()
                    log.warning("could not publish game %s to Redis", game_id, exc_info=True)
                    failed.append(game_id)
            if failed:
                await asyncio.sleep(RETRY_SECONDS)
                for game_id in failed:
                    self._queue(game_id)

    async def publish(self, game_id: str) -> int:
        """Write the game's current public view as its read model and announce its version."""
        # reading the store and rendering the view block: a worker thread does it
        key, version, view = await asyncio.to_thread(self._public_view, game_id)
        await self._script(
            keys=[self.view_key(key)],
            args=[version, view, self.channel(key), VIEW_TTL_SECONDS],
        )
        return version

    def _public_view(self, game_id: str) -> tuple[str, int, bytes]:
        """The game's id as stored, its version and its public view (JSON) now."""
        return self.store.read(game_id, lambda live, _: (
            live.id, live.version, msgspec.json.encode(public_game(live, live.version))))

    async def _listen_loop(self) -> None:
        assert self._subscribed is not None
        pattern = self.channel("*")
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.psubscribe(pattern)
                    async for message in pubsub.listen():
                        self._heard(message)
            except asyncio.CancelledError:
                raise
            except Exception:
                metrics.REDIS_ERRORS.labels("subscribe").inc()
                log.warning("Redis subscription lost; retrying", exc_info=True)
            finally:
                self.listening = False
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _follow_loop(self) -> None:
        """Announce the versions the log holds; publish those the read model lacks."""
        position: int | None = None
        suspects: dict[str, int] = {}
        failing = False
        while True:
            try:
                position, newest = await asyncio.to_thread(
                    self.store.versions_since, position, FOLLOW_BATCH)
                for game_id, version in newest.items():
                    self.feed.announce(game_id, version)
                await self._repair(suspects)
                suspects, failing = newest, False
            except Exception:  # the store or Redis away: the next pass tries again
                if not failing:  # once per outage, not once a second
                    log.warning("could not follow the log for the read models", exc_info=True)
                failing = True
            await asyncio.sleep(FOLLOW_SECONDS)

    async def _repair(self, versions: dict[str, int]) -> None:
        """Publish every game of `versions` whose read model is older than its version."""
        if not versions or not self.listening:
            return
        games = list(versions)
        async with self.redis.pipeline(transaction=False) as pipe:
            for game_id in games:
                pipe.hget(self.view_key(game_id), "version")
            held = await asyncio.wait_for(pipe.execute(), READ_TIMEOUT_SECONDS)
        for game_id, stored in zip(games, held, strict=True):
            if stored is None or int(stored) < versions[game_id]:
                await self.publish(game_id)

    def _heard(self, message: dict[str, Any]) -> None:
        if message["type"] == "psubscribe":
            self.listening = True
            assert self._subscribed is not None
            self._subscribed.set()
        elif message["type"] == "pmessage":
            game_id = message["channel"].decode().rsplit(":", 1)[1]
            self.feed.announce(game_id, int(message["data"]))

    async def fresh_view(self, game_id: str) -> tuple[int, bytes] | None:
        """``(version, public JSON)`` from the read model if it is fresh, else None.

        Only canonical game ids are looked up (the store answers the others,
        including its `unknown-game` problem).
        """
        if not self.listening:
            return None
        try:
            if str(uuid.UUID(game_id)) != game_id:
                return None
        except ValueError:
            return None
        try:
            version, view = await asyncio.wait_for(
                self.redis.hmget(self.view_key(game_id), ["version", "view"]),
                READ_TIMEOUT_SECONDS,
            )
        except Exception:
            metrics.REDIS_ERRORS.labels("read-model").inc()
            log.warning("Redis read model unreadable; the store answers", exc_info=True)
            return None
        known = self.feed.latest(game_id)  # 0: nothing known here yet, the store answers
        if version is None or view is None or known == 0 or int(version) < known:
            return None
        return int(version), view if isinstance(view, bytes) else view.encode()
