"""The store's own promises, below HTTP: group commit, cache, audit API, listeners."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest
from eventsourcing.persistence import IntegrityError

from domain.kernel.protocol import Setup
from service.store.aggregate import Game
from service.store.committer import _Pending
from service.store.errors import StaleVersion, StoreUnavailable, UnknownToken
from service.store.games import GameStore
from service.store.live import RecordLog
from service.store.records import Record
from tests import toy
from tests.api.players import held, seated_game

DRAW = toy.DrawCard()


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(f"sqlite:///{tmp_path / 's.db'}", {"toy": toy.RULES})



def version(store: GameStore, game_id: str) -> int:
    """The game's version, caught up with the log."""
    return store.read(game_id, lambda live, _: live.version)


def other_process(store: GameStore) -> GameStore:
    """Another store on the same file: another API process, with its own cache."""
    return GameStore(store.app.env["SQLITE_DBNAME"], {"toy": toy.RULES})


def pending_join(
    store: GameStore, game_id: str, woken: list[BaseException | None]
) -> _Pending:
    """The events of one more seat-joined record on `game_id`, not yet stored; the writer
    adds what storing them raised (None for nothing) to `woken` when it is done."""
    aggregate = store.app.repository.get(held(store, game_id).aggregate.id)
    record = Record(game_id=game_id, version=aggregate.version + 1, type="seat-joined",
                    time="t", seat=0, payload={"name": "x"}, prev_hash=aggregate.last_hash)
    return _Pending([aggregate.next_event(Game.SeatJoined, record, datetime.now(UTC),
                                          token_hash="0" * 64)], woken.append)


def test_a_conflict_in_a_shared_transaction_fails_only_its_own_append(store: GameStore) -> None:
    first, second = (store.create("toy", Setup(seats=2)) for _ in range(2))
    woke_good: list[BaseException | None] = []
    woke_loser: list[BaseException | None] = []
    good = pending_join(store, first, woke_good)
    loser = pending_join(store, second, woke_loser)
    store.join(second, "faster")  # takes the version `loser` wanted
    store._appender.committer._write([good, loser])
    assert good.error is None and isinstance(loser.error, IntegrityError)
    assert woke_good == [None] and woke_loser == [loser.error]  # each woken once, told its own
    assert store.app.repository.get(held(store, first).aggregate.id).version == 2


