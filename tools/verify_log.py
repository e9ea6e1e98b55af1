#!/usr/bin/env python3
"""Verify an exported Roundhouse game log without trusting (or installing) Roundhouse.

Standard library only, and nothing imported from the project: this is the
independent check that ``docs/fairness.md`` specifies. It reads a log as
exported by ``GET /games/{id}/export`` (JSON Lines, one record a line) and checks

1. the hash chain: versions 1, 2, 3... in order, each ``prev_hash`` equal to the
   previous record's ``hash``, each ``hash`` recomputed from the record and its
   salt (HMAC-SHA256 keyed by the revealed seed);
2. the commitment: the created record's ``seed_commitment`` is the one the first
   event of the game publishes, and SHA-256 of the revealed seed equals it;
3. every shuffle ``{draw, before, after}`` and pick ``{draw, bound, value}`` in the
   events: draws used once each, 0, 1, 2... record after record, each outcome
   reproduced from the revealed seed.

It does not re-run the games' rules (that is ``POST /replays`` or
``roundhouse replay``), but it shows the rules version the created record names
(``0.1`` when it names none; see ``docs/rules-versions.md``). A log exported
while its game runs reveals no seed and is redacted for its reader: its
versions and ``prev_hash`` links are checked, and what cannot be checked yet
(the salted hashes, the outcomes) is said, not failed.

With ``--rules-version VERSION`` (the ``rules.version`` that
``GET /kinds/{kind}/material`` gives for the table you expect, e.g. a map's
ticket deck named by its digest), a log whose created record names another
version fails the ``rules-version`` check, saying both: a game dealt from
another contract deck is refused so, without re-running the rules.

A line with the same key twice in any object cannot be read (exit 2): JSON
leaves open which value counts, and a record whose hash verifies over one
reading would show another to a reader who keeps the first.

It prints the head hash, the last record's ``hash``: a log re-hashed from
start to end with the revealed seed (anyone can, once a game has ended) passes
every check here; compare the head hash with the server's (``GET
/games/{id}/audit``) or with one you kept during the game (docs/fairness.md,
"What a forger can change").

Usage: ``python3 verify_log.py LOG.jsonl [--json] [--rules-version VERSION]``
(``-`` reads standard input).
The last line says ``VALID`` only when every check passed; a log with checks
that cannot be made yet (a running game's) says ``VALID SO FAR`` (``"complete":
false`` in ``--json``). Exit status: 0 nothing wrong found, 1 the log fails a
check, 2 the log cannot be read.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

GENESIS_HASH = "0" * 64
TWO_64 = 1 << 64
SALT_LABEL = b"roundhouse-record"
HEX64 = re.compile(r"[0-9a-f]{64}")
#: the rules version of a log whose created record names none
LEGACY_RULES_VERSION = "0.1"
#: every field of a record, with the value it has when an export leaves it out
FIELDS: dict[str, Any] = {
    "game_id": None, "version": None, "type": None, "time": None, "seat": None,
    "command_id": None, "payload": None, "events": [], "prev_hash": GENESIS_HASH,
}


# -- the generator (docs/fairness.md, "The generator") -------------------------------------

class Draw:
    """The byte stream of draw ``d``: SHA-256(seed || u64be(d) || u64be(block)), block 0, 1..."""

    def __init__(self, seed: bytes, draw: int) -> None:
        self.prefix = seed + draw.to_bytes(8, "big")
        self.block = 0
        self.buffer = b""

    def next_u64(self) -> int:
        if not self.buffer:
            self.buffer = hashlib.sha256(self.prefix + self.block.to_bytes(8, "big")).digest()
            self.block += 1
        value, self.buffer = int.from_bytes(self.buffer[:8], "big"), self.buffer[8:]
        return value

    def below(self, n: int) -> int:
        limit = TWO_64 - TWO_64 % n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n


def shuffle(seed: bytes, draw: int, items: list[str]) -> list[str]:
    """Fisher-Yates from the last position down, each swap partner from draw ``draw``."""
    stream, order = Draw(seed, draw), list(items)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def pick(seed: bytes, draw: int, bound: int) -> int:
    return Draw(seed, draw).below(bound)


# -- the log ------------------------------------------------------------------------------

def canonical(value: Any) -> bytes:
    """JSON with keys sorted at every level, no white space, UTF-8 (not ASCII-escaped)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def record_salt(seed: bytes, version: int) -> bytes:
    """HMAC-SHA256(key=seed, msg=b"roundhouse-record" || u64be(version))."""
    return hmac.digest(seed, SALT_LABEL + version.to_bytes(8, "big"), "sha256")


