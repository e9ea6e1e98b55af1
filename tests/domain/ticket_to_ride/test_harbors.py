"""Harbors on Rails & Sails World (rules.md §1.1, §1.4, §3.3 and its Resolved lines, §5.3):
built in a port city a route of the player's own reaches, one per city; paid with 2 train
and 2 ship cards of one colour, all with the anchor, wilds standing in; scored at the end
by the owner's completed tickets naming the city, each unbuilt harbor costing 4. Every
payment the harbor entry lists names its cards, and every way to pay is listed."""

from __future__ import annotations

import random

import pytest

from domain.ticket_to_ride.commands import BuildHarbor
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.events import HarborBuilt
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.state import GameState
from tests.domain.sheets import check_sheets, figures, terms

from .handmade import commands, ended, give_route, make_state, play, refused, ticket
from .world import (
    BOARD,
    ENGINE,
    HARBORS,
    RULES,
    WILD,
    city,
    harbor_listed_and_accepted,
    path,
    playing,
    route,
)

ATHINA = city("athina")
PAID = {"red-anchor": 2, "red-ship": 1, "wild": 1}


def _ready(**hand: int) -> GameState:
    """Seat 0 owning the sea route Athina-Al-Qahira (so both are its ports), holding `hand`."""
    state = playing(**hand)
    give_route(state, 0, route("athina", "al-qahira"))
    return state


def test_a_harbor_goes_in_a_port_a_route_of_the_player_s_own_reaches_one_per_city() -> None:
    state = playing(red_anchor=2, red_ship=1, wild=1)
    assert refused(state, 0, BuildHarbor(ATHINA, PAID)).code == "no-route-to-city"
    give_route(state, 1, route("athina", "al-qahira"))  # another's route qualifies nobody else
    assert refused(state, 0, BuildHarbor(ATHINA, PAID)).code == "no-route-to-city"
    state = _ready(red_anchor=2, red_ship=1, wild=1)  # reached only by sea: it qualifies
    events, after = play(state.copy(), 0, BuildHarbor(ATHINA, PAID))
    assert events == [HarborBuilt(0, ATHINA, PAID)]
    assert after.harbor_owner[ATHINA] == 0 and after.players[0].pieces[HARBORS] == 2
    assert RULES.public_view(after).harbor_owner[ATHINA] == 0  # type: ignore[index]
    # it scores nothing now and takes the whole turn
    assert after.players[0].score == 0 and after.current == 1
    # one per city, whoever built it
    state.harbor_owner[ATHINA] = 1
    assert refused(state, 0, BuildHarbor(ATHINA, PAID)).code == "city-has-harbor"
    # an inland city is no port, and a player with no harbor left builds none
    give_route(state, 0, route("tehran", "lahore"))
    assert refused(state, 0, BuildHarbor(city("tehran"), PAID)).code == "not-a-port"
    state.harbor_owner[ATHINA] = -1
    state.players[0].pieces[HARBORS] = 0
    assert refused(state, 0, BuildHarbor(ATHINA, PAID)).code == "no-harbors"
    assert not any(isinstance(c, BuildHarbor) for c in commands(state))


def test_a_route_to_the_indian_ocean_star_qualifies_its_city_but_the_star_takes_no_harbor(
) -> None:
    state = playing(wild=4)
    give_route(state, 0, route("cape-town", "indian-ocean-star", "red"))
    star = city("indian-ocean-star")
    assert refused(state, 0, BuildHarbor(star, {"wild": 4})).code == "not-a-port"
    listed = next(m for m in RULES.legal_moves(state, 0) if isinstance(m.command, BuildHarbor))
    assert listed.cities == (city("cape-town"),)
    _, after = play(state, 0, BuildHarbor(city("cape-town"), {"wild": 4}))
    assert after.harbor_owner[city("cape-town")] == 0


