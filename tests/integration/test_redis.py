"""Redis: two API processes sharing one store, live streams across them, the read model.

Runs against the real Redis at ``ROUNDHOUSE_TEST_REDIS`` (default
``redis://127.0.0.1:6379/0``). With ``CI=true`` an unreachable Redis fails the
tests; elsewhere they are skipped with the reason. Each test uses its own key
and channel prefix and deletes its keys afterwards.

The two "processes" are two apps (each with its own store cache, live feed and
Redis relay) served by uvicorn on 127.0.0.1, sharing one SQLite file. Streams
are given a 30-second heartbeat, so a record that reaches a stream on the other
app within seconds can only have been announced through Redis.
"""

from __future__ import annotations

import random
import re
import threading
import time
from pathlib import Path

import httpx
import msgspec
import redis

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import Listener, play, served
from tests.api.players import open_table, play_to_end, test_kinds
from tests.conftest import REDIS_URL

SEED = "5eed" * 16
#: a toy card ("R1".."B6"): before the end, one only shows once played
CARD = re.compile(rb"\b[RGB][1-6]\b")


class Spy:
    """Everything published under a prefix, heard by a subscriber of our own."""

    def __init__(self, prefix: str) -> None:
        self.client = redis.Redis.from_url(REDIS_URL)
        self.pubsub = self.client.pubsub()
        self.pubsub.psubscribe(f"{prefix}:*")
        self.messages: list[tuple[bytes, bytes]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        while not self._stop.is_set():
            message = self.pubsub.get_message(timeout=0.05)
            if message is not None and message["type"] == "pmessage":
                self.messages.append((message["channel"], message["data"]))

    def stop(self) -> list[tuple[bytes, bytes]]:
        self._stop.set()
        self._thread.join(timeout=5)
        self.pubsub.close()
        self.client.close()
        return self.messages


def read_model(prefix: str, game_id: str, version: int, timeout: float = 5) -> bytes:
    """The read model's view once it has reached `version`."""
    client = redis.Redis.from_url(REDIS_URL)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            stored, view = client.hmget(f"{prefix}:view:{game_id}", ["version", "view"])
            if stored is not None and int(stored) >= version:
                assert int(stored) == version
                assert isinstance(view, bytes)
                return view
            time.sleep(0.01)
    finally:
        client.close()
    raise AssertionError(f"the read model never reached version {version}")


def test_commands_on_one_process_reach_streams_and_views_on_another(
    redis_prefix: str, tmp_path: Path
) -> None:
    settings = Settings(
        store=f"sqlite:///{tmp_path / 'shared.db'}",
        redis_url=REDIS_URL,
        redis_prefix=redis_prefix,
        heartbeat_seconds=30,
        allow_client_seed=True,
    )
    spy = Spy(redis_prefix)
    secrets: set[bytes] = {SEED.encode()}
    views_before_the_end: list[bytes] = []
    with (
        served(create_app(settings, kinds=test_kinds())) as a,
        served(create_app(settings, kinds=test_kinds())) as b,
        httpx.Client(base_url=a, timeout=10) as on_a,
        httpx.Client(base_url=b, timeout=10) as on_b,
    ):
        table = open_table(on_a, "toy", 2, seed=SEED)  # type: ignore[arg-type]
        secrets |= {token.encode() for token in table.tokens}
        opened = table.public()["version"]
        seat0 = Listener(b, f"/games/{table.id}/stream", table.auth(0)).start()
        spectator = Listener(b, f"/games/{table.id}/stream").start()
        for listener in (seat0, spectator):
            listener.records_until(opened)

        chooser = random.Random(4)
        for _ in range(4):
            version = play(table, 1, chooser)  # on A
            # A reads its own append at once, whatever the read model holds yet
            assert on_a.get(f"/games/{table.id}").json()["version"] == version
            started = time.monotonic()
            mine = seat0.records_until(version, timeout=5)[0]
            theirs = spectator.records_until(version, timeout=5)[0]
            assert time.monotonic() - started < 5  # well before a heartbeat's re-read
            assert [r["version"] for r in mine] == [version]
            viewer_events = on_b.get(
                f"/games/{table.id}/events", params={"after": version - 1},
                headers=table.auth(0),
            ).json()["records"]
            assert mine == viewer_events
            assert theirs == on_b.get(
                f"/games/{table.id}/events", params={"after": version - 1}
            ).json()["records"]

            # the read model is the public view at that version, and B answers from it
            view = read_model(redis_prefix, table.id, version)
            views_before_the_end.append(view)
            from_store = on_a.get(f"/games/{table.id}", params={"version": version})
            assert msgspec.json.decode(view) == from_store.json()
            answer = on_b.get(f"/games/{table.id}")
            assert answer.headers.get("x-served-from") == "read-model"
            assert answer.headers["etag"] == f'"{version}"'
            assert answer.json() == from_store.json()

        # a stale read model (older than what B has heard) is not used
        with redis.Redis.from_url(REDIS_URL) as client:
            client.hset(f"{redis_prefix}:view:{table.id}", mapping={"version": 1, "view": "{}"})
        stale = on_b.get(f"/games/{table.id}")
        assert "x-served-from" not in stale.headers
        assert stale.json()["version"] == version and stale.json()["status"] == "active"

        final = play_to_end(table, chooser)
        for listener in (seat0, spectator):
            rest = [m.record() for m in listener.ended() if m.event == "record"]
            assert rest[-1]["version"] == final["version"]
        assert msgspec.json.decode(read_model(redis_prefix, table.id, final["version"])) == final

    published = spy.stop()
    # only version numbers travel on the channels, one channel per game
    assert published, "nothing was published"
    for channel, data in published:
        assert channel == f"{redis_prefix}:game:{table.id}".encode()
        assert data.isdigit(), data
    assert {int(d) for _, d in published} >= set(range(opened + 1, final["version"] + 1))
    # and the read models held before the end hide what the players hide
    for view in views_before_the_end:
        assert not CARD.search(view), view
        assert not any(secret in view for secret in secrets)


def test_an_unreachable_redis_leaves_everything_working_in_process(tmp_path: Path) -> None:
    settings = Settings(
        store=f"sqlite:///{tmp_path / 'alone.db'}",
        redis_url="redis://127.0.0.1:9/0",  # discard port: nothing listens
        heartbeat_seconds=30,
    )
    with served(create_app(settings, kinds=test_kinds())) as base, httpx.Client(
        base_url=base, timeout=10
    ) as http:
        table = open_table(http, "toy", 2)  # type: ignore[arg-type]
        opened = table.public()["version"]
        stream = Listener(base, f"/games/{table.id}/stream").start()
        stream.records_until(opened)
        version = play(table, 2, random.Random(1))
        assert [r["version"] for r in stream.records_until(version, timeout=5)[0]] == [
            version - 1, version,
        ]
        answer = http.get(f"/games/{table.id}")
        assert answer.json()["version"] == version
        assert "x-served-from" not in answer.headers
        final = play_to_end(table, random.Random(2))["version"]
        assert [m.record() for m in stream.ended() if m.event == "record"][-1]["version"] == final


def test_the_read_model_answers_304_and_is_never_older_than_what_a_process_read(
    redis_prefix: str, tmp_path: Path
) -> None:
    """``If-None-Match`` naming the read model's version is 304 from the read model too; and
    a process that knows nothing of a game (as after a restart, with a Redis that kept an
    old read model) reads the store first, then never serves a read model older than that."""
    settings = Settings(store=f"sqlite:///{tmp_path / 'shared.db'}", redis_url=REDIS_URL,
                        redis_prefix=redis_prefix, heartbeat_seconds=30)
    key = f"{redis_prefix}:view:"
    with (
        served(create_app(settings, kinds=test_kinds())) as a,
        served(create_app(settings, kinds=test_kinds())) as b,
        httpx.Client(base_url=a, timeout=10) as on_a,
        httpx.Client(base_url=b, timeout=10) as on_b,
    ):
        table = open_table(on_a, "toy", 2)  # type: ignore[arg-type]
        version = play(table, 2, random.Random(3))
        read_model(redis_prefix, table.id, version)
        path = f"/games/{table.id}"
        assert on_b.get(path).json()["version"] == version  # B knows the game now
        fresh = on_b.get(path)
        assert fresh.headers.get("x-served-from") == "read-model"
        unchanged = on_b.get(path, headers={"If-None-Match": f'W/"{version}", "1"'})
        assert unchanged.status_code == 304 and unchanged.content == b""
        assert unchanged.headers["etag"] == f'"{version}"'
        assert unchanged.headers.get("x-served-from") == "read-model"
        assert on_b.get(path, headers={"If-None-Match": '"1"'}).status_code == 200

        with redis.Redis.from_url(REDIS_URL) as client:  # as a Redis that kept an old one
            client.hset(key + table.id, mapping={"version": 4, "view": b"{}"})
        with served(create_app(settings, kinds=test_kinds())) as c, httpx.Client(
            base_url=c, timeout=10
        ) as on_c:
            for _ in range(3):
                answer = on_c.get(path)
                assert answer.json()["version"] == version, answer.text
                assert "x-served-from" not in answer.headers
