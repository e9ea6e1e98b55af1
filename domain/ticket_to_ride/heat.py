"""A map's board with each route shaded by how often it was claimed: the claims heat map.

Drawn with the board picture's own layout and routes (`picture`), from counts
only (how many of the games counted claimed each route), so it shows nothing
of any one game. A route's shade runs from pale yellow (never claimed) through
orange to deep red (claimed in every game); each route carries its count and
share as ``data-claimed`` and ``data-share`` and says them in its title, and a
legend in the side panel gives the scale.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.ticket_to_ride.hooks import Engine
from domain.ticket_to_ride.picture import (
    MAP_WIDTH,
    Look,
    _cities,
    _opening,
    _projection,
    _routes,
    _text,
)

#: the shade of a share of 0, 1/2 and 1 (ColorBrewer's YlOrRd ends and middle)
RAMP = ((0xFF, 0xFF, 0xCC), (0xFD, 0x8D, 0x3C), (0xBD, 0x00, 0x26))
#: the legend's steps
LEGEND_STEPS = 5


def claims_svg(engine: Engine, claimed: Mapping[int, int], games: int) -> str:
    """The board with each route shaded by ``claimed[route] / games`` (0 without games)."""
    board = engine.board
    place, period = _projection(board)
    parts = _opening(board, f"{board.title}: routes claimed in {_games(games)}")
    looks = [_look(claimed.get(route, 0), games) for route in range(len(board.route_a))]
    parts += _routes(board, looks, place, period)
    parts += _cities(board, place, [None] * len(board.city_names), None)
    parts += _legend(board.title, games)
    parts.append("</svg>")
    return "\n".join(parts)


def shade(share: float) -> str:
    """The colour of a share between 0 and 1, on `RAMP`."""
    share = min(max(share, 0.0), 1.0)
    low, high, at = (RAMP[0], RAMP[1], share * 2) if share <= 0.5 else (
        RAMP[1], RAMP[2], share * 2 - 1)
    return "#" + "".join(f"{round(a + (b - a) * at):02x}" for a, b in zip(low, high, strict=True))


def _look(count: int, games: int) -> Look:
    share = count / games if games else 0.0
    return Look(shade(share), "#5b3a1a", "0.6", "", False, "heat",
                f' data-claimed="{count}" data-share="{share:.4f}"',
                f", claimed in {count} of {_games(games)}")


def _games(games: int) -> str:
    return "1 game" if games == 1 else f"{games} games"


def _legend(title: str, games: int) -> list[str]:
    x = MAP_WIDTH + 20
    parts = ['<g class="legend">', _text(x, 40, title, 18, "bold"),
             _text(x, 66, f"Routes claimed in {_games(games)}")]
    for step in range(LEGEND_STEPS):
        share = step / (LEGEND_STEPS - 1)
        y = 90 + step * 26
        parts.append(f'<rect x="{x}" y="{y}" width="36" height="16" fill="{shade(share)}" '
                     'stroke="#5b3a1a" stroke-width="0.6"/>')
        parts.append(_text(x + 46, y + 13, f"{share:.0%} of the games"))
    parts.append("</g>")
    return parts
