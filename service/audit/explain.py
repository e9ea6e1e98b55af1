"""A disputed move explained: the board before, the command, the rule, the outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain import registry
from domain.kernel.errors import RuleViolation, wire_name
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from service.audit.fairness import verify_commitment
from service.audit.rebuild import Rules, as_json, decode_command, first_difference, replay
from service.audit.report import Explanation, RuleRef
from service.store.records import COMMAND_TYPES, Record, typed_events


class NoSuchVersion(LookupError):
    """The log has no record of the asked version."""


def explain(
    records: Sequence[Record],
    version: int,
    kinds: Mapping[str, Rules] | None = None,
    *,
    viewer: int | None = None,
) -> Explanation:
    """Explain the record of `version`.

    The game is rebuilt up to the record before it; the command is decided
    again on that state with the revealed seed. While the game runs (no seed
    revealed yet) the rules cannot be re-run on random outcomes, so the verdict
    is ``not-verifiable``, and what is shown is redacted for `viewer`: the
    public view, the viewer's own view, the events as the viewer sees them, and
    another seat's command reduced to its ``type``.
    """
    kinds = registry.kinds() if kinds is None else kinds
    position = next((p for p, r in enumerate(records, 1) if r.version == version), None)
    if position is None:
        raise NoSuchVersion(f"the log has no version {version}")
    record = records[position - 1]
    _, _, seed = verify_commitment(records)
    walk = replay(records, kinds, seed, stop_at=position - 1)
    rules = walk.rules
    base = Explanation(version=version, record_type=record.type, seat=record.seat,
                       command=None, verdict="not-a-command", detail="")
    if rules is None or walk.findings or (position > 1 and walk.state is None
                                          and record.type in COMMAND_TYPES):
        reason = walk.findings[0].message if walk.findings else walk.outcome.detail
        return msgspec.structs.replace(
            base, verdict="not-verifiable",
            detail=f"the game cannot be rebuilt up to version {version}: {reason}")
    complete = seed is not None
    seat_may_see = complete or (viewer is not None and viewer == record.seat)
    before = walk.public_view()
    seat_view = None
    if walk.state is not None and record.seat is not None and seat_may_see and \
            record.type in COMMAND_TYPES:
        seat_view = msgspec.to_builtins(rules.private_view(walk.state, record.seat))
    shown = _events_for(rules, record, viewer, complete)
    command_shown = record.payload
    if record.type in COMMAND_TYPES and not seat_may_see and record.payload is not None:
        # as the events feed shows another seat's command while the game runs
        command_shown = {"type": record.payload.get("type")}
    explained = msgspec.structs.replace(
        base, before=before, seat_view_before=seat_view, recorded_events=shown,
        command=command_shown)
    if record.type == "started" and seed is not None and walk.setup is not None:
        return _opening(explained, rules, walk.setup, seed, record)
    if record.type not in COMMAND_TYPES:
        return msgspec.structs.replace(explained, detail=_NOT_A_COMMAND[record.type])
    assert record.seat is not None
    try:
        command = decode_command(rules, record.payload)
    except RuleViolation as violation:
        return _refused(explained, violation)
    try:
        listed: bool | None = any(
            move.command == command for move in rules.legal_moves(walk.state, record.seat))
    except Exception:  # a forged seat or command the rules' move list trips over
        listed = None
    explained = msgspec.structs.replace(explained, listed_in_legal_moves=listed)
    if seed is None:
        return msgspec.structs.replace(
            explained, verdict="not-verifiable",
            detail=("the command was among the seat's legal moves" if listed else
                    "the command was not among the seat's legal moves")
            + "; the rules can be re-run on it once the seed is revealed at the end")
    try:
        decided = rules.decide(walk.state, record.seat, command, seed)
    except RuleViolation as violation:
        return _refused(explained, violation)
    except Exception as error:
        return msgspec.structs.replace(
            explained, verdict="not-verifiable",
            detail=f"the rules raised {type(error).__name__} ({error}) instead of deciding "
            "or refusing this command")
    expected = as_json(decided)
    recorded = as_json(record.events)
    if expected != recorded:
        return msgspec.structs.replace(
            explained, verdict="events-differ", decided_events=expected,
            difference=first_difference(recorded, expected, "events"),
            detail="the rules accept the command but decide other events than the log records")
    state = walk.state
    for event in decided:
        state = rules.evolve(state, event)
    return msgspec.structs.replace(
        explained, verdict="allowed", decided_events=expected,
        after=msgspec.to_builtins(rules.public_view(state)),
        detail=f"the rules accept {wire_name(command)!r} from seat {record.seat} "
        "here and decide exactly the recorded events")


_NOT_A_COMMAND = {
    "created": "the game was created with this setup and seed commitment",
    "seat-joined": "a player took this seat",
    "seat-left": "this seat was freed before the start (by its player or the host)",
    "token-reissued": "the host gave this seat a new token; the old one stopped working",
    "timeout": "this seat's clock ran out; the server's bot played it until its player acted",
    "forfeit": "this seat's clock ran out and it forfeited: the game ended, scored as it stood",
    "started": "the opening was dealt",
}


def _opening(
    explained: Explanation, rules: Rules, setup: Setup, seed: Seed, record: Record
) -> Explanation:
    """The opening dealt again from the revealed seed, against the recorded one."""
    expected = as_json(rules.start(setup, seed))
    recorded = as_json(record.events)
    if expected != recorded:
        return msgspec.structs.replace(
            explained, verdict="events-differ", decided_events=expected,
            difference=first_difference(recorded, expected, "events"),
            detail="the rules deal another opening from the revealed seed than the log records")
    state = None
    for event in rules.start(setup, seed):
        state = rules.evolve(state, event)
    return msgspec.structs.replace(
        explained, verdict="allowed", decided_events=expected,
        after=msgspec.to_builtins(rules.public_view(state)),
        detail="the rules deal exactly this opening from the revealed seed")


def _refused(explained: Explanation, violation: RuleViolation) -> Explanation:
    return msgspec.structs.replace(
        explained, verdict="refused",
        rule=RuleRef(violation.code, violation.message, violation.section),
        detail=f"the rules refuse this command: {violation.message}"
        + (f" ({violation.section})" if violation.section else ""))


def _events_for(rules: Rules, record: Record, viewer: int | None, complete: bool) -> list[Any]:
    if complete:
        return list(as_json(record.events))
    return [msgspec.to_builtins(rules.redact(e, viewer))
            for e in typed_events(rules.event_type, record.events)]
