"""End-of-round events (§6): what the round card's event does once Stealin' is over.

An event acts on every bandit it names at once, judged where each stands when
it starts (§6, Resolved), so the bandits concerned are listed before any of
them moves. Two events ask for choices (*Pickpocketing*, *Marshal's Revenge*):
`RoundEventBegan` names who owes one, in seat order from the first player,
and each choice is then one command of that bandit's controller.
"""

from __future__ import annotations

from domain.colt_express.commands import Command, GiveUpPurse, Pickpocket
from domain.colt_express.events import (
    BanditMoved,
    ChoiceMade,
    LootDropped,
    LootPlaced,
    MarshalMoved,
    RansomPaid,
    RoundEventBegan,
)
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.loot import take
from domain.colt_express.marshal import encounter, neutral_bullets
from domain.colt_express.refusals import command_types, refuse
from domain.colt_express.state import State
from domain.colt_express.train import inside_at, loot_at, on_roof_at


def event_options(state: State) -> list[Command]:
    """The choices of the first bandit owing one for the round's event (§6)."""
    b = state.queue[0]
    car, roof = state.bandit_car[b], state.bandit_roof[b]
    if state.round_event() == "pickpocketing":
        purses = [t for t in loot_at(state, car, roof) if t.startswith("purse-")]
        return [Pickpocket(token=None), *(Pickpocket(token=t) for t in purses)]
    return [GiveUpPurse(token=t) for t in _lowest_purses(state, b)]


def _lowest_purses(state: State, b: int) -> list[str]:
    """Bandit `b`'s purses of the lowest value (several when values tie)."""
    purses = [t for t in state.held[b] if t.startswith("purse-")]
    if not purses:
        return []
    low = min(state.purse_values[t] for t in purses)
    return [t for t in purses if state.purse_values[t] == low]


def make_choice(look: Lookahead, command: Command) -> None:
    """The first bandit owing a choice makes it: one of `event_options`, or refused."""
    s = look.state
    options = event_options(s)
    if command not in options:
        raise refuse("illegal-choice", "not a legal choice for this event (see the legal "
                     "moves)", "§6", expected=command_types(options))
    b = s.queue[0]
    name, car, roof = s.characters[b], s.bandit_car[b], s.bandit_roof[b]
    if isinstance(command, Pickpocket):
        look.emit(ChoiceMade(bandit=name, token=command.token))
        if command.token is not None:
            take(look, b, command.token, car, roof)
    elif isinstance(command, GiveUpPurse):
        look.emit(ChoiceMade(bandit=name, token=command.token))
        look.emit(LootDropped(bandit=name, token=command.token, car=car, roof=roof))


def round_event(look: Lookahead, event: str) -> None:
    """Apply the round card's event; bandits are judged where they stand now (§6)."""
    s = look.state
    order = s.bandits_in_seat_order()
    if event == "pickpocketing":
        choosers = [
            b
            for b in order
            if len(_at(s, b)) == 1
            and any(t.startswith("purse-") for t in loot_at(s, s.bandit_car[b], s.bandit_roof[b]))
        ]
        look.emit(RoundEventBegan(event=event, choosers=[s.characters[b] for b in choosers]))
        return
    if event == "marshals_revenge":
        # From 0.3 every holder is asked, so that being asked tells nobody whose lowest
        # purses tie (domain.colt_express.versions); before, only tied holders were
        victims = [b for b in order if b in on_roof_at(s, s.marshal)]
        least = 1 if s.every_holder_chooses else 2
        asked = [b for b in victims if len(_lowest_purses(s, b)) >= least]
        look.emit(RoundEventBegan(event=event, choosers=[s.characters[b] for b in asked]))
        for b in victims:
            if b in asked:
                continue
            lowest = _lowest_purses(s, b)
            if len(lowest) == 1:
                look.emit(
                    LootDropped(bandit=s.characters[b], token=lowest[0], car=s.marshal, roof=True)
                )
        return
    look.emit(RoundEventBegan(event=event, choosers=[]))
    if event == "angry_marshal":
        neutral_bullets(look, [b for b in order if b in on_roof_at(s, s.marshal)])
        if s.marshal < s.caboose:
            look.emit(MarshalMoved(car=s.marshal + 1))
            encounter(look, [b for b in order if b in inside_at(s, s.marshal)])
    elif event == "swivel_arm":
        for b in order:
            if s.bandit_roof[b] and s.bandit_car[b] != s.caboose:
                look.emit(
                    BanditMoved(bandit=s.characters[b], car=s.caboose, roof=True, cause=event)
                )
    elif event == "braking":
        for b in order:
            if s.bandit_roof[b] and s.bandit_car[b] > 0:
                look.emit(
                    BanditMoved(
                        bandit=s.characters[b], car=s.bandit_car[b] - 1, roof=True, cause=event
                    )
                )
    elif event == "take_it_all":
        for token in list(s.reserve):
            look.emit(LootPlaced(token=token, car=s.marshal))
    elif event == "passengers_rebellion":
        neutral_bullets(look, [b for b in order if not s.bandit_roof[b]])
    elif event == "hostage_conductor":
        for b in order:
            if s.bandit_car[b] == 0:
                look.emit(RansomPaid(bandit=s.characters[b], token=f"ransom-{s.ransoms + 1}"))


def _at(state: State, b: int) -> list[int]:
    """Every bandit at b's location, b included."""
    car, roof = state.bandit_car[b], state.bandit_roof[b]
    return [
        o
        for o in range(len(state.characters))
        if state.bandit_car[o] == car and state.bandit_roof[o] == roof
    ]
