"""The server's settings: where the store lives and the few switches an operator has.

Read from the environment, optionally from a JSON settings file named by
``ROUNDHOUSE_SETTINGS`` (the environment wins over the file):

* ``ROUNDHOUSE_STORE`` (file key ``store``): ``sqlite:///path/to/file.db``, a bare
  file path, or ``postgresql://user[:password]@host[:port]/dbname``. Default
  ``sqlite:///roundhouse.db`` (a file in the current directory).
* ``ROUNDHOUSE_ALLOW_CLIENT_SEED`` (``allow_client_seed``): ``1`` lets `POST /games`
  take a full ``seed``; off by default because a client that chooses the seed
  knows every shuffle. Such games say ``seed_chosen_by_client: true``.
* ``ROUNDHOUSE_CACHE_SIZE`` (``cache_size``): live games kept in memory (default 10000).
* ``ROUNDHOUSE_POOL_SIZE`` (``pool_size``): PostgreSQL connections per process (default 5).
* ``ROUNDHOUSE_REDIS_URL`` (``redis_url``), e.g. ``redis://127.0.0.1:6379/0``: publish every
  append and keep public read models in Redis (see docs/live-updates.md); default none.
* ``ROUNDHOUSE_REDIS_PREFIX`` (``redis_prefix``): Redis key and channel prefix (default
  ``roundhouse``), so several deployments can share one Redis.
* ``ROUNDHOUSE_HEARTBEAT_SECONDS`` / ``ROUNDHOUSE_STREAM_SECONDS``: an event stream's
  heartbeat interval (default 15) and longest life before the client reconnects (default 3600).

Operations (docs/operations.md):

* ``ROUNDHOUSE_ACCESS_LOG`` (``access_log``): ``1`` logs one JSON line per request on
  standard error (``roundhouse serve --access-log`` sets it); off by default.
* ``ROUNDHOUSE_METRICS_TOKEN`` (``metrics_token``): when set, ``GET /metrics`` answers only
  requests bearing ``Authorization: Bearer <this token>``; unset or empty, it is public.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

DEFAULT_STORE = "sqlite:///roundhouse.db"


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Everything the service needs to know about its deployment."""

    store: str = DEFAULT_STORE
    allow_client_seed: bool = False
    cache_size: int = 10_000
    pool_size: int = 5
    redis_url: str | None = None
    redis_prefix: str = "roundhouse"
    heartbeat_seconds: float = 15.0
    stream_seconds: float = 3600.0
    # operations: request logs and metrics (docs/operations.md)
    access_log: bool = False
    metrics_token: str | None = None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        """Settings from the settings file (if any) overlaid with the environment."""
        env = dict(os.environ if environ is None else environ)
        values: dict[str, object] = {}
        path = env.get("ROUNDHOUSE_SETTINGS")
        if path:
            values.update(msgspec.json.decode(Path(path).read_bytes(), type=dict[str, object]))
        for field in cls.__struct_fields__:
            raw = env.get(f"ROUNDHOUSE_{field.upper()}")
            if raw is not None:
                values[field] = raw
        return msgspec.convert(values, cls, strict=False)
