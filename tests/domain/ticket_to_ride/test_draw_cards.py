"""Drawing train cards (§4): Locomotive restrictions, resets, running out of cards."""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.cardflow import fill_display
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard, DrawTickets
from domain.ticket_to_ride.events import CardDrawn, DisplayRefilled

from .handmade import LOCO, SEED, cards, hand, make_state, names, play, route


def commands(state, seat=0):  # type: ignore[no-untyped-def]
    return [m.command for m in RULES.legal_moves(state, seat)]


def refused(state, seat, command) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)
    return caught.value.code


def test_two_blind_cards() -> None:
    state = make_state(deck=["green", "red", "blue"])
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "blue", False)]
    assert state.drawn == 1 and state.current == 0
    assert commands(state) == [DrawCard(None)] + [DrawCard(s) for s in range(5)]
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "red", True)]
    assert state.players[0].hand == hand(blue=1, red=1)
    assert state.current == 1 and state.drawn == 0 and state.deck == cards("green")


def test_face_up_card_is_replaced_at_once() -> None:
    state = make_state(deck=["white", "orange"])
    events, state = play(state, 0, DrawCard(1))
    assert events == [
        CardDrawn(0, 1, "blue", False, display=["red", "orange", "green", "white", "black"])
    ]
    assert state.players[0].hand == hand(blue=1)
    # the second card may be the refill
    events, state = play(state, 0, DrawCard(1))
    assert state.players[0].hand == hand(blue=1, orange=1) and state.current == 1


def test_face_up_locomotive_first_ends_the_draw() -> None:
    state = make_state(
        display=["red", "locomotive", "green", "white", "black"], deck=["blue", "orange"]
    )
    events, state = play(state, 0, DrawCard(1))
    assert isinstance(events[0], CardDrawn) and events[0].turn_over
    assert state.players[0].hand == hand(locomotive=1)
    assert state.current == 1


def test_face_up_locomotive_never_second() -> None:
    state = make_state(
        display=["red", "locomotive", "green", "white", "black"], deck=["blue", "orange"]
    )
    _, state = play(state, 0, DrawCard(0))
    assert DrawCard(1) not in commands(state)
    assert refused(state, 0, DrawCard(1)) == "locomotive-second"


def test_refilled_locomotive_cannot_be_the_second_card() -> None:
    state = make_state(deck=["blue", "locomotive"])
    _, state = play(state, 0, DrawCard(2))
    assert state.display[2] == LOCO
    assert refused(state, 0, DrawCard(2)) == "locomotive-second"
    assert DrawCard(None) in commands(state)


def test_blind_locomotive_counts_as_one_card() -> None:
    state = make_state(deck=["red", "locomotive"])
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "locomotive", False)] and state.drawn == 1
    _, state = play(state, 0, DrawCard())
    assert state.players[0].hand == hand(locomotive=1, red=1)


def test_only_draw_cards_after_the_first_card() -> None:
    state = make_state(deck=["red", "red", "red"], hands=[hand(yellow=3), hand()])
    _, state = play(state, 0, DrawCard())
    assert refused(state, 0, DrawTickets()) == "draw-second-card"
    assert refused(state, 0, ClaimRoute(route("amsterdam", "essen"), "yellow", 0)) == (
        "draw-second-card"
    )


def test_three_locomotives_reset_the_display_mid_draw() -> None:
    """After the refill shows a third Locomotive, all five go and five new are turned."""
    display = ["red", "locomotive", "locomotive", "white", "black"]
    deck = ["green"] * 3 + ["blue", "orange", "locomotive"]  # top: locomotive
    state = make_state(display=display, deck=deck)
    events, state = play(state, 0, DrawCard(0))
    event = events[0]
    assert isinstance(event, CardDrawn) and event.resets == 1
    assert event.display == ["orange", "blue", "green", "green", "green"]
    assert names(state.display) == event.display
    assert state.discard == hand(locomotive=3, white=1, black=1)
    assert state.players[0].hand == hand(red=1) and state.drawn == 1


def test_reset_repeats_while_three_locomotives_show() -> None:
    display_cards = [LOCO, LOCO, LOCO, 0, 1]
    deck = cards("green", "green", "green", "red", "blue") + [LOCO] * 3 + cards("white", "black")
    discard = [0] * (LOCO + 1)
    resets = fill_display(LOCO, 3, deck, discard, display_cards, _no_shuffle)
    assert resets == 2
    assert names(display_cards) == ["blue", "red", "green", "green", "green"]


