"""Stream tickets: a seat's event stream opened without its token in the address.

A browser's ``EventSource`` cannot send an ``Authorization`` header, and a
bearer token in a URL ends up in proxy logs, browser history and ``Referer``
headers. So a seat asks, with its token, for a ticket (`issue`): 256 random
bits, good for one stream of that game and that seat, within `TICKET_SECONDS`.
The ticket goes in the stream's address (``?ticket=``); opening the stream uses
it up (`redeem`), so a ticket that leaks afterwards opens nothing.

The store holds only the ticket's SHA-256, with the game, the seat and its
expiry (``<events table>_stream_tickets``, `service.store.recorders`), so every
API process sharing the store can redeem a ticket any of them issued, and the
database's delete-as-read lets exactly one request use it.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from service.store.recorders import GameRecorder

#: how long a ticket may wait to be used (a page asks for one right before it connects)
TICKET_SECONDS = 60


def _hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode()).hexdigest()


def issue(recorder: GameRecorder, game_id: str, seat: int) -> str:
    """A new ticket for `seat`'s stream of the game, kept (as its hash) until it expires."""
    ticket = secrets.token_urlsafe(32)
    recorder.issue_ticket(_hash(ticket), game_id, seat, time.time() + TICKET_SECONDS)
    return ticket


def redeem(recorder: GameRecorder, game_id: str, ticket: str) -> int | None:
    """The seat of a live ticket of this game, which is used up; None for any other ticket."""
    return recorder.redeem_ticket(_hash(ticket), game_id, time.time())
