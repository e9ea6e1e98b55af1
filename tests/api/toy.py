"""A tiny card game implementing `GameRules`, so the service is tested apart from real games.

Each seat is dealt two cards from a shuffled deck of 12 (hidden); on its turn a
seat draws the top card (hidden) or plays a card from its hand face up for its
value. When the deck and every hand are empty the game ends: highest total wins.
It has exactly the hidden things the service must guard: hands, deck order, seed.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import KindDescriptor, Result, Setup
from domain.kernel.rng import Rng, Seed, Shuffle

DECK = tuple(f"c{n:02d}" for n in range(1, 13))


class Draw(msgspec.Struct, frozen=True, tag="draw", tag_field="type", forbid_unknown_fields=True):
    pass


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="type", forbid_unknown_fields=True):
    card: str


Command = Draw | Play


class Dealt(msgspec.Struct, frozen=True, tag="dealt", tag_field="type"):
    seed_commitment: str
    shuffle: Shuffle | None
    hands: list[list[str] | None]


class Drawn(msgspec.Struct, frozen=True, tag="drawn", tag_field="type"):
    seat: int
    card: str | None


class Played(msgspec.Struct, frozen=True, tag="played", tag_field="type"):
    seat: int
    card: str


class Ended(msgspec.Struct, frozen=True, tag="ended", tag_field="type"):
    seed: str
    scores: list[int]


Event = Dealt | Drawn | Played | Ended


class State(msgspec.Struct):
    deck: list[str]
    hands: list[list[str]]
    scores: list[int]
    turn: int = 0
    draws: int = 1
    finished: bool = False


class PublicView(msgspec.Struct, frozen=True):
    deck_size: int
    hand_sizes: list[int]
    scores: list[int]
    turn: int


class PrivateView(msgspec.Struct, frozen=True):
    public: PublicView
    hand: list[str]


class Move(msgspec.Struct, frozen=True):
    command: Command


class ToyRules:
    descriptor = KindDescriptor(
        kind="toy-draw", title="Toy draw", min_seats=2, max_seats=4,
        hidden_information=["hands", "deck order"],
    )
    command_type: Any = Command
    event_type: Any = Event
    public_view_type: Any = PublicView
    private_view_type: Any = PrivateView

    def check_setup(self, setup: Setup) -> None:
        if not 2 <= setup.seats <= 4:
            raise RuleViolation("bad-setup", "2 to 4 seats", "§1")

    def rules_version(self, setup: Setup) -> str:
        return "1"

    def start(self, setup: Setup, seed: Seed) -> list[Any]:
        shuffle = Rng(seed).shuffle(DECK)
        order = shuffle.after
        hands = [list(order[2 * s : 2 * s + 2]) for s in range(setup.seats)]
        return [Dealt(seed.commitment, shuffle, list(hands))]

    def decide(self, state: State, seat: int, command: Any, seed: Seed) -> list[Any]:
        if seat != state.turn:
            raise RuleViolation("not-your-turn", f"seat {state.turn} acts now", "§2")
        if isinstance(command, Draw):
            if not state.deck:
                raise RuleViolation("deck-empty", "the deck is empty", "§2")
            events: list[Any] = [Drawn(seat, state.deck[0])]
        else:
            if command.card not in state.hands[seat]:
                raise RuleViolation("card-not-in-hand", f"no {command.card} in hand", "§2")
            events = [Played(seat, command.card)]
        after = _copy(state)
        for event in events:
            after = self.evolve(after, event)
        if not after.deck and not any(after.hands):
            events.append(Ended(seed.hex, after.scores))
        return events

    def evolve(self, state: State | None, event: Any) -> State:
        if isinstance(event, Dealt):
            assert event.shuffle is not None
            n = len(event.hands)
            return State(list(event.shuffle.after[2 * n :]), [list(h or []) for h in event.hands],
                         [0] * n)
        assert state is not None
        if isinstance(event, Drawn):
            state.hands[event.seat].append(state.deck.pop(0))
            state.turn = (state.turn + 1) % len(state.hands)
        elif isinstance(event, Played):
            state.hands[event.seat].remove(event.card)
            state.scores[event.seat] += int(event.card[1:])
            state.turn = (state.turn + 1) % len(state.hands)
            while state.hands and not state.hands[state.turn] and not state.deck and any(
                state.hands
            ):
                state.turn = (state.turn + 1) % len(state.hands)
        else:
            state.finished = True
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state.finished else [state.turn]

    def result(self, state: State) -> Result | None:
        if not state.finished:
            return None
        best = max(state.scores)
        return Result(list(state.scores), [s for s, v in enumerate(state.scores) if v == best])

    def legal_moves(self, state: State, seat: int) -> list[Any]:
        if state.finished or seat != state.turn:
            return []
        moves = [Move(Play(card)) for card in state.hands[seat]]
        return [Move(Draw()), *moves] if state.deck else moves

    def public_view(self, state: State) -> PublicView:
        return PublicView(len(state.deck), [len(h) for h in state.hands], list(state.scores),
                          state.turn)

    def private_view(self, state: State, seat: int) -> PrivateView:
        return PrivateView(self.public_view(state), list(state.hands[seat]))

    def redact(self, event: Any, viewer: int | None) -> Any:
        if isinstance(event, Dealt):
            hands = [h if s == viewer else None for s, h in enumerate(event.hands)]
            return Dealt(event.seed_commitment, None, hands)
        if isinstance(event, Drawn) and event.seat != viewer:
            return Drawn(event.seat, None)
        return event


def _copy(state: State) -> State:
    return State(list(state.deck), [list(h) for h in state.hands], list(state.scores), state.turn,
                 state.draws, state.finished)


RULES = ToyRules()
