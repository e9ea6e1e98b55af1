"""`GET /metrics`: the counters move with what the real app does; protection by token;
one sum over the workers of ``roundhouse serve --workers 2``."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
from litestar import get
from litestar.testing import TestClient

from service.api.app import create_app
from service.api.metrics import MULTIPROC_ENV, metrics_directory
from service.settings import Settings
from tests.api.live import Listener, served
from tests.api.players import open_table, test_kinds
from tests.ops.scrape import metric
from tests.ops.servers import serving

COMMANDS = "/games/{game_id}/commands"


def app(tmp_path: Path, **settings: Any) -> Any:
    return create_app(Settings(store=f"sqlite:///{tmp_path / 'games.db'}", **settings),
                      kinds=test_kinds())


def scrape(client: Any, **headers: str) -> str:
    answer = client.get("/metrics", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    text: str = answer.text
    return text


def test_counters_move_when_commands_are_accepted_and_refused(tmp_path: Path) -> None:
    with TestClient(app(tmp_path)) as client:
        before = scrape(client)
        table = open_table(client, "toy", 2)
        for seat in (0, 1, 0):
            assert table.command(seat, {"type": "draw-card"}).status_code == 200
        assert table.command(0, {"type": "draw-card"}).status_code == 409  # seat 1 acts now
        assert table.command(1, {"type": "draw-card"}, **{"If-Match": '"2"'}).status_code == 412
        again = table.command(1, {"type": "draw-card"}, **{"Idempotency-Key": "k1"})
        replay = table.command(1, {"type": "draw-card"}, **{"Idempotency-Key": "k1"})
        assert again.status_code == replay.status_code == 200
        assert replay.headers["idempotent-replayed"] == "true"
        after = scrape(client)

    def moved(name: str, **labels: str) -> float:
        return metric(after, name, **labels) - metric(before, name, **labels)

    assert moved("roundhouse_commands_accepted_total") == 4  # the replay is not counted
    assert moved("roundhouse_commands_refused_total", code="not-your-turn") == 1
    assert moved("roundhouse_commands_refused_total", code="version-mismatch") == 1
    assert moved("roundhouse_http_requests_total", method="POST", route=COMMANDS,
                 status="200") == 5
    assert moved("roundhouse_http_requests_total", method="POST", route=COMMANDS,
                 status="409") == 1
    assert moved("roundhouse_http_request_duration_seconds_count", method="POST",
                 route=COMMANDS) == 7
    # created, two seats, started, four commands: eight appends, in at least one transaction
    assert moved("roundhouse_store_appends_total") == 8
    assert 1 <= moved("roundhouse_store_commit_batch_appends_count") <= 8
    assert moved("roundhouse_store_commit_batch_appends_sum") == 8
    assert metric(after, "roundhouse_live_games") >= 1


def test_open_streams_are_counted_while_open(tmp_path: Path) -> None:
    with served(app(tmp_path, stream_seconds=1.5)) as base:
        client = httpx.Client(base_url=base)
        table = open_table(client, "toy", 2)  # type: ignore[arg-type]
        before = metric(scrape(client), "roundhouse_sse_subscribers")
        streams = [Listener(base, f"/games/{table.id}/stream").start() for _ in range(3)]
        during = metric(scrape(client), "roundhouse_sse_subscribers")
        for stream in streams:
            stream.ended(timeout=5)
        deadline = time.monotonic() + 5
        while (after := metric(scrape(client), "roundhouse_sse_subscribers")) != before:
            assert time.monotonic() < deadline, after
            time.sleep(0.05)
        client.close()
    assert during - before == 3


@get("/store-fails", sync_to_thread=False)
def store_fails() -> None:
    """A route whose store query fails, as a full disk or a lost database would."""
    raise sqlite3.OperationalError("disk I/O error")


def test_a_request_failed_by_the_store_counts_as_a_store_error(tmp_path: Path) -> None:
    application = create_app(Settings(store=f"sqlite:///{tmp_path / 'games.db'}"),
                             extra_handlers=[store_fails])
    with TestClient(application) as client:
        before = scrape(client)
        assert client.get("/store-fails").status_code == 500
        after = scrape(client)
    name, labels = "roundhouse_store_errors_total", {"operation": "request"}
    assert metric(after, name, **labels) - metric(before, name, **labels) == 1


def test_a_metrics_token_protects_the_metrics(tmp_path: Path) -> None:
    with TestClient(app(tmp_path, metrics_token="s3cret-metrics")) as client:
        missing = client.get("/metrics")
        wrong = client.get("/metrics", headers={"Authorization": "Bearer nope"})
        assert missing.status_code == wrong.status_code == 401
        assert missing.json()["code"] == "missing-token"
        assert wrong.json()["code"] == "invalid-token"
        assert "roundhouse_http_requests_total" in scrape(
            client, Authorization="Bearer s3cret-metrics"
        )


def test_the_workers_metrics_directory(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    with metrics_directory(1):
        assert MULTIPROC_ENV not in os.environ  # one process keeps its metrics in memory
    with metrics_directory(3):
        made = Path(os.environ[MULTIPROC_ENV])
        assert made.is_dir() and list(made.iterdir()) == []
    assert MULTIPROC_ENV not in os.environ and not made.exists()
    given = tmp_path / "prometheus"
    given.mkdir()
    (given / "counter_4242.db").write_bytes(b"stale")
    (given / "README").write_text("not ours")
    monkeypatch.setenv(MULTIPROC_ENV, str(given))
    with metrics_directory(2):
        assert sorted(p.name for p in given.iterdir()) == ["README"]
    assert os.environ[MULTIPROC_ENV] == str(given)


def test_every_worker_answers_with_the_sum_over_all_workers(
    tmp_path: Path, postgres_url: str
) -> None:
    with serving(postgres_url, tmp_path / "server.log", workers=2) as server:
        with httpx.Client(base_url=server.base, timeout=10) as client:
            tables = [open_table(client, "ticket-to-ride", 2)  # type: ignore[arg-type]
                      for _ in range(3)]
        accepted = 0
        for table in tables:
            for _ in range(8):
                # a new connection each time, so that both workers take commands
                with httpx.Client(base_url=server.base, timeout=10) as fresh:
                    table.client = fresh  # type: ignore[assignment]
                    seat = table.public()["to_act"][0]
                    move = table.me(seat)["legal_moves"][0]["command"]
                    assert table.command(seat, move).status_code == 200
                    accepted += 1
        scrapes = []
        for _ in range(8):
            with httpx.Client(base_url=server.base, timeout=10) as fresh:
                scrapes.append(scrape(fresh))
    assert [metric(s, "roundhouse_commands_accepted_total") for s in scrapes] == [accepted] * 8
    # three games created, six seats taken, three starts, then the commands
    assert {metric(s, "roundhouse_store_appends_total") for s in scrapes} == {12 + accepted}
