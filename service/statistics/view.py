"""The materialised view of the statistics: totals, counted games, the tracked position.

It lives in the events' own database, as the eventsourcing library's tracking
recorders do (`SQLiteTrackingRecorder`, `PostgresTrackingRecorder`, whose
``tracking`` table it shares), with three tables of its own, named by the
projection's version so that a new version starts empty and rebuilds:

* ``statistics_vN_totals``: per group (kind, map, variant, seats, bot seats) and
  figure, the count, sum and sum of squares of its samples;
* ``statistics_vN_games``: each finished game the projection met: ``counted``, or
  ``held`` apart with the record it could not project and why;
* ``projection_leases``: which runner may advance each projection, until when.

`StatisticsView.record` writes a batch's totals, its games and the new tracked
position in ONE transaction, and moves the position only from where the batch
began (compare and set): a second runner that projected the same records finds
the position moved, and its whole transaction is rolled back (`LostPosition`).
A game's row has the game as its key as well, so no game is ever counted twice.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

import msgspec
from eventsourcing.persistence import IntegrityError, TrackingRecorder
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder

from service.statistics.summary import Group

#: tries at creating the tables (`open_view`)
CREATE_ATTEMPTS = 5


class LostPosition(IntegrityError):
    """Another runner moved the tracked position first: this batch was not recorded."""


class Total(NamedTuple):
    """A figure's samples added up: how many, their sum and the sum of their squares."""

    #: how many samples
    n: int
    total: int
    squares: int


class HeldGame(NamedTuple):
    """A game the projection could not project, held apart (not counted)."""

    game_id: str
    #: the position in the log of every game of the record that finished the game
    position: int
    #: the game's record that raised
    version: int
    error: str
    kind: str | None = None
    map: str | None = None


class Batch(NamedTuple):
    """What one batch of records adds: totals per group and figure, the games counted,
    the games held apart."""

    totals: dict[tuple[Group, str], Total]
    counted: list[tuple[str, int]]
    held: list[HeldGame]


class Filter(NamedTuple):
    """Which groups a query adds up (None: any)."""

    kind: str
    map: str | None = None
    variant: str | None = None
    seats: int | None = None
    #: False: leave out the games between bots (every seat a bot)
    bots: bool = True


Execute = Any  # ``execute(sql, params) -> cursor``, placeholders written ``?``


