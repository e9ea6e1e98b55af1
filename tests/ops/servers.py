"""Real processes for the ops tests: ``roundhouse serve`` (optionally inside a network
namespace) and the TCP relay, each started here and stopped by its own process group.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.scale.servers import free_port


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group this module started, then SIGKILL if it lingers."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


@dataclass
class Server:
    """A running ``roundhouse serve``: its base URL and what it wrote (stdout and stderr)."""

    base: str
    output: Path
    process: subprocess.Popen[bytes]

    def lines(self) -> list[str]:
        return self.output.read_text(errors="replace").splitlines()


@contextmanager
def serving(
    store: str,
    output: Path,
    *,
    host: str = "127.0.0.1",
    workers: int = 1,
    netns: str | None = None,
    address: str | None = None,
    env: dict[str, str] | None = None,
    access_log: bool = False,
) -> Iterator[Server]:
    """``roundhouse serve`` on `store`, answering ``/health`` before this yields.

    It listens on `host` (in namespace `netns`, on port 8000 there) and is reached at
    `address` (default: `host`).
    """
    port = free_port() if netns is None else 8000
    command = [sys.executable, "-m", "service.cli", "serve", "--host", host,
               "--port", str(port), "--workers", str(workers)]
    if access_log:
        command.append("--access-log")
    if netns is not None:
        command = ["ip", "netns", "exec", netns, *command]
    environment = {**os.environ, "ROUNDHOUSE_STORE": store, **(env or {})}
    environment.pop("PROMETHEUS_MULTIPROC_DIR", None)
    with output.open("wb") as sink:
        process = subprocess.Popen(command, env=environment, stdout=sink, stderr=sink,
                                   start_new_session=True)
    base = f"http://{address or host}:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, output.read_text(errors="replace")[-3000:]
            assert time.monotonic() < deadline, "the server did not answer /health in 30 s"
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield Server(base, output, process)
    finally:
        _stop(process)


@contextmanager
def relaying(
    listen_host: str, listen_port: int, target_port: int
) -> Iterator[subprocess.Popen[bytes]]:
    """`tests.ops.relay` from ``listen_host:listen_port`` to ``127.0.0.1:target_port``; the
    relay's process (a test may freeze it with SIGSTOP: its connections then hang)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.ops.relay", listen_host, str(listen_port),
         "127.0.0.1", str(target_port)],
        stdout=subprocess.PIPE, start_new_session=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        yield process
    finally:
        _stop(process)
