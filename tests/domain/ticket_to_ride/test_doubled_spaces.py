"""Doubled spaces (Rails & Sails World rules.md §1.1, §3.2.4 and its Resolved lines, §3.2.7):
each doubled space costs a pair of train cards of one colour, a colour card and a wild,
or two wilds, each pair in any colour; the route lays and scores its length. On World
the five doubled routes are gray and doubled on every space; a route mixing plain and
doubled spaces (none on World) is checked on the synthetic map."""

from __future__ import annotations

import random

import pytest

from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.events import RouteClaimed
from domain.ticket_to_ride.state import GameState

from . import handmade
from .handmade import claim_entry
from .synthetic import SYNTHETIC
from .world import BOARD, TRAINS, listed_and_accepted, playing, route

LAHORE_BEIJING = route("lahore", "beijing")
MARSEILLE_CASABLANCA = route("marseille", "casablanca")


def _claim(state: GameState, route_: int, **paid: int) -> RouteClaimed:
    cards = {name.replace("_", "-"): n for name, n in paid.items()}
    events, _ = handmade.play(state.copy(), 0, ClaimRoute(route_, cards=cards))
    claimed = events[0]
    assert isinstance(claimed, RouteClaimed)
    return claimed


def _refusal(state: GameState, route_: int, **paid: int) -> str:
    cards = {name.replace("_", "-"): n for name, n in paid.items()}
    return handmade.refused(state, 0, ClaimRoute(route_, cards=cards)).code


def test_the_five_doubled_routes_are_gray_and_doubled_on_every_space() -> None:
    doubled = {(BOARD.city_ids[BOARD.route_a[r]], BOARD.city_ids[BOARD.route_b[r]]):
               BOARD.route_length[r]
               for r in range(len(BOARD.route_a)) if BOARD.route_doubled[r]}
    assert doubled == {("vancouver", "anchorage"): 2, ("marseille", "casablanca"): 1,
                       ("tehran", "lahore"): 2, ("lahore", "beijing"): 3,
                       ("luanda", "dar-es-salaam"): 2}
    for r in range(len(BOARD.route_a)):
        if BOARD.route_doubled[r]:
            assert BOARD.route_colour[r] == -1 and BOARD.route_doubled[r] == BOARD.route_length[r]


def test_lahore_beijing_costs_six_cards_in_pairs_lays_three_trains_and_scores_four() -> None:
    state = playing(red=3, yellow=1, yellow_anchor=1, green=1, wild=3, red_ship=2)
    for paid in ({"red": 2, "yellow": 1, "yellow_anchor": 1, "wild": 2},  # pairs of any colours
                 {"red": 3, "wild": 3},  # a red pair, a red and a wild, two wilds
                 {"red": 2, "yellow": 1, "wild": 3}):
        claimed = _claim(state, LAHORE_BEIJING, **paid)
        assert (claimed.cards, claimed.points) == (6, 4)
    _, after = handmade.play(state, 0, ClaimRoute(LAHORE_BEIJING, cards={"red": 3, "wild": 3}))
    assert after.players[0].pieces[TRAINS] == 20 - 3


@pytest.mark.parametrize("paid", [
    {"red": 3, "yellow": 1, "yellow_anchor": 1, "green": 1},  # two odd cards, no wild
    {"red": 2, "red_ship": 2, "wild": 2},  # ship cards on rail
    {"red": 2, "wild": 3},  # five cards
    {"red": 3, "wild": 2},  # five again
])
def test_a_doubled_route_paid_otherwise_is_refused(paid: dict[str, int]) -> None:
    state = playing(red=3, yellow=1, yellow_anchor=1, green=1, wild=3, red_ship=2)
    assert _refusal(state, LAHORE_BEIJING, **paid) == "bad-payment"


def test_a_one_space_doubled_route_takes_one_pair() -> None:
    state = playing(black=1, black_anchor=1, white=1, wild=2)
    assert _claim(state, MARSEILLE_CASABLANCA, black=1, black_anchor=1).points == 1
    assert _claim(state, MARSEILLE_CASABLANCA, white=1, wild=1).cards == 2
    assert _claim(state, MARSEILLE_CASABLANCA, wild=2).cards == 2
    assert _refusal(state, MARSEILLE_CASABLANCA, black=1, white=1) == "bad-payment"
    assert _refusal(state, MARSEILLE_CASABLANCA, black=1) == "bad-payment"


@pytest.mark.parametrize("seed", range(4))
def test_every_listed_payment_is_accepted_and_every_accepted_one_is_listed(seed: int) -> None:
    chooser = random.Random(seed)
    accepted_any = False
    for _ in range(5):
        names = ["red", "red_anchor", "yellow", chooser.choice(["green", "green_ship"]), "wild"]
        state = playing(**{name: chooser.choice([0, 1, 2, 3]) for name in names})
        for r in (LAHORE_BEIJING, MARSEILLE_CASABLANCA, route("vancouver", "anchorage")):
            listed, accepted = listed_and_accepted(state, r)
            assert listed == accepted, (r, state.players[0].hand)
            accepted_any = accepted_any or bool(accepted)
    assert accepted_any


# --- plain and doubled spaces on one route (the synthetic map) -----------------------------


def test_a_route_s_plain_spaces_follow_its_colour_and_each_doubled_space_takes_any_pair() -> None:
    made = SYNTHETIC
    ridge_peak = made.route("ridge", "peak")  # blue, 3 spaces, 1 doubled
    harbour_ford = made.route("harbour", "ford")  # gray, 2 spaces, both doubled
    state = made.state(display=["red", "blue", "green", "red-ship", "blue-ship"],
                       hand=["red"] * 3 + ["blue"] * 3 + ["green"] + ["locomotive"] * 2)

    def claim(route_: int, paid: dict[str, int]) -> RouteClaimed:
        events, _ = handmade.play(state.copy(), 0, ClaimRoute(route_, cards=paid), made.rules)
        assert isinstance(events[0], RouteClaimed)
        return events[0]

    def refusal(route_: int, paid: dict[str, int]) -> str:
        return handmade.refused(state, 0, ClaimRoute(route_, cards=paid), made.rules).code

    for paid in ({"red": 2, "blue": 2}, {"red": 1, "locomotive": 1, "blue": 2},
                 {"red": 1, "green": 1, "locomotive": 2}, {"blue": 3, "locomotive": 1}):
        claimed = claim(harbour_ford, paid)
        assert (claimed.cards, claimed.points) == (4, 2)
    for paid in ({"red": 3, "blue": 1}, {"red": 2, "blue": 1}, {"red": 2, "blue": 2, "green": 1}):
        assert refusal(harbour_ford, paid) == "bad-payment", paid
    # the two plain spaces blue, the doubled one any pair
    assert claim(ridge_peak, {"blue": 2, "red": 2}).cards == 4
    assert refusal(ridge_peak, {"red": 3, "locomotive": 1}) == "bad-payment"
    listed = claim_entry(state, ridge_peak, rules=made.rules)
    assert listed is not None and [p.colour for p in listed.payments or ()] == ["blue", None]
