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

Concurrency, the invariant: a record joins memory only after its commit, and every
decision is made against the committed records it is appended after. Each live
game has two locks (see `LiveGame`): writers (join, start, command, and catching
up with other processes) take ``write_lock`` for decide + commit + apply, so one
process decides one thing at a time per game; readers take only ``lock``, which a
writer holds just while it applies an already committed record (microseconds),
never across a commit. Between processes (several API servers on one PostgreSQL)
the store's unique (game, version) key lets only one append win; the loser's
memory is untouched, it catches up with the store and decides again (see
`_decided`). Every read first fast-forwards the cached game with any records
another process appended, unless a writer of this process holds the game (its
commit will bring the game forward anyway; a reader never waits for a commit).
Appends from concurrent requests share transactions (`Committer`).

Snapshots: a game is replayed from its log once per process (on first use),
then kept live in the cache; a command never replays. Rebuilding costs one
read of the log plus `evolve` per event (microseconds each), so no stored
snapshot is kept: game states are the rules' own types, which the store
should not have to serialise.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import logging
import random
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, TypeVar

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError

from bots.seat import command_for, material_data
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
from service.ids import unique_hex
from service.store import tickets
from service.store.aggregate import Appended, Game
from service.store.clocks import ClockRule
from service.store.committer import Committer
from service.store.live import LiveGame
from service.store.persistence import eventsourcing_env
from service.store.recorders import (
    LobbyQuery,
    LobbyRow,
    PostgresGameRecorder,
    SQLiteGameRecorder,
)
from service.store.records import Record, sealed

log = logging.getLogger(__name__)

Listener = Callable[[str, Record], None]
#: most records one game gets from one `tick` (the rest wait for the next)
MOVES_PER_TICK = 200
#: every this many ticks the lobby is read again for games with clocks or bots
RESCAN_TICKS = 120
_T = TypeVar("_T")


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


