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
counts against the same budget. In Redis a window is one integer counted by one
script (``INCR``, and ``EXPIRE`` on the window's first request: `SharedWindows`),
so requests racing in any number of processes are each counted exactly once and
the budget holds exactly. When Redis does not answer (within half a second),
each process counts on its own for `REDIS_RETRY_SECONDS` and then tries Redis
again: a lost Redis loosens the limits, it never fails a request.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import TooManyRequestsException
from litestar.middleware.base import DefineMiddleware
from litestar.middleware.rate_limit import DURATION_VALUES, RateLimitConfig, RateLimitMiddleware
from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from litestar.types import ASGIApp, Message, Receive, Scope, Send
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


def counted(window: Window | None, now: int, limit: int, seconds: int) -> Window:
    """`window` with one more request (a new window once it reset); past `limit`: refused."""
    if window is None or window.reset <= now:
        window = Window(0, now + seconds)
    return Window(min(window.count, limit) + 1, window.reset)


class LocalWindows(MemoryStore):
    """The windows of one limit counted in this process: a dict, not a store's bytes.

    It stands in litestar's store registry (one per limit, shared by the limiter
    of every route) but `CountingRateLimit` counts in `windows` directly.
    """

    def __init__(self) -> None:
        super().__init__()
        self.windows: dict[str, Window] = {}
        self._sweep_at = 0

    def count(self, key: str, limit: int, seconds: int) -> Window:
        """Count a request against `key`'s window (kept unless refused) and return it."""
        now = int(time.time())
        if now >= self._sweep_at:  # drop the windows of clients gone quiet, once a minute
            self.windows = {k: w for k, w in self.windows.items() if w.reset > now}
            self._sweep_at = now + 60
        window = counted(self.windows.get(key), now, limit, seconds)
        if window.count <= limit:
            self.windows[key] = window
        return window


#: KEYS[1] the window; ARGV[1] its length in seconds. Returns ``{count, seconds left}``.
_COUNT = """
local count = redis.call('INCR', KEYS[1])
local left = redis.call('TTL', KEYS[1])
if left < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
"""


class SharedWindows(RedisStore):
    """The windows of one limit in Redis, shared by every API process, counted atomically.

    It stands in litestar's store registry like `LocalWindows`; `count` is one script
    call, so two processes counting the same client at the same moment never both read
    the count before either writes it (a ``GET`` then a ``SET`` did, and one address got
    25-32% over its limit through three processes).
    """

    def __init__(self, redis: Redis, namespace: str) -> None:
        super().__init__(redis, namespace=namespace)
        self._count = redis.register_script(_COUNT)

    async def count(self, key: str, seconds: int) -> Window:
        """Count one request against `key`'s window (opening it if there is none)."""
        counted, left = await self._count(keys=[self._make_key(key)], args=[seconds])
        return Window(int(counted), int(time.time()) + max(1, int(left)))


class CountingRateLimit(RateLimitMiddleware):
    """litestar's limiter counting each window instead of keeping every request's timestamp.

    litestar keeps the whole list of timestamps in each window and decodes and
    encodes it on every request, so the default limit (120,000 a minute) would
    cost a busy client 1.3 MB of JSON per request; only its length is ever used,
    so a window is a count (and no list of that length is ever made: rebuilding
    one per request to hand litestar's code cost 81 µs a request, on average,
    over 5,000 requests in one window). Without Redis (and while Redis does not
    answer) the windows are counted in a dict of this process (`LocalWindows`),
    not through a litestar store with its anyio lock: 1 µs a request. The
    answers (``429``, the ``RateLimit-*`` headers) are litestar's. With Redis the
    windows are counted there, atomically (`SharedWindows`).
    """

    def __init__(self, app: ASGIApp, config: RateLimitConfig) -> None:
        super().__init__(app, config)
        self._duration = DURATION_VALUES[self.unit]
        self._alone = LocalWindows()
        self._alone_until = 0.0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app = scope["litestar_app"]
        request: Request[Any, Any, Any] = app.request_class(scope)
        if await self.should_check_request(request=request):
            key = self.cache_key_from_request(request)
            store = self.config.get_store_from_app(app)
            if isinstance(store, LocalWindows):
                window = store.count(key, self.max_requests, self._duration)
            elif time.monotonic() < self._alone_until:
                window = self._alone.count(key, self.max_requests, self._duration)
            else:  # one atomic script: no lock between the requests of this process
                window = await self._count_shared(key, store)
            if window.count > self.max_requests:
                raise TooManyRequestsException(
                    headers=self._headers(window) if self.config.set_rate_limit_headers else None
                )
            if self.config.set_rate_limit_headers:
                send = self._with_headers(send, window)
        await self.app(scope, receive, send)

    async def _count_shared(self, key: str, store: Store) -> Window:
        assert isinstance(store, SharedWindows)
        try:
            return await store.count(key, self._duration)
        except (RedisError, OSError) as error:
            log.warning(
                "rate limits counted in this process for %g s: %s", REDIS_RETRY_SECONDS, error
            )
            self._alone_until = time.monotonic() + REDIS_RETRY_SECONDS
            return self._alone.count(key, self.max_requests, self._duration)

    def _headers(self, window: Window) -> dict[str, str]:
        # litestar's `create_response_headers`, from a count
        return {
            self.config.rate_limit_policy_header_key: f"{self.max_requests}; w={self._duration}",
            self.config.rate_limit_limit_header_key: str(self.max_requests),
            self.config.rate_limit_remaining_header_key: str(
                max(0, self.max_requests - window.count)
            ),
            self.config.rate_limit_reset_header_key: str(window.reset - int(time.time())),
        }

    def _with_headers(self, send: Send, window: Window) -> Send:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                # replacing any of the same names (an inner limit's), in one pass over
                # the headers rather than litestar's MutableScopeHeaders' one per name
                added = [(k.lower().encode("latin-1"), v.encode("latin-1"))
                         for k, v in self._headers(window).items()]
                names = {name for name, _ in added}
                message["headers"] = [
                    *(h for h in message.get("headers", ()) if h[0].lower() not in names),
                    *added,
                ]
            await send(message)

        return send_with_headers


class CreateRateLimit(CountingRateLimit):
    """The limit of the routes whose ``opt`` name it (`LIMIT`: `CREATE`), ``POST /games``.

    Any other request passes straight through, told apart by its route handler
    alone: through litestar's ``check_throttle_handler`` every request built a
    `Request` of its own and awaited the check (2% of a command's CPU).
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["route_handler"].opt.get(LIMIT) != CREATE:
            await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


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
            middleware_class=CreateRateLimit,
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
            # without Redis, the limiter counts in its own dict (`CountingRateLimit`)
            name: LocalWindows() if self._redis is None
            else SharedWindows(self._redis, namespace=f"{namespace}:{name}")
            for name in STORES.values()
        }

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
