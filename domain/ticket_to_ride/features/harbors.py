"""Harbors (Rails & Sails §3.3, §5.3): built in port cities, scored by the tickets naming them.

A seat with a harbor left may build one in a port city with none where a route of its
own ends, paying the map's cards of each deck, all anchor cards of one colour, wilds
standing in (`HarborCards`). At the end a built harbor scores by the completed tickets
of its owner that name its city (0, 1, 2, 3 or more), each unbuilt one the map's
(negative) points. The port cities each seat may build in are kept up to date as
routes are claimed and harbors built (`PlayerState.ports`). On the score sheet the
term ``harbors`` (§5.3) comes with the harbors built as a figure.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.commands import BuildHarbor
from domain.ticket_to_ride.entries import Move, Payments
from domain.ticket_to_ride.events import Event, GameStarted, HarborBuilt, RouteClaimed
from domain.ticket_to_ride.hand import Cards, Hand
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.listings import GrayParts
from domain.ticket_to_ride.mapfile import Harbors
from domain.ticket_to_ride.payments import card_names, named_cards, take_cards_payment
from domain.ticket_to_ride.pricing import Alternative, Paid, take_cards
from domain.ticket_to_ride.redaction import public
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.scoring import Tally
from domain.ticket_to_ride.state import FinalScore, GameState
from domain.ticket_to_ride.turn import Turn, end_turn, finish


class HarborCards(msgspec.Struct, frozen=True, gc=False):
    """A harbor (Rails & Sails §3.3): `per_deck` cards of each deck, every one showing the
    anchor and all of one colour (`colour`, -1: any one); wilds stand in for any of them,
    of either deck. Priced per colour it reads few card kinds, so the listing of any
    colour is put together from tabulated ones (`listings.GrayParts`)."""

    per_deck: tuple[int, ...]
    colour: int = -1
    section: ClassVar[str] = "§3.3"
    train_cards: ClassVar[bool] = False

    def colour_form(self) -> None:
        """A harbor's payment names its cards."""
        return None

    def check(self, board: Board, paid: Cards) -> str | None:
        wild = board.locomotive
        used = [k for k in range(len(paid)) if paid[k] and k != wild]
        per_deck = [0] * len(self.per_deck)
        for kind in used:
            per_deck[board.card_deck[kind]] += paid[kind]
        if (
            any(not board.card_anchor[k] for k in used)
            or len({board.card_colour[k] for k in used}) > 1
            or any(n > most for n, most in zip(per_deck, self.per_deck, strict=True))
            or sum(paid) != sum(self.per_deck)
        ):
            decks = " and ".join(f"{n} {d}" for n, d in zip(self.per_deck, board.deck_ids,
                                                             strict=True))
            return f"pay {decks} cards of one colour, each with the anchor, wilds standing in"
        return None

    def alternatives(self, hand: Hand) -> tuple[Alternative, ...]:
        """Per colour, the wild range; then the all-wild payment."""
        board, cards = hand.board, hand.cards
        wild, total = board.locomotive, sum(self.per_deck)
        high = min(cards[wild], total - 1)
        found = []
        for colour, by_deck in enumerate(board.anchor_kinds):
            if self.colour >= 0 and colour != self.colour:
                continue
            taken = 0
            for kinds, most in zip(by_deck, self.per_deck, strict=True):
                held = 0
                for kind in kinds:
                    held += cards[kind]
                taken += held if held < most else most
            if taken and total - taken <= high:
                found.append(Alternative(colour, total - taken, high))
        if cards[wild] >= total:
            found.append(Alternative(-1, total, total))
        return tuple(found)

    def reads(self, board: Board) -> tuple[tuple[int, int], ...] | None:
        """In one colour: its anchor cards of each deck (up to what the deck gives), then
        the wilds (up to the whole price)."""
        if self.colour < 0:
            return None
        return (*((kind, most) for kinds, most in zip(board.anchor_kinds[self.colour],
                                                       self.per_deck, strict=True)
                  for kind in kinds),
                (board.locomotive, sum(self.per_deck)))

    def in_colour(self, colour: int) -> HarborCards:
        return HarborCards(self.per_deck, colour)

    def payment(self, hand: Hand, alternative: Alternative) -> Paid:
        """The anchor cards of the colour each deck gives, then the fewest wilds."""
        board, cards = hand.board, hand.cards
        paid: Paid = {}
        if alternative.colour >= 0:
            for kinds, most in zip(board.anchor_kinds[alternative.colour], self.per_deck,
                                   strict=True):
                take_cards(paid, cards, kinds, most)
        if alternative.low:
            paid[board.locomotive] = alternative.low
        return paid


def _harbors(rules: Ruleset) -> Harbors:
    harbors = rules.features.harbors
    assert harbors is not None
    return harbors


def price(board: Board, payments: Payments) -> tuple[HarborCards, GrayParts]:
    """What a harbor costs on this map, and its listings (built once with its engine)."""
    harbors = board.map.features.harbors
    assert harbors is not None
    rule = HarborCards(tuple(harbors.cards.get(deck, 0) for deck in board.deck_ids))
    parts = GrayParts.of(rule, board)
    assert parts is not None
    return rule, parts


