"""The map file schema: a broken map is refused on load, naming the file and the entry."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from domain.ticket_to_ride.board import board_from_map, load_board, map_ids
from domain.ticket_to_ride.mapfile import MapError, decode_map

Data = dict[str, Any]
EUROPE = (resources.files("domain.ticket_to_ride") / "maps" / "europe.json").read_bytes()


def _europe() -> Data:
    data: Data = json.loads(EUROPE)
    return data


def _refusal(edit: Callable[[Data], None]) -> str:
    data = _europe()
    edit(data)
    with pytest.raises(MapError) as refused:
        decode_map("maps/broken.json", json.dumps(data).encode())
    return str(refused.value)


def test_every_shipped_map_decodes_and_its_board_matches_the_file() -> None:
    for map_id in map_ids():
        board = load_board(map_id)
        assert board.map.id == map_id == board.id
        assert len(board.route_length) == len(board.map.routes) > 0
    europe = load_board("europe")
    assert (europe.city_ids[europe.route_a[0]], europe.city_ids[europe.route_b[0]]) == (
        "amsterdam", "bruxelles")
    again = board_from_map(decode_map("europe.json", EUROPE))
    assert again is not europe and again.digest == europe.digest
    assert (again.route_tracks, again.ticket_cities) == (europe.route_tracks, europe.ticket_cities)


def test_the_digest_ignores_layout_but_not_data() -> None:
    data = _europe()
    relaid = decode_map("x", json.dumps(data, indent=None, sort_keys=True).encode())
    assert relaid.digest == load_board("europe").digest
    data["routes"][0]["length"] = 2
    assert decode_map("x", json.dumps(data).encode()).digest != relaid.digest


def _set(path: str, value: Any) -> Callable[[Data], None]:
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


def test_an_unknown_city_in_a_route_is_named() -> None:
    message = _refusal(_set("routes.3.b", "londres"))
    assert message.startswith("maps/broken.json: routes[3] (amsterdam-londres)")
    assert "unknown city 'londres'" in message


def test_an_unknown_city_in_a_ticket_is_named() -> None:
    message = _refusal(_set("tickets.5.cities", ["paris", "atlantis"]))
    assert "maps/broken.json: tickets[5] (paris-atlantis)" in message
    assert "unknown city 'atlantis'" in message


def test_a_duplicate_city_id_is_named() -> None:
    def duplicate(data: Data) -> None:
        data["cities"].append(dict(data["cities"][0]))

    message = _refusal(duplicate)
    assert "cities[47]" in message and "duplicate city id 'amsterdam'" in message


def test_a_bad_colour_is_named() -> None:
    message = _refusal(_set("routes.0.colour", "pink"))
    assert "routes[0] (amsterdam-bruxelles)" in message and "'pink'" in message


def test_a_length_missing_from_the_route_table_is_named() -> None:
    message = _refusal(_set("routes.2.length", 5))
    assert "routes[2] (amsterdam-frankfurt)" in message
    assert "route_points has no entry for length 5" in message


def test_a_missing_field_a_wrong_type_and_an_unknown_field_are_named_by_path() -> None:
    def drop_length(data: Data) -> None:
        del data["routes"][4]["length"]

    assert "`$.routes[4]`" in _refusal(drop_length) and "length" in _refusal(drop_length)
    assert "$.routes[1].length" in _refusal(_set("routes.1.length", "3"))
    assert "$.cities[2]" in _refusal(_set("cities.2.population", 1))
    assert "$.routes[6].kind" in _refusal(_set("routes.6.kind", "monorail"))


def test_a_one_city_ticket_and_a_variant_naming_no_ticket_group_are_refused() -> None:
    assert "two or more different cities" in _refusal(_set("tickets.0.cities", ["paris"]))
    message = _refusal(_set("variants.standard.regular_tickets", ["base-regular", "bonus"]))
    assert "variants.standard" in message and "'bonus'" in message
    message = _refusal(_set("options.long-1912-tickets.variants", ["standard", "express"]))
    assert "options.long-1912-tickets" in message and "'express'" in message


def test_a_file_that_is_not_json_is_named() -> None:
    with pytest.raises(MapError, match=r"^maps/broken.json: "):
        decode_map("maps/broken.json", b"{\"id\": ")


def test_a_variant_whose_decks_cannot_deal_every_seat_is_refused() -> None:
    message = _refusal(_set("variants.mega-europe.long_dealt", 3))
    assert "variants.mega-europe" in message and "cannot deal 3 to 5 players" in message


def test_a_route_s_piece_kind_and_the_end_s_kinds_must_be_declared() -> None:
    message = _refusal(_set("routes.0.piece", "ships"))
    assert "routes[0] (amsterdam-bruxelles)" in message and "'ships'" in message
    assert "no route piece kind" in _refusal(_set("routes.0.piece", "stations"))
    assert "rules.end_pieces[1]" in _refusal(_set("rules.end_pieces", ["trains", "ships"]))
    assert "own fields" in _refusal(_set("rules.pieces", {"trains": 10}))
    accepted = _europe()
    accepted["rules"]["pieces"] = {"ships": 10}
    accepted["routes"][0]["piece"] = "ships"
    board = board_from_map(decode_map("x", json.dumps(accepted).encode()))
    assert board.route_piece[:2] == (2, 0)  # trains 0, stations 1, then the map's own


def _with_catalogue(data: Data) -> None:
    """Europe's one deck declared as a catalogue, plus a ship deck of two kinds."""
    rules = data["rules"]
    rules["market"] = "chosen"
    rules["hand"], rules["face_up"] = 5, 6
    data["decks"] = [{"id": "train", "hand": 4, "face_up": 4},
                     {"id": "ship", "hand": 1, "face_up": 2}]
    data["cards"] = [{"name": c, "count": 12, "colour": c} for c in data["card_colours"]]
    data["cards"] += [{"name": "locomotive", "count": 14, "wild": True},
                      {"name": "red-ship", "count": 5, "deck": "ship", "colour": "red",
                       "ships": 1, "anchor": True},
                      {"name": "red-double", "count": 5, "deck": "ship", "colour": "red",
                       "ships": 2}]


