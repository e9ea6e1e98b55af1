"""The material resource: the fixed components that the numbers in views and commands name.

A view says ``route_owner[17] == 2`` and a command ``{"type": "claim-route",
"route": 17}``; the material says what route 17 is (its cities, length,
colour, kind). It depends only on the game's kind and setup, never on the
seed, so it is public, the same for a game in the lobby as after its end, and
cacheable: the ETag is a hash of the content (strong), and ``If-None-Match``
with it gives 304.

* ``GET /games/{id}/material``: the material of that game's setup.
* ``GET /kinds/{kind}/maps/{map}/variants/{variant}/material?seats=`` (a kind with
  maps), ``GET /kinds/{kind}/variants/{variant}/material?seats=`` (a variant of a kind
  without maps) and ``GET /kinds/{kind}/material?seats=`` (its defaults): the same
  without a game, for bot authors; a setup the kind refuses is a 422 ``bad-setup``
  problem. The paths name the map and variant so that the API description can give
  each its own seat range (`service.api.setups.material_operations`); the last path
  also takes ``?map=&variant=`` as query parameters, as it always has.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from functools import lru_cache
from typing import Annotated, Any, cast

import msgspec
from litestar import Controller, Response, get
from litestar.params import FromPath, HeaderParameter, QueryParameter

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup
from service.api.conditional import unchanged
from service.api.deps import Store
from service.api.errors import ServiceError
from service.api.params import GameId
from service.api.problems import problems
from service.store.games import GameStore


class GameMaterial(msgspec.Struct, frozen=True):
    """The fixed components of `kind` set up as `setup`; ``material`` is the kind's own."""

    kind: str
    setup: Setup
    material: Any


#: a game's material never changes while the server runs; a day, then revalidate by ETag
GAME_CACHE = "public, max-age=86400, immutable"
KIND_CACHE = "public, max-age=86400"

IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(name="If-None-Match", description="The ETag of a material the client holds"),
]
MapName = Annotated[
    str | None,
    QueryParameter(max_length=64, pattern="^[a-z0-9-]+$", description="A map of the kind"),
]
KindName = FromPath[Annotated[str, msgspec.Meta(description="A kind from GET /kinds")]]
Seats = Annotated[int, QueryParameter(ge=1, le=64, description="The number of players")]
VariantName = Annotated[
    str | None,
    QueryParameter(max_length=64, pattern="^[a-z0-9-]+$", description="A variant, if any"),
]


@lru_cache(maxsize=256)
def _material(rules: Hashable, kind: str, setup_json: bytes) -> tuple[bytes, str]:
    """The encoded `GameMaterial` and its strong ETag (a hash of those bytes).

    Cached by the rules object (hashed by identity), the kind and the setup's JSON.
    """
    setup = msgspec.json.decode(setup_json, type=Setup)
    game_rules = cast(GameRules[Any, Any, Any], rules)
    try:
        if setup.rules_version is None:  # a kind's material: the current rules, as a new game's
            setup = msgspec.structs.replace(setup, rules_version=game_rules.rules_version(setup))
        content = game_rules.material(setup)
    except RuleViolation as violation:
        raise ServiceError(
            422, "bad-setup", violation.message, section=violation.section or None,
            known=violation.known,
        ) from None
    body = msgspec.json.encode(GameMaterial(kind, setup, content))
    return body, f'"m-{hashlib.sha256(body).hexdigest()[:32]}"'


def _answer(
    rules: GameRules[Any, Any, Any],
    kind: str,
    setup: Setup,
    if_none_match: str | None,
    cache_control: str,
) -> Response[GameMaterial]:
    if getattr(rules, "material", None) is None:
        raise ServiceError(404, "no-material", f"the kind {kind!r} publishes no material")
    body, tag = _material(cast(Hashable, rules), kind, msgspec.json.encode(setup))
    headers = {"ETag": tag, "Cache-Control": cache_control}
    if if_none_match is not None and tag in if_none_match:
        return Response(None, status_code=304, headers=headers)  # type: ignore[arg-type]
    return Response(body, media_type="application/json", headers=headers)  # type: ignore[arg-type]


_NOT_MODIFIED = unchanged("this ETag")


class MaterialController(Controller):
    path = "/"
    tags = ["material"]

    @get(
        "/games/{game_id:str}/material",
        sync_to_thread=True,
        summary="The game's fixed components (board, routes, tickets, characters...): "
        "what the indices and ids in its views and commands mean",
        responses={**_NOT_MODIFIED, **problems(404, 422)},
    )
    def game_material(
        self, game_id: GameId, store: Store, if_none_match: IfNoneMatch = None
    ) -> Response[GameMaterial]:
        rules, kind, setup = store.read(game_id, lambda live, _: (live.rules, live.kind,
                                                                   live.setup))
        return _answer(rules, kind, setup, if_none_match, GAME_CACHE)

    @get(
        "/kinds/{kind:str}/material",
        sync_to_thread=False,  # no store, no lock: the kind's material, cached
        summary="A kind's fixed components for a setup, without a game (for bot authors)",
        responses={**_NOT_MODIFIED, **problems(404, 422)},
    )
    def kind_material(
        self,
        kind: KindName,
        store: Store,
        seats: Seats,
        map: MapName = None,
        variant: VariantName = None,
        if_none_match: IfNoneMatch = None,
    ) -> Response[GameMaterial]:
        return _kind_answer(store, kind, Setup(seats=seats, map=map, variant=variant),
                            if_none_match)

    @get(
        "/kinds/{kind:str}/maps/{map:str}/variants/{variant:str}/material",
        sync_to_thread=False,
        summary="The fixed components of one map and variant, without a game",
        responses={**_NOT_MODIFIED, **problems(404, 422)},
    )
    def map_material(
        self,
        kind: KindName,
        map: FromPath[str],
        variant: FromPath[str],
        store: Store,
        seats: Seats,
        if_none_match: IfNoneMatch = None,
    ) -> Response[GameMaterial]:
        return _kind_answer(store, kind, Setup(seats=seats, map=map, variant=variant),
                            if_none_match)

    @get(
        "/kinds/{kind:str}/variants/{variant:str}/material",
        sync_to_thread=False,
        summary="The fixed components of a variant of a kind without maps, without a game",
        responses={**_NOT_MODIFIED, **problems(404, 422)},
    )
    def variant_material(
        self,
        kind: KindName,
        variant: FromPath[str],
        store: Store,
        seats: Seats,
        if_none_match: IfNoneMatch = None,
    ) -> Response[GameMaterial]:
        return _kind_answer(store, kind, Setup(seats=seats, variant=variant), if_none_match)


def _kind_answer(
    store: GameStore, kind: str, setup: Setup, if_none_match: str | None
) -> Response[GameMaterial]:
    """The material of `kind` set up as `setup` (its defaults filled in)."""
    rules = store.kinds.get(kind)
    if rules is None:
        raise ServiceError(404, "unknown-kind", f"no game kind {kind!r}; see GET /kinds",
                           known=sorted(store.kinds))
    return _answer(rules, kind, rules.descriptor.resolved(setup), if_none_match, KIND_CACHE)
