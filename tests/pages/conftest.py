"""A real browser (Debian's headless Chromium, driven by Playwright) on a real server.

The browser is ``/usr/bin/chromium`` (``ROUNDHOUSE_TEST_CHROMIUM`` to use another),
installed by the system's package manager (`.ci/run` does ``apt-get install
chromium``); Playwright never downloads one. With ``CI=true`` a missing browser
fails the tests; elsewhere they are skipped with the reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import served
from tests.api.players import test_kinds
from tests.pages.playing import person_at

CHROMIUM = os.environ.get("ROUNDHOUSE_TEST_CHROMIUM", "/usr/bin/chromium")


def chromium(*args: str) -> Iterator[Any]:
    """Debian's Chromium, headless, with these command-line `args`; a test without it skips,
    except under CI=true, where it fails."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"CI=true but there is no browser at {CHROMIUM}")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(args)
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on uvicorn (a fresh SQLite file), for the browser and the scripted players."""
    store = tmp_path_factory.mktemp("pages") / "games.db"
    with served(create_app(Settings(store=f"sqlite:///{store}"), kinds=test_kinds())) as base:
        yield base


@pytest.fixture
def client(server: str) -> Iterator[httpx.Client]:
    """What the scripted players talk through (the same calls as the API tests' client)."""
    with httpx.Client(base_url=server, timeout=10) as http:
        yield http


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A phone-sized page that fails the test on a console or script error or a request
    elsewhere; the browser's word of an answer refused (a 4xx the test asks for: a
    refused move, a board not dealt yet) is no error of the page's."""
    with person_at(browser, server, 390, tolerate="Failed to load resource:") as opened:
        yield opened
