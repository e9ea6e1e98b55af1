"""The board as an SVG picture, drawn from the public view only.

Cities sit where the map file puts them: on the printed board's layout when
the map gives every city's ``x`` and ``y`` (Northern Lights), else by
latitude and longitude, projected equirectangularly with the map's mean
latitude, which is close enough for a continent-sized map (a place whose
position no source gives is drawn just beyond its neighbours, away from the
middle of the map: Amsterdam's Nieuwe Waal). Each route is
drawn as its row of train cars between its two cities, the tracks of a
double or triple route side by side: in the route's colour while free
(tunnels with a dashed outline, ferries with a dot on each car that needs a
Locomotive, a "+X" route with its mark, a goods route with a crate on each
space), and in the owner's colour with a
dark outline once claimed. Stations are small houses in their
owner's colour. Rails & Sails World: sea spaces are ovals and rail spaces
rectangles, a doubled space carries a bar across, port cities an anchor
mark and built harbors a square in their owner's colour, and on a board
that wraps around (``board_wrap``) a route whose cities are more than half
the board apart is drawn leaving one side edge and entering at the other,
every space inside the map area. City labels are kept inside the map area; a
place the printed board leaves unnamed gets none. A side panel shows the map's
title (broken after its colon when long), the turn, the face-up cards, pile
sizes and each seat's score and pieces, and the result once the game has ended.

Everything is read from `views.public_view`, so the picture can show nothing a
spectator may not see. Elements carry ``data-*`` attributes (route number,
owner, city id) so programs can read the picture too.
"""

from __future__ import annotations

import math
from typing import NamedTuple
from xml.sax.saxutils import escape, quoteattr

from domain.ticket_to_ride.board import FERRY, GRAY, SEA, TUNNEL, Board
from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.views import PublicView, public_view

WIDTH, HEIGHT = 1280, 700
MAP_WIDTH = 960
MARGIN = 40
CAR_WIDTH = 7.0
CAR_GAP = 2.0
CITY_RADIUS = 6.0

#: fill colours of the card colours (and gray routes)
CARD_FILL = {
    "purple": "#9b59b6",
    "pink": "#e37fb5",
    "blue": "#2f6fd6",
    "orange": "#f28c1b",
    "white": "#f7f7f2",
    "green": "#2e9e55",
    "yellow": "#f4d03f",
    "black": "#2b2b2b",
    "red": "#d63a3a",
    "locomotive": "url(#rainbow)",
    "gray": "#b9b9b9",
}
#: the seats' colours, as on the pieces of the box
SEAT_FILL = ("#c0392b", "#1f5fbf", "#1e8449", "#d4ac0d", "#4a235a", "#117a8b")


def board_svg(engine: Engine, state: GameState) -> str:
    """The board now, as an SVG document (public information only)."""
    board = engine.board
    view = public_view(engine, state)
    place, period = _projection(board)
    panel, bottom = _panel(board, view)
    parts = _opening(board, f"{board.title}: turn {view.turn}", max(HEIGHT, bottom))
    looks = [_board_look(board, view, route) for route in range(len(board.route_a))]
    parts += _routes(board, looks, place, period)
    parts += _cities(board, place, view.station_owner, view.harbor_owner)
    parts += panel
    parts.append("</svg>")
    return "\n".join(parts)


