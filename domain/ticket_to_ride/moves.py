"""Legal moves: what a seat may do now, compact enough for a bot to read.

One entry per claimable route (with every colour that can pay it and the
fewest/most Locomotives for each), one per face-up slot and one for a blind
draw, one for drawing tickets, one for building a station (with the free
cities as alternatives), one per ticket combination that may be kept, and
the pending tunnel payment. Each entry's ``command`` is accepted as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any, TypeVar, assert_never

import msgspec

from domain.ticket_to_ride.board import FERRY, SEA, Board
from domain.ticket_to_ride.cardflow import supplying
from domain.ticket_to_ride.commands import (
    BuildHarbor,
    BuildStation,
    ChoosePieces,
    ChooseTickets,
    ClaimRoute,
    Command,
    DrawBlind,
    DrawCard,
    DrawTickets,
    ExchangePieces,
    KeepTickets,
    Pass,
    PayTunnel,
    RefillSlot,
    WithdrawTunnel,
)
from domain.ticket_to_ride.mapfile import STATIONS, TRAINS
from domain.ticket_to_ride.pricing import (
    DoubledSpaces,
    HarborCards,
    OneColour,
    PairFerry,
    PriceRule,
    ShipCards,
    TrainCards,
    price_rule,
)
from domain.ticket_to_ride.ruleset import Ruleset, stations_built
from domain.ticket_to_ride.state import (
    GameState,
    PlayerState,
    Refill,
    SecondCard,
    TicketChoice,
    Tunnel,
)


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


def route_closed(board: Board, state: GameState, seat: int, route: int) -> bool:
    """Route taken, or its track group bars `seat` (§5.5): `seat` owns one of its tracks
    already, or as many of them are claimed as this player count may use."""
    owner = state.route_owner
    if owner[route] >= 0:
        return True
    tracks = board.route_tracks[route]
    if len(tracks) == 1:
        return False
    claimed = 0
    for track in tracks:
        other = owner[track]
        if other == seat:
            return True
        if other >= 0:
            claimed += 1
    return claimed >= state.rules.usable_tracks[len(tracks)]


class _ClaimTable:
    """One board's routes grouped for the claim search, and its shared claim entries.

    ``tracks[c]`` lists ``(route, length, partner)`` of the
    routes of card colour ``c``, shortest first; ``gray_tracks[mode]`` lists
    ``(route, length, partner, Locomotives needed, length << 8 | needed, lows)`` of
    the gray ones (``lows``: `_lows` by the Locomotives at hand), by ferry mode (0: no
    ferries, 1: ferries paid with Locomotives, 2: with pairs too; the Locomotives
    needed by a ferry count
    only when the ruleset has ferries). ``partner`` is the other
    track of a double route, else -1; the tracks of groups of three or more
    (``grouped``) are searched as single tracks, and their entries then
    dropped when `route_closed` says so (no map of pairs only pays for that
    check in the search's inner loop). These are the
    routes paid in one colour (`pricing.OneColour`); ``several[mode]`` lists
    ``(route, length)`` of the others (doubled spaces, ferries paid
    with pairs), whose price rule lists their payments. ``pieces`` are the
    piece kinds the routes take (Europe: trains only); on a map of several
    (``mixed``) the search caps lengths by the largest of the player's
    counts and drops the entries whose own kind runs short afterwards.
    The search reads these ready-made keys.
    Entries are immutable and a game asks for the same few hundred again and
    again, so they are built with the table: ``coloured[r][low][high - low]``
    is route ``r``'s entry for payments with ``low`` to ``high`` Locomotives (a
    route has one colour). Gray routes and stations are paid in any colour
    the hand allows, too many hand profiles to build ahead, so their entries
    are kept by payment code (see `paying`), up to `_ENTRIES_MAX` per board:
    `benchmarks.engine --against` measured Europe games 5-15% slower without.
    Routes of several colours share their payments by price rule and hand
    (``priced``, within the same bound): Northern Lights' 53 ferries have 7
    price rules, and listing their payments was 90% of a game's time.
    """

    __slots__ = (
        "blind",
        "board",
        "coloured",
        "gray",
        "gray_tracks",
        "grouped",
        "mixed",
        "pieces",
        "priced",
        "refill",
        "several",
        "stations",
        "tracks",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        length = board.route_length
        partner = board.route_partner
        self.grouped = frozenset(r for r, group in enumerate(board.route_tracks) if len(group) > 2)
        self.pieces = tuple(sorted(set(board.route_piece)))
        self.mixed = len(self.pieces) > 1
        # the routes whose price rule lists their payments (`several`), not the search
        doubled = [
            board.several_train_kinds or board.route_doubled[r] or board.route_kind[r] == SEA
            for r in range(len(length))
        ]
        self.tracks = tuple(
            tuple((r, length[r], partner[r]) for r in routes if not doubled[r])
            for routes in board.routes_by_colour[: board.locomotive]
        )
        self.coloured = tuple(
            tuple(
                tuple(self.entry(r, (c, low, high)) for high in range(low, length[r] + 1))
                for low in range(length[r] + 1)
            )
            if c < board.locomotive and not doubled[r] else ()
            for r, c in enumerate(board.route_colour)
        )
        need = [
            board.route_locomotives[r] if board.route_kind[r] == FERRY else 0
            for r in range(len(length))
        ]
        gray = [r for r in board.routes_by_colour[board.locomotive] if not doubled[r]]
        paired = [r for r in gray if need[r]]
        self.gray_tracks = (
            tuple(_gray_track(r, length[r], partner[r], 0) for r in gray),
            tuple(_gray_track(r, length[r], partner[r], need[r]) for r in gray),
            tuple(_gray_track(r, length[r], partner[r], 0) for r in gray if not need[r]),
        )
        several = [(r, length[r]) for r in range(len(length)) if doubled[r]]
        with_pairs = sorted(several + [(r, length[r]) for r in paired])
        self.several = (tuple(several), tuple(several), tuple(with_pairs))
        self.gray: dict[bytes, tuple[bytes, tuple[Payment, ...], dict[int, Move]]] = {}
        #: the station owners last seen, their free cities and the build-station entries
        #: made for them by payment code and city (replaced whole when the owners change,
        #: so no turn hashes the tuple of free cities to find its entry)
        self.stations: tuple[list[int], tuple[int, ...], dict[tuple[bytes, int], Move]] = (
            [], (), {}
        )
        self.priced: dict[tuple[PriceRule, bytes], _Priced] = {}
        #: per deck index, the blind draw from it and the market refill from it
        self.blind = tuple(Move(DrawBlind(deck)) for deck in board.deck_ids)
        self.refill = tuple(Move(RefillSlot(deck)) for deck in board.deck_ids)

    def entry(self, route: int, key: tuple[int, ...]) -> Move:
        """A new claim entry: `key` holds (colour, low, high) triples, colour -1 = Locomotives."""
        names = self.board.colours
        payments = tuple(
            Payment(None if key[i] < 0 else names[key[i]], key[i + 1], key[i + 2])
            for i in range(0, len(key), 3)
        )
        first = payments[0]
        return Move(ClaimRoute(route, first.colour, first.min_locomotives), payments)

    def paying(
        self, n: int, need: int, spare: int, colours: bytes
    ) -> tuple[bytes, tuple[Payment, ...], dict[int, Move]]:
        """How `n` cards needing `need` Locomotives can be paid with `colours` counts and
        `spare` (at most `n`) Locomotives: the payments' code, the payments (all-Locomotive
        last) and the gray entries paid so, by route.

        The code is one byte translation of the counts (see `_lows`): the same for
        every hand that pays the same ways.
        """
        lows, suffix = _lows(n, need, spare)
        code = colours.translate(lows) + suffix
        return self.gray.get(code) or self.paid(code)

    def paid(self, code: bytes) -> tuple[bytes, tuple[Payment, ...], dict[int, Move]]:
        """The payments of `paying`'s `code` and their entries, made and kept on first use."""
        n, spare = code[-2:]
        names = self.board.colours
        high = spare if spare < n - 1 else n - 1
        payments = [Payment(names[c], low - 1, high) for c, low in enumerate(code[:-2]) if low]
        if spare >= n:
            payments.append(Payment(None, n, n))
        return _remember(self.gray, code, (code, tuple(payments), {}))


