"""The phrase books that word the feed: every event of every kind is worded (or hidden on
purpose), the fields they name exist, and the seats' colours are the pictures' colours."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import msgspec
import pytest

from domain.colt_express import events as colt_events
from domain.colt_express.picture import CHARACTER_FILL
from domain.kernel.protocol import Setup
from domain.registry import kinds
from domain.ticket_to_ride import events as ticket_events
from domain.ticket_to_ride.picture import SEAT_FILL
from service.pages.controller import STATIC
from service.store.records import COMMAND_TYPES, RecordType
from tests.pages.pictures import state_after
from tests.pages.test_pictures import GOLDEN

KINDS: dict[str, ModuleType] = {"ticket-to-ride": ticket_events, "colt-express": colt_events}


def book(kind: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((STATIC / "phrases" / f"{kind}.json").read_text())
    return loaded


def event_fields(module: ModuleType) -> dict[str, tuple[str, ...]]:
    """Each tagged event struct of `module`: its tag and its fields."""
    found = {}
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, msgspec.Struct):
            tag = value.__struct_config__.tag
            if isinstance(tag, str) and not value.__name__.startswith("_"):
                found[tag] = value.__struct_fields__
    return found


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_event_is_worded_from_its_own_fields(kind: str) -> None:
    phrases = book(kind)["events"]
    fields = event_fields(KINDS[kind])
    assert fields, kind
    assert sorted(phrases) == sorted(fields), "events without a phrase, or phrases of none"
    for tag, templates in phrases.items():
        for entry in [] if templates is None else [templates] if isinstance(
                templates, str | dict) else templates:
            text = entry if isinstance(entry, str) else entry["say"]
            conditions = {} if isinstance(entry, str) else entry["if"]
            used = set(re.findall(r"\{([a-z_]+)#?\}", text)) | set(conditions)
            assert used <= {*fields[tag], "seat"}, (tag, used - set(fields[tag]))


def test_every_record_without_events_is_worded() -> None:
    """A command's record is told by its events; every other record type by a phrase."""
    records = book("common")["records"]
    assert set(get_args(RecordType)) - COMMAND_TYPES == set(records)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_what_a_move_touched_is_found_in_the_picture(kind: str) -> None:
    """Each highlighted field is an event's, and its attribute is one the picture draws."""
    fields = {f for names in event_fields(KINDS[kind]).values() for f in names}
    marks = book(kind)["highlight"]
    assert marks and set(marks) <= fields
    pictures = " ".join(p.read_text() for p in GOLDEN.glob("*.svg"))
    for attribute in marks.values():
        assert f"data-{attribute}=" in pictures, attribute


#: a finished game of every map and kind (seeded, random moves), for its score sheets
FINISHED = [("ticket-to-ride", Setup(3, m.id)) for m in kinds()["ticket-to-ride"].descriptor.maps] \
    + [("colt-express", Setup(3)), ("colt-express", Setup(2, None, "two-player"))]


@pytest.mark.parametrize(("kind", "setup"), FINISHED, ids=[f"{k}-{s.map}" for k, s in FINISHED])
def test_every_score_term_and_figure_has_its_words(kind: str, setup: Setup) -> None:
    """The final table names each term and figure of the score sheets in words."""
    result = kinds()[kind].result(state_after(kind, setup, None, f"words-{setup.map}"))
    assert result is not None
    phrases = book(kind)
    terms = {t.term for sheet in result.sheets for t in sheet.terms}
    figures = {f.name for sheet in result.sheets for f in sheet.figures}
    assert terms and terms <= set(phrases["terms"]), terms - set(phrases["terms"])
    assert figures <= set(phrases["figures"]), figures - set(phrases["figures"])


def test_the_pages_seat_colours_are_the_pictures() -> None:
    assert tuple(book("ticket-to-ride")["seat_colours"]) == SEAT_FILL
    assert book("colt-express")["bandit_colours"] == CHARACTER_FILL


def test_every_phrase_book_is_packaged() -> None:
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text()
    assert '"static/phrases/*.json"' in pyproject
    assert {p.stem for p in (STATIC / "phrases").glob("*.json")} == {*KINDS, "common"}
