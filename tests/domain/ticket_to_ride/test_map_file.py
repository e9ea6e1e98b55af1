"""The map file schema (`mapfile`, `mapcheck`): a map states every rule it relies on, names
only features it uses and uses only features it names, and a broken file is refused on
load, naming the file and the entry at fault.

* Every rule setting is named or refused: each setting without a default, in every
  shipped and made-up map, left out of the file is refused at its JSON path.
* Names with a meaning are `Literal` types, refused while decoding: each such place in
  every map, given an unknown name, is refused at its path.
* Feature use is checked both ways: a route, ticket or city using a feature the map does
  not name, and a feature named that nothing uses, are refused.
* Cross-checks no schema can say (unknown cities, colours, lengths, the card catalogue,
  track groups for every seat count, tie-breaks with their features, options, variants,
  goal cards, goods, the piece split, harbors, a partly known ticket deck) name the entry.
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any, Literal, Union, get_args, get_origin

import msgspec
import pytest

from domain.ticket_to_ride.board import board_from_map, load_board, map_ids
from domain.ticket_to_ride.mapcheck import decode_map
from domain.ticket_to_ride.mapfile import MapError, MapFile

from .synthetic import MAPS

Data = dict[str, Any]
Edit = Callable[[Data], Any]
SHIPPED = resources.files("domain.ticket_to_ride") / "maps"


def _raw(map_id: str) -> bytes:
    shipped = SHIPPED / f"{map_id}.json"
    return shipped.read_bytes() if shipped.is_file() else (MAPS / f"{map_id}.json").read_bytes()


ALL_MAPS = [*map_ids(), "synthetic", "crossroads"]


def _refusal(map_id: str, edit: Edit) -> str:
    """The message refusing map `map_id` changed by `edit` (the test fails if it loads)."""
    data: Data = json.loads(_raw(map_id))
    edit(data)
    with pytest.raises(MapError) as refused:
        decode_map("maps/broken.json", json.dumps(data).encode())
    message = str(refused.value)
    assert message.startswith("maps/broken.json: "), message
    return message


def _set(path: str, value: Any) -> Edit:
    """An edit setting the field at a dotted path (list indices as numbers)."""

    def edit(data: Data) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return edit


def _drop(path: str) -> Edit:
    """An edit deleting the field at a dotted path."""

    def edit(data: Data) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        del target[last]

    return edit


# --- every shipped map loads --------------------------------------------------------------


def test_every_shipped_map_decodes_and_its_board_matches_the_file() -> None:
    for map_id in map_ids():
        board = load_board(map_id)
        assert board.map.id == map_id == board.id
        assert len(board.route_length) == len(board.map.routes) > 0
    europe = load_board("europe")
    assert (europe.city_ids[europe.route_a[0]], europe.city_ids[europe.route_b[0]]) == (
        "amsterdam", "bruxelles")
    again = board_from_map(decode_map("europe.json", _raw("europe")))
    assert again is not europe and again.digest == europe.digest
    assert (again.route_tracks, again.ticket_cities) == (europe.route_tracks, europe.ticket_cities)


def test_the_digest_ignores_layout_but_not_data() -> None:
    data: Data = json.loads(_raw("europe"))
    relaid = decode_map("x", json.dumps(data, indent=None, sort_keys=True).encode())
    assert relaid.digest == load_board("europe").digest
    data["routes"][0]["length"] = 2
    assert decode_map("x", json.dumps(data).encode()).digest != relaid.digest


def test_every_rule_setting_of_every_shipped_map_names_the_section_that_states_it() -> None:
    """The rules and each feature a map names, with the section of its ``rules.md``
    (printed with ``-s``: the list a reader checks against the rulebook)."""
    for map_id in map_ids():
        data = load_board(map_id).map
        groups = {f"rules.{name}": getattr(data.rules, name)
                  for name in msgspec.structs.asdict(data.rules) if name != "sections"}
        groups |= {f"features.{name}": value
                   for name, value in msgspec.structs.asdict(data.features).items() if value}
        groups |= {f"variants.{name}": value for name, value in data.variants.items()}
        for name, group in groups.items():
            settings = {k: v for k, v in msgspec.to_builtins(group).items() if k != "section"}
            print(f"{map_id:16} {name:28} {group.section:34} {settings}")
            assert group.section.strip(), (map_id, name)


# --- every rule setting named or refused ---------------------------------------------------


def _fields(kind: Any) -> Iterator[tuple[str, Any, bool]]:
    """A struct type's fields: JSON name, type, whether the file must state it."""
    for field in msgspec.structs.fields(kind):
        yield field.encode_name, field.type, field.required


