"""Re-validation: rebuild a game from its opening and re-run every command through the rules.

With the revealed seed, the opening is dealt again with ``rules.start`` and
every command is decided again with ``rules.decide`` on the state rebuilt so
far; the events they give must equal the recorded ones exactly. The first
record where that fails is named with the rule it breaks (the
`RuleViolation`'s code and section when the rules refuse the command).

Without the seed (a game still running) nothing can be decided again; the
recorded events are replayed through ``evolve`` alone, which still gives the
public view, if the log is not redacted past what ``evolve`` accepts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup, recorded_setup
from domain.kernel.rng import Seed
from service.audit.report import CheckOutcome, Finding
from service.store.records import Record, typed_events

Rules = GameRules[Any, Any, Any]


class Opening(msgspec.Struct, frozen=True):
    """What the created record says the game is."""

    kind: str
    setup: Setup


class Replay:
    """The walk of one log through its rules: how far it got, and what it found."""

    __slots__ = ("commands", "findings", "outcome", "replayed_to", "rules", "setup", "state")

    def __init__(self) -> None:
        self.rules: Rules | None = None
        self.setup: Setup | None = None
        self.state: Any = None
        self.findings: list[Finding] = []
        self.commands = 0
        self.replayed_to = 0
        self.outcome = CheckOutcome("rules", "not-verifiable", "")

    @property
    def finished(self) -> bool:
        return (self.rules is not None and self.state is not None
                and self.rules.result(self.state) is not None)

    def public_view(self) -> Any:
        if self.rules is None or self.state is None:
            return None
        return msgspec.to_builtins(self.rules.public_view(self.state))


def opening(record: Record, kinds: Mapping[str, Rules]) -> tuple[Rules, Setup]:
    """The rules and setup the created record names; raises `RuleViolation` if it cannot."""
    if record.type != "created" or not record.payload:
        raise RuleViolation("not-an-opening", "a log starts with its created record")
    try:
        found = msgspec.convert(record.payload, Opening, strict=False)
    except msgspec.ValidationError as error:
        raise RuleViolation("bad-opening", f"the created record is malformed: {error}") from None
    rules = kinds.get(found.kind)
    if rules is None:
        raise RuleViolation("unknown-kind", f"this server hosts no game kind {found.kind!r}")
    setup = recorded_setup(found.setup)
    rules.check_setup(setup)
    return rules, setup


def replay(
    records: Sequence[Record],
    kinds: Mapping[str, Rules],
    seed: Seed | None,
    *,
    stop_at: int | None = None,
) -> Replay:
    """Walk `records` in the given order; re-decide everything when `seed` is given.

    Stops at the first fault, or after the record at position `stop_at`.
    """
    walk = Replay()
    if not records:
        walk.outcome = CheckOutcome("rules", "failed", "the log is empty")
        return walk
    try:
        walk.rules, walk.setup = opening(records[0], kinds)
    except RuleViolation as violation:
        _refuse(walk, 1, records[0], violation)
        return walk
    walk.replayed_to = records[0].version
    joined: set[int] = set()
    started = False
    last = len(records) if stop_at is None else min(stop_at, len(records))
    for position in range(2, last + 1):
        record = records[position - 1]
        fault = _structure_fault(record, walk, joined, started)
        if fault:
            _refuse(walk, position, record, fault)
            return walk
        if record.type == "seat-joined":
            assert record.seat is not None
            joined.add(record.seat)
        elif record.type == "seat-left":
            joined.discard(record.seat)
        elif record.type in ("token-reissued", "timeout"):
            pass  # a new token, or the server now playing a seat, changes nothing in the game
        else:
            started = True
            if not _apply(walk, position, record, seed):
                return walk
        walk.replayed_to = record.version
    if seed is None:
        walk.outcome = CheckOutcome(
            "rules", "not-verifiable",
            f"replayed {last} records through evolve; commands can be decided again "
            "only with the seed, revealed when the game ends")
    else:
        walk.outcome = CheckOutcome(
            "rules", "passed",
            f"the opening and {walk.commands} commands decided again from the seed: "
            "every one allowed by the rules, every event exactly as recorded")
    return walk


def _structure_fault(
    record: Record, walk: Replay, joined: set[int], started: bool
) -> RuleViolation | None:
    """What is wrong with a record's place in the log, before any rule is run."""
    assert walk.setup is not None and walk.rules is not None
    seats = walk.setup.seats
    if record.type == "created":
        return RuleViolation("unexpected-record", "a second created record")
    if record.type == "seat-joined":
        if started:
            return RuleViolation("unexpected-record", "a seat joined after the start")
        if record.seat is None or not 0 <= record.seat < seats:
            return RuleViolation("no-such-seat", f"seat {record.seat} of {seats} joined")
        if record.seat in joined:
            return RuleViolation("seat-taken", f"seat {record.seat} joined twice")
        return None
    if record.type == "seat-left":
        if started:
            return RuleViolation("unexpected-record", "a seat left after the start")
        if record.seat not in joined:
            return RuleViolation("seat-free", f"seat {record.seat} left but was not taken")
        return None
    if record.type == "token-reissued":
        if record.seat not in joined:
            return RuleViolation("seat-free", f"a token reissued for free seat {record.seat}")
        if walk.finished:
            return RuleViolation("game-over", "a token reissued after the game ended")
        return None
    if record.type == "started":
        if started:
            return RuleViolation("unexpected-record", "the game was started twice")
        if len(joined) != seats:
            return RuleViolation("seats-missing",
                                 f"started with {len(joined)} of {seats} seats joined")
        return None
    if not started:
        return RuleViolation("unexpected-record", "a command before the game started")
    if walk.finished:
        return RuleViolation("game-over", "a command after the game ended")
    if record.seat is None or not 0 <= record.seat < seats:
        return RuleViolation("no-such-seat", f"a command from seat {record.seat} of {seats}")
    return None


