"""Random play for tests: every setup a kind accepts at its extreme seat counts, and a
game state reached by random legal moves, for tests that need one mid-game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup, VariantDescriptor
from domain.kernel.rng import Seed
from domain.registry import kinds


def _accepts(rules: GameRules[Any, Any, Any], setup: Setup) -> bool:
    try:
        rules.check_setup(setup)
    except RuleViolation:
        return False
    return True


def extreme_setups() -> list[tuple[str, Setup]]:
    """Each registered kind's maps and variants at their extreme seat counts, as
    `check_setup` allows, with the kind's id."""
    found = []
    for name, rules in sorted(kinds().items()):
        d = rules.descriptor
        boards: list[tuple[str | None, int, int, list[VariantDescriptor]]] = [
            (m.id, m.min_seats, m.max_seats, m.variants) for m in d.maps
        ] or [(None, d.min_seats, d.max_seats, d.variants)]
        for map_id, low, high, variants in boards:
            for seats in sorted({low, high}):
                setups = [Setup(seats, map_id, v.id) for v in variants]
                playable = [s for s in setups if _accepts(rules, s)]
                if not playable and _accepts(rules, Setup(seats, map_id)):
                    playable = [Setup(seats, map_id)]
                found += [(name, setup) for setup in playable]
    return found


def each_extreme_setup() -> pytest.MarkDecorator:
    """Parametrize a test's ``kind`` and ``setup`` by `extreme_setups`, each named for
    its kind or its map, variant and seat count."""
    return pytest.mark.parametrize(
        ("kind", "setup"),
        extreme_setups(),
        ids=lambda x: x if isinstance(x, str) else f"{x.map or ''}{x.variant or ''}{x.seats}",
    )


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
