"""Per-game statistics benchmark: how long one game's figures take, finished and running.

Run from the repository root::

    .venv/bin/python -m benchmarks.game_statistics                # every map and Colt Express
    .venv/bin/python -m benchmarks.game_statistics --games 20 --seconds 3

For every Ticket to Ride map at 2 and 4 seats and Colt Express at 2, 4 and 6, it
plays ``--games`` random legal games (fixed seeds), seals each into a log as the
store records it, and measures per CPU second of this process (pinned to one
core) `service.statistics.game.game_statistics` over the stored records, as
``GET /games/{id}/statistics`` and the across-games projection call it:

* **finished ms/game**: a finished game from its records alone (decoded, replayed
  once, counted, the end figures and the score chart included);
* **running ms/game**: the same game less its last record (still running: every
  event redacted for a spectator before it is counted);
* **events/game** and **games/s** (finished).

Not a test: nothing is asserted; figures are printed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
from typing import Any

import msgspec
from rich.console import Console
from rich.table import Table

from benchmarks.replay import per_cpu_second
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.registry import kinds
from service.statistics.game import game_statistics
from service.store.records import Record
from tests.audit.logs import play_log

CASES = [
    *(("ticket-to-ride", Setup(seats, m)) for m in ("europe", "amsterdam", "northern-lights",
                                                     "world") for seats in (2, 4)),
    *(("colt-express", Setup(seats)) for seats in (2, 4, 6)),
]


def logs(rules: Any, setup: Setup, count: int) -> list[list[Record]]:
    """`count` finished games, game ``i`` from seed ``sha256(i)`` and chooser ``Random(i)``."""
    return [
        play_log(rules, setup, Seed(hashlib.sha256(str(i).encode()).digest()), random.Random(i))
        for i in range(count)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per case")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per figure")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    table = Table(title="game_statistics per game (CPU)")
    for column in ("kind", "map", "seats", "events/game", "finished ms/game", "running ms/game",
                   "games/s"):
        table.add_column(column, justify="left" if column in ("kind", "map") else "right")
    for kind, setup in CASES:
        rules = kinds()[kind]
        games = logs(rules, setup, args.games)
        created = games[0][0].payload or {}
        recorded = msgspec.convert(created["setup"], Setup)

        def finished(games: list[list[Record]] = games, rules: Any = rules,
                     recorded: Setup = recorded) -> int:
            for records in games:
                game_statistics(rules, recorded, records)
            return len(games)

        def running(games: list[list[Record]] = games, rules: Any = rules,
                    recorded: Setup = recorded) -> int:
            for records in games:
                game_statistics(rules, recorded, records[:-1])
            return len(games)

        done_rate, _ = per_cpu_second(finished, args.seconds)
        running_rate, _ = per_cpu_second(running, args.seconds)
        events = sum(len(r.events) for records in games for r in records) / len(games)
        table.add_row(kind, setup.map or "-", str(setup.seats), f"{events:.0f}",
                      f"{1000 / done_rate:.2f}", f"{1000 / running_rate:.2f}", f"{done_rate:.0f}")
    Console().print(table)


if __name__ == "__main__":
    main()