class StatisticsView(TrackingRecorder, ABC):
    """The statistics tables over one database (see the module docstring)."""

    def configure(self, version: int, key: str) -> None:
        """Name the tables after the projection `version`; `key` is its tracking name
        (called before the library's constructor, which asks for the tables)."""
        self.version = version
        self.key = key
        self.totals_table = self.table(f"statistics_v{version}_totals")
        self.games_table = self.table(f"statistics_v{version}_games")
        self.leases_table = self.table("projection_leases")

    def statistics_tables(self) -> list[str]:
        """The CREATE statements of the tables (``?`` placeholders, the dialect's types)."""
        big = self.big_integer
        return [
            f"CREATE TABLE IF NOT EXISTS {self.totals_table} (kind TEXT NOT NULL, "
            f"map TEXT NOT NULL, variant TEXT NOT NULL, seats INTEGER NOT NULL, "
            f"bot_seats INTEGER NOT NULL, figure TEXT NOT NULL, n {big} NOT NULL, "
            f"total {big} NOT NULL, squares {big} NOT NULL, "
            "PRIMARY KEY (kind, map, variant, seats, bot_seats, figure))",
            f"CREATE TABLE IF NOT EXISTS {self.games_table} (game_id TEXT PRIMARY KEY, "
            f"position {big} NOT NULL, state TEXT NOT NULL, version INTEGER, error TEXT, "
            "kind TEXT, map TEXT)",
            f"CREATE TABLE IF NOT EXISTS {self.leases_table} (name TEXT PRIMARY KEY, "
            "holder TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
        ]

    # -- the dialect ---------------------------------------------------------------------

    big_integer = "INTEGER"

    @abstractmethod
    def table(self, name: str) -> str:
        """`name` as the SQL of a table of this database (qualified, quoted)."""

    @abstractmethod
    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[Execute]:
        """``execute(sql, params)`` on one transaction, committed at the end if `commit`."""

    # -- writing ---------------------------------------------------------------------------

    def record(self, before: int | None, after: int, batch: Batch) -> None:
        """Add `batch` to the totals and move the tracked position from `before` to
        `after`, in one transaction; `LostPosition` (nothing written) if the position
        is no longer `before`."""
        upsert = (
            f"INSERT INTO {self.totals_table} AS t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (kind, map, variant, seats, bot_seats, figure) DO UPDATE SET "
            "n = t.n + excluded.n, total = t.total + excluded.total, "
            "squares = t.squares + excluded.squares")
        game = f"INSERT INTO {self.games_table} VALUES (?, ?, ?, ?, ?, ?, ?)"
        with self.transaction(commit=True) as execute:
            self._move(execute, before, after)
            for (group, figure), (count, total, squares) in batch.totals.items():
                execute(upsert, (*msgspec.structs.astuple(group), figure, count, total, squares))
            for game_id, position in batch.counted:
                execute(game, (game_id, position, "counted", None, None, None, None))
            for held in batch.held:
                execute(game, (held.game_id, held.position, "held", held.version, held.error,
                               held.kind, held.map))

    def _move(self, execute: Execute, before: int | None, after: int) -> None:
        """The tracked position moved from `before` to `after`, or `LostPosition`."""
        if before is None:
            tracking = self.tracking_table
            moved = execute(f"INSERT INTO {tracking} (application_name, notification_id) "
                            f"SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM {tracking} "
                            "WHERE application_name = ?)", (self.key, after, self.key))
        else:
            moved = execute(f"UPDATE {self.tracking_table} SET notification_id = ? "
                            "WHERE application_name = ? AND notification_id = ?",
                            (after, self.key, before))
        if moved.rowcount != 1:
            raise LostPosition(f"{self.key}: the position is no longer {before}")

    def position(self) -> int | None:
        """The tracked position: the last record of the log of every game projected."""
        return self.max_tracking_id(self.key)

    def reset(self) -> None:
        """Forget every total, game and the tracked position (this version and the
        tables of older versions), so that the projection rebuilds from the first record."""
        with self.transaction(commit=True) as execute:
            # the position first: a batch being recorded holds its row until it commits, so
            # the totals are deleted after it, never beside it (PostgreSQL's row locks)
            named = self.key.rsplit("-v", 1)[0]  # never a newer version's position
            for older in range(1, self.version + 1):
                execute(f"DELETE FROM {self.tracking_table} WHERE application_name = ?",
                        (f"{named}-v{older}",))
            execute(f"DELETE FROM {self.totals_table}", ())
            execute(f"DELETE FROM {self.games_table}", ())
            for older in range(1, self.version):
                for name in ("totals", "games"):
                    execute(f"DROP TABLE IF EXISTS {self.table(f'statistics_v{older}_{name}')}",
                            ())

    # -- the lease -------------------------------------------------------------------------

    def lease(self, name: str, holder: str, seconds: float) -> bool:
        """Whether `holder` holds the lease on `name` for the next `seconds`: taken when
        free or lapsed, renewed when `holder` had it, refused while another holds it."""
        now = time.time()
        with self.transaction(commit=False) as execute:  # a read first: most calls are refused
            found = execute(f"SELECT holder, expires FROM {self.leases_table} WHERE name = ?",
                            (name,)).fetchone()
        if found is not None and found[0] != holder and found[1] >= now:
            return False
        statement = (
            f"INSERT INTO {self.leases_table} AS l VALUES (?, ?, ?) ON CONFLICT (name) DO "
            "UPDATE SET holder = excluded.holder, expires = excluded.expires "
            "WHERE l.holder = excluded.holder OR l.expires < ? RETURNING holder")
        with self.transaction(commit=True) as execute:
            return bool(execute(statement, (name, holder, now + seconds, now)).fetchall())

    def release(self, name: str, holder: str) -> None:
        """Give the lease up (another runner may take it at once)."""
        with self.transaction(commit=True) as execute:
            execute(f"DELETE FROM {self.leases_table} WHERE name = ? AND holder = ?",
                    (name, holder))

    # -- reading ---------------------------------------------------------------------------

    def totals(self, query: Filter) -> dict[str, Total]:
        """Each figure's samples added up over the groups `query` selects."""
        clauses, params = ["kind = ?"], [query.kind]
        for column in ("map", "variant", "seats"):
            value = getattr(query, column)
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if not query.bots:
            clauses.append("bot_seats < seats")
        statement = (f"SELECT figure, SUM(n) AS n, SUM(total) AS total, SUM(squares) AS squares "
                     f"FROM {self.totals_table} "
                     f"WHERE {' AND '.join(clauses)} GROUP BY figure")
        with self.transaction(commit=False) as execute:
            rows = execute(statement, tuple(params)).fetchall()
        return {str(row[0]): Total(int(row[1]), int(row[2]), int(row[3])) for row in rows}

    def held(self, kind: str | None = None) -> list[HeldGame]:
        """The games held apart (of `kind`, or of any kind), in the order of the log."""
        where, params = ("AND kind = ?", (kind,)) if kind is not None else ("", ())
        statement = (f"SELECT game_id, position, version, error, kind, map FROM "
                     f"{self.games_table} WHERE state = 'held' {where} ORDER BY position")
        with self.transaction(commit=False) as execute:
            rows = execute(statement, params).fetchall()
        return [HeldGame(str(r[0]), int(r[1]), int(r[2]), str(r[3]), r[4], r[5]) for r in rows]

    def counted(self) -> int:
        """How many games the totals count."""
        with self.transaction(commit=False) as execute:
            row = execute(f"SELECT COUNT(*) FROM {self.games_table} WHERE state = 'counted'",
                          ()).fetchone()
        return int(row[0])

    @property
    @abstractmethod
    def tracking_table(self) -> str:
        """The library's tracking table, as SQL."""


