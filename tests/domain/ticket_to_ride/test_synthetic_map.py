"""The synthetic test map: a map built only from existing features is a data file and
nothing else (issue 22). ``maps/synthetic.json`` is played by a `TicketToRideRules` built
from its board alone (`synthetic.SYNTHETIC`), with no engine code of its own.

Its seams, each checked here: a triple route (one track usable at 2 seats, two at 3,
three at 4), ferries paid with Locomotives or pairs, one-colour routes named by their
cards, routes laid with ships and the end counting trains and ships together, tickets of
three cities, refusals citing its own rulebook, an integer host option; and random legal
games reaching the end through all of them. Doubled spaces mixing plain and doubled
spaces are in ``test_doubled_spaces.py``, its two decks' market in
``test_chosen_market.py``."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride.board import SEA, TRAINS
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.events import BlindDrawn, GameEnded, RouteClaimed, SlotRefilled
from domain.ticket_to_ride.ruleset import ruleset_of
from domain.ticket_to_ride.state import GameState

from . import handmade
from .handmade import claim_entry
from .synthetic import SYNTHETIC

MADE = SYNTHETIC
RULES, BOARD = MADE.rules, MADE.board
LOCO = BOARD.locomotive
DISPLAY = ("red", "blue", "green", "red-ship", "blue-ship")
TRIPLE = list(BOARD.route_tracks[MADE.route("north", "mill", "red")])
NORTH_FJORD = MADE.route("north", "fjord")  # gray ferry, 3 spaces, 1 symbol
FJORD_ISLE = MADE.route("fjord", "isle")  # gray ferry, 1 space, 1 symbol, laid with ships
ISLE_CAPE = MADE.route("isle", "cape")  # gray ferry, 4 spaces, 2 symbols, laid with ships
SHIPS = BOARD.pieces.index("ships")


def _state(seats: int = 2, **hand: int) -> GameState:
    return MADE.state(seats, display=DISPLAY, ticket_pile=[5, 6], **hand)


def _claim(state: GameState, command: ClaimRoute, seat: int = 0) -> RouteClaimed:
    events, _ = handmade.play(state.copy(), seat, command, RULES)
    claimed = events[0]
    assert isinstance(claimed, RouteClaimed)
    return claimed


def _refusal(state: GameState, command: ClaimRoute, seat: int = 0) -> str:
    return handmade.refused(state, seat, command, RULES).code


def test_the_map_file_is_all_the_engine_reads() -> None:
    assert [m.id for m in RULES.descriptor.maps] == ["synthetic"]
    assert len(TRIPLE) == 3 and BOARD.route_partner[TRIPLE[0]] == -1  # no pair in a triple
    features = BOARD.map.features
    named = {name for name in msgspec.structs.asdict(features) if getattr(features, name)}
    assert named == {"stations", "tunnels", "ferries", "longest_path", "doubled_spaces",
                     "sea_routes"}
    assert BOARD.map.rules.market.kind == "chosen" and BOARD.deck_ids == ("train", "ship")


@pytest.mark.parametrize(("seats", "usable"), [(2, 1), (3, 2), (4, 3)])
def test_a_triple_route_opens_as_many_tracks_as_the_seat_count_allows(
    seats: int, usable: int
) -> None:
    state = _state(seats, red=3, blue=3, green=3)
    for seat, track in zip(range(1, usable), TRIPLE, strict=False):
        handmade.give_route(state, seat, track, rules=RULES)
    free = [t for t in TRIPLE if state.route_owner[t] < 0]
    assert len(free) == 3 - (usable - 1)
    for track in free:  # the last usable track is still open to seat 0
        assert claim_entry(state, track, rules=RULES) is not None
    listed = claim_entry(state, free[0], rules=RULES)
    assert listed is not None
    _, state = handmade.play(state, 0, listed.command, RULES)
    # once it is taken, every other track is closed, to everyone
    for track in free[1:]:
        for seat in range(seats):
            state.current = seat
            state.players[seat].hand = handmade.hand(BOARD, red=3, blue=3, green=3)
            assert not any(isinstance(m.command, ClaimRoute) and m.command.route == track
                           for m in RULES.legal_moves(state, seat))
            colour = BOARD.colours[BOARD.route_colour[track]]
            assert _refusal(state, ClaimRoute(track, colour), seat) == "double-route-closed"


def test_a_ferry_symbol_takes_a_locomotive_or_a_pair_of_any_colour() -> None:
    state = _state(red=4, blue=2, green=1, locomotive=3)
    for paid in ({"red": 2, "locomotive": 1}, {"red": 2, "blue": 2}, {"red": 4},
                 {"locomotive": 3}, {"blue": 2, "red": 2}, {"locomotive": 2, "red": 2}):
        claimed = _claim(state, ClaimRoute(NORTH_FJORD, cards=paid))
        assert claimed.cards == sum(paid.values()) and claimed.points == 4
        assert claimed.locomotives == paid.get("locomotive", 0)
    for paid in ({"red": 3}, {"red": 2, "blue": 1, "green": 1}, {"locomotive": 2},
                 {"red": 2, "locomotive": 1, "blue": 2}, {"red": 1, "blue": 2}):
        assert _refusal(state, ClaimRoute(NORTH_FJORD, cards=paid)) == "bad-payment", paid
    assert _refusal(state, ClaimRoute(NORTH_FJORD, cards={"red": 5})) == "not-enough-cards"
    # a one-space ferry: one Locomotive or one pair, nothing else
    assert _claim(state, ClaimRoute(FJORD_ISLE, cards={"blue": 2})).cards == 2
    assert _refusal(state, ClaimRoute(FJORD_ISLE, cards={"green": 1})) == "bad-payment"


def test_pair_payments_are_listed_compactly_and_each_one_is_accepted() -> None:
    state = _state(red=4, blue=2, green=1, locomotive=1)
    listed = claim_entry(state, NORTH_FJORD, rules=RULES)
    assert listed is not None and listed.payments is not None
    # per colour of the plain spaces and symbols paid by pairs: red or blue with the
    # symbol by a pair (0 or 1 Locomotive) or by the Locomotive, green with the Locomotive
    # in a plain space (the symbol then a red pair); not Locomotives only: one is held
    assert listed.payments == (
        Payment("red", 0, 1, 1, {"red": 4}),
        Payment("red", 1, 1, 0, {"red": 2, "locomotive": 1}),
        Payment("blue", 0, 1, 1, {"red": 2, "blue": 2}),
        Payment("blue", 1, 1, 0, {"blue": 2, "locomotive": 1}),
        Payment("green", 1, 1, 1, {"red": 2, "green": 1, "locomotive": 1}),
    )
    for payment in listed.payments:
        assert payment.cards is not None
        assert _claim(state, ClaimRoute(NORTH_FJORD, cards=payment.cards)).paid == payment.cards
    assert isinstance(listed.command, ClaimRoute)
    assert _claim(state, listed.command).paid == listed.command.cards


def test_a_one_colour_route_takes_its_cards_named_too() -> None:
    state = _state(yellow=3, locomotive=1, red=2)
    # a tunnel named by its cards lays them down and reveals the pile's top as ever
    state.deck = [MADE.card(name) for name in ("red", "blue", "green", "green")]
    tunnel = MADE.route("peak", "vale")
    events, _ = handmade.play(state.copy(), 0,
                              ClaimRoute(tunnel, cards={"yellow": 2, "locomotive": 1}), RULES)
    assert [type(e).__name__ for e in events] == ["TunnelAttempted", "RouteClaimed"]
    assert _refusal(state, ClaimRoute(tunnel, cards={"yellow": 1, "red": 2})) == "wrong-colour"
    yellow = MADE.route("mill", "vale", "yellow")
    claimed = _claim(state, ClaimRoute(yellow, cards={"yellow": 1, "locomotive": 1}))
    assert (claimed.colour, claimed.locomotives, claimed.cards, claimed.paid) == (
        "yellow", 1, 2, None)
    assert _refusal(state, ClaimRoute(yellow, cards={"yellow": 3})) == "bad-payment"
    assert _refusal(state, ClaimRoute(yellow, "yellow", cards={"yellow": 2})) == "bad-payment"
    assert _refusal(state, ClaimRoute(yellow, cards={"yellow": 1, "red": 1})) == "wrong-colour"


def test_refusals_cite_the_map_s_own_rulebook_where_it_numbers_otherwise() -> None:
    state = _state(red=3)
    bad = handmade.refused(state, 0, ClaimRoute(NORTH_FJORD, cards={"red": 3}), RULES)
    late = handmade.refused(state, 1, ClaimRoute(NORTH_FJORD, cards={"red": 4}), RULES)
    assert (bad.code, bad.section) == ("bad-payment", "synthetic §4 (ferries)")
    assert (late.code, late.section) == ("not-your-turn", "§3")  # a section it leaves as it is


def test_a_route_is_laid_with_its_own_piece_kind_and_the_view_counts_them() -> None:
    state = _state(locomotive=1)
    assert state.rules.pieces == ("trains", "stations", "ships")
    assert state.players[0].pieces == [22, 2, 6]
    assert BOARD.route_piece[FJORD_ISLE] == SHIPS and BOARD.route_piece[NORTH_FJORD] == TRAINS
    _, state = handmade.play(state, 0, ClaimRoute(FJORD_ISLE, cards={"locomotive": 1}), RULES)
    assert state.players[0].pieces == [22, 2, 5]
    seat = RULES.public_view(state).seats[0]
    assert (seat.trains, seat.stations, seat.pieces) == (22, 2, {"ships": 5})
    assert msgspec.json.decode(msgspec.json.encode(seat))["pieces"] == {"ships": 5}


def test_a_route_needs_enough_pieces_of_its_own_kind() -> None:
    state = _state(locomotive=4, red=2)
    state.players[0].pieces = [22, 2, 3]  # trains for any route, 3 ships
    assert claim_entry(state, ISLE_CAPE, rules=RULES) is None
    assert _refusal(state, ClaimRoute(ISLE_CAPE, cards={"locomotive": 4})) == "not-enough-ships"
    state.players[0].pieces = [1, 2, 6]  # ships for any ship route, 1 train
    assert claim_entry(state, ISLE_CAPE, rules=RULES) is not None
    assert claim_entry(state, FJORD_ISLE, rules=RULES) is not None
    red = MADE.route("mill", "vale", "red")
    assert claim_entry(state, red, rules=RULES) is None
    assert _refusal(state, ClaimRoute(red, cards={"red": 2})) == "not-enough-trains"


@pytest.mark.parametrize(
    ("trains", "ships", "triggered"), [(2, 1, False), (1, 1, True), (0, 2, True), (2, 0, True)]
)
def test_the_end_is_triggered_by_the_trains_and_ships_left_together(
    trains: int, ships: int, triggered: bool
) -> None:
    state = _state(locomotive=1)
    state.players[0].pieces = [trains, 2, ships + 1]
    _, state = handmade.play(state, 0, ClaimRoute(FJORD_ISLE, cards={"locomotive": 1}), RULES)
    assert state.players[0].pieces == [trains, 2, ships]
    assert state.turns_left == (2 if triggered else -1)  # one final round of 2 seats


def test_an_integer_option_sets_its_rule_within_its_range() -> None:
    (option,) = RULES.descriptor.options
    assert (option.name, option.type, option.default) == ("short-game", "integer", 22)
    setup = Setup(seats=2, map="synthetic", options={"short-game": 14})
    assert ruleset_of(BOARD, setup).piece_counts[TRAINS] == 14
    assert ruleset_of(BOARD, Setup(seats=2, map="synthetic")).piece_counts[TRAINS] == 22
    state = handmade.opened(2, "synthetic", rules=RULES)
    assert [p.pieces[TRAINS] for p in state.players] == [22, 22]
    state = None
    for event in RULES.start(setup, Seed(b"\x07" * 32)):
        state = RULES.evolve(state, event)
    assert state is not None and [p.pieces[TRAINS] for p in state.players] == [14, 14]
    for value, refusal in ((True, "is an integer"), ("14", "is an integer"),
                           (11, "from 12 to 22"), (23, "from 12 to 22")):
        with pytest.raises(RuleViolation, match=refusal):
            RULES.check_setup(Setup(seats=2, map="synthetic", options={"short-game": value}))


def test_random_games_reach_the_end_through_pairs_doubled_spaces_ships_and_both_decks() -> None:
    seen = {"pairs": 0, "doubled": 0, "three-city ticket scored": 0, "ships laid": 0, "sea": 0,
            "double-ship cards": 0, "ship cards drawn blind": 0, "refill chosen": 0}
    for game in range(12):
        seats = 2 + game % 3
        state, log = play_random_game(RULES, Setup(seats, BOARD.id),
                                      Seed(bytes([game]) * 32), random.Random(game))
        for event in log:
            if isinstance(event, RouteClaimed):
                seen["ships laid"] += BOARD.route_piece[event.route] == SHIPS
                if event.paid is not None and BOARD.route_kind[event.route] == SEA:
                    seen["sea"] += 1
                    seen["double-ship cards"] += sum(
                        n for name, n in event.paid.items() if name.endswith("double-ship"))
                elif event.paid is not None:
                    seen["doubled" if BOARD.route_doubled[event.route] else "pairs"] += 1
            seen["ship cards drawn blind"] += isinstance(event, BlindDrawn) and event.deck == "ship"
            seen["refill chosen"] += isinstance(event, SlotRefilled)
        end = log[-1]
        assert isinstance(end, GameEnded) and state.phase == "finished"
        for seat, tickets in enumerate(end.tickets):
            seen["three-city ticket scored"] += sum(
                1 for t in tickets if len(BOARD.ticket_cities[t]) == 3)
            assert len(end.scores[seat].completed) == len(tickets)
    assert all(seen.values()), seen
