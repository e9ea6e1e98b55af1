"""`GET /games/{id}/stream`: Server-Sent Events of the log, live, redacted per viewer.

Live behaviour is tested over a real uvicorn server on 127.0.0.1 with httpx
streaming (the test client buffers whole responses); finished games and
refusals through the test client.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterator
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
        table = open_table(http, "toy", 2)  # type: ignore[arg-type]
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
        drawn_by_0 = [r for r in mine if r["seat"] == 0 and r["payload"]["type"] == "draw-card"]
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
            rest = [m.record() for m in listener.ended() if m.event == "record"]
            assert rest[-1]["version"] == final  # ends by itself after the last record
        # the finishing record is public as stored
        assert rest[-1] == table.events(None, after=final - 1)[0]


def _messages(client: TestClient[Any], path: str, **headers: str) -> list[Message]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    return list(parse(iter(response.text.splitlines())))


def test_resume_after_a_version_of_a_finished_game(client: TestClient[Any]) -> None:
    table = open_table(client, "toy", 2)
    final = play_to_end(table, random.Random(3))["version"]
    path = f"/games/{table.id}/stream"
    whole = [m.record() for m in _messages(client, path) if m.event == "record"]
    assert whole == table.events()  # finished: everything public, as stored
    later = [m.record() for m in _messages(client, path + "?after=3") if m.event == "record"]
    assert [r["version"] for r in later] == list(range(4, final + 1))
    resumed = _messages(client, path + "?after=1", **{"Last-Event-ID": str(final - 2)})
    assert [m.record()["version"] for m in resumed if m.event == "record"] == [final - 1, final]
    # nothing more will ever come: 204, so that a browser's EventSource stops reconnecting
    for headers in ({"Last-Event-ID": str(final)}, {}):
        done = client.get(path + ("" if headers else f"?after={final}"), headers=headers)
        assert done.status_code == 204, done.text
        assert done.content == b""


def test_a_version_beyond_the_game_is_the_same_404_on_the_events_and_the_stream(
    client: TestClient[Any],
) -> None:
    table = open_table(client, "toy", 2)
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
        table = open_table(client, "toy", 3)
        started = time.monotonic()
        messages = _messages(client, f"/games/{table.id}/stream", **table.auth(2))
        assert 0.4 < time.monotonic() - started < 5
        assert [m.record()["version"] for m in messages if m.event == "record"] == [1, 2, 3, 4, 5]
        assert sum(m.comment == "heartbeat" for m in messages) >= 3


def test_one_client_address_holds_at_most_its_limit_of_streams(tmp_path: Path) -> None:
    """One more than ``max_streams_per_client`` is ``429 too-many-streams`` with Retry-After;
    once a stream ends (here, its lifetime), the address may open another."""
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}", max_streams_per_client=2,
                        stream_seconds=1.5, heartbeat_seconds=0.5)
    with served(create_app(settings, kinds=test_kinds())) as base, httpx.Client(
        base_url=base, timeout=10
    ) as http:
        table = open_table(http, "toy", 2)  # type: ignore[arg-type]
        path = f"/games/{table.id}/stream"
        held = [Listener(base, path).start(), Listener(base, path, table.auth(0)).start()]
        refused = http.get(path, headers=table.auth(1))
        assert refused.status_code == 429, refused.text
        assert refused.json()["code"] == "too-many-streams"
        assert int(refused.headers["Retry-After"]) >= 1
        for listener in held:
            listener.ended()
        assert Listener(base, path).start().status == 200  # the address's slots are free again


def test_stream_refusals(client: TestClient[Any]) -> None:
    table = open_table(client, "toy", 2)
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
                            if m.event == "record"]
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
        table = open_table(on_a, "toy", 2)  # type: ignore[arg-type]
        elsewhere = Listener(b, f"/games/{table.id}/stream").start()
        elsewhere.records_until(table.public()["version"])
        chooser = random.Random(9)
        version = play(table, 2, chooser)
        records, heartbeats = elsewhere.records_until(version, timeout=3)
        assert [r["version"] for r in records] == [version - 1, version]
        assert heartbeats >= 1  # what woke it: nobody told process B
        final = play_to_end(table, chooser)["version"]
        ended = [m.record() for m in elsewhere.ended() if m.event == "record"]
        assert ended[-1]["version"] == final


@pytest.fixture
def brief(tmp_path: Path) -> Iterator[TestClient[Any]]:
    """A client of an app whose streams last 0.2 s (the test client reads them whole)."""
    settings = Settings(store=f"sqlite:///{tmp_path / 'brief.db'}", stream_seconds=0.2)
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        yield client


def test_the_stream_tells_the_game_after_the_records(brief: TestClient[Any]) -> None:
    """One `game` event after the records that reach the game's version: the public view
    on a spectator's stream, the seat's own `/me` on a seat's: no refetch needed."""
    client = brief
    table = open_table(client, "ticket-to-ride", 2)
    play(table, 3, random.Random(5))
    version = table.public()["version"]
    spectator = _messages(client, f"/games/{table.id}/stream?after=0")
    seat = _messages(client, f"/games/{table.id}/stream?after={version - 1}", **table.auth(1))
    for messages, expected in ((spectator, table.public()), (seat, table.me(1))):
        games = [m for m in messages if m.event == "game"]
        assert len(games) == 1, [m.event for m in messages]  # once, after catching up
        assert games[0].id == str(version)
        assert messages[-1] is games[0] or messages[-2] is games[0]
        body = msgspec.json.decode(games[0].data or "")
        assert body == expected
        assert {"status", "to_act", "view"} <= body.keys()
    assert "legal_moves" in msgspec.json.decode(seat[-1].data or "{}") or any(
        "legal_moves" in msgspec.json.decode(m.data or "{}") for m in seat if m.event == "game")
    assert "legal_moves" not in msgspec.json.decode(
        next(m for m in spectator if m.event == "game").data or "")


