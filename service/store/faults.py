"""When the database fails: its errors in the store's words, and whether writes work now.

The persistence library, psycopg, its pool and sqlite3 each raise their own
errors; a caller of the store sees only `StoreUnavailable` (the database does
not answer, within its timeouts) or `StoreFull` (it refused a write for lack of
space). `failure_of` classifies one error by walking its causes;
`database_failures` is the context every public store method runs in. A lost
race for a version (`IntegrityError`) is no failure: the store handles it
itself (`service.store.appending`).

`WriteHealth` remembers that the last write failed for lack of space, until a
write succeeds again: readiness answers 503 meanwhile (`GameStore.writable`),
so a load balancer sends the traffic to processes that can write, and the
probe's own small write (`GameStore.writable`) tells when space is back. It
also lets the writer refuse appends at once for a moment after the database
failed one, rather than queue them behind attempts that each wait a timeout.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import psycopg.errors
from eventsourcing.persistence import IntegrityError, PersistenceError

from service.store.errors import StoreError, StoreFull, StoreUnavailable

#: SQLite's result codes that mean "no space to write" (the disk, or the file's size limit)
_SQLITE_FULL = {sqlite3.SQLITE_FULL}
#: how deep a chain of causes is followed (a chain may loop)
_DEPTH = 16
#: how long after a write failed for the database's sake appends are refused without trying
FAIL_FAST_SECONDS = 1.0


def _causes(error: BaseException) -> Iterator[BaseException]:
    seen: BaseException | None = error
    for _ in range(_DEPTH):
        if seen is None:
            return
        yield seen
        seen = seen.__cause__ or seen.__context__


def is_full(error: BaseException) -> bool:
    """Whether `error` (or one of its causes) is the database refusing a write for space."""
    for cause in _causes(error):
        if isinstance(cause, psycopg.errors.DiskFull):
            return True
        if isinstance(cause, sqlite3.Error) and getattr(cause, "sqlite_errorcode", None) in (
            _SQLITE_FULL
        ):
            return True
    return False


def failure_of(error: BaseException) -> StoreUnavailable | StoreFull | None:
    """The store error a database error means, or None when it is not the database's.

    A lost race (`IntegrityError`) is not a failure of the database.
    """
    if isinstance(error, StoreError | IntegrityError):
        return None
    if is_full(error):
        return StoreFull()
    for cause in _causes(error):
        if isinstance(cause, PersistenceError | psycopg.Error | sqlite3.Error):
            return StoreUnavailable()
    return None


@contextmanager
def database_failures() -> Iterator[None]:
    """Raise a database's failure inside the block as `StoreUnavailable` or `StoreFull`."""
    try:
        yield
    except Exception as error:
        failure = failure_of(error)
        if failure is None:
            raise
        raise failure from error  # the API logs it, with this cause, as it answers


class WriteHealth:
    """How the store's writes fare: full since a write failed for lack of space (until one
    succeeds), and failing fast for a moment after the database failed a write.

    The writer is one thread (`service.store.committer`): while the database is
    away, each attempt waits the pool's timeout, and appends queued behind it
    would wait one timeout each in turn. So for `FAIL_FAST_SECONDS` after a
    failed attempt, appends are refused at once with the same failure
    (`refusal`); then the next one tries the database again.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._full = False
        self._failure: type[StoreUnavailable | StoreFull] | None = None
        self._failed_at = 0.0

    @property
    def full(self) -> bool:
        return self._full

    def wrote(self, errors: list[BaseException], committed: bool) -> None:
        """A write finished: `committed` if anything was stored, `errors` what failed."""
        with self._lock:
            failures = [failure for failure in map(failure_of, errors) if failure is not None]
            if committed:
                self._full, self._failure = False, None
            if failures and not committed:
                self._failure, self._failed_at = type(failures[0]), time.monotonic()
            if any(isinstance(failure, StoreFull) for failure in failures):
                self._full = True

    def refusal(self) -> StoreUnavailable | StoreFull | None:
        """The failure to answer an append with at once, without trying, if any."""
        with self._lock:
            if self._failure is None or time.monotonic() - self._failed_at > FAIL_FAST_SECONDS:
                return None
            return self._failure()
