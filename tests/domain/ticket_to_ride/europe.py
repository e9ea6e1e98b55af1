"""What the Europe rule tests share, on top of `handmade`: the routes and tickets they
name, what a seat's legal moves offer, drawing two blind cards, and playing a game's
last turn to its end.

The Europe files (`test_claims.py`, `test_draws.py`, `test_turns.py`,
`test_end_of_game.py`, ...) state their situations with `handmade.make_state`; these
helpers only read the legal moves or play ordinary commands through `handmade.play`.
"""

from __future__ import annotations

from typing import Any

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import (
    ChooseTickets,
    KeepTickets,
)
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import GameEnded
from domain.ticket_to_ride.rules import TicketToRideRules
from domain.ticket_to_ride.state import GameState

from .handmade import draw_two, route, ticket

AMSTERDAM_ESSEN = route("amsterdam", "essen")  # 3 spaces, yellow
KYIV_WILNO = route("kyiv", "wilno")  # 2 spaces, gray
MADRID_PAMPLONA_BLACK = route("madrid", "pamplona", "black")  # tunnel, 3 spaces
PARIS_ZURICH = route("paris", "zurich")  # gray tunnel, 3 spaces
#: a double route (§5.5)
PARIS_FRANKFURT_WHITE = route("frankfurt", "paris", "white")
PARIS_FRANKFURT_ORANGE = route("frankfurt", "paris", "orange")
#: Amsterdam to Pamplona (a 7-point ticket) through Bruxelles and Paris: 1 + 2 + 4 spaces
AMSTERDAM_BRUXELLES = route("amsterdam", "bruxelles")
BRUXELLES_PARIS_YELLOW = route("bruxelles", "paris", "yellow")
PARIS_PAMPLONA_BLUE = route("pamplona", "paris", "blue")
AMSTERDAM_PAMPLONA = ticket("amsterdam", "pamplona")




def entries(state: GameState, kind: type, seat: int = 0) -> list[Move]:
    """`seat`'s legal entries whose command is a `kind`."""
    return [m for m in RULES.legal_moves(state, seat) if isinstance(m.command, kind)]




def keeps(state: GameState, seat: int = 0) -> list[list[int]]:
    """The tickets each of `seat`'s ticket-choice entries keeps (at setup or in play)."""
    return [m.command.keep for m in RULES.legal_moves(state, seat)
            if isinstance(m.command, ChooseTickets | KeepTickets)]




def last_turn(state: GameState, rules: TicketToRideRules = RULES) -> GameEnded:
    """The seat to move plays the game's last turn by drawing two blind cards; the
    game's end, which the turn's events must close with."""
    state.turns_left = 1
    events, state = draw_two(state, state.current, rules)
    ended: Any = events[-1]
    assert isinstance(ended, GameEnded) and state.phase == "finished"
    return ended
