"""Helpers for the page tests: scripted players, waiting on the page, and screenshots.

Screenshots are written only when ``ROUNDHOUSE_SCREENSHOTS`` names a folder
(``ROUNDHOUSE_SCREENSHOTS=docs/screenshots pytest tests/pages``): the README's
pictures are taken by the same code that tests the pages.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

from tests.api.players import Table

SCREENSHOTS = "ROUNDHOUSE_SCREENSHOTS"
#: how long a page may take to show a move (the issue's "within a second")
LIVE_SECONDS = 1.0


def move(table: Table, chooser: random.Random, prefer: str | None = None) -> int:
    """One legal move of a seat to act (a `prefer` type when it has one); the new version."""
    seat = chooser.choice(table.public()["to_act"])
    legal = [m["command"] for m in table.me(seat)["legal_moves"]]
    preferred = [c for c in legal if c["type"] == prefer]
    answer = table.command(seat, chooser.choice(preferred or legal))
    assert answer.status_code == 200, answer.text
    version: int = answer.json()["version"]
    return version


def moves(table: Table, count: int, chooser: random.Random, prefer: str | None = None) -> int:
    version = 0
    for _ in range(count):
        version = move(table, chooser, prefer)
    return version


def shown(page: Any, version: int, timeout: float = 5) -> float:
    """Wait until the page shows `version` (view, board, every record's line); seconds taken."""
    began = time.monotonic()
    page.wait_for_selector(f'body[data-version="{version}"]', timeout=timeout * 1000)
    page.wait_for_selector(f'#board[data-version="{version}"]', timeout=timeout * 1000)
    page.wait_for_selector(f'#feed[data-complete="{version}"]', state="attached",
                           timeout=timeout * 1000)
    return time.monotonic() - began


def snapshot(page: Any, name: str, width: int = 1200, part: str | None = None) -> None:
    """`page` (or only the element `part` selects) as a PNG in the screenshots folder, at
    `width`, if one was asked for."""
    folder = os.environ.get(SCREENSHOTS)
    if not folder:
        return
    size = page.viewport_size
    page.set_viewport_size({"width": width, "height": 800})
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        path = str(Path(folder) / f"{name}.png")
        if part is None:
            page.screenshot(path=path, full_page=True)
        else:
            page.locator(part).screenshot(path=path)
    finally:
        page.set_viewport_size(size)
