"""Tables from the lobby page: a private game with a clock, a friend joining through the
shared link, the host filling the last seat with a bot and starting; then both players'
pages show the game, with the clock of the seat that is thinking. And this tab's tables
kept across visits: back at /lobby, a waiting table comes back with its controls, a
started one as a link to the play page."""

from __future__ import annotations

from typing import Any

from tests.pages.playing import person_at, sit_at_new_table


def test_a_friend_takes_a_seat_through_the_shared_link(browser: Any, server: str) -> None:
    with person_at(browser, server, 1280) as host, person_at(browser, server, 390) as friend:
        game = sit_at_new_table(host, server, "ticket-to-ride", 3, "northern-lights",
                                private=True, move_seconds=600)
        link = host.input_value("#share")
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
        game = sit_at_new_table(host, server, "colt-express", 2)
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


def test_coming_back_to_the_lobby_brings_back_your_tables(browser: Any, server: str) -> None:
    with person_at(browser, server, 390) as host, person_at(browser, server, 1280) as friend, \
            person_at(browser, server, 390) as stranger:
        game = sit_at_new_table(host, server, "ticket-to-ride", 3, "europe", private=True)
        link = host.input_value("#share")
        friend.goto(link)
        friend.click("#join-game")
        friend.wait_for_selector('body[data-table="2/3"]')
        # both leave, and come back: the waiting table opens again, the host's controls
        # (and the private game's invitation in its link) with it
        for page in (host, friend):
            page.goto("about:blank")
            page.goto(f"{server}/lobby")
            page.wait_for_selector('body[data-yours="1"]')
            page.wait_for_selector('body[data-table="2/3"]')
            assert page.locator(f'#your-games tr[data-game="{game}"] button.back').is_visible()
            assert page.input_value("#share") == link
            assert page.locator("#start").is_visible()
        assert host.locator("#fill-bots").is_visible()
        assert friend.locator("#fill-bots").is_hidden()
        # a tab that sits nowhere has no tables of its own
        stranger.goto(f"{server}/lobby")
        stranger.wait_for_selector('body[data-yours="0"]')
        assert stranger.locator("#yours").is_hidden() and stranger.locator("#table").is_hidden()
        host.click("#fill-bots")
        host.wait_for_selector('body[data-table="3/3"]')
        host.click("#start")
        for page in (host, friend):   # the friend's lobby sees the start and follows
            page.wait_for_url(f"{server}/games/{game}/play")
            page.wait_for_selector("body[data-version]")
        # once started, the table is a link to the play page, where the seat still is
        host.goto(f"{server}/lobby")
        host.wait_for_selector('body[data-yours="1"]')
        row = host.locator(f'#your-games tr[data-game="{game}"]')
        assert row.locator("td").nth(3).inner_text() == "active (invitation)"
        assert host.locator("#table").is_hidden()
        row.locator("a.play").click()
        host.wait_for_url(f"{server}/games/{game}/play")
        host.wait_for_selector("body[data-version]")
        assert host.get_attribute("body", "data-seat") is None
        assert "(you)" in host.locator("#seats li").first.inner_text()
