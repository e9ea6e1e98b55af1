"""`GET /games/{id}/watch`, `GET /games/{id}/play`, `GET /lobby` and the pages' static files.

The HTML documents are the same for every game (the script reads the game's id
from the address), so they are served as files. They are kept out of the
OpenAPI document: they are for people, not clients. Every page answer carries a
Content-Security-Policy that allows only this server, so a page cannot load
anything from elsewhere even by mistake.

The pages sit beside the API, not above it: they import nothing of
`service.api` (which assembles them into the app), only the store they check a
game id against.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath
from litestar.router import Router
from litestar.static_files import create_static_files_router

from service.store.games import GameStore

STATIC = Path(str(files("service.pages") / "static"))
#: where the pages' CSS, script and phrase books are served
STATIC_PATH = "/pages/static"
HTML = "text/html; charset=utf-8"
SECURITY = {
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


@cache
def _document(name: str) -> bytes:
    return (STATIC / name).read_bytes()


def _page(name: str) -> Response[bytes]:
    return Response(_document(name), media_type=HTML, headers=SECURITY)


class PagesController(Controller):
    path = "/"
    include_in_schema = False

    @get("/games/{game_id:str}/watch", sync_to_thread=True)
    def watch(self, game_id: FromPath[str], store: NamedDependency[GameStore]
              ) -> Response[bytes]:
        """The spectator page; an unknown game is the usual 404 problem, not a blank page."""
        store.read(game_id, lambda live, _: None)
        return _page("watch.html")

    @get("/games/{game_id:str}/play", sync_to_thread=True)
    def play(self, game_id: FromPath[str], store: NamedDependency[GameStore]
             ) -> Response[bytes]:
        """The player's page; the seat's token travels in the address's fragment
        (``#token=...``), which browsers never send, and the page moves it to the tab's
        session storage at once."""
        store.read(game_id, lambda live, _: None)
        return _page("play.html")

    @get("/lobby", sync_to_thread=False)
    def lobby(self) -> Response[bytes]:
        return _page("lobby.html")


def static_files() -> Router:
    """The pages' CSS, scripts and phrase books (package data), with the pages' headers."""
    return create_static_files_router(
        path=STATIC_PATH,
        directories=[STATIC],
        include_in_schema=False,
        name="page-static",
        cache_control=None,
    )


PAGE_HANDLERS: list[Any] = [PagesController, static_files()]
