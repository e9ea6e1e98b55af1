"""`roundhouse serve` as a separate process on a free local port, for tests that need
a server not sharing the test's interpreter (its CPU, its memory, its settings).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def serving(
    cwd: Path, env: dict[str, str] | None = None, args: tuple[str, ...] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``roundhouse serve`` run in `cwd` with only the ``ROUNDHOUSE_*`` settings in `env`
    (none from this environment); yields its base URL and process once it answers."""
    port = free_port()
    environ = {k: v for k, v in os.environ.items() if not k.startswith("ROUNDHOUSE_")}
    environ.update(env or {}, PYTHONPATH=str(ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port), *args],
        cwd=cwd, env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{base}/health")
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and server.poll() is None, "no server"
                time.sleep(0.1)
        yield base, server
    finally:
        server.terminate()
        server.wait(timeout=10)


def resident_kib(process: subprocess.Popen[bytes]) -> int:
    """The process's resident memory (VmRSS), in KiB."""
    for line in Path(f"/proc/{process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")
