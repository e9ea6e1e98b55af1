"""The lobby page in headless Chromium: the listed games and a link to watch each."""

from __future__ import annotations

from typing import Any

import httpx

from tests.api.players import open_table
from tests.pages.browsing import shown


def test_the_lobby_lists_games_and_links_to_watch(
    page: Any, server: str, client: httpx.Client
) -> None:
    started = open_table(client, "ticket-to-ride", 2)
    waiting = client.post("/games", json={"kind": "colt-express", "seats": 3}).json()["id"]
    assert client.post(f"/games/{waiting}/seats", json={"name": "Ann"}).status_code == 201
    hidden = client.post("/games", json={"kind": "colt-express", "seats": 2, "listed": False})
    world = client.post("/games", json={"kind": "ticket-to-ride", "map": "world",
                                         "seats": 2}).json()["id"]
    two = client.post("/games", json={"kind": "colt-express", "seats": 2,
                                       "variant": "two-player"}).json()["id"]
    page.goto(f"{server}/lobby")
    page.wait_for_selector('body[data-loaded="true"]')
    row = page.locator(f'tr[data-game="{waiting}"] td')
    assert row.all_inner_texts()[:4] == ["Colt Express", "", "1 of 3", "lobby"]
    row = page.locator(f'tr[data-game="{started.id}"] td')
    # a new game names the variant it plays (the default, standard): the lobby says so,
    # by the titles /kinds gives, the map's without its game's
    assert row.all_inner_texts()[:4] == ["Ticket to Ride", "Europe · Standard", "2 of 2", "active"]
    row = page.locator(f'tr[data-game="{world}"] td')
    assert row.all_inner_texts()[:2] == ["Ticket to Ride", "Rails & Sails - The World · Standard"]
    row = page.locator(f'tr[data-game="{two}"] td')
    assert row.all_inner_texts()[:2] == ["Colt Express", "Two players"]
    assert page.locator(f'tr[data-game="{hidden.json()["id"]}"]').count() == 0
    page.locator("#open-seats").check()
    page.wait_for_selector(f'tr[data-game="{started.id}"]', state="detached")
    assert page.locator(f'tr[data-game="{waiting}"]').count() == 1
    page.locator("#open-seats").uncheck()
    page.locator(f'tr[data-game="{started.id}"] a').click()
    page.wait_for_url(f"{server}/games/{started.id}/watch")
    shown(page, started.public()["version"])
