"""The train as a bot reads it: where the bandits and the Marshal are, and what loot is worth.

The one place that reads the Colt Express material and view fields, so a
change of either is adapted here only. Read: the material's ``loot``
(``purses`` values and counts); the view's ``seat``, ``own_pile_cards`` and
its public ``train`` (``inside``, ``roof`` tokens with ``id`` and
``value``), ``bandits`` (``character``, ``seat``, ``car``, ``roof``,
``loot``, ``bullets_left``), ``marshal``, ``pile`` (``resolved``) and
``pending_bandit``. The bot reads the legal moves' commands itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bandit:
    """A bandit: who plays him, where he stands and what his loot is worth."""

    character: str
    seat: int
    car: int
    roof: bool
    loot: int
    bullets_left: int


@dataclass(frozen=True)
class Train:
    """The board of one game as the view's seat sees it now (built by `train_of`)."""

    seat: int
    cars: int
    marshal: int
    bandits: dict[str, Bandit]
    #: per (car, roof): the values of the loot lying there, highest first
    loot: dict[tuple[int, bool], list[int]]
    #: per token id lying anywhere or held: its value (a hidden purse: the average purse)
    values: dict[str, int]
    #: the bandit carrying out the revealed card, or owing an event choice (None: nobody)
    acting: str | None
    #: the seat's own cards on the pile this round not yet carried out, in order
    planned: list[str]

    def best_loot(self, car: int, roof: bool, taken: int = 0) -> int:
        """The most valuable token lying at this location once the `taken` best are gone
        (0: none left)."""
        found = self.loot.get((car, roof), [])
        return found[taken] if taken < len(found) else 0

    def mine(self, character: str) -> bool:
        return self.bandits[character].seat == self.seat

    def seat_loot(self, seat: int) -> int:
        """What a seat's bandits hold, in dollars (hidden purses at their average)."""
        return sum(b.loot for b in self.bandits.values() if b.seat == seat)

    def rivals(self) -> list[Bandit]:
        """The other seats' bandits."""
        return [b for b in self.bandits.values() if b.seat != self.seat]

    def destinations(self, car: int, roof: bool) -> list[int]:
        """Where a Move card may take a bandit: 1 car inside, up to 3 along the roofs."""
        reach = 3 if roof else 1
        return [c for c in range(car - reach, car + reach + 1) if c != car and 0 <= c < self.cars]

    def in_sight(self, character: str, car: int, roof: bool) -> list[Bandit]:
        """Rivals a Fire from this location could hit: the nearest on the roofs each way,
        or those inside the adjacent cars."""
        rivals = [b for b in self.bandits.values() if b.character != character]
        if not roof:
            return [b for b in rivals if not b.roof and abs(b.car - car) == 1 and not self.mine(
                b.character)]
        found: list[Bandit] = []
        for step in (-1, 1):
            c = car + step
            while 0 <= c < self.cars:
                here = [b for b in rivals if b.roof and b.car == c]
                if here:
                    found += [b for b in here if not self.mine(b.character)]
                    break
                c += step
        return found


def average_purse(material: Mapping[str, Any]) -> int:
    """The expected value of a purse whose value is hidden (the box's purses, §2)."""
    purses = material["loot"]["purses"]
    count = sum(p["count"] for p in purses)
    return int(sum(p["value"] * p["count"] for p in purses)) // max(int(count), 1)


def _worth(tokens: Sequence[Mapping[str, Any]], hidden: int) -> list[int]:
    return [hidden if t["value"] is None else int(t["value"]) for t in tokens]


def train_of(view: Mapping[str, Any], material: Mapping[str, Any]) -> Train:
    """The board as the private `view`'s seat sees it now."""
    public = view["public"]
    hidden = average_purse(material)
    values: dict[str, int] = {}
    loot: dict[tuple[int, bool], list[int]] = {}
    for car in public["train"]:
        for roof, tokens in ((False, car["inside"]), (True, car["roof"])):
            worth = _worth(tokens, hidden)
            values.update(zip((t["id"] for t in tokens), worth, strict=True))
            loot[(int(car["position"]), roof)] = sorted(worth, reverse=True)
    bandits: dict[str, Bandit] = {}
    for b in public["bandits"]:
        worth = _worth(b["loot"], hidden)
        values.update(zip((t["id"] for t in b["loot"]), worth, strict=True))
        bandits[b["character"]] = Bandit(
            b["character"], int(b["seat"]), int(b["car"]), bool(b["roof"]), sum(worth),
            int(b["bullets_left"]),
        )
    return Train(
        seat=int(view["seat"]),
        cars=len(public["train"]),
        marshal=int(public["marshal"]),
        bandits=bandits,
        loot=loot,
        values=values,
        acting=public["pending_bandit"],
        planned=[card for card, entry in zip(view["own_pile_cards"], public["pile"], strict=True)
                 if card is not None and not entry["resolved"]],
    )
