"""Final scoring on small handcrafted graphs (rules §6, §7.2, §9).

Cities are plain ints; opponent routes carry a route index as the engine's do.
Two hypothesis tests compare the fast searches with brute force on small
random boards.
"""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.ticket_to_ride.scoring import TicketScore, longest_path, score_tickets, winners

# --- tickets without stations (§6) ---------------------------------------------------------


def test_completed_ticket_scores_plus_and_missed_ticket_minus() -> None:
    own = [(0, 1), (1, 2)]
    result = score_tickets([(0, 2, 8), (0, 5, 6)], own, [], [])
    assert result == TicketScore(points=2, completed=(True, False), borrowed=())


def test_all_tickets_missed_give_a_negative_score() -> None:
    result = score_tickets([(0, 3, 7), (1, 4, 5), (2, 6, 21)], [(0, 1)], [], [])
    assert result.points == -33
    assert result.completed == (False, False, False)


def test_path_may_run_through_many_own_routes_in_any_direction() -> None:
    own = [(4, 3), (2, 3), (1, 2), (0, 1)]
    assert score_tickets([(0, 4, 10)], own, [], []).completed == (True,)


def test_no_tickets_scores_zero() -> None:
    assert score_tickets([], [(0, 1)], [3], [(0, 3, 4)]) == TicketScore(0, (), (None,))


# --- stations (§7.2) -----------------------------------------------------------------------


def test_one_station_borrows_one_route_for_several_tickets() -> None:
    own = [(0, 1), (2, 3)]
    tickets = [(0, 3, 8), (1, 2, 3), (0, 2, 5)]
    result = score_tickets(tickets, own, [1], [(5, 1, 2)])
    assert result == TicketScore(points=16, completed=(True, True, True), borrowed=(5,))


def test_a_station_borrows_the_same_single_route_for_every_ticket() -> None:
    # Borrowing 1-2 completes the 8-point ticket, borrowing 1-4 the 6-point one;
    # one station cannot do both, so the better one is completed and the other lost.
    own = [(0, 1), (2, 3), (4, 5)]
    result = score_tickets([(0, 3, 8), (0, 5, 6)], own, [1], [(5, 1, 2), (6, 1, 4)])
    assert result == TicketScore(points=8 - 6, completed=(True, False), borrowed=(5,))


def test_the_station_picks_the_route_worth_more_whatever_the_order() -> None:
    own = [(0, 1), (2, 3), (4, 5)]
    result = score_tickets([(0, 3, 6), (0, 5, 8)], own, [1], [(5, 1, 2), (6, 1, 4)])
    assert result == TicketScore(points=8 - 6, completed=(False, True), borrowed=(6,))


def test_two_stations_each_borrow_a_route_to_complete_one_ticket() -> None:
    own = [(0, 1), (2, 3), (4, 5)]
    opponents = [(3, 1, 2), (9, 3, 4)]
    result = score_tickets([(0, 5, 10)], own, [1, 3], opponents)
    assert result == TicketScore(points=10, completed=(True,), borrowed=(3, 9))


def test_two_stations_chain_through_a_city_the_player_never_reached() -> None:
    # 1 -> 7 and 7 -> 4 both belong to opponents; city 7 holds nothing of ours.
    own = [(0, 1), (4, 5)]
    opponents = [(2, 1, 7), (6, 7, 4), (8, 1, 9)]
    result = score_tickets([(0, 5, 12)], own, [1, 4], opponents)
    assert result == TicketScore(points=12, completed=(True,), borrowed=(2, 6))


def test_one_station_is_not_enough_for_a_two_route_gap() -> None:
    own = [(0, 1), (4, 5)]
    result = score_tickets([(0, 5, 12)], own, [1], [(2, 1, 7), (6, 7, 4)])
    assert result.completed == (False,)
    assert result.points == -12
    assert result.borrowed == (None,)


def test_equal_scores_prefer_the_assignment_completing_most_tickets() -> None:
    # Route 1 (1-2) completes one 6-point ticket; route 2 (1-3) completes a 2- and
    # a 4-point ticket. Both gain 12 points; the rules take the one with more tickets.
    own = [(0, 1)]
    tickets = [(0, 2, 6), (0, 3, 2), (1, 3, 4)]
    result = score_tickets(tickets, own, [1], [(1, 1, 2), (2, 1, 3)])
    assert result == TicketScore(points=0, completed=(False, True, True), borrowed=(2,))


