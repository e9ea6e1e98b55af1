"""The OpenAPI document: committed up to date, exact for strict clients, served with docs."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import msgspec
import pytest
from litestar.testing import TestClient

from domain.registry import kinds
from service.api.app import create_app
from service.api.kind_schemas import KIND_ANSWERS
from service.api.setups import component_name
from service.cli import openapi_document
from service.settings import Settings
from tests.audit.test_archive import LOGS

COMMITTED = Path(__file__).parents[2] / "api-spec" / "openapi.json"
REF = "#/components/schemas/"


def document() -> dict[str, Any]:
    loaded: dict[str, Any] = msgspec.json.decode(openapi_document())
    return loaded


def test_committed_document_is_current() -> None:
    assert COMMITTED.read_bytes() == openapi_document(), (
        "api-spec/openapi.json is stale: run `roundhouse openapi`"
    )


def test_tagged_unions_carry_their_discriminator() -> None:
    schemas = document()["components"]["schemas"]
    for kind in kinds():
        name = "".join(p.capitalize() for p in kind.split("-"))
        for role in ("Command", "Event"):
            union = schemas[f"{name}{role}"]
            refs = {option["$ref"] for option in union["anyOf"]}
            assert union["discriminator"]["propertyName"] == "type"
            assert set(union["discriminator"]["mapping"].values()) == refs
        for ref in schemas[f"{name}Command"]["anyOf"]:
            command = schemas[ref["$ref"].rsplit("/", 1)[1]]
            assert command["additionalProperties"] is False, command["title"]


def test_bodies_refuse_unknown_fields_and_errors_are_problems() -> None:
    spec = document()
    schemas = spec["components"]["schemas"]
    create = schemas["CreateGame"]
    said_kinds = set()
    for target in create["anyOf"]:
        member = schemas[target["$ref"].rsplit("/", 1)[1]]
        for option in member["anyOf"]:
            shape = schemas[option["$ref"].rsplit("/", 1)[1]]
            assert shape["additionalProperties"] is False, shape["title"]
            assert shape["title"] == option["$ref"].rsplit("/", 1)[1]  # generators name by it
            said_kinds.add(shape["properties"]["kind"]["const"])
            assert shape["properties"]["options"]["additionalProperties"] is False
    assert said_kinds == set(kinds())
    assert schemas["JoinSeat"]["additionalProperties"] is False
    commands = spec["paths"]["/games/{game_id}/commands"]["post"]
    assert commands["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Command"
    }
    assert {"401", "404", "409", "412", "422"} <= set(commands["responses"])
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                if status[0] in "45":
                    assert list(response["content"]) == ["application/problem+json"], (
                        method, path, status)
                    assert status != "400"


def test_served_document_and_docs_ui(tmp_path: Path) -> None:
    app = create_app(Settings(store=f"sqlite:///{tmp_path / 'x.db'}"))
    with TestClient(app) as client:
        served = client.get("/schema/openapi.json")
        assert served.status_code == 200
        assert served.json() == document()
        ui = client.get("/schema")
        assert ui.status_code == 200 and "text/html" in ui.headers["content-type"]


def test_operation_ids_are_a_verb_and_what_it_acts_on() -> None:
    """Generated clients name their calls by them (``get_game``, ``getGame``): no stutter
    of path and handler (``GamesGameIdMeMe``), each once."""
    ids = [operation["operationId"] for item in document()["paths"].values()
           for operation in item.values()]
    assert len(ids) == len(set(ids))
    for operation_id in ids:
        assert re.fullmatch(r"[a-z]+(?:[A-Z0-9][a-z0-9]*)*", operation_id), operation_id
        words = re.findall(r"[A-Z]?[a-z0-9]+", operation_id)
        assert all(a != b for a, b in itertools.pairwise(words)), operation_id
    assert {"getGame", "getMe", "health", "createGame", "sendCommand"} <= set(ids)


def test_every_answer_about_one_game_is_a_union_by_kind() -> None:
    """A client narrows a game, its view, moves, events and records by ``kind``."""
    schemas = document()["components"]["schemas"]
    for answer in KIND_ANSWERS:
        union = schemas[answer]
        assert union["discriminator"]["propertyName"] == "kind"
        assert sorted(union["discriminator"]["mapping"]) == sorted(kinds())
        for kind, target in union["discriminator"]["mapping"].items():
            member = schemas[target.rsplit("/", 1)[1]]
            assert member["properties"]["kind"]["const"] == kind
            assert "kind" in member["required"], target
    for kind in kinds():
        name = component_name(kind)
        record = schemas[f"{name}Record"]["properties"]
        assert record["events"]["items"] == {"$ref": REF + f"{name}Event"}
        assert {"$ref": REF + f"{name}Command"} in record["payload"]["anyOf"]
        page = schemas[f"{name}EventsPage"]["properties"]
        assert page["records"]["items"] == {"$ref": REF + f"{name}Record"}
    assert "Record" not in schemas  # a record is always one kind's
    prefixes = [component_name(kind) for kind in kinds()]
    for name, schema in schemas.items():  # generators name their models by title
        assert schema.get("title", name) == name
        # one pattern per kind: no GameStarted beside ColtExpressGameStarted
        assert not any(f"{prefix}{name}" in schemas for prefix in prefixes
                       if name not in ("Command", *KIND_ANSWERS)), name


@pytest.mark.parametrize("log", LOGS, ids=[f"{p.parent.name}/{p.stem}" for p in LOGS])
def test_recorded_logs_are_what_their_kind_s_record_schema_says(log: Path) -> None:
    """Every record of the logs earlier builds wrote (a finished game's records are sent
    as stored) fits its kind's record schema: payloads by record type, events by kind."""
    spec = document()
    records = [msgspec.json.decode(line) for line in log.read_bytes().splitlines() if line]
    name = component_name(records[0]["payload"]["kind"])
    validator = jsonschema_rs.Draft202012Validator(
        {"$ref": REF + f"{name}Record", "components": spec["components"]})
    for record in records:
        errors = [str(e) for e in validator.iter_errors(record)]
        assert not errors, (record["version"], errors[:3])
    assert not validator.is_valid({**records[-1], "events": [{"type": "no-such-event"}]})
    assert not validator.is_valid({**records[0], "payload": {"kind": 3}})


