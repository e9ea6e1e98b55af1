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

    Where the entry's command names its cards (``claim-route``'s and ``build-harbor``'s
    ``cards``: a route of Rails & Sails, a ferry paid with pairs, doubled spaces, a
    harbor), ``cards`` is this alternative's ready payment, the one with the fewest
    Locomotives: the entry's command with these cards is accepted as it is, so each
    payment is one exact command. Left out where the command names a colour and a
    Locomotive count (every payment in that range is accepted).

    For a ferry paid with pairs (Northern Lights), ``pairs`` of its Locomotive
    symbols are paid with pairs of one colour and the others with Locomotives, and
    ``colour`` is that of the plain spaces (null: none, or Locomotives only); left out
    on every other route. On a sea route (Rails & Sails) ``doubles`` is the number of
    double-ship cards, left out elsewhere.
    """

    colour: str | None
    min_locomotives: int
    max_locomotives: int
    pairs: int | None = None
    cards: dict[str, int] | None = None
    doubles: int | None = None


class Move(msgspec.Struct, frozen=True, gc=False):
    """One legal move: a ready ``command`` and the alternatives it stands for.

    ``payments``: for claim-route, build-station, pay-tunnel and build-harbor,
    every colour and Locomotive range that can pay. Where the command names its
    cards (a route whose price takes several colours or card kinds, `pricing`; a
    harbor), each payment carries its own ready ``cards`` and the command is the
    first payment's.
    ``cities``: for build-station (build-harbor), every city where a station (a
    harbor) may go.
    ``tickets``: for ticket choices, the tickets on offer (the command keeps
    one allowed combination).
    """

    command: Command
    payments: tuple[Payment, ...] | None = None
    cities: tuple[int, ...] | None = None
    tickets: tuple[int, ...] | None = None


class Payments:
    """Every plain `Payment` a board's entries can list for a command of a colour and a
    Locomotive count, built once with its engine and shared by every turn:
    ``plain[colour][low][high]`` by colour index (-1: Locomotives only) and the fewest
    and most Locomotives. (A payment of named cards is built with its listing,
    `pricing.listing_of`.)"""

    __slots__ = ("plain",)

    def __init__(self, board: Board) -> None:
        longest = max(board.route_length)
        names = [*board.colours, None]
        lows = range(longest + 1)
        self.plain = tuple(
            tuple(tuple(Payment(name, low, high) for high in lows) for low in lows)
            for name in names
        )
