"""Appending a record: seal it onto the chain, commit it, and only then join it to memory.

The invariant of the store: a record joins a live game only after its commit,
and every decision is made against the committed records it is appended
after. The caller holds the game's ``write_lock`` while it decides and
appends. If the append loses to another process (the store's unique
``(game, version)`` key) or fails in any other way, the live game is exactly
as it was; a lost race catches the game up with the log before it is told
(`VersionConflict`), so the caller can decide again against the winner.

Appends from concurrent requests share transactions (`Committer`). After each
commit the `listeners` run (``listener(game_id, record)``, in the appending
thread, after the record is durable): read models and live feeds. A listener's
exception is logged, never raised.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import msgspec
from eventsourcing.persistence import IntegrityError

from service.store.aggregate import Appended
from service.store.cache import LiveGames, tell
from service.store.committer import Committer
from service.store.errors import VersionConflict
from service.store.live import LiveGame
from service.store.records import Record

Listener = Callable[[str, Record], None]


class Appender:
    """Seals, commits and joins records of the live games in `games`."""

    def __init__(
        self, games: LiveGames, committer: Committer, now: Callable[[], datetime]
    ) -> None:
        self.games = games
        self.committer = committer
        self.now = now
        self.listeners: list[Listener] = []
        #: where a command decided on the loop catches up after losing its append, the game
        #: still held: never the loop's default executor, whose threads may all be requests
        #: waiting for that very game
        self._catch_up = ThreadPoolExecutor(max_workers=2, thread_name_prefix="roundhouse-catch-up")

    def close(self) -> None:
        self._catch_up.shutdown()

    def append(
        self,
        live: LiveGame,
        event_class: type[Appended],
        record: Record,
        typed: list[Any] | None,
        keyed: bool = False,
        secret: dict[str, str] | None = None,
    ) -> Record:
        """Seal and store one record, then join it to memory; a lost race changes nothing.

        A `keyed` record (its command id is the client's Idempotency-Key) that loses
        is never taken for its own earlier attempt: another process may have stored
        the very same record for a retry with that key, in the same microsecond; the
        caller's decision runs again and finds the key, so its answer is the
        replayed one. `secret` goes with the record into the aggregate event only (a
        seat's token hash).
        """
        event = self.sealed(live, event_class, record, **(secret or {}))
        try:
            self.committer.append([event])
        except IntegrityError:
            if not self.won_anyway(live, event, keyed):
                raise VersionConflict(live.version) from None
        return self.joined(live, event, typed)

    async def append_on_loop(self, live: LiveGame, event: Any, keyed: bool) -> bool:
        """`append` of a sealed `event` for a caller on the event loop: whether it was won.

        A lost race is caught up with in a thread of its own (`won_anyway`), and False
        tells the caller to decide again off the loop.
        """
        try:
            await self.committer.append_on_loop([event])
        except IntegrityError:
            won = asyncio.get_running_loop().run_in_executor(
                self._catch_up, self.won_anyway, live, event, keyed)
            return await won
        return True

    def sealed(
        self, live: LiveGame, event_class: type[Appended], record: Record, **secret: str
    ) -> Any:
        """The aggregate event appending `record`, timed now and chained to the head."""
        now = self.now()
        record = msgspec.structs.replace(
            record, time=now.isoformat(), prev_hash=live.aggregate.last_hash
        )
        return live.aggregate.next_event(event_class, record, now, **secret)

    def won_anyway(self, live: LiveGame, event: Any, keyed: bool) -> bool:
        """After `event`'s append lost its version: whether it was stored after all (see
        `_stored_already`); if not, the game catches up with the store."""
        if not keyed and self._stored_already(event):
            return True
        self.games.catch_up(live)
        return False

    def joined(self, live: LiveGame, event: Any, typed: list[Any] | None) -> Record:
        """Join committed `event` to memory and tell the listeners."""
        self.games.apply(live, event, typed)
        self.notify(live.id, event.record)
        return event.record  # type: ignore[no-any-return]

    def _stored_already(self, event: Any) -> bool:
        """Whether the version `event` lost on holds `event` itself.

        A PostgreSQL append retried after a dropped connection can find its own
        first attempt committed; that append was won, not lost.
        """
        stored = list(self.games.events.get(
            event.originator_id, gt=event.originator_version - 1, lte=event.originator_version
        ))
        return bool(stored) and stored[0].record.hash == event.record.hash  # type: ignore[attr-defined]

    def notify(self, game_id: str, record: Record) -> None:
        tell(self.listeners, game_id, record)
