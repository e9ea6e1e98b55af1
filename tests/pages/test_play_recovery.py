"""The play page after a refusal and after the server restarts.

A refusal is shown in the problem's words with its rule section, and the page asks
/me again; when the server goes away and comes back, the page reconnects its stream
by itself (a new stream ticket) and goes on showing the game and sending moves.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.players import open_table
from tests.pages.playing import click_moves, person_at, until_seat_zero_acts
from tests.scale.servers import Server, one_server

#: how long the page may take to come back after the server does (its longest wait
#: between two attempts is 8 s)
BACK_SECONDS = 20


#: what the browser's console says of each request while the server is away
NETWORK_DOWN = "Failed to load resource: net::ERR_"


def play(page: Any, base: str, game: str, token: str) -> None:
    page.goto(f"{base}/games/{game}/play#token={token}")
    page.wait_for_selector("body[data-version]")


def test_a_refusal_is_shown_with_its_rule(page: Any, server: str, client: httpx.Client) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    play(page, server, table.id, table.tokens[0])
    page.wait_for_selector('body[data-live="true"]')
    # the seat must keep tickets first (§2.7): a control altered to ask for more tickets
    # stands for a stale or forged page; the page sends what the control carries
    control = page.locator("[data-command]").first
    control.evaluate("(node, command) => { node.dataset.command = command; }",
                     json.dumps({"type": "draw-tickets"}))
    with page.expect_response(lambda answer: answer.url.endswith("/me")) as asked_again:
        control.click()
    assert asked_again.value.status == 200
    problem = page.locator("#problem")
    problem.wait_for(state="visible")
    assert problem.inner_text() == "every player first chooses tickets (rules §2.7)"
    assert problem.get_attribute("data-code") == "choose-tickets-first"
    assert problem.get_attribute("role") == "alert"
    # the seat's real moves are still offered, and one of them is taken
    shown = page.locator("[data-command]").evaluate_all("all => all.map(n => n.dataset.command)")
    commands = [json.loads(c) for c in shown]
    assert commands and all(c["type"] == "choose-tickets" for c in commands)
    version = table.public()["version"]
    page.locator("[data-command]").first.click()
    page.wait_for_selector(f'body[data-version="{version + 1}"]')
    assert page.locator("#problem").is_hidden()


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[Server]:
    with one_server(tmp_path) as server:
        yield server


def test_the_page_recovers_after_the_server_restarts(browser: Any, restartable: Server) -> None:
    with (httpx.Client(base_url=restartable.url, timeout=10) as client,
          person_at(browser, restartable.url, 390, tolerate=NETWORK_DOWN) as page):
        table = open_table(client, "ticket-to-ride", 2)
        play(page, restartable.url, table.id, table.tokens[0])
        page.wait_for_selector('body[data-live="true"]')
        restartable.kill()
        page.wait_for_selector('body[data-live="false"]', timeout=BACK_SECONDS * 1000)
        restartable.start()
        # the other seat moves: the page hears it through its new stream
        move = table.me(1)["legal_moves"][0]["command"]
        answer = table.command(1, move)
        assert answer.status_code == 200, answer.text
        page.wait_for_selector(f'body[data-version="{answer.json()["version"]}"]',
                               timeout=BACK_SECONDS * 1000)
        page.wait_for_selector('body[data-live="true"]', timeout=BACK_SECONDS * 1000)
        # and the seat plays on
        until_seat_zero_acts(table)
        version = table.public()["version"]
        page.wait_for_selector(f'body[data-version="{version}"]')
        assert click_moves(page, random.Random(5), most=1) == 1
        assert table.public()["version"] == version + 1
