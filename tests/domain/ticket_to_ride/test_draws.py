"""Drawing train cards from the one-deck market (Europe rules.md §4, §2.3, §10): two cards
one at a time, the face-up display and its refill, the Locomotive limits, the
3-Locomotive reset and its guard, running out of cards; no hand limit (§3).

That the draws listed are exactly those `decide` accepts is in `test_legal_moves.py`;
the refill after a tunnel's revealed cards in `test_tunnels.py`.
"""

from __future__ import annotations

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.cardflow import fill_display
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard, DrawTickets
from domain.ticket_to_ride.events import CardDrawn, DisplayRefilled, GameStarted
from domain.ticket_to_ride.state import SECOND_CARD, GameState

from .europe import AMSTERDAM_ESSEN
from .handmade import LOCO, card, cards, commands, draw_two, hand, make_state, names, play, refused


def every_card(state: GameState) -> list[int]:
    """The display, the draw pile and the discards together, sorted."""
    out = [c for c in state.display if c >= 0] + list(state.deck)
    for index, count in enumerate(state.discard):
        out += [index] * count
    return sorted(out)


def _no_shuffle() -> None:
    raise AssertionError("no reshuffle expected")


# --- §4.1: two cards, one at a time ---------------------------------------------------


def test_two_blind_cards_are_the_turn() -> None:
    state = make_state(deck=["green", "red", "blue"])
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "blue", False)]
    assert state.pending == SECOND_CARD and state.current == 0
    assert commands(state) == [DrawCard(None)] + [DrawCard(s) for s in range(5)]
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "red", True)]
    assert state.players[0].hand == hand(blue=1, red=1)
    assert state.current == 1 and state.pending is None and state.deck == cards("green")


def test_a_face_up_card_is_replaced_at_once_and_the_refill_may_be_the_second() -> None:
    state = make_state(deck=["white", "orange"])
    events, state = play(state, 0, DrawCard(1))
    assert events == [
        CardDrawn(0, 1, "blue", False, display=["red", "orange", "green", "white", "black"])
    ]
    assert state.players[0].hand == hand(blue=1)
    _, state = play(state, 0, DrawCard(1))
    assert state.players[0].hand == hand(blue=1, orange=1) and state.current == 1


def test_only_the_second_card_may_follow_the_first() -> None:
    """§3: one action a turn; once a card is drawn the turn is a draw."""
    state = make_state(deck=["red", "red", "red"], hands=[hand(yellow=3), hand()])
    _, state = play(state, 0, DrawCard())
    assert all(isinstance(c, DrawCard) for c in commands(state))
    assert refused(state, 0, DrawTickets()).code == "draw-second-card"
    claim = refused(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert (claim.code, claim.section) == ("draw-second-card", "§4.1")


def test_an_empty_slot_cannot_be_taken() -> None:
    state = make_state(display=["red", None, "green", "white", "black"], deck=["red"])
    assert refused(state, 0, DrawCard(1)).code == "empty-slot"
    assert refused(state, 0, DrawCard(7)).code == "empty-slot"


def test_there_is_no_hand_limit() -> None:
    """§3: a hand of any size still draws cards."""
    state = make_state(hands=[hand(red=12, blue=12, locomotive=14), hand()], deck=["green"] * 2)
    _, state = draw_two(state, 0)
    assert sum(state.players[0].hand) == 40


# --- §4.2: Locomotives --------------------------------------------------------------------


def test_a_face_up_locomotive_taken_first_is_the_whole_draw() -> None:
    state = make_state(
        display=["red", "locomotive", "green", "white", "black"], deck=["blue", "orange"]
    )
    events, state = play(state, 0, DrawCard(1))
    assert isinstance(events[0], CardDrawn) and events[0].turn_over
    assert state.players[0].hand == hand(locomotive=1)
    assert state.current == 1


def test_a_face_up_locomotive_is_never_the_second_card() -> None:
    state = make_state(
        display=["red", "locomotive", "green", "white", "black"], deck=["blue", "orange"]
    )
    _, state = play(state, 0, DrawCard(0))
    assert DrawCard(1) not in commands(state)
    second = refused(state, 0, DrawCard(1))
    assert (second.code, second.section) == ("locomotive-second", "§4.2")


def test_a_locomotive_turned_up_as_the_refill_cannot_be_the_second_card() -> None:
    state = make_state(deck=["blue", "locomotive"])
    _, state = play(state, 0, DrawCard(2))
    assert state.display[2] == LOCO
    assert refused(state, 0, DrawCard(2)).code == "locomotive-second"
    assert DrawCard(None) in commands(state)


def test_a_blind_locomotive_counts_as_one_card() -> None:
    state = make_state(deck=["red", "locomotive"])
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "locomotive", False)]
    assert state.pending == SECOND_CARD
    _, state = play(state, 0, DrawCard())
    assert state.players[0].hand == hand(locomotive=1, red=1)


