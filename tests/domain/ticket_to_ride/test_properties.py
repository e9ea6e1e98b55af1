"""Property tests: random legal games of Ticket to Ride played to the end.

Every shipped map, variant and seat count (Europe with the long-1912 house
option, Northern Lights, Amsterdam, the latter also with a supplied contract
deck, World) and the two made-up maps (`synthetic`) are played with seeds drawn
by hypothesis through `domain.kernel.selfplay.play_random_game`, a few examples
each (bounded: the whole file runs in well under a minute).
The log is then stepped through `evolve` from nothing, and after **every**
event these hold:

* cards are conserved across every deck's draw pile and discards, the display,
  hands and the cards a pending tunnel revealed (through "+X" bonus draws too),
  each pile holding only its own deck's cards; no hand holds a negative count;
* pieces of every kind are never negative and match the routes, stations and
  harbors on the board (with a piece split: in play, in the reserve and on the
  board add up to the box, the supply keeps its size); the running score
  matches the routes held less exchanges; no ticket is in two places; goods
  cards are conserved (pile plus held) and each seat holds one per goods route
  it claimed while the pile lasted;
* the rules visible in the log hold (`RuleWatch`): turn order and the final
  round, Locomotive draw limits, the display's reset and refill, what a route,
  a tunnel, a station and a ticket choice cost or require;
* nothing hidden leaks (see `find_leaks` and `check_views_blind`): the public
  view, every private view and every event as redacted for each other seat
  and for a spectator show no other seat's hand or tickets, no pile order and
  no seed before the end.

At the end the replayed state equals the live one, no event was changed after
it was recorded, and the final scores equal a from-scratch recomputation with
`domain.ticket_to_ride.scoring`. While the game is played, blind card draws
ticket draws and claims of "+X" routes (their bonus draw) are decided a second
time on a copy whose hidden cards differ: what other seats are shown must not
change. Every few steps each
legal move, with every alternative it lists, must be accepted by `decide`.

Each check is itself shown to fail on a planted fault (a leak, a lost card,
a rule broken in the log, a replay drift, a wrong final score) in
``test_properties_checker.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY, GRAY, SEA, STATIONS, TUNNEL, Board, load_board
from domain.ticket_to_ride.commands import (
    ClaimRoute,
    DrawBlind,
    DrawCard,
    DrawTickets,
    PayTunnel,
)
from domain.ticket_to_ride.events import (
    BlindDrawn,
    BonusCardsDrawn,
    CardDrawn,
    DisplayRefilled,
    GameEnded,
    GameStarted,
    HarborBuilt,
    Passed,
    PiecesChosen,
    PiecesExchanged,
    RouteClaimed,
    SlotRefilled,
    StationBuilt,
    TicketsChosen,
    TicketsDrawn,
    TicketsKept,
    TunnelAttempted,
    TunnelWithdrawn,
)
from domain.ticket_to_ride.features.goal_cards import goal_values
from domain.ticket_to_ride.rules import TicketToRideRules, with_ticket_deck
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.scoring import (
    TicketScore,
    longest_path,
    score_tickets,
    tour_in_order,
    winners,
)
from domain.ticket_to_ride.state import FinalScore, GameState, Refill
from tests.domain.ticket_to_ride.synthetic import CROSSROADS, SYNTHETIC, MadeUp

BOARD = load_board("europe")
_encode = msgspec.json.encode
_copier = msgspec.msgpack.Encoder()
_copy_decoder = msgspec.msgpack.Decoder(GameState)


def copy_state(state: GameState) -> GameState:
    """A deep copy through the wire format (not `GameState.copy`, the engine's own, so a
    fault in it cannot hide one here)."""
    return _copy_decoder.decode(_copier.encode(state))


@dataclass(frozen=True)
class Numbers:
    """The numbers of a game's rules the checks read, from its map file's settings (0 or
    empty where the map lacks the feature)."""

    stations: int
    station_costs: tuple[int, ...]
    station_bonus: int
    longest_path_bonus: int
    goods_cards: int
    goods_scoring: tuple[int, ...]
    harbors: int
    harbor_points: tuple[int, ...]
    harbor_unbuilt: int
    #: per piece kind (`Ruleset.pieces` order), the most a player owns (piece split)
    box: tuple[int, ...]
    supply: int
    exchange_cost: int
    tunnel_revealed: int
    ferries: bool
    ferry_pairs: bool
    chosen_market: bool
    wild_reset: int
    face_up_without_piles: bool
    end_trigger: int
    final_rounds: int
    terms: frozenset[str]

    @classmethod
    def of(cls, rules: Ruleset) -> Numbers:
        f, core = rules.features, rules.core
        split = f.piece_split
        return cls(
            stations=f.stations.count if f.stations else 0,
            station_costs=tuple(f.stations.costs) if f.stations else (),
            station_bonus=f.stations.bonus if f.stations else 0,
            longest_path_bonus=f.longest_path.bonus if f.longest_path else 0,
            goods_cards=f.goods.cards if f.goods else 0,
            goods_scoring=tuple(f.goods.scoring[rules.seats]) if f.goods else (),
            harbors=f.harbors.pieces if f.harbors else 0,
            harbor_points=tuple(f.harbors.points) if f.harbors else (),
            harbor_unbuilt=f.harbors.unbuilt if f.harbors else 0,
            box=tuple(split.box.get(kind, 0) for kind in rules.pieces)  # type: ignore[call-overload]
            if split else (),
            supply=split.supply if split else 0,
            exchange_cost=split.exchange_cost if split else 0,
            tunnel_revealed=f.tunnels.revealed if f.tunnels else 0,
            ferries=f.ferries is not None,
            ferry_pairs=f.ferries is not None and f.ferries.paid_with == "locomotives-or-pairs",
            chosen_market=core.market.kind == "chosen",
            wild_reset=core.market.wild_reset,
            face_up_without_piles=core.market.face_up_without_piles,
            end_trigger=core.end.trigger,
            final_rounds=core.end.final_rounds,
            terms=frozenset(name for name, feature in (("goods", f.goods),
                                                       ("goal-cards", f.goal_cards),
                                                       ("harbors", f.harbors)) if feature),
        )


# --- hidden information: what must never appear -----------------------------------------

#: a run this long of a pile's order in any list is a leak; shorter runs turn up by chance
#: (a seat's claimed routes are numbers too, and listed in claim order)
DECK_RUN = 6
TICKET_RUN = 6


@dataclass
class Secrets:
    """What one viewer must not learn from a payload, taken from the true state.

    ``seed`` is None once it is revealed. ``deck`` is the draw pile as card
    names (top last); ``ticket_pile`` its ticket numbers; ``tickets`` the
    tickets held or on offer by other seats or still in the pile; ``hands``
    other seats' hands as card names, ``own_hand`` the viewer's (sorted);
    ``display`` the face-up cards (public). ``public_decks`` are the full
    ticket decks, which the opening lists in canonical order for all to see.
    """

    seed: str | None
    deck: list[str]
    ticket_pile: list[int]
    tickets: set[int]
    hands: list[list[str]]
    own_hand: list[str]
    display: list[str | None]
    public_decks: list[set[int]] = field(default_factory=list)
    #: the draw piles of the decks after the first, as card names (top last)
    more_decks: list[list[str]] = field(default_factory=list)


def secrets_for(board: Board, state: GameState, viewer: int | None, seed: Seed) -> Secrets:
    """The secrets of `state` from `viewer`'s seat (None: a spectator)."""
    others = [p for seat, p in enumerate(state.players) if seat != viewer]
    return Secrets(
        seed=None if state.phase == "finished" else seed.hex,
        deck=[board.card_name(c) for c in state.deck],
        ticket_pile=list(state.ticket_pile),
        tickets={t for p in others for t in (*p.tickets, *p.offered)} | set(state.ticket_pile),
        hands=[
            [board.card_name(c) for c, n in enumerate(p.hand) for _ in range(n)] for p in others
        ],
        own_hand=[]
        if viewer is None
        else sorted(
            board.card_name(c) for c, n in enumerate(state.players[viewer].hand) for _ in range(n)
        ),
        display=[None if c < 0 else board.card_name(c) for c in state.display],
        public_decks=[set(state.rules.long_tickets), set(state.rules.regular_tickets)],
        more_decks=[[board.card_name(c) for c in pile.draw] for pile in state.piles],
    )


