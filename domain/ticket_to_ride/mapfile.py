"""The map file format, as typed structs: decoded and checked by msgspec, then cross-checked.

A map file (``maps/<id>.json``) names every field (see
``docs/ticket_to_ride_engine.md``). `decode_map` turns its bytes into a
`MapFile` or raises `MapError` naming the file and the entry at fault:
msgspec refuses wrong types, missing and unknown fields; `check_map` then
refuses what a schema cannot say (a route or ticket naming an unknown city,
duplicate city ids, a colour that is no card colour, a route length missing
from the scoring table, a variant naming an unknown ticket group...).

Everything else in the engine reads these structs (through `board.Board`),
never raw JSON. `MapFile.digest` names the data in rules versions: the
SHA-256 of its canonical encoding (keys sorted, fields at their default left
out), so reformatting a file changes nothing, a new optional field added to
the schema leaves the maps that do not use it as they were, and changing any
datum changes the digest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import msgspec

from domain.kernel.versions import content_digest
from domain.ticket_to_ride.goals import MEASURES
from domain.ticket_to_ride.scoring import TIE_BREAKS, TieBreak
from domain.ticket_to_ride.terms import TERMS

RouteKindName = Literal["rail", "tunnel", "ferry", "sea"]


class MapError(ValueError):
    """A map file that cannot be played: the file, the entry and what is wrong with it."""


class City(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A city: its id (used by routes and tickets), printed name and position.

    ``position_unknown`` says that no source gives the place a position (a
    historical harbour: Amsterdam's Nieuwe Waal), so it has none; the
    picture then draws it beyond its neighbours.
    The position is its latitude and longitude, or ``x`` and ``y``, its place
    on the printed board as fractions of the board's width and height (a map
    with cities the atlas has no place for, like Northern Lights' unnamed
    ones, gives every city ``x`` and ``y``; the picture then uses those).
    ``country``, ``capital`` and ``arctic`` are what goal cards measure.
    A ``harbor`` city is a port where a harbor may be built (Rails & Sails; World's
    Indian Ocean star has no latitude or longitude, so World places every city by
    ``x`` and ``y``).
    """

    id: str
    name: str
    lat: float | None = None
    lon: float | None = None
    x: float | None = None
    y: float | None = None
    country: str = ""
    capital: bool = False
    arctic: bool = False
    position_unknown: bool = False
    harbor: bool = False


