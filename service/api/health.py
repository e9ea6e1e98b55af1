"""`GET /health` (liveness) and `GET /ready` (readiness, for load balancers).

`/health` says the process is alive and its store answers (never rate-limited). `/ready` says this
process should get traffic now: the store answers a query within
`STORE_TIMEOUT_SECONDS` and, when Redis is configured, Redis answers a ``PING``
within `REDIS_TIMEOUT_SECONDS`; otherwise a 503 problem (``not-ready``) says
which does not. A load balancer's probe thus gets its answer within seconds
even while the store's own reconnection attempts take longer (`StoreProbe`).
Redis is asked over a connection of its own, so the answer is Redis's state
now, not that of the relay's long-lived subscription.
"""

from __future__ import annotations

import asyncio

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from redis.asyncio import Redis
from redis.exceptions import RedisError

from service import metrics
from service.api.deps import Config, Store
from service.api.problems import problems
from service.api.rate_limits import EXEMPT
from service.errors import ServiceError
from service.store.games import GameStore

#: how long the store may take to answer the readiness query
STORE_TIMEOUT_SECONDS = 2.0
#: how long Redis may take to answer the readiness PING
REDIS_TIMEOUT_SECONDS = 1.0


class Health(msgspec.Struct, frozen=True):
    """Both are ``"ok"`` when the answer is 200; otherwise a 503 problem is given."""

    status: str
    store: str


class Readiness(msgspec.Struct, frozen=True):
    """``"ok"`` for what answers; ``redis`` is ``"not configured"`` without a Redis URL."""

    status: str
    store: str
    redis: str


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get(
        sync_to_thread=True,
        summary="Liveness and store reachability",
        responses=problems(503),
        opt={EXEMPT: True},
    )
    def health(self, store: Store) -> Health:
        if not store.reachable():
            raise ServiceError(503, "store-unreachable", "the event store does not answer")
        return Health("ok", "ok")


class StoreProbe:
    """The store's reachability, asked in a worker thread, awaited for a bounded time.

    While the store is away its query can hang for as long as the store keeps
    retrying; a probe still running is awaited again rather than joined by
    another, so repeated probes never pile up threads.
    """

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._running: asyncio.Future[bool] | None = None

    async def answers(self) -> bool:
        if self._running is None or self._running.done():
            loop = asyncio.get_running_loop()
            self._running = loop.run_in_executor(None, self.store.reachable)
        try:
            return await asyncio.wait_for(asyncio.shield(self._running), STORE_TIMEOUT_SECONDS)
        except TimeoutError:
            return False


Probe = NamedDependency[StoreProbe]


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


class ReadinessController(Controller):
    path = "/ready"
    tags = ["health"]

    @get(
        summary="Readiness: the store and (when configured) Redis answer",
        responses=problems(503),
    )
    async def ready(self, probe: Probe, settings: Config) -> Readiness:
        store_ok = await probe.answers()
        if not store_ok:
            metrics.STORE_ERRORS.labels("readiness").inc()
        redis = "not configured"
        if settings.redis_url is not None:
            redis = "ok" if await redis_answers(settings.redis_url) else "unreachable"
        failing = [name for name, ok in (("the event store", store_ok),
                                         ("Redis", redis != "unreachable")) if not ok]
        if failing:
            raise ServiceError(503, "not-ready", " and ".join(failing) + " not answering")
        return Readiness("ok", "ok", redis)
