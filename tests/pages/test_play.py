"""The play page in headless Chromium: a person creates a game from /lobby, fills the
other seats with the server's bots, starts it and plays it to the end by clicking only.

Every Ticket to Ride map (Europe in each variant) and Colt Express (the two-player
variant too). Each game is played at one width, phone (390) or desktop (1280),
alternating, and Europe's standard game and Colt Express's two-player game at both: a
whole game takes 10-50 seconds here, so every game at both widths would double the time
for little more coverage. In the middle of every game the page is shown at both widths
and checked to fit; one game of each map is photographed then (into
``ROUNDHOUSE_SCREENSHOTS`` when it names a folder: ``docs/screenshots`` for the README).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.players import Table, open_table
from tests.figures import report
from tests.pages.browsing import fits_the_width, move, sheets_shown, snapshot
from tests.pages.playing import click_moves, create_from_lobby, person_at, settled

PHONE, DESKTOP = 390, 1280
#: commands sent before the game is photographed in progress
PHOTO_AFTER = 12

#: the setups played to the end at both widths
BOTH_WIDTHS = [
    ("ticket-to-ride", 2, "europe", "europa-1912"),
    ("ticket-to-ride", 2, "europe", "mega-europe"),
    ("ticket-to-ride", 2, "europe", "big-cities"),
    ("ticket-to-ride", 2, "amsterdam", None),
    ("ticket-to-ride", 3, "northern-lights", None),
    ("ticket-to-ride", 2, "world", None),
    ("colt-express", 2, None, "two-player"),
    ("colt-express", 3, None, None),
]
#: every map and variant at both widths: Europe's standard game once at each width, with
#: two and three seats, and Colt Express at two seats naming no variant (the two-player
#: game all the same) once
GAMES = [
    ("ticket-to-ride", 2, "europe", "standard", PHONE),
    ("ticket-to-ride", 3, "europe", "standard", DESKTOP),
    ("colt-express", 2, None, None, PHONE),
    *((*setup, width) for setup in BOTH_WIDTHS for width in (PHONE, DESKTOP)),
]

#: the game of each map that the README shows in progress
PHOTOGRAPHED = {
    ("ticket-to-ride", 2, "europe", "standard"), ("ticket-to-ride", 2, "amsterdam", None),
    ("ticket-to-ride", 3, "northern-lights", None), ("ticket-to-ride", 2, "world", None),
    ("colt-express", 3, None, None),
}


@pytest.fixture
def person(browser: Any, server: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page at the game's width, failing the test on any console error."""
    with person_at(browser, server, request.param) as opened:
        yield opened


def fits(page: Any, width: int) -> None:
    """The page's parts are no wider than the screen (the board scrolls in its own box)."""
    for part in ("#board", "#moves-section", "#mine", "#seats", "#final", "#feed"):
        box = page.locator(part).bounding_box()
        assert box is None or box["width"] <= width, (part, box, width)


def name_of(kind: str, seats: int, map: str | None, variant: str | None) -> str:
    return "-".join(str(p) for p in (map or kind, variant, f"{seats}p") if p)


@pytest.mark.parametrize(("kind", "seats", "map", "variant", "person"),
                         GAMES, indirect=["person"],
                         ids=[f"{name_of(*g[:4])}-{g[4]}" for g in GAMES])
def test_a_person_plays_a_whole_game_by_clicking(
    person: Any, server: str, kind: str, seats: int, map: str | None, variant: str | None
) -> None:
    began = time.monotonic()
    game_id = create_from_lobby(person, server, kind, seats, map, variant)
    width = person.viewport_size["width"]

    def at_both_widths(sent: int) -> None:
        """In the middle of the game, the page at the other width too (and its picture)."""
        if sent != PHOTO_AFTER:
            return
        for wide in (PHONE, DESKTOP):
            person.set_viewport_size({"width": wide, "height": 900})
            fits(person, wide)
            if (kind, seats, map, variant) in PHOTOGRAPHED:
                snapshot(person, f"play-{map or kind}-{wide}", wide)
        person.set_viewport_size({"width": width, "height": 900})

    sent = click_moves(person, random.Random(f"{kind}{map}{variant}{seats}"),
                       after=at_both_widths)
    assert person.get_attribute("body", "data-status") == "finished", f"{sent} commands sent"
    assert sent > PHOTO_AFTER
    # the final table is the watch page's: every term with its rule section, adding up
    game = httpx.get(f"{server}/games/{game_id}", timeout=10).json()
    assert len(game["result"]["sheets"]) == seats
    sheets_shown(person, game)
    fits(person, width)
    fits_the_width(person)
    report("play page: a whole game by clicking", game=name_of(kind, seats, map, variant),
           width=width, commands=sent, seconds=round(time.monotonic() - began, 1))


def _an_entry_of_several_payments(table: Table, chooser: random.Random, kind: str
                                  ) -> dict[str, Any]:
    """Both seats play (scripted, through the API: a claim until seat 0 owns a route, then
    blind draws) until seat 0 is to act with an entry of type `kind` listing more than one
    payment: that entry."""
    for _ in range(600):
        public = table.public()
        if 0 in public["to_act"]:
            found = [m for m in table.me(0)["legal_moves"]
                     if m["command"]["type"] == kind and len(m["payments"]) > 1]
            if found:
                return dict(chooser.choice(found))
        owns = any(owner == 0 for owner in public["view"]["route_owner"])
        move(table, chooser, prefer="draw-blind" if owns else "claim-route")
    raise AssertionError(f"seat 0 never had a {kind} of several payments")


@pytest.mark.parametrize(("kind", "choice"), [("claim-route", "route"),
                                              ("build-harbor", "harbor")])
def test_a_world_choice_offers_each_payment_the_server_lists_as_its_own_command(
    page: Any, server: str, client: Any, kind: str, choice: str
) -> None:
    """Rails & Sails World: a route's (a port's) choice shows one control per listed
    payment, each the entry's command with that payment's cards (and that city), and a
    payment other than the ready one is accepted when clicked."""
    table = open_table(client, "ticket-to-ride", 2, map="world")
    entry = _an_entry_of_several_payments(table, random.Random(26), kind)
    command = entry["command"]
    at = {"city": entry["cities"][-1]} if choice == "harbor" else {}
    key = f"{choice}:{at.get('city', command.get('route'))}"
    page.goto(f"{server}/games/{table.id}/play#token={table.tokens[0]}")
    page.wait_for_selector(f'body[data-version="{table.public()["version"]}"]')
    page.locator(f'#groups [data-choice="{key}"]').click()
    page.wait_for_selector("#command-list [data-command]")
    shown = [json.loads(c) for c in
             page.locator("#command-list [data-command]").evaluate_all(
                 "nodes => nodes.map(n => n.dataset.command)")]
    assert shown == [{**command, **at, "cards": p["cards"]} for p in entry["payments"]]
    before = page.get_attribute("body", "data-version")
    page.locator("#command-list [data-command]").last.click()
    settled(page, before)
    assert not page.locator("#problem:not([hidden])").count()
    done = table.events(after=int(before or 0))[0]["events"][0]
    assert done["type"] in ("route-claimed", "harbor-built")
    assert done["paid"] == entry["payments"][-1]["cards"]
