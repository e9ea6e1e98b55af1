"""Request ids, one JSON log line per request, and the request metrics.

`RequestObserver` wraps the application's whole ASGI handler, outside
litestar's router and exception handlers, so it sees every request: also those
no route matches (404, 405), which litestar middleware never sees. For each
request it

* gives it an id: the client's ``X-Request-ID`` when it is sane (1-128 of
  ``A-Z a-z 0-9 . _ : - @ / + =``), else a new random one; the id is echoed as
  the ``X-Request-ID`` response header, kept in the ASGI scope for the problem
  handlers (a 5xx problem document carries it as ``request_id``), and logged;
* counts it in `service.metrics` by method, route template and status, with its
  duration; counts commands accepted and refused (by problem code), open event
  streams, and refreshes the live-games gauge;
* with ``access_log`` on, logs one JSON line on the ``roundhouse.access`` logger.

What is logged is chosen field by field — method, route template, status,
duration, game id, request id — and never a header, a query string or a body,
so a bearer token cannot reach a log line. Errors (every 5xx) go to
``roundhouse.errors`` with their traceback, whatever the access-log switch says.
"""

from __future__ import annotations

import functools
import logging
import re
import time
import traceback
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import msgspec
from litestar.datastructures import ResponseHeader
from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPScope, Message, Receive, Scope, Send
from prometheus_client import Counter, Histogram

from service import metrics
from service.ids import unique_hex

if TYPE_CHECKING:
    from service.store.games import GameStore

REQUEST_ID_HEADER = b"x-request-id"
SANE_REQUEST_ID = re.compile(rb"[A-Za-z0-9._:@/+=-]{1,128}")
#: how every route's OpenAPI answers declare the header (`RequestObserver` sets it)
REQUEST_ID_DOC = ResponseHeader(
    name="X-Request-ID",
    description="This request's id: the client's own X-Request-ID when sane, else a new one; "
    "in the server's log lines and, for a 5xx, in the problem as request_id",
    value="",  # only its type is used: the OpenAPI schema says "string"
    documentation_only=True,
)
#: the route label of a request no route matched (the path itself would be unbounded)
UNMATCHED = "(unmatched)"
#: methods counted by name; any other is counted as "other" (labels stay bounded)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
COMMANDS_ROUTE = "/games/{game_id}/commands"
STREAM_ROUTE = "/games/{game_id}/stream"

#: where, in the ASGI scope's state, the request id and a refusal's problem code are kept
_REQUEST_ID = "roundhouse.request_id"
_PROBLEM_CODE = "roundhouse.problem_code"

access_log = logging.getLogger("roundhouse.access")
error_log = logging.getLogger("roundhouse.errors")


class JsonLines(logging.Formatter):
    """Each log record as one JSON object on one line (a traceback is a field of it)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **getattr(record, "fields", {}),
        }
        if record.exc_info:
            line["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        return msgspec.json.encode(line).decode()


_STDERR = logging.StreamHandler()
_STDERR.setFormatter(JsonLines())


def configure_logging(access: bool) -> None:
    """JSON lines on standard error for the ``roundhouse`` loggers and the modules' own
    (``service.*``: a failed listener, Redis going away), the handler once per process;
    the access lines only when `access`."""
    for name in ("roundhouse", "service"):
        logger = logging.getLogger(name)
        if _STDERR not in logger.handlers:
            logger.addHandler(_STDERR)
            logger.propagate = False
        logger.setLevel(logging.INFO)
    access_log.setLevel(logging.INFO if access else logging.WARNING)


def request_id(scope: Scope) -> str | None:
    """The id `RequestObserver` gave this request."""
    found: str | None = scope.get("state", {}).get(_REQUEST_ID)
    return found


def note_problem(scope: Scope, code: str) -> None:
    """Remember the problem code this request is refused with (for the command metrics)."""
    scope.setdefault("state", {})[_PROBLEM_CODE] = code


def request_fields(scope: Scope) -> dict[str, Any]:
    """What a log line may say about the request: never a header, a query or a body."""
    game_id = scope.get("path_params", {}).get("game_id")
    return {
        "method": scope.get("method"),
        "route": scope.get("path_template", UNMATCHED),
        "game_id": None if game_id is None else str(game_id)[:64],
        "request_id": request_id(scope),
    }


def log_server_error(scope: Scope, error: BaseException, status: int) -> None:
    """Log an unexpected 5xx answer with its traceback and the request's id."""
    error_log.error(
        "server error %d: %s", status, type(error).__name__,
        exc_info=(type(error), error, error.__traceback__),
        extra={"fields": {**request_fields(scope), "status": status}},
    )


