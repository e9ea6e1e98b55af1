"""A person at the play page, as the page tests drive one: create a game from the lobby
with the server's bots in the other seats, start it, and play by clicking only.

The clicking follows the browser contract (docs: the issue's testing hook): a random
enabled ``data-command`` control when one is showing, else a random ``data-choice``
control; the page is never read for rules, only for those two attributes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from tests.api.players import Table

#: how long a page may wait for a bot's move or the server's answer (seconds)
PATIENCE = 30.0


def until_seat_zero_acts(table: Table) -> None:
    """The other seats play (through the API, their first legal move) until seat 0 is to
    act: the person at the page, seat 0, then has moves to click."""
    while 0 not in (public := table.public())["to_act"]:
        seat = public["to_act"][0]
        answer = table.command(seat, table.me(seat)["legal_moves"][0]["command"])
        assert answer.status_code == 200, answer.text


@contextmanager
def person_at(browser: Any, base: str, width: int, tolerate: str | None = None
              ) -> Iterator[Any]:
    """A page `width` pixels wide that fails the test on a console error (except those
    starting with `tolerate`), a script error or a request to anywhere but `base`."""
    context = browser.new_context(viewport={"width": width, "height": 900}, device_scale_factor=1)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("console", lambda message: errors.append(message.text)
              if message.type == "error" and not (tolerate and message.text.startswith(tolerate))
              else None)
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("request", lambda asked: None if asked.url.startswith(base)
              else errors.append(f"elsewhere: {asked.url}"))
    try:
        yield opened
    finally:
        context.close()
    assert not errors, errors


def sit_at_new_table(page: Any, server: str, kind: str, seats: int,
                     map: str | None = None, variant: str | None = None, name: str = "Ann",
                     private: bool = False, move_seconds: int | None = None) -> str:
    """Create a game from /lobby (private, with a clock of `move_seconds` a decision, if
    asked) and take its first seat; the game's id, once the page shows the table waiting
    for the other seats."""
    page.goto(f"{server}/lobby")
    page.wait_for_selector('body[data-ready="true"]')
    page.select_option("#kind", kind)
    if map is not None:
        page.select_option("#map", map)
    if variant is not None:
        page.select_option("#variant", variant)
    page.fill("#seats", str(seats))
    page.fill("#name", name)
    if private:
        page.check("#private")
    if move_seconds is not None:
        page.check("#clock")
        page.fill("#move-seconds", str(move_seconds))
    page.click("#create-game")
    page.wait_for_selector(f'body[data-table="1/{seats}"]')
    return str(page.input_value("#share").split("join=")[1].split("&")[0])


def create_from_lobby(page: Any, server: str, kind: str, seats: int, map: str | None = None,
                      variant: str | None = None, name: str = "Ann") -> str:
    """Create a game from /lobby, take the first seat, fill the rest with bots and start;
    the game's id, once the play page shows it."""
    game = sit_at_new_table(page, server, kind, seats, map, variant, name)
    page.select_option("#bot-strategy", "random")
    page.click("#fill-bots")
    page.wait_for_selector(f'body[data-table="{seats}/{seats}"]')
    page.click("#start")
    page.wait_for_url(f"**/games/{game}/play")
    page.wait_for_selector("body[data-version]")
    return game


def settled(page: Any, before: str | None) -> None:
    """Wait until the page shows a version other than `before` or a refusal."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if page.locator("#problem:not([hidden])").count():
            return
        if page.get_attribute("body", "data-version") != before:
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"the page stayed at version {before}")


def press(control: Any) -> bool:
    """Click `control` (a route or a city of the board by keyboard: a route's middle may
    lie under a city that is itself a choice); False if the page redrew it meanwhile."""
    try:
        if control.evaluate("node => node.closest('#board') !== null"):
            control.focus()
            control.press("Enter")
        else:
            control.click(timeout=2000)
    except PlaywrightError:
        return False
    return True


def click_moves(page: Any, chooser: random.Random, most: int = 3000,
                after: Callable[[int], None] | None = None) -> int:
    """Click random commands (or choices, when no command shows) until the game is over
    (its final table shown) or `most` commands were sent; the number sent (`after` is
    told each count). Fails on a refusal or a page that offers nothing for `PATIENCE`
    seconds while the game goes on."""
    sent = 0
    idle_since = time.monotonic()
    while sent < most:
        if page.get_attribute("body", "data-status") == "finished":
            page.wait_for_selector("#final:not([hidden]) #final-scores tbody tr")
            return sent
        problem = page.locator("#problem:not([hidden])")
        assert not problem.count(), problem.inner_text()
        # handles, not locators: a control redrawn meanwhile fails at once, and is picked anew
        commands = page.query_selector_all("[data-command]:enabled")
        if commands:
            before = page.get_attribute("body", "data-version")
            if not press(chooser.choice(commands)):
                continue
            sent += 1
            settled(page, before)
            if after is not None:
                after(sent)
            idle_since = time.monotonic()
            continue
        choices = page.query_selector_all("[data-choice]")
        if choices:
            press(chooser.choice(choices))
            idle_since = time.monotonic()
            continue
        assert time.monotonic() - idle_since < PATIENCE, "nothing to click while the game goes on"
        page.wait_for_timeout(50)
    return sent
