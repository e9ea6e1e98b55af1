"""The game store: an eventsourcing application with an in-process cache of live games.

This is the only way the service reads or changes a game. Its public methods
are also the API the audit tools build on:

* `GameStore.records(game_id)` — the whole log (`list[Record]`), unredacted.
* `GameStore.description(game_id)` — ``(kind, Setup)``.
* `GameStore.revealed_seed(game_id)` — the `Seed` once the game has finished,
  else None.
* `GameStore.listeners` — callables ``listener(game_id, record)`` run after
  every append (in the appending thread, after the record is durable), for
  read models and live feeds. A listener's exception is logged, never raised.

Concurrency: each live game has a lock, so commands on one game are applied
one at a time in a process; between processes (several API servers on one
PostgreSQL) the store's unique (game, version) key lets only one append win,
and the loser reloads and answers `concurrent-update`. Every read first
fast-forwards the cached game with any records another process appended; a
command does so only when it is refused or loses its append (see `command`).
Appends from concurrent requests share transactions (`Committer`).

Snapshots: a game is replayed from its log once per process (on first use),
then kept live in the cache; a command never replays. Rebuilding costs one
read of the log plus `evolve` per event (microseconds each), so no stored
snapshot is kept: game states are the rules' own types, which the store
should not have to serialise.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed, derive_seed
from service.errors import (
    RuleRefusal,
    ServiceError,
    concurrent_update,
    unknown_game,
    version_mismatch,
)
from service.store.aggregate import Game
from service.store.committer import Committer
from service.store.live import LiveGame
from service.store.persistence import eventsourcing_env
from service.store.records import Record, sealed

log = logging.getLogger(__name__)

Listener = Callable[[str, Record], None]


class _GameLog(Application[uuid.UUID]):
    """The eventsourcing application; the store keeps its own cache of live games."""

    name = "Roundhouse"


def _open(env: dict[str, str]) -> _GameLog:
    """The application, creating its tables if need be.

    Several API processes starting at once on a new PostgreSQL database race to
    create the tables; the losers see a unique violation and simply try again.
    """
    for attempt in range(5):
        try:
            return _GameLog(env=env)
        except IntegrityError:
            if attempt == 4:
                raise
            time.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


def plain(value: Any) -> Any:
    """`value` as the JSON it is stored as (lists, not tuples), so a record in memory
    equals the same record read back from the store."""
    return msgspec.json.decode(msgspec.json.encode(value))


def token_hash(token: str) -> str:
    """How a seat's bearer token is stored: SHA-256, lowercase hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class CommandOutcome(msgspec.Struct, frozen=True):
    """What a command did: the record it made (or made the first time, if `replayed`)."""

    seat: int
    record: Record
    typed_events: list[Any]
    replayed: bool


