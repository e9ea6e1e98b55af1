"""The statistics across real processes: killed mid-projection, and served by several.

* ``roundhouse statistics --rebuild`` killed with SIGKILL between two batches (or
  in one): what it committed is whole, and catching up from there gives exactly
  the figures of a rebuild from nothing.
* Two ``roundhouse serve`` processes on one store (a shared SQLite file, and
  PostgreSQL): games played through either are counted once, by whichever holds
  the lease, and both serve the same figures.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.statistics.runner import StatisticsRunner
from service.statistics.view import Filter
from service.store.games import GameStore
from tests.scale.servers import servers
from tests.statistics.games import finished_game

ROOT = Path(__file__).resolve().parents[2]


def test_a_rebuild_killed_mid_projection_resumes_to_the_figures_of_a_whole_rebuild(
    store_url: str,
) -> None:
    url = store_url
    store = GameStore(url, kinds())
    chooser = random.Random(261)
    for seats in (2, 3, 4, 5, 6) * 3:
        finished_game(store, "colt-express", Setup(seats=seats), chooser)
    last = store.recorder.max_notification_id()
    runner = StatisticsRunner(store, lease_seconds=0.5)
    command = [sys.executable, "-m", "service.cli", "statistics", "--rebuild", "--store", url,
               "--batch", "5"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ROUNDHOUSE_STATISTICS_LEASE_SECONDS": "0.5"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while (runner.view.position() or 0) < last // 3:  # a third of the log projected
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    killed_at = runner.view.position() or 0
    assert 0 < killed_at < last
    partial = runner.view.totals(Filter("colt-express"))["games"].n
    assert 0 < partial < 15
    time.sleep(0.6)  # the killed process's lease lapses
    assert runner.catch_up() == last - killed_at
    resumed = runner.view.totals(Filter("colt-express"))
    assert resumed["games"].n == 15
    runner.rebuild()
    assert runner.view.totals(Filter("colt-express")) == resumed
    store.close()


def play_through(urls: list[str], games: int, chooser: random.Random) -> None:
    """`games` random Ticket to Ride games, each move sent to one of `urls` in turn."""
    for number in range(games):
        with httpx.Client(base_url=urls[number % len(urls)], timeout=30) as first:
            created = first.post("/games", json={"kind": "ticket-to-ride", "map": "europe",
                                                 "seats": 2}).json()
            game = f"/games/{created['id']}"
            tokens = [first.post(f"{game}/seats", json={"name": f"p{s}"}).json()["token"]
                      for s in range(2)]
            assert first.post(f"{game}/start", headers=_auth(tokens[0])).status_code == 200
        clients = [httpx.Client(base_url=url, timeout=30) for url in urls]
        try:
            for move in range(10_000):
                client = clients[move % len(clients)]
                public = client.get(game).json()
                if public["status"] == "finished":
                    break
                seat = chooser.choice(public["to_act"])
                me = client.get(f"{game}/me", headers=_auth(tokens[seat])).json()
                command = chooser.choice(me["legal_moves"])["command"]
                answer = client.post(f"{game}/commands", json=command,
                                     headers=_auth(tokens[seat]))
                assert answer.status_code == 200, answer.text
        finally:
            for client in clients:
                client.close()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def agreed_figures(urls: list[str], games: int) -> dict[str, Any]:
    """The figures every server gives once they count `games` games (they must agree)."""
    deadline = time.monotonic() + 10
    while True:
        bodies = [httpx.get(f"{url}/statistics", params={"kind": "ticket-to-ride"}).json()
                  for url in urls]
        if all(body["games"] == games for body in bodies):
            assert all(body == bodies[0] for body in bodies), bodies
            return bodies[0]
        assert time.monotonic() < deadline, bodies
        time.sleep(0.05)


def test_two_servers_on_one_store_count_each_game_once_and_agree(
    store_url: str, tmp_path: Path,
) -> None:
    url = store_url
    with servers(url, 2, tmp_path) as running:
        urls = [server.url for server in running]
        play_through(urls, 2, random.Random(262))
        served = agreed_figures(urls, 2)
    store = GameStore(url, kinds())
    runner = StatisticsRunner(store)
    runner.rebuild()  # the figures from nothing, in this process
    rebuilt = runner.view.totals(Filter("ticket-to-ride"))
    assert rebuilt["games"].n == 2
    assert served["moves"]["mean"] == round(rebuilt["length/moves"].total / 2, 6)
    assert served["winning_score"]["count"] == rebuilt["score/winning"].n
    store.close()
