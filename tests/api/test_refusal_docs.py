"""``docs/refusals.md`` is what the server serves (`GET /kinds`, `GET /problems`):
regenerate it with
``roundhouse refusals -o docs/refusals.md`` when this fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.kernel.protocol import KindDescriptor
from domain.registry import kinds
from service.api.problem_codes import ProblemCode
from service.api.refusal_docs import refusals_markdown
from service.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "refusals.md"


def test_the_refusals_doc_lists_what_get_kinds_serves(client: TestClient[Any]) -> None:
    served = msgspec.json.decode(client.get("/kinds").content, type=list[KindDescriptor])
    hosted = [d for d in served if d.kind in kinds()]  # not the tests' toy kind
    assert [d.kind for d in hosted] == sorted(kinds())
    problems = msgspec.json.decode(client.get("/problems").content, type=list[ProblemCode])
    assert DOC.read_text() == refusals_markdown(hosted, problems)


def test_the_command_writes_the_doc(tmp_path: Path) -> None:
    written = tmp_path / "refusals.md"
    assert main(["refusals", "-o", str(written)]) == 0
    assert written.read_text() == DOC.read_text()
    assert "| `route-taken` | This route is already claimed. | §3.B | §5.1 |" in DOC.read_text()
