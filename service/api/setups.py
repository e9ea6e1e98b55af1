"""Each kind's setup rules as JSON Schema, generated from its descriptor (`GET /kinds`).

`POST /games` takes one `CreateGame` struct for every kind; which seat counts,
maps, variants and options a kind takes is its rules' business
(`check_setup`). The OpenAPI document states those rules all the same, so
that a client (or a fuzzer) knows before it asks: the body is a union
discriminated by ``kind``, each kind's member the setups its descriptor allows
(`setup_shapes`), and a kind's material is one path per map and variant, with
that setup's seat range (`material_paths`). Nothing here names a kind, map or
variant: a new map or option appears by itself.
"""

from __future__ import annotations

import copy
from typing import Any

from msgspec import json

from domain.kernel.protocol import KindDescriptor, MapDescriptor, OptionDescriptor

#: the fields every kind's setup shares with `CreateGame`, beyond the setup proper
SETUP_FIELDS = ("kind", "seats", "map", "variant", "options")


def component_name(kind: str) -> str:
    """``ticket-to-ride`` -> ``TicketToRide``: how a kind's schemas are named."""
    return "".join(part.capitalize() for part in kind.replace("_", "-").split("-"))


def _seats(low: int, high: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": low, "maximum": high}
    schema["description"] = (
        f"The number of players: {low}" if low == high else
        f"The number of players, {low} to {high}")
    return schema


def _applies(option: OptionDescriptor, variant: str | None) -> bool:
    return option.variants is None or variant in option.variants


def _option(option: OptionDescriptor, variant: str | None, seats: int | None) -> dict[str, Any]:
    """The schema of one option's value with `variant` (None: no variant) and `seats`."""
    schema: dict[str, Any] = {"type": option.type}
    if not _applies(option, variant):
        schema["const"] = False  # a boolean that does not apply here may only be off
    elif option.choices:
        schema["enum"] = list(option.choices)
    elif option.patterns and seats in option.patterns:
        schema["pattern"] = option.patterns[seats]
    if option.minimum is not None:
        schema["minimum"] = option.minimum
    if option.maximum is not None:
        schema["maximum"] = option.maximum
    default = json.encode(option.default).decode()
    schema["description"] = f"{option.description} (default: {default})"
    return schema


def _variants(
    descriptor: KindDescriptor, board: MapDescriptor | None
) -> list[tuple[str | None, bool, int, int]]:
    """``(variant id or None, is it the default, fewest seats, most seats)`` on `board`."""
    low, high = (board.min_seats, board.max_seats) if board else (
        descriptor.min_seats, descriptor.max_seats)
    default = board.default_variant if board else None
    found: list[tuple[str | None, bool, int, int]] = []
    if default is None:
        found.append((None, True, low, high))
    for variant in [*(board.variants if board else []), *descriptor.variants]:
        v_low = max(low, variant.min_seats or low)
        v_high = min(high, variant.max_seats or high)
        if v_low <= v_high:
            found.append((variant.id, variant.id == default, v_low, v_high))
    return found


def _named(value: str, is_default: bool, description: str) -> dict[str, Any]:
    """A map or variant field that names `value` (or, for the default, may be null)."""
    named = {"type": "string", "const": value}
    if not is_default:
        return {**named, "description": description}
    return {"anyOf": [named, {"type": "null"}],
            "description": f"{description} (the default: null or left out)"}


def setup_shapes(
    descriptor: KindDescriptor, shared: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """The JSON Schemas of the `POST /games` bodies this kind takes, by component name.

    One per map and variant (and per seat count where an option's pattern
    depends on it), named ``CreateGame<Kind><Map><Variant>[<N>Seats]``: each
    its own component, as generators want (inline members of a union get
    names from their titles, and the same title twice is a clash). A map or
    variant other than the default must be named; the defaults may be named
    or left out. A kind without maps has no ``map`` field, and a setup without
    variants no ``variant`` (a field that may only be null is one no typed
    client can send). `shared` holds the schemas of the fields every body has
    (`SETUP_FIELDS` aside).
    """
    shapes = {}
    boards: list[MapDescriptor | None] = [*descriptor.maps] or [None]
    for board in boards:
        map_schema: dict[str, Any] | None = None
        if board is not None:
            is_default = board.id == descriptor.default_map
            map_schema = _named(board.id, is_default, f"{board.title}")
        options = [o for o in descriptor.options
                   if o.maps is None or (board is not None and board.id in o.maps)]
        by_seat = any(o.patterns for o in options)
        for variant, is_default_variant, low, high in _variants(descriptor, board):
            variant_schema: dict[str, Any] | None = None
            if variant is not None:
                variant_schema = _named(variant, is_default_variant, f"The variant {variant}")
            for seats_low, seats_high in (
                [(n, n) for n in range(low, high + 1)] if by_seat else [(low, high)]
            ):
                seats = seats_low if seats_low == seats_high else None
                required = ["kind", "seats"]
                if board is not None and board.id != descriptor.default_map:
                    required.append("map")
                if variant is not None and not is_default_variant:
                    required.append("variant")
                properties: dict[str, Any] = {
                    "kind": {"type": "string", "const": descriptor.kind,
                             "description": f"{descriptor.title}"},
                    "seats": _seats(seats_low, seats_high),
                    **({} if map_schema is None else {"map": map_schema}),
                    **({} if variant_schema is None else {"variant": variant_schema}),
                    "options": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            o.name: _option(o, variant, seats) for o in options
                            if o.type == "boolean" or _applies(o, variant)
                        },
                        "description": "Host options by name; one left out has its default",
                    },
                    **copy.deepcopy(shared),
                }
                words = [descriptor.kind, board.id if board else "", variant or "",
                         f"{seats}-seats" if seats else ""]
                name = "CreateGame" + "".join(component_name(w) for w in words)
                shapes[name] = {
                    "type": "object",
                    "title": name,
                    "description": _title(descriptor, board, variant, seats_low, seats_high),
                    "additionalProperties": False,
                    "required": required,
                    "properties": properties,
                }
    return shapes


