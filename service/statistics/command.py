"""``roundhouse statistics``: bring the statistics up to date, or rebuild them, and say so.

Without options it projects whatever the log holds beyond the tracked position
(taking the projection's lease, or waiting for the runner that holds it) and
prints how many games the figures count, where in the log they stand, and every
game held apart with the record that could not be projected. ``--rebuild``
forgets the figures first and projects the whole log again from its first
record: the numbers come out the same. ``--follow`` then keeps advancing them
as games finish, as a process of its own (set ``ROUNDHOUSE_STATISTICS_RUNNER=0``
on the API processes to leave the work to it).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import time
from typing import Any

from service.audit.commands import CommandError, add_store_option, open_store
from service.settings import Settings
from service.statistics.projection import VERSION
from service.statistics.runner import BATCH, StatisticsRunner

#: how long to wait for another process's runner to bring the figures up to date
WAIT_SECONDS = 600.0


def _statistics(args: argparse.Namespace) -> int:
    store = open_store(args)
    runner = StatisticsRunner(store, lease_seconds=Settings.from_env().statistics_lease_seconds,
                              batch=args.batch)
    try:
        started = time.perf_counter()
        if args.rebuild:
            runner.view.reset()
        target = store.recorder.max_notification_id() or 0
        projected = runner.catch_up()
        if not runner.wait_for(target, WAIT_SECONDS):
            raise CommandError(f"the figures did not reach record {target} of the log within "
                               f"{WAIT_SECONDS:.0f} s (is another runner stuck?)")
        elapsed = time.perf_counter() - started
        view = runner.view
        print(f"statistics v{VERSION}: {view.counted()} games counted, up to record "
              f"{view.position() or 0} of the log")
        if projected:
            print(f"projected {projected} records in {elapsed:.2f} s "
                  f"({projected / max(elapsed, 1e-9):.0f} records/s)")
        for held in view.held():
            print(f"held apart: game {held.game_id}: record {held.version} (record "
                  f"{held.position} of the log) could not be projected: {held.error}",
                  file=sys.stderr)
        if args.follow:
            _follow(runner)
    finally:
        runner.stop()
        store.close()
    return 0


def _follow(runner: StatisticsRunner) -> None:
    """Advance the figures as games finish, until interrupted or terminated."""
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    runner.start()
    print("following the log (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        stopping.wait()


def add_statistics(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "statistics", help="bring the figures across games up to date (or rebuild them)")
    add_store_option(parser)
    parser.add_argument("--rebuild", action="store_true",
                        help="forget the figures and project the whole log again")
    parser.add_argument("--follow", action="store_true",
                        help="then keep advancing them as games finish")
    parser.add_argument("--batch", type=int, default=BATCH, metavar="RECORDS",
                        help=f"records projected per transaction (default {BATCH})")
    parser.set_defaults(run=_statistics)
