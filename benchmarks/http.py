"""HTTP benchmark: accepted, durably stored moves per second, and their latency.

Run from the repository root (PostgreSQL rows are skipped if it does not answer)::

    .venv/bin/python -m benchmarks.http --games 30 --concurrency 8
    .venv/bin/python -m benchmarks.http --games 40 --concurrency 16 --repeat 5 --postgres postgresql://postgres@127.0.0.1:5432/postgres

For each store (SQLite file, PostgreSQL database) it measures, on the same
scripted moves:

1. **raw store**: the API's decoding of each body (`service.api.commands.decoded`)
   and the store's own ``GameStore.command`` in this process (decide, append
   durably, evolve) — the rate the store sustains without HTTP —
   with one caller and with ``--concurrency`` threads (whose appends share
   transactions, as concurrent HTTP requests do), and bare appends of the same
   records through the eventsourcing recorder (no rules, one transaction each);
2. **HTTP, flat out**: ``roundhouse serve`` (one uvicorn process) and this
   process as the client (``--concurrency`` games played at once over
   keep-alive connections), counting only ``200`` answers to ``POST /commands``;
3. **HTTP at 1,000 moves/s**: the same, paced (open loop) at ``--rate`` moves
   per second, for the p99 latency at that load.

The moves are scripted beforehand: random legal Ticket to Ride (Europe, 2
seats) games played in-process with known seeds, replayed through games created
with those seeds (the server runs with ``ROUNDHOUSE_ALLOW_CLIENT_SEED=1``), so
every posted command is accepted and no client time goes into choosing moves.
Figures are printed, nothing is asserted.

Each measurement runs ``--repeat`` times (default 3), each on a fresh store, and
the median is printed: on a shared 2-core machine a single run can be off by a
factor of two. The load average before and after is printed too, and the HTTP
server's own CPU time per accepted move (from ``/proc``), which other processes
disturb much less than rates do. The ratios the targets speak of are printed
explicitly: HTTP against the store's command path with as many threads as HTTP
has clients, against one caller, and against bare appends.

Measured on the 2-core development machine (``--games 30 --concurrency 8
--repeat 5 --postgres ...``, medians of 5 runs, client and server sharing the
two cores; December 2026, after the request checks left litestar's guards and
the PostgreSQL recorder's own insert replaced the library's; a 10-million-step
Python loop took 0.34 s there; load average 1.3-1.4)::

    SQLite      store 1875 moves/s (1 caller), 3418 (8 threads); bare appends 3464/s
                HTTP 1708 accepted moves/s, p50 4.3 ms, p99 8.3 ms; HTTP/8 threads 0.50
                server CPU 0.56 ms, client CPU 0.07 ms per accepted move;
                paced at 1000/s: 999 moves/s reached, p50 1.9 ms, p99 5.9 ms
    PostgreSQL  store 763 moves/s (1 caller), 1594 (8 threads); bare appends 950/s
                HTTP 923 accepted moves/s, p50 8.0 ms, p99 14.0 ms; HTTP/8 threads 0.58
                server CPU 0.87 ms per accepted move;
                paced at 1000/s: 964 moves/s reached, p50 6.0 ms, p99 12.1 ms

Other runs of the same day move these a lot: over five runs of 3 or 5, SQLite
HTTP/8 threads read 0.50-0.64 (its raw rate 2574-3418 moves/s, HTTP 1474-1708);
over the four since the recorder's change, PostgreSQL's HTTP rate read 873-1247
moves/s, and paced at 1000/s it reached 992, 883, 884 and 964 moves/s (p99
12.1-14.6 ms), its server CPU 0.65, 0.90, 0.90 and 0.87 ms per move. Before the recorder's change,
PostgreSQL gave 750 accepted moves/s flat out (server CPU 0.97 ms per move)
and reached only 787 moves/s when paced at 1,000: its event-loop thread spent
about 0.50 ms and its writer thread 0.39 ms of CPU per move
(``/proc/<pid>/task``), both under the one GIL, and most of the writer's share
was the library's insert: psycopg's pipeline mode (17 waits on the connection
for a one-record transaction) and an array of a composite type, dumped in
Python. A one-record transaction cost the writer 0.97 ms of CPU that way and
0.52 ms with the recorder's own three statements (measured apart from the
server). Two worker processes on the same two cores were slower then (535
moves/s flat out), not faster.

The same machine, the same day: server CPU per accepted move on SQLite,
medians of runs alternating with the commit before (single runs spread by
about 12%): the checks out of guards alone, 0.756 against 0.758 ms (4 runs, no
difference to see); with the writer's `threading.Event` per append gone and
the request metrics' labelled children looked up once, 0.705 against 0.805 (6
runs); with the create limit passing other routes through and the rate-limit
headers set in one pass too, 0.751 against 0.807 (6 runs).

An earlier machine, running plain Python about 3.4 times slower, after
commands were decided on the event loop::

    SQLite      HTTP 781 accepted moves/s, HTTP/8 threads 0.61, server CPU 1.20 ms;
                paced at 1000/s: p99 20.9 ms (saturated)
    PostgreSQL  HTTP 381 accepted moves/s, HTTP/8 threads 0.60, server CPU 1.88 ms;
                paced at 1000/s: p99 24.6 ms (saturated)

and before that change (the handler in a worker thread): server CPU 1.63 ms
per accepted move on SQLite, HTTP/8 threads 0.38 on SQLite and 0.81 on
PostgreSQL, paced p99 29.5 ms and 43.4 ms.

Where a command's CPU went before the change (py-spy, samples holding the
GIL): a quarter in system calls (the socket write of each response, waking a
worker thread and waking it back), a third in litestar and uvicorn, and 2% in
the rules. Deciding on the loop removed two of the four thread hand-offs per
command; one msgspec decoder per command type, the request checks in one
guard (litestar copies the handler per guard; they have since left guards
altogether) and ids without a system call did the rest. Writing a
response's head and body in one system call was tried twice and saves
nothing measurable: the kernel's cost is per response, not per call.

Earlier figures, on a faster machine (``--games 30 --concurrency 8``,
medians of 3 runs, client and server sharing the two cores, other work running
on the machine: load average 4.4-4.9)::

    SQLite      store 1409 moves/s (1 caller), 2940 (8 threads); bare appends 3763/s
                HTTP 1433 accepted moves/s, p50 4.6 ms, p99 21.6 ms; HTTP/8 threads 0.49
                server CPU 0.63 ms, client CPU 0.05 ms per accepted move;
                paced at 1000/s: p50 3.9 ms, p99 52.3 ms
    PostgreSQL  store 344 moves/s (1 caller), 817 (8 threads); bare appends 360/s
                HTTP 773 accepted moves/s, p50 7.1 ms, p99 43.9 ms; HTTP/8 threads 0.95
                server CPU 0.78 ms per accepted move;
                paced at 1000/s: p50 8.4 ms, p99 30.8 ms

Rates and p99 move by a factor of two between runs there when other processes
flush to the same disk or take the cores; the server's CPU per move is the
steady figure. The HTTP server is bound by its own CPU; the raw store is bound
by flushes to disk.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.registry import kinds
from service.api.commands import decoded
from service.store.games import GameStore
from service.store.opening import Opening

KIND = "ticket-to-ride"
SETUP = {"kind": KIND, "seats": 2, "map": "europe"}


@dataclass
class Script:
    """One whole game: its seed and each command (seat, JSON body) in order."""

    seed: Seed
    commands: list[tuple[int, bytes]]


def scripts(count: int) -> list[Script]:
    rules = kinds()[KIND]
    setup = Setup(seats=2, map="europe")
    made = []
    for i in range(count):
        seed = Seed(hashlib.sha256(f"http-bench-{i}".encode()).digest())
        chooser = random.Random(i)
        state: Any = None
        for event in rules.start(setup, seed):
            state = rules.evolve(state, event)
        commands = []
        while seats := rules.to_act(state):
            seat = chooser.choice(seats)
            command = chooser.choice(rules.legal_moves(state, seat)).command
            for event in rules.decide(state, seat, command, seed):
                state = rules.evolve(state, event)
            commands.append((seat, msgspec.json.encode(command)))
        made.append(Script(seed, commands))
    return made


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- raw store -------------------------------------------------------------------


def raw_store(
    store_url: str, games: list[Script], threads: int
) -> tuple[float, float, float]:
    """Moves/s through GameStore.command in this process, one caller and `threads`
    callers (group commit), and bare recorder appends/s."""
    store = GameStore(store_url, kinds())
    rules = store.kinds[KIND]
    prepared = []
    for script in games:
        game_id = store.create(KIND, Setup(seats=2, map="europe"), Opening(seed=script.seed))
        tokens = [store.join(game_id, f"p{s}").token for s in range(2)]
        store.start(game_id, tokens[0])
        prepared.append((game_id, tokens, script))
    half = len(prepared) // 2
    moves = 0
    began = time.perf_counter()
    for game_id, tokens, script in prepared[:half]:
        for seat, body in script.commands:
            store.command(game_id, tokens[seat], decoded(rules, body))
            moves += 1
    command_rate = moves / (time.perf_counter() - began)

    queue = prepared[half:]

    def caller() -> None:
        while queue:
            game_id, tokens, script = queue.pop()
            for seat, body in script.commands:
                store.command(game_id, tokens[seat], decoded(rules, body))

    workers = [threading.Thread(target=caller) for _ in range(threads)]
    began = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    threaded_rate = sum(len(s.commands) for _, _, s in prepared[half:]) / (
        time.perf_counter() - began
    )

    # the same records again, appended to fresh aggregates with no rules at all
    app = store.app
    events = []
    for game_id, _, _ in prepared:
        aggregate = store.read(game_id, lambda live, _: live.aggregate)
        events.append([(type(e), e) for e in app.events.get(aggregate.id)])
    began = time.perf_counter()
    appended = 0
    for stored in events:
        new_id = uuid.uuid4()
        for version, (cls, event) in enumerate(stored, start=1):
            copy = object.__new__(cls)
            copy.__dict__.update(vars(event), originator_id=new_id, originator_version=version)
            app.events.put([copy])
            appended += 1
    append_rate = appended / (time.perf_counter() - began)
    store.close()
    return command_rate, threaded_rate, append_rate


# -- HTTP ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of process `pid` so far (Linux), else None."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(
    store_url: str, port: int, workers: int = 1, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """``roundhouse serve`` on `port` with `workers` processes, once it answers /health."""
    env = {**os.environ, "ROUNDHOUSE_ALLOW_CLIENT_SEED": "1", "ROUNDHOUSE_STORE": store_url,
           **(env or {})}
    server = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port),
         "--workers", str(workers)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health").status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")


async def open_games(client: httpx.AsyncClient, games: list[Script]) -> list[tuple[str, list[str]]]:
    opened = []
    for script in games:
        created = await client.post("/games", json={**SETUP, "seed": script.seed.hex})
        created.raise_for_status()
        game_id = created.json()["id"]
        tokens = []
        for seat in range(2):
            joined = await client.post(f"/games/{game_id}/seats", json={"name": f"p{seat}"})
            tokens.append(joined.json()["token"])
        started = await client.post(
            f"/games/{game_id}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
        )
        started.raise_for_status()
        opened.append((game_id, tokens))
    return opened


class Connection:
    """A minimal keep-alive HTTP/1.1 client, so the client's own cost stays small."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def post(self, path: str, body: bytes, token: str) -> int:
        self.writer.write(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Authorization: Bearer {token}\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        await self.reader.readexactly(length)
        return status

    def close(self) -> None:
        self.writer.close()


async def play_http(
    port: int, games: list[Script], concurrency: int, rate: float | None, server_pid: int = 0
) -> tuple[int, float, list[float], float | None, float]:
    """(accepted moves, seconds, latencies in ms, server CPU seconds or None, client CPU
    seconds) playing every script over HTTP; CPU times count the moves only, not opening
    the games."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        opened = await open_games(client, games)
    return await play_opened(port, opened, games, concurrency, rate, server_pid)


async def play_opened(
    port: int,
    opened: list[tuple[str, list[str]]],
    games: list[Script],
    concurrency: int,
    rate: float | None,
    server_pid: int = 0,
) -> tuple[int, float, list[float], float | None, float]:
    """`play_http` once the games are open (`open_games`): each script's moves, posted."""
    queue = list(zip(opened, games, strict=True))
    latencies: list[float] = []
    accepted = 0
    interval = None if rate is None else 1.0 / rate
    next_slot = 0.0

    async def player(connection: Connection) -> None:
        nonlocal accepted, next_slot
        while queue:
            (game_id, tokens), script = queue.pop()
            for seat, body in script.commands:
                if interval is not None:  # open loop: each move has its time slot
                    slot, next_slot = next_slot, next_slot + interval
                    delay = slot - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                sent = time.perf_counter()
                status = await connection.post(path % game_id, body, tokens[seat])
                latencies.append((time.perf_counter() - sent) * 1000)
                if status == 200:
                    accepted += 1
                else:
                    raise RuntimeError(f"move refused: {status}")

    connections = [await Connection.open(port) for _ in range(concurrency)]
    path = "/games/%s/commands"
    cpu_before = cpu_seconds(server_pid)
    client_before = time.process_time()
    began = next_slot = time.perf_counter()
    await asyncio.gather(*(player(c) for c in connections))
    elapsed = time.perf_counter() - began
    cpu_after = cpu_seconds(server_pid)
    client_cpu = time.process_time() - client_before
    for connection in connections:
        connection.close()
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return accepted, elapsed, latencies, cpu, client_cpu


def run_http(
    store_url: str, games: list[Script], concurrency: int, rate: float | None
) -> tuple[int, float, list[float], float | None, float]:
    port = free_port()
    server = serve(store_url, port)
    try:
        return asyncio.run(play_http(port, games, concurrency, rate, server.pid))
    finally:
        server.terminate()
        server.wait(timeout=10)


def postgres_database(admin_url: str) -> str | None:
    """A fresh database on the server at `admin_url`, or None if it does not answer."""
    import psycopg

    try:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as admin:
            name = f"roundhouse_bench_{uuid.uuid4().hex[:8]}"
            admin.execute(f"CREATE DATABASE {name}")
    except psycopg.OperationalError:
        return None
    return admin_url.rsplit("/", 1)[0] + f"/{name}"


def drop_database(admin_url: str, url: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--rate", type=float, default=1000.0)
    parser.add_argument(
        "--repeat", type=int, default=3,
        help="runs of each measurement (fresh store each time); medians are printed",
    )
    parser.add_argument(
        "--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres",
        help="an admin URL; a fresh database is created and dropped",
    )
    args = parser.parse_args()
    games = scripts(args.games)
    moves = sum(len(s.commands) for s in games)
    print(f"{args.games} scripted Ticket to Ride games (Europe, 2 seats), {moves} moves; "
          f"HTTP client: this process, {args.concurrency} games at once; server: 1 process; "
          f"medians of {args.repeat} runs; load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as scratch:
        stores: list[tuple[str, Any]] = [
            ("SQLite", lambda: f"sqlite:///{scratch}/{uuid.uuid4().hex}.db"),
            ("PostgreSQL", lambda: postgres_database(args.postgres)),
        ]
        created: list[str] = []
        try:
            for name, fresh in stores:
                measure(name, fresh, games, args, created)
        finally:
            print(f"\nload average {os.getloadavg()[0]:.1f}")
            for url in created:
                drop_database(args.postgres, url)


def measure(
    name: str, fresh: Any, games: list[Script], args: argparse.Namespace, created: list[str]
) -> None:
    """Print one store's figures; `fresh()` gives a new empty store URL (or None)."""
    moves = sum(len(s.commands) for s in games)
    urls = [fresh() for _ in range(3 * args.repeat)]
    if None in urls:
        print(f"\n{name}: not reachable, skipped")
        return
    if name == "PostgreSQL":
        created += urls
    raw, flat, paced = [], [], []
    for run in range(args.repeat):
        raw.append(raw_store(urls[3 * run], games, args.concurrency))
        flat.append(run_http(urls[3 * run + 1], games, args.concurrency, None))
        paced.append(run_http(urls[3 * run + 2], games, args.concurrency, args.rate))
    median = statistics.median
    command_rate = median(r[0] for r in raw)
    threaded_rate = median(r[1] for r in raw)
    append_rate = median(r[2] for r in raw)
    accepted = min(f[0] for f in flat)
    http_rate = median(f[0] / f[1] for f in flat)
    p50 = median(median(f[2]) for f in flat)
    p99 = median(percentile(f[2], 0.99) for f in flat)
    cpus = [f[3] / f[0] for f in flat if f[3] is not None]
    client_cpu = median(f[4] / f[0] for f in flat)
    paced_p50 = median(median(p[2]) for p in paced)
    paced_p99 = median(percentile(p[2], 0.99) for p in paced)
    paced_rate = median(p[0] / p[1] for p in paced)
    print(f"\n{name}")
    print(f"  raw store, GameStore.command:  {command_rate:8.0f} moves/s (1 caller), "
          f"{threaded_rate:.0f} moves/s ({args.concurrency} threads)")
    print(f"  raw store, bare appends:       {append_rate:8.0f} records/s "
          "(eventsourcing recorder, one transaction each)")
    print(f"  HTTP flat out:                 {http_rate:8.0f} accepted moves/s "
          f"({accepted}/{moves}), p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    server_cpu = f"server {1000 * median(cpus):.3f} ms, " if cpus else ""
    print(f"  HTTP CPU per accepted move:    {server_cpu}client {1000 * client_cpu:.3f} ms "
          "(the client shares the machine)")
    print(f"  ratio HTTP / raw ({args.concurrency} threads):   {http_rate / threaded_rate:8.2f}"
          "   (target: at least 0.5)")
    print(f"  ratio HTTP / raw (1 caller):    {http_rate / command_rate:8.2f}")
    print(f"  ratio HTTP / bare appends:      {http_rate / append_rate:8.2f}")
    print(f"  HTTP paced at {args.rate:.0f}/s:          p50 {paced_p50:.2f} ms, "
          f"p99 {paced_p99:.2f} ms   (target: p99 under 20 ms)")
    saturated = "  (short of the pace: the server is saturated)" if (
        paced_rate < 0.95 * args.rate) else ""
    print(f"  rate reached when paced:       {paced_rate:8.0f} accepted moves/s{saturated}")


if __name__ == "__main__":
    main()
