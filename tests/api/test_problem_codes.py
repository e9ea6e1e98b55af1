"""`GET /problems` lists every problem code the service answers with, read off its source.

The codes are found where problems are made: a `ServiceError`, `make_problem`, the
edge's refusals, and the tables of statuses and codes (`STORE_PROBLEMS`,
`HTTP_CODES`), i.e. every ``(status, "code")`` pair the service's modules write. The
catalogue must name exactly those codes, each with the statuses it is given.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from service.api.problem_codes import SERVICE_PROBLEMS
from service.api.problems import CLIENT_CLOSED

SERVICE = Path(__file__).resolve().parents[2] / "service"
MAKERS = {"ServiceError", "make_problem", "_refuse"}


def _status(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value if 100 <= node.value < 600 else None
    if isinstance(node, ast.Name) and node.id == "CLIENT_CLOSED":
        return CLIENT_CLOSED
    return None


def _code(node: ast.expr) -> str | None:
    text = node.value if isinstance(node, ast.Constant) else None
    return text if isinstance(text, str) and text.replace("-", "").isalpha() and text.islower() \
        else None


def _answered() -> dict[str, set[int]]:
    """Each code the service's source pairs with a status, and those statuses."""
    pairs: list[tuple[int | None, str | None]] = []
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            called = getattr(node, "func", None)
            name = getattr(called, "id", getattr(called, "attr", ""))
            if isinstance(node, ast.Call) and name in MAKERS and len(node.args) >= 2:
                pairs.append((_status(node.args[0]), _code(node.args[1])))
            elif isinstance(node, ast.Tuple) and len(node.elts) >= 2:
                pairs.append((_status(node.elts[0]), _code(node.elts[1])))
            elif isinstance(node, ast.Dict):
                pairs += [(_status(k), _code(v))
                          for k, v in zip(node.keys, node.values, strict=True) if k is not None]
    found: dict[str, set[int]] = {}
    for status, code in pairs:
        if status is not None and code is not None:
            found.setdefault(code, set()).add(status)
    return found


def test_the_catalogue_is_every_code_the_service_answers_with() -> None:
    answered = _answered()
    assert "unknown-game" in answered and "header-too-large" in answered  # the scan reads
    assert {code: set(p.statuses) for code, p in SERVICE_PROBLEMS.items()} == answered


def test_get_problems_serves_the_catalogue(client: TestClient[Any]) -> None:
    served = client.get("/problems")
    assert served.status_code == 200
    body = served.json()
    assert [p["code"] for p in body] == sorted(SERVICE_PROBLEMS)
    assert all(p["statuses"] and p["meaning"] for p in body)
    unknown = client.get("/games/not-a-game").json()
    assert unknown["code"] in {p["code"] for p in body}
