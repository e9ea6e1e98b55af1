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


def final_sheets_shown(page: Any, game: dict[str, Any]) -> None:
    """The finished `game`'s score sheets as the watch page shows them (`sheets_shown`),
    and each seat's card with its final score instead of its in-game one."""
    sheets_shown(page, game)
    for sheet in game["result"]["sheets"]:
        card = page.locator(f'#seats li[data-seat="{sheet["seat"]}"]')
        assert card.locator(".final-score").get_attribute("data-final") == str(sheet["total"])
        assert "score" not in [t.rstrip(":") for t in card.locator("dt").all_inner_texts()]


def sheets_shown(page: Any, game: dict[str, Any]) -> None:
    """The finished `game`'s score sheets as `page` (the watch or the play page) shows
    them: a row per term with each seat's points and its rule section, the totals (which
    the points add up to, and which are the result's scores), the figures in a table of
    their own, and the winners marked."""
    page.wait_for_selector("#final:not([hidden])")
    result = game["result"]
    sheets = result["sheets"]
    names = {s["seat"]: s["name"] for s in game["seats"]}
    for table, part, key, value in (("#final-scores", "terms", "term", "points"),
                                    ("#final-figures", "figures", "name", "value")):
        heads = page.locator(f"{table} thead th")
        assert heads.all_inner_texts() == [names[s["seat"]] for s in sheets]
        winners = [int(h.get_attribute("data-seat")) for h in heads.all()
                   if "winner" in (h.get_attribute("class") or "")]
        assert winners == result["winners"]
        shown = page.locator(f"{table} tbody tr").evaluate_all(
            "(rows) => rows.map((r) => [r.dataset.name, [...r.cells].slice(1).map("
            "(c) => c.textContent)])")
        wanted = {e[key] for s in sheets for e in s[part]}
        assert {name for name, _ in shown} == wanted and len(shown) == len(wanted), shown
        for name, cells in shown:
            for sheet, cell in zip(sheets, cells, strict=True):
                entry = next(e for e in sheet[part] if e[key] == name)
                assert cell == str(entry[value]), (name, sheet["seat"], cell)
    terms = {name for name, _ in page.locator("#final-scores tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [r.dataset.name, 0])")}
    figures = {f["name"] for s in sheets for f in s["figures"]}
    assert not terms & figures, "a figure is shown as points"
    totals = page.locator("#final-scores tfoot td").all_inner_texts()
    assert totals == [str(s["total"]) for s in sheets] == [str(t) for t in result["scores"]]
    points = page.locator("#final-scores tbody td").all_inner_texts()
    columns = len(sheets)
    for seat, total in enumerate(totals):
        assert sum(int(p or 0) for p in points[seat::columns]) == int(total), "terms do not add up"
    section = {t["term"]: t["section"] for s in reversed(sheets) for t in s["terms"]}
    sections = page.locator("#final-scores tbody tr").evaluate_all(
        "(rows) => rows.map((r) => [r.dataset.name, r.querySelector('th small').textContent])")
    assert sections == [[name, section[name]] for name, _ in sections]


def fits_the_width(page: Any) -> None:
    """Nothing makes the page wider than its window, and every cell of the final table
    (the totals above all) lies inside the window: no sideways scroll hides one."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.locator("#final-scores th, #final-scores td").evaluate_all(
        "(cells) => cells.map((c) => { const b = c.getBoundingClientRect(); "
        "return [b.left, b.right]; })")
    assert boxes and all(left >= 0 and right <= width + 0.5 for left, right in boxes), boxes
