"""Applying one recorded event to the state: total, deterministic, no randomness.

Each event type has one small function; the few derived steps (where a turn
ends, whether a cover fire is open) follow from the state alone, so a log
replays to exactly the live state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.colt_express.components import (
    BULLETS_PER_BANDIT,
    CARS_BY_SEATS,
    HAND,
    HAND_DOC,
    NEUTRAL_BULLETS,
    STARTING_PURSE,
    STATION_CARDS,
    WAGONS,
    card_parts,
    starting_deck,
)
from domain.colt_express.events import (
    BanditMoved,
    BanditsPlaced,
    BulletTaken,
    CardPlayed,
    CardResolved,
    CardRevealed,
    CardsDrawn,
    ChoiceMade,
    ColtExpressGameEnded,
    ColtExpressGameStarted,
    CoverFireDeclined,
    Event,
    HandDealt,
    LootDropped,
    LootPlaced,
    LootTaken,
    MarshalMoved,
    RansomPaid,
    RoundBegan,
    RoundEnded,
    RoundEventBegan,
    SchemingEnded,
)
from domain.colt_express.state import State
from domain.colt_express.versions import every_holder_chooses


def new_game(event: ColtExpressGameStarted) -> State:
    """The state right after setup (§3)."""
    n = event.seats
    per_seat = 2 if event.two_player else 1
    bandits = n * per_seat
    cars = CARS_BY_SEATS[n]
    wagons = list(event.wagons.after[:cars])
    first = event.first_player.value
    purse_values: dict[str, int] = {}
    held: list[list[str]] = []
    for b in range(bandits):
        token = f"purse-{b + 1}"
        purse_values[token] = STARTING_PURSE
        held.append([token])
    inside: list[list[str]] = [["strongbox-1"]]
    pool = event.purses.after if event.purses is not None else ()
    next_purse, next_jewel, drawn = bandits + 1, 1, 0
    for wagon in wagons:
        purses, jewels = WAGONS[wagon]
        floor: list[str] = []
        for _ in range(purses):
            token = f"purse-{next_purse}"
            purse_values[token] = int(pool[drawn])
            floor.append(token)
            next_purse += 1
            drawn += 1
        for _ in range(jewels):
            floor.append(f"jewel-{next_jewel}")
            next_jewel += 1
        inside.append(floor)
    if event.two_player:
        # Default places until each player chooses (§8): first bandit in the caboose.
        bandit_car = [cars if b % 2 == 0 else cars - 1 for b in range(bandits)]
    else:
        # Seat 1 (the first player), 3, 5 in the caboose; 2, 4, 6 in front of it (§3.9).
        bandit_car = [cars if (b - first) % n % 2 == 0 else cars - 1 for b in range(bandits)]
    round_deck: list[str] = []
    if event.round_cards is not None and event.station is not None:
        round_deck = [*event.round_cards.after[:4], STATION_CARDS[event.station.value]]
    records: list[Any] = [event.character_draw, event.wagons, event.first_player]
    records += [event.purses, event.round_cards, event.station]
    draws = max(r.draw for r in records if r is not None) + 1
    return State(
        every_holder_chooses=every_holder_chooses(event.rules_version),
        seats=n,
        two_player=event.two_player,
        characters=list(event.characters),
        controller=[b // per_seat for b in range(bandits)],
        wagons=wagons,
        bandit_car=bandit_car,
        bandit_roof=[False] * bandits,
        held=held,
        bullets_left=[BULLETS_PER_BANDIT] * bandits,
        bullets_received=[0] * bandits,
        shots=[0] * n,
        inside=inside,
        roof=[[] for _ in range(cars + 1)],
        reserve=["strongbox-2"],
        purse_values=purse_values,
        known=[set() for _ in range(n)],
        marshal=0,
        neutral_left=NEUTRAL_BULLETS,
        round_deck=round_deck,
        first_player=first,
        phase="placing" if event.two_player else "between",
        decks=[
            starting_deck(event.characters[s * per_seat : (s + 1) * per_seat], event.two_player)
            for s in range(n)
        ],
        hands=[[] for _ in range(n)],
        draws=draws,
        seed_commitment=event.seed_commitment,
    )


def hand_size(state: State, seat: int) -> int:
    """Cards drawn at the start of a round: 6, or 7 with Doc (§4.1)."""
    doc = any(
        state.characters[b] == "doc"
        for b in range(len(state.characters))
        if state.controller[b] == seat
    )
    return HAND_DOC if doc else HAND


def _bandits_placed(state: State, e: BanditsPlaced) -> None:
    for b, seat in enumerate(state.controller):
        if seat == e.seat:
            caboose = state.characters[b] == e.caboose
            state.bandit_car[b] = state.caboose if caboose else state.caboose - 1
    state.setup_pos += 1
    if state.setup_pos == state.seats:
        state.phase = "between"
        state.setup_pos = 0


def _round_began(state: State, e: RoundBegan) -> None:
    state.round = e.round
    state.first_player = e.first_player
    state.phase = "keeping" if state.two_player else "dealing"
    state.setup_pos = 0
    state.turn = state.turn_pos = 0
    state.cover_pending = False
    state.pile = []
    state.pile_down = []
    state.pile_pos = 0
    state.revealed = False
    state.queue = []


def _hand_dealt(state: State, e: HandDealt) -> None:
    assert e.shuffle is not None and e.hand is not None, "evolve needs the unredacted event"
    deck = list(reversed(e.shuffle.after))  # `after` lists the deck top first
    state.draws = e.shuffle.draw + 1
    drawn = e.size - (1 if e.kept is not None else 0)
    state.hands[e.seat] = list(e.hand)
    state.decks[e.seat] = deck[: len(deck) - drawn]
    state.setup_pos += 1
    if state.setup_pos == state.seats:
        state.phase = "schemin"
        state.setup_pos = 0


def _advance_turn(state: State) -> None:
    state.turn_pos += 1
    if state.turn_pos >= state.actions_in_turn():
        state.turn += 1
        state.turn_pos = 0


def cover_cards(state: State, seat: int, fired_by: str) -> list[str]:
    """Cards the seat may add as cover fire after `fired_by`'s Fire (§8)."""
    return [
        card
        for card in state.playable(seat)
        if card_parts(card)[0] != fired_by and card_parts(card)[1] != "marshal"
    ]


