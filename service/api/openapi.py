"""The OpenAPI 3.1 document, made exact for strict clients and fuzzers."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.openapi.config import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, ScalarRenderPlugin

from service.store.games import GameStore


def fix_document(document: dict[str, Any], store: GameStore) -> dict[str, Any]:
    return document


class ExactJsonRenderPlugin(JsonRenderPlugin):
    """Serves `fix_document` of litestar's generated document."""

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, fix_document(openapi_schema, self.store))


def openapi_config(store: GameStore) -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Roundhouse",
        version="1.0.0",
        description="Event-sourced game server for train board games.",
        path="/schema",
        create_examples=False,
        render_plugins=[ScalarRenderPlugin(), ExactJsonRenderPlugin(store)],
    )
