"""The games resource: create, join, start, and read a game (public and private views).

Request and response structs sit next to the handlers that use them. Seats act
with bearer tokens (``Authorization: Bearer <token>``) returned once by
`POST /games/{id}/seats`; the creator gets a host token once from `POST /games`
(see `service.api.lobby`); spectators need none.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, delete, get, post
from litestar.params import QueryParameter, RequestBody

from domain.kernel.protocol import Setup, StatusName
from domain.kernel.rng import Seed
from service.api.checks import JSON_BODY
from service.api.conditional import VARY_AUTHORIZATION, IfNoneMatch, not_modified, unchanged
from service.api.deps import Config, Store
from service.api.errors import ServiceError
from service.api.lobby import CURSOR, LobbyPage, SeatChange, lobby_page
from service.api.params import AtVersion, GameId, SeatNumber, bearer, etag, version_or_now
from service.api.problems import problems
from service.api.rate_limits import CREATE, LIMIT
from service.store.clocks import ClockRule, Strategy
from service.store.games import GameStore
from service.store.live import LiveGame
from service.store.opening import Opening
from service.store.recorders import LobbyQuery
from service.views.game_view import PrivateGame, PublicGame, private_game, public_game

#: a map's or a variant's name: never empty (the schema's enums say which names there are)
SetupName = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


class CreateGame(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`POST /games`: what to play, for how many seats, and optional seed entropy."""

    kind: Annotated[str, msgspec.Meta(description="A kind from GET /kinds")]
    seats: Annotated[int, msgspec.Meta(ge=1, le=64, description="The number of players")]
    #: named, or left out for the default; null stands for the default too, where there is
    #: one to stand for (`named_setup`)
    map: SetupName | msgspec.UnsetType | None = msgspec.UNSET
    variant: SetupName | msgspec.UnsetType | None = msgspec.UNSET
    options: dict[str, bool | int | str] = {}
    seed_entropy: Annotated[
        str,
        msgspec.Meta(
            max_length=1024,
            description="Mixed into the server's secret seed, so neither side alone "
            "controls the shuffles",
        ),
    ] | None = None
    seed: Annotated[
        str,
        msgspec.Meta(
            pattern="^[0-9a-f]{64}$",
            description="The whole seed (only if the server allows it); the game "
            "then says seed_chosen_by_client",
        ),
    ] | None = None
    listed: Annotated[
        bool, msgspec.Meta(description="Whether the game appears in the lobby (GET /games)")
    ] = True
    private: Annotated[
        bool,
        msgspec.Meta(description="Joining needs the invite code the answer gives (once)"),
    ] = False
    clock: Annotated[ClockRule, msgspec.Meta(
        description="A turn clock: time per decision and a reserve per seat; a seat out of "
        "time is played by the clock's bot until its player acts again")] | None = None


def named_setup(store: GameStore, data: CreateGame) -> Setup:
    """The setup `data` asks for; refuses a null map or variant where there is no default.

    A kind without maps, or a map without variants, has no default that null could
    stand for: the API description has no such field there, so a client that sends
    one learns it rather than having it ignored.
    """
    rules = store.kinds.get(data.kind)
    map_id = None if isinstance(data.map, msgspec.UnsetType) else data.map
    variant = None if isinstance(data.variant, msgspec.UnsetType) else data.variant
    if rules is not None:
        descriptor = rules.descriptor
        if data.map is None and not descriptor.maps:
            raise ServiceError(422, "bad-setup", f"{descriptor.kind} has no maps: leave map out")
        board = next((m for m in descriptor.maps
                      if m.id == (map_id or descriptor.default_map)), None)
        no_default = board.default_variant is None if board else not descriptor.maps
        if data.variant is None and no_default:
            raise ServiceError(422, "bad-setup", "this setup has no default variant: name "
                               "one or leave variant out")
    return Setup(data.seats, map_id, variant, data.options)


class CreatedGame(PublicGame, frozen=True, kw_only=True):
    """`POST /games`'s answer: the public view, plus what only the creator gets, once."""

    host_token: Annotated[str, msgspec.Meta(
        description="The host's bearer token (not a seat): start the game, free a seat "
        "before the start, reissue a seat's token. Shown this once, stored only as a hash")]
    invite_code: Annotated[str | None, msgspec.Meta(
        description="A private game's invite code, for those you invite; shown this once")
    ] = None


