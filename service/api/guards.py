"""The one guard of every route: the bearer token first, then a JSON body's shape.

litestar runs each guard with its own copy of the route handler, made per
request (a handler is a large object: the copies were 5% of the server's CPU
on ``POST /commands``), so the checks every route may need share one guard, in
the order a client should hear about them: a missing token (`bearer_required`)
before anything about the body (`json_body`, on the routes whose ``opt`` say
`JSON_BODY`).
"""

from __future__ import annotations

from typing import Any

from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from service.api.bodies import json_body
from service.errors import ServiceError

#: a route's ``opt`` for a JSON request body (checked by `json_body`)
JSON_BODY: dict[str, Any] = {"json_body": True}


def bearer_required(
    connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler
) -> None:
    """A route whose only security is the bearer token refuses a request without one first.

    Before its parameters are read: a client that forgot the token is told
    that (401), whatever else is wrong with the request. Routes where the token
    is optional (``[{}, {"bearer": []}]``: spectators welcome) are not guarded.
    """
    resolve = getattr(handler, "resolve_security", None)
    if resolve is not None and resolve() == [{"bearer": []}] and (
        "authorization" not in connection.headers
    ):
        raise ServiceError(401, "missing-token", "this needs a bearer token")


async def request_checks(
    connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler
) -> None:
    bearer_required(connection, handler)
    if handler.opt.get("json_body"):
        await json_body(connection, handler)
