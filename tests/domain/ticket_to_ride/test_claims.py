"""Claiming routes (Europe rules.md §5.1, §5.2, §5.5): paying, placing, scoring at once,
and double routes (track groups), with the rulebook's worked examples.

Ferries (§5.3) are in `test_ferries.py`, tunnels (§5.4) in `test_tunnels.py`; that the
legal entries list exactly the claims `decide` accepts is in `test_legal_moves.py`.
"""

from __future__ import annotations

import pytest

from domain.ticket_to_ride.board import TRAINS
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.events import RouteClaimed

from .europe import AMSTERDAM_ESSEN, KYIV_WILNO, PARIS_FRANKFURT_ORANGE, PARIS_FRANKFURT_WHITE
from .handmade import BOARD, card, claim_entry, hand, make_state, play, refused, route

# --- §5.1, §5.2: paying for a route ---------------------------------------------------


@pytest.mark.parametrize("locomotives", [0, 1, 2, 3])
def test_a_coloured_route_is_paid_in_its_colour_with_locomotives_wild(locomotives: int) -> None:
    """§5.2, the rulebook's 3-space yellow example: 3 yellow, 2 yellow + 1 Locomotive,
    1 yellow + 2 Locomotives or 3 Locomotives; §5.1: the cards are discarded, a train goes
    on each space and the route scores at once; the turn is over."""
    state = make_state(hands=[hand(yellow=3, locomotive=3), hand()])
    entry = claim_entry(state, AMSTERDAM_ESSEN)
    assert entry is not None and entry.payments == (Payment("yellow", 0, 3),)
    events, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", locomotives))
    colour = "yellow" if locomotives < 3 else None  # an all-Locomotive payment names none
    assert events[0] == RouteClaimed(0, AMSTERDAM_ESSEN, colour, locomotives, 3, 4)
    player = state.players[0]
    assert player.hand == hand(yellow=locomotives, locomotive=3 - locomotives)
    assert player.pieces[TRAINS] == 45 - 3 and player.score == 4
    assert player.routes == [AMSTERDAM_ESSEN] and state.route_owner[AMSTERDAM_ESSEN] == 0
    assert state.discard == hand(yellow=3 - locomotives, locomotive=locomotives)
    assert state.current == 1


def test_a_coloured_route_refuses_other_colours_and_short_payments() -> None:
    state = make_state(hands=[hand(yellow=2, red=3), hand()])
    assert claim_entry(state, AMSTERDAM_ESSEN) is None
    wrong = refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "red", 0))
    assert (wrong.code, wrong.section) == ("wrong-colour", "§5.2")
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)).code == "not-enough-cards"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 1)).code == "not-enough-cards"


def test_a_gray_route_takes_cards_of_any_one_colour() -> None:
    """§5.2, the rulebook's 2-space gray example: two cards of one colour, Locomotives
    wild, never two colours."""
    state = make_state(hands=[hand(red=2, blue=1, green=1, locomotive=1), hand()])
    entry = claim_entry(state, KYIV_WILNO)
    assert entry is not None
    assert entry.payments == (Payment("blue", 1, 1), Payment("green", 1, 1), Payment("red", 0, 1))
    assert refused(state, 0, ClaimRoute(KYIV_WILNO, "blue", 0)).code == "not-enough-cards"
    _, after = play(state.copy(), 0, ClaimRoute(KYIV_WILNO, "green", 1))
    assert after.players[0].hand == hand(red=2, blue=1)
    _, after = play(state, 0, ClaimRoute(KYIV_WILNO, "red", 0))
    assert after.players[0].hand == hand(blue=1, green=1, locomotive=1)
    assert after.players[0].score == 2


def test_a_gray_route_may_be_paid_with_locomotives_only() -> None:
    state = make_state(hands=[hand(locomotive=2), hand()])
    entry = claim_entry(state, KYIV_WILNO)
    assert entry is not None and entry.payments == (Payment(None, 2, 2),)
    events, after = play(state, 0, entry.command)
    assert events[0] == RouteClaimed(0, KYIV_WILNO, None, 2, 2, 2)
    assert after.players[0].hand == hand()


def test_an_all_locomotive_payment_names_no_other_colour() -> None:
    """§5.2: all Locomotives pay any route; naming another colour for them is refused,
    naming the route's own colour is the same payment."""
    state = make_state(hands=[hand(locomotive=3), hand()])
    assert refused(state, 0, ClaimRoute(KYIV_WILNO, "red", 2)).code == "wrong-colour"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "red", 3)).code == "wrong-colour"
    events, _ = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 3))
    assert events[0] == RouteClaimed(0, AMSTERDAM_ESSEN, None, 3, 3, 4)


