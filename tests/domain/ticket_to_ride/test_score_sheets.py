"""The final score sheet's core terms on every map (issue 23): the route points scored during
play and the tickets, each cited where that map's rules.md scores it (Europe §9;
Amsterdam §5.1, §5.2; World §5, §5.1; Northern Lights §5.1, §5.2), with the tickets
completed and failed as figures, not points. The map's own terms have their tests with
their features (stations, the longest-path bonus, goods, harbors, goal cards, tours,
exchanges); random games on every map check that the terms add up
(`tests/domain/test_score_sheets_all_kinds.py`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.state import GameState
from tests.domain.sheets import check_sheets, figures, terms

from . import world
from .handmade import BOARD, claimed, ended, make_state, route, ticket
from .map_states import AMS, NL

#: per map: a game in play on it, its board, and where its rules.md scores routes and tickets
MAPS: dict[str, tuple[Callable[[], GameState], Board, str, str]] = {
    "europe": (make_state, BOARD, "§9", "§9"),
    "amsterdam": (AMS.state, AMS.board, "§5.1", "§5.2"),
    "world": (world.playing, world.BOARD, "§5", "§5.1"),
    "northern-lights": (NL.state, NL.board, "§5.1", "§5.2"),
}


@pytest.mark.parametrize("map_id", list(MAPS))
def test_route_points_and_tickets_are_terms_cited_in_the_map_s_own_rules(map_id: str) -> None:
    playing, board, routes_section, tickets_section = MAPS[map_id]
    state = playing()
    first = 0
    joined = {board.route_a[first], board.route_b[first]}
    failed = next(t for t, cities in enumerate(board.ticket_cities)
                  if not set(cities) <= joined and board.ticket_penalty[t] is None)
    state.players[0].tickets = [failed]
    claimed(state, 0, first)
    result = ended(state)
    check_sheets(result)
    mine, theirs = result.sheets
    assert terms(mine)["routes"] == (board.route_points[first], routes_section)
    assert terms(mine)["tickets"] == (-board.ticket_points[failed], tickets_section)
    assert figures(mine)["tickets-completed"] == (0, tickets_section)
    assert figures(mine)["tickets-failed"] == (1, tickets_section)
    assert (terms(theirs)["routes"][0], terms(theirs)["tickets"][0]) == (0, 0)


def test_a_europe_sheet_counts_completed_tickets_for_and_failed_ones_against() -> None:
    """§9: + each completed ticket, - each one not completed; the counts are figures."""
    state = make_state(2, tickets=[[ticket("cadiz", "lisboa"), ticket("amsterdam", "pamplona"),
                                    ticket("berlin", "london")], []])
    claimed(state, 0, route("cadiz", "lisboa"), route("amsterdam", "bruxelles"),
            route("bruxelles", "paris", "yellow"), route("paris", "pamplona", "blue"))
    sheet = ended(state).sheets[0]
    assert terms(sheet)["routes"] == (2 + 1 + 2 + 7, "§9")
    assert terms(sheet)["tickets"] == (2 + 7 - 7, "§9")
    assert (figures(sheet)["tickets-completed"], figures(sheet)["tickets-failed"]) == (
        (2, "§9"), (1, "§9"))
    assert sheet.total == sum(points for points, _ in terms(sheet).values())
