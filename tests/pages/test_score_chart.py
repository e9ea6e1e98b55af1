"""The watch page's statistics in headless Chromium: the score chart and the figures.

Hidden while the game runs; once it ends (live, or opened afterwards) the page shows
the server's score chart inline, a line per seat ending at its final score, and the
figures of every seat as `GET /games/{id}/statistics` gives them, with no request
elsewhere and nothing the Content-Security-Policy refuses.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ElementTree
from typing import Any

import httpx

from tests.api.players import Table, open_table, play_to_end
from tests.pages.browsing import moves, shown, snapshot


def refused_by_policy(page: Any) -> list[str]:
    """The console messages of the page that say the Content-Security-Policy refused
    something (collected from now on)."""
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text else None)
    return refused


def statistics_shown(page: Any, table: Table, client: httpx.Client) -> dict[str, Any]:
    """Wait for the page's statistics of the finished game; check them against the API."""
    answer: dict[str, Any] = client.get(f"/games/{table.id}/statistics").json()
    page.wait_for_selector(f'#statistics[data-version="{answer["version"]}"]', timeout=10_000)
    public = table.public()
    lines = page.locator("#score-chart svg polyline.seat-line")
    assert lines.count() == len(public["seats"])
    finals = {int(lines.nth(i).get_attribute("data-seat")): int(
        lines.nth(i).get_attribute("data-final")) for i in range(lines.count())}
    assert finals == dict(enumerate(public["result"]["scores"]))
    chart = client.get(f"/games/{table.id}/statistics/scores.svg").text
    assert page.locator("#score-chart svg").text_content() == "".join(
        ElementTree.fromstring(chart).itertext())
    assert page.locator("#score-chart svg").bounding_box()["width"] > 200
    for seat in answer["seats"]:
        for name, value in seat["figures"].items():
            shown_value = page.locator(
                f'#statistics-seats tr[data-figure="{name}"] td[data-seat="{seat["seat"]}"]')
            assert shown_value.inner_text() == str(value), (seat["seat"], name)
    for name, value in answer["figures"].items():
        assert page.locator(f'#statistics-game dd[data-figure="{name}"]').inner_text() == str(
            value)
    return answer


def test_the_chart_appears_when_the_game_ends(
    page: Any, server: str, client: httpx.Client
) -> None:
    refused = refused_by_policy(page)
    table = open_table(client, "ticket-to-ride", 2)
    version = moves(table, 6, random.Random(41))
    page.goto(f"{server}/games/{table.id}/watch")
    shown(page, version)
    assert page.locator("#statistics").is_hidden()
    assert page.locator("#score-chart svg").count() == 0
    play_to_end(table, random.Random(42))
    statistics_shown(page, table, client)
    assert page.locator("#statistics").is_visible()
    # a phone-sized screen: the section fits it (the figures' table scrolls in its box)
    assert page.locator("#statistics").bounding_box()["width"] <= 390
    snapshot(page, "statistics", width=900, part="#statistics")
    assert not refused, refused


def test_a_finished_colt_express_game_charts_its_dollars(
    page: Any, server: str, client: httpx.Client
) -> None:
    refused = refused_by_policy(page)
    table = open_table(client, "colt-express", 3)
    play_to_end(table, random.Random(43))
    page.goto(f"{server}/games/{table.id}/watch")
    answer = statistics_shown(page, table, client)
    assert answer["round_events"] or answer["figures"]["round-events"] == 0
    assert "dollars" in page.locator("#score-chart svg title").first.text_content()
    assert not refused, refused
