"""Statistics benchmark: rebuilding the figures across games, and how soon a game counts.

Run from the repository root::

    .venv/bin/python -m benchmarks.statistics                      # 10,000 games, SQLite
    .venv/bin/python -m benchmarks.statistics --games 2000 --distinct 100
    .venv/bin/python -m benchmarks.statistics --store postgresql://postgres@127.0.0.1/bench

It plays ``--distinct`` random legal games spread over every kind, map and seat
count the registry hosts (fixed seeds), then stores ``--games`` finished games
made of them, each under its own id and seed, sealed as the store seals them
and written straight through the store's recorder (the lobby rows included),
in a fresh store (a temporary SQLite file unless ``--store`` names one, whose
statistics tables should be empty). Then it prints:

* **rebuild**: `StatisticsRunner.rebuild` over the whole log, from its first
  record: games/s and records/s, by wall time and per CPU second of this process
  (the machine may be shared);
* **ready after the last record**: with a runner thread going, one more game is
  played through `GameStore.command`, and the time from its last command's
  return to the figures counting it is measured (DESIGN.md: within a second).

Not a test: nothing is asserted; figures are printed.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgspec

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import random_commands
from domain.registry import kinds
from service.statistics.runner import StatisticsRunner
from service.statistics.view import Filter
from service.store.aggregate import Game
from service.store.games import GameStore
from service.store.records import Record, sealed

#: a game's records as the store keeps them, without their game id: ``(type, seat, body)``
Played = list[tuple[str, int | None, dict[str, Any]]]

START = datetime(2026, 1, 1, tzinfo=UTC)


def cases() -> list[tuple[GameRules[Any, Any, Any], Setup]]:
    """Every kind, map and seat count hosted (each map's default variant)."""
    found = []
    for rules in kinds().values():
        descriptor = rules.descriptor
        for map_descriptor in descriptor.maps or [None]:
            low = map_descriptor.min_seats if map_descriptor else descriptor.min_seats
            high = map_descriptor.max_seats if map_descriptor else descriptor.max_seats
            for seats in range(low, high + 1):
                setup = Setup(seats=seats, map=map_descriptor.id if map_descriptor else None)
                setup = descriptor.resolved(setup)
                found.append((rules, msgspec.structs.replace(
                    setup, rules_version=rules.rules_version(setup))))
    return found


def play(rules: GameRules[Any, Any, Any], setup: Setup, seed: Seed, chooser: random.Random
         ) -> Played:
    """One random legal game, as the records the store would keep of it."""
    json = msgspec.to_builtins
    played: Played = [("created", None, {"payload": {
        "kind": rules.descriptor.kind, "setup": json(setup), "seed_commitment": seed.commitment,
        "seed_chosen_by_client": False, "listed": True, "private": False}})]
    played += [("seat-joined", s, {"payload": {"name": f"p{s}"}}) for s in range(setup.seats)]
    opening = rules.start(setup, seed)
    played.append(("started", None, {"events": json(opening)}))
    state: Any = None
    for event in opening:
        state = rules.evolve(state, event)
    for seat, command, events in random_commands(rules, state, seed, chooser):
        played.append(("command", seat, {"payload": json(command), "events": json(events)}))
    return played


#: the aggregate event of each record type after ``created``
EVENT_CLASS = {"seat-joined": Game.SeatJoined, "started": Game.Started,
               "command": Game.CommandAccepted}


def aggregate_events(played: Played, seed: Seed, started: datetime) -> list[Any]:
    """The aggregate events of a new game made of `played`, a second between records."""
    game_id = uuid.uuid4()
    at = [started + timedelta(seconds=i) for i in range(len(played))]
    _, _, body = played[0]
    created = sealed(Record(game_id=str(game_id), version=1, type="created",
                            time=at[0].isoformat(), **body), seed.value)
    game = Game.create(game_id, created, seed.hex, at[0])
    events = list(game.collect_events())
    for version, (kind, seat, body) in enumerate(played[1:], 2):
        record = Record(game_id=str(game_id), version=version, type=kind,  # type: ignore[arg-type]
                        time=at[version - 1].isoformat(), seat=seat,
                        command_id=f"c{version}" if kind == "command" else None, **body)
        secret = {"token_hash": "0" * 64} if kind == "seat-joined" else {}
        event = game.next_event(EVENT_CLASS[kind], record, at[version - 1], **secret)
        event.mutate(game)
        events.append(event)
    return events


def fill(store: GameStore, games: int, distinct: int) -> int:
    """Store `games` finished games made of `distinct` random ones: how many records."""
    chooser = random.Random(25)
    every = cases()
    pool = []
    for i in range(distinct):
        rules, setup = every[i % len(every)]
        seed = Seed(chooser.randbytes(32))
        pool.append((play(rules, setup, seed, chooser), rules))
    records = 0
    batch: list[Any] = []
    for i in range(games):
        played, _ = pool[i % distinct]
        batch += aggregate_events(played, Seed(chooser.randbytes(32)),
                                  START + timedelta(minutes=i))
        records += len(played)
        if len(batch) > 20_000 or i == games - 1:
            store.app.events.put(batch)
            batch = []
    return records


def latency(store: GameStore, runner: StatisticsRunner) -> float:
    """Seconds from the last command of one more game to the figures counting it."""
    rules = store.kinds["colt-express"]
    chooser = random.Random(7)
    game_id = store.create("colt-express", Setup(seats=3))
    tokens = [store.join(game_id, f"p{s}").token for s in range(3)]
    store.start(game_id, tokens[0])
    query = Filter("colt-express")
    counted = runner.view.totals(query)["games"].n
    while True:
        state = store.read(game_id, lambda live, _: live.state)
        seats = rules.to_act(state)
        if not seats:
            break
        seat = chooser.choice(seats)
        store.command(game_id, tokens[seat], chooser.choice(rules.legal_moves(state, seat)).command)
        finished = time.perf_counter()
    while runner.view.totals(query)["games"].n == counted:
        time.sleep(0.002)
    return time.perf_counter() - finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=300,
                        help="random games played; the stored games are copies of them")
    parser.add_argument("--store", help="a store URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = args.store or f"sqlite:///{Path(directory) / 'statistics.db'}"
        store = GameStore(url, kinds())
        started = time.perf_counter()
        records = fill(store, args.games, args.distinct)
        print(f"stored {args.games} finished games ({args.distinct} distinct), {records} "
              f"records, in {time.perf_counter() - started:.1f} s")
        runner = StatisticsRunner(store)
        started, cpu = time.perf_counter(), time.process_time()
        projected = runner.rebuild()
        took, cpu = time.perf_counter() - started, time.process_time() - cpu
        games = runner.view.counted()
        print(f"rebuild: {games} games, {projected} records in {took:.1f} s wall, {cpu:.1f} s "
              f"CPU: {games / took:.0f} games/s, {projected / took:.0f} records/s "
              f"({games / cpu:.0f} games and {projected / cpu:.0f} records per CPU second)")
        runner.start()
        print(f"ready after the last record: {latency(store, runner) * 1000:.0f} ms")
        runner.stop()
        store.close()


if __name__ == "__main__":
    main()
