"""The checks every route's request passes first: the bearer token, then a JSON body's shape.

They run as the app's ``before_request`` hook, before the handler's parameters
are read, in the order a client should hear about them: a missing token
(`bearer_required`) before anything about the body (`json_body`, on the routes
whose ``opt`` say `JSON_BODY`). They are not litestar guards: litestar hands
each guard its own copy of the route handler, made per request (a handler is a
large object: the copy was 5% of the server's CPU on ``POST /commands``, found
with py-spy), while ``before_request`` reads the handler from the request.
"""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from service.api.bodies import json_body
from service.api.errors import ServiceError

_JSON_BODY_KEY = "json_body"
#: a route's ``opt`` for a JSON request body (checked by `json_body`)
JSON_BODY: dict[str, Any] = {_JSON_BODY_KEY: True}


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


async def request_checks(request: Request[Any, Any, Any]) -> None:
    """Refuse what `bearer_required` and `json_body` refuse; answer nothing otherwise."""
    handler = request.route_handler
    bearer_required(request, handler)
    if handler.opt.get(_JSON_BODY_KEY):
        await json_body(request, handler)
