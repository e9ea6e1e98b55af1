"""Log verification cannot starve the server: ``/health`` stays fast while four
clients post large valid logs to ``POST /replays`` without pause.

Against ``roundhouse serve`` in its own process (the test's own threads must not
share its interpreter lock). Before verification moved to worker processes,
the same load held ``/health`` at 300-600 ms.
"""

from __future__ import annotations

import statistics
import threading
import time
from pathlib import Path

import httpx

from tests.api.servers import serving

LOG = Path("/work/shared/fixtures/logs-0.1/europe-standard-5p.jsonl")
CLIENTS = 4
SECONDS = 4.0
BOUND_SECONDS = 0.25


def test_health_stays_fast_while_replays_run(tmp_path: Path) -> None:
    log = LOG.read_bytes()
    verdicts: list[bool] = []
    with serving(tmp_path) as (base, _):
        stop = time.monotonic() + SECONDS

        def replay_until_stopped() -> None:
            with httpx.Client(base_url=base, timeout=30) as client:
                while time.monotonic() < stop:
                    answer = client.post(
                        "/replays", content=log, headers={"content-type": "application/x-ndjson"}
                    )
                    verdicts.append(answer.status_code == 200 and answer.json()["valid"])

        clients = [threading.Thread(target=replay_until_stopped) for _ in range(CLIENTS)]
        for client in clients:
            client.start()
        time.sleep(0.5)  # every client has a replay running
        latencies = []
        with httpx.Client(base_url=base, timeout=30) as http:
            while time.monotonic() < stop:
                started = time.monotonic()
                assert http.get("/health").status_code == 200
                latencies.append(time.monotonic() - started)
                time.sleep(0.05)
        for client in clients:
            client.join(timeout=60)
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95) - 1]
    print(
        f"{len(verdicts)} replays by {CLIENTS} clients in {SECONDS:g} s; /health n="
        f"{len(latencies)} p50 {statistics.median(latencies) * 1000:.1f} ms, p95 "
        f"{p95 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    assert len(verdicts) >= 2 * CLIENTS and all(verdicts)
    assert p95 < BOUND_SECONDS, latencies
