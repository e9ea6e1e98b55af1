"""What several routes read from a request, and the version they answer with.

The bearer token (``Authorization: Bearer <token>``), a game id in the path,
``?version=N`` (a past version of the game) and the ``ETag`` naming the version
an answer shows. A version beyond the game's is ``404 unknown-version`` with
the current version, whichever route is asked.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request
from litestar.params import FromPath, QueryParameter

from service.api.errors import ServiceError
from service.store.live import LiveGame

GameId = FromPath[Annotated[str, msgspec.Meta(description="The game's id (a UUID)")]]
SeatNumber = FromPath[Annotated[int, msgspec.Meta(ge=0, le=63, description="A seat number")]]
#: ``?version=N`` (N >= 1); absent means now. A digit string rather than an optional int,
#: because the lenient query parser would read ``version=null`` as "now".
AtVersion = Annotated[
    str | None,
    QueryParameter(
        pattern="^[1-9][0-9]{0,17}$",
        description="Show the game as it was at this version (default: now)",
    ),
]


def bearer(request: Request[Any, Any, Any]) -> str | None:
    """The bearer token of the request, if any (a malformed header counts as none given)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServiceError(401, "invalid-token", "use 'Authorization: Bearer <token>'")
    return token.strip()


def known_version(live: LiveGame, version: int) -> int:
    """`version`, if the game has reached it; else 404 ``unknown-version``."""
    if version > live.version:
        raise ServiceError(
            404, "unknown-version", f"the game is at version {live.version}",
            current_version=live.version,
        )
    return version


def version_or_now(live: LiveGame, asked: str | None) -> int:
    """The version ``?version=N`` asks for, or the game's own when absent."""
    return live.version if asked is None else known_version(live, int(asked))


def etag(version: int) -> dict[str, str]:
    """The ``ETag`` header of an answer showing `version`."""
    return {"ETag": f'"{version}"'}
