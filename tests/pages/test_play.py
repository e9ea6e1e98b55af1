"""The play page in headless Chromium: a person creates a game from /lobby, fills the
other seats with the server's bots, starts it and plays it to the end by clicking only.

Every Ticket to Ride map (Europe in each variant) and Colt Express (the two-player
variant too). Each game is played at one width, phone (390) or desktop (1280),
alternating, and Europe's standard game and Colt Express at both: a whole game takes
30-60 seconds here, so every map at both widths would double the time for little more
coverage. One game of each map is photographed in progress at both widths (into
``ROUNDHOUSE_SCREENSHOTS`` when it names a folder: ``docs/screenshots`` for the README).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.figures import report
from tests.pages.browsing import snapshot
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


def name_of(kind: str, seats: int, map: str | None, variant: str | None) -> str:
    return "-".join(str(p) for p in (map or kind, variant, f"{seats}p") if p)


@pytest.mark.parametrize(("kind", "seats", "map", "variant", "person"),
                         GAMES, indirect=["person"],
                         ids=[f"{name_of(*g[:4])}-{g[4]}" for g in GAMES])
def test_a_person_plays_a_whole_game_by_clicking(
    person: Any, server: str, kind: str, seats: int, map: str | None, variant: str | None
) -> None:
    began = time.monotonic()
    create_from_lobby(person, server, kind, seats, map, variant)
    width = person.viewport_size["width"]

    def photograph(sent: int) -> None:
        if sent == PHOTO_AFTER and (kind, seats, map, variant) in PHOTOGRAPHED:
            for wide in (PHONE, DESKTOP):
                snapshot(person, f"play-{map or kind}-{wide}", wide)

    sent = click_moves(person, random.Random(f"{kind}{map}{variant}{seats}"), after=photograph)
    assert person.get_attribute("body", "data-status") == "finished", f"{sent} commands sent"
    assert sent > PHOTO_AFTER
    final = person.locator("#final-scores tbody tr")
    assert final.count() == seats
    assert person.locator("#final-scores tbody tr.winner").count() >= 1
    # every term of the score is shown, with its rule section, and they add up
    assert person.locator("#final-scores thead th[data-name] small").count() >= 1
    for row in final.all():
        terms = [int(t or 0) for t in row.locator("td[data-term]").all_inner_texts()]
        assert terms and sum(terms) == int(row.locator("td.total").inner_text())
    # the phone's width holds the page: nothing but the board's own box is wider
    if width == PHONE:
        for part in ("#groups", "#mine", "#seats", "#final"):
            assert person.locator(part).bounding_box()["width"] <= PHONE, part
    report("play page: a whole game by clicking", game=name_of(kind, seats, map, variant),
           width=width, commands=sent, seconds=round(time.monotonic() - began, 1))
