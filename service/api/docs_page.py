"""The docs UI at ``/schema``: Scalar, served from this package, pinned by hash.

litestar's `ScalarRenderPlugin` loads Scalar from a CDN (``@latest``, no
integrity hash) and a stylesheet and icon from elsewhere: unpinned, and blank on
a machine without the internet. `OfflineScalar` renders the same page from
assets this server serves itself (``/schema/assets/``): one vendored, pinned
build of ``@scalar/api-reference`` (``docs_assets/README.md`` says where it comes
from), checked against `SCALAR_SHA256` when first served and loaded with a
subresource-integrity hash, with Scalar's web fonts turned off (they come from
Scalar's servers). Nothing on the page is fetched from anywhere else.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib.resources import files
from typing import Any

import msgspec
from litestar import Request, Response, get
from litestar.openapi.plugins import ScalarRenderPlugin

SCALAR_VERSION = "1.72.1"
SCALAR_FILE = f"scalar-api-reference-{SCALAR_VERSION}.js"
SCALAR_SHA256 = "bf091006bdc3af6067af77c2f534812e3e633e94a94e87138069f570f33b762c"
ASSETS_PATH = "/schema/assets"
#: Scalar's configuration: nothing that needs a service elsewhere. No web fonts (fetched
#: from Scalar's servers), no telemetry; no "Ask AI" agent, no MCP buttons ("Generate MCP",
#: "VS Code", "Cursor"), no developer tools bar ("Configure", "Share", "Deploy": Scalar's
#: hosting) and no button opening the request in Scalar's web client.
SCALAR_OPTIONS: dict[str, object] = {
    "withDefaultFonts": False,
    "telemetry": False,
    "agent": {"disabled": True},
    "mcp": {"disabled": True},
    "showDeveloperTools": "never",
    "hideClientButton": True,
}


@cache
def scalar_bundle() -> bytes:
    """The vendored Scalar build, refused if it is not the one pinned."""
    data = (files("service.api") / "docs_assets" / SCALAR_FILE).read_bytes()
    found = hashlib.sha256(data).hexdigest()
    if found != SCALAR_SHA256:
        raise RuntimeError(f"{SCALAR_FILE} has SHA-256 {found}, not the pinned {SCALAR_SHA256}")
    return data


def integrity(data: bytes) -> str:
    """The subresource-integrity value of `data` (SHA-384, as browsers check it)."""
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode()


class OfflineScalar(ScalarRenderPlugin):
    """Scalar's page with its script from this server, pinned, and nothing from elsewhere."""

    def __init__(self) -> None:
        super().__init__(js_url=f"{ASSETS_PATH}/{SCALAR_FILE}", options=SCALAR_OPTIONS)

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        title = openapi_schema["info"]["title"]
        configuration = msgspec.json.encode(SCALAR_OPTIONS).decode()
        return f"""<!DOCTYPE html>
<html>
  <head>
    <title>{title}</title>
    <meta charset="utf-8"/>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
  </head>
  <body>
    <noscript>The API reference needs JavaScript; the document is at
      <a href="{self.get_openapi_json_route(request)}">openapi.json</a>.</noscript>
    <script id="api-reference" data-url="{self.get_openapi_json_route(request)}"
            data-configuration='{configuration}'></script>
    <script src="{self.js_url}" integrity="{integrity(scalar_bundle())}"></script>
  </body>
</html>
""".encode()


@get(f"{ASSETS_PATH}/{SCALAR_FILE}", include_in_schema=False, sync_to_thread=False)
def scalar_asset() -> Response[bytes]:
    """The vendored Scalar build: immutable (its name holds its version)."""
    return Response(scalar_bundle(), media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "public, max-age=31536000, immutable"})
