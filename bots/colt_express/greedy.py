"""The ``greedy`` Colt Express bot: rob, keep away from the Marshal, shoot and punch leaders.

Each decision reads the train through `bots.colt_express.train` and scores
the legal moves' ready commands:

* **Schemin'** (which card to play): each card is worth what it would do
  from where the bandit will stand once his cards already on the pile are
  carried out (a Change floor flips the level, a Move goes where this bot
  will send him, a Rob takes the best token): a Rob the loot left there, a
  Move or Change floor the better loot it leads to (and an escape from the
  Marshal's car), a Fire or Punch a rival to hit, a Marshal card a rival
  next to him. Drawing cards wins when no card is worth more.
* **Stealin'** (carrying a card out): rob the most valuable token; move
  towards loot and never into the Marshal's car; fire at, and punch, the
  rival seat holding the most (punching its best token loose, into the
  Marshal's car when it can); send the Marshal to the rivals, never to an
  own bandit.
* **Events**: pickpocket the best purse, give up the cheapest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bots.colt_express.train import Train, train_of

#: what each part of a card's effect is worth, in dollars of expected loot
SETUP_SHARE = 0.6  # a Move or Change floor only sets a Rob up
MARSHAL_PENALTY = 400  # a neutral bullet and a trip to the roof
SHOT_WORTH = 250  # a rival's dead card and a step towards the Gunslinger bonus
DRAW_WORTH = 90  # cards in hand are options later

Move = Mapping[str, Any]


def choose(
    view: Mapping[str, Any],
    legal_moves: Sequence[Move],
    material: Mapping[str, Any],
    rng: random.Random,
) -> dict[str, Any]:
    """The greedy command for this seat (see the module docstring)."""
    train = train_of(view, material)

    def score(move: Move) -> tuple[float, float]:
        command = move["command"]
        rate = _RATES.get(command["type"])
        worth = rate(train, command) if rate is not None else 0.0
        return worth, rng.random()

    chosen: dict[str, Any] = max(legal_moves, key=score)["command"]
    return chosen


def _where(train: Train, character: str) -> tuple[int, bool, int]:
    """Where `character` stands once his cards already on the pile are carried out, and
    how many Robs he will have made there: a Change floor flips the level, a Move goes
    where this bot will send him (the best arrival), a Rob takes the best token left."""
    bandit = train.bandits[character]
    car, roof, robs = bandit.car, bandit.roof, 0
    for card in train.planned:
        who, _, action = card.partition("/")
        if who != character:
            continue
        if action == "change_floor":
            roof, robs = not roof, 0
        elif action == "move":
            destinations = train.destinations(car, roof)
            if destinations:
                car = max(destinations, key=lambda c: _arrival(train, c, roof))
                robs = 0
        elif action == "rob":
            robs += 1
    return car, roof, robs


def _danger(train: Train, car: int, roof: bool) -> float:
    return MARSHAL_PENALTY if not roof and car == train.marshal else 0.0


def _arrival(train: Train, car: int, roof: bool) -> float:
    """What stepping into a location is worth: its best loot, or, inside the Marshal's
    car, a neutral bullet and a flight to the roof before any Rob."""
    return -MARSHAL_PENALTY if _danger(train, car, roof) else float(train.best_loot(car, roof))


def _card(train: Train, command: Move) -> float:
    character, _, action = command["card"].partition("/")
    if character not in train.bandits:
        return 0.0  # a bullet card: it does nothing
    car, roof, robs = _where(train, character)
    here = train.best_loot(car, roof, robs)
    if action == "rob":
        return float(here)
    if action == "move":
        best = max((_arrival(train, c, roof) for c in train.destinations(car, roof)),
                   default=0.0)
        return SETUP_SHARE * (best - here) + _danger(train, car, roof)
    if action == "change_floor":
        other = _arrival(train, car, not roof)
        return SETUP_SHARE * (other - here) + _danger(train, car, roof)
    if action == "fire":
        if train.bandits[character].bullets_left == 0:
            return 0.0
        targets = train.in_sight(character, car, roof)
        return SHOT_WORTH + 0.1 * max(b.loot for b in targets) if targets else 0.0
    if action == "punch":
        victims = [b for b in train.rivals() if (b.car, b.roof) == (car, roof) and b.loot]
        return 0.5 * max(b.loot for b in victims) if victims else 0.0
    if action == "marshal":
        near = [b for b in train.rivals() if not b.roof and abs(b.car - train.marshal) == 1]
        return 0.3 * MARSHAL_PENALTY if near else 0.0
    return 0.0


def _draw(_train: Train, _c: Move) -> float:
    return DRAW_WORTH


def _move(train: Train, command: Move) -> float:
    roof = train.acting is not None and train.bandits[train.acting].roof
    return _arrival(train, int(command["car"]), roof)


def _rival_worth(train: Train, character: str) -> float:
    """How much hitting `character` hurts the others: his seat's loot, negative for an own."""
    bandit = train.bandits[character]
    return -1.0 - bandit.loot if train.mine(character) else 1.0 + train.seat_loot(bandit.seat)


def _fire(train: Train, command: Move) -> float:
    return _rival_worth(train, command["target"])


def _punch(train: Train, command: Move) -> float:
    victim = train.bandits[command["victim"]]
    token = train.values.get(command["token"], 0) if command["token"] else 0
    worth = 10 * _rival_worth(train, victim.character) + token
    if command.get("take_purse"):
        worth += token
    car = int(command["car"])
    return worth + _danger(train, car, victim.roof) * (1 if not train.mine(victim.character)
                                                       else -1)


def _rob(train: Train, command: Move) -> float:
    return float(train.values.get(command["token"], 0))


def _marshal(train: Train, command: Move) -> float:
    car = int(command["car"])
    inside = [b for b in train.bandits.values() if not b.roof and b.car == car]
    return sum(-MARSHAL_PENALTY if train.mine(b.character) else 1.0 + b.loot for b in inside)


def _pickpocket(train: Train, command: Move) -> float:
    return float(train.values.get(command["token"], 0)) if command["token"] else 0.0


def _give_up(train: Train, command: Move) -> float:
    return -float(train.values.get(command["token"], 0))


def _keep(_train: Train, command: Move) -> float:
    return {"rob": 3.0, "fire": 2.0, "move": 1.0}.get(command["card"].partition("/")[2], 0.0)


Rate = Callable[[Train, Move], float]

#: the scoring of each command type (others, e.g. place-bandits, score alike: a tie-break)
_RATES: dict[str, Rate] = {
    "play-card": _card,
    "draw-cards": _draw,
    "decline-cover-fire": _draw,
    "move-bandit": _move,
    "fire": _fire,
    "punch": _punch,
    "rob": _rob,
    "move-marshal": _marshal,
    "pickpocket": _pickpocket,
    "give-up-purse": _give_up,
    "keep-card": _keep,
}