def test_concurrent_commands_on_many_games_are_all_recorded(store: GameStore) -> None:
    games = [seated_game(store) for _ in range(8)]
    threads = [threading.Thread(target=store.command, args=(game_id, tokens[0], DRAW))
               for game_id, tokens in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    reopened = other_process(store)
    assert all(version(reopened, game_id) == 5 for game_id, _ in games)


def test_audit_api_and_after_append_listeners(store: GameStore) -> None:
    heard: list[tuple[str, int]] = []
    store.listeners.append(lambda game_id, record: heard.append((game_id, record.version)))
    store.listeners.append(lambda game_id, record: 1 / 0)  # a failing listener changes nothing
    live = held(store, store.create("toy", Setup(seats=2)))
    tokens = [store.join(live.id, n)[2] for n in "ab"]
    store.start(live.id, tokens[1])
    assert heard == [(live.id, 1), (live.id, 2), (live.id, 3), (live.id, 4)]
    assert [r.type for r in store.records(live.id)] == [
        "created", "seat-joined", "seat-joined", "started"]
    assert store.description(live.id) == ("toy", Setup(seats=2, rules_version="1"))
    assert store.revealed_seed(live.id) is None
    while live.status != "finished":
        seat = live.to_act()[0]
        store.command(live.id, tokens[seat], toy.RULES.legal_moves(live.state, seat)[0].command)
    seed = store.revealed_seed(live.id)
    assert seed is not None and seed.commitment == live.seed_commitment
    # the token hashes are kept outside the records, which are all there is to export
    exported = msgspec.json.encode(store.records(live.id)).decode()
    assert len(live.aggregate.token_hashes) == 2
    assert not any(h in exported for h in live.aggregate.token_hashes.values())


def test_a_reloaded_game_equals_the_live_one(store: GameStore) -> None:
    game_id, tokens = seated_game(store)  # its opening holds a shuffle (tuples in memory)
    live = held(store, game_id)
    key = "retry-me"
    store.command(live.id, tokens[0], DRAW, idempotency_key=key)
    reopened = other_process(store)
    again = held(reopened, live.id)
    assert list(again.records) == list(live.records) and again.state == live.state
    # so a retry reaching the other process is recognised as the same command
    outcome = reopened.command(live.id, tokens[0], DRAW, idempotency_key=key)
    assert outcome.replayed and outcome.record == live.records[-1]


def test_a_process_behind_the_store_decides_on_the_current_game(store: GameStore) -> None:
    other = other_process(store)
    game_id, tokens = seated_game(store)
    assert version(other, game_id) == 4  # cached there, seat 0 to act
    store.command(game_id, tokens[0], DRAW)
    # seat 1's move is legal only in the new state, which `other` has not read yet
    assert other.command(game_id, tokens[1], DRAW).record.version == 6
    # a stale expected version is still refused, with the current version
    with pytest.raises(StaleVersion) as refused:
        store.command(game_id, tokens[0], DRAW, expected=5)
    assert refused.value.current_version == 6


def test_a_record_log_keeps_only_its_newest_records_and_reads_older_ones_back(
    store: GameStore,
) -> None:
    game_id, tokens = seated_game(store)
    live = held(store, game_id)
    while live.status != "finished":
        seat = live.to_act()[0]
        store.command(live.id, tokens[seat], toy.RULES.legal_moves(live.state, seat)[0].command)
    stored = [event.record for event in store.app.events.get(live.aggregate.id)]
    assert list(live.records) == stored  # the live game's own log
    log = RecordLog(store.games.loader(live.aggregate.id), keep=5)
    for record in stored:
        log.append(record)
    assert len(log._tail) == 5 and len(log) == len(stored) and list(log) == stored
    end = len(stored)
    for start, stop in [(0, 3), (2, end - 2), (end - 6, end), (end - 5, end), (5, 5),
                        (end - 1, end + 9), (-3, end)]:
        assert log[start:stop] == stored[start:stop], (start, stop)
    assert log[0] == stored[0] and log[-1] == stored[-1] and log[-6] == stored[-6]
    assert log[::3] == stored[::3]
    with pytest.raises(IndexError):
        log[end]


def test_finished_games_leave_the_cache_first(tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'c.db'}", {"toy": toy.RULES}, cache_size=3)
    games = [seated_game(store) for _ in range(3)]
    finished, tokens = held(store, games[1][0]), games[1][1]
    while finished.status != "finished":
        seat = finished.to_act()[0]
        store.command(finished.id, tokens[seat],
                      toy.RULES.legal_moves(finished.state, seat)[0].command)
    version(store, games[0][0])  # the least recently used is now games[2]...
    version(store, games[2][0])  # ...or rather games[0]; neither is finished
    newcomer = store.create("toy", Setup(seats=2))
    cached = set(store.games._cache)
    assert finished.id not in cached
    assert {games[0][0], games[2][0], newcomer} == cached


def test_a_command_on_the_loop_is_recorded_and_joins_memory_once_committed(
    store: GameStore,
) -> None:
    game_id, tokens = seated_game(store)

    async def send() -> tuple[int, int]:
        outcome = await store.command_on_loop(game_id, tokens[0], DRAW)
        return outcome.record.version, held(store, game_id).version

    assert asyncio.run(send()) == (5, 5)
    reopened = other_process(store)
    assert [r.version for r in reopened.records(game_id)] == [1, 2, 3, 4, 5]
    assert not held(store, game_id).write_lock.locked()


def test_a_command_on_the_loop_refused_or_behind_is_decided_as_command_decides(
    store: GameStore,
) -> None:
    """Refusals are the thread path's own (with the current version); a game another
    process moved on is caught up with first, exactly as `command` does."""
    game_id, tokens = seated_game(store)
    other = other_process(store)
    assert version(other, game_id) == 4
    store.command(game_id, tokens[0], DRAW)

    async def send(token: str, expected: int | None = None) -> int:
        outcome = await other.command_on_loop(game_id, token, DRAW, expected)
        return outcome.record.version

    assert asyncio.run(send(tokens[1])) == 6  # legal only in the state `other` had not read
    with pytest.raises(StaleVersion) as refused:
        asyncio.run(send(tokens[0], expected=5))
    assert refused.value.current_version == 6
    with pytest.raises(UnknownToken):
        asyncio.run(send("not-a-seat"))
    assert not held(other, game_id).write_lock.locked()


def test_a_command_on_the_loop_waits_in_a_thread_for_a_writer_holding_the_game(
    store: GameStore,
) -> None:
    game_id, tokens = seated_game(store)
    live = held(store, game_id)

    async def send_while_held() -> int:
        live.write_lock.acquire()  # another writer, released a little later from a thread
        threading.Timer(0.2, live.write_lock.release).start()
        answers = await asyncio.gather(
            store.command_on_loop(game_id, tokens[0], DRAW),
            asyncio.sleep(0.05, result="the loop kept running"),
        )
        assert answers[1] == "the loop kept running"
        return answers[0].record.version

    assert asyncio.run(send_while_held()) == 5


def test_a_cancelled_command_on_the_loop_still_joins_its_committed_record(
    store: GameStore,
) -> None:
    """The caller's cancellation cannot stop the decision between its commit and memory:
    the store and the live game agree, and the game is not left locked."""
    game_id, tokens = seated_game(store)

    async def cancel_midway() -> None:
        sending = asyncio.ensure_future(
            store.command_on_loop(game_id, tokens[0], DRAW))
        await asyncio.sleep(0)  # the decision has begun: its commit is queued
        sending.cancel()
        with pytest.raises(asyncio.CancelledError):
            await sending
        live = store.games._cache[game_id]  # as memory holds it, not caught up with the store
        for _ in range(100):
            if not live.write_lock.locked():
                break
            await asyncio.sleep(0.01)
        assert live.version == 5 and not live.write_lock.locked()

    asyncio.run(cancel_midway())
    assert version(other_process(store), game_id) == 5


def test_a_race_lost_on_the_loop_catches_up_even_when_every_worker_thread_waits_for_the_game(
    store: GameStore,
) -> None:
    """The loop, holding a game, must catch up with the store after losing its append;
    the threads of requests waiting for that game cannot be the ones it needs."""
    game_id, tokens = seated_game(store)
    other = other_process(store)
    other.command(game_id, tokens[0], DRAW)  # `store` has not seen it

    async def race() -> tuple[Any, ...]:
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=1))
        stale = store.command_on_loop(game_id, tokens[0], DRAW)  # loses v5
        waiting = store.command_on_loop(game_id, tokens[1], DRAW)
        return await asyncio.wait_for(
            asyncio.gather(stale, waiting, return_exceptions=True), timeout=20)

    answers = asyncio.run(race())
    # each decided once against the game as stored: seat 0's again after seat 1's
    assert sorted((a.seat, a.record.version) for a in answers) == [(0, 7), (1, 6)]
    assert [r.version for r in other.records(game_id)] == list(range(1, 8))


