"""The chosen market of two decks (Rails & Sails World rules.md §1.2, §2.1-§2.3, §3.1 and its
Resolved lines, §6): each deck with its own pile and discards, blind draws from a named
deck, a taken slot refilled from the deck the player chooses, a dry deck's refill from
the other, the end-of-turn refill, wilds and the three-wild reset.

Most rules are checked on the synthetic map's train and ship decks (`synthetic`), whose
market is the same feature World plays; the blind wild and the draw cut short by the
piles are checked on World itself."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.protocol import Setup
from domain.ticket_to_ride.commands import (
    ClaimRoute,
    Command,
    DrawBlind,
    DrawCard,
    DrawTickets,
    RefillSlot,
)
from domain.ticket_to_ride.events import (
    BlindDrawn,
    CardDrawn,
    Event,
    GameStarted,
    RouteClaimed,
    SlotRefilled,
)
from domain.ticket_to_ride.state import SECOND_CARD, GameState, Refill, SecondCard

from . import handmade, world
from .handmade import SEED
from .synthetic import SYNTHETIC, market_state

RULES = SYNTHETIC.rules
BOARD = SYNTHETIC.board
WILD = BOARD.locomotive
card, counts = SYNTHETIC.card, SYNTHETIC.counts
#: a full market: 3 train slots, 2 ship slots
MARKET = ("red", "blue", "green", "red-ship", "blue-double-ship")


def _play(state: GameState, command: Command, seat: int = 0) -> tuple[list[Event], GameState]:
    return handmade.play(state, seat, command, RULES)


def _refused(state: GameState, command: Command, seat: int = 0) -> str:
    return handmade.refused(state, seat, command, RULES).code


def _commands(state: GameState, seat: int = 0) -> list[Any]:
    return [m.command for m in RULES.legal_moves(state, seat)]


def test_the_opening_deals_each_deck_its_share_and_turns_up_each_deck_s_market_slots() -> None:
    start = RULES.start(Setup(3, BOARD.id), SEED)[0]
    assert isinstance(start, GameStarted) and len(start.more_cards) == 1
    # the ship deck is shuffled on its own
    assert sorted(start.more_cards[0].before) == sorted(
        n for n in BOARD.card_names if n.endswith("ship") for _ in range(BOARD.card_count[card(n)])
    )
    for hand in start.hands:
        assert hand is not None
        assert sum(BOARD.card_deck[card(n)] == 0 for n in hand) == 3
        assert sum(BOARD.card_deck[card(n)] == 1 for n in hand) == 1
    state = RULES.evolve(None, start)
    assert -1 not in state.display
    if not start.shuffles and state.display.count(WILD) < 3:
        # no reset: slots 0-2 from the train deck, 3-4 from the ship deck
        assert [BOARD.card_deck[c] for c in state.display] == [0, 0, 0, 1, 1]
    on_show = sum(BOARD.card_deck[c] == 1 for c in state.display)
    assert len(state.piles[0].draw) + sum(state.piles[0].discard) + on_show == 20 - 3
    # nobody sees the ship deck's order or another's hand
    seen = RULES.redact(start, 1)
    assert isinstance(seen, GameStarted) and seen.more_cards[0].after == ()
    assert seen.hands[0] is None and seen.hands[1] == start.hands[1]


def test_a_blind_card_comes_from_the_deck_the_player_names() -> None:
    state = market_state(display=MARKET, trains=["red", "blue"], ships=["green-ship", "red-ship"])
    events, after = _play(state, DrawBlind("ship"))
    assert events == [BlindDrawn(0, "ship", "red-ship", False)]
    assert after.players[0].hand == counts(["red-ship"]) and after.pending == SECOND_CARD
    events, after = _play(after, DrawBlind("train"))
    assert events == [BlindDrawn(0, "train", "blue", True)]
    assert after.current == 1 and after.piles[0].draw == [card("green-ship")]
    # others see the deck, not the card
    assert RULES.redact(events[0], 1) == BlindDrawn(0, "train", None, True)
    assert RULES.redact(events[0], 0) == events[0]


def test_a_deck_with_no_pile_and_no_discards_cannot_be_drawn_from_blind() -> None:
    state = market_state(display=MARKET, trains=["red"])
    assert _refused(state, DrawBlind("ship")) == "no-cards"
    assert _refused(state, DrawBlind("boat")) == "no-such-deck"
    assert [c for c in _commands(state) if isinstance(c, DrawBlind)] == [DrawBlind("train")]
    # an empty pile with discards is reshuffled, from its own discards only
    state = market_state(display=MARKET, trains=["red"], ship_discard=["green-ship"])
    events, after = _play(state, DrawBlind("ship"))
    drawn = events[0]
    assert isinstance(drawn, BlindDrawn) and drawn.card == "green-ship"
    assert [s.before for s in drawn.shuffles] == [("green-ship",)]
    assert after.deck == [card("red")] and not any(after.piles[0].discard)


def test_every_pile_and_discard_empty_forbids_the_draw_action_even_with_face_up_cards() -> None:
    state = market_state(display=MARKET)
    assert _refused(state, DrawCard(0)) == "no-cards"
    assert not any(isinstance(c, DrawCard | DrawBlind) for c in _commands(state))


def test_a_taken_slot_waits_for_the_player_s_choice_of_deck_when_both_can_refill() -> None:
    state = market_state(display=MARKET, trains=["yellow"], ships=["yellow-double-ship"])
    events, after = _play(state, DrawCard(1))
    assert events == [CardDrawn(0, 1, "blue", False, ["red", None, "green", "red-ship",
                                                       "blue-double-ship"])]
    assert after.pending == Refill(1, False) and after.current == 0
    view = RULES.public_view(after)
    assert (view.pending, view.refill_slot) == ("refill", 1)
    assert _commands(after) == [RefillSlot("train"), RefillSlot("ship")]
    assert _refused(after, DrawBlind("train")) == "refill-first"
    assert _refused(after, DrawCard(0), seat=1) == "not-your-turn"
    events, after = _play(after, RefillSlot("ship"))
    assert events == [SlotRefilled(0, 1, "ship", ["red", "yellow-double-ship", "green",
                                                  "red-ship", "blue-double-ship"], False)]
    assert after.pending == SECOND_CARD  # the market may hold any split of the decks
    events, after = _play(after, DrawCard(1))
    # one deck left with cards: the refill needs no choice
    assert events == [CardDrawn(0, 1, "yellow-double-ship", True,
                                ["red", "yellow", "green", "red-ship", "blue-double-ship"])]
    assert after.current == 1 and after.pending is None


def test_a_second_card_s_refill_ends_the_turn_in_a_state_decoded_from_bytes_too() -> None:
    """A state decoded from bytes holds its own second-card object, not the shared one:
    the second card is still known as the second, so its refill is the turn's last."""
    state = market_state(display=MARKET, trains=["yellow", "red"], ships=["yellow-double-ship"])
    _, after = _play(state, DrawBlind("train"))
    copied = msgspec.msgpack.decode(msgspec.msgpack.encode(after), type=GameState)
    assert isinstance(copied.pending, SecondCard) and copied.pending is not SECOND_CARD
    _, refill = _play(copied, DrawCard(1))
    assert refill.pending == Refill(1, True)


