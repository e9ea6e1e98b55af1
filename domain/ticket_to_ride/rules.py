"""`RULES`: the Ticket to Ride family as one `GameRules` implementation.

Every map shares this engine; the state's `Ruleset` names its map, whose
`Board` is loaded once and cached. See ``docs/ticket_to_ride_engine.md``.
"""

from __future__ import annotations

import msgspec

from domain.kernel.protocol import (
    KindDescriptor,
    MapDescriptor,
    OptionDescriptor,
    Result,
    Setup,
    VariantDescriptor,
)
from domain.kernel.rng import Seed
from domain.ticket_to_ride import decide as deciding
from domain.ticket_to_ride import evolve as evolving
from domain.ticket_to_ride import moves, opening, picture, views
from domain.ticket_to_ride.board import load_board, map_ids
from domain.ticket_to_ride.commands import Command
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.material import TicketToRideMaterial, material_of
from domain.ticket_to_ride.ruleset import ruleset_for
from domain.ticket_to_ride.state import GameState


def _descriptor() -> KindDescriptor:
    maps = []
    options = []
    for map_id in map_ids():
        data = load_board(map_id).map
        note = f" {data.note}" if data.note else ""
        maps.append(
            MapDescriptor(
                id=map_id,
                title=data.title,
                min_seats=data.rules.min_seats,
                max_seats=data.rules.max_seats,
                variants=[
                    VariantDescriptor(id=v, title=spec.title, description=spec.description + note)
                    for v, spec in data.variants.items()
                ],
            )
        )
        options += [
            OptionDescriptor(name=name, type="boolean", default=False, description=spec.description)
            for name, spec in data.options.items()
        ]
    return KindDescriptor(
        kind="ticket-to-ride",
        title="Ticket to Ride",
        min_seats=min(m.min_seats for m in maps),
        max_seats=max(m.max_seats for m in maps),
        hidden_information=[
            "train cards in hand (counts are public)",
            "destination tickets held or on offer (counts are public)",
            "order of the train card and ticket piles",
            "the seed, until the game ends",
        ],
        maps=maps,
        options=options,
    )


class TicketToRideRules:
    """The decider of every Ticket to Ride map (see `domain.kernel.protocol.GameRules`).

    Maps: ``europe`` with variants ``standard``, ``europa-1912``,
    ``mega-europe`` and ``big-cities`` and the house option
    ``long-1912-tickets``. The Orient Express and Max tickets are left out:
    their data is missing from the reference (§11.5).
    """

    command_type = Command
    event_type = Event
    public_view_type = views.PublicView
    private_view_type = views.PrivateView
    legal_move_type = moves.Move
    material_type = TicketToRideMaterial

    def __init__(self) -> None:
        self.descriptor = _descriptor()

    def check_setup(self, setup: Setup) -> None:
        ruleset_for(setup)

    def rules_version(self, setup: Setup) -> str:
        return ruleset_for(msgspec.structs.replace(setup, rules_version=None)).version

    def material(self, setup: Setup) -> TicketToRideMaterial:
        return material_of(setup)

    def start(self, setup: Setup, seed: Seed) -> list[Event]:
        return [opening.start(load_board(setup.map or "europe"), setup, seed)]

    def decide(self, state: GameState, seat: int, command: Command, seed: Seed) -> list[Event]:
        return deciding.decide(load_board(state.rules.map), state, seat, command, seed)

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        if state is not None:  # the hot path of replays: straight to the event's handler
            apply = evolving.APPLY.get(type(event))
            if apply is not None:
                apply(load_board(state.rules.map), state, event)
                return state
        map_id = state.rules.map if state is not None else getattr(event, "map", "europe")
        return evolving.evolve(load_board(map_id), state, event)

    def to_act(self, state: GameState) -> list[int]:
        return views.to_act(state)

    def result(self, state: GameState) -> Result | None:
        return views.result(state)

    def legal_moves(self, state: GameState, seat: int) -> list[moves.Move]:
        return moves.legal_moves(load_board(state.rules.map), state, seat)

    def public_view(self, state: GameState) -> views.PublicView:
        return views.public_view(load_board(state.rules.map), state)

    def private_view(self, state: GameState, seat: int) -> views.PrivateView:
        return views.private_view(load_board(state.rules.map), state, seat)

    def redact(self, event: Event, viewer: int | None) -> Event:
        return views.redact(event, viewer)

    def board_svg(self, state: GameState) -> str:
        return picture.board_svg(state)


RULES = TicketToRideRules()
