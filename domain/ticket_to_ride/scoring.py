"""End-of-game scoring for Ticket to Ride, on plain data (rules §6, §7.2, §9).

Pure functions over city and route indices, so the engine, the property tests
and any auditor recompute a final score the same way. Nothing here knows about
states or events:

* `score_tickets` — destination tickets with stations borrowing opponent routes.
* `longest_path` — the longest continuous path of one player's trains.
* `winners` — most points, then a ruleset's tie-break chain.

Example (two tickets, a station at city 2 borrowing the opponent's route 7)::

    >>> score_tickets([(0, 3, 5), (0, 9, 4)], [(0, 1), (1, 2)], [2], [(7, 2, 3)])
    TicketScore(points=1, completed=(True, False), borrowed=(7,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

import msgspec

from domain.ticket_to_ride.names import TieBreak

__all__ = [
    "Tally",
    "TicketScore",
    "longest_path",
    "score_tickets",
    "tour_in_order",
    "winners",
]


class TicketScore(msgspec.Struct, frozen=True):
    """One player's ticket result at the end of the game.

    ``completed`` follows the order of the tickets given; ``borrowed`` follows
    the order of the stations given and holds the index of the opponent route
    each station borrows, or None when it borrows nothing that matters (no
    opponent route at its city, or none that completes another ticket).
    """

    points: int
    completed: tuple[bool, ...]
    borrowed: tuple[int | None, ...]


class Tally(msgspec.Struct, frozen=True):
    """What final scoring works out once per seat, for every term and tie-break to read:
    its tickets as scored (`score_tickets`: with its stations' borrowed routes), the
    ticket numbers those complete, in holding order, and its longest path (§9)."""

    tickets: tuple[TicketScore, ...]
    completed: tuple[tuple[int, ...], ...]
    paths: tuple[int, ...]


def _root(parent: dict[int, int], node: int) -> int:
    """Union-find root of `node`, compressing the path behind it."""
    root = node
    while (up := parent.get(root, root)) != root:
        root = up
    while node != root:
        parent[node], node = root, parent.get(node, node)
    return root


def _join(parent: dict[int, int], a: int, b: int) -> None:
    """Merge the union-find groups of `a` and `b`."""
    ra, rb = _root(parent, a), _root(parent, b)
    if ra != rb:
        parent[ra] = rb


def tour_in_order(cities: Sequence[int], own_routes: Sequence[tuple[int, int]]) -> bool:
    """A path along `own_routes` that uses no route twice meets `cities` in their printed
    order or its exact reverse (Rails & Sails rules.md §5.2 Resolved: other cities may lie
    between them and any city may be passed more than once).

    A depth-first search over trails (routes, not cities, marked used) from the first
    listed city; a player holds at most 60 routes, in practice a few dozen.
    """
    touching: dict[int, list[tuple[int, int]]] = {}
    for index, (a, b) in enumerate(own_routes):
        touching.setdefault(a, []).append((index, b))
        touching.setdefault(b, []).append((index, a))
    used = [False] * len(own_routes)

    def walk(city: int, order: Sequence[int], met: int) -> bool:
        if met == len(order):
            return True
        for index, other in touching.get(city, ()):
            if not used[index]:
                used[index] = True
                found = walk(other, order, met + (other == order[met]))
                used[index] = False
                if found:
                    return True
        return False

    return any(walk(order[0], order, 1) for order in (cities, cities[::-1]))


def score_tickets(
    tickets: Sequence[tuple[int, ...]],
    own_routes: Sequence[tuple[int, int]],
    stations: Sequence[int],
    opponent_routes: Sequence[tuple[int, int, int]],
) -> TicketScore:
    """Score one player's tickets: + points if completed, - points if not (§6).

    `tickets` are ``(city, city, ..., points)``: the cities to connect (two or
    more; a ticket is completed when one network joins them all) and the
    points, last; `own_routes` ``(city_a, city_b)``
    of the player's claimed routes; `stations` the cities of the player's
    stations; `opponent_routes` ``(route_index, city_a, city_b)`` of routes
    claimed by other players.

    Each station borrows exactly one opponent route touching its city, the same
    one for every ticket (§7.2); both tracks of a double route are separate
    routes. The assignment chosen maximises the ticket score and, among equal
    scores, completes the most tickets (§7.2 Resolved). Any tie left changes no
    result; the first in order wins (fewest borrowings, then lowest route
    indices), so the answer is deterministic.

    Connectivity is a union-find over the player's own routes; only the
    components then matter, so each station's choices shrink to distinct
    component pairs and the search runs over at most a few hundred assignments.
    """
    parent: dict[int, int] = {}
    for a, b in own_routes:
        _join(parent, a, b)
    ends = [{_root(parent, city) for city in ticket[:-1]} for ticket in tickets]
    completed = [len(roots) == 1 for roots in ends]
    base_points = sum(
        t[-1] if done else -t[-1] for t, done in zip(tickets, completed, strict=True)
    )
    no_borrowing = TicketScore(base_points, tuple(completed), (None,) * len(stations))
    # tickets still open, as component pairs: only these can change
    open_tickets = [(i, roots) for i, roots in enumerate(ends) if len(roots) > 1]
    if not open_tickets or not stations:
        return no_borrowing
    choices = _station_choices(parent, stations, opponent_routes)
    # a ticket can only be completed by borrowing if both its ends' components are reached
    reached = {c for options in choices for o in options if o is not None for c in o[1:]}
    open_tickets = [t for t in open_tickets if t[1] <= reached]
    if not open_tickets:
        return no_borrowing

    best_gain, best_count = 0, 0
    best: tuple[tuple[int, int, int] | None, ...] = (None,) * len(stations)
    best_done: list[int] = []
    for assignment in product(*choices):
        # at most one borrowed route per station: merging labels is cheaper than union-find
        label: dict[int, int] = {}
        for choice in assignment:
            if choice is not None:
                x, y = choice[1], choice[2]
                lx, ly = label.get(x, x), label.get(y, y)
                if lx != ly:
                    for c, at in label.items():
                        if at == ly:
                            label[c] = lx
                    label[x] = label[y] = lx
        done_now = [
            i for i, roots in open_tickets if len({label.get(c, c) for c in roots}) == 1
        ]
        # a completed ticket turns -points into +points: a gain of twice its value
        gain = sum(2 * tickets[i][-1] for i in done_now)
        if gain > best_gain or (gain == best_gain and len(done_now) > best_count):
            best_gain, best_count, best, best_done = gain, len(done_now), assignment, done_now
            if best_count == len(open_tickets):
                break
    for i in best_done:
        completed[i] = True
    return TicketScore(
        base_points + best_gain,
        tuple(completed),
        tuple(None if choice is None else choice[0] for choice in best),
    )


def _station_choices(
    parent: dict[int, int],
    stations: Sequence[int],
    opponent_routes: Sequence[tuple[int, int, int]],
) -> list[list[tuple[int, int, int] | None]]:
    """Per station: None, then one opponent route per distinct component it reaches.

    A route inside one of the player's components joins nothing; of several
    routes joining the same two components (e.g. both tracks of a double
    route), the lowest index stands for all. Entries are ``(route_index,
    component_a, component_b)``.
    """
    choices: list[list[tuple[int, int, int] | None]] = []
    for city in stations:
        options: list[tuple[int, int, int] | None] = [None]
        seen: set[tuple[int, int]] = set()
        for index, a, b in sorted(opponent_routes):
            if city not in (a, b):
                continue
            ca, cb = _root(parent, a), _root(parent, b)
            pair = (ca, cb) if ca < cb else (cb, ca)
            if ca != cb and pair not in seen:
                seen.add(pair)
                options.append((index, ca, cb))
        choices.append(options)
    return choices


def longest_path(routes: Sequence[tuple[int, int, int]]) -> int:
    """Length in trains of the longest continuous path of one player's routes (§9).

    `routes` are ``(city_a, city_b, length)``. A path may revisit cities and
    contain loops but uses no route twice (a trail); its length is the sum of
    its routes' lengths.

    Search: depth-first over unused routes with backtracking, made small by two
    facts that hold because lengths are positive. A longest trail cannot be
    extended, so its end city has all its routes on the trail: an open trail
    ends at two cities of odd degree, and a closed one uses every route of its
    connected network. So a network without odd-degree cities scores all its
    routes, and otherwise only odd-degree cities are tried as starts. And a
    trail never ends at a city of degree 2, so it takes both routes there or
    neither: such chains are merged into one edge before the search.
    """
    ends: dict[int, list[int]] = {}  # edge -> [city_a, city_b, length]
    touching: dict[int, list[int]] = {}  # city -> its edges (a loop twice)
    for edge, (a, b, length) in enumerate(routes):
        ends[edge] = [a, b, length]
        for city in (a, b):
            edges = touching.get(city)
            if edges is None:
                touching[city] = [edge]
            else:
                edges.append(edge)

    # each connected network: its total length and its odd-degree cities
    networks: list[tuple[int, list[int]]] = []
    seen: set[int] = set()
    for first in touching:
        if first in seen:
            continue
        seen.add(first)
        todo, total, odd = [first], 0, []
        while todo:
            city = todo.pop()
            edges = touching[city]
            if len(edges) % 2:
                odd.append(city)
            for edge in edges:
                a, b, length = ends[edge]
                total += length
                other = b if a == city else a
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        networks.append((total // 2, odd))  # every edge was counted from both ends

    for city, edges in list(touching.items()):
        if len(edges) == 2 and edges[0] != edges[1]:
            kept, merged = edges
            a, b, length = ends[kept]
            far = b if a == city else a
            a, b, more = ends.pop(merged)
            beyond = b if a == city else a
            ends[kept] = [far, beyond, length + more]
            beyond_edges = touching[beyond]
            beyond_edges[beyond_edges.index(merged)] = kept
            del touching[city]

    adjacent: dict[int, list[tuple[int, int, int]]] = {}
    for edge, (a, b, length) in ends.items():
        adjacent.setdefault(a, []).append((b, 1 << edge, length))
        if a != b:
            adjacent.setdefault(b, []).append((a, 1 << edge, length))

    def walk(city: int, used: int) -> int:
        best = 0
        for other, bit, length in adjacent[city]:
            if not used & bit:
                found = length + walk(other, used | bit)
                if found > best:
                    best = found
        return best

    best = 0
    for total, odd in sorted(networks, reverse=True):
        if total <= best:
            break
        if not odd:
            best = total
            continue
        for city in odd:
            best = max(best, walk(city, 0))
            if best == total:
                break
    return best


def winners(
    totals: Sequence[int],
    tickets_completed: Sequence[int],
    stations_built: Sequence[int],
    express: Sequence[bool],
    tie_breaks: Sequence[TieBreak],
    forfeited: int | None = None,
    more: Mapping[TieBreak, Sequence[int]] | None = None,
) -> list[int]:
    """The winning seats: most points, ties broken by `tie_breaks` in order; a seat that
    `forfeited` never wins.

    Europe (§9): most completed tickets, then fewest stations built, then
    holding the European Express bonus. Players still tied share the victory
    (§9 Resolved), so several seats may be returned. A map's own tie-breaks
    come in `more`: per tie-break, each seat's measure (higher is better).
    """
    measures: dict[TieBreak, Sequence[int]] = {
        "most-tickets-completed": tickets_completed,
        "fewest-stations-built": [-built for built in stations_built],
        "longest-path-bonus": [int(held) for held in express],
        **(more or {}),
    }
    keys = [
        (total, *(measures[name][seat] for name in tie_breaks))
        for seat, total in enumerate(totals)
    ]
    contenders = [seat for seat in range(len(keys)) if seat != forfeited]
    if not contenders:
        return []
    top = max(keys[seat] for seat in contenders)
    return [seat for seat in contenders if keys[seat] == top]
