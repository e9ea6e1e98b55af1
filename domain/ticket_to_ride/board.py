"""A Ticket to Ride map loaded from its data file into flat, indexed tables.

A map file (``maps/<id>.json``) holds the board as data: card colours, cities,
routes, tickets, the route scoring table, the map's base rules and its
variants (see ``docs/ticket_to_ride_engine.md``); `mapfile` decodes and
checks it. Loading turns it into a `Board`: cities and routes become indices
(routes keep the file's order, so route ``i`` is the ``i``-th route of the
file), and the tables the engine reads in its hot loops (route length, colour,
owner checks) are plain tuples.

Cards are indices into the map's card catalogue (`mapfile.MapFile.cards`):
``0 .. C-1`` a card of each of the map's colours in file order, ``C``
(`Board.locomotive`) the wild (Europe's Locomotive), then the map's further
kinds (Rails & Sails: anchor train cards, single- and double-ship cards), each
with its deck, colour, ship value and anchor in the ``card_*`` tables.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import msgspec

from domain.ticket_to_ride.decks import complete_deck, deck_digest, deck_version
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.mapfile import MapFile
from domain.ticket_to_ride.names import RouteKind

#: route kinds, as the map files spell them
RAIL, TUNNEL, FERRY, SEA = 0, 1, 2, 3
KIND_NAMES: tuple[RouteKind, ...] = ("rail", "tunnel", "ferry", "sea")
#: the colour index of a gray route (payable with any one colour)
GRAY = -1
#: the piece kinds every map has, at these indices of a player's pieces (`piece_kinds`)
TRAINS, STATIONS = 0, 1


def piece_kinds(data: MapFile) -> tuple[str, ...]:
    """The piece kinds of a map, indexed as `state.PlayerState.pieces` counts them: trains,
    stations (none without the feature), the map's other route pieces, harbors."""
    others = [kind for kind in data.rules.pieces.counts if kind != "trains"]
    harbors = ["harbors"] if data.features.harbors is not None else []
    return ("trains", "stations", *others, *harbors)


