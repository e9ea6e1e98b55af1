"""The API contract's findings (issue 13), each by its reproduction: what the document
says is what the server does, both ways, and refusals speak the client's words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.registry import kinds
from service.api.app import create_app
from service.cli import openapi_document
from service.settings import Settings
from tests.api.players import open_table

PROBLEM = "application/problem+json"
REF = "#/components/schemas/"
JSON = {"content-type": "application/json"}


def problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["status"] == status and body["code"] == code, body
    return body


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = msgspec.json.decode(openapi_document())
    return loaded


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient[Any]]:
    # bodies up to 16 MB, so that the huge strings reach the decoders and the rules
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}", max_body_bytes=16 << 20)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def shapes(document: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    schemas = document["components"]["schemas"]
    target = "CreateGame" + "".join(part.capitalize() for part in kind.split("-"))
    assert {"$ref": REF + target} in schemas["CreateGame"]["anyOf"]
    return [schemas[option["$ref"].rsplit("/", 1)[1]] for option in schemas[target]["anyOf"]]


def named(shape: dict[str, Any], field: str) -> str | None:
    """The map or variant a create-game shape names (None: it has no such field)."""
    schema = shape["properties"].get(field, {})
    value: str | None = next((o["const"] for o in schema.get("anyOf", [schema]) if "const" in o),
                             None)
    return value


# -- the schema states each kind's setup rules -----------------------------------------------


def test_each_kind_s_seat_range_maps_and_variants_are_in_the_schema(
    document: dict[str, Any],
) -> None:
    for kind, rules in kinds().items():
        descriptor = rules.descriptor
        seats = [(s["properties"]["seats"]["minimum"], s["properties"]["seats"]["maximum"])
                 for s in shapes(document, kind)]
        assert min(low for low, _ in seats) == descriptor.min_seats
        assert max(high for _, high in seats) == descriptor.max_seats
        maps = {named(s, "map") for s in shapes(document, kind)}
        assert maps - {None} == {m.id for m in descriptor.maps}
        variants = {named(s, "variant") for s in shapes(document, kind)} - {None}
        assert variants == ({v.id for m in descriptor.maps for v in m.variants}
                            | {v.id for v in descriptor.variants})


def test_a_new_map_appears_in_the_schema_by_itself(tmp_path: Path) -> None:
    """The enums come from the descriptors: a map the rules are given is in the document."""
    from domain.ticket_to_ride.board import load_board
    from domain.ticket_to_ride.rules import TicketToRideRules
    from service.store.games import GameStore
    from tests.domain.ticket_to_ride.synthetic import BOARD

    rules = TicketToRideRules({"europe": load_board("europe"), BOARD.id: BOARD})
    store = GameStore(f"sqlite:///{tmp_path / 'x.db'}", {"ticket-to-ride": rules})
    app = create_app(Settings(store=f"sqlite:///{tmp_path / 'x.db'}"), store=store)
    with TestClient(app) as client:
        served = client.get("/schema/openapi.json").json()
        (synthetic,) = [s for s in shapes(served, "ticket-to-ride")
                        if named(s, "map") == BOARD.id]
        assert "map" in synthetic["required"]  # not the default map: it must be named
        seats = synthetic["properties"]["seats"]["minimum"]
        body = {"kind": "ticket-to-ride", "seats": seats, "map": BOARD.id}
        if "variant" in synthetic["required"]:
            body["variant"] = named(synthetic, "variant")
        assert client.post("/games", json=body).status_code == 201
    assert {named(s, "map") for s in shapes(served, "ticket-to-ride")} == {"europe", BOARD.id}


def test_colt_express_for_one_seat_is_refused_and_the_schema_says_so(
    client: TestClient[Any], document: dict[str, Any],
) -> None:
    assert all(s["properties"]["seats"]["minimum"] >= 2 for s in shapes(document, "colt-express"))
    problem(client.post("/games", json={"kind": "colt-express", "seats": 1}), 422, "bad-setup")
    material = document["paths"]["/kinds/colt-express/material"]["get"]
    (seats,) = [p for p in material["parameters"] if p["name"] == "seats"]
    assert (seats["schema"]["minimum"], seats["schema"]["maximum"]) == (2, 6)
    problem(client.get("/kinds/colt-express/material", params={"seats": 1}), 422, "bad-setup")
    assert client.get("/kinds/colt-express/material", params={"seats": 2}).status_code == 200
    assert "/kinds/{kind}/material" not in document["paths"]


def test_the_two_player_variant_and_the_characters_option_are_exact(
    client: TestClient[Any], document: dict[str, Any],
) -> None:
    two_player = [s for s in shapes(document, "colt-express")
                  if named(s, "variant") == "two-player"]
    assert [s["properties"]["seats"]["maximum"] for s in two_player] == [2]
    three = [s for s in shapes(document, "colt-express")
             if s["properties"]["seats"]["minimum"] == 3 and "variant" not in s["required"]]
    pattern = three[0]["properties"]["options"]["properties"]["characters"]["pattern"]
    for value, takes in (("random", True), ("ghost,doc,tuco", True), ("ghost,doc", False),
                         ("ghost,ghost,doc", False), ("ghost,doc,nobody", False)):
        assert bool(re.match(pattern, value)) is takes, value
        answer = client.post("/games", json={"kind": "colt-express", "seats": 3,
                                             "options": {"characters": value}})
        assert answer.status_code == (201 if takes else 422), (value, answer.text)
    problem(client.post("/games", json={"kind": "colt-express", "seats": 3,
                                        "variant": "two-player"}), 422, "bad-setup")


def test_a_new_game_s_setup_names_the_defaults_it_plays(client: TestClient[Any]) -> None:
    created = client.post("/games", json={"kind": "ticket-to-ride", "seats": 2}).json()
    assert (created["setup"]["map"], created["setup"]["variant"]) == ("europe", "standard")
    lobby = client.get("/games", params={"map": "europe"}).json()["games"]
    assert [g["id"] for g in lobby] == [created["id"]]
    colt = client.post("/games", json={"kind": "colt-express", "seats": 3}).json()
    assert (colt["setup"]["map"], colt["setup"]["variant"]) == (None, None)
    material = client.get("/kinds/ticket-to-ride/material", params={"seats": 3}).json()
    assert (material["setup"]["map"], material["setup"]["variant"]) == ("europe", "standard")


# -- what the schema allows the server takes --------------------------------------------------


def test_if_match_is_what_its_pattern_says(client: TestClient[Any],
                                           document: dict[str, Any]) -> None:
    operation = document["paths"]["/games/{game_id}/commands"]["post"]
    (header,) = [p for p in operation["parameters"] if p["name"] == "If-Match"]
    pattern = re.compile(header["schema"]["pattern"])
    table = open_table(client, "colt-express", 3)
    version = table.public()["version"]
    for value in ("", "soon", '""', "W/7"):
        assert not pattern.match(value)
        problem(table.command(0, {"type": "draw-cards"}, **{"If-Match": value}), 422,
                "invalid-if-match")
    for value in (f'"{version - 1}"', f"{version - 1}", f'W/"{version - 1}"'):
        assert pattern.match(value)
        problem(table.command(0, {"type": "draw-cards"}, **{"If-Match": value}), 412,
                "version-mismatch")
    assert table.public()["version"] == version


def test_every_cursor_the_pattern_admits_is_taken(client: TestClient[Any],
                                                  document: dict[str, Any]) -> None:
    (cursor,) = [p for p in document["paths"]["/games"]["get"]["parameters"]
                 if p["name"] == "cursor"]
    pattern = re.compile(cursor["schema"]["pattern"])
    for _ in range(3):
        client.post("/games", json={"kind": "colt-express", "seats": 3})
    first = client.get("/games", params={"limit": 2}).json()
    assert pattern.match(first["next"])
    rest = client.get("/games", params={"limit": 2, "cursor": first["next"]}).json()
    assert len(rest["games"]) == 1 and rest["next"] is None
    made_up = "0~00000000-0000-0000-0000-000000000000"
    assert pattern.match(made_up)
    assert client.get("/games", params={"cursor": made_up}).json() == {"games": [], "next": None}
    problem(client.get("/games", params={"cursor": "not-a-cursor"}), 422, "invalid-cursor")


def test_a_missing_token_is_told_first(client: TestClient[Any]) -> None:
    """Without a token, a seat's route says so, before refusing any other part."""
    answer = client.post("/games/x/commands", content=b"x",
                         headers={"content-type": "text/plain", "Idempotency-Key": ""})
    problem(answer, 401, "missing-token")
    problem(client.get("/games/x/me", params={"version": "0"}), 401, "missing-token")