def opens_cover_fire(state: State, e: CardPlayed) -> bool:
    """Whether this card, about to be played, lets its player add a cover card (§8).

    Only a face-up Fire on a normal turn of the two-player game does, and only
    when a card of the other bandit could follow it.
    """
    if not state.two_player or e.face_down or e.cover_fire or e.card is None:
        return False
    character, action = card_parts(e.card)
    return (
        action == "fire"
        and state.turn_types()[state.turn] == "normal"
        and bool(cover_cards(state, e.seat, character))
    )


def _card_played(state: State, e: CardPlayed) -> None:
    assert e.card is not None, "evolve needs the unredacted event"
    opens = opens_cover_fire(state, e)
    state.hands[e.seat].remove(e.card)
    state.pile.append(e.card)
    state.pile_down.append(e.face_down)
    state.cover_pending = opens
    if not opens:
        _advance_turn(state)


def _cards_drawn(state: State, e: CardsDrawn) -> None:
    assert e.cards is not None, "evolve needs the unredacted event"
    deck = state.decks[e.seat]
    del deck[len(deck) - e.count :]
    state.hands[e.seat].extend(e.cards)
    _advance_turn(state)


def _cover_declined(state: State, e: CoverFireDeclined) -> None:
    state.cover_pending = False
    _advance_turn(state)


def _scheming_ended(state: State, e: SchemingEnded) -> None:
    for seat in range(state.seats):
        state.decks[seat].extend(state.hands[seat])
        state.hands[seat] = []
    state.phase = "stealin"
    state.pile_pos = 0
    state.revealed = False


