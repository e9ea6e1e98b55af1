"""The connection limits of `service.api.edge`, against a real uvicorn server.

Raw sockets, because an HTTP client would not send what these limits are for:
an oversized request line or header section, too many fields, a request that
never finishes arriving, a connection that never sends a byte.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import served
from tests.scale.servers import servers

REQUEST_SECONDS = 1.0
KEEP_ALIVE_SECONDS = 1


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store = tmp_path_factory.mktemp("edge") / "games.db"
    settings = Settings(
        store=f"sqlite:///{store}", request_seconds=REQUEST_SECONDS,
        keep_alive_seconds=KEEP_ALIVE_SECONDS,
    )
    with served(create_app(settings)) as url:
        yield url


def exchange(base: str, *pieces: bytes | float, wait: float = 10) -> tuple[bytes, float]:
    """Send `pieces` (a float: pause that long), then read until the server closes;
    the answer and the seconds from the first byte sent until the close."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as connection:
        started = time.monotonic()
        try:
            for piece in pieces:
                if isinstance(piece, float):
                    time.sleep(piece)
                else:
                    connection.sendall(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server closed first: what it said before is still to be read
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
        return answer, time.monotonic() - started


def refused(answer: bytes, status: int, code: str) -> None:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), answer[:200]
    assert b"content-type: application/problem+json" in head and b"connection: close" in head
    problem = json.loads(body)
    assert problem["status"] == status and problem["code"] == code
    assert problem["type"] == f"urn:roundhouse:problem:{code}"


def get(path: str = "/health", headers: bytes = b"") -> bytes:
    return b"GET " + path.encode() + b" HTTP/1.1\r\nHost: t\r\n" + headers + b"\r\n"


def test_a_request_within_the_limits_is_served(base: str) -> None:
    pad = b"X-Pad: " + b"a" * 20_000 + b"\r\n"
    answer, _ = exchange(base, get(headers=pad + b"Connection: close\r\n"))
    assert answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b'{"status":"ok","store":"ok"}')


def test_an_oversized_request_target_is_414(base: str) -> None:
    answer, _ = exchange(base, get("/" + "a" * 9000))
    refused(answer, 414, "uri-too-long")


def test_oversized_headers_are_431(base: str) -> None:
    answer, _ = exchange(base, get(headers=b"X-Big: " + b"a" * 33_000 + b"\r\n"))
    refused(answer, 431, "header-too-large")
    many = b"".join(b"X-%d: a\r\n" % n for n in range(101))
    answer, _ = exchange(base, get(headers=many))
    refused(answer, 431, "too-many-headers")


def test_a_header_section_that_never_ends_is_refused_before_it_is_whole(base: str) -> None:
    """No end of headers ever comes: the byte count alone refuses it."""
    answer, elapsed = exchange(base, get(headers=b"X-Big: ")[:-2], *[b"a" * 16_384] * 8)
    refused(answer, 431, "header-too-large")
    assert elapsed < REQUEST_SECONDS


@pytest.mark.parametrize(
    "pieces",
    [
        (b"GET /health HTTP/1.1\r\nHost: t\r\n",),  # the headers never end
        tuple(p for byte in get() for p in (bytes([byte]), 0.1)),  # a byte at a time
        (b"POST /games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
         b"Content-Length: 100\r\n\r\n{",),  # a short body
    ],
    ids=["stalled-head", "trickled-head", "short-body"],
)
def test_a_request_that_does_not_arrive_in_time_is_408_and_closed(
    base: str, pieces: tuple[bytes | float, ...]
) -> None:
    answer, elapsed = exchange(base, *pieces)
    refused(answer, 408, "request-timeout")
    assert REQUEST_SECONDS - 0.1 < elapsed < REQUEST_SECONDS + 1.5


def test_a_silent_connection_is_closed_after_the_keep_alive_timeout(base: str) -> None:
    answer, elapsed = exchange(base)
    assert answer == b"" and elapsed < KEEP_ALIVE_SECONDS + 1.5
    answer, elapsed = exchange(base, b"\r\n", 0.4, b"\r\n", 0.4, b"\r\n", 0.4, b"\r\n")
    refused(answer, 408, "request-timeout")


def test_keep_alive_serves_several_requests_then_closes_when_idle(base: str) -> None:
    answer, elapsed = exchange(base, get(), 0.3, get(), 0.3, get())
    assert answer.count(b"HTTP/1.1 200 ") == 3
    assert 0.6 + KEEP_ALIVE_SECONDS - 0.1 < elapsed < 0.6 + KEEP_ALIVE_SECONDS + 1.5


def open_with_huge_header(base: str) -> socket.socket:
    """A connection that has sent 40 MiB of one header, and no end to it."""
    host, port = base.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)), timeout=60)
    # refused and closed by the server before the end: what the test expects
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
        connection.sendall(get(headers=b"X-Big: ")[:-2] + b"a" * (40 << 20))
    return connection


def resident_kib(pid: int) -> int:
    """A process's resident memory (VmRSS), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_huge_headers_leave_the_server_s_memory_alone(tmp_path: Path) -> None:
    """Eight connections sending 40 MiB headers once left the server 410 MB larger."""
    with servers(f"sqlite:///{tmp_path / 'games.db'}", 1, tmp_path) as [server]:
        assert server.process is not None
        before = resident_kib(server.process.pid)
        connections = [open_with_huge_header(server.url) for _ in range(8)]
        time.sleep(0.2)
        grown = resident_kib(server.process.pid) - before
        for connection in connections:
            connection.close()
        answer, _ = exchange(server.url, get(headers=b"Connection: close\r\n"))
        assert answer.startswith(b"HTTP/1.1 200 ")
    assert grown < 16 * 1024, f"the server grew by {grown} KiB"
