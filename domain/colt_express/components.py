"""The game's components as data, loaded once from ``components.json``.

The JSON is our transcription of ``shared/reference/colt-express/data.json``;
this module only gives it types and derives the card lists the engine deals.
Cards are strings so the kernel's `Shuffle` records them as they are:
``"<character>/<action>"`` for action cards, ``"bullet/<character>/<label>"``
for a bandit's bullet card and ``"bullet/neutral"`` for the Marshal's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

#: the data file; `material` reads its descriptive texts (names, powers, effects) from it too
COMPONENTS_FILE: Final[Path] = Path(__file__).with_name("components.json")
_DATA = json.loads(COMPONENTS_FILE.read_text(encoding="utf-8"))

ROUNDS: Final[int] = _DATA["rounds"]
CARS_BY_SEATS: Final[dict[int, int]] = {int(k): v for k, v in _DATA["cars_by_seats"].items()}
#: wagon id -> (purses, jewels) printed on its floor
WAGONS: Final[dict[str, tuple[int, int]]] = {
    wid: (loot["purse"], loot["jewel"]) for wid, loot in _DATA["wagons"].items()
}
#: every purse value, one entry per token (18 tokens)
PURSE_VALUES: Final[tuple[int, ...]] = tuple(
    int(value) for value, count in _DATA["purse_values"].items() for _ in range(count)
)
STARTING_PURSE: Final[int] = _DATA["starting_purse"]
JEWEL_VALUE: Final[int] = _DATA["jewel_value"]
STRONGBOX_VALUE: Final[int] = _DATA["strongbox_value"]
HOSTAGE_RANSOM: Final[int] = _DATA["hostage_ransom"]
CHARACTERS: Final[tuple[str, ...]] = tuple(_DATA["characters"])
ACTION_DECK: Final[dict[str, int]] = dict(_DATA["action_deck"])
TWO_PLAYER_DECK_PER_BANDIT: Final[tuple[str, ...]] = tuple(_DATA["two_player_deck_per_bandit"])
BULLETS_PER_BANDIT: Final[int] = _DATA["bullets_per_bandit"]
NEUTRAL_BULLETS: Final[int] = _DATA["neutral_bullets"]
HAND: Final[int] = _DATA["hand"]
HAND_DOC: Final[int] = _DATA["hand_doc"]
DRAW: Final[int] = _DATA["draw"]
GUNSLINGER_BONUS: Final[int] = _DATA["gunslinger_bonus"]
#: round card id -> (set, turn types, event id or None)
ROUND_CARDS: Final[dict[str, tuple[str, tuple[str, ...], str | None]]] = {
    cid: (card["set"], tuple(card["turns"]), card["event"])
    for cid, card in _DATA["round_cards"].items()
}
ROUND_SET_BY_SEATS: Final[dict[int, str]] = {
    int(k): v for k, v in _DATA["round_set_by_seats"].items()
}
STATION_CARDS: Final[tuple[str, ...]] = tuple(
    cid for cid, (deck, _, _) in ROUND_CARDS.items() if deck == "station"
)
NEUTRAL_BULLET: Final[str] = "bullet/neutral"


def regular_round_cards(seats: int) -> tuple[str, ...]:
    """The 7 regular round cards used with this many seats (§3.5)."""
    wanted = ROUND_SET_BY_SEATS[seats]
    return tuple(cid for cid, (deck, _, _) in ROUND_CARDS.items() if deck == wanted)


def action_card(character: str, action: str) -> str:
    """The card string of `character`'s `action` card."""
    return f"{character}/{action}"


def bullet_card(character: str, label: int) -> str:
    """The card string of `character`'s bullet card with `label` (1..6)."""
    return f"bullet/{character}/{label}"


def is_bullet(card: str) -> bool:
    """Bullet cards only fill the hand; they can never be played (§4.2)."""
    return card.startswith("bullet/")


def card_parts(card: str) -> tuple[str, str]:
    """``(character, action)`` of an action card."""
    character, _, action = card.partition("/")
    return character, action


def starting_deck(characters: list[str], two_player: bool) -> list[str]:
    """A player's action cards: 10 for his bandit, or 11 for two bandits (§8)."""
    if not two_player:
        (character,) = characters
        return [action_card(character, a) for a, n in ACTION_DECK.items() for _ in range(n)]
    cards = [action_card(c, a) for c in characters for a in TWO_PLAYER_DECK_PER_BANDIT]
    cards.append(action_card(characters[0], "marshal"))
    return cards
