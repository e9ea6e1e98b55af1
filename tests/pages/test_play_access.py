"""The play page for people: every control focusable and labelled, card colours with a
letter, the last move lit on the board."""

from __future__ import annotations

import random
from typing import Any

import httpx

from tests.api.players import Table, open_table
from tests.pages.browsing import move
from tests.pages.playing import until_seat_zero_acts

#: every control of the page that a person can use, and how its name is found
CONTROLS = "button, input, select, a[href], [data-choice], [data-command]"
UNLABELLED = """nodes => nodes.filter(n => !n.closest('[hidden]')).filter(n => {
  const name = (n.getAttribute('aria-label') || n.textContent || '').trim()
    || [...(n.labels || [])].map(l => l.textContent.trim()).join('');
  return !name || n.tabIndex < 0;
}).map(n => n.outerHTML.slice(0, 120))"""


def first_claim(table: Table, chooser: random.Random) -> tuple[int, int]:
    """Scripted moves of both seats, a claim whenever one is legal, until a route is
    claimed: that route and the version that claimed it."""
    for _ in range(200):
        version = move(table, chooser, prefer="claim-route")
        events = table.events(after=version - 1)[0]["events"]
        claimed = [e["route"] for e in events if e["type"] == "route-claimed"]
        if claimed:
            return claimed[0], version
    raise AssertionError("no route was claimed in 200 moves")


def test_every_control_is_focusable_and_labelled(page: Any, server: str,
                                                 client: httpx.Client) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    chooser = random.Random(8)
    route, version = first_claim(table, chooser)
    page.goto(f"{server}/games/{table.id}/play#token={table.tokens[0]}")
    page.wait_for_selector(f'#board[data-version="{version}"]')
    # the last move, a claim, is lit on the board (once its record has come)
    page.wait_for_selector(f'#board .route.last-move[data-route="{route}"]', timeout=5000)
    assert page.locator("#board .last-move").count() == 1
    until_seat_zero_acts(table)
    page.wait_for_selector(f'#board[data-version="{table.public()["version"]}"]')
    # open a group when there is one, so that its commands are checked too
    if page.locator("#groups [data-choice]").count():
        page.locator("#groups [data-choice]").first.click()
        page.wait_for_selector("#command-list [data-command]")
    controls = page.locator(CONTROLS)
    assert controls.count() > 3
    assert controls.evaluate_all(UNLABELLED) == []
    # each card says its colour in a letter as well as in colour
    letters = page.locator("#mine .card .swatch").all_inner_texts()
    assert letters and all(letter.strip() for letter in letters)
    # a board choice opens its group from the keyboard
    on_board = page.locator("#board [data-choice]")
    if on_board.count():
        on_board.first.focus()
        page.keyboard.press("Enter")
        key = on_board.first.get_attribute("data-choice")
        assert page.locator(f'#groups [data-choice="{key}"]').get_attribute(
            "aria-expanded") == "true"
