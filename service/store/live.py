"""A live game: the head of its log, its records kept compactly, and the state its rules rebuild.

This is what the in-process cache holds, so a command costs one `decide`, a
few `evolve`s and one append, never a replay. Everything game-specific goes
through the `GameRules` protocol.

Memory: a live game keeps what a command needs (the state, the chain head,
the idempotency index) plus its newest records as their JSON bytes
(`RecordLog`); older records are read from the store on demand. A record's
typed events are not kept: they are decoded from the record when a reader
needs them (`events_of`), which only past views, event pages, streams and
idempotent replays do.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any, overload

import msgspec

from domain.kernel.protocol import GameRules, Result, Setup, StatusName, recorded_setup
from domain.kernel.rng import Seed
from service.store.aggregate import Game
from service.store.clocks import ClockRule, Clocks
from service.store.records import Record, typed_events

#: the record types made by a seat's decision (they stop its clock)
ACTING = frozenset({"command", "bot-command", "timeout", "forfeit"})

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(Record).decode


#: how many of the newest records a live game keeps in memory (streams and command
#: answers read these); older ones are read from the store when asked for
TAIL = 32

Loader = Callable[[int, int], list[Record]]


class RecordLog(Sequence[Record]):
    """A game's records in version order (index = version - 1).

    The newest `keep` (`TAIL`) are held as their JSON bytes (a third of the memory of
    decoded records) and decoded on access; older ones are read from the store
    through `load` (``load(after, upto)`` gives the records with versions in
    ``(after, upto]``). Records never change once committed, so either source
    gives the same record.
    """

    __slots__ = ("_count", "_load", "_tail")

    def __init__(self, load: Loader, keep: int = TAIL) -> None:
        self._load = load
        self._tail: deque[bytes] = deque(maxlen=keep)
        self._count = 0

    def append(self, record: Record) -> None:
        self._tail.append(_encode(record))
        self._count += 1

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Record: ...
    @overload
    def __getitem__(self, index: slice) -> list[Record]: ...
    def __getitem__(self, index: int | slice) -> Record | list[Record]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            return self._between(start, stop)
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._between(index, index + 1)[0]

    def _between(self, start: int, stop: int) -> list[Record]:
        """Records at indices ``start <= i < stop``."""
        if start >= stop:
            return []
        first_held = self._count - len(self._tail)
        older = self._load(start, min(stop, first_held)) if start < first_held else []
        held = [_decode(self._tail[i - first_held]) for i in range(max(start, first_held), stop)]
        return older + held

    def __iter__(self) -> Iterator[Record]:
        return iter(self._between(0, self._count))


class LiveGame:
    """One game in memory, as committed: a record joins it only once it is durable.

    Two locks, so that no reader ever waits for a commit:

    * ``write_lock`` is held by whoever decides and appends (the store's join,
      start, command, and catching up with other processes), across its commit;
    * ``lock`` is held while reading the derived state (views, pages of records)
      and, by the store, only while it applies one committed record.
    """

    __slots__ = (
        "_result",
        "aggregate",
        "bots",
        "clock",
        "command_ids",
        "id",
        "kind",
        "listed",
        "lock",
        "private",
        "records",
        "rules",
        "seated",
        "seed_chosen_by_client",
        "seed_commitment",
        "setup",
        "state",
        "takeover",
        "write_lock",
    )

    def __init__(
        self,
        aggregate: Game,
        rules: GameRules[Any, Any, Any],
        records: Iterable[Record],
        load: Loader,
    ) -> None:
        """`records`: the whole log so far, the ``created`` record first; `load` reads
        older records back from the store (see `RecordLog`)."""
        created = aggregate.created
        assert created.payload is not None
        self.aggregate = aggregate
        self.id = str(aggregate.id)
        self.rules = rules
        self.kind: str = created.payload["kind"]
        self.setup = recorded_setup(msgspec.convert(created.payload["setup"], Setup))
        self.seed_commitment: str = created.payload["seed_commitment"]
        self.seed_chosen_by_client: bool = created.payload["seed_chosen_by_client"]
        self.listed: bool = created.payload.get("listed", True)
        self.private: bool = created.payload.get("private", False)
        self.lock = threading.Lock()
        self.write_lock = threading.Lock()
        self.state: Any = None
        #: `state`'s result once worked out, cleared by `absorb`: a finished game's score
        #: sheets are not free, and `status` is asked of every record a page redacts
        self._result: tuple[Result | None] | None = None
        #: the name at each taken seat
        self.seated: dict[int, str] = {}
        #: the strategy of each seat the host gave to a bot
        self.bots: dict[int, str] = {}
        #: seats whose clock ran out, played by the clock's bot until their player acts
        self.takeover: set[int] = set()
        rule = created.payload.get("clock")
        self.clock = None if rule is None else Clocks(
            msgspec.convert(rule, ClockRule), self.setup.seats)
        #: version of the record of each ``(seat, command id)``, for idempotent retries
        #: (a key is the seat's own: another seat's same key is another command)
        self.command_ids: dict[tuple[int | None, str], int] = {}
        self.records = RecordLog(load)
        for record in records:
            self.absorb(record)

    def absorb(self, record: Record, typed: list[Any] | None = None) -> None:
        """Bring the derived state up to date with one more record of the log."""
        self.records.append(record)
        _seat(self.seated, record)
        self._who_plays(record)
        if record.command_id is not None:
            self.command_ids[record.seat, record.command_id] = record.version
        if typed is None:
            typed = self._typed(record)
        evolve, state = self.rules.evolve, self.state
        for event in typed:
            state = evolve(state, event)
        self.state = state
        self._result = None
        if self.clock is not None and state is not None:
            acted = record.seat if record.type in ACTING else None
            waited_for = [s for s in self.to_act() if self.strategy_for(s) is None]
            self.clock.after(datetime.fromisoformat(record.time), acted, waited_for)

    def _who_plays(self, record: Record) -> None:
        """Bot seats and clock takeovers, from one record."""
        seat = record.seat
        if seat is None:
            return
        if record.type == "seat-joined" and record.payload and record.payload.get("bot"):
            self.bots[seat] = record.payload["bot"]
        elif record.type == "seat-left":
            self.bots.pop(seat, None)
        elif record.type == "timeout":
            self.takeover.add(seat)
        elif record.type == "command":
            self.takeover.discard(seat)  # the player is back

    def strategy_for(self, seat: int) -> str | None:
        """The bot strategy the server plays `seat` with now, or None: its player plays."""
        if seat in self.bots:
            return self.bots[seat]
        if seat in self.takeover and self.clock is not None:
            return self.clock.rule.bot
        return None

    def _typed(self, record: Record) -> list[Any]:
        return typed_events(self.rules.event_type, record.events)

    def events_of(self, version: int) -> list[Any]:
        """The game's own events of record `version`, decoded."""
        return self._typed(self.records[version - 1])

    @property
    def version(self) -> int:
        return self.aggregate.version

    @property
    def seed(self) -> Seed:
        return Seed.from_hex(self.aggregate.seed_hex)

    @property
    def result(self) -> Result | None:
        if self.state is None:
            return None
        if self._result is None:
            self._result = (self.rules.result(self.state),)
        return self._result[0]

    @property
    def status(self) -> StatusName:
        if self.state is None:
            return "lobby"
        return "active" if self.result is None else "finished"

    def to_act(self) -> list[int]:
        return [] if self.state is None else self.rules.to_act(self.state)

    def free_seat(self) -> int | None:
        """The lowest seat nobody has taken, or None when every seat is taken."""
        return next((s for s in range(self.setup.seats) if s not in self.seated), None)

    def seated_at(self, version: int) -> dict[int, str]:
        """The name at each taken seat right after record `version`."""
        if version == self.version:
            return self.seated
        seated: dict[int, str] = {}
        for record in self.records[:version]:
            _seat(seated, record)
        return seated

    def state_at(self, version: int) -> Any:
        """The game state as it was right after record `version` (a fresh replay)."""
        if version == self.version:
            return self.state
        evolve, state = self.rules.evolve, None
        for record in self.records[:version]:
            for event in self._typed(record):
                state = evolve(state, event)
        return state


def _seat(seated: dict[int, str], record: Record) -> None:  # the lobby's records
    """Apply a lobby record to the names at the taken seats."""
    if record.type == "seat-joined":
        assert record.payload is not None and record.seat is not None
        seated[record.seat] = record.payload["name"]
    elif record.type == "seat-left":
        assert record.seat is not None
        del seated[record.seat]
