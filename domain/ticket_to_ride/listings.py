"""Listings of claims worked out once per board: a turn looks them up.

A legal-move entry lists a route's payments (`pricing.listing_of`), a function of the
hand. Where a price reads only a few card kinds (a route of one colour on a map of
several card kinds per colour), every listing it can have is worked out when the
board's engine is built, nested by the counts of the kinds it reads (`tabulated`). A
price of any one colour made of the same price in each colour (a gray route of
Rails & Sails, a harbor) is put together from the tabulated listings of its colours
(`GrayParts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import msgspec

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.hand import Hand
from domain.ticket_to_ride.pricing import (
    NO_LISTING,
    Alternative,
    Alternatives,
    Listing,
    Paid,
    listing_of,
)

#: the card kinds a rule reads, each with the count beyond which more change nothing
Reads = tuple[tuple[int, int], ...]


def tabulated(rule: Alternatives, board: Board, reads: tuple[tuple[int, int], ...]) -> Any:
    """Every listing of `rule`, nested by the counts of the kinds it reads (up to the
    count beyond which nothing changes): a turn looks its listing up instead of working
    it out. Pays where a rule reads few kinds, as most routes of Rails & Sails do: World
    turns list claims twice as fast (see ``docs/ticket_to_ride_engine.md``, Speed)."""
    cards = [0] * len(board.card_names)

    def level(depth: int) -> Any:
        kind, most = reads[depth]
        found = []
        for count in range(most + 1):
            cards[kind] = count
            if depth + 1 < len(reads):
                found.append(level(depth + 1))
            else:
                found.append(listing_of(rule, Hand(board, list(cards))))
        cards[kind] = 0
        return tuple(found)

    return level(0)


class ByColour(Protocol):
    """A price of any one colour made of the same price in each colour (a gray route's
    `pricing.PriceRule`, a harbor's): what `GrayParts` composes."""

    def in_colour(self, colour: int) -> ByColour | None: ...

    def reads(self, board: Board) -> Reads | None: ...

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]: ...

    def payment(self, hand: Hand, alternative: Alternative) -> Paid: ...


class _Part(msgspec.Struct, frozen=True, gc=False):
    """The alternatives of `rule` of one colour or more (`wild` False) or the all-wild one
    (`wild` True): a part of a gray rule's listing (`GrayParts`)."""

    rule: ByColour
    wild: bool

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        return tuple(a for a in self.rule.alternatives(hand) if (a.colour < 0) == self.wild)

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        return self.rule.payment(hand, alternative)


class GrayParts:
    """A gray rule's listing put together from tabulated parts (`PriceRule.in_colour`):
    per colour, the listing of the rule in that colour without its all-wild payment, each
    looked up by the few card kinds it reads; then the all-wild payment, by the wilds.
    World's gray routes read whole hands, so they could not be tabulated as they are;
    composed so, World lists its claims with 12% fewer instructions per turn (callgrind;
    see ``docs/ticket_to_ride_engine.md``, Speed)."""

    __slots__ = ("colours", "wild")

    def __init__(self, colours: tuple[tuple[Reads, Any], ...], wild: tuple[Reads, Any]):
        self.colours = colours
        self.wild = wild

    @classmethod
    def of(cls, rule: ByColour, board: Board) -> GrayParts | None:
        """The parts of `rule`, or None where it is not composed of its colours."""
        colours = []
        for colour in range(board.locomotive):
            inner = rule.in_colour(colour)
            reads = None if inner is None else inner.reads(board)
            if inner is None or reads is None:
                return None
            colours.append((reads, tabulated(_Part(inner, False), board, reads)))
        wild = tuple(read for read in colours[0][0] if read[0] == board.locomotive)
        first = rule.in_colour(0)
        assert first is not None
        return cls(tuple(colours), (wild, tabulated(_Part(first, True), board, wild)))

    def listing(self, cards: Sequence[int]) -> Listing:
        """The rule's listing for a hand of these counts per card kind."""
        found: tuple[Payment, ...] = ()
        first: dict[str, int] | None = None
        for reads, table in (*self.colours, self.wild):
            for kind, most in reads:
                count = cards[kind]
                table = table[count if count < most else most]
            if table[0]:
                found += table[0]
                if first is None:
                    first = table[1]
        return NO_LISTING if first is None else (found, first)