@pytest.mark.parametrize("paid", [
    {"red-anchor": 2, "red-ship": 2}, {"wild": 4}, {"red-ship": 2, "wild": 2},
    {"red-anchor": 1, "wild": 3}, {"red-anchor": 2, "red-ship": 1, "wild": 1},
])
def test_a_harbor_costs_2_train_and_2_ship_anchor_cards_of_one_colour_wilds_for_any(
    paid: dict[str, int]
) -> None:
    state = _ready(red_anchor=2, red_ship=2, wild=4)
    events, after = play(state, 0, BuildHarbor(ATHINA, paid))
    assert events == [HarborBuilt(0, ATHINA, paid)]
    # train cards and wilds to the train deck's discards, ship cards to the ship deck's
    trains = sum(n for name, n in paid.items() if not name.endswith("ship"))
    assert sum(after.discard) == trains and sum(after.piles[0].discard) == 4 - trains


@pytest.mark.parametrize("paid", [
    {"red": 2, "red-ship": 2},  # a plain train card has no anchor
    {"red-anchor": 2, "red-double-ship": 2},  # nor has a double-ship card
    {"red-anchor": 2, "white-ship": 1, "red-ship": 1},  # two colours
    {"red-anchor": 3, "red-ship": 1},  # 3 train cards
    {"red-anchor": 1, "red-ship": 2, "wild": 2},  # five cards
    {"red-anchor": 2, "wild": 1},  # three
])
def test_a_harbor_paid_otherwise_is_refused(paid: dict[str, int]) -> None:
    state = _ready(red_anchor=3, red_ship=2, wild=4, red=2, red_double_ship=2, white_ship=1)
    assert refused(state, 0, BuildHarbor(ATHINA, paid)).code == "bad-payment"


def test_the_harbor_entry_lists_the_player_s_free_ports_and_each_colour_s_wilds() -> None:
    state = _ready(red_anchor=2, red_ship=2, wild=4, red=2, red_double_ship=2, white_ship=1)
    listed = next(m for m in RULES.legal_moves(state, 0) if isinstance(m.command, BuildHarbor))
    assert listed.cities == (ATHINA, city("al-qahira"))
    # red: 0 to 3 wilds; white: one anchor card, so 3 wilds; wilds alone: 4; each with the
    # cards that pay it with the fewest wilds, one command each
    assert listed.payments == (
        Payment("red", 0, 3, cards={"red-anchor": 2, "red-ship": 2}),
        Payment("white", 3, 3, cards={"white-ship": 1, "wild": 3}),
        Payment(None, 4, 4, cards={"wild": 4}))
    assert listed.command.cards == {"red-anchor": 2, "red-ship": 2}  # type: ignore[union-attr]
    for payment in listed.payments:
        assert payment.cards is not None
        events, _ = play(state.copy(), 0, BuildHarbor(ATHINA, payment.cards))
        assert events == [HarborBuilt(0, ATHINA, payment.cards)]
    # a harbor built there by another player takes the city off the list
    state.current = 1
    state.players[1].hand[WILD] = 4
    give_route(state, 1, route("marseille", "athina"))
    play(state, 1, BuildHarbor(ATHINA, {"wild": 4}))
    state.current = 0
    listed = next(m for m in RULES.legal_moves(state, 0) if isinstance(m.command, BuildHarbor))
    assert listed.cities == (city("al-qahira"),)
    # without the cards, no entry
    state.players[0].hand = [0] * len(BOARD.card_names)
    assert not any(isinstance(c, BuildHarbor) for c in commands(state))


@pytest.mark.parametrize("seed", range(4))
def test_every_listed_harbor_payment_is_accepted_and_every_accepted_one_is_listed(seed: int
                                                                                 ) -> None:
    """Random small hands of a colour's four kinds, an odd anchor card and wilds: the
    (colour, wilds) the harbor entry lists are exactly those of the payments `decide`
    accepts, and each payment's own cards are accepted."""
    chooser = random.Random(seed)
    accepted_any = False
    for _ in range(6):
        colour = chooser.choice(["red", "green", "black"])
        names = [colour, f"{colour}_anchor", f"{colour}_ship", f"{colour}_double_ship", "wild",
                 chooser.choice(["white_anchor", "yellow_ship"])]
        state = _ready(**{name: chooser.choice([0, 1, 2, 3]) for name in names})
        listed, accepted = harbor_listed_and_accepted(state, ATHINA)
        assert listed == accepted, state.players[0].hand
        accepted_any = accepted_any or bool(accepted)
    assert accepted_any


