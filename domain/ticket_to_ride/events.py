"""What happened: the events of Ticket to Ride (one tagged union).

Events record outcomes, not intentions: the cards drawn, what a tunnel
revealed, every reshuffle as a kernel `Shuffle` (its ``after`` lists the new
draw pile with the **top card last**). `evolve` replays them without the seed.
Fields hidden from some viewers are blanked by `views.redact`; each event's
docstring says which.
"""

from __future__ import annotations

import msgspec

from domain.kernel.protocol import LEGACY_RULES_VERSION
from domain.kernel.rng import Pick, Shuffle
from domain.ticket_to_ride.state import FinalScore


class _Event(msgspec.Struct, frozen=True, tag_field="type", gc=False):
    """Base of every event; the ``type`` tag names it."""


class GameStarted(_Event, frozen=True, tag="game-started", omit_defaults=True):
    """The opening (§2): shuffles, first player, deal, display, tickets offered.

    ``cards`` shuffles the 110 train cards (colours in canonical order),
    ``more_cards`` the map's further decks (Rails & Sails: the ship cards);
    ``long_tickets`` / ``tickets`` shuffle the two ticket decks (ticket
    numbers as strings). Each seat then gets ``hand`` cards from the top of
    the pile in seat order, the display is turned up (``shuffles`` holds any
    reshuffle its resets needed) and each seat is dealt its long then regular
    tickets, from the top. Hidden: the shuffles' ``after`` (from everyone),
    ``hands`` and ``offered`` (from everyone but their seat).

    On a map with goal cards, ``goals`` shuffles their ids last and the
    first ``goals_in_play`` of its ``after`` are in play: ``goal_cards``
    names them, face up for everyone. The shuffle's outcome is hidden like
    any deck order (the cards left in the box go back unseen) and can be
    checked once the seed is revealed. Both are left out (None) on maps
    without, so their openings are exactly as before.
    """

    seed_commitment: str
    map: str
    variant: str
    options: dict[str, bool | int]
    seats: int
    first: Pick
    cards: Shuffle
    long_tickets: Shuffle | None
    tickets: Shuffle
    shuffles: list[Shuffle]
    display: list[str | None]
    hands: list[list[str] | None]
    offered: list[list[int] | None]
    #: the rules version the game is played under; a 0.1 game records none (the
    #: default is left out of the JSON), so its opening is exactly as it was recorded
    rules_version: str = LEGACY_RULES_VERSION
    goals: Shuffle | None = None
    goal_cards: list[str] | None = None
    #: the shuffles of the decks after the first (ship cards), in deck order
    more_cards: list[Shuffle] = []


class TicketsChosen(_Event, frozen=True, tag="tickets-chosen"):
    """A seat kept ``count`` of its setup tickets (§2.7); ``kept`` hidden from others."""

    seat: int
    kept: list[int] | None
    count: int
    returned: int


class CardDrawn(_Event, frozen=True, tag="card-drawn"):
    """A seat took a train card (§4).

    ``slot`` is the face-up slot or null for a blind draw; ``card`` is hidden
    from others on a blind draw. After a face-up draw, ``display`` is the
    display after its refill and any Locomotive resets (``resets`` of them).
    ``turn_over`` says the draw ends the turn (second card, face-up
    Locomotive, or nothing left to take).
    """

    seat: int
    slot: int | None
    card: str | None
    turn_over: bool
    display: list[str | None] | None = None
    resets: int = 0
    shuffles: list[Shuffle] = []


class BlindDrawn(_Event, frozen=True, tag="blind-drawn"):
    """A seat took the top card of the named ``deck`` (a map of several decks, Rails &
    Sails §3.1); ``card`` is hidden from others. ``turn_over`` as for `CardDrawn`."""

    seat: int
    deck: str
    card: str | None
    turn_over: bool
    shuffles: list[Shuffle] = []


class SlotRefilled(_Event, frozen=True, tag="slot-refilled"):
    """A seat chose the deck that refills the empty market ``slot`` (Rails & Sails §3.1);
    ``display`` is the market after the refill and any wild resets (``resets``).
    ``turn_over``: the turn ends (the card taken was its last, or the refill was the end
    of the turn's); otherwise the second card follows."""

    seat: int
    slot: int
    deck: str
    display: list[str | None]
    turn_over: bool
    resets: int = 0
    shuffles: list[Shuffle] = []


class TunnelAttempted(_Event, frozen=True, tag="tunnel-attempted"):
    """A seat laid down cards for a tunnel and the pile's top cards were revealed (§5.4).

    ``extra`` more cards are due; when 0, a route-claimed event follows at once.
    """

    seat: int
    route: int
    colour: str | None
    locomotives: int
    revealed: list[str]
    extra: int
    shuffles: list[Shuffle] = []


