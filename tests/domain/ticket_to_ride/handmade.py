"""Handcrafted Ticket to Ride states for the rule tests.

`make_state` builds a game in the middle of play on any map (Europe unless `map_id`
names another), naming cards and cities as the rulebook does, so each test states
exactly the situation its rule is about. It starts from the map's real opening, so
every feature's own state is set up as a game has it, then puts in the piles, hands,
tickets and pieces the test names. `give_route` hands a seat a route as a claim would
(owners, closed tracks, pieces, ports), without cards or points; `ended` ends a game as
it stands, with the result its score sheets are read from. The helpers take the
`board` of another map. Commands go through the shared `tests.domain.decider.play` and
`refused`, here bound to the Ticket to Ride rules (`play`, `refused`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Result, Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import TRAINS, Board, load_board
from domain.ticket_to_ride.claims import close_claimed
from domain.ticket_to_ride.commands import ClaimRoute, Command, DrawCard
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.events import Event, GameEnded, RouteClaimed
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.rules import TicketToRideRules
from domain.ticket_to_ride.state import GameState
from tests.domain import decider
from tests.domain.decider import SEED

BOARD = load_board("europe")
LOCO = BOARD.locomotive

__all__ = ["SEED"]


def card(name: str, board: Board = BOARD) -> int:
    """The card index of a card name ("red", "locomotive")."""
    index = board.card_index(name)
    assert index >= 0, name
    return index


def cards(*names: str, board: Board = BOARD) -> list[int]:
    """Card indices of names, in order (for piles: the last is the top)."""
    return [card(n, board) for n in names]


def hand(board: Board = BOARD, **counts: int) -> list[int]:
    """A hand as counts per card index: ``hand(yellow=3, locomotive=1)`` (a card kind
    with a hyphen is named with an underscore: ``red_anchor=1``)."""
    counts_by_index = [0] * len(board.card_names)
    for name, n in counts.items():
        counts_by_index[card(name.replace("_", "-"), board)] = n
    return counts_by_index


def city(city_id: str, board: Board = BOARD) -> int:
    """The index of a city by its id."""
    return board.city_ids.index(city_id)


def tracks(a: str, b: str, board: Board = BOARD) -> tuple[int, ...]:
    """Every track between two cities (one for a single route), in index order."""
    ca, cb = city(a, board), city(b, board)
    found = tuple(
        r for r in range(len(board.route_a)) if {board.route_a[r], board.route_b[r]} == {ca, cb}
    )
    assert found, (a, b)
    return found


def route(a: str, b: str, colour: str | None = None, board: Board = BOARD) -> int:
    """The index of the route between two cities (of a colour, for a double route)."""
    found = [
        r
        for r in tracks(a, b, board)
        if colour is None
        or board.route_colour[r] == (-1 if colour == "gray" else board.card_index(colour))
    ]
    assert len(found) == 1, (a, b, colour, found)
    return found[0]


def ticket(a: str, b: str, board: Board = BOARD) -> int:
    """The number of the ticket between two cities."""
    ca, cb = city(a, board), city(b, board)
    found = [
        t for t in range(len(board.ticket_a)) if {board.ticket_a[t], board.ticket_b[t]} == {ca, cb}
    ]
    assert len(found) == 1, (a, b)
    return found[0]


def opened(seats: int = 2, map_id: str = "europe", variant: str = "standard",
           rules: TicketToRideRules = RULES) -> GameState:
    """A game right after its opening (every seat still to choose its tickets)."""
    state: Any = None
    for event in rules.start(Setup(seats, map_id, variant), SEED):
        state = rules.evolve(state, event)
    assert isinstance(state, GameState)
    return state


def make_state(
    seats: int = 2,
    *,
    hands: Sequence[list[int]] | None = None,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    display: Sequence[str | None] = ("red", "blue", "green", "white", "black"),
    ticket_pile: Sequence[int] = (),
    tickets: Sequence[Sequence[int]] | None = None,
    trains: Sequence[int] | None = None,
    current: int = 0,
    variant: str = "standard",
    map_id: str = "europe",
    goals: Sequence[str] = (),
    rules: TicketToRideRules = RULES,
) -> GameState:
    """A game in its playing phase with exactly these piles, hands and pieces.

    `deck` lists the first deck's draw pile bottom first (its last card is the top);
    `goals` names the goal cards in play (by id) on a map that has them. On a map with
    its own card colours, name its cards (the default display is Europe's). A map of
    several decks keeps the opening's other piles.
    """
    state = opened(seats, map_id, variant, rules)
    board = rules.engines[map_id].board
    kinds = len(board.card_names)
    discard_counts = [0] * kinds
    for name in discard:
        discard_counts[card(name, board)] += 1
    for seat, player in enumerate(state.players):
        player.hand = list(hands[seat]) + [0] * (kinds - len(hands[seat])) if hands else [0] * kinds
        player.tickets = list(tickets[seat]) if tickets else []
        player.offered = []
        player.chosen = []
        if trains:
            player.pieces[TRAINS] = trains[seat]
    state.phase = "playing"
    state.revealed = True
    state.deck = cards(*deck, board=board)
    state.discard = discard_counts
    state.display = [-1 if c is None else card(c, board) for c in display]
    state.ticket_pile = list(ticket_pile)
    state.current = current
    state.first = 0
    state.draws = 0
    if goals:
        goal_cards = state.rules.features.goal_cards
        assert goal_cards is not None
        state.goals = [[g.id for g in goal_cards.cards].index(goal) for goal in goals]
    return state


def give_route(state: GameState, seat: int, *routes: int, rules: TicketToRideRules = RULES
               ) -> None:
    """Hand `seat` these routes as a claim would: owned, their tracks closed as the group
    rules say, the pieces laid and the features' own facts kept (a harbor's ports);
    no card paid and no point scored."""
    engine = rules.engines[state.rules.map]
    board = engine.board
    for r in routes:
        close_claimed(board, state, seat, r)
        player = state.players[seat]
        player.routes.append(r)
        player.pieces[board.route_piece[r]] -= board.route_length[r]
        event = RouteClaimed(seat, r, None, 0, board.route_length[r], 0)
        for hook in engine.on_claim:
            hook(engine, state, event)


def claimed(state: GameState, seat: int, *routes: int, rules: TicketToRideRules = RULES
            ) -> GameState:
    """`give_route` with the routes' points scored too; `state`, changed in place."""
    give_route(state, seat, *routes, rules=rules)
    board = rules.engines[state.rules.map].board
    state.players[seat].score += sum(board.route_points[r] for r in routes)
    return state


