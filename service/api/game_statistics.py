"""`GET /games/{id}/statistics` and its score chart, ``/statistics/scores.svg``.

A game's figures per seat and its own, counted from its log
(`service.statistics.game`): anyone may ask, and before the end the figures are
those the public log shows (no hand, ticket or purse value counts); once finished,
all of them and each seat's score over the game, drawn as a line chart by the
server (`service.statistics.chart`). ``ETag`` is the version counted; a game still
in the lobby has none yet (409 `game-not-started`), and a kind that counts none
answers 404 `no-statistics`.
"""

from __future__ import annotations

from litestar import Controller, Response, get

from service.api.conditional import IfNoneMatch, not_modified, unchanged
from service.api.deps import Store
from service.api.errors import ServiceError
from service.api.params import GameId, etag
from service.api.problems import problems
from service.api.svg import SVG, svg_operation
from service.statistics.chart import score_chart
from service.statistics.game import GameStatistics, NoStatistics, game_statistics
from service.store.live import LiveGame


def _counted(live: LiveGame) -> GameStatistics:
    """The game's statistics now, or the problem saying why it has none."""
    if live.state is None:
        raise ServiceError(409, "game-not-started", "a game has statistics once it has started")
    try:
        return game_statistics(live.rules, live.setup, list(live.records), live.state)
    except NoStatistics as error:
        raise ServiceError(404, "no-statistics", str(error)) from None


class GameStatisticsController(Controller):
    path = "/games/{game_id:str}/statistics"
    tags = ["statistics"]

    @get(
        sync_to_thread=True,
        summary="A game's statistics: public figures while it runs, all of them once finished",
        responses={
            **unchanged("this version"),
            **problems(404, 409, 422),
        },
    )
    def statistics(
        self, game_id: GameId, store: Store, if_none_match: IfNoneMatch = None,
    ) -> Response[GameStatistics]:
        def counted(live: LiveGame, _: int | None) -> Response[GameStatistics]:
            tag = etag(live.version)
            if live.state is not None and not_modified(if_none_match, tag["ETag"]):
                return Response(None, status_code=304, headers=tag)  # type: ignore[arg-type]
            return Response(_counted(live), headers=tag)

        return store.read(game_id, counted)

    @get(
        "/scores.svg",
        sync_to_thread=True,
        media_type=SVG,
        summary="Each seat's score over a finished game, as an SVG line chart",
        responses={
            **unchanged("this version"),
            **problems(404, 409, 422),
        },
        operation_class=svg_operation(
            "Each seat's score over the finished game as an SVG line chart; "
            "ETag is the version counted"),
    )
    def scores(
        self, game_id: GameId, store: Store, if_none_match: IfNoneMatch = None,
    ) -> Response[bytes]:
        def drawn(live: LiveGame, _: int | None) -> Response[bytes]:
            tag = etag(live.version)
            if live.status != "finished":
                raise ServiceError(409, "game-not-finished",
                                   "the score chart is drawn once the game has finished")
            if not_modified(if_none_match, tag["ETag"]):
                return Response(b"", status_code=304, media_type=SVG, headers=tag)
            counted = _counted(live)
            names = [live.seated.get(s.seat, f"seat {s.seat}") for s in counted.seats]
            return Response(score_chart(counted.scores, names, live.rules.descriptor.score_unit
                                        ).encode(), media_type=SVG, headers=tag)

        return store.read(game_id, drawn)