#: a name at the table: shown to everyone, so no control characters (NUL, newlines...)
SeatName = Annotated[str, msgspec.Meta(
    min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$",
    description="The name shown at the table (1-64 characters, no control characters)")]


class JoinSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`POST /games/{id}/seats`: the player's name at the table (and a private game's code)."""

    name: SeatName
    invite_code: Annotated[str, msgspec.Meta(
        max_length=128, description="A private game's invite code")] | None = None


class SeatBot(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`POST /games/{id}/seats/bot`: the host gives the lowest free seat to a bot.

    With no `name`, the bot is named after its strategy, distinct at the table
    ("greedy bot", then "greedy bot 2", ...).
    """

    strategy: Annotated[Strategy, msgspec.Meta(description="The reference bot to play")] = (
        "greedy")
    name: SeatName | None = None


class SeatToken(msgspec.Struct, frozen=True):
    """The seat taken and its bearer token: shown this once, stored only as a hash."""

    id: str
    seat: int
    token: str
    version: int


#: the most games one page of the lobby holds
LOBBY_PAGE_MAX = 100


class GamesController(Controller):
    path = "/games"
    tags = ["games"]

    @get(sync_to_thread=True, summary="The lobby: listed games, newest first",
         responses=problems(422))
    def list_games(
        self,
        store: Store,
        kind: Annotated[str | None, QueryParameter(
            max_length=64, description="Only games of this kind")] = None,
        map: Annotated[str | None, QueryParameter(
            max_length=64, description="Only games on this map")] = None,
        status: Annotated[StatusName | None, QueryParameter(
            description="Only games in this state")] = None,
        open_seats: Annotated[bool, QueryParameter(
            description="Only games in the lobby with a free seat")] = False,
        cursor: Annotated[str | None, QueryParameter(
            schema_extra={"pattern": CURSOR}, description="The `next` of the previous page: "
            "this page holds the games listed after it")] = None,
        limit: Annotated[
            int, QueryParameter(ge=1, le=LOBBY_PAGE_MAX, description="Page size")
        ] = 20,
    ) -> LobbyPage:
        return lobby_page(store, LobbyQuery(kind, map, status, open_seats, None, limit), cursor)

    @post(
        "/{game_id:str}/seats/bot",
        sync_to_thread=True,
        status_code=201,
        summary="The host seats a bot in the lowest free seat; the server plays it",
        responses=problems(401, 403, 404, 409, 413, 415, 422),
        opt=JSON_BODY,
        security=[{"bearer": []}],
    )
    def seat_bot(
        self, game_id: GameId, data: RequestBody[SeatBot], request: Request[Any, Any, Any],
        store: Store,
    ) -> Response[SeatChange]:
        seated = store.join(game_id, data.name, bot=data.strategy, host_token=bearer(request))
        return Response(SeatChange(seated.game_id, seated.seat, seated.version), status_code=201)

    @delete(
        "/{game_id:str}/seats/{seat:int}",
        sync_to_thread=True,
        status_code=200,
        summary="Free a seat before the start: its own token leaves, the host's removes it",
        responses=problems(401, 403, 404, 409),
        security=[{"bearer": []}],
    )
    def free_seat(
        self, game_id: GameId, seat: SeatNumber, request: Request[Any, Any, Any], store: Store
    ) -> Response[SeatChange]:
        stored_id, version = store.leave(game_id, bearer(request), seat)
        return Response(SeatChange(stored_id, seat, version), headers=etag(version))

    @post(
        "/{game_id:str}/seats/{seat:int}/token",
        sync_to_thread=True,
        status_code=201,
        summary="The host reissues a seat's token (shown once); the old token stops working",
        responses=problems(401, 403, 404, 409),
        security=[{"bearer": []}],
    )
    def reissue_token(
        self, game_id: GameId, seat: SeatNumber, request: Request[Any, Any, Any], store: Store
    ) -> Response[SeatToken]:
        seated = store.reissue(game_id, bearer(request), seat)
        return Response(SeatToken(*seated), status_code=201)

    @post(
        sync_to_thread=True,
        summary="Create a game in the lobby",
        description="Rate-limited per client separately from other requests "
        "(`create_limit_per_minute`, README, Limits).",
        responses=problems(403, 413, 415, 422, 429),
        opt={**JSON_BODY, LIMIT: CREATE},
    )
    def create_game(
        self, data: RequestBody[CreateGame], store: Store, settings: Config
    ) -> Response[CreatedGame]:
        seed = None
        if data.seed is not None:
            if not settings.allow_client_seed:
                raise ServiceError(
                    403, "client-seed-not-allowed",
                    "this server does not take a client's seed; send seed_entropy instead",
                )
            seed = Seed.from_hex(data.seed)
        setup = named_setup(store, data)
        host_token = secrets.token_urlsafe(32)
        invite_code = secrets.token_urlsafe(12) if data.private else None
        if data.clock is not None and not (data.clock.move_seconds or data.clock.reserve_seconds):
            raise ServiceError(422, "bad-clock", "a clock needs move_seconds or reserve_seconds")
        game_id = store.create(data.kind, setup, Opening(
            data.seed_entropy, seed, data.listed, host_token, invite_code, data.clock))
        view = store.read(game_id, lambda live, _: public_game(live, 1))
        return Response(
            CreatedGame(**msgspec.structs.asdict(view), host_token=host_token,
                        invite_code=invite_code),
            status_code=201,
            headers={"Location": f"/games/{game_id}", **etag(view.version)},
        )

    @post(
        "/{game_id:str}/seats",
        sync_to_thread=True,
        summary="Take the lowest free seat; the answer holds the seat's token, shown once",
        responses=problems(403, 404, 409, 413, 415, 422),
        opt=JSON_BODY,
    )
    def join(
        self, game_id: GameId, data: RequestBody[JoinSeat], store: Store
    ) -> Response[SeatToken]:
        return Response(SeatToken(*store.join(game_id, data.name, data.invite_code)),
                        status_code=201)

    @post(
        "/{game_id:str}/start",
        sync_to_thread=True,
        status_code=200,
        summary="Deal the opening (every seat taken; the host or any seated player may ask)",
        responses=problems(401, 404, 409),
        security=[{"bearer": []}],
    )
    def start(
        self, game_id: GameId, request: Request[Any, Any, Any], store: Store
    ) -> Response[PublicGame]:
        version = store.start(game_id, bearer(request))
        view = store.read(game_id, lambda live, _: public_game(live, version))
        return Response(view, headers=etag(version))

    @get(
        "/{game_id:str}",
        sync_to_thread=True,
        summary="The public view (no hidden information); ETag is the version",
        responses={
            **unchanged("this version"),
            **problems(404, 422),
        },
    )
    def public(
        self,
        game_id: GameId,
        store: Store,
        version: AtVersion = None,
        if_none_match: IfNoneMatch = None,
    ) -> Response[PublicGame]:
        def answer(live: LiveGame, _: int | None) -> Response[PublicGame]:
            at = version_or_now(live, version)
            if not_modified(if_none_match, etag(at)["ETag"]):
                return Response(None, status_code=304, headers=etag(at))  # type: ignore[arg-type]
            return Response(public_game(live, at), headers=etag(at))

        return store.read(game_id, answer)

    @get(
        "/{game_id:str}/me",
        sync_to_thread=True,
        summary="The bearer seat's private view with its legal moves",
        responses=problems(401, 404, 422),
        security=[{"bearer": []}],
    )
    def me(
        self,
        game_id: GameId,
        request: Request[Any, Any, Any],
        store: Store,
        version: AtVersion = None,
    ) -> Response[PrivateGame]:
        def answer(live: LiveGame, seat: int | None) -> Response[PrivateGame]:
            assert seat is not None
            at = version_or_now(live, version)
            return Response(private_game(live, seat, at),
                            headers={**etag(at), **VARY_AUTHORIZATION})

        return store.read(game_id, answer, bearer(request), seat_needed=True)
