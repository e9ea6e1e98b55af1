"""The game aggregate: one eventsourcing aggregate per game, holding its log.

Every aggregate event wraps exactly one log `Record` (so the aggregate version
equals the game version) and, where there is one, the secret that goes with it
but must never be exported: the seed (on ``created``) and a seat's token hash
(on ``seat-joined``). The aggregate keeps only what the next append needs (the
head of the hash chain, the seed, the token hashes); the records themselves are
kept, compactly, by `service.store.live`, and the game's own state is rebuilt
from them by the rules, so the aggregate stays free of any game's rules and its
stored form stays plain.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from service.store.records import Record, sealed


class Game(Aggregate):
    """The head of a game's log, its seed its seats' token hashes and its host's."""

    class Created(Aggregate.Created):
        record: Record
        seed: str
        #: SHA-256 of the host's token and of the invite code (None in older games)
        host_token_hash: str | None = None
        invite_hash: str | None = None

    class SeatJoined(Aggregate.Event):
        record: Record
        token_hash: str

        def apply(self, aggregate: Game) -> None:
            aggregate.last_hash = self.record.hash
            assert self.record.seat is not None
            aggregate.token_hashes[self.record.seat] = self.token_hash

    class SeatLeft(Aggregate.Event):
        record: Record

        def apply(self, aggregate: Game) -> None:
            aggregate.last_hash = self.record.hash
            assert self.record.seat is not None
            del aggregate.token_hashes[self.record.seat]

    class TokenReissued(SeatJoined):
        """The seat's token hash replaced, exactly as a join sets it."""

    class Started(Aggregate.Event):
        record: Record

        def apply(self, aggregate: Game) -> None:
            aggregate.last_hash = self.record.hash

    class CommandAccepted(Aggregate.Event):
        record: Record

        def apply(self, aggregate: Game) -> None:
            aggregate.last_hash = self.record.hash

    def __init__(
        self,
        record: Record,
        seed: str,
        host_token_hash: str | None = None,
        invite_hash: str | None = None,
    ) -> None:
        self.created = record
        self.last_hash = record.hash
        self.seed_hex = seed
        self.host_token_hash = host_token_hash
        self.invite_hash = invite_hash
        #: the token hash of each taken seat
        self.token_hashes: dict[int, str] = {}

    @classmethod
    def create(
        cls,
        game_id: UUID,
        record: Record,
        seed: str,
        timestamp: datetime,
        host_token_hash: str | None = None,
        invite_hash: str | None = None,
    ) -> Game:
        """A new game whose log starts with the (sealed) ``created`` record."""
        return cls._create(
            cls.Created, id=game_id, record=record, seed=seed, timestamp=timestamp,
            host_token_hash=host_token_hash, invite_hash=invite_hash,
        )

    def next_event(
        self,
        event_class: type[Appended],
        record: Record,
        timestamp: datetime,
        **secret: str,
    ) -> Appended:
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


#: the aggregate events that append one record after ``created``
Appended = (
    Game.SeatJoined | Game.SeatLeft | Game.TokenReissued | Game.Started | Game.CommandAccepted
)