def _opening(board: Board, title: str, height: int = HEIGHT) -> list[str]:
    """The document's start: its size, title, shared definitions and background. The
    picture is `height` tall: more than the map's `HEIGHT` when the side panel needs it
    (five seats and Northern Lights' goal cards, each with its winners)."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'data-kind="ticket-to-ride" data-map="{board.id}">',
        f"<title>{escape(title)}</title>",
        '<defs><linearGradient id="rainbow" x1="0" x2="1" y1="0" y2="0">'
        + "".join(
            f'<stop offset="{i / 5:.1f}" stop-color="{CARD_FILL[c]}"/>'
            for i, c in enumerate(("red", "orange", "yellow", "green", "blue", "purple"))
        )
        + "</linearGradient></defs>",
        f'<rect width="{WIDTH}" height="{height}" fill="#f3ead3"/>',
        f'<rect x="{MAP_WIDTH}" width="{WIDTH - MAP_WIDTH}" height="{height}" fill="#e6dcc0"/>',
    ]


Point = tuple[float, float]


def _projection(board: Board) -> tuple[list[Point], float | None]:
    """Each city's position on the picture, the map fitted into the map area, and the
    picture's width of the whole board when it wraps around its side edges, else None."""
    data = board.map
    cities = data.cities
    if data.board_size is not None:  # the printed board's layout (check_map: every x and y)
        width, height = data.board_size
        xs = [(c.x or 0.0) * width for c in cities]
        ys = [(c.y or 0.0) * height for c in cities]
    else:  # check_map: every city has lat and lon, unless its position is unknown
        lats = [c.lat for c in cities if c.lat is not None]
        mean_lat = math.radians(sum(lats) / len(lats))
        found: list[Point | None] = [
            None if c.lat is None or c.lon is None else (c.lon * math.cos(mean_lat), -c.lat)
            for c in cities
        ]
        placed = [p for p in found if p is not None]
        middle = (sum(x for x, _ in placed) / len(placed), sum(y for _, y in placed) / len(placed))
        for city, point in enumerate(found):
            if point is None:
                found[city] = _beside_neighbours(board, city, found, middle)
        xs = [p[0] for p in found if p is not None]
        ys = [p[1] for p in found if p is not None]
    scale = min(
        (MAP_WIDTH - 2 * MARGIN) / (max(xs) - min(xs)),
        (HEIGHT - 2 * MARGIN) / (max(ys) - min(ys)),
    )
    places = [
        (MARGIN + (x - min(xs)) * scale, MARGIN + (y - min(ys)) * scale)
        for x, y in zip(xs, ys, strict=True)
    ]
    wrap = data.board_wrap * data.board_size[0] * scale if data.board_size else 0.0
    return places, (wrap or None)


def _beside_neighbours(
    board: Board, city: int, found: list[Point | None], middle: Point
) -> Point:
    """Where to draw a city with no known position: beyond the middle of its placed
    neighbours, as far again as they lie from that middle, away from the map's middle."""
    neighbours = [
        p for r in board.city_routes[city]
        if (p := found[board.route_b[r] if board.route_a[r] == city else board.route_a[r]])
    ]
    if not neighbours:
        return middle
    cx = sum(x for x, _ in neighbours) / len(neighbours)
    cy = sum(y for _, y in neighbours) / len(neighbours)
    spread = max(math.hypot(x - cx, y - cy) for x, y in neighbours) or 1e-3
    dx, dy = cx - middle[0], cy - middle[1]
    away = math.hypot(dx, dy) or 1.0
    return (cx + dx / away * spread, cy + dy / away * spread)


def _car(centre: Point, along: Point, across: Point, length: float, breadth: float) -> str:
    """The polygon points of one car centred on `centre`."""
    (cx, cy), (ux, uy), (vx, vy) = centre, along, across
    hl, hw = length / 2, breadth / 2
    corners = [(-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw)]
    return " ".join(f"{cx + a * ux + b * vx:.1f},{cy + a * uy + b * vy:.1f}" for a, b in corners)


#: how far inside the map area's side edges a route that wraps around the board leaves it
EDGE = 8.0

#: one straight stretch of a route's spaces: from a point to a point, and whether each
#: end is a city (its spaces keep clear of the city's circle) or the map area's edge
Leg = tuple[Point, Point, bool, bool]


class Look(NamedTuple):
    """How one route is drawn: the board's own (free, or in its owner's colour) or a
    statistic's shade (`domain.ticket_to_ride.heat`)."""

    fill: str
    stroke: str
    width: str
    #: further attributes of each space (an opacity)
    paint: str
    #: drawn as a claimed route: wider spaces, no tunnel dashes, no ferry dots
    marked: bool
    #: the route group's class beside ``route``: ``free``, ``claimed``...
    state: str
    #: further ``data-*`` attributes of the route
    data: str
    #: what the route's title adds after its length and colour
    note: str


