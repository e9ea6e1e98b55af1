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
from domain.ticket_to_ride.hooks import Feature
from domain.ticket_to_ride.pricing import Alternative, Cards, OneColour, PriceRule


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

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        """One entry per colour of the plain spaces (-1: none, or Locomotives only) and
        number of symbols paid by pairs (the rest by Locomotives), most pairs first, with
        the range of Locomotives in all and the payment with the fewest."""
        loco = board.locomotive
        plain_spaces = self.length - self.symbols
        found = []
        for colour in [*range(loco), -1] if plain_spaces else [-1]:
            if colour >= 0 and not hand[colour]:
                continue
            for pairs in range(self.symbols, -1, -1):
                found += self._alternative(board, hand, colour, pairs, plain_spaces)
        return tuple(found)

    def _alternative(
        self, board: Board, hand: Cards, colour: int, pairs: int, plain_spaces: int
    ) -> list[Alternative]:
        """The entry for plain colour `colour` and `pairs` symbols paid by pairs, if any.

        The plain spaces take at least one card of `colour` (-1: every one a
        Locomotive); more Locomotives among them leave more of `colour` for the
        pairs, so the payable counts form one range, up to the Locomotives held.
        """
        loco = board.locomotive
        symbol_locos = self.symbols - pairs
        if colour < 0:
            fewest = most = plain_spaces
        else:
            fewest = max(0, plain_spaces - hand[colour])
            most = min(plain_spaces - 1, hand[loco] - symbol_locos)
        for plain_locos in range(fewest, most + 1):
            spare = list(hand[:loco])
            plain = plain_spaces - plain_locos
            if plain:
                spare[colour] -= plain
            if symbol_locos + plain_locos > hand[loco] or sum(n // 2 for n in spare) < pairs:
                continue
            payment = [0] * (loco + 1)
            if plain:
                payment[colour] = plain
            payment[loco] = symbol_locos + plain_locos
            left = pairs
            for c in sorted(range(loco), key=lambda c: -spare[c]):
                take = min(left, spare[c] // 2)
                payment[c] += 2 * take
                left -= take
            return [
                Alternative(colour, symbol_locos + plain_locos, symbol_locos + most,
                            tuple(payment), pairs)
            ]
        return []


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


FERRIES = Feature(name="ferries", price=price)
