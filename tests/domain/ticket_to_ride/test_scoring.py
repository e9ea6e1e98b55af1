"""Final scoring on small handcrafted graphs (Europe rules.md §6 tickets completed or not,
§9 the winner and the tie-breaks), through the pure functions a game's end uses.

Stations borrowing routes (§7.2) are in `test_stations.py`, the European Express in
`test_longest_path.py`, the whole account at a real game end in `test_end_of_game.py`.
Cities are plain ints; opponent routes carry a route index as the engine's do.
"""

from __future__ import annotations

from domain.ticket_to_ride.scoring import TicketScore, score_tickets, winners

from .handmade import BOARD

#: Europe's tie-breaks as its map file states them (`test_ruleset.py` checks them against §9)
EUROPE = tuple(BOARD.map.rules.winner.tie_breaks)

# --- §6: tickets completed or not ---------------------------------------------------------


def test_a_completed_ticket_scores_plus_and_a_missed_one_minus() -> None:
    own = [(0, 1), (1, 2)]
    result = score_tickets([(0, 2, 8), (0, 5, 6)], own, [], [])
    assert result == TicketScore(points=2, completed=(True, False), borrowed=())


def test_all_tickets_missed_give_a_negative_score() -> None:
    result = score_tickets([(0, 3, 7), (1, 4, 5), (2, 6, 21)], [(0, 1)], [], [])
    assert result.points == -33
    assert result.completed == (False, False, False)


def test_a_ticket_path_may_run_through_many_own_routes_in_any_direction() -> None:
    own = [(4, 3), (2, 3), (1, 2), (0, 1)]
    assert score_tickets([(0, 4, 10)], own, [], []).completed == (True,)


def test_no_tickets_score_zero() -> None:
    assert score_tickets([], [(0, 1)], [3], [(0, 3, 4)]) == TicketScore(0, (), (None,))


# --- tickets naming more than two cities (a seam for other maps) ---------------------------


def test_a_ticket_of_three_cities_needs_one_network_joining_all_three() -> None:
    tour = (0, 2, 4, 10)  # cities 0, 2 and 4; 10 points
    assert score_tickets([tour], [(0, 1), (1, 2)], [], []).completed == (False,)
    joined = score_tickets([tour], [(0, 1), (1, 2), (2, 3), (3, 4)], [], [])
    assert joined == TicketScore(points=10, completed=(True,), borrowed=())
    # two networks, each holding two of the cities, complete nothing
    split = score_tickets([tour, (0, 2, 3)], [(0, 2), (4, 5)], [], [])
    assert split.completed == (False, True) and split.points == -7


def test_a_station_can_complete_a_ticket_of_three_cities() -> None:
    tour = (0, 2, 4, 10)
    # own: 0-1-2 and 4 alone at the far side of opponent route 9 (2-4)
    result = score_tickets([tour], [(0, 1), (1, 2), (4, 5)], [2], [(9, 2, 4)])
    assert result == TicketScore(points=10, completed=(True,), borrowed=(9,))


# --- §9: the winner and the tie-breaks -----------------------------------------------------


def test_most_points_wins() -> None:
    assert winners([80, 95, 70], [9, 1, 9], [0, 3, 0], [True, False, False], EUROPE) == [1]


def test_tied_points_go_to_most_completed_tickets() -> None:
    assert winners([90, 90, 70], [4, 6, 9], [0, 3, 0], [True, False, False], EUROPE) == [1]


def test_then_to_fewest_stations_built() -> None:
    assert winners([90, 90, 90], [6, 6, 5], [2, 1, 0], [True, False, False], EUROPE) == [1]


def test_then_to_the_european_express() -> None:
    assert winners([90, 90], [6, 6], [1, 1], [False, True], EUROPE) == [1]


def test_players_still_tied_share_the_victory() -> None:
    """§9 Resolved: both hold the bonus, or neither does."""
    assert winners([90, 90, 50], [6, 6, 9], [1, 1, 0], [True, True, False], EUROPE) == [0, 1]
    assert winners([90, 90, 95], [6, 6, 9], [1, 1, 0], [False, False, True], EUROPE) == [2]
    assert winners([90, 90], [6, 6], [1, 1], [False, False], EUROPE) == [0, 1]


def test_negative_totals_are_compared_as_numbers() -> None:
    assert winners([-12, -3], [0, 0], [3, 3], [False, False], EUROPE) == [1]


def test_the_tie_break_order_is_the_map_s() -> None:
    # seat 0 completed more tickets, seat 1 built fewer stations
    tied = ([90, 90], [6, 5], [2, 0], [False, True])
    assert winners(*tied, EUROPE) == [0]
    assert winners(*tied, ("fewest-stations-built",)) == [1]
    assert winners(*tied, ("longest-path-bonus", "most-tickets-completed")) == [1]
    assert winners(*tied, ()) == [0, 1]


def test_a_forfeiting_seat_never_wins() -> None:
    assert winners([90, 80, 80], [6, 5, 4], [0, 0, 0], [True, False, False], EUROPE,
                   forfeited=0) == [1]
