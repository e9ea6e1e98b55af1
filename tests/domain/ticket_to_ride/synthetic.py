"""A made-up map exercising what Europe does not: the proof the engine's seams hold.

``maps/synthetic.json`` has a triple route (one track usable at 2 seats, two
at 3, three at 4), double routes, ferries paid with Locomotives or pairs
(``ferry_pairs``), routes with doubled spaces, tunnels, tickets of three
cities, its own tie-break order and a second piece kind: three routes
are laid with ships, and the end is triggered by trains and ships together.
`RULES` plays it through the same engine as the shipped maps; it is never
listed by `/kinds`.
"""

from __future__ import annotations

from pathlib import Path

from domain.ticket_to_ride.board import board_from_map
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.rules import TicketToRideRules

PATH = Path(__file__).with_name("maps") / "synthetic.json"
BOARD = board_from_map(decode_map(str(PATH), PATH.read_bytes()))
RULES = TicketToRideRules({BOARD.id: BOARD})