# --- §4.3: three face-up Locomotives --------------------------------------------------------


def test_the_opening_display_with_three_locomotives_is_reset() -> None:
    """§2.3: the opening applies the reset; the first seed (of a fixed list) whose first
    five face-up cards hold 3 or more Locomotives shows a display with fewer."""
    dealt = 2 * 4
    for i in range(400):
        opening = RULES.start(Setup(2, "europe", "standard"), Seed(i.to_bytes(32, "big")))[0]
        assert isinstance(opening, GameStarted)
        first_five = opening.cards.after[-dealt - 5 : -dealt]
        if first_five.count("locomotive") >= 3:
            break
    else:
        raise AssertionError("no opening with three face-up Locomotives in 400 seeds")
    assert opening.display.count("locomotive") < 3
    assert opening.display != list(reversed(first_five))
    state = RULES.evolve(None, opening)
    assert names(state.display) == opening.display
    assert state.discard[LOCO] + state.deck.count(LOCO) >= 3
    assert len(every_card(state)) == 110 - dealt


def test_three_locomotives_after_a_refill_reset_the_display_in_the_middle_of_a_draw() -> None:
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
    assert state.players[0].hand == hand(red=1) and state.pending == SECOND_CARD


def test_after_a_mid_draw_reset_the_second_card_comes_from_the_new_display() -> None:
    """§4.3: the reset comes before the second card, which is chosen from the new display
    and still may not be a face-up Locomotive (§4.2)."""
    display = ["red", "locomotive", "locomotive", "white", "black"]
    deck = ["green", "blue", "locomotive", "orange", "yellow", "locomotive"]  # top: last
    state = make_state(display=display, deck=deck)
    events, state = play(state, 0, DrawCard(0))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets == 1 and not drawn.turn_over
    assert drawn.display == ["yellow", "orange", "locomotive", "blue", "green"]
    assert state.pending == SECOND_CARD and state.current == 0
    # the blind draw stays open: the reset put five cards on the discard pile
    assert commands(state) == [DrawCard(None), DrawCard(0), DrawCard(1), DrawCard(3), DrawCard(4)]
    assert refused(state, 0, DrawCard(2)).code == "locomotive-second"
    _, state = play(state, 0, DrawCard(1))
    assert state.players[0].hand == hand(red=1, orange=1) and state.current == 1


def test_reset_repeats_while_three_locomotives_show() -> None:
    display = [LOCO, LOCO, LOCO, card("purple"), card("blue")]
    deck = cards("green", "green", "green", "red", "blue", *["locomotive"] * 3, "white", "black")
    discard = hand()
    resets = fill_display(LOCO, 3, deck, discard, display, _no_shuffle)
    assert resets == 2
    assert names(display) == ["blue", "red", "green", "green", "green"]
    assert discard == hand(locomotive=6, purple=1, blue=1, white=1, black=1)


def test_the_end_of_turn_refill_is_checked_for_three_locomotives() -> None:
    """§4.3, §4.4: filling empty slots at the end of a turn can show 3 Locomotives: the
    reset then runs."""
    display = ["locomotive", "locomotive", None, "red", "blue"]
    deck = ["green", "green", "green", "white", "black", "locomotive"]  # top: locomotive
    state = make_state(display=display, deck=deck, hands=[hand(yellow=3), hand()])
    events, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    refill = events[1]
    assert isinstance(refill, DisplayRefilled) and refill.resets == 1
    assert refill.display == ["black", "white", "green", "green", "green"]
    assert names(state.display) == refill.display
    assert state.discard == hand(yellow=3, locomotive=3, red=1, blue=1)


def test_no_reset_when_a_good_display_cannot_be_formed() -> None:
    """§4.3 Resolved: fewer than 3 non-Locomotives in display, pile and discards: no reset."""
    display = [LOCO, LOCO, LOCO, card("purple"), -1]
    deck = cards("locomotive")
    discard = hand(red=1)
    assert fill_display(LOCO, 3, deck, discard, display, _no_shuffle) == 0
    assert names(display) == ["locomotive"] * 3 + ["purple", "locomotive"]