def record_hash(record: dict[str, Any], seed: bytes) -> str:
    body = {name: record.get(name, default) for name, default in FIELDS.items()}
    salt = record_salt(seed, body["version"])
    return hashlib.sha256(bytes.fromhex(body["prev_hash"]) + salt + canonical(body)).hexdigest()


class DuplicateKey(ValueError):
    """An object with the same key twice."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of `pairs`, or `DuplicateKey` if a key comes twice."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DuplicateKey(f"the key {key[:64]!r} appears twice in one object")
        found[key] = value
    return found


def read_log(text: str) -> list[dict[str, Any]]:
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line, object_pairs_hook=unique_keys)
        except DuplicateKey as error:
            raise ValueError(f"line {number}: {error}") from None
        except ValueError as error:
            raise ValueError(f"line {number}: not JSON ({error})") from None
        if not isinstance(record, dict) or set(record) - set(FIELDS) - {"hash"} or \
                type(record.get("version")) is not int or \
                not all(HEX64.fullmatch(h) for h in (
                    str(record.get("hash")), str(record.get("prev_hash", GENESIS_HASH)))):
            raise ValueError(f"line {number}: not a log record")
        records.append(record)
    if not records:
        raise ValueError("the log has no records")
    return records


class Verdict:
    def __init__(self) -> None:
        self.problems: list[dict[str, Any]] = []
        self.checks: dict[str, str] = {}
        self.rules_version: Any = None
        self.head_hash: str = GENESIS_HASH

    def fail(self, position: int, version: Any, check: str, code: str, message: str) -> None:
        self.problems.append({"position": position, "version": version, "check": check,
                              "code": code, "message": message})


def revealed_seed(records: list[dict[str, Any]]) -> tuple[int, dict[str, Any], Any] | None:
    for position, record in enumerate(records, 1):
        for event in record.get("events") or []:
            if isinstance(event, dict) and isinstance(event.get("seed"), str):
                return position, record, event["seed"]
    return None


def check_chain(records: list[dict[str, Any]], seed: bytes | None, verdict: Verdict) -> None:
    """Versions and links; with the seed the log reveals, every hash recomputed too."""
    versions = [r["version"] for r in records]
    counts, expected = Counter(versions), set(range(1, len(records) + 1))
    for position, version in enumerate(versions, 1):
        if version == position:
            continue
        if counts[version] > 1 or version not in expected:
            verdict.fail(position, version, "hash-chain", "record-inserted",
                         f"version {version} at position {position}: a record was inserted")
        elif set(versions) == expected:
            verdict.fail(position, version, "hash-chain", "records-reordered",
                         f"version {version} found where version {position} belongs")
        else:
            missing = min(expected - set(versions))
            verdict.fail(position, version, "hash-chain", "record-dropped",
                         f"version {missing} is missing: a record was dropped")
        break
    previous = GENESIS_HASH
    for position, record in enumerate(records, 1):
        version = record["version"]
        if record.get("prev_hash", GENESIS_HASH) != previous:
            verdict.fail(position, version, "hash-chain", "prev-hash-break",
                         "prev_hash does not link to the record before it")
        if seed is not None and not (0 <= version < TWO_64
                                     and record_hash(record, seed) == record["hash"]):
            verdict.fail(position, version, "hash-chain", "hash-mismatch",
                         f"version {version} does not match its hash")
        previous = record["hash"]
    failed = any(p["check"] == "hash-chain" for p in verdict.problems)
    verdict.checks["hash-chain"] = "failed" if failed else (
        "passed" if seed is not None else
        "not-verifiable: versions in order and every link intact; the hashes are salted "
        "with the seed and can be recomputed once it is revealed")


def check_commitment(records: list[dict[str, Any]], verdict: Verdict) -> bytes | None:
    payload = records[0].get("payload") if records[0].get("type") == "created" else None
    if not isinstance(payload, dict):
        payload = {}
    promised = payload.get("seed_commitment")
    if not isinstance(promised, str):
        verdict.fail(1, records[0]["version"], "commitment", "commitment-missing",
                     "the created record publishes no seed_commitment")
        verdict.checks["commitment"] = "failed"
        return None
    if payload.get("seed_chosen_by_client"):
        verdict.checks["seed-chosen-by-client"] = "yes: this game's shuffles were not fair"
    for position, record in enumerate(records, 1):
        events = record.get("events") or []
        if record.get("type") == "started" and events:
            if events[0].get("seed_commitment") != promised:
                verdict.fail(position, record["version"], "commitment", "commitment-mismatch",
                             "the first event publishes another commitment")
            break
    reveal = revealed_seed(records)
    seed = None
    if reveal is not None:
        position, record, text = reveal
        if not HEX64.fullmatch(text):
            verdict.fail(position, record["version"], "commitment", "seed-malformed",
                         "the revealed seed is not 64 lowercase hex digits")
        elif hashlib.sha256(bytes.fromhex(text)).hexdigest() != promised:
            verdict.fail(position, record["version"], "commitment", "seed-mismatch",
                         f"the seed revealed at version {record['version']} does not hash to "
                         "the commitment published at creation: the seed was forged")
        else:
            seed = bytes.fromhex(text)
    failed = any(p["check"] == "commitment" for p in verdict.problems)
    verdict.checks["commitment"] = "failed" if failed else (
        "passed" if seed else "not-verifiable: the seed is revealed when the game ends")
    return seed


def random_outcomes(value: Any) -> Any:
    if isinstance(value, dict):
        keys = set(value)
        if keys in ({"draw", "before", "after"}, {"draw", "bound", "value"}):
            yield value
            return
        for item in value.values():
            yield from random_outcomes(item)
    elif isinstance(value, list):
        for item in value:
            yield from random_outcomes(item)


def check_draw_sequence(records: list[dict[str, Any]], redacted: bool,
                        verdict: Verdict) -> int:
    """Draws used once each, record after record: 0, 1, 2... (any order within a record)."""
    next_draw = 0
    for position, record in enumerate(records, 1):
        numbers = [o["draw"] for o in random_outcomes(record.get("events") or [])]
        if not numbers:
            continue
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            verdict.fail(position, record["version"], "randomness", "draw-out-of-sequence",
                         "a draw number is not an integer")
            return next_draw
        numbers.sort()
        expected = list(range(next_draw, next_draw + len(numbers)))
        fine = (numbers[0] >= next_draw and len(set(numbers)) == len(numbers) if redacted
                else numbers == expected)
        if not fine:
            verdict.fail(position, record["version"], "randomness", "draw-out-of-sequence",
                         f"draws {numbers} used where draws from {next_draw} on were next")
            return next_draw
        next_draw = numbers[-1] + 1
    return next_draw


def check_outcomes(records: list[dict[str, Any]], seed: bytes | None, redacted: bool,
                   verdict: Verdict) -> None:
    draws = check_draw_sequence(records, redacted, verdict)
    reproduced, hidden = 0, 0
    for position, record in enumerate(records, 1):
        for outcome in random_outcomes(record.get("events") or []):
            draw = outcome["draw"]
            is_shuffle = "before" in outcome
            shown = outcome["after"] if is_shuffle else outcome["value"] is not None
            if redacted and not shown:
                hidden += 1
                continue
            if seed is None:
                continue
            ok = type(draw) is int and 0 <= draw < TWO_64
            if ok and is_shuffle:
                ok = isinstance(outcome["before"], list) and \
                    outcome["after"] == shuffle(seed, draw, outcome["before"])
            elif ok:
                bound = outcome["bound"]
                ok = type(bound) is int and 1 <= bound <= TWO_64 and \
                    outcome["value"] == pick(seed, draw, bound)
            if ok:
                reproduced += 1
            else:
                kind = "shuffle" if is_shuffle else "pick"
                verdict.fail(position, record["version"], "randomness", f"{kind}-mismatch",
                             f"draw {draw}: the recorded {kind} is not what the seed gives")
    if any(p["check"] == "randomness" for p in verdict.problems):
        verdict.checks["randomness"] = "failed"
    elif seed is None or hidden:
        verdict.checks["randomness"] = (f"not-verifiable: {draws} draws in sequence, "
                                        "outcomes checkable once the seed is revealed")
    else:
        verdict.checks["randomness"] = (f"passed: {reproduced} outcomes reproduced, "
                                        f"draws 0..{draws - 1} each used once")


def rules_version(created: dict[str, Any]) -> Any:
    """The rules version the created record names ("0.1" for a log from before versions)."""
    payload = created.get("payload")
    setup = payload.get("setup") if isinstance(payload, dict) else None
    if not isinstance(setup, dict):
        return None
    return setup.get("rules_version") or LEGACY_RULES_VERSION


def check_rules_version(created: dict[str, Any], expected: str, verdict: Verdict) -> None:
    """The created record names the `expected` rules version (map, deck and all)."""
    named = rules_version(created)
    if named == expected:
        verdict.checks["rules-version"] = "passed: the created record names the expected version"
        return
    verdict.checks["rules-version"] = "failed"
    why = ""
    if str(named).split("+")[0] == expected.split("+")[0]:
        why = " (same rules and map, another ticket deck)"
    verdict.fail(1, created.get("version"), "rules-version", "other-rules-version",
                 f"the log was recorded under rules version {named}, not the expected "
                 f"{expected}{why}")


def verify(text: str, expected_version: str | None = None) -> Verdict:
    records = read_log(text)
    verdict = Verdict()
    verdict.rules_version = rules_version(records[0])
    verdict.head_hash = records[-1]["hash"]
    if expected_version is not None:
        check_rules_version(records[0], expected_version, verdict)
    reveal = revealed_seed(records)
    redacted = reveal is None
    # the hashes are salted with the revealed seed, matching the commitment or not
    # (a forged seed is the commitment check's finding)
    chain_seed = bytes.fromhex(reveal[2]) if reveal and HEX64.fullmatch(reveal[2]) else None
    check_chain(records, chain_seed, verdict)
    seed = check_commitment(records, verdict)
    check_outcomes(records, seed, redacted, verdict)
    verdict.problems.sort(key=lambda p: p["position"])
    return verdict


def main(argv: list[str]) -> int:
    args = [a for a in argv if a != "--json"]
    expected = None
    if "--rules-version" in args:
        at = args.index("--rules-version")
        expected = args[at + 1] if at + 1 < len(args) else ""
        del args[at:at + 2]
    if len(args) != 1 or expected == "":
        print(__doc__.split("\n\n")[-1].strip(), file=sys.stderr)
        return 2
    try:
        text = sys.stdin.read() if args[0] == "-" else Path(args[0]).read_text("utf-8")
        verdict = verify(text, expected)
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
        print(f"cannot read the log: {error}", file=sys.stderr)
        return 2
    valid = not verdict.problems
    complete = all(status.startswith("passed") for status in verdict.checks.values())
    if "--json" in argv:
        print(json.dumps({"valid": valid, "complete": complete,
                          "rules_version": verdict.rules_version, "head_hash": verdict.head_hash,
                          "checks": verdict.checks, "problems": verdict.problems}, indent=2))
    else:
        print(f"rules version: {verdict.rules_version}")
        print(f"head hash: {verdict.head_hash} (compare it with the server's)")
        for check, status in verdict.checks.items():
            print(f"{check}: {status}")
        for problem in verdict.problems:
            print(f"INVALID at line {problem['position']} (version {problem['version']}): "
                  f"{problem['code']}: {problem['message']}")
        if not valid:
            print("INVALID")
        elif complete:
            print("VALID")
        else:
            print("VALID SO FAR: nothing wrong found, but the checks marked not-verifiable "
                  "can be made only once the game has ended and its seed is revealed")
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
