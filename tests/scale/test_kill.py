"""The server killed with SIGKILL at random moments under load: nothing acknowledged is lost.

For each store, a real `roundhouse serve` process serves several games while
concurrent clients play them (each move with ``If-Match`` and its own
``Idempotency-Key``); at a random moment the process is killed (no shutdown
of any kind) and started again, `KILLS` times. Then every acknowledged move
must be in its game's log exactly once at the version its answer named, every
log must audit valid, and every game must still be playable to the end.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from domain import registry
from service.store.games import GameStore
from tests.api.players import Table, open_table, play_to_end
from tests.figures import report
from tests.scale.logs import checked_log
from tests.scale.servers import Server

KILLS = 10
GAMES = 3
#: concurrent clients per game, each playing whichever seat is to act
CLIENTS_PER_GAME = 3
#: most moves acknowledged between a restart and the next kill (3 games of ~180 moves
#: must not end before the last kill)
MOVES_PER_KILL = 30
#: longest wait for the first acknowledged move after a restart
LOAD_SECONDS = 30.0


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
    else:
        yield request.getfixturevalue("postgres_url")


async def play(server: Server, table: Table, chooser: random.Random,
               acknowledged: list[tuple[str, int, str]], ends: list[str]) -> None:
    """Post legal moves until the server goes away; note every acknowledged one, and
    in `ends` why this client stopped."""
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        while True:
            try:
                answer = await client.get(f"/games/{table.id}")
                if answer.status_code != 200:
                    ends.append(f"GET game: {answer.status_code} {answer.text[:200]}")
                    return
                public = answer.json()
                if public["status"] != "active":
                    ends.append(f"game {public['status']}")
                    return
                seat = chooser.choice(public["to_act"])
                answer = await client.get(f"/games/{table.id}/me", headers=table.auth(seat))
                if answer.status_code != 200:
                    ends.append(f"GET me: {answer.status_code} {answer.text[:200]}")
                    return
                me = answer.json()
                if not me["legal_moves"]:
                    continue  # another client moved in between
                command = chooser.choice(me["legal_moves"])["command"]
                key = uuid.uuid4().hex
                answer = await client.post(
                    f"/games/{table.id}/commands", json=command,
                    headers={**table.auth(seat), "If-Match": f'"{me["version"]}"',
                             "Idempotency-Key": key},
                )
            except httpx.TransportError as error:
                ends.append(f"{error!r} on {error.request.method} {error.request.url.path}")
                return  # killed: whatever was not answered is not acknowledged
            assert answer.status_code < 500, answer.text
            if answer.status_code == 200:
                acknowledged.append((table.id, answer.json()["version"], key))


def _how_it_stands(server: Server, ends: list[str]) -> str:
    """Why the clients stopped, the server's exit status (None: running) and its log's end."""
    assert server.process is not None
    return (f"the clients stopped for: {ends}; the server's exit status: "
            f"{server.process.poll()}; its log ends: {server.log.read_text()[-3000:]}")


async def load_then_kill(server: Server, tables: list[Table], chooser: random.Random,
                         acknowledged: list[tuple[str, int, str]]) -> None:
    ends: list[str] = []
    players = [
        asyncio.create_task(
            play(server, table, random.Random(chooser.random()), acknowledged, ends))
        for table in tables for _ in range(CLIENTS_PER_GAME)
    ]
    # under load: at least one move acknowledged since the restart, then a random moment
    before = len(acknowledged)
    deadline = asyncio.get_running_loop().time() + LOAD_SECONDS
    while (len(acknowledged) == before and asyncio.get_running_loop().time() < deadline
           and not all(player.done() for player in players)):
        await asyncio.sleep(0.02)
    assert server.process is not None
    assert len(acknowledged) > before, (
        f"no move was acknowledged between two kills; {_how_it_stands(server, ends)}")
    # then a random moment: a random time, cut short after a random number of moves, so
    # the games outlast the kills however fast the server is
    moves = before + chooser.randint(1, MOVES_PER_KILL)
    moment = asyncio.get_running_loop().time() + chooser.uniform(0.05, 0.8)
    while len(acknowledged) < moves and asyncio.get_running_loop().time() < moment:
        await asyncio.sleep(0.005)
    assert server.process.poll() is None, (
        f"the server ended by itself; {_how_it_stands(server, ends)}")
    await asyncio.to_thread(server.kill)
    await asyncio.wait_for(asyncio.gather(*players), timeout=30)


def test_kill_9_under_load_loses_no_acknowledged_move(store_url: str, tmp_path: Path) -> None:
    chooser = random.Random(store_url.split(":")[0])
    # requests and, should it crash, every thread's stack in its log
    server = Server(store_url, tmp_path / "server.log", {"PYTHONFAULTHANDLER": "1"},
                    args=("--access-log",))
    server.start()
    try:
        client = httpx.Client(base_url=server.url, timeout=30)
        tables = [open_table(client, "ticket-to-ride", 2) for _ in range(GAMES)]  # type: ignore[arg-type]
        acknowledged: list[tuple[str, int, str]] = []
        for _ in range(KILLS):
            asyncio.run(load_then_kill(server, tables, chooser, acknowledged))
            server.start()
        store = GameStore(store_url, registry.kinds())
        try:
            logs = {table.id: checked_log(store, table.id) for table in tables}
        finally:
            store.close()
        for game, version, key in acknowledged:
            assert logs[game][version - 1].command_id == key, (game, version)
        for table in tables:
            assert play_to_end(table, chooser)["status"] == "finished"
        client.close()
    finally:
        server.stop()
    assert len(acknowledged) >= KILLS  # the load really ran between the kills
    report(f"kill -9 under load ({store_url.split(':')[0]})", kills=KILLS,
           acknowledged_moves=len(acknowledged), lost=0, games=GAMES,
           played_to_the_end=GAMES)
