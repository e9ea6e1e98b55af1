"""What an audit answers: findings, the outcome of each check, the verdict.

These are the response bodies of ``POST /replays`` and ``GET /games/{id}/audit``
and what ``roundhouse replay``/``audit`` print, so they are msgspec structs
(typed in the OpenAPI document) rather than dictionaries.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

CheckName = Literal["format", "hash-chain", "commitment", "randomness", "rules"]
CheckStatus = Literal["passed", "failed", "not-verifiable"]

#: the order in which checks run and, for findings on one record, which is named first
CHECK_ORDER: tuple[CheckName, ...] = ("format", "hash-chain", "commitment", "randomness", "rules")


class Finding(msgspec.Struct, frozen=True):
    """One thing wrong with one record of a log.

    `position` is the record's line in the log as given (1-based), `version`
    the version the record claims; they differ when records were dropped,
    inserted or reordered. `code` is stable (``hash-mismatch``,
    ``records-reordered``, ``seed-mismatch``, ``events-differ`` or the rule
    violation's own code such as ``not-your-turn``); `section` is the rules
    section a refusal comes from.
    """

    position: int
    version: int | None
    check: CheckName
    code: str
    message: str
    section: str = ""


class CheckOutcome(msgspec.Struct, frozen=True):
    """The result of one check over the whole log, with what it covered in plain words."""

    check: CheckName
    status: CheckStatus
    detail: str


class AuditReport(msgspec.Struct, frozen=True):
    """The verdict on one log.

    `valid` is false as soon as any check found something wrong. `complete`
    says whether every check could run: a log exported while its game runs is
    redacted and its seed is still secret, so some checks are
    ``not-verifiable`` and a ``valid`` verdict covers only what could be checked.
    """

    valid: bool
    complete: bool
    game_id: str | None
    kind: str | None
    #: the rules version the log was re-decided under: its created record's, "0.1" if it
    #: names none (see docs/rules-versions.md); None when the created record is unreadable
    rules_version: str | None
    records: int
    version: int
    head_hash: str
    finished: bool
    seed_chosen_by_client: bool
    checks: list[CheckOutcome]
    first_invalid: Finding | None
    findings: list[Finding]
    shuffles_reproduced: int
    picks_reproduced: int
    commands_redecided: int
    #: the version of the last record the rules re-decided (or replayed) without fault
    replayed_to: int
    #: the public view after `replayed_to` (the final view of a valid log)
    final_view: Any = None
    #: each seat's final score and the winners, once the game has ended
    result: Any = None


class RuleRef(msgspec.Struct, frozen=True):
    """The rule that allowed or refused a command."""

    code: str
    message: str
    section: str = ""


Verdict = Literal["allowed", "refused", "events-differ", "not-a-command", "not-verifiable"]


class Explanation(msgspec.Struct, frozen=True):
    """One record explained: what the board was, what was asked, what the rules say.

    `verdict` is ``allowed`` when the rules accept the command and decide
    exactly the recorded events, ``refused`` when they raise a rule violation
    (`rule` names it), ``events-differ`` when they accept the command but the
    log records other events (`difference` says where).
    """

    version: int
    record_type: str
    seat: int | None
    command: Any
    verdict: Verdict
    detail: str
    rule: RuleRef | None = None
    difference: str | None = None
    #: whether the command was among the acting seat's legal moves at that point
    listed_in_legal_moves: bool | None = None
    before: Any = None
    #: the acting seat's own view before the move (given only for a finished game's log)
    seat_view_before: Any = None
    recorded_events: list[Any] = []
    decided_events: list[Any] | None = None
    after: Any = None