class RouteClaimed(_Event, frozen=True, tag="route-claimed", omit_defaults=True):
    """A seat claimed a route paying ``cards`` cards, ``locomotives`` of them wild (§5).

    ``paid`` names the cards by count when they are not one colour plus
    Locomotives (a ferry paid with pairs, doubled spaces); ``colour`` is then
    null. Left out of the JSON otherwise, as in every log before it existed.
    ``goods`` is the goods cards the claim took (1 for a route with the goods
    symbol while the pile lasts, whatever its length; Amsterdam), left out at 0.
    """

    seat: int
    route: int
    colour: str | None
    locomotives: int
    cards: int
    points: int
    paid: dict[str, int] | None = None
    goods: int = 0


class BonusCardsDrawn(_Event, frozen=True, tag="bonus-cards-drawn"):
    """The "+X" draw after a seat claimed `route` (Northern Lights §3.2): ``count`` train
    cards blind from the top of the pile, the discards (the payment just made among
    them) reshuffled when it ran out; fewer when both ran out. It ends the claiming
    turn. ``cards`` is hidden from others (None).
    """

    seat: int
    route: int
    cards: list[str] | None
    count: int
    shuffles: list[Shuffle] = []


class TunnelWithdrawn(_Event, frozen=True, tag="tunnel-withdrawn"):
    """A seat declined a tunnel's extra cost; the turn ends with no route (§5.4)."""

    seat: int
    route: int


class TicketsDrawn(_Event, frozen=True, tag="tickets-drawn"):
    """A seat drew ``count`` tickets from the top of the pile (§6); ``tickets`` hidden."""

    seat: int
    tickets: list[int] | None
    count: int


class TicketsKept(_Event, frozen=True, tag="tickets-kept"):
    """A seat kept ``count`` drawn tickets; ``returned`` went under the pile (§6).

    With two or more returned, ``bottom`` shuffles them: its ``after`` lists
    them from the very bottom up. ``kept`` and ``bottom`` are hidden from
    others, ``bottom.after`` from everyone.
    """

    seat: int
    kept: list[int] | None
    count: int
    returned: int
    bottom: Shuffle | None = None


class StationBuilt(_Event, frozen=True, tag="station-built"):
    """A seat built a station in ``city`` paying ``cards`` cards (§7.1)."""

    seat: int
    city: int
    colour: str | None
    locomotives: int
    cards: int


class HarborBuilt(_Event, frozen=True, tag="harbor-built"):
    """A seat built a harbor in ``city`` paying the cards ``paid`` (Rails & Sails §3.3)."""

    seat: int
    city: int
    paid: dict[str, int]


class PiecesChosen(_Event, frozen=True, tag="pieces-chosen"):
    """A seat chose its secret piece split (Rails & Sails §2.6); ``pieces`` (by kind) is
    hidden from the others until `PiecesRevealed`."""

    seat: int
    pieces: dict[str, int] | None


class PiecesRevealed(_Event, frozen=True, tag="pieces-revealed"):
    """Every seat has chosen: the splits, by seat, are revealed together."""

    pieces: list[dict[str, int]]


class PiecesExchanged(_Event, frozen=True, tag="pieces-exchanged"):
    """A seat swapped ``count`` pieces of kind ``give`` for as many of ``take`` from its
    reserve, losing ``points`` (Rails & Sails §3.4)."""

    seat: int
    give: str
    take: str
    count: int
    points: int


class Passed(_Event, frozen=True, tag="passed"):
    """A seat could do nothing and passed (§3)."""

    seat: int


class DisplayRefilled(_Event, frozen=True, tag="display-refilled"):
    """Empty face-up slots were refilled at the end of a turn (§4.4), then resets (§4.3)."""

    display: list[str | None]
    resets: int = 0
    shuffles: list[Shuffle] = []


class GameEnded(_Event, frozen=True, tag="game-ended"):
    """The game is over (§8, §9): final accounts, winners, every ticket and the seed.

    ``reason`` is ``final-round`` (the end trigger's last turn was played),
    ``all-passed`` (every seat passed in a row: nothing can ever change, an
    engine safeguard, not a printed rule) or ``forfeit`` (a seat's turn clock ran
    out in a game set up to forfeit; that seat does not win). ``seed`` is the
    seed reveal.
    """

    reason: str
    scores: list[FinalScore]
    winners: list[int]
    tickets: list[list[int]]
    seed: str


Event = (
    GameStarted
    | TicketsChosen
    | CardDrawn
    | BlindDrawn
    | SlotRefilled
    | TunnelAttempted
    | RouteClaimed
    | BonusCardsDrawn
    | TunnelWithdrawn
    | TicketsDrawn
    | TicketsKept
    | StationBuilt
    | HarborBuilt
    | PiecesChosen
    | PiecesRevealed
    | PiecesExchanged
    | Passed
    | DisplayRefilled
    | GameEnded
)