def build_harbor(turn: Turn, seat: int, command: BuildHarbor) -> list[Event]:
    """A harbor in a port city the player's own route reaches, one per city (§3.3)."""
    board, state = turn.board, turn.state
    player = state.players[seat]
    if not player.pieces[board.pieces.index("harbors")]:
        raise refuse("no-harbors", "you have no harbor left", "§3.3")
    city = command.city
    if not 0 <= city < len(board.city_ids):
        raise refuse("no-such-city", f"there is no city {city}", "§3.3")
    if not board.city_harbor[city]:
        raise refuse("not-a-port", f"{board.city_names[city]} is no port city", "§3.3")
    if state.harbor_owner[city] >= 0:
        raise refuse("city-has-harbor", "this city already has a harbor", "§3.3")
    if not any(state.route_owner[r] == seat for r in board.city_routes[city]):
        raise refuse(
            "no-route-to-city", "build a harbor only where a route of yours ends", "§3.3"
        )
    paid = named_cards(board, player.hand, command.cards, "§3.3")
    problem = turn.engine.tables["harbors"][0].check(board, paid)
    if problem is not None:
        raise refuse("bad-payment", problem, "§3.3")
    turn.pay(paid)
    return finish(turn, [HarborBuilt(seat, city, card_names(board, paid))])


def start(engine: Engine, state: GameState, event: GameStarted) -> None:
    state.harbor_owner = [-1] * len(engine.board.city_ids)


def ports_reached(engine: Engine, state: GameState, event: RouteClaimed) -> None:
    """A claimed route's ends become the claimer's ports, where they are free ports."""
    board = engine.board
    ports = state.players[event.seat].ports
    for city in (board.route_a[event.route], board.route_b[event.route]):
        if board.city_harbor[city] and state.harbor_owner[city] < 0 and city not in ports:
            insort(ports, city)


def harbor_built(engine: Engine, state: GameState, event: HarborBuilt) -> None:
    board = engine.board
    player = state.players[event.seat]
    take_cards_payment(board, state, player.hand, event.paid)
    state.harbor_owner[event.city] = event.seat
    player.pieces[board.pieces.index("harbors")] -= 1
    for other in state.players:
        if event.city in other.ports:
            other.ports.remove(event.city)
    state.passes = 0
    end_turn(engine, state)


def harbor_entry(engine: Engine, state: GameState, seat: int, out: list[Move]) -> None:
    """The build-harbor entry: the seat's ports as its cities, and per colour the wilds a
    payment may hold."""
    board = engine.board
    player = state.players[seat]
    if not player.pieces[board.pieces.index("harbors")] or not player.ports:
        return
    parts: GrayParts = engine.tables["harbors"][1]
    payments, cards = parts.listing(player.hand)
    if not payments:
        return
    free = tuple(player.ports)
    out.append(Move(BuildHarbor(free[state.turn % len(free)], cards), payments, cities=free))


def harbors_term(engine: Engine, state: GameState, tally: Tally) -> dict[str, list[int]]:
    """Each built harbor scores by the completed tickets of its owner naming its city (the
    table's last entry for more), each unbuilt one the map's points (§5.3)."""
    board = engine.board
    harbors = _harbors(state.rules)
    table, left = harbors.points, board.pieces.index("harbors")
    points = []
    for seat, player in enumerate(state.players):
        named = [board.ticket_cities[t] for t in tally.completed[seat]]
        total = player.pieces[left] * harbors.unbuilt
        for city, owner in enumerate(state.harbor_owner):
            if owner == seat:
                count = sum(1 for cities in named if city in cities)
                total += table[min(count, len(table) - 1)]
        points.append(total)
    return {"harbors": points}


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``harbors`` as the account holds it (built ones by their tickets, unbuilt
    ones' penalty), and the figure ``harbors-built`` (Rails & Sails §5.3)."""
    return [
        Lines((ScoreTerm("harbors", score.bonuses.get("harbors", 0), "§5.3"),),
              (Figure("harbors-built", state.harbor_owner.count(seat), "§5.3"),))
        for seat, score in enumerate(scores)
    ]


def _owners(engine: Engine, state: GameState) -> dict[str, Any]:
    return {"harbor_owner": [None if o < 0 else o for o in state.harbor_owner]}


HARBORS = Feature(
    name="harbors",
    refusals=(("no-harbors", "§3.3"), ("no-such-city", "§3.3"), ("not-a-port", "§3.3"),
              ("city-has-harbor", "§3.3"), ("no-route-to-city", "§3.3"),
              ("unknown-colour", "§3.3"), ("bad-payment", "§3.3"), ("not-enough-cards", "§3.3")),
    turn_commands={BuildHarbor: build_harbor},
    absent={BuildHarbor: ("no-harbors", "this map has no harbors", "§3")},
    on_claim=ports_reached,
    appliers={HarborBuilt: harbor_built},
    redactions={HarborBuilt: public},
    turn_moves=harbor_entry,
    public_fields=_owners,
    start=start,
    terms=harbors_term,
    tables=price,
    sheet=sheet,
)


