"""The Rails & Sails World map (``maps/world.json``) and helpers for its rule tests."""

from __future__ import annotations

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import load_board
from domain.ticket_to_ride.state import GameState

BOARD = load_board("world")
SEED = Seed(bytes(range(32)))


def route(a: str, b: str, colour: str | None = None) -> int:
    """The route between two cities (of a colour, for a double route)."""
    ends = {BOARD.city_ids.index(a), BOARD.city_ids.index(b)}
    found = [
        r for r in range(len(BOARD.route_a))
        if {BOARD.route_a[r], BOARD.route_b[r]} == ends
        and (colour is None or BOARD.route_colour[r] == (
            -1 if colour == "gray" else BOARD.colours.index(colour)))
    ]
    assert len(found) == 1, (a, b, colour, found)
    return found[0]


def playing(seats: int = 2, **hand: int) -> GameState:
    """A World game in play (tickets chosen, 20 trains and 40 ships each), seat 0 to move
    holding `hand` (by card name)."""
    state = None
    for event in RULES.start(Setup(seats, BOARD.id), SEED):
        state = RULES.evolve(state, event)
    assert state is not None
    while state.phase == "choosing-tickets":  # tickets, then the 20/40 piece split
        seat = RULES.to_act(state)[0]
        move = RULES.legal_moves(state, seat)[0]
        for event in RULES.decide(state, seat, move.command, SEED):
            state = RULES.evolve(state, event)
    state.current = 0
    state.pending = None
    counts = [0] * len(BOARD.card_names)
    for name, n in hand.items():
        counts[BOARD.card_at[name.replace("_", "-")]] = n
    state.players[0].hand = counts
    return state
