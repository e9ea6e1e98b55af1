"""SQLite's disk full, again and again: writes refused cleanly, nothing lost, recovery alone.

A real `roundhouse serve` on a SQLite file in a small tmpfs the test mounts
itself (root only; removed at the end, however the test ends). Each cycle plays
a few moves, fills the disk to the last byte, and then checks that a move is
refused with ``503 store-full`` (naming the cause, with ``Retry-After``) and
changes nothing, that ``/ready`` answers ``503`` while ``/health`` and every read
still answer; then frees the space, and checks that ``/ready`` comes back by
itself within `RECOVERY_BOUND` and the refused move, sent again with its key,
is recorded. At the end the database passes ``integrity_check`` and every
acknowledged move is in the log once, at the version its answer named.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain import registry
from service.store.games import GameStore
from tests.api.players import Table, open_table
from tests.figures import report
from tests.scale.logs import checked_log
from tests.scale.servers import Server

CYCLES = 5
#: the disk: room for the database and a game, little more
DISK = "8m"
#: how soon after the space is back /ready must say so
RECOVERY_BOUND = 10.0
#: moves played between two full disks
MOVES = 4


@contextmanager
def small_disk() -> Iterator[Path]:
    """A tmpfs of `DISK` mounted on a fresh directory; unmounted and removed at the end."""
    where = Path(tempfile.mkdtemp(prefix="roundhouse-full-"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK}", "tmpfs", str(where)],
                             capture_output=True, text=True, timeout=30)
    if mounted.returncode != 0:
        where.rmdir()
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"CI=true but no tmpfs could be mounted: {mounted.stderr}")
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)
        shutil.rmtree(where, ignore_errors=True)


def fill(disk: Path) -> Path:
    """A file taking every byte left on `disk`."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 65536)
        except OSError:
            pass
        try:
            while True:
                out.write(b"\0")
        except OSError:
            pass
    return filler


def legal_move(table: Table, chooser: random.Random) -> tuple[int, Any, int]:
    """``(seat, command, version)``: a legal move of a seat to act."""
    public = table.public()
    seat = chooser.choice(public["to_act"])
    me = table.me(seat)
    return seat, chooser.choice(me["legal_moves"])["command"], me["version"]


def send(table: Table, seat: int, command: Any, version: int, key: str) -> httpx.Response:
    return table.command(seat, command, **{"If-Match": f'"{version}"', "Idempotency-Key": key})


def test_sqlite_disk_full_cycles_lose_nothing_and_recover_alone(tmp_path: Path) -> None:
    chooser = random.Random("disk full")
    acknowledged: list[tuple[int, str]] = []
    recoveries: list[float] = []
    refused = 0
    with small_disk() as disk:
        store = f"sqlite:///{disk / 'games.db'}"
        server = Server(store, tmp_path / "server.log")
        server.start()
        try:
            with httpx.Client(base_url=server.url, timeout=30) as client:
                table = open_table(client, "ticket-to-ride", 2)  # type: ignore[arg-type]
                for _ in range(CYCLES):
                    for _ in range(MOVES):
                        seat, command, version = legal_move(table, chooser)
                        key = uuid.uuid4().hex
                        answer = send(table, seat, command, version, key)
                        assert answer.status_code == 200, answer.text
                        acknowledged.append((answer.json()["version"], key))
                    seat, command, version = legal_move(table, chooser)
                    key = uuid.uuid4().hex
                    filler = fill(disk)
                    answer = send(table, seat, command, version, key)
                    assert answer.status_code == 503, answer.text
                    problem = answer.json()
                    assert problem["code"] == "store-full" and "disk is full" in problem["detail"]
                    assert int(answer.headers["Retry-After"]) >= 1
                    refused += 1
                    not_ready = client.get("/ready")
                    assert not_ready.status_code == 503 and "full" in not_ready.json()["detail"]
                    assert client.get("/health").status_code == 200
                    assert table.public()["version"] == version  # the refusal changed nothing
                    assert table.me(seat)["version"] == version
                    filler.unlink()
                    freed = time.monotonic()
                    while client.get("/ready").status_code != 200:
                        assert time.monotonic() - freed < RECOVERY_BOUND, "not ready again"
                        time.sleep(0.1)
                    recoveries.append(time.monotonic() - freed)
                    again = send(table, seat, command, version, key)
                    assert again.status_code == 200, again.text
                    assert again.json()["version"] == version + 1
                    acknowledged.append((version + 1, key))
        finally:
            server.stop()
        with sqlite3.connect(disk / "games.db") as database:
            assert database.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        reader = GameStore(store, registry.kinds())
        try:
            log = checked_log(reader, table.id)
        finally:
            reader.close()
    for version, key in acknowledged:
        assert log[version - 1].command_id == key, version
    assert "Traceback" not in (tmp_path / "server.log").read_text()
    report("SQLite disk full (tmpfs)", cycles=CYCLES, refused_503=refused,
           acknowledged_moves=len(acknowledged), lost=0,
           ready_again_s_max=round(max(recoveries), 2))
