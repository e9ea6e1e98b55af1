"""The final account of every seat (§9): the core terms, then the map's features' own.

Core: route points scored during play, tickets (with a station's borrowed route, when
the map has stations), the station bonus, the longest path and its bonus where the
map has one, each worked out once (`tally`). Then each feature's hooks, reading the
same tally: ``ticket_points`` (a tour scores by the order its cities are joined),
``terms`` (goods, goal cards, harbors: `FinalScore.bonuses` by name) and
``tie_breaks`` measures.
"""

from __future__ import annotations

from domain.ticket_to_ride.board import STATIONS, Board
from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.ruleset import stations_built
from domain.ticket_to_ride.scoring import Tally, longest_path, score_tickets, winners
from domain.ticket_to_ride.state import FinalScore, GameState


def final_scores(
    engine: Engine, state: GameState, forfeited: int | None = None
) -> tuple[list[FinalScore], list[int]]:
    """Each seat's `FinalScore` and the winning seats, from the board as it stands
    (a seat that `forfeited` is scored but never wins).

    Tickets use the seat's own routes plus one opponent route per station, chosen to
    the seat's best advantage (§7.2). The longest-path bonus goes to every seat whose
    path is the longest; a seat with no route has no path and never gets it.
    """
    board, rules = engine.board, state.rules
    counted = tally(board, state)
    paths = counted.paths
    best = max(paths)
    bonus_points = 0 if rules.features.longest_path is None else rules.features.longest_path.bonus
    station_points = 0 if rules.features.stations is None else rules.features.stations.bonus
    bonuses: dict[str, list[int]] = {}
    for terms in engine.terms:
        bonuses.update(terms(engine, state, counted))
    scores: list[FinalScore] = []
    for seat, player in enumerate(state.players):
        tickets = counted.tickets[seat]
        ticket_points = tickets.points
        for change in engine.ticket_points:
            ticket_points += change(engine, player, tickets)
        express = bonus_points > 0 and best > 0 and paths[seat] == best
        station_bonus = player.pieces[STATIONS] * station_points
        express_bonus = bonus_points if express else 0
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
    tie_breaks = rules.core.winner.tie_breaks
    won = winners(
        [s.total for s in scores],
        [sum(s.completed) for s in scores],
        [stations_built(rules, p.pieces[STATIONS]) for p in state.players],
        [s.express for s in scores],
        tuple(tie_breaks),
        forfeited,
        {name: engine.tie_breaks[name](engine, state, counted) for name in tie_breaks
         if name in engine.tie_breaks},
    )
    return scores, won


def tally(board: Board, state: GameState) -> Tally:
    """Every seat's tickets scored (§6) with its own routes and, for each of its stations,
    one opponent route at the station's city, chosen to its best advantage (§7.2); the
    tickets that completes, which every other term counting completed tickets counts too
    (harbors, goal cards: on a map with stations, a ticket a borrowed route completes is
    completed for all); and its longest path (§9)."""
    a, b, length, owner = board.route_a, board.route_b, board.route_length, state.route_owner
    tickets = []
    for seat, player in enumerate(state.players):
        tickets.append(score_tickets(
            [(*board.ticket_cities[t], board.ticket_points[t]) for t in player.tickets],
            [(a[r], b[r]) for r in player.routes],
            [city for city, at in enumerate(state.station_owner) if at == seat],
            [(r, a[r], b[r]) for r in range(len(owner)) if owner[r] >= 0 and owner[r] != seat],
        ))
    return Tally(
        tickets=tuple(tickets),
        completed=tuple(
            tuple(t for t, done in zip(player.tickets, score.completed, strict=True) if done)
            for player, score in zip(state.players, tickets, strict=True)
        ),
        paths=tuple(longest_path([(a[r], b[r], length[r]) for r in player.routes])
                    for player in state.players),
    )
