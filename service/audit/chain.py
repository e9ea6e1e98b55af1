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

Every hash is salted with a secret derived from the game's seed
(`service.store.records.record_salt`), so hashes can be recomputed only with
the seed: once the game has ended (it is revealed), or by the server auditing
its own log. Before that a reader checks the versions and that each
``prev_hash`` is the hash of the record before it; the hashes themselves are
``not-verifiable`` yet, and a redacted record could not match its hash anyway.

A chain rebuilt from scratch by someone rewriting history (anyone can, once
the seed is revealed) is consistent in itself. The other checks catch it only
where it breaks a rule or the seed; a changed name, time or record type passes
them all. Only comparing the head hash with the server's, or with a hash a
reader kept during the game, catches that (docs/fairness.md, "What a forger
can change").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from service.audit.report import CheckOutcome, Finding
from service.store.records import GENESIS_HASH, MAX_VERSION, Record, record_hash


def verify_chain(
    records: Sequence[Record], seed: bytes | None
) -> tuple[list[Finding], CheckOutcome]:
    """Check versions, links and (with the game's `seed`) hashes of `records`, in order.

    Without the seed only the versions and the ``prev_hash`` links are checked.
    """
    findings = _sequence_findings(records)
    previous = GENESIS_HASH
    game_id = records[0].game_id if records else ""
    for position, record in enumerate(records, 1):
        if record.game_id != game_id:
            findings.append(_finding(position, record, "foreign-record",
                                     f"record belongs to game {record.game_id!r}, "
                                     f"the log to {game_id!r}"))
        if record.prev_hash != previous:
            findings.append(_finding(position, record, "prev-hash-break",
                                     f"version {record.version}'s prev_hash does not link to "
                                     "the record before it"))
        if seed is not None and not (0 <= record.version <= MAX_VERSION
                                     and record.hash == record_hash(record, seed)):
            findings.append(_finding(position, record, "hash-mismatch",
                                     f"version {record.version} does not match its hash: "
                                     "its content changed after it was sealed"))
        previous = record.hash
    findings.sort(key=lambda f: f.position)
    if findings:
        outcome = CheckOutcome("hash-chain", "failed", findings[0].message)
    elif seed is None:
        outcome = CheckOutcome(
            "hash-chain", "not-verifiable",
            f"versions 1..{len(records)} in order, each prev_hash the hash of the record "
            "before it; the hashes are salted with the seed and can be recomputed once it "
            "is revealed at the end")
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
