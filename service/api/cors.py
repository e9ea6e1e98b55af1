"""Cross-origin requests (CORS), so that a web app served elsewhere can watch and play.

Every seat acts with a bearer token that the app sends in ``Authorization``
itself; the server sets no cookie and reads none. So answering any origin
(``cors_origins = "*"``, the default) gives a page on another site nothing it
could not already do with ``curl``: it still needs a token, and a browser never
attaches one by itself. An operator who wants to limit which sites may embed the
API lists their origins (``https://app.example, https://other.example``); an
empty setting sends no CORS headers at all (only same-origin pages may call).

`Cors` wraps the whole application, outside litestar's router, so a preflight
(``OPTIONS`` with ``Access-Control-Request-Method``) is answered for every route
before rate limits or routing. What a browser may send and read is fixed here
and documented in the README: the headers the API defines (``Authorization``,
``If-Match``, ``If-None-Match``, ``Idempotency-Key``, ``Last-Event-ID``,
``X-Request-ID``, ``Content-Type``) and every header the API answers with
(``ETag``, ``Location``, ``Retry-After``, the ``RateLimit-*`` headers...).
"""

from __future__ import annotations

from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPResponseStartEvent, Message, Receive, Scope, Send

#: what a page may send besides the CORS-safelisted headers
ALLOWED_HEADERS = (
    "Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key",
    "Last-Event-ID", "X-Request-ID",
)
ALLOWED_METHODS = ("GET", "HEAD", "POST", "DELETE", "OPTIONS")
#: the answer headers a page's script may read
EXPOSED_HEADERS = (
    "Content-Disposition", "ETag", "Idempotent-Replayed", "Location", "RateLimit-Limit",
    "RateLimit-Policy", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After",
    "X-Request-ID", "X-Served-From",
)
#: how long a browser may keep a preflight's answer
PREFLIGHT_SECONDS = 600


def allowed_origins(setting: str) -> frozenset[str] | None:
    """The origins a setting names: None for any (``*``), empty for none."""
    origins = frozenset(o.strip().rstrip("/") for o in setting.split(",") if o.strip())
    return None if "*" in origins else origins


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


class Cors:
    """ASGI wrapper: preflights answered, CORS headers on every answer to an allowed origin."""

    def __init__(self, app: ASGIApp, origins: str) -> None:
        self.app = app
        self.origins = allowed_origins(origins)

    def _allow_origin(self, origin: bytes) -> bytes | None:
        """What ``Access-Control-Allow-Origin`` says to `origin`, or None if it is not allowed."""
        if self.origins is None:
            return b"*"
        return origin if origin.decode("latin-1") in self.origins else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        origin = _header(scope, b"origin")
        allow = None if origin is None else self._allow_origin(origin)
        if allow is None:
            await self.app(scope, receive, send)
            return
        common = [(b"access-control-allow-origin", allow)]
        if self.origins is not None:
            common.append((b"vary", b"Origin"))
        if scope["method"] == "OPTIONS" and _header(scope, b"access-control-request-method"):
            preflight: HTTPResponseStartEvent = {
                "type": "http.response.start", "status": 204, "headers": [
                    *common,
                    (b"access-control-allow-methods", ", ".join(ALLOWED_METHODS).encode()),
                    (b"access-control-allow-headers", ", ".join(ALLOWED_HEADERS).encode()),
                    (b"access-control-max-age", str(PREFLIGHT_SECONDS).encode()),
                ]}
            await send(preflight)
            await send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        exposed = (b"access-control-expose-headers", ", ".join(EXPOSED_HEADERS).encode())

        async def with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                vary = [v for n, v in headers if n.lower() == b"vary"]
                headers = [(n, v) for n, v in headers if n.lower() != b"vary"]
                if self.origins is not None:
                    vary.append(b"Origin")
                if vary:
                    headers.append((b"vary", b", ".join(vary)))
                message["headers"] = [*headers, common[0], exposed]
            await send(message)

        await self.app(scope, receive, with_cors)
