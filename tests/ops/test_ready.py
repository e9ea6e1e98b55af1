"""`GET /ready` fails (503 problem) while the store is unreachable, and reports a configured
Redis that is unreachable in its body without failing (each process serves from the store
alone then: taking every process out of rotation for Redis would stop the whole
deployment). Real unreachable addresses: a closed port on 127.0.0.1, and PostgreSQL reached
through a relay that the test stops and starts again. `/health` (liveness) is not
about Redis."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.players import open_table, test_kinds
from tests.conftest import REDIS_URL
from tests.ops.servers import free_port, relaying
from tests.toy import DRAW


def ready(client: TestClient[Any]) -> Any:
    return client.get("/ready", headers={"X-Request-ID": "probe-1"})


def until(client: TestClient[Any], status: int, seconds: float = 15) -> Any:
    """The first /ready answer with `status`, asked every 0.1 s for at most `seconds`."""
    deadline = time.monotonic() + seconds
    while (answer := ready(client)).status_code != status:
        assert time.monotonic() < deadline, answer.text
        time.sleep(0.1)
    return answer


def test_ready_when_store_and_redis_answer(tmp_path: Path, redis_prefix: str) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'g.db'}", redis_url=REDIS_URL,
                        redis_prefix=redis_prefix)
    with TestClient(create_app(settings)) as client:
        answer = ready(client)
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "store": "ok", "redis": "ok"}


def test_still_ready_while_redis_is_unreachable_and_says_so(tmp_path: Path) -> None:
    closed = free_port()  # nothing listens there
    settings = Settings(store=f"sqlite:///{tmp_path / 'g.db'}",
                        redis_url=f"redis://127.0.0.1:{closed}/0")
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        answer = ready(client)
        alive = client.get("/health")
        metrics = client.get("/metrics").text
        table = open_table(client, "toy", 2)  # and the service serves meanwhile
        assert table.command(0, DRAW).status_code == 200
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "store": "ok", "redis": "unreachable"}
    assert alive.status_code == 200
    assert 'roundhouse_redis_errors_total{operation="readiness"}' in metrics


def test_not_ready_while_the_store_is_unreachable_then_ready_again(postgres_url: str) -> None:
    parts = urlsplit(postgres_url)
    port = free_port()
    through_relay = urlunsplit(parts._replace(netloc=f"{parts.username}@127.0.0.1:{port}"))
    with ExitStack() as stack:
        relay = stack.enter_context(ExitStack())
        relay.enter_context(relaying("127.0.0.1", port, parts.port or 5432))
        client = stack.enter_context(TestClient(create_app(Settings(store=through_relay))))
        assert ready(client).json() == {"status": "ok", "store": "ok",
                                        "redis": "not configured"}
        relay.close()  # the port is closed, the store's connections are cut
        began = time.monotonic()
        refused = until(client, 503)
        assert time.monotonic() - began < 5  # the probe's bound, not the store's retries
        assert refused.json()["code"] == "not-ready"
        assert "event store" in refused.json()["detail"]
        assert refused.json()["request_id"] == "probe-1"
        relay.enter_context(relaying("127.0.0.1", port, parts.port or 5432))
        assert until(client, 200).json()["store"] == "ok"