def _gray_track(
    route: int, length: int, partner: int, need: int
) -> tuple[int, int, int, int, int, tuple[tuple[bytes, bytes], ...]]:
    """A gray route's entry in `_ClaimTable.gray_tracks`, with its `_lows` tables by the
    Locomotives at hand (0 to its length): read there by index, not looked up in the
    search (legal moves 5-7% faster in Europe games, measured against a call per look-up)."""
    lows = tuple(_lows(length, need, spare) for spare in range(length + 1))
    return route, length, partner, need, length << 8 | need, lows


_TABLES: dict[str, _ClaimTable] = {}
T = TypeVar("T")
#: bound on the shared entries of one board before they are dropped and rebuilt
_ENTRIES_MAX = 50_000


def _table(board: Board) -> _ClaimTable:
    table = _TABLES.get(board.id)
    if table is None or table.board is not board:
        table = _TABLES[board.id] = _ClaimTable(board)
    return table


def _remember(memo: dict[Any, T], key: Any, value: T) -> T:
    """Keep `value` under `key` in one of a table's memos, emptied first when it holds
    `_ENTRIES_MAX` entries (its entries are rebuilt as they are asked for again)."""
    if len(memo) >= _ENTRIES_MAX:
        memo.clear()
    memo[key] = value
    return value