def _lists(node: Any) -> Iterator[list[Any]]:
    """Every JSON array inside a decoded payload, outermost first."""
    if isinstance(node, list):
        yield node
        for item in node:
            yield from _lists(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _lists(item)


def _runs(items: list[Any], size: int) -> set[tuple[Any, ...]]:
    return {tuple(items[i : i + size]) for i in range(len(items) - size + 1)}


def _ticket_numbers(array: list[Any]) -> list[int] | None:
    """The array as ticket numbers (ints, or digit strings as a shuffle names them), or None
    when some item is neither."""
    numbers = []
    for item in array:
        if type(item) is int:
            numbers.append(item)
        elif type(item) is str and item.isdigit():
            numbers.append(int(item))
        else:
            return None
    return numbers


def find_leaks(payload: bytes, secrets: Secrets, board: Board, *, ticket_lists: bool) -> list[str]:
    """Secrets found in a JSON payload, described; empty when it is clean.

    * the seed, anywhere in the text, before it is revealed;
    * a run of `DECK_RUN` cards of the draw pile's order (either direction)
      in any array of card names that is not in canonical colour order (the
      only long public card lists, a shuffle's input, are canonical);
    * a run of `TICKET_RUN` of the ticket pile's order in any array not in
      ascending order (the opening lists whole decks in ascending order);
    * with `ticket_lists` (events: their only arrays of numbers are ticket
      lists), any hidden ticket number in an array, except a full ticket deck
      listed in canonical order as the opening does;
    * another seat's hand (4+ cards) as an array of card names in any order,
      unless it is the face-up display (public, and 5 cards like many hands).
    """
    found: list[str] = []
    text = payload.decode()
    if secrets.seed is not None and secrets.seed in text:
        found.append("the seed before the end")
    rank = {name: c for c, name in enumerate(board.card_names)}
    deck_runs: set[tuple[Any, ...]] = set()
    for deck in (secrets.deck, *secrets.more_decks):
        deck_runs |= _runs(deck, DECK_RUN) | _runs(deck[::-1], DECK_RUN)
    pile_runs = _runs(secrets.ticket_pile, TICKET_RUN)
    pile_runs |= _runs(secrets.ticket_pile[::-1], TICKET_RUN)
    hands = [sorted(hand) for hand in secrets.hands if len(hand) >= 4]
    for array in _lists(msgspec.json.decode(payload)):
        if array and all(isinstance(x, str) and x in rank for x in array):
            ranks = [rank[x] for x in array]
            if ranks != sorted(ranks) and _runs(array, DECK_RUN) & deck_runs:
                found.append(f"draw pile order in {array}")
            mine = sorted(array) == secrets.own_hand  # the viewer's own, equal by chance
            if array != secrets.display and not mine and sorted(array) in hands:
                found.append(f"another seat's hand in {array}")
        numbers = _ticket_numbers(array) if array else None
        if numbers is None:
            continue
        if numbers != sorted(numbers) and _runs(numbers, TICKET_RUN) & pile_runs:
            found.append(f"ticket pile order in {array}")
        if ticket_lists and set(numbers) not in secrets.public_decks:
            hidden = sorted(set(numbers) & secrets.tickets)
            if hidden:
                found.append(f"hidden tickets {hidden} in {array}")
    return found


def _perturbations(
    board: Board, state: GameState
) -> Iterator[tuple[str, GameState, int | None]]:
    """Copies of `state` differing only in hidden things, with the seat whose secret changed.

    Reversed draw piles (nobody's secret: None); one card swapped between the
    first pile and a seat's hand; one ticket swapped between a seat's tickets (held
    or on offer) and the ticket pile; reversed ticket pile.
    """
    if len(set(state.deck)) > 1:
        twin = copy_state(state)
        twin.deck.reverse()
        yield "draw pile reversed", twin, None
    for deck, pile in enumerate(state.piles, start=1):
        if len(set(pile.draw)) > 1:
            twin = copy_state(state)
            twin.piles[deck - 1].draw.reverse()
            yield f"draw pile of deck {deck} reversed", twin, None
    if len(set(state.ticket_pile)) > 1:
        twin = copy_state(state)
        twin.ticket_pile.reverse()
        yield "ticket pile reversed", twin, None
    for seat, player in enumerate(state.players):
        if player.chosen:  # a secret piece split not yet revealed (Rails & Sails)
            twin = copy_state(state)
            twin.players[seat].chosen = [n + 1 if n else 0 for n in player.chosen]
            yield f"seat {seat}'s piece split", twin, seat
        held = next(
            (c for c, n in enumerate(player.hand) if n and board.card_deck[c] == 0), None
        )
        swap = next((i for i, c in enumerate(state.deck) if c != held), None)
        if held is not None and swap is not None:
            twin = copy_state(state)
            twin.players[seat].hand[held] -= 1
            twin.players[seat].hand[twin.deck[swap]] += 1
            twin.deck[swap] = held
            yield f"a card of seat {seat} swapped with the pile", twin, seat
        if state.ticket_pile and (player.tickets or player.offered):
            twin = copy_state(state)
            mine = twin.players[seat].tickets or twin.players[seat].offered
            mine[0], twin.ticket_pile[0] = twin.ticket_pile[0], mine[0]
            yield f"a ticket of seat {seat} swapped with the pile", twin, seat


def check_views_blind(rules: Any, state: GameState) -> None:
    """Views must not change when only hidden things change (non-interference).

    For each perturbation of `state`, the public view and the private view of
    every seat other than the one whose secret changed must be identical.
    """
    if state.phase == "finished":
        return
    public = _encode(rules.public_view(state))
    private = [_encode(rules.private_view(state, seat)) for seat in range(state.seats)]
    for what, twin, owner in _perturbations(rules.boards[state.rules.map], state):
        assert _encode(rules.public_view(twin)) == public, f"public view shows {what}"
        for seat in range(state.seats):
            if seat != owner:
                assert _encode(rules.private_view(twin, seat)) == private[seat], (
                    f"seat {seat}'s view shows {what}"
                )


def check_outputs_clean(rules: Any, board: Board, state: GameState, event: Any, seed: Seed,
                        *, views: bool = True) -> None:
    """Scan the redacted `event` (already applied to `state`) for secrets, and with `views`
    the public view and every private view too."""
    viewers: list[int | None] = [None, *range(state.seats)]
    spectator = secrets_for(board, state, None, seed)
    if views:
        public = _encode(rules.public_view(state))
        leaks = find_leaks(public, spectator, board, ticket_lists=False)
        assert not leaks, f"public view after {event!r}: {leaks}"
    owner = getattr(event, "seat", None)
    redacted = {}
    for viewer in viewers:
        secrets = spectator if viewer is None else secrets_for(board, state, viewer, seed)
        if viewer is not None and views:
            view = _encode(rules.private_view(state, viewer))
            leaks = find_leaks(view, secrets, board, ticket_lists=False)
            assert not leaks, f"seat {viewer}'s view: {leaks}"
        redacted[viewer] = _encode(rules.redact(event, viewer))
        if viewer != owner and not isinstance(event, GameEnded):
            leaks = find_leaks(redacted[viewer], secrets, board, ticket_lists=True)
            assert not leaks, f"{type(event).__name__} as seat {viewer} sees it: {leaks}"
    if not isinstance(event, GameStarted):
        # everyone but the acting seat sees the same event
        outsiders = {redacted[v] for v in viewers if v != owner}
        assert len(outsiders) == 1, f"outsiders see {type(event).__name__} differently"


# --- the rest of the invariants ---------------------------------------------------------


def check_cards(board: Board, state: GameState) -> None:
    """Cards conserved across piles, discards, display, hands and a pending tunnel; each
    deck's pile and discards hold only that deck's cards."""
    counts = [0] * len(board.card_names)
    for deck, (pile, discard) in enumerate(state.decks()):
        for card in pile:
            assert board.card_deck[card] == deck, f"{board.card_name(card)} in deck {deck}"
            counts[card] += 1
        for card, n in enumerate(discard):
            assert not n or board.card_deck[card] == deck, f"discard {deck} holds card {card}"
            counts[card] += n
    for card in state.display:
        if card >= 0:
            counts[card] += 1
    for player in state.players:
        assert min(player.hand) >= 0, f"negative hand {player.hand}"
        for card, n in enumerate(player.hand):
            counts[card] += n
    if state.tunnel is not None:
        for card in state.tunnel.revealed:
            counts[card] += 1
    expected = list(board.card_count)
    assert counts == expected, f"cards {counts} != {expected}"


def check_pieces(board: Board, state: GameState) -> None:
    """Pieces of every kind, routes and route points agree with the board; never negative."""
    rules, numbers = state.rules, Numbers.of(state.rules)
    for seat, player in enumerate(state.players):
        assert min(player.pieces) >= 0, f"seat {seat}: negative pieces {player.pieces}"
        routes = [r for r, owner in enumerate(state.route_owner) if owner == seat]
        assert sorted(player.routes) == routes
        laid = [0] * len(rules.pieces)
        for r in routes:
            laid[board.route_piece[r]] += board.route_length[r]
        if numbers.harbors:  # harbors are built, not laid
            laid[rules.pieces.index("harbors")] = state.harbor_owner.count(seat)
        box = numbers.box
        for kind in range(len(rules.pieces)):
            if box and box[kind] and state.revealed:
                # Rails & Sails: in play, in the box reserve or on the board (§3.4)
                assert player.pieces[kind] + player.reserve[kind] + laid[kind] == box[kind], kind
            elif kind != STATIONS:
                assert player.pieces[kind] == rules.piece_counts[kind] - laid[kind], kind
        if box and state.revealed:
            assert sum(player.pieces[k] + laid[k] for k in range(len(rules.pieces))
                       if box[k]) == numbers.supply, "the supply changed size"
        assert player.score == sum(board.route_points[r] for r in routes) - (
            player.exchanged * numbers.exchange_cost)
        built = sum(1 for owner in state.station_owner if owner == seat)
        assert player.pieces[STATIONS] == numbers.stations - built


def check_goods(board: Board, state: GameState) -> None:
    """Goods cards conserved: the pile plus every seat's equals the box's; one per goods
    route claimed while the pile lasted, never more than a seat's goods routes."""
    cards = Numbers.of(state.rules).goods_cards
    held = [p.goods for p in state.players]
    assert state.goods_pile >= 0 and min(held) >= 0
    assert state.goods_pile + sum(held) == cards, "goods cards not conserved"
    routes = [sum(1 for r in p.routes if board.route_goods[r]) for p in state.players]
    assert all(h <= n for h, n in zip(held, routes, strict=True)), f"goods {held} > {routes}"
    assert sum(held) == min(cards, sum(routes)), "a goods route without its card"


def goods_points(counts: list[int], table: tuple[int, ...]) -> list[int]:
    """The goods majority recomputed: place = how many hold more; none held, no place."""
    ranked = sorted((c for c in counts if c > 0), reverse=True)
    return [
        table[ranked.index(c)] if c > 0 and ranked.index(c) < len(table) else 0 for c in counts
    ]


def check_tickets(state: GameState) -> None:
    """No ticket is in two places at once (pile, held, on offer); where the setup's
    returns go under the pile, none is lost either."""
    places = list(state.ticket_pile)
    for player in state.players:
        places += player.tickets + player.offered
    assert len(places) == len(set(places)), "a ticket is in two places"
    rules = state.rules
    if rules.setup_returns == "under-pile":  # nothing goes to the box: each is somewhere
        assert sorted(places) == sorted(rules.long_tickets + rules.regular_tickets), "lost ticket"


def _ticket_score(board: Board, state: GameState, seat: int) -> TicketScore:
    """A seat's tickets scored with its own routes and its stations' borrowing (§6, §7.2)."""
    a, b, owner = board.route_a, board.route_b, state.route_owner
    return score_tickets(
        [(*board.ticket_cities[t], board.ticket_points[t]) for t in state.players[seat].tickets],
        [(a[r], b[r]) for r, at in enumerate(owner) if at == seat],
        [city for city, at in enumerate(state.station_owner) if at == seat],
        [(r, a[r], b[r]) for r in range(len(owner)) if owner[r] not in (-1, seat)],
    )


def _harbor_points(board: Board, state: GameState) -> list[int]:
    """Rails & Sails harbors (rules.md §5.3): the map's points by the owner's completed
    tickets naming the city (0, 1, 2, 3+ on World: 0/20/30/40), its (negative) points for
    each harbor left unbuilt. Completed as ticket scoring counts them: on a made-up map
    with stations, their borrowed routes help."""
    points = []
    for seat, player in enumerate(state.players):
        done = _ticket_score(board, state, seat).completed
        named = [board.ticket_cities[t] for t, ok in zip(player.tickets, done, strict=True) if ok]
        harbors = [c for c, at in enumerate(state.harbor_owner) if at == seat]
        numbers = Numbers.of(state.rules)
        table = numbers.harbor_points
        points.append(sum(table[min(len(table) - 1, sum(c in cities for cities in named))]
                          for c in harbors)
                      + numbers.harbor_unbuilt * (numbers.harbors - len(harbors)))
    return points


def recompute_final(board: Board, state: GameState) -> tuple[list[FinalScore], list[int]]:
    """Every seat's final account from the board alone, with the scoring functions (§9)."""
    rules, numbers = state.rules, Numbers.of(state.rules)
    owner = state.route_owner
    a, b, length = board.route_a, board.route_b, board.route_length
    mine = [[r for r in range(len(owner)) if owner[r] == seat] for seat in range(state.seats)]
    won_goals = _goals_won(board, state)
    paths = [longest_path([(a[r], b[r], length[r]) for r in routes]) for routes in mine]
    longest = max(paths)
    terms: dict[str, list[int]] = {}
    if numbers.goods_cards:
        terms["goods"] = goods_points([p.goods for p in state.players], numbers.goods_scoring)
    if rules.features.goal_cards:
        cards = rules.features.goal_cards.cards
        terms["goal-cards"] = [sum(cards[g].points for g in won) for won in won_goals]
    if numbers.harbors:
        terms["harbors"] = _harbor_points(board, state)
    assert set(terms) == numbers.terms, "a term this check does not recompute"
    accounts = []
    for seat, routes in enumerate(mine):
        player = state.players[seat]
        tickets = _ticket_score(board, state, seat)
        # a station's borrowed route is the seat's own for its tickets, a tour's order too
        joined = [*routes, *(r for r in tickets.borrowed if r is not None)]
        route_points = sum(board.points_for_length[length[r]] for r in routes)
        route_points -= player.exchanged * numbers.exchange_cost  # Rails & Sails §3.4
        ticket_points = 0
        for t, done in zip(player.tickets, tickets.completed, strict=True):
            value, any_order, penalty = (
                board.ticket_points[t], board.ticket_any_order[t], board.ticket_penalty[t])
            if penalty is None:
                ticket_points += value if done else -value
            elif not done:
                ticket_points -= penalty
            else:  # a tour: its value only in order (rules.md §5.2)
                in_order = tour_in_order(board.ticket_cities[t], [(a[r], b[r]) for r in joined])
                ticket_points += value if in_order else any_order or 0
        express = longest > 0 and paths[seat] == longest and numbers.longest_path_bonus > 0
        bonus = numbers.longest_path_bonus if express else 0
        unbuilt = numbers.stations - sum(1 for at in state.station_owner if at == seat)
        own = {name: points[seat] for name, points in terms.items()}
        accounts.append(
            FinalScore(
                routes=route_points,
                tickets=ticket_points,
                completed=tickets.completed,
                borrowed=tickets.borrowed,
                station_bonus=unbuilt * numbers.station_bonus,
                longest_path=paths[seat],
                express=express,
                express_bonus=bonus,
                total=route_points + ticket_points + unbuilt * numbers.station_bonus + bonus
                + sum(own.values()),
                bonuses=own,
            )
        )
    won = winners(
        [s.total for s in accounts],
        [sum(s.completed) for s in accounts],
        [numbers.stations - p.pieces[STATIONS] for p in state.players],
        [s.express for s in accounts],
        tuple(rules.core.winner.tie_breaks),
        more={"most-goal-cards-won": [len(goals) for goals in won_goals]},
    )
    return accounts, won


def _goals_won(board: Board, state: GameState) -> list[list[int]]:
    """The goal cards each seat wins (§5.3 of Northern Lights): the highest value of the
    card's measure, every seat tied for it, none when it is 0."""
    won: list[list[int]] = [[] for _ in range(state.seats)]
    for goal in state.goals:
        values = goal_values(board, state, goal)
        for seat, value in enumerate(values):
            if value == max(values) >= 1:
                won[seat].append(goal)
    return won


# --- rules visible in the log -------------------------------------------------------------


class RuleWatch:
    """Rules checked from the events and the state after each, independently of the engine.

    Turn order and the final round (§3, §8): every action is by the seat whose
    turn it is, and after the turn that leaves a seat with `end_trigger` or
    fewer trains exactly one more turn per seat is played. Card draws (§4.2):
    a face-up Locomotive ends the draw and is never the second card; a first
    card ends the draw otherwise only when nothing can be taken. The display
    (§4.3, §4.4): never 3+ Locomotives right after it changed while a reset
    could help, and no empty slot at rest while a card is left to fill it.
    Routes (§5): cards paid and points match the route, its colour and ferry
    Locomotives, a tunnel's extra cost matches what it revealed, and double
    routes follow the seat count.
    Tickets (§2, §6) and stations (§7.1): how many are drawn and kept, one
    station per city and its cost. Exhausted piles (§4.4, §5.4): no card drawn
    from nothing, and a tunnel reveals 3 cards, or all that are left in the train
    deck's pile and discards; a "+X" bonus draw likewise takes X train cards or all
    there are (Northern Lights §3.2). Those are train cards: on a map of a train and a
    ship deck each deck has its own pile and discards, reshuffled only into itself
    (World §2.1, §3.1), and ship cards left are never revealed or drawn for them.
    """

    def __init__(self, board: Board, start: GameStarted) -> None:
        self.board = board
        self.turn_seat = start.first.value
        self.second_card = False
        # a face-up card whose slot waits for the player's choice of deck: was it the last?
        self.refill_last: bool | None = None
        self.tunnel: TunnelAttempted | None = None
        self.final_turns: int | None = None
        self.offered: dict[int, list[int]] = {
            seat: list(offered or []) for seat, offered in enumerate(start.offered)
        }
        # what the previous event left: the piles' sizes and the station owners
        self.cards_left = 0
        self.train_cards_left = 0
        self.tickets_left = 0
        self.station_owner: list[int] = []

    def see(self, event: Any, state: GameState, following: Any) -> None:
        """Check `event` given the state after it and the event after it (None at the end)."""
        rules, numbers = state.rules, Numbers.of(state.rules)
        seat = getattr(event, "seat", None)
        if seat is not None and not isinstance(event, TicketsChosen | PiecesChosen):
            assert seat == self.turn_seat, f"{event!r} out of turn (seat {self.turn_seat}'s)"
        check = getattr(self, f"_{type(event).__name__}", None)
        if check is not None:
            check(event, state, following)
        if isinstance(event, GameEnded):
            if event.reason == "final-round":
                assert self.final_turns == 0, "the game ended before everyone's final turn"
        elif isinstance(state.pending, Refill):
            # a market slot waits for its deck: chosen when more than one deck can fill it
            # after a face-up draw, at the end of a turn as soon as any deck can
            refill = state.pending
            assert state.display[refill.slot] == -1
            supply = [d for d, (pile, discard) in enumerate(state.decks()) if pile or any(discard)]
            assert len(supply) > (0 if refill.last and refill.slot >= 0 else 1), supply
        elif self._ends_turn(event):
            assert self.final_turns != 0, "a turn was played after the final round"
            if self.final_turns is not None:
                self.final_turns -= 1
            elif sum(state.players[self.turn_seat].pieces[k] for k in rules.end_pieces) <= (
                numbers.end_trigger
            ):
                self.final_turns = state.seats * numbers.final_rounds
            self.turn_seat = (self.turn_seat + 1) % state.seats
        if self.final_turns == 0 and following is not None:
            assert isinstance(following, DisplayRefilled | GameEnded), "no end after final round"
        self._display(event, state, following)
        self.cards_left = sum(len(pile) + sum(discard) for pile, discard in state.decks())
        # the first deck's (the train cards'): what a tunnel reveals and a bonus draw takes
        self.train_cards_left = len(state.deck) + sum(state.discard)
        self.tickets_left = len(state.ticket_pile)
        self.station_owner = list(state.station_owner)

    def _ends_turn(self, event: Any) -> bool:
        if isinstance(event, CardDrawn | BlindDrawn | SlotRefilled):
            return event.turn_over
        if isinstance(event, RouteClaimed):  # a "+X" route's turn ends with its bonus draw
            return not self.board.route_bonus[event.route]
        return isinstance(
            event,
            BonusCardsDrawn
            | TunnelWithdrawn
            | TicketsKept
            | StationBuilt
            | HarborBuilt
            | PiecesExchanged
            | Passed,
        )

    def _display(self, event: Any, state: GameState, following: Any) -> None:
        loco = self.board.locomotive
        display = state.display
        # §4.3: the reset check is made when the display changes, not when discards arrive
        changed = isinstance(event, GameStarted | DisplayRefilled) or (
            isinstance(event, CardDrawn) and event.slot is not None
        )
        changed = changed or isinstance(event, SlotRefilled)
        reset_at = Numbers.of(state.rules).wild_reset
        if Numbers.of(state.rules).chosen_market:
            return self._market(event, state, changed, following)
        if changed and display.count(loco) >= reset_at > 0:
            others = sum(1 for c in display if 0 <= c != loco)
            others += sum(state.discard) - state.discard[loco]
            others += sum(1 for c in state.deck if c != loco)
            assert others < len(display) - reset_at + 1, (
                f"display {display} kept 3+ Locomotives with {others} other cards about"
            )
        if -1 in display and not isinstance(following, DisplayRefilled | BonusCardsDrawn):
            assert not state.deck and not any(state.discard), "display left short"

    def _market(self, event: Any, state: GameState, changed: bool, following: Any) -> None:
        """A ``chosen`` market: no 3+ wilds at rest while the wild's deck could turn up a
        market with fewer; no empty slot at rest while a deck could fill it. A "+X" claim
        is not at rest: its payment is in the discards, yet the turn goes on with the
        bonus draw, and the end-of-turn refill comes after it (Northern Lights §3.2)."""
        if isinstance(state.pending, Refill):
            return
        display, wild = state.display, self.board.locomotive
        reset_at = Numbers.of(state.rules).wild_reset
        if changed and display.count(wild) >= reset_at > 0:
            # the wilds' deck turns up its share plus what the other decks cannot give
            board = self.board
            have = [len(pile) + sum(discard) for pile, discard in state.decks()]
            for c in display:
                if c >= 0:
                    have[board.card_deck[c]] += 1
            deck = board.card_deck[wild]
            others = sum(
                min(share, n)
                for d, (share, n) in enumerate(zip(board.deck_face_up, have, strict=True))
                if d != deck
            )
            dealt = min(have[deck], len(display) - others)
            pile, discard = state.pile(deck)
            plain = sum(1 for c in pile if c != wild) + sum(discard) - discard[wild]
            plain += sum(1 for c in display if c >= 0 and c != wild and board.card_deck[c] == deck)
            assert dealt - plain >= reset_at, (
                f"market {display} kept {reset_at}+ wilds with {plain} other cards about"
            )
        if -1 in display and not isinstance(following, BonusCardsDrawn):
            assert not state.can_draw(), "market left short"

    def _BlindDrawn(self, event: BlindDrawn, state: GameState, following: Any) -> None:
        if not self.second_card:
            assert self.cards_left, "cards drawn while every pile and discard was empty"
        else:
            assert event.turn_over, "a third card"
        self.second_card = not event.turn_over

    def _SlotRefilled(self, event: SlotRefilled, state: GameState, following: Any) -> None:
        if self.refill_last is None:  # the end of a turn's refill
            assert event.turn_over or isinstance(state.pending, Refill)
            return
        if self.refill_last:
            assert event.turn_over, "a card drawn after the last"
        self.refill_last = None
        self.second_card = not event.turn_over

    def _CardDrawn(self, event: CardDrawn, state: GameState, following: Any) -> None:
        face_up_locomotive = event.slot is not None and event.card == self.board.card_name(
            self.board.locomotive
        )
        if isinstance(state.pending, Refill):
            assert not event.turn_over
            if not self.second_card and not (event.slot is not None
                                         and Numbers.of(state.rules).face_up_without_piles):
                assert self.cards_left, "cards drawn while every pile and discard was empty"
            assert not (self.second_card and face_up_locomotive), "a face-up wild second"
            self.refill_last = self.second_card or face_up_locomotive
            return
        if not self.second_card and not (event.slot is not None
                                         and Numbers.of(state.rules).face_up_without_piles):
            assert self.cards_left, "cards drawn while the pile and the discards were empty"
        if self.second_card:
            assert not face_up_locomotive, "a face-up Locomotive taken as the second card"
            assert event.turn_over, "a third card"
        elif event.turn_over and not face_up_locomotive:
            takeable = [c for c in state.display if 0 <= c != self.board.locomotive]
            assert not takeable and not state.can_draw(), (
                "the draw ended after one card though another could be taken"
            )
        elif face_up_locomotive:
            assert event.turn_over, "a face-up Locomotive did not end the draw"
        self.second_card = not event.turn_over

    def _TunnelAttempted(self, event: TunnelAttempted, state: GameState, following: Any) -> None:
        assert self.board.route_kind[event.route] == TUNNEL
        revealed = Numbers.of(state.rules).tunnel_revealed
        assert len(event.revealed) == min(revealed, self.train_cards_left), (
            "not 3 train cards revealed, nor all the train deck had left"
        )
        matches = {"locomotive"} if event.colour is None else {"locomotive", event.colour}
        assert event.extra == sum(1 for card in event.revealed if card in matches)
        if event.extra == 0:
            assert isinstance(following, RouteClaimed), "a free tunnel was not claimed at once"
        self.tunnel = event

    def _TunnelWithdrawn(self, event: TunnelWithdrawn, state: GameState, following: Any) -> None:
        assert self.tunnel is not None and self.tunnel.route == event.route
        self.tunnel = None

    def _RouteClaimed(self, event: RouteClaimed, state: GameState, following: Any) -> None:
        board, route = self.board, event.route
        length = board.route_length[route]
        assert event.points == board.route_points[route]
        extra = 0
        if board.route_kind[route] == TUNNEL:
            assert self.tunnel is not None and self.tunnel.route == route
            extra, self.tunnel = self.tunnel.extra, None
        symbols = board.route_locomotives[route] if board.route_kind[route] == FERRY else 0
        if event.paid is not None:  # a price of several colours: pairs or doubled spaces
            assert sum(event.paid.values()) == event.cards and event.colour is None
            doubled = board.route_doubled[route]
            paid = {board.card_at[name]: n for name, n in event.paid.items()}
            ships = [board.card_ships[c] for c in paid if c != board.locomotive]
            if board.route_kind[route] == SEA:
                assert all(ships), f"train cards paid for a sea route: {event.paid}"
                colours = {board.card_colour[c] for c in paid if c != board.locomotive}
                colour = board.route_colour[route]
                assert len(colours) <= 1 and (colour == GRAY or colours <= {colour})
                covered = sum(n * max(1, board.card_ships[c]) for c, n in paid.items())
                ones = sum(n for c, n in paid.items() if board.card_ships[c] != 2)
                assert covered == length or (covered == length + 1 and not ones), event.paid
            else:
                assert not any(ships), f"ship cards paid for a rail route: {event.paid}"
            if board.route_kind[route] == SEA:
                pass
            elif doubled:
                assert event.cards == length + doubled, f"{event.cards} cards, {doubled} doubled"
            elif board.several_train_kinds:
                assert event.cards == length, f"{event.cards} cards for {length}"
            else:
                assert Numbers.of(state.rules).ferry_pairs
                assert length <= event.cards <= length + symbols
        else:
            assert event.cards == length + extra, f"{event.cards} cards for {length} + {extra}"
            if event.colour is None:
                assert event.locomotives == event.cards
            colour = board.route_colour[route]
            if colour != GRAY and event.colour is not None:
                assert event.colour == board.colours[colour]
            if symbols and Numbers.of(state.rules).ferries:
                assert event.locomotives >= symbols
        assert 0 <= event.locomotives <= event.cards
        owners = [state.route_owner[t] for t in board.route_tracks[route]]
        assert owners.count(event.seat) == 1, "one seat owns two tracks of a double route"
        usable = state.rules.usable_tracks[len(owners)]
        assert len(owners) - owners.count(-1) <= usable, "more tracks used than the seats allow"
        pile_before = state.goods_pile + event.goods
        expected = 1 if board.route_goods[route] and pile_before > 0 else 0
        assert event.goods == expected, f"{event.goods} goods cards for route {route}"
        if board.route_bonus[route]:
            # its bonus draw follows at once, the payment already in the discards
            assert isinstance(following, BonusCardsDrawn) and following.route == route

    def _BonusCardsDrawn(self, event: BonusCardsDrawn, state: GameState, following: Any) -> None:
        """§3.2 of Northern Lights: X train cards blind, or all there are in the train pile and
        discards (the payment among them)."""
        assert event.count == min(self.board.route_bonus[event.route], self.train_cards_left)
        assert event.cards is None or len(event.cards) == event.count

    def _StationBuilt(self, event: StationBuilt, state: GameState, following: Any) -> None:
        numbers = Numbers.of(state.rules)
        assert self.station_owner[event.city] < 0, "a second station in one city"
        built = numbers.stations - state.players[event.seat].pieces[STATIONS]
        assert event.cards == numbers.station_costs[built - 1]
        if event.colour is None:
            assert event.locomotives == event.cards

    def _TicketsChosen(self, event: TicketsChosen, state: GameState, following: Any) -> None:
        rules, variant = state.rules, state.rules.tickets
        kept = event.kept or []
        offered = self.offered[event.seat]
        assert set(kept) <= set(offered) and event.count == len(kept)
        assert len(kept) >= min(variant.setup_keep, len(offered))
        if variant.setup_long_max is not None:
            assert sum(1 for t in kept if t in rules.long_tickets) <= variant.setup_long_max

    def _TicketsDrawn(self, event: TicketsDrawn, state: GameState, following: Any) -> None:
        assert event.count == min(state.rules.tickets.draw_tickets, self.tickets_left) >= 1
        self.offered[event.seat] = list(event.tickets or [])

    def _TicketsKept(self, event: TicketsKept, state: GameState, following: Any) -> None:
        kept = event.kept or []
        offered = self.offered[event.seat]
        assert set(kept) <= set(offered) and len(kept) + event.returned == len(offered)
        assert len(kept) >= min(state.rules.tickets.draw_keep, len(offered)) >= 1


# --- playing and checking one game ----------------------------------------------------------


class Watched:
    """The rules as they are, watching every decision while a game is played.

    Records each event's JSON as it is decided (to prove later that nothing
    changed it), and decides blind card draws and ticket draws a second time
    on a copy whose hidden cards differ: other seats must see the same events.
    Now and then it also decides every alternative the legal moves list.
    `rules` is what is checked; tests of the checker pass a leaky one.
    """

    def __init__(self, rules: Any, moves_every: int = 5) -> None:
        self.rules = rules
        self.recorded: list[bytes] = []
        self.moves_every = moves_every
        self.asked = 0
        self.seed: Seed | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def start(self, setup: Setup, seed: Seed) -> list[Any]:
        self.seed = seed
        events = self.rules.start(setup, seed)
        self.recorded += [_encode(e) for e in events]
        return list(events)

    def legal_moves(self, state: GameState, seat: int) -> list[Any]:
        """The moves; every `moves_every`-th time, each alternative they list is decided.

        Every entry's command, and the same command with each payment's fewest
        and most Locomotives and with the first and last city offered, must be
        accepted by `decide` as it is.
        """
        moves: list[Any] = self.rules.legal_moves(state, seat)
        self.asked += 1
        if self.asked % self.moves_every == 0:
            assert self.seed is not None
            for move in moves:
                for command in _alternatives(move):
                    try:
                        self.rules.decide(state, seat, command, self.seed)
                    except RuleViolation as refused:
                        raise AssertionError(f"legal move {command!r} refused: {refused}") from None
        return moves

    def decide(self, state: GameState, seat: int, command: Any, seed: Seed) -> list[Any]:
        events = self.rules.decide(state, seat, command, seed)
        self.recorded += [_encode(e) for e in events]
        twin = _hidden_twin(self.rules.boards[state.rules.map], state, command)
        if twin is not None:
            again = self.rules.decide(twin, seat, command, seed)
            for viewer in [None, *range(state.seats)]:
                if viewer != seat:
                    # the end reveals every hand (a goal card may measure them)
                    seen = [_encode(self.rules.redact(e, viewer))
                            for e in events if not isinstance(e, GameEnded)]
                    assert seen == [_encode(self.rules.redact(e, viewer))
                                    for e in again if not isinstance(e, GameEnded)], (
                        f"{type(command).__name__}: seat {viewer} can tell what seat {seat} drew"
                    )
        return list(events)


def _alternatives(move: Any) -> Iterator[Any]:
    """A legal move's command and the variants its alternatives promise."""
    command = move.command
    yield command
    if getattr(command, "cards", None) is not None:
        # a command naming its cards: each payment names its own, one more command
        for payment in move.payments or ():
            assert payment.cards is not None, f"{move!r} lists a payment without its cards"
            yield msgspec.structs.replace(command, cards=payment.cards)
        return
    replace = msgspec.structs.replace
    for payment in move.payments or ():
        for locomotives in {payment.min_locomotives, payment.max_locomotives}:
            if isinstance(command, PayTunnel):
                yield replace(command, locomotives=locomotives)
            else:
                yield replace(command, colour=payment.colour, locomotives=locomotives)
    for city in {*(move.cities or ())[:1], *(move.cities or ())[-1:]}:
        yield replace(command, city=city)


def _hidden_twin(board: Board, state: GameState, command: Any) -> GameState | None:
    """For a blind draw, a copy whose pile top differs; for a ticket draw, whose tickets do;
    for a claim of a "+X" route, whose top X cards come in another order."""
    if isinstance(command, DrawBlind):
        twin = copy_state(state)
        deck = twin.pile(board.deck_ids.index(command.deck))[0]
        swap = next((i for i, c in enumerate(deck) if deck and c != deck[-1]), None)
        if swap is None:
            return None
        deck[-1], deck[swap] = deck[swap], deck[-1]
        return twin
    if isinstance(command, DrawCard) and command.slot is None and state.deck:
        deck = state.deck
        swap = next((i for i, c in enumerate(deck) if c != deck[-1]), None)
        if swap is None:
            return None
        twin = copy_state(state)
        twin.deck[-1], twin.deck[swap] = twin.deck[swap], twin.deck[-1]
        return twin
    bonus = board.route_bonus[command.route] if isinstance(command, ClaimRoute) else 0
    if bonus > 1:  # the bonus draw takes the pile's top cards: swap two of them
        return _pile_top_swapped(state, bonus)
    if isinstance(command, DrawTickets) and len(state.ticket_pile) > (
        state.rules.tickets.draw_tickets
    ):
        twin = copy_state(state)
        pile = twin.ticket_pile
        pile[0], pile[-1] = pile[-1], pile[0]
        return twin
    return None


def _pile_top_swapped(state: GameState, within: int) -> GameState | None:
    """A copy whose top card and one of another kind among the top `within` are swapped
    (so the same cards leave the pile, in another order), if there is one."""
    deck = state.deck
    top = deck[-within:]
    swap = next((len(deck) - len(top) + i for i, c in enumerate(top) if c != deck[-1]), None)
    if swap is None:
        return None
    twin = copy_state(state)
    twin.deck[-1], twin.deck[swap] = twin.deck[swap], twin.deck[-1]
    return twin


def play_and_check(rules: Any, setup: Setup, seed: Seed, chooser: int, views_every: int) -> None:
    """Play one random game with `rules` and check every property (see module docstring)."""
    live, log = play_watched(rules, setup, seed, chooser)
    check_game(rules, live, log, seed, views_every)


def play_watched(rules: Any, setup: Setup, seed: Seed, chooser: int) -> tuple[GameState, list[Any]]:
    """Play one random game through `Watched`; check no event changed after it was decided."""
    watched = Watched(rules)
    live, log = play_random_game(watched, setup, seed, random.Random(chooser))
    assert live.phase == "finished"
    assert [_encode(e) for e in log] == watched.recorded, "an event changed after it was recorded"
    return live, log


def check_game(rules: Any, live: GameState, log: list[Any], seed: Seed, views_every: int) -> None:
    """Step the log through `evolve` from nothing, checking after each event; then the end.

    The views (scanned for secrets, and checked blind to hidden changes: it copies the
    state several times) are looked at after every `views_every`-th event, the state
    and the redacted events after each one.
    """
    decoder = msgspec.json.Decoder(rules.event_type)
    board = rules.boards[live.rules.map]
    state: GameState | None = None
    opening = log[0]
    assert isinstance(opening, GameStarted)
    watch = RuleWatch(board, opening)
    for number, event in enumerate(log):
        assert decoder.decode(_encode(event)) == event, f"{event!r} does not round-trip"
        state = rules.evolve(state, event)
        assert state is not None
        watch.see(event, state, log[number + 1] if number + 1 < len(log) else None)
        check_cards(board, state)
        check_pieces(board, state)
        check_goods(board, state)
        check_tickets(state)
        views = number % views_every == 0
        check_outputs_clean(rules, board, state, event, seed, views=views)
        if views:
            check_views_blind(rules, state)
    assert state == live, "replaying the log does not rebuild the live state"

    accounts, won = recompute_final(board, live)
    assert live.final == accounts, "final scores differ from a recomputation"
    assert live.winners == won
    end = log[-1]
    assert isinstance(end, GameEnded)
    assert end.scores == accounts and end.winners == won
    assert end.seed == seed.hex
    result = rules.result(live)
    assert result is not None
    assert result.scores == [s.total for s in accounts] and result.winners == won


def _setups() -> list[Setup]:
    """Every shipped map at every seat count the descriptor lists in its default variant,
    its other variants (which change only the tickets) at the fewest and most seats, and
    Europe's option."""
    setups = []
    for shipped in RULES.descriptor.maps:
        for variant in shipped.variants:
            every = variant.id == shipped.default_variant
            for seats in range(shipped.min_seats, shipped.max_seats + 1):
                if every or seats in (shipped.min_seats, shipped.max_seats):
                    setups.append(Setup(seats=seats, map=shipped.id, variant=variant.id))
    for variant in ("standard", "europa-1912"):
        setups.append(
            Setup(seats=3, map="europe", variant=variant, options={"long-1912-tickets": True})
        )
    return setups


_seeds = st.binary(min_size=32, max_size=32).map(Seed)


@pytest.mark.parametrize(
    "setup",
    _setups(),
    ids=lambda s: f"{s.map}-{s.variant}-{s.seats}p{'-long1912' if s.options else ''}",
)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=_seeds, chooser=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(setup: Setup, seed: Seed, chooser: int) -> None:
    play_and_check(RULES, setup, seed, chooser, views_every=3)


@pytest.mark.parametrize(
    ("made", "seats"),
    [(made, seats) for made in (SYNTHETIC, CROSSROADS) for seats in (2, 3, 4)],
    ids=lambda x: x.board.id if isinstance(x, MadeUp) else f"{x}p",
)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=_seeds, chooser=st.integers(0, 2**32 - 1))
def test_random_games_on_the_made_up_maps_keep_every_invariant(
    made: MadeUp, seats: int, seed: Seed, chooser: int
) -> None:
    """The made-up maps (`synthetic`): triple routes, pairs, doubled spaces, 3-city tickets
    on one; stations, goods, bonus draws, goal cards, harbors and tours together on the
    other; a market of two decks on both."""
    play_and_check(made.rules, Setup(seats=seats, map=made.board.id), seed, chooser,
                   views_every=3)


#: Amsterdam playing a supplied deck file, as a server with the ``ticket_deck`` setting does
DECK_PATH = Path(__file__).with_name("decks") / "amsterdam-test-deck.json"
SUPPLIED = TicketToRideRules(with_ticket_deck(str(DECK_PATH), DECK_PATH.read_bytes()))


@pytest.mark.parametrize("seats", [2, 3, 4], ids=lambda n: f"supplied-deck-{n}p")
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=_seeds, chooser=st.integers(0, 2**32 - 1))
def test_random_games_of_amsterdam_with_a_supplied_deck_keep_every_invariant(
    seats: int, seed: Seed, chooser: int
) -> None:
    """Amsterdam dealing a deck file (its generated deck is played by the test above)."""
    play_and_check(SUPPLIED, Setup(seats=seats, map="amsterdam"), seed, chooser, views_every=3)
