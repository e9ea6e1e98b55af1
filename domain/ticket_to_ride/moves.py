"""Legal moves: what a seat may do now, each entry with a command the game accepts as it is.

At the start of a turn every part of the game lists its entries in the map's part
order (`hooks.Feature.turn_moves`: draws, claims, tickets, then the map's features);
a pending decision lists its own (`decision_moves`); before the first turn the setup
choices (`setup_moves`). With nothing to do at the start of a turn, the seat passes.
"""

from __future__ import annotations

from domain.ticket_to_ride.commands import Pass
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.state import GameState

PASS = Move(Pass())


def turn_moves(engine: Engine, state: GameState, seat: int) -> list[Move]:
    """Everything `seat` may do at the start of its turn (§3), without passing."""
    out: list[Move] = []
    for hook in engine.turn_moves:
        hook(engine, state, seat, out)
    return out


def legal_moves(engine: Engine, state: GameState, seat: int) -> list[Move]:
    """Everything `seat` may do now; empty when it is not this seat's move."""
    if not 0 <= seat < state.seats or state.phase == "finished":
        return []
    if state.phase == "choosing-tickets":
        player = state.players[seat]
        choices: list[Move] = []
        for hook in engine.setup_moves:
            choices += hook(engine, state, player)
        return choices
    if seat != state.current:
        return []
    pending = state.pending
    if pending is None:
        return turn_moves(engine, state, seat) or [PASS]
    return engine.decision_moves[type(pending)](engine, state, seat, pending)
