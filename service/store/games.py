"""The game store: the only way the service reads or changes a game.

It speaks its own language: it takes decoded commands and the version a client
expects, and refuses with its own errors (`service.store.errors`); it knows
nothing of HTTP. Its read methods render a game through a function the caller
gives (`read`), under the game's readers' lock, so no caller ever holds a lock
of the store. Its public methods are also the API the audit tools build on:

* `GameStore.records(game_id)` — the whole log (`list[Record]`), unredacted.
* `GameStore.description(game_id)` — ``(kind, Setup)``.
* `GameStore.revealed_seed(game_id)` — the `Seed` once the game has finished,
  else None.
* `GameStore.listeners` — callables ``listener(game_id, record)`` run after
  every append of this process (`service.store.appending`); `GameStore.watchers`
  — ``watcher(game_id, version)`` for every version read from the log
  (`service.store.cache`).

Concurrency, the invariant: a record joins memory only after its commit, and every
decision is made against the committed records it is appended after. Each live
game has two locks (see `LiveGame`): writers (join, start, command, the
server's own moves, and catching up with other processes) take ``write_lock``
for decide + commit + apply, so one process decides one thing at a time per
game; readers take only ``lock``, which a writer holds just while it applies an
already committed record (microseconds), never across a commit. Between
processes (several API servers on one PostgreSQL) the store's unique (game,
version) key lets only one append win; the loser's memory is untouched, it
catches up with the store and decides again (see `_decided`). Every read first
catches the cached game up with any records another process appended, unless a
writer of this process holds the game (its commit will bring the game forward
anyway; a reader never waits for a commit). A token, though, is refused only
after a catch-up (`_seat`), which may wait for such a commit.

A failing database raises `StoreUnavailable` or `StoreFull` from every public
method (`service.store.faults`), never the driver's own errors.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, NamedTuple, ParamSpec, TypeVar

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from service.store import commands, tickets
from service.store import lobby as lobby_records
from service.store.aggregate import Game
from service.store.appending import Appender, Listener
from service.store.cache import LiveGames, Watcher, canonical_id
from service.store.commands import CommandOutcome
from service.store.committer import Committer
from service.store.errors import (
    StoreError,
    StoreFull,
    StoreUnavailable,
    UnknownTicket,
    UnknownToken,
    VersionConflict,
)
from service.store.faults import WriteHealth, database_failures
from service.store.live import LiveGame
from service.store.opening import Opening, created, rules_for
from service.store.persistence import StoreTimeouts, eventsourcing_env
from service.store.recorders import GameRecorder, LobbyQuery, LobbyRow
from service.store.records import Record

_T = TypeVar("_T")
_P = ParamSpec("_P")
Render = Callable[[LiveGame, int | None], _T]

#: how often a decision that keeps losing its append to other processes is made again
#: when it carries an idempotency key (each loss means another append went in first)
SETTLE_ATTEMPTS = 32
#: longest wait for a writer of this process before a token is refused after catching up
TOKEN_CATCH_UP_SECONDS = 5.0


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


def _now() -> datetime:
    return datetime.now(UTC)


def _guarded(method: Callable[_P, _T]) -> Callable[_P, _T]:
    """`method` with the database's failures raised as the store's (`database_failures`)."""

    @functools.wraps(method)
    def guarded(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        with database_failures():
            return method(*args, **kwargs)

    return guarded


class Seated(NamedTuple):
    """A seat that changed hands: its game, its number, its new token (shown once) and the
    game's version after."""

    game_id: str
    seat: int
    token: str
    version: int


class ServerMove(NamedTuple):
    """A record the server makes for a seat (a bot's move, a timeout, a forfeit)."""

    record: Record
    events: list[Any]


