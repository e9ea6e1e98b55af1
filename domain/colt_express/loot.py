"""Loot (§2, §4.5): what a token is worth, and a bandit taking one onto his card.

A token's kind is public and its name says it (``purse-7``, ``jewel-2``,
``strongbox-1``, ``ransom-1``); only a purse's value is hidden, so the value
is read from the state and `views` decides who may see it. A Rob, Cheyenne's
grab and *Pickpocketing* all take a token the same way, recording its value so
the taker's seat learns it (§4.5).
"""

from __future__ import annotations

from domain.colt_express.components import HOSTAGE_RANSOM, JEWEL_VALUE, STRONGBOX_VALUE
from domain.colt_express.events import LootTaken
from domain.colt_express.lookahead import Lookahead
from domain.colt_express.state import State


def token_value(state: State, token: str) -> int:
    """The dollar value of a loot token (purse values are hidden, §4.5)."""
    kind = token.partition("-")[0]
    if kind == "purse":
        return state.purse_values[token]
    if kind == "jewel":
        return JEWEL_VALUE
    if kind == "strongbox":
        return STRONGBOX_VALUE
    return HOSTAGE_RANSOM


def take(look: Lookahead, b: int, token: str, car: int, roof: bool) -> None:
    """Bandit `b` takes `token` from the location (`car`, `roof`) onto his card."""
    s = look.state
    look.emit(
        LootTaken(
            bandit=s.characters[b],
            seat=s.controller[b],
            token=token,
            car=car,
            roof=roof,
            value=token_value(s, token),
        )
    )
