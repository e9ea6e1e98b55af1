"""The spectator page in headless Chromium, on a game that scripted clients play.

What it must show: the board and the feed following each move within a second,
the seats' public counts and whose turn, the replay slider showing an earlier
version, the final scores with their terms, and each kind's own words (from the
game's material) in the feed.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ElementTree
from typing import Any

import httpx

from tests.api.players import Table, open_table, play_to_end
from tests.figures import report
from tests.pages.browsing import (
    LIVE_SECONDS,
    final_sheets_shown,
    move,
    moves,
    shown,
    snapshot,
)

#: how long EventSource waits before it reconnects to a stream the server ended
EVENTSOURCE_RETRY_MS = 3000


def watch(page: Any, server: str, table: Table, query: str = "") -> None:
    page.goto(f"{server}/games/{table.id}/watch{query}")


def board_text(svg: str) -> str:
    return "".join(ElementTree.fromstring(svg).itertext())


def route_words(material: dict[str, Any], route: int) -> str:
    """How the material names a route: its two cities' names."""
    cities = {c["id"]: c["name"] for c in material["cities"]}
    entry = material["routes"][route]
    return f"{cities[entry['a']]}\N{EN DASH}{cities[entry['b']]}"


def seat_counts(page: Any, seat: int) -> dict[str, str]:
    item = page.locator(f'#seats li[data-seat="{seat}"]')
    names = item.locator("dt").all_inner_texts()
    values = item.locator("dd").all_inner_texts()
    return {n.rstrip(":").strip(): v for n, v in zip(names, values, strict=True)}


def test_the_page_follows_a_game_live(page: Any, server: str, client: httpx.Client) -> None:
    chooser = random.Random(15)
    table = open_table(client, "ticket-to-ride", 3)
    version = moves(table, 12, chooser)
    watch(page, server, table)
    shown(page, version)
    material = client.get(f"/games/{table.id}/material").json()["material"]
    assert page.locator("#title").inner_text() == material["title"]
    assert page.locator("#board svg").count() == 1
    lags = []
    highlighted = 0
    for _ in range(8):
        version = move(table, chooser, prefer="claim-route")
        lags.append(shown(page, version, timeout=LIVE_SECONDS))
        newest = page.locator(f'#feed li[data-version="{version}"]')
        assert newest.count() >= 1
        assert "latest" in (newest.first.get_attribute("class") or "")
        events = table.events(after=version - 1)[0]["events"]
        touched = {("route", str(e["route"])) for e in events if "route" in e} | {
            ("city", material["cities"][e["city"]]["id"]) for e in events if "city" in e}
        marked = page.locator("#board .last-move").all()
        assert {(a, m.get_attribute(f"data-{a}")) for m in marked for a in ("route", "city")
                if m.get_attribute(f"data-{a}") is not None} == touched
        highlighted += len(touched)
    assert highlighted, "no move touched a route or a city: nothing was checked"
    report("watch page: seconds from a move to the page showing it",
           moves=len(lags), slowest=round(max(lags), 3))
    public = table.public()
    assert page.locator("#board svg").count() == 1
    board = client.get(f"/games/{table.id}/board.svg").text
    assert page.locator("#board svg").text_content() == board_text(board)
    # a phone-sized screen: nothing is wider than it (the map scrolls in its own box)
    for part in ("main", "#seats", "#feed", "#replay"):
        assert page.locator(part).bounding_box()["width"] <= 390, part
    for entry in public["view"]["seats"]:
        counts = seat_counts(page, entry["seat"])
        assert counts["cards"] == str(entry["cards"])
        assert counts["trains"] == str(entry["trains"])
        assert counts["score"] == str(entry["score"])
        assert counts["routes"] == str(len(entry["routes"]))
    to_act = public["to_act"][0]
    assert page.locator(".to-act").get_attribute("data-seat") == str(to_act)
    assert page.locator("#turn").inner_text() == f"To act: player {to_act}"
    claims = [(r["version"], e) for r in table.events() for e in r["events"]
              if e["type"] == "route-claimed"]
    assert claims, "the scripted players claimed no route"
    at, claim = claims[-1]
    paid = "cards" if claim["colour"] is None else claim["colour"]  # None: Locomotives only
    said = f"player {claim['seat']} claimed {route_words(material, claim['route'])} " \
        f"with {claim['cards']} {paid}"
    lines = page.locator(f'#feed li[data-version="{at}"]').all_inner_texts()
    assert any(line.startswith(said) for line in lines), (said, lines)
    snapshot(page, "europe-in-progress")


