"""Colt Express as a `GameRules` object: the descriptor and the protocol methods.

`decide.py` sends each command to the module of its phase (`opening`,
`dealing`, `schemin`, `stealin`, `round_events`, `final`), which also lists
that phase's legal commands; `evolve.py` applies events, `train.py` says who
can reach whom, and `views.py` decides who sees what.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.colt_express import outcomes, picture
from domain.colt_express.choices import legal_commands
from domain.colt_express.commands import Command, LegalMove
from domain.colt_express.components import CHARACTERS
from domain.colt_express.decide import decide
from domain.colt_express.events import Event
from domain.colt_express.evolve import evolve
from domain.colt_express.final import forfeit, sheets
from domain.colt_express.material import ColtExpressMaterial, material_of
from domain.colt_express.opening import bandits_for, check_setup, start
from domain.colt_express.refusals import refusals
from domain.colt_express.round import to_act
from domain.colt_express.state import State
from domain.colt_express.statistics import game_statistics
from domain.colt_express.versions import RULES_VERSION
from domain.colt_express.views import (
    ColtExpressPrivateView,
    ColtExpressPublicView,
    private_view,
    public_view,
    redact,
)
from domain.kernel.outcomes import Outcome
from domain.kernel.protocol import (
    KindDescriptor,
    OptionDescriptor,
    Result,
    Setup,
    VariantDescriptor,
)
from domain.kernel.rng import Seed
from domain.kernel.statistics import KindStatistics


def _characters_pattern(count: int) -> str:
    """``random``, or `count` different characters, comma separated: what `check_setup` takes."""
    name = f"({'|'.join(CHARACTERS)})"
    listed = f" *{name} *(, *{name} *){{{count - 1}}}"
    different = rf"(?!.*\b{name}\b.*\b\2\b)"  # no character named twice
    return f"^(random|{different}{listed})$"


DESCRIPTOR = KindDescriptor(
    kind="colt-express",
    title="Colt Express",
    min_seats=2,
    max_seats=6,
    hidden_information=[
        "hands",
        "deck order",
        "face-down cards on the pile until revealed",
        "purse values (each seat sees the purses it has held)",
        "round cards not yet turned up",
        "seed until the end",
    ],
    variants=[
        VariantDescriptor(
            id="two-player",
            title="Two players",
            description="Each player controls two bandits (rules §8). Only with 2 seats, "
            "where it also applies when no variant is named.",
            min_seats=2,
            max_seats=2,
        )
    ],
    options=[
        OptionDescriptor(
            name="characters",
            type="string",
            default="random",
            description="'random', or the character of each seat in seat order, comma "
            "separated (two per seat with 2 seats): " + ", ".join(CHARACTERS),
            patterns={seats: _characters_pattern(bandits_for(seats)) for seats in range(2, 7)},
        )
    ],
    score_unit="dollars",
    refusals=refusals(),
)



class ColtExpressRules:
    """The Colt Express decider (stateless; one module-level instance, `RULES`)."""

    descriptor = DESCRIPTOR
    command_type: Any = Command
    event_type: Any = Event
    public_view_type: Any = ColtExpressPublicView
    private_view_type: Any = ColtExpressPrivateView
    legal_move_type: Any = LegalMove
    material_type: Any = ColtExpressMaterial

    def check_setup(self, setup: Setup) -> None:
        check_setup(setup)

    def rules_version(self, setup: Setup) -> str:
        return RULES_VERSION

    def material(self, setup: Setup) -> ColtExpressMaterial:
        return material_of(setup)

    def start(self, setup: Setup, seed: Seed) -> list[Event]:
        return start(setup, seed)

    def decide(self, state: State, seat: int, command: Command, seed: Seed) -> list[Event]:
        return decide(state, seat, command, seed)

    def forfeit(self, state: State, seat: int, seed: Seed) -> list[Event]:
        return forfeit(state, seat, seed)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def result(self, state: State) -> Result | None:
        if state.scores is None or state.winners is None:
            return None
        return Result(scores=list(state.scores), winners=list(state.winners),
                      sheets=sheets(state))

    def statistics(self, setup: Setup, steps: Sequence[Sequence[Event]],
                   final: State | None) -> KindStatistics:
        """The game's statistics from its events by record (`kernel.statistics`)."""
        return game_statistics(steps, final is not None)

    def legal_moves(self, state: State, seat: int) -> list[LegalMove]:
        if seat not in to_act(state):
            return []
        return [LegalMove(command=c) for c in legal_commands(state, seat)]

    def public_view(self, state: State) -> ColtExpressPublicView:
        return public_view(state)

    def private_view(self, state: State, seat: int) -> ColtExpressPrivateView:
        return private_view(state, seat)

    def redact(self, event: Event, viewer: int | None) -> Event:
        return redact(event, viewer)

    def board_svg(self, state: State) -> str:
        return picture.board_svg(state)

    def outcomes(self, state: State) -> list[Outcome]:
        return outcomes.outcomes(state)


RULES = ColtExpressRules()