def claim_moves(
    board: Board, state: GameState, seat: int, out: list[Move], table: _ClaimTable
) -> None:
    """Append one entry per route `seat` can claim and pay for now (§5), from the board's
    `table`."""
    player = state.players[seat]
    hand = player.hand
    loco = board.locomotive
    locos = hand[loco]
    owner = state.route_owner
    singles = state.rules.usable_tracks[2] < 2
    start = len(out)
    pieces = player.pieces
    trains = max(pieces[k] for k in table.pieces) if table.mixed else pieces[table.pieces[0]]
    tracks = table.tracks
    coloured = table.coloured
    best = 0
    for c in range(loco):
        have = hand[c]
        if have > best:
            best = have
        cap = have + locos
        if cap > trains:
            cap = trains
        for r, n, q in tracks[c]:
            if n > cap:
                break
            if owner[r] >= 0 or (q >= 0 and (o := owner[q]) >= 0 and (singles or o == seat)):
                continue
            low = n - have if n > have else 0
            out.append(coloured[r][low][(locos if locos < n else n) - low])
    cap = best + locos
    if cap > trains:
        cap = trains
    colours = b""
    by_kind: dict[int, tuple[bytes, tuple[Payment, ...], dict[int, Move]]] = {}
    rules = state.rules
    mode = (2 if rules.ferry_pairs else 1) if rules.ferries else 0  # as `_ClaimTable` says
    gray = table.gray
    for r, n, q, need, kind, lows in table.gray_tracks[mode]:
        if n > cap:
            break
        if owner[r] >= 0 or (q >= 0 and (o := owner[q]) >= 0 and (singles or o == seat)):
            continue
        if locos < need:
            continue
        found = by_kind.get(kind)
        if found is None:  # `table.paying`, its tables read from the track
            if not colours:
                colours = bytes(hand[:loco])
            spare_lows, suffix = lows[locos if locos < n else n]
            code = colours.translate(spare_lows) + suffix
            found = by_kind[kind] = gray.get(code) or table.paid(code)
        _, payments, entries = found
        if payments:
            move = entries.get(r)
            if move is None:
                first = payments[0]
                command = ClaimRoute(r, first.colour, first.min_locomotives)
                move = entries[r] = Move(command, payments)
            out.append(move)

    if table.grouped:
        _keep_claims(out, start, _open_or_paired(board, state, seat, table.grouped))
    several = table.several[mode]
    code = bytes(hand) if several else b""
    for r, n in several:
        if n <= trains and not route_closed(board, state, seat, r):
            move = _several_colours_entry(board, table, state.rules, hand, code, r)
            if move is not None:
                out.append(move)
    if table.mixed:
        _keep_claims(out, start, _coverable(board, pieces))


