"""The OpenAPI document: committed up to date, exact for strict clients, served with docs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.registry import kinds
from service.api.app import create_app
from service.cli import openapi_document
from service.settings import Settings

COMMITTED = Path(__file__).parents[2] / "api-spec" / "openapi.json"


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
