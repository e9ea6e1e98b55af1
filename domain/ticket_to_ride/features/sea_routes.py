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
from domain.ticket_to_ride.hand import Cards, Hand
from domain.ticket_to_ride.hooks import Feature
from domain.ticket_to_ride.pricing import Alternative, Paid, PriceRule, take_cards


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

    @property
    def reach(self) -> tuple[str, int]:
        return ("ships", self.colour)

    @property
    def size(self) -> int:
        return self.length

    def reads(self, board: Board) -> tuple[tuple[int, int], ...] | None:
        """A sea route of one colour reads its single- and double-ship cards and the
        wilds, up to what covers its length."""
        if self.colour < 0:
            return None
        n = self.length
        return (*((kind, n) for kind in board.ship_singles[self.colour]),
                *((kind, (n + 1) // 2) for kind in board.ship_doubles[self.colour]),
                (board.locomotive, n))

    def in_colour(self, colour: int) -> ShipCards | None:
        return ShipCards(self.length, colour) if self.colour < 0 else None

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        """Per colour and number of double-ship cards, the wild range; then the all-wild
        payment."""
        board = hand.board
        n = self.length
        wilds = hand.cards[board.locomotive]
        found = []
        single_counts, double_counts = hand.ships
        for colour in [self.colour] if self.colour >= 0 else range(len(board.colours)):
            have_singles, have_doubles = single_counts[colour], double_counts[colour]
            if have_singles + 2 * have_doubles + wilds < n:
                continue
            most = (n + 1) // 2
            for used in range((have_doubles if have_doubles < most else most) + 1):
                rest = n - 2 * used
                if rest < 0:  # one space to spare: doubles only
                    low = high = 0
                else:
                    low = rest - have_singles if rest > have_singles else 0
                    high = rest if used else rest - 1
                    if wilds < high:
                        high = wilds
                if low <= high:
                    found.append(Alternative(colour, low, high, doubles=used))
        if wilds >= n:
            found.append(Alternative(-1, n, n, doubles=0))
        return tuple(found)

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        """The fewest wilds, then single-ship cards, then the double-ship cards."""
        board, cards = hand.board, hand.cards
        paid: Paid = {board.locomotive: alternative.low} if alternative.low else {}
        if alternative.colour >= 0:
            used = alternative.doubles or 0
            rest = max(self.length - 2 * used, 0)
            take_cards(paid, cards, board.ship_singles[alternative.colour],
                       rest - alternative.low)
            take_cards(paid, cards, board.ship_doubles[alternative.colour], used)
        return paid


def price(board: Board, route: int) -> PriceRule | None:
    """The price of a sea route."""
    if board.route_kind[route] != SEA:
        return None
    return ShipCards(board.route_length[route], board.route_colour[route])


SEA_ROUTES = Feature(name="sea routes", price=price,
                     refusals=(("not-enough-ships", "§5.1"), ("bad-payment", "§5.2")))
