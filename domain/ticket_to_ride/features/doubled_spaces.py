"""Doubled spaces (Rails & Sails §3.2.4): spaces of difficult terrain costing a pair each.

Each doubled space takes a pair of one colour, a colour card and a wild, or two wilds;
a route's plain spaces follow its colour. The pieces laid and the points scored are
the route's length.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import msgspec

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.hooks import Feature
from domain.ticket_to_ride.pricing import Alternative, Cards, PriceRule


class DoubledSpaces(msgspec.Struct, frozen=True, gc=False):
    """A rail route of `length` spaces, `doubled` of them costing a pair (wilds stand in)."""

    length: int
    doubled: int
    colour: int
    section: ClassVar[str] = "§5.2"
    train_cards: ClassVar[bool] = True

    def colour_form(self) -> None:
        """A payment of doubled spaces names its cards."""
        return None

    def check(self, board: Board, paid: Cards) -> str | None:
        loco = board.locomotive
        plain_spaces = self.length - self.doubled
        colours = [self.colour] if self.colour >= 0 else [-1, *range(loco)]
        for colour in colours:
            own = paid[colour] if colour >= 0 else 0
            for plain in range(min(own, plain_spaces) + 1):
                wilds = paid[loco] - (plain_spaces - plain)
                rest = [paid[c] - (plain if c == colour else 0) for c in range(loco)]
                if wilds >= 0 and _pairs_fit(rest, wilds, self.doubled):
                    return None
        return (
            f"pay {plain_spaces} card(s) of the route's colour and a pair for each of its "
            f"{self.doubled} doubled space(s), wilds standing in"
        )

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        loco = board.locomotive
        plain_spaces = self.length - self.doubled
        colours = [self.colour] if self.colour >= 0 else list(range(loco))
        return _alternatives(
            [*colours, -1],
            min(hand[loco], self.length + self.doubled),
            lambda colour, wilds: self._build(board, hand, colour, wilds, plain_spaces),
        )

    def _build(
        self, board: Board, hand: Cards, colour: int, wilds: int, plain_spaces: int
    ) -> tuple[int, ...] | None:
        """A payment with plain colour `colour` and exactly `wilds` wilds, or None.

        The doubled spaces take whole pairs of the most plentiful colours first,
        then a card with a wild each, then two wilds each.
        """
        loco = board.locomotive
        for plain_wilds in range(min(wilds, plain_spaces) + 1):
            plain = plain_spaces - plain_wilds
            if _plain_unpaid(hand, colour, plain):
                continue
            spare = list(hand[:loco])
            payment = [0] * (loco + 1)
            payment[loco] = wilds
            if plain:
                spare[colour] -= plain
                payment[colour] = plain
            left = wilds - plain_wilds
            for wild_pairs in range(left // 2 + 1):
                singles = left - 2 * wild_pairs
                whole = self.doubled - singles - wild_pairs
                if whole < 0:
                    continue
                trial, rest = list(payment), list(spare)
                for c in sorted(range(loco), key=lambda c: -rest[c]):
                    take = min(whole, rest[c] // 2)
                    trial[c] += 2 * take
                    rest[c] -= 2 * take
                    whole -= take
                for c in range(loco):
                    take = min(singles, rest[c])
                    trial[c] += take
                    singles -= take
                if not whole and not singles:
                    return tuple(trial)
        return None



def _alternatives(
    colours: Sequence[int], most: int, build: Callable[[int, int], tuple[int, ...] | None]
) -> tuple[Alternative, ...]:
    """One `Alternative` per colour of `colours` that `build` can pay with, for some count
    of Locomotives up to `most`: the fewest and most, and the payment with the fewest."""
    found = []
    for colour in colours:
        payments = [(n, p) for n in range(most + 1) if (p := build(colour, n)) is not None]
        if payments:
            found.append(Alternative(colour, payments[0][0], payments[-1][0], payments[0][1]))
    return tuple(found)


def _plain_unpaid(hand: Cards, colour: int, plain: int) -> bool:
    """`plain` cards of `colour` cannot pay the plain spaces: an alternative of a colour
    pays at least one plain space with it, the Locomotives-only one (-1) none."""
    if colour < 0:
        return plain > 0
    return not 0 < plain <= hand[colour]


def _pairs_fit(rest: list[int], wilds: int, doubled: int) -> bool:
    """`rest` colour cards and exactly `wilds` wilds make exactly `doubled` pairs, each of
    one colour, a colour card and a wild, or two wilds."""
    if sum(rest) + wilds != 2 * doubled:
        return False
    singles = sum(n % 2 for n in rest)
    return singles <= wilds


def price(board: Board, route: int) -> PriceRule | None:
    """The price of a route with doubled spaces."""
    doubled = board.route_doubled[route]
    if not doubled:
        return None
    return DoubledSpaces(board.route_length[route], doubled, board.route_colour[route])


DOUBLED_SPACES = Feature(name="doubled spaces", price=price)
