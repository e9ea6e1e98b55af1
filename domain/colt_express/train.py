"""Who can reach whom on the train: destinations, targets and victims (§4.3).

Pure functions of the state; the decider turns their answers into the choices
a card's owner is offered.
"""

from __future__ import annotations

from domain.colt_express.state import State


def adjacent(state: State, car: int) -> list[int]:
    """The existing neighbours of a position, forward (toward the locomotive) first."""
    return [c for c in (car - 1, car + 1) if 0 <= c <= state.caboose]


def move_destinations(state: State, b: int) -> list[int]:
    """Cars a Move may take the bandit to: 1 car inside, 1-3 cars on the roof (§4.3)."""
    car = state.bandit_car[b]
    if not state.bandit_roof[b]:
        return adjacent(state, car)
    return [
        c for c in (car - 3, car - 2, car - 1, car + 1, car + 2, car + 3) if 0 <= c <= state.caboose
    ]


def fire_targets(state: State, b: int) -> list[int]:
    """Bandits the shooter may hit (§4.3): adjacent inside, line of sight on roofs,
    Tuco's other level, and Belle only when nobody else can be chosen."""
    car, roof = state.bandit_car[b], state.bandit_roof[b]
    others = [o for o in range(len(state.characters)) if o != b]
    targets: list[int] = []
    if roof:
        for step in (-1, 1):
            c = car + step
            while 0 <= c <= state.caboose:
                here = [o for o in others if state.bandit_car[o] == c and state.bandit_roof[o]]
                if here:
                    targets += here
                    break
                c += step
    else:
        targets = [
            o for o in others if not state.bandit_roof[o] and abs(state.bandit_car[o] - car) == 1
        ]
    if state.characters[b] == "tuco":
        targets += [
            o for o in others if state.bandit_car[o] == car and state.bandit_roof[o] != roof
        ]
    return _belle_rule(state, sorted(targets))


def punch_victims(state: State, b: int) -> list[int]:
    """Other bandits at the puncher's location, with Belle's protection (§4.3)."""
    car, roof = state.bandit_car[b], state.bandit_roof[b]
    victims = [
        o
        for o in range(len(state.characters))
        if o != b and state.bandit_car[o] == car and state.bandit_roof[o] == roof
    ]
    return _belle_rule(state, victims)


def _belle_rule(state: State, targets: list[int]) -> list[int]:
    """Belle may be chosen only when she is the only choice."""
    if len(targets) > 1:
        return [t for t in targets if state.characters[t] != "belle"]
    return targets


def loot_at(state: State, car: int, roof: bool) -> list[str]:
    """The tokens lying at one location."""
    return state.roof[car] if roof else state.inside[car]


def inside_at(state: State, car: int) -> list[int]:
    """Bandits inside a car."""
    return [
        o
        for o in range(len(state.characters))
        if state.bandit_car[o] == car and not state.bandit_roof[o]
    ]


def on_roof_at(state: State, car: int) -> list[int]:
    """Bandits on the roof of a car."""
    return [
        o
        for o in range(len(state.characters))
        if state.bandit_car[o] == car and state.bandit_roof[o]
    ]
