"""Helpers for tests that watch games live: a real uvicorn server on a free local
port, a Server-Sent Events parser and listener, and a few random legal moves.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec
import uvicorn
from litestar import Litestar

from service.api.edge import server_options
from tests.api.players import Table
from tests.scale.servers import free_port


@contextmanager
def served(app: Litestar) -> Iterator[str]:
    """`app` served by uvicorn in a thread on a free local port; yields its base URL.

    uvicorn is configured as ``roundhouse serve`` configures it, with the app's limits.
    """
    port = free_port()
    options = server_options(app.state.settings)
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@dataclass
class Message:
    """One Server-Sent Event (or a comment, with `comment` set)."""

    id: str | None = None
    event: str | None = None
    data: str | None = None
    comment: str | None = None

    def record(self) -> dict[str, Any]:
        assert self.event == "record" and self.data is not None, self
        body: dict[str, Any] = msgspec.json.decode(self.data)
        assert self.id == str(body["version"])
        return body


def parse(lines: Iterator[str]) -> Iterator[Message]:
    """Messages from the lines of an event stream (the SSE wire format)."""
    message = Message()
    for line in lines:
        if line == "":
            yield message
            message = Message()
        elif line.startswith(":"):
            message.comment = line[1:].strip()
        else:
            name, _, value = line.partition(": ")
            setattr(message, name, value if name != "data" else (message.data or "") + value)


@dataclass
class Listener:
    """A stream read in a thread; messages arrive on `messages`, None when it ends."""

    base: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    messages: queue.Queue[Message | None] = field(default_factory=queue.Queue)
    status: int = 0

    def start(self) -> Listener:
        opened = threading.Event()

        def run() -> None:
            try:
                with httpx.stream("GET", self.base + self.path, headers=self.headers,
                                  timeout=10) as response:
                    self.status = response.status_code
                    assert response.headers["content-type"].startswith("text/event-stream")
                    opened.set()
                    for message in parse(response.iter_lines()):
                        self.messages.put(message)
            except httpx.TransportError:
                pass  # the server went away: the stream ends here
            self.messages.put(None)

        threading.Thread(target=run, daemon=True).start()
        assert opened.wait(5), "the stream did not open"
        return self

    def records_until(self, version: int, timeout: float = 5) -> tuple[list[dict[str, Any]], int]:
        """Records up to `version` (and how many heartbeats came meanwhile)."""
        records: list[dict[str, Any]] = []
        heartbeats = 0
        deadline = time.monotonic() + timeout
        while not records or records[-1]["version"] < version:
            message = self.messages.get(timeout=max(deadline - time.monotonic(), 0.01))
            assert message is not None, f"the stream ended before version {version}"
            if message.comment == "heartbeat":
                heartbeats += 1
            elif message.event == "record":
                records.append(message.record())
        return records, heartbeats

    def ended(self, timeout: float = 5) -> list[Message]:
        """What came until the stream ended by itself."""
        rest: list[Message] = []
        deadline = time.monotonic() + timeout
        while (message := self.messages.get(timeout=max(deadline - time.monotonic(), 0.01))):
            rest.append(message)
        return rest


def play(table: Table, moves: int, chooser: random.Random) -> int:
    """`moves` random legal commands; the version after them."""
    version = 0
    for _ in range(moves):
        seat = chooser.choice(table.public()["to_act"])
        me = table.me(seat)
        answer = table.command(seat, chooser.choice(me["legal_moves"])["command"])
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
    return version