def test_the_replay_slider_shows_an_earlier_version(
    page: Any, server: str, client: httpx.Client
) -> None:
    chooser = random.Random(16)
    table = open_table(client, "ticket-to-ride", 2)
    latest = moves(table, 20, chooser, prefer="claim-route")
    watch(page, server, table)
    shown(page, latest)
    earlier = latest - 9
    page.locator("#replay").fill(str(earlier))
    shown(page, earlier)
    then = table.public(version=earlier)
    board = client.get(f"/games/{table.id}/board.svg", params={"version": earlier}).text
    assert page.locator("#board svg").text_content() == board_text(board)
    assert page.locator("#feed li").first.get_attribute("data-version") == str(earlier)
    assert page.locator(f'#feed li[data-version="{earlier + 1}"]').count() == 0
    assert page.locator(".to-act").get_attribute("data-seat") == str(then["to_act"][0])
    assert page.locator("#replay-at").inner_text() == f"version {earlier} of {latest}"
    # a move meanwhile does not pull the replay forward; "Follow live" does
    moved = move(table, chooser)
    page.wait_for_selector(f'#replay[max="{moved}"]', state="attached", timeout=1000)
    assert page.locator("body").get_attribute("data-version") == str(earlier)
    page.locator("#live").click()
    shown(page, moved)
    # the address can open a game at a version
    watch(page, server, table, f"?version={earlier}")
    shown(page, earlier)
    assert page.locator("#replay").input_value() == str(earlier)


def test_a_finished_game_shows_each_seats_final_terms(
    page: Any, server: str, client: httpx.Client
) -> None:
    """A game its players finish while the page follows it (every map and kind, at both
    widths, in test_final_scores)."""
    table = open_table(client, "ticket-to-ride", 2)
    streams: list[str] = []
    page.on("request", lambda r: streams.append(r.url) if "/stream" in r.url else None)
    watch(page, server, table)
    final = play_to_end(table, random.Random(17))
    shown(page, final["version"])
    final_sheets_shown(page, final)
    assert page.locator("#turn").inner_text() == "The game is over."
    # once every record is held the page stops listening, even while replaying
    page.locator("#replay").fill("50")
    shown(page, 50)
    assert page.locator("#final").is_hidden()  # not finished at version 50
    page.wait_for_timeout(EVENTSOURCE_RETRY_MS + 500)
    assert len(streams) == 1, streams


def test_colt_express_is_told_with_its_characters(
    page: Any, server: str, client: httpx.Client
) -> None:
    table = open_table(client, "colt-express", 3)
    version = moves(table, 30, random.Random(18))
    watch(page, server, table)
    shown(page, version)
    material = client.get(f"/games/{table.id}/material").json()["material"]
    names = {c["id"]: c["name"] for c in material["characters"]}
    view = table.public()["view"]
    for bandit in view["bandits"]:
        item = page.locator(f'#seats li[data-seat="{bandit["seat"]}"]')
        assert names[bandit["character"]] in item.locator(".bandit").all_inner_texts()
    feed = page.locator("#feed li").all_inner_texts()
    played = [e for r in table.events() for e in r["events"] if e["type"] == "card-played"]
    face_down = sum(1 for e in played if e["face_down"])
    assert sum("played a card face down" in line for line in feed) == face_down
    for line in feed:
        assert "hand dealt" not in line and "card resolved" not in line
    rounds = [e["round"] for r in table.events() for e in r["events"] if e["type"] == "round-began"]
    assert [line for line in feed if line.endswith(" began")][::-1][: len(rounds)] == [
        f"Round {r + 1} began" for r in rounds]
    title = next(k["title"] for k in client.get("/kinds").json() if k["kind"] == "colt-express")
    assert page.locator("#title").inner_text() == title
    snapshot(page, "colt-express-train")


def test_a_game_in_the_lobby_is_watched_until_it_starts(
    page: Any, server: str, client: httpx.Client
) -> None:
    """Seats taken show live; a name is shown as text, never run as markup."""
    created = client.post("/games", json={"kind": "colt-express", "seats": 2}).json()
    table = Table(client, created["id"])
    hostile = '<img src="/x" onerror="alert(1)">Ann'
    for name in (hostile, "Bob"):
        joined = client.post(f"/games/{table.id}/seats", json={"name": name})
        table.tokens.append(joined.json()["token"])
        if name == hostile:
            watch(page, server, table)
            page.wait_for_selector('body[data-version="2"]')
            assert page.locator("#turn").inner_text() == "Waiting for players."
            assert page.locator("#board").inner_text() == "The board is dealt when the game starts."
    page.wait_for_selector('body[data-version="3"]', timeout=LIVE_SECONDS * 1000)
    assert page.locator("#feed li").all_inner_texts() == [
        "Bob took a seat", f"{hostile} took a seat", "The game was created"]
    assert page.locator("#seats img").count() == 0
    started = client.post(f"/games/{table.id}/start", headers={
        "Authorization": f"Bearer {created['host_token']}"})
    assert started.status_code == 200, started.text
    shown(page, started.json()["version"], timeout=LIVE_SECONDS)
    assert page.locator("#board svg").count() == 1
