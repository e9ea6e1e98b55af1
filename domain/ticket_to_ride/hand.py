"""A hand as the price rules read it while a turn's claims are listed.

A hand is a list of counts per card index. The price rules read it per colour (every
train card kind of a colour alike), per colour of ship cards, and by their bounds
(`Hand.capacities`), all counted in one pass, once per listing.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.ticket_to_ride.board import Board

#: a multiset of cards: the count of each card index
Cards = Sequence[int]

_NO_SHIPS: tuple[list[int], list[int]] = ([], [])


class Hand:
    """A hand as price rules read it while a turn's claims are listed: its counts per card
    index (`cards`) and, counted in one pass on first use, its train cards per colour
    then its wilds (`colours`), its single- and double-ship cards per colour (`ships`),
    its train cards and wilds in all (`total`) and its pairs of one colour (`pairs`)."""

    __slots__ = ("_colours", "_pairs", "_ships", "_total", "board", "cards")

    def __init__(self, board: Board, cards: Cards) -> None:
        self.board = board
        self.cards = cards
        self._colours: list[int] = []
        self._ships = _NO_SHIPS
        self._total = -1
        self._pairs = -1

    def _count(self) -> None:
        """Every count at once: a hand holds few of a map's card kinds, so one pass over
        it skipping the kinds it lacks is the cheapest way (measured against a sum per
        colour and kind group: half the time on World turns). Where each card kind is
        a colour's one train card or the wild, the hand is its counts per colour
        already (a Northern Lights hand is counted in 1.1 us instead of 1.9)."""
        board = self.board
        colours = board.locomotive
        if board.plain_cards:
            train = list(self.cards)
            pairs = 0
            for count in train[:colours]:
                pairs += count >> 1
            self._colours, self._pairs, self._total = train, pairs, sum(train)
            self._ships = ([0] * colours, [0] * colours)
            return
        train = [0] * (colours + 1)
        singles, doubles = [0] * colours, [0] * colours
        card_colour, card_ships = board.card_colour, board.card_ships
        for kind, count in enumerate(self.cards):
            if count:
                colour = card_colour[kind]
                if colour < 0:
                    train[colours] += count
                elif not card_ships[kind]:
                    train[colour] += count
                elif card_ships[kind] == 1:
                    singles[colour] += count
                else:
                    doubles[colour] += count
        pairs = total = 0
        for colour in range(colours):
            pairs += train[colour] // 2
            total += train[colour]
        self._colours, self._ships = train, (singles, doubles)
        self._total, self._pairs = total + train[colours], pairs

    @property
    def colours(self) -> Cards:
        """Per colour its train cards (every train card kind of it), then the wilds: what
        the rules of one colour price."""
        if self._total < 0:
            self._count()
        return self._colours

    @property
    def ships(self) -> tuple[list[int], list[int]]:
        """Per colour, the single-ship cards and the double-ship cards."""
        if self._total < 0:
            self._count()
        return self._ships

    @property
    def pairs(self) -> int:
        """The pairs of one colour its train cards make."""
        if self._total < 0:
            self._count()
        return self._pairs

    @property
    def total(self) -> int:
        """The train cards and wilds in all."""
        if self._total < 0:
            self._count()
        return self._total

    def capacities(self, colours: bool, ships: bool) -> list[int]:
        """The longest route a price of each reach could be paid for, indexed by
        `capacity_index`: a bound, the rule's `alternatives` say exactly. Only the blocks
        asked for are worked out (per colour, per colour of ships), the others left 0."""
        if self._total < 0:
            self._count()
        board = self.board
        wilds = self.cards[board.locomotive]
        capacity = []
        if colours:
            best = 0
            for count in self._colours[:-1]:
                capacity.append(wilds + count)
                if count > best:
                    best = count
            capacity.append(wilds + best)
        else:
            capacity += [0] * (board.locomotive + 1)
        if ships:
            best = 0
            for single, double in zip(*self._ships, strict=True):
                covered = single + 2 * double
                capacity.append(wilds + covered)
                if covered > best:
                    best = covered
            capacity.append(wilds + best)
        else:
            capacity += [0] * (board.locomotive + 1)
        capacity.append(self._total)
        capacity.append(wilds + self._pairs)
        return capacity


def capacity_index(board: Board, reach: tuple[str, int]) -> int:
    """How `Hand.capacities` names a reach's bound: ``("colour", c)`` cards of colour
    ``c`` (-1: of the most plentiful) and wilds; ``("ships", c)`` the spaces ship cards of
    colour ``c`` (-1: any one) and wilds cover; ``("cards", -1)`` every train card and
    wild; ``("pairs", -1)`` the wilds and pairs of one colour (what spaces taking a
    wild or a pair each need)."""
    kind, colour = reach
    colours = board.locomotive
    if kind == "cards":
        return 2 * colours + 2
    if kind == "pairs":
        return 2 * colours + 3
    position = colour if colour >= 0 else colours
    return position if kind == "colour" else colours + 1 + position
