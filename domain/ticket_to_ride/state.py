"""The state of one Ticket to Ride game: plain, mutable, comparable with ==.

Cards are card indices (see `board`); a hand is a list of counts per card index, so
paying and checking payments are a few array reads. A draw pile is a list with its
**top at the end**. Route and station owners are lists indexed by route and city (-1
= nobody). `evolve` updates a state in place; `decide` only reads it.

Facts every turn's legal moves need are kept up to date as pieces are placed instead
of being recomputed per turn: which routes each seat may no longer claim
(`GameState.closed`), the port cities where a seat may build a harbor
(`PlayerState.ports`) and the cities free of stations (`GameState.free_cities`).

The structs here, like the commands, events and legal moves, are declared
``gc=False``: they never take part in a reference cycle (nothing points back up), so
the cyclic garbage collector need not track the many thousands a game creates.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.ticket_to_ride.ruleset import Ruleset

Phase = Literal["choosing-tickets", "playing", "finished"]


class Tunnel(msgspec.Struct, frozen=True, gc=False, tag="tunnel"):
    """A tunnel attempt waiting for its player to pay the extra cards or withdraw (§5.4).

    ``colour`` is the colour used (-1 when only Locomotives were laid down);
    ``locomotives`` of the laid-down cards are Locomotives; ``revealed`` are the cards
    turned from the pile (discarded when the attempt ends); ``extra`` is the number of
    extra cards to pay. The laid-down cards stay counted in the hand until the route is
    paid.
    """

    route: int
    colour: int
    locomotives: int
    revealed: tuple[int, ...]
    extra: int


class SecondCard(msgspec.Struct, frozen=True, gc=False, tag="second-card"):
    """The player took the first of two train cards and must take the second (§4.1)."""


class TicketChoice(msgspec.Struct, frozen=True, gc=False, tag="ticket-choice"):
    """The player drew tickets and must choose which to keep (§6); the tickets on offer
    are the player's ``offered``, hidden from the others like the rest of a hand."""


class Refill(msgspec.Struct, frozen=True, gc=False, tag="refill"):
    """The market slot ``slot`` is empty and more than one deck could refill it: the player
    chooses the deck (the chosen market, Rails & Sails §3.1). ``last``: the turn ends
    after the refill; otherwise the second card follows."""

    slot: int
    last: bool


#: what the player whose turn it is must decide before anything else, if anything
Pending = Tunnel | SecondCard | TicketChoice | Refill
SECOND_CARD = SecondCard()
TICKET_CHOICE = TicketChoice()


class PlayerState(msgspec.Struct, gc=False):
    """One seat's pieces, cards and tickets.

    ``pieces`` counts the pieces left per kind (`Ruleset.pieces`: trains, stations,
    then the map's own kinds); ``hand`` counts cards per card index; ``tickets`` are
    the kept ticket numbers; ``offered`` the ticket numbers drawn and not yet chosen;
    ``routes`` the claimed route numbers in claim order; ``score`` the points scored so
    far; ``goods`` the goods cards taken (public, Amsterdam); ``ports`` the port
    cities free of harbors that a route of this seat reaches, in city order (harbors).
    """

    hand: list[int]
    pieces: list[int]
    tickets: list[int] = []
    offered: list[int] = []
    routes: list[int] = []
    score: int = 0
    goods: int = 0
    #: Rails & Sails: the pieces of each kind in the player's own box reserve, the
    #: pieces exchanged so far, and the secret split chosen at setup (pieces per kind,
    #: hidden and empty once every seat's is revealed)
    reserve: list[int] = []
    exchanged: int = 0
    chosen: list[int] = []
    ports: list[int] = []

    def copy(self) -> PlayerState:
        """A copy whose lists are its own."""
        return PlayerState(
            list(self.hand), list(self.pieces), list(self.tickets), list(self.offered),
            list(self.routes), self.score, self.goods, list(self.reserve), self.exchanged,
            list(self.chosen), list(self.ports),
        )


class Pile(msgspec.Struct, gc=False):
    """A deck after the first: its draw pile (top last) and its discards (counts per card
    index, like ``GameState.discard``)."""

    draw: list[int]
    discard: list[int]


