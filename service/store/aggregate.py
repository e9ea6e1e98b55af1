"""The game aggregate: one eventsourcing aggregate per game, holding its log.

Every aggregate event wraps exactly one log `Record` (so the aggregate version
equals the game version) and, where there is one, the secret that goes with it
but must never be exported: the seed (on ``created``) and a seat's token hash
(on ``seat-joined``). The game's own state is not kept here: it is rebuilt from
the records by the rules (see `service.store.live`), so the aggregate stays
free of any game's rules and its stored form stays plain.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from service.store.records import GENESIS_HASH, Record, sealed


class Game(Aggregate):
    """A game's log, its seed and its seats' token hashes."""

    class Created(Aggregate.Created):
        record: Record
        seed: str

    class SeatJoined(Aggregate.Event):
        record: Record
        token_hash: str

        def apply(self, aggregate: Game) -> None:
            aggregate.records.append(self.record)
            aggregate.token_hashes.append(self.token_hash)

    class Started(Aggregate.Event):
        record: Record

        def apply(self, aggregate: Game) -> None:
            aggregate.records.append(self.record)

    class CommandAccepted(Aggregate.Event):
        record: Record

        def apply(self, aggregate: Game) -> None:
            aggregate.records.append(self.record)

    def __init__(self, record: Record, seed: str) -> None:
        self.records: list[Record] = [record]
        self.seed_hex = seed
        self.token_hashes: list[str] = []

    @classmethod
    def create(cls, game_id: UUID, record: Record, seed: str, timestamp: datetime) -> Game:
        """A new game whose log starts with the (sealed) ``created`` record."""
        return cls._create(
            cls.Created, id=game_id, record=record, seed=seed, timestamp=timestamp
        )

    @property
    def last_hash(self) -> str:
        return self.records[-1].hash if self.records else GENESIS_HASH

    def next_event(
        self,
        event_class: type[Game.SeatJoined] | type[Game.Started] | type[Game.CommandAccepted],
        record: Record,
        timestamp: datetime,
        **secret: str,
    ) -> Game.SeatJoined | Game.Started | Game.CommandAccepted:
        """The event that would append `record` (sealed onto the chain), NOT yet applied.

        The store commits it first and applies it (`event.mutate(game)`) only once it is
        durable, so a lost race leaves no trace in memory: threads deciding after this
        one always see committed records only.
        """
        fields: dict[str, Any] = {
            "originator_id": self.id,
            "originator_version": self.version + 1,
            "timestamp": timestamp,
            "record": sealed(record, bytes.fromhex(self.seed_hex)),
            **secret,
        }
        return event_class(**fields)
