"""How the shared turn calls the parts of a game: the `Feature` description and the `Engine`.

Every part of a Ticket to Ride game — the core ones every map plays (drawing cards,
claiming routes, tickets, passing) and the features a map combines (stations,
tunnels, ferries, goods, bonus draws, the chosen market, the piece split, harbors,
goal cards, tours...) — is one module that describes itself as a `Feature`: the
commands it decides, the pending decisions it owns, how its events apply, the legal
moves it lists, its view fields, its redactions and its end-of-game terms. The shared
turn never asks which map it plays; it calls the features the map's data names
through these few named hooks:

* **commands**: ``turn_commands`` (a turn's action), ``setup_commands`` (before the
  first turn), ``decisions`` (the command a pending decision of its kind allows),
  ``claims`` (a claim of a route of its kind, e.g. a tunnel), ``absent`` (how its
  commands are refused on a map without it);
* **after a claim**: ``after_claim`` (decide: what a claim also takes or draws),
  ``on_claim`` (evolve: what a claim also changes), ``claim_continues`` (the turn
  goes on after the claim, to a bonus draw);
* **events**: ``appliers`` and ``redactions``, one entry per event type it owns;
* **moves**: ``turn_moves`` (entries at the start of a turn), ``decision_moves``,
  ``setup_moves``;
* **views**: ``public_fields``, ``seat_fields``, ``pending_names``;
* **the opening**: ``opening`` (fields of the game-started event), ``start`` (the
  state it sets up);
* **prices**: ``price`` (the price rule of a route it prices);
* **tables**: ``tables`` (what it builds once per board, from the board and its
  `entries.Payments`, kept in `Engine.tables`);
* **final scoring**: ``terms`` (points beyond routes and tickets), ``ticket_points``
  (a change to a ticket's score), ``tie_breaks`` (measures), ``sheet`` (its lines on
  a seat's score sheet: its terms with their rule sections, and its figures).

The `Market` (the face-up cards: one deck, or the chosen market) is the one part a
map picks rather than adds. `Engine` is a board with its parts composed: built once
per board (`engine.build_engine`), it holds the dispatch tables and the tables the
legal moves read. Composition, not subclassing: a map's data names its features.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.kernel.rng import Rng
from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.commands import DrawBlind, RefillSlot
from domain.ticket_to_ride.entries import Move, Payments
from domain.ticket_to_ride.pricing import PriceRule
from domain.ticket_to_ride.refusals import Code
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.scoring import Tally, TicketScore
from domain.ticket_to_ride.state import FinalScore, GameState, Pending, PlayerState

#: a command's outcome: the events it causes, in order
Events = list[Any]

# A deciding hook receives the command's `turn.Turn` (typed Any here: `turn` builds on
# this module), the seat, and the command or decision.
TurnCommand = Callable[[Any, int, Any], Events]
Decision = Callable[[Any, int, Any, Any], Events]
Claim = Callable[[Any, int, int, int, int], Events]
AfterClaim = Callable[[Any, Events], None]
Apply = Callable[["Engine", GameState, Any], None]
OnClaim = Callable[["Engine", GameState, Any], None]
TurnMoves = Callable[["Engine", GameState, int, list[Any]], None]
DecisionMoves = Callable[["Engine", GameState, int, Any], list[Any]]
SetupMoves = Callable[["Engine", GameState, PlayerState], list[Any]]
Redact = Callable[[Any, "int | None"], Any]
Fields = Callable[["Engine", GameState], dict[str, Any]]
SeatFields = Callable[["Engine", GameState, PlayerState], dict[str, Any]]
Opening = Callable[[Board, Ruleset, Rng], dict[str, Any]]
Start = Callable[["Engine", GameState, Any], None]
Price = Callable[[Board, int], "PriceRule | None"]
Terms = Callable[["Engine", GameState, Tally], dict[str, list[int]]]
#: a change to a seat's ticket points, given its `scoring.TicketScore`
TicketPoints = Callable[["Engine", PlayerState, TicketScore], int]
Measure = Callable[["Engine", GameState, Tally], list[int]]
#: a part's lines on each seat's score sheet (by seat), from the recorded `FinalScore`s
Sheet = Callable[["Engine", GameState, Sequence[FinalScore]], list["Lines"]]
#: a refusal as `refusals.refuse` takes it: code, message, section
Refusal = tuple[Code, str, str]


@dataclass(frozen=True)
class Lines:
    """A part's lines on one seat's score sheet (`sheets`): its terms, each with the section
    of the map's rules.md that scores it, and its figures (statistics, not points).

    ``within``: points of its terms that the recorded account counts inside another term,
    by that term's id (a tour's inside the tickets, an exchange's inside the route points,
    as the score track holds them); that term leaves them out, so the sheet still adds up.
    """

    terms: tuple[ScoreTerm, ...] = ()
    figures: tuple[Figure, ...] = ()
    within: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Feature:
    """One part of the game, described by the hooks it fills (see the module docstring)."""

    name: str
    turn_commands: Mapping[type, TurnCommand] = field(default_factory=dict)
    setup_commands: Mapping[type, TurnCommand] = field(default_factory=dict)
    decisions: Mapping[type, Decision] = field(default_factory=dict)
    claims: Mapping[int, Claim] = field(default_factory=dict)
    absent: Mapping[type, Refusal] = field(default_factory=dict)
    #: the (code, section) pairs the part refuses with (`refusals`), and those it refuses
    #: with only on a board whose data calls for them
    refusals: tuple[tuple[Code, str], ...] = ()
    board_refusals: Callable[[Board], tuple[tuple[Code, str], ...]] | None = None
    after_claim: AfterClaim | None = None
    on_claim: OnClaim | None = None
    claim_continues: Callable[[Board, int], bool] | None = None
    appliers: Mapping[type, Apply] = field(default_factory=dict)
    redactions: Mapping[type, Redact] = field(default_factory=dict)
    turn_moves: TurnMoves | None = None
    decision_moves: Mapping[type, DecisionMoves] = field(default_factory=dict)
    setup_moves: SetupMoves | None = None
    public_fields: Fields | None = None
    seat_fields: SeatFields | None = None
    pending_names: Mapping[type, str] = field(default_factory=dict)
    opening: Opening | None = None
    start: Start | None = None
    price: Price | None = None
    tables: Callable[[Board, Payments], Any] | None = None
    terms: Terms | None = None
    ticket_points: TicketPoints | None = None
    tie_breaks: Mapping[str, Measure] = field(default_factory=dict)
    sheet: Sheet | None = None


class Market(Protocol):
    """The face-up cards and how they are refilled (one deck, or the chosen market).

    ``waits``: a turn's end may wait for the player's choice of how to refill
    (`turn_ends`); a market that never waits is not asked.
    """

    waits: bool

    def deal(self, board: Board, rules: Ruleset, piles: Any, reshuffles: Any,
             display: list[int]) -> None:
        """Turn up the opening market."""

    def draw_face_up(self, turn: Any, seat: int, slot: int, second: bool) -> Events:
        """A face-up card taken (decide)."""

    def draw_blind(self, turn: Any, seat: int, second: bool) -> Events:
        """The blind card of a draw-card command (decide)."""

    def finish(self, turn: Any, events: Events) -> bool:
        """At the end of a turn: refill what must be (appending events); False when the
        player must first choose how (the turn is not over yet)."""

    def turn_ends(self, state: GameState) -> bool:
        """At the end of a turn (evolve): False when a refill choice is pending first (asked
        only of a market that `waits`)."""

    def draw_moves(self, engine: Engine, state: GameState, out: list[Any]) -> None:
        """The draw entries of a turn's start."""

    def second_moves(self, engine: Engine, state: GameState) -> list[Any]:
        """The entries for the second card of a draw."""


