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


class Payment(msgspec.Struct, frozen=True, gc=False):
    """Cards of ``colour`` (None: Locomotives only) with this many Locomotives among them."""

    colour: str | None
    min_locomotives: int
    max_locomotives: int


class Move(msgspec.Struct, frozen=True, gc=False):
    """One legal move: a ready ``command`` and the alternatives it stands for.

    ``payments``: for claim-route, build-station and pay-tunnel, every colour
    and Locomotive range that can pay. ``cities``: for build-station, every
    city where a station may go. ``tickets``: for ticket choices, the tickets
    on offer (the command keeps one allowed combination).
    """

    command: Command
    payments: tuple[Payment, ...] | None = None
    cities: tuple[int, ...] | None = None
    tickets: tuple[int, ...] | None = None


def route_closed(board: Board, state: GameState, seat: int, route: int) -> bool:
    """Route taken, or its double partner bars `seat` (§5.5)."""
    if state.route_owner[route] >= 0:
        return True
    partner = board.route_partner[route]
    if partner < 0:
        return False
    other = state.route_owner[partner]
    return other >= 0 and (other == seat or state.seats < state.rules.double_routes_min_seats)


#: the claimable tracks: per card colour a bit mask of its tracks, then the gray
#: tracks by length as (length, group id, ((route, Locomotives needed), ...))
_Open = tuple[tuple[int, ...], tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]]


class _ClaimTable:
    """One board's routes grouped for the claim search, and its shared claim entries.

    ``tracks[c]`` lists ``(route, length, partner, ferry Locomotives)`` of the
    routes of card colour ``c`` (index ``locomotive``: gray), shortest first.
    Entries are immutable and a game asks for the same few hundred again and
    again, so each is built once and found again by what decides it:

    - ``open``: by the route owners, the seat (-1 when any owner of a double
      bars it) and the ferry switch: per colour a bit mask of the tracks free
      to claim, and the free gray tracks by length (`_Open`); ``last`` keeps
      the latest per seat and switch, since owners seldom change between calls;
    - ``runs``: by colour, cards of that colour, Locomotives, the longest
      payable length and the colour's mask: that colour's entries in order;
    - ``gray_runs``: by gray group and the hand's counts clipped at the group's
      length (all a payment of that length depends on): the group's entries;
    - ``gray``: by payment key (see `_gray_key`), then route: one gray entry.
    """

    __slots__ = ("bits", "board", "gray", "gray_runs", "last", "open", "runs", "tracks")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.tracks = tuple(
            tuple(
                (
                    r,
                    board.route_length[r],
                    board.route_partner[r],
                    board.route_locomotives[r] if board.route_kind[r] == FERRY else 0,
                )
                for r in routes
            )
            for routes in board.routes_by_colour
        )
        #: (colour, bit) of each route's place in its colour's tracks
        bits = [(0, 0)] * len(board.route_length)
        for c, tracks in enumerate(self.tracks):
            for i, (r, _, _, _) in enumerate(tracks):
                bits[r] = (c, 1 << i)
        self.bits = tuple(bits)
        self.open: dict[tuple[tuple[int, ...], int, bool], _Open] = {}
        self.last: dict[int, tuple[list[int], _Open]] = {}
        self.runs: dict[tuple[int, int, int, int, int], tuple[Move, ...]] = {}
        self.gray: dict[tuple[int, ...], dict[int, Move]] = {}
        self.gray_runs: dict[tuple[int, bytes], tuple[Move, ...]] = {}

    def clear(self) -> None:
        self.open.clear()
        self.last.clear()
        self.runs.clear()
        self.gray.clear()
        self.gray_runs.clear()

    def open_tracks(self, owner: tuple[int, ...], seat: int, ferries: bool) -> _Open:
        """The tracks `seat` may claim: a route is free and its double's owner does not bar
        `seat` (§5.5; ``seat`` -1: any owner bars it). Masks per colour, then the gray tracks."""
        masks = [(1 << len(tracks)) - 1 for tracks in self.tracks]
        bits = self.bits
        partner = self.board.route_partner
        for r, o in enumerate(owner):
            if o < 0:
                continue
            c, bit = bits[r]
            masks[c] &= ~bit
            q = partner[r]
            if q >= 0 and (seat < 0 or o == seat):
                c, bit = bits[q]
                masks[c] &= ~bit
        loco = self.board.locomotive
        gray = masks[loco]
        groups: dict[int, tuple[int, list[tuple[int, int]]]] = {}
        for i, (r, n, _, need) in enumerate(self.tracks[loco]):
            if gray >> i & 1:
                held, group = groups.get(n, (0, []))
                group.append((r, need if ferries else 0))
                groups[n] = (held | 1 << i, group)
        # a group's bits and the ferry switch tell it apart from every other group
        return tuple(masks), tuple(
            (n, held << 1 | ferries, tuple(group)) for n, (held, group) in groups.items()
        )

    def run(self, c: int, have: int, locos: int, cap: int, mask: int) -> tuple[Move, ...]:
        """The entries of colour `c`'s open routes up to length `cap` (§5.2)."""
        name = self.board.colours[c]
        out = []
        for i, (r, n, _, _) in enumerate(self.tracks[c]):
            if n > cap:
                break
            if mask >> i & 1:
                low = n - have if n > have else 0
                high = locos if locos < n else n
                out.append(Move(ClaimRoute(r, name, low), (Payment(name, low, high),)))
        return tuple(out)

    def gray_run(
        self, n: int, group: tuple[tuple[int, int], ...], hand: list[int]
    ) -> tuple[Move, ...]:
        """The entries of open gray routes of length `n`, given as (route, Locomotives needed)."""
        loco = self.board.locomotive
        locos = hand[loco]
        keys: dict[int, tuple[tuple[int, ...], dict[int, Move]]] = {}
        out = []
        for r, need in group:
            if locos < need:
                continue
            paying = keys.get(need)
            if paying is None:
                key = _gray_key(hand, loco, n, need)
                paying = keys[need] = (key, self.gray.setdefault(key, {}))
            key, entries = paying
            if key:
                move = entries.get(r)
                if move is None:
                    move = entries[r] = self.entry(r, key)
                out.append(move)
        return tuple(out)

    def entry(self, route: int, key: tuple[int, ...]) -> Move:
        """A new gray entry: `key` holds (colour, low, high) triples, colour -1 = Locomotives."""
        names = self.board.colours
        payments = tuple(
            Payment(None if key[i] < 0 else names[key[i]], key[i + 1], key[i + 2])
            for i in range(0, len(key), 3)
        )
        first = payments[0]
        return Move(ClaimRoute(route, first.colour, first.min_locomotives), payments)


