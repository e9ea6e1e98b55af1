"""Evolving: one recorded event applied to the state, in place.

Total and deterministic: every random outcome comes from the event (its shuffles);
card movements re-run the `cardflow` procedures `decide` used, with the recorded
shuffles in place of the generator. Each event type is applied by the part of the
game that owns it (`hooks.Feature.appliers`); the opening builds the state.
"""

from __future__ import annotations

from domain.ticket_to_ride.events import Event, GameStarted
from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.opening import start_state
from domain.ticket_to_ride.state import GameState


def evolve(engine: Engine, state: GameState | None, event: Event) -> GameState:
    """Apply `event` to `state` in place (the opening builds a new state) and return it."""
    if isinstance(event, GameStarted):
        return start_state(engine, event)
    if state is None:
        raise ValueError("a game's first event is game-started")
    engine.apply(state, event)
    return state