class Board(msgspec.Struct, frozen=True, eq=False):
    """One map's cities, routes and tickets as index tables.

    Route tables (``route_*``) are indexed by route number, ticket tables
    (``ticket_*``) by ticket number (the ticket's line in the map file), city
    tables by city number. ``route_tracks`` is the track group of each route
    (every track between the same two cities, itself included, in index order);
    ``route_partner`` is the other track of a double route, -1 for a single
    track or a group of three or more. ``routes_by_colour[c]`` lists the routes of card colour ``c``
    (index ``locomotive`` holds the gray ones), shortest first, so a search
    for payable routes stops at the first one too long for the hand.

    Boards compare and hash by identity (one per loaded map file), so the
    tables built from one (rulesets, claim entries) can be keyed by it.
    """

    id: str
    title: str
    #: the decoded map file the tables come from (its ticket deck completed, `decks`)
    map: MapFile
    #: its content digest, as rules versions name it; a map with a declared ticket deck
    #: names the map without its tickets, then the deck (`decks.deck_version`)
    digest: str
    #: the digest of the ticket deck where the map declares one (`decks`), else ""
    deck_digest: str
    colours: tuple[str, ...]
    #: the card index of the Locomotive (one past the last colour)
    locomotive: int
    #: card names by card index: the colours, then the wild ("locomotive"), then any others
    card_names: tuple[str, ...]
    #: card index by card name
    card_at: dict[str, int]
    #: per card index: its deck (index into `deck_ids`), its colour (-1: wild), the ships
    #: it covers on a sea route (0: a train card), its anchor symbol, its number in its deck
    card_deck: tuple[int, ...]
    card_colour: tuple[int, ...]
    card_ships: tuple[int, ...]
    card_anchor: tuple[bool, ...]
    card_count: tuple[int, ...]
    #: per deck index, every card of it by name, in card index order (an opening's shuffle)
    deck_cards: tuple[tuple[str, ...], ...]
    #: per colour: its train cards (ship value 0; the basic kind first, then e.g. the
    #: anchor one) and its ship cards; `several_train_kinds`: some colour has two or more
    train_kinds: tuple[tuple[int, ...], ...]
    ship_kinds: tuple[tuple[int, ...], ...]
    #: per colour and deck, its card kinds showing the anchor (what a harbor takes)
    anchor_kinds: tuple[tuple[tuple[int, ...], ...], ...]
    #: per colour, its single-ship and its double-ship card kinds
    ship_singles: tuple[tuple[int, ...], ...]
    ship_doubles: tuple[tuple[int, ...], ...]
    several_train_kinds: bool
    #: each card kind is the train card of the colour of its index, then the wild (no
    #: other kinds): a hand is its own counts per colour (`hand.Hand`)
    plain_cards: bool
    #: the decks, each with the cards of it dealt per player and its market slots
    deck_ids: tuple[str, ...]
    deck_hand: tuple[int, ...]
    deck_face_up: tuple[int, ...]
    city_ids: tuple[str, ...]
    city_names: tuple[str, ...]
    route_a: tuple[int, ...]
    route_b: tuple[int, ...]
    route_length: tuple[int, ...]
    route_colour: tuple[int, ...]
    route_kind: tuple[int, ...]
    #: the piece kinds, as a player's pieces are counted (`piece_kinds`)
    pieces: tuple[str, ...]
    #: the piece kind (index into `pieces`) a claim of each route spends
    route_piece: tuple[int, ...]
    route_locomotives: tuple[int, ...]
    #: spaces of each route that cost two cards (0 on most maps)
    route_doubled: tuple[int, ...]
    #: the route's spaces carry the goods symbol (a claim takes a goods card)
    route_goods: tuple[bool, ...]
    route_tracks: tuple[tuple[int, ...], ...]
    route_partner: tuple[int, ...]
    route_points: tuple[int, ...]
    routes_by_colour: tuple[tuple[int, ...], ...]
    city_routes: tuple[tuple[int, ...], ...]
    #: the port cities, where a harbor may be built
    city_harbor: tuple[bool, ...]
    #: the cities of each ticket (two or more), in the map file's order
    ticket_cities: tuple[tuple[int, ...], ...]
    #: a ticket's first and last city (its two ends, for a two-city ticket)
    ticket_a: tuple[int, ...]
    ticket_b: tuple[int, ...]
    ticket_points: tuple[int, ...]
    #: a tour's points when joined out of order and its penalty (None: not a tour)
    ticket_any_order: tuple[int | None, ...]
    ticket_penalty: tuple[int | None, ...]
    ticket_group: tuple[str, ...]
    #: each ticket number as a shuffle names it (its decimal string), and back
    ticket_names: tuple[str, ...]
    ticket_at: dict[str, int]
    #: the ticket was generated by the engine, not printed (`decks`)
    ticket_generated: tuple[bool, ...]
    metropolises: tuple[int, ...]
    points_for_length: tuple[int, ...]
    #: the X of each "+X" route: cards drawn blind after claiming it (0 on most routes)
    route_bonus: tuple[int, ...]
    #: each city's country ("" when the map names none), capital and Arctic marks
    city_country: tuple[str, ...]
    city_capital: tuple[bool, ...]
    city_arctic: tuple[bool, ...]

    def card_name(self, card: int) -> str:
        """The name of card index `card` ("red", ..., "locomotive")."""
        return self.card_names[card]

    def card_index(self, name: str) -> int:
        """The card index of a card name, or -1 if the map has no such card."""
        return self.card_at.get(name, -1)


