"""A tiny card game implementing the decider protocol, so the service and the audit are
tested apart from the real games.

"High card": eighteen numbered cards in three suits. The opening shuffles the
deck, picks a trump suit and deals three cards to each seat; seats then act in
turn from seat 0. On your turn you either play a card from your hand (scoring
its number, doubled in trumps) and draw the next card of the deck if there is
one, or, while the deck has cards, draw one without playing (a move that is
always legal then, so a test can move a game on without reading its hand); once
per game you may instead reshuffle the deck. The game ends when the seat to act
next has no card left; its last event reveals the seed.

It has every feature the service and the audit must handle: hidden hands, deck
order and seed; a commitment in the first event; a shuffle and a pick in the
opening and a shuffle inside `decide`; refusals with codes and sections
(§1 setup, §2 turns, §3.1 playing, §3.2 reshuffling, §3.3 drawing, §4 the end);
and the seed revealed at the end.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import KindDescriptor, Result, Setup
from domain.kernel.rng import Pick, Rng, Seed, Shuffle
from domain.kernel.scores import ScoreTerm, SeatScore

KIND = "toy"
SUITS = "RGB"
DECK = tuple(f"{suit}{rank}" for suit in SUITS for rank in range(1, 7))
HAND = 3


class PlayCard(msgspec.Struct, frozen=True, tag="play-card", tag_field="type",
               forbid_unknown_fields=True):
    card: str


class DrawCard(msgspec.Struct, frozen=True, tag="draw-card", tag_field="type",
               forbid_unknown_fields=True):
    pass


class Reshuffle(msgspec.Struct, frozen=True, tag="reshuffle", tag_field="type",
                forbid_unknown_fields=True):
    pass


Command = PlayCard | DrawCard | Reshuffle
#: the command a seat to act may always send while the deck has cards
DRAW = {"type": "draw-card"}


class GameOpened(msgspec.Struct, frozen=True, tag="game-opened", tag_field="type"):
    seed_commitment: str
    seats: int
    trump: Pick | None
    deck: Shuffle | None


class CardsDealt(msgspec.Struct, frozen=True, tag="cards-dealt", tag_field="type"):
    seat: int
    cards: list[str] | None


class CardPlayed(msgspec.Struct, frozen=True, tag="card-played", tag_field="type"):
    seat: int
    card: str
    points: int


class CardDrawn(msgspec.Struct, frozen=True, tag="card-drawn", tag_field="type"):
    seat: int
    card: str | None
    #: a draw instead of a play ends the turn; the draw after a play does not add to it
    turn_over: bool = False


class DeckReshuffled(msgspec.Struct, frozen=True, tag="deck-reshuffled", tag_field="type"):
    seat: int
    deck: Shuffle | None


class GameEnded(msgspec.Struct, frozen=True, tag="game-ended", tag_field="type"):
    scores: list[int]
    seed: str


Event = GameOpened | CardsDealt | CardPlayed | CardDrawn | DeckReshuffled | GameEnded


class State(msgspec.Struct):
    seats: int
    hands: list[list[str]]
    deck: list[str]
    scores: list[int]
    trump: str
    turn: int = 0
    draws: int = 0
    reshuffled: list[bool] = []
    finished: bool = False


class PublicView(msgspec.Struct):
    scores: list[int]
    hand_sizes: list[int]
    deck_size: int
    trump: str
    turn: int
    finished: bool


class PrivateView(msgspec.Struct):
    seat: int
    hand: list[str]
    public: PublicView


class Move(msgspec.Struct):
    command: Command


def points(card: str, trump: str) -> int:
    """A card's number, doubled in trumps."""
    return int(card[1:]) * (2 if card[0] == trump else 1)


