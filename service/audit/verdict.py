"""The whole audit of one log: every check in turn, and the verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain import registry
from domain.kernel.rng import Seed
from service.audit.chain import verify_chain
from service.audit.fairness import HEX64, revealed_seed, verify_commitment, verify_outcomes
from service.audit.rebuild import Rules, replay
from service.audit.report import CHECK_ORDER, AuditReport, CheckOutcome, Finding
from service.store.records import GENESIS_HASH, Record


def audit(
    records: Sequence[Record],
    kinds: Mapping[str, Rules] | None = None,
    *,
    redacted: bool | None = None,
    sealed_with: Seed | None = None,
) -> AuditReport:
    """Check a log: hash chain, seed against commitment, every random outcome, every command.

    `redacted` says whether the log may have been redacted for a viewer (an
    export made while the game runs); by default that is assumed exactly when
    the log reveals no seed. The server auditing its own complete log of a
    running game passes ``redacted=False``, so a changed record is named as
    such rather than excused as redacted, and its secret seed as `sealed_with`,
    so the hashes are recomputed too. That seed serves the hash chain only: the
    other checks wait for the seed the log reveals, so a report on a running
    game shows nothing the seed would give away.

    Hashes are recomputed with `sealed_with` or else the seed the log reveals
    (if it is 64 hex digits), whether or not it matches the commitment: a
    forged seed is the commitment check's finding.
    """
    kinds = registry.kinds() if kinds is None else kinds
    reveal = revealed_seed(records)
    if redacted is None:
        redacted = reveal is None
    chain_seed = sealed_with.value if sealed_with is not None else _seed_bytes(reveal)
    chain_findings, chain = verify_chain(records, chain_seed)
    commit_findings, commit, seed = verify_commitment(records)
    random_findings, randomness, shuffles, picks = verify_outcomes(
        records, seed, redacted=redacted)
    walk = replay(records, kinds, seed)
    rules_outcome = walk.outcome
    if seed is None and commit.status == "failed" and reveal is not None:
        rules_outcome = CheckOutcome(
            "rules", "not-verifiable",
            "the revealed seed is not the committed one, so no command can be decided again")
    findings = sorted(chain_findings + commit_findings + random_findings + walk.findings,
                      key=_finding_order)
    checks = [chain, commit, randomness, rules_outcome]
    created = records[0].payload if records and records[0].payload else {}
    result = None
    if walk.rules is not None and walk.state is not None:
        result = msgspec.to_builtins(walk.rules.result(walk.state))
    return AuditReport(
        valid=not findings,
        complete=not findings and all(check.status == "passed" for check in checks),
        game_id=records[0].game_id if records else None,
        kind=walk.rules.descriptor.kind if walk.rules else _text(created.get("kind")),
        rules_version=walk.setup.rules_version if walk.setup else None,
        records=len(records),
        version=records[-1].version if records else 0,
        head_hash=records[-1].hash if records else GENESIS_HASH,
        finished=walk.finished or seed is not None,
        seed_chosen_by_client=bool(created.get("seed_chosen_by_client", False)),
        checks=checks,
        first_invalid=findings[0] if findings else None,
        findings=findings,
        shuffles_reproduced=shuffles,
        picks_reproduced=picks,
        commands_redecided=walk.commands if seed is not None else 0,
        replayed_to=walk.replayed_to,
        final_view=walk.public_view(),
        result=result,
    )


def _finding_order(finding: Finding) -> tuple[int, int]:
    return finding.position, CHECK_ORDER.index(finding.check)


def _seed_bytes(reveal: tuple[int, Record, str] | None) -> bytes | None:
    """The revealed seed's bytes, if it is written as a seed is (matching or not)."""
    return bytes.fromhex(reveal[2]) if reveal and HEX64.fullmatch(reveal[2]) else None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None