def _board_look(board: Board, view: PublicView, route: int) -> Look:
    """A route as the board shows it: pale while free, in its owner's colour once claimed."""
    owner = view.route_owner[route]
    if owner is None:  # free: pale, so that the claimed routes stand out
        colour = route_colour(board, route)
        return Look(CARD_FILL.get(colour, "#b9b9b9"), "#666666", "0.6", ' fill-opacity="0.45"',
                    False, "free", "", "")
    return Look(SEAT_FILL[owner % len(SEAT_FILL)], "#000000", "2", "", True, "claimed",
                f' data-owner="{owner}"', f", seat {owner}")


def route_colour(board: Board, route: int) -> str:
    """The colour name of a route (``gray`` for a gray one)."""
    return "gray" if board.route_colour[route] == GRAY else (
        board.colours[board.route_colour[route]]
    )


def _routes(
    board: Board, looks: list[Look], place: list[Point], period: float | None
) -> list[str]:
    parts = ['<g class="routes">']
    for route in range(len(board.route_a)):
        a, b = place[board.route_a[route]], place[board.route_b[route]]
        if period is not None and abs(b[0] - a[0]) > period / 2:
            parts += _route(board, looks[route], route, _around(a, b), "wraps")
        else:
            parts += _route(board, looks[route], route, [(a, b, True, True)], "")
    parts.append("</g>")
    return parts


def _around(a: Point, b: Point) -> list[Leg]:
    """A route the short way round a board that wraps: from `a` out at one side edge of
    the map area and in at the other to `b`, both legs on the one straight line the
    route would be if the map area repeated beside itself."""
    left, right = EDGE, MAP_WIDTH - EDGE
    repeat = right - left
    (ax, ay), (bx, by) = a, b
    if bx < ax:  # out at the right edge, in at the left
        far = bx + repeat
        y = ay + (by - ay) * (right - ax) / (far - ax)
        return [(a, (right, y), True, False), ((left, y), b, False, True)]
    far = bx - repeat
    y = ay + (by - ay) * (ax - left) / (ax - far)
    return [(a, (left, y), True, False), ((right, y), b, False, True)]


def _spread(length: int, room: list[float]) -> list[int]:
    """How many of a route's `length` spaces each leg holds, by the room along it."""
    if len(room) == 1:
        return [length]
    first = round(length * room[0] / sum(room))
    if length > 1:  # each leg holds a space: it leaves or reaches its city
        first = min(max(first, 1), length - 1)
    return [first, length - first]


def _route(
    board: Board, look: Look, route: int, legs: list[Leg], wraps: str
) -> list[str]:
    """One route's spaces along its legs (see the module docstring)."""
    parts = []
    tracks = board.route_tracks[route]
    # the tracks of a group side by side, centred on the line between the cities
    shift = CAR_WIDTH * 1.4 * ((len(tracks) - 1) / 2 - tracks.index(route))
    length = board.route_length[route]
    colour = route_colour(board, route)
    kind = board.route_kind[route]
    dash = ' stroke-dasharray="2,1.5"' if kind == TUNNEL and not look.marked else ""
    a, b = board.city_names[board.route_a[route]], board.city_names[board.route_b[route]]
    name = f"{a} to {b}"
    sea = kind == SEA
    doubled = board.route_doubled[route]
    goods = board.route_goods[route]
    parts.append(
        f'<g class="route {look.state}{" " + wraps if wraps else ""}" data-route="{route}" '
        f'data-colour="{colour}" data-length="{length}"'
        + (' data-kind="sea"' if sea else "")
        + (f' data-doubled="{doubled}"' if doubled else "")
        + (' data-goods="1"' if goods else "")
        + (f' data-bonus="{board.route_bonus[route]}"' if board.route_bonus[route] else "")
        + look.data
        + f"><title>{escape(name)} ({length}, {colour}{escape(look.note)})</title>"
    )
    clear = CITY_RADIUS + 2
    room = [max(math.hypot(e[0] - s[0], e[1] - s[1]) - clear * (from_city + to_city), 1.0)
            for s, e, from_city, to_city in legs]
    space = 0
    for (start, end, from_city, _), usable, spaces in zip(
        legs, room, _spread(length, room), strict=True
    ):
        (ax, ay), (bx, by) = start, end
        distance = math.hypot(bx - ax, by - ay) or 1.0
        along = ((bx - ax) / distance, (by - ay) / distance)
        across = (-along[1], along[0])
        step = usable / max(spaces, 1)
        car = max(step - CAR_GAP, 2.0)
        for i in range(spaces):
            offset = clear * from_city + step * (i + 0.5)
            centre = (
                ax + offset * along[0] + shift * across[0],
                ay + offset * along[1] + shift * across[1],
            )
            parts += _space(board, route, centre, along, across, car, space,
                            (look.fill, look.stroke, look.width, look.paint, dash), look.marked)
            space += 1
    bonus = board.route_bonus[route]
    if bonus:  # the "+X" mark beside the track, outside the group, by its longest leg
        (ax, ay), (bx, by), _, _ = legs[room.index(max(room))]
        distance = math.hypot(bx - ax, by - ay) or 1.0
        across = (-(by - ay) / distance, (bx - ax) / distance)
        side = shift + (CAR_WIDTH if shift >= 0 else -CAR_WIDTH)
        x = (ax + bx) / 2 + side * across[0]
        y = (ay + by) / 2 + side * across[1]
        parts.append(
            f'<text class="bonus" x="{x:.1f}" y="{y + 3:.1f}" font-size="8" '
            f'font-weight="bold" text-anchor="middle" fill="#1b2a4a" stroke="#f3ead3" '
            f'stroke-width="2" paint-order="stroke">+{bonus}</text>'
        )
    parts.append("</g>")
    return parts


