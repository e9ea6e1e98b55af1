"""Refusals through the real app: the catalogue `GET /kinds` serves, and the problems that
say whose turn it is, what is expected, which setup rule was broken and which maps exist.

A command the rules refuse is well formed (the document's schema takes it), so the
refusal is ``409``, a conflict with the game's state, never the ``422`` of a malformed
request: schemathesis' positive-data check (`tests/api/test_schemathesis.py`) once
found a two-player Colt Express ``place-bandits`` naming no bandit of the seat
answered ``422``.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs
from litestar.testing import TestClient

from tests.api.players import open_table
from tests.api.test_errors import problem
from tests.api.test_openapi import REF, document

KNOWN_MAPS = ["amsterdam", "europe", "northern-lights", "world"]


def _catalogue(client: TestClient[Any], kind: str) -> list[dict[str, Any]]:
    (descriptor,) = [d for d in client.get("/kinds").json() if d["kind"] == kind]
    return list(descriptor["refusals"])


def _listed(client: TestClient[Any], kind: str, body: dict[str, Any], map_id: str | None
            ) -> None:
    """The refusal `body` is in the kind's catalogue for `map_id`."""
    assert any((r["code"], r["section"]) == (body["code"], body["section"])
               and (r.get("maps") is None or map_id in r["maps"])
               for r in _catalogue(client, kind)), body


def test_every_kind_lists_its_refusals_with_sections_and_meanings(client: TestClient[Any]
                                                                  ) -> None:
    kinds = {d["kind"]: d for d in client.get("/kinds").json()}
    for kind in ("ticket-to-ride", "colt-express"):
        refusals = kinds[kind]["refusals"]
        maps = {m["id"] for m in kinds[kind]["maps"]}
        assert refusals and all(r["code"] and r["section"] and r["meaning"] for r in refusals)
        assert len({(r["code"], r["section"]) for r in refusals}) == len(refusals)
        assert {m for r in refusals for m in r.get("maps") or []} == maps
    europe = {(r["code"], r["section"]) for r in kinds["ticket-to-ride"]["refusals"]
              if "europe" in r["maps"]}
    assert {("route-taken", "§5.1"), ("not-your-turn", "§3"), ("tunnel-pending", "§5.4")
            } <= europe
    amsterdam = {(r["code"], r["section"]) for r in kinds["ticket-to-ride"]["refusals"]
                 if "amsterdam" in r["maps"]}
    assert ("route-taken", "§3.B") in amsterdam and ("route-taken", "§5.1") not in amsterdam


def test_colt_express_out_of_turn_names_the_seat_to_act(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 3)
    (acting,) = table.public()["to_act"]
    other = (acting + 1) % 3
    body = problem(table.command(other, {"type": "draw-cards"}), 409, "not-your-turn")
    assert body["to_act"] == [acting]
    assert body["detail"] == f"seat {other} may not act now: it is seat {acting}'s turn"
    _listed(client, "colt-express", body, None)


def test_colt_express_out_of_phase_names_what_it_waits_for(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 3)
    (acting,) = table.public()["to_act"]
    legal = sorted({m["command"]["type"] for m in table.me(acting)["legal_moves"]})
    before = table.public()["version"]
    answer = table.command(acting, {"type": "place-bandits", "caboose": "ghost"})
    body = problem(answer, 409, "unexpected-command")
    assert body["expected"] == legal == ["draw-cards", "play-card"]
    assert body["to_act"] == [acting] and body["section"] == "§4"
    assert "a Schemin' action" in body["detail"] and "draw-cards, play-card" in body["detail"]
    assert table.public()["version"] == before
    _listed(client, "colt-express", body, None)


def test_ticket_to_ride_refusals_name_the_seat_to_act_and_what_is_awaited(
    client: TestClient[Any],
) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    early = problem(table.command(0, {"type": "draw-tickets"}), 409, "choose-tickets-first")
    assert early["expected"] == ["choose-tickets"] and early["section"] == "§2.7"
    _listed(client, "ticket-to-ride", early, "europe")
    for seat in (0, 1):  # every seat keeps its tickets first
        me = table.me(seat)
        keep = next(m for m in me["legal_moves"] if m["command"]["type"] == "choose-tickets")
        assert table.command(seat, keep["command"]).status_code == 200
    (acting,) = table.public()["to_act"]
    body = problem(table.command(1 - acting, {"type": "draw-tickets"}), 409, "not-your-turn")
    assert body["to_act"] == [acting] and body["section"] == "§3"
    _listed(client, "ticket-to-ride", body, "europe")


def test_a_bad_setup_cites_the_setup_rule_it_breaks(client: TestClient[Any]) -> None:
    cases = [
        ({"kind": "ticket-to-ride", "seats": 6, "map": "europe"}, "§1 (2-5 players)", "europe"),
        ({"kind": "ticket-to-ride", "seats": 3, "map": "europe", "variant": "nordic"}, "§11",
         "europe"),
        ({"kind": "ticket-to-ride", "seats": 3, "map": "amsterdam", "variant": "mega-europe"},
         "§2", "amsterdam"),
        ({"kind": "colt-express", "seats": 3, "variant": "two-player"}, "§8", None),
        ({"kind": "colt-express", "seats": 3, "options": {"characters": "ghost,ghost,doc"}},
         "§3.7", None),
    ]
    for setup, section, map_id in cases:
        body = problem(client.post("/games", json=setup), 422, "bad-setup")
        assert body["section"] == section, setup
        _listed(client, setup["kind"], body, map_id)
    assert client.get("/games").json()["games"] == []


def test_an_unknown_map_lists_the_maps_there_are(client: TestClient[Any]) -> None:
    created = client.post("/games", json={"kind": "ticket-to-ride", "seats": 3,
                                          "map": "atlantis"})
    body = problem(created, 422, "bad-setup")
    assert body["known"] == KNOWN_MAPS and body["section"] == "§2"
    assert body["detail"] == f"unknown map 'atlantis'; the maps are {', '.join(KNOWN_MAPS)}"
    material = client.get("/kinds/ticket-to-ride/material",
                          params={"seats": 3, "map": "atlantis"})
    assert problem(material, 422, "bad-setup")["known"] == KNOWN_MAPS


def test_a_well_formed_command_the_rules_refuse_is_a_conflict(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 2)
    schema = jsonschema_rs.Draft202012Validator(
        {"$ref": REF + "Command", "components": document()["components"]})
    seat = table.public()["to_act"][0]
    own = {m["command"]["caboose"] for m in table.me(seat)["legal_moves"]}
    theirs = {m["command"]["caboose"] for m in table.me(1 - seat)["legal_moves"]}
    before = table.public()["version"]
    for caboose in (*theirs, "", "nobody"):
        body = {"type": "place-bandits", "caboose": caboose}
        assert schema.is_valid(body) and caboose not in own
        refused = problem(table.command(seat, body), 409, "not-your-bandit")
        assert refused["section"] == "§8"
        assert refused["type"] == "urn:roundhouse:rule:colt-express:not-your-bandit"
        _listed(client, "colt-express", refused, None)
    assert table.public()["version"] == before
    assert table.command(seat, {"type": "place-bandits", "caboose": min(own)}).status_code == 200
