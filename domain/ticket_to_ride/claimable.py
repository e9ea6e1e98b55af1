"""The routes a seat can claim now, as legal-move entries with their payments.

The most-run code of the engine (every turn's legal moves), so the board's routes are
grouped once, when its engine is built (`ClaimTable`), and a turn reads them:

* routes of one colour paid by `pricing.OneColour`, per colour, shortest first, so the
  search for a colour stops at the first route its cards cannot cover; their entries
  (one payment, a range of Locomotives) are built with the table, as immutable
  `Move`s, one per route and Locomotive range;
* gray `OneColour` routes, shortest first; their payments (one per colour that can
  pay) are worked out once per turn per length and Locomotives needed, from the
  hand's counts, out of the table's `Payment`s;
* every other route (a price of several colours: ferries paid with pairs, doubled
  spaces, ship cards, several train card kinds) in index order; its price rule lists
  the payments, once per turn per distinct rule.

A route closed to the seat (`GameState.closed`) or longer than its pieces is skipped.
The order is colour by colour, then gray, then the others: a client sees entries in
the same order from turn to turn.
"""

from __future__ import annotations

from domain.ticket_to_ride.board import GRAY, Board
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Move, Payment
from domain.ticket_to_ride.pricing import OneColour, PriceRule
from domain.ticket_to_ride.state import GameState


class ClaimTable:
    """One board's routes grouped for the claim search, with their immutable entries (see
    the module docstring).

    ``tracks[c]``: ``(route, length)`` of the `OneColour` routes of colour ``c``,
    shortest first; ``coloured[r][low][high - low]``: route ``r``'s entry for payments
    with ``low`` to ``high`` Locomotives. ``gray``: ``(route, length, need)`` of the gray
    `OneColour` routes (``need``: the Locomotives a ferry's symbols require), shortest
    first, and ``gray_commands[r][colour + 1][low]`` their ready commands. ``payments``:
    `Payment(colour, low, high)` by colour index (the last: Locomotives only), low and
    high. ``others``: ``(route, length, rule)`` of every other route, in index order,
    ``rules`` their distinct price rules (``rule`` indexes it).
    """

    __slots__ = (
        "coloured",
        "gray",
        "gray_commands",
        "mixed",
        "others",
        "payments",
        "pieces",
        "rules",
        "tracks",
    )

    def __init__(self, board: Board, price_rules: tuple[PriceRule, ...]) -> None:
        length = board.route_length
        loco = board.locomotive
        longest = max(length)
        names = [*board.colours, None]
        self.payments = tuple(
            tuple(tuple(Payment(name, low, high) for high in range(longest + 1))
                  for low in range(longest + 1))
            for name in names
        )
        one = [isinstance(rule, OneColour) for rule in price_rules]
        self.tracks = tuple(
            tuple((r, length[r]) for r in routes if one[r])
            for routes in board.routes_by_colour[:loco]
        )
        self.coloured = tuple(
            tuple(
                tuple(Move(ClaimRoute(r, names[c], low), (self.payments[c][low][high],))
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
        distinct: list[PriceRule] = []
        others = []
        for r, rule in enumerate(price_rules):
            if not one[r]:
                if rule not in distinct:
                    distinct.append(rule)
                others.append((r, length[r], distinct.index(rule)))
        self.rules = tuple(distinct)
        self.others = tuple(others)
        self.pieces = tuple(sorted(set(board.route_piece)))
        self.mixed = len(self.pieces) > 1


def gray_payments(
    table: ClaimTable, n: int, need: int, locos: int, hand: list[int], colours: int
) -> tuple[tuple[Payment, ...], int, int]:
    """How `n` cards needing `need` Locomotives can be paid with `hand`: per colour that
    can pay the plain cards (Locomotives standing in for some), the Locomotive range;
    then the all-Locomotive payment. With them, where the first payment's colour (its
    index + 1, 0: Locomotives only) and fewest Locomotives are found in a route's
    `ClaimTable.gray_commands`."""
    spare = locos if locos < n else n
    high = spare if spare < n - 1 else n - 1
    payments = table.payments
    found = []
    first, fewest = -1, 0
    for c in range(colours):
        have = hand[c]
        if have and have + spare >= n:
            low = n - have if n - have > need else need
            if low <= high:
                if first < 0:
                    first, fewest = c + 1, low
                found.append(payments[c][low][high])
    if spare >= n:
        if first < 0:
            first, fewest = 0, n
        found.append(payments[colours][n][n])
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
    by_need: dict[int, tuple[tuple[Payment, ...], int, int]] = {}
    gray_commands = table.gray_commands
    for r, n, need in table.gray:
        if n > cap:
            break
        if closed[r] & bit or locos < need or (mixed and n > pieces[route_piece[r]]):
            continue
        key = n << 8 | need
        found = by_need.get(key)
        if found is None:
            found = by_need[key] = gray_payments(table, n, need, locos, hand, loco)
        payments, first, fewest = found
        if payments:
            out.append(Move(gray_commands[r][first][fewest], payments))
    if table.others:
        priced: list[tuple[tuple[Payment, ...], dict[str, int]] | None] = [None] * len(
            table.rules
        )
        for r, n, rule in table.others:
            if n > pieces[route_piece[r]] or closed[r] & bit:
                continue
            entry = priced[rule]
            if entry is None:
                entry = priced[rule] = priced_payments(board, table.rules[rule], hand)
            if entry[0]:
                out.append(Move(ClaimRoute(r, cards=entry[1]), entry[0]))


def priced_payments(
    board: Board, rule: PriceRule, hand: list[int]
) -> tuple[tuple[Payment, ...], dict[str, int]]:
    """The payments a price rule of several colours allows `hand`, and the cards of the
    first (the entries' ready command)."""
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
    return payments, named(alternatives[0].payment) if alternatives else {}
