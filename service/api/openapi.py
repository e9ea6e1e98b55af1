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
  ``Retry-After``) everywhere but ``/health``, ``431`` (header limits) everywhere;
* the bearer security scheme, and links that chain create -> seats -> start.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec
from litestar import Litestar, Request
from litestar.openapi.config import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin

from domain.kernel.protocol import KindDescriptor
from service.api.commands import CommandAnswer
from service.api.docs_page import OfflineScalar
from service.api.events import EVENTS_PAGE_MAX, EventsPage
from service.api.games import (
    LOBBY_PAGE_MAX,
    CreatedGame,
    CreateGame,
    JoinSeat,
    SeatBot,
    SeatToken,
)
from service.api.health import Health, Readiness
from service.api.lobby import LobbyPage, SeatChange
from service.api.material import GameMaterial
from service.api.problems import PROBLEM_MEDIA_TYPE, Problem
from service.api.tickets import StreamTicket
from service.api.verifier import GameAudit
from service.audit import AuditReport
from service.settings import Settings
from service.store.games import GameStore
from service.views.game_view import PrivateGame, PublicGame

#: the structs on the wire, by the name litestar gives their components
WIRE_TYPES: dict[str, Any] = {
    t.__name__: t
    for t in (
        CommandAnswer, CreateGame, CreatedGame, EventsPage, Health, JoinSeat, KindDescriptor,
        LobbyPage, PrivateGame, Problem, PublicGame, SeatBot, SeatChange, SeatToken, AuditReport,
        GameAudit, GameMaterial, Readiness, StreamTicket,
    )
}
REF = "#/components/schemas/{name}"


class GenericLegalMove(msgspec.Struct, frozen=True):
    """A legal-move entry of a kind that does not publish its type: a command, and more."""

    command: dict[str, Any]


def _kind_name(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.replace("_", "-").split("-"))


def _schemas(store: GameStore) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(wire refs by litestar name, per-kind roots by role, all components)."""
    wire = list(WIRE_TYPES.values())
    roles: list[tuple[str, str, Any]] = []
    for kind, rules in store.kinds.items():
        name = _kind_name(kind)
        move = getattr(rules, "legal_move_type", None) or GenericLegalMove
        roles += [
            ("command", f"{name}Command", rules.command_type),
            ("event", f"{name}Event", rules.event_type),
            ("public", f"{name}PublicView", rules.public_view_type),
            ("private", f"{name}PrivateView", rules.private_view_type),
            ("move", f"{name}LegalMove", move),
        ]
        material = getattr(rules, "material_type", None)
        if material is not None:
            roles.append(("material", f"{name}Material", material))
    roots, components = msgspec.json.schema_components(
        wire + [t for _, _, t in roles], ref_template=REF
    )
    wire_refs = dict(zip(WIRE_TYPES, roots[: len(wire)], strict=True))
    by_role: dict[str, list[dict[str, Any]]] = {}
    for (role, name, _), root in zip(roles, roots[len(wire) :], strict=True):
        if "$ref" not in root:  # a union: name it after its kind
            components[name] = root
            root = {"$ref": REF.format(name=name)}
        by_role.setdefault(role, []).append(root)
    return wire_refs, by_role, components


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
}
#: operations the rate limits do not apply to
NOT_RATE_LIMITED = {"/health"}

_BEARER = {"header.Authorization": "Bearer {$response.body#/token}"}
LINKS = {
    ("/games", "post", "201"): {
        "JoinSeat": ("GamesGameIdSeatsJoin", {"game_id": "$response.body#/id"}),
        "PublicView": ("GamesGameIdPublic", {"game_id": "$response.body#/id"}),
        "Events": ("GamesGameIdEventsEvents", {"game_id": "$response.body#/id"}),
    },
    ("/games/{game_id}/seats", "post", "201"): {
        "Start": ("GamesGameIdStartStart", {"game_id": "$response.body#/id", **_BEARER}),
        "Me": ("GamesGameIdMeMe", {"game_id": "$response.body#/id", **_BEARER}),
        "Events": ("GamesGameIdEventsEvents", {"game_id": "$response.body#/id", **_BEARER}),
        "PublicView": ("GamesGameIdPublic", {"game_id": "$response.body#/id"}),
    },
    ("/games/{game_id}/start", "post", "200"): {
        "PublicView": ("GamesGameIdPublic", {"game_id": "$response.body#/id"}),
    },
}


def _restrict_setup(create: dict[str, Any], store: GameStore) -> None:
    """Say which kinds, maps and variants exist, so clients (and fuzzers) can know."""
    descriptors = [rules.descriptor for rules in store.kinds.values()]
    properties = create["properties"]
    properties["kind"]["enum"] = sorted(d.kind for d in descriptors)
    maps = sorted({m.id for d in descriptors for m in d.maps})
    variants = sorted(
        {v.id for d in descriptors for v in d.variants}
        | {v.id for d in descriptors for m in d.maps for v in m.variants}
    )
    for name, ids in (("map", maps), ("variant", variants)):
        properties[name]["anyOf"] = [{"type": "string", "enum": ids}, {"type": "null"}]


def fix_document(generated: dict[str, Any], store: GameStore) -> dict[str, Any]:
    """litestar's document with exact schemas, problem responses, security and links."""
    document = copy.deepcopy(generated)
    wire_refs, by_role, components = _schemas(store)

    public = _component(components, wire_refs["PublicGame"])
    public["properties"]["view"] = _one_of(by_role.get("public", []), nullable=True)
    private = _component(components, wire_refs["PrivateGame"])
    private["properties"]["view"] = _one_of(by_role.get("private", []), nullable=True)
    private["properties"]["legal_moves"]["items"] = _one_of(by_role.get("move", []))
    material = _component(components, wire_refs["GameMaterial"])
    material["properties"]["material"] = _one_of(by_role.get("material", []))
    answer = _component(components, wire_refs["CommandAnswer"])
    answer["properties"]["events"]["items"] = _one_of(by_role.get("event", []))
    _restrict_setup(_component(components, wire_refs["CreateGame"]), store)
    components["Command"] = _one_of(by_role.get("command", [])) or {"type": "object"}

    problem = {PROBLEM_MEDIA_TYPE: {"schema": wire_refs["Problem"]}}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for parameter in operation.get("parameters", []):
                parameter["schema"] = _parameter_schema(parameter["schema"])
                parameter.pop("deprecated", None)
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

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        if self._rendered is None:
            self._rendered = super().render(request, fix_document(openapi_schema, self.store))
        return self._rendered


DESCRIPTION = (
    "Event-sourced game server for train board games. Errors are RFC 9457 problem "
    "details; commands and events are each kind's tagged unions."
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
