"""The start of a round (§4.1, §8): every deck reshuffled and a hand drawn.

Each seat's whole deck (action cards and every bullet received) is shuffled
from the seed at the next unused draw, and the shuffle is recorded in
`HandDealt`, so replay needs no randomness. In the two-player game each seat
first keeps one card of its choice (`KeepCard`, first player first) and is
dealt when it has chosen; otherwise every seat is dealt at once.
"""

from __future__ import annotations

from domain.colt_express.commands import Command, KeepCard
from domain.colt_express.events import HandDealt
from domain.colt_express.evolve import hand_size
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.refusals import refuse
from domain.colt_express.state import State


def deal(look: Lookahead, seat: int, deck: list[str], kept: str | None) -> None:
    """Shuffle the seat's deck and draw its hand (§4.1); `after` lists the top first."""
    shuffle = look.rng().shuffle(sorted(deck))
    drawn = hand_size(look.state, seat)
    hand = ([kept] if kept is not None else []) + list(shuffle.after[:drawn])
    look.emit(HandDealt(seat=seat, size=len(hand), kept=kept, shuffle=shuffle, hand=hand))


def keeping_options(state: State, seat: int) -> list[Command]:
    """Two-player game: any one card of the seat's deck may be kept, once per kind (§8)."""
    return [KeepCard(card=card) for card in sorted(set(state.decks[seat]))]


def keep(look: Lookahead, seat: int, command: KeepCard) -> None:
    """Two-player game: the seat keeps `command.card`, then the rest is shuffled and dealt."""
    deck = list(look.state.decks[seat])
    if command.card not in deck:
        raise refuse("card-not-in-deck", f"{command.card} is not in your deck", "§8")
    deck.remove(command.card)
    deal(look, seat, deck, command.card)