def test_a_token_is_refused_only_after_catching_up_with_the_log(store: GameStore) -> None:
    """A seat taken on another process a moment ago is found, even while a writer of this
    process holds the game (when a read does not wait to catch up): a token is looked up
    again after the catch-up before it is refused."""
    game_id = store.create("toy", Setup(seats=2))
    assert version(store, game_id) == 1  # held here, before the seat is taken
    token = other_process(store).join(game_id, "ann").token
    live = store.games.get(game_id)
    live.write_lock.acquire()  # a writer of this process, done a little later
    threading.Timer(0.2, live.write_lock.release).start()
    assert store.read(game_id, lambda _, seat: seat, token) == 0
    assert store.stream_ticket(game_id, token)[1] == 0
    with pytest.raises(UnknownToken):
        store.read(game_id, lambda _, seat: seat, "not-a-token")


def test_the_store_knows_nothing_of_http() -> None:
    """The store raises its own errors; only `service.api` maps them to problems and
    statuses, so nothing under `service/store` imports a web framework or the API."""
    from tests.test_import_layers import imported, modules

    known = set(modules("service"))
    store = {name: path for name, path in modules("service").items()
             if name.startswith("service.store")}
    for name, path in store.items():
        assert not {m for m in imported(name, path, known) if m.startswith("service.api")}, name
        text = path.read_text()
        for framework in ("litestar", "uvicorn", "httpx", "starlette"):
            assert f"import {framework}" not in text and f"from {framework}" not in text, name
    refusals = [UnknownToken(), StaleVersion(1, 2), StoreUnavailable()]
    assert not [e for e in refusals if hasattr(e, "status") or hasattr(e, "code")]


#: a fresh process decoding record events in many threads at once, each round through
#: event types it has never decoded before (as a restarted server's first reads do)
_FIRST_DECODINGS = """
import sys, threading
from typing import Union
import msgspec
from service.store.records import typed_events, typed_log, Record
sys.setswitchinterval(1e-6)  # switch threads as often as possible
for round in range(150):
    names = {}
    exec("\\n".join(
        f"class Event{i}(msgspec.Struct, tag=True):\\n    a: 'int'\\n    b: 'list[str]'"
        for i in range(30)), {"msgspec": msgspec}, names)
    event_type = Union[tuple(names.values())]
    events = [{"type": f"Event{i}", "a": i, "b": ["x"]} for i in range(30)]
    record = Record(game_id="g", version=1, type="command", time="t", events=events)
    barrier = threading.Barrier(8)
    def decode(number):
        barrier.wait()
        if number % 2:
            assert len(typed_events(event_type, events)) == 30
        else:
            assert len(typed_log(event_type, [record])[0]) == 30
    threads = [threading.Thread(target=decode, args=(n,)) for n in range(8)]
    for thread in threads: thread.start()
    for thread in threads: thread.join()
print("decoded")
"""


def test_many_threads_decoding_events_of_a_kind_for_the_first_time_at_once() -> None:
    """A restarted server's first concurrent reads each decode a kind's events for the
    first time. msgspec 0.22 crashed the process (a segmentation fault) when threads
    first decoded through the same new struct at once; 0.23 does not."""
    done = subprocess.run([sys.executable, "-c", _FIRST_DECODINGS], capture_output=True,
                          text=True, timeout=120, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "decoded"), done.stderr
