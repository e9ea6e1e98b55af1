"""Claiming routes (§5.1-5.3, §5.5), with the rulebook's worked examples."""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.events import RouteClaimed
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.moves import Payment

from .handmade import BOARD, SEED, card, hand, make_state, play, route


def claim_entry(state, seat, r):  # type: ignore[no-untyped-def]
    found = [
        m
        for m in RULES.legal_moves(state, seat)
        if isinstance(m.command, ClaimRoute) and m.command.route == r
    ]
    return found[0] if found else None


def refused(state, seat, command) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)
    return caught.value.code


AMSTERDAM_ESSEN = route("amsterdam", "essen")  # 3 spaces, yellow


@pytest.mark.parametrize("locomotives", [0, 1, 2, 3])
def test_yellow_route_four_payments(locomotives: int) -> None:
    """A 3-space yellow route: 3 yellow, 2 yellow + 1 Loco, 1 yellow + 2 Locos, or 3 Locos."""
    state = make_state(hands=[hand(yellow=3, locomotive=3), hand()])
    entry = claim_entry(state, 0, AMSTERDAM_ESSEN)
    assert entry is not None and entry.payments == (Payment("yellow", 0, 3),)
    events, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", locomotives))
    assert events[0] == RouteClaimed(
        0, AMSTERDAM_ESSEN, "yellow" if locomotives < 3 else None, locomotives, 3, 4
    )
    player = state.players[0]
    assert player.hand[card("yellow")] == locomotives
    assert player.hand[card("locomotive")] == 3 - locomotives
    assert player.pieces[TRAINS] == 42 and player.score == 4 and player.routes == [AMSTERDAM_ESSEN]
    assert state.route_owner[AMSTERDAM_ESSEN] == 0
    assert state.discard[card("yellow")] == 3 - locomotives
    assert state.current == 1


def test_coloured_route_refuses_other_colours_and_short_hands() -> None:
    state = make_state(hands=[hand(yellow=2, red=3, locomotive=0), hand()])
    assert claim_entry(state, 0, AMSTERDAM_ESSEN) is None
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "red", 0)) == "wrong-colour"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)) == "not-enough-cards"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 1)) == "not-enough-cards"


WILNO_KYIV = route("kyiv", "wilno")  # 2 spaces, gray


def test_gray_route_takes_any_one_colour() -> None:
    """A 2-space gray route: two cards of one colour, Locomotives wild, never two colours."""
    state = make_state(hands=[hand(red=2, blue=1, green=1, locomotive=1), hand()])
    entry = claim_entry(state, 0, WILNO_KYIV)
    assert entry is not None
    assert entry.payments == (Payment("blue", 1, 1), Payment("green", 1, 1), Payment("red", 0, 1))
    assert refused(state, 0, ClaimRoute(WILNO_KYIV, "blue", 0)) == "not-enough-cards"
    _, after = play(state, 0, ClaimRoute(WILNO_KYIV, "green", 1))
    assert after.players[0].hand == hand(red=2, blue=1)
    _, after = play(state, 0, ClaimRoute(WILNO_KYIV, "red", 0))
    assert after.players[0].hand == hand(blue=1, green=1, locomotive=1)
    assert after.players[0].score == 2


def test_all_locomotive_payment_of_a_gray_route() -> None:
    state = make_state(hands=[hand(locomotive=2), hand()])
    entry = claim_entry(state, 0, WILNO_KYIV)
    assert entry is not None and entry.payments == (Payment(None, 2, 2),)
    events, after = play(state, 0, entry.command)
    assert events[0] == RouteClaimed(0, WILNO_KYIV, None, 2, 2, 2)
    assert after.players[0].hand == hand()


SMYRNA_PALERMO = route("palermo", "smyrna")  # ferry, 6 spaces, 2 Locomotive symbols


def test_ferry_needs_its_locomotives() -> None:
    """Smyrna-Palermo: 2 Locomotives + 4 cards of one colour."""
    state = make_state(hands=[hand(green=5, locomotive=2), hand()])
    entry = claim_entry(state, 0, SMYRNA_PALERMO)
    assert entry is not None and entry.payments == (Payment("green", 2, 2),)
    assert refused(state, 0, ClaimRoute(SMYRNA_PALERMO, "green", 1)) == "ferry-locomotives"
    events, after = play(state, 0, ClaimRoute(SMYRNA_PALERMO, "green", 2))
    assert events[0] == RouteClaimed(0, SMYRNA_PALERMO, "green", 2, 6, 15)
    assert after.players[0].hand == hand(green=1)
    assert after.players[0].score == 15


