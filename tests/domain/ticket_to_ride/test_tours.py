"""Tours and final scoring on Rails & Sails World (rules.md §1.3, §5.1, §5.2 and its Resolved
lines, §5.4): a tour scores its value joined in printed order (a path of the player's own
routes using none twice, the exact reverse allowed, other cities and repeated cities in
between), its any-order value joined otherwise, its penalty when not joined; regular
tickets score their value either way; ties go to the most completed tickets, tours
either way included, then are shared."""

from __future__ import annotations

from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.scoring import tour_in_order
from domain.ticket_to_ride.state import GameState
from tests.domain.sheets import check_sheets, terms

from .handmade import ended, give_route, ticket
from .world import BOARD, ENGINE, path, playing, route

#: printed order Casablanca - Al-Qahira - Tehran: 9 in order, 6 in any order, -15 failed
TOUR = next(t for t, cities in enumerate(BOARD.ticket_cities)
            if [BOARD.city_ids[c] for c in cities] == ["casablanca", "al-qahira", "tehran"])
QAHIRA_TEHRAN = route("al-qahira", "tehran", "yellow")


def _tour(*routes: int) -> tuple[int, bool]:
    """What seat 0 holding only the Casablanca tour scores for tickets with these routes."""
    state = playing()
    state.players[0].tickets = [TOUR]
    give_route(state, 0, *routes)
    scores, _ = final_scores(ENGINE, state)
    return scores[0].tickets, scores[0].completed[0]


def test_the_tour_tickets_are_the_printed_ones() -> None:
    tours = {tuple(BOARD.city_ids[c] for c in BOARD.ticket_cities[t]):
             (BOARD.ticket_points[t], BOARD.ticket_any_order[t], BOARD.ticket_penalty[t])
             for t in range(len(BOARD.ticket_cities)) if BOARD.ticket_penalty[t] is not None}
    assert len(tours) == 8 and tours[("casablanca", "al-qahira", "tehran")] == (9, 6, 15)
    assert tours[("murmansk", "tiksi", "novosibirsk", "yakutsk", "petropavlovsk")] == (30, 20, 36)
    # each penalty is the in-order value plus 6
    assert all(penalty == points + 6 for points, _, penalty in tours.values())


def test_a_tour_scores_its_value_in_order_its_lower_value_out_of_order_its_penalty_unjoined(
) -> None:
    assert _tour(route("casablanca", "al-qahira"), QAHIRA_TEHRAN) == (9, True)
    # Al-Qahira hangs off a Casablanca-Tehran line: joined, but no path meets them in order
    pendant = (route("marseille", "casablanca"), route("marseille", "athina"),
               route("athina", "tehran"), route("athina", "al-qahira"))
    assert _tour(*pendant) == (6, True)
    assert _tour(route("marseille", "casablanca")) == (-15, False)
    assert _tour() == (-15, False)


def test_in_order_may_pass_other_cities_and_mix_rail_and_sea() -> None:
    # Casablanca -rail- Marseille -rail- Athina -sea- Al-Qahira -rail- Tehran
    assert _tour(route("marseille", "casablanca"), route("marseille", "athina"),
                 route("athina", "al-qahira"), QAHIRA_TEHRAN) == (9, True)


def test_in_order_is_a_path_using_no_route_twice_meeting_the_cities_in_order_or_reversed() -> (
    None
):
    # cities 0..4; the path may pass a city twice (a loop) but not reuse a route
    loop = [(0, 1), (1, 2), (2, 0), (0, 3)]
    assert tour_in_order([1, 2, 3], loop)  # 1-2-0-3
    assert tour_in_order([3, 2, 1], loop)  # the reverse of a printed order
    assert not tour_in_order([1, 3, 2], [(0, 1), (0, 2), (0, 3)])  # a star: joined, not in order
    assert tour_in_order([1, 0, 2], [(0, 1), (0, 2), (0, 3)])
    # passing city 0 twice needs two routes out of it and back: one route is not used twice
    assert not tour_in_order([1, 2, 3], [(0, 1), (0, 2), (0, 3)])
    assert tour_in_order([1, 2, 3], [(0, 1), (0, 2), (0, 2), (0, 3)])


def test_a_regular_ticket_scores_plus_its_value_joined_by_rail_and_sea_minus_it_otherwise(
) -> None:
    state = playing()
    done, failed = ticket("rio-de-janeiro", "perth", BOARD), ticket("lagos", "tehran", BOARD)
    state.players[0].tickets = [done, failed]
    give_route(state, 0, *path("rio-de-janeiro", "perth"))
    scores, _ = final_scores(ENGINE, state)
    assert scores[0].completed == (True, False)
    assert scores[0].tickets == BOARD.ticket_points[done] - BOARD.ticket_points[failed] == 17 - 10
    # nothing else scores: not the pieces in the supply or the reserve, nor cards in hand
    state.players[0].hand = [3] * len(BOARD.card_names)
    scores, _ = final_scores(ENGINE, state)
    assert scores[0].total == scores[0].routes + scores[0].tickets + scores[0].bonuses["harbors"]
    assert scores[0].bonuses == {"harbors": 3 * -4} and scores[0].routes == 0


def _tied(seats: int) -> GameState:
    """Every seat on the same total: seat 0 by completing the tour out of order, the others
    by route points."""
    state = playing(seats)
    give_route(state, 0, route("marseille", "casablanca"), route("marseille", "athina"),
               route("athina", "tehran"), route("athina", "al-qahira"))
    state.players[0].tickets = [TOUR]
    for player in state.players[1:]:
        player.score = 6
    return state


def test_a_tie_goes_to_the_most_tickets_completed_a_tour_out_of_order_included() -> None:
    state = _tied(3)
    scores, won = final_scores(ENGINE, state)
    assert len({s.total for s in scores}) == 1 and won == [0]


def test_a_tie_of_completed_tickets_too_is_shared() -> None:
    state = _tied(3)
    state.players[0].tickets = []  # seat 0 on the same total without the tour
    state.players[0].score += 6
    scores, won = final_scores(ENGINE, state)
    assert len({s.total for s in scores}) == 1 and won == [0, 1, 2]


def test_the_sheet_shows_tours_apart_from_the_tickets_they_are_counted_with() -> None:
    """§5.1, §5.2 on the result's score sheet (issue 23): the account counts the tours
    among the tickets; the sheet's tickets are the regular ones, the tours their own term.
    Seat 0 joins Mumbai-Beijing (6) and the Casablanca tour in any order (6); seat 1
    misses the tour (-15)."""
    state = playing()
    state.players[0].tickets = [ticket("mumbai", "beijing", BOARD), TOUR]
    state.players[1].tickets = [TOUR]
    give_route(state, 0, *path("mumbai", "beijing"), route("marseille", "casablanca"),
               route("marseille", "athina"), route("athina", "tehran"),
               route("athina", "al-qahira"))
    account, _ = final_scores(ENGINE, state)
    assert [s.tickets for s in account] == [6 + 6, -15]
    result = ended(state)
    check_sheets(result)
    mine, theirs = result.sheets
    assert (terms(mine)["tickets"], terms(mine)["tours"]) == ((6, "§5.1"), (6, "§5.2"))
    assert (terms(theirs)["tickets"], terms(theirs)["tours"]) == ((0, "§5.1"), (-15, "§5.2"))
