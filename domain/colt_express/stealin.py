"""Stealin' (§4.3): the ways a revealed card may be carried out, and its effects.

The owner of a revealed card chooses, in one command, every choice the card
needs, judged on the train as it stands now (not as it stood when the card
was planned). `card_options` lists those commands; `decide` accepts only one
of them, so an illegal choice and a legal one can never disagree with what
`legal_moves` offers. A card with no option has no effect (the action is
compulsory otherwise); Change floor has no choice and resolves by itself.
"""

from __future__ import annotations

from domain.colt_express.commands import Command, Fire, MoveBandit, MoveMarshal, Punch, Rob
from domain.colt_express.components import bullet_card, card_parts
from domain.colt_express.events import (
    BulletTaken,
    CardResolved,
    CardRevealed,
    LootDropped,
    MarshalMoved,
)
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.loot import take
from domain.colt_express.marshal import encounter, move_to
from domain.colt_express.refusals import command_types, refuse
from domain.colt_express.state import State
from domain.colt_express.train import (
    adjacent,
    fire_targets,
    inside_at,
    loot_at,
    move_destinations,
    punch_victims,
)
from domain.kernel.errors import wire_name


def card_bandit(state: State) -> int:
    """The bandit whose card lies at the pile's current position."""
    return state.bandit(card_parts(state.pile[state.pile_pos])[0])


def turn_up(look: Lookahead) -> bool:
    """Reveal the pile's current card and resolve it if it needs nobody's choice.

    True when its owner must now choose how to carry it out. A Change floor
    resolves by itself, and a card with no legal way has no effect (§4.3).
    """
    s = look.state
    if not s.revealed:
        look.emit(CardRevealed(index=s.pile_pos, card=s.pile[s.pile_pos]))
    b = card_bandit(s)
    if card_parts(s.pile[s.pile_pos])[1] == "change_floor":
        resolve(look, b, None)
        look.emit(CardResolved(index=s.pile_pos, effect=True))
    elif not card_options(s, b):
        look.emit(CardResolved(index=s.pile_pos, effect=False))
    else:
        return True
    return False


def carry_out(look: Lookahead, command: Command) -> None:
    """The owner's choice for the revealed card: one of `card_options`, or refused."""
    s = look.state
    index, b = s.pile_pos, card_bandit(s)
    options = card_options(s, b)
    if command not in options:
        raise refuse(
            "illegal-action",
            f"{wire_name(command)!r} is not a legal way to carry out this card (see the "
            "legal moves)",
            "§4.3", expected=command_types(options),
        )
    resolve(look, b, command)
    look.emit(CardResolved(index=index, effect=True))


def card_options(state: State, b: int) -> list[Command]:
    """Every legal way for bandit `b` to carry out the revealed card (§4.3).

    Empty when the card has no effect; Change floor has no choice and is
    resolved without asking, so it has none either.
    """
    action = card_parts(state.pile[state.pile_pos])[1]
    if action == "move":
        return [MoveBandit(car=c) for c in move_destinations(state, b)]
    if action == "fire":
        if state.bullets_left[b] == 0:
            return []
        return [Fire(target=state.characters[t]) for t in fire_targets(state, b)]
    if action == "punch":
        return _punch_options(state, b)
    if action == "rob":
        car, roof = state.bandit_car[b], state.bandit_roof[b]
        return [Rob(token=t) for t in loot_at(state, car, roof)]
    if action == "marshal":
        return [MoveMarshal(car=c) for c in adjacent(state, state.marshal)]
    return []


def _punch_options(state: State, b: int) -> list[Command]:
    """Victim, token (none when he holds nothing), Cheyenne's grab of a purse, direction."""
    options: list[Command] = []
    cheyenne = state.characters[b] == "cheyenne"
    for v in punch_victims(state, b):
        tokens: list[str | None] = list(state.held[v]) or [None]
        for token in tokens:
            grabs = [False, True] if cheyenne and token and token.startswith("purse-") else [False]
            for grab in grabs:
                for car in adjacent(state, state.bandit_car[v]):
                    options.append(
                        Punch(victim=state.characters[v], token=token, car=car, take_purse=grab)
                    )
    return options


def resolve(look: Lookahead, b: int, command: Command | None) -> None:
    """The effects of the revealed card of bandit `b` carried out as `command` says."""
    s = look.state
    name = s.characters[b]
    if command is None:  # Change floor: the only action without a choice
        move_to(look, b, s.bandit_car[b], not s.bandit_roof[b], "change-floor")
    elif isinstance(command, MoveBandit):
        move_to(look, b, command.car, s.bandit_roof[b], "move")
    elif isinstance(command, Fire):
        t = s.bandit(command.target)
        look.emit(
            BulletTaken(
                bandit=command.target, card=bullet_card(name, s.bullets_left[b]), shooter=name
            )
        )
        if name == "django":
            step = 1 if s.bandit_car[t] > s.bandit_car[b] else -1
            car = s.bandit_car[t] + step
            if 0 <= car <= s.caboose:  # never off the train (§4.3)
                move_to(look, t, car, s.bandit_roof[t], "django")
    elif isinstance(command, Punch):
        v = s.bandit(command.victim)
        car, roof = s.bandit_car[v], s.bandit_roof[v]
        if command.token is not None:
            look.emit(LootDropped(bandit=command.victim, token=command.token, car=car, roof=roof))
            if command.take_purse:
                take(look, b, command.token, car, roof)
        move_to(look, v, command.car, roof, "punch")
    elif isinstance(command, Rob):
        take(look, b, command.token, s.bandit_car[b], s.bandit_roof[b])
    elif isinstance(command, MoveMarshal):
        look.emit(MarshalMoved(car=command.car))
        encounter(look, inside_at(s, command.car))