def ended(state: GameState, rules: TicketToRideRules = RULES) -> Result:
    """End the game now, as it stands: the final accounts worked out as the last turn's are
    (`final.final_scores`) and recorded by the game-ended event, which `state` is handed
    over to. Returns the game's result, with its score sheets."""
    scores, won = final_scores(rules.engines[state.rules.map], state)
    tickets = [list(p.tickets) for p in state.players]
    finished = rules.evolve(state, GameEnded("final-round", scores, won, tickets, SEED.hex))
    result = rules.result(finished)
    assert result is not None
    return result


def commands(state: GameState, seat: int = 0, rules: TicketToRideRules = RULES
             ) -> list[Command]:
    """The commands of `seat`'s legal entries, in the order they are listed."""
    return [m.command for m in rules.legal_moves(state, seat)]


def claim_entry(state: GameState, route: int, seat: int = 0,
                rules: TicketToRideRules = RULES) -> Move | None:
    """The legal entry claiming `route`, or None when the route is not offered."""
    found = [m for m in rules.legal_moves(state, seat)
             if isinstance(m.command, ClaimRoute) and m.command.route == route]
    assert len(found) <= 1, found
    return found[0] if found else None


def draw_two(state: GameState, seat: int, rules: TicketToRideRules = RULES
             ) -> tuple[list[Event], GameState]:
    """A whole draw-card turn of two blind cards (the pile must hold them): its events."""
    first, state = play(state, seat, DrawCard(), rules)
    second, state = play(state, seat, DrawCard(), rules)
    return [*first, *second], state


def play(state: GameState, seat: int, command: Any, rules: TicketToRideRules = RULES
         ) -> tuple[list[Event], GameState]:
    """Decide `command` for `seat` and apply it (`tests.domain.decider.play`)."""
    return decider.play(rules, state, seat, command)


def refused(state: GameState, seat: int, command: Any, rules: TicketToRideRules = RULES
            ) -> RuleViolation:
    """The refusal of `command` from `seat` (`tests.domain.decider.refused`)."""
    return decider.refused(rules, state, seat, command)


def names(indices: Sequence[int], board: Board = BOARD) -> list[str | None]:
    """Card names of card indices (-1 = None)."""
    return [None if c < 0 else board.card_name(c) for c in indices]


def decide_accepts(state: GameState, seat: int, command: object) -> bool:
    """Whether `decide` takes `command` from `seat` in `state` (which it leaves as it is)."""
    try:
        RULES.decide(state, seat, command, SEED)  # type: ignore[arg-type]
    except RuleViolation:
        return False
    return True
