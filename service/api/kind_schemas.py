"""Each kind's answers as schemas of their own, so that a client can narrow them by ``kind``.

An answer about one game (`GET /games/{id}`, ``/me``, a command's answer, a page
of the log, the material) carries that game's ``kind``, and what else it holds
(the view, the legal moves, the events, the records) is that kind's own. The
wire structs say ``view: Any``; here every such answer becomes a union, one
member per kind, discriminated by ``kind`` (a literal in each member):
``PublicGame`` is ``TicketToRidePublicGame | ColtExpressPublicGame``, whose
``view`` is ``TicketToRidePublicView`` or ``ColtExpressPublicView``. Generated
clients then narrow with the ``kind`` they read, with no hand-written guard.

A log record (`Record`) does not carry the kind (its encoding is fixed by the
logs already written), but a page of records does, so ``TicketToRideRecord``
types ``events`` with the kind's event union and ``payload`` with what each
record type holds (`RECORD_PAYLOADS`): the kind's command (or, on another
seat's command while the game runs, its ``type`` alone: ``<Kind>RedactedCommand``),
or the lobby's payloads. Nothing here changes what the server sends.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

import msgspec

from domain.kernel.protocol import Setup
from service.store.clocks import ClockRule


class CreatedPayload(msgspec.Struct, frozen=True):
    """A ``created`` record's payload: the game's kind and setup, and its seed commitment."""

    kind: str
    setup: Setup
    seed_commitment: str
    seed_chosen_by_client: bool
    #: absent from logs older than the lobby's terms
    listed: bool = True
    private: bool = False
    #: absent for a game without a clock
    clock: ClockRule | None = None


class SeatJoinedPayload(msgspec.Struct, frozen=True):
    """A ``seat-joined`` record's payload: the seat's name, and the bot that plays it if any."""

    name: str
    bot: str | None = None


class SeatLeftPayload(msgspec.Struct, frozen=True):
    """A ``seat-left`` record's payload: who freed the seat."""

    by: Literal["player", "host"]


class TimeoutPayload(msgspec.Struct, frozen=True):
    """A ``timeout`` record's payload: what plays the seat from now on."""

    then: Literal["bot"]


#: the payloads of records that are not commands (``started``, ``token-reissued`` and
#: ``forfeit`` have none)
RECORD_PAYLOADS = (CreatedPayload, SeatJoinedPayload, SeatLeftPayload, TimeoutPayload)

#: the answers made once per kind, by the wire struct's component name: which of their
#: properties hold the kind's own schemas (role names as `service.api.openapi` gives them)
KIND_ANSWERS: dict[str, dict[str, tuple[str, str]]] = {
    # property: (how: "one" | "nullable" | "items", role)
    "PublicGame": {"view": ("nullable", "PublicView")},
    "CreatedGame": {"view": ("nullable", "PublicView")},
    "PrivateGame": {"view": ("nullable", "PrivateView"), "legal_moves": ("items", "LegalMove")},
    "GameMaterial": {"material": ("one", "Material")},
    "CommandAnswer": {"events": ("items", "Event")},
    "EventsPage": {"records": ("items", "Record")},
}
REF = "#/components/schemas/{name}"


def ref(name: str) -> dict[str, Any]:
    return {"$ref": REF.format(name=name)}


def redacted_command(name: str, tags: list[str]) -> dict[str, Any]:
    """Another seat's command as a running game's log shows it: its ``type`` alone.

    Named `name` (its title too: generators name models by title).
    """
    return {
        "type": "object",
        "title": name,
        "description": "Another seat's command while the game runs: its type alone (the "
        "rest is that seat's to know until the end)",
        "properties": {"type": {"enum": tags, "description": "The command's type"}},
        "required": ["type"],
        "additionalProperties": False,
    }


def record_schema(
    record: dict[str, Any], name: str, roles: dict[str, str], payloads: list[str]
) -> dict[str, Any]:
    """`record` (the Record struct's schema) with kind `name`'s payloads and events."""
    typed = copy.deepcopy(record)
    typed["title"] = f"{name}Record"
    options = [ref(roles["Command"]), ref(f"{name}RedactedCommand"),
               *(ref(p) for p in payloads), {"type": "null"}]
    typed["properties"]["payload"] = {
        "anyOf": options, "default": None,
        "description": "By the record's type: created, seat-joined, seat-left and timeout "
        "have their own payloads; command and bot-command the command (another seat's "
        "reduced to its type while the game runs); the others null",
    }
    typed["properties"]["events"] = {
        "type": "array", "items": ref(roles["Event"]), "default": [],
        "description": "The game events the record caused, redacted for the caller",
    }
    return typed


def kind_answer(
    base: dict[str, Any], answer: str, kind: str, name: str, roles: dict[str, str]
) -> dict[str, Any]:
    """`base` (wire struct `answer`'s schema) as kind `kind`'s own (``<name><answer>``).

    `roles` names the kind's components by role (a role it lacks stays as `base` has it).
    """
    typed = copy.deepcopy(base)
    typed["title"] = f"{name}{answer}"
    typed["properties"]["kind"] = {"type": "string", "const": kind,
                                   "description": "The game kind (GET /kinds)"}
    for field, (how, role) in KIND_ANSWERS[answer].items():
        if role not in roles:
            continue
        described = typed["properties"][field].get("description")
        target = ref(roles[role])
        if how == "nullable":
            schema: dict[str, Any] = {"anyOf": [target, {"type": "null"}]}
        elif how == "items":
            schema = {"type": "array", "items": target}
        else:
            schema = target
        if described:
            schema["description"] = described
        typed["properties"][field] = schema
    return typed


def kind_union(answer: str, names: dict[str, str], description: str) -> dict[str, Any]:
    """The union of every kind's `answer`, by ``kind`` (`names`: kind -> component prefix)."""
    mapping = {kind: REF.format(name=f"{name}{answer}") for kind, name in sorted(names.items())}
    return {
        "description": description,
        "oneOf": [{"$ref": target} for target in mapping.values()],
        "discriminator": {"propertyName": "kind", "mapping": mapping},
    }


def kind_components(
    components: dict[str, Any], names: dict[str, str], by_kind: dict[str, dict[str, str]],
    command_tags: dict[str, list[str]],
) -> dict[str, Any]:
    """`components` with every kind's answers (`KIND_ANSWERS`) and records added.

    `names` maps each kind to its component prefix, `by_kind` to its components
    by role (``Command``, ``Event``, ``PublicView``...), `command_tags` to its
    commands' ``type`` tags. The wire structs' own schemas are replaced by the
    unions of their kinds' members; ``Record`` by the kinds' records.
    """
    found = dict(components)
    record = found.pop("Record")
    payloads = [p.__name__ for p in RECORD_PAYLOADS]
    for kind, name in names.items():
        roles = {**by_kind[kind], "Record": f"{name}Record"}
        redacted = f"{name}RedactedCommand"
        found[redacted] = redacted_command(redacted, command_tags[kind])
        found[f"{name}Record"] = record_schema(record, name, roles, payloads)
        for answer in KIND_ANSWERS:
            found[f"{name}{answer}"] = kind_answer(components[answer], answer, kind, name,
                                                   roles)
    for answer in KIND_ANSWERS:
        description = components[answer].get("description", "")
        found[answer] = kind_union(answer, names, f"{description} (one schema per kind, by "
                                   "its kind)".strip())
    return found
