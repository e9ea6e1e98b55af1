"""Reference bots: a seat's next command from what that seat may see.

A bot is a pure function of JSON-like data, the same whether the seat is
played in-process or over HTTP:

* ``view``: the seat's private view (``GET /games/{id}/me`` → ``view``),
* ``legal_moves``: its legal moves (``/me`` → ``legal_moves``; each entry has
  a ready ``command``),
* ``material``: the game's fixed components (``GET /games/{id}/material`` →
  ``material``),
* ``rng``: a seeded `random.Random` for tie-breaks, so a game is reproducible.

It returns one of the listed commands, as it is: bots never build a command
(nor a payment) themselves, so they keep working when a game's engine
changes how it spells alternatives. Example::

    >>> import random
    >>> moves = [{"command": {"type": "draw-card", "slot": None}}]
    >>> choose("ticket-to-ride", "random", {}, moves, {}, random.Random(1))
    {'type': 'draw-card', 'slot': None}

Strategies: ``random`` picks uniformly; ``greedy`` plays each game sensibly
(see `bots.ticket_to_ride.greedy` and `bots.colt_express.greedy`).

The bots read plain data only; `bots.seat` plays them in-process through the
domain protocol. Nothing in this package touches HTTP, the store or the
service (`service.bot_client` plays a seat over HTTP).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bots import uniform
from bots.colt_express import greedy as colt_express_greedy
from bots.ticket_to_ride import greedy as ticket_to_ride_greedy

Json = Mapping[str, Any]
#: ``(view, legal_moves, material, rng) -> command``
Bot = Callable[[Json, Sequence[Json], Json, random.Random], dict[str, Any]]

#: the greedy bot of each game kind, by ``kind``
GREEDY: dict[str, Bot] = {
    "ticket-to-ride": ticket_to_ride_greedy.choose,
    "colt-express": colt_express_greedy.choose,
}
STRATEGIES = ("random", "greedy")


def bot_for(kind: str, strategy: str) -> Bot:
    """The bot playing `kind` with `strategy`; `ValueError` for an unknown one."""
    if strategy == "random":
        return uniform.choose
    if strategy != "greedy":
        raise ValueError(f"unknown strategy {strategy!r}: one of {', '.join(STRATEGIES)}")
    found = GREEDY.get(kind)
    if found is None:
        raise ValueError(f"no greedy bot for the game kind {kind!r}")
    return found


def choose(
    kind: str,
    strategy: str,
    view: Json,
    legal_moves: Sequence[Json],
    material: Json,
    rng: random.Random,
) -> dict[str, Any]:
    """The command `strategy` plays for this seat: one of `legal_moves`' commands.

    Raises `ValueError` when there is no legal move (the seat is not to act) or
    the kind or strategy is unknown.
    """
    if not legal_moves:
        raise ValueError("no legal move: this seat is not to act")
    return bot_for(kind, strategy)(view, legal_moves, material, rng)
