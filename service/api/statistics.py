"""`GET /statistics` and `GET /statistics/board.svg`: the figures across finished games.

Both read the statistics projection's view (`service.statistics`), which every
process shares through the store's database, whichever process advances it.
Only finished, listed games are counted, so nothing here was ever hidden.
A kind, map or variant this server does not host is ``404``; a seat count no
game of the kind has is a filter like any other, that counts no game. The heat
map exists for a kind whose rules draw one (Ticket to Ride): another kind is
``404 no-board-picture``. Both answers carry an
``ETag`` naming the projection's version and the place in the log the figures
include; ``If-None-Match`` with it is ``304``.
"""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Response, get
from litestar.params import QueryParameter

from domain.kernel.protocol import GameRules, Setup
from service.api.conditional import IfNoneMatch, not_modified, unchanged
from service.api.deps import Statistics, Store
from service.api.errors import ServiceError
from service.api.material import MapName, VariantName
from service.api.problems import problems
from service.api.svg import SVG, svg_operation
from service.statistics.figures import AcrossGames, across_games
from service.statistics.projection import VERSION
from service.statistics.runner import StatisticsRunner
from service.statistics.view import Filter
from service.store.games import GameStore

#: the picture needs nothing from anywhere, not even itself: no script, style sheet or font
PICTURE_HEADERS = {"Content-Security-Policy": "default-src 'none'",
                   "X-Content-Type-Options": "nosniff"}

KindName = Annotated[str, QueryParameter(max_length=64, description="A kind from GET /kinds")]
Seats = Annotated[int | None, QueryParameter(
    ge=1, le=64, description="Only games with this many seats")]
Bots = Annotated[bool, QueryParameter(
    description="Whether to count games between bots (every seat a bot)")]


def _filter(store: GameStore, kind: str, map: str | None, variant: str | None,
            seats: int | None, bots: bool) -> tuple[GameRules[Any, Any, Any], Filter]:
    """The kind's rules and the query, or the refusal naming what is not hosted."""
    rules = store.kinds.get(kind)
    if rules is None:
        raise ServiceError(404, "unknown-kind", f"no game kind {kind!r}; see GET /kinds",
                           known=sorted(store.kinds))
    descriptor = rules.descriptor
    maps = {m.id: m for m in descriptor.maps}
    if map is not None and map not in maps:
        raise ServiceError(404, "unknown-map", f"{kind} has no map {map!r}; see GET /kinds",
                           known=sorted(maps))
    variants = {v.id for m in maps.values() if map in (None, m.id) for v in m.variants}
    variants |= {v.id for v in descriptor.variants}
    if variant is not None and variant not in variants:
        raise ServiceError(404, "unknown-variant", f"no variant {variant!r} here; "
                           "see GET /kinds", known=sorted(variants))
    return rules, Filter(kind, map, variant, seats, bots)


def figures(runner: StatisticsRunner, query: Filter) -> AcrossGames:
    """The figures of `query`, as the view holds them now."""
    view = runner.view
    position = view.position() or 0  # first: the totals read next are at least as new
    return across_games(query, view.totals(query), len(view.held(query.kind)), position)


def tag(found: AcrossGames) -> dict[str, str]:
    """The ``ETag`` of figures: the projection's version and the place in the log they
    include (the same records always give the same figures, rebuilt or not)."""
    return {"ETag": f'"statistics-v{VERSION}-{found.position}"'}


NOT_MODIFIED = unchanged("the figures as they stand")


class StatisticsController(Controller):
    path = "/statistics"
    tags = ["statistics"]

    @get(sync_to_thread=True, summary="Figures across finished, listed games of a kind, "
         "per map, variant and seat count", responses={**NOT_MODIFIED, **problems(404, 422)})
    def across(
        self, store: Store, statistics: Statistics, kind: KindName, map: MapName = None,
        variant: VariantName = None, seats: Seats = None, bots: Bots = True,
        if_none_match: IfNoneMatch = None,
    ) -> Response[AcrossGames]:
        _, query = _filter(store, kind, map, variant, seats, bots)
        found = figures(statistics, query)
        if not_modified(if_none_match, tag(found)["ETag"]):
            return Response(None, status_code=304, headers=tag(found))  # type: ignore[arg-type]
        return Response(found, headers=tag(found))

    @get("/board.svg", sync_to_thread=True, media_type=SVG,
         summary="A map's board, each route shaded by how often it is claimed",
         responses={**NOT_MODIFIED, **problems(404, 422)}, operation_class=svg_operation(
             "The map's board as an SVG image, each route shaded by the share "
             "of the games counted in which it was claimed"))
    def heat(
        self, store: Store, statistics: Statistics, kind: KindName, map: MapName = None,
        variant: VariantName = None, seats: Seats = None, bots: Bots = True,
        if_none_match: IfNoneMatch = None,
    ) -> Response[bytes]:
        rules, query = _filter(store, kind, map, variant, seats, bots)
        draw = getattr(rules, "claims_svg", None)
        if draw is None:
            raise ServiceError(404, "no-board-picture",
                               f"the kind {kind!r} draws no board picture")
        setup = rules.descriptor.resolved(Setup(seats=seats or rules.descriptor.min_seats,
                                                map=map, variant=variant))
        found = figures(statistics, query)
        headers = {**PICTURE_HEADERS, **tag(found)}
        if not_modified(if_none_match, headers["ETag"]):
            return Response(b"", status_code=304, media_type=SVG, headers=headers)
        claimed = {int(c.id): c.counts.get("claimed", 0)
                   for c in found.outcomes.get("route", [])}
        drawn: str = draw(setup, claimed, found.games)
        return Response(drawn.encode(), media_type=SVG, headers=headers)
