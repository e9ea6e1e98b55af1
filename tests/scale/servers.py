"""Real `roundhouse serve` processes for the scale-out, race and kill tests.

Each server is a separate operating-system process started exactly as an
operator starts one (the installed `roundhouse` script), on a free local port,
so nothing is shared with the test but the store itself. With ``toy=True`` it
is `tests.scale.toy_server` instead: the same app, hosting the toy game too.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx

ROUNDHOUSE = str(Path(sys.executable).with_name("roundhouse"))
#: longest wait for a server to answer /health after it was started
START_SECONDS = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """One API process on 127.0.0.1; `kill` and `start` it again on the same port."""

    def __init__(self, store: str, log: Path, env: dict[str, str] | None = None,
                 *, toy: bool = False, args: tuple[str, ...] = ()) -> None:
        """`args` are more options of ``roundhouse serve`` (``--forwarded-allow-ips``...)."""
        self.store = store
        self.toy = toy
        self.args = args
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ([sys.executable, "-m", "tests.scale.toy_server", str(self.port)] if self.toy
                   else [ROUNDHOUSE, "serve", "--port", str(self.port), "--store", self.store,
                         *self.args])
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT,
                env={**self.env, "ROUNDHOUSE_STORE": self.store},
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert self.process.poll() is None, f"the server exited: {self.log.read_text()}"
            try:
                if httpx.get(f"{self.url}/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, f"no answer on {self.url}: {self.log.read_text()}"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind, as in a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def one_server(folder: Path, *args: str) -> Iterator[Server]:
    """One `roundhouse serve` (with more options `args`) on a fresh SQLite store in
    `folder`, its output in `folder`/server.log: started, and stopped at the end."""
    server = Server(f"sqlite:///{folder / 'games.db'}", folder / "server.log", args=args)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def servers(store: str, count: int, logs: Path, **env: str) -> Iterator[list[Server]]:
    """`count` API processes on one store, started, and stopped at the end."""
    with ExitStack() as stack:
        started = []
        for number in range(count):
            server = Server(store, logs / f"server-{number}.log", env)
            stack.callback(server.stop)
            server.start()
            started.append(server)
        yield started
