"""Sea routes and the two kinds of track on Rails & Sails World (rules.md §1.1, §3.2.1-§3.2.3,
§3.2.5-§3.2.7): rail paid with train cards (plain or anchor alike) and covered with
trains, sea paid by ship value with no change and covered with ships, never mixed; the
Indian Ocean star; cards to their own deck's discards; the one route table; every listed
payment accepted, its own cards too, and every accepted one listed."""

from __future__ import annotations

import random

import pytest

from domain.ticket_to_ride.board import SEA
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.events import RouteClaimed
from domain.ticket_to_ride.features.sea_routes import ShipCards
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.pricing import TrainCards
from domain.ticket_to_ride.state import GameState

from .handmade import claim_entry, give_route, play, refused, ticket
from .world import BOARD, ENGINE, SHIPS, TRAINS, WILD, card, listed_and_accepted, playing, route

PURPLE_RAIL_3 = route("novosibirsk", "yakutsk")
WHITE_SEA_4 = route("mumbai", "dar-es-salaam")
WHITE_SEA_5 = route("manila", "honolulu")
PURPLE_SEA_1 = route("hong-kong", "manila")
GRAY_SEA_2 = route("manila", "jakarta")
GRAY_SEA_3 = route("jakarta", "perth")
GRAY_RAIL_4 = route("casablanca", "lagos")
#: rules.md §3.2.7: one table for rail and sea
POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}


def _claim(state: GameState, route_: int, **paid: int) -> RouteClaimed:
    cards = {name.replace("_", "-"): n for name, n in paid.items()}
    events, _ = play(state.copy(), 0, ClaimRoute(route_, cards=cards))
    claimed = events[0]
    assert isinstance(claimed, RouteClaimed)
    return claimed


def _refusal(state: GameState, route_: int, **paid: int) -> str:
    cards = {name.replace("_", "-"): n for name, n in paid.items()}
    return refused(state, 0, ClaimRoute(route_, cards=cards)).code


def test_sea_routes_are_priced_by_ship_cards_and_laid_with_ships_rail_routes_by_train_cards(
) -> None:
    for r, rule in enumerate(ENGINE.price_rules):
        if BOARD.route_kind[r] == SEA:
            assert isinstance(rule, ShipCards) and BOARD.route_piece[r] == SHIPS
            assert BOARD.route_doubled[r] == 0  # §1.1: sea routes never have doubled spaces
        else:
            # a colour's train cards come plain and with the anchor: both pay
            assert isinstance(rule, TrainCards) and BOARD.route_piece[r] == TRAINS


def test_a_rail_route_takes_train_cards_of_its_colour_anchor_or_not_and_wilds() -> None:
    state = playing(purple=1, purple_anchor=2, wild=2, yellow=3, purple_ship=3)
    for paid in ({"purple": 1, "wild": 2}, {"purple_anchor": 2, "wild": 1},
                 {"purple": 1, "purple_anchor": 2}, {"purple": 1, "purple_anchor": 1, "wild": 1}):
        claimed = _claim(state, PURPLE_RAIL_3, **paid)
        assert claimed.points == 4 and claimed.cards == 3
        assert claimed.locomotives == paid.get("wild", 0)
    for paid in ({"purple": 1, "yellow": 2}, {"purple": 1, "wild": 1},  # colour, count
                 {"purple": 1, "purple_anchor": 2, "wild": 1},
                 {"purple_ship": 3}, {"purple_ship": 1, "wild": 2}):  # ship cards on rail
        assert _refusal(state, PURPLE_RAIL_3, **paid) == "bad-payment", paid
    # a colour and wilds cannot say which of the colour's two kinds are paid
    assert refused(state, 0, ClaimRoute(PURPLE_RAIL_3, "purple", 1)).code == "name-the-cards"
    listed = claim_entry(state, PURPLE_RAIL_3)
    # the ready payment spends the plain card before the anchor cards a harbor needs
    ready = {"purple": 1, "purple-anchor": 2}
    assert listed is not None and listed.payments == (Payment("purple", 0, 2, cards=ready),)
    assert listed.command == ClaimRoute(PURPLE_RAIL_3, cards=ready)


