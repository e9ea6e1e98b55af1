"""The refusal catalogue of each kind matches its raise sites, both ways, read off the source.

Every refusal of a kind is raised through its ``refuse`` with a code of its ``Code``
literal type (mypy checks each code named), or declared as a feature's ``absent``
refusal. Read from the syntax tree of every module of the kind:

* no module builds a `RuleViolation` itself (bypassing the catalogue);
* the codes raised are exactly the catalogue's codes, each with a meaning;
* each (code, section) a site cites literally is declared by some part, and each
  declared pair is raised by a site with that code citing that section, or a section
  it is handed (a payment's caller, a price rule, the map's setup).

`test_refusals_raised` checks the same from the other side: what the deciders
actually refuse in play is listed for the map it happens on.
"""

from __future__ import annotations

import ast
import typing
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from domain.colt_express import refusals as colt_refusals
from domain.colt_express.rules import RULES as COLT
from domain.ticket_to_ride import refusals as ttr_refusals
from domain.ticket_to_ride.engine import CORE, FEATURES, MARKETS
from domain.ticket_to_ride.rules import RULES as TTR
from domain.ticket_to_ride.ruleset import setup_refusals

ROOT = Path(__file__).resolve().parents[2] / "domain"

#: a raise site: its code, and the section it cites when that is a literal (None: handed)
Site = tuple[str, str | None]


def _ttr_declared() -> set[tuple[str, str]]:
    parts = (*CORE, *(part for _, part in MARKETS.values()), *FEATURES.values())
    absent = {(code, section) for part in parts for code, _, section in part.absent.values()}
    boards = [engine.board for engine in TTR.engines.values()]
    setup = {pair for board in boards for pair in setup_refusals(board)}
    of_boards = {pair for part in parts if part.board_refusals
                 for board in boards for pair in part.board_refusals(board)}
    static = {pair for part in parts for pair in part.refusals}
    return {*ttr_refusals.TURN, *static, *of_boards, *absent, *setup}


KINDS = {
    "ticket_to_ride": (ttr_refusals, _ttr_declared),
    "colt_express": (colt_refusals, lambda: set(colt_refusals.REFUSALS)),
}


def _modules(package: str) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted((ROOT / package).rglob("*.py")):
        yield path, ast.parse(path.read_text(), str(path))


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _strings(node: ast.expr, scope: ast.AST, catalogue: ModuleType) -> list[str]:
    """The strings `node` may evaluate to: a literal, either branch of a conditional, a
    local name assigned once, or a constant of the catalogue module."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body, scope, catalogue) + _strings(node.orelse, scope, catalogue)
    if isinstance(node, ast.Name):
        if isinstance(getattr(catalogue, node.id, None), str):
            return [getattr(catalogue, node.id)]
        for assign in ast.walk(scope):
            if isinstance(assign, ast.AnnAssign | ast.Assign) and assign.value is not None:
                targets = assign.targets if isinstance(assign, ast.Assign) else [assign.target]
                if any(isinstance(t, ast.Name) and t.id == node.id for t in targets):
                    return _strings(assign.value, scope, catalogue)
    return []


def _functions(tree: ast.Module) -> Iterator[ast.AST]:
    """Each function of `tree` (the scope of its local names), and the module itself."""
    yield tree
    yield from (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))


def _sites(package: str, catalogue: ModuleType) -> list[Site]:
    """Every refusal raised in `package`: each ``refuse`` call and each ``absent`` entry."""
    found: list[Site] = []
    for path, tree in _modules(package):
        if path.name == "refusals.py":
            continue
        for scope in _functions(tree):
            for node in ast.walk(scope):
                if isinstance(node, ast.Call) and _called(node) == "refuse" and node.args:
                    code, *rest = node.args
                    if isinstance(code, ast.Starred):
                        continue  # an `absent` refusal, read where it is declared
                    section = rest[1] if len(rest) > 1 else None
                    sections = _strings(section, scope, catalogue) if section else []
                    codes = _strings(code, scope, catalogue)
                    assert codes, f"{path.name}:{node.lineno}: a refusal code not read here"
                    found += [(c, s) for c in codes for s in (sections or [None])]
                if isinstance(node, ast.keyword) and node.arg == "absent":
                    assert isinstance(node.value, ast.Dict)
                    for entry in node.value.values:
                        assert isinstance(entry, ast.Tuple)
                        code, _, section = (_strings(e, scope, catalogue) for e in entry.elts)
                        found.append((code[0], section[0]))
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("package", sorted(KINDS))
def test_no_refusal_bypasses_the_catalogue(package: str) -> None:
    built = [
        f"{path.name}:{node.lineno}"
        for path, tree in _modules(package) if path.name != "refusals.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _called(node) == "RuleViolation"
    ]
    assert built == []


@pytest.mark.parametrize("package", sorted(KINDS))
def test_codes_raised_are_the_catalogue(package: str) -> None:
    catalogue, _ = KINDS[package]
    codes = set(typing.get_args(catalogue.Code))
    raised = {code for code, _ in _sites(package, catalogue)}
    assert raised == codes
    assert set(catalogue.MEANINGS) == codes
    assert all(meaning.strip() for meaning in catalogue.MEANINGS.values())


@pytest.mark.parametrize("package", sorted(KINDS))
def test_sections_cited_are_declared(package: str) -> None:
    catalogue, declared = KINDS[package]
    cited = {(code, section) for code, section in _sites(package, catalogue)
             if section is not None}
    assert cited - declared() == set()


@pytest.mark.parametrize("package", sorted(KINDS))
def test_every_declared_refusal_is_raised(package: str) -> None:
    catalogue, declared = KINDS[package]
    sites = _sites(package, catalogue)
    unraised = {(code, section) for code, section in declared()
                if (code, section) not in sites and (code, None) not in sites}
    assert unraised == set()


def test_kinds_serve_the_catalogue() -> None:
    """`GET /kinds` lists every declared pair: Colt Express as declared, every Ticket to
    Ride map in its own rulebook's sections."""
    colt = {(r.code, r.section) for r in COLT.descriptor.refusals}
    assert colt == set(colt_refusals.REFUSALS)
    assert all(r.maps is None for r in COLT.descriptor.refusals)
    ttr = TTR.descriptor.refusals
    assert {r.code for r in ttr} == set(typing.get_args(ttr_refusals.Code))
    assert len({(r.code, r.section) for r in ttr}) == len(ttr)
    assert {m for r in ttr for m in r.maps or []} == set(TTR.engines)