_TABLES: dict[str, _ClaimTable] = {}
#: bound on the shared entries of one board before they are dropped and rebuilt
_ENTRIES_MAX = 50_000


def _table(board: Board) -> _ClaimTable:
    table = _TABLES.get(board.id)
    if table is None or table.board is not board:
        table = _TABLES[board.id] = _ClaimTable(board)
    elif len(table.runs) + len(table.gray_runs) + len(table.open) > _ENTRIES_MAX:
        table.clear()
    return table


def claim_moves(board: Board, state: GameState, seat: int, out: list[Move]) -> None:
    """Append one entry per route `seat` can claim and pay for now (§5)."""
    player = state.players[seat]
    hand = player.hand
    loco = board.locomotive
    locos = hand[loco]
    trains = player.trains
    rules = state.rules
    table = _table(board)
    owner = state.route_owner
    bar = -1 if state.seats < rules.double_routes_min_seats else seat
    ferries = rules.ferries
    # the owners seldom change between two calls: a list comparison finds it out
    last = table.last.get(bar * 2 + ferries)
    if last is not None and last[0] == owner:
        found = last[1]
    else:
        owners = (tuple(owner), bar, ferries)
        cached = table.open.get(owners)
        found = table.open[owners] = table.open_tracks(*owners) if cached is None else cached
        table.last[bar * 2 + ferries] = (list(owner), found)
    masks, grays = found
    runs = table.runs
    best = 0
    for c in range(loco):
        have = hand[c]
        if have > best:
            best = have
        cap = have + locos
        if cap > trains:
            cap = trains
        key = (c, have, locos, cap, masks[c])
        run = runs.get(key)
        if run is None:
            run = runs[key] = table.run(*key)
        out += run
    cap = best + locos
    if cap > trains:
        cap = trains
    if not grays or grays[0][0] > cap:
        return
    # a gray route's payments depend on each count only up to the route's length
    counts = bytes(hand)
    gray_runs = table.gray_runs
    for n, group_id, group in grays:
        if n > cap:
            break
        clipped = (group_id, counts.translate(_UP_TO[n]))
        run = gray_runs.get(clipped)
        if run is None:
            run = gray_runs[clipped] = table.gray_run(n, group, hand)
        out += run


#: byte translation tables clipping card counts at a length
_UP_TO = tuple(bytes(min(i, n) for i in range(256)) for n in range(256))


def _gray_key(hand: list[int], loco: int, n: int, need: int) -> tuple[int, ...]:
    """The payments of a gray route of length `n` needing `need` Locomotives, as triples."""
    locos = hand[loco]
    key: list[int] = []
    for c in range(loco):
        have = hand[c]
        if have and have + locos >= n:
            low = n - have if n - have > need else need
            high = locos if locos < n - 1 else n - 1
            if low <= high:
                key += (c, low, high)
    if locos >= n:
        key += (-1, n, n)
    return tuple(key)


def station_payments(board: Board, hand: list[int], cost: int) -> tuple[Payment, ...]:
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
    return tuple(payments)


