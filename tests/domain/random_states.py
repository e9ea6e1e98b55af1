"""A game state reached by random legal moves, for tests that need one mid-game."""

from __future__ import annotations

import random
from typing import Any

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed


def random_state(
    rules: GameRules[Any, Any, Any], setup: Setup, moves: int, seed: Seed,
    chooser: random.Random,
) -> Any:
    """The state after the opening and `moves` random legal commands."""
    state = None
    for event in rules.start(setup, seed):
        state = rules.evolve(state, event)
    for _ in range(moves):
        seat = chooser.choice(rules.to_act(state))
        command = chooser.choice(rules.legal_moves(state, seat)).command
        for event in rules.decide(state, seat, command, seed):
            state = rules.evolve(state, event)
    return state
