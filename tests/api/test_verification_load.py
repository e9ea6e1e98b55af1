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

from tests.scale.servers import servers

LOG = Path("/work/shared/fixtures/logs-0.1/europe-standard-5p.jsonl")
CLIENTS = 4
SECONDS = 4.0
BOUND_SECONDS = 0.25


def test_health_stays_fast_while_replays_run(tmp_path: Path) -> None:
    log = LOG.read_bytes()
    verdicts: list[bool] = []
    with servers(f"sqlite:///{tmp_path / 'games.db'}", 1, tmp_path) as [server]:
        base = server.url
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


def test_verifications_past_the_queue_are_503_with_retry_after(tmp_path: Path) -> None:
    """One worker, no queue: of eight replays sent at once, one runs, the rest are refused."""
    log = LOG.read_bytes()
    store = f"sqlite:///{tmp_path / 'games.db'}"
    with (
        servers(store, 1, tmp_path, ROUNDHOUSE_VERIFY_WORKERS="1", ROUNDHOUSE_VERIFY_QUEUE="0")
        as [server],
        httpx.Client(base_url=server.url, timeout=30) as http,
    ):
        answers: list[httpx.Response] = []

        def replay() -> None:
            answers.append(http.post("/replays", content=log,
                                     headers={"content-type": "application/x-ndjson"}))

        senders = [threading.Thread(target=replay) for _ in range(8)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(timeout=60)
        busy = [a for a in answers if a.status_code == 503]
        assert len(answers) == 8 and {a.status_code for a in answers} == {200, 503}
        for answer in busy:
            assert answer.headers["retry-after"] == "1"
            assert answer.json()["code"] == "verifier-busy"
        again = http.post("/replays", content=log, headers={"content-type": "application/x-ndjson"})
        assert again.status_code == 200 and again.json()["valid"] is True


def descendants(pid: int) -> set[int]:
    """Every process below `pid` (children, their children...), from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def test_verifier_processes_end_with_a_killed_server(tmp_path: Path) -> None:
    """SIGKILL leaves no verifier worker, fork server or resource tracker behind."""
    with servers(f"sqlite:///{tmp_path / 'games.db'}", 1, tmp_path) as [server]:
        answer = httpx.post(f"{server.url}/replays", content=LOG.read_bytes(),
                            headers={"content-type": "application/x-ndjson"}, timeout=30)
        assert answer.status_code == 200
        assert server.process is not None
        helpers = descendants(server.process.pid)
        assert len(helpers) >= 2  # the fork server and a worker at least
        server.kill()
        deadline = time.monotonic() + 10
        while (alive := {p for p in helpers if Path(f"/proc/{p}").exists()}) and (
            time.monotonic() < deadline
        ):
            time.sleep(0.1)
    assert not alive, f"left behind: {alive}"
