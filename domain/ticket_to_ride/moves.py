"""Legal moves: what a seat may do now, compact enough for a bot to read.

One entry per claimable route (with every colour that can pay it and the
fewest/most Locomotives for each), one per face-up slot and one for a blind
draw, one for drawing tickets, one for building a station (with the free
cities as alternatives), one per ticket combination that may be kept, and
the pending tunnel payment. Each entry's ``command`` is accepted as it is.
"""

from __future__ import annotations

from itertools import combinations

import msgspec

from domain.ticket_to_ride.board import FERRY, Board
from domain.ticket_to_ride.commands import (
    BuildStation,
    ChooseTickets,
    ClaimRoute,
    Command,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
)
from domain.ticket_to_ride.state import GameState


class Payment(msgspec.Struct, frozen=True):
    """Cards of ``colour`` (None: Locomotives only) with this many Locomotives among them."""

    colour: str | None
    min_locomotives: int
    max_locomotives: int


class Move(msgspec.Struct, frozen=True):
    """One legal move: a ready ``command`` and the alternatives it stands for.

    ``payments``: for claim-route, build-station and pay-tunnel, every colour
    and Locomotive range that can pay. ``cities``: for build-station, every
    city where a station may go. ``tickets``: for ticket choices, the tickets
    on offer (the command keeps one allowed combination).
    """

    command: Command
    payments: list[Payment] | None = None
    cities: list[int] | None = None
    tickets: list[int] | None = None


def route_closed(board: Board, state: GameState, seat: int, route: int) -> bool:
    """Route taken, or its double partner bars `seat` (§5.5)."""
    if state.route_owner[route] >= 0:
        return True
    partner = board.route_partner[route]
    if partner < 0:
        return False
    other = state.route_owner[partner]
    return other >= 0 and (other == seat or state.seats < state.rules.double_routes_min_seats)


def claim_moves(board: Board, state: GameState, seat: int, out: list[Move]) -> None:
    """Append one entry per route `seat` can claim and pay for now (§5)."""
    player = state.players[seat]
    hand = player.hand
    loco = board.locomotive
    locos = hand[loco]
    trains = player.trains
    owner = state.route_owner
    partner = board.route_partner
    lengths = board.route_length
    names = board.colours
    singles = state.seats < state.rules.double_routes_min_seats
    by_colour = board.routes_by_colour
    for c in range(loco):
        have = hand[c]
        cap = min(have + locos, trains)
        name = names[c]
        for r in by_colour[c]:
            n = lengths[r]
            if n > cap:
                break
            if owner[r] >= 0:
                continue
            q = partner[r]
            if q >= 0 and (o := owner[q]) >= 0 and (singles or o == seat):
                continue
            low = n - have if n > have else 0
            out.append(Move(ClaimRoute(r, name, low), [Payment(name, low, min(locos, n))]))
    cap = min(max(hand[:loco]) + locos, trains)
    ferries = state.rules.ferries
    kinds = board.route_kind
    for r in by_colour[loco]:
        n = lengths[r]
        if n > cap:
            break
        if owner[r] >= 0:
            continue
        q = partner[r]
        if q >= 0 and (o := owner[q]) >= 0 and (singles or o == seat):
            continue
        need = board.route_locomotives[r] if ferries and kinds[r] == FERRY else 0
        if locos < need:
            continue
        payments = []
        for c in range(loco):
            have = hand[c]
            if have and have + locos >= n:
                low = max(n - have, need)
                high = min(locos, n - 1)
                if low <= high:
                    payments.append(Payment(names[c], low, high))
        if locos >= n:
            payments.append(Payment(None, n, n))
        if payments:
            first = payments[0]
            out.append(Move(ClaimRoute(r, first.colour, first.min_locomotives), payments))


def station_payments(board: Board, hand: list[int], cost: int) -> list[Payment]:
    """Every way to pay `cost` station cards of one colour, Locomotives wild (§7.1)."""
    loco = board.locomotive
    locos = hand[loco]
    payments = [
        Payment(board.colours[c], max(cost - hand[c], 0), min(locos, cost - 1))
        for c in range(loco)
        if hand[c] and hand[c] + locos >= cost
    ]
    if locos >= cost:
        payments.append(Payment(None, cost, cost))
    return payments


