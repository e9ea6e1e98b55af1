"""Bot benchmark: how often the greedy bot beats random ones, per kind, map and variant.

Run from the repository root::

    .venv/bin/python -m benchmarks.bots                        # every case, 200 games each
    .venv/bin/python -m benchmarks.bots --games 50 --kind colt-express
    .venv/bin/python -m benchmarks.bots --seats 2 --seconds 30

The cases are those of the engine benchmark (`benchmarks.engine.cases`: every
registered kind, map and variant), at the smallest seat count each allows
(greedy against one random bot) and at 4 seats (greedy against three). Game
``i`` seats the greedy bot at seat ``i % seats`` so no seat's advantage
counts for it, and is played in-process through the domain protocol
(`bots.seat.play`), every seed fixed: two runs play the same games.

A game is won when the greedy seat is the only winner (ties are counted
apart). The win rate is printed with its 95 % Wilson interval, next to what
a random seat would win (``1 / seats``), with the mean final scores (points
or dollars) of the greedy seat and of the random seats. Each case stops
after ``--games`` games or ``--seconds``, whichever comes first. Not a test:
figures are printed (see ``benchmarks/README.md``).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections.abc import Iterator

import msgspec
from rich.console import Console
from rich.table import Table

from benchmarks.engine import Case, cases, game_seed
from bots.seat import play
from domain.registry import kinds

#: the z of a two-sided 95 % interval
Z95 = 1.959964


class Tally(msgspec.Struct):
    """What one case's games came to."""

    games: int = 0
    wins: int = 0
    ties: int = 0
    greedy_score: int = 0
    random_score: int = 0
    seconds: float = 0.0


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (sound near 0 and 1, unlike p ± z·se)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def duel(case: Case, games: int, seconds: float) -> Tally:
    """Greedy against random bots in `case`: up to `games` games within `seconds`."""
    rules = kinds()[case.kind]
    tally = Tally()
    started = time.process_time()
    deadline = time.perf_counter() + seconds
    while tally.games < games and (tally.games == 0 or time.perf_counter() < deadline):
        greedy = tally.games % case.seats
        strategies = ["random"] * case.seats
        strategies[greedy] = "greedy"
        state, _ = play(rules, case.setup, strategies, game_seed(tally.games),
                        random.Random(tally.games))
        result = rules.result(state)
        assert result is not None
        tally.games += 1
        if greedy in result.winners:
            if len(result.winners) == 1:
                tally.wins += 1
            else:
                tally.ties += 1
        tally.greedy_score += result.scores[greedy]
        tally.random_score += sum(result.scores) - result.scores[greedy]
    tally.seconds = time.process_time() - started
    return tally


def duel_cases(kind: str | None, seats: int | None) -> Iterator[Case]:
    """Per kind, map and variant: the smallest seat count and 4 seats (or only `seats`)."""
    found = list(cases(kind, seats))
    for case in found:
        counts = sorted(c.seats for c in found
                        if (c.kind, c.map, c.variant) == (case.kind, case.map, case.variant))
        if seats is not None or case.seats in (counts[0], 4):
            yield case


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=200, help="games per case")
    parser.add_argument("--seconds", type=float, default=60.0, help="time cap per case")
    parser.add_argument("--kind", help="only this game kind")
    parser.add_argument("--seats", type=int, help="only this seat count")
    args = parser.parse_args(argv)
    console = Console(width=None if os.isatty(1) else 132)
    table = Table(title="Greedy bot against random bots (seat rotated; 95 % Wilson interval)")
    for heading in ("kind", "map", "variant"):
        table.add_column(heading)
    for heading in ("seats", "games", "greedy won", "95% CI", "ties", "1/seats",
                    "greedy score", "random score", "ms/game"):
        table.add_column(heading, justify="right")
    for case in duel_cases(args.kind, args.seats):
        t = duel(case, args.games, args.seconds)
        low, high = wilson(t.wins, t.games)
        opponents = t.games * (case.seats - 1)
        table.add_row(
            case.kind, case.map or "-", case.variant or "-", str(case.seats), str(t.games),
            f"{t.wins / t.games:.1%}", f"{low:.0%}-{high:.0%}", str(t.ties),
            f"{1 / case.seats:.0%}", f"{t.greedy_score / t.games:.0f}",
            f"{t.random_score / opponents:.0f}", f"{1000 * t.seconds / t.games:.0f}",
        )
        console.print(f"{case.label}: {t.wins}/{t.games} won", highlight=False)
    console.print(table)


if __name__ == "__main__":
    main()
