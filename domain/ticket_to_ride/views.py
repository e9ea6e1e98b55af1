"""What each audience may see: the public view, a seat's private view, redacted events.

Kept together so leaks are easy to audit. Public: the board (route and
station owners), the display, pile sizes, each seat's counts (cards,
tickets, trains, stations) and score, a pending tunnel (its laid-down and
revealed cards are face up), and at the end every account and ticket.
Never public: hands, held or offered tickets, the order of any pile, the
outcome of any shuffle, the seed before the end.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.protocol import Result
from domain.kernel.rng import Shuffle
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.events import (
    BlindDrawn,
    BonusCardsDrawn,
    CardDrawn,
    DisplayRefilled,
    Event,
    GameStarted,
    PiecesChosen,
    SlotRefilled,
    TicketsChosen,
    TicketsDrawn,
    TicketsKept,
    TunnelAttempted,
)
from domain.ticket_to_ride.goals import goal_values, goal_winners
from domain.ticket_to_ride.mapfile import STATIONS, TRAINS
from domain.ticket_to_ride.state import (
    FinalScore,
    GameState,
    PlayerState,
    Refill,
    SecondCard,
    TicketChoice,
    Tunnel,
)

Pending = Literal["choose-tickets", "keep-tickets", "second-card", "tunnel", "refill"]


class SeatView(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat as everyone sees it: counts only, never card colours or ticket contents.

    ``pieces`` counts the map's own piece kinds beyond trains and stations
    (ships); it is left out on maps without (Europe). ``goods``: the goods
    cards the seat has taken, face up (Amsterdam; left out on maps without).
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
    #: Rails & Sails: the pieces in the seat's own box reserve (once the splits are out)
    reserve: dict[str, int] | None = None


class TunnelView(msgspec.Struct, frozen=True):
    """A tunnel attempt awaiting its player's decision (§5.4); all of it is face up."""

    route: int
    colour: str | None
    locomotives: int
    revealed: list[str]
    extra: int


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