def _apply(walk: Replay, position: int, record: Record, seed: Seed | None) -> bool:
    """Decide (or, without a seed, replay) one started or command record; False on a fault."""
    rules = walk.rules
    assert rules is not None and walk.setup is not None
    if seed is None:
        try:
            events = typed_events(rules.event_type, record.events)
            for event in events:
                walk.state = rules.evolve(walk.state, event)
        except Exception:  # a redacted event that evolve cannot take
            walk.outcome = CheckOutcome(
                "rules", "not-verifiable",
                f"replay stopped at version {record.version}: this log of a running game "
                "is redacted for its reader and hides what the rules need from there on; "
                "every command can be decided again once the game has ended")
            walk.state = None  # evolve may have changed it half-way
            return False
        return True
    try:
        if record.type == "started":
            decided = rules.start(walk.setup, seed)
        elif record.type == "forfeit":
            assert record.seat is not None
            decided = rules.forfeit(walk.state, record.seat, seed)
        else:
            assert record.seat is not None
            command = decode_command(rules, record.payload)
            decided = rules.decide(walk.state, record.seat, command, seed)
            walk.commands += 1
    except RuleViolation as violation:
        _refuse(walk, position, record, violation)
        return False
    except Exception as error:  # a forged command the rules trip over, or a fault of theirs
        _refuse(walk, position, record, RuleViolation(
            "rules-failed",
            f"the rules raised {type(error).__name__} ({error}) instead of deciding "
            "or refusing this command"))
        return False
    expected = as_json(decided)
    recorded = as_json(record.events)
    if expected != recorded:
        where = first_difference(recorded, expected, "events")
        walk.findings.append(Finding(
            position, record.version, "rules", "events-differ",
            f"version {record.version}: the rules "
            + ("deal" if record.type == "started"
               else f"accept seat {record.seat}'s command but decide")
            + f" other events than recorded ({where})"))
        walk.outcome = CheckOutcome("rules", "failed", walk.findings[-1].message)
        return False
    try:
        for event in decided:
            walk.state = rules.evolve(walk.state, event)
    except Exception as error:  # a fault of the rules: their own events do not apply
        walk.state = None
        _refuse(walk, position, record, RuleViolation(
            "rules-failed", f"evolve raised {type(error).__name__} ({error}) on events "
            "the rules decided"))
        return False
    return True


def as_json(value: Any) -> Any:
    """`value` as it reads back from JSON (tuples become lists), so logs compare as stored."""
    return msgspec.json.decode(msgspec.json.encode(value))


def decode_command(rules: Rules, payload: dict[str, Any] | None) -> Any:
    """The recorded command as the rules' own type; a malformed one is a violation."""
    try:
        return msgspec.convert(payload, rules.command_type)
    except msgspec.ValidationError as error:
        raise RuleViolation("malformed-command", f"the command cannot be read: {error}") from None


def _refuse(walk: Replay, position: int, record: Record, violation: RuleViolation) -> None:
    walk.findings.append(Finding(
        position, record.version, "rules", violation.code,
        f"version {record.version}: {violation.message}", violation.section))
    walk.outcome = CheckOutcome(
        "rules", "failed",
        f"version {record.version} breaks rule {violation.code}"
        + (f" ({violation.section})" if violation.section else "") + f": {violation.message}")


def first_difference(recorded: Any, expected: Any, path: str) -> str:
    """Where two JSON values first differ, as a path with both values."""
    if isinstance(recorded, dict) and isinstance(expected, dict):
        for key in sorted(set(recorded) | set(expected)):
            if recorded.get(key, _MISSING) != expected.get(key, _MISSING):
                return first_difference(recorded.get(key, _MISSING),
                                        expected.get(key, _MISSING), f"{path}.{key}")
    elif isinstance(recorded, list) and isinstance(expected, list):
        for index, (a, b) in enumerate(zip(recorded, expected, strict=False)):
            if a != b:
                return first_difference(a, b, f"{path}[{index}]")
        if len(recorded) != len(expected):
            return f"{path}: {len(recorded)} recorded, the rules give {len(expected)}"
    return f"{path}: recorded {_show(recorded)}, the rules give {_show(expected)}"


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING = _Missing()


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