def test_a_refill_from_a_dry_deck_comes_from_the_other_and_neither_leaves_the_slot_empty() -> (
    None
):
    state = market_state(display=MARKET, ships=["green-ship"])
    events, after = _play(state, DrawCard(0))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.display is not None
    assert drawn.display[0] == "green-ship" and after.pending == SECOND_CARD
    # every pile is dry now: the second pick may still be a face-up card
    events, after = _play(after, DrawCard(2))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.display is not None
    assert drawn.display[2] is None and drawn.turn_over
    assert after.current == 1 and after.display[2] == -1


def test_the_end_of_turn_refill_is_chosen_by_the_player_whose_turn_it_was() -> None:
    # the market has holes (every pile ran dry); a claim's cards fill the train discards
    state = market_state(display=["red", None, "green", "red-ship", None],
                         hand=["blue", "blue", "blue"])
    events, after = _play(state, ClaimRoute(SYNTHETIC.route("vale", "south", "blue"), "blue"))
    assert isinstance(events[0], RouteClaimed) and len(events) == 1
    assert after.pending == Refill(1, True) and after.current == 0
    assert _commands(after) == [RefillSlot("train")]  # only the train discards hold cards
    events, after = _play(after, RefillSlot("train"))
    refilled = events[0]
    assert isinstance(refilled, SlotRefilled) and refilled.shuffles
    assert refilled.display[1] == "blue" and not refilled.turn_over
    # then the next empty slot, as far as cards allow, and the turn passes
    assert after.pending == Refill(4, True) and after.current == 0
    events, after = _play(after, RefillSlot("train"))
    assert events == [SlotRefilled(0, 4, "train", ["red", "blue", "green", "red-ship", "blue"],
                                   True)]
    assert after.current == 1 and after.pending is None and after.deck == [card("blue")]


def test_three_face_up_wilds_reset_the_market_from_each_deck() -> None:
    state = market_state(
        display=["locomotive", "locomotive", "green", "red-ship", "blue-double-ship"],
        trains=["red", "red", "blue", "locomotive"],
        ships=["green-ship", "yellow-ship", "green-double-ship"],
    )
    _, after = _play(state, DrawCard(2))
    assert after.pending == Refill(2, False)
    events, after = _play(after, RefillSlot("train"))
    refilled = events[0]
    assert isinstance(refilled, SlotRefilled) and refilled.resets == 1
    # every card to its own deck's discards; 3 from the train deck, 2 from the ship deck
    assert refilled.display == ["blue", "red", "red", "green-double-ship", "yellow-ship"]
    assert after.discard == counts(["locomotive"] * 3)
    assert after.piles[0].discard == counts(["red-ship", "blue-double-ship"])
    assert after.pending == SECOND_CARD  # a reset does not end the turn


