"""Price rules: what a route costs, as the cards paid (a multiset of card counts).

A payment is a list of counts per card index, like a hand. Each route has one price
rule, built once per board (`engine.build_engine`) from the map's data and its
features: the core rules are here, a feature's own with the feature
(`features.ferries.PairFerry`, `features.doubled_spaces.DoubledSpaces`,
`features.sea_routes.ShipCards`, `features.harbors.HarborCards`).

* `OneColour` — rail, gray, tunnel (before its extra cards) and ferry paid with
  Locomotives (Europe, §5.2-5.4): ``length`` cards of one colour (the route's, or any
  one on a gray route), Locomotives standing in for any, at least ``locomotives`` of
  them Locomotives. Europe's commands name such a payment as a colour and a
  Locomotive count; `OneColour.split` turns a multiset into that form, so both forms
  meet the same checks.
* `TrainCards` — a route on a map whose colours have several train card kinds
  (Rails & Sails: plain and anchor cards, alike when claiming, §3.2.2): the payment is
  read as counts per colour and priced by the rule it wraps; ship cards never pay.

Every rule answers `check` (why a payment cannot pay the route, None when it can),
`alternatives` (for `legal_moves`: one compact entry per colour that can pay the plain
spaces, with the range of Locomotives a payment may hold, and a ready payment) and
`colour_form` (the `OneColour` that reads a payment named as a colour and a
Locomotive count, or None when the payment must name its cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

import msgspec

from domain.ticket_to_ride.board import Board

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


class PriceRule(Protocol):
    """What a route costs (see the module docstring); a refused payment cites `section`."""

    section: ClassVar[str]
    #: it prices train cards counted per colour (`TrainCards` wraps it where a colour has
    #: several train card kinds)
    train_cards: ClassVar[bool]

    def check(self, board: Board, paid: Cards) -> str | None:
        """Why `paid` cannot pay the route, or None."""

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        """The compact ways `hand` can pay the route (none: it cannot)."""

    def colour_form(self) -> OneColour | None:
        """The price a colour-and-Locomotives payment is read by (None: name the cards)."""


class OneColour(msgspec.Struct, frozen=True, gc=False):
    """`length` cards of one colour (`colour`, or any one when GRAY), Locomotives wild,
    at least `locomotives` of them Locomotives."""

    length: int
    colour: int
    locomotives: int
    section: ClassVar[str] = "§5.2"
    train_cards: ClassVar[bool] = True

    def colour_form(self) -> OneColour:
        return self

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


class ColourRule(Protocol):
    """A rule that prices counts per colour then the wild (what `TrainCards` wraps)."""

    def check(self, board: Board, paid: Cards) -> str | None: ...

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]: ...


class TrainCards(msgspec.Struct, frozen=True, gc=False):
    """A route paid with train cards, several kinds per colour alike (`colour_rule`
    prices the counts per colour), wilds standing in; no ship card."""

    colour_rule: ColourRule
    section: ClassVar[str] = "§5.2"
    train_cards: ClassVar[bool] = False

    def colour_form(self) -> None:
        return None

    def check(self, board: Board, paid: Cards) -> str | None:
        if any(paid[k] and board.card_ships[k] for k in range(len(paid))):
            return "a rail route takes train cards and wilds, never ship cards"
        return self.colour_rule.check(board, by_colour(board, paid))

    def alternatives(self, board: Board, hand: Cards) -> tuple[Alternative, ...]:
        return tuple(
            msgspec.structs.replace(a, payment=as_cards(board, hand, a.payment))
            for a in self.colour_rule.alternatives(board, by_colour(board, hand))
        )


def by_colour(board: Board, cards: Cards) -> list[int]:
    """Train cards counted per colour (every train card kind of it), then the wilds."""
    return [sum(cards[k] for k in kinds) for kinds in board.train_kinds] + [
        cards[board.locomotive]
    ]


def as_cards(board: Board, hand: Cards, per_colour: Sequence[int]) -> tuple[int, ...]:
    """Counts per colour made cards of `hand`: the plain kind first, keeping the anchor
    cards a harbor needs for last."""
    paid = [0] * len(hand)
    paid[board.locomotive] = per_colour[-1]
    for colour, kinds in enumerate(board.train_kinds):
        left = per_colour[colour]
        for kind in kinds:
            take = min(left, hand[kind])
            paid[kind] = take
            left -= take
    return tuple(paid)


def take_cards(paid: list[int], hand: Cards, kinds: Sequence[int], count: int) -> None:
    """Add `count` cards of `kinds` (in order, as the hand holds them) to `paid`."""
    for kind in kinds:
        take = min(count, hand[kind])
        paid[kind] += take
        count -= take
