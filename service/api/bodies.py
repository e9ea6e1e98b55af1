"""What a JSON request body must be before any handler decodes it.

msgspec raises `UnicodeDecodeError` (not a decode error) for an invalid UTF-8
byte inside a JSON string, which would surface as a 500 wherever a body is
decoded; litestar decodes a body as JSON whatever its ``Content-Type``, and
leniently (``"3"`` for an integer). The `json_body` check on every route that
takes JSON refuses all three first: ``415 unsupported-media-type`` for a media
type other than JSON (none given included, as ``POST /replays`` does for its
own type), ``422 malformed-body`` for bytes that are not UTF-8, and ``422
invalid-request`` for a body that the route's struct does not take when decoded
strictly, exactly as the OpenAPI document describes it. The size was already
bounded by the route's ``request_max_body_size``.

JSON Schema's integer is a number without a fraction, however written: ``3.0``
and ``3e0`` are integers to the OpenAPI document, so they are to the server
(`whole_numbers`), while ``"3"`` and ``true`` are not.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

import msgspec
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.handlers import BaseRouteHandler

from service.api.errors import ServiceError, shortened


def is_json(media_type: str) -> bool:
    """``application/json``, or a structured ``+json`` type (RFC 6839)."""
    main = media_type.split(";")[0].strip().lower()
    return main == "application/json" or (
        main.startswith("application/") and main.endswith("+json")
    )


#: a number with a fraction or an exponent may be in the body (a cheap look before decoding)
_MAYBE_FLOAT = re.compile(rb"[0-9][.eE]")


def _whole(value: Any) -> Any:
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value


def whole_numbers(body: bytes) -> bytes:
    """`body` with every number of integral value written as an integer (``2.0`` -> ``2``).

    msgspec, decoding strictly, takes only ``2`` for an ``int``; JSON Schema, and so
    the OpenAPI document, calls ``2.0`` an integer too. A body that is not JSON is
    returned as it is, for the decoder to refuse.
    """
    if not _MAYBE_FLOAT.search(body):
        return body
    try:
        value = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return body
    return msgspec.json.encode(_whole(value))


@cache
def _strict_decoder(body_type: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(body_type, strict=True)


def _body_type(handler: BaseRouteHandler) -> Any:
    """The struct the handler's ``data`` takes, or None (a raw body, decoded by the store)."""
    data = handler.parsed_fn_signature.parameters.get("data")
    return None if data is None else data.annotation


async def json_body(
    connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler
) -> None:
    """Refuse a body that is not JSON by its media type, not UTF-8, or not the route's."""
    media_type = connection.headers.get("content-type")
    if media_type is None or not is_json(media_type):
        raise ServiceError(415, "unsupported-media-type", "send the body as application/json")
    assert isinstance(connection, Request)
    body = await connection.body()
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ServiceError(
            422, "malformed-body", f"the body is not UTF-8 (byte {error.start})"
        ) from None
    body_type = _body_type(handler)
    if body_type is not None:
        try:
            _strict_decoder(body_type).decode(whole_numbers(body))
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            raise ServiceError(422, "invalid-request", shortened(str(error))) from None
