"""Each seat's final score sheet: its recorded account as terms that add up to its total.

A sheet is derived when the result is read, from the recorded `FinalScore`s and the
final state, never recorded: the game-ended event keeps its encoding, and every log
recorded before sheets existed has one too.

The core terms are the route points and the tickets, with the tickets completed and
failed as figures; then each part of the engine that scores names its own lines
(`hooks.Feature.sheet`: stations, the longest-path bonus, goods, harbors, goal cards,
tours, exchanges), in engine order. Where the account counts a part's points inside a
core term (a tour inside the tickets, an exchange inside the route points, as the
score track holds them), the part says so (`hooks.Lines.within`): the core term
leaves them out, so the terms still add up to the recorded total, and the part's terms
follow it, as the rules list them (World §5: route points less exchanges, tickets,
tours, harbors).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from domain.kernel.scores import Figure, ScoreTerm, SeatScore
from domain.ticket_to_ride.hooks import Engine, Lines
from domain.ticket_to_ride.state import FinalScore, GameState

#: where each shipped map's rules.md scores route points and tickets. The map files do
#: not say it: a section added there would change their digests, and with them the rules
#: version every recorded game names (`versions`). A map not listed (a test's own board)
#: cites the section its data gives its winner.
CORE_SECTIONS: Mapping[str, tuple[str, str]] = {
    "europe": ("§9", "§9"),
    "amsterdam": ("§5.1", "§5.2"),
    "world": ("§5", "§5.1"),
    "northern-lights": ("§5.1", "§5.2"),
}


def sheets(engine: Engine, state: GameState) -> list[SeatScore]:
    """Every seat's sheet, by seat, once the game has ended (`state.final` is set)."""
    final = state.final
    assert final is not None
    parts = [sheet(engine, state, final) for sheet in engine.sheets]
    return [_sheet(seat, score, _core(state, score), [lines[seat] for lines in parts])
            for seat, score in enumerate(final)]


def _core(state: GameState, score: FinalScore) -> Lines:
    """The route points and the tickets as recorded; the tickets completed and failed."""
    fallback = state.rules.core.winner.section
    routes, tickets = CORE_SECTIONS.get(state.rules.map, (fallback, fallback))
    completed = sum(score.completed)
    return Lines(
        (ScoreTerm("routes", score.routes, routes), ScoreTerm("tickets", score.tickets, tickets)),
        (Figure("tickets-completed", completed, tickets),
         Figure("tickets-failed", len(score.completed) - completed, tickets)),
    )


def _sheet(seat: int, score: FinalScore, core: Lines, parts: list[Lines]) -> SeatScore:
    """The sheet in the rules' order: each core term less what parts' terms hold of it,
    those terms right after it (route points less exchanges, then the tickets and the
    tours), then the other parts' terms in engine order."""
    terms: list[ScoreTerm] = []
    for term in core.terms:
        inside = [line for line in parts if term.term in line.within]
        held = sum(line.within[term.term] for line in inside)
        terms.append(msgspec.structs.replace(term, points=term.points - held) if held else term)
        terms += [t for line in inside for t in line.terms]
    terms += [t for line in parts if not line.within for t in line.terms]
    figures = [f for line in (core, *parts) for f in line.figures]
    return SeatScore(seat, terms, score.total, figures)
