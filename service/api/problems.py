"""RFC 9457 problem details for every refusal, with a stable ``type`` per error.

Types are URNs: ``urn:roundhouse:problem:<code>`` for input errors (unknown game,
invalid token, stale version...) and ``urn:roundhouse:rule:<kind>:<code>`` for a
rule the command broke (``code`` and ``section`` come from `RuleViolation`).
Clients switch on ``type`` (or the ``code`` extension); ``detail`` is for people.

Every answer goes through `_answer`, which notes the problem code for the
command metrics and, for a 5xx, logs it (an unexpected error with its
traceback; a refusal that passes with time in one line) and puts the request's
id (`service.api.observability`) in the document as ``request_id``, so an
operator finds the log line a client quotes.
A refusal that passes with time (``429 rate-limited``, ``503 verifier-busy``,
``503 store-unreachable``, ``503 store-full``) says after how many seconds in
``retry_after`` and in the ``Retry-After`` header.

The store's errors (`service.store.errors`) become problems here and nowhere
else: `STORE_PROBLEMS` gives each its status and code, and `on_store_error`
copies what a client needs to recover (the current version, the rules section,
the known kinds or maps). A rule's refusal carries what its `RuleViolation` says
as data: the seats to act (``to_act``) and the commands awaited (``expected``).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, InternalServerException, ValidationException
from litestar.openapi.datastructures import ResponseSpec
from msgspec import UNSET, UnsetType

from service import metrics
from service.api.errors import ServiceError, shortened
from service.api.observability import (
    log_server_error,
    log_unavailable,
    note_problem,
    request_id,
)
from service.store import errors as store

PROBLEM_MEDIA_TYPE = "application/problem+json"


class ParameterError(msgspec.Struct, frozen=True, omit_defaults=True):
    """One parameter a 422 invalid-request refused, and why (typed for clients)."""

    message: str
    key: str | UnsetType = UNSET
    source: Literal["body", "path", "query", "cookie", "header", "dependency"] | UnsetType = (
        UNSET
    )


class Problem(msgspec.Struct, frozen=True, omit_defaults=True):
    """An RFC 9457 problem; extra members say what a client needs to recover."""

    type: str
    title: str
    status: int
    detail: str
    code: str
    section: str | None = None
    current_version: int | None = None
    known: list[str] | None = None
    to_act: list[int] | None = None
    expected: list[str] | None = None
    errors: list[ParameterError] | None = None
    request_id: str | None = None
    retry_after: int | None = None


def problem_type(code: str) -> str:
    return f"urn:roundhouse:problem:{code}"


def rule_type(kind: str, code: str) -> str:
    return f"urn:roundhouse:rule:{kind}:{code}"


_TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflict",
    412: "Precondition failed",
    413: "Content too large",
    415: "Unsupported media type",
    408: "Request timeout",
    414: "URI too long",
    422: "Unprocessable content",
    429: "Too many requests",
    431: "Request header fields too large",
    500: "Internal server error",
    503: "Service unavailable",
}


def problem_response(problem: Problem, headers: dict[str, str] | None = None) -> Response[bytes]:
    if problem.retry_after is not None:
        headers = {**(headers or {}), "Retry-After": str(problem.retry_after)}
    return Response(
        msgspec.json.encode(problem),
        status_code=problem.status,
        media_type=PROBLEM_MEDIA_TYPE,
        headers=headers,
    )


def make_problem(status: int, code: str, detail: str, **extra: Any) -> Problem:
    return Problem(
        type=problem_type(code),
        title=_TITLES.get(status, "Error"),
        status=status,
        detail=shortened(detail),
        code=code,
        **extra,
    )


def _answer(
    request: Request[Any, Any, Any],
    problem: Problem,
    error: BaseException,
    headers: dict[str, str] | None = None,
) -> Response[bytes]:
    """The problem response to `request`; a 5xx is logged and carries the request id."""
    note_problem(request.scope, problem.code)
    if problem.status >= 500:
        if problem.retry_after is None:
            log_server_error(request.scope, error, problem.status)
        else:
            log_unavailable(request.scope, error, problem.status, problem.code)
        problem = msgspec.structs.replace(problem, request_id=request_id(request.scope))
    return problem_response(problem, headers)


def on_service_error(request: Request[Any, Any, Any], error: ServiceError) -> Response[bytes]:
    headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
    problem = make_problem(error.status, error.code, error.detail, **error.extra)
    return _answer(request, problem, error, headers)


#: each store error's status and problem code
STORE_PROBLEMS: dict[type[store.StoreError], tuple[int, str]] = {
    store.UnknownGame: (404, "unknown-game"),
    store.KindNotHosted: (404, "kind-not-hosted"),
    store.UnknownKind: (422, "unknown-kind"),
    store.BadSetup: (422, "bad-setup"),
    store.SeatFree: (404, "seat-free"),
    store.MissingToken: (401, "missing-token"),
    store.UnknownToken: (401, "invalid-token"),
    store.UnknownTicket: (401, "invalid-ticket"),
    store.NotTheHost: (403, "not-the-host"),
    store.NotYourSeat: (403, "not-your-seat"),
    store.InviteRequired: (403, "invite-required"),
    store.GameFull: (409, "game-full"),
    store.GameStarted: (409, "game-started"),
    store.SeatsEmpty: (409, "seats-empty"),
    store.GameNotStarted: (409, "game-not-started"),
    store.GameFinished: (409, "game-finished"),
    store.IdempotencyKeyReused: (422, "idempotency-key-reused"),
    store.StaleVersion: (412, "version-mismatch"),
    store.VersionConflict: (409, "concurrent-update"),
    store.StoreUnavailable: (503, "store-unreachable"),
    store.StoreFull: (503, "store-full"),
}


def on_store_error(request: Request[Any, Any, Any], error: store.StoreError) -> Response[bytes]:
    if isinstance(error, store.RuleRefused):
        return _rule_refused(request, error)
    status, code = STORE_PROBLEMS[type(error)]
    if status >= 500:
        metrics.STORE_ERRORS.labels("request").inc()
    extra = {name: getattr(error, name) for name in ("current_version", "known", "section",
                                                     "retry_after") if hasattr(error, name)}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return _answer(request, make_problem(status, code, error.detail, **extra), error, headers)


def _rule_refused(request: Request[Any, Any, Any], error: store.RuleRefused) -> Response[bytes]:
    """``409``: the command is well formed (the schema takes it), and the game's state, not
    the request, is what the rules refuse it for (not this seat's turn, not its bandit...)."""
    v = error.violation
    return _answer(
        request,
        Problem(
            type=rule_type(error.kind, v.code),
            title="The rules refuse this command",
            status=409,
            detail=shortened(v.message),
            code=v.code,
            section=v.section or None,
            known=v.known,
            to_act=v.to_act,
            expected=v.expected,
        ),
        error,
    )


def on_validation_error(
    request: Request[Any, Any, Any], error: ValidationException
) -> Response[bytes]:
    extra = error.extra if isinstance(error.extra, list) else []
    # each names the parameter and says what is wrong, maybe quoting the value
    errors = [msgspec.convert({k: shortened(v) if isinstance(v, str) else v
                               for k, v in msgspec.to_builtins(e).items()}, ParameterError)
              for e in extra if isinstance(e, dict)]
    return _answer(
        request,
        make_problem(422, "invalid-request", str(error.detail), errors=errors or None),
        error,
    )


#: the problem code of each status litestar itself refuses with
HTTP_CODES = {
    404: "not-found",
    405: "method-not-allowed",
    413: "content-too-large",
    422: "invalid-request",
    429: "rate-limited",
}


#: litestar's refusal when the client went away before its body arrived
CLIENT_GONE = "client disconnected prematurely"
#: the status nginx logs for a request whose client closed it first: nobody to answer
CLIENT_CLOSED = 499


def on_http_error(request: Request[Any, Any, Any], error: HTTPException) -> Response[bytes]:
    if isinstance(error, InternalServerException) and error.detail == CLIENT_GONE:
        # no fault of the server's, and nobody to read the answer: not logged as a 5xx
        problem = make_problem(CLIENT_CLOSED, "client-closed-request", CLIENT_GONE)
        return _answer(request, problem, error)
    status = error.status_code
    if status == 400:  # litestar's refusal of a malformed body or parameter
        status = 422
    code = HTTP_CODES.get(status, f"http-{status}")
    headers = dict(error.headers) if error.headers else None
    detail = str(error.detail)
    if status == 413:
        detail = "the request body is larger than this route takes (see the README's Limits)"
    retry_after = None
    if status == 429:  # litestar's rate limiter says when its window resets
        retry_after = max(1, int((headers or {}).get("RateLimit-Reset", "1")))
        detail = "too many requests from this client; retry after the given seconds"
    problem = make_problem(status, code, detail, retry_after=retry_after)
    return _answer(request, problem, error, headers)


def on_internal_error(request: Request[Any, Any, Any], error: Exception) -> Response[bytes]:
    metrics.request_failed(error)
    problem = make_problem(500, "internal-error", "an unexpected error occurred")
    return _answer(request, problem, error)


EXCEPTION_HANDLERS: dict[Any, Any] = {
    ServiceError: on_service_error,
    store.StoreError: on_store_error,
    ValidationException: on_validation_error,
    HTTPException: on_http_error,
    Exception: on_internal_error,
}


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """The OpenAPI declaration of the problem responses a route may give."""
    return {
        status: ResponseSpec(
            data_container=Problem,
            description=_TITLES.get(status, "Error"),
            media_type=PROBLEM_MEDIA_TYPE,
            generate_examples=False,
        )
        for status in statuses
    }