def _open_or_paired(
    board: Board, state: GameState, seat: int, grouped: frozenset[int]
) -> Callable[[int], bool]:
    """Whether a route's group of tracks lets `seat` claim it (a route of no group of
    three or more was checked by the search itself)."""
    return lambda r: r not in grouped or not route_closed(board, state, seat, r)


def _coverable(board: Board, pieces: list[int]) -> Callable[[int], bool]:
    """Whether `pieces` (a player's, per kind) cover a route's length in its own kind."""
    length, piece = board.route_length, board.route_piece
    return lambda r: length[r] <= pieces[piece[r]]


def _keep_claims(out: list[Move], first: int, keep: Callable[[int], bool]) -> None:
    """Keep only the claim entries from `first` on whose route `keep` accepts."""
    kept = []
    for move in out[first:]:
        command = move.command
        assert isinstance(command, ClaimRoute)
        if keep(command.route):
            kept.append(move)
    out[first:] = kept


def _several_colours_entry(
    board: Board, table: _ClaimTable, rules: Ruleset, hand: list[int], code: bytes, route: int
) -> Move | None:
    """The claim entry of a route whose price takes several colours, from its price rule:
    one payment per colour of its plain spaces (None: Locomotives only) with the
    Locomotive range, and a ready command naming one payment's cards. Kept in
    `table` by price rule and hand (`code`, the hand's counts as bytes)."""
    rule = price_rule(board, rules, route)
    assert not isinstance(rule, OneColour)
    found = table.priced.get((rule, code))
    if found is None:
        found = _remember(table.priced, (rule, code), _priced(board, rule, hand))
    if not found.payments:
        return None
    move = found.entries.get(route)
    if move is None:
        command = ClaimRoute(route, cards=found.cards)
        move = found.entries[route] = Move(command, found.payments)
    return move


class _Priced(msgspec.Struct, gc=False):
    """What a price rule of several colours allows one hand: the `payments`, the `cards`
    of the first (the entries' ready command) and the entries made of them, by route."""

    payments: tuple[Payment, ...]
    cards: dict[str, int]
    entries: dict[int, Move]


def _priced(
    board: Board, rule: PairFerry | DoubledSpaces | TrainCards | ShipCards, hand: list[int]
) -> _Priced:
    names = board.card_names

    def named(payment: tuple[int, ...]) -> dict[str, int]:
        return {names[c]: count for c, count in enumerate(payment) if count}

    alternatives = rule.alternatives(board, hand)
    payments = tuple(
        Payment(
            None if a.colour < 0 else names[a.colour],
            a.low,
            a.high,
            a.pairs,
            None if a.pairs is None else named(a.payment),
            a.doubles,
        )
        for a in alternatives
    )
    return _Priced(payments, named(alternatives[0].payment) if alternatives else {}, {})


@cache  # a pure function of three small numbers: a few hundred tables at most
def _lows(n: int, need: int, spare: int) -> tuple[bytes, bytes]:
    """How a gray route of length `n` needing `need` Locomotives is paid with `spare` (at
    most `n`) Locomotives at hand: a byte table from a colour's count to 0 (that colour
    cannot pay) or 1 + the fewest Locomotives, and two bytes naming `n` and `spare`."""
    high = spare if spare < n - 1 else n - 1
    table = bytearray(256)
    for have in range(1, 256):
        low = n - have if n - have > need else need
        if have + spare >= n and low <= high:
            table[have] = low + 1
    return bytes(table), bytes((n, spare))