def test_options_lists_every_method_of_a_path(client: TestClient[Any]) -> None:
    allowed = client.options("/games").headers["allow"]
    assert set(allowed.split(", ")) == {"GET", "POST", "OPTIONS"}


def test_an_unknown_schema_path_is_a_problem(client: TestClient[Any]) -> None:
    for path in ("/schema/swagger", "/schema/redoc", "/schema/x/y"):
        problem(client.get(path), 404, "not-found")
    assert client.get("/schema/openapi.json").status_code == 200


# -- refusals: small, and in the wire's words -------------------------------------------------


def test_huge_strings_are_not_echoed(client: TestClient[Any]) -> None:
    huge = "x" * 1_000_000
    answers = [
        client.post("/games", json={"kind": "ticket-to-ride", "seats": 2,
                                    "options": {huge: True}}),
        client.post("/games", json={"kind": huge, "seats": 2}),
    ]
    table = open_table(client, "ticket-to-ride", 2)
    seat = table.public()["to_act"][0]
    answers.append(table.command(seat, {"type": "claim-route", "route": 0, "colour": huge}))
    answers.append(table.command(seat, {"type": "claim-route", "route": 0,
                                        "cards": {huge: 1}}))
    colt = open_table(client, "colt-express", 3)
    answers.append(colt.command(colt.public()["to_act"][0],
                                {"type": "play-card", "card": huge}))
    for answer in answers:
        assert 400 <= answer.status_code < 500, answer.text[:200]
        assert len(answer.content) < 2_000, answer.text[:300]
        assert "x" * 65 not in answer.text


