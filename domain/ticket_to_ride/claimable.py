"""The routes a seat can claim now, as legal-move entries with their payments.

The most-run code of the engine (every turn's legal moves), so the board's routes are
grouped once, when its engine is built (`ClaimTable`), and a turn reads them:

* routes of one colour paid by `pricing.OneColour`, per colour, shortest first, so the
  search for a colour stops at the first route its cards cannot cover; their entries
  (one payment, a range of Locomotives) are built with the table, as immutable
  `Move`s, one per route and Locomotive range;
* gray `OneColour` routes, shortest first; their payments (one per colour that can
  pay) are worked out once per turn per length and Locomotives needed, from the
  hand's counts, out of the board's `Payments`;
* every other route (a price of several colours: ferries paid with pairs, doubled
  spaces, ship cards, several train card kinds), by price rule: a rule's listing is
  found once per turn, only when the hand could cover it (`hand.Hand.capacities`)
  and a route of it is open; the entries then follow route order. A rule reading few
  card kinds has its listings tabulated by their counts (`listings.tabulated`), a gray one
  made of such rules per colour is put together from theirs (`listings.GrayParts`), and only
  the rest (pairs of any colour) is worked out from the hand. Their commands name the
  cards paid, so each payment listed carries its own (`pricing.listing_of`).

A route closed to the seat (`GameState.closed`) or longer than its pieces is skipped.
The order is colour by colour, then gray, then the others: a client sees entries in
the same order from turn to turn.
"""

from __future__ import annotations

from typing import Any

from domain.ticket_to_ride.board import GRAY, Board
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Move, Payment, Payments
from domain.ticket_to_ride.hand import Hand, capacity_index
from domain.ticket_to_ride.listings import GrayParts, tabulated
from domain.ticket_to_ride.pricing import (
    Listing,
    OneColour,
    PriceRule,
    listing_of,
)
from domain.ticket_to_ride.state import GameState


class ClaimTable:
    """One board's routes grouped for the claim search, with their immutable entries (see
    the module docstring).

    ``tracks[c]``: ``(route, length)`` of the `OneColour` routes of colour ``c``,
    shortest first; ``coloured[r][low][high - low]``: route ``r``'s entry for payments
    with ``low`` to ``high`` Locomotives. ``gray``: ``(route, length, need)`` of the gray
    `OneColour` routes (``need``: the Locomotives a ferry's symbols require), shortest
    first, and ``gray_commands[r][colour + 1][low]`` their ready commands. ``others``:
    every other route by its price rule, grouped by what bounds the routes a hand can pay
    for (``reaches``, as `pricing.capacity_index` names them), each group's `Other`s
    smallest first.
    ``payments``: the board's `Payments`.
    """

    __slots__ = (
        "colour_reaches",
        "coloured",
        "gray",
        "gray_commands",
        "mixed",
        "others",
        "payments",
        "pieces",
        "reaches",
        "ship_reaches",
        "tracks",
    )

    def __init__(self, board: Board, price_rules: tuple[PriceRule, ...]) -> None:
        length = board.route_length
        loco = board.locomotive
        names = [*board.colours, None]
        self.payments = payments = Payments(board)
        one = [isinstance(rule, OneColour) for rule in price_rules]
        self.tracks = tuple(
            tuple((r, length[r]) for r in routes if one[r])
            for routes in board.routes_by_colour[:loco]
        )
        self.coloured = tuple(
            tuple(
                tuple(Move(ClaimRoute(r, names[c], low), (payments.plain[c][low][high],))
                      for high in range(low, length[r] + 1))
                for low in range(length[r] + 1)
            )
            if c != GRAY and one[r] else ()
            for r, c in enumerate(board.route_colour)
        )
        self.gray = tuple(
            (r, length[r], rule.locomotives)
            for r in board.routes_by_colour[loco]
            if isinstance(rule := price_rules[r], OneColour)
        )
        self.gray_commands = tuple(
            tuple(tuple(ClaimRoute(r, name, low) for low in range(length[r] + 1))
                  for name in [None, *board.colours])
            if board.route_colour[r] == GRAY and one[r] else ()
            for r in range(len(length))
        )
        # the routes of one price rule share their length; grouped by piece kind too, a
        # turn checks a group's pieces once
        groups: dict[tuple[PriceRule, int], list[int]] = {}
        for r, rule in enumerate(price_rules):
            if not one[r]:
                groups.setdefault((rule, board.route_piece[r]), []).append(r)
        by_reach: dict[int, list[Other]] = {}
        tables: dict[PriceRule, Any] = {}
        for (rule, piece), of_rule in groups.items():
            reads = rule.reads(board) or ()
            if rule not in tables:
                tables[rule] = (tabulated(rule, board, reads) if reads
                                else GrayParts.of(rule, board))
            by_reach.setdefault(capacity_index(board, rule.reach), []).append(
                (rule.size, rule, length[of_rule[0]], piece, tuple(of_rule), reads,
                 tables.get(rule))
            )
        self.reaches = tuple(by_reach)
        colours = board.locomotive
        #: whether some rule is bounded per colour, per colour of ship cards
        self.colour_reaches = any(reach <= colours for reach in by_reach)
        self.ship_reaches = any(colours < reach <= 2 * colours + 1 for reach in by_reach)
        self.others = tuple(
            tuple(sorted(rules, key=lambda entry: entry[0])) for rules in by_reach.values()
        )
        self.pieces = tuple(sorted(set(board.route_piece)))
        self.mixed = len(self.pieces) > 1


