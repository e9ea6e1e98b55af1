"""Every refusal Colt Express gives: its code, its meaning, and the sections it cites.

`Code` lists the codes; a raise site names one through `refuse`, so a code missing
here fails the type check. `MEANINGS` says each in plain words, `REFUSALS` lists the
(code, section) pairs the rules raise, for `GET /kinds` and ``docs/refusals.md``
(`domain.kernel.refusals.catalogue`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from domain.kernel.errors import RuleViolation, wire_name
from domain.kernel.refusals import Refusal, catalogue

Code = Literal[
    "bad-setup", "card-not-in-deck", "card-not-in-hand", "cover-fire-pending", "deck-empty",
    "face-down-not-allowed", "game-over", "illegal-action", "illegal-choice",
    "illegal-cover-fire", "not-your-bandit", "not-your-turn", "unexpected-command",
]

MEANINGS: dict[Code, str] = {
    "bad-setup": "The setup is not one the rules allow: a seat count outside 2 to 6, a "
    "map, an unknown variant, option or rules version, the two-player variant without 2 "
    "seats, or characters that are not different ones of the game.",
    "card-not-in-deck": "The card to keep is not in the seat's deck.",
    "card-not-in-hand": "The card is not an action card in the seat's hand.",
    "cover-fire-pending": "A Fire was just played in the two-player game: play a cover card "
    "or decline it first.",
    "deck-empty": "The seat's deck is empty: nothing can be drawn; play a card.",
    "face-down-not-allowed": "Cards go face down only in a tunnel or as Ghost's first card "
    "of the round.",
    "game-over": "The game has ended; no command is taken.",
    "illegal-action": "The command is not a legal way to carry out the revealed card (see "
    "the legal moves).",
    "illegal-choice": "Not a legal choice for the round card's event.",
    "illegal-cover-fire": "Cover fire is one face-up card, not the Marshal, of the seat's "
    "other bandit.",
    "not-your-bandit": "The bandit named is not one of the seat's.",
    "not-your-turn": "Another seat is to act: the problem's `to_act` names it.",
    "unexpected-command": "The game is not waiting for this kind of command now: the "
    "problem's `expected` lists the commands it waits for.",
}

#: every (code, section) the rules raise
REFUSALS: tuple[tuple[Code, str], ...] = (
    ("bad-setup", "§3"), ("bad-setup", "§3.7"), ("bad-setup", "§8"),
    ("bad-setup", "rules versions"),
    ("card-not-in-deck", "§8"), ("card-not-in-hand", "§4.2"), ("cover-fire-pending", "§8"),
    ("deck-empty", "§4.2"), ("face-down-not-allowed", "§4.2"), ("game-over", "§7"),
    ("illegal-action", "§4.3"), ("illegal-choice", "§6"), ("illegal-cover-fire", "§8"),
    ("not-your-bandit", "§8"), ("not-your-turn", "§4"), ("unexpected-command", "§4"),
    ("unexpected-command", "§8"),
)


def refusals() -> list[Refusal]:
    """The catalogue `GET /kinds` serves for Colt Express."""
    return catalogue({None: REFUSALS}, MEANINGS)


def refuse(code: Code, message: str, section: str, *, to_act: list[int] | None = None,
           expected: list[str] | None = None) -> RuleViolation:
    """The `RuleViolation` of catalogued `code`, saying `message`, citing `section`."""
    return RuleViolation(code, message, section, to_act=to_act, expected=expected)


def command_types(commands: Iterable[Any]) -> list[str]:
    """The command types (``play-card``...) among `commands`, each once, sorted."""
    return sorted({wire_name(command) for command in commands})
