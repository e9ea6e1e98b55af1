"""Group commit: appends from concurrent requests share one transaction.

A durable append costs one flush to disk (a few milliseconds here), whatever
its size, so appends waiting at the same moment are written together: callers
hand their aggregate events to `Committer.append` and block; one writer thread
takes everything queued, stores it in one transaction and wakes them. If that
transaction fails because one game lost a race with another process, each
caller's events are retried alone, so only the loser sees the error; if it
fails because the database did (away, full), every caller hears so at once,
rather than each waiting for its own retry to fail in turn, and so do the
callers of the next moment (`WriteHealth.refusal`). A lone caller pays
one thread hand-off (tens of microseconds) and the same single flush.

A caller on the event loop (`append_on_loop`) waits without holding a thread:
the writer wakes its loop instead, so a command decided on the loop costs two
hand-offs (to the writer and back) instead of four through a worker thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import EventStore, IntegrityError

from service import metrics
from service.store.faults import WriteHealth

#: most events written in one transaction
MAX_BATCH = 512


class _Pending:
    """One caller's events, and what storing them raised; `on_done` wakes the caller.

    No `threading.Event` of its own: a caller on the loop is woken through its
    loop, and only a blocking caller (`Committer.append`) makes one."""

    __slots__ = ("error", "events", "on_done")

    def __init__(
        self, events: Sequence[Any], on_done: Callable[[BaseException | None], None]
    ) -> None:
        self.events = events
        self.error: BaseException | None = None
        #: called by the writer once stored (or not), with the error if any
        self.on_done = on_done

    def finish(self) -> None:
        self.on_done(self.error)


def _settle(future: asyncio.Future[BaseException | None], error: BaseException | None) -> None:
    if not future.done():
        future.set_result(error)


class Committer:
    """The one writer of an event store, batching concurrent appends."""

    def __init__(self, events: EventStore[Any], health: WriteHealth | None = None) -> None:
        """`health` hears of every write (whether a full disk refused it)."""
        self._events = events
        self._health = health or WriteHealth()
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="roundhouse-committer", daemon=True)
        self._thread.start()

    def append(self, events: Sequence[Any]) -> None:
        """Store `events` durably (with whatever else is waiting); raise what storing raised."""
        stored = threading.Event()
        pending = _Pending(events, lambda _error: stored.set())
        self._queue.put(pending)
        stored.wait()
        if pending.error is not None:
            raise pending.error

    async def append_on_loop(self, events: Sequence[Any]) -> None:
        """`append` for a coroutine: the same batching, awaited on the running loop."""
        loop = asyncio.get_running_loop()
        stored: asyncio.Future[BaseException | None] = loop.create_future()

        def finished(error: BaseException | None) -> None:
            with contextlib.suppress(RuntimeError):  # a loop closed at shutdown: nobody waits
                loop.call_soon_threadsafe(_settle, stored, error)

        self._queue.put(_Pending(events, finished))
        error = await stored
        if error is not None:
            raise error

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            size = len(first.events)
            while size < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)  # finish this batch, then stop
                    break
                batch.append(more)
                size += len(more.events)
            self._write(batch)

    def _write(self, batch: list[_Pending]) -> None:
        transactions: list[int] = []  # appends per committed transaction, for the metrics
        refused = self._health.refusal()
        if refused is not None:  # the database failed a moment ago: no second wait in turn
            for pending in batch:
                pending.error = type(refused)()  # each caller raises an error of its own
                pending.finish()
            return
        try:
            self._events.put([event for pending in batch for event in pending.events])
            transactions.append(len(batch))
        except IntegrityError as error:  # some append lost a race: find which, alone
            if len(batch) == 1:
                batch[0].error = error
            else:
                for pending in batch:
                    try:
                        self._events.put(list(pending.events))
                        transactions.append(1)
                    except BaseException as alone:
                        pending.error = alone
        except BaseException as error:  # the database failed: every append of it alike, at once
            for pending in batch:
                pending.error = error
        errors = [p.error for p in batch if p.error is not None]
        self._health.wrote(errors, committed=bool(transactions))
        for pending in batch:
            pending.finish()
        metrics.store_written(transactions, errors)
