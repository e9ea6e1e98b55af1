"""The map file format, as typed structs that msgspec decodes and checks.

A map file (``maps/<id>.json``) is the whole description of a board and its rules
(see ``docs/ticket_to_ride_engine.md``). It states every rule it relies on: the core
rules every map has (`MapRules`: players, pieces, market, track groups, the end,
tie-breaks, where unkept tickets go) have no defaults, and each feature a map combines
(`Features`: stations, tunnels, ferries, goods...) is named with its own settings; a
feature the map does not name is not in its game. So no rule of one map silently
becomes another's. Every group of settings carries the ``section`` of the map's
``rules.md`` that states it.

Names with a meaning are `Literal` types from `names`, refused by msgspec on decode.
What a schema cannot say (a route naming an unknown city, a feature's route without
the feature) is refused by `mapcheck.check_map`; `mapcheck.decode_map` does both and
raises `MapError` naming the file and the entry at fault.

`MapFile.digest` names the data in rules versions: the SHA-256 of its canonical
encoding (keys sorted, fields at their default left out), so reformatting a file
changes nothing and changing any datum changes the digest.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.kernel.versions import content_digest
from domain.ticket_to_ride.names import (
    FerryPayment,
    GoalMetric,
    MarketKind,
    OptionRule,
    RouteKind,
    RoutePiece,
    SetupReturns,
    TieBreak,
)


class MapError(ValueError):
    """A map file that cannot be played: the file, the entry and what is wrong with it."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Base of the map file's structs: immutable, no unknown field, defaults left out."""


class City(_Data, frozen=True):
    """A city: its id (used by routes and tickets), printed name and position.

    The position is its latitude and longitude, or ``x`` and ``y``, its place on the
    printed board as fractions of the board's width and height (a map whose cities
    an atlas cannot all place gives every city ``x`` and ``y``), or neither with
    ``position_unknown`` (a historical harbour no source places). ``country``,
    ``capital`` and ``arctic`` are what goal cards measure; a ``harbor`` city is a
    port where a harbor may be built.
    """

    id: str
    name: str
    lat: float | None = None
    lon: float | None = None
    x: float | None = None
    y: float | None = None
    country: str = ""
    capital: bool = False
    arctic: bool = False
    position_unknown: bool = False
    harbor: bool = False


class Route(_Data, frozen=True):
    """One track between cities ``a`` and ``b``; tracks between the same two cities form
    a track group (a double or triple route), found on load.

    ``colour`` is a card colour or ``"gray"``; ``kind`` its kind of track (tunnel,
    ferry and sea are features); ``locomotives`` a ferry's Locomotive symbols;
    ``double_spaces`` its spaces costing two cards (doubled spaces); ``piece`` what
    a claim lays on it; ``goods`` its goods symbol (goods); ``bonus_cards`` the X of
    a "+X" route (bonus draws).
    """

    a: str
    b: str
    length: int
    colour: str
    kind: RouteKind = "rail"
    locomotives: int = 0
    double_spaces: int = 0
    piece: RoutePiece = "trains"
    goods: bool = False
    bonus_cards: int = 0


class CardKind(_Data, frozen=True):
    """One kind of transport card: its name (as commands and events spell it), the deck it
    belongs to, its ``colour`` (a card colour; left out for the wild), how many of it the
    deck holds, the ships it covers on a sea route (0: a train card) and whether it shows
    the ``anchor`` (harbor) symbol."""

    name: str
    count: int
    deck: str = "train"
    colour: str = ""
    wild: bool = False
    ships: int = 0
    anchor: bool = False


class Deck(_Data, frozen=True):
    """A deck of transport cards with its own draw pile and discards: its id, the cards of
    it dealt to each player at setup and the market slots it fills at setup and in a
    wild reset."""

    id: str
    hand: int
    face_up: int


class Ticket(_Data, frozen=True):
    """A destination ticket: the ``cities`` to connect (two or more), its points, its deck
    group. A tour (tours) has its own values when its cities are joined out of the
    printed order (``points_any_order``) and when they are not joined (``penalty``)."""

    cities: list[str]
    points: int
    group: str
    #: made up by the engine where the printed card is unknown (`decks.generated_tickets`)
    generated: bool = False
    points_any_order: int | None = None
    penalty: int | None = None


class Players(_Data, frozen=True):
    """How many may play."""

    min: int
    max: int
    section: str


class Pieces(_Data, frozen=True):
    """The pieces each player lays on routes, by kind (trains; ships on a map of sea
    routes); stations and harbors are counted by their features."""

    counts: dict[RoutePiece, int]
    section: str