def test_a_card_catalogue_gives_each_kind_its_deck_colour_ships_and_anchor() -> None:
    data = _europe()
    _with_catalogue(data)
    board = board_from_map(decode_map("x", json.dumps(data).encode()))
    europe = load_board("europe")
    assert board.card_names[: europe.locomotive + 1] == europe.card_names
    assert board.locomotive == europe.locomotive == 8 and board.deck_ids == ("train", "ship")
    assert board.card_deck[8:] == (0, 1, 1) and board.card_ships[8:] == (0, 1, 2)
    assert board.card_anchor[8:] == (False, True, False)
    assert board.card_colour[7:] == (7, -1, 7, 7)
    assert (board.deck_hand, board.deck_face_up) == ((4, 1), (4, 2))
    # Europe's own: one deck, the counts of its rules, nothing in its file
    assert europe.deck_ids == ("train",) and europe.card_count == (12,) * 8 + (14,)
    assert "cards" not in json.loads(EUROPE) and "decks" not in json.loads(EUROPE)


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda d: d["cards"].pop(0), "a train card of each colour, then the wild"),
        (lambda d: d["cards"][9].update(deck="boat"), "unknown deck 'boat'"),
        (lambda d: d["cards"][9].update(colour="pink"), "one of the card colours, or is wild"),
        (lambda d: d["cards"][10].update(name="red-ship"), "card names must be distinct"),
        (lambda d: d["cards"][10].update(colour="", wild=True), "one wild card kind"),
        (lambda d: d["decks"][1].update(hand=2), "add up to rules.hand"),
        (lambda d: d["rules"].pop("market"), "refilled as chosen"),
        (lambda d: d.pop("decks"), "both its decks and its cards, or neither"),
    ],
)
def test_a_broken_card_catalogue_is_refused_naming_the_entry(
    edit: Callable[[Data], Any], says: str
) -> None:
    def broken(data: Data) -> None:
        _with_catalogue(data)
        edit(data)

    assert says in _refusal(broken)


def test_a_scoring_term_must_be_one_the_engine_knows() -> None:
    message = _refusal(_set("rules.bonus_terms", ["treasure"]))
    assert "rules.bonus_terms[0]" in message and "unknown scoring term 'treasure'" in message


def test_an_option_is_a_boolean_adding_tickets_or_an_integer_setting_one_rule() -> None:
    integer = {"description": "d", "variants": ["standard"], "type": "integer",
               "sets": "trains", "minimum": 20, "maximum": 45}
    assert "integer option sets one rule" in _refusal(
        _set("options", {"x": {**integer, "sets": None}}))
    assert "integer option sets one rule" in _refusal(
        _set("options", {"x": {"description": "d", "variants": ["standard"], "sets": "trains"}}))
    assert "between minimum and maximum" in _refusal(
        _set("options", {"x": {**integer, "maximum": 40}}))
    assert "enum value 'colour'" in _refusal(_set("options", {"x": {**integer, "sets": "colour"}}))


