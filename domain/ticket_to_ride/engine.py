"""Composing a board's engine: the core parts every map plays, its market, and the features
its data names.

`build_engine` is the one place that knows every part of the game. A map file names
its features (`mapfile.Features`); the engine is the core parts (`CORE`), the market
of the map's ``rules.market.kind`` (`MARKETS`) and those features, in the fixed order
of `FEATURES` (which is the order their legal moves are listed and their hooks run:
goods are taken before a bonus draw, exchanges listed before harbors and stations).
Each route's price rule is built here, once: the first feature that prices it
(sea routes, doubled spaces, ferries), else one colour; on a map whose colours have
several train card kinds, a rule over train cards counts them per colour
(`pricing.TrainCards`).
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.ticket_to_ride.board import Board
from domain.ticket_to_ride.claimable import ClaimTable
from domain.ticket_to_ride.claims import CLAIMS
from domain.ticket_to_ride.draws import DRAWS
from domain.ticket_to_ride.features.bonus_draws import BONUS_DRAWS
from domain.ticket_to_ride.features.chosen_market import CHOSEN, CHOSEN_MARKET
from domain.ticket_to_ride.features.doubled_spaces import DOUBLED_SPACES
from domain.ticket_to_ride.features.ferries import FERRIES
from domain.ticket_to_ride.features.goal_cards import GOAL_CARDS
from domain.ticket_to_ride.features.goods import GOODS
from domain.ticket_to_ride.features.harbors import HARBORS
from domain.ticket_to_ride.features.longest_path import LONGEST_PATH
from domain.ticket_to_ride.features.piece_split import PIECE_SPLIT
from domain.ticket_to_ride.features.sea_routes import SEA_ROUTES
from domain.ticket_to_ride.features.stations import STATIONS_FEATURE
from domain.ticket_to_ride.features.tours import TOURS
from domain.ticket_to_ride.features.tunnels import TUNNELS
from domain.ticket_to_ride.hooks import Engine, Feature, Market, Redact
from domain.ticket_to_ride.market import ONE_DECK, ONE_DECK_REFILLS
from domain.ticket_to_ride.names import MarketKind
from domain.ticket_to_ride.opening import OPENING
from domain.ticket_to_ride.passing import PASSING
from domain.ticket_to_ride.pricing import OneColour, PriceRule, TrainCards
from domain.ticket_to_ride.tickets import TICKETS
from domain.ticket_to_ride.turn import ENDING

#: the parts every map plays, in the order their moves are listed
CORE = (OPENING, DRAWS, CLAIMS, TICKETS, PASSING, ENDING)

#: the features a map may combine, by their `mapfile.Features` field, in engine order
FEATURES: Mapping[str, Feature] = {
    "sea_routes": SEA_ROUTES,
    "doubled_spaces": DOUBLED_SPACES,
    "ferries": FERRIES,
    "tunnels": TUNNELS,
    "goods": GOODS,
    "bonus_draws": BONUS_DRAWS,
    "piece_split": PIECE_SPLIT,
    "harbors": HARBORS,
    "stations": STATIONS_FEATURE,
    "goal_cards": GOAL_CARDS,
    "tours": TOURS,
    "longest_path": LONGEST_PATH,
}

#: each market a map may name, with its own part
MARKETS: Mapping[MarketKind, tuple[Market, Feature]] = {
    "one-deck": (ONE_DECK, ONE_DECK_REFILLS),
    "chosen": (CHOSEN, CHOSEN_MARKET),
}


#: every event type's redaction entry, from every part there is: an event is redacted the
#: same way on every map (`views.redact` refuses a type with none)
REDACTIONS: Mapping[type, Redact] = {
    kind: redact
    for part in (*CORE, *(part for _, part in MARKETS.values()), *FEATURES.values())
    for kind, redact in part.redactions.items()
}


def build_engine(board: Board) -> Engine:
    """The engine of `board`: its parts composed, its price rules and claim table built."""
    features = board.map.features
    named = tuple(f for name, f in FEATURES.items() if getattr(features, name) is not None)
    missing = tuple(f for name, f in FEATURES.items() if getattr(features, name) is None)
    market, market_part = MARKETS[board.map.rules.market.kind]
    rules = tuple(_price_rule(board, named, route) for route in range(len(board.route_a)))
    return Engine(board, market, (*CORE, market_part, *named), missing, rules,
                  ClaimTable(board, rules))


def _price_rule(board: Board, parts: tuple[Feature, ...], route: int) -> PriceRule:
    rule: PriceRule | None = None
    for part in parts:
        if part.price is not None and (rule := part.price(board, route)) is not None:
            break
    if rule is None:
        rule = OneColour(board.route_length[route], board.route_colour[route], 0)
    if board.several_train_kinds and rule.train_cards:
        return TrainCards(rule)
    return rule
