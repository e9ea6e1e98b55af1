"""Score sheets add up in random games of every kind, map and variant (issue 23).

Each map and variant at its smallest and largest seat count (`extreme_setups`) plays
random games to their end. Every finished game's result must carry a sheet per seat
whose terms add up to the score its game-ended event recorded, listing exactly the
terms of that map's (or kind's) scoring; the same sheets must come from the log
replayed and appear in the public view. On Ticket to Ride the routes term must be the
claimed routes' points from the board's table, whatever else the score track holds
(exchanges, Rails & Sails §3.4).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.registry import kinds
from domain.ticket_to_ride import RULES as TICKET_TO_RIDE
from tests.domain.random_states import each_extreme_setup
from tests.domain.sheets import check_sheets, terms

#: the terms of each map's (or kind's) final scoring, in sheet order
TERMS = {
    "europe": ["routes", "tickets", "stations", "express"],
    "amsterdam": ["routes", "tickets", "goods"],
    "world": ["routes", "exchanges", "tickets", "tours", "harbors"],
    "northern-lights": ["routes", "tickets", "goal-cards"],
    None: ["purses", "jewels", "strongboxes", "ransoms", "gunslinger"],
}
GAMES_PER_SETUP = 2


def _recorded(event: Any) -> list[int]:
    """The scores a game-ended event records (a Ticket to Ride account's total)."""
    return [s if isinstance(s, int) else s.total for s in event.scores]


@each_extreme_setup()
def test_random_games_sheets_add_up_to_the_recorded_scores(kind: str, setup: Setup) -> None:
    rules = kinds()[kind]
    for game in range(GAMES_PER_SETUP):
        seed = Seed(bytes([setup.seats, 23, game, 1]) * 8)
        live, log = play_random_game(rules, setup, seed, random.Random(game))
        result = rules.result(live)
        assert result is not None
        check_sheets(result)
        assert result.scores == _recorded(log[-1])
        assert all(list(terms(sheet)) == TERMS[setup.map] for sheet in result.sheets)

        replayed = None
        for event in log:
            replayed = rules.evolve(replayed, event)
        assert rules.result(replayed) == result
        public = msgspec.to_builtins(rules.public_view(live))
        assert public["result"]["sheets"] == msgspec.to_builtins(result.sheets)

        if kind == "ticket-to-ride":
            board = TICKET_TO_RIDE.engines[live.rules.map].board
            for sheet, player in zip(result.sheets, live.players, strict=True):
                routes = sum(board.route_points[r] for r in player.routes)
                assert terms(sheet)["routes"][0] == routes
