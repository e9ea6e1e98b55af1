"""No public endpoint, and no endpoint answering another seat, shows what a seat hides.

Random games are played over HTTP, and after every move the test reads what a
spectator may read (the public view, the log without a token) and what each
seat may read (its `/me`, the log with its token). Before the end:

* a string seat s has been hiding since the previous move (in its private view
  but not in the public view, then and now: a ticket, a card in hand...) never
  appears for the first time in public output, nor in what another seat reads.
  (A secret is only tracked once held across a move: a card may enter a hidden
  place in plain sight, as a bullet card given by a shot does.)
* no public output shows a shuffle's outcome that the rules hide (a deck order);
* the seed (revealed at the end, so known to the test) and the tokens never appear.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from tests.api.players import Table, open_table, play_to_end, test_kinds


def strings(node: Any) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*(strings(v) for v in node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*(strings(v) for v in node)) if node else set()
    return set()


def string_lists(node: Any) -> set[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    if isinstance(node, list):
        if len(node) >= 3 and all(isinstance(v, str) for v in node):
            found.add(tuple(node))
        for value in node:
            found |= string_lists(value)
    elif isinstance(node, dict):
        for value in node.values():
            found |= string_lists(value)
    return found


def shuffle_outcomes(node: Any) -> set[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    if isinstance(node, dict):
        if {"draw", "before", "after"} <= node.keys() and len(node["after"]) >= 3:
            found.add(tuple(node["after"]))
        for value in node.values():
            found |= shuffle_outcomes(value)
    elif isinstance(node, list):
        for value in node:
            found |= shuffle_outcomes(value)
    return found


class Watcher:
    """Reads everything after each move and checks it against each seat's secrets."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.ever_public: set[str] = set()
        self.read_by: list[set[str]] = [set() for _ in range(seats)]
        self.after_public = 0
        self.after_seat = [0] * seats
        self.outputs: list[Any] = []  # everything read before the end
        self.public_outputs: list[Any] = []  # what a spectator read before the end
        self.hidden_before: list[set[str]] = [set() for _ in range(seats)]

    def __call__(self, table: Table, public: dict[str, Any]) -> None:
        if public["status"] == "finished":
            return
        private = [table.me(seat) for seat in range(self.seats)]
        shown = strings(public)
        hidden_now = [strings(p["view"]) - shown for p in private]
        hidden = [now & before for now, before in zip(hidden_now, self.hidden_before, strict=True)]
        self.hidden_before = hidden_now

        spectator = table.events(None, after=self.after_public)
        self.after_public += len(spectator)
        new_public = (shown | strings(spectator)) - self.ever_public
        for seat in range(self.seats):
            leaked = new_public & hidden[seat]
            assert not leaked, f"seat {seat}'s hidden {leaked} shown publicly"
        self.ever_public |= new_public

        for viewer in range(self.seats):
            records = table.events(viewer, after=self.after_seat[viewer])
            self.after_seat[viewer] += len(records)
            own = strings(private[viewer]["view"])
            read = strings(records) - own - self.ever_public
            for seat in range(self.seats):
                if seat != viewer:
                    leaked = read & hidden[seat]
                    assert not leaked, f"seat {seat}'s hidden {leaked} shown to seat {viewer}"
            self.read_by[viewer] |= strings(records)
            self.outputs.append(records)
        self.outputs += [public, spectator]
        self.public_outputs += [public, spectator]


@pytest.mark.parametrize(("kind", "seats", "extra"), [
    ("toy-draw", 3, {}), ("ticket-to-ride", 3, {}), ("colt-express", 3, {}),
    ("ticket-to-ride", 3, {"map": "amsterdam"}),
])
def test_nothing_hidden_is_shown(
    client: TestClient[Any], kind: str, seats: int, extra: dict[str, Any]
) -> None:
    table = open_table(client, kind, seats, **extra)
    watcher = Watcher(seats)
    final = play_to_end(table, random.Random(f"leak-{kind}"), watch=watcher)

    before_end = strings(watcher.outputs)
    assert final["seed"] not in before_end
    assert not set(table.tokens) & before_end
    # the deck orders the rules hide from spectators (known now that the whole log is
    # public) were never shown publicly
    rules = test_kinds()[kind]
    events = [msgspec.convert(e, rules.event_type) for r in table.events() for e in r["events"]]
    everything = shuffle_outcomes([msgspec.to_builtins(e) for e in events])
    public = shuffle_outcomes([msgspec.to_builtins(rules.redact(e, None)) for e in events])
    hidden = everything - public
    assert hidden, "the game hid no shuffle"
    assert not hidden & string_lists(watcher.public_outputs)