#: the entries that never change, built once
_BLIND = Move(DrawCard(None))
_FACE_UP = tuple(Move(DrawCard(slot)) for slot in range(16))
_DRAW_TICKETS = Move(DrawTickets())
_PASS = Move(Pass())


def turn_moves(board: Board, state: GameState, seat: int) -> list[Move]:
    """The four actions at the start of a turn (§3), without pass."""
    out: list[Move] = []
    display = state.display
    if state.deck or any(state.discard):
        out.append(_BLIND)
        if -1 in display:
            for slot, card in enumerate(display):
                if card >= 0:
                    out.append(_FACE_UP[slot])
        else:
            out += _FACE_UP[: len(display)]
    claim_moves(board, state, seat, out)
    if state.ticket_pile:
        out.append(_DRAW_TICKETS)
    player = state.players[seat]
    if player.stations:
        station = _station_entry(board, state, player.hand, player.stations)
        if station is not None:
            out.append(station)
    return out


#: station payments by (board, cost, hand) and free cities by (board, station owners):
#: both change seldom during a game, and building them is most of a turn's station entry;
#: the entries themselves by payments, free cities (their number in `_FREE_CITIES`) and city
_STATION_PAYMENTS: dict[tuple[str, int, bytes], tuple[Payment, ...]] = {}
_FREE_CITIES: dict[tuple[str, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}
_STATIONS: dict[tuple[str, int, bytes, int, int], Move] = {}
#: the latest station owners and their free cities, per board
_LAST_FREE: dict[str, tuple[list[int], tuple[int, tuple[int, ...]]]] = {}


def _station_entry(
    board: Board, state: GameState, hand: list[int], stations_left: int
) -> Move | None:
    """The build-station entry (§7.1), or None when no station can be paid or placed."""
    rules = state.rules
    cost = rules.station_costs[rules.stations - stations_left]
    counts = bytes(hand)
    key = (board.id, cost, counts)
    payments = _STATION_PAYMENTS.get(key)
    if payments is None:
        if len(_STATION_PAYMENTS) > _ENTRIES_MAX:
            _STATION_PAYMENTS.clear()
        payments = _STATION_PAYMENTS[key] = station_payments(board, hand, cost)
    if not payments:
        return None
    owner = state.station_owner
    last = _LAST_FREE.get(board.id)
    if last is not None and last[0] == owner:
        number, free = last[1]
    else:
        owners = (board.id, tuple(owner))
        known = _FREE_CITIES.get(owners)
        if known is None:
            if len(_FREE_CITIES) > _ENTRIES_MAX:  # the numbers start again: drop their users
                _FREE_CITIES.clear()
                _STATIONS.clear()
                _LAST_FREE.clear()
            cities = tuple(c for c, o in enumerate(owner) if o < 0)
            known = _FREE_CITIES[owners] = (len(_FREE_CITIES), cities)
        _LAST_FREE[board.id] = (list(owner), known)
        number, free = known
    if not free:
        return None
    # the ready command varies its city with the turn so random play spreads out
    city = free[state.turn % len(free)]
    entry_key = (board.id, cost, counts, number, city)
    entry = _STATIONS.get(entry_key)
    if entry is None:
        if len(_STATIONS) > _ENTRIES_MAX:
            _STATIONS.clear()
        first = payments[0]
        entry = _STATIONS[entry_key] = Move(
            BuildStation(city, first.colour, first.min_locomotives), payments, cities=free
        )
    return entry


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
            Move(ChooseTickets(keep), tickets=tuple(player.offered))
            for keep in ticket_combinations(
                player.offered, rules.setup_keep, rules.setup_long_max, rules.long_tickets
            )
        ]
    if seat != state.current:
        return []
    if player.offered:
        return [
            Move(KeepTickets(keep), tickets=tuple(player.offered))
            for keep in ticket_combinations(player.offered, rules.draw_keep, -1, ())
        ]
    if state.tunnel is not None:
        return tunnel_moves(board, state, seat)
    if state.drawn:
        loco = board.locomotive
        second = [_BLIND] if state.deck or any(state.discard) else []
        second += [_FACE_UP[s] for s, c in enumerate(state.display) if 0 <= c != loco]
        return second
    return turn_moves(board, state, seat) or [_PASS]


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
            payment = Payment(None, tunnel.extra, tunnel.extra)
            out.append(Move(PayTunnel(tunnel.extra), (payment,)))
    else:
        spare = hand[tunnel.colour] - (length - tunnel.locomotives)
        low = max(tunnel.extra - spare, 0)
        high = min(spare_locos, tunnel.extra)
        if low <= high:
            name = board.colours[tunnel.colour]
            out.append(Move(PayTunnel(low), (Payment(name, low, high),)))
    out.append(Move(WithdrawTunnel()))
    return out
