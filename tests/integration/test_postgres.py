"""The store on a real PostgreSQL: play and reload, racing commands, idempotent retries.

Several `GameStore` objects on one database stand for several API processes:
each has its own cache of live games, and only the database arbitrates.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import psycopg.sql
import pytest
from litestar.testing import TestClient

from domain.kernel.protocol import Setup
from service.api.app import create_app
from service.settings import Settings
from service.store.errors import StaleVersion, StoreError, VersionConflict
from service.store.games import GameStore
from service.store.recorders import LobbyQuery
from service.store.records import GENESIS_HASH, Record, record_hash
from tests import toy
from tests.api.players import held, open_table, play_to_end, seated_game, test_kinds


@pytest.fixture
def stores(postgres_url: str) -> Iterator[list[GameStore]]:
    opened = [GameStore(postgres_url, test_kinds()) for _ in range(4)]
    yield opened
    for store in opened:
        store.close()


def assert_chain(log: list[Record], seed: bytes) -> None:
    assert [r.version for r in log] == list(range(1, len(log) + 1))
    previous = GENESIS_HASH
    for record in log:
        assert record.prev_hash == previous and record.hash == record_hash(record, seed)
        previous = record.hash


@pytest.mark.parametrize(("kind", "seats"), [("ticket-to-ride", 3), ("colt-express", 3)])
def test_create_play_reload_over_http(postgres_url: str, kind: str, seats: int) -> None:
    settings = Settings(store=postgres_url)
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        table = open_table(client, kind, seats)
        final = play_to_end(table, random.Random(kind))
    with TestClient(create_app(settings, kinds=test_kinds())) as fresh:
        assert fresh.get(f"/games/{table.id}").json() == final
        log = [Record(**r) for r in fresh.get(
            f"/games/{table.id}/events", params={"limit": 1000}).json()["records"]]
    assert len(log) == final["version"] or len(log) == 1000
    assert_chain(log, bytes.fromhex(final["seed"]))


def race(stores: list[GameStore], attempt: Callable[[GameStore], Any]) -> list[Any]:
    """Run `attempt` on every store at the same moment, one thread each; their outcomes."""
    barrier = threading.Barrier(len(stores))
    outcomes: list[Any] = []

    def run(store: GameStore) -> None:
        barrier.wait()
        try:
            outcomes.append(attempt(store))
        except StoreError as error:
            outcomes.append(error)

    threads = [threading.Thread(target=run, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes



def test_racing_commands_one_wins_each_race(stores: list[GameStore]) -> None:
    game_id, tokens = seated_game(stores[0])
    draw = toy.DrawCard()
    for _ in range(6):  # six races, each between four "processes" on the same version
        live = held(stores[0], game_id)
        version, token = live.version, tokens[live.to_act()[0]]
        outcomes = race(
            stores, lambda s: s.command(game_id, token, draw, expected=version).record  # noqa: B023
        )
        wins = [o for o in outcomes if isinstance(o, Record)]
        assert len(wins) == 1 and wins[0].version == version + 1, outcomes
        for lost in (o for o in outcomes if not isinstance(o, Record)):
            assert isinstance(lost, StaleVersion | VersionConflict)
            assert lost.current_version == version + 1
    for store in stores:
        assert held(store, game_id).version == version + 1
    assert_chain(stores[3].records(game_id), held(stores[3], game_id).seed.value)
    assert held(stores[1], game_id).state == held(stores[2], game_id).state


def test_racing_retries_of_one_command_record_it_once(stores: list[GameStore]) -> None:
    game_id, tokens = seated_game(stores[0])
    version = held(stores[0], game_id).version
    answers = race(
        stores, lambda s: s.command(game_id, tokens[0], toy.DrawCard(), None, "same-key").record)
    assert len(answers) == len(stores) and all(a == answers[0] for a in answers)
    assert answers[0].version == version + 1
    assert held(stores[2], game_id).version == version + 1
    assert [r.command_id for r in stores[3].records(game_id)].count("same-key") == 1


def test_a_game_changed_elsewhere_is_seen_at_once(stores: list[GameStore]) -> None:
    game_id, tokens = seated_game(stores[0])
    before = held(stores[1], game_id).version
    stores[0].command(game_id, tokens[0], toy.DrawCard())
    assert held(stores[1], game_id).version == before + 1
    assert held(stores[1], game_id).state == held(stores[0], game_id).state
    assert stores[0].revealed_seed(game_id) is None
    assert stores[0].description(game_id) == ("toy", Setup(seats=2, rules_version="1"))


def test_two_api_processes_racing_over_http(postgres_url: str) -> None:
    """Two apps (as two API processes) on one database; the same move posted to both."""
    settings = Settings(store=postgres_url)
    with TestClient(create_app(settings, kinds=test_kinds())) as one, TestClient(
        create_app(settings, kinds=test_kinds())
    ) as two:
        table = open_table(one, "toy", 2)
        assert two.get(f"/games/{table.id}").json()["version"] == 4  # both have it cached
        barrier = threading.Barrier(2)
        answers: list[Any] = []

        def post(client: TestClient[Any]) -> None:
            barrier.wait()
            answers.append(client.post(
                f"/games/{table.id}/commands", json={"type": "draw-card"},
                headers={**table.auth(0), "If-Match": '"4"'},
            ))

        threads = [threading.Thread(target=post, args=(c,)) for c in (one, two)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(a.status_code for a in answers)
        assert statuses[0] == 200 and statuses[1] in (409, 412), [a.text for a in answers]
        lost = next(a for a in answers if a.status_code != 200)
        assert lost.headers["content-type"].startswith("application/problem+json")
        assert lost.json()["current_version"] == 5
        assert one.get(f"/games/{table.id}").json() == two.get(f"/games/{table.id}").json()


def test_an_append_is_one_transaction_numbered_in_order_and_announced(
    stores: list[GameStore], postgres_url: str
) -> None:
    """The recorder's own insert: each append's events are stored as given and get
    increasing notification ids, its key and lobby rows commit with it, and the
    library's NOTIFY is still sent."""
    recorder = stores[0].recorder
    with psycopg.connect(postgres_url, autocommit=True) as listener:
        listener.execute(f'LISTEN "{recorder.channel_name}"')
        game_id, tokens = seated_game(stores[0])  # created, two joins, started: four appends
        stores[0].command(game_id, tokens[0], toy.DrawCard(), None, "key-1")
        heard = list(listener.notifies(timeout=2, stop_after=5))
    assert len(heard) == 5 and {n.channel for n in heard} == {recorder.channel_name}
    assert len(stores[0].records(game_id)) == 5  # one record (one event) per append
    # read back by a store that never held the game: the same records, byte for byte
    assert stores[2].records(game_id) == stores[0].records(game_id)
    events = psycopg.sql.Identifier(recorder.datastore.schema, recorder.events_table_name)
    keys = psycopg.sql.Identifier(recorder.datastore.schema,
                                  f"{recorder.events_table_name}_seat_command_ids")
    with psycopg.connect(postgres_url) as reader:
        numbered = [row[0] for row in reader.execute(
            psycopg.sql.SQL("SELECT notification_id FROM {} WHERE originator_id = %s "
                            "ORDER BY originator_version").format(events),
            (held(stores[0], game_id).aggregate.id,)).fetchall()]
        stored = reader.execute(
            psycopg.sql.SQL("SELECT seat FROM {} WHERE game_id = %s AND command_id = %s")
            .format(keys), (game_id, "key-1")).fetchall()
    assert len(numbered) == 5 and numbered == sorted(set(numbered))
    assert stored == [(0,)]
    (row,) = [r for r in stores[1].lobby(LobbyQuery(kind="toy", limit=10_000))
              if r.game_id == game_id]
    assert (row.taken, row.status) == (2, "active")
