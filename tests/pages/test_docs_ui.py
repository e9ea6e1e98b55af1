"""The docs UI at ``/schema`` in a real browser with no network beyond this server.

Scalar is served from the package (pinned by hash, `service.api.docs_page`), so
the page renders the API reference with every request to anywhere but
127.0.0.1 refused, asks nowhere else, and shows no control that needs a service
elsewhere ("Ask AI", "Deploy"...).
"""

from __future__ import annotations

import hashlib
from typing import Any

import httpx

from service.api.docs_page import SCALAR_FILE, SCALAR_SHA256, integrity, scalar_bundle

#: the labels of Scalar's controls that need a service elsewhere (Scalar's AI agent, MCP
#: generator, hosting and web client), none of which the page may show
OUTSIDE = {"Ask AI", "Generate MCP", "VS Code", "Cursor", "Developer Tools", "Configure",
           "Share", "Deploy", "Open API Client", "Open in API Client"}


def test_the_docs_ui_renders_offline(browser: Any, server: str) -> None:
    document = httpx.get(f"{server}/schema/openapi.json", timeout=10).json()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    elsewhere: list[str] = []

    def only_this_server(route: Any) -> None:
        if route.request.url.startswith("http://127.0.0.1"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_this_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{server}/schema")
        # the document's own words, rendered by Scalar itself: the operations of the group
        # it opens first, and every group's name in the sidebar
        summaries = [operation["summary"] for path in document["paths"].values()
                     for operation in path.values() if "summary" in operation]
        page.wait_for_function(
            "(words) => words.some((w) => document.body.innerText.includes(w))",
            arg=summaries, timeout=60_000)
        body = page.inner_text("body")
        assert all(tag in body for tag in ("games", "play", "audit", "material")), body[:500]
        # nothing on the page needs a service elsewhere: no AI agent, no MCP, no developer
        # tools (Scalar's hosting), no button into Scalar's web client; the one link away
        # is the attribution
        controls = page.evaluate(
            "() => [...document.querySelectorAll('button, a, [role=button]')].map("
            "(e) => (e.innerText || e.getAttribute('aria-label') || '').trim())")
        assert not OUTSIDE & set(controls), sorted(OUTSIDE & set(controls))
        away = page.evaluate("() => [...document.querySelectorAll('a[href]')].map("
                             "(a) => a.href).filter((h) => !h.startsWith(location.origin))")
        assert set(away) <= {"https://www.scalar.com/"}, away
    finally:
        context.close()
    assert not errors, errors
    assert elsewhere == [], f"the docs page asked elsewhere: {elsewhere}"


def test_the_bundle_is_the_pinned_one(server: str) -> None:
    page = httpx.get(f"{server}/schema", timeout=10).text
    assert "cdn." not in page and "https://" not in page
    assert f'src="/schema/assets/{SCALAR_FILE}"' in page
    assert f'integrity="{integrity(scalar_bundle())}"' in page
    served = httpx.get(f"{server}/schema/assets/{SCALAR_FILE}", timeout=10)
    assert served.status_code == 200
    assert hashlib.sha256(served.content).hexdigest() == SCALAR_SHA256
    assert "immutable" in served.headers["cache-control"]
