"""The score chart: each seat's score over a finished game, as a small SVG line chart.

Drawn by the server from the statistics' score points (`kernel.statistics.ScorePoint`),
so the watch page needs no charting code and no external asset: one self-contained
SVG document with no script and no style sheet, safe under the pages'
Content-Security-Policy whether shown inline or as an image. The x axis counts the
game's records (every score change falls on one), the y axis the score; a seat's
score is a step line (it holds until the record that changes it), with
``data-seat`` and a ``<title>`` giving its name and final score, repeated in the
legend. Player names are the players' own words: they are escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from xml.sax.saxutils import escape, quoteattr

from domain.kernel.statistics import ScorePoint

WIDTH, HEIGHT = 480, 260
#: the plot area inside the margins (left for the score labels, below for the axis)
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 40
#: one colour a seat, distinct enough side by side (seat order)
SEAT_LINES = ("#c0392b", "#1f5fbf", "#1e8449", "#b7950b", "#6c3483", "#117a8b")


def _ticks(low: int, high: int) -> list[int]:
    """A few round values from `low` to `high` for the y axis labels, 0 among them when
    it lies between."""
    span = max(high - low, 1)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000,
                            10_000) if span / s <= 6) if span <= 60_000 else span // 5
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def score_chart(points: Sequence[ScorePoint], names: Sequence[str], unit: str) -> str:
    """The chart of `points` (the first at the start, the last the final scores) with a
    line per seat named by `names` (index = seat); `unit` says what a score counts."""
    seats = len(names)
    last = max((p.version for p in points), default=1) or 1
    values = [s for p in points for s in p.scores] or [0]
    low, high = min(0, *values), max(1, *values)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(version: int) -> float:
        return round(LEFT + plot_w * version / last, 1)

    def y(score: int) -> float:
        return round(TOP + plot_h * (high - score) / (high - low), 1)

    finals = points[-1].scores if points else [0] * seats
    label = "; ".join(f"{name}: {score} {unit}" for name, score in zip(names, finals,
                                                                      strict=True))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" class="score-chart" '
        f'aria-label={quoteattr(f"Scores over the game. Final: {label}")}>',
        f"<title>{escape(f'Scores over the game ({unit})')}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    for tick in _ticks(low, high):
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick)}" y2="{y(tick)}" '
                     f'stroke="{"#888888" if tick == 0 else "#e0e0e0"}" stroke-width="1"/>')
        parts.append(f'<text x="{LEFT - 4}" y="{y(tick) + 4}" font-size="11" '
                     f'text-anchor="end" fill="#333333">{tick}</text>')
    axis_y = TOP + plot_h + 14
    parts.append(f'<text x="{LEFT}" y="{axis_y}" font-size="11" fill="#333333">0</text>')
    parts.append(f'<text x="{WIDTH - RIGHT}" y="{axis_y}" font-size="11" text-anchor="end" '
                 f'fill="#333333">record {last}</text>')
    for seat, name in enumerate(names):
        colour = SEAT_LINES[seat % len(SEAT_LINES)]
        # a score holds until the record that changes it: steps, not slopes
        corners = [(points[0].version, points[0].scores[seat])] if points else []
        for before, point in pairwise(points):
            corners += [(point.version, before.scores[seat]), (point.version, point.scores[seat])]
        line = " ".join(f"{x(v)},{y(score)}" for v, score in corners)
        parts.append(
            f'<polyline class="seat-line" data-seat="{seat}" data-final="{finals[seat]}" '
            f'fill="none" stroke="{colour}" stroke-width="2" points="{line}">'
            f"<title>{escape(f'{name}: {finals[seat]} {unit}')}</title></polyline>")
        key_x = LEFT + seat * (plot_w // max(seats, 1))
        parts.append(f'<rect x="{key_x}" y="{HEIGHT - 16}" width="10" height="10" '
                     f'fill="{colour}"/>')
        parts.append(f'<text x="{key_x + 14}" y="{HEIGHT - 7}" font-size="11" '
                     f'fill="#111111">{escape(f"{name[:14]} {finals[seat]}")}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