def test_a_claim_may_name_its_cards_instead_of_a_colour() -> None:
    """§5.2 through the cards form of a claim: the same payments, the same refusals."""
    state = make_state(hands=[hand(yellow=2, red=1, locomotive=1), hand()])
    events, _ = play(state.copy(), 0,
                     ClaimRoute(AMSTERDAM_ESSEN, cards={"yellow": 2, "locomotive": 1}))
    assert events[0] == RouteClaimed(0, AMSTERDAM_ESSEN, "yellow", 1, 3, 4)
    mixed = ClaimRoute(AMSTERDAM_ESSEN, cards={"yellow": 2, "red": 1})
    assert refused(state, 0, mixed).code == "wrong-colour"
    short = ClaimRoute(AMSTERDAM_ESSEN, cards={"yellow": 2})
    assert refused(state, 0, short).code == "bad-payment"


@pytest.mark.parametrize(
    ("claimed", "points"),
    [
        (route("budapest", "wien", "white"), 1),
        (KYIV_WILNO, 2),
        (AMSTERDAM_ESSEN, 4),
        (route("barcelona", "marseille"), 7),
        (route("budapest", "kyiv"), 15),
        (route("petrograd", "stockholm"), 21),
    ],
)
def test_route_scoring_table(claimed: int, points: int) -> None:
    """§1's table (1, 2, 3, 4, 6, 8 spaces: 1, 2, 4, 7, 15, 21 points), scored at once;
    §5.1: any route may be claimed, joined to the player's others or not (two of these
    are tunnels: the red cards revealed add nothing to an all-Locomotive payment)."""
    length = BOARD.route_length[claimed]
    state = make_state(hands=[hand(locomotive=8), hand()], deck=["red"] * 3)
    events, after = play(state, 0, ClaimRoute(claimed, None, length))
    claim = events[-1]
    assert isinstance(claim, RouteClaimed) and claim.cards == length
    assert claim.points == points and after.players[0].score == points


def test_a_claimed_route_cannot_be_claimed_again() -> None:
    state = make_state(hands=[hand(yellow=3), hand(yellow=3)])
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert claim_entry(state, AMSTERDAM_ESSEN, seat=1) is None
    assert refused(state, 1, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)).code == "route-taken"


def test_not_enough_trains() -> None:
    """§5.1 Resolved: a player cannot claim a route longer than their trains left."""
    state = make_state(hands=[hand(yellow=3, red=2), hand()], trains=[2, 45])
    assert claim_entry(state, AMSTERDAM_ESSEN) is None
    assert claim_entry(state, KYIV_WILNO) is not None  # two spaces: two trains are enough
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)).code == "not-enough-trains"


def test_a_claim_out_of_turn_or_of_nothing_is_refused() -> None:
    state = make_state(hands=[hand(yellow=3), hand(yellow=3)])
    assert refused(state, 1, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0)).code == "not-your-turn"
    assert refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "pink", 0)).code == "unknown-colour"
    assert refused(state, 0, ClaimRoute(len(BOARD.route_a), "yellow", 0)).code == "no-such-route"


# --- §5.5: double routes ----------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_with_two_or_three_players_a_claimed_track_closes_the_other_for_everyone(
    seats: int,
) -> None:
    state = make_state(seats, hands=[hand(white=3, orange=3)] * seats)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0))
    for seat in range(seats):
        state.current = seat
        assert claim_entry(state, PARIS_FRANKFURT_WHITE, seat) is None
        closed = refused(state, seat, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0))
        assert (closed.code, closed.section) == ("double-route-closed", "§5.5")


@pytest.mark.parametrize("seats", [4, 5])
def test_with_four_or_five_players_another_player_may_claim_the_other_track(seats: int) -> None:
    state = make_state(seats, hands=[hand(white=3, orange=3)] * seats)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0))
    assert claim_entry(state, PARIS_FRANKFURT_ORANGE, seat=1) is not None
    _, state = play(state, 1, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0))
    assert state.route_owner[PARIS_FRANKFURT_ORANGE] == 1


def test_one_player_never_owns_both_tracks_of_a_double_route() -> None:
    state = make_state(4, hands=[hand(white=3, orange=3)] * 4)
    _, state = play(state, 0, ClaimRoute(PARIS_FRANKFURT_WHITE, "white", 0))
    state.current = 0
    assert claim_entry(state, PARIS_FRANKFURT_ORANGE) is None
    assert refused(state, 0, ClaimRoute(PARIS_FRANKFURT_ORANGE, "orange", 0)).code == (
        "double-route-closed"
    )
    assert state.players[0].hand[card("orange")] == 3  # the cards are there: the rule bars it
