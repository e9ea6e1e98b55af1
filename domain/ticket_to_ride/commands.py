"""What a seat may ask for: the commands of Ticket to Ride (one tagged union).

Cards are named by colour (``"red"``, ..., ``"locomotive"``), routes by their
index on the board, cities by their index, tickets by their number in the map
file. A payment is a colour plus how many Locomotives replace cards of that
colour; when every card is a Locomotive the colour is left out (None), except
that a coloured route may also name its own colour. A route may also be paid
by naming the cards (`ClaimRoute.cards`).
"""

from __future__ import annotations

import msgspec


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True, gc=False):
    """Base of every command; the ``type`` tag names it."""


class ChooseTickets(_Command, frozen=True, tag="choose-tickets"):
    """Setup (§2.7): keep these of the tickets dealt (at least the variant's minimum)."""

    keep: list[int]


class DrawCard(_Command, frozen=True, tag="draw-card"):
    """Take one train card (§4): face-up ``slot`` (0-based), or blind when ``slot`` is null."""

    slot: int | None = None


class DrawBlind(_Command, frozen=True, tag="draw-blind"):
    """Take the top card of the named ``deck`` (a map of several decks: ``"train"``,
    ``"ship"``); a deck with no draw pile and no discards cannot be drawn from."""

    deck: str


class RefillSlot(_Command, frozen=True, tag="refill-slot"):
    """Refill the empty market slot from the named ``deck`` (Rails & Sails §3.1)."""

    deck: str


class ClaimRoute(_Command, frozen=True, tag="claim-route"):
    """Claim route ``route`` paying ``colour`` cards with ``locomotives`` of them Locomotives (§5).

    Or, instead of ``colour`` and ``locomotives``, name the cards paid:
    ``cards`` counts them by name (``{"red": 2, "locomotive": 1}``). Every
    route accepts that form; it is the only one for a route that takes
    several colours (a ferry paid with pairs, doubled spaces; `pricing`).
    A tunnel (§5.4) lays the cards down and reveals the pile's top cards;
    if they add to the cost, a pay-tunnel or withdraw-tunnel decision follows.
    """

    route: int
    colour: str | None = None
    locomotives: int = 0
    cards: dict[str, int] | None = None


class PayTunnel(_Command, frozen=True, tag="pay-tunnel"):
    """Pay a tunnel's extra cards (§5.4 step 4): ``locomotives`` of them Locomotives."""

    locomotives: int = 0


class WithdrawTunnel(_Command, frozen=True, tag="withdraw-tunnel"):
    """Decline a tunnel's extra cost: the cards laid down go back to the hand (§5.4)."""


class DrawTickets(_Command, frozen=True, tag="draw-tickets"):
    """Draw destination tickets (§6); a keep-tickets choice follows."""


class KeepTickets(_Command, frozen=True, tag="keep-tickets"):
    """Keep these of the tickets just drawn (at least one, §6); the rest go to the bottom."""

    keep: list[int]


class BuildStation(_Command, frozen=True, tag="build-station"):
    """Build a station in ``city`` paying ``colour`` cards, ``locomotives`` of them wild (§7)."""

    city: int
    colour: str | None = None
    locomotives: int = 0


class BuildHarbor(_Command, frozen=True, tag="build-harbor"):
    """Build a harbor in port ``city`` paying the ``cards`` named (Rails & Sails §3.3)."""

    city: int
    cards: dict[str, int]


class ChoosePieces(_Command, frozen=True, tag="choose-pieces"):
    """Setup (Rails & Sails §2.6): take ``trains`` trains into play, the rest of the supply
    in the map's other box kind (ships); secret until every seat has chosen."""

    trains: int


class ExchangePieces(_Command, frozen=True, tag="exchange-pieces"):
    """Put ``count`` pieces of kind ``give`` back in the box reserve and take as many of
    the other kind from it, at a point each (Rails & Sails §3.4): the whole turn."""

    give: str
    count: int


class Pass(_Command, frozen=True, tag="pass"):
    """Do nothing: allowed only when none of the four actions is possible (§3)."""


Command = (
    ChooseTickets
    | DrawCard
    | DrawBlind
    | RefillSlot
    | ClaimRoute
    | PayTunnel
    | WithdrawTunnel
    | DrawTickets
    | KeepTickets
    | BuildStation
    | BuildHarbor
    | ChoosePieces
    | ExchangePieces
    | Pass
)
