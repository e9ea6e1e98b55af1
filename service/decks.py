"""The game kinds this server hosts, with the ticket deck its operator supplies.

`hosted_kinds` is `domain.registry.kinds()` unless the ``ticket_deck`` setting
names a deck file: the service reads the file and hands its bytes to the
domain (`domain.ticket_to_ride.rules.with_ticket_deck`, which checks it), and
Ticket to Ride is hosted with that board. Every part of the service that
decides games (the API, its log verifiers, ``roundhouse replay`` and
``audit``) takes its kinds from here, so they all play the same deck, and a
log dealt from another deck is refused by its rules version.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.kernel.protocol import GameRules
from domain.registry import kinds
from domain.ticket_to_ride.rules import TicketToRideRules, with_ticket_deck
from service.settings import Settings


def hosted_kinds(settings: Settings) -> dict[str, GameRules[Any, Any, Any]]:
    """The kinds to host under `settings` (raises `MapError` for a bad deck file)."""
    hosted = dict(kinds())
    if settings.ticket_deck:
        path = Path(settings.ticket_deck)
        rules = TicketToRideRules(with_ticket_deck(str(path), path.read_bytes()))
        hosted[rules.descriptor.kind] = rules
    return hosted
