"""Statistics of every archived log (``shared/fixtures``), old rules versions included.

Logs recorded by earlier builds must give their statistics as today's, and the same
independent count (`tests.statistics.counting`) must agree with them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.kernel.protocol import Setup, recorded_setup
from domain.registry import kinds
from service.audit.export import decode_log, rebuild_state
from service.statistics.game import game_statistics
from tests.audit.test_archive import LOGS
from tests.statistics import counting


@pytest.mark.parametrize("path", LOGS, ids=[f"{p.parent.name}/{p.stem}" for p in LOGS])
def test_an_archived_log_gives_the_counted_statistics(path: Path) -> None:
    body = path.read_bytes()
    records = decode_log(body)
    created: dict[str, Any] = records[0].payload or {}
    rules = kinds()[created["kind"]]
    setup = recorded_setup(msgspec.convert(created["setup"], Setup))
    answer = msgspec.to_builtins(game_statistics(rules, setup, records))
    state = rebuild_state(body, rules)
    public = {"result": msgspec.to_builtins(rules.result(state)),
              "view": msgspec.to_builtins(rules.public_view(state))}
    exported = [msgspec.to_builtins(r) for r in records]
    if created["kind"] == "colt-express":
        counted = counting.colt_express(exported, public)
    else:
        material = msgspec.to_builtins(rules.material(setup))
        counted = counting.ticket_to_ride(exported, material, public, state)
    assert answer["status"] == "finished"
    for seat, figures in enumerate(answer["seats"]):
        assert figures["figures"] == counted["seats"][seat], seat
    assert {k: v for k, v in answer["figures"].items()
            if k not in ("records", "seconds")} == counted["game"]
