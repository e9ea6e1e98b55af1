"""Choosing the eventsourcing persistence module from the ``store`` setting."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit


def eventsourcing_env(store: str, pool_size: int = 5) -> dict[str, str]:
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
        url = urlsplit(store)
        env.update(
            PERSISTENCE_MODULE="eventsourcing.postgres",
            POSTGRES_DBNAME=url.path.lstrip("/") or "postgres",
            POSTGRES_HOST=url.hostname or "127.0.0.1",
            POSTGRES_PORT=str(url.port or 5432),
            POSTGRES_USER=unquote(url.username or "postgres"),
            POSTGRES_PASSWORD=unquote(url.password or ""),
            POSTGRES_POOL_SIZE=str(pool_size),
            POSTGRES_CONNECT_TIMEOUT="5",
            APPLICATION_RECORDER_TOPIC="service.store.recorders:PostgresGameRecorder",
        )
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