def can_draw_cards(state: GameState) -> bool:
    """The draw-cards action may be chosen: pile or discards hold a card (§4.4)."""
    return bool(state.deck) or any(state.discard)


def turn_moves(board: Board, state: GameState, seat: int) -> list[Move]:
    """The four actions at the start of a turn (§3), without pass."""
    out: list[Move] = []
    display = state.display
    if state.deck or any(state.discard):
        out.append(Move(DrawCard(None)))
        for slot, card in enumerate(display):
            if card >= 0:
                out.append(Move(DrawCard(slot)))
    claim_moves(board, state, seat, out)
    if state.ticket_pile:
        out.append(Move(DrawTickets()))
    player = state.players[seat]
    if player.stations:
        cost = state.rules.station_costs[state.rules.stations - player.stations]
        payments = station_payments(board, player.hand, cost)
        if payments:
            free = [c for c, o in enumerate(state.station_owner) if o < 0]
            if free:
                # the ready command varies its city with the turn so random play spreads out
                first = payments[0]
                city = free[state.turn % len(free)]
                out.append(
                    Move(
                        BuildStation(city, first.colour, first.min_locomotives),
                        payments,
                        cities=free,
                    )
                )
    return out


def ticket_combinations(
    offered: list[int], keep_min: int, long_max: int, longs: tuple[int, ...]
) -> list[list[int]]:
    """Every combination of `offered` that may be kept (at least `keep_min`, at least one,
    at most `long_max` of `longs` unless it is -1), in offered order."""
    out: list[list[int]] = []
    for size in range(max(min(keep_min, len(offered)), 1), len(offered) + 1):
        for keep in combinations(offered, size):
            if long_max < 0 or sum(1 for t in keep if t in longs) <= long_max:
                out.append(list(keep))
    return out


def legal_moves(board: Board, state: GameState, seat: int) -> list[Move]:
    """Everything `seat` may do now; empty when it is not this seat's move."""
    rules = state.rules
    player = state.players[seat] if 0 <= seat < state.seats else None
    if player is None or state.phase == "finished":
        return []
    if state.phase == "choosing-tickets":
        if not player.offered:
            return []
        return [
            Move(ChooseTickets(keep), tickets=player.offered)
            for keep in ticket_combinations(
                player.offered, rules.setup_keep, rules.setup_long_max, rules.long_tickets
            )
        ]
    if seat != state.current:
        return []
    if player.offered:
        return [
            Move(KeepTickets(keep), tickets=player.offered)
            for keep in ticket_combinations(player.offered, rules.draw_keep, -1, ())
        ]
    if state.tunnel is not None:
        return tunnel_moves(board, state, seat)
    if state.drawn:
        loco = board.locomotive
        second = [Move(DrawCard(None))] if state.deck or any(state.discard) else []
        second += [Move(DrawCard(s)) for s, c in enumerate(state.display) if 0 <= c != loco]
        return second
    return turn_moves(board, state, seat) or [Move(Pass())]


def tunnel_moves(board: Board, state: GameState, seat: int) -> list[Move]:
    """Pay the pending tunnel's extra cards (if the hand can) or withdraw (§5.4)."""
    tunnel = state.tunnel
    assert tunnel is not None
    hand = state.players[seat].hand
    loco = board.locomotive
    length = board.route_length[tunnel.route]
    spare_locos = hand[loco] - tunnel.locomotives
    out: list[Move] = []
    if tunnel.colour < 0:
        if spare_locos >= tunnel.extra:
            out.append(Move(PayTunnel(tunnel.extra), [Payment(None, tunnel.extra, tunnel.extra)]))
    else:
        spare = hand[tunnel.colour] - (length - tunnel.locomotives)
        low = max(tunnel.extra - spare, 0)
        high = min(spare_locos, tunnel.extra)
        if low <= high:
            name = board.colours[tunnel.colour]
            out.append(Move(PayTunnel(low), [Payment(name, low, high)]))
    out.append(Move(WithdrawTunnel()))
    return out
