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
* `TrainCards` — a rail route on a map whose colours have several train card
  kinds (Rails & Sails: plain and anchor cards, alike when claiming, §3.2.2):
  the payment is read as counts per colour and priced by `OneColour` or
  `DoubledSpaces`; ship cards never pay a rail route.
* `ShipCards` — a sea route (Rails & Sails §3.2.5): ship cards of one colour
  (the route's, or any one on a gray route) and wilds, a single-ship card and
  a wild covering one space, a double-ship card two; they cover ``length``
  with nothing to spare, or, when every card is a double, one space to spare
  (the played set is minimal: no card could be left out).

`check` says why a payment cannot pay the route (None when it can), and
`alternatives` lists, for `legal_moves`, one compact entry per colour that
can pay the plain spaces (with the range of Locomotives a payment may hold)
and a ready payment, not every card combination.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from domain.ticket_to_ride.board import FERRY, GRAY, SEA, Board
from domain.ticket_to_ride.ruleset import Ruleset

#: a multiset of cards: the count of each card index
Cards = Sequence[int]


class Alternative(msgspec.Struct, frozen=True, gc=False):
    """A way to pay: the plain spaces in card index `colour` (-1: Locomotives only),
    between `low` and `high` Locomotives in all, and one such `payment`; for a ferry
    paid with pairs, `pairs` of its symbols paid by pairs (the others by Locomotives);
    on a sea route, exactly `doubles` double-ship cards."""

    colour: int
    low: int
    high: int
    payment: tuple[int, ...]
    pairs: int | None = None
    doubles: int | None = None


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

    def check(self, board: Board, paid: Cards) -> str | None:
        """Why counts per colour (then the wild) cannot pay, or None (see `TrainCards`)."""
        loco = board.locomotive
        colours = [c for c in range(loco) if paid[c]]
        if len(colours) > 1 or (colours and self.colour >= 0 and colours[0] != self.colour):
            return "pay with train cards of one colour (the route's), wilds standing in"
        if sum(paid) != self.length or paid[loco] < self.locomotives:
            return f"the route takes {self.length} cards"
        return None

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        """Per colour able to pay, the wild range and the payment with the fewest wilds;
        then the all-wild payment (counts per colour, then the wild)."""
        loco = board.locomotive
        n, wilds = self.length, hand[loco]
        found = []
        for colour in [self.colour] if self.colour >= 0 else range(loco):
            low = max(self.locomotives, n - hand[colour])
            high = min(wilds, n - 1)
            if hand[colour] and low <= high:
                payment = [0] * (loco + 1)
                payment[colour], payment[loco] = n - low, low
                found.append(Alternative(colour, low, high, tuple(payment)))
        if wilds >= n:
            found.append(Alternative(-1, n, n, (0,) * loco + (n,)))
        return tuple(found)


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


class TrainCards(msgspec.Struct, frozen=True, gc=False):
    """A rail route paid with train cards, several kinds per colour alike (`colour_rule`
    prices the counts per colour), wilds standing in; no ship card."""

    colour_rule: OneColour | DoubledSpaces

    def check(self, board: Board, paid: Cards) -> str | None:
        if any(paid[k] and board.card_ships[k] for k in range(len(paid))):
            return "a rail route takes train cards and wilds, never ship cards"
        return self.colour_rule.check(board, _by_colour(board, paid))

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        return tuple(
            msgspec.structs.replace(a, payment=_as_cards(board, hand, a.payment))
            for a in self.colour_rule.alternatives(board, _by_colour(board, hand))
        )


def _by_colour(board: Board, cards: Cards) -> list[int]:
    """Train cards counted per colour (every train card kind of it), then the wilds."""
    return [sum(cards[k] for k in kinds) for kinds in board.train_kinds] + [
        cards[board.locomotive]
    ]


def _as_cards(board: Board, hand: Cards, by_colour: Sequence[int]) -> tuple[int, ...]:
    """Counts per colour made cards of `hand`: the plain kind first, keeping the anchor
    cards a harbor needs for last."""
    paid = [0] * len(hand)
    paid[board.locomotive] = by_colour[-1]
    for colour, kinds in enumerate(board.train_kinds):
        left = by_colour[colour]
        for kind in kinds:
            take = min(left, hand[kind])
            paid[kind] = take
            left -= take
    return tuple(paid)


class ShipCards(msgspec.Struct, frozen=True, gc=False):
    """A sea route of `length` spaces in `colour` (GRAY: any one colour) paid by ship value
    with no change: see the module docstring."""

    length: int
    colour: int

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
                _take(paid, hand, singles, max(rest, 0) - low)
                _take(paid, hand, doubles, used)
                found.append(Alternative(colour, low, high, tuple(paid), doubles=used))
        if wilds >= n:
            paid = [0] * len(hand)
            paid[wild] = n
            found.append(Alternative(-1, n, n, tuple(paid), doubles=0))
        return tuple(found)


class HarborCards(msgspec.Struct, frozen=True, gc=False):
    """A harbor (Rails & Sails §3.3): `per_deck` cards of each deck, every one showing the
    anchor and all of one colour; wilds stand in for any of them, of either deck."""

    per_deck: tuple[int, ...]

    def check(self, board: Board, paid: Cards) -> str | None:
        wild = board.locomotive
        used = [k for k in range(len(paid)) if paid[k] and k != wild]
        per_deck = [0] * len(self.per_deck)
        for kind in used:
            per_deck[board.card_deck[kind]] += paid[kind]
        if (
            any(not board.card_anchor[k] for k in used)
            or len({board.card_colour[k] for k in used}) > 1
            or any(n > most for n, most in zip(per_deck, self.per_deck, strict=True))
            or sum(paid) != sum(self.per_deck)
        ):
            decks = " and ".join(f"{n} {d}" for n, d in zip(self.per_deck, board.deck_ids,
                                                             strict=True))
            return f"pay {decks} cards of one colour, each with the anchor, wilds standing in"
        return None

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        """Per colour, the wild range and the payment with the fewest wilds; then the
        all-wild payment."""
        wild, total = board.locomotive, sum(self.per_deck)
        found = []
        for colour in range(len(board.colours)):
            paid = [0] * len(hand)
            for deck, most in enumerate(self.per_deck):
                kinds = [
                    k for k in range(len(hand))
                    if board.card_anchor[k] and board.card_colour[k] == colour
                    and board.card_deck[k] == deck and k != wild
                ]
                _take(paid, hand, kinds, most)
            low, high = total - sum(paid), min(hand[wild], total - 1)
            if sum(paid) and low <= high:
                paid[wild] = low
                found.append(Alternative(colour, low, high, tuple(paid)))
        if hand[wild] >= total:
            paid = [0] * len(hand)
            paid[wild] = total
            found.append(Alternative(-1, total, total, tuple(paid)))
        return tuple(found)


def _take(paid: list[int], hand: Cards, kinds: Sequence[int], count: int) -> None:
    """Add `count` cards of `kinds` (in order, as the hand holds them) to `paid`."""
    for kind in kinds:
        take = min(count, hand[kind])
        paid[kind] += take
        count -= take


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


PriceRule = OneColour | PairFerry | DoubledSpaces | TrainCards | ShipCards


def price_rule(board: Board, rules: Ruleset, route: int) -> PriceRule:
    """The price rule of `route` under `rules` (see the module docstring)."""
    length = board.route_length[route]
    kind = board.route_kind[route]
    if kind == SEA:
        return ShipCards(length, board.route_colour[route])
    symbols = board.route_locomotives[route] if kind == FERRY else 0
    doubled = board.route_doubled[route]
    if board.several_train_kinds:
        colour = board.route_colour[route]
        by_colour: OneColour | DoubledSpaces = (
            DoubledSpaces(length, doubled, colour) if doubled else OneColour(length, colour, 0)
        )
        return TrainCards(by_colour)
    if doubled:
        return DoubledSpaces(length, doubled, board.route_colour[route])
    if symbols and rules.ferries and rules.ferry_pairs and board.route_colour[route] == GRAY:
        return PairFerry(length, symbols)
    return OneColour(length, board.route_colour[route], symbols if rules.ferries else 0)