def _card_revealed(state: State, e: CardRevealed) -> None:
    state.revealed = True


def _card_resolved(state: State, e: CardResolved) -> None:
    card = state.pile[e.index]
    seat = state.controller[state.bandit(card_parts(card)[0])]
    state.decks[seat].append(card)
    state.pile_pos = e.index + 1
    state.revealed = False


def _bandit_moved(state: State, e: BanditMoved) -> None:
    b = state.bandit(e.bandit)
    state.bandit_car[b] = e.car
    state.bandit_roof[b] = e.roof


def _bullet_taken(state: State, e: BulletTaken) -> None:
    b = state.bandit(e.bandit)
    state.decks[state.controller[b]].append(e.card)
    state.bullets_received[b] += 1
    if e.shooter is None:
        state.neutral_left -= 1
        return
    s = state.bandit(e.shooter)
    state.bullets_left[s] -= 1
    if not (state.two_player and state.controller[s] == state.controller[b]):
        state.shots[state.controller[s]] += 1


def _location(state: State, car: int, roof: bool) -> list[str]:
    return state.roof[car] if roof else state.inside[car]


def _loot_dropped(state: State, e: LootDropped) -> None:
    state.held[state.bandit(e.bandit)].remove(e.token)
    _location(state, e.car, e.roof).append(e.token)


def _loot_taken(state: State, e: LootTaken) -> None:
    _location(state, e.car, e.roof).remove(e.token)
    state.held[state.bandit(e.bandit)].append(e.token)
    if e.token.startswith("purse-"):
        state.known[e.seat].add(e.token)


def _marshal_moved(state: State, e: MarshalMoved) -> None:
    state.marshal = e.car


def _round_event_began(state: State, e: RoundEventBegan) -> None:
    state.phase = "event"
    state.queue = [state.bandit(c) for c in e.choosers]


def _choice_made(state: State, e: ChoiceMade) -> None:
    state.queue.pop(0)


def _loot_placed(state: State, e: LootPlaced) -> None:
    state.reserve.remove(e.token)
    state.inside[e.car].append(e.token)


def _ransom_paid(state: State, e: RansomPaid) -> None:
    state.held[state.bandit(e.bandit)].append(e.token)
    state.ransoms += 1


def _round_ended(state: State, e: RoundEnded) -> None:
    state.round = e.round + 1
    state.first_player = (state.first_player + 1) % state.seats
    state.phase = "between"
    state.queue = []


def _game_ended(state: State, e: ColtExpressGameEnded) -> None:
    state.phase = "finished"
    state.seed = e.seed
    state.scores = list(e.scores)
    state.winners = list(e.winners)
    state.gunslingers = list(e.gunslingers)


_HANDLERS: dict[type[Any], Callable[[State, Any], None]] = {
    BanditsPlaced: _bandits_placed,
    RoundBegan: _round_began,
    HandDealt: _hand_dealt,
    CardPlayed: _card_played,
    CardsDrawn: _cards_drawn,
    CoverFireDeclined: _cover_declined,
    SchemingEnded: _scheming_ended,
    CardRevealed: _card_revealed,
    CardResolved: _card_resolved,
    BanditMoved: _bandit_moved,
    BulletTaken: _bullet_taken,
    LootDropped: _loot_dropped,
    LootTaken: _loot_taken,
    MarshalMoved: _marshal_moved,
    RoundEventBegan: _round_event_began,
    ChoiceMade: _choice_made,
    LootPlaced: _loot_placed,
    RansomPaid: _ransom_paid,
    RoundEnded: _round_ended,
    ColtExpressGameEnded: _game_ended,
}


def evolve(state: State | None, event: Event) -> State:
    """Apply `event` to `state` in place (a new state for `ColtExpressGameStarted`)."""
    if isinstance(event, ColtExpressGameStarted):
        return new_game(event)
    if state is None:
        raise ValueError("a game's first event is game-started")
    _HANDLERS[type(event)](state, event)
    return state
