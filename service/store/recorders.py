"""The eventsourcing recorders, with three more tables: command ids, the lobby, stream tickets.

Every command record carries a ``command_id`` (the client's ``Idempotency-Key``,
or a random one), scoped to the seat that sent it: two seats may use the same
key for two independent commands. Besides the unique (game, version) key of the
events table, each recorder writes ``(game, seat, command_id)`` into
``<events table>_seat_command_ids`` with its own primary key, in the same
transaction as the record. So even two processes that both believed a key new
could never both store it: the second transaction fails as a whole, like an
append that lost its version, and the store then answers from the record that
won (`GameStore._decided`). Stores written by older builds also hold
``<events table>_command_ids``, keyed ``(game, command_id)`` across seats; it is
no longer written, and the records it covers are in the in-memory index of
every live game, like all records stored before either table existed.

The lobby table ``<events table>_games`` holds one row per game: what `GET /games`
lists and filters on (kind, map, variant, seats taken of how many, status,
listed, private, creation time). Each recorder keeps it in the same transaction
as the records that change it (created, seat joined or left, started, and the
record that reveals the seed, which by the fairness protocol ends the game), so
every process lists the same games and nothing that was not committed.

``<events table>_probe`` holds one row that readiness rewrites after a write
failed for lack of space, to learn when writes work again (`GameStore.writable`).

``<events table>_stream_tickets`` holds the short-lived, single-use tickets that
open a seat's event stream from a browser (`service.api.tickets`): only their
hashes, with the game, the seat and the time they expire; redeeming one deletes
it in the same statement that reads it, so no two processes can both use it.

Selected by the ``APPLICATION_RECORDER_TOPIC`` the library reads
(`service.store.persistence`). Records stored before these tables existed are
not in them: the in-memory index of each live game covers their command ids,
and such games are not listed.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteCursor, SQLiteDatastore
from psycopg.sql import SQL, Identifier

from service.store.postgres import attempts


class _Revealing(msgspec.Struct):
    """An event, as far as the lobby cares: whether it reveals the seed."""

    seed: Any = None


class _Summary(msgspec.Struct):
    type: str
    time: str
    seat: int | None = None
    command_id: str | None = None
    payload: dict[str, Any] | None = None
    events: list[_Revealing] = []


class _Stored(msgspec.Struct):
    """The fields of a stored event's body these recorders read."""

    record: _Summary


_summary = msgspec.json.Decoder(_Stored).decode


class LobbyRow(msgspec.Struct, frozen=True):
    """One game as the lobby lists it."""

    game_id: str
    created: str
    kind: str
    map: str | None
    variant: str | None
    seats: int
    taken: int
    status: str
    private: bool
    #: a clock or a bot seat: the server has moves to make in this game
    timed: bool = False


#: a change a record makes to its game's lobby row: ``(column change, game id)``
_Change = tuple[str, str]


#: a command id as the store keys it: ``(game id, seat, command id)``
CommandKey = tuple[str, int, str]
#: the seat of a record that has none, in its command key (no such record has a command id)
NO_SEAT = -1


def changes(
    stored_events: Sequence[StoredEvent],
) -> tuple[list[CommandKey], list[LobbyRow | _Change], list[bool]]:
    """Command keys, lobby changes, and which new games are listed.

    Lobby changes are new `LobbyRow` objects (created records) or ``(change,
    game id)`` with change one of ``joined``, ``left``, ``started``,
    ``finished``, ``timed``.
    """
    keys: list[CommandKey] = []
    lobby: list[LobbyRow | _Change] = []
    listed: list[bool] = []
    for stored in stored_events:
        game = str(stored.originator_id)
        record = _summary(stored.state).record
        if record.command_id is not None:
            keys.append((game, NO_SEAT if record.seat is None else record.seat,
                         record.command_id))
        if record.type == "created" and record.payload is not None:
            setup = record.payload["setup"]
            lobby.append(LobbyRow(
                game, record.time, record.payload["kind"], setup.get("map"),
                setup.get("variant"), setup["seats"], 0, "lobby",
                bool(record.payload.get("private", False)), "clock" in record.payload,
            ))
            listed.append(bool(record.payload.get("listed", True)))
        elif record.type == "seat-joined":
            lobby.append(("joined", game))
            if record.payload is not None and record.payload.get("bot"):
                lobby.append(("timed", game))
        elif record.type == "seat-left":
            lobby.append(("left", game))
        elif record.type == "started":
            lobby.append(("started", game))
        elif any(event.seed is not None for event in record.events):
            lobby.append(("finished", game))
    return keys, lobby, listed