def test_a_stream_ticket_opens_the_seats_stream_once(brief: TestClient[Any]) -> None:
    client = brief
    table = open_table(client, "ticket-to-ride", 2)
    issued = client.post(f"/games/{table.id}/stream-tickets", headers=table.auth(1))
    assert issued.status_code == 201, issued.text
    body = issued.json()
    assert (body["id"], body["seat"], body["expires_in"]) == (table.id, 1, 60)
    assert issued.headers["cache-control"] == "no-store"
    ticket = body["ticket"]
    assert ticket not in table.tokens
    path = f"/games/{table.id}/stream?ticket={ticket}"
    records = [m.record() for m in _messages(client, path) if m.event == "record"]
    assert records == table.events(1)  # seat 1's own redaction
    assert records != table.events(None)
    used = client.get(path)
    assert used.status_code == 401 and used.json()["code"] == "invalid-ticket"
    # a ticket opens only the stream of its own game, and is no token
    other = open_table(client, "ticket-to-ride", 2)
    fresh = client.post(f"/games/{table.id}/stream-tickets", headers=table.auth(0)).json()
    assert client.get(f"/games/{other.id}/stream?ticket={fresh['ticket']}").json()[
        "code"] == "invalid-ticket"
    assert client.get(f"/games/{table.id}/me", headers={
        "Authorization": f"Bearer {fresh['ticket']}"}).status_code == 401
    both = client.get(f"/games/{table.id}/stream?ticket={fresh['ticket']}", headers=table.auth(0))
    assert both.status_code == 422
    refused = client.post(f"/games/{table.id}/stream-tickets")
    assert refused.status_code == 401 and refused.json()["code"] == "missing-token"


def test_an_expired_ticket_opens_nothing(client: TestClient[Any]) -> None:
    table = open_table(client, "toy", 2)
    recorder = client.app.state.store.recorder
    recorder.issue_ticket("0" * 64, table.id, 0, time.time() - 1)
    assert recorder.redeem_ticket("0" * 64, table.id, time.time()) is None
    recorder.issue_ticket("1" * 64, table.id, 0, time.time() + 5)
    assert recorder.redeem_ticket("1" * 64, table.id, time.time()) == 0
    assert recorder.redeem_ticket("1" * 64, table.id, time.time()) is None


def test_a_ticket_from_one_process_opens_a_stream_on_another(tmp_path: Path) -> None:
    """The store holds the tickets: any process sharing it redeems them, exactly once."""
    settings = Settings(store=f"sqlite:///{tmp_path / 'shared.db'}", stream_seconds=0.2,
                        access_log=True)
    lines: list[str] = []

    class Kept(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record) + repr(getattr(record, "fields", {})))

    kept = Kept()
    logging.getLogger("roundhouse").addHandler(kept)
    try:
        with (
            TestClient(create_app(settings, kinds=test_kinds())) as a,
            TestClient(create_app(settings, kinds=test_kinds())) as b,
        ):
            table = open_table(a, "toy", 2)
            ticket = a.post(f"/games/{table.id}/stream-tickets", headers=table.auth(0)).json()[
                "ticket"]
            path = f"/games/{table.id}/stream?ticket={ticket}"
            assert [m.record() for m in _messages(b, path) if m.event == "record"] == (
                table.events(0))
            assert a.get(path).status_code == 401  # used up, in every process
    finally:
        logging.getLogger("roundhouse").removeHandler(kept)
    assert any("/games/{game_id}/stream" in line for line in lines), lines
    assert not [line for line in lines if ticket in line or table.tokens[0] in line]
