"""The chosen market (Rails & Sails §3.1): face-up cards of several decks, each slot refilled
from the deck the player chooses.

A taken face-up card's slot is refilled at once from the one deck that can, or, when
several can, from the deck the player then chooses (the `Refill` decision,
``refill-slot``). Empty slots are refilled at the end of the turn the same way, the
player choosing for each. A blind draw names its deck (`draws.draw_blind`). The wild
reset turns up each deck's share again (`cardflow.wild_reset`). With every deck and
discard pile empty the draw action is not allowed at the start of a turn.
"""

from __future__ import annotations

from typing import Any

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import (
    Piles,
    Reshuffle,
    fill_slot,
    first_refillable,
    replay_reshuffles,
    supplying,
    wild_reset,
)
from domain.ticket_to_ride.commands import RefillSlot
from domain.ticket_to_ride.draws import (
    FACE_UP,
    blind_card_drawn,
    blind_entries,
    draw_from_deck,
    face_up_entries,
    turn_over,
)
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import CardDrawn, Event, SlotRefilled
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.market import ONE_DECK, face_up_card
from domain.ticket_to_ride.redaction import shuffles_hidden
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.state import GameState, Refill, SecondCard
from domain.ticket_to_ride.turn import Turn, draw_ends_turn, finish


class Chosen:
    """The chosen market (see the module docstring)."""

    waits = True

    def deal(self, board: Board, rules: Ruleset, piles: Piles, reshuffles: list[Reshuffle],
             display: list[int]) -> None:
        """Each deck turns up its share, then the wild reset (Rails & Sails §2.3)."""
        slot = 0
        for deck, share in enumerate(board.deck_face_up):
            for _ in range(share):
                fill_slot(piles, reshuffles, display, slot, deck)
                slot += 1
        wild_reset(board, rules.core.market.wild_reset, piles, reshuffles, display)

    def draw_blind(self, turn: Turn, seat: int, second: bool) -> list[Event]:
        """A draw-card command's blind card comes from the first deck."""
        return draw_from_deck(turn, seat, 0)

    def draw_face_up(self, turn: Turn, seat: int, slot: int, second: bool) -> list[Event]:
        state, board = turn.state, turn.board
        if not second and not state.can_draw():
            raise refuse("no-cards", "every deck and every discard pile is empty", "§4.4")
        card = face_up_card(board, state.display, slot, second)
        wild = board.locomotive
        turn.empty_slot(slot)
        piles = turn.decks()
        supply = supplying(piles)
        name = board.card_name(card)
        if len(supply) > 1:  # the player chooses the deck first (`refill_slot`)
            return [CardDrawn(seat, slot, name, False, turn.display_names())]
        reshuffles = turn.reshuffles()
        if supply:
            fill_slot(piles, reshuffles, turn.display, slot, supply[0])
        reset_at = state.rules.core.market.wild_reset
        resets = wild_reset(board, reset_at, piles, reshuffles, turn.display)
        over = draw_ends_turn(second, card == wild, bool(supplying(piles)), turn.display, wild)
        event = CardDrawn(seat, slot, name, over, turn.display_names(), resets,
                          turn.take_shuffles())
        return finish(turn, [event]) if over else [event]

    def finish(self, turn: Turn, events: list[Event]) -> bool:
        """The turn is over unless an empty slot waits for the player's choice of deck."""
        return -1 not in turn.display or first_refillable(turn.display, turn.decks()) < 0

    def card_drawn(self, engine: Engine, state: GameState, event: CardDrawn) -> None:
        """Evolving a draw-card: a face-up card's slot is refilled, or waits for the
        player's choice of deck."""
        if event.shuffles:
            state.draws = event.shuffles[-1].draw + 1
        if event.slot is None:
            return blind_card_drawn(engine, state, event)
        board, display = engine.board, state.display
        card = display[event.slot]
        state.players[event.seat].hand[card] += 1
        display[event.slot] = -1
        piles = state.decks()
        supply = supplying(piles)
        if len(supply) > 1:
            second = isinstance(state.pending, SecondCard)
            state.pending = Refill(event.slot, second or card == board.locomotive)
            return
        reshuffles = replay_reshuffles(board, piles, event.shuffles)
        if supply:
            fill_slot(piles, reshuffles, display, event.slot, supply[0])
        wild_reset(board, state.rules.core.market.wild_reset, piles, reshuffles, display)
        turn_over(engine, state, event.turn_over)

    def turn_ends(self, state: GameState) -> bool:
        """An empty slot some deck can fill is refilled first, from the deck the player
        whose turn it is chooses: the turn ends after it."""
        if -1 not in state.display:
            return True
        slot = first_refillable(state.display, state.decks())
        if slot < 0:
            return True
        state.pending = Refill(slot, True)
        return False

    def draw_moves(self, engine: Engine, state: GameState, out: list[Move]) -> None:
        """A blind draw from each deck with a card and each face-up card, while any deck
        has a card (a market of one deck lists as the one-deck market does)."""
        if not state.piles:
            ONE_DECK.draw_moves(engine, state, out)
        elif state.can_draw():
            out += blind_entries(engine, state)
            face_up_entries(state.display, out)

    def second_moves(self, engine: Engine, state: GameState) -> list[Move]:
        if not state.piles:
            return ONE_DECK.second_moves(engine, state)
        wild = engine.board.locomotive
        second = blind_entries(engine, state)
        second += [FACE_UP[s] for s, c in enumerate(state.display) if 0 <= c != wild]
        return second


