"""What one finished game adds to the figures across games: its `GameSummary`.

A pure function of the game's records (`summarise`): the created record names the
kind, map, variant and seat count and whether the game is listed; the seats a
bot joined are counted; the rules replay the records to the final state, whose
`Result` gives each seat's score, the winners and each seat's score terms, whose
`outcomes` say what became of the routes, tickets and characters, and from
which, with the events, the kind counts the game's and each seat's figures
(``statistics``, the per-game figures of `GET /games/{id}/statistics`) in the
same replay. Nothing here knows any game's rules.

The summary becomes samples (`samples`): ``(figure, value)`` pairs that the view
adds up per group as count, sum and sum of squares, so that averages and spreads
come out the same however the games were batched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any, Protocol

import msgspec

from domain.kernel.protocol import GameRules, Result, Setup, recorded_setup
from domain.kernel.statistics import KindStatistics

#: the record types made by a seat's turn, clock or forfeit: a game's length in moves
MOVES = frozenset({"command", "bot-command", "timeout", "forfeit"})


class Unprojectable(Exception):
    """A game's log that the summary could not be made of: which record, and why."""

    def __init__(self, version: int, cause: str) -> None:
        super().__init__(f"record {version}: {cause}")
        self.version = version
        self.cause = cause


class Group(msgspec.Struct, frozen=True, array_like=True):
    """What the figures are kept apart by: the kind, map, variant, seats and bot seats."""

    kind: str
    map: str
    variant: str
    seats: int
    #: how many seats a bot joined (all of them: a game between bots)
    bot_seats: int


class SeatSummary(msgspec.Struct, frozen=True):
    """One seat's end of a game."""

    seat: int
    score: int
    won: bool
    #: points by score term (``routes``, ``tickets``...), where the kind gives them
    terms: dict[str, int]
    #: the seat's figures as its kind counts them (``routes-claimed``, ``longest-path``...)
    figures: dict[str, int]


class GameSummary(msgspec.Struct, frozen=True):
    """A finished game as the figures across games count it."""

    game_id: str
    group: Group
    listed: bool
    #: records after the ``started`` one: the seats' moves, timeouts and forfeits
    moves: int
    #: from the ``started`` record to the last, whole seconds
    seconds: int
    seats: list[SeatSummary]
    #: the game's own figures as its kind counts them (``turns``...), whole numbers
    figures: dict[str, int]
    #: what became of the components (``route/12/claimed``...), one entry per outcome
    outcomes: list[str]


