"""Destination tickets (§2.7, §6): the part every map shares.

At setup every seat keeps some of the tickets dealt (at least the variant's minimum,
at most its cap on long ones); those not kept go where the map says
(`Ruleset.setup_returns`: back to the box, or under the ticket pile in seat order from
the first player). During play a seat draws tickets and keeps at least the variant's
minimum; the others go under the pile, two or more in a random order.
"""

from __future__ import annotations

from itertools import combinations

from msgspec.structs import replace

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.commands import ChooseTickets, DrawTickets, KeepTickets
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import Event, TicketsChosen, TicketsDrawn, TicketsKept
from domain.ticket_to_ride.hooks import Engine, Feature
from domain.ticket_to_ride.redaction import blank
from domain.ticket_to_ride.refusals import Code, refuse
from domain.ticket_to_ride.state import TICKET_CHOICE, GameState, PlayerState, TicketChoice
from domain.ticket_to_ride.turn import Turn, end_turn, finish

DRAW_TICKETS = Move(DrawTickets())


def choose_tickets(turn: Turn, seat: int, command: ChooseTickets) -> list[Event]:
    """The setup choice of a seat (§2.7)."""
    state = turn.state
    player = state.players[seat]
    if not player.offered:
        raise refuse("not-your-turn", "you have already chosen your tickets", "§2.7")
    variant = state.rules.tickets
    keep = command.keep
    if len(set(keep)) != len(keep) or not set(keep) <= set(player.offered):
        raise refuse("not-offered", "keep only tickets you were dealt, once each", "§2.7")
    if len(keep) < variant.setup_keep:
        raise refuse("keep-more", f"keep at least {variant.setup_keep} tickets", "§2.7")
    longs = sum(1 for t in keep if t in state.rules.long_tickets)
    if variant.setup_long_max is not None and longs > variant.setup_long_max:
        raise refuse(
            "too-many-long", f"keep at most {variant.setup_long_max} long ticket(s)", "§11.2"
        )
    ordered = [t for t in player.offered if t in keep]
    return [TicketsChosen(seat, ordered, len(keep), len(player.offered) - len(keep))]


def draw_tickets(turn: Turn, seat: int, command: DrawTickets) -> list[Event]:
    state = turn.state
    pile = state.ticket_pile
    if not pile:
        raise refuse("no-tickets", "the ticket pile is empty", "§6")
    count = min(state.rules.tickets.draw_tickets, len(pile))
    return [TicketsDrawn(seat, pile[-count:][::-1], count)]


def keep_tickets(turn: Turn, seat: int, pending: TicketChoice, command: object) -> list[Event]:
    """The one command a ticket choice allows: which drawn tickets to keep (§6)."""
    if not isinstance(command, KeepTickets):
        raise refuse("keep-tickets-first", "choose which drawn tickets to keep", "§6")
    player = turn.state.players[seat]
    keep = command.keep
    if len(set(keep)) != len(keep) or not set(keep) <= set(player.offered):
        raise refuse("not-offered", "keep only tickets you drew, once each", "§6")
    need = min(turn.state.rules.tickets.draw_keep, len(player.offered))
    if len(keep) < need:
        raise refuse("keep-more", f"keep at least {need} ticket(s)", "§6")
    returned = [t for t in player.offered if t not in keep]
    bottom = turn.rng.shuffle([str(t) for t in returned]) if len(returned) > 1 else None
    kept = [t for t in player.offered if t in keep]
    return finish(turn, [TicketsKept(seat, kept, len(kept), len(returned), bottom)])


def tickets_chosen(engine: Engine, state: GameState, event: TicketsChosen) -> None:
    player = state.players[event.seat]
    player.tickets = list(event.kept or ())
    if state.rules.setup_returns == "under-pile":
        returned = [t for t in player.offered if t not in player.tickets]
        _return_under_pile(state, event.seat, returned)
    player.offered = []
    if not any(p.offered for p in state.players) and state.revealed:
        state.phase = "playing"


def _return_under_pile(state: GameState, seat: int, returned: list[int]) -> None:
    """Put `seat`'s setup returns under the ticket pile where seat order puts them.

    The returns go under the pile one seat after the other from the first player
    (Amsterdam rules 2.5 Resolved), so the last seat's lie lowest. The seats choose at
    once, in any order: each seat's returns go above those of the seats after it in
    that order that have already chosen, so the pile is the same whatever order the
    choices arrive in.
    """
    seats, first = state.seats, state.first
    dealt = state.rules.tickets.long_dealt + state.rules.tickets.regular_dealt
    later = [
        p for s, p in enumerate(state.players)
        if (s - first) % seats > (seat - first) % seats and not p.offered
    ]
    below = sum(dealt - len(p.tickets) for p in later)
    state.ticket_pile[below:below] = returned


