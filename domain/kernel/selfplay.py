"""Random legal self-play through the decider protocol alone.

Used by the property tests (every game, every player count), by the engine
benchmark and by the demo command. The chooser is an explicit
`random.Random`, never the global one, so a failing game is reproducible from
its two seeds.
"""

from __future__ import annotations

import random
from typing import Any

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed


def play_random_game(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    seed: Seed,
    chooser: random.Random,
    max_commands: int = 100_000,
) -> tuple[Any, list[Any]]:
    """Play one game to its end choosing uniformly among legal moves.

    Returns the final state and the full event log. Raises `RuntimeError` if the
    game has not ended after `max_commands` commands (a liveness bug).
    """
    log = rules.start(setup, seed)
    state: Any = None
    for event in log:
        state = rules.evolve(state, event)
    for _ in range(max_commands):
        seats = rules.to_act(state)
        if not seats:
            return state, log
        seat = seats[0] if len(seats) == 1 else chooser.choice(seats)
        moves = rules.legal_moves(state, seat)
        events = rules.decide(state, seat, chooser.choice(moves).command, seed)
        for event in events:
            state = rules.evolve(state, event)
        log.extend(events)
    raise RuntimeError(f"game not finished after {max_commands} commands")
