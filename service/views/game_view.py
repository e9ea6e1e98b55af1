"""What each audience may see of a game, built only through the `GameRules` protocol.

The public view, a seat's private view and the log redacted for a viewer. The
rules decide what is hidden in their own views and events (`redact`); the
service adds the one thing rules cannot know about: a command's payload as
posted may name hidden things (tickets kept, cards paid), so before the end it
is shown in full only to the seat that sent it, and to others as its ``type``;
its ``command_id`` (the client's ``Idempotency-Key``, which a client chose and
may mean something to it) likewise only to that seat.
Once a game has finished, everything is public, seed included.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.protocol import GameRules, Result, Setup, StatusName
from service.store.clocks import ClockView
from service.store.commands import CommandOutcome
from service.store.live import LiveGame
from service.store.records import COMMAND_TYPES, Record


class SeatInfo(msgspec.Struct, frozen=True):
    """A taken seat; `bot` names the strategy when the server plays it (a bot's seat, or
    a seat whose clock ran out, until its player acts again)."""

    seat: int
    name: str
    bot: str | None = None


class PublicGame(msgspec.Struct, frozen=True):
    """`GET /games/{id}`: what anyone may see. ``view`` is the game's own public view."""

    id: str
    kind: str
    version: int
    status: StatusName
    to_act: list[int]
    setup: Setup
    seats: list[SeatInfo]
    seed_commitment: str
    seed_chosen_by_client: bool
    result: Result | None = None
    seed: str | None = None
    view: Any = None
    clock: ClockView | None = None


class PrivateGame(msgspec.Struct, frozen=True):
    """`GET /games/{id}/me`: the bearer's seat, its private view and its legal moves."""

    id: str
    kind: str
    seat: int
    version: int
    status: StatusName
    to_act: list[int]
    legal_moves: list[Any]
    view: Any = None


def status_of(live: LiveGame, state: Any) -> StatusName:
    if state is None:
        return "lobby"
    return "active" if live.rules.result(state) is None else "finished"


def public_game(live: LiveGame, version: int) -> PublicGame:
    """The public view at `version` (the caller holds the game's lock)."""
    state = live.state_at(version)
    rules = live.rules
    # worked out once: a finished game's result carries its score sheets, not free to make
    result = None if state is None else rules.result(state)
    status: StatusName = "lobby" if state is None else "active" if result is None else "finished"
    now = version == live.version  # the clocks and bots are shown as they are now only
    return PublicGame(
        id=live.id,
        kind=live.kind,
        version=version,
        status=status,
        to_act=[] if state is None else rules.to_act(state),
        setup=live.setup,
        seats=[SeatInfo(s, n, live.strategy_for(s) if now else None)
               for s, n in sorted(live.seated_at(version).items())],
        seed_commitment=live.seed_commitment,
        seed_chosen_by_client=live.seed_chosen_by_client,
        result=result,
        seed=live.seed.hex if status == "finished" else None,
        view=None if state is None else rules.public_view(state),
        clock=live.clock.view() if now and live.clock is not None else None,
    )


def private_game(live: LiveGame, seat: int, version: int) -> PrivateGame:
    """`seat`'s view at `version` (the caller holds the game's lock)."""
    state = live.state_at(version)
    rules = live.rules
    return PrivateGame(
        id=live.id,
        kind=live.kind,
        seat=seat,
        version=version,
        status=status_of(live, state),
        to_act=[] if state is None else rules.to_act(state),
        legal_moves=[] if state is None else rules.legal_moves(state, seat),
        view=None if state is None else rules.private_view(state, seat),
    )


def _redacted(rules: GameRules[Any, Any, Any], finished: bool, typed: list[Any],
              viewer: int | None) -> list[dict[str, Any]]:
    if finished:
        return [msgspec.to_builtins(e) for e in typed]
    redact = rules.redact
    return [msgspec.to_builtins(redact(e, viewer)) for e in typed]


def redacted_events(live: LiveGame, typed: list[Any], viewer: int | None) -> list[dict[str, Any]]:
    """A record's game events as `viewer` may see them (everything once finished)."""
    return _redacted(live.rules, live.status == "finished", typed, viewer)


def answered_events(outcome: CommandOutcome) -> list[dict[str, Any]]:
    """A command's events as its own seat may see them, as the game was when answered."""
    return _redacted(outcome.rules, outcome.finished, outcome.typed_events, outcome.seat)


def redacted_record(live: LiveGame, record: Record, viewer: int | None) -> Record:
    """`record` as `viewer` may see it; unchanged once the game has finished.

    The stored ``hash`` and ``prev_hash`` are kept even when the content is
    redacted: they are salted with a secret derived from the seed
    (`service.store.records`), so no guess at what is hidden can be tested
    against them before the seed is revealed; meanwhile the reader can check the
    links and holds the chain head, and after the end every hash verifies.
    """
    if live.status == "finished" or (not record.events and record.type not in COMMAND_TYPES):
        return record
    payload, command_id = record.payload, record.command_id
    if record.type in COMMAND_TYPES and record.seat != viewer:
        command_id = None  # a client's Idempotency-Key is its own seat's
        if payload is not None:
            payload = {"type": payload.get("type")}
    return msgspec.structs.replace(
        record,
        command_id=command_id,
        payload=payload,
        events=redacted_events(live, live.events_of(record.version), viewer),
    )
