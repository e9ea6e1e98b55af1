"""The audit over a log: an untouched log passes; each kind of tampering is named."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import msgspec
import pytest

from service.audit import LogFormatError, audit, decode_log, encode_log
from service.store.records import Record, record_hash
from tests import toy
from tests.audit.conftest import KINDS, SEED
from tests.audit.logs import edit, redacted, replace_at, reseal


def _first_command(log: list[Record], predicate: Callable[[Record], bool] = bool) -> int:
    return next(i for i, r in enumerate(log) if r.type == "command" and predicate(r))


def test_untouched_log_is_valid_complete_and_reproduces_every_draw(
    finished: list[Record],
) -> None:
    report = audit(decode_log(encode_log(finished)), KINDS)
    assert report.valid and report.complete, report.findings
    assert [c.status for c in report.checks] == ["passed"] * 4
    assert report.finished and report.result is not None
    assert report.shuffles_reproduced >= 1 and report.picks_reproduced == 1
    assert report.commands_redecided == sum(r.type == "command" for r in finished)
    assert report.replayed_to == report.version == len(finished)
    assert report.head_hash == finished[-1].hash
    assert report.final_view["finished"] is True


def test_a_changed_byte_is_a_hash_mismatch_at_that_version(finished: list[Record]) -> None:
    i = _first_command(finished)
    tampered = replace_at(finished, i, edit(finished[i], command_id="forged"))
    report = audit(tampered, KINDS)
    assert not report.valid
    first = report.first_invalid
    assert first is not None and (first.code, first.version) == ("hash-mismatch", i + 1)


def test_a_changed_card_is_named_even_when_the_chain_is_rebuilt(finished: list[Record]) -> None:
    i = _first_command(finished, lambda r: any(e["type"] == "card-drawn" for e in r.events))
    events = [dict(e, card="B9") if e["type"] == "card-drawn" else e for e in finished[i].events]
    report = audit(reseal(replace_at(finished, i, edit(finished[i], events=events))),
                   KINDS)
    first = report.first_invalid
    assert first is not None
    assert (first.check, first.code, first.version) == ("rules", "events-differ", i + 1)
    assert "'B9'" in first.message and ".card" in first.message
    assert report.replayed_to == i


def test_a_changed_seat_breaks_the_turn_rule(finished: list[Record]) -> None:
    i = _first_command(finished)
    other = (finished[i].seat + 1) % 3
    report = audit(reseal(replace_at(finished, i, edit(finished[i], seat=other))),
                   KINDS)
    first = report.first_invalid
    assert first is not None
    assert (first.code, first.section, first.version) == ("not-your-turn", "§2", i + 1)


def test_a_changed_shuffle_outcome_is_not_what_the_seed_gives(finished: list[Record]) -> None:
    started = next(i for i, r in enumerate(finished) if r.type == "started")
    opened = dict(finished[started].events[0])
    deck = dict(opened["deck"])
    deck["after"] = list(reversed(deck["after"]))
    events = [dict(opened, deck=deck), *finished[started].events[1:]]
    log = reseal(replace_at(finished, started, edit(finished[started], events=events)))
    report = audit(log, KINDS)
    codes = {(f.check, f.code) for f in report.findings}
    assert ("randomness", "shuffle-mismatch") in codes
    assert report.first_invalid is not None and report.first_invalid.version == started + 1


def test_a_swapped_pair_of_records_is_named_reordered(finished: list[Record]) -> None:
    i = _first_command(finished)
    swapped = [*finished[:i], finished[i + 1], finished[i], *finished[i + 2:]]
    first = audit(swapped, KINDS).first_invalid
    assert first is not None
    assert (first.code, first.position, first.version) == ("records-reordered", i + 1, i + 2)


def test_a_dropped_record_is_named(finished: list[Record]) -> None:
    i = _first_command(finished)
    report = audit(finished[:i] + finished[i + 1 :], KINDS)
    first = report.first_invalid
    assert first is not None and first.code == "record-dropped"
    assert f"version {i + 1} is missing" in first.message
    assert "prev-hash-break" in {f.code for f in report.findings}


def test_an_inserted_record_is_named(finished: list[Record]) -> None:
    i = _first_command(finished)
    extra = edit(finished[i], command_id="again")
    report = audit([*finished[:i + 1], extra, *finished[i + 1:]], KINDS)
    first = report.first_invalid
    assert first is not None and first.code == "record-inserted"


def test_a_forged_seed_does_not_match_the_commitment(finished: list[Record]) -> None:
    last = finished[-1]
    events = [dict(e, seed="ab" * 32) if "seed" in e else e for e in last.events]
    report = audit(reseal([*finished[:-1], edit(last, events=events)]), KINDS)
    first = report.first_invalid
    assert first is not None
    assert (first.check, first.code) == ("commitment", "seed-mismatch")
    assert first.version == len(finished)
    assert [c.status for c in report.checks][1:] == ["failed", "not-verifiable", "not-verifiable"]


def test_a_seed_forged_with_its_commitment_deals_another_opening(
    finished: list[Record],
) -> None:
    forged = "cd" * 32
    commitment = hashlib.sha256(bytes.fromhex(forged)).hexdigest()

    def forge(record: Record) -> Record:
        payload = record.payload
        if record.type == "created":
            payload = dict(record.payload or {}, seed_commitment=commitment)
        events = [dict(e, seed=forged) if "seed" in e else
                  dict(e, seed_commitment=commitment) if "seed_commitment" in e else e
                  for e in record.events]
        return edit(record, payload=payload, events=events)

    report = audit(reseal([forge(r) for r in finished]), KINDS)
    first = report.first_invalid
    assert first is not None and first.check in ("randomness", "rules")
    started = next(r.version for r in finished if r.type == "started")
    assert first.version == started


def test_a_record_of_another_game_is_foreign(finished: list[Record]) -> None:
    i = _first_command(finished)
    log = replace_at(finished, i, edit(finished[i], game_id="other"))
    assert "foreign-record" in {f.code for f in audit(log, KINDS).findings}


def test_a_command_after_the_end_is_refused(finished: list[Record]) -> None:
    i = _first_command(finished)
    report = audit(reseal([*finished, finished[i]]), KINDS)
    first = report.first_invalid
    assert first is not None and first.code == "game-over"


def test_a_running_export_verifies_what_it_can_and_says_what_it_cannot(
    finished: list[Record],
) -> None:
    running = redacted(finished[:12], toy.RULES, viewer=1)
    report = audit(decode_log(encode_log(running)), KINDS)
    assert report.valid and not report.complete
    status = {c.check: c.status for c in report.checks}
    assert status == {"hash-chain": "not-verifiable", "commitment": "not-verifiable",
                      "randomness": "not-verifiable", "rules": "not-verifiable"}
    assert not report.finished
    swapped = [*running[:8], running[9], running[8], *running[10:]]
    first = audit(swapped, KINDS).first_invalid
    assert first is not None and first.code == "records-reordered"


def test_the_server_audits_its_own_running_log_without_excusing_changes(
    finished: list[Record],
) -> None:
    running = finished[:12]
    report = audit(running, KINDS, redacted=False, sealed_with=SEED)
    assert report.valid and report.checks[0].status == "passed"
    assert [c.status for c in report.checks[1:]] == ["not-verifiable"] * 3  # the seed is kept
    assert report.final_view is not None and report.final_view["finished"] is False
    i = _first_command(running)
    tampered = replace_at(running, i, edit(running[i], seat=2))
    first = audit(tampered, KINDS, redacted=False, sealed_with=SEED).first_invalid
    assert first is not None and first.code == "hash-mismatch"
    # without the seed, a reader checks the links only: the changed record still links
    assert audit(tampered, KINDS, redacted=False).checks[0].status == "not-verifiable"


def test_an_unreadable_export_names_its_line(finished: list[Record]) -> None:
    body = encode_log(finished).splitlines()
    body[2] = b'{"game_id": 1}'
    with pytest.raises(LogFormatError) as caught:
        decode_log(b"\n".join(body))
    assert caught.value.line == 3
    with pytest.raises(LogFormatError):
        decode_log(b"")


def test_an_unknown_kind_is_named_on_the_first_record(finished: list[Record]) -> None:
    first = audit(finished, {}).first_invalid
    assert first is not None and (first.code, first.position) == ("unknown-kind", 1)


def test_outcomes_out_of_range_are_refused_not_computed(finished: list[Record]) -> None:
    started = next(i for i, r in enumerate(finished) if r.type == "started")
    opened = finished[started].events[0]
    for first in ({"draw": 0, "bound": 2**70, "value": 0},  # would never stop rejecting
                  {"draw": 2**64, "bound": 3, "value": 0}):
        events = [dict(opened, trump=first), *finished[started].events[1:]]
        log = reseal(replace_at(finished, started, edit(finished[started], events=events)))
        codes = {f.code for f in audit(decode_log(encode_log(log)), KINDS).findings}
        assert "pick-mismatch" in codes or "draw-out-of-sequence" in codes


def test_values_nested_too_deeply_are_unreadable(finished: list[Record]) -> None:
    line = encode_log([edit(finished[0], payload={"x": [[[[[[]]]]]] * 1, "y": "[" * 10})])
    assert decode_log(line)  # shallow: fine
    deep: object = []
    for _ in range(200):
        deep = [deep]
    with pytest.raises(LogFormatError, match="nested deeper"):
        decode_log(encode_log([edit(finished[0], payload={"x": deep})]))
    with pytest.raises(LogFormatError):
        decode_log(b'{"events": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}")


def _unsalted_hash(record: Record) -> str:
    """The hash as it was before records were salted: SHA-256(prev_hash || canonical)."""
    body = msgspec.structs.asdict(record)
    del body["hash"]
    return hashlib.sha256(bytes.fromhex(record.prev_hash)
                          + msgspec.json.Encoder(order="sorted").encode(body)).hexdigest()


def test_a_running_export_gives_hashes_that_confirm_no_guess_at_a_hidden_card(
    finished: list[Record],
) -> None:
    running = finished[:14]
    shown = redacted(running, toy.RULES, viewer=0)
    assert [(r.hash, r.prev_hash) for r in shown] == [(r.hash, r.prev_hash) for r in running]
    i = next(i for i, r in enumerate(running) if r.type == "command" and r.seat != 0
             and any(e["type"] == "card-drawn" for e in r.events))
    hidden = shown[i]
    assert all(e.get("card") is None for e in hidden.events if e["type"] == "card-drawn")

    def guess(card: str) -> Record:
        events = [dict(e, card=card) if e["type"] == "card-drawn" else e for e in hidden.events]
        return edit(hidden, events=events, payload=running[i].payload)

    drawn = next(e["card"] for e in running[i].events if e["type"] == "card-drawn")
    # Unsalted, the hash of the full record would give the card away to this brute force...
    assert [c for c in toy.DECK if _unsalted_hash(guess(c)) == _unsalted_hash(running[i])] \
        == [drawn]
    # ...but the hash the reader holds is salted with the secret seed: no guess matches it,
    assert [c for c in toy.DECK if _unsalted_hash(guess(c)) == hidden.hash] == []
    assert all(record_hash(guess(c), bytes(32)) != hidden.hash for c in toy.DECK)
    # and once the seed is revealed, the same hash is recomputed from the record as stored.
    assert record_hash(guess(drawn), SEED.value) == hidden.hash
    report = audit(shown, KINDS)
    assert report.valid and report.checks[0].status == "not-verifiable"
    assert report.head_hash == running[-1].hash


def test_a_rehashed_forgery_passes_every_check_and_only_the_head_hash_tells(
    finished: list[Record],
) -> None:
    """Once the seed is public anyone can rewrite a log and seal it again. What the rules do
    not decide is then changed undetected: a seat's name, a record's time, a player's
    command relabelled as the server's bot move (docs/fairness.md). Only the head hash
    differs from the one the server (or a reader, during the game) holds."""
    joined = next(i for i, r in enumerate(finished) if r.type == "seat-joined")
    moved = _first_command(finished)
    forged = replace_at(finished, joined, edit(finished[joined], payload={"name": "mallory"}))
    forged = replace_at(forged, moved, edit(forged[moved], type="bot-command",
                                            time="2031-01-01T00:00:00+00:00"))
    report = audit(decode_log(encode_log(reseal(forged))), KINDS)
    assert report.valid and report.complete, report.first_invalid
    assert report.head_hash != finished[-1].hash
