"""Bonus draws (Northern Lights §3.2): a "+X" route's claim draws X train cards blind.

Right after the claim, X cards from the top of the pile (never the display); the
payment is already in the discards, so a short pile reshuffles it too; fewer when
both run out. The draw ends the claiming turn, before any refill; its cards are the
drawer's to see.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.cardflow import draw_top, replay_reshuffle
from domain.ticket_to_ride.events import BonusCardsDrawn, Event, RouteClaimed
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.redaction import blank
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.turn import Turn, end_turn


def draw_bonus(turn: Turn, events: list[Event]) -> None:
    """After the claim of a "+X" route: its blind draw."""
    claimed = events[-1]
    assert isinstance(claimed, RouteClaimed)
    count = turn.board.route_bonus[claimed.route]
    if not count:
        return
    names = []
    for _ in range(count):
        card = turn.draw()
        if card >= 0:
            names.append(turn.board.card_names[card])
    events.append(BonusCardsDrawn(claimed.seat, claimed.route, names, len(names),
                                  turn.take_shuffles()))


def drawn(engine: Engine, state: GameState, event: BonusCardsDrawn) -> None:
    deck, discard = state.deck, state.discard
    if event.shuffles:
        state.draws = event.shuffles[-1].draw + 1
    reshuffle = replay_reshuffle(engine.board, deck, discard, event.shuffles)
    hand = state.players[event.seat].hand
    for _ in range(event.count):
        hand[draw_top(deck, discard, reshuffle)] += 1
    end_turn(engine, state)


def _redact(event: BonusCardsDrawn, viewer: int | None) -> BonusCardsDrawn:
    return replace(event, cards=event.cards if event.seat == viewer else None,
                   shuffles=[blank(s) for s in event.shuffles])


def _continues(board: Board, route: int) -> bool:
    """A "+X" route's turn ends with its bonus draw, not the claim."""
    return board.route_bonus[route] > 0


BONUS_DRAWS = Feature(
    name="bonus draws",
    after_claim=draw_bonus,
    claim_continues=_continues,
    appliers={BonusCardsDrawn: drawn},
    redactions={BonusCardsDrawn: _redact},
)
