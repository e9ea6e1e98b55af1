"""Legal self-play through the decider protocol alone.

`play_game` plays one game to its end, asking a policy for each seat's
command; `play_random_game` is the uniform random policy. `random_commands` is
uniform random play one command at a time, for callers that keep each command
(the audit tests' logs, the statistics benchmark). Used by the property
tests (every game, every player count), by the engine and bot benchmarks and
by the demo command. Choices come from an explicit `random.Random`, never the
global one, so a failing game is reproducible from its two seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed

#: ``policy(state, seat, legal_moves) -> command``: one of the moves' commands
Policy = Callable[[Any, int, list[Any]], Any]


def play_game(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    seed: Seed,
    policy: Policy,
    chooser: random.Random,
    max_commands: int = 100_000,
) -> tuple[Any, list[Any]]:
    """Play one game to its end, `policy` choosing each command.

    When several seats may act at once, `chooser` picks which goes first.
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
        command = policy(state, seat, rules.legal_moves(state, seat))
        events = rules.decide(state, seat, command, seed)
        for event in events:
            state = rules.evolve(state, event)
        log.extend(events)
    raise RuntimeError(f"game not finished after {max_commands} commands")


def play_random_game(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    seed: Seed,
    chooser: random.Random,
    max_commands: int = 100_000,
) -> tuple[Any, list[Any]]:
    """Play one game to its end choosing uniformly among legal moves (see `play_game`)."""

    def uniform(_state: Any, _seat: int, moves: list[Any]) -> Any:
        return chooser.choice(moves).command

    return play_game(rules, setup, seed, uniform, chooser, max_commands)


def random_commands(
    rules: GameRules[Any, Any, Any], state: Any, seed: Seed, chooser: random.Random,
) -> Iterator[tuple[int, Any, list[Any]]]:
    """From `state` to the end, uniformly random legal commands: each one's seat, the
    command and its events.

    `chooser` picks the seat among all who may act (even when there is one) and
    then the move, so a caller's games depend on its chooser's seed alone.
    """
    while seats := rules.to_act(state):
        seat = chooser.choice(seats)
        command = chooser.choice(rules.legal_moves(state, seat)).command
        events = rules.decide(state, seat, command, seed)
        for event in events:
            state = rules.evolve(state, event)
        yield seat, command, events
