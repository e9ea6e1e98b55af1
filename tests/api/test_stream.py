"""`GET /games/{id}/stream`: Server-Sent Events of the log, live, redacted per viewer.

Live behaviour is tested over a real uvicorn server on 127.0.0.1 with httpx
streaming (the test client buffers whole responses); finished games and
refusals through the test client.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import Listener, Message, parse, play, served
from tests.api.players import open_table, play_to_end, test_kinds


def test_streams_follow_another_client_playing(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'live.db'}", heartbeat_seconds=0.2)
    with served(create_app(settings, kinds=test_kinds())) as base, httpx.Client(
        base_url=base, timeout=10
    ) as http:
        table = open_table(http, "toy-draw", 2)  # type: ignore[arg-type]
        opened = table.public()["version"]
        seat0 = Listener(base, f"/games/{table.id}/stream", table.auth(0)).start()
        spectator = Listener(base, f"/games/{table.id}/stream").start()
        for listener in (seat0, spectator):
            assert listener.status == 200
            assert [r["version"] for r in listener.records_until(opened)[0]] == list(
                range(1, opened + 1)
            )

        time.sleep(0.5)  # idle: heartbeats only
        chooser = random.Random(7)
        version = play(table, 3, chooser)
        mine, heartbeats = seat0.records_until(version)
        theirs, _ = spectator.records_until(version)
        assert heartbeats >= 1
        assert [r["version"] for r in mine] == list(range(opened + 1, version + 1))
        # the same records as the events feed, redacted for each viewer
        assert mine == table.events(0, after=opened)
        assert theirs == table.events(None, after=opened)
        drawn_by_0 = [r for r in mine if r["seat"] == 0 and r["payload"]["type"] == "draw"]
        for record in drawn_by_0:
            seen = next(r for r in theirs if r["version"] == record["version"])
            assert seen["events"][0]["card"] is None and record["events"][0]["card"]

        # a client reconnecting with Last-Event-ID gets what it missed, then live records
        resumed = Listener(
            base, f"/games/{table.id}/stream", {**table.auth(1), "Last-Event-ID": str(version - 1)}
        ).start()
        assert [r["version"] for r in resumed.records_until(version)[0]] == [version]

        final = play_to_end(table, chooser)["version"]
        for listener in (seat0, spectator, resumed):
            rest = [m.record() for m in listener.ended() if m.comment is None]
            assert rest[-1]["version"] == final  # ends by itself after the last record
        # the finishing record is public as stored
        assert rest[-1] == table.events(None, after=final - 1)[0]


def _messages(client: TestClient[Any], path: str, **headers: str) -> list[Message]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    return list(parse(iter(response.text.splitlines())))


def test_resume_after_a_version_of_a_finished_game(client: TestClient[Any]) -> None:
    table = open_table(client, "toy-draw", 2)
    final = play_to_end(table, random.Random(3))["version"]
    path = f"/games/{table.id}/stream"
    whole = [m.record() for m in _messages(client, path) if m.comment is None]
    assert whole == table.events()  # finished: everything public, as stored
    later = [m.record() for m in _messages(client, path + "?after=3") if m.comment is None]
    assert [r["version"] for r in later] == list(range(4, final + 1))
    resumed = _messages(client, path + "?after=1", **{"Last-Event-ID": str(final - 2)})
    assert [m.record()["version"] for m in resumed if m.comment is None] == [final - 1, final]
    # nothing more will ever come: 204, so that a browser's EventSource stops reconnecting
    for headers in ({"Last-Event-ID": str(final)}, {}):
        done = client.get(path + ("" if headers else f"?after={final}"), headers=headers)
        assert done.status_code == 204, done.text
        assert done.content == b""


def test_a_version_beyond_the_game_is_the_same_404_on_the_events_and_the_stream(
    client: TestClient[Any],
) -> None:
    table = open_table(client, "toy-draw", 2)
    version = table.public()["version"]
    for route in ("events", "stream"):
        response = client.get(f"/games/{table.id}/{route}?after={version + 1}")
        assert response.status_code == 404, (route, response.text)
        assert response.json()["code"] == "unknown-version"
        assert response.json()["current_version"] == version
        assert client.get(f"/games/{table.id}/events?after={version}").json()["records"] == []


def test_a_stream_ends_after_its_lifetime(tmp_path: Path) -> None:
    settings = Settings(
        store=f"sqlite:///{tmp_path / 'x.db'}", heartbeat_seconds=0.1, stream_seconds=0.5
    )
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        table = open_table(client, "toy-draw", 3)
        started = time.monotonic()
        messages = _messages(client, f"/games/{table.id}/stream", **table.auth(2))
        assert 0.4 < time.monotonic() - started < 5
        assert [m.record()["version"] for m in messages if m.comment is None] == [1, 2, 3, 4, 5]
        assert sum(m.comment == "heartbeat" for m in messages) >= 3


def test_stream_refusals(client: TestClient[Any]) -> None:
    table = open_table(client, "toy-draw", 2)
    path = f"/games/{table.id}/stream"
    cases = [
        ("/games/not-a-game/stream", {}, 404, "unknown-game"),
        (path, {"Authorization": "Bearer nobody"}, 401, "invalid-token"),
        (path + "?after=-1", {}, 422, "invalid-request"),
        (path, {"Last-Event-ID": "seven"}, 422, "invalid-request"),
        (path + "?after=99", {}, 404, "unknown-version"),
    ]
    for url, headers, status, code in cases:
        response = client.get(url, headers=headers)
        assert response.status_code == status, (url, response.text)
        assert response.headers["content-type"] == "application/problem+json"
        assert response.json()["code"] == code


@pytest.mark.parametrize("kind", ["ticket-to-ride", "colt-express"])
def test_each_viewer_gets_its_own_redaction(tmp_path: Path, kind: str) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'x.db'}", stream_seconds=0.2)
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        table = open_table(client, kind, 3)
        play(table, 6, random.Random(kind))
        path = f"/games/{table.id}/stream"
        seen: dict[int | None, list[dict[str, Any]]] = {}
        for viewer in (None, 0, 1, 2):
            headers = {} if viewer is None else table.auth(viewer)
            seen[viewer] = [m.record() for m in _messages(client, path, **headers)
                            if m.comment is None]
            assert seen[viewer] == table.events(viewer)
        # the opening deals each seat something only it may see
        opening = {
            viewer: next(r for r in records if r["type"] == "started")
            for viewer, records in seen.items()
        }
        assert len({msgspec.json.encode(o) for o in opening.values()}) == 4


def test_without_redis_another_process_catches_up_at_its_heartbeat(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'shared.db'}", heartbeat_seconds=0.2)
    with (
        served(create_app(settings, kinds=test_kinds())) as a,
        served(create_app(settings, kinds=test_kinds())) as b,
        httpx.Client(base_url=a, timeout=10) as on_a,
    ):
        table = open_table(on_a, "toy-draw", 2)  # type: ignore[arg-type]
        elsewhere = Listener(b, f"/games/{table.id}/stream").start()
        elsewhere.records_until(table.public()["version"])
        chooser = random.Random(9)
        version = play(table, 2, chooser)
        records, heartbeats = elsewhere.records_until(version, timeout=3)
        assert [r["version"] for r in records] == [version - 1, version]
        assert heartbeats >= 1  # what woke it: nobody told process B
        final = play_to_end(table, chooser)["version"]
        assert [m.record() for m in elsewhere.ended() if m.comment is None][-1]["version"] == final
