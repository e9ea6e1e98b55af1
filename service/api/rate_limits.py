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
once where both should: the limit holds within the number of processes.
"""

from __future__ import annotations

from time import time
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
from redis.asyncio import Redis

from service.settings import Settings

#: a route handler's ``opt`` key: which limit (besides the general one) applies to it
LIMIT = "rate_limit"
#: a route handler's ``opt`` key: the general limit does not apply to it
EXEMPT = "no_rate_limit"
CREATE = "create"

STORES = {"general": "rate_limit", CREATE: "rate_limit_create"}


class Window(msgspec.Struct, frozen=True, array_like=True):
    """One client's window as stored: requests counted, and when the window resets."""

    count: int
    reset: int


class CountingRateLimit(RateLimitMiddleware):
    """litestar's limiter storing a count instead of every request's timestamp.

    litestar keeps the whole list of timestamps in each window and decodes and
    encodes it on every request, so the default limit (120,000 a minute) would
    cost a busy client 1.3 MB of JSON per request; only its length is ever used.
    """

    async def retrieve_cached_history(self, key: str, store: Store) -> CacheObject:
        now = int(time())
        stored = await store.get(key)
        if stored:
            window = msgspec.json.decode(stored, type=Window)
            if window.reset > now:
                return CacheObject(history=[window.reset] * window.count, reset=window.reset)
        return CacheObject(history=[], reset=now + DURATION_VALUES[self.unit])

    async def set_cached_history(self, key: str, cache_object: CacheObject, store: Store) -> None:
        cache_object.history.append(cache_object.reset)
        window = Window(len(cache_object.history), cache_object.reset)
        await store.set(
            key, msgspec.json.encode(window), expires_in=max(1, window.reset - int(time()))
        )


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
        self._redis = None if settings.redis_url is None else Redis.from_url(settings.redis_url)
        namespace = f"{settings.redis_prefix}:rate-limit"
        self.stores: dict[str, Store] = {
            name: MemoryStore() if self._redis is None
            else RedisStore(self._redis, namespace=f"{namespace}:{name}")
            for name in STORES.values()
        }

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
