"""Log verification in a small pool of worker processes, off the API process.

Checking a log re-decides every command: about 0.2 ms of CPU per kilobyte
(a 260 KB five-player game takes 56 ms, a log at the 4 MiB limit about a
second). Run in the API process, even in worker threads, that work holds the
interpreter lock the event loop needs: four clients posting 9 MB logs made
``GET /health`` take 1-2.6 s. In a separate process it costs the API process
only the hand-over of the bytes, and `workers` (default 1 on a 2-core machine)
bounds how much CPU verification may take from everything else; workers run
at a lower CPU priority (`NICENESS`), so requests go first when CPU is short. At most
`queue` verifications wait for a worker; the next is refused with ``503
verifier-busy`` and ``Retry-After`` rather than held in memory.

Workers are forked from multiprocessing's fork server, a single-threaded
process started once that has the rules and the audit modules imported
(`PRELOAD`): never forked from the API process itself, whose threads hold
locks, and a worker costs milliseconds to start rather than the second a fresh
interpreter takes to import everything. Each app starts its pool as it starts
(`Verifier.start`), so the first audit does not wait for it, and gives the
workers the game kinds once.

A worker leaves when the API process does, however it ends: a pool's workers
hold both ends of their task pipe, and each holds the fork server open, so an
API process killed with SIGKILL would otherwise leave both waiting for ever.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import select
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import msgspec

from domain.kernel.protocol import GameRules
from service.api.errors import ServiceError
from service.audit import AuditReport, Explanation, LogFormatError, audit, decode_log, explain
from service.store.records import Record

Kinds = Mapping[str, GameRules[Any, Any, Any]]

#: imported once by the fork server, so that its forked workers start ready
PRELOAD = ["domain.registry", "service.api.verifier"]

#: the worker process's game kinds, installed by `_install` when it starts
_kinds: Kinds = {}
#: how often a worker checks that the API process is still there, without a pidfd
ORPHAN_CHECK_SECONDS = 1.0


#: how much less CPU priority a worker takes than the API process (nice increment)
NICENESS = 10


def _install(kinds: Kinds, api_process: int) -> None:
    global _kinds
    _kinds = kinds
    os.nice(NICENESS)  # when CPU is short, requests go first, verifications wait
    threading.Thread(target=_leave_with, args=(api_process,), daemon=True).start()


def _leave_with(pid: int) -> None:
    """End this worker once process `pid` has ended (a pidfd says so at once)."""
    try:
        watched = os.pidfd_open(pid)
    except (AttributeError, OSError):
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(ORPHAN_CHECK_SECONDS)
    else:
        select.select([watched], [], [])
    os._exit(0)


def _ready() -> bool:
    return True


def _replay(body: bytes) -> AuditReport | str:
    """The verdict on an uploaded log, or why it cannot be read as one."""
    try:
        records = decode_log(body)
    except LogFormatError as error:
        return str(error)
    return audit(records, _kinds)


class GameAudit(msgspec.Struct, frozen=True):
    """`GET /games/{id}/audit`: the verdict on the game's log, and the explained record."""

    report: AuditReport
    explanation: Explanation | None = None


def _audit(
    records: list[Record], seed: Any, disputed: int | None, viewer: int | None
) -> GameAudit:
    report = audit(records, _kinds, redacted=False, sealed_with=seed)
    explanation = None
    if disputed is not None:
        explanation = explain(records, disputed, _kinds, viewer=viewer)
    return GameAudit(report, explanation)


class Verifier:
    """The pool of verifying processes of one app (started on first use)."""

    def __init__(self, kinds: Kinds, workers: int, queue: int) -> None:
        self._kinds = dict(kinds)
        self._workers = max(1, workers)
        self._slots = self._workers + max(0, queue)
        self._busy = 0
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start a worker now (in the background), not at the first verification."""
        self._executor().submit(_ready)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            self._pool = ProcessPoolExecutor(
                max_workers=self._workers,
                mp_context=context,
                initializer=_install,
                initargs=(self._kinds, os.getpid()),
            )
        return self._pool

    async def _run(self, function: Any, *args: Any) -> Any:
        if self._busy >= self._slots:
            raise ServiceError(
                503, "verifier-busy", "every log verifier is busy; try again shortly",
                retry_after=1,
            )
        self._busy += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._executor(), function, *args
            )
        finally:
            self._busy -= 1

    async def replay(self, body: bytes) -> AuditReport:
        outcome: AuditReport | str = await self._run(_replay, body)
        if isinstance(outcome, str):
            raise ServiceError(422, "unreadable-log", outcome)
        return outcome

    async def audit(
        self, records: list[Record], seed: Any, disputed: int | None, viewer: int | None
    ) -> GameAudit:
        result: GameAudit = await self._run(_audit, records, seed, disputed, viewer)
        return result

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
