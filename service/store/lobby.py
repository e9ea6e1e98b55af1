"""The lobby's records: a seat taken or freed, a token reissued, the opening dealt.

Each function decides one lobby action against a live game as committed and
returns the `Change` to append (the aggregate event class, the record, its
typed events and the secret that goes with it), or refuses it. The store runs
them under the game's write lock (`GameStore.join`, ``leave``, ``reissue``,
``start``), so a lobby race between processes can neither seat more players than
the game has nor start it twice: the store's version key lets one append win.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from service.store.aggregate import Appended, Game
from service.store.commands import plain
from service.store.errors import (
    GameFinished,
    GameFull,
    GameStarted,
    InviteRequired,
    MissingToken,
    NotTheHost,
    NotYourSeat,
    SeatFree,
    SeatsEmpty,
    UnknownToken,
)
from service.store.live import LiveGame
from service.store.records import Record
from service.store.tokens import invited, is_host, seat_of, token_hash


class Change(NamedTuple):
    """One record to append, with what goes with it."""

    event_class: type[Appended]
    record: Record
    typed: list[Any] | None = None
    secret: dict[str, str] = {}


def seat(live: LiveGame, token: str | None) -> int:
    """The seat `token` belongs to in the game as held; `MissingToken`, `UnknownToken`."""
    if not token:
        raise MissingToken()
    found = seat_of(live.aggregate, token)
    if found is None:
        raise UnknownToken()
    return found


def host(live: LiveGame, token: str | None) -> None:
    """Refuse unless `token` is the host's: `MissingToken`, `NotTheHost`."""
    if not token:
        raise MissingToken("the game's host")
    if not is_host(live.aggregate, token):
        raise NotTheHost(live.aggregate.host_token_hash is not None)


def _in_lobby(live: LiveGame, detail: str) -> None:
    if live.state is not None:
        raise GameStarted(detail)


def _next(live: LiveGame, record_type: Any, seat: int | None, **fields: Any) -> Record:
    return Record(game_id=live.id, version=live.version + 1, type=record_type, time="",
                  seat=seat, **fields)


def bot_name(live: LiveGame, strategy: str) -> str:
    """A bot's name when the host gives none: "greedy bot", then "greedy bot 2", and so on,
    the first that no seat at the table has, so that two bots are never told apart by
    their seat number alone."""
    taken = set(live.seated.values())
    return next(name for n in range(1, len(taken) + 2)
                if (name := f"{strategy} bot" + ("" if n == 1 else f" {n}")) not in taken)


def seat_taken(
    live: LiveGame, name: str | None, token: str, invite_code: str | None,
    bot: str | None, host_token: str | None,
) -> tuple[int, Change]:
    """The lowest free seat for `name` (whose new `token` is kept as a hash), and its record.

    A private game needs its invite code; a `bot` (a strategy) is seated by the host,
    named by `bot_name` unless `name` is given.
    """
    if bot is not None:
        host(live, host_token)
    elif not invited(live.aggregate, invite_code):
        raise InviteRequired()
    _in_lobby(live, "seats can only be taken in the lobby")
    free = live.free_seat()
    if free is None:
        raise GameFull(live.setup.seats)
    if name is None:
        if bot is None:
            raise ValueError("a player's seat needs a name")
        name = bot_name(live, bot)
    record = _next(live, "seat-joined", free,
                   payload={"name": name, **({} if bot is None else {"bot": bot})})
    return free, Change(Game.SeatJoined, record, secret={"token_hash": token_hash(token)})


def seat_freed(live: LiveGame, token: str | None, freed: int) -> Change:
    """`freed` leaves before the start: its own token leaves, the host's removes it."""
    by = "host" if is_host(live.aggregate, token) else None
    if by is None:
        if seat(live, token) != freed:
            raise NotYourSeat()
        by = "player"
    _in_lobby(live, "seats can only be freed before the start")
    if freed not in live.seated:
        raise SeatFree(freed)
    return Change(Game.SeatLeft, _next(live, "seat-left", freed, payload={"by": by}))


def token_reissued(live: LiveGame, host_token: str | None, at: int, fresh: str) -> Change:
    """The host gives seat `at` the new token `fresh`; the old one stops working."""
    host(live, host_token)
    if at not in live.seated:
        raise SeatFree(at)
    if live.status == "finished":
        raise GameFinished()
    return Change(Game.TokenReissued, _next(live, "token-reissued", at),
                  secret={"token_hash": token_hash(fresh)})


def dealt(live: LiveGame, token: str | None) -> Change:
    """The opening, once every seat is taken; the host or any seated player may ask."""
    by = None if is_host(live.aggregate, token) else seat(live, token)
    _in_lobby(live, "this game has already started")
    if len(live.seated) < live.setup.seats:
        raise SeatsEmpty(len(live.seated), live.setup.seats)
    events = live.rules.start(live.setup, live.seed)
    return Change(Game.Started, _next(live, "started", by, events=plain(events)), events)