def test_a_station_may_borrow_either_track_of_a_double_route() -> None:
    own = [(0, 1)]
    # both tracks belong to (different) opponents: either works, the first is reported
    both = score_tickets([(0, 2, 4)], own, [1], [(5, 1, 2), (4, 1, 2)])
    assert both == TicketScore(points=4, completed=(True,), borrowed=(4,))
    # only the second track is an opponent's: the station borrows that one
    second = score_tickets([(0, 2, 4)], own, [1], [(5, 1, 2)])
    assert second == TicketScore(points=4, completed=(True,), borrowed=(5,))


def test_a_station_without_an_opponent_route_gives_nothing() -> None:
    own = [(0, 1)]
    # the opponent route touches neither station city
    result = score_tickets([(0, 2, 5)], own, [1, 6], [(3, 2, 4)])
    assert result == TicketScore(points=-5, completed=(False,), borrowed=(None, None))


def test_a_route_inside_the_players_own_network_is_not_borrowed() -> None:
    own = [(0, 1), (1, 2)]
    result = score_tickets([(0, 3, 5)], own, [2], [(7, 2, 0)])
    assert result == TicketScore(points=-5, completed=(False,), borrowed=(None,))


def test_stations_only_borrow_routes_touching_their_own_city() -> None:
    own = [(0, 1), (2, 3)]
    # the useful route 1-2 exists, but the station stands at 0
    result = score_tickets([(0, 3, 9)], own, [0], [(4, 1, 2)])
    assert result.completed == (False,)


# --- European Express: longest path (§9) -------------------------------------------------


def test_longest_path_of_nothing_is_zero() -> None:
    assert longest_path([]) == 0


def test_longest_path_of_one_route_is_its_length() -> None:
    assert longest_path([(3, 7, 6)]) == 6


def test_longest_path_uses_no_route_twice() -> None:
    # a star: the path can take two arms, never go out and back along one
    assert longest_path([(0, 1, 5), (0, 2, 4), (0, 3, 3)]) == 9


def test_longest_path_may_revisit_a_city_around_a_loop() -> None:
    # 3-2, 2-0, 0-1, 1-2: the path passes city 2 twice
    routes = [(0, 1, 2), (1, 2, 3), (2, 0, 1), (2, 3, 4)]
    assert longest_path(routes) == 10


def test_longest_path_takes_two_loops_through_a_shared_city() -> None:
    bowtie = [(0, 1, 1), (1, 2, 2), (2, 0, 3), (0, 3, 4), (3, 4, 1), (4, 0, 2)]
    assert longest_path(bowtie) == 13


def test_longest_path_goes_round_a_loop_at_a_city_it_passes_through() -> None:
    # square 0-1-2-3 with a 6-train tail at 0 and at 2: best is 8-0-1-2-9 (14),
    # the square cannot be closed without dropping a tail
    routes = [(0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 0, 1), (0, 8, 6), (2, 9, 6)]
    assert longest_path(routes) == 14
    # a double loop 0-5-0 can be inserted at city 0: 8-0-5-0-1-2-9
    assert longest_path([*routes, (0, 5, 2), (5, 0, 2)]) == 18


def test_longest_path_keeps_to_one_network() -> None:
    assert longest_path([(0, 1, 3), (1, 2, 3), (5, 6, 8)]) == 8
    assert longest_path([(0, 1, 3), (1, 2, 3), (5, 6, 4)]) == 6


def test_longest_path_counts_parallel_tracks_separately() -> None:
    assert longest_path([(0, 1, 2), (0, 1, 2), (1, 2, 1)]) == 5


# --- winners and tie-breaks (§9) -----------------------------------------------------------


def test_most_points_wins() -> None:
    assert winners([80, 95, 70], [9, 1, 9], [0, 3, 0], [True, False, False]) == [1]


def test_tied_points_go_to_most_completed_tickets() -> None:
    assert winners([90, 90, 70], [4, 6, 9], [0, 3, 0], [True, False, False]) == [1]


