"""Passing (§3 Resolved): allowed only when none of a turn's actions is possible.

When every seat has passed in a row nothing can ever change again, so the game ends
and is scored (`turn.finish`, reason ``all-passed``; an engine safeguard, not a
printed rule).
"""

from __future__ import annotations

from domain.ticket_to_ride.commands import Pass
from domain.ticket_to_ride.events import Event, Passed
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.moves import turn_moves
from domain.ticket_to_ride.redaction import public
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.turn import Turn, end_turn, finish


def pass_turn(turn: Turn, seat: int, command: Pass) -> list[Event]:
    if turn_moves(turn.engine, turn.state, seat):
        raise refuse("cannot-pass", "you may pass only when no action is possible", "§3")
    return finish(turn, [Passed(seat)])


def passed(engine: Engine, state: GameState, event: Passed) -> None:
    state.passes += 1
    end_turn(engine, state)


PASSING = Feature(
    name="passing",
    refusals=(("cannot-pass", "§3"),),
    turn_commands={Pass: pass_turn},
    appliers={Passed: passed},
    redactions={Passed: public},
)
