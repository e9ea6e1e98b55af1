"""The Northern Lights map file is the reference's data, field by field (``rules.md`` §1,
§5.1, §5.3, §6 and ``data.json``).

``reference/northern-lights-data.json`` is a verbatim copy of
``shared/reference/northern-lights/data.json``; the map file was transcribed
from it by hand-run script, and this test compares the loaded board (what the
engine plays with, not just the file's text) with every route field, city,
ticket and goal card of the reference, in the reference's order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.ticket_to_ride.board import GRAY, KIND_NAMES, load_board

REFERENCE: dict[str, Any] = json.loads(
    (Path(__file__).parent / "reference" / "northern-lights-data.json").read_text("utf-8"))
NL = load_board("northern-lights")
#: the reference's metrics that the map file states as a general metric and its country
STATED_AS = {"routes-touching-norway": ("routes-touching-country", "norway")}


def test_the_map_is_the_reference_map() -> None:
    assert (NL.id, NL.title) == (REFERENCE["map"], REFERENCE["title"])
    assert list(NL.colours) == ["purple", "blue", "orange", "white", "green", "yellow",
                                "black", "red"]


def test_every_city_is_the_reference_city() -> None:
    cities = REFERENCE["cities"]
    assert list(NL.city_ids) == [c["id"] for c in cities]
    for i, (ours, theirs) in enumerate(zip(NL.map.cities, cities, strict=True)):
        assert (ours.id, ours.name, ours.lat, ours.lon, ours.x, ours.y) == (
            theirs["id"], theirs["name"], theirs.get("lat"), theirs.get("lon"),
            theirs["x"], theirs["y"]), theirs["id"]
        assert (NL.city_country[i], NL.city_capital[i], NL.city_arctic[i]) == (
            theirs["country"], theirs.get("capital", False), theirs.get("arctic", False)
        ), theirs["id"]


def test_every_track_is_the_reference_track() -> None:
    routes = REFERENCE["routes"]
    assert len(NL.route_a) == len(routes) == 161
    for r, theirs in enumerate(routes):
        colour = GRAY if theirs["color"] == "gray" else NL.colours.index(theirs["color"])
        assert (
            NL.city_ids[NL.route_a[r]], NL.city_ids[NL.route_b[r]], NL.route_length[r],
            NL.route_colour[r], KIND_NAMES[NL.route_kind[r]], NL.route_locomotives[r],
            NL.route_bonus[r], NL.route_doubled[r],
        ) == (
            theirs["a"], theirs["b"], theirs["length"], colour, theirs["kind"],
            theirs.get("locomotives", 0), theirs.get("bonus_cards", 0), 0,
        ), (r, theirs)
        assert NL.route_points[r] == REFERENCE["route_scoring"][str(theirs["length"])]


def test_every_ticket_is_the_reference_ticket() -> None:
    tickets = REFERENCE["tickets"]
    assert len(NL.ticket_points) == len(tickets) == 55
    for t, theirs in enumerate(tickets):
        assert (
            [NL.city_ids[c] for c in NL.ticket_cities[t]], NL.ticket_points[t],
            NL.ticket_group[t],
        ) == ([theirs["a"], theirs["b"]], theirs["points"], theirs["deck"]), (t, theirs)


def test_every_goal_card_is_the_reference_card() -> None:
    goals = REFERENCE["goals"]
    goal_cards = NL.map.features.goal_cards
    assert goal_cards is not None
    assert len(goal_cards.cards) == len(goals) == REFERENCE["goals_total"]
    for ours, theirs in zip(goal_cards.cards, goals, strict=True):
        metric, country = STATED_AS.get(theirs["metric"], (theirs["metric"], ""))
        assert (ours.id, ours.card, ours.name, ours.points, ours.metric, ours.country,
                ours.measures) == (theirs["id"], theirs["card"], theirs["name"],
                                   theirs["points"], metric, country, theirs["measures"])
    assert goal_cards.in_play == REFERENCE["goals_in_play"]
    # the award rules (highest value, ties all score, at least 1) are tested in
    # test_goal_cards; this pins the reference's statement of them
    assert REFERENCE["goal_award"]["minimum_value"] == 1


def test_the_route_table_is_the_reference_table() -> None:
    assert NL.map.route_points == {int(k): v for k, v in REFERENCE["route_scoring"].items()}
