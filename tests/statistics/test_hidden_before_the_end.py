"""Nothing hidden shows in a game's statistics before its end, on every map and kind.

While a game runs, its statistics must be what anyone could count from the log a
spectator is given (`GET /games/{id}/events` without a token, every hidden field
blanked): the answer is compared, at many versions of random games, with the
kind's statistics of exactly that redacted log, so no figure can depend on a hand,
a ticket, a deck order or a purse value. The figures that need those (tickets
completed, ticket points, longest path, dollars...) and the score chart are absent
until the end, and present once it has come.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.kernel.protocol import Setup
from domain.registry import kinds
from tests.api.players import Table, open_table, play_to_end
from tests.statistics.counting import END_NAMES

GAMES = [("ticket-to-ride", {"map": m}, 3, seed)
         for seed, m in enumerate(["europe", "amsterdam", "northern-lights", "world"], 21)]
GAMES += [("colt-express", {}, 2, 31), ("colt-express", {}, 4, 32)]
#: how often a running game's statistics are checked (every this many records)
EVERY = 7


def spectators_count(table: Table, kind: str, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The kind's statistics of the log as a spectator gets it, as JSON; `log` holds the
    records read so far (a running game's records never change) and is extended."""
    rules = kinds()[kind]
    setup = msgspec.convert(table.public()["setup"], Setup)
    log += table.events(after=len(log))
    steps = [[msgspec.convert(e, rules.event_type) for e in record["events"]]
             for record in log]
    counted = rules.statistics(setup, steps, None)
    body: dict[str, Any] = msgspec.to_builtins(counted)
    return body


def nothing_hidden(table: Table, kind: str, checked: list[int],
                   log: list[dict[str, Any]]) -> None:
    """Check a running game's statistics (every `EVERY` records)."""
    public = table.public()
    if public["status"] != "active" or public["version"] % EVERY:
        return
    answer = table.client.get(f"/games/{table.id}/statistics").json()
    assert answer["status"] == "active" and answer["version"] == public["version"]
    assert answer["scores"] == []
    spectator = spectators_count(table, kind, log)
    assert answer["seats"] == spectator["seats"]
    assert {k: v for k, v in answer["figures"].items()
            if k not in ("records", "seconds")} == spectator["figures"]
    for seat in answer["seats"]:
        assert not END_NAMES & set(seat["figures"]), seat
        assert not {"tickets_completed", "tickets_failed", "terms"} & set(seat)
    checked.append(public["version"])


@pytest.mark.parametrize(("kind", "setup", "seats", "seed"), GAMES,
                         ids=[f"{k}-{s.get('map', 'seats')}-{n}" for k, s, n, _ in GAMES])
def test_running_statistics_show_only_the_public_log(
    client: TestClient[Any], kind: str, setup: dict[str, Any], seats: int, seed: int
) -> None:
    table = open_table(client, kind, seats, **setup)
    checked: list[int] = []
    log: list[dict[str, Any]] = []
    play_to_end(table, random.Random(seed),
                watch=lambda t, _: nothing_hidden(t, kind, checked, log))
    assert len(checked) >= 5
    ended = client.get(f"/games/{table.id}/statistics").json()
    assert ended["status"] == "finished" and ended["scores"]
    for seat in ended["seats"]:
        assert END_NAMES & set(seat["figures"])
