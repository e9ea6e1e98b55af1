"""Every property and parameter of the OpenAPI document says what it is."""

from __future__ import annotations

from typing import Any

import msgspec

from service.cli import openapi_document


def undescribed(node: Any, where: str) -> list[str]:
    """The properties under `node` (a schema, at `where`) without a description."""
    found: list[str] = []
    if isinstance(node, dict):
        for name, prop in (node.get("properties") or {}).items():
            if not isinstance(prop, dict) or not prop.get("description"):
                found.append(f"{where}.{name}")
        for key, value in node.items():
            found += undescribed(value, f"{where}/{key}" if key != "properties" else where)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            found += undescribed(item, f"{where}[{index}]")
    return found


def test_every_property_and_parameter_has_a_description() -> None:
    document = msgspec.json.decode(openapi_document())
    missing = []
    for name, schema in document["components"]["schemas"].items():
        missing += undescribed(schema, name)
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for parameter in operation.get("parameters", []):
                if not parameter.get("description"):
                    missing.append(f"{method.upper()} {path} {parameter['name']}")
            missing += undescribed(operation.get("requestBody", {}), f"{method} {path} body")
    assert not missing, f"{len(missing)} without a description: {missing[:40]}"


def test_the_walk_finds_a_property_without_one() -> None:
    """The check itself can fail."""
    schema = {"properties": {"a": {"type": "integer", "description": "A"},
                             "b": {"anyOf": [{"properties": {"c": {}}}]}}}
    assert undescribed(schema, "S") == ["S.b", "S/b/anyOf[0].c"]
