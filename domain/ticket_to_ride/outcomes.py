"""What became of each route and ticket in a finished game (`domain.kernel.outcomes`).

A route is ``claimed`` (by anyone); a ticket is ``kept`` (held at the end by a
seat, counted once per seat that held it) and ``completed`` when that seat's
network joined its cities (§6). Everything here is public once the game has ended.
"""

from __future__ import annotations

from domain.kernel.outcomes import Outcome
from domain.ticket_to_ride.state import GameState


def outcomes(state: GameState) -> list[Outcome]:
    """The routes claimed and the tickets kept and completed (empty before the end)."""
    if state.final is None:
        return []
    found = [Outcome("route", str(route), "claimed")
             for route, owner in enumerate(state.route_owner) if owner >= 0]
    for player, final in zip(state.players, state.final, strict=True):
        for ticket, completed in zip(player.tickets, final.completed, strict=True):
            found.append(Outcome("ticket", str(ticket), "kept"))
            if completed:
                found.append(Outcome("ticket", str(ticket), "completed"))
    return found
