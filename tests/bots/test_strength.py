"""Greedy beats random clearly: a fixed set of in-process games per kind (deterministic).

Game ``i`` seats greedy at seat ``i % seats`` (the others random), with the
benchmark's seeds. The bar is far above chance: with a fair coin (a greedy bot
no better than random, 1/seats), 17 wins out of 20 two-seat games has a
probability of 0.1 %, and 15 out of 20 three-seat games (1/3 each) far less.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.bots import duel, wilson
from benchmarks.engine import Case, game_seed
from bots.seat import play
from domain.registry import kinds

GAMES = 20


@pytest.mark.parametrize(
    ("case", "least_wins"),
    [
        (Case("ticket-to-ride", "europe", "standard", 2), 17),
        (Case("ticket-to-ride", "europe", "mega-europe", 3), 15),
        (Case("colt-express", None, "two-player", 2), 17),
        (Case("colt-express", None, None, 3), 15),
    ],
    ids=lambda value: value.label if isinstance(value, Case) else str(value),
)
def test_greedy_beats_random(case: Case, least_wins: int) -> None:
    tally = duel(case, GAMES, seconds=120)
    assert tally.games == GAMES
    assert tally.wins >= least_wins, tally
    assert tally.greedy_score / GAMES > tally.random_score / (GAMES * (case.seats - 1))


def test_a_bot_game_is_reproducible_from_its_seeds() -> None:
    rules = kinds()["ticket-to-ride"]
    case = Case("ticket-to-ride", "europe", "standard", 2)
    logs = [play(rules, case.setup, ["greedy", "greedy"], game_seed(7), random.Random(7))[1]
            for _ in range(2)]
    assert logs[0] == logs[1]


def test_wilson_interval() -> None:
    low, high = wilson(180, 200)
    assert 0.85 < low < 0.86 and 0.93 < high < 0.94  # 90 % of 200: 85.1 %..93.4 %
    # never outside 0..1, and not degenerate at the edges (unlike p ± z·se)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), pytest.approx(1.0))
