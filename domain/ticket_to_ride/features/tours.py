"""Tours (Rails & Sails §5.2): tickets of three or more cities scored by the order joined.

A tour joined in its printed order (or the exact reverse: a path of the player's own
routes using none twice, `scoring.tour_in_order`) scores its points; joined in any
other order, its ``points_any_order``; not joined, it loses its ``penalty``. The
account counts tours with the tickets (`FinalScore.tickets`); the score sheet shows
them as their own term, ``tours``, which the tickets term then leaves out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from domain.kernel.scores import ScoreTerm
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.scoring import TicketScore, tour_in_order
from domain.ticket_to_ride.state import FinalScore, GameState, PlayerState


def _tours(engine: Engine, player: PlayerState, completed: Sequence[bool],
           borrowed: Sequence[int | None]) -> Iterator[tuple[int, int]]:
    """Each tour the player holds: what it scores, and what it would as a plain ticket
    (``+points`` joined, ``-points`` not). On a map with stations, the routes its
    stations borrow for its tickets are its own here too."""
    board = engine.board
    a, b = board.route_a, board.route_b
    routes = [*player.routes, *(r for r in borrowed if r is not None)]
    for ticket, done in zip(player.tickets, completed, strict=True):
        any_order, penalty = board.ticket_any_order[ticket], board.ticket_penalty[ticket]
        if any_order is None or penalty is None:
            continue
        points = board.ticket_points[ticket]
        if not done:
            yield -penalty, -points
        elif tour_in_order(board.ticket_cities[ticket], [(a[r], b[r]) for r in routes]):
            yield points, points
        else:
            yield any_order, points


def tour_points(engine: Engine, player: PlayerState, tickets: TicketScore) -> int:
    """What a player's tours score beyond ``+points`` joined and ``-points`` not."""
    return sum(scored - plain for scored, plain in
               _tours(engine, player, tickets.completed, tickets.borrowed))


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``tours``: what each seat's tours scored (§5.2), out of its tickets."""
    lines = []
    for player, score in zip(state.players, scores, strict=True):
        tours = sum(scored for scored, _ in
                    _tours(engine, player, score.completed, score.borrowed))
        lines.append(Lines((ScoreTerm("tours", tours, "§5.2"),), within={"tickets": tours}))
    return lines


TOURS = Feature(name="tours", ticket_points=tour_points, sheet=sheet)