def test_the_reset_guard_counts_display_pile_and_discards_together() -> None:
    """§4.3 Resolved through `decide`: with only 2 non-Locomotives anywhere there is no
    reset; one more in the discard pile makes a good display possible, so the reset
    runs (reshuffling the discards)."""
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
    assert every_card(after) == sorted(cards(*["locomotive"] * 3, "white", "black", "green"))


def test_an_unchanged_display_is_not_checked_again() -> None:
    """§4.3: the check runs when the display changes; a display the guard left with three
    Locomotives stays while other actions fill the discards and while a blind card is
    drawn, until a face-up card is taken."""
    display = ["locomotive", "locomotive", "locomotive", "white", "black"]
    state = make_state(display=display, hands=[hand(yellow=3), hand()])
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert names(state.display) == display and state.discard == hand(yellow=3)
    events, state = play(state, 1, DrawCard())  # blind, from the reshuffled payment
    assert isinstance(events[0], CardDrawn) and events[0].resets == 0
    assert names(state.display) == display
    events, state = play(state, 1, DrawCard(3))  # takes white: the gap is filled, check runs
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets >= 1
    assert state.display.count(LOCO) < 3


# --- §4.4, §10: running out of cards -------------------------------------------------------


def test_empty_pile_reshuffles_the_discards() -> None:
    state = make_state(discard=["red", "red", "blue"])
    events, state = play(state, 0, DrawCard())
    event = events[0]
    assert isinstance(event, CardDrawn) and len(event.shuffles) == 1
    shuffle = event.shuffles[0]
    assert shuffle.before == ("blue", "red", "red") and shuffle.draw == 0
    assert event.card == shuffle.after[-1]
    assert state.draws == 1 and sum(state.discard) == 0 and len(state.deck) == 2


def test_a_face_up_gap_is_refilled_from_the_reshuffled_discards() -> None:
    state = make_state(discard=["orange", "orange"])
    events, state = play(state, 0, DrawCard(0))
    event = events[0]
    assert isinstance(event, CardDrawn) and len(event.shuffles) == 1
    assert event.display == ["orange", "blue", "green", "white", "black"]
    assert state.deck == cards("orange") and sum(state.discard) == 0
    assert state.players[0].hand == hand(red=1) and state.draws == 1


def test_no_draw_action_while_pile_and_discards_are_both_empty() -> None:
    """§4.4: even with face-up cards left, the draw-cards action cannot be chosen."""
    state = make_state(hands=[hand(), hand()], ticket_pile=[3])
    assert commands(state) == [DrawTickets()]
    for command in (DrawCard(0), DrawCard()):
        empty = refused(state, 0, command)
        assert (empty.code, empty.section) == ("no-cards", "§4.4")


def test_once_the_piles_run_out_the_second_card_may_still_come_from_the_display() -> None:
    """§4.4 Resolved; the display then stays short."""
    state = make_state(deck=["yellow"])
    _, state = play(state, 0, DrawCard())
    assert commands(state) == [DrawCard(s) for s in range(5)]
    events, state = play(state, 0, DrawCard(4))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.display is not None
    assert drawn.display[4] is None
    assert state.display[4] == -1 and state.current == 1


def test_the_draw_ends_with_one_card_when_nothing_else_may_be_taken() -> None:
    """§4.4 Resolved: only face-up Locomotives left after the first card."""
    state = make_state(display=["locomotive", "locomotive", None, None, None], deck=["yellow"])
    events, state = play(state, 0, DrawCard())
    assert events == [CardDrawn(0, None, "yellow", True)]
    assert state.current == 1


def test_a_short_display_is_refilled_at_the_end_of_the_turn_after_its_discards() -> None:
    """§4.4: the cards paid for a route reach the discards, then empty slots are filled."""
    display = ["red", None, None, "green", "white"]
    state = make_state(display=display, hands=[hand(yellow=3), hand()])
    events, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    refill = events[1]
    assert isinstance(refill, DisplayRefilled)
    assert refill.display == ["red", "yellow", "yellow", "green", "white"]
    assert len(refill.shuffles) == 1 and refill.shuffles[0].before == ("yellow",) * 3
    assert names(state.display) == refill.display
    assert state.deck == cards("yellow") and sum(state.discard) == 0
