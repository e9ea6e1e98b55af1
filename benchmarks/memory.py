"""Memory benchmark: the resident memory of many live games in one process.

Run from the repository root::

    .venv/bin/python -m benchmarks.memory                     # 10,000 mid-game + 1,000 finished
    .venv/bin/python -m benchmarks.memory --mid 2000 --finished 200

It plays ``--logs`` distinct random legal 4-seat Ticket to Ride Europe games
(fixed seeds) into sealed logs, as the store records them. Then it builds the
live games a server process would cache (`service.store.live.LiveGame`, each
with its own aggregate, records, state and idempotency index, exactly as
`GameStore` loads them), cycling through the distinct logs: ``--mid`` games
cut at half of their log, then ``--finished`` complete ones. Older records
are read back on demand through a loader, which here reads the benchmark's
own copy of the log (in a server it reads the database, which holds them
anyway). It prints the growth of this process's resident set size (VmRSS)
for each group, in total and per game. DESIGN.md's target: 10,000 live games
within 2 GiB; the operations issue asks for 10,000 mid-game 4-seat games within
1 GiB. Not a test: figures are printed.
"""

from __future__ import annotations

import argparse
import gc
import random
import uuid
from datetime import UTC, datetime
from typing import Any

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.registry import kinds
from service.store.aggregate import Game
from service.store.live import LiveGame
from service.store.records import Record
from tests.audit.logs import play_log

RULES = kinds()["ticket-to-ride"]
SETUP = Setup(seats=4, map="europe", variant="standard")
EVENT_CLASSES: dict[str, Any] = {
    "seat-joined": Game.SeatJoined, "started": Game.Started, "command": Game.CommandAccepted,
}


def resident_kib() -> int:
    """This process's resident set size, from /proc (Linux)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def live_game(log: list[Record], seed: Seed) -> LiveGame:
    """The live game a store would cache after loading `log` from its database."""
    now = datetime.now(UTC)
    aggregate = Game.create(uuid.uuid4(), log[0], seed.hex, now)
    for record in log[1:]:
        secret = {"token_hash": uuid.uuid4().hex * 2} if record.type == "seat-joined" else {}
        aggregate.next_event(EVENT_CLASSES[record.type], record, now, **secret).mutate(aggregate)

    def load(after: int, upto: int) -> list[Record]:
        return log[after:upto]

    return LiveGame(aggregate, RULES, log, load)


def measure(label: str, count: int, logs: list[tuple[list[Record], Seed]]) -> list[LiveGame]:
    gc.collect()
    before = resident_kib()
    games = [live_game(*logs[n % len(logs)]) for n in range(count)]
    gc.collect()
    grown = resident_kib() - before
    records = sum(g.version for g in games) / max(count, 1)
    print(f"{label:>28}: {count:>6} games, {records:6.0f} records each, "
          f"{grown / 1024:8.1f} MiB resident, {grown / max(count, 1):6.1f} KiB per game")
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mid", type=int, default=10_000, help="mid-game 4-seat games")
    parser.add_argument("--finished", type=int, default=1_000, help="finished 4-seat games")
    parser.add_argument("--logs", type=int, default=40, help="distinct game logs to cycle")
    args = parser.parse_args()
    complete = []
    for number in range(args.logs):
        seed = Seed(random.Random(number).randbytes(32))
        complete.append((play_log(RULES, SETUP, seed, random.Random(number)), seed))
    halves = [(log[: len(log) // 2], seed) for log, seed in complete]
    print(f"process before: {resident_kib() / 1024:.1f} MiB resident")
    kept = measure("mid-game (half of the log)", args.mid, halves)
    kept += measure("finished", args.finished, complete)
    print(f"process after: {resident_kib() / 1024:.1f} MiB resident, {len(kept)} live games")


if __name__ == "__main__":
    main()
