"""Finished random games in a store, for the statistics tests (the store's own API, no HTTP).

`finished_game` opens a table, seats players (or bots the host seats), and plays
uniformly random legal moves to the end through `GameStore.command`, exactly as
a client's commands are recorded. `every_map` lists a setup per map of each kind.
"""

from __future__ import annotations

import random

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.store.games import GameStore
from service.store.opening import Opening

HOST = "host-token-of-the-statistics-tests"


def every_map() -> list[tuple[str, Setup]]:
    """``(kind, setup)`` for each map of each registered kind (one setup for a kind without
    maps), at the map's fewest seats."""
    found = []
    for kind, rules in sorted(kinds().items()):
        descriptor = rules.descriptor
        if not descriptor.maps:
            found.append((kind, Setup(seats=descriptor.min_seats)))
        for board in descriptor.maps:
            found.append((kind, Setup(seats=board.min_seats, map=board.id)))
    return found


def finished_game(
    store: GameStore,
    kind: str,
    setup: Setup,
    chooser: random.Random,
    *,
    bots: int = 0,
    listed: bool = True,
) -> str:
    """A game played to its end with random legal moves: its id. The first `bots` seats
    are given to bots by the host (their moves are still chosen here)."""
    game_id = store.create(kind, setup, Opening(listed=listed, host_token=HOST))
    tokens = [store.join(game_id, f"bot {s}", bot="random", host_token=HOST).token
              if s < bots else store.join(game_id, f"player {s}").token
              for s in range(setup.seats)]
    store.start(game_id, tokens[0])
    rules = store.kinds[kind]
    while True:
        state = store.read(game_id, lambda live, _: live.state)
        seats = rules.to_act(state)
        if not seats:
            return game_id
        seat = chooser.choice(seats)
        store.command(game_id, tokens[seat], chooser.choice(rules.legal_moves(state, seat)).command)
