"""Review tests: train card draws (§4), tunnel reveals (§5.4) and ferries (§5.3).

Each test covers a point of the rules that the first round of rule tests left
unchecked or checked only in part (see docs/rules-coverage-ticket-to-ride.md).
"""

from __future__ import annotations

import random

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard, PayTunnel, WithdrawTunnel
from domain.ticket_to_ride.events import (
    CardDrawn,
    DisplayRefilled,
    GameStarted,
    RouteClaimed,
    TunnelAttempted,
    TunnelWithdrawn,
)
from domain.ticket_to_ride.moves import Payment

from .handmade import LOCO, SEED, card, cards, hand, make_state, names, play, route

MADRID_PAMPLONA_BLACK = route("madrid", "pamplona", "black")  # tunnel, 3 spaces
PARIS_ZURICH = route("paris", "zurich")  # gray tunnel, 3 spaces
ATHINA_SMYRNA = route("athina", "smyrna")  # ferry, 2 spaces, 1 Locomotive symbol


def commands(state, seat=0):  # type: ignore[no-untyped-def]
    return [m.command for m in RULES.legal_moves(state, seat)]


def refused(state, seat, command) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)
    return caught.value.code


def _all_cards(state) -> list[int]:  # type: ignore[no-untyped-def]
    """Display, pile and discards together, sorted."""
    out = [c for c in state.display if c >= 0] + list(state.deck)
    for index, count in enumerate(state.discard):
        out += [index] * count
    return sorted(out)


def test_mid_draw_reset_then_the_second_card_is_never_a_face_up_locomotive() -> None:
    """§4.3: the reset comes before the second card, which is chosen from the new display
    and still may not be a face-up Locomotive (§4.2)."""
    display = ["red", "locomotive", "locomotive", "white", "black"]
    deck = ["green", "blue", "locomotive", "orange", "yellow", "locomotive"]  # top: last
    state = make_state(display=display, deck=deck)
    events, state = play(state, 0, DrawCard(0))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets == 1 and not drawn.turn_over
    assert drawn.display == ["yellow", "orange", "locomotive", "blue", "green"]
    assert state.drawn == 1 and state.current == 0
    # the blind draw stays open (the reset put five cards on the discard pile)
    assert commands(state) == [DrawCard(None), DrawCard(0), DrawCard(1), DrawCard(3), DrawCard(4)]
    assert refused(state, 0, DrawCard(2)) == "locomotive-second"
    _, state = play(state, 0, DrawCard(1))
    assert state.players[0].hand == hand(red=1, orange=1) and state.current == 1


def test_reset_guard_counts_display_pile_and_discards_together() -> None:
    """§4.3 Resolved: with only 2 non-Locomotives anywhere there is no reset; one more in
    the discard pile makes a good display possible, so the reset runs (reshuffling)."""
    display = ["red", "locomotive", "locomotive", "white", "black"]
    state = make_state(display=display, deck=["locomotive"])
    events, after = play(state, 0, DrawCard(0))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets == 0
    assert drawn.display == ["locomotive", "locomotive", "locomotive", "white", "black"]
    # both piles are now empty: the second card is one of the two face-up non-Locomotives
    assert commands(after) == [DrawCard(3), DrawCard(4)]

    state = make_state(display=display, deck=["locomotive"], discard=["green"])
    events, after = play(state, 0, DrawCard(0))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets >= 1 and drawn.shuffles
    assert after.display.count(LOCO) < 3
    assert _all_cards(after) == sorted(cards(*["locomotive"] * 3, "white", "black", "green"))


def test_an_unchanged_display_is_not_checked_again() -> None:
    """§4.3: the check runs when the display changes; a display the guard left with three
    Locomotives stays while other actions fill the discards, until a card is taken."""
    display = ["locomotive", "locomotive", "locomotive", "white", "black"]
    state = make_state(display=display, hands=[hand(yellow=3), hand()])
    _, state = play(state, 0, ClaimRoute(route("amsterdam", "essen"), "yellow", 0))
    assert names(state.display) == display and state.discard == hand(yellow=3)
    events, state = play(state, 1, DrawCard(3))  # takes white: the gap is filled, check runs
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets >= 1
    assert state.display.count(LOCO) < 3


def test_end_of_turn_refill_after_a_withdrawn_tunnel_uses_the_revealed_cards() -> None:
    """§4.4/§5.4: the revealed cards reach the discard pile before the empty slots are
    refilled; the display is untouched while the tunnel decision is pending."""
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


def test_reveal_from_an_empty_pile_shuffles_only_the_discards() -> None:
    """§5.4 Resolved: pile empty, 2 cards discarded: the reveal reshuffles and shows only
    those 2; the laid-down cards and the face-up display take no part."""
    display = ["black", "black", "black", "black", "locomotive"]
    state = make_state(display=display, hands=[hand(black=3), hand()], discard=["red", "white"])
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted) and sorted(attempt.revealed) == ["red", "white"]
    assert sorted(attempt.shuffles[0].before) == ["red", "white"] and attempt.extra == 0
    assert isinstance(events[1], RouteClaimed)
    assert names(state.display) == display
    assert state.discard == hand(black=3, red=1, white=1)


