"""The board as a bot reads it: the route graph of the material and who holds what.

The one place that reads the Ticket to Ride material and the board fields of
a view, so a new map or a change of the engine's wire format is adapted here
only. Read: the material's ``cities`` (``index``, ``id``), ``routes``
(``index``, ``a``, ``b``, ``length``, ``colour``, ``kind``, ``locomotives``,
``partner``), ``card_colours`` and ``double_routes``; the view's ``seat``,
``hand``, ``tickets`` and ``offered`` (``id``, ``a``, ``b``, ``points``) and
its public ``route_owner``, ``seats[i].trains`` (and ``seats[i].pieces.ships``
on a map with ships), ``turns_left`` and ``display``. The legal moves are read
by the bot itself, and only their stable parts: the ``command``'s ``type``,
``route``, ``slot``, ``deck``, ``city`` and ``keep``.

A card's colour is the card colour its id starts with (``"yellow"``,
``"yellow-anchor"``, ``"yellow-double-ship"``); wilds and Locomotives have none.

`Network.plan` is the greedy bot's map reading: for a set of tickets, the
unclaimed routes that would connect them most cheaply (Dijkstra from each
ticket's city to the other over the routes still open to this seat, own
routes free), each ticket's path sharing the routes of those planned before.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: a route's cost beyond its length: a ferry's Locomotives are scarce, a tunnel may cost more
FERRY_LOCOMOTIVE_COST = 0.5
TUNNEL_COST = 0.5


@dataclass(frozen=True)
class Route:
    """One track: its cities, length, colour (``"gray"``: any one colour) and double partner."""

    index: int
    a: str
    b: str
    length: int
    colour: str
    #: ``"rail"``, ``"sea"`` (paid with ship cards), ``"ferry"``, ``"tunnel"``
    kind: str
    partner: int | None
    #: what the plan's shortest paths count for it (trains, plus the risk of its kind)
    cost: float


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: connect ``a`` and ``b`` by own routes to score ``points``."""

    id: int
    a: str
    b: str
    points: int


@dataclass(frozen=True)
class Plan:
    """The routes still to claim for some tickets; ``cost`` is their total trains."""

    routes: frozenset[int]
    trains: int
    #: the tickets with no open path left (their points are lost)
    blocked: tuple[Ticket, ...]


def _tickets(entries: Iterable[Mapping[str, Any]]) -> list[Ticket]:
    """Tickets from a view's ``tickets`` or ``offered`` list."""
    return [Ticket(int(t["id"]), t["a"], t["b"], int(t["points"])) for t in entries]