class Engine:
    """One board with its parts composed: the dispatch tables the shared turn reads.

    Built once per board by `engine.build_engine`, never changed afterwards.
    ``parts`` are the core parts then the map's features, in the order their moves are
    listed; ``price_rules[r]`` is route ``r``'s price rule; ``goes_on[r]`` says a claim
    of ``r`` leaves the turn open (a bonus draw follows).
    """

    __slots__ = (
        "absent_setup",
        "absent_turn",
        "after_claim",
        "appliers",
        "blind_moves",
        "board",
        "claim_table",
        "claims",
        "decision_moves",
        "decisions",
        "goes_on",
        "market",
        "on_claim",
        "openings",
        "parts",
        "pending_names",
        "price_rules",
        "public_fields",
        "refill_moves",
        "refusals",
        "seat_fields",
        "setup_commands",
        "setup_moves",
        "sheets",
        "starts",
        "tables",
        "terms",
        "ticket_points",
        "tie_breaks",
        "turn_commands",
        "turn_moves",
    )

    def __init__(self, board: Board, market: Market, parts: tuple[Feature, ...],
                 missing: tuple[Feature, ...], price_rules: tuple[PriceRule, ...],
                 claim_table: Any) -> None:
        self.board = board
        self.market = market
        self.parts = parts
        self.price_rules = price_rules
        self.claim_table = claim_table
        #: the entries of a blind draw from, and a market refill from, each deck
        self.blind_moves = tuple(Move(DrawBlind(deck)) for deck in board.deck_ids)
        self.refill_moves = tuple(Move(RefillSlot(deck)) for deck in board.deck_ids)
        #: how the commands of the features the map lacks are refused, by phase
        self.absent_setup = {kind: refusal for f in missing for kind, refusal in f.absent.items()
                             if kind in f.setup_commands}
        self.absent_turn = {kind: refusal for f in missing for kind, refusal in f.absent.items()
                            if kind in f.turn_commands}
        #: every (code, section) the parts, and the features the map lacks, refuse with
        self.refusals: tuple[tuple[str, str], ...] = tuple(sorted(
            {pair for part in parts for pair in part.refusals}
            | {pair for part in parts if part.board_refusals
               for pair in part.board_refusals(board)}
            | {(code, section) for code, _, section in
               (*self.absent_setup.values(), *self.absent_turn.values())}))
        self.turn_commands: dict[type, TurnCommand] = {}
        self.setup_commands: dict[type, TurnCommand] = {}
        self.decisions: dict[type, Decision] = {}
        self.claims: dict[int, Claim] = {}
        self.appliers: dict[type, Apply] = {}
        self.decision_moves: dict[type, DecisionMoves] = {}
        self.pending_names: dict[type, str] = {}
        self.tie_breaks: dict[str, Measure] = {}
        #: what each part builds once per board, by its name
        self.tables: dict[str, Any] = {p.name: p.tables(board, claim_table.payments)
                                       for p in parts if p.tables}
        for part in parts:
            self.turn_commands.update(part.turn_commands)
            self.setup_commands.update(part.setup_commands)
            self.decisions.update(part.decisions)
            self.claims.update(part.claims)
            self.appliers.update(part.appliers)
            self.decision_moves.update(part.decision_moves)
            self.pending_names.update(part.pending_names)
            self.tie_breaks.update(part.tie_breaks)
        self.after_claim = tuple(p.after_claim for p in parts if p.after_claim)
        self.on_claim = tuple(p.on_claim for p in parts if p.on_claim)
        self.turn_moves = tuple(p.turn_moves for p in parts if p.turn_moves)
        self.setup_moves = tuple(p.setup_moves for p in parts if p.setup_moves)
        self.public_fields = tuple(p.public_fields for p in parts if p.public_fields)
        self.seat_fields = tuple(p.seat_fields for p in parts if p.seat_fields)
        self.openings = tuple(p.opening for p in parts if p.opening)
        self.starts = tuple(p.start for p in parts if p.start)
        self.terms = tuple(p.terms for p in parts if p.terms)
        self.ticket_points = tuple(p.ticket_points for p in parts if p.ticket_points)
        self.sheets = tuple(p.sheet for p in parts if p.sheet)
        continues = [p.claim_continues for p in parts if p.claim_continues]
        self.goes_on = tuple(
            any(c(board, r) for c in continues) for r in range(len(board.route_a))
        )

    def apply(self, state: GameState, event: Any) -> None:
        """Apply one event after the opening to `state`, in place."""
        self.appliers[type(event)](self, state, event)

    def pending_of(self, pending: Pending) -> str:
        """The public name of a pending decision."""
        return self.pending_names[type(pending)]
