"""Nothing waits on the event loop: while a game's lock is held (as a command holds it
across its commit), its readers wait in worker threads and ``/health`` still answers.

A real uvicorn server in this process, so the test can hold the lock itself; the
readers are every route that reads a game under its lock, several of each.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import served
from tests.api.players import open_table, test_kinds

#: well under the time the game is held (a /health that waited for it would take over a
#: second); a shared 2-core machine under load answered one probe in 0.26 s
HEALTH_BOUND_SECONDS = 0.5
HELD_SECONDS = 1.5


def test_health_answers_while_readers_wait_for_a_held_game(tmp_path: Path) -> None:
    app = create_app(Settings(store=f"sqlite:///{tmp_path / 'games.db'}"), kinds=test_kinds())
    with served(app) as base, httpx.Client(base_url=base, timeout=10) as http:
        table = open_table(http, "ticket-to-ride", 2)  # type: ignore[arg-type]
        game = f"/games/{table.id}"
        readers = [
            f"{game}/board.svg", f"{game}/export", f"{game}/audit", f"{game}/events",
            f"{game}", f"{game}/material",
        ] * 2
        live = app.state.store.games.get(table.id)
        with ThreadPoolExecutor(len(readers)) as pool:
            with live.lock:
                held = time.monotonic()
                waiting = [pool.submit(http.get, path) for path in readers]
                time.sleep(0.2)  # the readers are in, waiting for the lock
                latencies = []
                while time.monotonic() - held < HELD_SECONDS:
                    started = time.monotonic()
                    assert http.get("/health").status_code == 200
                    latencies.append(time.monotonic() - started)
                    time.sleep(0.05)
                assert not any(f.done() for f in waiting[:3]), "a reader did not wait"
            answers = [f.result(timeout=30) for f in waiting]
    assert [a.status_code for a in answers] == [200] * len(readers)
    assert len(latencies) >= 10 and max(latencies) < HEALTH_BOUND_SECONDS, latencies