def log_unavailable(scope: Scope, error: BaseException, status: int, code: str) -> None:
    """Log a 5xx that passes with time (the store away or full, not ready, the verifiers
    busy): one line with its code and the cause (the database's own words), no traceback:
    an outage under load is as many of these as requests, and each says all there is."""
    cause = error.__cause__
    error_log.warning(
        "unavailable %d: %s", status, code,
        extra={"fields": {**request_fields(scope), "status": status, "code": code,
                          "cause": None if cause is None else str(cause)[:300]}},
    )


def _incoming_id(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == REQUEST_ID_HEADER:
            if SANE_REQUEST_ID.fullmatch(value):
                return value.decode()
            break
    return unique_hex()


@functools.cache
def _answered(method: str, route: str, status: int) -> Counter:
    """The requests counter of one method, route template and status, looked up once:
    ``labels()`` takes a lock and builds its key on every call (1% of a command's CPU).
    The labels are bounded (`METHODS`, the app's route templates, HTTP statuses)."""
    return metrics.REQUESTS.labels(method, route, str(status))


@functools.cache
def _timed(method: str, route: str) -> Histogram:
    """The latency histogram of one method and route template (as `_answered`)."""
    return metrics.REQUEST_SECONDS.labels(method, route)


class RequestObserver:
    """ASGI wrapper of the whole app: request id, metrics, access log (see the module)."""

    def __init__(self, app: ASGIApp, store: GameStore, access: bool) -> None:
        self.app = app
        self.store = store
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        rid = _incoming_id(scope)
        scope.setdefault("state", {})[_REQUEST_ID] = rid
        header = (REQUEST_ID_HEADER, rid.encode())
        status = 0
        replayed = False
        streaming = False

        async def observed_send(message: Message) -> None:
            nonlocal status, replayed, streaming
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", ()), header]
                replayed = any(n.lower() == b"idempotent-replayed" for n, _ in headers)
                message = {**message, "headers": headers}
                if status == 200 and scope.get("path_template") == STREAM_ROUTE:
                    streaming = True
                    metrics.SSE_SUBSCRIBERS.inc()
            await send(message)

        try:
            await self.app(scope, receive, observed_send)
        except Exception as error:  # escaped the exception handlers (a stream broke)
            status = status or 500
            log_server_error(scope, error, status)
            raise
        finally:
            if streaming:
                metrics.SSE_SUBSCRIBERS.dec()
            self._observe(scope, status, replayed, time.perf_counter() - began)

    def _observe(self, scope: HTTPScope, status: int, replayed: bool, seconds: float) -> None:
        method = scope["method"] if scope["method"] in METHODS else "other"
        route = scope.get("path_template", UNMATCHED)
        _answered(method, route, status).inc()
        _timed(method, route).observe(seconds)
        if route == COMMANDS_ROUTE and method == "POST":
            if status == 200 and not replayed:
                metrics.COMMANDS_ACCEPTED.inc()
            elif status >= 400:
                code = scope.get("state", {}).get(_PROBLEM_CODE, f"http-{status}")
                metrics.COMMANDS_REFUSED.labels(code).inc()
        metrics.LIVE_GAMES.set(self.store.cached_games())
        if self.access:
            fields = {**request_fields(scope), "status": status,
                      "duration_ms": round(seconds * 1000, 3)}
            access_log.info("%s %s %d", method, route, status, extra={"fields": fields})