def test_a_9_mb_options_object_is_refused_small(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}")
    options = {f"option-{i}": True for i in range(450_000)}
    body = msgspec.json.encode({"kind": "ticket-to-ride", "seats": 2, "options": options})
    assert len(body) > 9_000_000
    with TestClient(create_app(settings)) as client:
        answer = client.post("/games", content=body, headers=JSON)
        problem(answer, 413, "content-too-large")
        assert len(answer.content) < 1_000
        assert client.get("/games").json()["games"] == []


def test_refusals_name_wire_tags_not_classes(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    for seat in (0, 1):  # the opening: each keeps its first offered tickets
        keep = table.me(seat)["legal_moves"][0]["command"]
        assert table.command(seat, keep).status_code == 200
    seat = table.public()["to_act"][0]
    body = problem(table.command(seat, {"type": "choose-tickets", "keep": [0, 1]}), 409,
                   "not-now")
    assert "'choose-tickets'" in body["detail"] and "ChooseTickets" not in body["detail"]
    colt = open_table(client, "colt-express", 3)
    seat = colt.public()["to_act"][0]
    body = problem(colt.command(seat, {"type": "keep-card", "card": "fire-1"}), 409,
                   "unexpected-command")  # keeping cards is the two-player game's
    assert "'keep-card'" in body["detail"] and "KeepCard" not in body["detail"]


# -- names and types ----------------------------------------------------------------------------


def test_every_kind_names_its_views_and_legal_moves_alike(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    for kind in kinds():
        name = "".join(p.capitalize() for p in kind.split("-"))
        private = schemas[f"{name}PrivateGame"]["properties"]
        public = schemas[f"{name}PublicGame"]["properties"]
        assert private["kind"]["const"] == public["kind"]["const"] == kind
        assert private["legal_moves"]["items"] == {"$ref": REF + f"{name}LegalMove"}
        assert public["view"]["anyOf"][0] == {"$ref": REF + f"{name}PublicView"}
        assert schemas["PublicGame"]["discriminator"]["mapping"][kind] == (
            REF + f"{name}PublicGame")
    assert "Move" not in schemas and "LegalMove" not in schemas


def test_colt_express_phase_is_an_enum_and_the_picture_counts_as_the_view(
    client: TestClient[Any], document: dict[str, Any],
) -> None:
    view = document["components"]["schemas"]["ColtExpressPublicView"]["properties"]
    assert "schemin" in view["phase"]["enum"] and "0-based" in view["round"]["description"]
    table = open_table(client, "colt-express", 3)
    public = table.public()["view"]
    picture = client.get(f"/games/{table.id}/board.svg").text
    assert f'data-round="{public["round"]}"' in picture
    assert f"Round {public['round'] + 1}" in picture


def test_slot_null_is_said_as_json_null(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    said = schemas["DrawCard"]["description"] + schemas["CardDrawn"]["description"]
    assert "None" not in said and "null" in said