class GoalView(msgspec.Struct, frozen=True, omit_defaults=True):
    """A goal card in play (Northern Lights §5.3): ``index`` in the material's ``goals``;
    once the game has ended, every seat's ``values`` of its measure and the seats that
    won it (``winners``: the highest value, all when tied, nobody when it is 0)."""

    index: int
    id: str
    name: str
    points: int
    values: list[int] | None = None
    winners: list[int] | None = None
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

    On a map of several decks ``draw_pile`` and ``discard_pile`` are the first
    deck's and ``decks`` lists every deck's (left out on maps of one deck, as
    Europe: no other field has a default, so the JSON is as it was);
    ``refill_slot`` is the market slot waiting for its deck to be chosen;
    ``harbor_owner`` gives, per city, the seat whose harbor stands there (maps
    with harbors only).

    ``route_owner`` / ``station_owner`` are indexed by route and city number
    (null = nobody); ``display`` by face-up slot (null = empty slot).
    ``turns_left`` is null until the end is triggered (§8). ``final`` and
    ``tickets`` (every seat's tickets) appear only once the game has ended.
    ``goals`` are the goal cards in play, on a map that has them (left out
    otherwise, as on Europe). Likewise ``goods_pile``, the goods cards left
    (Amsterdam), and ``ticket_deck``, a ticket deck generated or supplied
    (`decks`).
    """

    kind: str
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


#: the public name of each kind of pending decision
_PENDING_NAMES: dict[type, Pending] = {
    TicketChoice: "keep-tickets",
    Tunnel: "tunnel",
    SecondCard: "second-card",
    Refill: "refill",
}


def _pending(state: GameState) -> Pending | None:
    if state.phase == "choosing-tickets":
        return "choose-tickets"
    if state.phase == "finished":
        return None
    return None if state.pending is None else _PENDING_NAMES[type(state.pending)]


def to_act(state: GameState) -> list[int]:
    """The seats that may send a command now."""
    if state.phase == "playing":
        return [state.current]
    if state.phase == "choosing-tickets":
        return _choosing(state.players, state.revealed)
    return []


def _choosing(players: list[PlayerState], revealed: bool) -> list[int]:
    """The seats with tickets or a piece split still to choose (apart from `to_act`, whose
    `state` the comprehension would make a closure cell on every call)."""
    return [seat for seat, p in enumerate(players) if p.offered or not (revealed or p.chosen)]


def result(state: GameState) -> Result | None:
    """Final totals and winners once the game has ended."""
    if state.final is None or state.winners is None:
        return None
    return Result([s.total for s in state.final], list(state.winners))


def _own_pieces(kinds: tuple[str, ...], pieces: list[int]) -> dict[str, int] | None:
    """A seat's counts of the map's own piece kinds (after trains and stations), if any."""
    if len(kinds) == 2:
        return None
    return dict(zip(kinds[2:], pieces[2:], strict=True))


def public_view(board: Board, state: GameState) -> PublicView:
    """Everything anyone may see (see the module docstring)."""
    tunnel = state.tunnel
    finished = state.phase == "finished"
    rules = state.rules
    return PublicView(
        kind="ticket-to-ride",
        map=state.rules.map,
        variant=state.rules.variant,
        status="finished" if finished else "active",
        to_act=to_act(state),
        current=state.current,
        pending=_pending(state),
        turn=state.turn,
        route_owner=[None if o < 0 else o for o in state.route_owner],
        station_owner=[None if o < 0 else o for o in state.station_owner],
        display=[None if c < 0 else board.card_name(c) for c in state.display],
        draw_pile=len(state.deck),
        discard_pile=sum(state.discard),
        ticket_pile=len(state.ticket_pile),
        seats=[
            SeatView(
                seat,
                sum(p.hand),
                len(p.tickets),
                p.pieces[TRAINS],
                p.pieces[STATIONS],
                p.score,
                list(p.routes),
                bool(p.offered),
                _own_pieces(state.rules.pieces, p.pieces),
                p.goods if rules.goods_cards else None,
                {k: n for k, n, most in zip(state.rules.pieces, p.reserve, state.rules.box,
                                            strict=True) if most}
                if p.reserve and state.revealed
                else None,
            )
            for seat, p in enumerate(state.players)
        ],
        tunnel=None
        if tunnel is None
        else TunnelView(
            tunnel.route,
            None if tunnel.colour < 0 else board.colours[tunnel.colour],
            tunnel.locomotives,
            [board.card_name(c) for c in tunnel.revealed],
            tunnel.extra,
        ),
        turns_left=None if state.turns_left < 0 else state.turns_left,
        result=result(state),
        final=list(state.final) if state.final is not None else None,
        tickets=[[_ticket(board, t) for t in p.tickets] for p in state.players]
        if finished
        else None,
        decks=[
            PileView(board.deck_ids[d], len(draw), sum(discard))
            for d, (draw, discard) in enumerate(state.decks())
        ]
        if state.piles
        else None,
        refill_slot=state.pending.slot if isinstance(state.pending, Refill) else None,
        harbor_owner=[None if o < 0 else o for o in state.harbor_owner]
        if state.harbor_owner
        else None,
        goals=_goals(board, state) if state.goals else None,
        goods_pile=state.goods_pile if rules.goods_cards else None,
        ticket_deck=_deck(board),
    )


def _deck(board: Board) -> TicketDeckView | None:
    deck = board.map.ticket_deck
    if deck is None:
        return None
    return TicketDeckView(deck.cards, sum(board.ticket_generated), board.deck_digest)


def _goals(board: Board, state: GameState) -> list[GoalView]:
    """The goal cards in play; with their values and winners once the game has ended."""
    cards = board.map.goals
    if state.phase != "finished":
        return [GoalView(g, cards[g].id, cards[g].name, cards[g].points) for g in state.goals]
    won = goal_winners(board, state)
    return [
        GoalView(g, cards[g].id, cards[g].name, cards[g].points, goal_values(board, state, g), w)
        for g, w in zip(state.goals, won, strict=True)
    ]


def private_view(board: Board, state: GameState, seat: int) -> PrivateView:
    """`seat`'s view: hand as counts per colour, own tickets, tickets on offer."""
    player = state.players[seat]
    return PrivateView(
        seat=seat,
        hand={board.card_name(c): n for c, n in enumerate(player.hand) if n},
        tickets=[_ticket(board, t) for t in player.tickets],
        offered=[_ticket(board, t) for t in player.offered],
        public=public_view(board, state),
    )


def _blank(shuffle: Shuffle) -> Shuffle:
    """A shuffle with its outcome hidden: the draw number and input stay public."""
    return Shuffle(shuffle.draw, shuffle.before, ())


def redact(event: Event, viewer: int | None) -> Event:
    """`event` as `viewer` (a seat, or None for a spectator) may see it."""
    replace = msgspec.structs.replace
    if isinstance(event, GameStarted):
        return replace(
            event,
            cards=_blank(event.cards),
            long_tickets=None if event.long_tickets is None else _blank(event.long_tickets),
            more_cards=[_blank(s) for s in event.more_cards],
            tickets=_blank(event.tickets),
            shuffles=[_blank(s) for s in event.shuffles],
            goals=None if event.goals is None else _blank(event.goals),
            hands=[h if seat == viewer else None for seat, h in enumerate(event.hands)],
            offered=[t if seat == viewer else None for seat, t in enumerate(event.offered)],
        )
    if isinstance(event, CardDrawn):
        hidden = event.slot is None and event.seat != viewer
        return replace(
            event,
            card=None if hidden else event.card,
            shuffles=[_blank(s) for s in event.shuffles],
        )
    if isinstance(event, BonusCardsDrawn):
        return replace(
            event,
            cards=event.cards if event.seat == viewer else None,
            shuffles=[_blank(s) for s in event.shuffles],
        )
    if isinstance(event, BlindDrawn):
        return replace(
            event,
            card=event.card if event.seat == viewer else None,
            shuffles=[_blank(s) for s in event.shuffles],
        )
    if isinstance(event, TunnelAttempted | DisplayRefilled | SlotRefilled):
        return replace(event, shuffles=[_blank(s) for s in event.shuffles])
    if isinstance(event, TicketsChosen):
        return event if event.seat == viewer else replace(event, kept=None)
    if isinstance(event, PiecesChosen):
        return event if event.seat == viewer else replace(event, pieces=None)
    if isinstance(event, TicketsDrawn):
        return event if event.seat == viewer else replace(event, tickets=None)
    if isinstance(event, TicketsKept):
        if event.seat != viewer:
            return replace(event, kept=None, bottom=None)
        return replace(event, bottom=None if event.bottom is None else _blank(event.bottom))
    return event
