"""The seed against its commitment, and every random outcome reproduced from the seed.

Works on the log as recorded (JSON objects), without the game's rules: every
shuffle appears in an event as an object ``{draw, before, after}`` and every
pick as ``{draw, bound, value}`` (``domain.kernel.rng``), wherever the game put
it. Draws must be numbered 0, 1, 2... record after record: a gap would mean a
draw was used and not recorded, which is how a dealer could try outcomes until
one suited it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any

from domain.kernel.rng import Rng, Seed, commitment
from service.audit.report import CheckOutcome, Finding
from service.store.records import Record

HEX64 = re.compile(r"[0-9a-f]{64}")
#: draws are numbered and bounded by 64-bit integers (docs/fairness.md)
_TWO_64 = 1 << 64


class Outcome:
    """One recorded shuffle or pick, located in the log."""

    __slots__ = ("body", "position", "version")

    def __init__(self, position: int, version: int, body: dict[str, Any]) -> None:
        self.position = position
        self.version = version
        self.body = body

    @property
    def is_shuffle(self) -> bool:
        return "before" in self.body


def outcomes(records: Sequence[Record]) -> Iterator[Outcome]:
    """Every shuffle and pick recorded in the log, in log order."""
    for position, record in enumerate(records, 1):
        for event in record.events:
            for body in _random_objects(event):
                yield Outcome(position, record.version, body)


def _random_objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        keys = value.keys()
        if "draw" in keys and (keys == {"draw", "before", "after"}
                               or keys == {"draw", "bound", "value"}):
            yield value
            return
        for item in value.values():
            yield from _random_objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from _random_objects(item)


def revealed_seed(records: Sequence[Record]) -> tuple[int, Record, str] | None:
    """The seed the log reveals (a ``seed`` field of an event), with where it is."""
    for position, record in enumerate(records, 1):
        for event in record.events:
            seed = event.get("seed")
            if isinstance(seed, str):
                return position, record, seed
    return None


def committed(records: Sequence[Record]) -> str | None:
    """The commitment published at creation (``created.payload.seed_commitment``)."""
    if records and records[0].type == "created" and records[0].payload:
        value = records[0].payload.get("seed_commitment")
        return value if isinstance(value, str) else None
    return None


def verify_commitment(
    records: Sequence[Record],
) -> tuple[list[Finding], CheckOutcome, Seed | None]:
    """Check the commitment is published consistently and the revealed seed matches it.

    Returns the seed when it is revealed and matches, for the other checks.
    """
    findings: list[Finding] = []
    promised = committed(records)
    if promised is None:
        first = records[0] if records else None
        findings.append(Finding(1, first.version if first else None, "commitment",
                                "commitment-missing",
                                "the created record publishes no seed_commitment"))
        return findings, CheckOutcome("commitment", "failed", findings[0].message), None
    for position, record in enumerate(records, 1):
        if record.type == "started" and record.events:
            published = record.events[0].get("seed_commitment")
            if published != promised:
                findings.append(Finding(
                    position, record.version, "commitment", "commitment-mismatch",
                    f"the first event publishes commitment {str(published)[:12]}..., "
                    f"the created record {promised[:12]}..."))
            break
    reveal = revealed_seed(records)
    if reveal is None:
        if findings:
            return findings, CheckOutcome("commitment", "failed", findings[0].message), None
        return findings, CheckOutcome(
            "commitment", "not-verifiable",
            f"commitment {promised[:12]}... published; the seed is revealed when the game ends",
        ), None
    position, record, text = reveal
    seed: Seed | None = None
    if not HEX64.fullmatch(text):
        findings.append(Finding(position, record.version, "commitment", "seed-malformed",
                                "the revealed seed is not 64 lowercase hex digits"))
    elif commitment(bytes.fromhex(text)) != promised:
        findings.append(Finding(
            position, record.version, "commitment", "seed-mismatch",
            f"the seed revealed at version {record.version} hashes to "
            f"{commitment(bytes.fromhex(text))[:12]}..., not to the commitment "
            f"{promised[:12]}... published at creation: the seed was forged"))
    else:
        seed = Seed.from_hex(text)
    if findings:
        return findings, CheckOutcome("commitment", "failed", findings[0].message), None
    return findings, CheckOutcome(
        "commitment", "passed",
        f"SHA-256 of the seed revealed at version {record.version} equals the commitment "
        f"{promised[:12]}... published at creation and in the first event"), seed


def verify_outcomes(
    records: Sequence[Record], seed: Seed | None, *, redacted: bool = False
) -> tuple[list[Finding], CheckOutcome, int, int]:
    """Reproduce every shuffle and pick from `seed`; returns findings and the counts reproduced.

    Blank outcomes of a `redacted` log are counted as hidden rather than wrong.
    """
    findings: list[Finding] = []
    broken, draws = draw_sequence(records, redacted=redacted)
    if broken:
        findings.append(broken)
    shuffles = picks = hidden = 0
    for outcome in outcomes(records):
        body = outcome.body
        if redacted and not (body.get("after") if outcome.is_shuffle
                             else body.get("value") is not None):
            hidden += 1
            continue
        if seed is None:
            continue
        problem = _reproduce(seed, body)
        if problem:
            kind = "shuffle" if outcome.is_shuffle else "pick"
            findings.append(Finding(outcome.position, outcome.version, "randomness",
                                    f"{kind}-mismatch", f"draw {body['draw']}: {problem}"))
        elif outcome.is_shuffle:
            shuffles += 1
        else:
            picks += 1
    findings.sort(key=lambda f: f.position)
    if findings:
        return findings, CheckOutcome("randomness", "failed", findings[0].message), shuffles, picks
    if seed is None or hidden:
        detail = f"{draws} draws numbered in sequence"
        detail += (f"; {hidden} outcomes are redacted for this viewer" if hidden else "")
        detail += "; outcomes can be reproduced once the seed is revealed"
        return findings, CheckOutcome("randomness", "not-verifiable", detail), shuffles, picks
    return findings, CheckOutcome(
        "randomness", "passed",
        f"{shuffles} shuffles and {picks} picks reproduced from the revealed seed, "
        f"draws 0..{draws - 1} each used once, in order"), shuffles, picks


def draw_sequence(
    records: Sequence[Record], *, redacted: bool = False
) -> tuple[Finding | None, int]:
    """Check that draws are used once each, record after record: ``(fault, draws used)``.

    The draws of one record may appear in any order among its events' fields
    (a game lays its opening out as it likes), but taken together they must
    be exactly the next unused numbers: 0, 1, 2... over the whole log. In a
    `redacted` log outcomes may be left out, so they need only increase.
    """
    next_draw = 0
    by_record: dict[int, list[Outcome]] = {}
    for outcome in outcomes(records):
        by_record.setdefault(outcome.position, []).append(outcome)
    for position, found in by_record.items():
        version = found[0].version
        if not all(type(o.body.get("draw")) is int for o in found):
            return Finding(position, version, "randomness", "draw-out-of-sequence",
                           "a draw number is not an integer"), next_draw
        ordered: list[int] = sorted(o.body["draw"] for o in found)
        expected = list(range(next_draw, next_draw + len(ordered)))
        fine = (ordered[0] >= next_draw and len(set(ordered)) == len(ordered) if redacted
                else ordered == expected)
        if not fine:
            return Finding(
                position, version, "randomness", "draw-out-of-sequence",
                f"version {version} uses draws {_ranges(ordered)} where draws "
                f"{_ranges(expected)} were next: a draw was skipped, reused or reordered",
            ), next_draw
        next_draw = ordered[-1] + 1
    return None, next_draw


def _ranges(numbers: list[int]) -> str:
    contiguous = all(b == a + 1 for a, b in pairwise(numbers))
    if numbers and contiguous:
        return f"{numbers[0]}..{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
    return ", ".join(map(str, numbers[:8])) + (", ..." if len(numbers) > 8 else "")


def _reproduce(seed: Seed, body: dict[str, Any]) -> str | None:
    """Why `body` is not what the seed gives at its draw, or None when it is."""
    draw = body["draw"]
    if type(draw) is not int or not 0 <= draw < _TWO_64:
        return "the draw number is not an integer in 0..2^64-1"
    if "before" in body:
        before, after = body["before"], body["after"]
        if not isinstance(before, list | tuple) or not all(isinstance(x, str) for x in before):
            return "the shuffle's input is not a list of strings"
        expected = list(Rng(seed, draw).shuffle(before).after)
        if not isinstance(after, list | tuple) or list(after) != expected:
            after = list(after) if isinstance(after, list | tuple) else [after]
            index = next((i for i, (a, b) in enumerate(zip(after, expected, strict=False))
                          if a != b), min(len(after), len(expected)))
            return (f"recorded order differs from the seed's shuffle at index {index} "
                    f"(recorded {_at(after, index)}, seed gives {_at(expected, index)})")
        return None
    bound, value = body["bound"], body["value"]
    if type(bound) is not int or not 1 <= bound <= _TWO_64:
        return "the pick's bound is not an integer in 1..2^64"
    expected_value = Rng(seed, draw).pick(bound).value
    if value != expected_value:
        return f"recorded pick {value} of {bound}, the seed gives {expected_value}"
    return None


def _at(items: list[Any], index: int) -> str:
    return repr(items[index]) if index < len(items) else "nothing"
