"""Several hosts, not just several processes: API servers in network namespaces of their own.

Three namespaces made here (`tests.ops.netns`), each linked to this one by its
own veth pair and /30. PostgreSQL and Redis listen on 127.0.0.1 only, so each
link gets its own two relays (`tests.ops.relay`), bound to the root side of
that link: a server in namespace *i* reaches the store and Redis only over link
*i* (the test checks that its own 127.0.0.1 has neither). One game is created,
joined, started and played to the end through all three servers in turn, while
a stream opened on the first receives every record, each before the next
command is sent, including those sent to the other two; the streams' heartbeat
is 60 s, so those can only reach it through Redis. Then every server serves the
same finished, valid log.

Runs as root (CI does); where namespaces cannot be made the test says why, and
with ``CI=true`` it fails instead of skipping.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import msgspec
import pytest

from tests.api.live import Listener
from tests.api.players import Table
from tests.conftest import REDIS_URL
from tests.ops.netns import Host, NamespacesUnavailable, hosts
from tests.ops.servers import Server, relaying, serving

HOSTS = 3
MAX_COMMANDS = 2_000


def namespaces(stack: ExitStack) -> list[Host]:
    try:
        return stack.enter_context(hosts(HOSTS))
    except NamespacesUnavailable as why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but network namespaces cannot be made: {why}")
        pytest.skip(f"network namespaces cannot be made here: {why}")


def reaches(host: Host, port: int, address: str) -> bool:
    """Whether a process in `host` can open a TCP connection to ``address:port``."""
    probe = f"import socket; socket.create_connection(({address!r}, {port}), timeout=2)"
    done = subprocess.run(["ip", "netns", "exec", host.netns, sys.executable, "-c", probe],
                          capture_output=True, timeout=20)
    return done.returncode == 0


def test_a_game_played_through_three_hosts_streams_to_each(
    tmp_path: Path, postgres_url: str, redis_prefix: str
) -> None:
    store = urlsplit(postgres_url)
    redis = urlsplit(REDIS_URL)
    with ExitStack() as stack:
        made = namespaces(stack)
        servers: list[Server] = []
        for index, host in enumerate(made):
            stack.enter_context(relaying(host.gateway, store.port or 5432, store.port or 5432))
            stack.enter_context(relaying(host.gateway, redis.port or 6379, redis.port or 6379))
            assert not reaches(host, store.port or 5432, "127.0.0.1")
            assert reaches(host, store.port or 5432, host.gateway)
            over_link = urlunsplit(store._replace(
                netloc=f"{store.username}@{host.gateway}:{store.port or 5432}"))
            env = {
                "ROUNDHOUSE_REDIS_URL": urlunsplit(redis._replace(
                    netloc=f"{host.gateway}:{redis.port or 6379}")),
                "ROUNDHOUSE_REDIS_PREFIX": redis_prefix,
                "ROUNDHOUSE_HEARTBEAT_SECONDS": "60",
            }
            servers.append(stack.enter_context(serving(
                over_link, tmp_path / f"host{index}.log", host="0.0.0.0", netns=host.netns,
                address=host.address, env=env,
            )))
        bases = [server.base for server in servers]
        clients = [stack.enter_context(httpx.Client(base_url=b, timeout=10)) for b in bases]
        for client in clients:
            assert client.get("/ready").json()["redis"] == "ok"

        created = clients[0].post("/games", json={"kind": "ticket-to-ride", "seats": 2,
                                                  "map": "europe"})
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        tables = [Table(client, game_id) for client in clients]  # type: ignore[arg-type]
        for seat in range(2):
            joined = clients[1 + seat].post(f"/games/{game_id}/seats", json={"name": f"p{seat}"})
            assert joined.status_code == 201, joined.text
            for table in tables:
                table.tokens.append(joined.json()["token"])
        stream = Listener(bases[0], f"/games/{game_id}/stream").start()
        started = clients[2].post(f"/games/{game_id}/start", headers=tables[2].auth(0))
        assert started.status_code == 200, started.text
        streamed, heartbeats = stream.records_until(started.json()["version"])

        chooser = random.Random(16)
        sent_to = {0: 0, 1: 0, 2: 0}
        for turn in range(MAX_COMMANDS):
            table = tables[turn % HOSTS]
            # /me, not the public view: another host's read model may lag by an append
            me = table.me(0)
            if me["status"] == "finished":
                break
            seat = chooser.choice(me["to_act"])
            if seat != 0:
                me = table.me(seat)
            answer = table.command(seat, chooser.choice(me["legal_moves"])["command"],
                                   **{"If-Match": f'"{me["version"]}"'})
            assert answer.status_code == 200, answer.text
            sent_to[turn % HOSTS] += 1
            # before anything else is sent: from hosts 1 and 2 only Redis can bring it
            more, quiet = stream.records_until(answer.json()["version"])
            streamed += more
            heartbeats += quiet
        else:
            raise AssertionError(f"not finished after {MAX_COMMANDS} commands")
        final = me["version"]
        print(f"commands sent per host: {sent_to}; final version {final}")
        assert sent_to[1] > 10 and sent_to[2] > 10

        assert [r["version"] for r in streamed] == list(range(1, final + 1))
        assert heartbeats == 0
        # the stream ends after the finishing record and the game it leaves
        rest = stream.ended()
        assert [m.event for m in rest] == ["game"], rest
        assert msgspec.json.decode(rest[0].data or "")["status"] == "finished"
        for client in clients:
            # a host's public view (its Redis read model) follows within moments
            deadline = time.monotonic() + 5
            while (seen := client.get(f"/games/{game_id}").json()["version"]) != final:
                assert time.monotonic() < deadline, (seen, final)
                time.sleep(0.05)
            audit = client.get(f"/games/{game_id}/audit")
            assert audit.status_code == 200, audit.text
            report = audit.json()["report"]
            assert report["valid"] and report["complete"] and report["records"] == final
