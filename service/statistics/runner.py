"""`StatisticsRunner`: advances the statistics projection in one process at a time.

Every API process may start one (``roundhouse serve`` does, unless
``ROUNDHOUSE_STATISTICS_RUNNER=0``) and every process serves the figures from the
shared view, but only the holder of the projection's lease (a row of
``projection_leases``, renewed at each step and lapsing after `LEASE_SECONDS`)
advances it; the others wait to take over should the holder stop or die. A
runner that lost its lease mid-batch cannot double-count: its batch moves the
tracked position only from where it began, in the transaction that adds it
(`StatisticsView.record`), so the later of two equal batches is rolled back.

The runner is woken by the appends of its own process (a store listener) and
looks at the log every `POLL_SECONDS` for those of other processes, so a
finished game is counted well within a second. It reads the notification log
in batches of `BATCH` records, which is how it catches up after falling behind
or rebuilds from the first record (`rebuild`).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid

import msgspec
from eventsourcing.persistence import PersistenceError

from service.statistics.projection import VERSION, AcrossGames
from service.statistics.summary import Entry, typed_decoder
from service.statistics.view import LostPosition, StatisticsView, open_view
from service.store.games import GameStore
from service.store.records import Record

log = logging.getLogger(__name__)

#: how long a runner's lease lasts unless renewed (``ROUNDHOUSE_STATISTICS_LEASE_SECONDS``)
LEASE_SECONDS = 10.0
#: how often a runner looks at the log without being woken
POLL_SECONDS = 0.25
#: how long a woken runner lets appends gather, so that a busy moment's records share one
#: batch (one transaction) rather than one each
GATHER_SECONDS = 0.05
#: records read and projected in one transaction
BATCH = 2000
#: a pause after a step that failed (the database away, a lost position)
BACKOFF_SECONDS = 1.0


class _Stored(msgspec.Struct):
    record: Record


_stored = msgspec.json.Decoder(_Stored).decode


class StatisticsRunner:
    """The statistics projection over `store`, and the thread that advances it."""

    def __init__(
        self,
        store: GameStore,
        holder: str | None = None,
        *,
        lease_seconds: float = LEASE_SECONDS,
        batch: int = BATCH,
    ) -> None:
        """`holder` names this runner in the lease (default: host, process and a nonce)."""
        self.store = store
        self.lease_seconds = lease_seconds
        self.batch_size = batch
        app = store.app
        self.key = f"{app.name}:{AcrossGames.name}-v{VERSION}"
        tracking_table = f"{app.name.lower()}_tracking"
        self.view: StatisticsView = open_view(
            app.factory.datastore, VERSION, self.key, tracking_table)  # type: ignore[attr-defined]
        self.projection = AcrossGames(self.view, store.kinds, self._load)
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        #: when the lease held is to be renewed (monotonic clock); 0: not held
        self._renew_at = 0.0
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        store.listeners.append(lambda _game, _record: self._wake.set())

    def _load(self, game_id: str, version: int) -> list[Entry]:
        """The game's records up to `version`, read from the store, their events decoded as
        the kind's own when the store hosts the kind."""
        bodies = self.store.recorder.game_bodies(game_id, version)
        if not bodies:
            return []
        payload = _stored(bodies[0]).record.payload or {}
        rules = self.store.kinds.get(payload.get("kind", ""))
        if rules is None:  # the summary says why it cannot be projected
            return [_stored(body).record for body in bodies]
        decode = typed_decoder(rules.event_type).decode
        return [decode(body).record for body in bodies]

    # -- advancing -------------------------------------------------------------------------

    def step(self) -> int:
        """Project the next batch of records if this runner holds the lease: how many."""
        if not self._holding():
            return 0
        before = self.view.position()
        stored = self.store.recorder.bodies_after(before or 0, self.batch_size)
        if not stored:
            return 0
        self.view.record(before, stored[-1][0], self.projection.project(stored))
        return len(stored)

    def _holding(self) -> bool:
        """Whether this runner holds the lease, renewed once half of it has run out (so an
        idle runner does not write four times a second)."""
        now = time.monotonic()
        if now < self._renew_at:
            return True
        if not self.view.lease(self.key, self.holder, self.lease_seconds):
            self._renew_at = 0.0
            return False
        self._renew_at = now + self.lease_seconds / 2
        return True

    def catch_up(self) -> int:
        """Project every record appended so far (holding the lease): how many."""
        done = 0
        while projected := self.step():
            done += projected
        return done

    def rebuild(self) -> int:
        """Forget everything and project the whole log again from its first record."""
        self.view.reset()
        return self.catch_up()

    # -- the thread ------------------------------------------------------------------------

    def start(self) -> None:
        """Advance the projection in a thread of this process until `stop`."""
        self._thread = threading.Thread(target=self._run, name="roundhouse-statistics",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._renew_at = 0.0
        try:
            self.view.release(self.key, self.holder)
        except Exception as error:  # the database away at shutdown: the lease lapses by itself
            log.warning("statistics: could not give the lease up (%s)", error)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                projected = self.step()
            except LostPosition:
                log.warning("statistics: another runner projected these records first")
                projected = 0
                self._stop.wait(BACKOFF_SECONDS)
            except PersistenceError as error:  # the database away or full: said in one line
                log.warning("statistics: the projection could not advance (%s: %s); "
                            "trying again", type(error).__name__, error)
                projected = 0
                self._stop.wait(BACKOFF_SECONDS)
            except Exception:  # a bug: its traceback
                log.exception("statistics: the projection could not advance; trying again")
                projected = 0
                self._stop.wait(BACKOFF_SECONDS)
            if projected < self.batch_size:
                self._wake.wait(POLL_SECONDS)
                self._wake.clear()
                self._stop.wait(GATHER_SECONDS)

    def wait_for(self, position: int, timeout: float = 5.0) -> bool:
        """Whether the figures include the log up to `position` within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while (self.view.position() or 0) < position:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True
