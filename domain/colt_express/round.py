"""The course of a round (§4, §7): who acts now, and every step that needs nobody.

A round runs start of round → Schemin' → Stealin' → the round card's event →
end of round, five times, then the game ends. Most of those steps need no
player: dealing, turning up a card, a Change floor, a card with no legal way,
an event without choices, the end of a round. `proceed` emits all of them
until some seat must choose or the game is over, so after every command the
state rests where a player has to act, and `to_act` names him.
"""

from __future__ import annotations

from domain.colt_express.components import ROUNDS
from domain.colt_express.dealing import deal
from domain.colt_express.events import RoundBegan, RoundEnded, SchemingEnded
from domain.colt_express.final import game_ended
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.round_events import round_event
from domain.colt_express.state import State
from domain.colt_express.stealin import card_bandit, turn_up


def to_act(state: State) -> list[int]:
    """The one seat that must act now, or nobody once the game is over."""
    phase = state.phase
    if phase in ("placing", "keeping"):
        return [(state.first_player + state.setup_pos) % state.seats]
    if phase == "schemin":
        if state.turn < len(state.turn_types()):
            return [state.actor()]
        return []
    if phase == "stealin" and state.revealed:
        return [state.controller[card_bandit(state)]]
    if phase == "event" and state.queue:
        return [state.controller[state.queue[0]]]
    return []


def proceed(look: Lookahead) -> None:
    """Emit every step that needs no choice, until a seat must act or the game ends."""
    while True:
        s = look.state
        phase = s.phase
        if phase == "between":
            if s.round >= ROUNDS:
                look.emit(game_ended(s, look.seed))
                return
            look.emit(
                RoundBegan(round=s.round, card=s.round_deck[s.round], first_player=s.first_player)
            )
        elif phase == "dealing":
            for seat in s.seat_order():
                deal(look, seat, look.state.decks[seat], None)
        elif phase == "schemin":
            if s.turn < len(s.turn_types()):
                return
            look.emit(SchemingEnded())
        elif phase == "stealin":
            if s.pile_pos >= len(s.pile):
                event = s.round_event()
                if event is None:
                    look.emit(RoundEnded(round=s.round))
                else:
                    round_event(look, event)
                continue
            if turn_up(look):
                return
        elif phase == "event":
            if s.queue:
                return
            look.emit(RoundEnded(round=s.round))
        else:  # placing, keeping: a seat must choose; finished: nothing more
            return
