"""The OpenAPI 3.1 document, made exact for strict clients and fuzzers.

litestar generates the paths, parameters and status codes from the handlers;
its schemas for msgspec structs lose what strict clients need, so
`exact_document` rebuilds them with msgspec's own JSON Schema generator (tagged
unions with a ``discriminator``, ``additionalProperties: false`` for bodies that
refuse unknown fields) and fills in what only the service knows:

* each kind's commands, events, public and private views, legal-move
  entries and material, by kind (named ``<Kind>Command`` etc.), and the
  command request body;
* every error response as ``application/problem+json`` (`Problem`), with the
  refusals every route may give at the edge: ``429`` (rate limit, with
  ``Retry-After``) everywhere but ``/health``, ``431`` (header limits) everywhere,
  ``503`` (the store failing, with ``Retry-After``) everywhere;
* the bearer security scheme, and links that chain create -> seats -> start.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import msgspec
from litestar import Litestar, Request, Response, Router
from litestar.openapi.config import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin

from domain.kernel.protocol import KindDescriptor
from service.api.commands import CommandAnswer
from service.api.docs_page import OfflineScalar
from service.api.events import EVENTS_PAGE_MAX, EventsPage
from service.api.field_docs import GLOSSARY, IN_STRUCT
from service.api.games import (
    LOBBY_PAGE_MAX,
    CreatedGame,
    CreateGame,
    JoinSeat,
    SeatBot,
    SeatToken,
)
from service.api.health import Health, Readiness
from service.api.kind_schemas import RECORD_PAYLOADS, kind_components
from service.api.lobby import LobbyPage, SeatChange
from service.api.material import GameMaterial
from service.api.problem_codes import ProblemCode
from service.api.problems import PROBLEM_MEDIA_TYPE, Problem, make_problem, problem_response
from service.api.setups import (
    MATERIAL_TEMPLATES,
    component_name,
    create_game_schemas,
    material_operations,
)
from service.api.tickets import StreamTicket
from service.api.verifier import GameAudit
from service.audit import AuditReport
from service.settings import Settings
from service.statistics.figures import AcrossGames
from service.statistics.game import GameStatistics
from service.store.games import GameStore
from service.views.game_view import PrivateGame, PublicGame

#: the structs on the wire, by the name litestar gives their components
WIRE_TYPES: dict[str, Any] = {
    t.__name__: t
    for t in (
        CommandAnswer, CreateGame, CreatedGame, EventsPage, Health, JoinSeat, KindDescriptor,
        LobbyPage, PrivateGame, Problem, PublicGame, SeatBot, SeatChange, SeatToken, AuditReport,
        GameAudit, GameMaterial, ProblemCode, Readiness, StreamTicket, AcrossGames,
        GameStatistics,
    )
}
REF = "#/components/schemas/{name}"


class GenericLegalMove(msgspec.Struct, frozen=True):
    """A legal-move entry of a kind that does not publish its type: a command, and more."""

    command: dict[str, Any]


#: each kind's own schemas, by role: the component is ``<Kind><role>``
ROLES = ("Command", "Event", "PublicView", "PrivateView", "LegalMove", "Material")


def _role_types(rules: Any) -> dict[str, Any]:
    types = {
        "Command": rules.command_type, "Event": rules.event_type,
        "PublicView": rules.public_view_type, "PrivateView": rules.private_view_type,
        "LegalMove": getattr(rules, "legal_move_type", None) or GenericLegalMove,
    }
    material = getattr(rules, "material_type", None)
    if material is not None:
        types["Material"] = material
    return types


def _structs(node: Any, found: dict[type[msgspec.Struct], None]) -> None:
    """Every struct type reachable from the `msgspec.inspect` type `node`, into `found`."""
    if isinstance(node, msgspec.inspect.StructType):
        if node.cls in found:
            return
        found[node.cls] = None
        for field in node.fields:
            _structs(field.type, found)
    for attribute in ("types", "item_type", "key_type", "value_type", "type"):
        inner = getattr(node, attribute, None)
        if isinstance(inner, tuple):
            for each in inner:
                _structs(each, found)
        elif isinstance(inner, msgspec.inspect.Type):
            _structs(inner, found)


def _reachable(types: list[Any]) -> set[type[msgspec.Struct]]:
    found: dict[type[msgspec.Struct], None] = {}
    for info in msgspec.inspect.multi_type_info(types):
        _structs(info, found)
    return set(found)


def _sent_in_full(components: dict[str, Any], types: list[Any], partial: list[Any]) -> None:
    """Mark every field the server always sends as required, in place.

    msgspec's schemas leave a field with a default out of ``required``, as a
    decoder may; the server's encoder sends it all the same, unless the struct
    omits defaults. Structs reachable from `partial` keep msgspec's
    ``required``: request bodies (a client may leave defaults out) and the
    events and payloads stored in logs (one written before a field was added
    lacks it, and a finished game's records are sent as stored).
    """
    kept = _reachable(partial)
    for cls in _reachable(types) - kept:
        schema = components.get(cls.__name__)
        if schema is None or cls.__struct_config__.omit_defaults:
            continue
        schema["required"] = list(schema.get("properties", {}))


def _schemas(store: GameStore) -> tuple[dict[str, Any], dict[str, dict[str, str]], dict[str, Any]]:
    """(wire refs by litestar name, each kind's component by role, all components)."""
    wire = [*WIRE_TYPES.values(), *RECORD_PAYLOADS]
    roles: list[tuple[str, str, Any]] = []
    for kind, rules in store.kinds.items():
        roles += [(kind, role, t) for role, t in _role_types(rules).items()]
    all_types = wire + [t for _, _, t in roles]
    roots, components = msgspec.json.schema_components(all_types, ref_template=REF)
    wire_refs = dict(zip(WIRE_TYPES, roots[: len(WIRE_TYPES)], strict=True))
    partial = [CreateGame, JoinSeat, SeatBot, *RECORD_PAYLOADS,
               *(t for _, role, t in roles if role in ("Command", "Event"))]
    _sent_in_full(components, all_types, partial)
    by_kind: dict[str, dict[str, str]] = {}
    named = list(zip(roles, roots[len(wire):], strict=True))
    struct_names = [root["$ref"].rsplit("/", 1)[1] for _, root in named if "$ref" in root]
    renames = {}
    for (kind, role, _), root in named:
        name = f"{component_name(kind)}{role}"
        if "$ref" not in root:  # a union: named after its kind
            components[name] = root
        elif struct_names.count(own := root["$ref"].rsplit("/", 1)[1]) == 1:
            renames[own] = name  # one kind's struct (``Move``): named as every kind's is
        else:
            name = own  # shared by several kinds (`GenericLegalMove`): keeps its name
        by_kind.setdefault(kind, {})[role] = name
    components = _renamed(components, renames)
    prefixed = _kind_prefixed(components, by_kind)
    components = _renamed(components, prefixed)
    for name in [*renames.values(), *prefixed.values()]:
        components[name]["title"] = name
    return wire_refs, by_kind, components


def _kind_prefixed(
    components: dict[str, Any], by_kind: dict[str, dict[str, str]]
) -> dict[str, str]:
    """Renames giving a kind's own prefix to a member of its unions that another kind's
    namesake already has (``GameStarted`` beside ``ColtExpressGameStarted`` becomes
    ``TicketToRideGameStarted``), so that no kind's struct looks like everyone's."""
    prefixes = {kind: component_name(kind) for kind in by_kind}
    renames = {}
    for kind, roles in by_kind.items():
        for role in ("Command", "Event"):
            union = components.get(roles.get(role, ""), {})
            for target in union.get("discriminator", {}).get("mapping", {}).values():
                member = target.rsplit("/", 1)[1]
                if any(f"{prefix}{member}" in components
                       for other, prefix in prefixes.items() if other != kind):
                    renames[member] = f"{prefixes[kind]}{member}"
    return renames


def _renamed(components: dict[str, Any], renames: dict[str, str]) -> dict[str, Any]:
    """`components` with the schemas in `renames` under their new names, references too."""
    refs = {REF.format(name=old): REF.format(name=new) for old, new in renames.items()}

    def swap(node: Any) -> Any:  # a reference, or a discriminator mapping's target
        if isinstance(node, str):
            return refs.get(node, node)
        if isinstance(node, dict):
            return {k: swap(v) for k, v in node.items()}
        if isinstance(node, list):
            return [swap(v) for v in node]
        return node

    return {renames.get(name, name): swap(schema) for name, schema in components.items()}


def _one_of(refs: list[dict[str, Any]], nullable: bool = False) -> dict[str, Any]:
    options = [*refs, {"type": "null"}] if nullable else list(refs)
    if not options:
        return {}
    return options[0] if len(options) == 1 else {"anyOf": options}


def _swap_refs(node: Any, wire_refs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            return wire_refs[ref.rsplit("/", 1)[1]]
        return {k: _swap_refs(v, wire_refs) for k, v in node.items()}
    if isinstance(node, list):
        return [_swap_refs(v, wire_refs) for v in node]
    return node


def _parameter_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """litestar's ``oneOf [X, null]`` for an optional parameter is just X (with its limits)."""
    options = schema.pop("oneOf", None)
    if options:
        (kept,) = [o for o in options if o.get("type") != "null"]
        schema = {**kept, **schema}
    return schema


def _component(components: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = components[ref["$ref"].rsplit("/", 1)[1]]
    return schema


#: what every operation may answer at the edge (README, Limits), by status
EDGE_RESPONSES = {
    "429": {
        "description": "Too many requests from this client (the rate limits in the README); "
        "retry after the seconds in Retry-After (also the problem's retry_after)",
        "headers": {
            "Retry-After": {
                "description": "Seconds until the client's window resets",
                "schema": {"type": "integer", "minimum": 1},
            }
        },
    },
    "431": {
        "description": "Request header fields too large: more bytes or fields than the "
        "server takes (the limits in the API description); the connection is closed",
    },
    "503": {
        "description": "Service unavailable: the event store does not answer "
        "(store-unreachable) or its disk is full (store-full); nothing was recorded. Retry "
        "after the seconds in Retry-After (also the problem's retry_after)",
        "headers": {
            "Retry-After": {
                "description": "Seconds after which trying again makes sense",
                "schema": {"type": "integer", "minimum": 1},
            }
        },
    },
}
#: operations the rate limits do not apply to
NOT_RATE_LIMITED = {"/health"}

#: each operation's id: a verb and what it acts on, as generated clients name their calls
#: (``get_game``, ``getGame``); the material's are made per map and variant (`setups`)
OPERATION_IDS = {
    ("/games", "get"): "listGames",
    ("/games", "post"): "createGame",
    ("/games/{game_id}", "get"): "getGame",
    ("/games/{game_id}/audit", "get"): "auditGame",
    ("/games/{game_id}/board.svg", "get"): "getBoard",
    ("/games/{game_id}/commands", "post"): "sendCommand",
    ("/games/{game_id}/events", "get"): "getEvents",
    ("/games/{game_id}/export", "get"): "exportLog",
    ("/games/{game_id}/material", "get"): "getGameMaterial",
    ("/games/{game_id}/me", "get"): "getMe",
    ("/games/{game_id}/seats", "post"): "joinSeat",
    ("/games/{game_id}/seats/bot", "post"): "seatBot",
    ("/games/{game_id}/seats/{seat}", "delete"): "freeSeat",
    ("/games/{game_id}/seats/{seat}/token", "post"): "reissueToken",
    ("/games/{game_id}/start", "post"): "startGame",
    ("/games/{game_id}/stream", "get"): "streamGame",
    ("/games/{game_id}/stream-tickets", "post"): "issueStreamTicket",
    ("/games/{game_id}/statistics", "get"): "getStatistics",
    ("/games/{game_id}/statistics/scores.svg", "get"): "getScoreChart",
    ("/health", "get"): "health",
    ("/kinds", "get"): "listKinds",
    ("/metrics", "get"): "metrics",
    ("/problems", "get"): "listProblemCodes",
    ("/ready", "get"): "ready",
    ("/replays", "post"): "replayLog",
    ("/statistics", "get"): "getFiguresAcrossGames",
    ("/statistics/board.svg", "get"): "getClaimsHeatMap",
}

_BEARER = {"header.Authorization": "Bearer {$response.body#/token}"}
LINKS = {
    ("/games", "post", "201"): {
        "JoinSeat": ("joinSeat", {"game_id": "$response.body#/id"}),
        "PublicView": ("getGame", {"game_id": "$response.body#/id"}),
        "Events": ("getEvents", {"game_id": "$response.body#/id"}),
    },
    ("/games/{game_id}/seats", "post", "201"): {
        "Start": ("startGame", {"game_id": "$response.body#/id", **_BEARER}),
        "Me": ("getMe", {"game_id": "$response.body#/id", **_BEARER}),
        "Events": ("getEvents", {"game_id": "$response.body#/id", **_BEARER}),
        "PublicView": ("getGame", {"game_id": "$response.body#/id"}),
    },
    ("/games/{game_id}/start", "post", "200"): {
        "PublicView": ("getGame", {"game_id": "$response.body#/id"}),
    },
}


#: what a struct requires across its fields, which msgspec's schemas cannot say: a clock
#: needs a time per decision or a reserve (`POST /games` refuses it otherwise, 422 bad-clock)
CROSS_FIELD = {
    "ClockRule": {"anyOf": [
        {"required": [name], "properties": {name: {
            "type": "integer", "minimum": 1, "description": "Given, and not 0"}}}
        for name in ("move_seconds", "reserve_seconds")
    ]},
}


#: the path parameters, by name (litestar does not carry a path parameter's description)
PATH_PARAMETERS = {
    "game_id": "The game's id (a UUID), from POST /games or GET /games",
    "seat": "A seat number, 0-based",
    "kind": "A game kind from GET /kinds",
}


def _describe_properties(name: str, schema: dict[str, Any]) -> None:
    """Give every property of `schema` (component `name`, nested shapes too) a description.

    From, in order: the property's own (msgspec hides it in the non-null branch
    of an optional field), what `field_docs` says of the field in this struct,
    a tagged union's ``type`` (its tag), and the glossary.
    """
    properties = schema.get("properties")
    for field, prop in (properties or {}).items():
        if not isinstance(prop, dict) or prop.get("description"):
            continue
        branch = [o.get("description") for o in prop.get("anyOf", []) if o.get("description")]
        tag = prop.get("enum") if field == "type" else None
        described = (
            branch[0] if branch else
            IN_STRUCT.get(name, {}).get(field) or
            (f"The tag: always {tag[0]}" if tag and len(tag) == 1 else None) or
            GLOSSARY.get(field)
        )
        if described:
            prop["description"] = described
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, []):
            if isinstance(option, dict):
                _describe_properties(name, option)


def _defaults_in_prose(node: Any) -> None:
    """Move every property's ``default`` into its description, in place (nested too).

    Generators read ``default`` as "always there": openapi-typescript makes such a
    property required in every named schema, so a request would have to send what
    it may leave out (a game's ``seed``, a command's ``locomotives``) and a client
    would trust an answer to hold what the server leaves out (``omit_defaults``
    structs, records logged before the field existed). Left out of ``required``, a
    property may be absent either way; its description says what absent means.
    """
    if isinstance(node, list):
        for each in node:
            _defaults_in_prose(each)
    if not isinstance(node, dict):
        return
    required = node.get("required", [])
    for field, prop in (node.get("properties") or {}).items():
        if isinstance(prop, dict) and "default" in prop:
            default = prop.pop("default")
            if field not in required:
                said = prop.get("description")
                stated = f"Default: {json.dumps(default)}"
                prop["description"] = f"{said}. {stated}" if said else stated
    for value in node.values():
        if isinstance(value, (dict, list)):
            _defaults_in_prose(value)


def _command_tags(components: dict[str, Any], name: str) -> list[str]:
    """The ``type`` tags of the commands in component `name` (a tagged union or one struct)."""
    schema = components[name]
    if "discriminator" in schema:
        return list(schema["discriminator"]["mapping"])
    tags: list[str] = schema["properties"]["type"]["enum"]
    return tags


def _audit_schemas(components: dict[str, Any], by_kind: dict[str, dict[str, str]]) -> None:
    """The audit's views, commands and events as the kinds' schemas, in place."""

    def every(role: str, nullable: bool = False) -> dict[str, Any]:
        refs = [{"$ref": REF.format(name=roles[role])} for roles in by_kind.values()
                if role in roles]
        return _one_of(refs, nullable) or {}

    def keep(schema: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
        if old.get("description"):
            schema["description"] = old["description"]
        return schema

    commands = [{"$ref": REF.format(name="Command")}] + [
        {"$ref": REF.format(name=f"{component_name(kind)}RedactedCommand")} for kind in by_kind
    ] + [{"$ref": REF.format(name=payload.__name__)} for payload in RECORD_PAYLOADS]
    explained = components["Explanation"]["properties"]
    typed = {
        "command": {"anyOf": [*commands, {"type": "null"}]},
        "before": every("PublicView", nullable=True),
        "after": every("PublicView", nullable=True),
        "seat_view_before": every("PrivateView", nullable=True),
        "recorded_events": {"type": "array", "items": every("Event")},
        "decided_events": {"anyOf": [{"type": "array", "items": every("Event")},
                                     {"type": "null"}]},
    }
    for field, schema in typed.items():
        default = explained[field].get("default", ...)
        explained[field] = keep(schema, explained[field])
        if default is not ...:
            explained[field]["default"] = default
    report = components["AuditReport"]["properties"]
    report["final_view"] = keep(every("PublicView", nullable=True), report["final_view"])
    report["result"] = keep({"anyOf": [{"$ref": REF.format(name="Result")}, {"type": "null"}]},
                            report["result"])


def fix_document(generated: dict[str, Any], store: GameStore) -> dict[str, Any]:
    """litestar's document with exact schemas, problem responses, security and links."""
    document = copy.deepcopy(generated)
    wire_refs, by_kind, components = _schemas(store)
    descriptors = [rules.descriptor for rules in store.kinds.values()]
    components.update(create_game_schemas(
        descriptors, _component(components, wire_refs["CreateGame"]), REF))
    for name, schema in components.items():
        _describe_properties(name, schema)
    for name, rule in CROSS_FIELD.items():
        if name in components:
            components[name].update(copy.deepcopy(rule))
    _audit_schemas(components, by_kind)
    names = {kind: component_name(kind) for kind in store.kinds}
    tags = {kind: _command_tags(components, roles["Command"]) for kind, roles in by_kind.items()}
    components = kind_components(components, names, by_kind, tags)
    _defaults_in_prose(components)
    components["Command"] = _one_of(
        [{"$ref": REF.format(name=roles["Command"])} for roles in by_kind.values()]
    ) or {"type": "object"}

    problem = {PROBLEM_MEDIA_TYPE: {"schema": wire_refs["Problem"]}}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if (path, method) in OPERATION_IDS:
                operation["operationId"] = OPERATION_IDS[path, method]
            for parameter in operation.get("parameters", []):
                parameter["schema"] = _parameter_schema(parameter["schema"])
                parameter.pop("deprecated", None)
                if parameter["in"] == "path" and not parameter.get("description"):
                    parameter["description"] = PATH_PARAMETERS.get(parameter["name"], "")
            responses = operation["responses"]
            responses.pop("400", None)  # refusals of malformed input are 422 problems
            for status, edge in EDGE_RESPONSES.items():
                if status != "429" or path not in NOT_RATE_LIMITED:
                    responses.setdefault(status, copy.deepcopy(edge))
            if operation.get("parameters") or "requestBody" in operation:
                responses.setdefault("422", {"description": "Unprocessable content"})
            for status, response in responses.items():
                if status.startswith(("4", "5")):
                    response["content"] = problem
                else:
                    response.update(_swap_refs(response, wire_refs))
                    if not response.get("headers"):
                        response.pop("headers", None)
                links = LINKS.get((path, method, status))
                if links:
                    response["links"] = {
                        name: {"operationId": op, "parameters": params}
                        for name, (op, params) in links.items()
                    }
            if "requestBody" in operation:
                operation["requestBody"] = _swap_refs(operation["requestBody"], wire_refs)
            if path == "/games/{game_id}/commands":
                command = {"$ref": REF.format(name="Command")}
                operation["requestBody"] = {
                    "required": True,
                    "description": "One command of the game's kind (its tagged union)",
                    "content": {"application/json": {"schema": command}},
                }
    paths = document["paths"]
    templates = {path: paths.pop(path)["get"] for path in MATERIAL_TEMPLATES}
    paths.update(material_operations(templates, descriptors))
    document["paths"] = dict(sorted(paths.items()))
    document["components"] = {
        "schemas": dict(sorted(components.items())),
        "securitySchemes": {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "A seat's token, from POST /games/{id}/seats",
            }
        },
    }
    return document


def exact_document(app: Litestar) -> dict[str, Any]:
    """The app's exact OpenAPI document (what `/schema/openapi.json` serves)."""
    return fix_document(app.openapi_schema.to_schema(), app.state.store)


class ExactJsonRenderPlugin(JsonRenderPlugin):
    """Serves `fix_document` of litestar's generated document (computed once)."""

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store
        self._rendered: bytes | None = None

    def receive_router(self, router: Router) -> None:
        """Unknown paths under ``/schema`` answer a problem, as everywhere else (not HTML)."""
        router.after_request = _schema_path_not_found

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        if self._rendered is None:
            self._rendered = super().render(request, fix_document(openapi_schema, self.store))
        return self._rendered


async def _schema_path_not_found(response: Response[Any]) -> Response[Any]:
    """litestar's HTML 404 page for a path under ``/schema`` as a 404 problem."""
    if response.status_code != 404:
        return response
    return problem_response(make_problem(
        404, "not-found", "no such document under /schema: the docs are at /schema, the "
        "OpenAPI document at /schema/openapi.json"))


DESCRIPTION = (
    "Event-sourced game server for train board games. Errors are RFC 9457 problem "
    "details; commands and events are each kind's tagged unions. Bodies are decoded "
    "strictly: an integer is a JSON integer literal (3, never \"3\" or 3.0) and a JSON "
    "body needs Content-Type: application/json (else 415). Every index (seats, routes, "
    "cities, slots, cars, rounds, turns) counts from 0; an absent value is null."
)


def limits_description(settings: Settings) -> str:
    """The limits this server applies (README, Limits), for the API's description."""
    s = settings
    return (
        f"\n\nLimits of this server (the README's Limits section has the settings): a "
        f"request target of at most {s.max_url_bytes} bytes (else 414), headers of at most "
        f"{s.max_header_bytes} bytes and {s.max_headers} fields (else 431), a JSON body of "
        f"at most {s.max_body_bytes} bytes and a log for POST /replays of at most "
        f"{s.max_log_bytes} bytes (else 413); a request must arrive whole within "
        f"{s.request_seconds:g} s of its first byte (else 408, and the connection is "
        f"closed), an idle connection is closed after {s.keep_alive_seconds} s; a page of "
        f"GET /games/{{id}}/events holds at most {EVENTS_PAGE_MAX} records, one of GET "
        f"/games at most {LOBBY_PAGE_MAX} games; a client "
        f"address may make {s.rate_limit_per_minute or 'any number of'} requests a minute "
        f"and create {s.create_limit_per_minute or 'any number of'} games a minute (else "
        f"429, with Retry-After; 0 in the settings means no limit)."
    )


def openapi_config(store: GameStore, settings: Settings) -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Roundhouse",
        version="1.0.0",
        description=DESCRIPTION + limits_description(settings),
        path="/schema",
        create_examples=False,
        render_plugins=[OfflineScalar(), ExactJsonRenderPlugin(store)],
    )