def command_ids(stored_events: Sequence[StoredEvent]) -> list[CommandKey]:
    """``(game id, seat, command id)`` of every stored event whose record has a command id."""
    return changes(stored_events)[0]


class LobbyQuery(msgspec.Struct, frozen=True):
    """What `GET /games` asks for: filters, the page's end, its size."""

    kind: str | None = None
    map: str | None = None
    status: str | None = None
    open_seats: bool = False
    #: the last ``(created, game id)`` of the previous page (newest first)
    before: tuple[str, str] | None = None
    limit: int = 50


#: SQL updates per lobby change, with ``{t}`` for the table and ``?`` for the game id
_UPDATES = {
    "joined": "UPDATE {t} SET taken = taken + 1 WHERE game_id = ?",
    "left": "UPDATE {t} SET taken = taken - 1 WHERE game_id = ?",
    "started": "UPDATE {t} SET status = 'active' WHERE game_id = ?",
    "finished": "UPDATE {t} SET status = 'finished' WHERE game_id = ?",
    "timed": "UPDATE {t} SET timed = TRUE WHERE game_id = ?",
}
#: a used stream ticket is deleted as it is read, so that it serves once, in one process
_REDEEM_TICKET = ("DELETE FROM {t} WHERE ticket_hash = ? AND game_id = ? AND expires > ? "
                  "RETURNING seat")
_PURGE_TICKETS = "DELETE FROM {t} WHERE expires < ?"
#: tickets expired longer ago than this (seconds before a new one expires) are purged
TICKET_HORIZON = 3600.0
#: the games the server has moves to make in (`GameStore.tick`)
_TIMED = "SELECT game_id FROM {t} WHERE timed AND status <> 'finished'"
_NAMES = LobbyRow.__struct_fields__[:-1]  # what the lobby lists (not `timed`)
_COLUMNS = ", ".join(_NAMES)


def _row(values: list[Any]) -> LobbyRow:
    """A lobby row from its column values (as either database gives them)."""
    row = dict(zip(_NAMES, values, strict=True))
    row["game_id"] = str(row["game_id"])
    row["private"] = bool(row["private"])
    return msgspec.convert(row, LobbyRow)


def _where(query: LobbyQuery) -> tuple[str, list[Any]]:
    """The WHERE clause (``?`` placeholders) and its parameters for `query`."""
    clauses, params = ["listed"], []
    for column in ("kind", "map", "status"):
        value = getattr(query, column)
        if value is not None:
            clauses.append(f"{column} = ?")
            params.append(value)
    if query.open_seats:
        clauses.append("status = 'lobby' AND taken < seats")
    if query.before is not None:
        clauses.append("(created, game_id) < (?, ?)")
        params += list(query.before)
    return " AND ".join(clauses), params


#: a game's version at a place in the log of every game: ``(notification id, game, version)``
Appended = tuple[int, str, int]
#: with ``{n}`` the notification id's column (SQLite numbers the rows themselves)
_VERSIONS_AFTER = ("SELECT {n}, originator_id, originator_version FROM {t} "
                   "WHERE {n} > ? ORDER BY {n} LIMIT ?")
#: the stored bodies after a place in the log of every game, and of one game up to a version
_BODIES_AFTER = "SELECT {n}, state FROM {t} WHERE {n} > ? ORDER BY {n} LIMIT ?"
_GAME_BODIES = ("SELECT state FROM {t} WHERE originator_id = ? AND originator_version <= ? "
                "ORDER BY originator_version")
#: a stored event's body at its place in the log of every game: ``(notification id, body)``
Stored = tuple[int, bytes]


class GameRecorder(ABC):
    """What the store asks of either recorder beyond the library's own methods."""

    @abstractmethod
    def max_notification_id(self) -> int | None: ...

    @abstractmethod
    def lobby(self, query: LobbyQuery) -> list[LobbyRow]:
        """The listed games `query` selects, newest first."""

    @abstractmethod
    def timed_games(self) -> list[str]:
        """The unfinished games with a clock or a bot seat."""

    @abstractmethod
    def issue_ticket(self, ticket_hash: str, game_id: str, seat: int, expires: float) -> None:
        """Keep a stream ticket (its hash) until `expires`; forget the expired ones."""

    @abstractmethod
    def redeem_ticket(self, ticket_hash: str, game_id: str, now: float) -> int | None:
        """The seat of a ticket of this game not yet expired, used up; None if there is none."""

    @abstractmethod
    def versions_after(self, position: int, limit: int) -> list[Appended]:
        """The records appended after notification `position`, oldest first, at most `limit`:
        which game and version each is (nothing of their content)."""

    @abstractmethod
    def probe_write(self) -> None:
        """Write one small row and commit it (readiness after a full disk)."""

    @abstractmethod
    def bodies_after(self, position: int, limit: int) -> list[Stored]:
        """The stored bodies of the records after notification `position`, oldest first, at
        most `limit`: the library's ``select_notifications`` without building a UUID and a
        `Notification` per row, which cost a rebuild of the statistics a third of its time."""

    @abstractmethod
    def game_bodies(self, game_id: str, upto: int) -> list[bytes]:
        """The stored bodies of a game's records up to version `upto`, in order."""


