"""Colt Express statistics of one game, counted from its events (`kernel.statistics`).

Per seat: the action cards carried out by kind (turned up in Stealin', so public),
bullets fired and received, punches given and taken, loot taken and lost by kind,
times moved by the Marshal; for the game, its rounds and their round events.
A seat playing two bandits (two-player game) counts both.

Counted from what a spectator sees, so the same code serves the redacted log
before the end; the dollars (which need the purses' values) and the score chart
come only with the end (`ColtExpressGameEnded` reveals every value).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.colt_express.components import (
    ACTION_DECK,
    HOSTAGE_RANSOM,
    JEWEL_VALUE,
    STARTING_PURSE,
    STRONGBOX_VALUE,
    card_parts,
)
from domain.colt_express.events import (
    BanditMoved,
    BulletTaken,
    CardPlayed,
    CardRevealed,
    CardsDrawn,
    ColtExpressGameEnded,
    ColtExpressGameStarted,
    Event,
    LootDropped,
    LootTaken,
    RansomPaid,
    RoundEnded,
    RoundEventBegan,
)
from domain.kernel.statistics import KindStatistics, Number, ScorePoint, SeatStatistics

#: the loot token kinds, as their ids begin (``purse-3``, ``ransom-1``)
LOOT_KINDS = ("purse", "jewel", "strongbox", "ransom")
#: the action kinds as figure names use them (``change_floor`` -> ``change-floor``)
ACTIONS = tuple(action.replace("_", "-") for action in ACTION_DECK)

#: the figures of every seat, with what each counts
SEAT_FIGURES: dict[str, str] = {
    "turns": "Schemin' turns played (a card played or cards drawn; a cover card is none)",
    "cards-drawn": "cards drawn in Schemin' instead of playing one",
    **{f"actions-{a}": f"{a} action cards turned up in Stealin'" for a in ACTIONS},
    "bullets-fired": "bullets fired (Fire cards carried out)",
    "bullets-received": "bullet cards received, the Marshal's included",
    "marshal-bullets": "bullet cards received from the Marshal",
    "punches-given": "punches given",
    "punches-taken": "punches taken",
    **{f"loot-taken-{k}": f"{k} tokens taken" for k in LOOT_KINDS[:3]},
    "loot-taken-ransom": "$250 ransoms paid to the seat (Hostage-Taking of the Conductor)",
    **{f"loot-lost-{k}": f"{k} tokens lost (dropped)" for k in LOOT_KINDS},
    "moved-by-marshal": "times the Marshal sent the seat's bandit to the roof",
}
#: the figures that need the purses' values, given only once the game has ended
END_FIGURES: dict[str, str] = {
    "dollars": "the final score in dollars, the Gunslinger bonus included",
    "loot-dollars": "the dollars of the loot held at the end",
    "gunslinger": "1 if the seat won the Gunslinger bonus, else 0",
}
#: the game's own figures
GAME_FIGURES: dict[str, str] = {
    "turns": "Schemin' turns played by all seats",
    "rounds": "rounds played",
    "round-events": "round events that applied",
}


def _kind(token: str) -> str:
    return token.partition("-")[0]


def game_statistics(steps: Sequence[Sequence[Event]], finished: bool) -> KindStatistics:
    """The statistics of a game from its events grouped by record (`steps`, the first for
    version 1). With `finished`, `steps` are the complete log of a game that has ended,
    and the dollars and the score chart come too; without, `steps` may be redacted."""
    started = next(e for events in steps for e in events
                   if isinstance(e, ColtExpressGameStarted))
    per_seat = 2 if started.two_player else 1
    seat_of = {name: b // per_seat for b, name in enumerate(started.characters)}
    seats: list[dict[str, Number]] = [dict.fromkeys(SEAT_FIGURES, 0)
                                      for _ in range(started.seats)]
    ended = next((e for events in steps for e in events
                  if isinstance(e, ColtExpressGameEnded)), None) if finished else None
    values = {} if ended is None else ended.purse_values

    def worth(token: str) -> int:
        kind = _kind(token)
        if kind == "purse":
            return values.get(token, STARTING_PURSE)
        return {"jewel": JEWEL_VALUE, "strongbox": STRONGBOX_VALUE}.get(kind, HOSTAGE_RANSOM)

    held = [STARTING_PURSE * per_seat] * started.seats
    chart = [ScorePoint(0, 0, list(held))]
    turns, rounds, round_events, acting = 0, 0, [], -1
    for version, events in enumerate(steps, 1):
        for event in events:
            if isinstance(event, CardPlayed) and event.cover_fire:
                pass  # a two-player game's cover card goes with the Fire's turn (§8)
            elif isinstance(event, CardPlayed | CardsDrawn):
                turns += 1
                seats[event.seat]["turns"] += 1
                if isinstance(event, CardsDrawn):
                    seats[event.seat]["cards-drawn"] += 1
            elif isinstance(event, CardRevealed):
                character, action = card_parts(event.card)
                acting = seat_of[character]
                seats[acting][f"actions-{action.replace('_', '-')}"] += 1
            elif isinstance(event, BulletTaken):
                victim = seat_of[event.bandit]
                seats[victim]["bullets-received"] += 1
                if event.shooter is None:
                    seats[victim]["marshal-bullets"] += 1
                else:
                    seats[seat_of[event.shooter]]["bullets-fired"] += 1
            elif isinstance(event, BanditMoved) and event.cause == "punch":
                seats[acting]["punches-given"] += 1
                seats[seat_of[event.bandit]]["punches-taken"] += 1
            elif isinstance(event, BanditMoved) and event.cause == "marshal":
                seats[seat_of[event.bandit]]["moved-by-marshal"] += 1
            elif isinstance(event, LootTaken | RansomPaid):
                seat = seat_of[event.bandit]
                seats[seat][f"loot-taken-{_kind(event.token)}"] += 1
                held[seat] += worth(event.token)
            elif isinstance(event, LootDropped):
                seat = seat_of[event.bandit]
                seats[seat][f"loot-lost-{_kind(event.token)}"] += 1
                held[seat] -= worth(event.token)
            elif isinstance(event, RoundEventBegan):
                round_events.append(event.event)
            elif isinstance(event, RoundEnded):
                rounds += 1
        if ended is not None and held != chart[-1].scores:
            chart.append(ScorePoint(version, rounds, list(held)))
    if ended is not None:
        for seat, figure in enumerate(seats):
            gunslinger = seat in ended.gunslingers
            figure.update({"dollars": ended.scores[seat], "loot-dollars": held[seat],
                           "gunslinger": int(gunslinger)})
        chart.append(ScorePoint(len(steps), rounds, list(ended.scores)))
    return KindStatistics(
        figures={"turns": turns, "rounds": rounds, "round-events": len(round_events)},
        seats=[
            SeatStatistics(seat, figure, bandits=[n for n, s in seat_of.items() if s == seat])
            for seat, figure in enumerate(seats)
        ],
        scores=chart if ended is not None else [],
        round_events=round_events,
    )
