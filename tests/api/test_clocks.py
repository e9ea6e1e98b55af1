"""Turn clocks and bot seats, with a clock the tests move by hand (nothing sleeps).

The store's wall clock is injected (`GameStore(now=...)`); `Driver.tick` is what
the driver thread runs. Everything a clock decides is a record, re-decided by the
audit like any command.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from domain import registry
from domain.kernel.protocol import Setup
from service.api.app import create_app
from service.audit.verdict import audit
from service.driver import Driver
from service.settings import Settings
from service.store.clocks import ClockRule
from service.store.games import GameStore
from service.store.opening import Opening
from tests.api.players import Table, held, test_kinds

EUROPE = Setup(seats=2, map="europe", variant="standard")
START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A wall clock that moves only when told."""

    def __init__(self) -> None:
        self.at = START

    def now(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def path(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'clocks.db'}"


@pytest.fixture
def store(path: str, clock: Clock) -> Iterator[GameStore]:
    opened = GameStore(path, registry.kinds(), now=clock.now)
    yield opened
    opened.close()


@pytest.fixture
def driver(store: GameStore) -> Driver:
    return Driver(store)



def clocked_game(store: GameStore, move: int = 30, reserve: int = 60) -> tuple[str, list[str]]:
    game_id = store.create("ticket-to-ride", EUROPE, Opening(
        host_token="host", clock=ClockRule(move_seconds=move, reserve_seconds=reserve)))
    tokens = [store.join(game_id, name).token for name in ("ann", "bob")]
    store.start(game_id, "host")
    return game_id, tokens


def play(store: GameStore, game_id: str, seat: int, token: str, pick: int = 0) -> None:
    live = held(store, game_id)
    store.command(game_id, token, live.rules.legal_moves(live.state, seat)[pick].command)


def types(store: GameStore, game_id: str) -> list[tuple[str, int | None]]:
    return [(r.type, r.seat) for r in store.records(game_id)]


def assert_audit_valid(store: GameStore, game_id: str) -> None:
    report = audit(store.records(game_id), redacted=False,
                   sealed_with=held(store, game_id).seed)
    assert report.valid, report.first_invalid


def test_a_seat_out_of_time_is_played_by_the_bot_until_its_player_acts(
    store: GameStore, driver: Driver, clock: Clock
) -> None:
    game, tokens = clocked_game(store)
    clock.advance(10)
    play(store, game, 0, tokens[0])  # ann keeps her tickets within her move time
    clock.advance(79)  # bob has waited 89 s of his 30 + 60
    assert driver.tick() == 0
    clock.advance(2)
    made = driver.tick()
    log = types(store, game)
    assert log[-made:][0] == ("timeout", 1) and made >= 2
    assert all(entry == ("bot-command", 1) for entry in log[-made + 1:])
    live = held(store, game)
    assert live.to_act() == [0] and live.strategy_for(1) == "greedy"
    # while ann plays, the bot answers for bob at once; then bob is back
    while live.to_act() == [0]:
        play(store, game, 0, tokens[0])
    assert driver.tick() >= 1 and types(store, game)[-1] == ("bot-command", 1)
    while live.to_act() == [0]:
        play(store, game, 0, tokens[0])
    play(store, game, 1, tokens[1])  # bob acts himself: the seat is his again
    assert live.strategy_for(1) is None
    while live.to_act() == [0]:
        play(store, game, 0, tokens[0])
    assert driver.tick() == 0 and live.to_act() == [1]
    deadline = live.clock.view().seats[1].deadline if live.clock else None
    assert deadline == (clock.at + timedelta(seconds=30)).isoformat()  # his reserve is spent
    assert_audit_valid(store, game)


def test_the_reserve_pays_for_overruns(store: GameStore, clock: Clock) -> None:
    game, tokens = clocked_game(store, move=30, reserve=60)
    clock.advance(50)  # 20 s over ann's move time
    play(store, game, 0, tokens[0])
    seats = held(store, game).clock.view().seats  # type: ignore[union-attr]
    assert seats[0].reserve_seconds == 40 and seats[0].deadline is None
    assert seats[1].deadline == (START + timedelta(seconds=90)).isoformat()


def test_clocks_survive_a_restart(path: str, store: GameStore, clock: Clock) -> None:
    game, tokens = clocked_game(store)
    play(store, game, 0, tokens[0])
    store.close()
    clock.advance(95)
    again = GameStore(path, registry.kinds(), now=clock.now)  # a new process, the same log
    try:
        assert Driver(again).tick() >= 2
        assert ("timeout", 1) in types(again, game)
        assert_audit_valid(again, game)
    finally:
        again.close()


def test_two_processes_racing_on_one_expiry_record_it_once(
    path: str, store: GameStore, clock: Clock
) -> None:
    game, tokens = clocked_game(store)
    play(store, game, 0, tokens[0])
    other = GameStore(path, registry.kinds(), now=clock.now)
    try:
        held(other, game)  # cached in both
        clock.advance(95)
        made: list[int] = []
        drivers = [Driver(store), Driver(other)]
        racers = [threading.Thread(target=lambda d=d: made.append(d.tick()))
                  for d in drivers for _ in range(4)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        log = types(store, game)
        assert log.count(("timeout", 1)) == 1
        assert sum(made) == len(log) - log.index(("timeout", 1))
        assert_audit_valid(store, game)
    finally:
        other.close()


def test_the_host_seats_a_bot_that_plays_over_http(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'bots.db'}")
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        created = client.post("/games", json={"kind": "ticket-to-ride", "map": "europe",
                                              "seats": 2}).json()
        gid, host = created["id"], created["host_token"]
        ann = client.post(f"/games/{gid}/seats", json={"name": "ann"}).json()
        refused = client.post(f"/games/{gid}/seats/bot", json={"strategy": "greedy"},
                              headers={"Authorization": f"Bearer {ann['token']}"})
        assert refused.status_code == 403 and refused.json()["code"] == "not-the-host"
        seated = client.post(f"/games/{gid}/seats/bot", json={"strategy": "greedy"},
                             headers={"Authorization": f"Bearer {host}"})
        assert seated.status_code == 201 and seated.json()["seat"] == 1
        assert client.post(f"/games/{gid}/start",
                           headers={"Authorization": f"Bearer {host}"}).status_code == 200
        table = Table(client, gid, [ann["token"]])
        chooser = random.Random(9)
        deadline = time.monotonic() + 120
        while (public := table.public())["status"] != "finished":
            assert time.monotonic() < deadline, "the game did not finish"
            if 0 not in public["to_act"]:
                time.sleep(0.01)  # the server's bot is moving
                continue
            me = table.me(0)
            if me["legal_moves"]:
                table.command(0, chooser.choice(me["legal_moves"])["command"],
                              **{"If-Match": f'"{me["version"]}"'})
        assert public["seats"][1]["bot"] == "greedy" and public["seats"][0]["bot"] is None
        records: list[dict[str, Any]] = table.events()
        assert {r["seat"] for r in records if r["type"] == "bot-command"} == {1}
        assert client.get(f"/games/{gid}/audit").json()["report"]["valid"] is True


@pytest.mark.parametrize(("kind", "setup"), [
    ("ticket-to-ride", EUROPE), ("colt-express", Setup(seats=3)),
])
def test_a_seat_out_of_time_forfeits_when_the_game_says_so(
    store: GameStore, driver: Driver, clock: Clock, kind: str, setup: Setup
) -> None:
    game_id = store.create(kind, setup, Opening(
        host_token="host", clock=ClockRule(move_seconds=10, on_timeout="forfeit")))
    tokens = [store.join(game_id, f"p{seat}").token for seat in range(setup.seats)]
    store.start(game_id, "host")
    live = held(store, game_id)
    chooser = random.Random(kind)
    for _ in range(6):  # a few moves in time
        seat = live.to_act()[0]
        store.command(live.id, tokens[seat],
                      chooser.choice(live.rules.legal_moves(live.state, seat)).command)
        clock.advance(5)
    late = live.to_act()[0]
    clock.advance(11)
    assert driver.tick() == 1
    assert types(store, live.id)[-1] == ("forfeit", late)
    result = live.result
    assert live.status == "finished" and result is not None
    assert late not in result.winners and result.winners
    others = [s for s in range(setup.seats) if s != late]
    assert max(result.scores[s] for s in others) == result.scores[result.winners[0]]
    assert driver.tick() == 0  # nothing more to do in a finished game
    assert_audit_valid(store, live.id)
