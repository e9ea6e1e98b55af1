"""`GET /games/{id}/board.svg`: a picture of the board, now or at ``?version=N``.

The picture is the game's own presentation (`GameRules.board_svg`), drawn only
from public information, so anyone may ask for it. A game still in the lobby
has no board yet (409 `game-not-started`); a kind that draws no picture answers
404 `no-board-picture`. ``If-None-Match`` with the version's ETag is ``304``.
"""

from __future__ import annotations

from litestar import Controller, Response, get

from service.api.conditional import IfNoneMatch, not_modified, unchanged
from service.api.deps import Store
from service.api.errors import ServiceError
from service.api.params import AtVersion, GameId, etag, version_or_now
from service.api.problems import problems
from service.api.svg import SVG, svg_operation
from service.store.live import LiveGame


class BoardController(Controller):
    path = "/games/{game_id:str}/board.svg"
    tags = ["games"]

    @get(
        sync_to_thread=True,
        media_type=SVG,
        summary="A picture of the board (public information only), now or at ?version=N",
        responses={
            **unchanged("this version"),
            **problems(404, 409, 422),
        },
        operation_class=svg_operation(
            "The board as an SVG image (public information only); ETag is the version shown"),
    )
    def board(
        self, game_id: GameId, store: Store, version: AtVersion = None,
        if_none_match: IfNoneMatch = None,
    ) -> Response[bytes]:
        def picture(live: LiveGame, _: int | None) -> Response[bytes]:
            at = version_or_now(live, version)
            state = live.state_at(at)
            draw = getattr(live.rules, "board_svg", None)
            if state is None:
                raise ServiceError(409, "game-not-started",
                                   "the board is dealt when the game starts")
            if draw is None:
                raise ServiceError(404, "no-board-picture",
                                   f"the kind {live.kind!r} draws no board picture")
            if not_modified(if_none_match, etag(at)["ETag"]):
                return Response(b"", status_code=304, media_type=SVG, headers=etag(at))
            drawn: str = draw(state)
            return Response(drawn.encode(), media_type=SVG, headers=etag(at))

        return store.read(game_id, picture)