def _title(
    descriptor: KindDescriptor, board: MapDescriptor | None, variant: str | None, low: int,
    high: int,
) -> str:
    on = [board.id] if board else []
    on += [variant] if variant else []
    seats = f"{low} seats" if low == high else f"{low}-{high} seats"
    return f"{descriptor.title}" + (f" ({', '.join(on)})" if on else "") + f", {seats}"


def create_game_schemas(
    descriptors: list[KindDescriptor], create: dict[str, Any], ref: str
) -> dict[str, Any]:
    """The components for `POST /games`: ``CreateGame`` (the union) and one per kind.

    `create` is the schema of the `CreateGame` struct; `ref` the template of a
    component reference (``#/components/schemas/{name}``).
    """
    shared = {k: v for k, v in create["properties"].items() if k not in SETUP_FIELDS}
    components: dict[str, Any] = {}
    mapping = {}
    for descriptor in sorted(descriptors, key=lambda d: d.kind):
        name = f"CreateGame{component_name(descriptor.kind)}"
        shapes = setup_shapes(descriptor, shared)
        components.update(shapes)
        components[name] = {
            "description": f"A game of {descriptor.title}: the seat counts, maps, variants "
            "and options its rules take (GET /kinds)",
            "anyOf": [{"$ref": ref.format(name=shape)} for shape in shapes],
        }
        mapping[descriptor.kind] = ref.format(name=name)
    # no discriminator: one names a single schema per kind, and each kind's member is a
    # union of its setups (generators warn of such a mapping); ``kind`` is a literal in
    # every setup, so a typed client narrows by it all the same
    components["CreateGame"] = {
        "description": create.get("description", ""),
        "anyOf": [{"$ref": target} for target in mapping.values()],
    }
    return components


#: the paths of a kind's material without a game, by what they name
MATERIAL_TEMPLATES = (
    "/kinds/{kind}/maps/{map}/variants/{variant}/material",
    "/kinds/{kind}/variants/{variant}/material",
    "/kinds/{kind}/material",
)


def material_paths(descriptor: KindDescriptor) -> list[tuple[str, str, str, int, int]]:
    """``(path, template path, operation id, fewest seats, most seats)`` per map and variant.

    A setup is a map, a variant and a seat count, and which variants a map has
    and which seat counts a variant takes depend on each other: as query
    parameters of one path they would let a client (or a fuzzer) write
    ``?map=amsterdam&variant=mega-europe`` or ``?seats=5&variant=two-player``, which
    the document could only forbid in prose (OpenAPI has no ``oneOf`` across
    parameters, and generators take none within one). So each map and variant is
    a path of its own, ``/kinds/{kind}/maps/{map}/variants/{variant}/material``
    (``/kinds/{kind}/variants/{variant}/material`` for a kind without maps,
    ``/kinds/{kind}/material`` for its default), whose one parameter, ``seats``,
    has exactly that setup's range: every request the document allows is one the
    server serves.
    """
    found = []
    name = component_name(descriptor.kind)
    boards: list[MapDescriptor | None] = [*descriptor.maps] or [None]
    for board in boards:
        for variant, _, low, high in _variants(descriptor, board):
            if board is not None and variant is None:
                continue  # every map names its variants (MapDescriptor.default_variant)
            template = MATERIAL_TEMPLATES[0 if board else 1 if variant else 2]
            path = template.format(kind=descriptor.kind, map=board and board.id,
                                   variant=variant)
            words = [board.id if board else "", variant or ""]
            operation = f"get{name}" + "".join(component_name(w) for w in words) + "Material"
            found.append((path, template, operation, low, high))
    return found


def material_operations(
    templates: dict[str, dict[str, Any]], descriptors: list[KindDescriptor]
) -> dict[str, dict[str, Any]]:
    """The kinds' material paths (`material_paths`), from litestar's operations by path."""
    paths = {}
    for descriptor in sorted(descriptors, key=lambda d: d.kind):
        for path, template, operation_id, low, high in material_paths(descriptor):
            operation = copy.deepcopy(templates[template])
            operation["operationId"] = operation_id
            kept = []
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" or parameter["name"] in ("map", "variant"):
                    continue  # named by the path itself
                if parameter["name"] == "seats":
                    parameter["schema"].update(minimum=low, maximum=high)
                    parameter["description"] = _seats(low, high)["description"]
                kept.append(parameter)
            operation["parameters"] = kept
            paths[path] = {"get": operation}
    return paths