def test_then_fewest_stations_built() -> None:
    assert winners([90, 90, 90], [6, 6, 5], [2, 1, 0], [True, False, False]) == [1]


def test_then_the_european_express() -> None:
    assert winners([90, 90], [6, 6], [1, 1], [False, True]) == [1]


def test_still_tied_players_share_the_victory() -> None:
    assert winners([90, 90, 50], [6, 6, 9], [1, 1, 0], [True, True, False]) == [0, 1]
    assert winners([90, 90, 95], [6, 6, 9], [1, 1, 0], [False, False, True]) == [2]
    assert winners([90, 90], [6, 6], [1, 1], [False, False]) == [0, 1]


def test_negative_totals_are_compared_as_numbers() -> None:
    assert winners([-12, -3], [0, 0], [3, 3], [False, False]) == [1]


# --- against brute force --------------------------------------------------------------------


def _connected(routes: list[tuple[int, int]], a: int, b: int) -> bool:
    seen, todo = {a}, [a]
    while todo:
        city = todo.pop()
        for x, y in routes:
            for here, there in ((x, y), (y, x)):
                if here == city and there not in seen:
                    seen.add(there)
                    todo.append(there)
    return b in seen


def _brute_best(
    tickets: list[tuple[int, int, int]],
    own: list[tuple[int, int]],
    stations: list[int],
    opponents: list[tuple[int, int, int]],
) -> tuple[int, int]:
    options = [[None, *(r for r in opponents if city in r[1:])] for city in stations]
    best = None
    for assignment in product(*options):
        routes = own + [(r[1], r[2]) for r in assignment if r is not None]
        done = [_connected(routes, a, b) for a, b, _ in tickets]
        key = (sum(p if d else -p for (_, _, p), d in zip(tickets, done, strict=True)), sum(done))
        best = key if best is None else max(best, key)
    assert best is not None
    return best


_cities = st.integers(0, 7)


@settings(max_examples=300, deadline=None)
@given(
    tickets=st.lists(st.tuples(_cities, _cities, st.integers(1, 21)), max_size=6),
    own=st.lists(st.tuples(_cities, _cities), max_size=6),
    stations=st.lists(_cities, max_size=3, unique=True),
    opponent_pairs=st.lists(st.tuples(_cities, _cities), max_size=8),
)
def test_station_search_matches_brute_force(
    tickets: list[tuple[int, int, int]],
    own: list[tuple[int, int]],
    stations: list[int],
    opponent_pairs: list[tuple[int, int]],
) -> None:
    opponents = [(10 + i, a, b) for i, (a, b) in enumerate(opponent_pairs)]
    result = score_tickets(tickets, own, stations, opponents)
    assert (result.points, sum(result.completed)) == _brute_best(tickets, own, stations, opponents)
    # the reported assignment is legal and gives exactly the reported completions
    by_index = {r[0]: r for r in opponents}
    for city, index in zip(stations, result.borrowed, strict=True):
        assert index is None or city in by_index[index][1:]
    routes = own + [by_index[i][1:] for i in result.borrowed if i is not None]
    assert result.completed == tuple(_connected(routes, a, b) for a, b, _ in tickets)


def _brute_longest(routes: list[tuple[int, int, int]]) -> int:
    def walk(city: int, used: frozenset[int]) -> int:
        best = 0
        for i, (a, b, length) in enumerate(routes):
            if i not in used and city in (a, b):
                best = max(best, length + walk(b if city == a else a, used | {i}))
        return best

    return max((walk(c, frozenset()) for r in routes for c in r[:2]), default=0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(1, 8)), max_size=9))
def test_longest_path_matches_brute_force(routes: list[tuple[int, int, int]]) -> None:
    assert longest_path(routes) == _brute_longest(routes)


def test_the_tie_break_order_is_the_ruleset_s() -> None:
    # seat 0 completed more tickets, seat 1 built fewer stations
    tied = ([90, 90], [6, 5], [2, 0], [False, True])
    assert winners(*tied) == [0]
    assert winners(*tied, tie_breaks=("fewest-stations-built",)) == [1]
    assert winners(*tied, tie_breaks=("longest-path-bonus", "most-tickets-completed")) == [1]
    assert winners(*tied, tie_breaks=()) == [0, 1]


# --- tickets naming more than two cities ---------------------------------------------------


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
