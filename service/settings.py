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
* ``ROUNDHOUSE_STORE_POOL_SECONDS`` (default 2), ``ROUNDHOUSE_STORE_CONNECT_SECONDS`` (default
  2), ``ROUNDHOUSE_STORE_STATEMENT_SECONDS`` (default 10, 0 for none): how long a request
  waits for a PostgreSQL connection, for one connection attempt, and for one statement.
  With the database away, commands and creates are refused (``503 store-unreachable``)
  after about the first (`service.store.postgres`).
* ``ROUNDHOUSE_REDIS_URL`` (``redis_url``), e.g. ``redis://127.0.0.1:6379/0``: publish every
  append and keep public read models in Redis (see docs/live-updates.md); default none.
  Set but empty means none too; a URL of another scheme stops the start with one line
  naming the setting.
* ``ROUNDHOUSE_REDIS_PREFIX`` (``redis_prefix``): Redis key and channel prefix (default
  ``roundhouse``), so several deployments can share one Redis.
* ``ROUNDHOUSE_HEARTBEAT_SECONDS`` / ``ROUNDHOUSE_STREAM_SECONDS``: an event stream's
  heartbeat interval (default 15) and longest life before the client reconnects (default 3600).

* ``ROUNDHOUSE_THREADS`` (``threads``): worker threads for request handlers (default 64);
  a request waiting for a game that a command holds waits in one of them.

* ``ROUNDHOUSE_CORS_ORIGINS`` (``cors_origins``): the origins whose web pages may call the
  API from a browser: ``*`` (default: any; tokens travel in ``Authorization``, never in
  cookies), a comma-separated list of origins, or empty for none (`service.api.cors`).
* ``ROUNDHOUSE_TICKET_DECK`` (``ticket_deck``): a ticket deck file (JSON, schema in
  ``domain/ticket_to_ride/decks.py``) with the printed deck of a map whose box deck
  the map file cannot list (Amsterdam); without it that map plays its generated deck.
  Checked at start-up (an error names the file and the entry); the deck's digest is
  in every new game's rules version, so logs say which deck dealt them.

Limits at the edge (README "Limits" has the table; 0 turns a rate limit off):

* ``ROUNDHOUSE_MAX_URL_BYTES`` (default 8192): longest request target (``414``).
* ``ROUNDHOUSE_MAX_HEADER_BYTES`` (default 32768) and ``ROUNDHOUSE_MAX_HEADERS`` (default 100):
  the request's header section, in bytes and in fields (``431``).
* ``ROUNDHOUSE_MAX_BODY_BYTES`` (default 65536): a JSON request body (``413``).
* ``ROUNDHOUSE_MAX_LOG_BYTES`` (default 4194304): a log sent to ``POST /replays`` (``413``).
* ``ROUNDHOUSE_REQUEST_SECONDS`` (default 30): a request's line, headers and body must all
  arrive within this time of its first byte, or the connection is closed (``408``).
* ``ROUNDHOUSE_KEEP_ALIVE_SECONDS`` (default 5): an idle connection (also one that never
  sends a byte) is closed after this time.
* ``ROUNDHOUSE_RATE_LIMIT_PER_MINUTE`` (default 120000, above what one process serves):
  requests per client address and minute; ``ROUNDHOUSE_CREATE_LIMIT_PER_MINUTE`` (default
  600): ``POST /games`` per client address and minute (``429``). With ``redis_url`` set,
  the counts are shared by every process.
* ``ROUNDHOUSE_VERIFY_WORKERS`` (default 1): processes that verify logs (``POST /replays``,
  ``GET /games/{id}/audit``), so verification never holds the API process;
  ``ROUNDHOUSE_VERIFY_QUEUE`` (default 8): verifications waiting for them before the next
  is refused (``503``).

Operations (docs/operations.md):

* ``ROUNDHOUSE_ACCESS_LOG`` (``access_log``): ``1`` logs one JSON line per request on
  standard error (``roundhouse serve --access-log`` sets it); off by default.
* ``ROUNDHOUSE_STATISTICS_RUNNER`` (``statistics_runner``): ``0`` keeps this process from
  advancing the statistics projection (it still serves the figures); by default every
  process offers to, and one at a time does (docs/statistics.md).
  ``ROUNDHOUSE_STATISTICS_LEASE_SECONDS`` (default 10): how long the process advancing it
  may go silent before another takes over.