def board_from_map(data: MapFile) -> Board:
    """Build a `Board` from a decoded, checked map file (a partly known deck completed)."""
    data = complete_deck(data)
    digest = data.digest
    if data.ticket_deck is not None:
        digest = msgspec.structs.replace(data, tickets=[]).digest + deck_version(data)
    colours = tuple(data.card_colours)
    locomotive = len(colours)
    decks, kinds = data.decks, data.cards
    deck_ids = tuple(d.id for d in decks)
    card_names = tuple(k.name for k in kinds)
    train_kinds = tuple(
        tuple(i for i, k in enumerate(kinds) if k.colour == c and not k.ships) for c in colours
    )
    ship_kinds = tuple(
        tuple(i for i, k in enumerate(kinds) if k.colour == c and k.ships) for c in colours
    )
    city_ids = tuple(c.id for c in data.cities)
    city_at = {city: i for i, city in enumerate(city_ids)}
    routes = data.routes
    route_a = tuple(city_at[r.a] for r in routes)
    route_b = tuple(city_at[r.b] for r in routes)
    lengths = tuple(r.length for r in routes)
    colour_of = tuple(GRAY if r.colour == "gray" else colours.index(r.colour) for r in routes)
    table = data.route_points
    points_for_length = tuple(table.get(n, 0) for n in range(max(table) + 1))
    groups: dict[frozenset[int], list[int]] = {}
    for i, pair in enumerate(frozenset((a, b)) for a, b in zip(route_a, route_b, strict=True)):
        groups.setdefault(pair, []).append(i)
    tracks: list[tuple[int, ...]] = [(i,) for i in range(len(routes))]
    for group in groups.values():
        for i in group:
            tracks[i] = tuple(group)
    by_colour: list[list[int]] = [[] for _ in range(locomotive + 1)]
    for i, c in enumerate(colour_of):
        by_colour[locomotive if c == GRAY else c].append(i)
    city_routes: list[list[int]] = [[] for _ in city_ids]
    for i in range(len(routes)):
        city_routes[route_a[i]].append(i)
        city_routes[route_b[i]].append(i)
    ticket_cities = tuple(tuple(city_at[c] for c in t.cities) for t in data.tickets)
    return Board(
        id=data.id,
        title=data.title,
        map=data,
        digest=digest,
        deck_digest="" if data.ticket_deck is None else deck_digest(data.tickets),
        colours=colours,
        locomotive=locomotive,
        card_names=card_names,
        card_at={name: i for i, name in enumerate(card_names)},
        card_deck=tuple(deck_ids.index(k.deck) for k in kinds),
        card_colour=tuple(-1 if k.wild else colours.index(k.colour) for k in kinds),
        card_ships=tuple(k.ships for k in kinds),
        card_anchor=tuple(k.anchor for k in kinds),
        card_count=tuple(k.count for k in kinds),
        deck_cards=tuple(
            tuple(name for k, name in zip(kinds, card_names, strict=True)
                  if k.deck == deck for _ in range(k.count))
            for deck in deck_ids
        ),
        train_kinds=train_kinds,
        ship_kinds=ship_kinds,
        anchor_kinds=tuple(
            tuple(tuple(k for k, kind in enumerate(kinds)
                        if kind.anchor and kind.colour == colour and kind.deck == deck)
                  for deck in deck_ids)
            for colour in colours
        ),
        ship_singles=tuple(tuple(k for k in kinds_of if kinds[k].ships == 1)
                           for kinds_of in ship_kinds),
        ship_doubles=tuple(tuple(k for k in kinds_of if kinds[k].ships == 2)
                           for kinds_of in ship_kinds),
        several_train_kinds=any(len(t) > 1 for t in train_kinds),
        plain_cards=train_kinds == tuple((c,) for c in range(locomotive))
        and len(kinds) == locomotive + 1,
        deck_ids=deck_ids,
        deck_hand=tuple(d.hand for d in decks),
        deck_face_up=tuple(d.face_up for d in decks),
        city_ids=city_ids,
        city_names=tuple(c.name for c in data.cities),
        route_a=route_a,
        route_b=route_b,
        route_length=lengths,
        route_colour=colour_of,
        route_kind=tuple(KIND_NAMES.index(r.kind) for r in routes),
        pieces=piece_kinds(data),
        route_piece=tuple(piece_kinds(data).index(r.piece) for r in routes),
        route_locomotives=tuple(r.locomotives for r in routes),
        route_doubled=tuple(r.double_spaces for r in routes),
        route_goods=tuple(r.goods for r in routes),
        route_tracks=tuple(tracks),
        route_partner=tuple(
            (group[1] if group[0] == i else group[0]) if len(group) == 2 else -1
            for i, group in enumerate(tracks)
        ),
        route_points=tuple(points_for_length[n] for n in lengths),
        routes_by_colour=tuple(
            tuple(sorted(rs, key=lambda r: (lengths[r], r))) for rs in by_colour
        ),
        city_routes=tuple(tuple(rs) for rs in city_routes),
        city_harbor=tuple(c.harbor for c in data.cities),
        ticket_cities=ticket_cities,
        ticket_a=tuple(cities[0] for cities in ticket_cities),
        ticket_b=tuple(cities[-1] for cities in ticket_cities),
        ticket_points=tuple(t.points for t in data.tickets),
        ticket_any_order=tuple(t.points_any_order for t in data.tickets),
        ticket_penalty=tuple(t.penalty for t in data.tickets),
        ticket_group=tuple(t.group for t in data.tickets),
        ticket_names=tuple(str(n) for n in range(len(data.tickets))),
        ticket_at={str(n): n for n in range(len(data.tickets))},
        ticket_generated=tuple(t.generated for t in data.tickets),
        metropolises=tuple(city_at[c] for c in data.metropolises),
        points_for_length=points_for_length,
        route_bonus=tuple(r.bonus_cards for r in routes),
        city_country=tuple(c.country for c in data.cities),
        city_capital=tuple(c.capital for c in data.cities),
        city_arctic=tuple(c.arctic for c in data.cities),
    )


@cache
def map_ids() -> tuple[str, ...]:
    """The ids of every map file shipped in ``maps/``."""
    folder = resources.files("domain.ticket_to_ride") / "maps"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")))


@cache
def load_board(map_id: str) -> Board:
    """The board of map `map_id`, read once from ``maps/<map_id>.json``."""
    name = f"{map_id}.json"
    data = (resources.files("domain.ticket_to_ride") / "maps" / name).read_bytes()
    return board_from_map(decode_map(f"maps/{name}", data))
