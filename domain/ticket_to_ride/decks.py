"""Ticket decks that the map file cannot list whole: generated, or supplied by an operator.

Amsterdam's box holds 24 contracts, but only 4 are known from public sources
(`shared/reference/amsterdam`). Its map file lists those 4 and declares the
deck (`mapfile.TicketDeck`: 24 cards, worth 3 to 6). Play stays possible and
honest in one of two ways:

* **generated** (the default): `complete_deck` adds the missing tickets,
  made up deterministically from the board by `generated_tickets` and marked
  ``generated``. Each known contract is worth exactly the shortest cart
  distance between its places, so a generated one is too: it joins two
  places whose shortest distance lies between ``min_points`` and
  ``max_points``, worth that distance. The values are spread evenly over
  that range, counting the known tickets (Amsterdam: six each of 3, 4, 5
  and 6, the known four included), and each new ticket is the pair of places
  least used by the deck so far (ties: the first places in file order), so
  the places are spread too. The same map data always gives the same deck.
* **supplied**: an operator who owns the box writes the printed deck into a
  deck file and the server hands its bytes to `supplied_deck`, which checks
  it (the map it is for, places that exist, no ticket twice, exactly the
  box's number of cards) and puts it in place of the listed and generated
  tickets. The deck file is the one place to complete when the missing
  cards become known.

A deck file (JSON)::

    {"map": "amsterdam", "source": "the cards of my box",
     "tickets": [{"cities": ["dam", "de-drie-hendricken"], "points": 3}, ...]}

`deck_version` names the deck in the rules version (`board.Board.digest`):
``+generated-tickets@<digest>`` or ``+tickets@<digest>``, the digest of the
tickets' canonical encoding, so a game's created record says which deck it
was dealt from, and a replay with another deck is refused.
"""

from __future__ import annotations

import heapq
from collections import Counter

import msgspec

from domain.kernel.versions import content_digest
from domain.ticket_to_ride.mapcheck import check_map
from domain.ticket_to_ride.mapfile import MapError, MapFile, Ticket


class DeckTicket(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One printed ticket of a deck file: the places it joins (ids) and its points."""

    cities: list[str]
    points: int


class DeckFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A deck file: the map it is for, every ticket of the box, and optionally where the
    list comes from (``source``, for the operator's own records)."""

    map: str
    tickets: list[DeckTicket]
    source: str = ""


def distances(data: MapFile) -> dict[str, dict[str, int]]:
    """The shortest distance in spaces between every two cities (Dijkstra from each)."""
    links: dict[str, list[tuple[str, int]]] = {c.id: [] for c in data.cities}
    for route in data.routes:
        links.setdefault(route.a, []).append((route.b, route.length))
        links.setdefault(route.b, []).append((route.a, route.length))
    table: dict[str, dict[str, int]] = {}
    for start in links:
        found: dict[str, int] = {}
        queue = [(0, start)]
        while queue:
            far, city = heapq.heappop(queue)
            if city in found:
                continue
            found[city] = far
            for other, length in links[city]:
                if other not in found:
                    heapq.heappush(queue, (far + length, other))
        table[start] = found
    return table


def generated_tickets(data: MapFile) -> list[Ticket]:
    """The tickets that complete `data`'s partly known deck (see the module docstring).

    Raises `MapError` when the board has too few place pairs in the range.
    """
    deck = data.ticket_deck
    assert deck is not None
    missing = deck.cards - len(data.tickets)
    far = distances(data)
    ids = [c.id for c in data.cities]
    order = {city: i for i, city in enumerate(ids)}
    held = {frozenset(t.cities) for t in data.tickets}
    uses = Counter(city for t in data.tickets for city in t.cities)
    per_value = Counter(t.points for t in data.tickets)
    values = list(range(deck.min_points, deck.max_points + 1))
    made: list[Ticket] = []
    while len(made) < missing:
        if not values:
            raise MapError(f"{data.id}: ticket_deck: too few place pairs to complete the deck")
        value = min(values, key=lambda v: (per_value[v], v))
        pairs = [
            (a, b)
            for i, a in enumerate(ids)
            for b in ids[i + 1 :]
            if far[a].get(b) == value and frozenset((a, b)) not in held
        ]
        if not pairs:
            values.remove(value)
            continue
        a, b = min(
            pairs,
            key=lambda p: (uses[p[0]] + uses[p[1]], max(uses[p[0]], uses[p[1]]),
                           order[p[0]], order[p[1]]),
        )
        made.append(Ticket([a, b], value, deck.group, generated=True))
        held.add(frozenset((a, b)))
        uses.update((a, b))
        per_value[value] += 1
    return made


def complete_deck(data: MapFile) -> MapFile:
    """`data` with its declared deck completed by generated tickets (as it is otherwise)."""
    deck = data.ticket_deck
    if deck is None or len(data.tickets) >= deck.cards:
        return data
    return msgspec.structs.replace(data, tickets=[*data.tickets, *generated_tickets(data)])


def _decode(name: str, raw: bytes) -> DeckFile:
    try:
        return msgspec.json.decode(raw, type=DeckFile)
    except msgspec.DecodeError as error:
        raise MapError(f"{name}: {error}") from None


def deck_map(name: str, raw: bytes) -> str:
    """The id of the map the deck file `name` (its bytes `raw`) is for, or `MapError`."""
    return _decode(name, raw).map


def supplied_deck(data: MapFile, name: str, raw: bytes) -> MapFile:
    """`data` playing the deck in the deck file `name` (its bytes `raw`), or `MapError`
    saying what is wrong where."""
    decoded = _decode(name, raw)
    deck = data.ticket_deck
    if decoded.map != data.id:
        raise MapError(f"{name}: map: the deck is for {decoded.map!r}, not {data.id!r}")
    if deck is None:
        raise MapError(f"{name}: map {data.id!r} takes no supplied ticket deck")
    if len(decoded.tickets) != deck.cards:
        raise MapError(f"{name}: tickets: {len(decoded.tickets)} tickets; the box has {deck.cards}")
    cities = {c.id for c in data.cities}
    seen: set[frozenset[str]] = set()
    for i, ticket in enumerate(decoded.tickets):
        entry = f"{name}: tickets[{i}] ({'-'.join(ticket.cities)})"
        for city in ticket.cities:
            if city not in cities:
                raise MapError(f"{entry}: unknown place {city!r}")
        if len(ticket.cities) < 2 or len(set(ticket.cities)) != len(ticket.cities):
            raise MapError(f"{entry}: a ticket names two or more different places")
        if ticket.points < 1:
            raise MapError(f"{entry}: a ticket is worth at least 1 point")
        if frozenset(ticket.cities) in seen:
            raise MapError(f"{entry}: the same places as an earlier ticket")
        seen.add(frozenset(ticket.cities))
    tickets = [Ticket(list(t.cities), t.points, deck.group) for t in decoded.tickets]
    supplied = msgspec.structs.replace(data, tickets=tickets)
    check_map(name, supplied)
    return supplied


def deck_digest(tickets: list[Ticket]) -> str:
    """The content digest of a ticket deck: its tickets' canonical encoding, in order."""
    return content_digest(msgspec.json.encode(msgspec.to_builtins(tickets), order="sorted"))


def deck_version(data: MapFile) -> str:
    """How the rules version names the deck of `data` (empty for a map that lists its own)."""
    if data.ticket_deck is None:
        return ""
    kind = "generated-tickets" if any(t.generated for t in data.tickets) else "tickets"
    return f"+{kind}@{deck_digest(data.tickets)}"
