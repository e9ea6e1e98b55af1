"""The board pictures: the same state gives the same bytes (golden files), and every
track of every map is drawn.

The golden files in ``golden/`` are the pictures of a few seeded states per kind
(`tests.pages.pictures`). A change to a picture, or to the rules that reach those
states, shows here as a changed file: look at the new picture, then rewrite them with
``ROUNDHOUSE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/pages/test_pictures.py``.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.registry import kinds
from tests.domain.ticket_to_ride.handmade import hand, make_state
from tests.pages.pictures import state_after

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("ROUNDHOUSE_UPDATE_GOLDEN") == "1"

#: (file name, kind, setup, commands after the opening; None: to the end)
STATES: list[tuple[str, str, Setup, int | None]] = [
    ("europe-2-opening", "ticket-to-ride", Setup(2, "europe", "standard"), 0),
    ("europe-3-midgame", "ticket-to-ride", Setup(3, "europe", "standard"), 120),
    ("europe-5-finished", "ticket-to-ride", Setup(5, "europe", "standard"), None),
    ("amsterdam-2-opening", "ticket-to-ride", Setup(2, "amsterdam"), 0),
    ("amsterdam-4-finished", "ticket-to-ride", Setup(4, "amsterdam"), None),
    ("northern-lights-3-midgame", "ticket-to-ride", Setup(3, "northern-lights"), 120),
    ("northern-lights-5-finished", "ticket-to-ride", Setup(5, "northern-lights"), None),
    ("world-2-opening", "ticket-to-ride", Setup(2, "world"), 0),
    ("world-5-finished", "ticket-to-ride", Setup(5, "world"), None),
    ("colt-3-opening", "colt-express", Setup(3), 0),
    ("colt-4-midgame", "colt-express", Setup(4), 40),
    ("colt-2-finished", "colt-express", Setup(2, None, "two-player"), None),
]


def picture(kind: str, state: Any) -> bytes:
    drawn: str = kinds()[kind].board_svg(state)  # type: ignore[attr-defined]
    return drawn.encode()


@pytest.mark.parametrize(("name", "kind", "setup", "commands"), STATES,
                         ids=[s[0] for s in STATES])
def test_the_picture_of_a_seeded_state_is_its_golden_file(
    name: str, kind: str, setup: Setup, commands: int | None
) -> None:
    state = state_after(kind, setup, commands, name)
    drawn = picture(kind, state)
    assert drawn == picture(kind, state), "two drawings of one state differ"
    ElementTree.fromstring(drawn)  # well-formed
    golden = GOLDEN / f"{name}.svg"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        golden.write_bytes(drawn)
    assert golden.exists(), f"no golden file {golden.name}: run with ROUNDHOUSE_UPDATE_GOLDEN=1"
    assert drawn == golden.read_bytes(), f"{golden.name} changed (see this module's docstring)"


def _maps() -> list[tuple[str, str, int]]:
    """Every map of every kind that has maps, at its smallest seat count."""
    return [(name, m.id, m.min_seats) for name, rules in sorted(kinds().items())
            for m in rules.descriptor.maps]


@pytest.mark.parametrize(("kind", "map_id", "seats"), _maps())
def test_every_track_of_every_map_is_drawn(kind: str, map_id: str, seats: int) -> None:
    """Each route of the map's material is one group in the picture, with a car per space."""
    rules = kinds()[kind]
    setup = Setup(seats, map_id)
    routes = msgspec.to_builtins(rules.material(setup))["routes"]  # type: ignore[attr-defined]
    for commands in (0, None):  # free tracks at the opening, claimed ones at the end
        drawn = ElementTree.fromstring(picture(kind, state_after(kind, setup, commands, map_id)))
        groups = {int(g.attrib["data-route"]): g for g in drawn.iter()
                  if "data-route" in g.attrib}
        assert sorted(groups) == [r["index"] for r in routes]
        for route in routes:
            # rail spaces are polygons, sea spaces ovals (Rails & Sails)
            cars = [e for e in groups[route["index"]]
                    if e.tag.endswith("polygon") or e.tag.endswith("ellipse")]
            assert len(cars) == route["length"], route