class SQLiteStatisticsView(SQLiteTrackingRecorder, StatisticsView):
    """The view in the store's SQLite file."""

    def __init__(self, datastore: SQLiteDatastore, version: int, key: str) -> None:
        self.configure(version, key)
        super().__init__(datastore)

    def construct_create_table_statements(self) -> list[str]:
        return [*super().construct_create_table_statements(), *self.statistics_tables()]

    def table(self, name: str) -> str:
        return name

    @property
    def tracking_table(self) -> str:
        return "tracking"

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[Execute]:
        with self.datastore.transaction(commit=commit) as cursor:
            def execute(sql: str, params: Sequence[Any]) -> Any:
                cursor.execute(sql, params)
                return cursor.sqlite_cursor  # the library's wrapper has no rowcount
            yield execute


class PostgresStatisticsView(PostgresTrackingRecorder, StatisticsView):
    """The view in the store's PostgreSQL schema."""

    big_integer = "BIGINT"

    def __init__(self, datastore: PostgresDatastore, version: int, key: str,
                 tracking_table_name: str) -> None:
        self.datastore = datastore
        self.configure(version, key)
        super().__init__(datastore, tracking_table_name=tracking_table_name)

    def table(self, name: str) -> str:
        return f'"{self.datastore.schema}"."{name}"'

    @property
    def tracking_table(self) -> str:
        return self.table(self.tracking_table_name)

    def create_table(self) -> None:
        super().create_table()
        with self.transaction(commit=True) as execute:
            for statement in self.statistics_tables():
                execute(statement, ())

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[Execute]:
        with self.datastore.transaction(commit=commit) as cursor:
            def execute(sql: str, params: Sequence[Any]) -> Any:
                cursor.execute(sql.replace("?", "%s").encode(), params, prepare=False)
                return _Rows(cursor)
            yield execute


class _Rows:
    """A PostgreSQL cursor read as rows of values, as SQLite gives them (the library's
    cursors give dictionaries)."""

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor
        self.rowcount: int = cursor.rowcount

    def fetchall(self) -> list[tuple[Any, ...]]:
        return [tuple(row.values()) for row in self.cursor.fetchall()]

    def fetchone(self) -> tuple[Any, ...] | None:
        row = self.cursor.fetchone()
        return None if row is None else tuple(row.values())


def _own_pool(store: SQLiteDatastore) -> SQLiteDatastore:
    """A datastore of the view's own on the store's SQLite file.

    The library's connection pool serves its callers first come, first served: a writer
    waiting there for the writer's connection keeps every later reader waiting too. The
    store has one writer (its committer), so a view write sharing its pool, held up behind
    a commit that waits for SQLite's lock, would stall the store's readers and its health
    probe as long as the commit waits. With a pool of its own, the view's write waits in
    SQLite alone. An in-memory database exists only in the store's own connections, so
    that one is shared."""
    pool = store.pool
    if pool.is_sqlite_memory_mode:
        return store
    return SQLiteDatastore(
        pool.db_name, lock_timeout=pool.lock_timeout, pool_size=2, max_overflow=2,
        pool_timeout=pool.pool_timeout, single_row_tracking=store.single_row_tracking,
    )


def open_view(datastore: Any, version: int, key: str, tracking_table: str) -> StatisticsView:
    """The view over the store's datastore (SQLite or PostgreSQL), its tables created.

    `tracking_table` is the PostgreSQL tracking table's name (the library's factory
    names it after the application); SQLite's is always ``tracking``.
    """
    view: StatisticsView
    if isinstance(datastore, SQLiteDatastore):
        view = SQLiteStatisticsView(_own_pool(datastore), version, key)
    else:
        view = PostgresStatisticsView(datastore, version, key, tracking_table)
    for attempt in range(1, CREATE_ATTEMPTS + 1):
        try:  # several processes starting at once on a new PostgreSQL database race to
            view.create_table()  # create the tables: the losers see a unique violation
            return view
        except IntegrityError:
            if attempt == CREATE_ATTEMPTS:
                raise
            time.sleep(0.2 * attempt)
    raise AssertionError("unreachable")