class GameStore:
    """Create, join, start and play games; read their logs."""

    def __init__(
        self,
        store: str,
        kinds: Mapping[str, GameRules[Any, Any, Any]],
        cache_size: int = 10_000,
        pool_size: int = 5,
    ) -> None:
        self.kinds = kinds
        self.app = _open(eventsourcing_env(store, pool_size))
        self._committer = Committer(self.app.events)
        self.listeners: list[Listener] = []
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    def close(self) -> None:
        self._committer.close()
        self.app.close()

    def reachable(self) -> bool:
        """Whether the database answers a query now."""
        try:
            self.app.recorder.max_notification_id()
        except Exception:
            return False
        return True

    # -- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> LiveGame:
        """The live game, up to date with the store (fast-forwarded), or `unknown-game`."""
        return self._live(game_id, fast_forward=True)

    def _live(self, game_id: str, fast_forward: bool) -> LiveGame:
        try:
            key = str(uuid.UUID(game_id))
        except ValueError:
            raise unknown_game(game_id) from None
        with self._cache_lock:
            live = self._cache.get(key)
            if live is not None:
                self._cache.move_to_end(key)
        if live is None:
            return self._load(key)
        if fast_forward:
            with live.lock:
                self._fast_forward(live)
        return live

    def _moved_on(self, game_id: str) -> bool:
        """Whether the store holds records the cached game has not seen (now absorbed)."""
        try:
            live = self._cache.get(str(uuid.UUID(game_id)))
        except ValueError:
            return False
        if live is None:
            return False
        with live.lock:
            before = live.version
            self._fast_forward(live)
            return live.version != before

    def _load(self, key: str) -> LiveGame:
        # the aggregate is projected here rather than by the library's repository, whose
        # per-event runtime protocol check costs more than the rest of the load
        events: list[Any] = list(self.app.events.get(uuid.UUID(key)))
        if not events:
            raise unknown_game(key)
        aggregate = events[0].mutate(None)
        for event in events[1:]:
            event.mutate(aggregate)
        assert isinstance(aggregate, Game) and aggregate.records[0].payload is not None
        kind = aggregate.records[0].payload["kind"]
        if kind not in self.kinds:
            raise ServiceError(404, "kind-not-hosted", f"this server does not host {kind!r} games")
        live = LiveGame(aggregate, self.kinds[kind])
        with self._cache_lock:
            live = self._cache.setdefault(key, live)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        return live

    def _fast_forward(self, live: LiveGame) -> None:
        for event in self.app.events.get(live.aggregate.id, gt=live.version):
            event.mutate(live.aggregate)  # type: ignore[attr-defined]
            live.absorb(event.record)  # type: ignore[attr-defined]

    def _evict(self, live: LiveGame) -> None:
        with self._cache_lock:
            if self._cache.get(live.id) is live:
                del self._cache[live.id]

    def records(self, game_id: str) -> list[Record]:
        """The game's whole log, unredacted (the caller decides who may see it)."""
        live = self.get(game_id)
        with live.lock:
            return list(live.records)

    def description(self, game_id: str) -> tuple[str, Setup]:
        """The game's kind and setup, as created."""
        live = self.get(game_id)
        return live.kind, live.setup

    def revealed_seed(self, game_id: str) -> Seed | None:
        """The seed, once the game has finished (it is public then); None before."""
        live = self.get(game_id)
        with live.lock:
            return live.seed if live.status == "finished" else None

    def seat_of(self, live: LiveGame, token: str | None) -> int:
        """The seat a bearer token belongs to, or `missing-token` / `invalid-token`."""
        if not token:
            raise ServiceError(401, "missing-token", "this needs a seat's bearer token")
        digest = token_hash(token)
        for seat, stored in enumerate(live.aggregate.token_hashes):
            if hmac.compare_digest(stored, digest):
                return seat
        raise ServiceError(401, "invalid-token", "this token belongs to no seat of this game")

    # -- changing ----------------------------------------------------------------

    def create(
        self,
        kind: str,
        setup: Setup,
        seed_entropy: str | None = None,
        seed: Seed | None = None,
    ) -> LiveGame:
        """A new game in the lobby. `seed` (a client's choice) is taken as it is."""
        rules = self.kinds.get(kind)
        if rules is None:
            raise ServiceError(
                422, "unknown-kind", f"no game kind {kind!r}; see GET /kinds",
                known=sorted(self.kinds),
            )
        try:
            rules.check_setup(setup)
        except RuleViolation as violation:
            raise ServiceError(
                422, "bad-setup", violation.message, section=violation.section
            ) from None
        chosen_by_client = seed is not None
        if seed is None:
            entropy = (seed_entropy or "").encode()
            seed = Seed(derive_seed(secrets.token_bytes(32), entropy))
        game_id = uuid.uuid4()
        now = _now()
        record = sealed(
            Record(
                game_id=str(game_id),
                version=1,
                type="created",
                time=now.isoformat(),
                payload={
                    "kind": kind,
                    "setup": plain(setup),
                    "seed_commitment": seed.commitment,
                    "seed_chosen_by_client": chosen_by_client,
                },
            ),
            seed.value,
        )
        return self._save_new(Game.create(game_id, record, seed.hex, now), rules)

    def _save_new(self, aggregate: Game, rules: GameRules[Any, Any, Any]) -> LiveGame:
        self._committer.append(aggregate.collect_events())
        live = LiveGame(aggregate, rules)
        with self._cache_lock:
            self._cache[live.id] = live
        self._notify(live.id, aggregate.records[0])
        return live

    def join(self, game_id: str, name: str) -> tuple[LiveGame, int, str]:
        """Take the next free seat: ``(game, seat, token)``; the token is not kept."""
        live = self.get(game_id)
        token = secrets.token_urlsafe(32)
        with live.lock:
            if live.state is not None:
                raise ServiceError(409, "game-started", "seats can only be taken in the lobby")
            seat = len(live.names)
            if seat >= live.setup.seats:
                raise ServiceError(409, "game-full", f"all {live.setup.seats} seats are taken")
            record = Record(
                game_id=live.id,
                version=live.version + 1,
                type="seat-joined",
                time="",
                seat=seat,
                payload={"name": name},
            )
            self._append(live, Game.SeatJoined, record, None, token_hash=token_hash(token))
        return live, seat, token

    def start(self, game_id: str, token: str | None) -> tuple[LiveGame, Record]:
        """Deal the opening, once every seat is taken; any seated player may ask."""
        live = self.get(game_id)
        with live.lock:
            seat = self.seat_of(live, token)
            if live.state is not None:
                raise ServiceError(409, "game-started", "this game has already started")
            if len(live.names) < live.setup.seats:
                raise ServiceError(
                    409, "seats-empty",
                    f"{len(live.names)} of {live.setup.seats} seats are taken",
                )
            events = live.rules.start(live.setup, live.seed)
            record = Record(
                game_id=live.id,
                version=live.version + 1,
                type="started",
                time="",
                seat=seat,
                events=plain(events),
            )
            return live, self._append(live, Game.Started, record, events)

    def command(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> tuple[LiveGame, CommandOutcome]:
        """Decide and record one command from the token's seat.

        With `idempotency_key`, a retry of a recorded command (same seat, same
        body) returns the first outcome and records nothing; the same key with
        another command is refused.

        The cached game is used as it is, without reading the store first (the
        common case: this process made the last change). If another process
        moved the game on, the command is either refused against the old state
        or loses its append; then the game is brought up to date and the
        command decided once more, exactly as if it had been read first. A race
        lost on that second try is `concurrent-update` (409).
        """
        try:
            return self._command(game_id, token, body, if_match, idempotency_key, False)
        except ServiceError as error:
            if error.code != "concurrent-update" and not self._moved_on(game_id):
                raise
        except RuleRefusal:
            if not self._moved_on(game_id):
                raise
        return self._command(game_id, token, body, if_match, idempotency_key, True)

    def _command(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        if_match: int | None,
        idempotency_key: str | None,
        fresh: bool,
    ) -> tuple[LiveGame, CommandOutcome]:
        live = self._live(game_id, fast_forward=fresh)
        with live.lock:
            seat = self.seat_of(live, token)
            try:
                command = msgspec.json.decode(body, type=live.rules.command_type)
            except msgspec.ValidationError as error:
                raise ServiceError(422, "malformed-command", str(error)) from None
            except msgspec.DecodeError as error:
                raise ServiceError(422, "malformed-body", str(error)) from None
            payload = plain(command)
            if idempotency_key is not None and idempotency_key in live.command_ids:
                first = live.records[live.command_ids[idempotency_key] - 1]
                if first.seat != seat or first.payload != payload:
                    raise ServiceError(
                        422, "idempotency-key-reused",
                        "this Idempotency-Key was used for another command",
                    )
                typed = live.typed_events[first.version - 1]
                return live, CommandOutcome(seat, first, typed, replayed=True)
            if if_match is not None and if_match != live.version:
                raise version_mismatch(if_match, live.version)
            if live.state is None:
                raise ServiceError(409, "game-not-started", "the game has not started yet")
            if live.rules.result(live.state) is not None:
                raise ServiceError(409, "game-finished", "the game is over")
            try:
                events = live.rules.decide(live.state, seat, command, live.seed)
            except RuleViolation as violation:
                raise RuleRefusal(live.kind, violation) from None
            record = Record(
                game_id=live.id,
                version=live.version + 1,
                type="command",
                time="",
                seat=seat,
                command_id=idempotency_key or uuid.uuid4().hex,
                payload=payload,
                events=plain(events),
            )
            recorded = self._append(live, Game.CommandAccepted, record, events)
            return live, CommandOutcome(seat, recorded, events, replayed=False)

    def _append(
        self,
        live: LiveGame,
        event_class: type[Game.SeatJoined] | type[Game.Started] | type[Game.CommandAccepted],
        record: Record,
        typed: list[Any] | None,
        **secret: str,
    ) -> Record:
        """Seal, store and absorb one record; on a lost race reload and refuse."""
        now = _now()
        record = msgspec.structs.replace(
            record, time=now.isoformat(), prev_hash=live.aggregate.last_hash
        )
        aggregate = live.aggregate
        record = aggregate.append(event_class, record, now, **secret)
        try:
            self._committer.append(aggregate.collect_events())
        except IntegrityError:
            self._evict(live)
            raise concurrent_update(self.get(live.id).version) from None
        except Exception:
            self._evict(live)
            raise
        live.absorb(record, typed)
        self._notify(live.id, record)
        return record

    def _notify(self, game_id: str, record: Record) -> None:
        for listener in self.listeners:
            try:
                listener(game_id, record)
            except Exception:
                log.exception("after-append listener %r failed", listener)
