"""A live game: the aggregate plus the state its rules rebuild from the log.

This is what the in-process cache holds, so a command costs one `decide`, a
few `evolve`s and one append, never a replay. Everything game-specific goes
through the `GameRules` protocol.
"""

from __future__ import annotations

import threading
from typing import Any

import msgspec

from domain.kernel.protocol import GameRules, Result, Setup, StatusName
from domain.kernel.rng import Seed
from service.store.aggregate import Game
from service.store.records import Record


class LiveGame:
    """One game in memory, as committed: a record joins it only once it is durable.

    Two locks, so that no reader ever waits for a commit:

    * ``write_lock`` is held by whoever decides and appends (the store's join,
      start, command, and catching up with other processes), across its commit;
    * ``lock`` is held while reading the derived state (views, pages of records)
      and, by the store, only while it applies one committed record.
    """

    __slots__ = (
        "aggregate",
        "command_ids",
        "id",
        "kind",
        "lock",
        "names",
        "rules",
        "seed_chosen_by_client",
        "seed_commitment",
        "setup",
        "state",
        "typed_events",
        "write_lock",
    )

    def __init__(self, aggregate: Game, rules: GameRules[Any, Any, Any]) -> None:
        created = aggregate.records[0]
        assert created.payload is not None
        self.aggregate = aggregate
        self.id = str(aggregate.id)
        self.rules = rules
        self.kind: str = created.payload["kind"]
        self.setup = msgspec.convert(created.payload["setup"], Setup)
        self.seed_commitment: str = created.payload["seed_commitment"]
        self.seed_chosen_by_client: bool = created.payload["seed_chosen_by_client"]
        self.lock = threading.Lock()
        self.write_lock = threading.Lock()
        self.state: Any = None
        self.names: list[str] = []
        self.command_ids: dict[str, int] = {}
        #: the game's own events of each record, decoded (index = version - 1)
        self.typed_events: list[list[Any]] = [[]]
        for record in aggregate.records[1:]:
            self.absorb(record)

    def absorb(self, record: Record, typed: list[Any] | None = None) -> None:
        """Bring the derived state up to date with one more record of the log."""
        if record.type == "seat-joined":
            assert record.payload is not None
            self.names.append(record.payload["name"])
        if record.command_id is not None:
            self.command_ids[record.command_id] = record.version
        if typed is None:
            typed = [msgspec.convert(e, self.rules.event_type) for e in record.events]
        self.typed_events.append(typed)
        evolve, state = self.rules.evolve, self.state
        for event in typed:
            state = evolve(state, event)
        self.state = state

    @property
    def version(self) -> int:
        return self.aggregate.version

    @property
    def records(self) -> list[Record]:
        return self.aggregate.records

    @property
    def seed(self) -> Seed:
        return Seed.from_hex(self.aggregate.seed_hex)

    @property
    def result(self) -> Result | None:
        return None if self.state is None else self.rules.result(self.state)

    @property
    def status(self) -> StatusName:
        if self.state is None:
            return "lobby"
        return "active" if self.rules.result(self.state) is None else "finished"

    def to_act(self) -> list[int]:
        return [] if self.state is None else self.rules.to_act(self.state)

    def state_at(self, version: int) -> Any:
        """The game state as it was right after record `version` (a fresh replay)."""
        if version == self.version:
            return self.state
        evolve, state = self.rules.evolve, None
        for typed in self.typed_events[:version]:
            for event in typed:
                state = evolve(state, event)
        return state
