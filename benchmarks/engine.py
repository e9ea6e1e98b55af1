"""Engine benchmark: random legal games on one core, CPU per recorded event, ratio to Europe.

Run from the repository root::

    .venv/bin/python -m benchmarks.engine                  # every kind, map, variant, seat count
    .venv/bin/python -m benchmarks.engine --seconds 1 --kind ticket-to-ride --seats 2
    .venv/bin/python -m benchmarks.engine --profile ticket-to-ride/europe/standard/2
    .venv/bin/python -m benchmarks.engine --kind ticket-to-ride --against ../wt-base
    .venv/bin/python -m benchmarks.engine --kind ticket-to-ride --map world --seconds 1 \\
        --rounds 5 --against ../wt-base

Every game kind in `domain.registry.kinds()` is measured on each of its maps
(or once, if it has none), each variant (or the default) and each seat count
its descriptor allows, so a newly registered kind shows up without touching
this file. A game is `domain.kernel.selfplay.play_random_game` from the start
to the end: legal-move generation, decisions and `evolve`, exactly what a
random bot costs the engine. Each case plays games until it has used
``--seconds`` of CPU time (not wall time: on a loaded machine a wall-time budget
gave World only a handful of games), and reports the CPU time per recorded
event and, for a kind with maps, its ratio to the kind's reference map (Ticket to
Ride: Europe, standard) at the same seat count, measured in the same run. Each
row also replays the logs it produced through `evolve` from nothing, the cost of
rebuilding a game from its log.

Seeds are fixed (game ``i`` uses seed ``sha256(i)`` and chooser
``random.Random(i)``), so two runs play the same games. ``--against DIR``
compares with another checkout (an older commit in a second worktree): each
case is measured in two fresh processes back to back (which goes first
alternates from case to case), one importing this checkout's engine and one
importing DIR's (the measuring code is this file in both), so both figures
come from one run under the same machine load. ``--rounds N`` repeats that
N times per case and keeps each checkout's best round: on a shared machine
one round of a few seconds moves by 10-15%, the best of five by a few percent.
The process is pinned to one CPU where the platform allows it. Not a test:
nothing is asserted, figures are printed (see ``benchmarks/README.md``).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import platform
import pstats
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
from rich.console import Console
from rich.table import Table

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup, VariantDescriptor
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.registry import kinds


class Case(msgspec.Struct, frozen=True):
    """One measured configuration: a kind, a map, a variant and a seat count."""

    kind: str
    map: str | None
    variant: str | None
    seats: int

    @property
    def label(self) -> str:
        """``kind/map/variant/seats``, ``-`` for no map or the default variant."""
        parts = (self.kind, self.map, self.variant, self.seats)
        return "/".join("-" if part is None else str(part) for part in parts)

    @property
    def setup(self) -> Setup:
        return Setup(seats=self.seats, map=self.map, variant=self.variant)


class Figures(msgspec.Struct):
    """What one case measured; ``seconds`` are CPU seconds of this process.

    CPU time rather than wall time, so other load on a shared machine does not
    lower the figures; ``wall_seconds`` shows how much of a core the run got.
    """

    games: int
    seconds: float
    wall_seconds: float
    commands: int
    events: int
    replay_seconds: float

    @property
    def us_per_event(self) -> float:
        """CPU microseconds per recorded event of self-play."""
        return 1e6 * self.seconds / self.events

    @property
    def replay_rate(self) -> float:
        """Events rebuilt through `evolve` per CPU second."""
        return self.events / self.replay_seconds


class _CountingRules:
    """The rules as they are, counting `decide` calls (one per command played).

    The wrapper adds one Python call per command, tiny next to a decision;
    every other method is the rules' own, bound once.
    """

    def __init__(self, rules: GameRules[Any, Any, Any]) -> None:
        self._rules = rules
        self.commands = 0

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._rules, name)
        setattr(self, name, found)  # looked up once, then an ordinary attribute
        return found

    def decide(self, state: Any, seat: int, command: Any, seed: Seed) -> list[Any]:
        self.commands += 1
        return self._rules.decide(state, seat, command, seed)


def cases(
    kind: str | None = None, seats: int | None = None, map_id: str | None = None
) -> Iterator[Case]:
    """Every configuration the registered kinds offer, optionally filtered.

    Each map (or the kind itself when it has no maps) is tried with each
    listed variant at each seat count its range allows, keeping what
    `check_setup` accepts; a seat count no listed variant accepts is played
    with the default variant (e.g. Colt Express lists only its two-player
    variant).
    """
    for name, rules in sorted(kinds().items()):
        if kind is not None and name != kind:
            continue
        descriptor = rules.descriptor
        boards: list[tuple[str | None, int, int, list[VariantDescriptor]]] = [
            (m.id, m.min_seats, m.max_seats, m.variants) for m in descriptor.maps
        ] or [(None, descriptor.min_seats, descriptor.max_seats, descriptor.variants)]
        for board_id, low, high, variants in boards:
            if map_id is not None and board_id != map_id:
                continue
            found: list[Case] = []
            for count in range(low, high + 1):
                if seats is not None and count != seats:
                    continue
                accepted = [
                    Case(name, board_id, v.id, count)
                    for v in variants
                    if _playable(rules, board_id, v.id, count)
                ]
                if not accepted and _playable(rules, board_id, None, count):
                    accepted = [Case(name, board_id, None, count)]
                found += accepted
            order = [None, *(v.id for v in variants)]
            yield from sorted(found, key=lambda c: (order.index(c.variant), c.seats))


def _playable(
    rules: GameRules[Any, Any, Any], map_id: str | None, variant: str | None, seats: int
) -> bool:
    """Whether the kind accepts this setup (variants may fix the seat count)."""
    try:
        rules.check_setup(Setup(seats=seats, map=map_id, variant=variant))
    except RuleViolation:
        return False
    return True


def game_seed(number: int) -> Seed:
    """The fixed seed of benchmark game `number`."""
    return Seed(hashlib.sha256(number.to_bytes(8, "big")).digest())


#: per kind with maps, the map every other is compared with (its default variant)
REFERENCE_MAPS = {"ticket-to-ride": "europe"}


def reference(case: Case) -> Case | None:
    """The case `case` is compared with: its kind's reference map (`REFERENCE_MAPS`) in
    its default variant, at the same seat count; None for a kind without one."""
    map_id = REFERENCE_MAPS.get(case.kind)
    if case.map is None or map_id is None:
        return None
    board = next(m for m in kinds()[case.kind].descriptor.maps if m.id == map_id)
    return Case(case.kind, map_id, board.default_variant, case.seats)


def play(case: Case, seconds: float) -> tuple[Figures, list[list[Any]]]:
    """Play random games of `case` until they have used `seconds` of CPU time (at
    least one game).

    Returns the figures (replay not yet timed) and the first logs, enough to
    time replay without holding every log.
    """
    counting = _CountingRules(kinds()[case.kind])
    setup = case.setup
    logs: list[list[Any]] = []
    events = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
    number = 0
    while number == 0 or time.process_time() - cpu_started < seconds:
        _, log = play_random_game(counting, setup, game_seed(number), random.Random(number))
        events += len(log)
        if len(logs) < 200:
            logs.append(log)
        number += 1
    cpu = time.process_time() - cpu_started
    wall = time.perf_counter() - started
    return Figures(number, cpu, wall, counting.commands, events, 0.0), logs


def measure(case: Case, seconds: float) -> Figures:
    """Play random games of `case` for about `seconds`, then replay their logs."""
    figures, logs = play(case, seconds)
    evolve = kinds()[case.kind].evolve
    started = time.process_time()
    for log in logs:
        state = None
        for event in log:
            state = evolve(state, event)
    elapsed = time.process_time() - started
    replayed = sum(len(log) for log in logs)
    # scaled to every event played, as if every log had been replayed
    figures.replay_seconds = elapsed * figures.events / replayed
    return figures


def pin_to_one_core() -> str:
    """Run on a single CPU (Linux); returns a note for the report."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def profile(label: str, seconds: float, top: int) -> None:
    """cProfile random games of one case (its `Case.label`) and print hot spots."""
    matches = [case for case in cases() if case.label == label]
    if not matches:
        raise SystemExit(f"no case {label!r}; cases: {', '.join(c.label for c in cases())}")
    profiler = cProfile.Profile()
    profiler.enable()
    figures, _ = play(matches[0], seconds)
    profiler.disable()
    print(f"{label}: {figures.games} games under the profiler")
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def measure_in(checkout: Path, case: Case, seconds: float) -> Figures:
    """`measure` in a fresh process whose `domain` package is `checkout`'s."""
    # this file as the main module, run from `checkout` so its `domain` comes first
    runner = (
        "import runpy, sys; sys.argv = sys.argv[1:]; "
        "runpy.run_path(sys.argv[0], run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", runner, __file__, "--worker", case.label, "--seconds", str(seconds)],
        cwd=checkout,
        capture_output=True,
        check=True,
        timeout=max(120.0, 20 * seconds),
    )
    return msgspec.json.decode(done.stdout, type=Figures)