class Market(_Data, frozen=True):
    """The face-up cards: refilled from one deck or a deck chosen per slot (``kind``);
    ``wild_reset`` face-up wilds discard and turn up the whole market again (0: never);
    ``face_up_without_piles``: face-up cards may still be taken when every draw pile and
    discard pile is empty."""

    kind: MarketKind
    wild_reset: int
    face_up_without_piles: bool
    section: str


class TrackGroups(_Data, frozen=True):
    """Double and triple routes: per group size, per player count, how many of a group's
    tracks may be claimed (never two by one player). Every group size on the map and
    every player count is stated."""

    usable: dict[int, dict[int, int]]
    section: str


class End(_Data, frozen=True):
    """The end: when a player ends a turn with ``trigger`` or fewer pieces of the
    ``pieces`` kinds, every player (that one included) plays ``final_rounds`` more
    turns."""

    trigger: int
    pieces: list[RoutePiece]
    final_rounds: int
    section: str


class Winner(_Data, frozen=True):
    """Most points wins; ties are broken by ``tie_breaks`` in order, then shared."""

    tie_breaks: list[TieBreak]
    section: str


class SetupTickets(_Data, frozen=True):
    """Where the tickets a player does not keep at setup go: back in the box, or under the
    ticket pile (in seat order from the first player)."""

    returns: SetupReturns
    section: str


class MapRules(_Data, frozen=True):
    """The rules every map states: nothing here has a default.

    ``sections`` translates the rule sections the engine's refusals cite (Europe's
    numbering, ``"§5.2"``) into this map's rulebook; a section not listed is cited as
    it is.
    """

    players: Players
    pieces: Pieces
    market: Market
    track_groups: TrackGroups
    end: End
    winner: Winner
    setup_tickets: SetupTickets
    sections: dict[str, str]


class Stations(_Data, frozen=True):
    """Stations (Europe §7): ``count`` per player, the cards the 1st, 2nd... costs, the
    points per station not built."""

    count: int
    costs: list[int]
    bonus: int
    section: str


class Tunnels(_Data, frozen=True):
    """Tunnels (Europe §5.4): ``revealed`` cards turned from the pile per attempt."""

    revealed: int
    section: str


class Ferries(_Data, frozen=True):
    """Ferries: each Locomotive symbol paid with a Locomotive, or a Locomotive or a pair."""

    paid_with: FerryPayment
    section: str


class LongestPath(_Data, frozen=True):
    """The longest continuous path's ``bonus`` points, to every seat that holds it."""

    bonus: int
    section: str


class Goods(_Data, frozen=True):
    """Goods (Amsterdam): ``cards`` in the pile, one taken per claim of a goods route, and
    per player count the points of the 1st, 2nd... place by goods cards held."""

    cards: int
    scoring: dict[int, list[int]]
    section: str


class Rulebook(_Data, frozen=True):
    """A feature with no number of its own: the rulebook section that states it."""

    section: str


class PieceSplit(_Data, frozen=True):
    """Rails & Sails pieces: the most of each kind a player owns (``box``); each player
    secretly takes ``supply`` of them into play at setup (the map's `Pieces` are the
    default split), the rest staying in their reserve; an exchange swaps pieces at
    ``exchange_cost`` points each (0: no exchanges)."""

    box: dict[RoutePiece, int]
    supply: int
    exchange_cost: int
    section: str


class Harbors(_Data, frozen=True):
    """Harbors (Rails & Sails): ``pieces`` per player, the cards of each deck one costs,
    the points a built one scores by the completed tickets naming its city (0, 1, 2,
    3+) and the points of each one not built."""

    pieces: int
    cards: dict[str, int]
    points: list[int]
    unbuilt: int
    section: str


class Goal(_Data, frozen=True):
    """A goal card: its ``points`` go to whoever leads its ``metric`` at the end;
    ``measures`` says it in words; ``country`` for a metric that names one."""

    id: str
    card: str
    name: str
    points: int
    metric: GoalMetric
    measures: str
    country: str = ""


class GoalCards(_Data, frozen=True):
    """Goal cards (Northern Lights): ``in_play`` of the ``cards`` drawn at setup."""

    in_play: int
    cards: list[Goal]
    section: str


