"""The legal-move entries every part of the game lists: `Move` and its `Payment` alternatives.

Compact enough for a bot to read: one entry per claimable route (with every colour
that can pay it and the fewest and most Locomotives for each), one per face-up slot
and one per blind draw, one for drawing tickets, one for building a station (the free
cities as alternatives), one per ticket combination that may be kept. Each entry's
``command`` is accepted as it is.
"""

from __future__ import annotations

import msgspec

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.commands import Command


class Payment(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """Cards of ``colour`` (null: Locomotives only) with this many Locomotives among them.

    For a ferry paid with pairs (Northern Lights), ``pairs`` of its Locomotive
    symbols are paid with pairs of one colour and the others with Locomotives,
    ``colour`` is that of the plain spaces (null: none, or Locomotives only), and
    ``cards`` a ready payment with the fewest Locomotives (``claim-route``'s
    ``cards``). Both are left out on every other route; on a sea route (Rails & Sails)
    ``doubles`` is the number of double-ship cards, left out elsewhere.
    """

    colour: str | None
    min_locomotives: int
    max_locomotives: int
    pairs: int | None = None
    cards: dict[str, int] | None = None
    doubles: int | None = None


class Move(msgspec.Struct, frozen=True, gc=False):
    """One legal move: a ready ``command`` and the alternatives it stands for.

    ``payments``: for claim-route, build-station and pay-tunnel, every colour
    and Locomotive range that can pay. For a route whose price takes several
    colours (`pricing`), each entry is a colour for its plain spaces and the
    Locomotives a payment may hold, and the command names one payment's cards.
    ``cities``: for build-station, every city where a station may go.
    ``tickets``: for ticket choices, the tickets on offer (the command keeps
    one allowed combination).
    """

    command: Command
    payments: tuple[Payment, ...] | None = None
    cities: tuple[int, ...] | None = None
    tickets: tuple[int, ...] | None = None


class Payments:
    """Every plain `Payment` a board's entries can list, built once with its engine and
    shared by every turn: ``plain[colour][low][high]`` by colour index (-1: Locomotives
    only) and the fewest and most Locomotives, ``doubled[colour][low][high][doubles]``
    naming the double-ship cards too (maps of ship cards only)."""

    __slots__ = ("doubled", "plain")

    def __init__(self, board: Board) -> None:
        longest = max(board.route_length)
        names = [*board.colours, None]
        lows = range(longest + 1)
        self.plain = tuple(
            tuple(tuple(Payment(name, low, high) for high in lows) for low in lows)
            for name in names
        )
        self.doubled = tuple(
            tuple(tuple(tuple(Payment(name, low, high, doubles=used)
                              for used in range(longest // 2 + 2))
                        for high in lows)
                  for low in lows)
            for name in names
        ) if any(board.card_ships) else ()

    def of(self, colour: int, low: int, high: int, doubles: int | None = None) -> Payment:
        """The payment of colour index `colour` (-1: Locomotives only) with `low` to `high`
        Locomotives (and `doubles` double-ship cards, on a sea route)."""
        if doubles is None:
            return self.plain[colour][low][high]
        return self.doubled[colour][low][high][doubles]
