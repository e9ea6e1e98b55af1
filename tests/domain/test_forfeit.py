"""A forfeit ends the game now, scored as it stands (its score sheets adding up as at any
end), and the forfeiting seat never wins."""

from __future__ import annotations

import random

import pytest

from domain.colt_express.final import final_scores as colt_final_scores
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.registry import kinds
from domain.ticket_to_ride.final import final_scores as ttr_final_scores
from tests.domain.random_states import random_state
from tests.domain.sheets import check_sheets


@pytest.mark.parametrize(("kind", "setup", "moves"), [
    ("ticket-to-ride", Setup(seats=3, map="europe", variant="standard"), 60),
    ("colt-express", Setup(seats=4), 25),
])
def test_the_leader_forfeits_and_the_best_of_the_others_wins(
    kind: str, setup: Setup, moves: int
) -> None:
    rules = kinds()[kind]
    seed = Seed(bytes(range(32)))
    state = random_state(rules, setup, moves, seed, random.Random(kind))
    if kind == "ticket-to-ride":
        engine = rules.engines["europe"]  # type: ignore[attr-defined]
        totals = [s.total for s in ttr_final_scores(engine, state)[0]]
        leader = max(range(setup.seats), key=totals.__getitem__)
        expected = ttr_final_scores(engine, state, forfeited=leader)[1]
    else:
        totals, _, _ = colt_final_scores(state)
        leader = max(range(setup.seats), key=totals.__getitem__)
        expected = colt_final_scores(state, forfeited=leader)[1]
    events = rules.forfeit(state, leader, seed)
    for event in events:
        state = rules.evolve(state, event)
    result = rules.result(state)
    assert result is not None and rules.to_act(state) == []
    assert leader not in result.winners and result.winners == expected
    assert result.scores == totals
    check_sheets(result)
    best_other = max(totals[s] for s in range(setup.seats) if s != leader)
    assert all(totals[w] == best_other for w in result.winners)
    assert events[-1].seed == seed.hex  # the end reveals the seed, as always