class GameStore:
    """Create, join, start and play games; read their logs."""

    def __init__(
        self,
        store: str,
        kinds: Mapping[str, GameRules[Any, Any, Any]],
        cache_size: int = 10_000,
        pool_size: int = 5,
        now: Callable[[], datetime] | None = None,
        timeouts: StoreTimeouts | None = None,
    ) -> None:
        """`now` is the wall clock (injectable, so clock tests need not sleep)."""
        self.kinds = kinds
        self.now = now or _now
        self.app = _open(eventsourcing_env(store, pool_size, timeouts or StoreTimeouts()))
        self.health = WriteHealth()
        self.games = LiveGames(self.app.events, kinds, cache_size)
        self._appender = Appender(self.games, Committer(self.app.events, self.health), self.now)

    @property
    def listeners(self) -> list[Listener]:
        return self._appender.listeners

    @property
    def watchers(self) -> list[Watcher]:
        return self.games.watchers

    @property
    def recorder(self) -> GameRecorder:
        recorder = self.app.recorder
        assert isinstance(recorder, GameRecorder)
        return recorder

    def close(self) -> None:
        self._appender.close()
        self._appender.committer.close()
        self.app.close()

    # -- the database ------------------------------------------------------------------

    def reachable(self) -> bool:
        """Whether the database answers a query now."""
        try:
            self.recorder.max_notification_id()
        except Exception:
            return False
        return True

    def writable(self) -> bool:
        """Whether writes work: after a write failed for lack of space, whether a small
        write of the probe's own succeeds again (then the store is writable again)."""
        if not self.health.full:
            return True
        try:
            self.recorder.probe_write()
        except Exception:
            return False
        self.health.wrote([], committed=True)
        return True

    def cached_games(self) -> int:
        """How many live games this process holds in memory now (a metric)."""
        return len(self.games)

    @_guarded
    def versions_since(self, position: int | None, limit: int = 1000
                       ) -> tuple[int, dict[str, int]]:
        """The games appended to after `position` in the log of every game, with the newest
        version of each, and the position to ask from next (None: from now on)."""
        recorder = self.recorder
        if position is None:
            return recorder.max_notification_id() or 0, {}
        rows = recorder.versions_after(position, limit)
        newest: dict[str, int] = {}
        for _, game_id, version in rows:
            newest[game_id] = max(version, newest.get(game_id, 0))
        return (rows[-1][0] if rows else position), newest

    # -- reading -----------------------------------------------------------------------

    @_guarded
    def read(
        self,
        game_id: str,
        render: Render[_T],
        token: str | None = None,
        *,
        seat_needed: bool = False,
        fresh: bool = True,
    ) -> _T:
        """``render(game, seat)`` of the live game, under its readers' lock.

        The game is caught up with the log first (`fresh`), unless a writer of this
        process holds it: then it is read as committed so far, without waiting. `seat`
        is `token`'s (None without one; `seat_needed` refuses a missing token), and a
        token is refused (`UnknownToken`) only after a catch-up with the log.
        """
        live = self._fresh(game_id) if fresh else self.games.get(game_id)
        seat = self._seat(live, token) if token is not None or seat_needed else None
        with live.lock:
            return render(live, seat)

    def held_version(self, game_id: str) -> int | None:
        """The version this process holds of the game, if it holds it (no I/O)."""
        try:
            live = self.games.held(canonical_id(game_id))
        except StoreError:
            return None
        return None if live is None else live.version

    def held_rules(self, game_id: str) -> GameRules[Any, Any, Any] | None:
        """The game's rules if this process holds the game (no I/O); else None."""
        live = self.games.held(canonical_id(game_id))
        return None if live is None else live.rules

    @_guarded
    def rules_of(self, game_id: str) -> GameRules[Any, Any, Any]:
        """The rules of the game's kind (its command and event types)."""
        return self.games.get(game_id).rules

    def records(self, game_id: str) -> list[Record]:
        """The game's whole log, unredacted (the caller decides who may see it)."""
        return self.read(game_id, lambda live, _: list(live.records))

    def description(self, game_id: str) -> tuple[str, Setup]:
        """The game's kind and setup, as created."""
        return self.read(game_id, lambda live, _: (live.kind, live.setup))

    def revealed_seed(self, game_id: str) -> Seed | None:
        """The seed, once the game has finished (it is public then); None before."""
        return self.read(
            game_id, lambda live, _: live.seed if live.status == "finished" else None)

    @_guarded
    def lobby(self, query: LobbyQuery) -> list[LobbyRow]:
        """The listed games `query` selects, newest first (the lobby table of the recorder)."""
        return self.recorder.lobby(query)

    @_guarded
    def timed_games(self) -> list[str]:
        """The unfinished games with a clock or a bot seat."""
        return self.recorder.timed_games()

    @_guarded
    def stream_ticket(self, game_id: str, token: str | None) -> tuple[str, int, str]:
        """``(game id, seat, ticket)``: a single-use ticket for the token's seat's stream
        (`service.store.tickets`)."""
        live = self._fresh(game_id)
        seat = self._seat(live, token)
        return live.id, seat, tickets.issue(self.recorder, live.id, seat)

    @_guarded
    def seat_of_ticket(self, game_id: str, ticket: str) -> int:
        """The seat a stream ticket was issued to, using it up; else `UnknownTicket`."""
        live = self.games.get(game_id)
        seat = tickets.redeem(self.recorder, live.id, ticket)
        if seat is None:
            raise UnknownTicket()
        return seat

    def _fresh(self, game_id: str) -> LiveGame:
        """The live game, caught up with the log unless a writer of this process holds it."""
        live = self.games.get(game_id)
        if live.write_lock.acquire(blocking=False):
            try:
                self.games.catch_up(live)
            finally:
                live.write_lock.release()
        return live

    def _seat(self, live: LiveGame, token: str | None) -> int:
        """`token`'s seat; refused only once the game has caught up with the log.

        A seat taken (or a token reissued) a moment ago, on another process or by a
        commit of this one in flight, is not in the game as held yet: so before
        refusing, wait for this process's writer (if any) and read the log.
        """
        try:
            return lobby_records.seat(live, token)
        except UnknownToken:
            if not live.write_lock.acquire(timeout=TOKEN_CATCH_UP_SECONDS):
                raise StoreUnavailable() from None
            try:
                self.games.catch_up(live)
            finally:
                live.write_lock.release()
        return lobby_records.seat(live, token)

    # -- changing ------------------------------------------------------------------------

    @_guarded
    def create(self, kind: str, setup: Setup, opening: Opening | None = None) -> str:
        """A new game in the lobby: its id.

        `Opening.listed` games appear in the lobby; with an invite code only those who
        know it may join. The host token and the invite code are chosen by the caller,
        shown once, and kept only as hashes.
        """
        rules, setup = rules_for(self.kinds, kind, setup)
        aggregate = created(kind, setup, opening or Opening(), self.now())
        # a new game is nobody else's yet: it joins the cache only after its commit
        self._appender.committer.append(aggregate.collect_events())
        live = self.games.keep(
            LiveGame(aggregate, rules, [aggregate.created], self.games.loader(aggregate.id)))
        self._appender.notify(live.id, aggregate.created)
        return live.id

    @_guarded
    def join(
        self,
        game_id: str,
        name: str | None,
        invite_code: str | None = None,
        *,
        bot: str | None = None,
        host_token: str | None = None,
    ) -> Seated:
        """Take the lowest free seat; the new token is kept only as a hash.

        A private game needs its invite code. With `bot` (a strategy) the host
        (`host_token`) seats the server's bot, which plays the seat throughout; with no
        `name` it is named after its strategy, distinct at the table.
        """
        token = secrets.token_urlsafe(32)

        def take(live: LiveGame) -> tuple[int, int]:
            seat, change = lobby_records.seat_taken(live, name, token, invite_code, bot, host_token)
            return seat, self._append(live, change).version

        live, (seat, version) = self._decided(game_id, take)
        return Seated(live.id, seat, token, version)

    @_guarded
    def leave(self, game_id: str, token: str | None, seat: int) -> tuple[str, int]:
        """Free `seat` before the start (its own token, or the host's): the game's id as
        stored and its version after."""
        live, version = self._decided(game_id, lambda live: self._append(
            live, lobby_records.seat_freed(live, token, seat)).version)
        return live.id, version

    @_guarded
    def reissue(self, game_id: str, token: str | None, seat: int) -> Seated:
        """A new token for `seat`, asked by the host; the seat's old token stops working."""
        fresh = secrets.token_urlsafe(32)
        live, version = self._decided(game_id, lambda live: self._append(
            live, lobby_records.token_reissued(live, token, seat, fresh)).version)
        return Seated(live.id, seat, fresh, version)

    @_guarded
    def start(self, game_id: str, token: str | None) -> int:
        """Deal the opening, once every seat is taken: the version after."""
        return self._decided(
            game_id, lambda live: self._append(live, lobby_records.dealt(live, token)).version)[1]

    @_guarded
    def command(
        self,
        game_id: str,
        token: str | None,
        command: Any,
        expected: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandOutcome:
        """Decide and record one command (the kind's own type) from the token's seat.

        With `expected`, the game must be at that version (`StaleVersion`). With
        `idempotency_key`, a retry of a recorded command (same seat, same command)
        returns the first outcome and records nothing, whatever the version or the
        process; the same key with another command of that seat is refused. Keys
        are the seat's own: another seat's same key is an independent command.
        """

        def decide(live: LiveGame) -> CommandOutcome:
            seat = lobby_records.seat(live, token)
            first = commands.replayed(live, seat, command, idempotency_key)
            if first is not None:
                return first
            record, events = commands.decided(live, seat, command, expected, idempotency_key)
            recorded = self._appender.append(live, Game.CommandAccepted, record, events,
                                             keyed=idempotency_key is not None)
            return commands.outcome(live, seat, recorded, events, replayed=False)

        return self._decided(game_id, decide, settle=idempotency_key is not None)[1]

    async def command_on_loop(
        self,
        game_id: str,
        token: str | None,
        command: Any,
        expected: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandOutcome:
        """`command` for a caller on the event loop, deciding there when it can.

        The common case (the game held and nobody writing it, a new command
        accepted) is decided on the loop and its commit awaited, with no worker
        thread: a thread hand-off each way costs more CPU than deciding a move.
        Everything else (a game to load, a writer to wait for, a retry to answer
        from older records, a refusal, a race lost to another process) is left to
        `command` in a worker thread, which decides it exactly as ever; a command
        refused here has changed nothing, so deciding it again is safe.
        """
        loop = asyncio.get_running_loop()
        live = self.games.held(canonical_id(game_id))
        if live is not None and live.write_lock.acquire(blocking=False):
            # its own task, so that a cancelled request cannot stop it between the
            # commit and joining the record to memory (the task releases the lock)
            decided = loop.create_task(
                self._command_holding(live, token, command, expected, idempotency_key))
            outcome = await asyncio.shield(decided)
            if outcome is not None:
                return outcome
        return await loop.run_in_executor(
            None, self.command, game_id, token, command, expected, idempotency_key)

    async def _command_holding(
        self,
        live: LiveGame,
        token: str | None,
        command: Any,
        expected: int | None,
        key: str | None,
    ) -> CommandOutcome | None:
        """`command` on the loop, `live.write_lock` held (and released here); None when
        the command is to be decided by `command` instead."""
        try:
            try:
                seat = lobby_records.seat(live, token)
                if key is not None and (seat, key) in live.command_ids:
                    return None
                record, events = commands.decided(live, seat, command, expected, key)
            except StoreError:
                return None
            event = self._appender.sealed(live, Game.CommandAccepted, record)
            with database_failures():
                if not await self._appender.append_on_loop(live, event, key is not None):
                    return None
            recorded = self._appender.joined(live, event, events)
            return commands.outcome(live, seat, recorded, events, replayed=False)
        finally:
            live.write_lock.release()

    @_guarded
    def play_for_table(
        self, game_id: str, next_move: Callable[[LiveGame], ServerMove | None], most: int
    ) -> int:
        """Record the server's own moves in a game (bot seats, clocks run out): how many.

        Each move is chosen by `next_move` against the committed game, under its write
        lock, like a command; at most `most`. A move another process made first is
        caught up with and `next_move` asked again, so any number of processes may
        play for the same table: the version key lets one record each decision.
        """
        live = self.games.get(game_id)
        made = 0
        with live.write_lock:
            self.games.catch_up(live)
            while made < most and live.status == "active":
                move = next_move(live)
                if move is None:
                    break
                try:
                    self._appender.append(live, Game.CommandAccepted, move.record, move.events)
                except VersionConflict:
                    continue  # caught up already: look again
                made += 1
        return made

    def _append(self, live: LiveGame, change: lobby_records.Change) -> Record:
        return self._appender.append(live, change.event_class, change.record, change.typed,
                                     secret=change.secret)

    def _decided(
        self, game_id: str, decide: Callable[[LiveGame], _T], *, settle: bool = False
    ) -> tuple[LiveGame, _T]:
        """Run `decide` on the game under its write lock, against committed records only.

        The cached game is used as it is, without reading the store first (the
        common case: this process made the last change). If another process
        moved the game on, `decide` is either refused against the old state or
        loses its append (the store's unique version key); then the game catches
        up with the store and `decide` runs once more, exactly as if the store had
        been read first. An append lost again on that try is `VersionConflict`.

        With `settle` (a command with an idempotency key) a lost append is decided
        again until it wins or finds its key recorded: a retry racing the first
        send of its key on another process must get that first answer, never a
        conflict. Each loss means another append went in first, so this ends.
        """
        live = self.games.get(game_id)
        attempts = SETTLE_ATTEMPTS if settle else 2
        with live.write_lock:
            for attempt in range(1, attempts + 1):
                try:
                    return live, decide(live)
                except VersionConflict:  # the lost append has caught the game up already
                    if attempt == attempts:
                        raise
                except (StoreUnavailable, StoreFull):
                    raise
                except StoreError:
                    if attempt == attempts or not self.games.catch_up(live):
                        raise
        raise AssertionError("unreachable")
