"""Ticket to Ride statistics of one game, counted from its events (`kernel.statistics`).

Board Game Arena's set for every map (turns, points from routes and tickets,
tickets completed and failed, train cards taken blind and face up, face-up
Locomotives, displays replaced after three Locomotives, ticket draws and tickets
kept, routes, trains, average route length, longest path), then each feature's
own figures on the maps that have it (`FEATURE_FIGURES`).

Counted from the fields a spectator sees, so that the same code serves the
redacted log before the end; the figures of `END_FIGURES` come from the final
accounts (`GameEnded`) and the final state, which exist only once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.kernel.statistics import KindStatistics, Number, ScorePoint, SeatStatistics, mean
from domain.ticket_to_ride.board import FERRY, Board
from domain.ticket_to_ride.events import (
    BlindDrawn,
    BonusCardsDrawn,
    CardDrawn,
    DisplayRefilled,
    Event,
    GameEnded,
    GameStarted,
    HarborBuilt,
    Passed,
    PiecesExchanged,
    RouteClaimed,
    SlotRefilled,
    StationBuilt,
    TicketsChosen,
    TicketsDrawn,
    TicketsKept,
    TunnelAttempted,
    TunnelWithdrawn,
)
from domain.ticket_to_ride.features.goal_cards import goal_winners
from domain.ticket_to_ride.scoring import tour_in_order
from domain.ticket_to_ride.state import FinalScore, GameState

#: the figures of every seat on every map, with what each counts
SEAT_FIGURES: dict[str, str] = {
    "turns": "turns played (a pass is a turn)",
    "route-points": "points scored by claiming routes (less any lost by exchanging pieces)",
    "routes-claimed": "routes claimed",
    "trains-played": "trains laid on the routes claimed",
    "average-route-length": "the mean length of the routes claimed (0: none)",
    "cards-blind": "train cards taken blind from the top of a deck",
    "cards-face-up": "train cards taken face up from the display",
    "locomotives-face-up": "Locomotives (wild cards) taken face up",
    "display-resets": "displays replaced after three face-up Locomotives, in the seat's turns",
    "ticket-draws": "times the seat drew tickets during the game",
    "tickets-kept-start": "tickets kept at the start",
    "tickets-kept-later": "tickets kept from the draws during the game",
    "tickets-returned": "tickets returned, at the start and later",
}
#: the figures a feature adds on the maps that have it
FEATURE_FIGURES: dict[str, dict[str, str]] = {
    "stations": {"stations-built": "stations built"},
    "tunnels": {
        "tunnels-attempted": "tunnel claims attempted (extra cards revealed)",
        "tunnels-abandoned": "tunnel claims given up rather than pay the extra cards",
    },
    "goods": {"goods-taken": "goods cards taken with the routes claimed"},
    "pair_ferries": {
        "ferries-paid-with-pairs": "ferries claimed paying a pair of cards for a Locomotive",
        "ferry-pairs": "pairs of cards paid for ferry Locomotive symbols",
    },
    "bonus_draws": {"bonus-cards-drawn": "train cards drawn blind after claiming +X routes"},
    "goal_cards": {"goal-cards-won": "goal cards won at the end"},
    "sea_routes": {"ships-played": "ships laid on the sea routes claimed"},
    "harbors": {"harbors-built": "harbors built"},
    "piece_split": {
        "pieces-exchanged": "pieces exchanged for the reserve's other kind",
        "exchange-points": "points lost exchanging pieces",
    },
    "tours": {"tours-in-order": "tours completed joining their cities in their printed order"},
}
#: the figures that need hidden facts, given only once the game has ended: these, and
#: the features' that are worked out at the end
END_FIGURES: dict[str, str] = {
    "points": "the final score",
    "ticket-points": "points won and lost with tickets",
    "tickets-completed": "tickets completed",
    "tickets-failed": "tickets not completed",
    "ticket-points-lost": "points lost with the tickets not completed",
    "longest-path": "the length of the seat's longest continuous path",
}
_FEATURE_END_FIGURES = frozenset({"goal-cards-won", "tours-in-order"})
#: the game's own figures
GAME_FIGURES: dict[str, str] = {
    "turns": "turns played by all seats",
    "display-resets": "displays replaced after three face-up Locomotives",
}

#: the events a seat's turn is made of (the choices at the start are not turns)
_TURN_EVENTS = (CardDrawn, BlindDrawn, SlotRefilled, TunnelAttempted, RouteClaimed,
                BonusCardsDrawn, TunnelWithdrawn, TicketsDrawn, TicketsKept, StationBuilt,
                HarborBuilt, PiecesExchanged, Passed)


def features_of(board: Board) -> list[str]:
    """The features of `board` that add figures (`FEATURE_FIGURES`' keys): ferries count
    pairs only where a pair may pay a Locomotive symbol."""
    features = board.map.features
    found = [name for name in FEATURE_FIGURES if getattr(features, name, None) is not None]
    if features.ferries is not None and features.ferries.paid_with == "locomotives-or-pairs":
        found.append("pair_ferries")
    return found


class _Count:
    """The running count over the log: one figure table per seat, and the game's."""

    def __init__(self, board: Board, seats: int) -> None:
        self.board = board
        names = list(SEAT_FIGURES)
        for feature in features_of(board):
            names += [name for name in FEATURE_FIGURES[feature]
                      if name not in _FEATURE_END_FIGURES]
        self.seats: list[dict[str, Number]] = [dict.fromkeys(names, 0) for _ in range(seats)]
        self.routes: list[list[int]] = [[] for _ in range(seats)]
        self.lengths = [0] * seats
        self.scores = [0] * seats
        self.turns = 0
        self.resets = 0
        self.current = -1  # the seat whose turn it is, -1 before the first turn
        self.wild = board.card_names[board.locomotive]

    def step(self, event: Event) -> None:
        """Count one event."""
        if isinstance(event, _TURN_EVENTS) and event.seat != self.current:
            self.current = event.seat
            self.turns += 1
            self.seats[event.seat]["turns"] += 1
        if isinstance(event, GameStarted | GameEnded | TicketsChosen):
            if isinstance(event, TicketsChosen):
                self.add(event.seat, "tickets-kept-start", event.count)
                self.add(event.seat, "tickets-returned", event.returned)
            return
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    def add(self, seat: int, name: str, amount: int = 1) -> None:
        """Count `amount` more of figure `name` for `seat`."""
        self.seats[seat][name] += amount

    def reset(self, resets: int) -> None:
        """Displays replaced in the current seat's turn."""
        if resets and self.current >= 0:
            self.resets += resets
            self.add(self.current, "display-resets", resets)

    def card_drawn(self, event: CardDrawn) -> None:
        if event.slot is None:
            self.add(event.seat, "cards-blind")
        else:
            self.add(event.seat, "cards-face-up")
            if event.card == self.wild:
                self.add(event.seat, "locomotives-face-up")
        self.reset(event.resets)

    def route_claimed(self, event: RouteClaimed) -> None:
        board, seat, route = self.board, event.seat, event.route
        length = board.route_length[route]
        self.add(seat, "routes-claimed")
        self.add(seat, f"{board.pieces[board.route_piece[route]]}-played", length)
        self.routes[seat].append(route)
        self.lengths[seat] += length
        self.scores[seat] += event.points
        self.add(seat, "route-points", event.points)
        if event.goods:
            self.add(seat, "goods-taken", event.goods)
        if board.route_kind[route] == FERRY and event.cards > length:
            # a Locomotive symbol paid with a pair is the only way to pay more cards
            # than spaces on a map with ferries paid so (no doubled spaces there)
            self.add(seat, "ferries-paid-with-pairs")
            self.add(seat, "ferry-pairs", event.cards - length)

    def exchanged(self, event: PiecesExchanged) -> None:
        self.add(event.seat, "pieces-exchanged", event.count)
        self.add(event.seat, "exchange-points", event.points)
        self.add(event.seat, "route-points", -event.points)
        self.scores[event.seat] -= event.points

    def tickets_kept(self, event: TicketsKept) -> None:
        self.add(event.seat, "tickets-kept-later", event.count)
        self.add(event.seat, "tickets-returned", event.returned)


_HANDLERS: dict[type[Any], Callable[[_Count, Any], None]] = {
    CardDrawn: _Count.card_drawn,
    BlindDrawn: lambda count, e: count.add(e.seat, "cards-blind"),
    SlotRefilled: lambda count, e: count.reset(e.resets),
    DisplayRefilled: lambda count, e: count.reset(e.resets),
    TunnelAttempted: lambda count, e: count.add(e.seat, "tunnels-attempted"),
    TunnelWithdrawn: lambda count, e: count.add(e.seat, "tunnels-abandoned"),
    RouteClaimed: _Count.route_claimed,
    BonusCardsDrawn: lambda count, e: count.add(e.seat, "bonus-cards-drawn", e.count),
    TicketsDrawn: lambda count, e: count.add(e.seat, "ticket-draws"),
    TicketsKept: _Count.tickets_kept,
    StationBuilt: lambda count, e: count.add(e.seat, "stations-built"),
    HarborBuilt: lambda count, e: count.add(e.seat, "harbors-built"),
    PiecesExchanged: _Count.exchanged,
}


def game_statistics(board: Board, seats: int, steps: Sequence[Sequence[Event]],
                    final: GameState | None) -> KindStatistics:
    """The statistics of a game on `board` with `seats` seats from its events grouped by
    record (`steps`, the first for version 1). `final` is the state at the end, given only
    for a finished game (and then `steps` are complete): the end figures and the score
    chart come with it; without it, `steps` may be a spectator's redacted events."""
    count = _Count(board, seats)
    chart = [ScorePoint(0, 0, [0] * seats)]
    ended: GameEnded | None = None
    for version, events in enumerate(steps, 1):
        for event in events:
            count.step(event)
            if isinstance(event, GameEnded):
                ended = event
        if final is not None and count.scores != chart[-1].scores:
            chart.append(ScorePoint(version, count.turns, list(count.scores)))
    for seat, figures in enumerate(count.seats):
        figures["average-route-length"] = mean(count.lengths[seat], len(count.routes[seat]))
    tickets: list[tuple[list[int], list[int]]] = [([], []) for _ in range(seats)]
    if final is not None and ended is not None:
        tickets = _end_figures(board, count, ended, final)
        if ended.scores:
            chart.append(ScorePoint(len(steps), count.turns, [s.total for s in ended.scores]))
    return KindStatistics(
        figures={"turns": count.turns, "display-resets": count.resets},
        seats=[
            SeatStatistics(seat, figures, list(count.routes[seat]), *tickets[seat])
            for seat, figures in enumerate(count.seats)
        ],
        scores=chart if final is not None else [],
    )


def _end_figures(board: Board, count: _Count, ended: GameEnded, final: GameState
                 ) -> list[tuple[list[int], list[int]]]:
    """Add the end figures to each seat's; each seat's completed and failed tickets."""
    features = board.map.features
    won: list[list[int]] = goal_winners(board, final) if features.goal_cards else []
    tickets = []
    for seat, (score, held) in enumerate(zip(ended.scores, ended.tickets, strict=True)):
        figures: dict[str, Number] = count.seats[seat]
        completed = [t for t, done in zip(held, score.completed, strict=True) if done]
        failed = [t for t, done in zip(held, score.completed, strict=True) if not done]
        penalties = [board.ticket_penalty[t] for t in failed]
        figures.update({
            "points": score.total,
            "ticket-points": score.tickets,
            "tickets-completed": len(completed),
            "tickets-failed": len(failed),
            "ticket-points-lost": sum(board.ticket_points[t] if p is None else p
                                      for t, p in zip(failed, penalties, strict=True)),
            "longest-path": score.longest_path,
        })
        if features.goal_cards is not None:
            figures["goal-cards-won"] = sum(seat in seats for seats in won)
        if features.tours is not None:
            figures["tours-in-order"] = _tours_in_order(board, count.routes[seat], score,
                                                        completed)
        tickets.append((completed, failed))
    return tickets


def _tours_in_order(board: Board, routes: list[int], score: FinalScore,
                    completed: list[int]) -> int:
    """The completed tours joined in their printed order (or its reverse), with the
    routes the seat's stations borrowed counted as its own as final scoring does."""
    own = [*routes, *(r for r in score.borrowed if r is not None)]
    pairs = [(board.route_a[r], board.route_b[r]) for r in own]
    return sum(1 for t in completed if board.ticket_any_order[t] is not None
               and tour_in_order(board.ticket_cities[t], pairs))
