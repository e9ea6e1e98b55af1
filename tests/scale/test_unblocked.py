"""No reader waits for a commit: while a game's write is held in the database, every
read of that game, and `/health`, answers at once.

A real `roundhouse serve` process, on each store; the test itself holds the
database's write lock on its own connection (SQLite: ``BEGIN IMMEDIATE``;
PostgreSQL: the lock every append takes on the events table), so a command on
the game blocks inside its durable commit, exactly as a slow disk or a busy
database would make it. Meanwhile a stream of the game is open and every other
route of the game is read.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import httpx
import psycopg
import pytest

from tests.api.live import Listener
from tests.api.players import open_table
from tests.figures import report
from tests.scale.servers import Server

#: how long the test holds the database's write lock
HELD_SECONDS = 3.0
HEALTH_BOUND = 0.5
READ_BOUND = 1.0


@contextmanager
def sqlite_write_held(path: Path) -> Iterator[None]:
    database = sqlite3.connect(path, isolation_level=None)
    database.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        database.execute("COMMIT")
        database.close()


@contextmanager
def postgres_write_held(url: str) -> Iterator[None]:
    """The lock each append takes first (the events table's, EXCLUSIVE: reads go on)."""
    with psycopg.connect(url) as database, database.transaction():
        database.execute("LOCK TABLE roundhouse_events IN EXCLUSIVE MODE")
        yield


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path
          ) -> tuple[str, str, AbstractContextManager[None]]:
    """``(name, store URL, the database's write held)``."""
    if request.param == "sqlite":
        path = tmp_path / "games.db"
        return "SQLite", f"sqlite:///{path}", sqlite_write_held(path)
    url: str = request.getfixturevalue("postgres_url")
    return "PostgreSQL", url, postgres_write_held(url)


def test_reads_and_health_answer_while_a_commit_of_the_game_waits(
    store: tuple[str, str, AbstractContextManager[None]], tmp_path: Path
) -> None:
    name, url, write_held = store
    server = Server(url, tmp_path / "server.log", {"ROUNDHOUSE_HEARTBEAT_SECONDS": "1"})
    server.start()
    try:
        client = httpx.Client(base_url=server.url, timeout=30)
        table = open_table(client, "ticket-to-ride", 2)  # type: ignore[arg-type]
        stream = Listener(server.url, f"/games/{table.id}/stream").start()
        version = table.public()["version"]
        seat = table.public()["to_act"][0]
        move = random.Random(1).choice(table.me(seat)["legal_moves"])["command"]

        with write_held:
            held = time.monotonic()
            answers: list[httpx.Response] = []
            writer = threading.Thread(target=lambda: answers.append(table.command(seat, move)))
            writer.start()
            time.sleep(0.5)  # the command is now waiting inside its commit

            slowest = {}
            for path_ in ["/health", f"/games/{table.id}", f"/games/{table.id}/me",
                          f"/games/{table.id}/events", f"/games/{table.id}/export",
                          f"/games/{table.id}/board.svg", f"/games/{table.id}/audit",
                          f"/games/{table.id}/material", "/kinds", "/health"]:
                started = time.monotonic()
                answer = client.get(path_, headers=table.auth(seat))
                slowest[path_] = time.monotonic() - started
                assert answer.status_code == 200, (path_, answer.text)
            assert slowest["/health"] < HEALTH_BOUND, slowest
            assert max(slowest.values()) < READ_BOUND, slowest
            assert writer.is_alive(), "the write was not held while the game was read"

            time.sleep(max(0.0, HELD_SECONDS - (time.monotonic() - held)))
        writer.join(timeout=10)
        assert answers and answers[0].status_code == 200, answers
        records, _ = stream.records_until(version + 1)
        assert records[-1]["version"] == version + 1
        client.close()
    finally:
        server.stop()
    report(f"reads while a commit is held 3 s ({name})",
           slowest_read_ms=round(max(slowest.values()) * 1000, 1),
           health_ms=round(slowest["/health"] * 1000, 1))
