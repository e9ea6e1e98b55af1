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
spaces, with the range of Locomotives a payment may hold), `payment` (the cards of one
alternative with the fewest Locomotives: a ready command) and `colour_form` (the
`OneColour` that reads a payment named as a colour and a Locomotive count, or None
when the payment must name its cards). A turn lists every claimable route: a route
paid as a colour and a Locomotive count lists cheap descriptions, one whose command
names its cards lists each alternative with its cards (`listing_of`), mostly looked
up rather than worked out (`listings`); `reach` and `size` let the listing skip, by
one comparison, the routes a hand cannot come near (`hand.Hand.capacities`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

import msgspec

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.entries import Payment
from domain.ticket_to_ride.hand import Cards, Hand
from domain.ticket_to_ride.payments import names_of

#: the cards of a ready payment: count by card index, the cards not paid left out
Paid = dict[int, int]
#: what a route's legal-move entry lists: its payments, and the cards of the first by name
#: (the ready command); no payment: the hand cannot pay
Listing = tuple[tuple[Payment, ...], dict[str, int]]
NO_LISTING: Listing = ((), {})


class Alternative(msgspec.Struct, frozen=True, gc=False):
    """A way to pay: the plain spaces in card index `colour` (-1: Locomotives only),
    between `low` and `high` Locomotives in all; for a ferry paid with pairs, `pairs` of
    its symbols paid by pairs (the others by Locomotives); on a sea route, exactly
    `doubles` double-ship cards. Its rule's `payment` gives the cards with `low`."""

    colour: int
    low: int
    high: int
    pairs: int | None = None
    doubles: int | None = None


class PriceRule(Protocol):
    """What a route costs (see the module docstring); a refused payment cites `section`."""

    section: ClassVar[str]
    #: it prices train cards counted per colour (`TrainCards` wraps it where a colour has
    #: several train card kinds)
    train_cards: ClassVar[bool]

    @property
    def reach(self) -> tuple[str, int]:
        """What bounds the routes it prices a hand can pay for (`capacity_index`)."""

    @property
    def size(self) -> int:
        """How much of its `reach` a payment takes at least (a route's length, or the
        cards of a route of doubled spaces)."""

    def check(self, board: Board, paid: Cards) -> str | None:
        """Why `paid` cannot pay the route, or None."""

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        """The compact ways `hand` can pay the route (none: it cannot)."""

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        """One of `alternative`'s payments, with its fewest wilds."""

    def reads(self, board: Board) -> tuple[tuple[int, int], ...] | None:
        """The card kinds its alternatives and payments read, each with the count beyond
        which more cards change nothing; None when it reads a whole hand (a gray route,
        pairs). A legal-move listing is then a function of those counts, tabulated once
        per board (`claimable.ClaimTable`)."""

    def in_colour(self, colour: int) -> PriceRule | None:
        """On a gray rule that prices each colour alike: the same rule in `colour`. Its
        listing is then, colour by colour, that rule's payments of the colour, then the
        all-wild payment (`claimable.ClaimTable` composes it so from tabulated parts).
        None for a rule of one colour, or one whose colours meet (pairs of any colour)."""

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

    @property
    def reach(self) -> tuple[str, int]:
        return ("colour", self.colour)

    @property
    def size(self) -> int:
        return self.length

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

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        """Per colour able to pay, the wild range and the payment with the fewest wilds;
        then the all-wild payment (counts per colour, then the wild)."""
        counts = hand.colours
        loco = hand.board.locomotive
        n, wilds = self.length, counts[loco]
        found = []
        high = min(wilds, n - 1)
        for colour in [self.colour] if self.colour >= 0 else range(loco):
            low = max(self.locomotives, n - counts[colour])
            if counts[colour] and low <= high:
                found.append(Alternative(colour, low, high))
        if wilds >= n:
            found.append(Alternative(-1, n, n))
        return tuple(found)

    def reads(self, board: Board) -> tuple[tuple[int, int], ...] | None:
        """A route of one colour reads its colour and the wilds (up to its length)."""
        if self.colour < 0:
            return None
        return ((self.colour, self.length), (board.locomotive, self.length))

    def in_colour(self, colour: int) -> OneColour | None:
        return OneColour(self.length, colour, self.locomotives) if self.colour < 0 else None

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        """The colour's cards (a colour index is its basic card's), then the wilds."""
        paid = {}
        if alternative.colour >= 0:
            paid[alternative.colour] = self.length - alternative.low
        if alternative.low:
            paid[hand.board.locomotive] = alternative.low
        return paid


class ColourRule(Protocol):
    """A rule that prices counts per colour then the wild (what `TrainCards` wraps); its
    `reads`, if any, names a colour and the wild."""

    @property
    def reach(self) -> tuple[str, int]: ...

    @property
    def size(self) -> int: ...

    def check(self, board: Board, paid: Cards) -> str | None: ...

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]: ...

    def payment(self, hand: Hand, alternative: Alternative) -> Paid: ...

    def reads(self, board: Board) -> tuple[tuple[int, int], ...] | None: ...

    def in_colour(self, colour: int) -> ColourRule | None: ...


