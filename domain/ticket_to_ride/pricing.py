"""Price rules: what a route costs, as the cards paid (a multiset of card counts).

A payment is a list of counts per card index, like a hand. Each route has a
price rule chosen by the map data and the ruleset (`price_rule`):

* `OneColour` — rail, gray, tunnel (before its extra cards) and ferry paid
  with Locomotives (Europe, §5.2-5.4): ``length`` cards of one colour (the
  route's, or any one on a gray route), Locomotives standing in for any, at
  least ``locomotives`` of them Locomotives. Europe's commands name such a
  payment as a colour and a Locomotive count; `OneColour.split` turns a
  multiset into that form, so both forms meet the same checks in `decide`.
* `PairFerry` — a ferry whose Locomotive symbols may each be paid with one
  Locomotive or a pair of same-coloured cards (Northern Lights): the plain
  spaces take one colour (Locomotives standing in); pairs may be of any
  colours, never two Locomotives.
* `DoubledSpaces` — a rail route whose ``doubled`` spaces cost two cards each
  (Rails & Sails World): each doubled space takes a pair of any one colour, a
  colour card and a wild, or two wilds; the plain spaces follow the route's
  colour.

`check` says why a payment cannot pay the route (None when it can), and
`alternatives` lists, for `legal_moves`, one compact entry per colour that
can pay the plain spaces (with the range of Locomotives a payment may hold)
and a ready payment, not every card combination.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from domain.ticket_to_ride.board import FERRY, GRAY, Board
from domain.ticket_to_ride.ruleset import Ruleset

#: a multiset of cards: the count of each card index
Cards = Sequence[int]


class Alternative(msgspec.Struct, frozen=True, gc=False):
    """A way to pay: the plain spaces in card index `colour` (-1: Locomotives only),
    between `low` and `high` Locomotives in all, and one such `payment`; for a ferry
    paid with pairs, `pairs` of its symbols paid by pairs (the others by Locomotives)."""

    colour: int
    low: int
    high: int
    payment: tuple[int, ...]
    pairs: int | None = None


class OneColour(msgspec.Struct, frozen=True, gc=False):
    """`length` cards of one colour (`colour`, or any one when GRAY), Locomotives wild,
    at least `locomotives` of them Locomotives."""

    length: int
    colour: int
    locomotives: int

    def split(self, board: Board, paid: Cards) -> tuple[int, int] | None:
        """The payment as ``(colour or -1, Locomotives)``, or None if it mixes colours."""
        loco = board.locomotive
        colours = [c for c in range(loco) if paid[c]]
        if len(colours) > 1:
            return None
        return (colours[0] if colours else -1), paid[loco]


class PairFerry(msgspec.Struct, frozen=True, gc=False):
    """A gray ferry of `length` spaces, `symbols` of them paid by a Locomotive or a pair."""

    length: int
    symbols: int

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


class DoubledSpaces(msgspec.Struct, frozen=True, gc=False):
    """A rail route of `length` spaces, `doubled` of them costing a pair (wilds stand in)."""

    length: int
    doubled: int
    colour: int

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


PriceRule = OneColour | PairFerry | DoubledSpaces


def price_rule(board: Board, rules: Ruleset, route: int) -> PriceRule:
    """The price rule of `route` under `rules` (see the module docstring)."""
    length = board.route_length[route]
    symbols = board.route_locomotives[route] if board.route_kind[route] == FERRY else 0
    doubled = board.route_doubled[route]
    if doubled:
        return DoubledSpaces(length, doubled, board.route_colour[route])
    if symbols and rules.ferries and rules.ferry_pairs and board.route_colour[route] == GRAY:
        return PairFerry(length, symbols)
    return OneColour(length, board.route_colour[route], symbols if rules.ferries else 0)