def _space(
    board: Board, route: int, centre: Point, along: Point, across: Point, car: float,
    space: int, look: tuple[str, str, str, str, str], claimed: bool,
) -> list[str]:
    """Space number `space` of `route` (counted from its first city): a car, or an oval at
    sea, with the marks that space carries (doubled, a ferry's Locomotive, goods)."""
    fill, stroke, width, opacity, dash = look
    breadth = CAR_WIDTH + 2 if claimed else CAR_WIDTH
    parts = []
    if board.route_kind[route] == SEA:  # a sea space is an oval
        angle = math.degrees(math.atan2(along[1], along[0]))
        parts.append(
            f'<ellipse cx="{centre[0]:.1f}" cy="{centre[1]:.1f}" rx="{car / 2:.1f}" '
            f'ry="{breadth / 2:.1f}" transform="rotate({angle:.0f} {centre[0]:.1f} '
            f'{centre[1]:.1f})" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"{opacity}/>'
        )
    else:
        parts.append(
            f'<polygon points="{_car(centre, along, across, car, breadth)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"{opacity}{dash}/>'
        )
    if space < board.route_doubled[route]:  # the doubling symbol: a bar across the space
        hx, hy = across[0] * breadth / 2, across[1] * breadth / 2
        parts.append(
            f'<line class="doubled" x1="{centre[0] - hx:.1f}" y1="{centre[1] - hy:.1f}" '
            f'x2="{centre[0] + hx:.1f}" y2="{centre[1] + hy:.1f}" stroke="#222" '
            'stroke-width="1.5"/>'
        )
    if board.route_kind[route] == FERRY and space < board.route_locomotives[route] \
            and not claimed:
        parts.append(f'<circle cx="{centre[0]:.1f}" cy="{centre[1]:.1f}" r="1.8" fill="#222"/>')
    if board.route_goods[route]:  # the goods symbol of the board, a crate on each space
        parts.append(
            f'<rect class="goods" x="{centre[0] - 1.6:.1f}" y="{centre[1] - 1.6:.1f}" '
            f'width="3.2" height="3.2" fill="#6b4a1e" stroke="#f3ead3" '
            f'stroke-width="0.5"/>'
        )
    return parts


#: the city labels' font size, and the width of one of its letters, about (DejaVu Sans)
LABEL_SIZE = 10
LETTER = 0.6 * LABEL_SIZE


def _printed_name(board: Board, city: int) -> bool:
    """Whether the printed board names the place: on a board laid out by ``x`` and ``y``,
    a place no atlas places (no latitude) is a marker the board leaves unnamed (Northern
    Lights' three flags, World's star in the Indian Ocean). Its circle is drawn without
    a label, as on the board; its descriptive name stays in the circle's tooltip."""
    data = board.map
    return data.board_size is None or data.cities[city].lat is not None


