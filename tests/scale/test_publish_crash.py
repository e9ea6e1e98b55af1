"""The process that appended dies between its commit and its Redis publish: no read model
stays behind, on any process, restarted ones included.

Three real API processes on one PostgreSQL and one Redis (a key prefix of the
test's own). The first reaches Redis through a relay (`tests.ops.relay`) that
the test freezes (SIGSTOP): a move sent to that process is committed and
acknowledged, but its publish cannot reach Redis; then the process is killed
(SIGKILL). Half the trials kill it on a game's last move. Asserted each time,
within `CONVERGE_BOUND` of the kill: the two other processes answer ``GET
/games/{id}`` with the new version (the end and the result, for a last move),
``If-None-Match`` naming it is ``304``, and the Redis read model itself is
repaired (answers say ``X-Served-From: read-model`` again, at the new version);
the killed process, started again, answers the same.
"""

from __future__ import annotations

import random
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.players import Table, open_table
from tests.conftest import REDIS_URL
from tests.figures import report
from tests.ops.servers import relaying
from tests.scale.servers import Server, free_port

KILLS = 10
#: the longest the other processes may serve the view from before the kill
CONVERGE_BOUND = 5.0
#: moves played before the killed move of a trial that does not end its game
MIDGAME_MOVES = 3


def public(server: Server, game_id: str, **headers: str) -> httpx.Response:
    return httpx.get(f"{server.url}/games/{game_id}", headers=headers, timeout=10)


def last_move_next(view: dict[str, Any]) -> bool:
    """Whether any card played now ends the toy game (the deck and the next hand are empty)."""
    board = view["view"]
    return board["deck_size"] == 0 and board["hand_sizes"][(board["turn"] + 1) % 2] == 0


def play_until(table: Table, chooser: random.Random, last: bool) -> None:
    """Play legal moves until the next ends the game (`last`), or `MIDGAME_MOVES` of them."""
    for played in range(1000):
        view = table.public()
        if (last and last_move_next(view)) or (not last and played == MIDGAME_MOVES):
            return
        seat = view["to_act"][0]
        moves = table.me(seat)["legal_moves"]
        if last:  # play cards (and draw), so the game heads for its end
            moves = [m for m in moves if m["command"]["type"] != "reshuffle"]
        assert table.command(seat, chooser.choice(moves)["command"]).status_code == 200
    raise AssertionError("the game did not come to its last move")


def converged(servers: list[Server], game_id: str, version: int, finished: bool
              ) -> tuple[float, float]:
    """Seconds until every server answers `version` (and ``finished``), and until they
    answer it from the repaired read model."""
    began = time.monotonic()
    seen: float | None = None
    while True:
        elapsed = time.monotonic() - began
        assert elapsed < CONVERGE_BOUND, (game_id, version, [
            (public(s, game_id).json()["version"], public(s, game_id).headers.get(
                "x-served-from")) for s in servers])
        answers = [public(s, game_id) for s in servers]
        current = all(a.json()["version"] == version
                      and (a.json()["status"] == "finished") == finished for a in answers)
        if current and seen is None:
            seen = elapsed
            for server in servers:
                tag = public(server, game_id, **{"If-None-Match": f'"{version}"'})
                assert tag.status_code == 304, tag.text
        if current and all(a.headers.get("x-served-from") == "read-model" for a in answers):
            return seen or elapsed, elapsed
        time.sleep(0.05)


class Victim:
    """The process to kill, whose Redis is reached through a relay of its own."""

    def __init__(self, server: Server, relay_port: int) -> None:
        self.server = server
        self.relay_port = relay_port
        self.redis_port = int(REDIS_URL.rsplit(":", 1)[1].split("/")[0])
        self.links = ExitStack()
        self.relay: subprocess.Popen[bytes] | None = None

    def link(self) -> None:
        self.relay = self.links.enter_context(
            relaying("127.0.0.1", self.relay_port, self.redis_port))

    def unlink(self) -> None:
        self.links.close()


@pytest.fixture
def three(postgres_url: str, redis_prefix: str, tmp_path: Path
          ) -> Iterator[tuple[Victim, list[Server]]]:
    """The process to kill and two others, all started."""
    env = {"ROUNDHOUSE_REDIS_PREFIX": redis_prefix, "ROUNDHOUSE_RATE_LIMIT_PER_MINUTE": "0",
           "ROUNDHOUSE_CREATE_LIMIT_PER_MINUTE": "0"}
    relay_port = free_port()
    victim = Victim(Server(postgres_url, tmp_path / "victim.log",
                           {**env, "ROUNDHOUSE_REDIS_URL": f"redis://127.0.0.1:{relay_port}/0"},
                           toy=True), relay_port)
    others = [Server(postgres_url, tmp_path / f"other-{n}.log",
                     {**env, "ROUNDHOUSE_REDIS_URL": REDIS_URL}, toy=True) for n in range(2)]
    with ExitStack() as stack:
        stack.callback(victim.unlink)
        for server in [*others, victim.server]:
            stack.callback(server.stop)
        victim.link()
        for server in [*others, victim.server]:
            server.start()
        yield victim, others


def test_an_appender_killed_between_commit_and_publish_leaves_no_view_behind(
    three: tuple[Victim, list[Server]],
) -> None:
    victim, others = three
    chooser = random.Random("publish crash")
    seen_after: list[float] = []
    repaired_after: list[float] = []
    finished_games = 0
    for trial in range(KILLS):
        last = trial % 2 == 1
        with httpx.Client(base_url=others[0].url, timeout=30) as client:
            table = open_table(client, "toy", 2)  # type: ignore[arg-type]
            play_until(table, chooser, last)
            version = table.public()["version"]
            converged([*others, victim.server], table.id, version, finished=False)
            seat = table.public()["to_act"][0]
            move = chooser.choice(table.me(seat)["legal_moves"])["command"]
        assert victim.relay is not None
        victim.relay.send_signal(signal.SIGSTOP)  # the victim's Redis link hangs
        answer = httpx.post(f"{victim.server.url}/games/{table.id}/commands", json=move,
                            headers={**table.auth(seat), "If-Match": f'"{version}"'},
                            timeout=30)
        assert answer.status_code == 200, answer.text  # committed and acknowledged
        victim.server.kill()
        victim.relay.kill()  # the frozen relay dies with what it holds: nothing resumes it
        victim.unlink()
        seen, repaired = converged(others, table.id, version + 1, finished=last)
        seen_after.append(seen)
        repaired_after.append(repaired)
        finished_games += last
        victim.link()
        victim.server.start()
        restarted = public(victim.server, table.id).json()
        assert (restarted["version"], restarted["status"] == "finished") == (version + 1, last)
    report("appenders killed between commit and publish (3 processes, Redis)", kills=KILLS,
           last_moves=finished_games, processes_checked=3,
           other_processes_current_s_max=round(max(seen_after), 2),
           read_model_repaired_s_max=round(max(repaired_after), 2))

