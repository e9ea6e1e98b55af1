"""The greedy Colt Express bot's choices, from small hand-made views.

A view here holds only what a seat's private view holds (the fields
`bots.colt_express.train` reads); the material is the real one.
"""

from __future__ import annotations

import random
from typing import Any

from bots.colt_express import greedy
from bots.colt_express.train import average_purse
from bots.seat import material_data
from domain.colt_express import RULES
from domain.kernel.protocol import Setup

MATERIAL = material_data(RULES, Setup(seats=3))


def _bandit(character: str, seat: int, car: int, roof: bool = False,
            loot: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"character": character, "seat": seat, "car": car, "roof": roof,
            "loot": loot or [], "bullets_left": 6, "bullets_received": 0}


def _view(bandits: list[dict[str, Any]], marshal: int = 0,
          loot: dict[int, list[dict[str, Any]]] | None = None, pending: str = "ghost",
          seat: int = 0) -> dict[str, Any]:
    train = [{"position": c, "wagon": "x", "inside": (loot or {}).get(c, []), "roof": []}
             for c in range(4)]
    return {
        "seat": seat, "hand": [], "own_pile_cards": [], "purse_values": {},
        "public": {"train": train, "bandits": bandits, "marshal": marshal, "pile": [],
                   "pending_bandit": pending, "phase": "stealin"},
    }


def _choose(view: dict[str, Any], commands: list[dict[str, Any]]) -> dict[str, Any]:
    return greedy.choose(view, [{"command": c} for c in commands], MATERIAL, random.Random(0))


PURSE = {"id": "purse-9", "value": None}
JEWEL = {"id": "jewel-1", "value": 500}
STRONGBOX = {"id": "strongbox-1", "value": 1000}


def test_rob_takes_the_most_valuable_token() -> None:
    view = _view([_bandit("ghost", 0, 2)], marshal=0, loot={2: [PURSE, STRONGBOX, JEWEL]})
    robs = [{"type": "rob", "token": t["id"]} for t in (PURSE, STRONGBOX, JEWEL)]
    assert _choose(view, robs) == {"type": "rob", "token": "strongbox-1"}
    assert average_purse(MATERIAL) < 500  # a hidden purse is worth less than a jewel


def test_a_move_goes_to_the_loot_and_never_into_the_marshals_car() -> None:
    bandits = [_bandit("ghost", 0, 2)]
    moves = [{"type": "move-bandit", "car": 1}, {"type": "move-bandit", "car": 3}]
    assert _choose(_view(bandits, marshal=0, loot={3: [JEWEL]}), moves)["car"] == 3
    assert _choose(_view(bandits, marshal=3, loot={3: [JEWEL]}), moves)["car"] == 1


def test_fire_hits_the_rival_holding_most() -> None:
    bandits = [_bandit("ghost", 0, 2), _bandit("tuco", 1, 3), _bandit("belle", 2, 1,
                                                                      loot=[JEWEL])]
    fires = [{"type": "fire", "target": t} for t in ("tuco", "belle")]
    assert _choose(_view(bandits), fires) == {"type": "fire", "target": "belle"}


def test_fire_never_hits_an_own_bandit_when_a_rival_is_in_sight() -> None:
    # the two-player game: seat 0 plays ghost and doc
    bandits = [_bandit("ghost", 0, 2), _bandit("doc", 0, 1, loot=[STRONGBOX]),
               _bandit("tuco", 1, 3)]
    fires = [{"type": "fire", "target": t} for t in ("doc", "tuco")]
    assert _choose(_view(bandits), fires) == {"type": "fire", "target": "tuco"}


def test_punch_knocks_the_leader_into_the_marshal_and_takes_his_best_token() -> None:
    bandits = [_bandit("cheyenne", 0, 2), _bandit("tuco", 1, 2, loot=[PURSE, JEWEL]),
               _bandit("belle", 2, 2)]
    punches = [
        {"type": "punch", "victim": victim, "token": token, "car": car, "take_purse": False}
        for victim, token in (("tuco", "purse-9"), ("tuco", "jewel-1"), ("belle", None))
        for car in (1, 3)
    ]
    chosen = _choose(_view(bandits, marshal=1, pending="cheyenne"), punches)
    assert chosen == {"type": "punch", "victim": "tuco", "token": "jewel-1", "car": 1,
                      "take_purse": False}


def test_the_marshal_goes_to_rivals_not_to_an_own_bandit() -> None:
    bandits = [_bandit("ghost", 0, 1), _bandit("tuco", 1, 3, loot=[JEWEL])]
    moves = [{"type": "move-marshal", "car": 1}, {"type": "move-marshal", "car": 3}]
    assert _choose(_view(bandits, marshal=2), moves) == {"type": "move-marshal", "car": 3}


def test_schemin_plays_rob_where_loot_lies_and_change_floor_to_flee_the_marshal() -> None:
    cards = [{"type": "play-card", "card": f"ghost/{a}", "face_down": False}
             for a in ("rob", "change_floor", "fire")] + [{"type": "draw-cards"}]
    bandits = [_bandit("ghost", 0, 2), _bandit("tuco", 1, 0)]
    view = _view(bandits, marshal=3, loot={2: [STRONGBOX]})
    view["public"]["phase"] = "schemin"
    assert _choose(view, cards)["card"] == "ghost/rob"
    view = _view(bandits, marshal=2, loot={})
    view["public"]["phase"] = "schemin"
    assert _choose(view, cards)["card"] == "ghost/change_floor"
