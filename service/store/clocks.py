"""Turn clocks and bot seats: who the server plays for, and when a seat runs out of time.

A game may be created with a clock (`ClockRule`): every time a seat is to act it
has ``move_seconds`` for that decision, and what it uses beyond them comes out
of its ``reserve_seconds`` for the whole game. When both are spent the seat has
timed out. With ``on_timeout: "bot"`` the store appends a ``timeout`` record,
and from then on the seat's decisions are made by the game's bot
(``bot-command`` records) until its player sends a command again; with
``"forfeit"`` it appends a ``forfeit`` record whose events the rules decide
(`GameRules.forfeit`): the game ends, scored as it stands, without that seat
among the winners. A host may also seat a bot (a ``seat-joined`` record
naming its strategy): the server plays that seat throughout.

All of it is derived from the log: record times, seats and types, and the
rules' ``to_act`` after each record. So a restarted process, or another one,
derives exactly the same clocks; only *noticing* that a deadline has passed
reads the wall clock (`GameStore.tick`), and what it decides is a record like
any other, which the audit re-decides. The rules never see a clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

import msgspec

#: the strategies of the reference bots (`bots`)
Strategy = Literal["random", "greedy"]


class ClockRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game's clock, chosen at creation (at least one of the two times)."""

    move_seconds: Annotated[int, msgspec.Meta(
        ge=1, le=86_400, description="Seconds for each decision before the reserve is used"
    )] | None = None
    reserve_seconds: Annotated[int, msgspec.Meta(
        ge=0, le=604_800, description="Seconds each seat may overrun over the whole game"
    )] | None = None
    bot: Annotated[Strategy, msgspec.Meta(
        description="The bot that plays for a seat whose time ran out")] = "greedy"
    on_timeout: Annotated[Literal["bot", "forfeit"], msgspec.Meta(
        description="What a seat out of time leads to: its bot plays for it until its "
        "player acts again, or it forfeits and the game ends, scored as it stands "
        "(the forfeiting seat never wins)")] = "bot"


class SeatTime(msgspec.Struct, frozen=True):
    """One seat's clock as the public view shows it."""

    seat: int
    reserve_seconds: Annotated[float, msgspec.Meta(description="Reserve left")]
    deadline: Annotated[str | None, msgspec.Meta(
        description="When the seat times out if it has not acted (ISO 8601); null when "
        "it is not to act or a bot plays it")] = None


class ClockView(msgspec.Struct, frozen=True):
    """The clock of a game: its rule and each seat's time."""

    rule: ClockRule
    seats: list[SeatTime]


class _Seat:
    __slots__ = ("reserve", "since")

    def __init__(self, reserve: float) -> None:
        self.reserve = reserve
        #: when the seat became to act, and has not acted since (None: not waited for)
        self.since: datetime | None = None


class Clocks:
    """Each seat's reserve and the moment it became to act, record by record."""

    def __init__(self, rule: ClockRule, seats: int) -> None:
        self.rule = rule
        self.move = float(rule.move_seconds or 0)
        self._seats = [_Seat(float(rule.reserve_seconds or 0)) for _ in range(seats)]

    def after(self, when: datetime, acted: int | None, waited_for: list[int]) -> None:
        """One more record at `when`: `acted` made it, `waited_for` are to act (and not bots)."""
        if acted is not None and (seat := self._seats[acted]).since is not None:
            overrun = (when - seat.since).total_seconds() - self.move
            seat.reserve = max(0.0, seat.reserve - max(0.0, overrun))
            seat.since = None
        for number, seat in enumerate(self._seats):
            if number not in waited_for:
                seat.since = None
            elif seat.since is None:
                seat.since = when

    def deadline(self, seat: int) -> datetime | None:
        clock = self._seats[seat]
        if clock.since is None:
            return None
        return clock.since + timedelta(seconds=self.move + clock.reserve)

    def due(self) -> tuple[datetime, int] | None:
        """The earliest deadline and its seat, or None when nobody is waited for."""
        deadlines = [(d, s) for s in range(len(self._seats)) if (d := self.deadline(s))]
        return min(deadlines) if deadlines else None

    def view(self) -> ClockView:
        return ClockView(self.rule, [
            SeatTime(s, round(c.reserve, 3), None if (d := self.deadline(s)) is None
                     else d.isoformat())
            for s, c in enumerate(self._seats)
        ])
