"""Request ids, the JSON request log and the 5xx error log, on the real app and a real server.

No token may ever reach a log line: the subprocess test plays a real game with
bearer tokens (also sent wrongly: in a query string, with a bad scheme) and
searches every line the server wrote for each token.
"""

from __future__ import annotations

import random
import re
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
from litestar import get
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import play, served
from tests.api.players import open_table, test_kinds
from tests.ops.conftest import LogLines
from tests.ops.servers import serving

UVICORN_LINE = re.compile(r"(INFO|WARNING|ERROR): +[A-Z]")
REQUEST_FIELDS = {"method", "route", "status", "duration_ms", "game_id", "request_id"}


@get("/fail", sync_to_thread=False)
def fail() -> None:
    """A route that breaks, as a bug would."""
    raise RuntimeError("something went wrong deep inside")


def app_client(tmp_path: Path, **settings: Any) -> TestClient[Any]:
    app = create_app(
        Settings(store=f"sqlite:///{tmp_path / 'games.db'}", **settings),
        kinds=test_kinds(), extra_handlers=[fail],
    )
    return TestClient(app)


def test_every_answer_has_a_request_id_and_a_sane_incoming_one_is_kept(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        ids = {client.get("/kinds").headers["x-request-id"] for _ in range(20)}
        assert len(ids) == 20 and all(re.fullmatch("[0-9a-f]{32}", i) for i in ids)
        kept = client.get("/kinds", headers={"X-Request-ID": "lb-7f3a:42"})
        assert kept.headers["x-request-id"] == "lb-7f3a:42"
        unrouted = client.get("/no/such/route", headers={"X-Request-ID": "edge-1"})
        assert unrouted.status_code == 404 and unrouted.headers["x-request-id"] == "edge-1"
        for insane in ("has space", "x" * 129, "quote\"d", "new\\nline"):
            replaced = client.get("/kinds", headers={"X-Request-ID": insane})
            assert re.fullmatch("[0-9a-f]{32}", replaced.headers["x-request-id"]), insane


def test_a_5xx_is_logged_with_its_traceback_and_its_request_id(
    tmp_path: Path, log_lines: LogLines
) -> None:
    with app_client(tmp_path) as client:
        answer = client.get("/fail", headers={"X-Request-ID": "trace-me-1"})
        generated = client.get("/fail")
        refused = client.get("/games/nope")
    assert answer.status_code == 500
    assert answer.headers["content-type"].startswith("application/problem+json")
    problem = answer.json()
    assert problem["request_id"] == "trace-me-1" == answer.headers["x-request-id"]
    assert problem["code"] == "internal-error" and "deep inside" not in answer.text
    assert generated.json()["request_id"] == generated.headers["x-request-id"]
    assert "request_id" not in refused.json()  # only server errors carry it
    errors = [line for line in log_lines() if line["logger"] == "roundhouse.errors"]
    assert [e["request_id"] for e in errors] == ["trace-me-1", generated.headers["x-request-id"]]
    for error in errors:
        assert error["level"] == "ERROR" and error["status"] == 500
        assert error["route"] == "/fail"
        assert "Traceback" in error["traceback"]
        assert "RuntimeError: something went wrong deep inside" in error["traceback"]


def test_a_client_gone_before_its_body_arrived_is_no_server_error(
    tmp_path: Path, log_lines: LogLines
) -> None:
    """A client that closes its connection halfway through a body: nobody to answer, and
    no 5xx with a traceback in the log (racing tests that gave up on requests left them)."""
    app = create_app(Settings(store=f"sqlite:///{tmp_path / 'games.db'}"), kinds=test_kinds())
    with served(app) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as half:
            half.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                         b"\r\nContent-Length: 100\r\n\r\n{\"kind\": ")
            time.sleep(0.3)  # the request is being read
        time.sleep(0.5)
        assert httpx.get(f"{base}/health").status_code == 200
    errors = [line for line in log_lines() if line["logger"] == "roundhouse.errors"]
    assert errors == []


def test_access_lines_only_when_switched_on(tmp_path: Path, log_lines: LogLines) -> None:
    with app_client(tmp_path) as client:
        client.get("/kinds")
    assert [line for line in log_lines() if line["logger"] == "roundhouse.access"] == []
    with app_client(tmp_path, access_log=True) as client:
        table = open_table(client, "toy", 2)
        answer = table.command(0, {"type": "draw-card"})
    lines = [line for line in log_lines() if line["logger"] == "roundhouse.access"]
    assert len(lines) == 6  # the kinds, create, two joins, start, the command
    last = lines[-1]
    assert set(last) >= REQUEST_FIELDS
    assert last["method"] == "POST" and last["route"] == "/games/{game_id}/commands"
    assert last["status"] == 200 and last["game_id"] == table.id
    assert last["request_id"] == answer.headers["x-request-id"]
    assert isinstance(last["duration_ms"], float) and last["duration_ms"] > 0


def test_a_real_server_logs_one_json_line_per_request_and_never_a_token(tmp_path: Path) -> None:
    answers: list[httpx.Response] = []
    with serving(f"sqlite:///{tmp_path / 'games.db'}", tmp_path / "server.log",
                 access_log=True) as server:
        with httpx.Client(base_url=server.base, timeout=10,
                          event_hooks={"response": [answers.append]}) as client:
            table = open_table(client, "ticket-to-ride", 2)  # type: ignore[arg-type]
            play(table, 12, random.Random(7))
            token = table.tokens[0]
            client.get(f"/games/{table.id}/me", params={"token": token})
            client.get(f"/games/{table.id}/me", headers={"Authorization": f"Token {token}"})
            client.get(f"/games/{table.id}/me", headers={"Authorization": f"Bearer {token}x"})
            client.get(f"/games/{table.id}/events", headers=table.auth(1))
            client.get("/no/such/route")
        # a request's line is written just after its answer is sent: wait (bounded) for the last
        deadline = time.monotonic() + 5
        while True:
            lines = server.lines()
            written = sum('"roundhouse.access"' in line and '"/health"' not in line
                          for line in lines)
            if written >= len(answers) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
    for token in table.tokens:
        leaked = [line for line in lines if token in line or token[:20] in line]
        assert leaked == [], leaked
    # the server's own lines are JSON; only uvicorn's start-up and shutdown lines are not
    assert all(line.startswith("{") or UVICORN_LINE.match(line) for line in lines), lines
    access = [msgspec.json.decode(line) for line in lines if line.startswith("{")]
    # all but the start-up probes of /health, which the test client did not send
    access = [line for line in access
              if line["logger"] == "roundhouse.access" and line["route"] != "/health"]
    assert len(access) == len(answers) > 40
    for line, answer in zip(access, answers, strict=True):
        assert set(line) >= REQUEST_FIELDS
        assert line["request_id"] == answer.headers["x-request-id"]
        assert line["status"] == answer.status_code
        assert line["method"] == answer.request.method
    routes = {line["route"] for line in access}
    assert {"/games", "/games/{game_id}/me", "/games/{game_id}/commands", "(unmatched)"} <= routes
    assert {line["game_id"] for line in access if line["route"].startswith("/games/{")} == {
        table.id
    }
