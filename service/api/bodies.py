"""What a JSON request body must be before any handler decodes it.

msgspec raises `UnicodeDecodeError` (not a decode error) for an invalid UTF-8
byte inside a JSON string, which would surface as a 500 wherever a body is
decoded; and litestar decodes a body as JSON whatever its ``Content-Type``.
The `json_body` guard on every route that takes JSON refuses both first:
``415 unsupported-media-type`` for a media type other than JSON (none given
counts as JSON), ``422 malformed-body`` for bytes that are not UTF-8. The size
was already bounded by the route's ``request_max_body_size``.
"""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from service.errors import ServiceError


def is_json(media_type: str) -> bool:
    """``application/json``, or a structured ``+json`` type (RFC 6839)."""
    main = media_type.split(";")[0].strip().lower()
    return main == "application/json" or (
        main.startswith("application/") and main.endswith("+json")
    )


async def json_body(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """Refuse a body that is not JSON by its media type, or not UTF-8."""
    media_type = connection.headers.get("content-type")
    if media_type is not None and not is_json(media_type):
        raise ServiceError(415, "unsupported-media-type", "send the body as application/json")
    assert isinstance(connection, Request)
    body = await connection.body()
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ServiceError(
            422, "malformed-body", f"the body is not UTF-8 (byte {error.start})"
        ) from None