@functools.cache
def _command_decoder(command_type: Any) -> msgspec.json.Decoder[Any]:
    """One decoder per command type: ``msgspec.json.decode(body, type=...)`` analyses a
    union of commands afresh on every call (2% of a command's CPU)."""
    return msgspec.json.Decoder(command_type)


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
        now: Callable[[], datetime] | None = None,
    ) -> None:
        """`now` is the wall clock (injectable, so clock tests need not sleep)."""
        self.kinds = kinds
        self.now = now or _now
        self.app = _open(eventsourcing_env(store, pool_size))
        self._committer = Committer(self.app.events)
        #: where a command decided on the loop catches up after losing its append, the game
        #: still held: never the loop's default executor, whose threads may all be requests
        #: waiting for that very game
        self._catch_up = ThreadPoolExecutor(max_workers=2, thread_name_prefix="roundhouse-catch-up")
        self.listeners: list[Listener] = []
        #: live games, least recently used first
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        #: the cached games that have finished, in the order they finished: evicted first
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()
        #: games with a clock or a bot seat, for `tick`; None until read from the lobby
        self._timed: set[str] | None = None
        self._ticks = 0
        self._materials: dict[tuple[str, bytes], dict[str, Any]] = {}
        self._driver: threading.Thread | None = None
        self._driving = threading.Event()
        self._wake = threading.Event()

    def close(self) -> None:
        self.stop_driver()
        self._catch_up.shutdown()
        self._committer.close()
        self.app.close()

    def reachable(self) -> bool:
        """Whether the database answers a query now."""
        try:
            self.app.recorder.max_notification_id()
        except Exception:
            return False
        return True

    def cached_games(self) -> int:
        """How many live games this process holds in memory now (a metric)."""
        return len(self._cache)

    # -- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> LiveGame:
        """The live game, up to date with the store (fast-forwarded), or `unknown-game`.

        Never waits for a commit: while a writer of this process holds the game, the
        game is returned as committed so far.
        """
        live = self._cached(game_id)
        if live.write_lock.acquire(blocking=False):
            try:
                self._fast_forward(live)
            finally:
                live.write_lock.release()
        return live

    def _cached(self, game_id: str) -> LiveGame:
        """The cached live game (loaded on first use), as this process last saw it."""
        try:
            key = str(uuid.UUID(game_id))
        except ValueError:
            raise unknown_game(game_id) from None
        live = self._in_cache(key)
        return live if live is not None else self._load(key)

    def _in_cache(self, key: str) -> LiveGame | None:
        with self._cache_lock:
            live = self._cache.get(key)
            if live is not None:
                self._cache.move_to_end(key)
        return live

    def _load(self, key: str) -> LiveGame:
        # the aggregate is projected here rather than by the library's repository, whose
        # per-event runtime protocol check costs more than the rest of the load
        events: list[Any] = list(self.app.events.get(uuid.UUID(key)))
        if not events:
            raise unknown_game(key)
        aggregate = events[0].mutate(None)
        for event in events[1:]:
            event.mutate(aggregate)
        assert isinstance(aggregate, Game) and aggregate.created.payload is not None
        kind = aggregate.created.payload["kind"]
        if kind not in self.kinds:
            raise ServiceError(404, "kind-not-hosted", f"this server does not host {kind!r} games")
        live = LiveGame(aggregate, self.kinds[kind], (event.record for event in events),
                        self._loader(aggregate.id))
        return self._keep(live)

    def _keep(self, live: LiveGame) -> LiveGame:
        """Cache `live` (or the copy another thread cached first), evicting finished games
        first, then the least recently used."""
        with self._cache_lock:
            live = self._cache.setdefault(live.id, live)
            if live.status == "finished":
                self._finished[live.id] = None
            elif (live.clock is not None or live.bots) and self._timed is not None:
                self._timed.add(live.id)
            while len(self._cache) > self._cache_size:
                if self._finished:
                    victim, _ = self._finished.popitem(last=False)
                    del self._cache[victim]
                else:
                    victim, _ = self._cache.popitem(last=False)
        return live

    def _loader(self, game_id: uuid.UUID) -> Callable[[int, int], list[Record]]:
        """Reads a game's records with versions in ``(after, upto]`` from the store."""

        def load(after: int, upto: int) -> list[Record]:
            events = self.app.events.get(game_id, gt=after, lte=upto)
            return [event.record for event in events]  # type: ignore[attr-defined]

        return load

    def _fast_forward(self, live: LiveGame) -> bool:
        """Absorb the records other processes appended; whether there were any.

        The caller holds ``live.write_lock``.
        """
        newer = list(self.app.events.get(live.aggregate.id, gt=live.version))
        for event in newer:
            self._apply(live, event, None)
        return bool(newer)

    def _apply(self, live: LiveGame, event: Any, typed: list[Any] | None) -> None:
        """Join one committed aggregate event to memory (under the readers' lock)."""
        with live.lock:
            event.mutate(live.aggregate)
            live.absorb(event.record, typed)
        if live.status == "finished":
            with self._cache_lock:
                if self._cache.get(live.id) is live:
                    self._finished[live.id] = None
        elif live.bots or live.takeover:
            if self._timed is not None:
                self._timed.add(live.id)
            self._wake.set()

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

    def lobby(self, query: LobbyQuery) -> list[LobbyRow]:
        """The listed games `query` selects, newest first (the lobby table of the recorder)."""
        recorder = self.app.recorder
        assert isinstance(recorder, SQLiteGameRecorder | PostgresGameRecorder)
        return recorder.lobby(query)

    def seat_of(self, live: LiveGame, token: str | None) -> int:
        """The seat a bearer token belongs to, or `missing-token` / `invalid-token`."""
        if not token:
            raise ServiceError(401, "missing-token", "this needs a seat's bearer token")
        digest = token_hash(token)
        for seat, stored in live.aggregate.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                return seat
        raise ServiceError(401, "invalid-token", "this token belongs to no seat of this game")

    def stream_ticket(self, live: LiveGame, token: str | None) -> tuple[int, str]:
        """A single-use ticket for the token's seat's stream (`service.store.tickets`)."""
        seat = self.seat_of(live, token)
        return seat, tickets.issue(self._recorder(), live.id, seat)

    def seat_of_ticket(self, live: LiveGame, ticket: str) -> int:
        """The seat a stream ticket was issued to, using it up; else `invalid-ticket`."""
        seat = tickets.redeem(self._recorder(), live.id, ticket)
        if seat is None:
            raise ServiceError(401, "invalid-ticket",
                               "this stream ticket is unknown, used or expired: ask for another")
        return seat

    def _recorder(self) -> SQLiteGameRecorder | PostgresGameRecorder:
        recorder = self.app.recorder
        assert isinstance(recorder, SQLiteGameRecorder | PostgresGameRecorder)
        return recorder

    def is_host(self, live: LiveGame, token: str | None) -> bool:
        """Whether `token` is the game's host token (games of older builds have none)."""
        stored = live.aggregate.host_token_hash
        return bool(token) and stored is not None and hmac.compare_digest(
            stored, token_hash(token or ""))

    def _host(self, live: LiveGame, token: str | None) -> None:
        """Refuse unless `token` is the host's: `missing-token`, `not-the-host`."""
        if not token:
            raise ServiceError(401, "missing-token", "this needs the game's host token")
        if not self.is_host(live, token):
            raise ServiceError(
                403, "not-the-host", "only the game's host token may do this"
                + ("" if live.aggregate.host_token_hash else " (this game has no host)"),
            )

    # -- changing ----------------------------------------------------------------

    def create(
        self,
        kind: str,
        setup: Setup,
        seed_entropy: str | None = None,
        seed: Seed | None = None,
        *,
        listed: bool = True,
        host_token: str | None = None,
        invite_code: str | None = None,
        clock: ClockRule | None = None,
    ) -> LiveGame:
        """A new game in the lobby. `seed` (a client's choice) is taken as it is.

        `listed` games appear in the lobby (`games`); with `invite_code` only
        those who know it may join. The host token and the invite code are
        chosen by the caller, shown once, and kept only as hashes.
        """
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
        # the record names the defaults the setup left out: it says what the game is played on
        setup = rules.descriptor.resolved(setup)
        setup = msgspec.structs.replace(setup, rules_version=rules.rules_version(setup))
        chosen_by_client = seed is not None
        if seed is None:
            entropy = (seed_entropy or "").encode()
            seed = Seed(derive_seed(secrets.token_bytes(32), entropy))
        game_id = uuid.uuid4()
        now = self.now()
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
                    "listed": listed,
                    "private": invite_code is not None,
                    **({} if clock is None else {"clock": plain(clock)}),
                },
            ),
            seed.value,
        )
        aggregate = Game.create(
            game_id, record, seed.hex, now,
            host_token_hash=None if host_token is None else token_hash(host_token),
            invite_hash=None if invite_code is None else token_hash(invite_code),
        )
        return self._save_new(aggregate, rules)

    def _save_new(self, aggregate: Game, rules: GameRules[Any, Any, Any]) -> LiveGame:
        # a new game is nobody else's yet: it joins the cache only after its commit
        self._committer.append(aggregate.collect_events())
        live = self._keep(
            LiveGame(aggregate, rules, [aggregate.created], self._loader(aggregate.id))
        )
        self._notify(live.id, aggregate.created)
        return live

    def join(
        self,
        game_id: str,
        name: str,
        invite_code: str | None = None,
        *,
        bot: str | None = None,
        host_token: str | None = None,
    ) -> tuple[LiveGame, int, str]:
        """Take the lowest free seat: ``(game, seat, token)``; the token is not kept.

        A private game needs its invite code. With `bot` (a strategy) the host
        (`host_token`) seats the server's bot, which plays the seat throughout.
        """
        token = secrets.token_urlsafe(32)

        def take_seat(live: LiveGame) -> int:
            invite = live.aggregate.invite_hash
            if bot is not None:
                self._host(live, host_token)
            elif invite is not None and not (
                invite_code and hmac.compare_digest(invite, token_hash(invite_code))
            ):
                raise ServiceError(
                    403, "invite-required", "this game is private: join with its invite code")
            self._in_lobby(live, "seats can only be taken in the lobby")
            seat = live.free_seat()
            if seat is None:
                raise ServiceError(409, "game-full", f"all {live.setup.seats} seats are taken")
            record = Record(
                game_id=live.id,
                version=live.version + 1,
                type="seat-joined",
                time="",
                seat=seat,
                payload={"name": name, **({} if bot is None else {"bot": bot})},
            )
            self._append(live, Game.SeatJoined, record, None, token_hash=token_hash(token))
            return seat

        live, seat = self._decided(game_id, take_seat)
        return live, seat, token

    def leave(self, game_id: str, token: str | None, seat: int) -> tuple[LiveGame, Record]:
        """Free `seat` before the start: its own token leaves, the host's removes it."""

        def free(live: LiveGame) -> Record:
            by = "host" if self.is_host(live, token) else None
            if by is None:
                if self.seat_of(live, token) != seat:
                    raise ServiceError(
                        403, "not-your-seat", "a seat's token frees only its own seat; "
                        "the host's token frees any")
                by = "player"
            self._in_lobby(live, "seats can only be freed before the start")
            if seat not in live.seated:
                raise ServiceError(404, "seat-free", f"seat {seat} is not taken")
            record = Record(game_id=live.id, version=live.version + 1, type="seat-left",
                            time="", seat=seat, payload={"by": by})
            return self._append(live, Game.SeatLeft, record, None)

        return self._decided(game_id, free)

    def reissue(self, game_id: str, token: str | None, seat: int) -> tuple[LiveGame, str]:
        """A new token for `seat`, asked by the host; the seat's old token stops working."""
        fresh = secrets.token_urlsafe(32)

        def reissue(live: LiveGame) -> None:
            self._host(live, token)
            if seat not in live.seated:
                raise ServiceError(404, "seat-free", f"seat {seat} is not taken")
            if live.status == "finished":
                raise ServiceError(409, "game-finished", "the game is over")
            record = Record(game_id=live.id, version=live.version + 1, type="token-reissued",
                            time="", seat=seat)
            self._append(live, Game.TokenReissued, record, None, token_hash=token_hash(fresh))

        live, _ = self._decided(game_id, reissue)
        return live, fresh

    def _in_lobby(self, live: LiveGame, detail: str) -> None:
        if live.state is not None:
            raise ServiceError(409, "game-started", detail)

    def start(self, game_id: str, token: str | None) -> tuple[LiveGame, Record]:
        """Deal the opening, once every seat is taken; the host or any seated player may ask."""

        def deal(live: LiveGame) -> Record:
            seat = None if self.is_host(live, token) else self.seat_of(live, token)
            if live.state is not None:
                raise ServiceError(409, "game-started", "this game has already started")
            if len(live.seated) < live.setup.seats:
                raise ServiceError(
                    409, "seats-empty",
                    f"{len(live.seated)} of {live.setup.seats} seats are taken",
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
            return self._append(live, Game.Started, record, events)

        return self._decided(game_id, deal)

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
        another command of that seat is refused. Keys are the seat's own: another
        seat's same key is an independent command.
        """

        def decide(live: LiveGame) -> CommandOutcome:
            return self._command(live, token, body, if_match, idempotency_key)

        return self._decided(game_id, decide)

    async def command_on_loop(
        self,
        game_id: str,
        token: str | None,
        body: bytes,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> tuple[LiveGame, CommandOutcome]:
        """`command` for a caller on the event loop, deciding there when it can.

        The common case (the game cached and nobody writing it, a new command
        accepted) is decided on the loop and its commit awaited, with no worker
        thread: a thread hand-off each way costs more CPU than deciding a move.
        Everything else (a game to load, a writer to wait for, a retry to answer
        from older records, a refusal, a race lost to another process) is left to
        `command` in a worker thread, which decides it exactly as ever; a command
        refused here has changed nothing, so deciding it again is safe.
        """
        loop = asyncio.get_running_loop()
        live = self._in_cache(game_id)  # an id not written as stored is `command`'s to read
        if live is not None and live.write_lock.acquire(blocking=False):
            # its own task, so that a cancelled request cannot stop it between the
            # commit and joining the record to memory (the task releases the lock)
            decided = loop.create_task(
                self._command_holding(live, token, body, if_match, idempotency_key)
            )
            outcome = await asyncio.shield(decided)
            if outcome is not None:
                return live, outcome
        return await loop.run_in_executor(
            None, self.command, game_id, token, body, if_match, idempotency_key
        )

    async def _command_holding(
        self,
        live: LiveGame,
        token: str | None,
        body: bytes,
        if_match: int | None,
        idempotency_key: str | None,
    ) -> CommandOutcome | None:
        """`_command` on the loop, `live.write_lock` held (and released here); None when
        the command is to be decided by `command` instead."""
        try:
            try:
                seat = self.seat_of(live, token)
                command = self._decoded(live, body)
                if idempotency_key is not None and (seat, idempotency_key) in live.command_ids:
                    return None
                record, events = self._accepted(live, seat, command, if_match, idempotency_key)
            except (ServiceError, RuleRefusal):
                return None
            event = self._sealed(live, Game.CommandAccepted, record)
            try:
                await self._committer.append_on_loop([event])
            except IntegrityError:
                won = asyncio.get_running_loop().run_in_executor(
                    self._catch_up, self._won_anyway, live, event, idempotency_key is not None)
                if not await won:
                    return None
            return CommandOutcome(seat, self._joined(live, event, events), events, replayed=False)
        finally:
            live.write_lock.release()

    def _decided(
        self, game_id: str, decide: Callable[[LiveGame], _T]
    ) -> tuple[LiveGame, _T]:
        """Run `decide` on the game under its write lock, against committed records only.

        The cached game is used as it is, without reading the store first (the
        common case: this process made the last change). If another process
        moved the game on, `decide` is either refused against the old state or
        loses its append (the store's unique version key); then the game catches
        up with the store and `decide` runs once more, exactly as if the store had
        been read first. An append lost again on that try is `concurrent-update`.
        """
        live = self._cached(game_id)
        with live.write_lock:
            try:
                return live, decide(live)
            except ServiceError as error:  # a lost append has caught up already
                if error.code != "concurrent-update" and not self._fast_forward(live):
                    raise
            except RuleRefusal:
                if not self._fast_forward(live):
                    raise
            return live, decide(live)

    def _command(
        self,
        live: LiveGame,
        token: str | None,
        body: bytes,
        if_match: int | None,
        idempotency_key: str | None,
    ) -> CommandOutcome:
        seat = self.seat_of(live, token)
        command = self._decoded(live, body)
        used = None if idempotency_key is None else live.command_ids.get((seat, idempotency_key))
        if used is not None:
            first = live.records[used - 1]
            if first.payload != plain(command):
                raise ServiceError(
                    422, "idempotency-key-reused",
                    "this seat used this Idempotency-Key for another command",
                )
            return CommandOutcome(seat, first, live.events_of(first.version), replayed=True)
        record, events = self._accepted(live, seat, command, if_match, idempotency_key)
        recorded = self._append(
            live, Game.CommandAccepted, record, events, keyed=idempotency_key is not None
        )
        return CommandOutcome(seat, recorded, events, replayed=False)

    @staticmethod
    def _decoded(live: LiveGame, body: bytes) -> Any:
        """The command in `body`, as the game's own command type."""
        try:
            return _command_decoder(live.rules.command_type).decode(body)
        except msgspec.ValidationError as error:
            raise ServiceError(422, "malformed-command", str(error)) from None
        except msgspec.DecodeError as error:
            raise ServiceError(422, "malformed-body", str(error)) from None

    @staticmethod
    def _accepted(
        live: LiveGame, seat: int, command: Any, if_match: int | None, key: str | None
    ) -> tuple[Record, list[Any]]:
        """The record (unsealed) and events of `seat`'s new `command`, or its refusal."""
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
            command_id=key or unique_hex(),
            payload=plain(command),
            events=plain(events),
        )
        return record, events

    # -- the server's own moves: bot seats and clocks ---------------------------

    def tick(self) -> int:
        """Make every move the server owes now: bot seats to act, clocks run out.

        Each is decided like a command, against the committed game under its
        write lock, so any number of processes may tick: the store's version
        key lets one of them record each decision. Returns how many records
        this call made.
        """
        self._ticks += 1
        if self._timed is None or self._ticks % RESCAN_TICKS == 0:
            found = {row for row in self._timed_in_lobby()}
            self._timed = found | (self._timed or set())
        made = 0
        for game_id in list(self._timed):
            live = self._cached(game_id)
            if live.status == "finished":
                self._timed.discard(game_id)
            elif self._owes(live):
                made += self._drive(live)
        return made

    def _owes(self, live: LiveGame) -> bool:
        """Whether, as this process last saw the game, the server has a move to make now.

        Read from memory only, so an idle tick costs no query; a game another
        process moved on is caught up with once this says yes (`_drive`).
        """
        with live.lock:
            if live.status != "active":
                return False
            if any(live.strategy_for(seat) is not None for seat in live.to_act()):
                return True
            due = None if live.clock is None else live.clock.due()
            return due is not None and due[0] <= self.now()

    def _timed_in_lobby(self) -> list[str]:
        recorder = self.app.recorder
        assert isinstance(recorder, SQLiteGameRecorder | PostgresGameRecorder)
        return recorder.timed_games()

    def _drive(self, live: LiveGame) -> int:
        made = 0
        with live.write_lock:
            self._fast_forward(live)
            while made < MOVES_PER_TICK and live.status == "active":
                try:
                    record = self._server_move(live)
                except ServiceError as error:  # another process moved first: look again
                    if error.code != "concurrent-update":
                        raise
                    continue
                if record is None:
                    break
                made += 1
        return made

    def _server_move(self, live: LiveGame) -> Record | None:
        """The next record the server makes for this game now, if any (under its write lock)."""
        for seat in live.to_act():
            strategy = live.strategy_for(seat)
            if strategy is None:
                continue
            chooser = random.Random(f"{live.id}:{live.version}")
            command = command_for(live.rules, live.state, seat, strategy,
                                  self._material(live), chooser)
            events = live.rules.decide(live.state, seat, command, live.seed)
            record = Record(game_id=live.id, version=live.version + 1, type="bot-command",
                            time="", seat=seat, command_id=f"bot-{unique_hex()}",
                            payload=plain(command), events=plain(events))
            return self._append(live, Game.CommandAccepted, record, events)
        due = None if live.clock is None else live.clock.due()
        if due is None or due[0] > self.now():
            return None
        seat = due[1]
        if live.clock is not None and live.clock.rule.on_timeout == "forfeit":
            events = live.rules.forfeit(live.state, seat, live.seed)
            record = Record(game_id=live.id, version=live.version + 1, type="forfeit",
                            time="", seat=seat, command_id=f"clock-{unique_hex()}",
                            events=plain(events))
            return self._append(live, Game.CommandAccepted, record, events)
        record = Record(game_id=live.id, version=live.version + 1, type="timeout", time="",
                        seat=seat, command_id=f"clock-{unique_hex()}",
                        payload={"then": "bot"})
        return self._append(live, Game.CommandAccepted, record, [])

    def _material(self, live: LiveGame) -> dict[str, Any]:
        """The game's material as bots read it (one per distinct setup, kept)."""
        key = (live.kind, msgspec.json.encode(live.setup))
        found = self._materials.get(key)
        if found is None:
            if len(self._materials) >= 64:
                self._materials.clear()
            found = self._materials[key] = material_data(live.rules, live.setup)
        return found

    def start_driver(self, interval: float = 0.25) -> None:
        """Tick in a thread of its own, every `interval` seconds and after bot-bound appends."""
        if self._driver is not None:
            return

        def run() -> None:
            while not self._driving.is_set():
                self._wake.wait(interval)
                self._wake.clear()
                try:
                    self.tick()
                except Exception:
                    log.exception("the clock and bot driver failed; it goes on")

        self._driver = threading.Thread(target=run, name="roundhouse-clocks", daemon=True)
        self._driver.start()

    def stop_driver(self) -> None:
        if self._driver is not None:
            self._driving.set()
            self._wake.set()
            self._driver.join(timeout=10)
            self._driver = None

    def _append(
        self,
        live: LiveGame,
        event_class: type[Appended],
        record: Record,
        typed: list[Any] | None,
        keyed: bool = False,
        **secret: str,
    ) -> Record:
        """Seal and store one record, then join it to memory; a lost race changes nothing.

        The caller holds ``live.write_lock``. Memory is touched only after the
        commit: if the append loses to another process (the version is taken), or
        fails in any other way, the live game is exactly as it was. A `keyed`
        record (its command id is the client's Idempotency-Key) that loses is never
        taken for its own earlier attempt: another process may have stored the very
        same record for a retry with that key, in the same microsecond; the caller's
        decision runs again and finds the key, so its answer is the replayed one.
        """
        event = self._sealed(live, event_class, record, **secret)
        try:
            self._committer.append([event])
        except IntegrityError:
            if not self._won_anyway(live, event, keyed):
                raise concurrent_update(live.version) from None
        return self._joined(live, event, typed)

    def _sealed(
        self, live: LiveGame, event_class: type[Appended], record: Record, **secret: str
    ) -> Any:
        """The aggregate event appending `record`, timed now and chained to the head."""
        now = self.now()
        record = msgspec.structs.replace(
            record, time=now.isoformat(), prev_hash=live.aggregate.last_hash
        )
        return live.aggregate.next_event(event_class, record, now, **secret)

    def _won_anyway(self, live: LiveGame, event: Any, keyed: bool) -> bool:
        """After `event`'s append lost its version: whether it was stored after all (see
        `_stored_already`); if not, the game catches up with the store."""
        if not keyed and self._stored_already(event):
            return True
        self._fast_forward(live)
        return False

    def _joined(self, live: LiveGame, event: Any, typed: list[Any] | None) -> Record:
        """Join committed `event` to memory and tell the listeners."""
        self._apply(live, event, typed)
        self._notify(live.id, event.record)
        return event.record  # type: ignore[no-any-return]

    def _stored_already(self, event: Any) -> bool:
        """Whether the version `event` lost on holds `event` itself.

        A PostgreSQL append retried after a dropped connection can find its own
        first attempt committed; that append was won, not lost.
        """
        stored = list(self.app.events.get(
            event.originator_id, gt=event.originator_version - 1, lte=event.originator_version
        ))
        return bool(stored) and stored[0].record.hash == event.record.hash  # type: ignore[attr-defined]

    def _notify(self, game_id: str, record: Record) -> None:
        for listener in self.listeners:
            try:
                listener(game_id, record)
            except Exception:
                log.exception("after-append listener %r failed", listener)