def _label_place(name: str, x: float, y: float) -> Point:
    """Where a city's label goes: above its circle, moved sideways to stay inside the map
    area, and below the circle when there is no room above it."""
    half = len(name) * LETTER / 2 + 2
    lx = min(max(x, half), MAP_WIDTH - half)
    above = y - CITY_RADIUS - 3
    return lx, (above if above >= LABEL_SIZE + 2 else y + CITY_RADIUS + LABEL_SIZE + 1)


def _cities(
    board: Board,
    place: list[Point],
    station_owner: list[int | None],
    harbor_owner: list[int | None] | None,
) -> list[str]:
    """The cities, with the stations and harbors built in them (by their owners)."""
    parts = ['<g class="cities">']
    for city, (x, y) in enumerate(place):
        owner = station_owner[city]
        parts.append(
            f'<g class="city" data-city={quoteattr(board.city_ids[city])}>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CITY_RADIUS}" fill="#fffaf0" '
            f'stroke="#5b3a1a" stroke-width="1.5"/>'
            f"<title>{escape(board.city_names[city])}</title>"
        )
        if _printed_name(board, city):
            lx, ly = _label_place(board.city_names[city], x, y)
            parts.append(
                f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="{LABEL_SIZE}" '
                f'text-anchor="middle" fill="#2b1d0e" stroke="#f3ead3" stroke-width="2.5" '
                f'paint-order="stroke">{escape(board.city_names[city])}</text>'
            )
        if board.city_harbor[city]:
            harbor = None if harbor_owner is None else harbor_owner[city]
            if harbor is None:
                parts.append(
                    f'<text class="port" x="{x - CITY_RADIUS - 9:.1f}" y="{y + 4:.1f}" '
                    'font-size="9" fill="#1f4e79">&#9875;</text>'
                )
            else:
                parts.append(
                    f'<rect class="harbor" data-owner="{harbor}" x="{x - CITY_RADIUS - 10:.1f}" '
                    f'y="{y - 4:.1f}" width="8" height="8" '
                    f'fill="{SEAT_FILL[harbor % len(SEAT_FILL)]}" stroke="#111"/>'
                )
        if owner is not None:
            sx, sy = x + CITY_RADIUS + 1, y + 1
            house = (
                f"{sx:.1f},{sy + 7:.1f} {sx:.1f},{sy + 2:.1f} {sx + 4:.1f},{sy - 2:.1f} "
                f"{sx + 8:.1f},{sy + 2:.1f} {sx + 8:.1f},{sy + 7:.1f}"
            )
            parts.append(
                f'<polygon class="station" data-owner="{owner}" points="{house}" '
                f'fill="{SEAT_FILL[owner % len(SEAT_FILL)]}" stroke="#111" stroke-width="1"/>'
            )
        parts.append("</g>")
    parts.append("</g>")
    return parts


def _card_fill(board: Board, card: str) -> str:
    """A card kind's fill by its colour (wilds as the Locomotive)."""
    colour = board.card_colour[board.card_at[card]]
    return CARD_FILL["locomotive"] if colour < 0 else CARD_FILL.get(board.colours[colour], "#ccc")