class _Key(str):
    """A dict key in a place's path (msgspec's paths do not spell them out)."""

    __slots__ = ()


def _places(value: Any, kind: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Where in decoded JSON `value` (of schema type `kind`) a setting sits: ``required``
    for a field the file must state, ``literal`` for a name from a fixed list, ``key`` for
    a dict whose keys are such names."""
    origin, args = get_origin(kind), get_args(kind)
    if origin is Literal:
        yield at, "literal"
    elif origin in (Union, types.UnionType):
        for arg in args:
            if arg is not type(None) and value is not None:
                yield from _places(value, arg, at)
    elif isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        for name, field_type, required in _fields(kind):
            if name in value:
                if required:
                    yield (*at, name), "required"
                yield from _places(value[name], field_type, (*at, name))
    elif origin in (list, tuple) and isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, args[0], (*at, index))
    elif origin is dict:
        if get_origin(args[0]) is Literal:
            yield at, "key"
        for key, item in value.items():
            yield from _places(item, args[1], (*at, _Key(key)))


def _schema_places(map_id: str, what: str) -> list[tuple[Any, ...]]:
    """Each place of a kind in the map's file, once per place in the schema (list indices
    and dict keys aside: the first one found stands for the others)."""
    found: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for at, kind in _places(json.loads(_raw(map_id)), MapFile, ()):
        if kind == what:
            schema = tuple("*" if isinstance(part, int | _Key) else part for part in at)
            found.setdefault(schema, at)
    return list(found.values())


def _json_path(at: tuple[Any, ...]) -> str:
    """A place's path as msgspec's errors spell it (a dict key as ``[...]``)."""
    def step(part: Any) -> str:
        if isinstance(part, _Key):
            return "[...]"
        return f"[{part}]" if isinstance(part, int) else f".{part}"

    return "$" + "".join(step(part) for part in at)


def _parent(data: Data, at: tuple[Any, ...]) -> Any:
    for part in at[:-1]:
        data = data[part]
    return data


@pytest.mark.parametrize("map_id", ALL_MAPS)
def test_every_setting_without_a_default_left_out_of_a_map_is_refused_at_its_path(
    map_id: str
) -> None:
    places = _schema_places(map_id, "required")
    assert any(at[:2] == ("rules", "market") for at in places)
    for at in places:
        def drop(data: Data, at: tuple[Any, ...] = at) -> None:
            del _parent(data, at)[at[-1]]

        message = _refusal(map_id, drop)
        where = f" - at `{_json_path(at[:-1])}`" if len(at) > 1 else ""
        assert message.endswith(f"missing required field `{at[-1]}`{where}"), message


@pytest.mark.parametrize("map_id", ALL_MAPS)
def test_every_name_with_a_meaning_is_checked_while_decoding(map_id: str) -> None:
    names = _schema_places(map_id, "literal")
    assert ("rules", "market", "kind") in names and ("rules", "setup_tickets", "returns") in names
    for at in names:
        message = _refusal(map_id, lambda data, at=at: _parent(data, at).__setitem__(
            at[-1], "no-such-name"))
        assert f"Invalid enum value 'no-such-name' - at `{_json_path(at)}`" in message
    keys = _schema_places(map_id, "key")
    assert ("rules", "pieces", "counts") in keys
    for at in keys:
        def add_key(data: Data, at: tuple[Any, ...] = at) -> None:
            _parent(data, at)[at[-1]]["boats"] = 1

        assert "Invalid enum value 'boats'" in _refusal(map_id, add_key)


# --- feature use, both ways ----------------------------------------------------------------


@pytest.mark.parametrize(("map_id", "feature", "entry"), [
    ("europe", "tunnels", "routes[4] (angora-constantinople)"),
    ("europe", "ferries", "routes[3] (amsterdam-london)"),
    ("world", "sea_routes", "routes[0] (cambridge-bay-anchorage)"),
    ("world", "doubled_spaces", "(vancouver-anchorage)"),
    ("world", "tours", "tickets[57] (murmansk-tiksi-novosibirsk-yakutsk-petropavlovsk)"),
    ("amsterdam", "goods", "routes[0] (nieuwe-waal-haringpakkerstoren)"),
    ("northern-lights", "bonus_draws", "routes[79] (kristiansand-stavanger)"),
    ("world", "harbors", "cities"),
])
def test_a_map_using_a_feature_it_does_not_name_is_refused(
    map_id: str, feature: str, entry: str
) -> None:
    message = _refusal(map_id, _drop(f"features.{feature}"))
    assert entry in message and f"features.{feature}" in message


@pytest.mark.parametrize(("map_id", "feature", "settings"), [
    ("amsterdam", "tunnels", {"revealed": 3}),
    ("amsterdam", "ferries", {"paid_with": "locomotives"}),
    ("europe", "sea_routes", {}),
    ("europe", "doubled_spaces", {}),
    ("europe", "tours", {}),
    ("europe", "goods", {"cards": 5, "scoring": {str(n): [1] * n for n in range(2, 6)}}),
    ("europe", "bonus_draws", {}),
    ("europe", "harbors", {"pieces": 3, "cards": {"train": 4}, "points": [0, 10],
                           "unbuilt": -4}),
])
def test_a_map_naming_a_feature_nothing_uses_is_refused(
    map_id: str, feature: str, settings: dict[str, Any]
) -> None:
    message = _refusal(map_id, _set(f"features.{feature}", {**settings, "section": "§1"}))
    assert f"features.{feature}: the map has nothing this feature plays" in message


def test_an_unknown_feature_is_refused() -> None:
    assert "unknown field `magic` - at `$.features`" in _refusal(
        "europe", _set("features.magic", {"section": "§1"}))


# --- what a schema cannot say ----------------------------------------------------------------


def _duplicate_city(data: Data) -> None:
    data["cities"].append(dict(data["cities"][0]))


def _second_wild(data: Data) -> None:
    data["cards"].append({"name": "joker", "count": 2, "wild": True})


def _a_ship_deck(data: Data) -> None:
    data["decks"].append({"id": "ship", "hand": 1, "face_up": 2})
    data["cards"].append({"name": "red-ship", "count": 4, "deck": "ship", "colour": "red",
                          "ships": 1})


@pytest.mark.parametrize(("edit", "says"), [
    (_set("routes.3.b", "londres"), "routes[3] (amsterdam-londres): unknown city 'londres'"),
    (_set("tickets.5.cities", ["paris", "atlantis"]),
     "tickets[5] (paris-atlantis): unknown city 'atlantis'"),
    (_duplicate_city, "cities[47]: duplicate city id 'amsterdam'"),
    (_set("routes.0.colour", "pink"), "routes[0] (amsterdam-bruxelles): colour 'pink'"),
    (_set("routes.2.length", 9), "routes[2] (amsterdam-frankfurt): route_points has no entry"),
    (_set("routes.2.b", "amsterdam"), "a route joins two different cities"),
    (_set("routes.1.length", "3"), "$.routes[1].length"),
    (_set("cities.2.population", 1), "unknown field `population` - at `$.cities[2]`"),
    (_drop("routes.4.length"), "missing required field `length` - at `$.routes[4]`"),
    (_set("tickets.0.cities", ["paris"]), "two or more different cities"),
    (_set("variants.standard.regular_tickets", ["base-regular", "bonus"]),
     "variants.standard: no ticket belongs to group 'bonus'"),
    (_set("options.long-1912-tickets.variants", ["standard", "express"]),
     "options.long-1912-tickets: unknown variant 'express'"),
    (_set("variants.mega-europe.long_dealt", 3), "cannot deal 3 to 5 players"),
    (_set("routes.0.piece", "ships"), "piece 'ships' is no piece kind of rules.pieces"),
    (_set("rules.end.pieces", ["trains", "ships"]), "rules.end: the end counts pieces the map"),
    (_set("rules.pieces.counts", {"ships": 10}), "rules.pieces: every map counts its trains"),
    (_set("rules.players.min", 6), "rules.players: min must be at least 1 and at most max"),
    (_set("rules.track_groups.usable", {"2": {"2": 1, "3": 1, "4": 2}}),
     "rules.track_groups.usable.2: state, for 5 players"),
    (_set("rules.track_groups.usable", {"2": {str(n): 1 for n in range(2, 6)},
                                        "3": {str(n): 1 for n in range(2, 6)}}),
     "rules.track_groups: state the tracks usable in groups of [2]"),
    (_set("rules.winner.tie_breaks", ["most-goal-cards-won"]),
     "rules.winner.tie_breaks[0]: 'most-goal-cards-won' needs its feature"),
    (_set("features.stations.costs", [1, 2]), "features.stations: 3 stations need as many"),
    (_set("routes.0.locomotives", 1), "only a ferry has Locomotive symbols"),
    (_set("routes.0.double_spaces", 1), "routes[0] (amsterdam-bruxelles): it needs the feature "
                                        "features.doubled_spaces"),
    (_set("routes.0.bonus_cards", 1), "routes[0] (amsterdam-bruxelles): it needs the feature "
                                      "features.bonus_draws"),
    (_set("routes.0.goods", True), "routes[0] (amsterdam-bruxelles): it needs the feature "
                                   "features.goods"),
    (_set("routes.0.kind", "sea"), "routes[0] (amsterdam-bruxelles): it needs the feature "
                                   "features.sea_routes"),
    (_set("card_colours.1", "purple"), "card_colours: colours must be distinct"),
    (lambda d: d["cards"].pop(0), "the first kinds are a train card of each colour, then the"),
    (lambda d: d["cards"].pop(), "a map has a train card of each colour, then the wild"),
    (_set("cards.3.deck", "boat"), "cards[3] (white): unknown deck 'boat'"),
    (_set("cards.3.colour", "pink"), "a card has one of the card colours, or is wild"),
    (_set("cards.8.count", -1), "a count is not negative"),
    (_second_wild, "cards[9] (joker): a map has one wild card kind, after the colours"),
    (_a_ship_deck, "rules.market: a market of several decks is refilled as chosen"),
    (_set("options.x", {"description": "d", "variants": ["standard"], "type": "integer",
                        "sets": "trains", "minimum": 20, "maximum": 40}),
     "options.x: the map's trains must lie between minimum and maximum"),
    (_set("options.x", {"description": "d", "variants": ["standard"], "type": "integer"}),
     "options.x: an integer option sets one rule"),
    (_set("options.x", {"description": "d", "variants": ["standard"], "sets": "trains"}),
     "options.x: an integer option sets one rule"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_broken_europe_is_refused_naming_the_entry(edit: Edit, says: str) -> None:
    assert says in _refusal("europe", edit)


def test_a_file_that_is_not_json_is_named() -> None:
    with pytest.raises(MapError, match=r"^maps/broken.json: "):
        decode_map("maps/broken.json", b"{\"id\": ")


def _duplicate_goal(data: Data) -> None:
    cards = data["features"]["goal_cards"]["cards"]
    cards[1]["id"] = cards[0]["id"]


def _unplaced_city(data: Data) -> None:
    del data["cities"][0]["x"]  # Ålborg keeps lat and lon, but not every city has x now


@pytest.mark.parametrize(("edit", "says"), [
    (_duplicate_goal, "features.goal_cards.cards[1] (call-of-the-wild): duplicate goal id"),
    (_set("features.goal_cards.in_play", 12),
     "features.goal_cards.in_play: between 1 and the 11 goal cards"),
    (_set("features.goal_cards.in_play", 0), "features.goal_cards.in_play"),
    (_set("features.goal_cards.cards.0.country", "norway"),
     "a country is named by the metric that counts one, only"),
    (_set("routes.79.bonus_cards", -1), "routes[79] (kristiansand-stavanger): bonus_cards"),
    (_drop("board_size"), "board_size: cities placed by x and y need the board's size"),
    (_unplaced_city, "give every city x and y, or this one lat and lon"),
    (_set("features.ferries.paid_with", "coins"), "$.features.ferries.paid_with"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_broken_northern_lights_is_refused_naming_the_entry(edit: Edit, says: str) -> None:
    assert says in _refusal("northern-lights", edit)


@pytest.mark.parametrize(("edit", "says"), [
    (_drop("features.goods.scoring.3"),
     "features.goods: goods cards, and a place for each of 3 players"),
    (_set("features.goods.cards", 0), "features.goods: goods cards"),
    (_drop("cities.0.position_unknown"), "cities[0]: give every city x and y, or this one"),
    (_set("ticket_deck.cards", 3), "ticket_deck: 4 tickets listed; the box has 3"),
    (_set("ticket_deck.min_points", 7), "ticket_deck: min_points must be at least 1"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_broken_amsterdam_is_refused_naming_the_entry(edit: Edit, says: str) -> None:
    assert says in _refusal("amsterdam", edit)


def test_a_ticket_deck_the_board_cannot_complete_is_refused_on_load() -> None:
    data: Data = json.loads(_raw("amsterdam"))
    data["ticket_deck"].update(min_points=9, max_points=9)  # 2 pairs of places lie 9 apart
    decoded = decode_map("maps/broken.json", json.dumps(data).encode())
    with pytest.raises(MapError, match="ticket_deck: too few place pairs"):
        board_from_map(decoded)


@pytest.mark.parametrize(("edit", "says"), [
    (_set("features.piece_split.box", {"trains": 25}), "features.piece_split: the box names"),
    (_set("features.piece_split.supply", 61), "features.piece_split: the box names"),
    (_set("features.piece_split.box.trains", 19), "features.piece_split: the box names"),
    (_set("features.harbors.cards", {"boat": 4}),
     "features.harbors: harbors cost cards of known decks and score points"),
    (_set("features.harbors.points", []), "features.harbors: harbors cost cards of known"),
    (_set("routes.0.double_spaces", 1), "double_spaces must be between 0 and 6, on rail"),
    (lambda d: next(r for r in d["routes"] if (r["a"], r["b"]) == ("lahore", "beijing")).update(
        double_spaces=4), "routes[74] (lahore-beijing): double_spaces must be between 0 and 3"),
    (_set("tickets.63.penalty", None), "a tour has any-order points and a penalty"),
    (_set("rules.market.kind", "one-deck"), "a market of several decks is refilled as chosen"),
    # a station is paid as a colour and Locomotives: World's anchor train cards could not
    (_set("features.stations", {"count": 3, "costs": [1, 2, 3], "bonus": 4, "section": "-"}),
     "features.stations: stations are paid as a colour and Locomotives: one train card"),
    # World §3.1 Resolved: no draw with every pile empty, face-up cards or not
    (_set("rules.market.face_up_without_piles", True),
     "rules.market.face_up_without_piles: the chosen market takes no card when every pile"),
    (lambda d: [c.update(ships=0) for c in d["cards"] if c.get("ships")],
     "routes[0] (cambridge-bay-anchorage): a sea route needs ship cards"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_a_broken_world_is_refused_naming_the_entry(edit: Edit, says: str) -> None:
    assert says in _refusal("world", edit)
