"""The audit on the registered games: a random finished game passes; tampering is named."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.audit import audit, decode_log, encode_log, explain, rebuild_state
from service.store.records import Record
from tests.audit.conftest import SEED
from tests.audit.logs import edit, play_log, replace_at, reseal

SETUPS = {
    "ticket-to-ride": Setup(seats=4, map="europe"),
    "colt-express": Setup(seats=4),
}


@pytest.fixture(scope="module")
def europe() -> list[Record]:
    return play_log(kinds()["ticket-to-ride"], SETUPS["ticket-to-ride"], SEED, random.Random(5))


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_a_random_finished_game_passes_every_check(kind: str) -> None:
    log = play_log(kinds()[kind], SETUPS[kind], SEED, random.Random(11))
    report = audit(decode_log(encode_log(log)))
    assert report.valid and report.complete, report.first_invalid
    assert report.commands_redecided == sum(r.type == "command" for r in log)
    assert report.shuffles_reproduced > 0
    assert report.result is not None and report.finished


def test_a_changed_card_is_named(europe: list[Record]) -> None:
    i, event = next((i, e) for i, r in enumerate(europe) for e in r.events
                    if e["type"] == "card-drawn" and e["card"] not in (None, "locomotive"))
    events = [dict(e, card="locomotive") if e is event else e for e in europe[i].events]
    first = audit(reseal(replace_at(europe, i, edit(europe[i], events=events)))).first_invalid
    assert first is not None
    assert (first.check, first.code, first.version) == ("rules", "events-differ", i + 1)
    assert "card: recorded 'locomotive'" in first.message


def test_a_changed_seat_is_named_with_the_rule(europe: list[Record]) -> None:
    i = next(i for i, r in enumerate(europe) if r.type == "command" and r.version > 20)
    forged = edit(europe[i], seat=(europe[i].seat + 1) % 4)
    first = audit(reseal(replace_at(europe, i, forged))).first_invalid
    assert first is not None and first.check == "rules" and first.version == i + 1
    assert first.code == "not-your-turn" and first.section


def test_a_swapped_pair_dropped_and_inserted_record_are_named(europe: list[Record]) -> None:
    i = 30
    swapped = [*europe[:i], europe[i + 1], europe[i], *europe[i + 2 :]]
    dropped = [*europe[:i], *europe[i + 1 :]]
    inserted = [*europe[: i + 1], europe[i], *europe[i + 1 :]]
    codes = [audit(log).first_invalid.code for log in (swapped, dropped, inserted)]  # type: ignore[union-attr]
    assert codes == ["records-reordered", "record-dropped", "record-inserted"]


def test_a_forged_seed_is_named(europe: list[Record]) -> None:
    events = [dict(e, seed="ee" * 32) if e["type"] == "game-ended" else e
              for e in europe[-1].events]
    first = audit(reseal(replace_at(europe, len(europe) - 1, edit(europe[-1], events=events))))
    assert first.first_invalid is not None
    assert (first.first_invalid.code, first.first_invalid.version) == ("seed-mismatch",
                                                                       len(europe))


def test_a_disputed_europe_move_is_explained(europe: list[Record]) -> None:
    record = next(r for r in europe if r.type == "command" and r.payload
                  and r.payload["type"] == "claim-route")
    answer = explain(europe, record.version)
    assert answer.verdict == "allowed" and answer.listed_in_legal_moves
    assert answer.before is not None and answer.after is not None
    assert answer.seat_view_before is not None


def test_the_fast_rebuild_reaches_the_state_the_audit_reaches(europe: list[Record]) -> None:
    rules = kinds()["ticket-to-ride"]
    state = rebuild_state(encode_log(europe), rules)
    assert msgspec.to_builtins(rules.public_view(state)) == audit(europe).final_view
    assert rules.result(state) is not None
