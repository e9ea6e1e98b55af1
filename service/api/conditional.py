"""Conditional GETs (RFC 9110 §13.1.2) and the ``Vary`` of answers that depend on the token.

Every cacheable read sends an ``ETag``; a client that already holds that
representation sends it back in ``If-None-Match`` and gets ``304 Not Modified``
without a body. ``If-None-Match: *`` matches whenever the resource has a current
representation (so on a game that exists it is always ``304``); a list of tags
matches when any of them does, compared weakly (``W/"7"`` matches ``"7"``).

An answer that is redacted for the bearer (the export, the events, the stream,
the private view, the audit) says ``Vary: Authorization``, so a shared cache
never hands a seat's answer to a spectator or to another seat.
"""

from __future__ import annotations

from typing import Annotated

from litestar.openapi.datastructures import ResponseSpec
from litestar.params import HeaderParameter

#: the longest If-None-Match taken (a list of a few dozen tags)
IF_NONE_MATCH_MAX = 1024
IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-None-Match",
        max_length=IF_NONE_MATCH_MAX,
        description='The ETag(s) the client holds, e.g. "12", or * for any: 304 when one '
        "matches the current representation",
    ),
]


def unchanged(what: str) -> dict[int, ResponseSpec]:
    """The OpenAPI ``304`` of a conditional GET, whose ETag names `what`."""
    return {304: ResponseSpec(None, description=f"Not modified: If-None-Match names {what}")}


#: the header of every answer that depends on the caller's bearer token
VARY_AUTHORIZATION = {"Vary": "Authorization"}


def _opaque(tag: str) -> str:
    """The entity tag without its weakness marker (weak comparison)."""
    tag = tag.strip()
    return tag[2:] if tag.startswith("W/") else tag


def not_modified(if_none_match: str | None, etag: str) -> bool:
    """Whether `if_none_match` names the representation whose ETag is `etag`."""
    if if_none_match is None:
        return False
    if if_none_match.strip() == "*":
        return True
    return _opaque(etag) in {_opaque(tag) for tag in if_none_match.split(",")}
