"""A finished game of every map and kind on the spectator page, at a phone's width
(390 px) and a desktop's (1280 px), in headless Chromium.

The games are played to the end by the server's own bots (the host seats a greedy
bot in every seat), so each takes about a second. On each page: the final table
shows every term of every seat's score sheet and the totals they add up to, the
figures apart as statistics, each seat's card its final score; nothing is wider than
the window (no sideways scroll hides the totals); and the board picture, as the
browser lays it out, keeps every label and route inside the map and every line of
the side panel inside the picture.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from domain.colt_express import picture as colt_picture
from domain.ticket_to_ride import picture as ticket_picture
from tests.pages.browsing import final_sheets_shown, fits_the_width, snapshot

#: the games: (name, the body of POST /games); the widest tables have the most seats
GAMES = [
    ("europe", {"kind": "ticket-to-ride", "map": "europe", "seats": 3}),
    ("mega-europe", {"kind": "ticket-to-ride", "map": "europe", "variant": "mega-europe",
                     "seats": 5}),
    ("amsterdam", {"kind": "ticket-to-ride", "map": "amsterdam", "seats": 4}),
    ("world", {"kind": "ticket-to-ride", "map": "world", "seats": 5}),
    ("northern-lights", {"kind": "ticket-to-ride", "map": "northern-lights", "seats": 5}),
    ("colt-express", {"kind": "colt-express", "seats": 6}),
    ("colt-express-two-player", {"kind": "colt-express", "seats": 2, "variant": "two-player"}),
]
WIDTHS = (390, 1280)
#: how long the server's bots may take to finish one game
FINISH_SECONDS = 60


def bots_play(client: httpx.Client, body: dict[str, Any]) -> str:
    """A game of `body` with a greedy bot in every seat, played to its end: its id."""
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    host = {"Authorization": f"Bearer {created.json()['host_token']}"}
    for _ in range(body["seats"]):
        seated = client.post(f"/games/{game}/seats/bot", json={"strategy": "greedy"},
                             headers=host)
        assert seated.status_code == 201, seated.text
    assert client.post(f"/games/{game}/start", headers=host).status_code == 200
    deadline = time.monotonic() + FINISH_SECONDS
    while client.get(f"/games/{game}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"the bots did not finish {body}"
        time.sleep(0.05)
    return game


@pytest.fixture(scope="module")
def finished(server: str) -> Iterator[dict[str, str]]:
    """Each game of `GAMES`, finished: its id by name."""
    with httpx.Client(base_url=server, timeout=10) as client:
        yield {name: bots_play(client, body) for name, body in GAMES}


def drawn_inside(page: Any, kind: str) -> None:
    """The board picture as the browser lays it out: every city label, route space and
    "+X" mark inside the map area, every line of the side panel inside the picture
    (Ticket to Ride: the picture grows below the map when the panel needs it); every text
    inside the picture (Colt Express)."""
    boxes = "(nodes) => nodes.map((n) => { const b = n.getBBox(); " \
        "return [b.x, b.y, b.x + b.width, b.y + b.height]; })"
    if kind == "ticket-to-ride":
        inside = {
            ".cities text, .routes polygon, .routes ellipse, .routes text":
                (0, ticket_picture.MAP_WIDTH, ticket_picture.HEIGHT),
            ".panel text": (ticket_picture.MAP_WIDTH, ticket_picture.WIDTH,
                            int(page.locator("#board svg").get_attribute("height"))),
        }
    else:
        inside = {"text": (0, colt_picture.WIDTH, colt_picture.HEIGHT)}
    for selector, (left, right, bottom) in inside.items():
        found = page.locator("#board svg").locator(selector).evaluate_all(boxes)
        assert found, selector
        outside = [b for b in found if b[0] < left or b[2] > right or b[1] < 0 or b[3] > bottom]
        assert outside == [], (selector, outside[:5])


@pytest.mark.parametrize("name", [name for name, _ in GAMES])
def test_the_final_table_shows_every_term_and_its_total_at_both_widths(
    page: Any, server: str, client: httpx.Client, finished: dict[str, str], name: str
) -> None:
    game = client.get(f"/games/{finished[name]}").json()
    seats = [s["name"] for s in game["seats"]]
    assert len(set(seats)) == len(seats), f"two bots share a name: {seats}"
    page.goto(f"{server}/games/{game['id']}/watch")
    page.wait_for_selector(f'body[data-version="{game["version"]}"]')
    page.wait_for_selector("#board svg")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        final_sheets_shown(page, game)
        fits_the_width(page)
    drawn_inside(page, game["kind"])
    if name == "europe":
        snapshot(page, "finished-game")
