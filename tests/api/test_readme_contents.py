"""The README tells the truth about the server: the games it names are the ones
`GET /kinds` serves (titles, player counts, variants), "More documents" lists every
document in ``docs/``, and the Layout table names every folder of the project.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text()
#: folders that are not the project's own (tools' caches, virtual environments, builds)
NOT_OURS = re.compile(r"^\.(?!ci$)|__pycache__|\.egg-info$|^node_modules$|^build$|^dist$")


def section(heading: str) -> str:
    """The README's text from `heading` to the next heading of the same level."""
    start = README.index(heading)
    level = heading.split(" ")[0]
    rest = README[start + len(heading):]
    found = re.search(rf"^{level} ", rest, re.M)
    return rest if found is None else rest[: found.start()]


def table(header: str) -> list[list[str]]:
    """The rows of the README's Markdown table whose header row is `header`."""
    lines = README[README.index(header):].splitlines()[2:]
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def served_games(kinds: list[dict[str, Any]]) -> list[list[str]]:
    """A row per game as /kinds serves it: each map of a kind with maps, else the kind."""
    rows = []
    for kind in kinds:
        for game in kind["maps"] or [kind]:
            rows.append([game["title"], f"{game['min_seats']}\N{EN DASH}{game['max_seats']}",
                         ", ".join(v["title"] for v in game["variants"])])
    return rows


def test_the_readme_names_the_games_kinds_serves(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(store=f"sqlite:///{tmp_path / 'kinds.db'}"))) as client:
        kinds = client.get("/kinds").json()
    named = table("| game | players | variants |")
    assert sorted(named) == sorted(served_games(kinds))
    assert len(named) == 5, named
    introduction = README[: README.index("\n## ")]
    assert "| game | players | variants |" in introduction


def test_more_documents_lists_every_document_in_docs() -> None:
    listed = set(re.findall(r"\]\((docs/[^)#]+)\)", section("## More documents")))
    documents = {str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md")}
    assert documents - listed == set(), "documents missing from More documents"
    assert listed - documents == set(), "More documents links to documents that do not exist"


def test_the_layout_table_names_every_folder_of_the_project() -> None:
    paths = {row[0].strip("`").rstrip("/") for row in table("| path | what it holds |")}
    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and not NOT_OURS.search(p.name)}
    assert folders - {p.split("/")[0] for p in paths} == set(), "folders missing from Layout"
    assert all((ROOT / p).exists() for p in paths), "Layout names a path that does not exist"
    tests = {p.name for p in (ROOT / "tests").iterdir()
             if p.is_dir() and not NOT_OURS.search(p.name)}
    described = next(row[1] for row in table("| path | what it holds |") if row[0] == "`tests/`")
    assert {t for t in tests if f"`{t}/`" not in described} == set(), "test folders not described"