def test_a_four_space_sea_route_by_two_doubles_four_singles_or_a_mix_never_one_card_more(
) -> None:
    # rulebook example: a white 4-space sea route
    state = playing(white_ship=4, white_double_ship=3, wild=1, white=4)
    for paid in ({"white_double_ship": 2}, {"white_ship": 4},
                 {"white_double_ship": 1, "white_ship": 2},
                 {"white_double_ship": 1, "white_ship": 1, "wild": 1},
                 {"white_ship": 3, "wild": 1}):
        assert _claim(state, WHITE_SEA_4, **paid).points == 7
    for paid in ({"white_double_ship": 2, "white_ship": 1}, {"white_double_ship": 3},
                 {"white_ship": 4, "wild": 1}, {"white_ship": 3},  # a card to spare, too few
                 {"white": 4}, {"white_ship": 2, "white": 2}):  # train cards on the sea
        assert _refusal(state, WHITE_SEA_4, **paid) == "bad-payment", paid


def test_a_five_space_sea_route_may_take_three_doubles_losing_the_spare_ship() -> None:
    state = playing(white_ship=2, white_double_ship=3, wild=1, black_double_ship=3)
    assert _claim(state, WHITE_SEA_5, white_double_ship=3).cards == 3
    assert _claim(state, WHITE_SEA_5, white_double_ship=2, white_ship=1).cards == 3
    assert _claim(state, WHITE_SEA_5, white_double_ship=2, wild=1).cards == 3
    for paid in ({"white_double_ship": 2, "white_ship": 2},  # 6 spaces: a single to spare
                 {"white_double_ship": 3, "wild": 1},
                 {"white_double_ship": 2, "black_double_ship": 1}):  # two colours
        assert _refusal(state, WHITE_SEA_5, **paid) == "bad-payment", paid
    listed = claim_entry(state, WHITE_SEA_5)
    assert listed is not None
    # per number of double-ship cards, the wilds a payment may hold, and its cards with the
    # fewest wilds: each one a command of its own
    assert listed.payments == (
        Payment("white", 1, 1, doubles=1,
                cards={"white-ship": 2, "white-double-ship": 1, "wild": 1}),
        Payment("white", 0, 1, doubles=2, cards={"white-ship": 1, "white-double-ship": 2}),
        Payment("white", 0, 0, doubles=3, cards={"white-double-ship": 3}),
    )
    assert listed.command == ClaimRoute(WHITE_SEA_5, cards=listed.payments[0].cards)


def test_a_gray_sea_route_takes_any_one_colour_and_one_double_pays_a_one_space_route() -> None:
    state = playing(red_ship=1, white_ship=1, red_double_ship=1, purple_double_ship=1)
    assert _claim(state, GRAY_SEA_2, red_double_ship=1).points == 2
    assert _claim(state, GRAY_SEA_2, purple_double_ship=1).points == 2
    assert _refusal(state, GRAY_SEA_2, red_ship=1, white_ship=1) == "bad-payment"
    assert _claim(state, PURPLE_SEA_1, purple_double_ship=1).cards == 1
    assert _refusal(state, PURPLE_SEA_1, red_double_ship=1) == "bad-payment"


def test_each_colour_and_number_of_double_ship_cards_is_its_own_payment_with_its_cards(
) -> None:
    """§3.2.2, §3.2.5: on a gray sea route a player picks the colour and the mix of single-
    and double-ship cards; each listed payment names the cards that pay it with the fewest
    wilds, and claiming with them pays exactly those."""
    state = playing(red_ship=2, red_double_ship=1, black_double_ship=2, white_ship=1, wild=1,
                    red=2)
    listed = claim_entry(state, GRAY_SEA_3)
    assert listed is not None and listed.payments == (
        Payment("red", 1, 1, doubles=0, cards={"red-ship": 2, "wild": 1}),
        Payment("red", 0, 1, doubles=1, cards={"red-ship": 1, "red-double-ship": 1}),
        Payment("black", 1, 1, doubles=1, cards={"black-double-ship": 1, "wild": 1}),
        Payment("black", 0, 0, doubles=2, cards={"black-double-ship": 2}),
    )
    assert listed.command == ClaimRoute(GRAY_SEA_3, cards={"red-ship": 2, "wild": 1})
    for payment in listed.payments:
        assert payment.cards is not None
        assert _claim(state, GRAY_SEA_3, **payment.cards).paid == payment.cards
    # the white single and a wild cover 2 spaces of 3; no other way pays
    listed_kinds, accepted = listed_and_accepted(state, GRAY_SEA_3)
    assert listed_kinds == accepted


