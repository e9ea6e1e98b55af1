"""Reading a payment out of a command, checked against the hand: shared by every command that
pays cards (claiming a route, building a station or a harbor).

A payment is named either as a colour plus how many Locomotives replace cards of that
colour (`check_colour_payment`), or as the cards by name (`named_cards`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.state import GameState


def colour_index(board: Board, colour: str | None, section: str) -> int:
    """The card index of a colour a command names (-1: none named)."""
    if colour is None:
        return -1
    index = board.card_index(colour)
    if index < 0 or index == board.locomotive:
        raise refuse("unknown-colour", f"{colour!r} is not a card colour of this map",
                            section)
    return index


def colour_name(board: Board, colour: int) -> str | None:
    """The name of colour index `colour` (None for -1: Locomotives only)."""
    return None if colour < 0 else board.colours[colour]


def check_colour_payment(
    board: Board, hand: Sequence[int], colour: int, locomotives: int, cards: int, section: str
) -> int:
    """Check a payment of `cards` cards, `locomotives` of them wild; return the colour used.

    All-Locomotive payments have no colour used (-1) whatever colour was named.
    """
    if not 0 <= locomotives <= cards:
        raise refuse("bad-payment", f"locomotives must be between 0 and {cards}", section)
    if hand[board.locomotive] < locomotives:
        raise refuse("not-enough-cards", "not enough Locomotives in hand", section)
    if locomotives == cards:
        return -1
    if colour < 0:
        raise refuse("bad-payment", "name the colour of the non-Locomotive cards", section)
    if hand[colour] < cards - locomotives:
        raise refuse(
            "not-enough-cards", f"not enough {board.colours[colour]} cards in hand", section
        )
    return colour


def named_cards(
    board: Board, hand: Sequence[int], cards: Mapping[str, int], section: str
) -> list[int]:
    """Cards named by count, as counts per card index, checked against the hand."""
    paid = [0] * len(hand)
    for name, count in cards.items():
        card = board.card_index(name)
        if card < 0:
            raise refuse("unknown-colour", f"{name!r} is not a card of this map", section)
        if count < 0:
            raise refuse("bad-payment", "card counts are not negative", section)
        if hand[card] < count:
            raise refuse("not-enough-cards", f"not enough {name} cards in hand", section)
        paid[card] = count
    return paid


def names_of(board: Board, paid: Mapping[int, int]) -> dict[str, int]:
    """A payment of cards by index, by name, in card order."""
    names = board.card_names
    return {names[c]: paid[c] for c in sorted(paid) if paid[c]}


def card_names(board: Board, paid: Sequence[int]) -> dict[str, int]:
    """A payment as the cards it names, by name (cards not paid left out)."""
    names = board.card_names
    return {names[c]: n for c, n in enumerate(paid) if n}


def take_cards_payment(board: Board, state: GameState, hand: list[int],
                       paid: Mapping[str, int]) -> None:
    """Evolving a payment named by cards: out of the hand, onto each card's own deck's
    discards."""
    for name, count in paid.items():
        card = board.card_at[name]
        hand[card] -= count
        state.pile(board.card_deck[card])[1][card] += count


def take_colour_payment(board: Board, hand: list[int], discard: list[int], colour: str | None,
                        locomotives: int, cards: int) -> None:
    """Evolving a payment named by colour: `cards` cards of `colour`, `locomotives` of them
    Locomotives, out of the hand onto the first deck's discards."""
    loco = board.locomotive
    hand[loco] -= locomotives
    discard[loco] += locomotives
    if colour is not None and cards > locomotives:
        index = board.card_at[colour]
        hand[index] -= cards - locomotives
        discard[index] += cards - locomotives
