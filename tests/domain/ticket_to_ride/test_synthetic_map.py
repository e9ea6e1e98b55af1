"""The seams the next maps need, on the made-up map: track groups, pairs, doubled spaces,
tickets of three cities, the tie-break order, routes laid with ships (see `synthetic`)."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride.board import SEA
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.events import BlindDrawn, GameEnded, RouteClaimed, SlotRefilled
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.moves import Move, Payment
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.views import public_view

from .synthetic import BOARD, RULES

SEED = Seed(bytes(range(32)))
LOCO = BOARD.locomotive


def _route(a: str, b: str) -> list[int]:
    ends = {BOARD.city_ids.index(a), BOARD.city_ids.index(b)}
    return [r for r in range(len(BOARD.route_a)) if {BOARD.route_a[r], BOARD.route_b[r]} == ends]


TRIPLE = _route("north", "mill")
NORTH_FJORD = _route("north", "fjord")[0]  # gray ferry, 3 spaces, 1 symbol
FJORD_ISLE = _route("fjord", "isle")[0]  # gray ferry, 1 space, 1 symbol
HARBOUR_FORD = _route("harbour", "ford")[0]  # gray, 2 spaces, both doubled
RIDGE_PEAK = _route("ridge", "peak")[0]  # blue, 3 spaces, 1 doubled
ISLE_CAPE = _route("isle", "cape")[0]  # gray ferry, 4 spaces, 2 symbols, laid with ships
MILL_VALE = _route("mill", "vale")  # 2 spaces each, laid with trains
SHIPS = 2  # the synthetic map's own piece kind, after trains and stations


def _playing(seats: int, **counts: int) -> GameState:
    """A game on the synthetic map in play: tickets chosen, seat 0 to move with `counts`."""
    state = None
    for event in RULES.start(Setup(seats, BOARD.id), SEED):
        state = RULES.evolve(state, event)
    assert state is not None
    for seat in range(seats):
        move = RULES.legal_moves(state, seat)[0]
        for event in RULES.decide(state, seat, move.command, SEED):
            state = RULES.evolve(state, event)
    state.current = 0
    hand = [0] * len(BOARD.card_names)
    for name, count in counts.items():
        hand[BOARD.card_at[name]] = count
    state.players[0].hand = hand
    return state


def _claim(state: GameState, command: ClaimRoute) -> RouteClaimed:
    events = RULES.decide(state, 0, command, SEED)
    claimed = next(e for e in events if isinstance(e, RouteClaimed))
    return claimed


def _refusal(state: GameState, command: ClaimRoute) -> str:
    with pytest.raises(RuleViolation) as refused:
        RULES.decide(state, 0, command, SEED)
    return refused.value.code


def _entry(state: GameState, route: int) -> Move | None:
    found = [m for m in RULES.legal_moves(state, 0)
             if isinstance(m.command, ClaimRoute) and m.command.route == route]
    return found[0] if found else None


def test_the_synthetic_map_is_the_map_the_engine_reads() -> None:
    assert len(TRIPLE) == 3 and BOARD.route_tracks[TRIPLE[0]] == tuple(TRIPLE)
    assert BOARD.route_partner[TRIPLE[0]] == -1  # no "partner" pairing for a triple
    assert [m.id for m in RULES.descriptor.maps] == ["synthetic"]


@pytest.mark.parametrize(("seats", "usable"), [(2, 1), (3, 2), (4, 3)])
def test_a_triple_route_opens_as_many_tracks_as_the_seat_count_allows(
    seats: int, usable: int
) -> None:
    state = _playing(seats, red=3, blue=3, green=3)
    for seat, track in zip(range(1, seats), TRIPLE, strict=False):
        if seat <= usable - 1:
            state.route_owner[track] = seat
    taken = min(usable - 1, seats - 1)
    free = [t for t in TRIPLE if state.route_owner[t] < 0]
    assert len(free) == 3 - taken
    for track in free:  # the last usable track is still open to seat 0
        assert _entry(state, track) is not None
    # once seat 0 takes it, every other track is closed, to everyone
    claimed = RULES.decide(state, 0, _entry(state, free[0]).command, SEED)  # type: ignore[union-attr]
    for event in claimed:
        state = RULES.evolve(state, event)
    for track in free[1:]:
        for seat in range(seats):
            state.current = seat
            state.players[seat].hand = [3] * LOCO + [0] * (len(BOARD.card_names) - LOCO)
            assert not any(isinstance(m.command, ClaimRoute) and m.command.route == track
                           for m in RULES.legal_moves(state, seat))
            with pytest.raises(RuleViolation, match="double-route-closed"):
                RULES.decide(state, seat, ClaimRoute(track, BOARD.colours[
                    BOARD.route_colour[track]]), SEED)


def test_a_ferry_symbol_takes_a_locomotive_or_a_pair_of_any_colour() -> None:
    state = _playing(2, red=4, blue=2, green=1, locomotive=3)
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


def test_pair_payments_are_listed_compactly_and_each_command_is_accepted() -> None:
    state = _playing(2, red=4, blue=2, green=1, locomotive=1)
    entry = _entry(state, NORTH_FJORD)
    assert entry is not None and entry.payments is not None
    # per colour of the plain spaces and symbols paid by pairs: red or blue with the
    # symbol by a pair (0 or 1 Locomotive) or by the Locomotive, green with the Locomotive
    # in a plain space (the symbol then a red pair); not Locomotives only: one is held
    assert entry.payments == (
        Payment("red", 0, 1, 1, {"red": 4}),
        Payment("red", 1, 1, 0, {"red": 2, "locomotive": 1}),
        Payment("blue", 0, 1, 1, {"red": 2, "blue": 2}),
        Payment("blue", 1, 1, 0, {"blue": 2, "locomotive": 1}),
        Payment("green", 1, 1, 1, {"red": 2, "green": 1, "locomotive": 1}),
    )
    for payment in entry.payments:
        assert payment.cards is not None
        assert _claim(state, ClaimRoute(NORTH_FJORD, cards=payment.cards)).paid == payment.cards
    claimed = _claim(state, entry.command)  # type: ignore[arg-type]
    assert claimed.paid == entry.command.cards  # type: ignore[union-attr]


def test_a_doubled_space_costs_a_pair_wilds_standing_in() -> None:
    state = _playing(2, red=3, blue=3, green=1, locomotive=2)
    for paid in ({"red": 2, "blue": 2}, {"red": 1, "locomotive": 1, "blue": 2},
                 {"red": 1, "green": 1, "locomotive": 2}, {"blue": 3, "locomotive": 1}):
        claimed = _claim(state, ClaimRoute(HARBOUR_FORD, cards=paid))
        assert claimed.cards == 4 and claimed.points == 2  # points by length, not cards
    for paid in ({"red": 3, "blue": 1}, {"red": 2, "blue": 1}, {"red": 2, "blue": 2, "green": 1}):
        assert _refusal(state, ClaimRoute(HARBOUR_FORD, cards=paid)) == "bad-payment", paid
    # a coloured route: the plain spaces in its colour, the doubled one any pair
    assert _claim(state, ClaimRoute(RIDGE_PEAK, cards={"blue": 2, "red": 2})).cards == 4
    assert _refusal(state, ClaimRoute(RIDGE_PEAK, cards={"red": 3, "locomotive": 1})) == (
        "bad-payment")
    entry = _entry(state, RIDGE_PEAK)
    assert entry is not None and entry.payments is not None
    assert [p.colour for p in entry.payments] == ["blue", None]


def test_one_colour_routes_take_the_cards_form_too() -> None:
    state = _playing(2, yellow=3, locomotive=1)
    peak_vale = _route("peak", "vale")[0]  # a yellow tunnel: the cards form lays them down
    mill_vale = _route("mill", "vale")
    yellow = next(r for r in mill_vale if BOARD.colours[BOARD.route_colour[r]] == "yellow")
    claimed = _claim(state, ClaimRoute(yellow, cards={"yellow": 1, "locomotive": 1}))
    assert (claimed.colour, claimed.locomotives, claimed.cards, claimed.paid) == (
        "yellow", 1, 2, None)
    assert _refusal(state, ClaimRoute(yellow, cards={"yellow": 3})) == "bad-payment"
    assert _refusal(state, ClaimRoute(yellow, "yellow", cards={"yellow": 2})) == "bad-payment"
    assert _refusal(state, ClaimRoute(peak_vale, cards={"yellow": 1, "red": 2})) in {
        "wrong-colour", "not-enough-cards"}


def test_random_games_use_pairs_doubled_spaces_three_city_tickets_ships_and_both_decks() -> None:
    seen = {"pairs": 0, "doubled": 0, "three-city ticket scored": 0, "ships": 0, "sea": 0,
            "double-ship cards": 0, "ship cards drawn blind": 0, "refill chosen": 0}
    for game in range(12):
        seats = 2 + game % 3
        state, log = play_random_game(RULES, Setup(seats, BOARD.id),
                                      Seed(bytes([game]) * 32), random.Random(game))
        for event in log:
            if isinstance(event, RouteClaimed) and event.paid is not None:
                if BOARD.route_kind[event.route] == SEA:
                    seen["sea"] += 1
                    seen["double-ship cards"] += sum(
                        n for name, n in event.paid.items() if name.endswith("double-ship"))
                else:
                    seen["doubled" if BOARD.route_doubled[event.route] else "pairs"] += 1
            if isinstance(event, BlindDrawn) and event.deck == "ship":
                seen["ship cards drawn blind"] += 1
            if isinstance(event, SlotRefilled):
                seen["refill chosen"] += 1
            if isinstance(event, RouteClaimed) and BOARD.route_piece[event.route] == SHIPS:
                seen["ships"] += 1
        end = log[-1]
        assert isinstance(end, GameEnded) and state.phase == "finished"
        for seat, tickets in enumerate(end.tickets):
            seen["three-city ticket scored"] += sum(
                1 for t in tickets if len(BOARD.ticket_cities[t]) == 3)
            assert len(end.scores[seat].completed) == len(tickets)
    assert all(seen.values()), seen


def test_refusals_cite_the_map_s_own_rulebook_where_it_numbers_otherwise() -> None:
    state = _playing(2, red=3)
    sections = {}
    for seat, command in ((0, ClaimRoute(NORTH_FJORD, cards={"red": 3})),  # bad ferry payment
                          (1, ClaimRoute(NORTH_FJORD, cards={"red": 4}))):  # not seat 1's turn
        with pytest.raises(RuleViolation) as refused:
            RULES.decide(state, seat, command, SEED)
        sections[refused.value.code] = refused.value.section
    assert sections == {"bad-payment": "synthetic §4 (ferries)", "not-your-turn": "§3"}


def test_a_route_is_laid_with_its_own_piece_kind_and_the_view_counts_them() -> None:
    state = _playing(2, locomotive=1)
    assert state.rules.pieces == ("trains", "stations", "ships")
    assert state.players[0].pieces == [22, 2, 6]
    assert BOARD.route_piece[FJORD_ISLE] == SHIPS and BOARD.route_piece[NORTH_FJORD] == TRAINS
    for event in RULES.decide(state, 0, ClaimRoute(FJORD_ISLE, cards={"locomotive": 1}), SEED):
        state = RULES.evolve(state, event)
    assert state.players[0].pieces == [22, 2, 5]
    seat = public_view(BOARD, state).seats[0]
    assert (seat.trains, seat.stations, seat.pieces) == (22, 2, {"ships": 5})
    assert msgspec.json.decode(msgspec.json.encode(seat))["pieces"] == {"ships": 5}


def test_a_route_needs_enough_pieces_of_its_own_kind() -> None:
    state = _playing(2, locomotive=4, red=2)
    state.players[0].pieces = [22, 2, 3]  # trains for any route, 3 ships
    assert _entry(state, ISLE_CAPE) is None
    assert _refusal(state, ClaimRoute(ISLE_CAPE, cards={"locomotive": 4})) == "not-enough-ships"
    state.players[0].pieces = [1, 2, 6]  # ships for any ship route, 1 train
    assert _entry(state, ISLE_CAPE) is not None and _entry(state, FJORD_ISLE) is not None
    red = next(r for r in MILL_VALE if BOARD.colours[BOARD.route_colour[r]] == "red")
    assert _entry(state, red) is None
    assert _refusal(state, ClaimRoute(red, cards={"red": 2})) == "not-enough-trains"


@pytest.mark.parametrize(
    ("trains", "ships", "triggered"), [(2, 1, False), (1, 1, True), (0, 2, True), (2, 0, True)]
)
def test_the_end_is_triggered_by_the_trains_and_ships_left_together(
    trains: int, ships: int, triggered: bool
) -> None:
    state = _playing(2, locomotive=1)
    state.players[0].pieces = [trains, 2, ships + 1]
    for event in RULES.decide(state, 0, ClaimRoute(FJORD_ISLE, cards={"locomotive": 1}), SEED):
        state = RULES.evolve(state, event)
    assert state.players[0].pieces == [trains, 2, ships]
    assert state.turns_left == (2 if triggered else -1)


def test_an_integer_option_sets_its_rule_within_its_range() -> None:
    from domain.ticket_to_ride.ruleset import ruleset_of

    (option,) = RULES.descriptor.options
    assert (option.name, option.type, option.default) == ("short-game", "integer", 22)
    short = ruleset_of(BOARD, Setup(seats=2, map="synthetic", options={"short-game": 14}))
    assert short.trains == 14
    assert ruleset_of(BOARD, Setup(seats=2, map="synthetic")).trains == 22
    setup = Setup(seats=2, map="synthetic", options={"short-game": 14})
    state = None
    for event in RULES.start(setup, Seed(b"\x07" * 32)):
        state = RULES.evolve(state, event)
    assert state is not None and [p.pieces[TRAINS] for p in state.players] == [14, 14]
    for value, refusal in ((True, "is an integer"), ("14", "is an integer"),
                           (11, "from 12 to 22"), (23, "from 12 to 22")):
        with pytest.raises(RuleViolation, match=refusal):
            RULES.check_setup(Setup(seats=2, map="synthetic", options={"short-game": value}))
