"""A seat's command ids are unique in the store itself, on SQLite and PostgreSQL.

Below the store's own checks: a record that reuses a command id its seat already
used in the game's log is refused by the database (the whole transaction), even
when its version is free, so no process could ever store one key twice; another
seat's same key is its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import pytest
from eventsourcing.persistence import IntegrityError

from domain.kernel.protocol import Setup
from service.store.aggregate import Game
from service.store.committer import _Pending
from service.store.games import GameStore
from service.store.recorders import LobbyQuery
from service.store.records import Record
from tests import toy
from tests.api.players import held, seated_game


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GameStore]:
    url = (f"sqlite:///{tmp_path / 'games.db'}" if request.param == "sqlite"
           else request.getfixturevalue("postgres_url"))
    opened = GameStore(url, {"toy": toy.RULES})
    yield opened
    opened.close()



def test_a_used_command_id_is_refused_by_the_database(store: GameStore) -> None:
    game_id, tokens = seated_game(store)
    store.command(game_id, tokens[0], toy.DrawCard(), idempotency_key="once")
    live = held(store, game_id)
    version = live.version
    aggregate = store.app.repository.get(live.aggregate.id)
    again = Record(game_id=live.id, version=version + 1, type="command", time="t", seat=0,
                   command_id="once", payload={"type": "draw-card"}, prev_hash=aggregate.last_hash)
    event = aggregate.next_event(Game.CommandAccepted, again, datetime.now(UTC))
    with pytest.raises(IntegrityError):
        store._appender.committer.append([event])
    assert [r.version for r in store.records(live.id)] == list(range(1, version + 1))
    # the other seat's same key at that same version is stored: keys are per seat
    other = aggregate.next_event(Game.CommandAccepted,
                                 msgspec.structs.replace(again, seat=1), datetime.now(UTC))
    store._appender.committer.append([other])
    assert (store.records(live.id)[-1].seat, store.records(live.id)[-1].command_id) == (1, "once")


def test_a_lost_version_in_a_shared_transaction_fails_only_its_own_append(
    store: GameStore,
) -> None:
    """On both databases: the loser gets IntegrityError (a lost race), never another error,
    and the batch's other append is stored."""
    first, second = (held(store, store.create("toy", Setup(seats=2))) for _ in range(2))
    pending = []
    for live in (first, second):
        aggregate = store.app.repository.get(live.aggregate.id)
        record = Record(game_id=live.id, version=aggregate.version + 1, type="seat-joined",
                        time="t", seat=0, payload={"name": "x"}, prev_hash=aggregate.last_hash)
        pending.append(_Pending([aggregate.next_event(
            Game.SeatJoined, record, datetime.now(UTC), token_hash="0" * 64)], lambda _: None))
    store.join(second.id, "faster")  # takes the version the second append wanted
    store._appender.committer._write(pending)
    assert pending[0].error is None and isinstance(pending[1].error, IntegrityError)
    assert [r.type for r in store.records(first.id)] == ["created", "seat-joined"]
    taken = {row.game_id: row.taken for row in store.lobby(LobbyQuery(kind="toy",
                                                                      limit=10_000))}
    assert (taken[first.id], taken[second.id]) == (1, 1)  # the lobby table rolled back too


def test_a_store_of_an_older_build_goes_on(tmp_path: Path) -> None:
    """A file whose keys sit in the older ``(game, command id)`` table: its retries are still
    recognised (the log itself is the index), and new keys go to the per-seat table."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = GameStore(url, {"toy": toy.RULES})
    game_id, tokens = seated_game(store)
    store.command(game_id, tokens[0], toy.DrawCard(), idempotency_key="old")
    store.close()
    with sqlite3.connect(tmp_path / "old.db") as db:  # as an older build left it
        db.execute("DROP TABLE stored_events_seat_command_ids")
        db.execute("CREATE TABLE stored_events_command_ids (game_id TEXT NOT NULL, "
                   "command_id TEXT NOT NULL, PRIMARY KEY (game_id, command_id)) WITHOUT ROWID")
        db.execute("INSERT INTO stored_events_command_ids VALUES (?, 'old')", (game_id,))
    store = GameStore(url, {"toy": toy.RULES})
    try:
        version = held(store, game_id).version
        retry = store.command(game_id, tokens[0], toy.DrawCard(), idempotency_key="old")
        assert retry.replayed and held(store, game_id).version == version
        other = store.command(game_id, tokens[1], toy.DrawCard(), idempotency_key="old")
        assert not other.replayed and held(store, game_id).version == version + 1
    finally:
        store.close()
    with sqlite3.connect(tmp_path / "old.db") as db:
        assert db.execute("SELECT seat, command_id FROM stored_events_seat_command_ids").fetchall(
            ) == [(1, "old")]
