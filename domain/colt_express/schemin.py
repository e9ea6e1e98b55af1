"""Schemin' (§4.2, §8): on his action a player plays one card on the pile or draws 3.

Each action is exactly one event, read off the state as it is, so `decide`
needs no copy of the state for it unless it is the round's last action (then
Stealin' begins at once). The two-player cover fire is a second, optional
action of the same seat, right after a face-up Fire on a normal turn.
"""

from __future__ import annotations

from domain.colt_express.commands import Command, DeclineCoverFire, DrawCards, PlayCard
from domain.colt_express.components import DRAW, card_parts, is_bullet
from domain.colt_express.events import CardPlayed, CardsDrawn, CoverFireDeclined, Event
from domain.colt_express.evolve import cover_cards, opens_cover_fire
from domain.colt_express.refusals import command_types, refuse
from domain.colt_express.state import State


def ghost_may_hide(state: State, card: str) -> bool:
    """Ghost's first turn of the round: his card may go face down (§4.2; 2p: Ghost's card)."""
    return (
        state.turn == 0
        and card_parts(card)[0] == "ghost"
        and state.turn_types()[0] != "tunnel"
        and not state.cover_pending
    )


def scheming_options(state: State, seat: int) -> list[Command]:
    """Every action `seat` (who is to act) may take now: each card it may play, and the
    draw while its deck holds a card; or, after a Fire, the cover cards and declining."""
    if state.cover_pending:
        fired_by = card_parts(state.pile[-1])[0]
        moves: list[Command] = [PlayCard(card=c) for c in cover_cards(state, seat, fired_by)]
        return [*moves, DeclineCoverFire()]
    tunnel = state.turn_types()[state.turn] == "tunnel"
    moves = []
    for card in state.playable(seat):
        moves.append(PlayCard(card=card, face_down=tunnel))
        if not tunnel and ghost_may_hide(state, card):
            moves.append(PlayCard(card=card, face_down=True))
    if state.decks[seat]:
        moves.append(DrawCards())
    return moves


def scheming_event(
    state: State, seat: int, command: PlayCard | DrawCards | DeclineCoverFire
) -> Event:
    """The one event of a Schemin' action (§4.2, §8), read off the untouched state."""
    if isinstance(command, PlayCard):
        return _play(state, seat, command)
    if state.cover_pending:
        if isinstance(command, DeclineCoverFire):
            return CoverFireDeclined(seat=seat)
        raise refuse("cover-fire-pending", "play a cover card or decline it", "§8",
                     to_act=[seat], expected=command_types(scheming_options(state, seat)))
    if isinstance(command, DeclineCoverFire):
        expected = command_types(scheming_options(state, seat))
        raise refuse("unexpected-command",
                     f"no cover fire is open: the game waits for one of {', '.join(expected)}",
                     "§8", to_act=[seat], expected=expected)
    deck = state.decks[seat]
    if not deck:
        raise refuse("deck-empty", "your deck is empty: play a card", "§4.2")
    cards = deck[max(0, len(deck) - DRAW) :][::-1]
    return CardsDrawn(seat=seat, count=len(cards), cards=cards)


def ends_scheming(state: State, event: Event) -> bool:
    """Whether `event` is the last action of the round's last turn."""
    if isinstance(event, CardPlayed) and opens_cover_fire(state, event):
        return False
    return (
        state.turn == len(state.turn_types()) - 1 and state.turn_pos == state.actions_in_turn() - 1
    )


def _play(state: State, seat: int, command: PlayCard) -> CardPlayed:
    """A card from the hand onto the pile: face down in a tunnel or by Ghost's power, and
    after a two-player Fire only as a face-up cover card of the other bandit."""
    card = command.card
    if card not in state.hands[seat] or is_bullet(card):
        raise refuse(
            "card-not-in-hand", f"{card} is not an action card in your hand", "§4.2"
        )
    if state.cover_pending:
        fired_by = card_parts(state.pile[-1])[0]
        if card not in cover_cards(state, seat, fired_by) or command.face_down:
            raise refuse(
                "illegal-cover-fire",
                "cover fire is one face-up non-Marshal card of your other bandit",
                "§8",
            )
        return CardPlayed(seat=seat, card=card, face_down=False, cover_fire=True)
    tunnel = state.turn_types()[state.turn] == "tunnel"
    if command.face_down and not tunnel and not ghost_may_hide(state, card):
        raise refuse(
            "face-down-not-allowed",
            "cards go face down only in a tunnel or as Ghost's first card",
            "§4.2",
        )
    return CardPlayed(seat=seat, card=card, face_down=tunnel or command.face_down, cover_fire=False)
