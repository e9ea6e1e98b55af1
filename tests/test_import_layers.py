"""No import runs in a circle: not between modules, nor between the parts of a package.

Every import counts, wherever it is written: at the top, inside a function (a
lazy import is still a dependency) or under ``if TYPE_CHECKING:`` (a type that
names a module above is a dependency on it all the same). Two graphs are
checked per package:

* modules: ``a`` imports ``b``, which imports ``a`` (directly or through others);
* parts: the package's direct children (``service.api``, ``service.store``,
  ``service.cli``...), each standing for everything inside it. A cycle here is an
  import that runs backwards: ``service.api.app`` importing ``service.pages``
  while ``service.pages`` imports ``service.api`` is no module cycle, yet the
  two parts depend on each other, so neither sits above the other.

The package list is the test's parameter; add a package and it is held to the
same rule.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PACKAGES = ["domain", "service", "bots"]


def modules(package: str) -> dict[str, Path]:
    """Every module of `package` by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of `known` that module `name` (its source at `path`) imports, anywhere."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from a import b` imports the module a.b when there is one, else a name of a
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        for target in targets:
            while target and target not in known:  # `import a.b.c` of a name inside a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one node (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def module_graph(package: str) -> dict[str, set[str]]:
    found = modules(package)
    return {name: imported(name, path, found) for name, path in found.items()}


def part_of(module: str, package: str) -> str:
    """The direct child of `package` that `module` is in (or is)."""
    depth = len(package.split(".")) + 1
    return ".".join(module.split(".")[:depth])


def part_graph(package: str) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, targets in module_graph(package).items():
        if name == package:
            continue
        part = part_of(name, package)
        graph.setdefault(part, set()).update(
            part_of(t, package) for t in targets if t != package and part_of(t, package) != part)
    return graph


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_in_a_circle(package: str) -> None:
    assert cycles(module_graph(package)) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_part_of_a_package_imports_backwards(package: str) -> None:
    assert cycles(part_graph(package)) == []


def test_the_checks_find_a_circle_and_an_import_backwards(tmp_path: Path) -> None:
    """The graphs see a TYPE_CHECKING import, a lazy one and a relative one."""
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}}
    assert cycles(graph) == [["p.a", "p.b", "p.c"]]
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from p.api import app\n"
        "def later():\n    import p.pages.controller\n"
        "from .store import games\n"
    )
    known = {"p.api", "p.api.app", "p.pages", "p.pages.controller", "p.store", "p.store.games"}
    assert imported("p.x", source, known) == {"p.api.app", "p.pages.controller", "p.store.games"}
    assert part_of("p.pages.controller", "p") == "p.pages"