#: routes of `ClaimTable.others` sharing a price rule and a piece kind: the rule's size,
#: the rule, the routes' length and piece kind, the routes, the card kinds the rule reads
#: (`pricing.PriceRule.reads`) and its listings by their counts
Other = tuple[int, PriceRule, int, int, tuple[int, ...], tuple[tuple[int, int], ...], Any]


def gray_payments(
    payments: Payments, n: int, need: int, locos: int, hand: list[int], colours: int
) -> tuple[tuple[Payment, ...], int, int]:
    """How `n` cards of one colour needing `need` Locomotives (a gray route, a station)
    can be paid with `hand`: per colour that can pay the plain cards (Locomotives
    standing in for some), the Locomotive range; then the all-Locomotive payment. With
    them, where the first payment's colour (its index + 1, 0: Locomotives only) and
    fewest Locomotives are found in a route's `ClaimTable.gray_commands`."""
    spare = locos if locos < n else n
    high = spare if spare < n - 1 else n - 1
    plain = payments.plain
    found = []
    first, fewest = -1, 0
    for c in range(colours):
        have = hand[c]
        if have and have + spare >= n:
            low = n - have if n - have > need else need
            if low <= high:
                if first < 0:
                    first, fewest = c + 1, low
                found.append(plain[c][low][high])
    if spare >= n:
        if first < 0:
            first, fewest = 0, n
        found.append(plain[colours][n][n])
    return tuple(found), first, fewest


def claim_moves(table: ClaimTable, board: Board, state: GameState, seat: int,
                out: list[Move]) -> None:
    """Append one entry per route `seat` can claim and pay for now (§5)."""
    player = state.players[seat]
    hand = player.hand
    loco = board.locomotive
    locos = hand[loco]
    closed = state.closed
    pieces = player.pieces
    mixed = table.mixed
    route_piece = board.route_piece
    trains = max(pieces[k] for k in table.pieces) if mixed else pieces[table.pieces[0]]
    coloured = table.coloured
    bit = 1 << seat
    best = 0
    for c in range(loco):
        have = hand[c]
        if have > best:
            best = have
        cap = have + locos
        if cap > trains:
            cap = trains
        for r, n in table.tracks[c]:
            if n > cap:
                break
            if closed[r] & bit or (mixed and n > pieces[route_piece[r]]):
                continue
            low = n - have if n > have else 0
            out.append(coloured[r][low][(locos if locos < n else n) - low])
    cap = best + locos
    if cap > trains:
        cap = trains
    gray_commands = table.gray_commands
    by_need: dict[int, tuple[tuple[Payment, ...], int, int]] = {}
    for r, n, need in table.gray:
        if n > cap:
            break
        if closed[r] & bit or locos < need or (mixed and n > pieces[route_piece[r]]):
            continue
        key = n << 8 | need
        found = by_need.get(key)
        if found is None:
            found = by_need[key] = gray_payments(table.payments, n, need, locos, hand, loco)
        payments, first, fewest = found
        if payments:
            out.append(Move(gray_commands[r][first][fewest], payments))
    if table.others:
        _other_moves(table, board, state, seat, out)


def _other_moves(table: ClaimTable, board: Board, state: GameState, seat: int,
                 out: list[Move]) -> None:
    """The entries of routes priced by a rule of several colours, in route order: each
    rule's listing worked out once for the turn, only where the hand could cover its
    routes (`hand.Hand.capacities`) and some route of it is open; a rule out of reach, or
    leaving no payment, has its other routes skipped."""
    player = state.players[seat]
    hand = Hand(board, player.hand)
    pieces, closed, bit = player.pieces, state.closed, 1 << seat
    found: list[tuple[int, Move]] = []
    capacity = hand.capacities(table.colour_reaches, table.ship_reaches)
    for reach, rules in zip(table.reaches, table.others, strict=True):
        cap = capacity[reach]
        for size, rule, length, piece, routes, reads, tabled in rules:
            if size > cap:
                break
            if length > pieces[piece]:
                continue
            listed: Listing | None = None
            for r in routes:
                if closed[r] & bit:
                    continue
                if listed is None:  # the rule's payments, once some route of it is open
                    listed = _listed(rule, hand, reads, tabled)
                if not listed[0]:
                    break
                found.append((r, Move(ClaimRoute(r, cards=listed[1]), listed[0])))
    found.sort()
    out += [move for _, move in found]


def _listed(rule: PriceRule, hand: Hand, reads: tuple[tuple[int, int], ...], tabled: Any
            ) -> Listing:
    """A rule's listing for `hand`: looked up by the counts of the kinds it reads where it
    is tabulated, put together from its parts where it is gray, else worked out."""
    if tabled is None:
        return listing_of(rule, hand)
    if type(tabled) is GrayParts:
        return tabled.listing(hand.cards)
    cards = hand.cards
    for kind, most in reads:
        count = cards[kind]
        tabled = tabled[count if count < most else most]
    listing: Listing = tabled
    return listing
