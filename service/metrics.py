"""What one API process counts, as Prometheus metrics (served by `GET /metrics`).

The metrics live in `prometheus_client`'s default registry. With several worker
processes (``roundhouse serve --workers N``) the CLI points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before the workers start; each
worker then keeps its values in files there and `GET /metrics`, on whichever
worker answers, adds up every worker's (gauges: the live workers' sum). The
metric objects are the same either way, so code that counts does not care.

This module imports nothing from the rest of the service, so the store, the
views and the API can all count here without import cycles. Labels are bounded:
a route is its template (``/games/{game_id}``), never the requested path.
"""

from __future__ import annotations

import logging
import sqlite3

import psycopg
from eventsourcing.persistence import IntegrityError, PersistenceError
from prometheus_client import Counter, Gauge, Histogram
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

#: request latency buckets, in seconds (a command takes milliseconds; SSE streams, minutes)
LATENCY_BUCKETS = (
    0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 60.0,
)
#: appends per committed transaction (the committer writes at most 512 events at once)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)

REQUESTS = Counter(
    "roundhouse_http_requests",
    "HTTP requests answered, by method, route template and status",
    ["method", "route", "status"],
)
REQUEST_SECONDS = Histogram(
    "roundhouse_http_request_duration_seconds",
    "Time from a request's arrival to the end of its response, by method and route template",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
)
COMMANDS_ACCEPTED = Counter(
    "roundhouse_commands_accepted",
    "Commands recorded (POST /games/{id}/commands answered 200, idempotent replays excluded)",
)
COMMANDS_REFUSED = Counter(
    "roundhouse_commands_refused",
    "Commands refused, by problem code (a rule's code such as not-your-turn, or an input "
    "error such as version-mismatch)",
    ["code"],
)
APPENDS = Counter(
    "roundhouse_store_appends",
    "Records durably appended to the event store by this process",
)
COMMIT_BATCH = Histogram(
    "roundhouse_store_commit_batch_appends",
    "Appends written together in one store transaction (group commit)",
    buckets=BATCH_BUCKETS,
)
STORE_ERRORS = Counter(
    "roundhouse_store_errors",
    "Event store (PostgreSQL or SQLite) failures, by operation; a lost race between "
    "processes is not one",
    ["operation"],
)
REDIS_ERRORS = Counter(
    "roundhouse_redis_errors",
    "Redis failures, by operation (publish, subscribe, read-model, readiness)",
    ["operation"],
)
LIVE_GAMES = Gauge(
    "roundhouse_live_games",
    "Games held live in memory (the store's cache), summed over the live processes",
    multiprocess_mode="livesum",
)
SSE_SUBSCRIBERS = Gauge(
    "roundhouse_sse_subscribers",
    "Open event streams (GET /games/{id}/stream), summed over the live processes",
    multiprocess_mode="livesum",
)


def store_written(transactions: list[int], errors: list[BaseException]) -> None:
    """The store's writer committed `transactions` (appends in each) and failed `errors`.

    Never raises: counting must not stop the writer (its callers are already woken).
    A lost race for a version (`IntegrityError`) is not a store error.
    """
    try:
        for appends in transactions:
            APPENDS.inc(appends)
            COMMIT_BATCH.observe(appends)
        for error in errors:
            if not isinstance(error, IntegrityError):
                STORE_ERRORS.labels("commit").inc()
    except Exception:
        log.exception("the store's writes could not be counted")


def request_failed(error: BaseException) -> None:
    """A request failed unexpectedly (a 500): count it if the store or Redis failed it."""
    seen: BaseException | None = error
    for _ in range(16):  # causes and contexts, to a bounded depth (a chain may loop)
        if seen is None:
            return
        if isinstance(seen, PersistenceError | psycopg.Error | sqlite3.Error):
            STORE_ERRORS.labels("request").inc()
            return
        if isinstance(seen, RedisError):
            REDIS_ERRORS.labels("request").inc()
            return
        seen = seen.__cause__ or seen.__context__
