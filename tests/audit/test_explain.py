"""A disputed move explained: state before, command, rule, outcome."""

from __future__ import annotations

import pytest

from service.audit import NoSuchVersion, explain
from service.store.records import Record
from tests import toy
from tests.audit.conftest import KINDS
from tests.audit.logs import edit, redacted, replace_at, reseal


def _command_index(log: list[Record]) -> int:
    """A card played after the opening (a move that scores)."""
    return next(i for i, r in enumerate(log) if r.type == "command" and r.version > 8
                and r.payload is not None and r.payload["type"] == "play-card")


def test_an_accepted_move_is_explained_with_the_board_before_and_after(
    finished: list[Record],
) -> None:
    i = _command_index(finished)
    record = finished[i]
    answer = explain(finished, record.version, KINDS)
    assert answer.verdict == "allowed" and answer.listed_in_legal_moves
    assert answer.command == record.payload and answer.seat == record.seat
    assert answer.decided_events == answer.recorded_events == record.events
    assert answer.before["turn"] == record.seat
    assert record.payload["card"] in answer.seat_view_before["hand"]
    assert answer.after["scores"] != answer.before["scores"]


def test_a_forged_move_is_refused_with_its_rule(finished: list[Record]) -> None:
    i = _command_index(finished)
    forgery = edit(finished[i], payload={"type": "play-card", "card": "Z9"})
    forged = reseal(replace_at(finished, i, forgery))
    answer = explain(forged, i + 1, KINDS)
    assert answer.verdict == "refused" and answer.listed_in_legal_moves is False
    assert answer.rule is not None
    assert (answer.rule.code, answer.rule.section) == ("card-not-in-hand", "§3.1")


def test_a_move_with_other_events_says_where_they_differ(finished: list[Record]) -> None:
    i = _command_index(finished)
    events = [dict(finished[i].events[0], seat=9), *finished[i].events[1:]]
    forged = reseal(replace_at(finished, i, edit(finished[i], events=events)))
    answer = explain(forged, i + 1, KINDS)
    assert answer.verdict == "events-differ"
    assert answer.difference is not None and answer.difference.startswith("events[0].seat")


def test_records_that_are_not_commands_say_what_they_are(finished: list[Record]) -> None:
    assert explain(finished, 1, KINDS).verdict == "not-a-command"
    opening = next(r.version for r in finished if r.type == "started")
    dealt = explain(finished, opening, KINDS)
    assert dealt.verdict == "allowed" and dealt.after["deck_size"] > 0
    assert explain(finished, 2, KINDS).detail == "a player took this seat"
    with pytest.raises(NoSuchVersion):
        explain(finished, 10_000, KINDS)


def test_while_running_nothing_hidden_is_shown(finished: list[Record]) -> None:
    running = finished[:14]
    i = _command_index(running)
    record = running[i]
    viewer = (record.seat + 1) % 3
    answer = explain(running, record.version, KINDS, viewer=viewer)
    assert answer.verdict == "not-verifiable"
    assert answer.command == {"type": record.payload["type"]}
    assert answer.seat_view_before is None
    assert answer.before is not None
    assert answer.recorded_events == redacted([record], toy.RULES, viewer)[0].events
    own = explain(running, record.version, KINDS, viewer=record.seat)
    assert own.command == record.payload and own.seat_view_before is not None
