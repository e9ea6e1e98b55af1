"""Choosing the eventsourcing persistence module from the ``store`` setting."""

from __future__ import annotations

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
    path = store.removeprefix("sqlite://").removeprefix("/") if store.startswith(
        "sqlite://"
    ) else store
    env.update(
        PERSISTENCE_MODULE="eventsourcing.sqlite",
        SQLITE_DBNAME=path or "roundhouse.db",
        APPLICATION_RECORDER_TOPIC="service.store.recorders:SQLiteGameRecorder",
    )
    return env
