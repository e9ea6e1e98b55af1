"""`GET /kinds`: the game kinds this server hosts, as their rules describe themselves."""

from __future__ import annotations

from litestar import Controller, get

from domain.kernel.protocol import KindDescriptor
from service.api.deps import Store


class KindsController(Controller):
    path = "/kinds"
    tags = ["kinds"]

    @get(sync_to_thread=False, summary="The game kinds, maps, variants, seat counts and options")
    def list_kinds(self, store: Store) -> list[KindDescriptor]:
        return [rules.descriptor for rules in store.kinds.values()]