def _objects(node: Any) -> Iterator[dict[str, Any]]:
    """Every object schema (one with ``properties``) in `node`, nested ones too."""
    if isinstance(node, list):
        for each in node:
            yield from _objects(each)
    elif isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            yield node
        for value in node.values():
            yield from _objects(value)


def test_a_default_is_said_in_words_so_that_a_property_left_out_stays_optional() -> None:
    """Generators read ``default`` as "always there" (openapi-typescript makes such a
    property required): no property carries one; one a request may leave out, or an
    answer may lack, is outside ``required`` and its description says its default."""
    schemas = document()["components"]["schemas"]
    for shape in _objects(schemas):
        for field, prop in shape["properties"].items():
            assert "default" not in prop, (shape.get("title"), field)
    optional = {
        "CreateGameTicketToRideEuropeStandard": {
            "seed_entropy": "null", "seed": "null", "listed": "true", "private": "false",
            "clock": "null"},
        "JoinSeat": {"invite_code": "null"},
        "SeatBot": {"strategy": '"greedy"', "name": "null"},
        "ClaimRoute": {"locomotives": "0", "colour": "null", "cards": "null"},
        "DrawCard": {"slot": "null"},
        "PlayCard": {"face_down": "false"},
        "Punch": {"take_purse": "false"},
        "TicketToRidePublicView": {"goals": "null"},  # left out on maps without them
    }
    for name, fields in optional.items():
        for field, default in fields.items():
            assert field not in schemas[name].get("required", []), (name, field)
            described = schemas[name]["properties"][field]["description"]
            assert described.endswith(f"Default: {default}"), (name, field, described)


def test_kind_views_carry_their_kind_as_a_literal() -> None:
    schemas = document()["components"]["schemas"]
    for kind in kinds():
        view = schemas[f"{component_name(kind)}PublicView"]
        assert view["properties"]["kind"]["enum"] == [kind]
        assert "kind" in view["required"]


def test_a_refused_parameter_is_typed_in_the_problem(tmp_path: Path) -> None:
    """``Problem.errors`` lists `ParameterError`s, as the server sends them."""
    spec = document()
    schemas = spec["components"]["schemas"]
    assert schemas["Problem"]["properties"]["errors"]["anyOf"][0]["items"] == {
        "$ref": REF + "ParameterError"}
    validator = jsonschema_rs.Draft202012Validator(
        {"$ref": REF + "Problem", "components": spec["components"]})
    app = create_app(Settings(store=f"sqlite:///{tmp_path / 'x.db'}"))
    with TestClient(app) as client:
        refused = client.get("/games", params={"limit": "many"})
    assert refused.status_code == 422
    problem = refused.json()
    assert [(e["key"], e["source"]) for e in problem["errors"]] == [("limit", "query")]
    assert not [str(e) for e in validator.iter_errors(problem)]
    assert not validator.is_valid({**problem, "errors": [{"key": "limit"}]})
