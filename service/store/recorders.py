"""The eventsourcing recorders, with one more table: a game's command ids are unique in the store.

Every command record carries a ``command_id`` (the client's ``Idempotency-Key``,
or a random one). Besides the unique (game, version) key of the events table,
each recorder writes ``(game, command_id)`` into ``<events table>_command_ids``
with its own primary key, in the same transaction as the record. So even two
processes that both believed a key new could never both store it: the second
transaction fails as a whole, like an append that lost its version, and the
store then answers from the record that won (`GameStore._decided`).

Selected by the ``APPLICATION_RECORDER_TOPIC`` the library reads
(`service.store.persistence`). Records stored before this table existed are
not in it; the in-memory index of each live game covers them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier


class _Keyed(msgspec.Struct):
    command_id: str | None = None


class _StoredKey(msgspec.Struct):
    """The one field of a stored event's body these recorders read."""

    record: _Keyed


_key_decoder = msgspec.json.Decoder(_StoredKey)


def command_ids(stored_events: Sequence[StoredEvent]) -> list[tuple[str, str]]:
    """``(game id, command id)`` of every stored event whose record has a command id."""
    rows = []
    for stored in stored_events:
        command_id = _key_decoder.decode(stored.state).record.command_id
        if command_id is not None:
            rows.append((str(stored.originator_id), command_id))
    return rows


class SQLiteGameRecorder(SQLiteApplicationRecorder):
    """SQLite: the library's application recorder plus the command id table."""

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events"):
        self.command_ids_table = f"{events_table_name}_command_ids"
        super().__init__(datastore, events_table_name)

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.command_ids_table} ("
            "game_id TEXT NOT NULL, command_id TEXT NOT NULL, "
            "PRIMARY KEY (game_id, command_id)) WITHOUT ROWID",
        ]

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        c.executemany(
            f"INSERT INTO {self.command_ids_table} VALUES (?, ?)", command_ids(stored_events)
        )
        return notification_ids


class PostgresGameRecorder(PostgresApplicationRecorder):
    """PostgreSQL: the library's application recorder plus the command id table."""

    def __init__(
        self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events"
    ):
        super().__init__(datastore, events_table_name=events_table_name)
        table = Identifier(f"{events_table_name}_command_ids")
        schema = Identifier(self.datastore.schema)
        self.sql_create_statements.append(SQL(
            "CREATE TABLE IF NOT EXISTS {schema}.{table} ("
            "game_id uuid NOT NULL, command_id text NOT NULL, "
            "PRIMARY KEY (game_id, command_id))"
        ).format(schema=schema, table=table))
        self.insert_command_ids_statement = SQL(
            "INSERT INTO {schema}.{table} (game_id, command_id) VALUES (%s, %s)"
        ).format(schema=schema, table=table)

    def _insert_stored_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> None:
        # after the events: their table lock is held by then, so key rows never make
        # two transactions wait on each other; on a cursor of its own, since the
        # library reads the events' notification ids from `curs` afterwards
        super()._insert_stored_events(curs, stored_events, **kwargs)
        rows = command_ids(stored_events)
        if rows:
            with curs.connection.cursor() as keys:
                keys.executemany(self.insert_command_ids_statement, rows)
