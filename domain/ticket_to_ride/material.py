"""The fixed components of a Ticket to Ride game, as a client needs them to read the numbers.

Views and commands name routes, cities and tickets by index (``route_owner[i]``,
``{"type": "claim-route", "route": 17, ...}``, ``{"type": "build-station",
"city": 3}``, ``keep: [12, 40]``); the material is the table those indices
point into, built by `material_of` from the map's `Board` and the setup's
`Ruleset`. It holds only what is printed in the box or chosen at setup:
nothing about the order of any pile, the dealt cards or the tickets anyone
holds, so it is the same for every seed and may be served to anyone, before,
during and after the game.

Example::

    >>> m = material_of(load_board("europe"), Setup(seats=3))
    >>> m.routes[0].a, m.routes[0].b, m.routes[0].colour, m.routes[0].length
    ('amsterdam', 'bruxelles', 'black', 1)
"""

from __future__ import annotations

import msgspec

from domain.kernel.protocol import Setup
from domain.ticket_to_ride.board import GRAY, KIND_NAMES, Board
from domain.ticket_to_ride.names import GoalMetric, RouteKind
from domain.ticket_to_ride.ruleset import Ruleset, ruleset_of


class CityMaterial(msgspec.Struct, frozen=True, omit_defaults=True):
    """A city: ``index`` is its number in views (``station_owner``) and commands (``city``).

    ``lat``/``lon`` are null for a city no atlas places (Northern Lights'
    unnamed ones); ``x``/``y`` its place on the printed board (fractions of
    its width and height) where the map gives them; ``country``, ``capital``
    and ``arctic`` where the map marks them (its goal cards measure them).
    """

    index: int
    id: str
    name: str
    lat: float | None
    lon: float | None
    #: a Big Cities metropolis (the big-cities variant's tickets name them)
    metropolis: bool
    x: float | None = None
    y: float | None = None
    country: str = ""
    capital: bool = False
    arctic: bool = False
    #: a port: a harbor may be built here (World; left out when false)
    port: bool = False


class RouteMaterial(msgspec.Struct, frozen=True, omit_defaults=True):
    """A route between cities ``a`` and ``b`` (city ids); ``index`` as in ``route_owner``.

    ``colour`` is a card colour or ``"gray"`` (any one colour pays); ``locomotives``
    is how many of its cards must be Locomotives (a ferry's symbols); ``partner``
    is the other track of a double route (null for a single route or a group
    of three or more); ``tracks`` lists every track of its group (itself
    included, one entry for a single route); ``points`` is what claiming it
    scores; ``bonus_cards`` the X of a "+X" route (cards drawn blind after
    claiming it; left out when 0); ``goods``: its spaces carry the goods
    symbol, and claiming it takes a goods card (left out when false); ``piece``
    the kind of piece a claim spends (``trains``, or World's ``ships``);
    ``doubled`` how many of its spaces cost two cards (left out when 0).
    """

    index: int
    a: str
    b: str
    length: int
    colour: str
    kind: RouteKind
    locomotives: int
    partner: int | None
    tracks: list[int]
    points: int
    piece: str
    bonus_cards: int = 0
    goods: bool = False
    doubled: int = 0


class TicketMaterial(msgspec.Struct, frozen=True, omit_defaults=True):
    """A destination ticket of this setup's decks; ``index`` as in views and ``keep`` lists.

    ``long``: it belongs to the long-ticket deck of this setup; ``group`` is the
    map file's deck name (e.g. ``base-regular``, ``1912-long``), and
    ``big_city`` says it bears the Big Cities logo; ``generated`` that the
    engine made it up where the printed card is unknown (`decks`; left out
    when false). A tour (World) scores ``points`` when its cities are joined in
    the printed order, ``any_order`` when joined otherwise, and costs
    ``penalty`` when not joined (both left out for other tickets).
    """

    index: int
    a: str
    b: str
    points: int
    #: every city the ticket names, ``a`` first and ``b`` last (two for most tickets)
    cities: list[str]
    long: bool
    group: str
    big_city: bool
    generated: bool = False
    any_order: int | None = None
    penalty: int | None = None


class RoutePoints(msgspec.Struct, frozen=True):
    """One line of the route scoring table: a route of ``length`` scores ``points``."""

    length: int
    points: int


