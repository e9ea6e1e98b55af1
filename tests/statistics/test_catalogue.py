"""Every figure a kind can give is in its catalogue, and docs/game-statistics.md names each."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.colt_express import statistics as colt_express
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.registry import kinds
from domain.ticket_to_ride import statistics as ticket_to_ride

DOCS = (Path(__file__).parents[2] / "docs" / "game-statistics.md").read_text()
CATALOGUES = {
    "ticket-to-ride": {**ticket_to_ride.SEAT_FIGURES, **ticket_to_ride.END_FIGURES,
                       **{n: d for f in ticket_to_ride.FEATURE_FIGURES.values()
                          for n, d in f.items()}},
    "colt-express": {**colt_express.SEAT_FIGURES, **colt_express.END_FIGURES},
}
GAME_CATALOGUES = {"ticket-to-ride": ticket_to_ride.GAME_FIGURES,
                   "colt-express": colt_express.GAME_FIGURES}


@pytest.mark.parametrize(("kind", "setup"), [
    ("ticket-to-ride", Setup(3, "europe")), ("ticket-to-ride", Setup(3, "amsterdam")),
    ("ticket-to-ride", Setup(3, "northern-lights")), ("ticket-to-ride", Setup(3, "world")),
    ("colt-express", Setup(2)), ("colt-express", Setup(4)),
])
def test_every_figure_given_is_catalogued_and_documented(kind: str, setup: Setup) -> None:
    rules = kinds()[kind]
    final, log = play_random_game(rules, setup, Seed(bytes(range(32))), random.Random(3))
    counted = rules.statistics(setup, [[event] for event in log], final)
    given = {name for seat in counted.seats for name in seat.figures}
    assert given <= set(CATALOGUES[kind])
    assert set(counted.figures) == set(GAME_CATALOGUES[kind])
    for name in given | set(counted.figures):
        assert f"`{name}`" in DOCS, name
