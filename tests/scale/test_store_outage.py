"""PostgreSQL stopped and started again under load: clean answers, quick ones, nothing lost.

Two real `roundhouse serve` processes on a PostgreSQL of the test's own
(`tests.scale.instances`), with clients playing games on both (each move with
``If-Match`` and an ``Idempotency-Key``; a ``503`` is sent again, with the same
key, as a client should). The database is stopped for `OUTAGE_SECONDS` while
the load goes on and ``/health`` is probed on both processes (`PROBES` at a
time each), then started again.

Asserted: no answer is a 5xx other than ``503``; during the outage ``/health``
answers ``503 store-unreachable`` within `HEALTH_BOUND`, and every command is
answered within `COMMAND_BOUND`, a refusal being ``503 store-unreachable`` with
``Retry-After``; after the start both processes are ready and accept moves
within `RECOVERY_BOUND`; every acknowledged move is in its log exactly once at
the version its answer named, and every log audits valid.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from domain import registry
from service.store.games import GameStore
from tests.api.players import Table, open_table
from tests.figures import report
from tests.scale.instances import OwnPostgres, own_postgres
from tests.scale.logs import checked_log
from tests.scale.servers import Server, servers

#: how long the database stays away
OUTAGE_SECONDS = 6.0
#: load before the stop and after the start
LOAD_SECONDS = 2.0
#: the longest /health may take to answer (it is documented as 2 s)
HEALTH_BOUND = 3.0
#: the longest a command may take to be answered while the database is away
COMMAND_BOUND = 6.0
#: how soon after the start both processes must be ready and accept moves
RECOVERY_BOUND = 5.0
GAMES = 4
#: how long a client waits before sending a refused (503) move again
RESEND_SECONDS = 0.25
#: concurrent /health probes of each process at a time
PROBES = 10


@dataclass
class Observed:
    """What the clients saw."""

    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)
    #: ``(sent at, seconds, status, problem code)`` of every command answer
    commands: list[tuple[float, float, int, str | None]] = field(default_factory=list)
    #: ``(sent at, seconds, status)`` of every /health probe
    health: list[tuple[float, float, int]] = field(default_factory=list)
    #: ``(seconds, status, problem code)`` of the creates sent while the database was away
    creates: list[tuple[float, int, str]] = field(default_factory=list)


async def play(server: Server, table: Table, chooser: random.Random, observed: Observed,
               until: float) -> None:
    """Post legal moves until `until` (or the game's end), each resent on a 503."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        while time.monotonic() < until:
            public = await client.get(f"/games/{table.id}")
            if public.status_code == 503:
                await asyncio.sleep(RESEND_SECONDS)
                continue
            assert public.status_code == 200, public.text
            if public.json()["status"] != "active":
                return
            seat = chooser.choice(public.json()["to_act"])
            me = await client.get(f"/games/{table.id}/me", headers=table.auth(seat))
            if me.status_code != 200:
                assert me.status_code == 503, me.text
                continue
            if not me.json()["legal_moves"]:
                continue  # another client moved in between
            command = chooser.choice(me.json()["legal_moves"])["command"]
            headers = {**table.auth(seat), "If-Match": f'"{me.json()["version"]}"',
                       "Idempotency-Key": uuid.uuid4().hex}
            while time.monotonic() < until:  # the same move, until a definite answer
                sent = time.monotonic()
                answer = await client.post(f"/games/{table.id}/commands", json=command,
                                           headers=headers)
                code = answer.json().get("code") if answer.status_code != 200 else None
                observed.commands.append((sent, time.monotonic() - sent, answer.status_code,
                                          code))
                assert answer.status_code < 500 or answer.status_code == 503, answer.text
                if answer.status_code == 200:
                    observed.acknowledged.append(
                        (table.id, answer.json()["version"], headers["Idempotency-Key"]))
                if answer.status_code != 503:
                    break
                assert code == "store-unreachable" and int(answer.headers["Retry-After"]) >= 1
                await asyncio.sleep(RESEND_SECONDS)


async def probe(pair: list[Server], observed: Observed, until: float) -> None:
    """`PROBES` concurrent ``/health`` probes of each process, every 0.2 s."""

    async def one(client: httpx.AsyncClient, server: Server) -> None:
        sent = time.monotonic()
        answer = await client.get(f"{server.url}/health")
        observed.health.append((sent, time.monotonic() - sent, answer.status_code))
        if answer.status_code != 200:
            assert answer.json()["code"] == "store-unreachable"
            assert int(answer.headers["Retry-After"]) >= 1

    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < until:
            await asyncio.gather(*(one(client, server) for server in pair
                                   for _ in range(PROBES)))
            await asyncio.sleep(0.2)


async def outage(database: OwnPostgres, pair: list[Server], tables: list[Table],
                 observed: Observed) -> tuple[float, float, float, float]:
    """Load, stop, load, start, load; ``(stopped at, starting at, started at, ready again
    at)``."""
    chooser = random.Random("outage")
    ends = time.monotonic() + LOAD_SECONDS + OUTAGE_SECONDS + RECOVERY_BOUND + LOAD_SECONDS
    load = [asyncio.create_task(play(pair[n % 2], table, random.Random(chooser.random()),
                                     observed, ends))
            for n, table in enumerate(tables) for _ in range(2)]
    probing = asyncio.create_task(probe(pair, observed, ends))
    await asyncio.sleep(LOAD_SECONDS)
    await asyncio.to_thread(database.stop)
    stopped = time.monotonic()
    await create_while_away(pair, observed)
    await asyncio.sleep(OUTAGE_SECONDS - (time.monotonic() - stopped))
    starting = time.monotonic()
    await asyncio.to_thread(database.start)
    started = time.monotonic()
    ready = await ready_again(pair, observed, started)
    await asyncio.sleep(LOAD_SECONDS)
    await asyncio.gather(*load, probing)
    return stopped, starting, started, ready


async def create_while_away(pair: list[Server], observed: Observed) -> None:
    """``POST /games`` on each process, the database away: refused, with Retry-After."""
    async with httpx.AsyncClient(timeout=30) as client:
        for server in pair:
            sent = time.monotonic()
            answer = await client.post(f"{server.url}/games", json={
                "kind": "ticket-to-ride", "map": "europe", "seats": 2})
            assert answer.status_code == 503, answer.text
            assert int(answer.headers["Retry-After"]) >= 1
            observed.creates.append(
                (time.monotonic() - sent, answer.status_code, answer.json()["code"]))


async def ready_again(pair: list[Server], observed: Observed, started: float) -> float:
    """When both processes are ready and a move was accepted after the start."""
    async with httpx.AsyncClient(timeout=30) as client:
        while True:
            assert time.monotonic() - started < RECOVERY_BOUND, "not ready again in time"
            answers = [await client.get(f"{server.url}/ready") for server in pair]
            accepted = any(sent > started and status == 200
                           for sent, _, status, _ in observed.commands)
            if accepted and all(a.status_code == 200 for a in answers):
                return time.monotonic()
            await asyncio.sleep(0.1)


def test_postgresql_stopped_and_started_under_load(tmp_path: Path) -> None:
    observed = Observed()
    with own_postgres() as database, servers(database.url, 2, tmp_path) as pair:
        tables = []
        for n in range(GAMES):
            with httpx.Client(base_url=pair[n % 2].url, timeout=30) as client:
                tables.append(open_table(client, "ticket-to-ride", 2))  # type: ignore[arg-type]
        stopped, starting, started, ready = asyncio.run(
            outage(database, pair, tables, observed))
        store = GameStore(database.url, registry.kinds())
        try:
            logs = {table.id: checked_log(store, table.id) for table in tables}
        finally:
            store.close()
    for game, version, key in observed.acknowledged:
        assert logs[game][version - 1].command_id == key, (game, version)

    # answered while the database was away (a probe sent then may be answered once it is back)
    away = [(s, d, status) for s, d, status in observed.health
            if stopped < s and s + d < starting]
    assert away and all(status == 503 for _, _, status in away), [
        (round(s - stopped, 2), round(d, 2), status) for s, d, status in away if status != 503]
    assert max(d for _, d, _ in observed.health) < HEALTH_BOUND, observed.health
    during = [(d, status, code) for s, d, status, code in observed.commands
              if stopped < s and s + d < starting]
    refused = [d for d, status, _ in during if status == 503]
    assert refused, "no command was refused while the database was away"
    assert max(d for d, _, _ in during) < COMMAND_BOUND, during
    accepted_before = sum(1 for s, _, status, _ in observed.commands
                          if s < stopped and status == 200)
    accepted_after = sum(1 for s, _, status, _ in observed.commands
                         if s > started and status == 200)
    assert accepted_before and accepted_after
    assert [code for _, _, code in observed.creates] == ["store-unreachable"] * 2
    assert max(d for d, _, _ in observed.creates) < COMMAND_BOUND, observed.creates
    report("PostgreSQL stopped 6 s under load (2 processes)",
           acknowledged_moves=len(observed.acknowledged), lost=0,
           health_probes_while_away=len(away),
           health_ms_median=round(statistics.median(d for _, d, _ in away) * 1000),
           health_ms_max=round(max(d for _, d, _ in away) * 1000),
           commands_while_away=len(during), refused_503=len(refused),
           command_ms_median=round(statistics.median(d for d, _, _ in during) * 1000),
           command_ms_max=round(max(d for d, _, _ in during) * 1000),
           creates_refused_503=len(observed.creates),
           create_ms_max=round(max(d for d, _, _ in observed.creates) * 1000),
           ready_again_s=round(ready - started, 1))
