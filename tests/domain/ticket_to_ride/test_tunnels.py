"""Tunnels (Europe rules.md §5.4, §10, §12): the normal cost laid down, the 3-card reveal,
the extra cost for each card of the colour used and each Locomotive, paying or
withdrawing, the revealed cards discarded before the end-of-turn refill (§4.4), and a
reveal with too few cards, on Europe and on a map of a train and a ship deck (the synthetic
map), where only the train deck is revealed.

A tunnel that triggers the end, or is the last turn, is in `test_end_of_game.py`; the
extra payments listed against those `decide` accepts in `test_legal_moves.py`.
"""

from __future__ import annotations

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import TRAINS
from domain.ticket_to_ride.commands import ClaimRoute, PayTunnel, WithdrawTunnel
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.events import (
    DisplayRefilled,
    RouteClaimed,
    TunnelAttempted,
    TunnelWithdrawn,
)

from .europe import AMSTERDAM_BRUXELLES, MADRID_PAMPLONA_BLACK, PARIS_ZURICH
from .handmade import card, cards, commands, hand, make_state, names, play, refused
from .synthetic import SYNTHETIC, market_state

# --- §5.4 steps 1-4, 7: the reveal and the extra cost ---------------------------------------


def test_each_revealed_card_of_the_colour_used_and_each_locomotive_adds_a_card() -> None:
    """The rulebook's example: of 3 revealed cards a black and a Locomotive match, so 2
    extra cards are due; paid (one of them a Locomotive), the route is claimed for its
    length in trains and points, and the payment and revealed cards are discarded."""
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
    assert player.pieces[TRAINS] == 45 - 3 and player.score == 4
    # the payment and the three revealed cards are discarded; the display is untouched
    assert state.discard == hand(black=5, locomotive=2, red=1)
    assert state.deck == [] and state.tunnel is None and state.current == 1


def test_no_match_claims_the_tunnel_at_once() -> None:
    state = make_state(hands=[hand(black=3), hand()], deck=["red", "red", "green"])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert isinstance(events[0], TunnelAttempted) and events[0].extra == 0
    assert events[1] == RouteClaimed(0, MADRID_PAMPLONA_BLACK, "black", 0, 3, 4)
    assert state.route_owner[MADRID_PAMPLONA_BLACK] == 0
    assert state.discard == hand(black=3, red=2, green=1)


def test_a_gray_tunnel_s_colour_is_fixed_by_the_cards_laid_down() -> None:
    """§5.4 Resolved: red laid down, so the revealed red and Locomotive match and the blue
    does not, though the hand holds blue cards; the extra may not be paid in blue."""
    state = make_state(hands=[hand(red=4, blue=5), hand()], deck=["blue", "red", "locomotive"])
    events, state = play(state, 0, ClaimRoute(PARIS_ZURICH, "red", 0))
    assert isinstance(events[0], TunnelAttempted) and events[0].extra == 2
    assert commands(state) == [WithdrawTunnel()]
    assert refused(state, 0, PayTunnel(0)).code == "not-enough-cards"


def test_other_commands_wait_for_the_tunnel_decision() -> None:
    state = make_state(hands=[hand(black=4), hand()], deck=["black", "red", "red"])
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert state.tunnel is not None and state.tunnel.colour == card("black")
    other = ClaimRoute(AMSTERDAM_BRUXELLES, "black", 0)
    pending = refused(state, 0, other)
    assert (pending.code, pending.section) == ("tunnel-pending", "§5.4")


# --- §5.4 step 6: paying with Locomotives only ---------------------------------------------


def test_an_all_locomotive_tunnel_counts_only_revealed_locomotives() -> None:
    state = make_state(
        hands=[hand(locomotive=5, black=2), hand()], deck=["black", "black", "locomotive"]
    )
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 3))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted) and attempt.colour is None
    assert attempt.extra == 1
    assert RULES.legal_moves(state, 0)[0].payments == (Payment(None, 1, 1),)
    only = refused(state, 0, PayTunnel(0))
    assert (only.code, only.section) == ("locomotives-only", "§5.4")
    events, state = play(state, 0, PayTunnel(1))
    assert events[0] == RouteClaimed(0, MADRID_PAMPLONA_BLACK, None, 4, 4, 4)
    assert state.players[0].hand == hand(locomotive=1, black=2)


def test_a_gray_tunnel_paid_with_locomotives_only_counts_only_revealed_locomotives() -> None:
    """Step 6 on a gray tunnel: no colour used, so revealed red cards add nothing, the
    revealed Locomotive adds one, and it must be paid with a Locomotive."""
    state = make_state(hands=[hand(locomotive=4, red=3), hand()], deck=["red", "red", "locomotive"])
    events, state = play(state, 0, ClaimRoute(PARIS_ZURICH, None, 3))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted) and attempt.colour is None and attempt.extra == 1
    moves = RULES.legal_moves(state, 0)
    assert [m.command for m in moves] == [PayTunnel(1), WithdrawTunnel()]
    assert moves[0].payments == (Payment(None, 1, 1),)
    assert refused(state, 0, PayTunnel(0)).code == "locomotives-only"
    events, state = play(state, 0, PayTunnel(1))
    assert events[0] == RouteClaimed(0, PARIS_ZURICH, None, 4, 4, 4)
    assert state.players[0].hand == hand(red=3)


def test_an_all_locomotive_tunnel_without_enough_locomotives_can_only_withdraw() -> None:
    state = make_state(hands=[hand(locomotive=3, black=5), hand()], deck=["red", "locomotive"] * 2)
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 3))
    assert state.tunnel is not None and state.tunnel.extra == 2
    assert commands(state) == [WithdrawTunnel()]
    assert refused(state, 0, PayTunnel(2)).code == "not-enough-cards"