#: the entries that never change, built once
_BLIND = Move(DrawCard(None))
_FACE_UP = tuple(Move(DrawCard(slot)) for slot in range(16))
_DRAW_TICKETS = Move(DrawTickets())


def _blind_entries(board: Board, state: GameState) -> list[Move]:
    """A blind draw from each deck that has a card (a map of several decks)."""
    blind = _table(board).blind
    return [blind[d] for d in supplying(state.decks())]
_PASS = Move(Pass())


def turn_moves(board: Board, state: GameState, seat: int) -> list[Move]:
    """The four actions at the start of a turn (§3), without pass."""
    out: list[Move] = []
    display = state.display
    if state.piles:
        if state.can_draw():
            out += _blind_entries(board, state)
            out += [_FACE_UP[slot] for slot, card in enumerate(display) if card >= 0]
    elif state.deck or any(state.discard):
        out.append(_BLIND)
        if -1 in display:
            for slot, card in enumerate(display):
                if card >= 0:
                    out.append(_FACE_UP[slot])
        else:
            out += _FACE_UP[: len(display)]
    elif state.rules.face_up_without_piles:
        out += [_FACE_UP[slot] for slot, card in enumerate(display) if card >= 0]
    table = _table(board)
    claim_moves(board, state, seat, out, table)
    if state.ticket_pile:
        out.append(_DRAW_TICKETS)
    player = state.players[seat]
    if state.rules.exchange_cost:
        out += exchange_moves(state, seat)
    if state.harbor_owner:
        harbor = harbor_entry(board, state, seat)
        if harbor is not None:
            out.append(harbor)
    if player.pieces[STATIONS]:
        station = _station_entry(board, state, player.hand, player.pieces[STATIONS], table)
        if station is not None:
            out.append(station)
    return out


def _station_entry(
    board: Board, state: GameState, hand: list[int], stations_left: int, table: _ClaimTable
) -> Move | None:
    """The build-station entry (§7.1), or None when no station can be paid or placed.

    `cost` cards of one colour, Locomotives wild, are paid as a gray route of
    that length (§7.1, §5.2), so the claim table's payments serve.
    """
    rules = state.rules
    cost = rules.station_costs[stations_built(rules, stations_left)]
    loco = board.locomotive
    locos = hand[loco]
    code, payments, _ = table.paying(cost, 0, locos if locos < cost else cost, bytes(hand[:loco]))
    if not payments:
        return None
    owner = state.station_owner
    last_owner, free, entries = table.stations
    if last_owner != owner:  # stations are rare: the free cities seldom change
        free = tuple(c for c, o in enumerate(owner) if o < 0)
        entries = {}
        table.stations = (list(owner), free, entries)
    if not free:
        return None
    # the ready command varies its city with the turn so random play spreads out
    city = free[state.turn % len(free)]
    key = (code, city)
    entry = entries.get(key)
    if entry is None:
        first = payments[0]
        entry = _remember(entries, key, Move(
            BuildStation(city, first.colour, first.min_locomotives), payments, cities=free
        ))
    return entry


def split_moves(rules: Ruleset) -> list[Move]:
    """Every secret piece split a seat may choose (Rails & Sails §2.6), the map's own
    numbers first (the rulebook's recommended 20 trains and 40 ships)."""
    other = next(k for k, most in enumerate(rules.box) if most and k != TRAINS)
    low = max(0, rules.supply - rules.box[other])
    high = min(rules.box[TRAINS], rules.supply)
    default = rules.piece_counts[TRAINS]
    others = [t for t in range(low, high + 1) if t != default]
    return [Move(ChoosePieces(t)) for t in (default, *others)]


def exchange_moves(state: GameState, seat: int) -> list[Move]:
    """Each exchange the seat's pieces and reserve allow (Rails & Sails §3.4): per kind
    given, every count from 1 up to the limit."""
    rules, player = state.rules, state.players[seat]
    kinds = [k for k, most in enumerate(rules.box) if most]
    out = []
    for give in kinds:
        take = next(k for k in kinds if k != give)
        for count in range(1, min(player.pieces[give], player.reserve[take]) + 1):
            out.append(Move(ExchangePieces(rules.pieces[give], count)))
    return out


