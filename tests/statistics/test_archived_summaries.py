"""Every archived log (``shared/fixtures``, old rules versions included) is counted across
games: summarised without being held apart, its scores and winners as its own end says."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.registry import kinds
from service.audit.export import decode_log
from service.statistics.summary import samples, summarise
from tests.audit.test_archive import LOGS


@pytest.mark.parametrize("path", LOGS, ids=[f"{p.parent.name}/{p.stem}" for p in LOGS])
def test_an_archived_log_is_summarised_as_its_end_says(path: Path) -> None:
    records = decode_log(path.read_bytes())
    summary = summarise(records, kinds())
    assert summary is not None
    ended = next(event for record in records for event in record.events
                 if event["type"] == "game-ended")
    scores = [s if isinstance(s, int) else s["total"] for s in ended["scores"]]
    assert [seat.score for seat in summary.seats] == scores
    assert [seat.seat for seat in summary.seats if seat.won] == ended["winners"]
    for seat in summary.seats:  # the score sheet adds up
        assert sum(seat.terms.values()) == seat.score
    assert ("games", 1) in samples(summary)
