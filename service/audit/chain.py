"""The hash chain: is this the log as it was sealed, whole and in order?

Each kind of tampering is named where it shows:

* a record whose bytes changed no longer matches its own ``hash``
  (``hash-mismatch``);
* a dropped record leaves its version missing (``record-dropped``);
* an inserted record repeats a version or claims one past the end
  (``record-inserted``);
* a reordered pair keeps every version but out of sequence
  (``records-reordered``);
* any of the three last also breaks a ``prev_hash`` link (``prev-hash-break``);
* a record of another game (``foreign-record``).

A chain rebuilt from scratch by someone rewriting history is consistent in
itself; it is caught by the other checks (rules, commitment) or by comparing
the head hash with the one the server publishes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from service.audit.export import WITHHELD
from service.audit.report import CheckOutcome, Finding
from service.store.records import GENESIS_HASH, Record, record_hash


def verify_chain(
    records: Sequence[Record], *, redacted: bool = False
) -> tuple[list[Finding], CheckOutcome]:
    """Check versions, links and hashes of `records`, in the order given.

    With `redacted` (an export made while the game runs, for one seat or a
    spectator), hashes may be withheld (empty) from the first redacted record
    on (`service.audit.export.withhold_hashes`): those are reported as not
    verifiable rather than tampered. Every hash that is given must be right.
    Messages name versions, never hash values: while a game runs a hash could
    betray hidden content.
    """
    findings = _sequence_findings(records)
    withheld = 0
    previous = GENESIS_HASH
    game_id = records[0].game_id if records else ""
    for position, record in enumerate(records, 1):
        if record.game_id != game_id:
            findings.append(_finding(position, record, "foreign-record",
                                     f"record belongs to game {record.game_id!r}, "
                                     f"the log to {game_id!r}"))
        if record.hash == WITHHELD or record.prev_hash == WITHHELD:
            withheld += 1
            if not redacted:
                findings.append(_finding(position, record, "hash-missing",
                                         f"version {record.version} has no hash"))
            elif record.prev_hash == WITHHELD and previous != WITHHELD:
                findings.append(_finding(position, record, "prev-hash-break",
                                         f"version {record.version} withholds the link to a "
                                         "record whose hash is given"))
        elif record.prev_hash != previous:
            findings.append(_finding(position, record, "prev-hash-break",
                                     f"version {record.version}'s prev_hash does not link to "
                                     "the record before it"))
        if record.hash != WITHHELD and record.prev_hash != WITHHELD and \
                record.hash != record_hash(record):
            findings.append(_finding(position, record, "hash-mismatch",
                                     f"version {record.version} does not match its hash: "
                                     "its content changed after it was sealed"))
        previous = record.hash
    findings.sort(key=lambda f: f.position)
    if findings:
        outcome = CheckOutcome("hash-chain", "failed", findings[0].message)
    elif withheld:
        outcome = CheckOutcome(
            "hash-chain", "not-verifiable",
            f"versions 1..{len(records)} in order; {len(records) - withheld} hashes checked, "
            f"{withheld} withheld while the game runs (a hash could betray hidden content)")
    else:
        outcome = CheckOutcome("hash-chain", "passed",
                               f"{len(records)} records, versions 1..{len(records)}, "
                               "every hash and link intact")
    return findings, outcome


def _sequence_findings(records: Sequence[Record]) -> list[Finding]:
    """Name the first break in the version sequence: dropped, inserted or reordered."""
    versions = [record.version for record in records]
    counts = Counter(versions)
    expected = set(range(1, len(records) + 1))
    for position, record in enumerate(records, 1):
        if record.version == position:
            continue
        if counts[record.version] > 1 or record.version not in expected:
            code, message = "record-inserted", (
                f"version {record.version} at position {position}: "
                + ("two records claim this version" if counts[record.version] > 1
                   else f"the log has only {len(records)} records")
                + ", a record was inserted")
        elif set(versions) == expected:
            code, message = "records-reordered", (
                f"version {record.version} found where version {position} belongs: "
                "records are out of order")
        else:
            missing = min(expected - set(versions))
            code, message = "record-dropped", f"version {missing} is missing: a record was dropped"
        return [_finding(position, record, code, message)]
    return []


def _finding(position: int, record: Record, code: str, message: str) -> Finding:
    return Finding(position, record.version, "hash-chain", code, message)