def harbor_entry(board: Board, state: GameState, seat: int) -> Move | None:
    """The build-harbor entry (Rails & Sails §3.3): the port cities free of harbors that a
    route of the seat's reaches, and per colour the wilds a payment may hold."""
    rules = state.rules
    player = state.players[seat]
    if not player.pieces[rules.pieces.index("harbors")]:
        return None
    owner = state.route_owner
    free = tuple(
        city for city, at in enumerate(state.harbor_owner)
        if at < 0 and board.city_harbor[city]
        and any(owner[r] == seat for r in board.city_routes[city])
    )
    alternatives = HarborCards(rules.harbor_cards).alternatives(board, player.hand)
    if not free or not alternatives:
        return None
    colours, names = board.colours, board.card_names
    payments = tuple(
        Payment(None if a.colour < 0 else colours[a.colour], a.low, a.high)
        for a in alternatives
    )
    cards = {names[c]: n for c, n in enumerate(alternatives[0].payment) if n}
    city = free[state.turn % len(free)]
    return Move(BuildHarbor(city, cards), payments, cities=free)


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
    """Everything `seat` may do now; empty when it is not this seat's move.

    The lists are built by helpers: a comprehension here would make its names closure
    cells for every call, the turn's included (with the other hot functions freed of
    theirs, Europe games measured 2-7% faster).
    """
    player = state.players[seat] if 0 <= seat < state.seats else None
    if player is None or state.phase == "finished":
        return []
    if state.phase == "choosing-tickets":
        return _setup_moves(state, player)
    if seat != state.current:
        return []
    pending = state.pending
    if pending is None:
        return turn_moves(board, state, seat) or [_PASS]
    if isinstance(pending, TicketChoice):
        return _keep_moves(state.rules, player.offered)
    if isinstance(pending, Tunnel):
        return tunnel_moves(board, pending, player.hand)
    if isinstance(pending, Refill):
        return _refill_moves(board, state)
    if isinstance(pending, SecondCard):
        return _second_card_moves(board, state)
    assert_never(pending)


def _setup_moves(state: GameState, player: PlayerState) -> list[Move]:
    """The ticket choices of the setup (§2.7), then any secret piece split (Rails & Sails)."""
    rules = state.rules
    offered = player.offered
    choices = [
        Move(ChooseTickets(keep), tickets=tuple(offered))
        for keep in ticket_combinations(
            offered, rules.setup_keep, rules.setup_long_max, rules.long_tickets
        )
    ] if offered else []
    if not (state.revealed or player.chosen or offered):
        choices += split_moves(rules)
    return choices


def _keep_moves(rules: Ruleset, offered: list[int]) -> list[Move]:
    """Each combination of the drawn tickets that may be kept (§6)."""
    return [
        Move(KeepTickets(keep), tickets=tuple(offered))
        for keep in ticket_combinations(offered, rules.draw_keep, -1, ())
    ]


def _refill_moves(board: Board, state: GameState) -> list[Move]:
    """A refill of the pending market slot from each deck that has a card."""
    refill = _table(board).refill
    return [refill[d] for d in supplying(state.decks())]


def _second_card_moves(board: Board, state: GameState) -> list[Move]:
    """The second card of a draw (§4.1): blind, or any face-up card but a Locomotive."""
    loco = board.locomotive
    if state.piles:
        second = _blind_entries(board, state)
    else:
        second = [_BLIND] if state.deck or any(state.discard) else []
    second += [_FACE_UP[s] for s, c in enumerate(state.display) if 0 <= c != loco]
    return second


def tunnel_moves(board: Board, tunnel: Tunnel, hand: list[int]) -> list[Move]:
    """Pay the pending tunnel's extra cards (if the hand can) or withdraw (§5.4)."""
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