class Route(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One track between cities ``a`` and ``b``.

    ``colour`` is a card colour or ``"gray"``; ``locomotives`` is the number of
    Locomotive symbols (a ferry's); ``double_spaces`` how many of its spaces
    cost two cards. Tracks between the same two cities form a
    track group (a double or triple route), found on load.
    """

    a: str
    b: str
    length: int
    colour: str
    kind: RouteKindName = "rail"
    locomotives: int = 0
    #: spaces that cost a pair of cards each (difficult terrain)
    double_spaces: int = 0
    #: the piece kind a claim lays on the route (a kind the map's rules declare)
    piece: str = "trains"
    #: its spaces carry the goods symbol: claiming it takes one goods card (``rules.goods_cards``)
    goods: bool = False
    #: the X of a "+X" route: train cards drawn blind from the deck after claiming it
    bonus_cards: int = 0


class CardKind(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One kind of transport card: its name (as commands and events spell it), the deck it
    belongs to, its ``colour`` (a card colour; left out for the wild), how many of it the
    deck holds, the ships it covers on a sea route (0: a train card) and whether it shows
    the ``anchor`` (harbor) symbol."""

    name: str
    count: int
    deck: str = "train"
    colour: str = ""
    wild: bool = False
    ships: int = 0
    anchor: bool = False


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A deck of transport cards with its own draw pile and discards: its id, the cards
    of it dealt to each player at setup and the market slots it fills at setup and in
    a wild reset (its share of ``rules.hand`` and ``rules.face_up``)."""

    id: str
    hand: int
    face_up: int


class Ticket(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A destination ticket: the ``cities`` to connect (two or more), its points, its deck group.

    A tour (Rails & Sails World) has its own values when its cities are joined
    out of the printed order (``points_any_order``) and when they are not
    joined (``penalty``, points lost); without them a ticket scores ``points``
    when joined and loses as many when not.
    """

    cities: list[str]
    points: int
    group: str
    #: made up by the engine where the printed card is unknown (`decks.generated_tickets`)
    generated: bool = False
    points_any_order: int | None = None
    penalty: int | None = None


class MapRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """The map's numbers and switches (each is described on `ruleset.Ruleset`).

    ``usable_tracks`` maps a track group's size to, per player count, how many
    of its tracks may be claimed; without it a double route is fully usable
    from ``double_routes_min_seats`` players and a single track otherwise.
    ``tie_breaks`` orders the tie-breaks after the most points (Europe's by
    default). ``ferry_pairs``: a gray ferry's Locomotive symbols may each be
    paid with a pair of one colour instead (`pricing.PairFerry`).
    ``sections`` translates the rule sections the engine's refusals cite (the
    Europe rulebook's numbering, ``"§5.2"``) into this map's rulebook; a
    section it does not list is cited as it is.

    Pieces: every map has ``trains`` and ``stations`` (0 = none); ``pieces``
    declares further kinds with the number each player gets (ships), which
    routes take by their ``piece``; the end is triggered when the pieces of
    the ``end_pieces`` kinds a player has left add up to ``end_trigger`` or
    fewer.

    ``bonus_terms`` names the end-of-game terms the map scores beyond
    Europe's (`terms.TERMS`: goods, goal cards, harbors), in account order.

    Goods (Amsterdam): ``goods_cards`` is the pile of goods cards, one taken
    with each claim of a route marked ``goods`` while any is left;
    ``goods_scoring`` gives, per player count, the points of the 1st, 2nd, ...
    place by goods cards held (the ``goods`` term).
    ``setup_returns``: the tickets not kept at setup go under the ticket pile,
    in seat order from the first player (Amsterdam); otherwise to the box.
    ``goals_in_play``: how many of the map's goal cards are drawn at setup.
    ``face_up_without_piles``: face-up cards may still be drawn when the
    draw pile and the discards are both empty (Europe: no draw at all then).
    """

    min_seats: int
    max_seats: int
    trains: int
    stations: int
    station_costs: list[int]
    station_bonus: int
    colour_cards: int
    locomotive_cards: int
    hand: int
    face_up: int
    locomotive_reset: int
    tunnels: bool
    ferries: bool
    double_routes_min_seats: int
    end_trigger: int
    longest_path_bonus: int
    usable_tracks: dict[int, dict[int, int]] = {}
    ferry_pairs: bool = False
    tie_breaks: tuple[TieBreak, ...] = TIE_BREAKS
    sections: dict[str, str] = {}
    pieces: dict[str, int] = {}
    end_pieces: tuple[str, ...] = ("trains",)
    #: how the market is refilled (see `ruleset.Ruleset`): "one-deck" or "chosen"
    market: Literal["one-deck", "chosen"] = "one-deck"
    #: turns each player plays once the end is triggered, in rounds (Rails & Sails: 2)
    final_rounds: int = 1
    #: harbors (Rails & Sails; a ``harbors`` piece kind counts each player's): the cards
    #: of each deck one costs (anchor cards of one colour, wilds standing in), the points
    #: a built one scores by the completed tickets naming its city (0, 1, 2, 3+), and
    #: the points each unbuilt one scores (negative)
    harbor_cards: dict[str, int] = {}
    harbor_points: tuple[int, ...] = ()
    harbor_unbuilt: int = 0
    #: Rails & Sails pieces: the most of each kind a player owns (``box``); each player
    #: secretly takes ``supply`` of them into play at setup, split among the box's kinds
    #: (the map's own numbers, e.g. 20 trains and 40 ships, are the default split), the
    #: rest staying in their own reserve; an exchange swaps pieces of one kind in play for
    #: reserve pieces of another at ``exchange_cost`` points each (0: no exchanges)
    box: dict[str, int] = {}
    supply: int = 0
    exchange_cost: int = 0
    bonus_terms: tuple[str, ...] = ()
    goals_in_play: int = 0
    face_up_without_piles: bool = False
    goods_cards: int = 0
    goods_scoring: dict[int, list[int]] = {}
    setup_returns: bool = False


#: the piece kinds every map has, at these indices of `piece_kinds`
TRAINS, STATIONS = 0, 1


def piece_kinds(rules: MapRules) -> tuple[str, ...]:
    """The piece kinds of a map, indexed as `PlayerState.pieces` counts them."""
    return ("trains", "stations", *rules.pieces)


def card_kinds(data: MapFile) -> tuple[list[Deck], list[CardKind]]:
    """The map's decks and card kinds, in card index order.

    A map that declares none has Europe's one deck: a card of each colour
    (``rules.colour_cards`` of each, named by the colour) and the wild
    Locomotive (``rules.locomotive_cards``). A map that declares its own
    (``decks``, ``cards``) lists first one card per colour, in ``card_colours``
    order, then the wild, all in the first deck (the kinds every price rule
    knows by index), then any further kinds: the same colours with an anchor,
    ship cards of another deck... Hands and discards count cards per index.
    """
    rules = data.rules
    if not data.cards:
        decks = [Deck("train", rules.hand, rules.face_up)]
        kinds = [CardKind(c, rules.colour_cards, colour=c) for c in data.card_colours]
        return decks, [*kinds, CardKind("locomotive", rules.locomotive_cards, wild=True)]
    return list(data.decks), list(data.cards)


class Variant(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A way of playing the map: which ticket groups form its decks and how tickets are dealt."""

    title: str
    description: str
    long_tickets: list[str]
    regular_tickets: list[str]
    long_dealt: int
    regular_dealt: int
    setup_keep: int
    draw_tickets: int
    draw_keep: int
    setup_long_max: int = -1


#: the numbers of `MapRules` an integer option may set
OptionRule = Literal["trains", "stations", "hand", "end_trigger", "station_bonus",
                     "longest_path_bonus"]


class MapOption(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A host option for the ``variants`` it names, of one of two types.

    A ``boolean`` option (off by default) adds the long ticket groups
    ``adds_long_tickets`` when on (Europe's ``long-1912-tickets``). An
    ``integer`` option sets the rule ``sets`` (`OptionRule`) to a value from
    ``minimum`` to ``maximum``; its default is the map's own number for it
    (a house rule such as a shorter game with fewer trains).
    """

    description: str
    variants: list[str]
    type: Literal["boolean", "integer"] = "boolean"
    adds_long_tickets: list[str] = []
    sets: OptionRule | None = None
    minimum: int = 0
    maximum: int = 0


class Goal(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A goal card (Northern Lights): its ``points`` go to whoever leads its ``metric``
    (a measure of `goals.MEASURES`) at the end; ``measures`` says it in words."""

    id: str
    card: str
    name: str
    points: int
    metric: str
    measures: str


class TicketDeck(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """The box's ticket deck where the map file cannot list it all (Amsterdam).

    The box holds ``cards`` tickets; the file lists those known. On load the
    engine completes the deck with tickets of ``group`` generated from the
    board (`decks.generated_tickets`: place pairs whose shortest distance is
    ``min_points`` to ``max_points``, worth that distance), unless an operator
    supplies the printed deck (`decks.supplied_deck`).
    """

    cards: int
    group: str
    min_points: int
    max_points: int


class MapFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One map file, decoded. Route and ticket order is part of the format (indices)."""

    id: str
    title: str
    card_colours: list[str]
    route_points: dict[int, int]
    cities: list[City]
    routes: list[Route]
    tickets: list[Ticket]
    rules: MapRules
    variants: dict[str, Variant]
    source: str = ""
    note: str = ""
    metropolises: list[str] = []
    options: dict[str, MapOption] = {}
    #: the card catalogue (see `card_kinds`); left out: Europe's one deck
    decks: list[Deck] = []
    cards: list[CardKind] = []
    goals: list[Goal] = []
    #: the printed board's picture size (width, height) that cities' x and y are fractions of
    board_size: tuple[int, int] | None = None
    #: set where the box's ticket deck is only partly known (see `TicketDeck`)
    ticket_deck: TicketDeck | None = None
    #: on a board that wraps around its side edges (Rails & Sails World), the distance in
    #: ``x`` after which it repeats (0: it does not wrap); a route whose cities are more
    #: than half that apart runs off one edge and in at the other
    board_wrap: float = 0.0

    @property
    def digest(self) -> str:
        """The content digest of the data (`domain.kernel.versions.content_digest`)."""
        canonical = msgspec.to_builtins(self, str_keys=True)
        return content_digest(msgspec.json.encode(canonical, order="sorted"))


def decode_map(name: str, data: bytes) -> MapFile:
    """Decode and check the map file `name`; raise `MapError` saying what is wrong where."""
    try:
        decoded = msgspec.json.decode(data, type=MapFile)
    except msgspec.DecodeError as error:  # ValidationError included: it names the JSON path
        raise MapError(f"{name}: {error}") from None
    check_map(name, decoded)
    return decoded


def _route_name(index: int, route: Route) -> str:
    return f"routes[{index}] ({route.a}-{route.b})"


def check_map(name: str, data: MapFile) -> None:
    """Refuse what the types cannot: each `MapError` names the file and the entry."""

    def bad(entry: str, message: str) -> MapError:
        return MapError(f"{name}: {entry}: {message}")

    cities: set[str] = set()
    placed_on_board = all(c.x is not None and c.y is not None for c in data.cities)
    for i, city in enumerate(data.cities):
        if city.id in cities:
            raise bad(f"cities[{i}]", f"duplicate city id {city.id!r}")
        unplaced = city.lat is None or city.lon is None
        if unplaced and not (placed_on_board or city.position_unknown):
            raise bad(f"cities[{i}]", "give every city x and y, or this one lat and lon")
        if placed_on_board and data.board_size is None:
            raise bad("board_size", "cities placed by x and y need the board's size")
        cities.add(city.id)
    colours = data.card_colours
    if len(set(colours)) != len(colours) or {"gray", "locomotive"} & set(colours):
        raise bad("card_colours", "colours must be distinct and not 'gray' or 'locomotive'")
    for i, metropolis in enumerate(data.metropolises):
        if metropolis not in cities:
            raise bad(f"metropolises[{i}]", f"unknown city {metropolis!r}")
    _check_cards(bad, data)
    _, cards = card_kinds(data)
    kinds = piece_kinds(data.rules)
    if len(set(kinds)) != len(kinds):
        raise bad("rules.pieces", "trains and stations are declared by their own fields")
    for i, kind in enumerate(data.rules.end_pieces):
        if kind not in kinds:
            raise bad(f"rules.end_pieces[{i}]", f"unknown piece kind {kind!r}")
    for i, term in enumerate(data.rules.bonus_terms):
        if term not in TERMS:
            raise bad(f"rules.bonus_terms[{i}]", f"unknown scoring term {term!r}")
    rules = data.rules
    if rules.goods_cards < 0 or bool(rules.goods_cards) != ("goods" in rules.bonus_terms):
        raise bad("rules.goods_cards", "goods cards and the goods term come together")
    for seats in range(rules.min_seats, rules.max_seats + 1):
        if rules.goods_cards and len(rules.goods_scoring.get(seats, ())) != seats:
            raise bad("rules.goods_scoring", f"{seats} players need a place for each")
    for i, route in enumerate(data.routes):
        entry = _route_name(i, route)
        if route.goods and not rules.goods_cards:
            raise bad(entry, "a goods route needs rules.goods_cards")
        for end in (route.a, route.b):
            if end not in cities:
                raise bad(entry, f"unknown city {end!r}")
        if route.a == route.b:
            raise bad(entry, "a route joins two different cities")
        if route.colour != "gray" and route.colour not in colours:
            raise bad(entry, f"colour {route.colour!r} is neither gray nor a card colour")
        if route.length < 1:
            raise bad(entry, "a route is at least 1 long")
        if route.length not in data.route_points:
            raise bad(entry, f"route_points has no entry for length {route.length}")
        if not 0 <= route.locomotives <= route.length:
            raise bad(entry, f"locomotives must be between 0 and {route.length}")
        if route.piece not in kinds or route.piece == "stations":
            raise bad(entry, f"piece {route.piece!r} is no route piece kind of rules.pieces")
        if route.kind == "sea" and (route.locomotives or not any(k.ships for k in cards)):
            raise bad(entry, "a sea route has no Locomotive symbol and needs ship cards")
        if not 0 <= route.double_spaces <= route.length or (
            route.double_spaces and route.kind != "rail"
        ):
            raise bad(entry, f"double_spaces must be between 0 and {route.length}, on rail")
        if route.bonus_cards < 0:
            raise bad(entry, "bonus_cards is not negative")
    _check_goals(bad, data)
    groups: set[str] = set()
    for i, ticket in enumerate(data.tickets):
        entry = f"tickets[{i}] ({'-'.join(ticket.cities)})"
        if len(ticket.cities) < 2 or len(set(ticket.cities)) != len(ticket.cities):
            raise bad(entry, "a ticket names two or more different cities")
        for city_id in ticket.cities:
            if city_id not in cities:
                raise bad(entry, f"unknown city {city_id!r}")
        groups.add(ticket.group)
    rules = data.rules
    if rules.harbor_cards and (
        "harbors" not in rules.pieces
        or not set(rules.harbor_cards) <= {d.id for d in card_kinds(data)[0]}
        or not rules.harbor_points
        or "harbors" in [r.piece for r in data.routes]
    ):
        raise bad("rules.harbor_cards", "harbors need a harbors piece kind, known decks and "
                                        "harbor_points, and are no route's piece")
    if rules.box and (
        len(rules.box) != 2 or "trains" not in rules.box
        or not set(rules.box) <= set(kinds) - {"stations"}
        or sum(_start(rules, k) for k in rules.box) != rules.supply
        or any(_start(rules, k) > most for k, most in rules.box.items())
    ):
        raise bad("rules.box", "the box names trains and one other piece kind; the supply is "
                               "their default split")
    if rules.final_rounds < 1:
        raise bad("rules.final_rounds", "the final round is at least one turn each")
    deck = data.ticket_deck
    # the tickets the engine adds to complete a partly known deck (`decks.complete_deck`)
    missing = 0 if deck is None else deck.cards - len(data.tickets)
    if deck is not None:
        if missing < 0:
            listed = len(data.tickets)
            raise bad("ticket_deck", f"{listed} tickets listed; the box has {deck.cards}")
        if not 1 <= deck.min_points <= deck.max_points:
            raise bad("ticket_deck", "min_points must be at least 1 and at most max_points")
        if missing:
            groups.add(deck.group)
    if not 1 <= rules.min_seats <= rules.max_seats:
        raise bad("rules", "min_seats must be at least 1 and at most max_seats")
    if len(rules.station_costs) < rules.stations:
        raise bad("rules.station_costs", f"{rules.stations} stations need as many costs")
    for option_name, option in data.options.items():
        if (option.type == "integer") != (option.sets is not None) or (
            option.type == "integer" and option.adds_long_tickets
        ):
            raise bad(f"options.{option_name}",
                      "an integer option sets one rule; a boolean one may add tickets")
        if option.sets is not None and not (
            option.minimum <= getattr(rules, option.sets) <= option.maximum
        ):
            raise bad(f"options.{option_name}",
                      f"the map's {option.sets} must lie between minimum and maximum")
        for variant_id in option.variants:
            if variant_id not in data.variants:
                raise bad(f"options.{option_name}", f"unknown variant {variant_id!r}")
        _check_groups(bad, f"options.{option_name}", option.adds_long_tickets, groups)
    if not data.variants:
        raise bad("variants", "a map has at least one variant")
    for variant_name, variant in data.variants.items():
        entry = f"variants.{variant_name}"
        _check_groups(bad, entry, variant.long_tickets + variant.regular_tickets, groups)
        for named, dealt in ((variant.long_tickets, variant.long_dealt),
                             (variant.regular_tickets, variant.regular_dealt)):
            held = sum(1 for t in data.tickets if t.group in named)
            held += missing if deck is not None and deck.group in named else 0
            if held < dealt * rules.max_seats:
                raise bad(entry, f"{held} tickets in {named} cannot deal {dealt} to "
                                 f"{rules.max_seats} players")


def _check_cards(bad: Callable[[str, str], MapError], data: MapFile) -> None:
    """The card catalogue: decks and kinds named once, the basic kinds first, shares that
    add up to the hand and the market."""
    if bool(data.decks) != bool(data.cards):
        raise bad("cards", "a map declares both its decks and its cards, or neither")
    if not data.cards:
        return
    decks, kinds = card_kinds(data)
    deck_ids = [d.id for d in decks]
    if len(set(deck_ids)) != len(deck_ids):
        raise bad("decks", "deck ids must be distinct")
    if len(decks) > 1 and data.rules.market != "chosen":
        raise bad("rules.market", "a market of several decks is refilled as chosen")
    rules = data.rules
    if sum(d.hand for d in decks) != rules.hand or sum(d.face_up for d in decks) != (
        rules.face_up
    ):
        raise bad("decks", "the decks' hands and face-up shares add up to rules.hand and face_up")
    names = [k.name for k in kinds]
    if len(set(names)) != len(names) or {"gray", *data.card_colours} & {
        k.name for k in kinds[len(data.card_colours) + 1 :]
    }:
        raise bad("cards", "card names must be distinct, and no further kind takes a colour's")
    colours = data.card_colours
    for i, kind in enumerate(kinds):
        entry = f"cards[{i}] ({kind.name})"
        if kind.deck not in deck_ids:
            raise bad(entry, f"unknown deck {kind.deck!r}")
        if kind.wild != (kind.colour == "") or (kind.colour and kind.colour not in colours):
            raise bad(entry, "a card has one of the card colours, or is wild")
        if kind.count < 0 or kind.ships not in (0, 1, 2):
            raise bad(entry, "a count is not negative, a card covers 0, 1 or 2 ships")
        if i > len(colours) and kind.wild:
            raise bad(entry, "a map has one wild card kind, after the colours")
        basic = colours[i] if i < len(colours) else None
        if i <= len(colours) and (
            kind.colour != (basic or "") or kind.deck != decks[0].id or kind.ships
        ):
            raise bad(entry, "the first kinds are a train card of each colour, then the wild, "
                             "in the first deck")


def _start(rules: MapRules, kind: str) -> int:
    """The pieces of `kind` a player gets by default."""
    return rules.trains if kind == "trains" else rules.pieces.get(kind, 0)


def _check_goals(bad: Callable[[str, str], MapError], data: MapFile) -> None:
    ids: set[str] = set()
    for i, goal in enumerate(data.goals):
        if goal.id in ids:
            raise bad(f"goals[{i}]", f"duplicate goal id {goal.id!r}")
        if goal.metric not in MEASURES:
            raise bad(f"goals[{i}] ({goal.id})", f"unknown metric {goal.metric!r}")
        ids.add(goal.id)
    in_play = data.rules.goals_in_play
    if not 0 <= in_play <= len(data.goals):
        raise bad("rules.goals_in_play", f"between 0 and the {len(data.goals)} goal cards")
    if (in_play > 0) != ("goal-cards" in data.rules.bonus_terms):
        raise bad("rules.bonus_terms", "goal cards in play are scored by the term 'goal-cards'")


def _check_groups(
    bad: Callable[[str, str], MapError], entry: str, named: list[str], groups: set[str]
) -> None:
    for group in named:
        if group not in groups:
            raise bad(entry, f"no ticket belongs to group {group!r}")