class Features(_Data, frozen=True):
    """The features a map combines, each with its settings; one left out is not in the
    map's game (and the map's data may not use it: `mapcheck`)."""

    stations: Stations | None = None
    tunnels: Tunnels | None = None
    ferries: Ferries | None = None
    longest_path: LongestPath | None = None
    goods: Goods | None = None
    bonus_draws: Rulebook | None = None
    doubled_spaces: Rulebook | None = None
    sea_routes: Rulebook | None = None
    piece_split: PieceSplit | None = None
    harbors: Harbors | None = None
    goal_cards: GoalCards | None = None
    tours: Rulebook | None = None


class Variant(_Data, frozen=True):
    """A way of playing the map: which ticket groups form its decks and how tickets are
    dealt (``setup_long_max``: the most long tickets kept at setup, null: no cap)."""

    title: str
    description: str
    long_tickets: list[str]
    regular_tickets: list[str]
    long_dealt: int
    regular_dealt: int
    setup_keep: int
    setup_long_max: int | None
    draw_tickets: int
    draw_keep: int
    section: str


class MapOption(_Data, frozen=True):
    """A host option for the ``variants`` it names: a ``boolean`` (off by default) adds
    the long ticket groups ``adds_long_tickets``; an ``integer`` sets the rule ``sets``
    to a value from ``minimum`` to ``maximum`` (its default: the map's own number)."""

    description: str
    variants: list[str]
    type: Literal["boolean", "integer"] = "boolean"
    adds_long_tickets: list[str] = []
    sets: OptionRule | None = None
    minimum: int = 0
    maximum: int = 0


class TicketDeck(_Data, frozen=True):
    """The box's ticket deck where the map file cannot list it all (Amsterdam): ``cards``
    in the box; the missing ones are generated tickets of ``group`` worth ``min_points``
    to ``max_points`` (`decks`), unless an operator supplies the printed deck."""

    cards: int
    group: str
    min_points: int
    max_points: int


class MapFile(_Data, frozen=True):
    """One map file, decoded. Route and ticket order is part of the format (indices).

    ``cards`` is the card catalogue: first a train card of each of ``card_colours``,
    then the one wild, all in the first of ``decks``, then any further kinds.
    """

    id: str
    title: str
    card_colours: list[str]
    route_points: dict[int, int]
    cities: list[City]
    routes: list[Route]
    tickets: list[Ticket]
    decks: list[Deck]
    cards: list[CardKind]
    rules: MapRules
    features: Features
    variants: dict[str, Variant]
    source: str = ""
    note: str = ""
    metropolises: list[str] = []
    options: dict[str, MapOption] = {}
    #: the printed board's picture size (width, height) that cities' x and y are fractions of
    board_size: tuple[int, int] | None = None
    ticket_deck: TicketDeck | None = None
    #: on a board that wraps around its side edges, the distance in ``x`` after which it
    #: repeats (0: it does not wrap)
    board_wrap: float = 0.0

    @property
    def digest(self) -> str:
        """The content digest of the data (`domain.kernel.versions.content_digest`)."""
        canonical = msgspec.to_builtins(self, str_keys=True)
        return content_digest(msgspec.json.encode(canonical, order="sorted"))


def option_rule(data: MapFile, rule: OptionRule) -> int | None:
    """The map's own number for an integer option's rule (None: the map has no such rule,
    e.g. station points on a map without stations)."""
    rules, features = data.rules, data.features
    stations, longest = features.stations, features.longest_path
    return {
        "trains": rules.pieces.counts.get("trains"),
        "stations": None if stations is None else stations.count,
        "end-trigger": rules.end.trigger,
        "station-bonus": None if stations is None else stations.bonus,
        "longest-path-bonus": None if longest is None else longest.bonus,
    }[rule]


def with_option_rule(data: MapFile, rule: OptionRule, value: int) -> MapFile:
    """`data` with an integer option's rule set to `value` (a rule `option_rule` knows)."""
    replace = msgspec.structs.replace
    rules, features = data.rules, data.features
    if rule == "trains":
        pieces = replace(rules.pieces, counts={**rules.pieces.counts, "trains": value})
        return replace(data, rules=replace(rules, pieces=pieces))
    if rule == "end-trigger":
        return replace(data, rules=replace(rules, end=replace(rules.end, trigger=value)))
    if rule == "longest-path-bonus":
        assert features.longest_path is not None
        longest = replace(features.longest_path, bonus=value)
        return replace(data, features=replace(features, longest_path=longest))
    assert features.stations is not None
    field = "count" if rule == "stations" else "bonus"
    stations = replace(features.stations, **{field: value})
    return replace(data, features=replace(features, stations=stations))
