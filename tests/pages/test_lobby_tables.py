"""Tables from the lobby page: a private game with a clock, a friend joining through the
shared link, the host filling the last seat with a bot and starting; then both players'
pages show the game, with the clock of the seat that is thinking."""

from __future__ import annotations

from typing import Any

from tests.pages.playing import person_at


def test_a_friend_takes_a_seat_through_the_shared_link(browser: Any, server: str) -> None:
    with person_at(browser, server, 1280) as host, person_at(browser, server, 390) as friend:
        host.goto(f"{server}/lobby")
        host.wait_for_selector('body[data-ready="true"]')
        host.select_option("#kind", "ticket-to-ride")
        host.select_option("#map", "northern-lights")
        host.fill("#seats", "3")
        host.check("#clock")
        host.fill("#move-seconds", "600")
        host.check("#private")
        host.fill("#name", "Ann")
        host.click("#create-game")
        host.wait_for_selector('body[data-table="1/3"]')
        link = host.input_value("#share")
        game = link.split("join=")[1].split("&")[0]
        assert "invite=" in link and "token" not in link
        # the friend opens the link, the invitation already filled in
        friend.goto(link)
        friend.wait_for_selector("#join:not([hidden])")
        assert friend.input_value("#invite") == link.split("invite=")[1]
        friend.fill("#join-name", "Bea")
        friend.click("#join-game")
        friend.wait_for_selector('body[data-table="2/3"]')
        assert friend.locator("#fill-bots").is_hidden()   # only the host seats bots
        host.wait_for_selector('body[data-table="2/3"]')
        host.click("#fill-bots")
        host.wait_for_selector('body[data-table="3/3"]')
        assert host.locator("#table-seats li").all_inner_texts() == [
            "Ann", "Bea", "greedy bot (greedy bot)"]
        host.click("#start")
        for page in (host, friend):
            page.wait_for_url(f"{server}/games/{game}/play")
            page.wait_for_selector("#groups [data-choice]")
        # every seat keeps tickets at once: each page names the others with their clock
        turn = friend.locator("#turn").inner_text()
        assert "Your move." in turn and "Ann is thinking (" in turn and "s left" in turn, turn
        assert friend.locator("#seats li").count() == 3


def test_the_lobby_offers_a_seat_at_listed_tables(browser: Any, server: str) -> None:
    with person_at(browser, server, 390) as host, person_at(browser, server, 390) as other:
        host.goto(f"{server}/lobby")
        host.wait_for_selector('body[data-ready="true"]')
        host.select_option("#kind", "colt-express")
        host.fill("#seats", "2")
        host.click("#create-game")
        host.wait_for_selector('body[data-table="1/2"]')
        game = host.input_value("#share").split("join=")[1]
        other.goto(f"{server}/lobby")
        other.wait_for_selector(f'tr[data-game="{game}"] a.join')
        other.click(f'tr[data-game="{game}"] a.join')
        other.wait_for_selector("#join:not([hidden])")
        other.click("#join-game")
        other.wait_for_selector('body[data-table="2/2"]')
        other.click("#start")   # any seated player may start a full table
        for page in (host, other):
            page.wait_for_url(f"{server}/games/{game}/play")
            page.wait_for_selector("body[data-version]")
