"""Stations (Europe rules.md §7): building one (§7.1: any city without a station, 1, 2
then 3 cards of one colour, Locomotives wild, 3 per player) and what each lends at the
end (§7.2: one opponent route into its city, the same for every ticket, chosen to the
owner's best score), on small handcrafted graphs and against a brute-force search.

The station bonus and a station's ticket at a real game end are in
`test_end_of_game.py`; that the station payments listed are exactly those `decide`
accepts, in `test_legal_moves.py`.
"""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.ticket_to_ride.board import STATIONS
from domain.ticket_to_ride.commands import BuildStation
from domain.ticket_to_ride.entries import Move, Payment
from domain.ticket_to_ride.events import StationBuilt
from domain.ticket_to_ride.scoring import TicketScore, score_tickets
from domain.ticket_to_ride.state import GameState

from .europe import entries
from .handmade import BOARD, city, hand, make_state, play, refused


def station_entry(state: GameState, seat: int = 0) -> Move | None:
    """The build-station entry of `seat` (one, its free cities the alternatives), if any."""
    found = entries(state, BuildStation, seat)
    assert len(found) <= 1
    return found[0] if found else None


# --- §7.1: building -------------------------------------------------------------------------


def test_stations_cost_one_then_two_then_three_cards_of_one_colour() -> None:
    """§7.1: 1 card of any colour, then 2, then 3 of one colour, Locomotives wild; any
    city without a station is offered, routes or not."""
    state = make_state(hands=[hand(red=3, blue=2, locomotive=1), hand()])
    entry = station_entry(state)
    assert entry is not None and entry.cities == tuple(range(len(BOARD.city_ids)))
    assert entry.payments == (Payment("blue", 0, 0), Payment("red", 0, 0), Payment(None, 1, 1))
    events, state = play(state, 0, BuildStation(city("berlin"), "blue", 0))
    assert events[0] == StationBuilt(0, city("berlin"), "blue", 0, 1)
    assert state.players[0].pieces[STATIONS] == 2 and state.station_owner[city("berlin")] == 0
    assert state.current == 1  # the station was the turn's action
    state.current = 0
    entry = station_entry(state)
    assert entry is not None
    assert entry.payments == (Payment("blue", 1, 1), Payment("red", 0, 1))
    assert refused(state, 0, BuildStation(city("wien"), "blue", 0)).code == "not-enough-cards"
    _, state = play(state, 0, BuildStation(city("wien"), "red", 1))
    assert state.players[0].hand == hand(red=2, blue=1)
    state.current = 0
    assert station_entry(state) is None  # the third costs 3 cards
    assert refused(state, 0, BuildStation(city("roma"), "red", 0)).code == "not-enough-cards"
    state.players[0].hand = hand(green=3)
    _, state = play(state, 0, BuildStation(city("roma"), "green", 0))
    assert state.players[0].pieces[STATIONS] == 0 and state.players[0].hand == hand()
    assert state.discard == hand(blue=1, red=1, locomotive=1, green=3)


def test_no_station_once_all_three_are_built() -> None:
    """§7.1 Resolved: a player with 0 stations left cannot build one."""
    state = make_state(hands=[hand(red=5), hand()])
    state.players[0].pieces[STATIONS] = 0
    assert station_entry(state) is None
    none_left = refused(state, 0, BuildStation(city("roma"), "red", 0))
    assert (none_left.code, none_left.section) == ("no-stations", "§7.1")


def test_one_station_per_city() -> None:
    state = make_state(hands=[hand(red=5), hand(red=5)])
    _, state = play(state, 0, BuildStation(city("roma"), "red", 0))
    entry = station_entry(state, 1)
    assert entry is not None and entry.cities is not None
    assert city("roma") not in entry.cities and len(entry.cities) == len(BOARD.city_ids) - 1
    assert refused(state, 1, BuildStation(city("roma"), "red", 0)).code == "city-has-station"


def test_a_station_may_be_paid_with_locomotives_only_naming_no_colour() -> None:
    state = make_state(hands=[hand(locomotive=1, red=1), hand()])
    assert refused(state, 0, BuildStation(city("paris"), "red", 1)).code == "wrong-colour"
    events, state = play(state, 0, BuildStation(city("paris"), None, 1))
    assert events[0] == StationBuilt(0, city("paris"), None, 1, 1)
    no_locomotive = make_state(hands=[hand(red=1), hand()])
    assert refused(no_locomotive, 0, BuildStation(city("paris"), None, 0)).code == "bad-payment"


# --- §7.2: the route a station borrows at the end -------------------------------------------


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
    for at, index in zip(stations, result.borrowed, strict=True):
        assert index is None or at in by_index[index][1:]
    routes = own + [by_index[i][1:] for i in result.borrowed if i is not None]
    assert result.completed == tuple(_connected(routes, a, b) for a, b, _ in tickets)