def tickets_drawn(engine: Engine, state: GameState, event: TicketsDrawn) -> None:
    pile = state.ticket_pile
    state.players[event.seat].offered = [pile.pop() for _ in range(event.count)]
    state.pending = TICKET_CHOICE


def tickets_kept(engine: Engine, state: GameState, event: TicketsKept) -> None:
    player = state.players[event.seat]
    kept = event.kept or ()
    player.tickets += kept
    if event.bottom is not None:
        state.draws = event.bottom.draw + 1
        returned = [int(t) for t in event.bottom.after]
    else:
        returned = [t for t in player.offered if t not in kept]
    state.ticket_pile[:0] = returned
    player.offered = []
    state.passes = 0
    end_turn(engine, state)


def ticket_combinations(
    offered: list[int], keep_min: int, long_max: int | None, longs: tuple[int, ...]
) -> list[list[int]]:
    """Every combination of `offered` that may be kept (at least `keep_min`, at least one,
    at most `long_max` of `longs` unless it is None), in offered order."""
    out: list[list[int]] = []
    for size in range(max(min(keep_min, len(offered)), 1), len(offered) + 1):
        for keep in combinations(offered, size):
            if long_max is None or sum(1 for t in keep if t in longs) <= long_max:
                out.append(list(keep))
    return out


def setup_moves(engine: Engine, state: GameState, player: PlayerState) -> list[Move]:
    """The ticket choices of the setup (§2.7)."""
    offered = player.offered
    if not offered:
        return []
    rules = state.rules
    return [
        Move(ChooseTickets(keep), tickets=tuple(offered))
        for keep in ticket_combinations(
            offered, rules.tickets.setup_keep, rules.tickets.setup_long_max, rules.long_tickets
        )
    ]


def draw_moves(engine: Engine, state: GameState, seat: int, out: list[Move]) -> None:
    if state.ticket_pile:
        out.append(DRAW_TICKETS)


def keep_moves(engine: Engine, state: GameState, seat: int, pending: object) -> list[Move]:
    """Each combination of the drawn tickets that may be kept (§6)."""
    offered = state.players[seat].offered
    return [
        Move(KeepTickets(keep), tickets=tuple(offered))
        for keep in ticket_combinations(offered, state.rules.tickets.draw_keep, None, ())
    ]


def _redact_chosen(event: TicketsChosen, viewer: int | None) -> TicketsChosen:
    return event if event.seat == viewer else replace(event, kept=None)


def _redact_drawn(event: TicketsDrawn, viewer: int | None) -> TicketsDrawn:
    return event if event.seat == viewer else replace(event, tickets=None)


def _redact_kept(event: TicketsKept, viewer: int | None) -> TicketsKept:
    """The kept tickets are the keeper's; the order they went under the pile nobody's."""
    if event.seat != viewer:
        return replace(event, kept=None, bottom=None)
    return replace(event, bottom=None if event.bottom is None else blank(event.bottom))


def long_ticket_refusals(board: Board) -> tuple[tuple[Code, str], ...]:
    """The cap on long tickets kept at setup, on a map with a variant that has one."""
    capped = any(v.setup_long_max is not None for v in board.map.variants.values())
    return (("too-many-long", "§11.2"),) if capped else ()


TICKETS = Feature(
    name="tickets",
    refusals=(("not-your-turn", "§2.7"), ("not-offered", "§2.7"), ("keep-more", "§2.7"),
              ("no-tickets", "§6"), ("keep-tickets-first", "§6"), ("not-offered", "§6"),
              ("keep-more", "§6")),
    board_refusals=long_ticket_refusals,
    setup_commands={ChooseTickets: choose_tickets},
    turn_commands={DrawTickets: draw_tickets},
    decisions={TicketChoice: keep_tickets},
    appliers={TicketsChosen: tickets_chosen, TicketsDrawn: tickets_drawn,
              TicketsKept: tickets_kept},
    redactions={TicketsChosen: _redact_chosen, TicketsDrawn: _redact_drawn,
                TicketsKept: _redact_kept},
    turn_moves=draw_moves,
    decision_moves={TicketChoice: keep_moves},
    setup_moves=setup_moves,
    pending_names={TicketChoice: "keep-tickets"},
)