class GoalMaterial(msgspec.Struct, frozen=True, omit_defaults=True):
    """A goal card of the map (Northern Lights §5.3), ``index`` as in the public view's
    ``goals``: its ``points`` go at the end to whoever leads its measure (``metric``,
    said in words in ``measures``; ``country`` where the metric counts one); ties all
    score, a best value of 0 wins nothing."""

    index: int
    id: str
    card: str
    name: str
    points: int
    metric: GoalMetric
    measures: str
    country: str = ""


class TicketToRideMaterial(
    msgspec.Struct, frozen=True, tag_field="kind", tag="ticket-to-ride", omit_defaults=True
):
    """Everything fixed about one Ticket to Ride setup (see the module docstring).

    ``card_colours`` are the train card colours, ``cards`` the names a hand or
    the display uses (the colours, then ``"locomotive"``). ``tickets`` lists
    only the tickets this setup plays with. ``double_routes`` says whether both
    tracks of a double route may be claimed at this player count.
    ``rules`` holds the numbers of the map and variant (trains, stations and
    their costs, deck sizes, face-up slots, ticket deals and draws, the end
    trigger, the longest path bonus). ``goals`` lists every goal card of the
    map (left out on a map without); ``rules.features.goal_cards.in_play`` of them are
    drawn at setup (the public view names them).
    """

    map: str
    title: str
    variant: str
    seats: int
    card_colours: list[str]
    cards: list[str]
    cities: list[CityMaterial]
    routes: list[RouteMaterial]
    tickets: list[TicketMaterial]
    route_points: list[RoutePoints]
    double_routes: bool
    rules: Ruleset
    goals: list[GoalMaterial] = []


def material_of(board: Board, setup: Setup) -> TicketToRideMaterial:
    """The material of `setup` on `board`, or raise `RuleViolation` ``bad-setup`` like
    `check_setup`."""
    rules = ruleset_of(board, setup)
    cities = board.map.cities
    ids = board.city_ids
    metropolises = set(board.metropolises)
    long = set(rules.long_tickets)
    in_play = sorted(long | set(rules.regular_tickets))
    table = board.map.route_points
    goal_cards = rules.features.goal_cards
    return TicketToRideMaterial(
        map=board.id,
        title=board.title,
        variant=rules.variant,
        seats=setup.seats,
        card_colours=list(board.colours),
        cards=list(board.card_names),
        cities=[
            CityMaterial(
                i, c.id, c.name, c.lat, c.lon, i in metropolises,
                c.x, c.y, c.country, c.capital, c.arctic, board.city_harbor[i],
            )
            for i, c in enumerate(cities)
        ],
        routes=[
            RouteMaterial(
                index=r,
                a=ids[board.route_a[r]],
                b=ids[board.route_b[r]],
                length=board.route_length[r],
                colour="gray" if board.route_colour[r] == GRAY
                else board.colours[board.route_colour[r]],
                kind=KIND_NAMES[board.route_kind[r]],
                locomotives=board.route_locomotives[r],
                partner=None if board.route_partner[r] < 0 else board.route_partner[r],
                tracks=list(board.route_tracks[r]),
                points=board.route_points[r],
                piece=board.pieces[board.route_piece[r]],
                bonus_cards=board.route_bonus[r],
                goods=board.route_goods[r],
                doubled=board.route_doubled[r],
            )
            for r in range(len(board.route_a))
        ],
        tickets=[
            TicketMaterial(
                index=t,
                a=ids[board.ticket_a[t]],
                b=ids[board.ticket_b[t]],
                points=board.ticket_points[t],
                cities=[ids[c] for c in board.ticket_cities[t]],
                long=t in long,
                group=board.ticket_group[t],
                big_city="big-city" in board.ticket_group[t],
                generated=board.ticket_generated[t],
                any_order=board.ticket_any_order[t],
                penalty=board.ticket_penalty[t],
            )
            for t in in_play
        ],
        route_points=[RoutePoints(n, p) for n, p in sorted(table.items())],
        double_routes=rules.usable_tracks[2] >= 2,
        rules=rules,
        goals=[
            GoalMaterial(i, g.id, g.card, g.name, g.points, g.metric, g.measures, g.country)
            for i, g in enumerate(goal_cards.cards if goal_cards is not None else ())
        ],
    )