# --- §5.4 step 5, Resolved (failed attempt): withdrawing ------------------------------------


def test_withdrawing_keeps_the_cards_and_uses_up_the_turn() -> None:
    state = make_state(hands=[hand(black=3), hand()], deck=["black", "black", "green"])
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert commands(state) == [WithdrawTunnel()]
    assert refused(state, 0, PayTunnel(0)).code == "not-enough-cards"
    events, state = play(state, 0, WithdrawTunnel())
    assert events == [TunnelWithdrawn(0, MADRID_PAMPLONA_BLACK)]
    assert state.players[0].hand == hand(black=3)
    assert state.route_owner[MADRID_PAMPLONA_BLACK] == -1
    assert state.discard == hand(black=2, green=1)
    assert state.current == 1 and state.tunnel is None


def test_the_revealed_cards_reach_the_discards_before_the_end_of_turn_refill() -> None:
    """§5.4 step 5, §4.4: the display is untouched while the decision is pending; once
    the attempt is withdrawn its revealed cards are discarded, then the empty slots are
    filled from them (reshuffled)."""
    display = ["red", None, None, "green", "white"]
    state = make_state(
        display=display, hands=[hand(black=3), hand()], deck=["black"] * 2 + ["green"]
    )
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert events == [
        TunnelAttempted(0, MADRID_PAMPLONA_BLACK, "black", 0, ["green", "black", "black"], 2)
    ]
    assert names(state.display) == display
    events, state = play(state, 0, WithdrawTunnel())
    assert events[0] == TunnelWithdrawn(0, MADRID_PAMPLONA_BLACK)
    refill = events[1]
    assert isinstance(refill, DisplayRefilled) and len(refill.shuffles) == 1
    shuffled = refill.shuffles[0]
    assert sorted(shuffled.before) == ["black", "black", "green"]
    assert refill.display == ["red", shuffled.after[-1], shuffled.after[-2], "green", "white"]
    assert state.deck == cards(shuffled.after[0]) and sum(state.discard) == 0
    assert state.players[0].hand == hand(black=3) and state.current == 1


# --- §5.4 Resolved (fewer than 3 cards available), §10 ---------------------------------------


def test_a_short_pile_is_refilled_from_the_discards_without_the_laid_down_cards() -> None:
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


def test_an_empty_pile_reveals_only_the_reshuffled_discards_never_the_display() -> None:
    display = ["black", "black", "black", "black", "locomotive"]
    state = make_state(display=display, hands=[hand(black=3), hand()], discard=["red", "white"])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted) and sorted(attempt.revealed) == ["red", "white"]
    assert sorted(attempt.shuffles[0].before) == ["red", "white"] and attempt.extra == 0
    assert isinstance(events[1], RouteClaimed)
    assert names(state.display) == display
    assert state.discard == hand(black=3, red=1, white=1)


def test_with_fewer_cards_left_only_those_are_revealed() -> None:
    state = make_state(hands=[hand(black=4), hand()], deck=["black"])
    events, _ = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted)
    assert attempt.revealed == ["black"] and attempt.extra == 1


def test_with_no_card_to_reveal_the_tunnel_costs_its_base_cost() -> None:
    state = make_state(hands=[hand(black=3), hand()])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert isinstance(events[0], TunnelAttempted) and events[0].revealed == []
    assert isinstance(events[1], RouteClaimed)
    assert state.route_owner[MADRID_PAMPLONA_BLACK] == 0


def test_on_a_map_of_two_decks_a_tunnel_reveals_train_cards_never_ship_cards() -> None:
    """§5.4 turns the top of the draw pile, reshuffling its discards, and the cards that
    pay a tunnel are train cards: with a train and a ship deck, each with its own pile and
    discards reshuffled only into itself (World §2.1, §3.1), the tunnel's pile is the
    train deck. One train card in its discards is all there is to reveal; with the train
    pile and discards empty nothing is revealed, however many ship cards are left, and the
    tunnel costs its base cost (§5.4 Resolved, fewer than 3 cards)."""
    tunnel = SYNTHETIC.route("peak", "vale")
    laid = ClaimRoute(tunnel, cards={"yellow": 3})
    market = ("red", "blue", "green", "red-ship", "blue-double-ship")
    ships = ["red-double-ship", "green-ship"]
    state = market_state(display=market, ships=ships, train_discard=["yellow"],
                         hand=["yellow"] * 3)
    events, after = play(state, 0, laid, SYNTHETIC.rules)
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted)
    assert (attempt.revealed, attempt.extra) == (["yellow"], 1)
    assert [s.before for s in attempt.shuffles] == [("yellow",)]
    assert after.piles[0].draw == [SYNTHETIC.card(name) for name in ships]
    state = market_state(display=market, ships=ships, ship_discard=["blue-ship"],
                         hand=["yellow"] * 3)
    events, after = play(state, 0, laid, SYNTHETIC.rules)
    assert events[:2] == [TunnelAttempted(0, tunnel, "yellow", 0, [], 0),
                          RouteClaimed(0, tunnel, "yellow", 0, 3, 4)]
    assert after.route_owner[tunnel] == 0 and after.discard == SYNTHETIC.counts(["yellow"] * 3)
    assert after.piles[0].draw == [SYNTHETIC.card(name) for name in ships]
    assert after.piles[0].discard == SYNTHETIC.counts(["blue-ship"])
