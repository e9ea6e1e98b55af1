"""The eventsourcing recorders, with two more tables: unique command ids, and the lobby.

Every command record carries a ``command_id`` (the client's ``Idempotency-Key``,
or a random one). Besides the unique (game, version) key of the events table,
each recorder writes ``(game, command_id)`` into ``<events table>_command_ids``
with its own primary key, in the same transaction as the record. So even two
processes that both believed a key new could never both store it: the second
transaction fails as a whole, like an append that lost its version, and the
store then answers from the record that won (`GameStore._decided`).

The lobby table ``<events table>_games`` holds one row per game: what `GET /games`
lists and filters on (kind, map, variant, seats taken of how many, status,
listed, private, creation time). Each recorder keeps it in the same transaction
as the records that change it (created, seat joined or left, started, and the
record that reveals the seed, which by the fairness protocol ends the game), so
every process lists the same games and nothing that was not committed.

Selected by the ``APPLICATION_RECORDER_TOPIC`` the library reads
(`service.store.persistence`). Records stored before this table existed are
not in them: the in-memory index of each live game covers their command ids,
and such games are not listed.
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


class _Revealing(msgspec.Struct):
    """An event, as far as the lobby cares: whether it reveals the seed."""

    seed: Any = None


class _Summary(msgspec.Struct):
    type: str
    time: str
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


def changes(
    stored_events: Sequence[StoredEvent],
) -> tuple[list[tuple[str, str]], list[LobbyRow | _Change], list[bool]]:
    """``(game id, command id)`` pairs, lobby changes, and which new games are listed.

    Lobby changes are new `LobbyRow` objects (created records) or ``(change,
    game id)`` with change one of ``joined``, ``left``, ``started``,
    ``finished``, ``timed``.
    """
    keys: list[tuple[str, str]] = []
    lobby: list[LobbyRow | _Change] = []
    listed: list[bool] = []
    for stored in stored_events:
        game = str(stored.originator_id)
        record = _summary(stored.state).record
        if record.command_id is not None:
            keys.append((game, record.command_id))
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


def command_ids(stored_events: Sequence[StoredEvent]) -> list[tuple[str, str]]:
    """``(game id, command id)`` of every stored event whose record has a command id."""
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


class SQLiteGameRecorder(SQLiteApplicationRecorder):
    """SQLite: the library's application recorder plus the command id and lobby tables."""

    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events"):
        self.command_ids_table = f"{events_table_name}_command_ids"
        self.games_table = f"{events_table_name}_games"
        super().__init__(datastore, events_table_name)

    def construct_create_table_statements(self) -> list[str]:
        return [
            *super().construct_create_table_statements(),
            f"CREATE TABLE IF NOT EXISTS {self.command_ids_table} ("
            "game_id TEXT NOT NULL, command_id TEXT NOT NULL, "
            "PRIMARY KEY (game_id, command_id)) WITHOUT ROWID",
            f"CREATE TABLE IF NOT EXISTS {self.games_table} ("
            "game_id TEXT PRIMARY KEY, created TEXT NOT NULL, kind TEXT NOT NULL, "
            "map TEXT, variant TEXT, seats INTEGER NOT NULL, taken INTEGER NOT NULL, "
            "status TEXT NOT NULL, private INTEGER NOT NULL, timed INTEGER NOT NULL, "
            "listed INTEGER NOT NULL)",
            f"CREATE INDEX IF NOT EXISTS {self.games_table}_created "
            f"ON {self.games_table} (created, game_id)",
        ]

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        keys, lobby, listed = changes(stored_events)
        c.executemany(f"INSERT INTO {self.command_ids_table} VALUES (?, ?)", keys)
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


class PostgresGameRecorder(PostgresApplicationRecorder):
    """PostgreSQL: the library's application recorder plus the command id and lobby tables."""

    def __init__(
        self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events"
    ):
        super().__init__(datastore, events_table_name=events_table_name)
        schema = self.datastore.schema
        keys = Identifier(schema, f"{events_table_name}_command_ids")
        self.games_table = Identifier(schema, f"{events_table_name}_games")
        self.sql_create_statements += [
            SQL("CREATE TABLE IF NOT EXISTS {keys} ("
                "game_id uuid NOT NULL, command_id text NOT NULL, "
                "PRIMARY KEY (game_id, command_id))").format(keys=keys),
            SQL("CREATE TABLE IF NOT EXISTS {games} ("
                "game_id uuid PRIMARY KEY, created text NOT NULL, kind text NOT NULL, "
                "map text, variant text, seats integer NOT NULL, taken integer NOT NULL, "
                "status text NOT NULL, private boolean NOT NULL, timed boolean NOT NULL, "
                "listed boolean NOT NULL)"
                ).format(games=self.games_table),
            SQL("CREATE INDEX IF NOT EXISTS {index} ON {games} (created, game_id)").format(
                index=Identifier(f"{events_table_name}_games_created"), games=self.games_table),
        ]
        self.insert_command_ids_statement = SQL(
            "INSERT INTO {keys} (game_id, command_id) "
            "SELECT * FROM unnest(%s::uuid[], %s::text[])").format(keys=keys)
        self.insert_game_statement = SQL(
            "INSERT INTO {games} VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
        ).format(games=self.games_table)

    def _insert_stored_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> None:
        # After the events: their table lock is held by then, so key and lobby rows
        # never make two transactions wait on each other. The events' insert is
        # synced first (a nested pipeline syncs when it ends), so a lost version is
        # raised as the unique violation it is, not as an aborted pipeline when the
        # next statement is queued. On a cursor of their own, since the library reads
        # the events' notification ids from `curs` afterwards; and never prepared: a
        # statement prepared in a pipeline that then aborts is one psycopg believes
        # the server has when it has not.
        with curs.connection.pipeline():
            super()._insert_stored_events(curs, stored_events, **kwargs)
        keys, lobby, listed = changes(stored_events)
        if not (keys or lobby):
            return
        new = iter(listed)
        with curs.connection.cursor() as extra:
            if keys:
                games, command_ids = zip(*keys, strict=True)
                extra.execute(self.insert_command_ids_statement,
                              (list(games), list(command_ids)), prepare=False)
            for change in lobby:
                if isinstance(change, LobbyRow):
                    extra.execute(self.insert_game_statement,
                                  (*msgspec.structs.astuple(change), next(new)),
                                  prepare=False)
                else:
                    statement = _UPDATES[change[0]].format(t="{t}").replace("?", "%s")
                    extra.execute(SQL(statement).format(t=self.games_table), (change[1],),
                                  prepare=False)

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