@dataclass
class Network:
    """The board of one game as `seat` sees it now (built by `network_of`)."""

    seat: int
    routes: list[Route]
    #: per city id: ``(neighbour, route index)`` of every track
    tracks: dict[str, list[tuple[str, int]]]
    #: per route index: the seat owning it, or None
    owner: list[int | None]
    double_routes: bool
    hand: dict[str, int]
    #: pieces left to lay: trains, plus ships on a map that has them
    trains: int
    #: the fewest pieces any other seat has left
    rival_trains: int
    #: the end is triggered: the last turns are being played
    final_round: bool
    #: the face-up cards by slot (None: an empty slot)
    display: list[str | None]
    #: the tickets held, and those on offer (to keep some of)
    tickets: list[Ticket]
    offered: list[Ticket]
    #: the material's card colours (a card's id starts with its colour)
    card_colours: tuple[str, ...]
    #: per city id, its index (what a ``build-harbor`` command names)
    city_index: dict[str, int]
    _open: list[bool] = field(init=False)

    def __post_init__(self) -> None:
        self._open = [self._usable(r) for r in self.routes]

    def _usable(self, route: Route) -> bool:
        if self.owner[route.index] is not None:
            return False
        if route.partner is None:
            return True
        other = self.owner[route.partner]
        return other is None or (self.double_routes and other != self.seat)

    def is_open(self, route: int) -> bool:
        """Whether this seat may still claim `route` (free, and its double does not bar it)."""
        return self._open[route]

    def colour_of(self, card: str) -> str | None:
        """The colour of the card with id `card`, or None for a wild or a Locomotive."""
        for colour in self.card_colours:
            if card == colour or card.startswith(colour + "-"):
                return colour
        return None

    def colours_held(self) -> dict[str, int]:
        """The hand's coloured cards counted per colour (wilds left out)."""
        held: dict[str, int] = {}
        for card, count in self.hand.items():
            colour = self.colour_of(card)
            if colour is not None:
                held[colour] = held.get(colour, 0) + count
        return held

    def mine(self, route: int) -> bool:
        return self.owner[route] == self.seat

    def connected(self, a: str, b: str) -> bool:
        """Whether own routes join cities `a` and `b`."""
        seen, todo = {a}, [a]
        while todo:
            city = todo.pop()
            if city == b:
                return True
            for neighbour, route in self.tracks.get(city, ()):
                if neighbour not in seen and self.mine(route):
                    seen.add(neighbour)
                    todo.append(neighbour)
        return False

    def path(self, a: str, b: str, free: frozenset[int] | set[int]) -> list[int] | None:
        """The cheapest open path from `a` to `b` (own and `free` routes cost nothing)."""
        best: dict[str, float] = {a: 0.0}
        via: dict[str, tuple[str, int]] = {}
        queue: list[tuple[float, str]] = [(0.0, a)]
        while queue:
            cost, city = heapq.heappop(queue)
            if city == b:
                routes: list[int] = []
                while city != a:
                    city, route = via[city]
                    routes.append(route)
                return routes
            if cost > best[city]:
                continue
            for neighbour, route in self.tracks.get(city, ()):
                if self.mine(route) or route in free:
                    step = 0.0
                elif self._open[route]:
                    step = self.routes[route].cost
                else:
                    continue
                if cost + step < best.get(neighbour, float("inf")):
                    best[neighbour] = cost + step
                    via[neighbour] = (city, route)
                    heapq.heappush(queue, (cost + step, neighbour))
        return None

    def plan(self, tickets: Sequence[Ticket]) -> Plan:
        """The routes to claim to complete `tickets`, the most valuable planned first."""
        planned: set[int] = set()
        blocked: list[Ticket] = []
        for ticket in sorted(tickets, key=lambda t: (-t.points, t.id)):
            found = self.path(ticket.a, ticket.b, planned)
            if found is None:
                blocked.append(ticket)
            else:
                planned.update(r for r in found if not self.mine(r))
        trains = sum(self.routes[r].length for r in planned)
        return Plan(frozenset(planned), trains, tuple(blocked))

    def same_track(self, route: int, planned: frozenset[int]) -> bool:
        """Whether `route` or its double partner is in `planned` (either track serves)."""
        partner = self.routes[route].partner
        return route in planned or (partner is not None and partner in planned)


def network_of(view: Mapping[str, Any], material: Mapping[str, Any]) -> Network:
    """The board of `material` as the private `view`'s seat sees it now."""
    public = view["public"]
    seat = int(view["seat"])
    routes: list[Route] = []
    tracks: dict[str, list[tuple[str, int]]] = {}
    for r in material["routes"]:
        cost = float(r["length"])
        if r["kind"] == "ferry":
            cost += FERRY_LOCOMOTIVE_COST * int(r["locomotives"])
        elif r["kind"] == "tunnel":
            cost += TUNNEL_COST
        route = Route(int(r["index"]), r["a"], r["b"], int(r["length"]), r["colour"],
                      r["kind"], r["partner"], cost)
        routes.append(route)
        tracks.setdefault(route.a, []).append((route.b, route.index))
        tracks.setdefault(route.b, []).append((route.a, route.index))
    return Network(
        seat=seat,
        routes=routes,
        tracks=tracks,
        owner=list(public["route_owner"]),
        double_routes=bool(material["double_routes"]),
        hand=dict(view["hand"]),
        trains=_pieces(public["seats"][seat]),
        rival_trains=min(
            (_pieces(s) for s in public["seats"] if s["seat"] != seat), default=0
        ),
        final_round=public["turns_left"] is not None,
        display=list(public["display"]),
        tickets=_tickets(view["tickets"]),
        offered=_tickets(view["offered"]),
        card_colours=tuple(material["card_colours"]),
        city_index={c["id"]: int(c["index"]) for c in material["cities"]},
    )


def _pieces(seat: Mapping[str, Any]) -> int:
    """A seat's pieces left to lay: its trains, plus its ships where the map has them
    (before the secret split is revealed a seat shows none)."""
    ships = (seat.get("pieces") or {}).get("ships", 0)
    return int(seat["trains"]) + int(ships)
