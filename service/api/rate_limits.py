"""Per-client rate limits: litestar's fixed-window limiter, per client address.

Two limits, each over a one-minute window (README, Limits): every request
(``rate_limit_per_minute``, except ``/health`` and the OpenAPI document), and
``POST /games`` (``create_limit_per_minute``), the one unauthenticated request
that makes the store grow. A client is its address (behind a proxy, the one
uvicorn takes from ``X-Forwarded-For`` of a trusted proxy), never anything the
request says of itself: a bearer token would be a fresh budget per made-up
token. Past the limit the answer is ``429 rate-limited`` with ``Retry-After``
(the seconds until the window resets) and litestar's ``RateLimit-*`` headers.

The counts live in litestar stores: in-process memory by default, Redis (under
``<redis_prefix>:rate-limit:``) when ``redis_url`` is set, so every API process
counts against the same budget. litestar reads and writes a window without a
transaction, so requests racing in different processes may each be counted
once where both should: the limit holds within the number of processes. When
Redis does not answer (within half a second), each process counts on its own
for `REDIS_RETRY_SECONDS` and then tries Redis again: a lost Redis loosens the
limits, it never fails a request.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import msgspec
from litestar import Request
from litestar.middleware.base import DefineMiddleware
from litestar.middleware.rate_limit import (
    DURATION_VALUES,
    CacheObject,
    RateLimitConfig,
    RateLimitMiddleware,
)
from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from litestar.types import ASGIApp
from redis.asyncio import Redis
from redis.exceptions import RedisError

from service.settings import Settings

#: a route handler's ``opt`` key: which limit (besides the general one) applies to it
LIMIT = "rate_limit"
#: a route handler's ``opt`` key: the general limit does not apply to it
EXEMPT = "no_rate_limit"
CREATE = "create"

STORES = {"general": "rate_limit", CREATE: "rate_limit_create"}
REDIS_RETRY_SECONDS = 5.0
REDIS_TIMEOUT_SECONDS = 0.5

log = logging.getLogger(__name__)


class Window(msgspec.Struct, frozen=True, array_like=True):
    """One client's window as stored: requests counted, and when the window resets."""

    count: int
    reset: int


class CountingRateLimit(RateLimitMiddleware):
    """litestar's limiter storing a count instead of every request's timestamp.

    litestar keeps the whole list of timestamps in each window and decodes and
    encodes it on every request, so the default limit (120,000 a minute) would
    cost a busy client 1.3 MB of JSON per request; only its length is ever used.
    Counts in this process's memory while the shared store (Redis) does not answer.
    """

    def __init__(self, app: ASGIApp, config: RateLimitConfig) -> None:
        super().__init__(app, config)
        self._alone = MemoryStore()
        self._alone_until = 0.0

    def _chosen(self, store: Store) -> Store:
        return self._alone if time.monotonic() < self._alone_until else store

    def _lost(self, error: Exception) -> None:
        log.warning("rate limits counted in this process for %g s: %s", REDIS_RETRY_SECONDS, error)
        self._alone_until = time.monotonic() + REDIS_RETRY_SECONDS

    async def _get(self, key: str, store: Store) -> bytes | None:
        try:
            return await self._chosen(store).get(key)
        except (RedisError, OSError) as error:
            self._lost(error)
            return await self._alone.get(key)

    async def _set(self, key: str, value: bytes, expires_in: int, store: Store) -> None:
        try:
            await self._chosen(store).set(key, value, expires_in=expires_in)
        except (RedisError, OSError) as error:
            self._lost(error)
            await self._alone.set(key, value, expires_in=expires_in)

    async def retrieve_cached_history(self, key: str, store: Store) -> CacheObject:
        now = int(time.time())
        stored = await self._get(key, store)
        if stored:
            window = msgspec.json.decode(stored, type=Window)
            if window.reset > now:
                return CacheObject(history=[window.reset] * window.count, reset=window.reset)
        return CacheObject(history=[], reset=now + DURATION_VALUES[self.unit])

    async def set_cached_history(self, key: str, cache_object: CacheObject, store: Store) -> None:
        cache_object.history.append(cache_object.reset)
        window = Window(len(cache_object.history), cache_object.reset)
        expires_in = max(1, window.reset - int(time.time()))
        await self._set(key, msgspec.json.encode(window), expires_in, store)


def _creates(request: Request[Any, Any, Any]) -> bool:
    return bool(request.route_handler.opt.get(LIMIT) == CREATE)


def rate_limit_middleware(settings: Settings) -> list[DefineMiddleware]:
    """The app's limiters (none for a limit set to 0)."""
    configs = []
    if settings.rate_limit_per_minute > 0:
        configs.append(RateLimitConfig(
            rate_limit=("minute", settings.rate_limit_per_minute),
            exclude=["^/schema"],
            exclude_opt_key=EXEMPT,
            middleware_class=CountingRateLimit,
            store=STORES["general"],
        ))
    if settings.create_limit_per_minute > 0:
        configs.append(RateLimitConfig(
            rate_limit=("minute", settings.create_limit_per_minute),
            check_throttle_handler=_creates,
            middleware_class=CountingRateLimit,
            store=STORES[CREATE],
        ))
    return [config.middleware for config in configs]


class RateLimitStores:
    """Where the windows are counted: Redis when configured (shared), else this process."""

    def __init__(self, settings: Settings) -> None:
        self._redis = None if settings.redis_url is None else Redis.from_url(
            settings.redis_url,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        )
        namespace = f"{settings.redis_prefix}:rate-limit"
        self.stores: dict[str, Store] = {
            name: MemoryStore() if self._redis is None
            else RedisStore(self._redis, namespace=f"{namespace}:{name}")
            for name in STORES.values()
        }

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