def _no_shuffle() -> None:
    raise AssertionError("no reshuffle expected")


def test_no_reset_when_a_good_display_cannot_be_formed() -> None:
    """§4.3 Resolved: fewer than 3 non-Locomotives in display, pile and discards: no reset."""
    display_cards = [LOCO, LOCO, LOCO, 0, -1]
    deck = cards("locomotive")
    discard = hand(red=1)
    assert fill_display(LOCO, 3, deck, discard, display_cards, _no_shuffle) == 0
    assert names(display_cards) == ["locomotive"] * 3 + ["purple", "locomotive"]


def test_empty_pile_reshuffles_the_discards() -> None:
    state = make_state(discard=["red", "red", "blue"])
    events, state = play(state, 0, DrawCard())
    event = events[0]
    assert isinstance(event, CardDrawn) and len(event.shuffles) == 1
    shuffle = event.shuffles[0]
    assert shuffle.before == ("blue", "red", "red") and shuffle.draw == 0
    assert event.card == shuffle.after[-1]
    assert state.draws == 1 and sum(state.discard) == 0 and len(state.deck) == 2


def test_no_draw_when_pile_and_discards_are_empty() -> None:
    """§4.4: even with face-up cards left, the draw-cards action cannot be chosen."""
    state = make_state(hands=[hand(), hand()], ticket_pile=[3])
    assert commands(state) == [DrawTickets()]
    assert refused(state, 0, DrawCard(0)) == "no-cards"
    assert refused(state, 0, DrawCard()) == "no-cards"


def test_second_card_may_come_from_the_display_once_piles_are_empty() -> None:
    state = make_state(deck=["yellow"])
    _, state = play(state, 0, DrawCard())
    assert commands(state) == [DrawCard(s) for s in range(5)]
    events, state = play(state, 0, DrawCard(4))
    assert isinstance(events[0], CardDrawn) and events[0].display[4] is None  # type: ignore[index]
    assert state.display[4] == -1 and state.current == 1


def test_draw_ends_with_one_card_when_nothing_else_may_be_taken() -> None:
    display = ["locomotive", "locomotive", None, None, None]
    state = make_state(display=display, deck=["yellow"])
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "yellow", True)]
    assert state.current == 1


def test_short_display_refilled_at_the_end_of_the_turn_after_the_discards() -> None:
    """§4.4: the cards paid for a route reach the discards, then empty slots are filled."""
    display = ["red", None, None, "green", "white"]
    state = make_state(display=display, hands=[hand(yellow=3), hand()])
    events, state = play(state, 0, ClaimRoute(route("amsterdam", "essen"), "yellow", 0))
    refill = events[1]
    assert isinstance(refill, DisplayRefilled)
    assert refill.display == ["red", "yellow", "yellow", "green", "white"]
    assert len(refill.shuffles) == 1 and refill.shuffles[0].before == ("yellow",) * 3
    assert names(state.display) == refill.display
    assert state.deck == cards("yellow") and sum(state.discard) == 0


def test_empty_slot_cannot_be_taken() -> None:
    state = make_state(display=["red", None, "green", "white", "black"], deck=["red"])
    assert refused(state, 0, DrawCard(1)) == "empty-slot"
    assert refused(state, 0, DrawCard(7)) == "empty-slot"


def test_face_up_gap_refilled_from_reshuffled_discards() -> None:
    state = make_state(discard=["orange", "orange"])
    events, state = play(state, 0, DrawCard(0))
    event = events[0]
    assert isinstance(event, CardDrawn) and len(event.shuffles) == 1
    assert event.display == ["orange", "blue", "green", "white", "black"]
    assert state.deck == cards("orange") and sum(state.discard) == 0
    assert state.players[0].hand == hand(red=1) and state.draws == 1


def test_end_of_turn_refill_checks_the_locomotive_reset() -> None:
    """Filling empty slots at the end of a turn can show 3 Locomotives: then the reset runs."""
    display = ["locomotive", "locomotive", None, "red", "blue"]
    deck = ["green", "green", "green", "white", "black", "locomotive"]  # top: locomotive
    state = make_state(display=display, deck=deck, hands=[hand(yellow=3), hand()])
    events, state = play(state, 0, ClaimRoute(route("amsterdam", "essen"), "yellow", 0))
    refill = events[1]
    assert isinstance(refill, DisplayRefilled) and refill.resets == 1
    assert refill.display == ["black", "white", "green", "green", "green"]
    assert names(state.display) == refill.display
    assert state.discard == hand(yellow=3, locomotive=3, red=1, blue=1)
