"""Ferries (Europe §5.3, Northern Lights §3.2): gray routes over water with Locomotive symbols.

Each symbol is paid with a Locomotive (Europe), or with a Locomotive or a pair of one
colour (Northern Lights: `PairFerry`), as the map's ``paid_with`` says; the plain
spaces are paid like a gray route. The trains laid and the points scored are the
route's length, whatever the cards.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.ticket_to_ride.board import FERRY, GRAY, Board
from domain.ticket_to_ride.hand import Cards, Hand
from domain.ticket_to_ride.hooks import Feature
from domain.ticket_to_ride.pricing import Alternative, OneColour, Paid, PriceRule


class PairFerry(msgspec.Struct, frozen=True, gc=False):
    """A gray ferry of `length` spaces, `symbols` of them paid by a Locomotive or a pair."""

    length: int
    symbols: int
    #: the section a refused payment cites
    section: ClassVar[str] = "§5.3"
    train_cards: ClassVar[bool] = True

    def colour_form(self) -> OneColour:
        """Named as a colour and Locomotives, the symbols are paid with Locomotives."""
        return OneColour(self.length, GRAY, self.symbols)

    def check(self, board: Board, paid: Cards) -> str | None:
        loco = board.locomotive
        plain_spaces = self.length - self.symbols
        # read the payment with each colour as the plain spaces' (or none), own pairs or not
        for colour in [-1, *(c for c in range(loco) if paid[c])]:
            others = [paid[c] for c in range(loco) if c != colour]
            if any(n % 2 for n in others):
                continue
            own = paid[colour] if colour >= 0 else 0
            for own_pairs in range(own // 2 + 1):
                plain = own - 2 * own_pairs
                pairs = own_pairs + sum(others) // 2
                plain_locos = plain_spaces - plain
                if (
                    plain_locos >= 0
                    and pairs <= self.symbols
                    and paid[loco] == plain_locos + self.symbols - pairs
                ):
                    return None
        return (
            f"pay {plain_spaces} card(s) of one colour and, for each of the "
            f"{self.symbols} Locomotive symbol(s), a Locomotive or a pair of one colour"
        )

    @property
    def reach(self) -> tuple[str, int]:
        """A ferry of pairs takes at least as many cards as it is long."""
        return ("pairs", -1)

    @property
    def size(self) -> int:
        return self.symbols

    def reads(self, board: Board) -> None:
        """It reads a whole hand."""
        return None

    def in_colour(self, colour: int) -> None:
        """Its pairs may be of any colour: the colours meet."""
        return None

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        """One entry per colour of the plain spaces (-1: none, or Locomotives only) and
        number of symbols paid by pairs (the rest by Locomotives), most pairs first, with
        the range of Locomotives in all.

        For a colour, the plain spaces take at least one card of it (-1: every one a
        Locomotive); more Locomotives among them leave more of the colour for pairs, so
        the payable counts form one range, from the first count that leaves pairs
        enough, up to the Locomotives held.
        """
        counts = hand.colours
        loco = hand.board.locomotive
        locos = counts[loco]
        symbols, plain_spaces = self.symbols, self.length - self.symbols
        all_pairs = hand.pairs
        if hand.total < self.length:  # a card at least a space
            return ()
        found = []
        # (conditionals, not min and max: every turn lists these, in 1.4 us instead of 2.6)
        for colour in range(loco if plain_spaces else 0):
            have = counts[colour]
            if not have:
                continue
            other_pairs = all_pairs - (have >> 1)
            for pairs in range(symbols, -1, -1):
                symbol_locos = symbols - pairs
                most = locos - symbol_locos
                if most > plain_spaces - 1:
                    most = plain_spaces - 1
                # the fewest Locomotives among the plain spaces that leave the colour's
                # cards pairs enough: (have - plain) // 2 >= pairs - other_pairs
                fewest = plain_spaces - have
                if pairs > other_pairs:
                    fewest += 2 * (pairs - other_pairs)
                if fewest < 0:
                    fewest = 0
                if fewest <= most:
                    found.append(Alternative(colour, symbol_locos + fewest, symbol_locos + most,
                                             pairs))
        for pairs in range(symbols if symbols < all_pairs else all_pairs, -1, -1):
            spent = symbols - pairs + plain_spaces
            if spent <= locos:
                found.append(Alternative(-1, spent, spent, pairs))
        return tuple(found)

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        """The plain cards, the Locomotives, and the pairs from the colours with the most
        cards to spare (the lower colour first among equals)."""
        counts = hand.colours
        loco = hand.board.locomotive
        colour, pairs = alternative.colour, alternative.pairs or 0
        plain = self.length - self.symbols - (alternative.low - (self.symbols - pairs))
        paid: Paid = {colour: plain} if plain else {}
        if alternative.low:
            paid[loco] = alternative.low
        if pairs:
            spare = list(counts[:loco])
            if plain:
                spare[colour] -= plain
            # a stable sort, descending: equal counts keep the lower colour first
            for c in sorted(range(loco), key=spare.__getitem__, reverse=True):
                take = min(pairs, spare[c] // 2)
                if take:
                    paid[c] = paid.get(c, 0) + 2 * take
                    pairs -= take
                    if not pairs:
                        break
        return paid


def price(board: Board, route: int) -> PriceRule | None:
    """A ferry's price: its symbols by Locomotives, or (gray, paid with pairs) `PairFerry`."""
    if board.route_kind[route] != FERRY:
        return None
    ferries = board.map.features.ferries
    assert ferries is not None
    length, symbols = board.route_length[route], board.route_locomotives[route]
    pairs = ferries.paid_with == "locomotives-or-pairs"
    if symbols and pairs and board.route_colour[route] == GRAY:
        return PairFerry(length, symbols)
    return OneColour(length, board.route_colour[route], symbols)


FERRIES = Feature(name="ferries", price=price,
                  refusals=(("bad-payment", "§5.3"), ("ferry-locomotives", "§5.3")))