def refill_slot(turn: Turn, seat: int, refill: Refill, command: Any) -> list[Event]:
    """Refill the pending market slot from the chosen deck; at the end of a turn the next
    empty slot a deck can fill waits for its own choice, then the wild reset runs."""
    if not isinstance(command, RefillSlot):
        raise refuse("refill-first", "choose the deck that refills the market slot",
                            "§4.1")
    board, state = turn.board, turn.state
    deck = board.deck_ids.index(command.deck) if command.deck in board.deck_ids else -1
    if deck < 0:
        raise refuse("no-such-deck", f"this map has no deck {command.deck!r}", "§4.1")
    piles = turn.decks()
    if deck not in supplying(piles):
        raise refuse("no-cards", f"the {command.deck} deck and its discards are empty",
                            "§4.4")
    reshuffles = turn.reshuffles()
    fill_slot(piles, reshuffles, turn.display, refill.slot, deck)
    if refill.last and first_refillable(turn.display, piles) >= 0:
        return [SlotRefilled(seat, refill.slot, command.deck, turn.display_names(), False, 0,
                             turn.take_shuffles())]
    wild = board.locomotive
    resets = wild_reset(board, state.rules.core.market.wild_reset, piles, reshuffles,
                        turn.display)
    over = refill.last or draw_ends_turn(False, False, bool(supplying(piles)), turn.display, wild)
    event = SlotRefilled(seat, refill.slot, command.deck, turn.display_names(), over, resets,
                         turn.take_shuffles())
    return finish(turn, [event]) if over else [event]


def slot_refilled(engine: Engine, state: GameState, event: SlotRefilled) -> None:
    """The player's chosen deck refills the slot; at the end of a turn every other slot a
    deck can fill is refilled first, then the wild reset runs once."""
    refill = state.pending
    assert isinstance(refill, Refill)
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    board = engine.board
    piles = state.decks()
    reshuffles = replay_reshuffles(board, piles, event.shuffles)
    fill_slot(piles, reshuffles, state.display, refill.slot, board.deck_ids.index(event.deck))
    if refill.last:
        slot = first_refillable(state.display, piles)
        if slot >= 0:
            state.pending = Refill(slot, True)
            return
    wild_reset(board, state.rules.core.market.wild_reset, piles, reshuffles, state.display)
    turn_over(engine, state, event.turn_over)


def refill_moves(engine: Engine, state: GameState, seat: int, pending: object) -> list[Move]:
    """A refill of the pending market slot from each deck that has a card."""
    refill = engine.refill_moves
    return [refill[d] for d in supplying(state.decks())]


def _refill_field(engine: Engine, state: GameState) -> dict[str, object]:
    pending = state.pending
    return {"refill_slot": pending.slot} if isinstance(pending, Refill) else {}


CHOSEN = Chosen()
CHOSEN_MARKET = Feature(
    name="chosen market",
    refusals=(("empty-slot", "§4.1"), ("locomotive-second", "§4.2"), ("no-cards", "§4.4"),
              ("refill-first", "§4.1"), ("no-such-deck", "§4.1")),
    decisions={Refill: refill_slot},
    appliers={CardDrawn: CHOSEN.card_drawn, SlotRefilled: slot_refilled},
    redactions={SlotRefilled: shuffles_hidden},
    decision_moves={Refill: refill_moves},
    pending_names={Refill: "refill"},
    public_fields=_refill_field,
)
