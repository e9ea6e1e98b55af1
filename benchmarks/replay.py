"""Replay benchmark: events per second through ``evolve``, and rebuilding a game from its log.

Run from the repository root::

    .venv/bin/python -m benchmarks.replay                 # 4-player Europe, 3 s per figure
    .venv/bin/python -m benchmarks.replay --games 50 --seconds 5 --profile

It plays ``--games`` random legal 4-player Ticket to Ride Europe games (fixed
seeds), seals each into a log as the store records it, exports it as JSON
Lines, then measures, per CPU second of this process (pinned to one core):

* **evolve events/s**: the logs' events, already decoded, applied through
  ``rules.evolve`` from nothing; DESIGN.md's target is 500,000;
* **rebuild ms/game**: one finished game rebuilt from its exported bytes
  (`service.audit.rebuild_state`: decode each line straight into the kind's
  event types, then ``evolve``); the target is 2 ms;
* **rebuild ms/game from typed events**: the ``evolve`` part of it alone;
* **audit ms/game**: the full audit (`service.audit.audit`: every hash, the
  seed, every shuffle, every command decided again), for scale;
* **verify_log ms/game**: ``tools/verify_log.py``'s checks (hashes, seed,
  shuffles), standard library only, in this process.

``--profile`` prints cProfile's top functions of the evolve loop. Not a test:
nothing is asserted; figures are printed.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import importlib.util
import os
import pstats
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.registry import kinds
from service.audit import audit, decode_log, encode_log, rebuild_state
from service.store.records import Record
from tests.audit.logs import play_log

RULES = kinds()["ticket-to-ride"]
SETUP = Setup(seats=4, map="europe")
TOOL = Path(__file__).parents[1] / "tools" / "verify_log.py"


def logs(count: int) -> list[list[Record]]:
    """`count` finished games, game ``i`` from seed ``sha256(i)`` and chooser ``Random(i)``."""
    return [
        play_log(RULES, SETUP, Seed(hashlib.sha256(str(i).encode()).digest()), random.Random(i))
        for i in range(count)
    ]


def per_cpu_second(work: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Run `work` (returning units done) until `seconds` of CPU time: (units/s, rounds)."""
    work()  # warm caches
    done = rounds = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        done += work()
        rounds += 1
    return done / elapsed, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})

    games = logs(args.games)
    exports = [encode_log(log) for log in games]
    typed = [[msgspec.convert(e, RULES.event_type) for r in log for e in r.events]
             for log in games]
    events = sum(len(t) for t in typed)
    evolve = RULES.evolve

    def evolve_all() -> int:
        for log in typed:
            state: Any = None
            for event in log:
                state = evolve(state, event)
        return events

    def rebuild_all() -> int:
        for body in exports:
            rebuild_state(body, RULES)
        return len(exports)

    def audit_all() -> int:
        for body in exports:
            assert audit(decode_log(body)).valid
        return len(exports)

    spec = importlib.util.spec_from_file_location("verify_log", TOOL)
    assert spec is not None and spec.loader is not None
    verify_log = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(verify_log)
    texts = [body.decode() for body in exports]

    def verify_all() -> int:
        for text in texts:
            assert not verify_log.verify(text).problems
        return len(texts)

    print(f"{args.games} finished 4-player Europe games: {min(len(g) for g in games)}..."
          f"{max(len(g) for g in games)} records, {events / len(games):.0f} events a game on "
          f"average, {sum(map(len, exports)) / len(exports) / 1024:.0f} KiB exported")
    rate, _ = per_cpu_second(evolve_all, args.seconds)
    print(f"evolve:                  {rate:12,.0f} events/s   (target 500,000)")
    print(f"rebuild from typed:      {1000 * events / len(games) / rate:12.3f} ms/game")
    rate, _ = per_cpu_second(rebuild_all, args.seconds)
    print(f"rebuild from export:     {1000 / rate:12.3f} ms/game    (target 2 ms)")
    rate, _ = per_cpu_second(audit_all, args.seconds)
    print(f"audit (full re-decide):  {1000 / rate:12.3f} ms/game")
    rate, _ = per_cpu_second(verify_all, args.seconds)
    print(f"verify_log (stdlib):     {1000 / rate:12.3f} ms/game")

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(lambda: [evolve_all() for _ in range(20)])
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
