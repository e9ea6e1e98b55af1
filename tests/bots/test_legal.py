"""Bots only ever answer with one of the listed legal commands, in every kind, map,
variant and seat count, from whatever state random and greedy play lead to."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bots
from benchmarks.engine import Case, cases
from bots.seat import command_for, material_data
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_game
from domain.registry import kinds

CASES = list(cases())


def _checked_policy(case: Case, strategies: list[str], rng: random.Random) -> Any:
    """Each seat's bot, asked with the data a client has; its answer must be listed."""
    rules = kinds()[case.kind]
    material = material_data(rules, case.setup)

    def policy(state: Any, seat: int, moves: list[Any]) -> Any:
        listed = msgspec.to_builtins(moves)
        view = msgspec.to_builtins(rules.private_view(state, seat))
        chosen = bots.choose(case.kind, strategies[seat], view, listed, material, rng)
        commands = [entry["command"] for entry in listed]
        assert chosen in commands, (strategies[seat], chosen)
        return moves[commands.index(chosen)].command

    return policy


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=st.sampled_from(CASES),
    seats=st.lists(st.sampled_from(bots.STRATEGIES), min_size=6, max_size=6),
    number=st.integers(0, 2**32),
)
def test_bots_answer_only_listed_commands_to_the_end(
    case: Case, seats: list[str], number: int
) -> None:
    rules = kinds()[case.kind]
    strategies = seats[: case.seats]
    seed = Seed(hashlib.sha256(number.to_bytes(8, "big")).digest())
    rng = random.Random(number)
    state, _ = play_game(rules, case.setup, seed, _checked_policy(case, strategies, rng), rng,
                         max_commands=20_000)
    assert rules.result(state) is not None


def test_command_for_refuses_a_command_that_is_not_listed() -> None:
    rules = kinds()["colt-express"]
    case = Case("colt-express", None, None, 3)
    state: Any = None
    for event in rules.start(case.setup, Seed(bytes(32))):
        state = rules.evolve(state, event)
    seat = rules.to_act(state)[0]
    material = material_data(rules, case.setup)
    moves = rules.legal_moves(state, seat)
    command = command_for(rules, state, seat, "greedy", material, random.Random(0), moves)
    assert command in [m.command for m in moves]
    with pytest.raises(ValueError, match="no legal move"):
        command_for(rules, state, (seat + 1) % 3, "greedy", material, random.Random(0))


@pytest.mark.parametrize(
    ("kind", "strategy", "message"),
    [("colt-express", "clever", "unknown strategy"), ("chess", "greedy", "no greedy bot")],
)
def test_unknown_kind_or_strategy_is_refused(kind: str, strategy: str, message: str) -> None:
    moves = [{"command": {"type": "pass"}}]
    with pytest.raises(ValueError, match=message):
        bots.choose(kind, strategy, {}, moves, {}, random.Random(0))


def test_no_legal_move_is_refused() -> None:
    with pytest.raises(ValueError, match="not to act"):
        bots.choose("ticket-to-ride", "random", {}, [], {}, random.Random(0))
