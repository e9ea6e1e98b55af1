"""`RULES`: the Ticket to Ride family as one `GameRules` implementation.

Every map shares this engine; the state's `Ruleset` names its map, whose
`Board` the rules object holds. See ``docs/ticket_to_ride_engine.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from domain.kernel.errors import RuleViolation, wire_name
from domain.kernel.outcomes import Outcome
from domain.kernel.protocol import (
    KindDescriptor,
    MapDescriptor,
    OptionDescriptor,
    Result,
    Setup,
    VariantDescriptor,
)
from domain.kernel.refusals import Raised, catalogue
from domain.kernel.rng import Seed
from domain.kernel.statistics import KindStatistics
from domain.ticket_to_ride import heat, moves, opening, outcomes, picture, views
from domain.ticket_to_ride.board import Board, board_from_map, load_board, map_ids
from domain.ticket_to_ride.commands import Command
from domain.ticket_to_ride.decide import decide
from domain.ticket_to_ride.decks import deck_map, supplied_deck
from domain.ticket_to_ride.engine import REDACTIONS, build_engine
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.evolve import evolve
from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.mapfile import MapError, option_rule
from domain.ticket_to_ride.material import TicketToRideMaterial, material_of
from domain.ticket_to_ride.refusals import MEANINGS, TURN, WAITING, translated
from domain.ticket_to_ride.ruleset import (
    DEFAULT_MAP,
    DEFAULT_VARIANT,
    ruleset_of,
    setup_refusals,
    unknown_map,
)
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.statistics import game_statistics
from domain.ticket_to_ride.turn import forfeit


def _descriptor(engines: Mapping[str, Engine], default_map: str) -> KindDescriptor:
    maps = []
    options = []
    for map_id, engine in sorted(engines.items()):
        board = engine.board
        data = board.map
        note = f" {data.note}" if data.note else ""
        note += _deck_note(board)
        maps.append(
            MapDescriptor(
                id=map_id,
                title=data.title,
                min_seats=data.rules.players.min,
                max_seats=data.rules.players.max,
                variants=[
                    VariantDescriptor(id=v, title=spec.title, description=spec.description + note)
                    for v, spec in data.variants.items()
                ],
                default_variant=DEFAULT_VARIANT if DEFAULT_VARIANT in data.variants else None,
            )
        )
        options += [
            OptionDescriptor(name=name, type="boolean", default=False,
                             description=spec.description, maps=[map_id],
                             variants=list(spec.variants))
            if spec.sets is None
            else OptionDescriptor(
                name=name,
                type="integer",
                default=option_rule(data, spec.sets) or 0,  # `mapcheck` refused None
                description=f"{spec.description} ({spec.minimum} to {spec.maximum})",
                maps=[map_id],
                variants=list(spec.variants),
                minimum=spec.minimum,
                maximum=spec.maximum,
            )
            for name, spec in data.options.items()
        ]
    return KindDescriptor(
        refusals=catalogue({map_id: map_refusals(engine) for map_id, engine in engines.items()},
                           MEANINGS),
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
        default_map=default_map,
    )


def map_refusals(engine: Engine) -> list[Raised]:
    """Every (code, section) a game on `engine`'s board may be refused with, in the map's
    own rulebook sections: its setup's, the turn's, its parts' (`hooks.Engine.refusals`)."""
    sections = engine.board.map.rules.sections
    return [*setup_refusals(engine.board), *translated(sections, (*TURN, *engine.refusals))]


def _deck_note(board: Board) -> str:
    """What `/kinds` says of a ticket deck generated or supplied (`decks`)."""
    deck = board.map.ticket_deck
    if deck is None:
        return ""
    generated = sum(board.ticket_generated)
    if generated:
        return (f" This server deals a generated deck: {generated} of its {deck.cards} tickets "
                f"are not printed cards (deck {board.deck_digest}).")
    return (f" This server deals the printed deck of {deck.cards} tickets it was given "
            f"(deck {board.deck_digest}).")


def shipped_boards() -> dict[str, Board]:
    """Every map shipped in ``maps/``, by id."""
    return {map_id: load_board(map_id) for map_id in map_ids()}


def with_ticket_deck(name: str, raw: bytes) -> dict[str, Board]:
    """The shipped maps, one of them playing the deck of the deck file `name` (its bytes
    `raw`, read by the caller: the domain does no I/O), or `MapError` (see `decks`)."""
    boards = shipped_boards()
    map_id = deck_map(name, raw)
    if map_id not in boards:
        raise MapError(f"{name}: map: no shipped map {map_id!r}")
    boards[map_id] = board_from_map(supplied_deck(boards[map_id].map, name, raw))
    return boards