def offered_in(checkout: Path, case: Case) -> bool:
    """Whether `checkout`'s engine has `case` at all (a newer map may be missing there)."""
    runner = (
        "import runpy, sys; sys.argv = sys.argv[1:]; "
        "runpy.run_path(sys.argv[0], run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", runner, __file__, "--has", case.label],
        cwd=checkout, capture_output=True, timeout=120.0,
    )
    return done.returncode == 0


def _worker(label: str, seconds: float) -> None:
    """Measure one case and print its figures as JSON (the child of `measure_in`)."""
    pin_to_one_core()
    case = next(c for c in cases() if c.label == label)
    sys.stdout.buffer.write(msgspec.json.encode(measure(case, seconds)))


class Best:
    """The best figures a checkout reached over rounds of one case.

    Other load on the machine only ever slows a run down, so the fastest of
    several rounds is the steadiest figure of what the code costs.
    """

    def __init__(self) -> None:
        self.us_per_event = float("inf")
        self.replay = 0.0

    def add(self, figures: Figures) -> None:
        self.us_per_event = min(self.us_per_event, figures.us_per_event)
        self.replay = max(self.replay, figures.replay_rate)


def _with_references(chosen: list[Case]) -> list[Case]:
    """`chosen` with the reference case of each (`reference`) measured first."""
    extra = [r for c in chosen if (r := reference(c)) is not None and r not in chosen]
    return list(dict.fromkeys([*extra, *chosen]))


