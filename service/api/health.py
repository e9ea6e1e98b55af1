"""`GET /health` (liveness) and `GET /ready` (readiness, for load balancers).

Both answer within `STORE_TIMEOUT_SECONDS` (plus Redis's `REDIS_TIMEOUT_SECONDS`
for `/ready`), whatever the store does: its query runs in a thread of the
probe's own (`StoreProbe`), never behind requests waiting for the store, and is
awaited for a bounded time; a probe still running is awaited again rather than
joined by another, so eighty probes of a store that hangs cost one query.

* `/health` says the process is alive and its store answers a query (never
  rate-limited): ``503 store-unreachable`` otherwise.
* `/ready` says this process should get traffic now: the store answers, and its
  writes work (after a write failed for lack of space, ``503 not-ready`` until a
  small write of the probe's own succeeds again: `GameStore.writable`). Redis,
  when configured, is reported in the body (``"redis": "ok"`` or
  ``"unreachable"``) but never fails readiness: without Redis each process keeps
  serving from the store (docs/live-updates.md), so taking every process out of
  rotation for it would turn a slower deployment into none. Redis is asked over
  a connection of its own, so the answer is Redis's state now.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from redis.asyncio import Redis
from redis.exceptions import RedisError

from service import metrics
from service.api.deps import Config
from service.api.errors import ServiceError
from service.api.problems import problems
from service.api.rate_limits import EXEMPT
from service.store.errors import StoreUnavailable
from service.store.games import GameStore

#: how long the store may take to answer the probe's query
STORE_TIMEOUT_SECONDS = 2.0
#: how long Redis may take to answer the readiness PING
REDIS_TIMEOUT_SECONDS = 1.0


class Health(msgspec.Struct, frozen=True):
    """Both are ``"ok"`` when the answer is 200; otherwise a 503 problem is given."""

    status: str
    store: str


class Readiness(msgspec.Struct, frozen=True):
    """``store`` is ``"ok"`` when the answer is 200; ``redis`` is ``"ok"``, ``"unreachable"``
    (readiness holds: the store serves alone) or ``"not configured"``."""

    status: str
    store: str
    redis: str


class StoreProbe:
    """The store's state, asked in a thread of its own, awaited for a bounded time."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="roundhouse-probe")
        self._running: asyncio.Future[str] | None = None

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)

    def _state(self) -> str:
        if not self.store.reachable():
            return "unreachable"
        return "ok" if self.store.writable() else "full"

    async def state(self) -> str:
        """``"ok"``, ``"unreachable"`` (also: no answer in time) or ``"full"``."""
        if self._running is None or self._running.done():
            self._running = asyncio.get_running_loop().run_in_executor(self._thread, self._state)
        try:
            return await asyncio.wait_for(asyncio.shield(self._running), STORE_TIMEOUT_SECONDS)
        except TimeoutError:
            return "unreachable"


Probe = NamedDependency[StoreProbe]


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get(
        summary="Liveness and store reachability (answers within 2 s)",
        responses=problems(503),
        opt={EXEMPT: True},
    )
    async def health(self, probe: Probe) -> Health:
        if await probe.state() == "unreachable":
            raise ServiceError(503, "store-unreachable", "the event store does not answer",
                               retry_after=StoreUnavailable.retry_after)
        return Health("ok", "ok")


async def redis_answers(url: str) -> bool:
    """Whether Redis at `url` answers a PING now (on a connection of its own)."""
    client = Redis.from_url(
        url, socket_connect_timeout=REDIS_TIMEOUT_SECONDS, socket_timeout=REDIS_TIMEOUT_SECONDS
    )
    try:
        return bool(await asyncio.wait_for(client.ping(), REDIS_TIMEOUT_SECONDS))
    except (RedisError, OSError, TimeoutError):
        metrics.REDIS_ERRORS.labels("readiness").inc()
        return False
    finally:
        await client.aclose()


#: what `/ready` says of each store state that is not ready
_NOT_READY = {
    "unreachable": "the event store is not answering",
    "full": "the event store's disk is full: writes fail until a write succeeds again",
}


class ReadinessController(Controller):
    path = "/ready"
    tags = ["health"]

    @get(
        summary="Readiness: the store answers and takes writes; Redis is reported, not required",
        responses=problems(503),
    )
    async def ready(self, probe: Probe, settings: Config) -> Readiness:
        store, redis = await asyncio.gather(probe.state(), _redis_state(settings.redis_url))
        if store != "ok":
            metrics.STORE_ERRORS.labels("readiness").inc()
            raise ServiceError(503, "not-ready", _NOT_READY[store],
                               retry_after=StoreUnavailable.retry_after)
        return Readiness("ok", "ok", redis)


async def _redis_state(url: str | None) -> str:
    if url is None:
        return "not configured"
    return "ok" if await redis_answers(url) else "unreachable"
