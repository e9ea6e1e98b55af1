"""Tunnels (§5.4): the 3-card reveal, the extra cost, paying or withdrawing."""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ClaimRoute, PayTunnel, WithdrawTunnel
from domain.ticket_to_ride.events import RouteClaimed, TunnelAttempted, TunnelWithdrawn
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.moves import Payment

from .handmade import SEED, card, hand, make_state, play, route

MADRID_PAMPLONA_BLACK = route("madrid", "pamplona", "black")  # tunnel, 3 spaces
PARIS_ZURICH = route("paris", "zurich")  # gray tunnel, 3 spaces


def test_reveal_with_matching_cards_and_a_locomotive() -> None:
    """The rulebook example: 2 revealed cards match (a black and a Locomotive): 2 extra."""
    state = make_state(
        hands=[hand(black=5, locomotive=1), hand()], deck=["red", "black", "locomotive"]
    )
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert events == [
        TunnelAttempted(0, MADRID_PAMPLONA_BLACK, "black", 0, ["locomotive", "black", "red"], 2)
    ]
    assert state.tunnel is not None and state.tunnel.extra == 2
    assert RULES.to_act(state) == [0]
    moves = RULES.legal_moves(state, 0)
    assert [m.command for m in moves] == [PayTunnel(0), WithdrawTunnel()]
    assert moves[0].payments == (Payment("black", 0, 1),)
    events, state = play(state, 0, PayTunnel(1))
    assert events[0] == RouteClaimed(0, MADRID_PAMPLONA_BLACK, "black", 1, 5, 4)
    player = state.players[0]
    assert player.hand == hand(black=1)
    assert player.pieces[TRAINS] == 42 and player.score == 4
    # the payment and the three revealed cards are discarded; the display is untouched
    assert state.discard == hand(black=5, locomotive=2, red=1)
    assert state.deck == [] and state.tunnel is None and state.current == 1


def test_withdrawing_keeps_the_cards_and_uses_the_turn() -> None:
    state = make_state(hands=[hand(black=3), hand()], deck=["black", "black", "green"])
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert [m.command for m in RULES.legal_moves(state, 0)] == [WithdrawTunnel()]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, PayTunnel(0), SEED)
    assert caught.value.code == "not-enough-cards"
    events, state = play(state, 0, WithdrawTunnel())
    assert events == [TunnelWithdrawn(0, MADRID_PAMPLONA_BLACK)]
    assert state.players[0].hand == hand(black=3)
    assert state.route_owner[MADRID_PAMPLONA_BLACK] == -1
    assert state.discard == hand(black=2, green=1)
    assert state.current == 1 and state.tunnel is None


def test_no_match_claims_at_once() -> None:
    state = make_state(hands=[hand(black=3), hand()], deck=["red", "red", "green"])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert isinstance(events[0], TunnelAttempted) and events[0].extra == 0
    assert events[1] == RouteClaimed(0, MADRID_PAMPLONA_BLACK, "black", 0, 3, 4)
    assert state.route_owner[MADRID_PAMPLONA_BLACK] == 0
    assert state.discard == hand(black=3, red=2, green=1)


def test_gray_tunnel_colour_is_fixed_by_the_cards_laid_down() -> None:
    state = make_state(hands=[hand(red=4, blue=5), hand()], deck=["blue", "red", "locomotive"])
    events, state = play(state, 0, ClaimRoute(PARIS_ZURICH, "red", 0))
    # red and the Locomotive match; blue does not, though the hand holds blue cards
    assert isinstance(events[0], TunnelAttempted) and events[0].extra == 2
    assert [m.command for m in RULES.legal_moves(state, 0)] == [WithdrawTunnel()]
    with pytest.raises(RuleViolation):
        RULES.decide(state, 0, PayTunnel(0), SEED)


def test_all_locomotive_tunnel_counts_only_revealed_locomotives() -> None:
    state = make_state(
        hands=[hand(locomotive=5, black=2), hand()], deck=["black", "black", "locomotive"]
    )
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 3))
    assert isinstance(events[0], TunnelAttempted)
    assert events[0].colour is None and events[0].extra == 1
    assert RULES.legal_moves(state, 0)[0].payments == (Payment(None, 1, 1),)
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, PayTunnel(0), SEED)
    assert caught.value.code == "locomotives-only"
    events, state = play(state, 0, PayTunnel(1))
    assert events[0] == RouteClaimed(0, MADRID_PAMPLONA_BLACK, None, 4, 4, 4)
    assert state.players[0].hand == hand(locomotive=1, black=2)


def test_reveal_reshuffles_the_discards_but_not_the_laid_down_cards() -> None:
    """§5.4 Resolved: with the pile short, the discards are shuffled in and the reveal goes on."""
    state = make_state(hands=[hand(black=3), hand()], deck=["green"], discard=["red", "white"])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted)
    assert attempt.revealed[0] == "green"
    assert sorted(attempt.revealed[1:]) == ["red", "white"]
    assert len(attempt.shuffles) == 1 and sorted(attempt.shuffles[0].before) == ["red", "white"]
    assert attempt.extra == 0
    assert state.draws == 1
    # the laid-down black cards were never in the shuffle; all ends in the discards
    assert state.discard == hand(black=3, green=1, red=1, white=1)


def test_reveal_with_fewer_cards_available() -> None:
    state = make_state(hands=[hand(black=4), hand()], deck=["black"])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert isinstance(events[0], TunnelAttempted)
    assert events[0].revealed == ["black"] and events[0].extra == 1


def test_no_card_to_reveal_means_no_risk() -> None:
    state = make_state(hands=[hand(black=3), hand()])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert isinstance(events[0], TunnelAttempted) and events[0].revealed == []
    assert isinstance(events[1], RouteClaimed)
    assert state.route_owner[MADRID_PAMPLONA_BLACK] == 0


def test_other_commands_wait_for_the_tunnel_decision() -> None:
    state = make_state(hands=[hand(black=4), hand()], deck=["black", "red", "red"])
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, ClaimRoute(route("amsterdam", "bruxelles"), "black", 0), SEED)
    assert caught.value.code == "tunnel-pending"
    assert card("black") == state.tunnel.colour  # type: ignore[union-attr]
