"""Deciding: a command from a seat becomes events, or a `RuleViolation`.

`decide` only reads the state; it dispatches the command to the part of the game that
owns it (`hooks.Engine`): before the first turn a setup choice, during a turn the one
pending decision if there is one, else a turn's action. A command of a feature the map
does not combine is refused as that feature says (`hooks.Feature.absent`).
"""

from __future__ import annotations

from domain.kernel.errors import wire_name
from domain.kernel.rng import Seed
from domain.ticket_to_ride.commands import Command
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.turn import Turn


def decide(engine: Engine, state: GameState, seat: int, command: Command, seed: Seed
           ) -> list[Event]:
    """The events `command` from `seat` causes now, or raise `RuleViolation`."""
    if state.phase == "finished":
        raise refuse("game-over", "the game has ended", "§8")
    if not 0 <= seat < state.seats:
        raise refuse("no-such-seat", f"seat {seat} is not in this game", "§2")
    turn = Turn(engine, state, seed)
    kind = type(command)
    if state.phase == "choosing-tickets":
        handler = engine.setup_commands.get(kind)
        if handler is not None:
            return handler(turn, seat, command)
        refusal = engine.absent_setup.get(kind)
        if refusal is not None:
            raise refuse(*refusal)
        raise refuse("choose-tickets-first", "every player first chooses tickets", "§2.7")
    if seat != state.current:
        raise refuse("not-your-turn", f"it is seat {state.current}'s turn", "§3",
                     to_act=[state.current])
    pending = state.pending
    if pending is not None:
        return engine.decisions[type(pending)](turn, seat, pending, command)
    handler = engine.turn_commands.get(kind)
    if handler is not None:
        return handler(turn, seat, command)
    refusal = engine.absent_turn.get(kind)
    if refusal is not None:
        raise refuse(*refusal)
    raise refuse("not-now", f"{wire_name(command)!r} is not possible now", "§3")
