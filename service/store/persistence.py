"""Choosing the eventsourcing persistence module from the ``store`` setting, with its timeouts."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from service.store import postgres


@dataclass(frozen=True)
class StoreTimeouts:
    """How long a PostgreSQL store may keep a request waiting (the ``store_*`` settings).

    `pool_seconds`: for a free connection (with the database away, a request fails
    after this); `connect_seconds`: for one connection attempt; `statement_seconds`:
    for one statement in the database (0: no limit); `reconnect_seconds`: how long
    the pool retries a lost connection in the background before it leaves it to
    the next request.
    """

    pool_seconds: float = 2.0
    connect_seconds: float = 2.0
    statement_seconds: float = 10.0
    reconnect_seconds: float = 5.0


def eventsourcing_env(
    store: str, pool_size: int = 5, timeouts: StoreTimeouts | None = None
) -> dict[str, str]:
    """The eventsourcing environment for a store URL.

    ``sqlite:///relative.db``, ``sqlite:////absolute.db`` or a bare path select
    SQLite (created on first use); ``postgresql://user:pw@host:port/db?schema=s``
    selects PostgreSQL (tables are created if missing; ``schema`` is optional).
    """
    env = {
        "TRANSCODER_TOPIC": "service.store.transcoder:MsgspecTranscoder",
        "CREATE_TABLE": "y",
    }
    if store.startswith(("postgresql://", "postgres://")):
        timeouts = timeouts or StoreTimeouts()
        url = urlsplit(store)
        env.update({
            "PERSISTENCE_MODULE": "service.store.postgres:StoreFactory",
            "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(url.password or ""),
            "POSTGRES_POOL_SIZE": str(pool_size),
            postgres.CONNECT_TIMEOUT: str(max(1, round(timeouts.connect_seconds))),
            postgres.POOL_TIMEOUT: str(timeouts.pool_seconds),
            postgres.STATEMENT_TIMEOUT: str(round(timeouts.statement_seconds * 1000)),
            postgres.RECONNECT_TIMEOUT: str(timeouts.reconnect_seconds),
            "APPLICATION_RECORDER_TOPIC": "service.store.recorders:PostgresGameRecorder",
        })
        schema = parse_qs(url.query).get("schema")
        if schema:
            env["POSTGRES_SCHEMA"] = schema[0]
        return env
    env.update(
        PERSISTENCE_MODULE="eventsourcing.sqlite",
        SQLITE_DBNAME=sqlite_path(store),
        APPLICATION_RECORDER_TOPIC="service.store.recorders:SQLiteGameRecorder",
    )
    return env


def sqlite_path(store: str) -> str:
    """The SQLite file (or ``:memory:``) a store URL that is not PostgreSQL's names."""
    path = store.removeprefix("sqlite://").removeprefix("/") if store.startswith(
        "sqlite://"
    ) else store
    return path or "roundhouse.db"


def missing_sqlite_file(store: str) -> str | None:
    """The SQLite file `store` names when it does not exist yet (None: it exists, or the
    store is PostgreSQL or in memory), so read-only tools can refuse instead of creating
    an empty store where they were run."""
    if store.startswith(("postgresql://", "postgres://")):
        return None
    path = sqlite_path(store)
    if path == ":memory:" or path.startswith("file:") or Path(path).exists():
        return None
    return path
