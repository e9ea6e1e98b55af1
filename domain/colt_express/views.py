"""What each audience may see (§4.5): the public view, a seat's view, redacted events.

Hidden: hands, deck order, face-down cards until revealed, purse values (a seat
sees those it has held; starting purses are public at $250), the round deck
below the current card, and the seed until the end. Everything here reads the
state or the event and builds a new value; nothing else in the package decides
what is shown.

Events go through `REDACTIONS`, one entry per event type, public ones included:
`redact` refuses a type without an entry instead of passing it on, so an event
type added later with hidden fields cannot reach anyone before someone has
decided who may see them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec

from domain.colt_express import events
from domain.colt_express.components import STARTING_PURSE
from domain.colt_express.events import (
    CardPlayed,
    CardsDrawn,
    ColtExpressGameStarted,
    Event,
    HandDealt,
    LootTaken,
)
from domain.colt_express.final import sheets
from domain.colt_express.loot import token_value
from domain.colt_express.round import to_act
from domain.colt_express.state import PhaseName, State
from domain.kernel.scores import SeatScore


class TokenView(msgspec.Struct, frozen=True):
    """A loot token; ``value`` is null for a purse whose value the viewer has not seen."""

    id: str
    value: int | None


class CarView(msgspec.Struct, frozen=True):
    """One position of the train (0 is the locomotive) and the loot lying there."""

    position: int
    wagon: str
    inside: list[TokenView]
    roof: list[TokenView]


class BanditView(msgspec.Struct, frozen=True):
    """A bandit, where he stands and what he holds."""

    character: str
    seat: int
    car: int
    roof: bool
    loot: list[TokenView]
    bullets_left: int
    bullets_received: int


class SeatCounts(msgspec.Struct, frozen=True):
    """The public counts of one seat (§4.4, §4.5)."""

    seat: int
    hand_size: int
    deck_size: int
    shots: int


class PileCardView(msgspec.Struct, frozen=True):
    """A card on the common pile: who played it and, once visible, what it is."""

    seat: int
    card: str | None
    face_down: bool
    resolved: bool


class ResultView(msgspec.Struct, frozen=True):
    """The final scoring (§7), with each seat's score sheet (`final.sheets`)."""

    scores: list[int]
    winners: list[int]
    gunslingers: list[int]
    purse_values: dict[str, int]
    seed: str
    sheets: list[SeatScore]


class ColtExpressPublicView(msgspec.Struct, frozen=True):
    """Everything anyone may see."""

    kind: Literal["colt-express"]
    status: Literal["active", "finished"]
    phase: PhaseName
    to_act: list[int]
    round: int
    round_cards: list[str]
    first_player: int
    turn: int | None
    turn_types: list[str]
    cover_fire_pending: bool
    marshal: int
    train: list[CarView]
    reserve: list[str]
    bandits: list[BanditView]
    seats: list[SeatCounts]
    pile: list[PileCardView]
    pending_bandit: str | None
    neutral_bullets_left: int
    seed_commitment: str
    result: ResultView | None


class ColtExpressPrivateView(msgspec.Struct, frozen=True):
    """What one seat sees: the public view plus its hand, its face-down cards and purses."""

    seat: int
    public: ColtExpressPublicView
    hand: list[str]
    #: the seat's own cards on the pile, face-down ones included (None: another seat's)
    own_pile_cards: list[str | None]
    #: values of every purse this seat has held
    purse_values: dict[str, int]


def _token(state: State, token: str, viewer: int | None) -> TokenView:
    if token.startswith("purse-"):
        known = (
            state.phase == "finished"
            or int(token[6:]) <= len(state.characters)  # starting purses: $250, public
            or (viewer is not None and token in state.known[viewer])
        )
        return TokenView(token, state.purse_values[token] if known else None)
    return TokenView(token, token_value(state, token))


def _round_cards_shown(state: State) -> list[str]:
    shown = state.round if state.phase in ("placing", "between") else state.round + 1
    return state.round_deck[: min(shown, len(state.round_deck))]