NORTHERN_LIGHTS = (
    resources.files("domain.ticket_to_ride") / "maps" / "northern-lights.json"
).read_bytes()


def _northern_refusal(edit: Callable[[Data], None]) -> str:
    data: Data = json.loads(NORTHERN_LIGHTS)
    edit(data)
    with pytest.raises(MapError) as refused:
        decode_map("maps/broken.json", json.dumps(data).encode())
    return str(refused.value)


def _drop_board_size(data: Data) -> None:
    del data["board_size"]


def _duplicate_goal(data: Data) -> None:
    data["goals"][1]["id"] = data["goals"][0]["id"]


def _no_goal_term(data: Data) -> None:
    data["rules"]["bonus_terms"] = []


@pytest.mark.parametrize(("edit", "expected"), [
    (_set("goals.2.metric", "most-smiles"), "goals[2] (cost-efficiency): unknown metric"),
    (_duplicate_goal, "goals[1]: duplicate goal id 'call-of-the-wild'"),
    (_set("rules.goals_in_play", 12), "rules.goals_in_play: between 0 and the 11 goal cards"),
    (_no_goal_term, "rules.bonus_terms: goal cards in play are scored by the term 'goal-cards'"),
    (_set("routes.79.bonus_cards", -1), "routes[79] (kristiansand-stavanger): bonus_cards"),
    (_drop_board_size, "board_size: cities placed by x and y need the board's size"),
], ids=["metric", "duplicate-goal", "goals-in-play", "goal-term", "bonus-cards", "board-size"])
def test_goal_cards_bonus_routes_and_board_positions_are_checked(
    edit: Callable[[Data], None], expected: str
) -> None:
    assert expected in _northern_refusal(edit)


def test_a_city_without_latitude_needs_every_city_on_the_board() -> None:
    def unplace(data: Data) -> None:
        del data["cities"][0]["x"]  # Ålborg: lat and lon, but no longer every city has x

    message = _northern_refusal(unplace)
    assert "cities[" in message and "give every city x and y, or this one lat and lon" in message


AMSTERDAM = (resources.files("domain.ticket_to_ride") / "maps" / "amsterdam.json").read_bytes()


def _amsterdam_refusal(edit: Callable[[Data], None]) -> str:
    data: Data = json.loads(AMSTERDAM)
    edit(data)
    with pytest.raises(MapError) as refused:
        decode_map("maps/broken.json", json.dumps(data).encode())
    return str(refused.value)


def _no_goods_term(data: Data) -> None:
    data["rules"]["bonus_terms"] = []


def _no_goods_cards(data: Data) -> None:
    del data["rules"]["goods_cards"]
    data["rules"]["bonus_terms"] = []


def _three_player_goods_table_missing(data: Data) -> None:
    del data["rules"]["goods_scoring"]["3"]


def _place_forgotten(data: Data) -> None:
    del data["cities"][0]["position_unknown"]  # Nieuwe Waal: no lat and lon either


def _too_many_tickets(data: Data) -> None:
    data["ticket_deck"]["cards"] = 3


@pytest.mark.parametrize(("edit", "expected"), [
    (_no_goods_term, "rules.goods_cards: goods cards and the goods term come together"),
    (_no_goods_cards, "routes[0] (nieuwe-waal-haringpakkerstoren): a goods route needs"),
    (_three_player_goods_table_missing, "rules.goods_scoring: 3 players need a place for each"),
    (_place_forgotten, "cities[0]: give every city x and y, or this one lat and lon"),
    (_too_many_tickets, "ticket_deck: 4 tickets listed; the box has 3"),
    (_set("ticket_deck.min_points", 7), "ticket_deck: min_points must be at least 1"),
])
def test_goods_and_a_partly_known_deck_are_checked(
    edit: Callable[[Data], None], expected: str
) -> None:
    assert expected in _amsterdam_refusal(edit)


def test_a_deck_the_board_cannot_complete_is_refused_on_load() -> None:
    data: Data = json.loads(AMSTERDAM)
    data["ticket_deck"].update(min_points=9, max_points=9)  # 2 pairs of places lie 9 apart
    decoded = decode_map("maps/broken.json", json.dumps(data).encode())
    with pytest.raises(MapError, match="ticket_deck: too few place pairs"):
        board_from_map(decoded)
