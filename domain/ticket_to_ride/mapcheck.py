"""Reading a map file: decoded by msgspec (`mapfile`), then cross-checked here.

`check_map` refuses what a schema cannot say: a route or ticket naming an unknown
city, a colour that is no card colour, a route length missing from the scoring table,
a card catalogue whose decks do not add up, a track group size or player count the
rules leave unstated, a route or ticket using a feature the map does not combine (a
tunnel on a map without tunnels) and a feature named but never used. Each `MapError`
names the file and the entry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import msgspec

from domain.ticket_to_ride.mapfile import (
    MapError,
    MapFile,
    Route,
    option_rule,
)

Bad = Callable[[str, str], MapError]


def decode_map(name: str, data: bytes) -> MapFile:
    """Decode and check the map file `name`; raise `MapError` saying what is wrong where."""
    try:
        decoded = msgspec.json.decode(data, type=MapFile)
    except msgspec.DecodeError as error:  # ValidationError included: it names the JSON path
        raise MapError(f"{name}: {error}") from None
    check_map(name, decoded)
    return decoded


def check_map(name: str, data: MapFile) -> None:
    """Refuse what the types cannot: each `MapError` names the file and the entry."""

    def bad(entry: str, message: str) -> MapError:
        return MapError(f"{name}: {entry}: {message}")

    _check_cities(bad, data)
    _check_cards(bad, data)
    _check_rules(bad, data)
    for i, route in enumerate(data.routes):
        _check_route(bad, data, f"routes[{i}] ({route.a}-{route.b})", route)
    _check_features(bad, data)
    groups = _check_tickets(bad, data)
    _check_options(bad, data, groups)
    _check_variants(bad, data, groups)


def _check_cities(bad: Bad, data: MapFile) -> None:
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
    for i, metropolis in enumerate(data.metropolises):
        if metropolis not in cities:
            raise bad(f"metropolises[{i}]", f"unknown city {metropolis!r}")


def _check_cards(bad: Bad, data: MapFile) -> None:
    """The card catalogue: decks and kinds named once, a train card of each colour then the
    wild first, in the first deck; several decks need a market refilled as chosen, which
    never lets face-up cards be drawn with every pile empty."""
    colours = data.card_colours
    if len(set(colours)) != len(colours) or {"gray", "locomotive"} & set(colours):
        raise bad("card_colours", "colours must be distinct and not 'gray' or 'locomotive'")
    decks, kinds = data.decks, data.cards
    deck_ids = [d.id for d in decks]
    if not decks or len(set(deck_ids)) != len(deck_ids):
        raise bad("decks", "a map has one deck or more, with distinct ids")
    if len(decks) > 1 and data.rules.market.kind != "chosen":
        raise bad("rules.market", "a market of several decks is refilled as chosen")
    if data.rules.market.kind == "chosen" and data.rules.market.face_up_without_piles:
        # the one rulebook of a chosen market (World §3.1 Resolved) bans the draw then
        raise bad("rules.market.face_up_without_piles",
                  "the chosen market takes no card when every pile is empty")
    names = [k.name for k in kinds]
    if len(set(names)) != len(names) or {"gray", *colours} & set(names[len(colours) + 1 :]):
        raise bad("cards", "card names must be distinct, and no further kind takes a colour's")
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
            kind.colour != (basic or "") or kind.deck != deck_ids[0] or kind.ships
        ):
            raise bad(entry, "the first kinds are a train card of each colour, then the wild, "
                             "in the first deck")
    if len(kinds) <= len(colours):
        raise bad("cards", "a map has a train card of each colour, then the wild")


def _check_rules(bad: Bad, data: MapFile) -> None:
    """The core rules: player range, pieces, track groups for every size and count, the
    end, tie-breaks whose features the map has."""
    rules, features = data.rules, data.features
    players = rules.players
    if not 1 <= players.min <= players.max:
        raise bad("rules.players", "min must be at least 1 and at most max")
    counts = rules.pieces.counts
    if "trains" not in counts or any(n < 0 for n in counts.values()):
        raise bad("rules.pieces", "every map counts its trains; no count is negative")
    sizes = {size for size in Counter(_pairs(data.routes)).values() if size > 1}
    usable = rules.track_groups.usable
    if set(usable) != sizes:
        raise bad("rules.track_groups", f"state the tracks usable in groups of {sorted(sizes)}")
    for size, by_seats in usable.items():
        for seats in range(players.min, players.max + 1):
            if not 1 <= by_seats.get(seats, 0) <= size:
                raise bad(f"rules.track_groups.usable.{size}",
                          f"state, for {seats} players, 1 to {size} usable tracks")
    end = rules.end
    if not end.pieces or not set(end.pieces) <= set(counts) or end.final_rounds < 1:
        raise bad("rules.end", "the end counts pieces the map has, and plays a round or more")
    wanted = {"fewest-stations-built": features.stations,
              "longest-path-bonus": features.longest_path,
              "most-goal-cards-won": features.goal_cards}
    for i, tie_break in enumerate(rules.winner.tie_breaks):
        if tie_break in wanted and wanted[tie_break] is None:
            raise bad(f"rules.winner.tie_breaks[{i}]", f"{tie_break!r} needs its feature")


def _pairs(routes: list[Route]) -> list[frozenset[str]]:
    return [frozenset((r.a, r.b)) for r in routes]


def _check_route(bad: Bad, data: MapFile, entry: str, route: Route) -> None:
    """One route: known cities and colour, a scored length, and only features the map
    combines."""
    cities = {c.id for c in data.cities}
    features = data.features
    for end in (route.a, route.b):
        if end not in cities:
            raise bad(entry, f"unknown city {end!r}")
    if route.a == route.b:
        raise bad(entry, "a route joins two different cities")
    if route.colour != "gray" and route.colour not in data.card_colours:
        raise bad(entry, f"colour {route.colour!r} is neither gray nor a card colour")
    if route.length < 1:
        raise bad(entry, "a route is at least 1 long")
    if route.length not in data.route_points:
        raise bad(entry, f"route_points has no entry for length {route.length}")
    if route.piece not in data.rules.pieces.counts:
        raise bad(entry, f"piece {route.piece!r} is no piece kind of rules.pieces")
    needs = {
        "tunnels": route.kind == "tunnel" and features.tunnels is None,
        "ferries": route.kind == "ferry" and features.ferries is None,
        "sea_routes": route.kind == "sea" and features.sea_routes is None,
        "doubled_spaces": route.double_spaces > 0 and features.doubled_spaces is None,
        "goods": route.goods and features.goods is None,
        "bonus_draws": route.bonus_cards > 0 and features.bonus_draws is None,
    }
    for feature, missing in needs.items():
        if missing:
            raise bad(entry, f"it needs the feature features.{feature}")
    if not 0 <= route.locomotives <= route.length or (route.locomotives and route.kind != "ferry"):
        raise bad(entry, f"only a ferry has Locomotive symbols, 1 to {route.length}")
    if route.kind == "sea" and not any(k.ships for k in data.cards):
        raise bad(entry, "a sea route needs ship cards")
    if not 0 <= route.double_spaces <= route.length or (
        route.double_spaces and route.kind != "rail"
    ):
        raise bad(entry, f"double_spaces must be between 0 and {route.length}, on rail")
    if route.bonus_cards < 0:
        raise bad(entry, "bonus_cards is not negative")


def _check_features(bad: Bad, data: MapFile) -> None:
    """Each feature's settings, and each feature in use (one named for nothing is a
    mistake in the file)."""
    features, routes = data.features, data.routes
    used = {
        "tunnels": any(r.kind == "tunnel" for r in routes),
        "ferries": any(r.kind == "ferry" for r in routes),
        "sea_routes": any(r.kind == "sea" for r in routes),
        "doubled_spaces": any(r.double_spaces for r in routes),
        "goods": any(r.goods for r in routes),
        "bonus_draws": any(r.bonus_cards for r in routes),
        "tours": any(t.points_any_order is not None for t in data.tickets),
        "harbors": any(c.harbor for c in data.cities),
    }
    for feature, in_use in used.items():
        if getattr(features, feature) is not None and not in_use:
            raise bad(f"features.{feature}", "the map has nothing this feature plays")
    if any(c.harbor for c in data.cities) and features.harbors is None:
        raise bad("cities", "port cities need the feature features.harbors")
    stations = features.stations
    if stations is not None and (stations.count < 0 or len(stations.costs) < stations.count):
        raise bad("features.stations", f"{stations.count} stations need as many costs")
    train_kinds = [c.colour for c in data.cards if c.deck == data.decks[0].id and c.colour]
    if stations is not None and len(set(train_kinds)) != len(train_kinds):
        # a station is paid as a colour and Locomotives (Europe §7.1): one card per colour
        raise bad("features.stations", "stations are paid as a colour and Locomotives: one "
                                       "train card kind per colour")
    goods = features.goods
    if goods is not None:
        players = data.rules.players
        for seats in range(players.min, players.max + 1):
            if goods.cards < 1 or len(goods.scoring.get(seats, ())) != seats:
                raise bad("features.goods", f"goods cards, and a place for each of {seats} "
                                            "players")
    split = features.piece_split
    counts = data.rules.pieces.counts
    if split is not None and (
        len(split.box) != 2 or "trains" not in split.box or set(split.box) != set(counts)
        or sum(counts.values()) != split.supply
        or any(counts[kind] > most for kind, most in split.box.items())
    ):
        raise bad("features.piece_split", "the box names trains and the map's other piece "
                                          "kind; the supply is their default split")
    harbors = features.harbors
    if harbors is not None and (
        not set(harbors.cards) <= {d.id for d in data.decks} or not harbors.points
    ):
        raise bad("features.harbors", "harbors cost cards of known decks and score points")
    _check_goals(bad, data)


def _check_goals(bad: Bad, data: MapFile) -> None:
    goal_cards = data.features.goal_cards
    if goal_cards is None:
        return
    ids: set[str] = set()
    for i, goal in enumerate(goal_cards.cards):
        entry = f"features.goal_cards.cards[{i}] ({goal.id})"
        if goal.id in ids:
            raise bad(entry, f"duplicate goal id {goal.id!r}")
        if (goal.metric == "routes-touching-country") != bool(goal.country):
            raise bad(entry, "a country is named by the metric that counts one, only")
        ids.add(goal.id)
    if not 1 <= goal_cards.in_play <= len(goal_cards.cards):
        raise bad("features.goal_cards.in_play", f"between 1 and the {len(ids)} goal cards")


def _check_tickets(bad: Bad, data: MapFile) -> set[str]:
    """The tickets (known cities, tours only with the feature) and partly known deck; the
    ticket groups that exist."""
    cities = {c.id for c in data.cities}
    groups: set[str] = set()
    for i, ticket in enumerate(data.tickets):
        entry = f"tickets[{i}] ({'-'.join(ticket.cities)})"
        if len(ticket.cities) < 2 or len(set(ticket.cities)) != len(ticket.cities):
            raise bad(entry, "a ticket names two or more different cities")
        for city_id in ticket.cities:
            if city_id not in cities:
                raise bad(entry, f"unknown city {city_id!r}")
        tour = ticket.points_any_order is not None
        if tour != (ticket.penalty is not None) or (tour and data.features.tours is None):
            raise bad(entry, "a tour has any-order points and a penalty, and the feature "
                             "features.tours")
        groups.add(ticket.group)
    deck = data.ticket_deck
    if deck is not None:
        if deck.cards < len(data.tickets):
            raise bad("ticket_deck", f"{len(data.tickets)} tickets listed; the box has "
                                     f"{deck.cards}")
        if not 1 <= deck.min_points <= deck.max_points:
            raise bad("ticket_deck", "min_points must be at least 1 and at most max_points")
        if deck.cards > len(data.tickets):
            groups.add(deck.group)
    return groups


def _check_options(bad: Bad, data: MapFile, groups: set[str]) -> None:
    for option_name, option in data.options.items():
        entry = f"options.{option_name}"
        if (option.type == "integer") != (option.sets is not None) or (
            option.type == "integer" and option.adds_long_tickets
        ):
            raise bad(entry, "an integer option sets one rule; a boolean one may add tickets")
        if option.sets is not None:
            value = option_rule(data, option.sets)
            if value is None or not option.minimum <= value <= option.maximum:
                raise bad(entry, f"the map's {option.sets} must lie between minimum and "
                                 "maximum")
        for variant_id in option.variants:
            if variant_id not in data.variants:
                raise bad(entry, f"unknown variant {variant_id!r}")
        _check_groups(bad, entry, option.adds_long_tickets, groups)


def _check_variants(bad: Bad, data: MapFile, groups: set[str]) -> None:
    if not data.variants:
        raise bad("variants", "a map has at least one variant")
    deck = data.ticket_deck
    missing = 0 if deck is None else deck.cards - len(data.tickets)
    most = data.rules.players.max
    for variant_name, variant in data.variants.items():
        entry = f"variants.{variant_name}"
        _check_groups(bad, entry, variant.long_tickets + variant.regular_tickets, groups)
        for named, dealt in ((variant.long_tickets, variant.long_dealt),
                             (variant.regular_tickets, variant.regular_dealt)):
            held = sum(1 for t in data.tickets if t.group in named)
            held += missing if deck is not None and deck.group in named else 0
            if held < dealt * most:
                raise bad(entry, f"{held} tickets in {named} cannot deal {dealt} to {most} "
                                 "players")


def _check_groups(bad: Bad, entry: str, named: list[str], groups: set[str]) -> None:
    for group in named:
        if group not in groups:
            raise bad(entry, f"no ticket belongs to group {group!r}")