class FinalScore(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """One seat's final account (§9): route points + tickets + stations + bonus.

    ``bonuses`` holds the map's further terms by name (goods, goal cards, harbors), left
    out of the JSON when the map scores none (Europe).
    """

    routes: int
    tickets: int
    completed: tuple[bool, ...]
    borrowed: tuple[int | None, ...]
    station_bonus: int
    longest_path: int
    express: bool
    express_bonus: int
    total: int
    bonuses: dict[str, int] = {}


class GameState(msgspec.Struct, gc=False):
    """The whole game.

    ``deck`` is the first deck's draw pile (top = last item); ``discard`` counts its
    discarded cards per card index (shuffled before reuse, so its order never
    matters); ``display`` holds the face-up card of each slot or -1 when empty. A map
    of several decks keeps the first deck there and the others in ``piles``.
    ``ticket_pile`` is the ticket draw pile, top = last item. ``route_owner`` /
    ``station_owner`` give the seat or -1; ``closed[r]`` has bit ``s`` set when seat
    ``s`` may not claim route ``r`` (it is taken, the seat owns another track of its
    group, or the group has all the tracks this seat count may use claimed).
    ``goods_pile`` counts the goods cards not yet taken (0 on maps without).

    Turn bookkeeping: ``current`` is the seat whose turn it is; ``pending`` the one
    decision that seat must make before anything else, None at the start of a turn;
    ``turns_left`` is -1 until the end is triggered, then the turns still to play;
    ``passes`` counts consecutive passes; ``draws`` is the number of random draws used
    so far (the position of the game's `Rng`). ``goals`` are the goal cards in play
    (numbers in the map's list).
    """

    rules: Ruleset
    seats: int
    phase: Phase
    seed_commitment: str
    players: list[PlayerState]
    deck: list[int]
    discard: list[int]
    display: list[int]
    ticket_pile: list[int]
    route_owner: list[int]
    station_owner: list[int]
    closed: list[int]
    first: int
    current: int
    draws: int
    pending: Pending | None = None
    turns_left: int = -1
    passes: int = 0
    turn: int = 0
    final: list[FinalScore] | None = None
    winners: list[int] | None = None
    goals: list[int] = []
    goods_pile: int = 0
    piles: list[Pile] = []
    #: the seat whose harbor stands in each city, -1 = none (empty on maps without harbors)
    harbor_owner: list[int] = []
    #: False while the seats' secret piece splits are still to be revealed
    revealed: bool = True
    #: the cities with no station yet, in city order (empty on maps without stations)
    free_cities: tuple[int, ...] = ()

    def copy(self) -> GameState:
        """A copy sharing nothing mutable with this state (its frozen parts are shared)."""
        return GameState(
            self.rules, self.seats, self.phase, self.seed_commitment,
            [p.copy() for p in self.players], list(self.deck), list(self.discard),
            list(self.display), list(self.ticket_pile), list(self.route_owner),
            list(self.station_owner), list(self.closed), self.first, self.current,
            self.draws, self.pending, self.turns_left, self.passes, self.turn,
            None if self.final is None else list(self.final),
            None if self.winners is None else list(self.winners), list(self.goals),
            self.goods_pile, [Pile(list(p.draw), list(p.discard)) for p in self.piles],
            list(self.harbor_owner), self.revealed, self.free_cities,
        )

    def pile(self, deck: int) -> tuple[list[int], list[int]]:
        """Deck `deck`'s draw pile and discards (the state's own lists)."""
        if deck == 0:
            return self.deck, self.discard
        pile = self.piles[deck - 1]
        return pile.draw, pile.discard

    def decks(self) -> list[tuple[list[int], list[int]]]:
        """Every deck's draw pile and discards, in deck order (the state's own lists)."""
        return [(self.deck, self.discard), *((p.draw, p.discard) for p in self.piles)]

    def can_draw(self) -> bool:
        """Some deck has a card to draw (in its pile or its discards)."""
        if self.deck or any(self.discard):
            return True
        return any(p.draw or any(p.discard) for p in self.piles)

    @property
    def tunnel(self) -> Tunnel | None:
        """The pending tunnel attempt, if that is the decision pending."""
        return self.pending if isinstance(self.pending, Tunnel) else None