class TrainCards(msgspec.Struct, frozen=True, gc=False):
    """A route paid with train cards, several kinds per colour alike (`colour_rule`
    prices the counts per colour, `Hand.colours`), wilds standing in; no ship card."""

    colour_rule: ColourRule
    section: ClassVar[str] = "§5.2"
    train_cards: ClassVar[bool] = False

    @property
    def reach(self) -> tuple[str, int]:
        return self.colour_rule.reach

    @property
    def size(self) -> int:
        return self.colour_rule.size

    def colour_form(self) -> None:
        return None

    def check(self, board: Board, paid: Cards) -> str | None:
        if any(paid[k] and board.card_ships[k] for k in range(len(paid))):
            return "a rail route takes train cards and wilds, never ship cards"
        return self.colour_rule.check(board, by_colour(board, paid))

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        return self.colour_rule.alternatives(hand)

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        """The wrapped rule's payment per colour, as cards of the hand."""
        return as_cards(hand.board, hand.cards, self.colour_rule.payment(hand, alternative))

    def reads(self, board: Board) -> tuple[tuple[int, int], ...] | None:
        """A route of one colour reads every train card kind of it and the wilds."""
        inner = self.colour_rule.reads(board)
        if inner is None:
            return None
        (colour, most), wilds = inner
        return (*((kind, most) for kind in board.train_kinds[colour]), wilds)

    def in_colour(self, colour: int) -> TrainCards | None:
        inner = self.colour_rule.in_colour(colour)
        return None if inner is None else TrainCards(inner)


class Alternatives(Protocol):
    """What `listing_of` reads of a price (a route's rule, or a harbor's)."""

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]: ...

    def payment(self, hand: Hand, alternative: Alternative) -> Paid: ...


def listing_of(rule: Alternatives, hand: Hand) -> Listing:
    """A rule's listing from its alternatives: each one's `Payment` with its ready cards
    (`payment`: the fewest wilds), and the first one's cards (the entry's command). Where
    the hand's counts allow it the listing is worked out once per board (`listings`)."""
    alternatives = rule.alternatives(hand)
    if not alternatives:
        return NO_LISTING
    board = hand.board
    colours = board.colours
    found = tuple(
        Payment(None if a.colour < 0 else colours[a.colour], a.low, a.high, a.pairs,
                names_of(board, rule.payment(hand, a)), a.doubles)
        for a in alternatives
    )
    cards = found[0].cards
    assert cards is not None
    return found, cards


def by_colour(board: Board, cards: Cards) -> list[int]:
    """Train cards counted per colour (every train card kind of it), then the wilds."""
    counts = count_kinds(cards, board.train_kinds)
    counts.append(cards[board.locomotive])
    return counts


def count_kinds(cards: Cards, groups: Sequence[Sequence[int]]) -> list[int]:
    """The cards of each group of card kinds (plain loops: every turn's listing counts a
    hand this way, three times faster than with generators)."""
    counts = []
    for kinds in groups:
        count = 0
        for kind in kinds:
            count += cards[kind]
        counts.append(count)
    return counts


def as_cards(board: Board, hand: Cards, per_colour: Paid) -> Paid:
    """A payment per colour made cards of `hand`: the plain kind first, keeping the anchor
    cards a harbor needs for last."""
    wild = board.locomotive
    paid: Paid = {}
    for colour, count in per_colour.items():
        if colour == wild:
            paid[wild] = count
        else:
            take_cards(paid, hand, board.train_kinds[colour], count)
    return paid


def take_cards(paid: Paid, hand: Cards, kinds: Sequence[int], count: int) -> None:
    """Add `count` cards of `kinds` (in order, as the hand holds them) to `paid`."""
    for kind in kinds:
        take = min(count, hand[kind])
        if take:
            paid[kind] = paid.get(kind, 0) + take
            count -= take
