"""`roundhouse serve` with no configuration serves from ./roundhouse.db (an empty Redis URL
is no Redis); a setting it cannot use stops it with one line; `openapi` exports."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from service.cli import build_parser, main, openapi_document

ROOT = Path(__file__).parents[2]


def test_serve_without_configuration_uses_a_file_in_the_current_directory(
    tmp_path: Path,
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROUNDHOUSE_")}
    env["PYTHONPATH"] = str(ROOT)
    env["ROUNDHOUSE_REDIS_URL"] = ""  # set but empty: no Redis
    server = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        # a bound for a loaded machine (the server answers in about 1.5 s on an idle one)
        deadline = time.monotonic() + 60
        while True:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/health")
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.1)
        assert health.json() == {"status": "ok", "store": "ok"}
        ready = httpx.get(f"http://127.0.0.1:{port}/ready").json()
        assert ready == {"status": "ok", "store": "ok", "redis": "not configured"}
        created = httpx.post(f"http://127.0.0.1:{port}/games",
                             json={"kind": "colt-express", "seats": 2})
        assert created.status_code == 201
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert (tmp_path / "roundhouse.db").exists()


def test_openapi_command_writes_the_document(tmp_path: Path) -> None:
    target = tmp_path / "openapi.json"
    assert main(["openapi", "--output", str(target)]) == 0
    assert target.read_bytes() == openapi_document()


def test_serve_refuses_several_workers_on_sqlite() -> None:
    args = build_parser().parse_args(["serve", "--workers", "2", "--store", "sqlite:///x.db"])
    assert args.run(args) == 2


def test_a_setting_that_cannot_be_used_stops_the_start_with_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ROUNDHOUSE_REDIS_URL": "localhost:6379"}
    done = subprocess.run([sys.executable, "-m", "service.cli", "serve", "--port", "1"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "roundhouse serve: ROUNDHOUSE_REDIS_URL (redis_url) must start with redis://, "
        "rediss://, unix://, or be empty for none; got 'localhost:6379'"]
    env = {**env, "ROUNDHOUSE_REDIS_URL": "", "ROUNDHOUSE_CACHE_SIZE": "lots"}
    done = subprocess.run([sys.executable, "-m", "service.cli", "serve", "--port", "1"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "roundhouse serve: ROUNDHOUSE_CACHE_SIZE (cache_size): Expected `int`, got `str`"]
