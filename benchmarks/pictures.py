"""Board-picture benchmark: milliseconds to draw ``board.svg`` of a finished game.

Run from the repository root::

    .venv/bin/python -m benchmarks.pictures                  # 5-seat Europe and 6-seat Colt Express
    .venv/bin/python -m benchmarks.pictures --games 5 --renders 200

It plays ``--games`` random legal games of each case to the end (fixed seeds) and
draws each final state ``--renders`` times with the kind's ``board_svg``, the
work of one ``GET /games/{id}/board.svg`` past loading the game. It prints the
median and the 95th percentile per drawing, in CPU milliseconds of this
process; the target for a finished 5-seat Europe game is 20 ms. Not a test:
nothing is asserted; figures are printed.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from typing import Any

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.registry import kinds

CASES = [("ticket-to-ride", Setup(5, "europe", "standard")), ("colt-express", Setup(6))]


def drawing_times(kind: str, setup: Setup, games: int, renders: int) -> list[float]:
    """CPU milliseconds of each drawing of each finished game."""
    rules: Any = kinds()[kind]
    times = []
    for game in range(games):
        name = f"{kind}/{setup.seats}/{game}"
        seed = Seed(hashlib.sha256(name.encode()).digest())
        state, _ = play_random_game(rules, setup, seed, random.Random(name))
        rules.board_svg(state)  # warm: the map's layout is computed once per process
        for _ in range(renders):
            began = time.process_time()
            rules.board_svg(state)
            times.append((time.process_time() - began) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--renders", type=int, default=100)
    arguments = parser.parse_args()
    for kind, setup in CASES:
        times = sorted(drawing_times(kind, setup, arguments.games, arguments.renders))
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{kind} {setup.map or '-'} {setup.seats} seats, finished: "
              f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms "
              f"({len(times)} drawings)")


if __name__ == "__main__":
    main()
