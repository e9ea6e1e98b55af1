"""Sea routes (Rails & Sails §3.2.1, §3.2.5): routes laid with ships and paid with ship cards.

A sea route takes ship cards of one colour (the route's, or any one on a gray route)
and wilds: a single-ship card and a wild cover one space, a double-ship card two. They
cover the length with nothing to spare, or with one space to spare when every card
is a double (the set played is minimal: no card could be left out).
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.ticket_to_ride.board import SEA, Board
from domain.ticket_to_ride.hooks import Feature
from domain.ticket_to_ride.pricing import Alternative, Cards, PriceRule, take_cards


class ShipCards(msgspec.Struct, frozen=True, gc=False):
    """A sea route of `length` spaces in `colour` (GRAY: any one colour) paid by ship value
    with no change: see the module docstring."""

    length: int
    colour: int
    section: ClassVar[str] = "§5.2"
    train_cards: ClassVar[bool] = False

    def colour_form(self) -> None:
        """A payment in ship cards names its cards."""
        return None

    def check(self, board: Board, paid: Cards) -> str | None:
        wild, ships = board.locomotive, board.card_ships
        used = [k for k in range(len(paid)) if paid[k] and k != wild]
        if any(not ships[k] for k in used):
            return "a sea route takes ship cards and wilds, never train cards"
        colours = {board.card_colour[k] for k in used}
        if len(colours) > 1 or (colours and self.colour >= 0 and colours != {self.colour}):
            return "pay with ship cards of one colour (the route's), wilds standing in"
        covered = paid[wild] + sum(paid[k] * ships[k] for k in used)
        ones = paid[wild] + sum(paid[k] for k in used if ships[k] == 1)
        if covered == self.length or (not ones and covered == self.length + 1):
            return None
        return (
            f"cover the {self.length} spaces with ship values (a double ship covers 2), "
            "playing no card more than needed"
        )

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        """Per colour and number of double-ship cards, the wild range and the payment with
        the fewest wilds; then the all-wild payment."""
        n, wild = self.length, board.locomotive
        wilds = hand[wild]
        found = []
        for colour in [self.colour] if self.colour >= 0 else range(len(board.colours)):
            kinds = board.ship_kinds[colour]
            singles = [k for k in kinds if board.card_ships[k] == 1]
            doubles = [k for k in kinds if board.card_ships[k] == 2]
            have_singles = sum(hand[k] for k in singles)
            have_doubles = sum(hand[k] for k in doubles)
            for used in range(min(have_doubles, (n + 1) // 2) + 1):
                rest = n - 2 * used
                if rest < 0:  # one space to spare: doubles only
                    low = high = 0
                else:
                    low = max(0, rest - have_singles)
                    high = min(wilds, rest if used else rest - 1)
                if low > high:
                    continue
                paid = [0] * len(hand)
                paid[wild] = low
                take_cards(paid, hand, singles, max(rest, 0) - low)
                take_cards(paid, hand, doubles, used)
                found.append(Alternative(colour, low, high, tuple(paid), doubles=used))
        if wilds >= n:
            paid = [0] * len(hand)
            paid[wild] = n
            found.append(Alternative(-1, n, n, tuple(paid), doubles=0))
        return tuple(found)


def price(board: Board, route: int) -> PriceRule | None:
    """The price of a sea route."""
    if board.route_kind[route] != SEA:
        return None
    return ShipCards(board.route_length[route], board.route_colour[route])


SEA_ROUTES = Feature(name="sea routes", price=price)