def test_a_claim_lays_its_own_kind_of_piece_and_each_card_goes_to_its_own_deck_s_discards(
) -> None:
    state = playing(white_ship=2, white_double_ship=1, wild=1, purple=3)
    before = [p.copy() for p in state.players]
    _, state = play(state, 0, ClaimRoute(
        WHITE_SEA_4, cards={"white-double-ship": 1, "white-ship": 1, "wild": 1}))
    player = state.players[0]
    assert (player.pieces[SHIPS], player.pieces[TRAINS]) == (
        before[0].pieces[SHIPS] - 4, before[0].pieces[TRAINS])
    # the wild to the train deck's discards, the ship cards to the ship deck's
    assert state.discard[WILD] == 1 and sum(state.discard) == 1
    assert state.piles[0].discard[card("white-ship")] == 1
    assert state.piles[0].discard[card("white-double-ship")] == 1
    state.current = 0
    _, state = play(state, 0, ClaimRoute(PURPLE_RAIL_3, cards={"purple": 3}))
    assert state.players[0].pieces[TRAINS] == before[0].pieces[TRAINS] - 3
    assert state.discard[card("purple")] == 3


def test_a_route_needs_enough_pieces_of_its_own_kind_in_the_supply() -> None:
    state = playing(white_ship=4, purple=3)
    state.players[0].pieces[SHIPS] = 3
    assert _refusal(state, WHITE_SEA_4, white_ship=4) == "not-enough-ships"
    assert claim_entry(state, WHITE_SEA_4) is None
    assert claim_entry(state, PURPLE_RAIL_3) is not None  # trains are another kind
    state.players[0].pieces[TRAINS] = 2
    assert _refusal(state, PURPLE_RAIL_3, purple=3) == "not-enough-trains"
    state.players[0].pieces[SHIPS] = 4
    assert _claim(state, WHITE_SEA_4, white_ship=4).points == 7


@pytest.mark.parametrize("length", sorted(POINTS))
def test_a_route_scores_its_length_from_the_one_table_for_rail_and_sea(length: int) -> None:
    sea = next(r for r in range(len(BOARD.route_a))
               if BOARD.route_kind[r] == SEA and BOARD.route_length[r] == length)
    state = playing(wild=length)
    assert _claim(state, sea, wild=length).points == POINTS[length]
    rail = [r for r in range(len(BOARD.route_a)) if BOARD.route_kind[r] != SEA
            and BOARD.route_length[r] == length and not BOARD.route_doubled[r]]
    if rail:  # rail routes are 1 to 4 long
        assert _claim(state, rail[0], wild=length).points == POINTS[length]
    else:
        assert length > 4


def test_the_indian_ocean_star_links_cape_town_and_perth_and_its_tracks_score_ten() -> None:
    state = playing(green_double_ship=3, red_double_ship=3)
    state.players[0].tickets = [ticket("rio-de-janeiro", "perth", BOARD)]
    give_route(state, 0, route("rio-de-janeiro", "cape-town", "black"),
               route("cape-town", "indian-ocean-star", "red"),
               route("indian-ocean-star", "perth", "white"))
    scores, _ = final_scores(ENGINE, state)
    assert scores[0].completed == (True,) and scores[0].tickets == 17
    # each of its pairs is a double route: at 2 players the other track is closed
    green = route("cape-town", "indian-ocean-star", "green")
    assert _refusal(state, green, green_double_ship=3) == "double-route-closed"
    state = playing(green_double_ship=3)
    assert _claim(state, green, green_double_ship=3).points == 10
    # the two pairs are separate double routes
    assert BOARD.route_tracks[green] == BOARD.route_tracks[
        route("cape-town", "indian-ocean-star", "red")]
    assert len(BOARD.route_tracks[route("indian-ocean-star", "perth", "purple")]) == 2


@pytest.mark.parametrize("seed", range(6))
def test_every_listed_payment_is_accepted_and_every_accepted_one_is_listed(seed: int) -> None:
    """Random small hands of a colour's four kinds, an odd card and wilds: per rail and sea
    route, the (colour, wilds, double-ship cards) the entry lists are exactly those of the
    payments `decide` accepts, and each payment's own cards are accepted."""
    chooser = random.Random(seed)
    routes = [PURPLE_RAIL_3, GRAY_RAIL_4, WHITE_SEA_4, WHITE_SEA_5, GRAY_SEA_2, GRAY_SEA_3,
              route("cape-town", "indian-ocean-star", "red")]
    accepted_any = False
    for _ in range(6):
        colour = chooser.choice(["white", "red", "purple"])
        names = [colour, f"{colour}_anchor", f"{colour}_ship", f"{colour}_double_ship", "wild",
                 chooser.choice(["yellow", "black_double_ship", "green_ship"])]
        state = playing(**{name: chooser.choice([0, 1, 2, 3]) for name in names})
        for r in routes:
            listed, accepted = listed_and_accepted(state, r)
            assert listed == accepted, (r, state.players[0].hand)
            accepted_any = accepted_any or bool(accepted)
    assert accepted_any
