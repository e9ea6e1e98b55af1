"""What became of a finished game's components: the raw counts of the figures across games.

A kind names, for each component worth counting across many games (a Ticket to
Ride route or ticket, a Colt Express character), what happened to it in one
finished game: ``Outcome("route", "12", "claimed")``. The statistics service
adds these up per map without knowing any game's components; the ids are those
of the kind's `material` (route and ticket indices, character ids).
"""

from __future__ import annotations

from typing import NamedTuple


class Outcome(NamedTuple):
    """One thing that happened to one component in a finished game."""

    #: the family of component: ``route``, ``ticket``, ``character``
    subject: str
    #: its id within the game's material (an index written out, or a name)
    id: str
    #: what happened: ``claimed``, ``kept``, ``completed``, ``played``, ``won``...
    what: str