* ``ROUNDHOUSE_METRICS_TOKEN`` (``metrics_token``): when set, ``GET /metrics`` answers only
  requests bearing ``Authorization: Bearer <this token>``; unset or empty, it is public.

The edge (README, "Behind a proxy"):

* ``ROUNDHOUSE_FORWARDED_ALLOW_IPS`` (``forwarded_allow_ips``, ``roundhouse serve
  --forwarded-allow-ips``): the proxies whose ``X-Forwarded-For`` names the client
  (comma-separated addresses or networks, ``*`` for any; default ``127.0.0.1``). Limits
  count per client address, so only a proxy that sets the header itself may be trusted.
* ``ROUNDHOUSE_MAX_STREAMS_PER_CLIENT`` (default 100, 0 for no limit): event streams one
  client address may hold open in one process; one more is ``429 too-many-streams``.

A setting whose default is none (``redis_url``, ``metrics_token``, ``ticket_deck``) set to
the empty string is unset.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

DEFAULT_STORE = "sqlite:///roundhouse.db"
#: the schemes a Redis URL may have (redis-py's)
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class SettingsError(ValueError):
    """A setting that cannot be used, said in one line naming it."""


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Everything the service needs to know about its deployment."""

    store: str = DEFAULT_STORE
    allow_client_seed: bool = False
    cache_size: int = 10_000
    pool_size: int = 5
    store_pool_seconds: float = 2.0
    store_connect_seconds: float = 2.0
    store_statement_seconds: float = 10.0
    redis_url: str | None = None
    redis_prefix: str = "roundhouse"
    heartbeat_seconds: float = 15.0
    stream_seconds: float = 3600.0
    threads: int = 64
    ticket_deck: str | None = None
    max_url_bytes: int = 8192
    max_header_bytes: int = 32_768
    max_headers: int = 100
    max_body_bytes: int = 65_536
    max_log_bytes: int = 4 * 1024 * 1024
    request_seconds: float = 30.0
    keep_alive_seconds: int = 5
    rate_limit_per_minute: int = 120_000
    create_limit_per_minute: int = 600
    verify_workers: int = 1
    verify_queue: int = 8
    # operations: request logs and metrics (docs/operations.md)
    access_log: bool = False
    metrics_token: str | None = None
    statistics_runner: bool = True
    statistics_lease_seconds: float = 10.0
    # browsers: the origins whose pages may call the API (service.api.cors)
    cors_origins: str = "*"
    # the edge: trusted proxies, and streams per client address
    forwarded_allow_ips: str = "127.0.0.1"
    max_streams_per_client: int = 100

    def __post_init__(self) -> None:
        if self.redis_url is not None and not self.redis_url.startswith(REDIS_SCHEMES):
            raise SettingsError(
                f"ROUNDHOUSE_REDIS_URL (redis_url) must start with {', '.join(REDIS_SCHEMES)}, "
                f"or be empty for none; got {self.redis_url[:64]!r}")

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        """Settings from the settings file (if any) overlaid with the environment."""
        env = dict(os.environ if environ is None else environ)
        values: dict[str, object] = {}
        path = env.get("ROUNDHOUSE_SETTINGS")
        if path:
            values.update(msgspec.json.decode(Path(path).read_bytes(), type=dict[str, object]))
        unset_when_empty = {f for f, d in zip(cls.__struct_fields__, cls.__struct_defaults__,
                                               strict=True) if d is None}
        for field in cls.__struct_fields__:
            raw = env.get(f"ROUNDHOUSE_{field.upper()}")
            if raw is not None:
                values[field] = raw
            if values.get(field) == "" and field in unset_when_empty:
                values[field] = None
        try:
            return msgspec.convert(values, cls, strict=False)
        except msgspec.ValidationError as error:
            raise SettingsError(_named(str(error))) from None


def _named(message: str) -> str:
    """msgspec's message with the setting's path (``$.cache_size``) as the operator names it."""
    head, found, path = message.rpartition(" - at `$.")
    if not found:
        return message
    field = path.rstrip("`")
    return f"ROUNDHOUSE_{field.upper()} ({field}): {head}"
