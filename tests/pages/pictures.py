"""Game states for the board-picture tests and benchmark: seeded, so always the same.

A state is reached by the decider protocol alone: the opening from a fixed seed,
then `commands` uniformly random legal commands chosen by a seeded generator
(None: to the end). The same arguments give the same state on every machine.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.registry import kinds


def seed_of(name: str) -> Seed:
    return Seed(hashlib.sha256(name.encode()).digest())


def state_after(kind: str, setup: Setup, commands: int | None, name: str) -> Any:
    """`kind` set up as `setup`, after `commands` random legal commands (None: to the end)."""
    rules: GameRules[Any, Any, Any] = kinds()[kind]
    seed = seed_of(name)
    chooser = random.Random(name)
    state: Any = None
    for event in rules.start(setup, seed):
        state = rules.evolve(state, event)
    played = 0
    while (commands is None or played < commands) and rules.to_act(state):
        seats = rules.to_act(state)
        seat = seats[0] if len(seats) == 1 else chooser.choice(seats)
        command = chooser.choice(rules.legal_moves(state, seat)).command
        for event in rules.decide(state, seat, command, seed):
            state = rules.evolve(state, event)
        played += 1
    return state
