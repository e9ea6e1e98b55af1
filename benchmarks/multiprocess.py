"""Several API processes on PostgreSQL + Redis: moves/s, command latency, SSE delivery.

Run from the repository root (PostgreSQL and Redis must answer)::

    .venv/bin/python -m benchmarks.multiprocess --games 24 --concurrency 16

For 1, 2 and 4 API processes (``roundhouse serve --workers N``), each on a fresh
PostgreSQL database and a fresh Redis key prefix, it measures on the scripted
games of `benchmarks.http` (every move accepted):

* **accepted moves/s** and **p50/p99 command latency**: ``--concurrency``
  games played at once over keep-alive connections, flat out;
* **SSE delivery p99**: one more server process (one worker, same database and
  Redis), which no command reaches, holds a stream of every game; for each
  record it delivers, the delay from the record's time (stamped just before its
  commit, on the same machine's clock) to its arrival at the subscriber. Every
  record travels commit -> Redis -> the other process -> its stream;
* **raw store**, in the same run right before each row, on its own fresh
  database: `benchmarks.http.raw_store` (``GameStore.command`` with
  ``--concurrency`` threads, and bare recorder appends).

Figures are printed as a table, nothing is asserted. Client, servers,
PostgreSQL and Redis share the machine (2 cores here), so more processes mean
more contention, not more cores: read the rows as what this machine sustains.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
import uuid
from datetime import datetime

import httpx
import msgspec
import redis

from benchmarks.http import (
    Script,
    drop_database,
    free_port,
    open_games,
    percentile,
    play_opened,
    postgres_database,
    raw_store,
    scripts,
    serve,
)

PROCESSES = (1, 2, 4)
REDIS_URL = os.environ.get("ROUNDHOUSE_BENCH_REDIS", "redis://127.0.0.1:6379/0")
COLUMNS = (
    ("processes", 9), ("accepted moves/s", 16), ("p50 ms", 7), ("p99 ms", 7),
    ("SSE p99 ms", 10), ("delivered", 11), ("raw appends/s", 13), ("raw moves/s", 11),
)


class Delivery:
    """What the subscriber saw: each record's delay (ms) and each game's last version."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self.last: dict[str, int] = {}


async def follow(
    client: httpx.AsyncClient, game_id: str, after: int, seen: Delivery, opened: asyncio.Event
) -> None:
    """Read the game's stream until it ends (at the record that finishes the game)."""
    async with client.stream("GET", f"/games/{game_id}/stream", params={"after": after}) as r:
        opened.set()
        event = ""
        async for line in r.aiter_lines():
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "record":  # not the "game" view
                record = msgspec.json.decode(line[6:])
                stamped = datetime.fromisoformat(record["time"]).timestamp()
                seen.delays.append((time.time() - stamped) * 1000)
                seen.last[game_id] = record["version"]


async def measure(
    command_port: int, stream_port: int, games: list[Script], concurrency: int
) -> tuple[int, float, list[float], Delivery, int]:
    """(accepted, seconds, latencies ms, delivery, records expected) for one server set-up."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{command_port}", timeout=30) as c:
        opened = await open_games(c, games)
        started = [(await c.get(f"/games/{game_id}")).json()["version"] for game_id, _ in opened]
    seen = Delivery()
    limits = httpx.Limits(max_connections=len(games) + 1)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{stream_port}", timeout=60,
                                 limits=limits) as subscriber:
        ready = [asyncio.Event() for _ in opened]
        streams = [
            asyncio.create_task(follow(subscriber, game_id, version, seen, event))
            for (game_id, _), version, event in zip(opened, started, ready, strict=True)
        ]
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in ready)), 30)
        accepted, seconds, latencies, _, _ = await play_opened(
            command_port, opened, games, concurrency, None
        )
        await asyncio.wait_for(asyncio.gather(*streams), 60)
    return accepted, seconds, latencies, seen, sum(len(s.commands) for s in games)


def row(processes: int, admin: str, games: list[Script], concurrency: int,
        created: list[str]) -> str:
    raw_url, url = postgres_database(admin), postgres_database(admin)
    if raw_url is None or url is None:
        raise SystemExit(f"PostgreSQL does not answer at {admin}")
    created += [raw_url, url]
    _, threaded, appends = raw_store(raw_url, games, concurrency)
    prefix = f"roundhouse-bench-{uuid.uuid4().hex[:8]}"
    env = {"ROUNDHOUSE_REDIS_URL": REDIS_URL, "ROUNDHOUSE_REDIS_PREFIX": prefix}
    command_port, stream_port = free_port(), free_port()
    servers = [serve(url, command_port, processes, env), serve(url, stream_port, 1, env)]
    try:
        accepted, seconds, latencies, seen, expected = asyncio.run(
            measure(command_port, stream_port, games, concurrency)
        )
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=20)
        client = redis.Redis.from_url(REDIS_URL)
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
        client.close()
    cells = (
        str(processes), f"{accepted / seconds:.0f}", f"{statistics.median(latencies):.1f}",
        f"{percentile(latencies, 0.99):.1f}", f"{percentile(seen.delays, 0.99):.1f}",
        f"{len(seen.delays)}/{expected}", f"{appends:.0f}", f"{threaded:.0f}",
    )
    return " | ".join(cell.rjust(width) for cell, (_, width) in zip(cells, COLUMNS, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument(
        "--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="an admin URL; fresh databases are created and dropped",
    )
    args = parser.parse_args()
    games = scripts(args.games)
    moves = sum(len(s.commands) for s in games)
    print(f"{args.games} scripted Ticket to Ride games (Europe, 2 seats), {moves} moves, "
          f"{args.concurrency} played at once; PostgreSQL + Redis; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(" | ".join(name.rjust(width) for name, width in COLUMNS))
    print("-+-".join("-" * width for _, width in COLUMNS))
    created: list[str] = []
    try:
        for processes in PROCESSES:
            print(row(processes, args.postgres, games, args.concurrency, created), flush=True)
    finally:
        print(f"load average {os.getloadavg()[0]:.1f}")
        for url in created:
            drop_database(args.postgres, url)


if __name__ == "__main__":
    main()
