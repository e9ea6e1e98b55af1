"""Rails & Sails World price rules (rules.md §3.2): rail routes paid with train cards of
the route's colour, plain or anchor alike, and wilds; doubled spaces; sea routes paid by
ship value with no change; each listed alternative accepted, exhaustively."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import product

import pytest

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.events import RouteClaimed
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.moves import Move, Payment
from domain.ticket_to_ride.pricing import ShipCards, TrainCards, price_rule
from domain.ticket_to_ride.state import GameState

from .world import BOARD, RULES, SEED, playing, route

SHIPS = 2  # the piece kind after trains and stations
PURPLE_RAIL_3 = route("novosibirsk", "yakutsk")  # purple rail, 3
WHITE_SEA_4 = route("mumbai", "dar-es-salaam")  # white sea, 4
WHITE_SEA_5 = route("manila", "honolulu")  # white sea, 5
LAHORE_BEIJING = route("lahore", "beijing")  # gray rail, 3 spaces, every one doubled


def _claim(state: GameState, cards: dict[str, int], route_: int) -> RouteClaimed:
    events = RULES.decide(state, 0, ClaimRoute(route_, cards=cards), SEED)
    claimed = events[0]
    assert isinstance(claimed, RouteClaimed)
    return claimed


def _refusal(state: GameState, command: ClaimRoute) -> str:
    with pytest.raises(RuleViolation) as refused:
        RULES.decide(state, 0, command, SEED)
    return refused.value.code


def _entry(state: GameState, route_: int) -> Move | None:
    found = [m for m in RULES.legal_moves(state, 0)
             if isinstance(m.command, ClaimRoute) and m.command.route == route_]
    return found[0] if found else None


def test_the_map_s_routes_take_their_price_rules() -> None:
    assert BOARD.route_kind[WHITE_SEA_4] == 3 and BOARD.route_piece[WHITE_SEA_4] == SHIPS
    assert isinstance(price_rule(BOARD, playing().rules, WHITE_SEA_4), ShipCards)
    assert isinstance(price_rule(BOARD, playing().rules, PURPLE_RAIL_3), TrainCards)
    assert BOARD.route_doubled[LAHORE_BEIJING] == 3 and BOARD.route_colour[LAHORE_BEIJING] == -1


def test_a_three_space_purple_rail_route_takes_purple_train_cards_anchor_or_not_and_wilds() -> (
    None
):
    state = playing(purple=1, purple_anchor=2, wild=2, yellow=3, purple_ship=3)
    for paid in ({"purple": 1, "wild": 2}, {"purple-anchor": 2, "wild": 1},
                 {"purple": 1, "purple-anchor": 2}, {"purple": 1, "purple-anchor": 1, "wild": 1}):
        claimed = _claim(state, paid, PURPLE_RAIL_3)
        assert claimed.paid == paid and claimed.points == 4 and claimed.cards == 3
        assert claimed.locomotives == paid.get("wild", 0)
    for paid in ({"purple": 1, "yellow": 2}, {"purple": 1, "wild": 1},
                 {"purple": 1, "purple-anchor": 2, "wild": 1}, {"purple-ship": 3},
                 {"purple-ship": 1, "wild": 2}):
        assert _refusal(state, ClaimRoute(PURPLE_RAIL_3, cards=paid)) == "bad-payment", paid
    # the colour form cannot say which kinds are paid
    assert _refusal(state, ClaimRoute(PURPLE_RAIL_3, "purple", 1)) == "name-the-cards"
    entry = _entry(state, PURPLE_RAIL_3)
    assert entry is not None and entry.payments == (Payment("purple", 0, 2),)  # 2 wilds held
    # the ready payment spends the plain card before the anchor cards a harbor needs
    assert entry.command == ClaimRoute(PURPLE_RAIL_3, cards={"purple": 1, "purple-anchor": 2})


def test_a_four_space_white_sea_route_by_two_doubles_four_singles_or_a_mix() -> None:
    state = playing(white_ship=4, white_double_ship=3, wild=1, white=4)
    for paid in ({"white-double-ship": 2}, {"white-ship": 4},
                 {"white-double-ship": 1, "white-ship": 2},
                 {"white-double-ship": 1, "white-ship": 1, "wild": 1},
                 {"white-ship": 3, "wild": 1}):
        claimed = _claim(state, paid, WHITE_SEA_4)
        assert claimed.points == 7 and claimed.paid == paid
    # more than needed: a card could be left out
    for paid in ({"white-double-ship": 2, "white-ship": 1}, {"white-double-ship": 3},
                 {"white-ship": 4, "wild": 1}, {"white-ship": 3}, {"white": 4},
                 {"white-ship": 2, "white": 2}):
        assert _refusal(state, ClaimRoute(WHITE_SEA_4, cards=paid)) == "bad-payment", paid


def test_a_five_space_sea_route_may_take_three_doubles_and_lose_the_spare_ship() -> None:
    state = playing(white_ship=2, white_double_ship=3, wild=1, black_double_ship=3)
    assert _claim(state, {"white-double-ship": 3}, WHITE_SEA_5).cards == 3
    assert _claim(state, {"white-double-ship": 2, "white-ship": 1}, WHITE_SEA_5).cards == 3
    assert _claim(state, {"white-double-ship": 2, "wild": 1}, WHITE_SEA_5).cards == 3
    for paid in ({"white-double-ship": 2, "white-ship": 2},  # 6 spaces, a single to spare
                 {"white-double-ship": 3, "wild": 1},
                 {"white-double-ship": 2, "black-double-ship": 1}):  # two colours
        assert _refusal(state, ClaimRoute(WHITE_SEA_5, cards=paid)) == "bad-payment", paid
    entry = _entry(state, WHITE_SEA_5)
    assert entry is not None
    # which double-ship splits, with how many wilds: 1 double + 2 singles + 1 wild, ...
    assert entry.payments == (
        Payment("white", 1, 1, doubles=1), Payment("white", 0, 1, doubles=2),
        Payment("white", 0, 0, doubles=3),
    )


def test_a_claim_lays_ships_on_the_sea_and_pays_each_card_to_its_own_deck() -> None:
    state = playing(white_ship=2, white_double_ship=1, wild=1)
    ships = state.players[0].pieces[SHIPS]
    discards = (sum(state.discard), sum(state.piles[0].discard))
    for event in RULES.decide(state, 0, ClaimRoute(
            WHITE_SEA_4, cards={"white-double-ship": 1, "white-ship": 1, "wild": 1}), SEED):
        state = RULES.evolve(state, event)
    assert state.players[0].pieces[SHIPS] == ships - 4
    assert sum(state.players[0].hand) == 1  # a white single ship left
    assert (sum(state.discard), sum(state.piles[0].discard)) == (discards[0] + 1, discards[1] + 2)
    # a sea route needs ships, a rail route trains
    state = playing(white_ship=4)
    state.players[0].pieces[SHIPS] = 3
    assert _refusal(state, ClaimRoute(WHITE_SEA_4, cards={"white-ship": 4})) == "not-enough-ships"
    state = playing(purple=3)
    state.players[0].pieces[TRAINS] = 2
    assert _refusal(state, ClaimRoute(PURPLE_RAIL_3, cards={"purple": 3})) == "not-enough-trains"


def test_a_doubled_space_takes_a_pair_a_card_and_a_wild_or_two_wilds() -> None:
    state = playing(red=3, yellow=1, yellow_anchor=1, green=1, wild=3, red_ship=2)
    for paid in ({"red": 2, "yellow": 1, "yellow-anchor": 1, "wild": 2},
                 {"red": 3, "wild": 3}, {"red": 2, "wild": 3, "yellow": 1}):
        claimed = _claim(state, paid, LAHORE_BEIJING)
        assert claimed.cards == 6 and claimed.points == 4  # scored by its 3 spaces
    for paid in ({"red": 3, "yellow": 1, "yellow-anchor": 1, "green": 1},  # two odd cards
                 {"red": 2, "red-ship": 2, "wild": 2}, {"red": 2, "wild": 3}):
        assert _refusal(state, ClaimRoute(LAHORE_BEIJING, cards=paid)) == "bad-payment", paid


# --- every listed alternative is accepted, exhaustively ---------------------------------


def _payments(hand: list[int], most: int) -> Iterator[list[int]]:
    """Every non-empty sub-multiset of `hand` of at most `most` cards."""
    held = [c for c, n in enumerate(hand) if n]
    for counts in product(*(range(hand[c] + 1) for c in held)):
        if 0 < sum(counts) <= most:
            paid = [0] * len(hand)
            for c, n in zip(held, counts, strict=True):
                paid[c] = n
            yield paid


def _class(paid: list[int], route_: int) -> tuple[str | None, int, int | None]:
    """What a payment's alternative names: its colour (None: wilds only, or a route whose
    every space is doubled: pairs of any colours), wilds, doubles."""
    wild = BOARD.locomotive
    colours = {BOARD.card_colour[c] for c, n in enumerate(paid) if n and c != wild}
    colour = BOARD.colours[colours.pop()] if len(colours) == 1 else None
    if BOARD.route_doubled[route_] == BOARD.route_length[route_]:
        colour = None
    if BOARD.route_kind[route_] != 3:
        return colour, paid[wild], None
    doubles = sum(n for c, n in enumerate(paid) if BOARD.card_ships[c] == 2)
    return colour, paid[wild], doubles


@pytest.mark.parametrize("seed", range(6))
def test_every_listed_payment_is_accepted_and_every_accepted_one_is_listed(seed: int) -> None:
    """Random small hands of a colour's train and ship kinds, another colour and wilds: per
    route, the (colour, wilds, doubles) classes the entry lists are exactly those of the
    payments `decide` accepts, and the entry's command is accepted."""
    chooser = random.Random(seed)
    routes = [PURPLE_RAIL_3, WHITE_SEA_4, WHITE_SEA_5, LAHORE_BEIJING,
              route("cape-town", "indian-ocean-star", "red"), route("vancouver", "anchorage")]
    for _ in range(6):
        colour = chooser.choice(["white", "red", "purple"])
        names = [colour, f"{colour}-anchor", f"{colour}-ship", f"{colour}-double-ship", "wild",
                 chooser.choice(["yellow", "black-double-ship", "green-ship"])]
        state = playing(**{n.replace("-", "_"): chooser.choice([0, 1, 2, 3]) for n in names})
        hand = state.players[0].hand
        for r in routes:
            most = BOARD.route_length[r] + BOARD.route_doubled[r]
            accepted = set()
            for paid in _payments(hand, most):
                cards = {BOARD.card_names[c]: n for c, n in enumerate(paid) if n}
                try:
                    RULES.decide(state, 0, ClaimRoute(r, cards=cards), SEED)
                except RuleViolation:
                    continue
                accepted.add(_class(paid, r))
            entry = _entry(state, r)
            listed = set()
            if entry is not None:
                RULES.decide(state, 0, entry.command, SEED)
                for p in entry.payments or ():
                    for w in range(p.min_locomotives, p.max_locomotives + 1):
                        listed.add((p.colour, w, p.doubles))
            assert listed == accepted, (BOARD.city_ids[BOARD.route_a[r]], hand)