def _view(state: State, viewer: int | None) -> ColtExpressPublicView:
    finished = state.phase == "finished"
    shown = _round_cards_shown(state)
    in_round = len(shown) == state.round + 1 and not finished
    pile = (
        [
            PileCardView(
                seat=state.controller[state.characters.index(card.partition("/")[0])],
                card=card
                if not state.pile_down[i]
                or i < state.pile_pos
                or (i == state.pile_pos and state.revealed)
                else None,
                face_down=state.pile_down[i],
                resolved=state.phase != "schemin" and i < state.pile_pos,
            )
            for i, card in enumerate(state.pile)
        ]
        if in_round
        else []
    )
    pending = None
    if state.phase == "stealin" and state.revealed:
        pending = state.pile[state.pile_pos].partition("/")[0]
    elif state.phase == "event" and state.queue:
        pending = state.characters[state.queue[0]]
    return ColtExpressPublicView(
        kind="colt-express",
        status="finished" if finished else "active",
        phase=state.phase,
        to_act=to_act(state),
        round=state.round,
        round_cards=shown,
        first_player=state.first_player,
        turn=state.turn if state.phase == "schemin" else None,
        turn_types=list(state.turn_types()) if in_round else [],
        cover_fire_pending=state.cover_pending,
        marshal=state.marshal,
        train=[
            CarView(
                position=c,
                wagon="locomotive" if c == 0 else state.wagons[c - 1],
                inside=[_token(state, t, viewer) for t in state.inside[c]],
                roof=[_token(state, t, viewer) for t in state.roof[c]],
            )
            for c in range(state.caboose + 1)
        ],
        reserve=list(state.reserve),
        bandits=[
            BanditView(
                character=state.characters[b],
                seat=state.controller[b],
                car=state.bandit_car[b],
                roof=state.bandit_roof[b],
                loot=[_token(state, t, viewer) for t in state.held[b]],
                bullets_left=state.bullets_left[b],
                bullets_received=state.bullets_received[b],
            )
            for b in range(len(state.characters))
        ],
        seats=[
            SeatCounts(seat, len(state.hands[seat]), len(state.decks[seat]), state.shots[seat])
            for seat in range(state.seats)
        ],
        pile=pile,
        pending_bandit=pending,
        neutral_bullets_left=state.neutral_left,
        seed_commitment=state.seed_commitment,
        result=ResultView(
            scores=list(state.scores or []),
            winners=list(state.winners or []),
            gunslingers=list(state.gunslingers or []),
            purse_values=dict(state.purse_values),
            seed=state.seed or "",
            sheets=sheets(state),
        )
        if finished
        else None,
    )


def public_view(state: State) -> ColtExpressPublicView:
    """The board as a spectator sees it."""
    return _view(state, None)


def private_view(state: State, seat: int) -> ColtExpressPrivateView:
    """The board as `seat` sees it, with its hand and the purse values it has seen."""
    public = _view(state, seat)
    own = (
        [
            card
            if state.controller[state.characters.index(card.partition("/")[0])] == seat
            else None
            for card in state.pile
        ]
        if public.pile
        else []
    )
    values = {t: state.purse_values[t] for t in state.known[seat]}
    for b, controller in enumerate(state.controller):
        if controller == seat:
            values[f"purse-{b + 1}"] = STARTING_PURSE
    # in token order: a set's iteration order must not reach the output
    values = dict(sorted(values.items(), key=lambda item: int(item[0][6:])))
    return ColtExpressPrivateView(
        seat=seat,
        public=public,
        hand=list(state.hands[seat]),
        own_pile_cards=own,
        purse_values=values,
    )


def _started(event: ColtExpressGameStarted, viewer: int | None) -> Event:
    """The purses' order, the round deck and the station stay secret until the end."""
    return msgspec.structs.replace(event, purses=None, round_cards=None, station=None)


def _dealt(event: HandDealt, viewer: int | None) -> Event:
    """The shuffle is the deck order, secret even to its owner; the hand is the seat's."""
    if viewer == event.seat:
        return msgspec.structs.replace(event, shuffle=None)
    return msgspec.structs.replace(event, shuffle=None, kept=None, hand=None)


def _drawn(event: CardsDrawn, viewer: int | None) -> Event:
    """Which cards a seat drew is its own; how many is public."""
    if viewer != event.seat:
        return msgspec.structs.replace(event, cards=None)
    return event


def _played(event: CardPlayed, viewer: int | None) -> Event:
    """A face-down card is its owner's until Stealin' turns it up."""
    if event.face_down and viewer != event.seat:
        return msgspec.structs.replace(event, card=None)
    return event


def _taken(event: LootTaken, viewer: int | None) -> Event:
    """A purse's value is seen by the seat that takes it; jewels and strongboxes are open."""
    if event.token.startswith("purse-") and viewer != event.seat:
        return msgspec.structs.replace(event, value=None)
    return event


def _public(event: Event, viewer: int | None) -> Event:
    """An event everyone may see as it is."""
    return event


#: how each event type is shown to a viewer: every type has its own entry, a public one
#: included, so that an event type added without one is refused, never shown as it is
REDACTIONS: dict[type[Any], Callable[[Any, int | None], Event]] = {
    events.ColtExpressGameStarted: _started,
    events.BanditsPlaced: _public,
    events.RoundBegan: _public,
    events.HandDealt: _dealt,
    events.CardPlayed: _played,
    events.CardsDrawn: _drawn,
    events.CoverFireDeclined: _public,
    events.SchemingEnded: _public,
    events.CardRevealed: _public,
    events.CardResolved: _public,
    events.BanditMoved: _public,
    events.BulletTaken: _public,
    events.LootDropped: _public,
    events.LootTaken: _taken,
    events.MarshalMoved: _public,
    events.RoundEventBegan: _public,
    events.ChoiceMade: _public,
    events.LootPlaced: _public,
    events.RansomPaid: _public,
    events.RoundEnded: _public,
    events.ColtExpressGameEnded: _public,  # the end reveals everything: seed and purse values
}


def redact(event: Event, viewer: int | None) -> Event:
    """`event` as `viewer` (a seat, or None for a spectator) may see it.

    Raises `LookupError` for an event type `REDACTIONS` has no entry for: that
    is a programming error, and publishing the event whole could leak.
    """
    entry = REDACTIONS.get(type(event))
    if entry is None:
        raise LookupError(f"no redaction entry for event type {type(event).__name__}")
    return entry(event, viewer)