class Entry(Protocol):
    """A record of a game's log as the summary reads it: a `Record`, or one whose events
    are decoded as the kind's own types already (`typed_decoder`)."""

    @property
    def game_id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def time(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def payload(self) -> dict[str, Any] | None: ...
    @property
    def events(self) -> Sequence[Any]: ...


@cache
def typed_decoder(event_type: Any) -> msgspec.json.Decoder[Any]:
    """A decoder of stored game events (``{"record": ...}``) whose records' events come out
    as `event_type` (the kind's union), straight from the JSON: several times faster than
    converting each event's dictionary afterwards."""
    record = msgspec.defstruct("TypedRecord", [
        ("game_id", str), ("version", int), ("type", str), ("time", str),
        ("seat", int | None, None), ("payload", dict[str, Any] | None, None),
        ("events", list[event_type], []),
    ])
    return msgspec.json.Decoder(msgspec.defstruct("TypedStored", [("record", record)]))


def summarise(
    records: Sequence[Entry], kinds: Mapping[str, GameRules[Any, Any, Any]]
) -> GameSummary | None:
    """The summary of a game from its whole log; None if it has not finished.

    Raises `Unprojectable` naming the first record that cannot be replayed (or the
    last, when the game it ends has no result).
    """
    created = records[0]
    if created.type != "created" or created.payload is None:
        raise Unprojectable(created.version, "the log does not begin with a created record")
    payload = created.payload
    rules = kinds.get(payload["kind"])
    if rules is None:
        raise Unprojectable(created.version, f"the kind {payload['kind']!r} is not hosted here")
    state: Any = None
    #: each record's events, typed, for the kind's own count of the game (`statistics`)
    steps: list[list[Any]] = []
    started = 0
    start_time = end_time = created.time
    #: whether a bot holds each taken seat
    bots: dict[int | None, bool] = {}
    for record in records:
        if record.type == "seat-joined":
            bots[record.seat] = bool(record.payload and record.payload.get("bot"))
        elif record.type == "seat-left":
            bots.pop(record.seat, None)
        elif record.type == "started":
            started, start_time = record.version, record.time
        end_time = record.time
        try:
            events = [msgspec.convert(event, rules.event_type) if isinstance(event, dict)
                      else event for event in record.events]
            for event in events:
                state = rules.evolve(state, event)
        except Exception as error:  # a bug in the rules or a log they cannot read
            raise Unprojectable(record.version, f"{type(error).__name__}: {error}") from error
        steps.append(events)
    result = None if state is None else rules.result(state)
    if result is None:
        return None
    setup = recorded_setup(msgspec.convert(payload["setup"], Setup))
    group = Group(payload["kind"], setup.map or "", setup.variant or "", setup.seats,
                  sum(bots.values()))
    outcomes = getattr(rules, "outcomes", None)
    count = getattr(rules, "statistics", None)
    counted = None if count is None else count(setup, steps, state)
    return GameSummary(
        game_id=created.game_id,
        group=group,
        listed=bool(payload.get("listed", True)),
        moves=sum(1 for r in records[started:] if r.type in MOVES),
        seconds=_seconds(start_time, end_time),
        seats=_seats(result, counted),
        figures={} if counted is None else _whole(counted.figures),
        outcomes=[] if outcomes is None else [
            f"{o.subject}/{o.id}/{o.what}" for o in outcomes(state)],
    )


def _whole(figures: Mapping[str, int | float]) -> dict[str, int]:
    """The figures that are whole numbers: averages of averages (a mean route length) are
    left out, so that every total stays exact however the games are added up."""
    return {name: value for name, value in figures.items()
            if isinstance(value, int) and not isinstance(value, bool)}


def _seconds(start: str, end: str) -> int:
    return max(0, int((datetime.fromisoformat(end) - datetime.fromisoformat(start))
                      .total_seconds()))


def _seats(result: Result, counted: KindStatistics | None) -> list[SeatSummary]:
    """Each seat's score, whether it won, its score terms (`Result.sheets`) and its
    figures: the kind's count of the game where it has one, else the sheet's figures."""
    sheets = {sheet.seat: sheet for sheet in result.sheets}
    figures = {} if counted is None else {s.seat: _whole(s.figures) for s in counted.seats}
    seats = []
    for seat, score in enumerate(result.scores):
        sheet = sheets.get(seat)
        seats.append(SeatSummary(
            seat, score, seat in result.winners,
            {} if sheet is None else {t.term: t.points for t in sheet.terms},
            figures.get(seat, {}) if counted is not None else (
                {} if sheet is None else {f.name: f.value for f in sheet.figures}),
        ))
    return seats


def samples(summary: GameSummary) -> list[tuple[str, int]]:
    """The ``(figure, value)`` samples a game adds to its group's totals.

    ``games`` (1), ``length/moves``, ``length/seconds``, ``game/NAME`` per game figure;
    per seat ``wins/seat/N`` (1 or 0), ``score/winning`` or ``score/losing``,
    ``term/NAME`` per score term and ``figure/NAME`` per seat figure;
    ``outcome/SUBJECT/ID/WHAT`` (1) per outcome.
    """
    found = [("games", 1), ("length/moves", summary.moves),
             ("length/seconds", summary.seconds)]
    found += [(f"game/{name}", value) for name, value in summary.figures.items()]
    for seat in summary.seats:
        found.append((f"wins/seat/{seat.seat}", int(seat.won)))
        found.append(("score/winning" if seat.won else "score/losing", seat.score))
        found += [(f"term/{name}", points) for name, points in seat.terms.items()]
        found += [(f"figure/{name}", value) for name, value in seat.figures.items()]
    found += [(f"outcome/{outcome}", 1) for outcome in summary.outcomes]
    return found