class SQLiteGameRecorder(SQLiteApplicationRecorder, GameRecorder):
    """SQLite: the library's application recorder plus the command id and lobby tables."""

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events"):
        self.command_ids_table = f"{events_table_name}_seat_command_ids"
        self.games_table = f"{events_table_name}_games"
        self.tickets_table = f"{events_table_name}_stream_tickets"
        self.probe_table = f"{events_table_name}_probe"
        super().__init__(datastore, events_table_name)

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.command_ids_table} ("
            "game_id TEXT NOT NULL, seat INTEGER NOT NULL, command_id TEXT NOT NULL, "
            "PRIMARY KEY (game_id, seat, command_id)) WITHOUT ROWID",
            f"CREATE TABLE IF NOT EXISTS {self.tickets_table} ("
            "ticket_hash TEXT PRIMARY KEY, game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
            "expires REAL NOT NULL)",
            f"CREATE TABLE IF NOT EXISTS {self.games_table} ("
            "game_id TEXT PRIMARY KEY, created TEXT NOT NULL, kind TEXT NOT NULL, "
            "map TEXT, variant TEXT, seats INTEGER NOT NULL, taken INTEGER NOT NULL, "
            "status TEXT NOT NULL, private INTEGER NOT NULL, timed INTEGER NOT NULL, "
            "listed INTEGER NOT NULL)",
            f"CREATE INDEX IF NOT EXISTS {self.games_table}_created "
            f"ON {self.games_table} (created, game_id)",
            f"CREATE TABLE IF NOT EXISTS {self.probe_table} (id INTEGER PRIMARY KEY, at REAL)",
        ]

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        keys, lobby, listed = changes(stored_events)
        c.executemany(f"INSERT INTO {self.command_ids_table} VALUES (?, ?, ?)", keys)
        new = iter(listed)
        for change in lobby:
            if isinstance(change, LobbyRow):
                c.execute(f"INSERT INTO {self.games_table} VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                          (*msgspec.structs.astuple(change), next(new)))
            else:
                c.execute(_UPDATES[change[0]].format(t=self.games_table), (change[1],))
        return notification_ids

    def lobby(self, query: LobbyQuery) -> list[LobbyRow]:
        """The listed games `query` selects, newest first."""
        where, params = _where(query)
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT {_COLUMNS} FROM {self.games_table} WHERE {where} "
                      "ORDER BY created DESC, game_id DESC LIMIT ?", (*params, query.limit))
            return [_row(list(row)) for row in c.fetchall()]

    def timed_games(self) -> list[str]:
        """The unfinished games with a clock or a bot seat."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(_TIMED.format(t=self.games_table))
            return [str(row[0]) for row in c.fetchall()]

    def issue_ticket(self, ticket_hash: str, game_id: str, seat: int, expires: float) -> None:
        """Keep a stream ticket (its hash) until `expires`; forget the expired ones."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(_PURGE_TICKETS.format(t=self.tickets_table), (expires - TICKET_HORIZON,))
            c.execute(f"INSERT INTO {self.tickets_table} VALUES (?, ?, ?, ?)",
                      (ticket_hash, game_id, seat, expires))

    def redeem_ticket(self, ticket_hash: str, game_id: str, now: float) -> int | None:
        """The seat of a ticket of this game not yet expired, used up; None if there is none."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(_REDEEM_TICKET.format(t=self.tickets_table), (ticket_hash, game_id, now))
            row = c.fetchone()
            return None if row is None else int(row[0])

    def versions_after(self, position: int, limit: int) -> list[Appended]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(_VERSIONS_AFTER.format(n="rowid", t=self.events_table_name),
                      (position, limit))
            return [(int(n), str(game), int(version)) for n, game, version in c.fetchall()]

    def probe_write(self) -> None:
        with self.datastore.transaction(commit=True) as c:
            c.execute(f"INSERT OR REPLACE INTO {self.probe_table} VALUES (1, ?)", (time.time(),))

    def bodies_after(self, position: int, limit: int) -> list[Stored]:
        with self.datastore.transaction(commit=False) as c:
            c.execute(_BODIES_AFTER.format(n="rowid", t=self.events_table_name),
                      (position, limit))
            return [(int(n), bytes(state)) for n, state in c.fetchall()]

    def game_bodies(self, game_id: str, upto: int) -> list[bytes]:
        with self.datastore.transaction(commit=False) as c:
            # the library keeps a UUID as its hex digits in SQLite
            c.execute(_GAME_BODIES.format(t=self.events_table_name), (UUID(game_id).hex, upto))
            return [bytes(state) for (state,) in c.fetchall()]


class PostgresGameRecorder(PostgresApplicationRecorder, GameRecorder):
    """PostgreSQL: the library's application recorder plus the command id and lobby tables.

    The library's reads are tried a few times only (`attempts`), not ten times each.
    """

    select_events = attempts(PostgresApplicationRecorder.select_events)
    select_notifications = attempts(PostgresApplicationRecorder.select_notifications)
    max_notification_id = attempts(PostgresApplicationRecorder.max_notification_id)

    def __init__(
        self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events"
    ):
        super().__init__(datastore, events_table_name=events_table_name)
        schema = self.datastore.schema
        keys = Identifier(schema, f"{events_table_name}_seat_command_ids")
        self.games_table = Identifier(schema, f"{events_table_name}_games")
        self.tickets_table = Identifier(schema, f"{events_table_name}_stream_tickets")
        self.probe_table = Identifier(schema, f"{events_table_name}_probe")
        self.sql_create_statements += [
            SQL("CREATE TABLE IF NOT EXISTS {keys} ("
                "game_id uuid NOT NULL, seat integer NOT NULL, command_id text NOT NULL, "
                "PRIMARY KEY (game_id, seat, command_id))").format(keys=keys),
            SQL("CREATE TABLE IF NOT EXISTS {tickets} ("
                "ticket_hash text PRIMARY KEY, game_id uuid NOT NULL, seat integer NOT NULL, "
                "expires double precision NOT NULL)").format(tickets=self.tickets_table),
            SQL("CREATE TABLE IF NOT EXISTS {games} ("
                "game_id uuid PRIMARY KEY, created text NOT NULL, kind text NOT NULL, "
                "map text, variant text, seats integer NOT NULL, taken integer NOT NULL, "
                "status text NOT NULL, private boolean NOT NULL, timed boolean NOT NULL, "
                "listed boolean NOT NULL)"
                ).format(games=self.games_table),
            SQL("CREATE INDEX IF NOT EXISTS {index} ON {games} (created, game_id)").format(
                index=Identifier(f"{events_table_name}_games_created"), games=self.games_table),
            SQL("CREATE TABLE IF NOT EXISTS {probe} (id integer PRIMARY KEY, at double precision)"
                ).format(probe=self.probe_table),
        ]
        # rendered once: psycopg would compose them afresh on every append
        self._insert_events_and_keys = SQL(
            "WITH appended AS (INSERT INTO {events} "
            "(originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(%s::{id_type}[], %s::bigint[], %s::text[], %s::bytea[]) "
            "RETURNING notification_id), "
            "keyed AS (INSERT INTO {keys} (game_id, seat, command_id) "
            "SELECT * FROM unnest(%s::uuid[], %s::integer[], %s::text[])) "
            "SELECT notification_id FROM appended ORDER BY notification_id"
        ).format(
            events=Identifier(schema, events_table_name),
            id_type=Identifier(self.datastore.originator_id_type),
            keys=keys,
        ).as_bytes(None)
        self.insert_game_statement = SQL(
            "INSERT INTO {games} VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
        ).format(games=self.games_table)
        #: the lock timeout, the events' table lock and the library's notification
        self._lock_and_notify = SQL("; ").join([
            *self.lock_table_statements,
            SQL("NOTIFY {0}").format(Identifier(self.channel_name)),
        ]).as_bytes(None)

    @attempts
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """The library's append in three statements: lock, events with keys, lobby rows.

        The events' table lock first (with the library's lock timeout and the
        notification it sends), in one round trip; then the events and their
        command keys, in one statement, their notification ids read back in the
        order of the events; then the lobby rows, which few records change.
        Keys and lobby rows come after the lock, so they never make two
        transactions wait on each other. A lost version or key raises psycopg's
        unique violation at its statement, which rolls the transaction back and
        reaches the caller as `IntegrityError` (the datastore's connection
        translates it), as in the library.

        The library sends its statements in psycopg's pipeline mode and the
        events as an array of a composite type, which psycopg dumps in Python:
        the writer thread, which shares the GIL with the event loop, spent 0.97
        ms of CPU on a one-record transaction that way, against 0.52 ms so
        (measured apart from the server). The round trips the pipeline saves
        are to a database on this machine or near it.
        """
        keys, lobby, listed = changes(stored_events)
        games, seats, command_ids = zip(*keys, strict=True) if keys else ((), (), ())
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
            curs.execute(self._lock_and_notify, prepare=False)
            curs.execute(self._insert_events_and_keys, (
                [e.originator_id for e in stored_events],
                [e.originator_version for e in stored_events],
                [e.topic for e in stored_events],
                [e.state for e in stored_events],
                list(games), list(seats), list(command_ids),
            ))
            notification_ids = [row["notification_id"] for row in curs.fetchall()]
            new = iter(listed)
            for change in lobby:
                if isinstance(change, LobbyRow):
                    curs.execute(self.insert_game_statement,
                                 (*msgspec.structs.astuple(change), next(new)))
                else:
                    statement = _UPDATES[change[0]].format(t="{t}").replace("?", "%s")
                    curs.execute(SQL(statement).format(t=self.games_table), (change[1],))
        return notification_ids

    def lobby(self, query: LobbyQuery) -> list[LobbyRow]:
        """The listed games `query` selects, newest first."""
        where, params = _where(query)
        statement = SQL(
            f"SELECT {_COLUMNS} FROM {{games}} WHERE {where.replace('?', '%s')} "
            "ORDER BY created DESC, game_id DESC LIMIT %s").format(games=self.games_table)
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(statement, (*params, query.limit))
            return [_row([row[c] for c in _NAMES]) for row in curs.fetchall()]

    def timed_games(self) -> list[str]:
        """The unfinished games with a clock or a bot seat."""
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(SQL(_TIMED.format(t="{t}")).format(t=self.games_table))
            return [str(row["game_id"]) for row in curs.fetchall()]

    def issue_ticket(self, ticket_hash: str, game_id: str, seat: int, expires: float) -> None:
        """Keep a stream ticket (its hash) until `expires`; forget the expired ones."""
        purge = SQL(_PURGE_TICKETS.replace("?", "%s")).format(t=self.tickets_table)
        insert = SQL("INSERT INTO {t} VALUES (%s, %s, %s, %s)").format(t=self.tickets_table)
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(purge, (expires - TICKET_HORIZON,))
            curs.execute(insert, (ticket_hash, game_id, seat, expires))

    def redeem_ticket(self, ticket_hash: str, game_id: str, now: float) -> int | None:
        """The seat of a ticket of this game not yet expired, used up; None if there is none."""
        redeem = SQL(_REDEEM_TICKET.replace("?", "%s")).format(t=self.tickets_table)
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(redeem, (ticket_hash, game_id, now))
            row = curs.fetchone()
            return None if row is None else int(row["seat"])

    def _events_rows(self, query: str, params: tuple[Any, ...]) -> list[Any]:
        """The rows of one of the queries on the events table (``{t}``, its place ``{n}``)."""
        statement = SQL(query.format(n="notification_id", t="{t}").replace("?", "%s")).format(
            t=Identifier(self.datastore.schema, self.events_table_name))
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(statement, params)
            return list(curs.fetchall())

    @attempts
    def versions_after(self, position: int, limit: int) -> list[Appended]:
        return [(int(row["notification_id"]), str(row["originator_id"]),
                 int(row["originator_version"]))
                for row in self._events_rows(_VERSIONS_AFTER, (position, limit))]

    @attempts
    def bodies_after(self, position: int, limit: int) -> list[Stored]:
        return [(int(row["notification_id"]), bytes(row["state"]))
                for row in self._events_rows(_BODIES_AFTER, (position, limit))]

    @attempts
    def game_bodies(self, game_id: str, upto: int) -> list[bytes]:
        return [bytes(row["state"]) for row in self._events_rows(_GAME_BODIES, (game_id, upto))]

    def probe_write(self) -> None:
        statement = SQL("INSERT INTO {probe} VALUES (1, %s) ON CONFLICT (id) DO UPDATE "
                        "SET at = EXCLUDED.at").format(probe=self.probe_table)
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(statement, (time.time(),))