def test_ferry_not_offered_without_enough_locomotives() -> None:
    state = make_state(hands=[hand(green=8, locomotive=1), hand()])
    assert claim_entry(state, 0, SMYRNA_PALERMO) is None


@pytest.mark.parametrize(
    ("length_route", "points"),
    [
        (route("budapest", "wien", "white"), 1),
        (WILNO_KYIV, 2),
        (AMSTERDAM_ESSEN, 4),
        (route("barcelona", "marseille"), 7),
        (route("budapest", "kyiv"), 15),
        (route("petrograd", "stockholm"), 21),
    ],
)
def test_route_scoring_table(length_route: int, points: int) -> None:
    state = make_state(hands=[hand(locomotive=8), hand()], deck=["red"] * 3)
    length = BOARD.route_length[length_route]
    events, after = play(state, 0, ClaimRoute(length_route, None, length))
    claimed = [e for e in events if isinstance(e, RouteClaimed)]
    assert claimed and claimed[0].points == points and after.players[0].score == points


def test_route_already_claimed() -> None:
    state = make_state(hands=[hand(yellow=3), hand(yellow=3)])
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert claim_entry(state, 1, AMSTERDAM_ESSEN) is None
    assert refused(state, 1, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)) == "route-taken"


def test_not_enough_trains() -> None:
    """§5.1 Resolved: no route longer than the trains left."""
    state = make_state(hands=[hand(yellow=3), hand()], trains=[2, 45])
    assert claim_entry(state, 0, AMSTERDAM_ESSEN) is None
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)) == "not-enough-trains"


PARIS_FRANKFURT_WHITE = route("frankfurt", "paris", "white")
PARIS_FRANKFURT_ORANGE = route("frankfurt", "paris", "orange")


@pytest.mark.parametrize("seats", [2, 3])
def test_double_route_closes_with_two_or_three_players(seats: int) -> None:
    hands = [hand(white=3, orange=3)] * seats
    state = make_state(seats, hands=hands)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0))
    assert claim_entry(state, 1, PARIS_FRANKFURT_ORANGE) is None
    code = refused(state, 1, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0))
    assert code == "double-route-closed"


@pytest.mark.parametrize("seats", [4, 5])
def test_double_route_open_to_another_player_with_four_or_five(seats: int) -> None:
    hands = [hand(white=3, orange=3)] * seats
    state = make_state(seats, hands=hands)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0))
    assert claim_entry(state, 1, PARIS_FRANKFURT_ORANGE) is not None
    _, state = play(state, 1, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0))
    assert state.route_owner[PARIS_FRANKFURT_ORANGE] == 1


def test_one_player_never_owns_both_tracks() -> None:
    state = make_state(4, hands=[hand(white=3, orange=3)] * 4)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0))
    state.current = 0
    assert claim_entry(state, 0, PARIS_FRANKFURT_ORANGE) is None
    code = refused(state, 0, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0))
    assert code == "double-route-closed"


def test_not_your_turn_and_unknown_colour() -> None:
    state = make_state(hands=[hand(yellow=3), hand(yellow=3)])
    assert refused(state, 1, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)) == "not-your-turn"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "pink", 0)) == "unknown-colour"
    assert refused(state, 0, ClaimRoute(999, "yellow", 0)) == "no-such-route"


def test_legal_claims_are_accepted_for_every_payment() -> None:
    """Every colour and Locomotive count a legal entry lists is accepted by decide."""
    state = make_state(hands=[hand(red=3, blue=2, yellow=4, locomotive=2), hand()])
    for move in RULES.legal_moves(state, 0):
        if not isinstance(move.command, ClaimRoute):
            continue
        assert move.payments
        for payment in move.payments:
            for n in range(payment.min_locomotives, payment.max_locomotives + 1):
                command = ClaimRoute(move.command.route, payment.colour, n)
                assert RULES.decide(state, 0, command, SEED)


def test_all_locomotive_payment_names_no_other_colour() -> None:
    state = make_state(hands=[hand(locomotive=3), hand()])
    assert refused(state, 0, ClaimRoute(WILNO_KYIV, "red", 2)) == "wrong-colour"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "red", 3)) == "wrong-colour"
    events, _ = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 3))
    assert events[0] == RouteClaimed(0, AMSTERDAM_ESSEN, None, 3, 3, 4)