def test_gray_tunnel_paid_with_locomotives_only_counts_revealed_locomotives() -> None:
    """§5.4 step 6 on a gray tunnel: no colour used, so revealed red cards add nothing,
    the revealed Locomotive adds one, and it must be paid with a Locomotive."""
    state = make_state(hands=[hand(locomotive=4, red=3), hand()], deck=["red", "red", "locomotive"])
    events, state = play(state, 0, ClaimRoute(PARIS_ZURICH, None, 3))
    attempt = events[0]
    assert isinstance(attempt, TunnelAttempted) and attempt.colour is None and attempt.extra == 1
    moves = RULES.legal_moves(state, 0)
    assert [m.command for m in moves] == [PayTunnel(1), WithdrawTunnel()]
    assert moves[0].payments == (Payment(None, 1, 1),)
    assert refused(state, 0, PayTunnel(0)) == "locomotives-only"
    events, state = play(state, 0, PayTunnel(1))
    assert events[0] == RouteClaimed(0, PARIS_ZURICH, None, 4, 4, 4)
    assert state.players[0].hand == hand(red=3)


def test_all_locomotive_tunnel_without_enough_locomotives_can_only_withdraw() -> None:
    state = make_state(hands=[hand(locomotive=3, black=5), hand()], deck=["red", "locomotive"] * 2)
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 3))
    assert state.tunnel is not None and state.tunnel.extra == 2
    assert commands(state) == [WithdrawTunnel()]
    assert refused(state, 0, PayTunnel(2)) == "not-enough-cards"


def test_one_symbol_ferry_payments() -> None:
    """§5.3: one real Locomotive per symbol; the rest one colour with Locomotives wild, or
    all Locomotives; no substitute for the Locomotive."""
    state = make_state(hands=[hand(red=2, locomotive=1), hand()])
    entries = [
        m for m in RULES.legal_moves(state, 0) if m.command == ClaimRoute(ATHINA_SMYRNA, "red", 1)
    ]
    assert entries and entries[0].payments == (Payment("red", 1, 1),)
    assert refused(state, 0, ClaimRoute(ATHINA_SMYRNA, "red", 0)) == "ferry-locomotives"
    events, _ = play(state, 0, ClaimRoute(ATHINA_SMYRNA, "red", 1))
    assert events[0] == RouteClaimed(0, ATHINA_SMYRNA, "red", 1, 2, 2)
    events, _ = play(
        make_state(hands=[hand(locomotive=2), hand()]), 0, ClaimRoute(ATHINA_SMYRNA, None, 2)
    )
    assert events[0] == RouteClaimed(0, ATHINA_SMYRNA, None, 2, 2, 2)
    no_locomotive = make_state(hands=[hand(red=5), hand()])
    assert all(
        not (isinstance(c, ClaimRoute) and c.route == ATHINA_SMYRNA)
        for c in commands(no_locomotive)
    )


def test_opening_display_with_three_locomotives_is_reset() -> None:
    """§2.3: the opening applies the 3-Locomotive reset; the first seed (of a fixed list)
    whose first five face-up cards hold 3+ Locomotives shows a display without them."""
    for i in range(400):
        seed = Seed(i.to_bytes(32, "big"))
        opening = RULES.start(Setup(2, "europe", "standard"), seed)[0]
        assert isinstance(opening, GameStarted)
        dealt = 2 * 4
        first_five = opening.cards.after[-dealt - 5 : -dealt]
        if first_five.count("locomotive") >= 3:
            break
    else:
        raise AssertionError("no opening with three face-up Locomotives in 400 seeds")
    assert opening.display.count("locomotive") < 3
    assert opening.display != list(reversed(first_five))
    state = RULES.evolve(None, opening)
    assert names(state.display) == opening.display
    assert state.discard[card("locomotive")] + state.deck.count(LOCO) >= 3
    assert len(_all_cards(state)) == 110 - dealt


def test_card_draws_listed_are_exactly_those_decide_accepts() -> None:
    """§4: for random small piles and displays (Locomotives, empty slots), the first and the
    second card offered by the legal moves are exactly the draws `decide` accepts."""
    chooser = random.Random(11)
    pool = ["red", "blue", "locomotive", "locomotive", None]
    options = [DrawCard(None), *(DrawCard(s) for s in range(5))]
    checked_second = 0
    for _ in range(60):
        display = [chooser.choice(pool) for _ in range(5)]
        deck = [chooser.choice(["red", "locomotive"]) for _ in range(chooser.choice([0, 0, 1, 2]))]
        discard = ["green"] * chooser.choice([0, 0, 1])
        state = make_state(display=display, deck=deck, discard=discard)
        for _ in range(2):
            if state.current != 0 or state.players[0].offered:
                break
            accepted = []
            for command in options:
                try:
                    RULES.decide(state, 0, command, SEED)
                except RuleViolation:
                    continue
                accepted.append(command)
            listed = [c for c in commands(state) if isinstance(c, DrawCard)]
            assert listed == accepted, (display, deck, discard, state.drawn)
            if not accepted:
                break
            checked_second += state.drawn
            _, state = play(state, 0, chooser.choice(accepted))
    assert checked_second > 10