def test_a_short_deck_s_reset_cards_come_from_the_other_and_a_futile_reset_stops() -> None:
    state = market_state(
        display=["locomotive", "locomotive", "green", "red-ship", "blue"],
        trains=["red", "red", "blue", "yellow", "locomotive"],
    )
    events, _ = _play(state, DrawCard(2))  # only the train deck can refill: no choice
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets == 1
    # the ship deck holds one card (its discarded red-ship): its other slot is a train card
    assert drawn.display == ["yellow", "blue", "red", "red-ship", "red"]
    assert [s.before for s in drawn.shuffles] == [("red-ship",)]
    # only wilds left in the train deck and no ship card: no reset can help, the market stays
    state = market_state(
        display=["locomotive", "locomotive", "green", None, None],
        trains=["locomotive", "locomotive"],
    )
    events, _ = _play(state, DrawCard(2))
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets == 0
    assert drawn.display == ["locomotive", "locomotive", "locomotive", None, None]


def test_a_face_up_wild_ends_the_draw_after_its_refill_and_is_never_the_second_card() -> None:
    display = ["locomotive", "blue", "green", "red-ship", "blue-ship"]
    state = market_state(display=display, trains=["red", "red"], ships=["green-ship"])
    _, after = _play(state, DrawCard(0))
    assert after.pending == Refill(0, True)
    events, after = _play(after, RefillSlot("train"))
    assert isinstance(events[0], SlotRefilled) and events[0].turn_over and after.current == 1
    state = market_state(display=display, trains=["red", "red"], ships=["green-ship"])
    _, after = _play(state, DrawBlind("train"))
    assert _refused(after, DrawCard(0)) == "locomotive-second"
    assert DrawCard(0) not in _commands(after)
    # a wild the refill turned up is no second card either
    state = market_state(display=MARKET, trains=["locomotive"], ships=["green-ship"])
    _, after = _play(state, DrawCard(1))
    _, after = _play(after, RefillSlot("train"))
    assert after.display[1] == WILD and DrawCard(1) not in _commands(after)
    assert _refused(after, DrawCard(1)) == "locomotive-second"


def test_a_claim_pays_each_card_to_its_own_deck_s_discards() -> None:
    # a one-space ferry paid with a wild: train cards only; the ship discard is untouched
    state = market_state(display=["red", None, "green", "red-ship", "blue-ship"],
                         hand=["locomotive", "red-ship"], ship_discard=["green-ship"])
    events, after = _play(state, ClaimRoute(SYNTHETIC.route("fjord", "isle"), None, 1))
    assert isinstance(events[0], RouteClaimed)
    assert after.pending == Refill(1, True)
    assert _commands(after) == [RefillSlot("train"), RefillSlot("ship")]
    _, done = _play(after, RefillSlot("ship"))
    assert done.display[1] == card("green-ship") and done.discard[WILD] == 1


def test_drawing_tickets_with_a_full_market_asks_for_no_refill() -> None:
    state = market_state(display=MARKET, trains=["red"], ships=["red-ship"])
    _, after = _play(state, DrawTickets())
    assert after.pending is not None and not isinstance(after.pending, Refill)


# --- on World ---------------------------------------------------------------------------


def test_a_blind_wild_from_the_train_deck_is_one_ordinary_card_and_a_second_follows() -> None:
    state = world.playing(deck=["red", "wild"])  # the wild on top of the train deck
    events, after = handmade.play(state, 0, DrawBlind("train"))
    assert events == [BlindDrawn(0, "train", "wild", False)]
    assert after.current == 0 and after.pending == SECOND_CARD
    events, after = handmade.play(after, 0, DrawBlind("train"))
    assert events == [BlindDrawn(0, "train", "red", True)] and after.current == 1


def test_a_first_pick_leaving_no_legal_second_pick_ends_the_draw_with_one_card() -> None:
    state = world.playing(display=["wild", "wild", None, None, None, None], deck=["red"])
    for pile in state.piles:
        pile.draw, pile.discard = [], [0] * len(pile.discard)
    assert DrawBlind("train") in handmade.commands(state)  # a pile has a card: the action is open
    _, after = handmade.play(state, 0, DrawBlind("train"))
    # no pile left to draw from, only face-up wilds: the turn ends with one card
    assert after.current == 1 and sum(after.players[0].hand) == 1
    assert after.display == [world.WILD, world.WILD, -1, -1, -1, -1]
