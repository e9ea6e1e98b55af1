"""The one-deck market (Europe §4): five face-up cards refilled from the one draw pile.

A taken face-up card is replaced at once from the top of the pile; whenever
`wild_reset` face-up cards are Locomotives the whole display is discarded and turned
up again (§4.3, `cardflow.fill_display`). Empty slots are refilled at the end of the
turn, after the turn's discards (§4.4). With the pile and the discards both empty the
draw-cards action is not allowed, unless the map lets face-up cards still be taken
(``face_up_without_piles``).
"""

from __future__ import annotations

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import Piles, Reshuffle, fill_display, replay_reshuffle
from domain.ticket_to_ride.draws import (
    BLIND,
    FACE_UP,
    blind_card_drawn,
    face_up_entries,
    turn_over,
)
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import CardDrawn, DisplayRefilled, Event
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.redaction import shuffles_hidden
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.turn import Turn, draw_ends_turn, finish


def face_up_card(board: Board, display: list[int], slot: int, second: bool) -> int:
    """The card a face-up draw from `slot` takes, or the refusal: an empty slot (§4.1),
    or a wild as the second card (§4.2), on every market."""
    if not 0 <= slot < len(display) or display[slot] < 0:
        raise refuse("empty-slot", f"face-up slot {slot} holds no card", "§4.1")
    card = display[slot]
    if second and card == board.locomotive:
        raise refuse("locomotive-second",
                            f"a face-up {board.card_names[card]} cannot be the second card",
                            "§4.2")
    return card


def no_cards() -> RuleViolation:
    return refuse("no-cards", "the draw pile and the discard pile are empty", "§4.4")


class OneDeck:
    """The market of one deck (see the module docstring)."""

    waits = False

    def deal(self, board: Board, rules: Ruleset, piles: Piles, reshuffles: list[Reshuffle],
             display: list[int]) -> None:
        deck, discard = piles[0]
        fill_display(board.locomotive, rules.core.market.wild_reset, deck, discard, display,
                     reshuffles[0])

    def draw_blind(self, turn: Turn, seat: int, second: bool) -> list[Event]:
        state, board = turn.state, turn.board
        deck, discard = state.deck, state.discard
        if not deck and not any(discard):
            raise no_cards()
        if deck and -1 not in state.display:
            # the common case: the top card is known without copying the piles, and a
            # full display has nothing to refill
            card, supply, shuffles = deck[-1], len(deck) > 1 or any(discard), []
        else:
            card = turn.draw()
            supply, shuffles = bool(turn.deck) or any(turn.discard), turn.take_shuffles()
        over = draw_ends_turn(second, False, supply, turn.display, board.locomotive)
        event = CardDrawn(seat, None, board.card_names[card], over, shuffles=shuffles)
        return finish(turn, [event]) if over else [event]

    def draw_face_up(self, turn: Turn, seat: int, slot: int, second: bool) -> list[Event]:
        state, board = turn.state, turn.board
        rules = state.rules
        deck, discard, display = state.deck, state.discard, state.display
        if not (second or deck or any(discard) or rules.core.market.face_up_without_piles):
            raise no_cards()
        card = face_up_card(board, display, slot, second)
        wild = board.locomotive
        reset_at = rules.core.market.wild_reset
        names = board.card_names
        if deck and -1 not in display:
            # the common case: the top card fills the gap; without a reset, no copy of the
            # piles is needed and the display is full again at the end of the turn
            after = list(display)
            after[slot] = deck[-1]
            if reset_at <= 0 or after.count(wild) < reset_at:
                supply = len(deck) > 1 or any(discard)
                over = draw_ends_turn(second, card == wild, supply, after, wild)
                event = CardDrawn(seat, slot, names[card], over, [names[c] for c in after])
                return finish(turn, [event]) if over else [event]
        turn.empty_slot(slot)
        resets = fill_display(wild, reset_at, turn.deck, turn.discard, turn.display,
                              turn.reshuffle, [slot])
        supply = bool(turn.deck) or any(turn.discard)
        over = draw_ends_turn(second, card == wild, supply, turn.display, wild)
        event = CardDrawn(seat, slot, names[card], over, turn.display_names(), resets,
                          turn.take_shuffles())
        return finish(turn, [event]) if over else [event]

    def finish(self, turn: Turn, events: list[Event]) -> bool:
        """Empty slots are refilled once the turn's discards are down (§4.4), then §4.3."""
        if -1 in turn.display:
            turn.own()
            if turn.deck or any(turn.discard):
                reset_at = turn.state.rules.core.market.wild_reset
                resets = fill_display(turn.board.locomotive, reset_at, turn.deck, turn.discard,
                                      turn.display, turn.reshuffle)
                events.append(DisplayRefilled(turn.display_names(), resets,
                                              turn.take_shuffles()))
        return True

    def card_drawn(self, engine: Engine, state: GameState, event: CardDrawn) -> None:
        """Evolving a draw-card: a face-up card is replaced from the pile, then §4.3."""
        if event.shuffles:
            state.draws = event.shuffles[-1].draw + 1
        slot = event.slot
        deck, discard = state.deck, state.discard
        if slot is None:
            if not deck:
                return blind_card_drawn(engine, state, event)
            # the common case, here rather than a call away: most events of a game
            state.players[event.seat].hand[deck.pop()] += 1
            return turn_over(engine, state, event.turn_over)
        display = state.display
        state.players[event.seat].hand[display[slot]] += 1
        wild, reset_at = engine.board.locomotive, state.rules.core.market.wild_reset
        if deck:  # the common case: the top card fills the slot, as `fill_display` would
            display[slot] = deck.pop()
            if reset_at <= 0 or display.count(wild) < reset_at:
                return turn_over(engine, state, event.turn_over)
        else:
            display[slot] = -1
        reshuffle = replay_reshuffle(engine.board, deck, discard, event.shuffles)
        fill_display(wild, reset_at, deck, discard, display, reshuffle, [slot])
        turn_over(engine, state, event.turn_over)

    def turn_ends(self, state: GameState) -> bool:
        return True

    def draw_moves(self, engine: Engine, state: GameState, out: list[Move]) -> None:
        """A blind draw and each face-up card while a pile has cards (§4.4); the face-up
        cards alone where the map allows them then."""
        display = state.display
        if state.deck or any(state.discard):
            out.append(BLIND)
            if -1 in display:
                face_up_entries(display, out)
            else:
                out += FACE_UP[: len(display)]
        elif state.rules.core.market.face_up_without_piles:
            face_up_entries(display, out)

    def second_moves(self, engine: Engine, state: GameState) -> list[Move]:
        wild = engine.board.locomotive
        second = [BLIND] if state.deck or any(state.discard) else []
        second += [FACE_UP[s] for s, c in enumerate(state.display) if 0 <= c != wild]
        return second


def display_refilled(engine: Engine, state: GameState, event: DisplayRefilled) -> None:
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    deck, discard = state.deck, state.discard
    fill_display(engine.board.locomotive, state.rules.core.market.wild_reset, deck, discard,
                 state.display, replay_reshuffle(engine.board, deck, discard, event.shuffles))


ONE_DECK = OneDeck()
#: the one-deck market's own event
ONE_DECK_REFILLS = Feature(
    name="one-deck market",
    refusals=(("empty-slot", "§4.1"), ("locomotive-second", "§4.2"), ("no-cards", "§4.4")),
    appliers={CardDrawn: ONE_DECK.card_drawn, DisplayRefilled: display_refilled},
    redactions={DisplayRefilled: shuffles_hidden},
)
