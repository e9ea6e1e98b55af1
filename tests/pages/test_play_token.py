"""A seat's token on the play page never leaves the Authorization header.

The page is opened as a player's link gives it, ``/games/{id}/play#token=...``; the
server is a real ``roundhouse serve --access-log`` process, so its request log is the
one an operator keeps. The token must not appear in any address the browser asked
for, in that log, or in the address bar once the page has loaded; it is kept in the
tab's session storage, and on the device only when the player asks for it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.players import open_table
from tests.pages.playing import click_moves, until_seat_zero_acts
from tests.scale.servers import Server, one_server

STORED = "roundhouse:token:{}"


@pytest.fixture
def logged(tmp_path: Path) -> Iterator[Server]:
    """A `roundhouse serve --access-log` process with a fresh SQLite store."""
    with one_server(tmp_path, "--access-log") as server:
        yield server


def test_the_token_stays_out_of_every_address_and_log(browser: Any, logged: Server) -> None:
    with httpx.Client(base_url=logged.url, timeout=10) as client:
        table = open_table(client, "ticket-to-ride", 2)
        token = table.tokens[0]
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        asked: list[str] = []
        said: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.on("console", lambda message: said.append(message.text))
        try:
            page.goto(f"{logged.url}/games/{table.id}/play#token={token}")
            page.wait_for_selector("body[data-version]")
            assert token not in page.url
            assert page.evaluate("() => location.href") == f"{logged.url}/games/{table.id}/play"
            key = STORED.format(table.id)
            assert page.evaluate(f"() => sessionStorage.getItem('{key}')") == token
            assert page.evaluate(f"() => localStorage.getItem('{key}')") is None
            # the seat plays from the tab's storage: its own moves, and the other seat's
            sent = click_moves(page, random.Random(3), most=1)
            until_seat_zero_acts(table)
            page.reload()
            page.wait_for_selector(f'body[data-version="{table.public()["version"]}"]')
            sent += click_moves(page, random.Random(4), most=1)
            assert sent == 2
            # remembered on this device only when asked, and forgotten when unticked
            page.check("#remember")
            assert page.evaluate(f"() => localStorage.getItem('{key}')") == token
            page.uncheck("#remember")
            assert page.evaluate(f"() => localStorage.getItem('{key}')") is None
        finally:
            context.close()
    assert any("/stream?" in url for url in asked), "the page opened no stream"
    assert [url for url in asked if token in url] == []
    assert [line for line in said if token in line] == []
    log = logged.log.read_text()
    assert "/games/{game_id:str}/me" in log or "/me" in log, "the access log holds no request"
    assert token not in log


def test_without_a_token_the_page_sends_a_spectator_to_watch(
    page: Any, server: str, client: httpx.Client
) -> None:
    table = open_table(client, "colt-express", 2)
    page.goto(f"{server}/games/{table.id}/play")
    page.wait_for_selector('body[data-seat="none"]')
    assert page.locator("[data-command], [data-choice]").count() == 0
    page.click("#turn a")
    page.wait_for_url(f"{server}/games/{table.id}/watch")
