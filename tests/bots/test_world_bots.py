"""The bots play Rails & Sails World to its end, as a clock's takeover or a seated bot does.

Each game goes through `bots.seat.command_for` (which refuses a command that is not
listed), so a bot that chokes on a World decision (the secret piece split, a
refill's deck, a blind draw from a named deck, a harbor, an exchange, a sea
payment) fails here. The greedy bot's World-specific choices are checked on
handmade views: the deck it refills from and draws blind from, and where it builds
a harbor.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import msgspec
import pytest

from bots.seat import material_data, play
from bots.ticket_to_ride import greedy
from bots.ticket_to_ride.network import network_of
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.events import BlindDrawn, GameEnded, HarborBuilt, SlotRefilled
from tests.domain.ticket_to_ride.world import playing

MATERIAL = material_data(RULES, Setup(seats=2, map="world"))
CITY = {c["id"]: c["index"] for c in MATERIAL["cities"]}


@pytest.mark.parametrize("strategy", ["random", "greedy"])
@pytest.mark.parametrize("seats", [2, 5])
def test_each_bot_plays_a_world_game_to_its_end(strategy: str, seats: int) -> None:
    for number in range(2):
        seed = Seed(hashlib.sha256(f"world-{strategy}-{seats}-{number}".encode()).digest())
        state, log = play(RULES, Setup(seats=seats, map="world"), [strategy] * seats, seed,
                          random.Random(number))
        ended = log[-1]
        assert isinstance(ended, GameEnded) and RULES.result(state) is not None
        # the real end: a seat's supply fell to 6 or fewer, not the everyone-passed safeguard
        assert ended.reason == "final-round"
        public = msgspec.to_builtins(RULES.public_view(state))
        assert min(s["trains"] + s["pieces"]["ships"] for s in public["seats"]) <= 6
        if strategy == "greedy":
            decks = {e.deck for e in log if isinstance(e, BlindDrawn)}
            assert decks == {"train", "ship"}
            assert any(isinstance(e, HarborBuilt) for e in log)
            assert any(isinstance(e, SlotRefilled) for e in log)


def _turn_view() -> dict[str, Any]:
    """Seat 0's view in a two-seat World game in play (20 trains and 40 ships each; each
    test names the tickets it plans for)."""
    return msgspec.to_builtins(RULES.private_view(playing(2), 0))  # type: ignore[no-any-return]


def test_greedy_counts_ships_among_its_pieces_and_card_ids_by_colour() -> None:
    view = _turn_view()
    network = network_of(view, MATERIAL)
    mine = view["public"]["seats"][0]
    assert network.trains == mine["trains"] + mine["pieces"]["ships"] == 60
    view["hand"] = {"yellow-anchor": 1, "yellow-double-ship": 2, "wild": 3, "red": 1}
    assert network_of(view, MATERIAL).colours_held() == {"yellow": 3, "red": 1}


def test_greedy_refills_and_draws_blind_from_the_deck_its_plan_needs() -> None:
    view = _turn_view()
    # a lone sea ticket: Honolulu-Tokyo has only sea routes around it
    view["tickets"] = [{"id": 900, "a": "honolulu", "b": "tokyo", "points": 9}]
    view["offered"] = []
    view["public"]["display"] = ["wild"] * 6  # nothing face up it wants
    refills = [{"command": {"type": "refill-slot", "deck": d}} for d in ("train", "ship")]
    assert greedy.choose(view, refills, MATERIAL, random.Random(0))["deck"] == "ship"
    blind = [{"command": {"type": "draw-blind", "deck": d}} for d in ("train", "ship")]
    assert greedy.choose(view, blind, MATERIAL, random.Random(0))["deck"] == "ship"
    # a rail ticket inside one continent: the train deck
    view["tickets"] = [{"id": 901, "a": "moskva", "b": "beijing", "points": 9}]
    assert greedy.choose(view, refills, MATERIAL, random.Random(0))["deck"] == "train"
    assert greedy.choose(view, blind, MATERIAL, random.Random(0))["deck"] == "train"


def test_greedy_builds_its_harbor_in_a_city_its_tickets_name() -> None:
    view = _turn_view()
    view["tickets"] = [{"id": 902, "a": "honolulu", "b": "tokyo", "points": 9}]
    harbors = [
        {"command": {"type": "build-harbor", "city": CITY[c], "cards": {"wild": 4}}}
        for c in ("lima", "tokyo", "sydney")
    ]
    draws = [{"command": {"type": "draw-blind", "deck": "train"}}]
    chosen = greedy.choose(view, harbors + draws, MATERIAL, random.Random(0))
    assert chosen == harbors[1]["command"]
