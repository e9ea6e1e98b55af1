"""Bots playing seats in-process, through the domain protocol (no HTTP, no store).

`policy` turns bots into a `domain.kernel.selfplay.Policy`: at each decision
it gives the seat's bot exactly what a client would get over HTTP (the private
view, the legal moves and the material, as JSON-like data) and hands the
engine back the legal move whose command the bot chose. Used by the bot
benchmark and tests, and by anything in the service that lets a bot act for
a seat (a seated bot, a clock's takeover) through `command_for`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec

from bots import bot_for
from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import Policy, play_game


def command_for(
    rules: GameRules[Any, Any, Any],
    state: Any,
    seat: int,
    strategy: str,
    material: Mapping[str, Any],
    rng: random.Random,
    moves: list[Any] | None = None,
) -> Any:
    """The engine's command `strategy` plays for `seat` in `state`.

    `material` is ``msgspec.to_builtins(rules.material(setup))`` (see
    `material_data`); `moves` are the state's legal moves for the seat when the
    caller has them already. Raises `ValueError` when the seat has no legal
    move, or the bot answered with a command that is not one of them.
    """
    if moves is None:
        moves = rules.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    listed = msgspec.to_builtins(moves)
    view = msgspec.to_builtins(rules.private_view(state, seat))
    chosen = bot_for(rules.descriptor.kind, strategy)(view, listed, material, rng)
    for move, entry in zip(moves, listed, strict=True):
        if entry["command"] == chosen:
            return move.command
    raise ValueError(f"the {strategy} bot chose a command that is not legal: {chosen!r}")


def material_data(rules: GameRules[Any, Any, Any], setup: Setup) -> dict[str, Any]:
    """The material of `setup` as a client reads it from ``GET /games/{id}/material``."""
    data: dict[str, Any] = msgspec.to_builtins(rules.material(setup))
    return data


def policy(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    strategies: list[str],
    rng: random.Random,
) -> Policy:
    """A self-play policy where seat ``i`` is played by the ``strategies[i]`` bot."""
    material = material_data(rules, setup)

    def play(state: Any, seat: int, moves: list[Any]) -> Any:
        return command_for(rules, state, seat, strategies[seat], material, rng, moves)

    return play


def play(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    strategies: list[str],
    seed: Seed,
    rng: random.Random,
) -> tuple[Any, list[Any]]:
    """One whole game, seat ``i`` played by the ``strategies[i]`` bot: the final state and
    the log (`domain.kernel.selfplay.play_game`)."""
    return play_game(rules, setup, seed, policy(rules, setup, strategies, rng), rng)
