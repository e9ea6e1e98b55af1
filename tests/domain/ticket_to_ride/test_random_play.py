"""Random legal play finishes games on every Europe variant (Europe rules.md §8, §11: a
liveness check).

The invariants of such games are checked event by event in `test_properties.py`; here
a few fixed games just have to end with a result that reveals the seed, and replaying
their log must rebuild the same state.
"""

from __future__ import annotations

import random

import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride import RULES


@pytest.mark.parametrize("variant", ["standard", "europa-1912", "mega-europe", "big-cities"])
@pytest.mark.parametrize("seats", [2, 5])
def test_random_game_ends_and_replays(variant: str, seats: int) -> None:
    seed = Seed(bytes([seats]) * 32)
    state, log = play_random_game(
        RULES, Setup(seats, "europe", variant), seed, random.Random(variant)
    )
    result = RULES.result(state)
    assert result is not None and len(result.scores) == seats and result.winners
    assert RULES.to_act(state) == []
    replayed = None
    for event in log:
        replayed = RULES.evolve(replayed, event)
    assert replayed == state
    assert log[-1].seed == seed.hex
