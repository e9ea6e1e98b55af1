"""A web app on another origin, in a real browser: it spectates, plays and follows its seat.

The page is served by a plain HTTP server of its own on ``localhost`` (not by
Playwright's routing, which would answer CORS preflights itself) and calls the
API on 127.0.0.1, another origin, so every request is cross-origin and
Chromium enforces CORS: preflights for ``Authorization``, ``If-Match`` and
``Idempotency-Key``, exposed ``ETag``, and the seat's live stream through a
browser ``EventSource`` opened with a single-use stream ticket, never the token.

This browser is launched with Chromium's local-network-access checks off: they
ask the user before a page reaches a loopback address at all, which a deployed
server (not on the user's loopback) never meets; CORS itself stays enforced, as
the refused header below shows.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest

from tests.api.players import open_table
from tests.pages.conftest import chromium


@pytest.fixture(scope="module")
def app_origin() -> Iterator[str]:
    """Another origin: a tiny static server on localhost serving an empty page."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<!DOCTYPE html><title>an app elsewhere</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://localhost:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()

SCRIPT = """
async ({api, id, seat, token}) => {
  const auth = {Authorization: `Bearer ${token}`};
  const watched = await fetch(`${api}/games/${id}`);
  const etag = watched.headers.get("ETag");
  const me = await (await fetch(`${api}/games/${id}/me`, {headers: auth})).json();
  const posted = await fetch(`${api}/games/${id}/commands`, {
    method: "POST",
    headers: {...auth, "Content-Type": "application/json", "If-Match": etag,
              "Idempotency-Key": "browser-1"},
    body: JSON.stringify(me.legal_moves[0].command),
  });
  const answer = await posted.json();
  const ticket = await (await fetch(`${api}/games/${id}/stream-tickets`,
                                    {method: "POST", headers: auth})).json();
  const game = await new Promise((resolve, reject) => {
    const events = new EventSource(`${api}/games/${id}/stream?ticket=${ticket.ticket}`);
    events.addEventListener("game", (e) => { events.close(); resolve(JSON.parse(e.data)); });
    events.onerror = () => { events.close(); reject(new Error("the stream failed")); };
  });
  let refused = false;  // a header the API does not allow: the preflight fails
  try { await fetch(`${api}/games/${id}`, {headers: {"X-Not-Allowed": "1"}}); }
  catch (error) { refused = true; }
  return {etag, status: posted.status, refused, version: answer.version,
          requestId: posted.headers.get("X-Request-ID"), streamSeat: game.seat,
          streamVersion: game.version, legal: Array.isArray(game.legal_moves),
          watchedStatus: watched.status};
}
"""


@pytest.fixture(scope="module")
def elsewhere_browser() -> Iterator[Any]:
    """Chromium without its local-network prompt (see the module), CORS still on."""
    yield from chromium("--disable-features=LocalNetworkAccessChecks,"
                        "BlockInsecurePrivateNetworkRequests")


def test_a_page_elsewhere_spectates_plays_and_follows_its_seat(
    elsewhere_browser: Any, app_origin: str, server: str, client: httpx.Client
) -> None:
    browser = elsewhere_browser
    table = open_table(client, "toy", 2)  # type: ignore[arg-type]
    seat = table.public()["to_act"][0]
    context = browser.new_context()
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    try:
        page.goto(f"{app_origin}/")
        found = page.evaluate(SCRIPT, {"api": server, "id": table.id, "seat": seat,
                                       "token": table.tokens[seat]})
    finally:
        context.close()
    version = table.public()["version"]
    assert found["watchedStatus"] == 200 and found["etag"] == f'"{version - 1}"'
    assert found["status"] == 200 and found["version"] == version
    assert found["requestId"]  # an exposed header the script may read
    assert (found["streamSeat"], found["streamVersion"], found["legal"]) == (seat, version, True)
    assert not [u for u in urls if table.tokens[seat] in u]  # the token never in an address
    assert any("ticket=" in u for u in urls)
    assert found["refused"]  # CORS is enforced: only the documented headers pass
