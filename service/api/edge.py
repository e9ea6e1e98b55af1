"""The HTTP edge: uvicorn's httptools protocol with the limits uvicorn lacks.

uvicorn with httptools (what ``roundhouse serve`` runs) bounds neither the
request line nor the headers: httptools joins a header's pieces in memory until
it ends, so eight 40 MiB headers left 410 MB resident. Nor does it time out a
request that never finishes arriving: it arms its keep-alive timer only after a
response, so a client that connects and sends nothing, or a byte every few
seconds, holds its connection for ever. `EdgeProtocol` adds, per connection:

* a byte count of each request head as it arrives: past the request line and
  header limits (with their separators) the request is refused before it is
  whole, so no more than one read beyond the limit is ever held; and exact
  checks as the parser hands over the target (``414``) and each header
  (``431``, also past ``max_headers`` fields);
* a deadline: a request's line, headers and body must all arrive within
  ``request_seconds`` of its first byte, or it is answered ``408`` (when no
  response has begun) and the connection closed; a connection that sends
  nothing is closed after the keep-alive timeout, as an idle one is.

Refusals are problem documents like every other (`service.api.problems`),
written by the protocol itself with ``Connection: close``, and logged (uvicorn
logs its "Invalid HTTP request received." warning first for the exact checks,
which stop its parser). `server_options` is
the uvicorn configuration ``roundhouse serve`` and the tests both use.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import msgspec
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.server import ServerState

from service.api.problems import PROBLEM_MEDIA_TYPE, make_problem
from service.settings import Settings

#: bytes of a request line and header section beyond the target and the fields:
#: method, version and line ends, and ": " plus CRLF per header
LINE_OVERHEAD = 64
FIELD_OVERHEAD = 4


class EdgeLimits(msgspec.Struct, frozen=True):
    """What one connection may send (the ``max_*`` and ``request_seconds`` settings)."""

    url_bytes: int
    header_bytes: int
    headers: int
    request_seconds: float

    @classmethod
    def of(cls, settings: Settings) -> EdgeLimits:
        return cls(
            settings.max_url_bytes, settings.max_header_bytes, settings.max_headers,
            settings.request_seconds,
        )

    @property
    def head_bytes(self) -> int:
        """The longest head (line and headers) the exact checks can let through."""
        return (
            self.url_bytes + self.header_bytes + FIELD_OVERHEAD * self.headers + LINE_OVERHEAD
        )


class _Refused(Exception):
    """Raised from a parser callback to stop parsing; the status is on the protocol."""


class EdgeProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, refusing oversized and endless requests."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
        *,
        limits: EdgeLimits,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = limits
        #: bytes received since the current head began, while it is not complete
        self._head_bytes = 0
        self._in_head = True
        self._fields = 0
        self._field_bytes = 0
        self._refusal: tuple[int, str, str] | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.timeout_keep_alive_task = self.loop.call_later(
            self.timeout_keep_alive, self.timeout_keep_alive_handler
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            self._head_bytes += len(data)
            if self._deadline is None:
                self._deadline = self.loop.call_later(
                    self.limits.request_seconds, self._timed_out
                )
        super().data_received(data)
        if (
            self._in_head
            and self._head_bytes > self.limits.head_bytes
            and not self.transport.is_closing()
        ):
            self._refuse(431, "header-too-large", "the request line and headers are too large")

    # parser callbacks: the exact checks

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._fields = self._field_bytes = 0

    def on_url(self, url: bytes) -> None:
        if len(self.url) + len(url) > self.limits.url_bytes:
            self._refusal = (
                414, "uri-too-long", f"the request target is over {self.limits.url_bytes} bytes"
            )
            raise _Refused
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._fields += 1
        self._field_bytes += len(name) + len(value)
        if self._fields > self.limits.headers:
            self._refusal = (
                431, "too-many-headers", f"more than {self.limits.headers} header fields"
            )
            raise _Refused
        if self._field_bytes > self.limits.header_bytes:
            self._refusal = (
                431, "header-too-large", f"the headers are over {self.limits.header_bytes} bytes"
            )
            raise _Refused
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self._in_head = True
        self._head_bytes = 0

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a parser error; one of ours says what was refused."""
        if self._refusal is None:
            super().send_400_response(msg)
        else:
            self._refuse(*self._refusal)

    # refusals

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _timed_out(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self._refuse(
                408, "request-timeout",
                f"the request did not arrive within {self.limits.request_seconds:g} s",
            )

    def _refuse(self, status: int, code: str, detail: str) -> None:
        """Answer `status` (unless a response has begun) and close the connection."""
        self.logger.info("%s refused: %d %s (%s)", self.client, status, code, detail)
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            if cycle.response_started:  # too late to answer: just end it
                self.transport.close()
                return
            cycle.disconnected = True  # the app's own answer, if any, goes nowhere
            cycle.message_event.set()
        body = msgspec.json.encode(make_problem(status, code, detail))
        self.transport.write(
            b"".join([
                STATUS_LINE[status],
                b"content-type: ", PROBLEM_MEDIA_TYPE.encode(), b"\r\n",
                b"content-length: ", str(len(body)).encode(), b"\r\n",
                b"connection: close\r\n\r\n",
                body,
            ])
        )
        self.transport.close()


def server_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for the limits in `settings` (the protocol and keep-alive) and the
    proxies trusted to name the client (``X-Forwarded-For``, ``forwarded_allow_ips``)."""
    return {
        "http": functools.partial(EdgeProtocol, limits=EdgeLimits.of(settings)),
        "timeout_keep_alive": settings.keep_alive_seconds,
        "proxy_headers": True,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
    }
