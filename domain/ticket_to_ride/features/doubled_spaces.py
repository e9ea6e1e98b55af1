"""Doubled spaces (Rails & Sails §3.2.4): spaces of difficult terrain costing a pair each.

Each doubled space takes a pair of one colour, a colour card and a wild, or two wilds;
a route's plain spaces follow its colour. The pieces laid and the points scored are
the route's length.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.hand import Cards, Hand
from domain.ticket_to_ride.hooks import Feature
from domain.ticket_to_ride.pricing import Alternative, Paid, PriceRule


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

    @property
    def reach(self) -> tuple[str, int]:
        """Each doubled space takes a pair of one colour or a wild at least."""
        return ("pairs", -1)

    @property
    def size(self) -> int:
        return self.doubled

    def reads(self, board: Board) -> None:
        """It reads a whole hand."""
        return None

    def in_colour(self, colour: int) -> None:
        """Its pairs may be of any colour: the colours meet."""
        return None

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        """Per colour of the plain spaces (the route's, or any one; -1: Locomotives only)
        the fewest and most wilds some payment holds."""
        if hand.total < self.length + self.doubled:  # a card a space, two a doubled one
            return ()
        counts = hand.colours
        loco = hand.board.locomotive
        most = min(counts[loco], self.length + self.doubled)
        plain_spaces = self.length - self.doubled
        # a colour pays at least one plain space (`_plain_unpaid`): none without plain
        # spaces or cards of it
        colours = [c for c in ([self.colour] if self.colour >= 0 else range(loco))
                   if plain_spaces and counts[c]]
        all_pairs, all_cards = hand.pairs, hand.total - counts[loco]
        found = []
        for colour in [*colours, -1]:
            # the fewest wilds some payment holds, then the most (searched from each end)
            for low in range(most + 1):
                if self._payable(counts, colour, low, all_pairs, all_cards):
                    high = next(w for w in range(most, low - 1, -1)
                                if self._payable(counts, colour, w, all_pairs, all_cards))
                    found.append(Alternative(colour, low, high))
                    break
        return tuple(found)

    def _payable(self, counts: Cards, colour: int, wilds: int, all_pairs: int,
                 all_cards: int) -> bool:
        """Whether some payment has plain colour `colour` and exactly `wilds` wilds: the
        plain cards taken, each doubled space is a whole pair of one colour, a card and a
        wild, or two wilds (the arithmetic of `_build`'s search)."""
        plain_spaces = self.length - self.doubled
        have = counts[colour] if colour >= 0 else 0
        for plain_wilds in range(min(wilds, plain_spaces) + 1):
            plain = plain_spaces - plain_wilds
            if _plain_unpaid(counts, colour, plain):
                continue
            pairs = all_pairs - have // 2 + (have - plain) // 2
            cards = all_cards - plain
            # the doubled spaces take the other `left` wilds as `q` pairs of two and
            # `left - 2q` beside a card, and `whole = doubled - left + q` pairs of one
            # colour: some q in [0, left // 2] must give 0 <= whole <= pairs, and the
            # cards left after those pairs must cover the singles, which holds for
            # every q or none (left - 2q <= cards - 2 * whole: left >= 2 * doubled - cards)
            left = wilds - plain_wilds
            fewest = left - self.doubled if left > self.doubled else 0
            most = min(left // 2, pairs - self.doubled + left)
            if fewest <= most and left >= 2 * self.doubled - cards:
                return True
        return False

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        paid = self._build(hand.board, hand.colours, alternative.colour, alternative.low,
                           self.length - self.doubled)
        assert paid is not None
        return {card: count for card, count in enumerate(paid) if count}

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
            # a stable sort, descending: equal counts keep the lower colour first
            most_first = sorted(range(loco), key=spare.__getitem__, reverse=True)
            left = wilds - plain_wilds
            for wild_pairs in range(left // 2 + 1):
                singles = left - 2 * wild_pairs
                whole = self.doubled - singles - wild_pairs
                if whole < 0:
                    continue
                trial, rest = list(payment), list(spare)
                for c in most_first:
                    if not whole:
                        break
                    take = min(whole, rest[c] // 2)
                    trial[c] += 2 * take
                    rest[c] -= 2 * take
                    whole -= take
                for c in range(loco):
                    if not singles:
                        break
                    take = min(singles, rest[c])
                    trial[c] += take
                    singles -= take
                if not whole and not singles:
                    return tuple(trial)
        return None



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
