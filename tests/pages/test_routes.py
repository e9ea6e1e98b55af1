"""The pages' routes over HTTP (no browser): documents, static files, headers, errors."""

from __future__ import annotations

import httpx

from tests.api.players import open_table


def test_the_watch_page_of_a_game(client: httpx.Client) -> None:
    table = open_table(client, "colt-express", 2)
    page = client.get(f"/games/{table.id}/watch")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert '<script src="/pages/static/watch.js"' in page.text


def test_the_play_page_of_a_game(client: httpx.Client) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    page = client.get(f"/games/{table.id}/play")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    # as strict as every page: scripts from this server only, never inline
    assert page.headers["content-security-policy"] == client.get("/lobby").headers[
        "content-security-policy"]
    assert "script-src" not in page.headers["content-security-policy"]
    assert '<script src="/pages/static/play.js"' in page.text
    assert "<script>" not in page.text and "onclick" not in page.text
    assert client.get("/games/no-such-game/play").status_code == 404


def test_an_unknown_game_has_no_watch_page(client: httpx.Client) -> None:
    answer = client.get("/games/no-such-game/watch")
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["code"] == "unknown-game"


def test_the_lobby_page_and_its_files(client: httpx.Client) -> None:
    page = client.get("/lobby")
    assert page.status_code == 200 and "default-src 'self'" in page.headers[
        "content-security-policy"]
    for name, media in [("lobby.js", "javascript"), ("watch.js", "javascript"),
                        ("lobby-create.js", "javascript"), ("seats.js", "javascript"),
                        ("play.js", "javascript"), ("play-ttr.js", "javascript"),
                        ("play-table.js", "javascript"),
                        ("play-colt.js", "javascript"), ("play.css", "text/css"),
                        ("phrases.js", "javascript"), ("pages.css", "text/css"),
                        ("phrases/ticket-to-ride.json", "application/json")]:
        answer = client.get(f"/pages/static/{name}")
        assert answer.status_code == 200, name
        assert media in answer.headers["content-type"], (name, answer.headers["content-type"])
    assert client.get("/pages/static/../controller.py").status_code == 404
    assert client.get("/pages/static/nothing.js").status_code == 404


def test_no_page_refers_to_another_site(client: httpx.Client) -> None:
    for name in ["watch.html", "lobby.html", "watch.js", "lobby.js", "phrases.js", "pages.css",
                 "play.html", "play.js", "play-ttr.js", "play-colt.js", "play-table.js",
                 "play.css", "seats.js",
                 "lobby-create.js"]:
        text = client.get(f"/pages/static/{name}").text
        for elsewhere in ("http://", "https://", '="//', "url(//", "@import"):
            assert elsewhere not in text, (name, elsewhere)


def test_the_pages_are_not_in_the_openapi_document(client: httpx.Client) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    assert not [p for p in paths if p.endswith(("/watch", "/play")) or p == "/lobby"
                or "static" in p]
