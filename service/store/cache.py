"""The live games this process holds: loaded once, caught up with the log, evicted when cold.

A game is replayed from its log once per process (on first use, `load`), then
kept live (`LiveGame`): a command never replays. Rebuilding costs one read of
the log plus `evolve` per event (microseconds each), so no stored snapshot is
kept: game states are the rules' own types, which the store should not have
to serialise. Finished games leave first, then the least recently used.

Records join a live game only once they are committed (`apply`), whether this
process appended them or another one did (`catch_up` reads what the log holds
beyond the game's version). Whoever learns of a version from the log — a
load or a catch-up — tells the `watchers` (``watcher(game_id, version)``): the
read model uses it never to serve a view older than what this process read.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from eventsourcing.persistence import EventStore

from domain.kernel.protocol import GameRules
from service.store.aggregate import Game
from service.store.errors import KindNotHosted, UnknownGame
from service.store.live import LiveGame
from service.store.records import Record

log = logging.getLogger(__name__)

Watcher = Callable[[str, int], None]


def canonical_id(game_id: str) -> str:
    """The game id as stored (a UUID's canonical spelling), or `UnknownGame`."""
    try:
        return str(uuid.UUID(game_id))
    except ValueError:
        raise UnknownGame(game_id) from None


class LiveGames:
    """The cache of live games over one event store."""

    def __init__(
        self, events: EventStore[Any], kinds: Mapping[str, GameRules[Any, Any, Any]], size: int
    ) -> None:
        self.events = events
        self.kinds = kinds
        self.size = size
        #: told every version read from the log (not this process's own appends)
        self.watchers: list[Watcher] = []
        #: live games, least recently used first
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        #: the cached games that have finished, in the order they finished: evicted first
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._cache)

    def held(self, key: str) -> LiveGame | None:
        """The live game if this process holds it (no I/O); `key` as stored."""
        with self._lock:
            live = self._cache.get(key)
            if live is not None:
                self._cache.move_to_end(key)
        return live

    def get(self, game_id: str) -> LiveGame:
        """The live game as this process last saw it, loaded on first use."""
        key = canonical_id(game_id)
        live = self.held(key)
        return live if live is not None else self._load(key)

    def _load(self, key: str) -> LiveGame:
        # the aggregate is projected here rather than by the library's repository, whose
        # per-event runtime protocol check costs more than the rest of the load
        events: list[Any] = list(self.events.get(uuid.UUID(key)))
        if not events:
            raise UnknownGame(key)
        aggregate = events[0].mutate(None)
        for event in events[1:]:
            event.mutate(aggregate)
        assert isinstance(aggregate, Game) and aggregate.created.payload is not None
        kind = aggregate.created.payload["kind"]
        if kind not in self.kinds:
            raise KindNotHosted(kind)
        live = self.keep(LiveGame(aggregate, self.kinds[kind], (e.record for e in events),
                                  self.loader(aggregate.id)))
        self._tell(live.id, live.version)
        return live

    def keep(self, live: LiveGame) -> LiveGame:
        """Cache `live` (or the copy another thread cached first), evicting finished games
        first, then the least recently used."""
        with self._lock:
            live = self._cache.setdefault(live.id, live)
            if live.status == "finished":
                self._finished[live.id] = None
            while len(self._cache) > self.size:
                if self._finished:
                    victim, _ = self._finished.popitem(last=False)
                    del self._cache[victim]
                else:
                    self._cache.popitem(last=False)
        return live

    def loader(self, game_id: uuid.UUID) -> Callable[[int, int], list[Record]]:
        """Reads a game's records with versions in ``(after, upto]`` from the store."""

        def load(after: int, upto: int) -> list[Record]:
            events = self.events.get(game_id, gt=after, lte=upto)
            return [event.record for event in events]  # type: ignore[attr-defined]

        return load

    def catch_up(self, live: LiveGame) -> bool:
        """Absorb the records other processes appended; whether there were any.

        The caller holds ``live.write_lock``.
        """
        newer = list(self.events.get(live.aggregate.id, gt=live.version))
        for event in newer:
            self.apply(live, event, None)
        if newer:
            self._tell(live.id, live.version)
        return bool(newer)

    def apply(self, live: LiveGame, event: Any, typed: list[Any] | None) -> None:
        """Join one committed aggregate event to memory (under the readers' lock)."""
        with live.lock:
            event.mutate(live.aggregate)
            live.absorb(event.record, typed)
        if live.status == "finished":
            with self._lock:
                if self._cache.get(live.id) is live:
                    self._finished[live.id] = None

    def _tell(self, game_id: str, version: int) -> None:
        tell(self.watchers, game_id, version)


def tell(hearers: list[Callable[..., None]], *news: Any) -> None:
    """Call each of `hearers` with `news`; one that fails is logged, never raised."""
    for hearer in hearers:
        try:
            hearer(*news)
        except Exception:
            log.exception("%r failed to hear %r", hearer, news)