def test_a_map_without_harbors_refuses_them() -> None:
    assert refused(make_state(), 0, BuildHarbor(0, {"locomotive": 4})).code == "no-harbors"


# --- scoring (§5.3) -------------------------------------------------------------------------


def _harbor_points(state: GameState) -> list[int]:
    scores, _ = final_scores(ENGINE, state)
    return [s.bonuses["harbors"] for s in scores]


def _complete(state: GameState, seat: int, a: str, b: str) -> None:
    """Give `seat` the routes it lacks of a path joining two cities."""
    give_route(state, seat, *(r for r in path(a, b) if state.route_owner[r] < 0))


MARSEILLE = ["beijing", "buenos-aires", "christchurch", "jakarta"]


def test_a_harbor_scores_20_30_40_by_completed_tickets_naming_its_city_unbuilt_ones_minus_4(
) -> None:
    state = playing()
    state.players[0].tickets = [ticket("marseille", other, BOARD) for other in MARSEILLE]
    state.harbor_owner[city("marseille")] = 0
    state.players[0].pieces[HARBORS] = 2
    # no completed ticket names it: 0 (never below), and -4 for each of the 2 unbuilt
    assert _harbor_points(state) == [0 - 8, -12]
    for other, points in zip(MARSEILLE, (20, 30, 40, 40), strict=True):
        _complete(state, 0, "marseille", other)
        assert _harbor_points(state) == [points - 8, -12]
    scores, _ = final_scores(ENGINE, state)
    assert scores[0].total == scores[0].routes + scores[0].tickets + 32


def test_only_the_owner_s_completed_tickets_count_each_for_every_harbor_it_names() -> None:
    state = playing()
    state.players[0].tickets = [ticket("marseille", "al-qahira", BOARD)]
    state.players[1].tickets = [ticket("new-york", "marseille", BOARD)]
    for port in ("marseille", "al-qahira"):
        state.harbor_owner[city(port)] = 0
    state.players[0].pieces[HARBORS] = 1
    _complete(state, 1, "new-york", "marseille")  # seat 1's ticket never counts for seat 0
    assert _harbor_points(state)[0] == 0 - 4
    _complete(state, 0, "marseille", "al-qahira")  # one ticket: 20 at each of its two cities
    assert _harbor_points(state)[0] == 20 + 20 - 4


def test_a_tour_counts_for_a_harbor_when_joined_in_either_order_never_when_failed() -> None:
    tour = next(t for t, cities in enumerate(BOARD.ticket_cities)
                if [BOARD.city_ids[c] for c in cities] == ["casablanca", "al-qahira", "tehran"])
    state = playing()
    state.players[0].tickets = [tour]
    state.harbor_owner[city("al-qahira")] = 0
    state.players[0].pieces[HARBORS] = 2
    give_route(state, 0, route("casablanca", "marseille"))
    assert _harbor_points(state)[0] == 0 - 8  # failed
    # joined, but Al-Qahira hangs off the Casablanca-Tehran line: the any-order value
    give_route(state, 0, route("marseille", "athina"), route("athina", "tehran"),
               route("athina", "al-qahira"))
    scores, _ = final_scores(ENGINE, state)
    assert scores[0].tickets == 6 and scores[0].bonuses["harbors"] == 20 - 8


def test_the_sheet_gives_harbors_their_term_and_the_harbors_built_a_figure() -> None:
    """§5.3 on the result's score sheet (issue 23): one harbor on one completed ticket's
    city, 20, and two unbuilt, -8; the other seat's three unbuilt, -12."""
    state = playing()
    state.players[0].tickets = [ticket("marseille", "beijing", BOARD)]
    _complete(state, 0, "marseille", "beijing")
    state.harbor_owner[city("marseille")] = 0
    state.players[0].pieces[HARBORS] = 2
    result = ended(state)
    check_sheets(result)
    mine, theirs = result.sheets
    assert terms(mine)["harbors"] == (20 - 8, "§5.3")
    assert figures(mine)["harbors-built"] == (1, "§5.3")
    assert terms(theirs)["harbors"] == (-12, "§5.3")
    assert figures(theirs)["harbors-built"] == (0, "§5.3")
