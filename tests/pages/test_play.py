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

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.figures import report
from tests.pages.browsing import fits_the_width, sheets_shown, snapshot
from tests.pages.playing import click_moves, create_from_lobby, person_at

PHONE, DESKTOP = 390, 1280
#: commands sent before the game is photographed in progress
PHOTO_AFTER = 12

GAMES = [
    ("ticket-to-ride", 2, "europe", "standard", PHONE),
    ("ticket-to-ride", 3, "europe", "standard", DESKTOP),
    ("ticket-to-ride", 2, "europe", "europa-1912", DESKTOP),
    ("ticket-to-ride", 2, "europe", "mega-europe", PHONE),
    ("ticket-to-ride", 2, "europe", "big-cities", DESKTOP),
    ("ticket-to-ride", 2, "amsterdam", None, PHONE),
    ("ticket-to-ride", 3, "northern-lights", None, DESKTOP),
    ("ticket-to-ride", 2, "world", None, PHONE),
    ("colt-express", 2, None, "two-player", DESKTOP),
    ("colt-express", 3, None, None, PHONE),
    ("colt-express", 2, None, None, PHONE),
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