class TicketToRideRules:
    """The decider of every Ticket to Ride map (see `domain.kernel.protocol.GameRules`).

    It plays the `boards` it is given (by default every shipped map, see
    `shipped_boards`): a test can play a map file of its own through the
    same engine. Shipped: ``europe`` with variants ``standard``,
    ``europa-1912``, ``mega-europe`` and ``big-cities`` and the house option
    ``long-1912-tickets`` (the Orient Express and Max tickets are left out:
    their data is missing from the reference, §11.5), ``northern-lights``
    and ``world`` (variant ``standard``), and ``amsterdam``, whose contract deck
    is generated unless the server is given the printed one
    (`decks.supplied_deck`, a board the service builds and passes here).
    """

    command_type = Command
    event_type = Event
    public_view_type = views.PublicView
    private_view_type = views.PrivateView
    legal_move_type = Move
    material_type = TicketToRideMaterial

    def __init__(self, boards: Mapping[str, Board] | None = None) -> None:
        self.boards = dict(shipped_boards() if boards is None else boards)
        #: each board's engine, built once (`engine.build_engine`)
        self.engines = {map_id: build_engine(board) for map_id, board in self.boards.items()}
        self.default_map = DEFAULT_MAP if DEFAULT_MAP in self.boards else min(self.boards)
        self.descriptor = _descriptor(self.engines, self.default_map)

    def board(self, setup: Setup) -> Board:
        """The board `setup` plays on, or `bad-setup` (a map id is only ever a key here)."""
        return self.engine(setup).board

    def engine(self, setup: Setup) -> Engine:
        """The engine of the board `setup` plays on, or `bad-setup`."""
        engine = self.engines.get(setup.map or self.default_map)
        if engine is None:
            raise unknown_map(str(setup.map), self.engines)
        return engine

    def check_setup(self, setup: Setup) -> None:
        ruleset_of(self.board(setup), setup)

    def rules_version(self, setup: Setup) -> str:
        current = msgspec.structs.replace(setup, rules_version=None)
        return ruleset_of(self.board(setup), current).version

    def material(self, setup: Setup) -> TicketToRideMaterial:
        return material_of(self.board(setup), setup)

    def start(self, setup: Setup, seed: Seed) -> list[Event]:
        return [opening.start(self.engine(setup), setup, seed)]

    def decide(self, state: GameState, seat: int, command: Command, seed: Seed) -> list[Event]:
        engine = self.engines[state.rules.map]
        try:
            return decide(engine, state, seat, command, seed)
        except RuleViolation as refused:  # cite the map's own rulebook where it numbers otherwise
            refused.section = state.rules.sections.get(refused.section, refused.section)
            if refused.code in WAITING and 0 <= seat < state.seats:
                awaited = sorted({wire_name(m.command)
                                  for m in moves.legal_moves(engine, state, seat)})
                refused.expected = awaited or None
            raise

    def forfeit(self, state: GameState, seat: int, seed: Seed) -> list[Event]:
        return forfeit(self.engines[state.rules.map], state, seat, seed)

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        # the hot path of replays, straight to the event's handler: a Europe replay takes
        # 14% fewer instructions than through `evolve.evolve` (callgrind)
        if state is not None:
            engine = self.engines[state.rules.map]
            apply = engine.appliers.get(type(event))
            if apply is not None:
                apply(engine, state, event)
                return state
            return evolve(engine, state, event)
        map_id = getattr(event, "map", self.default_map)
        found = self.engines.get(map_id)
        if found is None:
            raise ValueError(f"the log's game is on map {map_id!r}, which is not played here")
        return evolve(found, state, event)

    def to_act(self, state: GameState) -> list[int]:
        return views.to_act(state)

    def result(self, state: GameState) -> Result | None:
        return views.result(self.engines[state.rules.map], state)

    def statistics(self, setup: Setup, steps: Sequence[Sequence[Event]],
                   final: GameState | None) -> KindStatistics:
        """The game's statistics from its events by record (`kernel.statistics`)."""
        return game_statistics(self.board(setup), setup.seats, steps, final)

    def legal_moves(self, state: GameState, seat: int) -> list[Move]:
        return moves.legal_moves(self.engines[state.rules.map], state, seat)

    def public_view(self, state: GameState) -> views.PublicView:
        return views.public_view(self.engines[state.rules.map], state)

    def private_view(self, state: GameState, seat: int) -> views.PrivateView:
        return views.private_view(self.engines[state.rules.map], state, seat)

    def redact(self, event: Event, viewer: int | None) -> Event:
        return views.redact(REDACTIONS, event, viewer)

    def board_svg(self, state: GameState) -> str:
        return picture.board_svg(self.engines[state.rules.map], state)

    def outcomes(self, state: GameState) -> list[Outcome]:
        return outcomes.outcomes(state)

    def claims_svg(self, setup: Setup, claimed: Mapping[int, int], games: int) -> str:
        """The board of `setup`'s map, each route shaded by how many of `games` claimed
        it (`heat`); `bad-setup` for a map not played here."""
        return heat.claims_svg(self.engine(setup), claimed, games)


RULES = TicketToRideRules()
