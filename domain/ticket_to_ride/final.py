"""The final account of every seat (§9), computed from a state with helper scoring."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.goals import goals_won
from domain.ticket_to_ride.mapfile import STATIONS
from domain.ticket_to_ride.ruleset import stations_built
from domain.ticket_to_ride.scoring import (
    TieBreak,
    longest_path,
    score_tickets,
    tour_in_order,
    winners,
)
from domain.ticket_to_ride.state import FinalScore, GameState, PlayerState
from domain.ticket_to_ride.terms import TERMS

#: the tie-breaks a map may add to Europe's, with each seat's measure (higher is better)
MEASURES: Mapping[TieBreak, Callable[[Board, GameState], list[int]]] = {
    "most-goal-cards-won": goals_won,
}


def final_scores(
    board: Board, state: GameState, forfeited: int | None = None
) -> tuple[list[FinalScore], list[int]]:
    """Each seat's `FinalScore` and the winning seats, from the board as it stands
    (a seat that `forfeited` is scored but never wins).

    Route points are those scored during play. Tickets use the seat's own
    routes plus one opponent route per station, chosen to the seat's best
    advantage (§7.2). The longest-path bonus goes to every seat whose path is
    the longest; a seat with no route has no path and never gets it. Tours
    (Rails & Sails) score by the order their cities are joined in. The
    map's own terms (`Ruleset.bonus_terms`) follow, by name.
    """
    rules = state.rules
    a, b, length = board.route_a, board.route_b, board.route_length
    owner = state.route_owner
    claimed = [r for r in range(len(owner)) if owner[r] >= 0]
    paths = [
        longest_path([(a[r], b[r], length[r]) for r in player.routes]) for player in state.players
    ]
    best = max(paths)
    bonuses = {name: TERMS[name](board, state) for name in rules.bonus_terms}
    scores: list[FinalScore] = []
    for seat, player in enumerate(state.players):
        tickets = score_tickets(
            [(*board.ticket_cities[t], board.ticket_points[t]) for t in player.tickets],
            [(a[r], b[r]) for r in player.routes],
            [city for city, at in enumerate(state.station_owner) if at == seat],
            [(r, a[r], b[r]) for r in claimed if owner[r] != seat],
        )
        ticket_points = tickets.points + _tour_terms(board, player, tickets.completed)
        express = rules.longest_path_bonus > 0 and best > 0 and paths[seat] == best
        station_bonus = player.pieces[STATIONS] * rules.station_bonus
        express_bonus = rules.longest_path_bonus if express else 0
        own = {name: points[seat] for name, points in bonuses.items()}
        scores.append(
            FinalScore(
                routes=player.score,
                tickets=ticket_points,
                completed=tickets.completed,
                borrowed=tickets.borrowed,
                station_bonus=station_bonus,
                longest_path=paths[seat],
                express=express,
                express_bonus=express_bonus,
                total=player.score + ticket_points + station_bonus + express_bonus
                + sum(own.values()),
                bonuses=own,
            )
        )
    won = winners(
        [s.total for s in scores],
        [sum(s.completed) for s in scores],
        [stations_built(rules, p.pieces[STATIONS]) for p in state.players],
        [s.express for s in scores],
        rules.tie_breaks,
        forfeited,
        {name: MEASURES[name](board, state) for name in rules.tie_breaks if name in MEASURES},
    )
    return scores, won


def _tour_terms(board: Board, player: PlayerState, completed: tuple[bool, ...]) -> int:
    """What a player's tours score beyond ``+points`` joined and ``-points`` not (Rails &
    Sails §5.2): joined out of order, ``points_any_order`` instead; not joined, the
    ``penalty`` instead. 0 on maps without tours."""
    change = 0
    a, b = board.route_a, board.route_b
    for ticket, done in zip(player.tickets, completed, strict=True):
        any_order, penalty = board.ticket_any_order[ticket], board.ticket_penalty[ticket]
        points = board.ticket_points[ticket]
        if done and any_order is not None and not tour_in_order(
            board.ticket_cities[ticket], [(a[r], b[r]) for r in player.routes]
        ):
            change += any_order - points
        elif not done and penalty is not None:
            change += points - penalty
    return change
