"""Each kind's setup rules as JSON Schema, generated from its descriptor (`GET /kinds`).

`POST /games` takes one `CreateGame` struct for every kind; which seat counts,
maps, variants and options a kind takes is its rules' business
(`check_setup`). The OpenAPI document states those rules all the same, so
that a client (or a fuzzer) knows before it asks: the body is a union
discriminated by ``kind``, each kind's member the setups its descriptor allows
(`setup_shapes`), and ``GET /kinds/{kind}/material`` is one path per kind with
its own parameter ranges (`material_operations`). Nothing here names a kind,
map or variant: a new map or option appears by itself.

What a parameter list cannot say (a variant's seat range, for the material's
query) is said in the variant parameter's description.
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


def setup_shapes(descriptor: KindDescriptor, shared: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON Schemas of the `POST /games` bodies this kind takes, one per kind of setup.

    One per map and variant (and per seat count where an option's pattern
    depends on it). A map or variant other than the default must be named;
    the defaults may be named or left out. `shared` holds the schemas of the
    fields every body has (`SETUP_FIELDS` aside).
    """
    shapes = []
    boards: list[MapDescriptor | None] = [*descriptor.maps] or [None]
    for board in boards:
        if board is None:
            map_schema: dict[str, Any] = {"type": "null", "description": "This kind has no maps"}
        else:
            is_default = board.id == descriptor.default_map
            map_schema = {
                "enum": [board.id, None] if is_default else [board.id],
                "description": f"{board.title}" + (" (the default: null or left out)"
                                                   if is_default else ""),
            }
        options = [o for o in descriptor.options
                   if o.maps is None or (board is not None and board.id in o.maps)]
        by_seat = any(o.patterns for o in options)
        for variant, is_default_variant, low, high in _variants(descriptor, board):
            if variant is None:
                variant_schema: dict[str, Any] = {"type": "null", "description": "No variant"}
            else:
                variant_schema = {
                    "enum": [variant, None] if is_default_variant else [variant],
                    "description": f"The variant {variant}" + (
                        " (the default: null or left out)" if is_default_variant else ""),
                }
            for seats_low, seats_high in (
                [(n, n) for n in range(low, high + 1)] if by_seat else [(low, high)]
            ):
                seats = seats_low if seats_low == seats_high else None
                required = ["kind", "seats"]
                if board is not None and board.id != descriptor.default_map:
                    required.append("map")
                if variant is not None and not is_default_variant:
                    required.append("variant")
                shapes.append({
                    "type": "object",
                    "title": _title(descriptor, board, variant, seats_low, seats_high),
                    "additionalProperties": False,
                    "required": required,
                    "properties": {
                        "kind": {"type": "string", "enum": [descriptor.kind],
                                 "description": f"{descriptor.title}"},
                        "seats": _seats(seats_low, seats_high),
                        "map": map_schema,
                        "variant": variant_schema,
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
                    },
                })
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
        schema: dict[str, Any] = shapes[0] if len(shapes) == 1 else {"anyOf": shapes}
        schema["description"] = (
            f"A game of {descriptor.title}: the seat counts, maps, variants and options its "
            "rules take (GET /kinds)")
        components[name] = schema
        mapping[descriptor.kind] = ref.format(name=name)
    components["CreateGame"] = {
        "description": create.get("description", ""),
        "oneOf": [{"$ref": target} for target in mapping.values()],
        "discriminator": {"propertyName": "kind", "mapping": mapping},
    }
    return components


def material_operations(
    template: dict[str, Any], descriptors: list[KindDescriptor]
) -> dict[str, dict[str, Any]]:
    """``GET /kinds/{kind}/material`` as one path per kind, with that kind's parameters."""
    paths = {}
    for descriptor in sorted(descriptors, key=lambda d: d.kind):
        operation = copy.deepcopy(template)
        operation["operationId"] = f"{operation['operationId']}{component_name(descriptor.kind)}"
        maps = [m.id for m in descriptor.maps]
        variants = sorted({v.id for m in descriptor.maps for v in m.variants}
                          | {v.id for v in descriptor.variants})
        kept = []
        for parameter in operation.get("parameters", []):
            name, schema = parameter["name"], parameter["schema"]
            if name == "kind":
                continue
            if name == "seats":
                schema.update(minimum=descriptor.min_seats, maximum=descriptor.max_seats)
            elif name == "map":
                if not maps:
                    continue  # a kind without maps takes none
                schema.pop("pattern", None)
                schema["enum"] = maps
            elif name == "variant":
                if not variants:
                    continue
                schema.pop("pattern", None)
                schema["enum"] = variants
                parameter["description"] = _variant_parameter(descriptor)
            kept.append(parameter)
        operation["parameters"] = kept
        paths[f"/kinds/{descriptor.kind}/material"] = {"get": operation}
    return paths


def _variant_parameter(descriptor: KindDescriptor) -> str:
    """The variant parameter's description: its default and the seats each variant is for."""
    said = []
    for board in descriptor.maps:
        names = ", ".join(v.id for v in [*board.variants, *descriptor.variants])
        default = f", the default {board.default_variant}" if board.default_variant else ""
        said.append(f"{board.id} has {names}{default}")
    for variant in [*(v for m in descriptor.maps for v in m.variants), *descriptor.variants]:
        if variant.min_seats is not None or variant.max_seats is not None:
            low = variant.min_seats or descriptor.min_seats
            high = variant.max_seats or descriptor.max_seats
            seats = str(low) if low == high else f"{low} to {high}"
            said.append(f"{variant.id} is only for {seats} seats")
    return "A variant of the kind" + (f" ({'; '.join(said)})" if said else "")