def test_the_seat_lines_count_in_plain_english() -> None:
    """One station, one card, one ticket: singular; the rest plural."""
    state = make_state(2, hands=[hand(red=1), hand(red=2)], tickets=[[1], [1, 2]])
    state.players[0].pieces[1] = 1  # one station left
    texts = [t.text or "" for t in ElementTree.fromstring(picture("ticket-to-ride", state)).iter()
             if t.tag.endswith("text")]
    assert any("· 1 station" in t and "stations" not in t for t in texts), texts
    assert "1 card · 1 ticket" in texts
    assert "2 cards · 2 tickets" in texts
    assert not [t for t in texts if re.search(r"\b1 \w+s\b", t)], texts


def test_every_bandit_has_letters_of_its_own() -> None:
    """Doc and Django both start with D: each disc says who it is, no two alike."""
    state = state_after("colt-express", Setup(6), 0, "every-bandit")
    discs = [g for g in ElementTree.fromstring(picture("colt-express", state)).iter()
             if g.attrib.get("class") == "bandit"]
    letters = {g.attrib["data-character"]: next(t.text for t in g if t.tag.endswith("text"))
               for g in discs}
    assert len(letters) == 6
    assert len(set(letters.values())) == 6, letters
    assert letters["doc"] == "Do" and letters["django"] == "Dj"


@pytest.mark.parametrize(("kind", "map_id", "seats"), _maps())
def test_a_place_the_board_leaves_unnamed_is_drawn_without_a_label(
    kind: str, map_id: str, seats: int
) -> None:
    """Northern Lights' three flag markers and World's star carry no printed name: the
    picture draws their circle and no label (no placeholder such as "Unnamed city")."""
    setup = Setup(seats, map_id)
    cities = msgspec.to_builtins(kinds()[kind].material(setup))["cities"]  # type: ignore[attr-defined]
    laid_out = all(c.get("x") is not None for c in cities)
    unnamed = {c["id"] for c in cities if laid_out and c["lat"] is None}
    drawn = ElementTree.fromstring(picture(kind, state_after(kind, setup, 0, map_id)))
    groups = {g.attrib["data-city"]: g for g in drawn.iter() if "data-city" in g.attrib}
    assert sorted(groups) == sorted(c["id"] for c in cities)
    labels = {city: [t.text for t in g if t.tag.endswith("text")] for city, g in groups.items()}
    assert {city for city, texts in labels.items() if not texts} == unnamed
    assert not [t for texts in labels.values() for t in texts if "nnamed" in (t or "")]
    if map_id in ("northern-lights", "world"):
        assert unnamed, "the map's unnamed markers were not found"


def test_colt_express_names_round_cards_turns_and_cards_in_words() -> None:
    """Round cards by their event's name, turns and played cards in words: no raw ids
    such as ``r24-swivel-arm``, ``speeding_up`` or ``doc/change_floor``."""
    setup = Setup(4)
    material = msgspec.to_builtins(kinds()["colt-express"].material(setup))  # type: ignore[attr-defined]
    events = {e["id"]: e["name"] for e in material["events"]}
    cards = {c["id"]: "no event" if c["event"] is None else events[c["event"]]
             for c in material["round_cards"]}
    state = state_after("colt-express", setup, 40, "colt-4-midgame")
    texts = [t.text or "" for t in ElementTree.fromstring(picture("colt-express", state)).iter()
             if t.tag.endswith("text")]
    shown = next(t for t in texts if t.startswith("Round cards: "))
    assert shown.removeprefix("Round cards: ").split(" · ") == [
        cards[c] for c in state.round_deck[: len(shown.split(" · "))]]
    assert any(t.startswith("Pile (") for t in texts)
    for text in texts:
        assert not re.search(r"r24-|r56-|station-|[a-z]_[a-z]|[a-z]/[a-z]", text), text
