"""Goal cards (Northern Lights §5.3): what each measures, and who wins it at the end.

A map lists its goal cards in the map file (`mapfile.Goal`: points and a
``metric``, a key of `MEASURES`); ``rules.goals_in_play`` of them are drawn
at setup and recorded, face up, in the game-started event (`GameState.goals`
holds their numbers in the map's list). At the end each card's measure is
taken for every seat; the seats with the highest value all score its points
(ties all score), and a best value of 0 wins nothing (§5.3 Resolved). The
points are the end-of-game term ``goal-cards`` (`terms.TERMS`); how many
cards a seat won is the tie-break ``most-goal-cards-won``.

Tickets are counted as completed by the seat's own routes (the maps with
goal cards have no stations to borrow routes with), each once even when
several of its cities qualify; so are routes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from domain.ticket_to_ride.scoring import longest_path, score_tickets

if TYPE_CHECKING:
    from domain.ticket_to_ride.board import Board
    from domain.ticket_to_ride.state import GameState

#: a measure: one seat's value at the end, from the board and the final state
Measure = Callable[["Board", "GameState", int], int]


def completed_tickets(board: Board, state: GameState, seat: int) -> list[int]:
    """The tickets of `seat` its own routes complete, in holding order."""
    player = state.players[seat]
    a, b = board.route_a, board.route_b
    done = score_tickets(
        [(*board.ticket_cities[t], board.ticket_points[t]) for t in player.tickets],
        [(a[r], b[r]) for r in player.routes],
        [],
        [],
    ).completed
    return [t for t, complete in zip(player.tickets, done, strict=True) if complete]


def _routes_touching(board: Board, state: GameState, seat: int, city: Callable[[int], bool]) -> int:
    a, b = board.route_a, board.route_b
    return sum(1 for r in state.players[seat].routes if city(a[r]) or city(b[r]))


def _tickets_naming(board: Board, state: GameState, seat: int, city: Callable[[int], bool]) -> int:
    return sum(
        1
        for t in completed_tickets(board, state, seat)
        if any(city(c) for c in board.ticket_cities[t])
    )


def _locomotive_equivalents(board: Board, state: GameState, seat: int) -> int:
    """A: each Locomotive in hand counts 1, each pair of one colour 1."""
    hand = state.players[seat].hand
    loco = board.locomotive
    return hand[loco] + sum(n // 2 for n in hand[:loco])


def _tickets_with_capital(board: Board, state: GameState, seat: int) -> int:
    """B: completed tickets with a capital among their cities."""
    return _tickets_naming(board, state, seat, board.city_capital.__getitem__)


def _trains_remaining(board: Board, state: GameState, seat: int) -> int:
    """C: trains not placed."""
    return state.players[seat].pieces[state.rules.pieces.index("trains")]


def _single_space_routes(board: Board, state: GameState, seat: int) -> int:
    """D: claimed routes of length 1."""
    return sum(1 for r in state.players[seat].routes if board.route_length[r] == 1)


def _longest_path(board: Board, state: GameState, seat: int) -> int:
    """E: the longest continuous path, in spaces."""
    a, b, length = board.route_a, board.route_b, board.route_length
    return longest_path([(a[r], b[r], length[r]) for r in state.players[seat].routes])


def _tickets_of_5_points_or_fewer(board: Board, state: GameState, seat: int) -> int:
    """F: completed tickets worth 5 points or fewer."""
    points = board.ticket_points
    return sum(1 for t in completed_tickets(board, state, seat) if points[t] <= 5)


def _countries_reached(board: Board, state: GameState, seat: int) -> int:
    """G: different countries among the end cities of claimed routes."""
    country, a, b = board.city_country, board.route_a, board.route_b
    return len({country[c] for r in state.players[seat].routes for c in (a[r], b[r])})


def _tickets_with_arctic_city(board: Board, state: GameState, seat: int) -> int:
    """H: completed tickets with an Arctic city among their cities."""
    return _tickets_naming(board, state, seat, board.city_arctic.__getitem__)


def _routes_touching_arctic(board: Board, state: GameState, seat: int) -> int:
    """I: claimed routes with an end at an Arctic city."""
    return _routes_touching(board, state, seat, board.city_arctic.__getitem__)


def _ferry_routes(board: Board, state: GameState, seat: int) -> int:
    """J: claimed ferries."""
    routes = board.map.routes
    return sum(1 for r in state.players[seat].routes if routes[r].kind == "ferry")


def _routes_touching_norway(board: Board, state: GameState, seat: int) -> int:
    """K: claimed routes with an end in Norway."""
    country = board.city_country
    return _routes_touching(board, state, seat, lambda c: country[c] == "norway")


#: the measures a goal card's ``metric`` may name
MEASURES: Mapping[str, Measure] = MappingProxyType(
    {
        "locomotive-equivalents-in-hand": _locomotive_equivalents,
        "completed-tickets-with-capital": _tickets_with_capital,
        "trains-remaining": _trains_remaining,
        "single-space-routes": _single_space_routes,
        "longest-path": _longest_path,
        "completed-tickets-max-5-points": _tickets_of_5_points_or_fewer,
        "countries-reached": _countries_reached,
        "completed-tickets-with-arctic-city": _tickets_with_arctic_city,
        "routes-touching-arctic-city": _routes_touching_arctic,
        "ferry-routes": _ferry_routes,
        "routes-touching-norway": _routes_touching_norway,
    }
)


def goal_values(board: Board, state: GameState, goal: int) -> list[int]:
    """Every seat's value of goal card `goal` (its number in the map's list)."""
    measure = MEASURES[board.map.goals[goal].metric]
    return [measure(board, state, seat) for seat in range(state.seats)]


def goal_winners(board: Board, state: GameState) -> list[list[int]]:
    """For each goal card in play, the seats that win it: the highest value, all of them
    when tied, nobody when that value is 0."""
    won = []
    for goal in state.goals:
        values = goal_values(board, state, goal)
        best = max(values)
        won.append([seat for seat, v in enumerate(values) if v == best] if best > 0 else [])
    return won


def goal_points(board: Board, state: GameState) -> list[int]:
    """The term ``goal-cards``: each seat's points from the goal cards it won."""
    points = [0] * state.seats
    for goal, seats in zip(state.goals, goal_winners(board, state), strict=True):
        for seat in seats:
            points[seat] += board.map.goals[goal].points
    return points


def goals_won(board: Board, state: GameState) -> list[int]:
    """The tie-break ``most-goal-cards-won``: how many goal cards each seat won."""
    count = [0] * state.seats
    for seats in goal_winners(board, state):
        for seat in seats:
            count[seat] += 1
    return count