def _count(number: int, noun: str) -> str:
    """``1 station``, ``2 stations``: a number of things in plain English."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _text(x: float, y: float, text: str, size: int = 13, weight: str = "normal") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" '
        f'fill="#2b1d0e">{escape(text)}</text>'
    )


#: the side panel's room for a line of text, and the width of a bold letter, about
PANEL_TEXT = WIDTH - MAP_WIDTH - 40
BOLD_LETTER = 0.58


def _title_lines(title: str) -> list[tuple[str, int]]:
    """The map's title in the panel, each line with its font size: one line while it fits
    at 15 or more, else broken after its colon ("Ticket to Ride:" above the map's own
    name), each line as large as fits (20 at most, never below 14)."""
    def fitted(line: str) -> int:
        return max(14, min(20, int(PANEL_TEXT / (BOLD_LETTER * max(len(line), 1)))))

    head, colon, rest = title.partition(": ")
    if fitted(title) >= 15 or not colon:
        return [(title, fitted(title))]
    return [(head + ":", fitted(head + ":")), (rest, fitted(rest))]


def _seats(seats: list[int]) -> str:
    """Seats in words: "nobody", "seat 2", "seats 0, 3"."""
    if not seats:
        return "nobody"
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def _panel(board: Board, view: PublicView) -> tuple[list[str], int]:
    """The side panel, and how far down it reaches."""
    x = MAP_WIDTH + 20
    y = 40
    acting = ", ".join(f"seat {s}" for s in view.to_act) or "nobody"
    parts = ['<g class="panel">']
    for line, size in _title_lines(board.title):
        parts.append(_text(x, y, line, size, "bold"))
        y += 24
    y -= 24
    variant = board.map.variants.get(view.variant)
    parts += [
        _text(x, y + 24, f"Variant: {view.variant if variant is None else variant.title}"),
        _text(x, y + 44, f"Turn {view.turn} · to act: {acting}"),
        _text(x, y + 64, f"Waiting for: {(view.pending or 'a move').replace('-', ' ')}"
              if view.status == "active" else "The game has ended"),
        _text(x, y + 96, "Face-up cards", 14, "bold"),
    ]
    for slot, card in enumerate(view.display):
        fill = "none" if card is None else CARD_FILL.get(card, _card_fill(board, card))
        parts.append(
            f'<rect class="face-up" data-card="{card or ""}" x="{x + slot * 46}" y="{y + 106}" '
            f'width="38" height="56" rx="4" fill="{fill}" stroke="#333"/>'
        )
    parts += [
        _text(x, y + 186, f"Draw pile {view.draw_pile} · discards {view.discard_pile}"),
        _text(x, y + 206, f"Tickets left {view.ticket_pile}"
              + ("" if view.goods_pile is None else f" · goods cards left {view.goods_pile}")),
    ]
    if view.goals:  # the goal cards in play, and who won each once the game has ended
        parts.append(_text(x, y + 240, "Goal cards", 14, "bold"))
        for goal in view.goals:  # who won it on a line of its own: five seats are long
            y += 16
            won = "" if goal.winners is None else _text(
                x + 10, y + 258, "won by " + _seats(goal.winners), 11)
            parts.append(
                f'<g class="goal" data-goal={quoteattr(goal.id)}>'
                + _text(x, y + 244, f"{goal.name} ({goal.points})", 12) + won + "</g>"
            )
            y += 14 if won else 0
        y += 32
    parts.append(_text(x, y + 240, "Seats", 14, "bold"))
    y += 262
    stations = 0 if board.map.features.stations is None else board.map.features.stations.count
    for seat in view.seats:
        fill = SEAT_FILL[seat.seat % len(SEAT_FILL)]
        score = seat.score if view.result is None else view.result.scores[seat.seat]
        routes = "" if view.result is None else f" · {seat.score} from routes"
        parts += [
            f'<g class="seat" data-seat="{seat.seat}" data-score="{score}">',
            f'<rect x="{x}" y="{y - 12}" width="14" height="14" fill="{fill}" stroke="#111"/>',
            _text(x + 22, y, f"Seat {seat.seat}: {_count(score, 'point')}", 14, "bold"),
            _text(x + 22, y + 18, _count(seat.trains, "train")
                  + (f" · {_count(seat.stations, 'station')}" if stations else "") + routes
                  + ("" if seat.goods is None else f" · {seat.goods} goods"), 12),
            _text(x + 22, y + 34, f"{_count(seat.cards, 'card')} · "
                  f"{_count(seat.tickets, 'ticket')}"
                  + (" · choosing tickets" if seat.choosing_tickets else ""), 12),
            "</g>",
        ]
        y += 56
    if view.result is not None:
        winners = ", ".join(f"seat {s}" for s in view.result.winners)
        parts.append(_text(x, y + 10, f"Won by {winners}", 15, "bold"))
        y += 10
    parts.append("</g>")
    return parts, int(y) + 20
