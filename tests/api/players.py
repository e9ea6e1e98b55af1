"""Scripted random players over HTTP, generic over game kinds.

They use only what any client has: `/kinds`, the public view and `/me`'s legal
moves, posting a uniformly chosen legal move's ``command`` as it is. For the
store's own tests, `seated_game` opens a table in a `GameStore` directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from litestar.testing import TestClient

from domain.kernel.protocol import Setup
from domain.registry import kinds as registered_kinds
from service.store.games import GameStore
from service.store.live import LiveGame
from tests import toy


def test_kinds() -> dict[str, Any]:
    """The registered kinds plus the toy kind the service tests rely on."""
    return {**registered_kinds(), toy.RULES.descriptor.kind: toy.RULES}


test_kinds.__test__ = False  # type: ignore[attr-defined]


def held(store: GameStore, game_id: str) -> LiveGame:
    """The live game as `store` holds it, caught up with the log (to look inside it)."""
    return store.read(game_id, lambda live, _: live)


def seated_game(store: GameStore, seats: int = 2) -> tuple[str, list[str]]:
    """A toy game in `store`, every seat joined and the game started: its id and
    each seat's token (seat 0 is to act)."""
    game_id = store.create("toy", Setup(seats=seats))
    tokens = [store.join(game_id, f"p{s}").token for s in range(seats)]
    store.start(game_id, tokens[0])
    return game_id, tokens


@dataclass
class Table:
    """A game as its players know it: its id and each seat's token."""

    client: TestClient[Any]
    id: str
    tokens: list[str] = field(default_factory=list)

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def public(self, **params: Any) -> dict[str, Any]:
        response = self.client.get(f"/games/{self.id}", params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def me(self, seat: int, **params: Any) -> dict[str, Any]:
        response = self.client.get(f"/games/{self.id}/me", headers=self.auth(seat), params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def events(self, seat: int | None = None, after: int = 0) -> list[dict[str, Any]]:
        """Every record from `after` on, as `seat` (None: a spectator) may see them."""
        headers = {} if seat is None else self.auth(seat)
        records: list[dict[str, Any]] = []
        while True:
            page = self.client.get(
                f"/games/{self.id}/events", params={"after": after, "limit": 1000},
                headers=headers,
            )
            assert page.status_code == 200, page.text
            body = page.json()
            records += body["records"]
            after = body["next_after"]
            if after >= body["version"]:
                return records

    def command(self, seat: int, command: dict[str, Any], **headers: str) -> Any:
        return self.client.post(
            f"/games/{self.id}/commands", json=command, headers={**self.auth(seat), **headers}
        )


def setup_for(client: TestClient[Any], kind: str, seats: int) -> dict[str, Any]:
    """A `POST /games` body for `kind` (its first map, Europe if it has one)."""
    descriptors = {d["kind"]: d for d in client.get("/kinds").json()}
    maps = [m["id"] for m in descriptors[kind]["maps"]]
    body: dict[str, Any] = {"kind": kind, "seats": seats}
    if maps:
        body["map"] = "europe" if "europe" in maps else maps[0]
    return body


def open_table(client: TestClient[Any], kind: str, seats: int, **extra: Any) -> Table:
    """Create a game, take every seat and start it."""
    created = client.post("/games", json={**setup_for(client, kind, seats), **extra})
    assert created.status_code == 201, created.text
    table = Table(client, created.json()["id"])
    for seat in range(seats):
        joined = client.post(f"/games/{table.id}/seats", json={"name": f"player {seat}"})
        assert joined.status_code == 201, joined.text
        assert joined.json()["seat"] == seat
        table.tokens.append(joined.json()["token"])
    started = client.post(f"/games/{table.id}/start", headers=table.auth(0))
    assert started.status_code == 200, started.text
    return table


def play_to_end(
    table: Table,
    chooser: random.Random,
    max_commands: int = 5_000,
    watch: Callable[[Table, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Post random legal moves until the game ends; returns the final public view."""
    for _ in range(max_commands):
        public = table.public()
        if watch is not None:
            watch(table, public)
        if public["status"] == "finished":
            return public
        seat = chooser.choice(public["to_act"])
        me = table.me(seat)
        assert me["legal_moves"], f"seat {seat} is to act but has no legal move"
        move = chooser.choice(me["legal_moves"])
        answer = table.command(seat, move["command"], **{"If-Match": f'"{me["version"]}"'})
        assert answer.status_code == 200, (move, answer.text)
        assert answer.json()["version"] == me["version"] + 1
    raise AssertionError(f"game {table.id} not finished after {max_commands} commands")
