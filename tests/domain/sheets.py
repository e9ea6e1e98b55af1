"""Reading score sheets (`domain.kernel.scores`) in the rule tests of every kind.

`terms` and `figures` turn one seat's sheet into ``{id: (points or value, section)}`` so
a test states a sheet as the rules do; `check_sheets` holds what every result's sheets
must (one per seat, in seat order, each term once, the terms adding up to the seat's
score).
"""

from __future__ import annotations

from domain.kernel.protocol import Result
from domain.kernel.scores import SeatScore


def terms(sheet: SeatScore) -> dict[str, tuple[int, str]]:
    """A sheet's terms by id: their points and rule sections, in sheet order."""
    return {term.term: (term.points, term.section) for term in sheet.terms}


def figures(sheet: SeatScore) -> dict[str, tuple[int, str]]:
    """A sheet's figures by name: their values and rule sections."""
    return {figure.name: (figure.value, figure.section) for figure in sheet.figures}


def check_sheets(result: Result) -> None:
    """One sheet per seat, in seat order, naming each term and figure once, with the seat's
    score as its total and terms whose points add up to it."""
    assert [sheet.seat for sheet in result.sheets] == list(range(len(result.scores)))
    assert [sheet.total for sheet in result.sheets] == result.scores
    for sheet in result.sheets:
        assert len(terms(sheet)) == len(sheet.terms), sheet
        assert len(figures(sheet)) == len(sheet.figures), sheet
        assert sum(term.points for term in sheet.terms) == sheet.total, sheet
        assert all(t.section.startswith("§") for t in sheet.terms), sheet
