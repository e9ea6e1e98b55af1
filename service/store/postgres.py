"""PostgreSQL with bounded waits: the library's factory and recorder, tuned to fail fast.

The eventsourcing library's PostgreSQL recorder tries a failed statement ten
times, and its pool waits up to its connect timeout for a connection each
time; with the database away a request waited 47-62 s before failing. Here:

* `StoreFactory` (the ``PERSISTENCE_MODULE`` for a ``postgresql://`` store) sets
  the pool's wait for a connection (``POSTGRES_POOL_TIMEOUT``), each connection
  attempt's own timeout (``POSTGRES_CONNECT_TIMEOUT``), a server-side statement
  timeout (``POSTGRES_STATEMENT_TIMEOUT``, milliseconds) and how long the pool keeps
  retrying a failed connection in the background before it gives the slot up
  (``POSTGRES_RECONNECT_TIMEOUT``): a slot given up is opened afresh by the next
  request, so the pool is whole again moments after the database is back,
  rather than after an exponential back-off of tens of seconds.
* `attempts` replaces the library's ten tries of a statement by a few, and none
  at all when the pool timed out waiting for a connection (the database is
  away: the caller hears so at once, as `StoreUnavailable`).

The values come from the settings (`service.store.persistence.StoreTimeouts`).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg_pool
from eventsourcing.persistence import InterfaceError, OperationalError
from eventsourcing.postgres import PostgresFactory
from eventsourcing.utils import Environment

#: tries of one statement on a connection that failed under it
ATTEMPTS = 3
#: pause between them
RETRY_SECONDS = 0.1

POOL_TIMEOUT = "POSTGRES_POOL_TIMEOUT"
STATEMENT_TIMEOUT = "POSTGRES_STATEMENT_TIMEOUT"
RECONNECT_TIMEOUT = "POSTGRES_RECONNECT_TIMEOUT"
CONNECT_TIMEOUT = "POSTGRES_CONNECT_TIMEOUT"

_F = TypeVar("_F", bound=Callable[..., Any])


def attempts(method: _F) -> _F:
    """`method` (the library's, without its own retries) tried up to `ATTEMPTS` times.

    A connection that broke under a statement (the database restarted, a
    connection idle too long) is worth another try on a fresh one; a pool that
    found no connection within its timeout is not: the database is away.
    """
    inner: Callable[..., Any] = getattr(method, "__wrapped__", method)

    @functools.wraps(inner)
    def tried(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return inner(*args, **kwargs)
            except (InterfaceError, OperationalError) as error:
                if attempt == ATTEMPTS or isinstance(error.__cause__, psycopg_pool.PoolTimeout):
                    raise
                time.sleep(RETRY_SECONDS)
        raise AssertionError("unreachable")

    return tried  # type: ignore[return-value]


class StoreFactory(PostgresFactory):
    """The library's PostgreSQL factory, its pool set to the store's timeouts."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env)
        pool = self.datastore.pool
        pool.timeout = float(env.get(POOL_TIMEOUT) or pool.timeout)
        pool.reconnect_timeout = float(env.get(RECONNECT_TIMEOUT) or pool.reconnect_timeout)
        assert isinstance(pool.kwargs, dict)  # the library passes a dict
        kwargs = dict(pool.kwargs)
        kwargs["connect_timeout"] = max(1, round(float(env.get(CONNECT_TIMEOUT) or 5)))
        statement = env.get(STATEMENT_TIMEOUT)
        if statement:
            kwargs["options"] = f"-c statement_timeout={int(statement)}"
        pool.kwargs = kwargs
