"""Checkers for hidden information (§4.5) that can fail: used by the tests.

`view_leaks` changes every hidden part of a state (hands, deck order,
unrevealed face-down cards, unseen purse values, the round deck below the
current card) and reports whether a view function notices; a view that shows
nothing hidden cannot. `event_leaks` reads an event as redacted for a viewer
and lists what it shows that the viewer may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.colt_express.events import CardPlayed, ColtExpressGameEnded, Event, LootTaken
from domain.colt_express.state import State
from domain.colt_express.views import private_view, redact


def disguised(state: State, viewer: int | None) -> State:
    """The state with everything `viewer` may not see replaced by something else."""
    other = state.clone()
    for seat in range(state.seats):
        if seat == viewer:
            continue
        other.hands[seat] = [f"{c}#" for c in state.hands[seat]]
        other.decks[seat] = [f"{c}#" for c in reversed(state.decks[seat])]
    for i, card in enumerate(state.pile):
        shown = i < state.pile_pos or (i == state.pile_pos and state.revealed)
        seat = state.controller[state.characters.index(card.partition("/")[0])]
        if state.pile_down[i] and not shown and seat != viewer:
            other.pile[i] = card.partition("/")[0] + "/secret"
    known = state.known[viewer] if viewer is not None else set()
    public = {f"purse-{b + 1}" for b in range(len(state.characters))}
    other.purse_values = {
        t: v if t in known or t in public else v + 1 for t, v in state.purse_values.items()
    }
    shown_cards = state.round + (0 if state.phase in ("placing", "between") else 1)
    other.round_deck = state.round_deck[:shown_cards] + ["r24-bridge"] * (5 - shown_cards)
    return other


def view_leaks(state: State, view: Callable[[State], Any], viewer: int | None) -> bool:
    """Whether `view` shows anything hidden from `viewer` (None: a spectator)."""
    if state.phase == "finished":
        return False
    return msgspec.json.encode(view(state)) != msgspec.json.encode(view(disguised(state, viewer)))


def _records(value: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every shuffle or pick record inside a built-in value, with its field name."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(value, dict):
        if "draw" in value and ("after" in value or "bound" in value):
            found.append((path, value))
        for key, item in value.items():
            found += _records(item, key)
    elif isinstance(value, list):
        for item in value:
            found += _records(item, path)
    return found


_PUBLIC_RECORDS = {"wagons", "character_draw", "first_player"}


def event_leaks(
    event: Event,
    viewer: int | None,
    after: State,
    seed_hex: str,
    redactor: Callable[[Event, int | None], Event] = redact,
) -> list[str]:
    """What `event`, redacted for `viewer`, shows that the viewer may not know.

    `after` is the state once the event is applied (what the viewer may know
    then is read from it); `seed_hex` is the game's secret seed.
    """
    shown = redactor(event, viewer)
    built = msgspec.to_builtins(shown)
    leaks = [f"random record {name}" for name, _ in _records(built) if name not in _PUBLIC_RECORDS]
    if (
        not isinstance(event, ColtExpressGameEnded)
        and seed_hex in msgspec.json.encode(built).decode()
    ):
        leaks.append("seed")
    seat = built.get("seat")
    if seat != viewer:
        for key in ("hand", "cards", "kept"):
            if built.get(key) is not None:
                leaks.append(f"{key} of seat {seat}")
    if isinstance(shown, CardPlayed) and shown.face_down and shown.card and seat != viewer:
        leaks.append("face-down card")
    if isinstance(shown, LootTaken) and shown.value is not None and shown.token.startswith("purse"):
        known = private_view(after, viewer).purse_values if viewer is not None else {}
        if known.get(shown.token) != shown.value:
            leaks.append(f"value of {shown.token}")
    return leaks
