"""Two API processes on one store, many concurrent requests to each: the log stays exact.

On each store: PostgreSQL, and one SQLite file that both processes open (SQLite's
own file locks and the unique (game, version) key arbitrate, as PostgreSQL's do).

Every case is repeated for `ROUNDS` rounds, and after each one the stored log
is checked (`checked_log`): records added equal commands acknowledged,
versions contiguous, each key once, the audit valid. The clients are real
HTTP clients and the servers real `roundhouse serve` processes, so the only
thing the two servers share is the database.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain import registry
from service.store.games import GameStore
from tests.api.players import Table, open_table
from tests.figures import report
from tests.scale.logs import checked_log
from tests.scale.servers import Server, servers

ROUNDS = 10
#: concurrent requests of one round, split evenly over the two servers
RACERS = 64
RETRIES = 20


@pytest.fixture(scope="module", params=["postgresql", "sqlite"])
def store_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'games.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(scope="module")
def pair(store_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    with servers(store_url, 2, tmp_path_factory.mktemp("servers")) as started:
        yield started


@pytest.fixture(scope="module")
def checker(store_url: str) -> Iterator[GameStore]:
    """A third view of the database, for reading back what the servers stored."""
    store = GameStore(store_url, registry.kinds())
    yield store
    store.close()


@pytest.fixture
def table(pair: list[Server]) -> Iterator[Table]:
    """A started two-seat Europe game, created through the first server."""
    with httpx.Client(base_url=pair[0].url, timeout=30) as client:
        yield open_table(client, "ticket-to-ride", 2)  # type: ignore[arg-type]


def store_name(store: GameStore) -> str:
    return "PostgreSQL" if "POSTGRES_DBNAME" in store.app.env else "SQLite"


def send_all(requests: list[tuple[str, str, dict[str, Any] | None, dict[str, str]]]
             ) -> list[httpx.Response]:
    """Send every ``(method, url, json, headers)`` at once; the answers, in order."""

    async def go() -> list[httpx.Response]:
        limits = httpx.Limits(max_connections=len(requests))
        async with httpx.AsyncClient(timeout=60, limits=limits) as client:
            return list(await asyncio.gather(*(
                client.request(method, url, json=body, headers=headers)
                for method, url, body, headers in requests
            )))

    answers = asyncio.run(go())
    assert not [a.text for a in answers if a.status_code >= 500], "a server error"
    return answers


def turn(table: Table) -> tuple[int, dict[str, Any]]:
    """The seat to act and its private view (with its legal moves)."""
    public = table.public()
    assert public["status"] == "active", "the game ended during the races"
    seat = public["to_act"][0]
    return seat, table.me(seat)


def race_commands(pair: list[Server], table: Table, checker: GameStore, conditional: int,
                  chooser: random.Random) -> Counter[str]:
    """One round: `RACERS` legal commands of the seat to act, `conditional` of them with
    ``If-Match``, the others blind; returns the answers by status."""
    seat, me = turn(table)
    before = me["version"]
    requests = []
    for number in range(RACERS):
        headers = {**table.auth(seat)}
        if number < conditional:
            headers["If-Match"] = f'"{before}"'
        command = chooser.choice(me["legal_moves"])["command"]
        url = f"{pair[number % 2].url}/games/{table.id}/commands"
        requests.append(("POST", url, command, headers))
    chooser.shuffle(requests)
    answers = send_all(requests)
    accepted = [a.json()["version"] for a in answers if a.status_code == 200]
    log = checked_log(checker, table.id)
    assert len(log) - before == len(accepted), (len(log), before, accepted)
    assert sorted(accepted) == list(range(before + 1, len(log) + 1))
    conditional_wins = [a for a in answers if a.status_code == 200
                        and "If-Match" in a.request.headers]
    assert len(conditional_wins) <= 1
    return Counter(str(a.status_code) for a in answers)


@pytest.mark.parametrize(("case", "conditional"),
                         [("blind", 0), ("mixed", RACERS // 2), ("if-match", RACERS)])
def test_racing_commands_over_two_processes_keep_the_log_exact(
    pair: list[Server], table: Table, checker: GameStore, case: str, conditional: int
) -> None:
    chooser = random.Random(case)
    statuses: Counter[str] = Counter()
    for _ in range(ROUNDS):
        answers = race_commands(pair, table, checker, conditional, chooser)
        if conditional == RACERS:  # one version, one winner
            assert answers["200"] == 1, answers
        statuses += answers
    assert statuses["200"] >= ROUNDS
    report(f"races, {case} ({conditional} of {RACERS} with If-Match, 2 processes, "
           f"{store_name(checker)})",
           rounds=ROUNDS, requests=ROUNDS * RACERS, accepted=statuses["200"],
           refused=sum(n for code, n in statuses.items() if code.startswith("4")),
           server_errors=0)


def test_concurrent_retries_of_one_key_record_it_once(
    pair: list[Server], table: Table, checker: GameStore
) -> None:
    chooser = random.Random("retries")
    answered = 0
    for round_number in range(ROUNDS):
        seat, me = turn(table)
        before = me["version"]
        command = chooser.choice(me["legal_moves"])["command"]
        key = f"retry-{round_number}-{uuid.uuid4().hex}"
        headers = {**table.auth(seat), "Idempotency-Key": key}
        url = f"/games/{table.id}/commands"
        answers = send_all([("POST", pair[n % 2].url + url, command, headers)
                            for n in range(RETRIES)])
        answers += [httpx.post(server.url + url, json=command, headers=headers)
                    for server in pair for _ in range(2)]  # and sequential retries
        assert {a.status_code for a in answers} == {200}, {a.text for a in answers}
        bodies = {a.content for a in answers}
        assert len(bodies) == 1, bodies  # every answer is the first answer
        log = checked_log(checker, table.id)
        assert len(log) == before + 1
        assert [r.version for r in log if r.command_id == key] == [before + 1]
        assert sum(a.headers.get("Idempotent-Replayed") == "true" for a in answers) == len(
            answers) - 1
        answered += len(answers)
    report(f"idempotent retries (20 concurrent + 4 sequential per key, 2 processes, "
           f"{store_name(checker)})",
           rounds=ROUNDS, requests=answered, records_per_key=1)


def test_retries_of_one_key_with_one_process_stale_all_get_the_first_answer(
    pair: list[Server], table: Table, checker: GameStore
) -> None:
    """Each round the second process holds the game one version behind the log (it read
    the game, then the first process recorded a move), and 20 sends of one command with
    one key race over both: every one gets the first answer, never 409."""
    chooser = random.Random("stale retries")
    url = f"/games/{table.id}/commands"
    stale, answered = pair[1], 0
    for round_number in range(ROUNDS):
        assert httpx.get(f"{stale.url}/games/{table.id}").status_code == 200  # cached there
        seat, me = turn(table)
        moved = table.command(seat, chooser.choice(me["legal_moves"])["command"])
        assert moved.status_code == 200, moved.text  # recorded through the first process only
        seat, me = turn(table)
        key = f"stale-{round_number}-{uuid.uuid4().hex}"
        command = chooser.choice(me["legal_moves"])["command"]
        headers = {**table.auth(seat), "Idempotency-Key": key}
        answers = send_all([("POST", pair[n % 2].url + url, command, headers)
                            for n in range(RETRIES)])
        assert [a.status_code for a in answers] == [200] * RETRIES, {a.text for a in answers}
        assert len({a.content for a in answers}) == 1  # every answer is the first answer
        log = checked_log(checker, table.id)
        assert [r.version for r in log if r.command_id == key] == [me["version"] + 1]
        answered += len(answers)
    report("idempotent retries with one process a version behind (20 concurrent per key, "
           f"2 processes, {store_name(checker)})", rounds=ROUNDS, requests=answered,
           conflicts=0, records_per_key=1)


def test_concurrent_joins_and_starts_over_two_processes(
    pair: list[Server], checker: GameStore
) -> None:
    seats = 5
    joins = starts = 0
    for _ in range(ROUNDS):
        created = httpx.post(f"{pair[0].url}/games",
                             json={"kind": "ticket-to-ride", "map": "europe", "seats": seats})
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        answers = send_all([
            ("POST", f"{pair[n % 2].url}/games/{game}/seats", {"name": f"p{n}"}, {})
            for n in range(RACERS)
        ])
        taken = [a.json() for a in answers if a.status_code == 201]
        assert sorted(t["seat"] for t in taken) == list(range(seats)), taken
        assert {a.json()["code"] for a in answers if a.status_code != 201} <= {
            "game-full", "concurrent-update"}
        tokens = [t["token"] for t in taken]
        answers = send_all([
            ("POST", f"{pair[n % 2].url}/games/{game}/start", None,
             {"Authorization": f"Bearer {tokens[n % seats]}"})
            for n in range(RACERS)
        ])
        assert [a.status_code for a in answers].count(200) == 1
        assert {a.json()["code"] for a in answers if a.status_code != 200} <= {
            "game-started", "concurrent-update"}
        log = checked_log(checker, game)
        assert [r.type for r in log] == ["created"] + ["seat-joined"] * seats + ["started"]
        joins += RACERS
        starts += RACERS
    report(f"lobby races (5-seat games, 2 processes, {store_name(checker)})", rounds=ROUNDS,
           joins=joins,
           starts=starts, seats_taken_per_game=seats, started_records_per_game=1)


def test_the_servers_logged_no_error(pair: list[Server]) -> None:
    """Runs last in this module: no traceback in any server's output."""
    for server in pair:
        assert "Traceback" not in Path(server.log).read_text()
