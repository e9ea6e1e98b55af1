"""The fixed components of a Colt Express game, as a client needs them to read views.

Views and commands name characters (``"ghost"``), wagons (``"wagon-p3-j1"``),
round cards (``"r24-braking"``), turn types and events by id, and cards as
strings: ``"<character>/<action>"`` for an action card, ``"bullet/<character>/
<label>"`` for a bandit's bullet card and ``"bullet/neutral"`` for the
Marshal's. The material says what each id is. It holds only what is printed in
the box or fixed by the player count: which wagons are in the train, which
round cards are dealt and which purse holds which value are outcomes of the
seed and stay out (the values' distribution is public, rules §2). Built by
`material_of`.

The names, colours and powers of the characters, the action and event effects
and the turn types' meaning are data in ``components.json`` (transcribed from
``shared/reference/colt-express/data.json`` and rules.md §4.2, §6), like the
numbers `components` reads.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.colt_express.components import (
    ACTION_DECK,
    BULLETS_PER_BANDIT,
    CARS_BY_SEATS,
    CHARACTERS,
    COMPONENTS_FILE,
    DRAW,
    GUNSLINGER_BONUS,
    HAND,
    HAND_DOC,
    HOSTAGE_RANSOM,
    JEWEL_VALUE,
    NEUTRAL_BULLETS,
    PURSE_VALUES,
    ROUND_CARDS,
    ROUNDS,
    STARTING_PURSE,
    STATION_CARDS,
    STRONGBOX_VALUE,
    TWO_PLAYER_DECK_PER_BANDIT,
    WAGONS,
    regular_round_cards,
)
from domain.colt_express.opening import check_setup
from domain.kernel.protocol import Setup


class CharacterMaterial(msgspec.Struct, frozen=True):
    """A character (bandit): ``id`` as in views and cards, and its power in words."""

    id: str
    name: str
    colour: str
    #: a short key for the power (stable, for programs)
    power: str
    ability: str


class WagonMaterial(msgspec.Struct, frozen=True):
    """A car the train may use, with the loot printed on its floor (placed inside at setup)."""

    id: str
    purses: int
    jewels: int


class ActionCardMaterial(msgspec.Struct, frozen=True):
    """An action card type: how many of it one seat's deck holds in this setup, and its effect."""

    action: str
    count: int
    effect: str


class TurnTypeMaterial(msgspec.Struct, frozen=True):
    """A turn symbol on a round card (§4.2)."""

    id: str
    face_down: bool
    actions_per_player: int
    order: Literal["clockwise", "counter-clockwise"]


class EventMaterial(msgspec.Struct, frozen=True):
    """An end-of-round event (§6); ``station`` events end the last round."""

    id: str
    name: str
    station: bool
    effect: str


class RoundCardMaterial(msgspec.Struct, frozen=True):
    """A round card this setup may deal: its turns in order and its event (null: no event)."""

    id: str
    set: str
    turns: list[str]
    event: str | None


class PurseValues(msgspec.Struct, frozen=True):
    """``count`` purse tokens are worth ``value`` dollars (which purse is which is hidden)."""

    value: int
    count: int


class LootMaterial(msgspec.Struct, frozen=True):
    """The loot's values in dollars (§2, §7)."""

    purses: list[PurseValues]
    starting_purse: int
    jewel: int
    strongbox: int
    hostage_ransom: int
    gunslinger_bonus: int


class ColtExpressMaterial(msgspec.Struct, frozen=True, tag_field="kind", tag="colt-express"):
    """Everything fixed about one Colt Express setup (see the module docstring).

    ``cars`` cars follow the locomotive (position 0), drawn at random from
    ``wagons``; ``round_cards`` are the regular set for this player count
    (4 of them are dealt) and the station cards (1 is dealt last).
    ``bandits_per_seat`` is 2 in the two-player game (§8), whose decks are
    ``action_cards`` too.
    """

    seats: int
    two_player: bool
    bandits_per_seat: int
    rounds: int
    cars: int
    wagons: list[WagonMaterial]
    characters: list[CharacterMaterial]
    action_cards: list[ActionCardMaterial]
    bullets_per_bandit: int
    neutral_bullets: int
    hand: int
    hand_doc: int
    draw: int
    turn_types: list[TurnTypeMaterial]
    events: list[EventMaterial]
    round_cards: list[RoundCardMaterial]
    loot: LootMaterial


class _Texts(msgspec.Struct, frozen=True):
    """The descriptive part of ``components.json``, decoded straight into material types."""

    characters_described: list[CharacterMaterial]
    action_effects: dict[str, str]
    turn_types: list[TurnTypeMaterial]
    events: list[EventMaterial]


_TEXTS = msgspec.json.decode(COMPONENTS_FILE.read_bytes(), type=_Texts)
_CHARACTERS = {c.id: c for c in _TEXTS.characters_described}
#: each character's name and each round event's name, by id (the picture's words)
CHARACTER_NAMES = {c.id: c.name for c in _TEXTS.characters_described}
EVENT_NAMES = {e.id: e.name for e in _TEXTS.events}


def _action_cards(two_player: bool) -> list[ActionCardMaterial]:
    """A seat's action cards: the 10-card deck, or §8's 5 per bandit plus one Marshal."""
    if not two_player:
        return [ActionCardMaterial(a, n, _TEXTS.action_effects[a]) for a, n in ACTION_DECK.items()]
    counts = {a: 2 * TWO_PLAYER_DECK_PER_BANDIT.count(a) for a in ACTION_DECK}
    counts["marshal"] += 1
    return [ActionCardMaterial(a, n, _TEXTS.action_effects[a]) for a, n in counts.items() if n]


def material_of(setup: Setup) -> ColtExpressMaterial:
    """The material of `setup`, or raise `RuleViolation` ``bad-setup`` like `check_setup`."""
    check_setup(setup)
    two_player = setup.seats == 2
    dealt = (*regular_round_cards(setup.seats), *STATION_CARDS)
    values = sorted(set(PURSE_VALUES))
    return ColtExpressMaterial(
        seats=setup.seats,
        two_player=two_player,
        bandits_per_seat=2 if two_player else 1,
        rounds=ROUNDS,
        cars=CARS_BY_SEATS[setup.seats],
        wagons=[WagonMaterial(w, p, j) for w, (p, j) in WAGONS.items()],
        characters=[_CHARACTERS[c] for c in CHARACTERS],
        action_cards=_action_cards(two_player),
        bullets_per_bandit=BULLETS_PER_BANDIT,
        neutral_bullets=NEUTRAL_BULLETS,
        hand=HAND,
        hand_doc=HAND_DOC,
        draw=DRAW,
        turn_types=list(_TEXTS.turn_types),
        events=list(_TEXTS.events),
        round_cards=[
            RoundCardMaterial(c, ROUND_CARDS[c][0], list(ROUND_CARDS[c][1]), ROUND_CARDS[c][2])
            for c in dealt
        ],
        loot=LootMaterial(
            purses=[PurseValues(v, PURSE_VALUES.count(v)) for v in values],
            starting_purse=STARTING_PURSE,
            jewel=JEWEL_VALUE,
            strongbox=STRONGBOX_VALUE,
            hostage_ransom=HOSTAGE_RANSOM,
            gunslinger_bonus=GUNSLINGER_BONUS,
        ),
    )
