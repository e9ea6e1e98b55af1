"""What each audience may see: the public view, a seat's private view, redacted events.

Kept together so leaks are easy to audit. Public: the board (route and station
owners), the display, pile sizes, each seat's counts (cards, tickets, trains,
stations) and score, and at the end every account and ticket; each feature adds its
own public fields (a pending tunnel, goods, goal cards, harbors...). Never public:
hands, held or offered tickets, the order of any pile, the outcome of any shuffle, the
seed before the end.

Redaction fails closed: every event type has its own entry, held by the part of the
game that owns the event (`hooks.Feature.redactions`); an event type without one is
refused, never published as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from domain.kernel.protocol import Result
from domain.ticket_to_ride.board import STATIONS, TRAINS, Board
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.features.goal_cards import GoalView
from domain.ticket_to_ride.features.tunnels import TunnelView
from domain.ticket_to_ride.hooks import Engine, Redact
from domain.ticket_to_ride.sheets import sheets
from domain.ticket_to_ride.state import FinalScore, GameState, PlayerState

Pending = Literal["choose-tickets", "keep-tickets", "second-card", "tunnel", "refill"]


class SeatView(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat as everyone sees it: counts only, never card colours or ticket contents.

    ``pieces`` counts the map's own piece kinds beyond trains and stations (ships); it
    is left out on maps without (Europe). ``goods``: the goods cards the seat has taken,
    face up (Amsterdam; left out on maps without). ``reserve``: the pieces in the
    seat's own box reserve, once the secret splits are out (Rails & Sails).
    """

    seat: int
    cards: int
    tickets: int
    trains: int
    stations: int
    score: int
    routes: list[int]
    choosing_tickets: bool
    pieces: dict[str, int] | None = None
    goods: int | None = None
    reserve: dict[str, int] | None = None


class TicketView(msgspec.Struct, frozen=True, omit_defaults=True):
    """A destination ticket: its number, its first and last city ids, every city it
    names (two or more, ``cities``) and its points; ``generated``: made up by the
    engine, not a printed card (`decks`; left out when false)."""

    id: int
    a: str
    b: str
    points: int
    cities: list[str]
    generated: bool = False


class PileView(msgspec.Struct, frozen=True):
    """One deck's pile sizes (a map of several decks): its id, draw pile and discards."""

    deck: str
    draw_pile: int
    discard_pile: int


class TicketDeckView(msgspec.Struct, frozen=True):
    """The ticket deck of a map whose box deck the map file cannot list (`decks`):
    ``cards`` in it, ``generated`` of them made up by the engine (0: the printed
    deck, supplied by the server), and its content ``digest``."""

    cards: int
    generated: int
    digest: str


class PublicView(msgspec.Struct, frozen=True, omit_defaults=True):
    """The board as anyone may see it.

    On a map of several decks ``draw_pile`` and ``discard_pile`` are the first deck's
    and ``decks`` lists every deck's (left out on maps of one deck, as Europe: no other
    field has a default, so the JSON is as it was); ``refill_slot`` is the market slot
    waiting for its deck to be chosen; ``harbor_owner`` gives, per city, the seat whose
    harbor stands there (maps with harbors only).

    ``route_owner`` / ``station_owner`` are indexed by route and city number (null =
    nobody); ``display`` by face-up slot (null = empty slot). ``turns_left`` is null
    until the end is triggered (§8). ``final`` and ``tickets`` (every seat's tickets)
    appear only once the game has ended. ``goals`` are the goal cards in play, on a
    map that has them (left out otherwise, as on Europe). Likewise ``goods_pile``, the
    goods cards left (Amsterdam), and ``ticket_deck``, a ticket deck generated or
    supplied (`decks`).
    """

    kind: Literal["ticket-to-ride"]
    map: str
    variant: str
    status: Literal["active", "finished"]
    to_act: list[int]
    current: int
    pending: Pending | None
    turn: int
    route_owner: list[int | None]
    station_owner: list[int | None]
    display: list[str | None]
    draw_pile: int
    discard_pile: int
    ticket_pile: int
    seats: list[SeatView]
    tunnel: TunnelView | None
    turns_left: int | None
    result: Result | None
    final: list[FinalScore] | None
    tickets: list[list[TicketView]] | None
    decks: list[PileView] | None = None
    refill_slot: int | None = None
    harbor_owner: list[int | None] | None = None
    goals: list[GoalView] | None = None
    goods_pile: int | None = None
    ticket_deck: TicketDeckView | None = None


class PrivateView(msgspec.Struct, frozen=True):
    """What one seat sees: the public view plus its hand, its tickets and its offer."""

    seat: int
    hand: dict[str, int]
    tickets: list[TicketView]
    offered: list[TicketView]
    public: PublicView


