"""The claims heat map in a real browser: it renders under its own strict CSP, every route
drawn, each in the shade of the share of games that claimed it."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from domain.ticket_to_ride.heat import shade
from tests.api.players import open_table, play_to_end

GAMES = 2


def test_the_heat_map_renders_each_route_shaded_as_counted(
    browser: Any, server: str, client: httpx.Client,
) -> None:
    chooser = random.Random(281)
    for _ in range(GAMES):
        play_to_end(open_table(client, "ticket-to-ride", 2), chooser)  # type: ignore[arg-type]
    deadline = time.monotonic() + 5
    while (body := client.get("/statistics", params={"kind": "ticket-to-ride",
                                                      "map": "europe"}).json())["games"] < GAMES:
        assert time.monotonic() < deadline, body
        time.sleep(0.05)
    claimed = {int(c["id"]): c["counts"]["claimed"] for c in body["outcomes"]["route"]}

    context = browser.new_context(viewport={"width": 1280, "height": 700})
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text))
    page.on("pageerror", lambda error: refused.append(str(error)))
    try:
        answer = page.goto(f"{server}/statistics/board.svg?kind=ticket-to-ride&map=europe")
        assert answer is not None and answer.status == 200
        assert answer.headers["content-security-policy"] == "default-src 'none'"
        drawn = page.evaluate("""() => [...document.querySelectorAll('g.route')].map(g => {
            const space = g.querySelector('polygon, ellipse');
            const box = space.getBoundingClientRect();
            return [Number(g.dataset.route), getComputedStyle(space).fill,
                    box.width * box.height];
        })""")
    finally:
        context.close()
    assert not refused, refused
    assert len(drawn) == 101  # Europe's routes, each drawn once
    for route, fill, area in drawn:
        assert area > 4, route  # laid out on the page, not collapsed
        expected = shade(claimed.get(route, 0) / GAMES)
        red, green, blue = (int(expected[i:i + 2], 16) for i in (1, 3, 5))
        assert fill == f"rgb({red}, {green}, {blue})", (route, fill, expected)
    assert {fill for _, fill, _ in drawn} > {"rgb(255, 255, 204)"}  # some routes shaded
