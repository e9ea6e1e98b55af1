"""A Ticket to Ride map loaded from its data file into flat, indexed tables.

A map file (``maps/<id>.json``) holds the board as data: card colours, cities,
routes, tickets, the route scoring table, the map's base rules and its
variants (see ``docs/ticket_to_ride_engine.md``). Loading turns it into a
`Board`: cities and routes become indices (routes keep the file's order, so
route ``i`` is the ``i``-th line of the file), and the tables the engine reads
in its hot loops (route length, colour, owner checks) are plain tuples.

Card colours are indices too: ``0 .. C-1`` the map's colours in file order and
``C`` (`Board.locomotive`) the Locomotive.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import msgspec

#: route kinds, as the map files spell them
RAIL, TUNNEL, FERRY = 0, 1, 2
KIND_NAMES = ("rail", "tunnel", "ferry")
#: the colour index of a gray route (payable with any one colour)
GRAY = -1


class Board(msgspec.Struct, frozen=True):
    """One map's cities, routes and tickets as index tables.

    Route tables (``route_*``) are indexed by route number, ticket tables
    (``ticket_*``) by ticket number (the ticket's line in the map file), city
    tables by city number. ``route_partner`` is the other track of a double
    route or -1. ``routes_by_colour[c]`` lists the routes of card colour ``c``
    (index ``locomotive`` holds the gray ones), shortest first, so a search
    for payable routes stops at the first one too long for the hand.
    """

    id: str
    title: str
    colours: tuple[str, ...]
    #: the card index of the Locomotive (one past the last colour)
    locomotive: int
    #: card names by card index: the colours, then "locomotive"
    card_names: tuple[str, ...]
    #: card index by card name
    card_at: dict[str, int]
    city_ids: tuple[str, ...]
    city_names: tuple[str, ...]
    route_a: tuple[int, ...]
    route_b: tuple[int, ...]
    route_length: tuple[int, ...]
    route_colour: tuple[int, ...]
    route_kind: tuple[int, ...]
    route_locomotives: tuple[int, ...]
    route_partner: tuple[int, ...]
    route_points: tuple[int, ...]
    routes_by_colour: tuple[tuple[int, ...], ...]
    city_routes: tuple[tuple[int, ...], ...]
    ticket_a: tuple[int, ...]
    ticket_b: tuple[int, ...]
    ticket_points: tuple[int, ...]
    ticket_group: tuple[str, ...]
    metropolises: tuple[int, ...]
    points_for_length: tuple[int, ...]
    raw: dict[str, Any]

    def card_name(self, card: int) -> str:
        """The name of card index `card` ("red", ..., "locomotive")."""
        return self.card_names[card]

    def card_index(self, name: str) -> int:
        """The card index of a card name, or -1 if the map has no such card."""
        return self.card_at.get(name, -1)


def board_from_data(data: dict[str, Any]) -> Board:
    """Build a `Board` from the decoded JSON of a map file."""
    colours = tuple(data["card_colours"])
    locomotive = len(colours)
    cities = data["cities"]
    city_ids = tuple(c[0] for c in cities)
    city_at = {city: i for i, city in enumerate(city_ids)}
    routes = data["routes"]
    route_a = tuple(city_at[r[0]] for r in routes)
    route_b = tuple(city_at[r[1]] for r in routes)
    lengths = tuple(int(r[2]) for r in routes)
    colour_of = tuple(GRAY if r[3] == "gray" else colours.index(r[3]) for r in routes)
    table = {int(k): v for k, v in data["route_points"].items()}
    points_for_length = tuple(table.get(n, 0) for n in range(max(table) + 1))
    partner = [-1] * len(routes)
    seen: dict[frozenset[int], int] = {}
    for i, pair in enumerate(frozenset((a, b)) for a, b in zip(route_a, route_b, strict=True)):
        if pair in seen:
            partner[i], partner[seen[pair]] = seen[pair], i
        else:
            seen[pair] = i
    by_colour: list[list[int]] = [[] for _ in range(locomotive + 1)]
    for i, c in enumerate(colour_of):
        by_colour[locomotive if c == GRAY else c].append(i)
    city_routes: list[list[int]] = [[] for _ in cities]
    for i in range(len(routes)):
        city_routes[route_a[i]].append(i)
        city_routes[route_b[i]].append(i)
    tickets = data["tickets"]
    return Board(
        id=data["id"],
        title=data["title"],
        colours=colours,
        locomotive=locomotive,
        card_names=(*colours, "locomotive"),
        card_at={name: i for i, name in enumerate((*colours, "locomotive"))},
        city_ids=city_ids,
        city_names=tuple(c[1] for c in cities),
        route_a=route_a,
        route_b=route_b,
        route_length=lengths,
        route_colour=colour_of,
        route_kind=tuple(KIND_NAMES.index(r[4]) for r in routes),
        route_locomotives=tuple(int(r[5]) for r in routes),
        route_partner=tuple(partner),
        route_points=tuple(points_for_length[n] for n in lengths),
        routes_by_colour=tuple(
            tuple(sorted(rs, key=lambda r: (lengths[r], r))) for rs in by_colour
        ),
        city_routes=tuple(tuple(rs) for rs in city_routes),
        ticket_a=tuple(city_at[t[0]] for t in tickets),
        ticket_b=tuple(city_at[t[1]] for t in tickets),
        ticket_points=tuple(int(t[2]) for t in tickets),
        ticket_group=tuple(t[3] for t in tickets),
        metropolises=tuple(city_at[c] for c in data.get("metropolises", [])),
        points_for_length=points_for_length,
        raw=data,
    )


@cache
def map_ids() -> tuple[str, ...]:
    """The ids of every map file shipped in ``maps/``."""
    folder = resources.files("domain.ticket_to_ride") / "maps"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@cache
def load_board(map_id: str) -> Board:
    """The board of map `map_id`, read once from ``maps/<map_id>.json``."""
    text = (resources.files("domain.ticket_to_ride") / "maps" / f"{map_id}.json").read_text(
        encoding="utf-8"
    )
    return board_from_data(json.loads(text))