def _ticket(board: Board, ticket: int) -> TicketView:
    return TicketView(
        ticket,
        board.city_ids[board.ticket_a[ticket]],
        board.city_ids[board.ticket_b[ticket]],
        board.ticket_points[ticket],
        [board.city_ids[c] for c in board.ticket_cities[ticket]],
        board.ticket_generated[ticket],
    )


def _pending(engine: Engine, state: GameState) -> Pending | None:
    if state.phase == "choosing-tickets":
        return "choose-tickets"
    if state.phase == "finished" or state.pending is None:
        return None
    return engine.pending_of(state.pending)  # type: ignore[return-value]


def to_act(state: GameState) -> list[int]:
    """The seats that may send a command now."""
    if state.phase == "playing":
        return [state.current]
    if state.phase == "choosing-tickets":
        return _choosing(state.players, state.revealed)
    return []


def _choosing(players: list[PlayerState], revealed: bool) -> list[int]:
    """The seats with tickets or a secret setup choice still to make."""
    return [seat for seat, p in enumerate(players) if p.offered or not (revealed or p.chosen)]


def result(engine: Engine, state: GameState) -> Result | None:
    """Final totals, winners and score sheets (`sheets`) once the game has ended."""
    if state.final is None or state.winners is None:
        return None
    return Result([s.total for s in state.final], list(state.winners), sheets(engine, state))


def _seat(engine: Engine, state: GameState, seat: int, player: PlayerState) -> SeatView:
    kinds = state.rules.pieces
    fields: dict[str, Any] = {}
    if len(kinds) > 2:
        fields["pieces"] = dict(zip(kinds[2:], player.pieces[2:], strict=True))
    for seat_fields in engine.seat_fields:
        fields.update(seat_fields(engine, state, player))
    return SeatView(seat, sum(player.hand), len(player.tickets), player.pieces[TRAINS],
                    player.pieces[STATIONS], player.score, list(player.routes),
                    bool(player.offered), **fields)


def public_view(engine: Engine, state: GameState) -> PublicView:
    """Everything anyone may see (see the module docstring)."""
    board = engine.board
    finished = state.phase == "finished"
    names = board.card_names
    fields: dict[str, Any] = {}
    if state.piles:
        fields["decks"] = [
            PileView(board.deck_ids[d], len(draw), sum(discard))
            for d, (draw, discard) in enumerate(state.decks())
        ]
    deck = board.map.ticket_deck
    if deck is not None:
        fields["ticket_deck"] = TicketDeckView(deck.cards, sum(board.ticket_generated),
                                               board.deck_digest)
    fields["tunnel"] = None
    for public_fields in engine.public_fields:
        fields.update(public_fields(engine, state))
    return PublicView(
        kind="ticket-to-ride",
        map=state.rules.map,
        variant=state.rules.variant,
        status="finished" if finished else "active",
        to_act=to_act(state),
        current=state.current,
        pending=_pending(engine, state),
        turn=state.turn,
        route_owner=[None if o < 0 else o for o in state.route_owner],
        station_owner=[None if o < 0 else o for o in state.station_owner],
        display=[None if c < 0 else names[c] for c in state.display],
        draw_pile=len(state.deck),
        discard_pile=sum(state.discard),
        ticket_pile=len(state.ticket_pile),
        seats=[_seat(engine, state, seat, p) for seat, p in enumerate(state.players)],
        turns_left=None if state.turns_left < 0 else state.turns_left,
        result=result(engine, state),
        final=list(state.final) if state.final is not None else None,
        tickets=[[_ticket(board, t) for t in p.tickets] for p in state.players]
        if finished
        else None,
        **fields,
    )


def private_view(engine: Engine, state: GameState, seat: int) -> PrivateView:
    """`seat`'s view: hand as counts per colour, own tickets, tickets on offer."""
    board = engine.board
    player = state.players[seat]
    return PrivateView(
        seat=seat,
        hand={board.card_name(c): n for c, n in enumerate(player.hand) if n},
        tickets=[_ticket(board, t) for t in player.tickets],
        offered=[_ticket(board, t) for t in player.offered],
        public=public_view(engine, state),
    )


def redact(redactions: Mapping[type, Redact], event: Event, viewer: int | None) -> Event:
    """`event` as `viewer` (a seat, or None for a spectator) may see it, by its type's entry
    in `redactions`; an event type with no entry is refused (`LookupError`), never
    published as it is."""
    entry = redactions.get(type(event))
    if entry is None:
        raise LookupError(f"no redaction entry for the event type {type(event).__name__}")
    redacted: Event = entry(event, viewer)
    return redacted