class _Toy:
    descriptor = KindDescriptor(
        kind=KIND, title="High card", min_seats=2, max_seats=4,
        hidden_information=["hands", "deck order"],
    )
    command_type = Command
    event_type = Event
    public_view_type = PublicView
    private_view_type = PrivateView

    def check_setup(self, setup: Setup) -> None:
        if not 2 <= setup.seats <= 4:
            raise RuleViolation("bad-setup", "2 to 4 seats", "§1")

    def rules_version(self, setup: Setup) -> str:
        return "1"

    def start(self, setup: Setup, seed: Seed) -> list[Any]:
        rng = Rng(seed)
        deck = rng.shuffle(DECK)
        trump = rng.pick(len(SUITS))
        events: list[Any] = [GameOpened(seed.commitment, setup.seats, trump, deck)]
        for seat in range(setup.seats):
            events.append(CardsDealt(seat, list(deck.after[seat * HAND : (seat + 1) * HAND])))
        return events

    def decide(self, state: State, seat: int, command: Any, seed: Seed) -> list[Any]:
        if state.finished:
            raise RuleViolation("game-over", "the game has ended", "§4")
        if seat != state.turn:
            raise RuleViolation("not-your-turn", f"seat {state.turn} is to act", "§2")
        if isinstance(command, Reshuffle):
            if state.reshuffled[seat]:
                raise RuleViolation("already-reshuffled", "once per game", "§3.2")
            return [DeckReshuffled(seat, Rng(seed, state.draws).shuffle(state.deck))]
        if isinstance(command, DrawCard):
            if not state.deck:
                raise RuleViolation("deck-empty", "the deck is empty: play a card", "§3.3")
            return [CardDrawn(seat, state.deck[0], turn_over=True)]
        if command.card not in state.hands[seat]:
            raise RuleViolation("card-not-in-hand", f"{command.card} is not in your hand", "§3.1")
        scored = points(command.card, state.trump)
        events: list[Any] = [CardPlayed(seat, command.card, scored)]
        if state.deck:
            events.append(CardDrawn(seat, state.deck[0]))
        following = (seat + 1) % state.seats
        if not state.hands[following]:
            scores = list(state.scores)
            scores[seat] += scored
            events.append(GameEnded(scores, seed.hex))
        return events

    def evolve(self, state: State | None, event: Any) -> State:
        if isinstance(event, GameOpened):
            assert event.trump is not None and event.deck is not None
            return State(event.seats, [[] for _ in range(event.seats)],
                         list(event.deck.after[event.seats * HAND :]), [0] * event.seats,
                         SUITS[event.trump.value], 0, 2, [False] * event.seats)
        assert state is not None
        if isinstance(event, CardsDealt):
            state.hands[event.seat] = list(event.cards or [])
        elif isinstance(event, CardPlayed):
            state.hands[event.seat].remove(event.card)
            state.scores[event.seat] += event.points
            state.turn = (event.seat + 1) % state.seats
        elif isinstance(event, CardDrawn):
            state.deck.pop(0)
            state.hands[event.seat].append(event.card or "")
            if event.turn_over:
                state.turn = (event.seat + 1) % state.seats
        elif isinstance(event, DeckReshuffled):
            assert event.deck is not None
            state.deck = list(event.deck.after)
            state.draws += 1
            state.reshuffled[event.seat] = True
        elif isinstance(event, GameEnded):
            state.scores = list(event.scores)
            state.finished = True
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state.finished else [state.turn]

    def result(self, state: State) -> Result | None:
        if not state.finished:
            return None
        best = max(state.scores)
        sheets = [SeatScore(seat, [ScoreTerm("cards", points, "§3.1")], points, [])
                  for seat, points in enumerate(state.scores)]
        return Result(list(state.scores), [s for s, v in enumerate(state.scores) if v == best],
                      sheets)

    def legal_moves(self, state: State, seat: int) -> list[Any]:
        if state.finished or seat != state.turn:
            return []
        moves: list[Any] = [Move(PlayCard(card)) for card in state.hands[seat]]
        if state.deck:
            moves.append(Move(DrawCard()))
        if not state.reshuffled[seat] and len(state.deck) > 1:
            moves.append(Move(Reshuffle()))
        return moves

    def public_view(self, state: State) -> PublicView:
        return PublicView(list(state.scores), [len(h) for h in state.hands], len(state.deck),
                          state.trump, state.turn, state.finished)

    def private_view(self, state: State, seat: int) -> PrivateView:
        return PrivateView(seat, list(state.hands[seat]), self.public_view(state))

    def redact(self, event: Any, viewer: int | None) -> Any:
        if isinstance(event, GameOpened | DeckReshuffled):
            return msgspec.structs.replace(event, deck=None)
        if isinstance(event, CardsDealt | CardDrawn) and event.seat != viewer:
            field = "cards" if isinstance(event, CardsDealt) else "card"
            return msgspec.structs.replace(event, **{field: None})
        return event


RULES = _Toy()
