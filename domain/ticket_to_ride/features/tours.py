"""Tours (Rails & Sails §5.2): tickets of three or more cities scored by the order joined.

A tour joined in its printed order (or the exact reverse: a path of the player's own
routes using none twice, `scoring.tour_in_order`) scores its points; joined in any
other order, its ``points_any_order``; not joined, it loses its ``penalty``.
"""

from __future__ import annotations

from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.scoring import TicketScore, tour_in_order
from domain.ticket_to_ride.state import PlayerState


def tour_points(engine: Engine, player: PlayerState, tickets: TicketScore) -> int:
    """What a player's tours score beyond ``+points`` joined and ``-points`` not. On a map
    with stations, the routes its stations borrow for its tickets are its own here too."""
    board = engine.board
    change = 0
    a, b = board.route_a, board.route_b
    routes = [*player.routes, *(r for r in tickets.borrowed if r is not None)]
    for ticket, done in zip(player.tickets, tickets.completed, strict=True):
        any_order, penalty = board.ticket_any_order[ticket], board.ticket_penalty[ticket]
        points = board.ticket_points[ticket]
        if done and any_order is not None and not tour_in_order(
            board.ticket_cities[ticket], [(a[r], b[r]) for r in routes]
        ):
            change += any_order - points
        elif not done and penalty is not None:
            change += points - penalty
    return change


TOURS = Feature(name="tours", ticket_points=tour_points)
