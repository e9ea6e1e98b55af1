"""The decider's private copy of a game, and the events it has emitted on it so far.

A card or an event sets off several steps, and each step is judged on the
position the previous one left (a bandit pushed into the Marshal's car meets
him where he now stands). So `decide` and `start` never reason about events
they have not applied: every rule module emits through `Lookahead.emit`,
which applies the event at once and records it. The caller's own state is
never this one; `decide` hands in a copy.
"""

from __future__ import annotations

from domain.colt_express.events import Event
from domain.colt_express.evolve import evolve
from domain.colt_express.state import State
from domain.kernel.rng import Rng, Seed


class Lookahead:
    """A private copy of the state and the events emitted on it so far."""

    __slots__ = ("events", "seed", "state")

    def __init__(self, state: State, seed: Seed) -> None:
        self.state = state
        self.seed = seed
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Apply `event` to the copy and record it."""
        self.state = evolve(self.state, event)
        self.events.append(event)

    def rng(self) -> Rng:
        """The game's generator at the next unused draw, for a shuffle the rules ask for."""
        return Rng(self.seed, self.state.draws)
