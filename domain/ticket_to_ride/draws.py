"""Drawing train cards (§4): the part every map shares, whichever its market.

A draw-card command goes to the map's market (`market.OneDeck`, or
`features.chosen_market.Chosen`) for a face-up card or its blind card; a draw-blind
command names the deck (a map of several decks, Rails & Sails §3.1). Between the two
cards of a draw the `SecondCard` decision allows only another draw. A draw ends the
turn by `turn.draw_ends_turn`.
"""

from __future__ import annotations

from domain.ticket_to_ride.cardflow import draw_top, replay_reshuffle, supplying
from domain.ticket_to_ride.commands import DrawBlind, DrawCard
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import BlindDrawn, CardDrawn, Event
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.redaction import card_for_drawer
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.state import SECOND_CARD, GameState, SecondCard
from domain.ticket_to_ride.turn import Turn, draw_ends_turn, end_turn, finish

#: the draw entries that never change, built once
BLIND = Move(DrawCard(None))
FACE_UP = tuple(Move(DrawCard(slot)) for slot in range(16))


def draw_card(turn: Turn, seat: int, command: DrawCard) -> list[Event]:
    """A draw-card command: a face-up card from the market, or its blind card."""
    second = turn.state.pending is not None
    market = turn.engine.market
    if command.slot is None:
        return market.draw_blind(turn, seat, second)
    return market.draw_face_up(turn, seat, command.slot, second)


def draw_blind(turn: Turn, seat: int, command: DrawBlind) -> list[Event]:
    """A draw-blind command: the top card of the named deck."""
    board = turn.board
    deck = board.deck_ids.index(command.deck) if command.deck in board.deck_ids else -1
    if deck < 0:
        raise refuse("no-such-deck", f"this map has no deck {command.deck!r}", "§4.1")
    return draw_from_deck(turn, seat, deck)


def draw_from_deck(turn: Turn, seat: int, deck: int) -> list[Event]:
    """The top card of deck `deck` (Rails & Sails §3.1: a deck with no pile and no
    discards cannot be drawn from)."""
    state, board = turn.state, turn.board
    second = state.pending is not None
    pile, discard = state.pile(deck)
    if not pile and not any(discard):
        name = board.deck_ids[deck]
        raise refuse("no-cards", f"the {name} deck and its discards are empty", "§4.4")
    piles = turn.decks()
    card = draw_top(*piles[deck], turn.reshuffles()[deck])
    over = draw_ends_turn(second, False, bool(supplying(piles)), turn.display, board.locomotive)
    event = BlindDrawn(seat, board.deck_ids[deck], board.card_name(card), over,
                       turn.take_shuffles())
    return finish(turn, [event]) if over else [event]


def second_card(turn: Turn, seat: int, pending: SecondCard, command: object) -> list[Event]:
    """Between the two cards of a draw only the second card may be taken (§4.1)."""
    if isinstance(command, DrawCard):
        return draw_card(turn, seat, command)
    if isinstance(command, DrawBlind):
        return draw_blind(turn, seat, command)
    raise refuse("draw-second-card", "take your second train card", "§4.1")


def blind_card_drawn(engine: Engine, state: GameState, event: CardDrawn) -> None:
    """Evolving a draw-card's blind card (its face-up card is the market's to apply:
    each market's part applies a draw-card)."""
    deck, discard = state.deck, state.discard
    hand = state.players[event.seat].hand
    if deck:
        hand[deck.pop()] += 1
    else:
        reshuffle = replay_reshuffle(engine.board, deck, discard, event.shuffles)
        hand[draw_top(deck, discard, reshuffle)] += 1
    turn_over(engine, state, event.turn_over)


def blind_drawn(engine: Engine, state: GameState, event: BlindDrawn) -> None:
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    board = engine.board
    deck, discard = state.pile(board.deck_ids.index(event.deck))
    reshuffle = replay_reshuffle(board, deck, discard, event.shuffles)
    state.players[event.seat].hand[draw_top(deck, discard, reshuffle)] += 1
    turn_over(engine, state, event.turn_over)


def turn_over(engine: Engine, state: GameState, over: bool) -> None:
    """After a drawn card: the turn ends, or its second card is due."""
    if over:
        state.passes = 0
        end_turn(engine, state)
    else:
        state.pending = SECOND_CARD


def face_up_entries(display: list[int], out: list[Move]) -> None:
    """A draw entry per face-up card."""
    for slot, card in enumerate(display):
        if card >= 0:
            out.append(FACE_UP[slot])


def blind_entries(engine: Engine, state: GameState) -> list[Move]:
    """A blind draw from each deck that has a card (a map of several decks)."""
    blind = engine.blind_moves
    return [blind[d] for d in supplying(state.decks())]


def second_card_moves(engine: Engine, state: GameState, seat: int, pending: object) -> list[Move]:
    """The second card of a draw (§4.1): blind, or any face-up card but a wild."""
    return engine.market.second_moves(engine, state)


def draw_moves(engine: Engine, state: GameState, seat: int, out: list[Move]) -> None:
    """The draw entries at the start of a turn, as the map's market lists them."""
    engine.market.draw_moves(engine, state, out)


def _redact_blind_drawn(event: BlindDrawn, viewer: int | None) -> BlindDrawn:
    """A blind card is seen by its drawer only; shuffles by none."""
    return card_for_drawer(event, event.card if event.seat == viewer else None)


def _redact_card_drawn(event: CardDrawn, viewer: int | None) -> CardDrawn:
    """A blind card is seen by its drawer only; face-up ones by all; shuffles by none."""
    hidden = event.slot is None and event.seat != viewer
    return card_for_drawer(event, None if hidden else event.card)


DRAWS = Feature(
    name="drawing cards",
    refusals=(("no-such-deck", "§4.1"), ("no-cards", "§4.4"), ("draw-second-card", "§4.1")),
    turn_commands={DrawCard: draw_card, DrawBlind: draw_blind},
    decisions={SecondCard: second_card},
    appliers={BlindDrawn: blind_drawn},
    redactions={
        CardDrawn: _redact_card_drawn,
        BlindDrawn: _redact_blind_drawn,
    },
    turn_moves=draw_moves,
    decision_moves={SecondCard: second_card_moves},
    pending_names={SecondCard: "second-card"},
)