def _times_reference(best: dict[Case, Best], case: Case) -> str:
    ref = reference(case)
    if ref is None or ref not in best:
        return "-"
    return f"{best[case].us_per_event / best[ref].us_per_event:.2f}"


def compare(
    against: Path, kind: str | None, seats: int | None, seconds: float, map_id: str | None,
    rounds: int = 1,
) -> Table:
    """Each case measured here and in `against`, back to back, `rounds` times each
    (see the module docstring); the best round of each is shown, with each checkout's
    ratio to its own reference case (Europe) of the same run."""
    here = Path(__file__).resolve().parents[1]
    title = f"CPU per recorded event: this checkout vs {against}"
    table = Table(title=title if rounds == 1 else f"{title}, best of {rounds} rounds each")
    for heading in ("case", "us/event here", f"us/event {against.name}", "here / there",
                    "x Europe here", f"x Europe {against.name}", "replay events/s here",
                    f"replay events/s {against.name}"):
        table.add_column(heading, justify="left" if heading == "case" else "right")
    chosen = list(cases(kind, seats, map_id))
    new: dict[Case, Best] = {}
    old: dict[Case, Best] = {}
    for number, case in enumerate(_with_references(chosen)):
        if not offered_in(against, case):  # a map or variant the older checkout lacks
            continue
        new[case], old[case] = Best(), Best()
        for turn in range(rounds):
            # which checkout goes first alternates, so a drift in the machine's load
            # favours neither
            if (number + turn) % 2:
                old[case].add(measure_in(against, case, seconds))
                new[case].add(measure_in(here, case, seconds))
            else:
                new[case].add(measure_in(here, case, seconds))
                old[case].add(measure_in(against, case, seconds))
    for case in chosen:
        if case not in new:
            table.add_row(case.label, "", "not there", "", "", "", "", "")
            continue
        table.add_row(
            case.label,
            f"{new[case].us_per_event:.2f}",
            f"{old[case].us_per_event:.2f}",
            f"{new[case].us_per_event / old[case].us_per_event:.2f}",
            _times_reference(new, case),
            _times_reference(old, case),
            f"{new[case].replay:,.0f}",
            f"{old[case].replay:,.0f}",
        )
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="CPU time budget per case (and checkout)")
    parser.add_argument("--kind", help="only this game kind")
    parser.add_argument("--seats", type=int, help="only this seat count")
    parser.add_argument("--map", help="only this map (a kind with maps)")
    parser.add_argument("--profile", metavar="KIND/MAP/VARIANT/SEATS", help="profile one case")
    parser.add_argument("--top", type=int, default=25, help="profile lines to print")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="compare with the checkout in DIR, case by case")
    parser.add_argument("--rounds", type=int, default=1, metavar="N",
                        help="with --against: measure each case N times in each checkout, "
                        "alternately, and compare the best of each")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--has", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker(args.worker, args.seconds)
        return
    if args.has:  # the child of `offered_in`: exit 0 if this checkout has the case
        raise SystemExit(0 if any(c.label == args.has for c in cases()) else 1)
    console = Console(width=None if os.isatty(1) else 180)
    if args.against:
        console.print(f"Python {platform.python_version()}, ~{args.seconds:g} s of CPU per "
                      "case and checkout, each in its own process pinned to one CPU")
        console.print(
            compare(args.against.resolve(), args.kind, args.seats, args.seconds, args.map,
                    args.rounds)
        )
        return
    note = pin_to_one_core()
    if args.profile:
        profile(args.profile, args.seconds, args.top)
        return
    console.print(
        f"Python {platform.python_version()} on {platform.machine()}, {note}, "
        f"~{args.seconds:g} s of CPU per case"
    )
    table = Table(title="Random legal games, one core: CPU per recorded event")
    for heading in ("kind", "map", "variant"):
        table.add_column(heading)
    for heading in ("seats", "games", "us/event", "x Europe", "ms/game", "events/game",
                    "replay events/s", "cpu share"):
        table.add_column(heading, justify="right")
    chosen = list(cases(args.kind, args.seats, args.map))
    measured: dict[Case, Figures] = {}
    for case in _with_references(chosen):
        measured[case] = measure(case, args.seconds)
    best = {case: Best() for case in measured}
    for case, figures in measured.items():
        best[case].add(figures)
    for case in chosen:
        f = measured[case]
        table.add_row(
            case.kind,
            case.map or "-",
            case.variant or "-",
            str(case.seats),
            str(f.games),
            f"{f.us_per_event:.2f}",
            _times_reference(best, case),
            f"{1000 * f.seconds / f.games:.2f}",
            f"{f.events / f.games:.0f}",
            f"{f.replay_rate:,.0f}",
            f"{f.seconds / f.wall_seconds:.0%}",
        )
    console.print(table)


if __name__ == "__main__":
    main()
