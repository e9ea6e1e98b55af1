"""The whole truth of one Colt Express game, hidden parts included.

Views and redaction (`views.py`) decide who sees what; the state itself holds
everything, so `evolve` can rebuild it exactly from the log. Bandits are
numbered 0..B-1 (B = seats, or 2 x seats in the two-player game, §8) and all
per-bandit facts are parallel lists, which keeps copies and comparisons cheap.
A deck is a list whose **last** item is its top card.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.colt_express.components import ROUND_CARDS, is_bullet

#: the step of the game: two-player placing, between rounds, dealing the hands, the
#: two-player keeping, Schemin', Stealin', the round's event, over
PhaseName = Literal[
    "placing", "between", "dealing", "keeping", "schemin", "stealin", "event", "finished"
]


class State(msgspec.Struct, kw_only=True):
    """A game in progress. Mutable: `evolve` updates it in place."""

    seats: int
    two_player: bool
    #: per bandit: character id and the seat that controls it
    characters: list[str]
    controller: list[int]
    #: the wagon id of cars 1..N (position 0 is the locomotive, N the caboose)
    wagons: list[str]
    bandit_car: list[int]
    bandit_roof: list[bool]
    #: per bandit: the loot tokens on its character card
    held: list[list[str]]
    bullets_left: list[int]
    bullets_received: list[int]
    #: per seat: shots that count for the Gunslinger bonus (§7, §8)
    shots: list[int]
    #: per position 0..N: loot lying inside and on the roof
    inside: list[list[str]]
    roof: list[list[str]]
    #: the second strongbox, beside the train until *Take It All!*
    reserve: list[str]
    purse_values: dict[str, int]
    #: per seat: purses whose value that seat has seen (§4.5)
    known: list[set[str]]
    marshal: int
    neutral_left: int
    #: the 5 round cards in play order (hidden until each is turned up)
    round_deck: list[str]
    round: int = 0
    first_player: int
    phase: PhaseName
    #: placing/dealing/keeping: how many seats are done
    setup_pos: int = 0
    turn: int = 0
    turn_pos: int = 0
    cover_pending: bool = False
    decks: list[list[str]]
    hands: list[list[str]]
    pile: list[str] = []
    pile_down: list[bool] = []
    pile_pos: int = 0
    #: the card at ``pile_pos`` is turned up and waits for its owner's choice
    revealed: bool = False
    #: bandits that still owe a choice for the round's event
    queue: list[int] = []
    #: *Marshal's Revenge* asks every purse holder, not only tied ones (rules 0.3 on)
    every_holder_chooses: bool = False
    ransoms: int = 0
    #: the next unused draw of the game's generator
    draws: int = 0
    seed_commitment: str
    seed: str | None = None
    scores: list[int] | None = None
    winners: list[int] | None = None
    gunslingers: list[int] | None = None

    @property
    def caboose(self) -> int:
        """Position of the last car."""
        return len(self.wagons)

    def bandit(self, character: str) -> int:
        """The bandit index of a character in this game (ValueError if absent)."""
        return self.characters.index(character)

    def turn_types(self) -> tuple[str, ...]:
        """The turns of the current round card."""
        return ROUND_CARDS[self.round_deck[self.round]][1]

    def round_event(self) -> str | None:
        """The end-of-round event of the current round card."""
        return ROUND_CARDS[self.round_deck[self.round]][2]

    def actor(self) -> int:
        """The seat taking the current action of the current turn (§4.2).

        Normal and tunnel turns run clockwise from the first player, a
        switching turn counter-clockwise, and in a speeding-up turn each seat
        takes two actions in a row.
        """
        kind = self.turn_types()[self.turn]
        if kind == "switching":
            return (self.first_player - self.turn_pos) % self.seats
        if kind == "speeding_up":
            return (self.first_player + self.turn_pos // 2) % self.seats
        return (self.first_player + self.turn_pos) % self.seats

    def actions_in_turn(self) -> int:
        """How many actions the current turn has: one per seat, two in a speeding-up turn."""
        return self.seats * (2 if self.turn_types()[self.turn] == "speeding_up" else 1)

    def seat_order(self) -> list[int]:
        """Seats clockwise from the round's first player."""
        return [(self.first_player + i) % self.seats for i in range(self.seats)]

    def bandits_in_seat_order(self) -> list[int]:
        """Bandits ordered by their controller's place from the first player."""
        n, first = self.seats, self.first_player
        return sorted(
            range(len(self.characters)), key=lambda b: ((self.controller[b] - first) % n, b)
        )

    def playable(self, seat: int) -> list[str]:
        """Distinct action cards in the seat's hand, in hand order."""
        seen: list[str] = []
        for card in self.hands[seat]:
            if not is_bullet(card) and card not in seen:
                seen.append(card)
        return seen

    def clone(self) -> State:
        """A deep copy, so `decide` can look ahead without touching the caller's state."""
        return State(
            every_holder_chooses=self.every_holder_chooses,
            seats=self.seats,
            two_player=self.two_player,
            characters=self.characters,
            controller=self.controller,
            wagons=self.wagons,
            bandit_car=list(self.bandit_car),
            bandit_roof=list(self.bandit_roof),
            held=[list(x) for x in self.held],
            bullets_left=list(self.bullets_left),
            bullets_received=list(self.bullets_received),
            shots=list(self.shots),
            inside=[list(x) for x in self.inside],
            roof=[list(x) for x in self.roof],
            reserve=list(self.reserve),
            purse_values=self.purse_values,
            known=[set(x) for x in self.known],
            marshal=self.marshal,
            neutral_left=self.neutral_left,
            round_deck=self.round_deck,
            round=self.round,
            first_player=self.first_player,
            phase=self.phase,
            setup_pos=self.setup_pos,
            turn=self.turn,
            turn_pos=self.turn_pos,
            cover_pending=self.cover_pending,
            decks=[list(x) for x in self.decks],
            hands=[list(x) for x in self.hands],
            pile=list(self.pile),
            pile_down=list(self.pile_down),
            pile_pos=self.pile_pos,
            revealed=self.revealed,
            queue=list(self.queue),
            ransoms=self.ransoms,
            draws=self.draws,
            seed_commitment=self.seed_commitment,
            seed=self.seed,
            scores=self.scores,
            winners=self.winners,
            gunslingers=self.gunslingers,
        )
