"""Every refusal the deciders give in play is in the catalogue `GET /kinds` serves.

Each map of each kind plays a random game; at every step a handful of wrong commands
is tried (a legal move from another seat, a legal move with one field changed, each
command type with plain values) and every `RuleViolation` they draw must be listed in
the kind's ``refusals`` with its code and section, for the map it happened on. So the
map's own rulebook sections (`TicketToRideRules.decide` translates them) are checked
too, which the source scan of `test_refusal_catalogue` cannot see.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.registry import kinds

#: wrong commands tried at each step of a game
PROBES = 12


def _plain(kind: msgspec.inspect.Type) -> Any:
    """A plain value of wire type `kind` (the first choice of a union or literal)."""
    if isinstance(kind, msgspec.inspect.UnionType):
        return _plain(kind.types[0])
    if isinstance(kind, msgspec.inspect.LiteralType):
        return kind.values[0]
    plain = {msgspec.inspect.IntType: 0, msgspec.inspect.StrType: "x",
             msgspec.inspect.BoolType: False, msgspec.inspect.NoneType: None}
    if type(kind) in plain:
        return plain[type(kind)]
    return [] if isinstance(kind, msgspec.inspect.ListType) else {}


def _samples(command_type: Any) -> list[Any]:
    """Each command type of the kind, its required fields given plain values."""
    found = []
    for cls in typing.get_args(command_type):
        info = msgspec.inspect.type_info(cls)
        assert isinstance(info, msgspec.inspect.StructType)
        fields = {f.encode_name: _plain(f.type) for f in info.fields if f.required}
        found.append(msgspec.structs.replace(cls(**fields)))
    return found


def _changed(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, -1, 999]
    if isinstance(value, str):
        return ["nonsense"]
    if isinstance(value, list):
        return [[], value + value]
    if isinstance(value, dict):
        return [{}, dict.fromkeys(value, 99), {"nonsense": 1}]
    return []


def _mutants(command: Any) -> Iterator[Any]:
    """`command` with one field changed, each way `_changed` knows."""
    for name in command.__struct_fields__:
        for value in _changed(getattr(command, name)):
            yield msgspec.structs.replace(command, **{name: value})


def _probes(rules: GameRules[Any, Any, Any], state: Any, samples: list[Any],
            chooser: random.Random) -> list[tuple[int, Any]]:
    """Some wrong commands for `state`, each with the seat that sends it."""
    seats = len(rules.public_view(state).seats)
    acting = rules.to_act(state)
    tried: list[tuple[int, Any]] = []
    for seat in acting:
        legal = [m.command for m in rules.legal_moves(state, seat)]
        others = [s for s in range(seats) if s != seat]
        tried += [(chooser.choice(others), c) for c in legal[:2]]
        tried += [(seat, m) for c in chooser.sample(legal, min(3, len(legal)))
                  for m in _mutants(c)]
    tried += [(chooser.choice(acting or [0]), c) for c in samples]
    return chooser.sample(tried, min(PROBES, len(tried)))


def _cases() -> list[tuple[str, str | None, int]]:
    """Each map of each kind, with 2 seats (Colt Express's two-player game) and 3."""
    return [(kind, map_id, seats) for kind, rules in sorted(kinds().items())
            for map_id in ([m.id for m in rules.descriptor.maps] or [None]) for seats in (2, 3)]


def _listed(rules: GameRules[Any, Any, Any], map_id: str | None) -> set[tuple[str, str]]:
    return {(r.code, r.section) for r in rules.descriptor.refusals
            if r.maps is None or map_id in r.maps}


@pytest.mark.parametrize(("kind", "map_id", "seats"), _cases())
def test_refusals_in_play_are_listed_for_their_map(kind: str, map_id: str | None, seats: int
                                                   ) -> None:
    rules = kinds()[kind]
    seed = Seed(bytes(range(32)))
    chooser = random.Random(f"{kind}/{map_id}/{seats}")
    samples = _samples(rules.command_type)
    state = None
    for event in rules.start(Setup(seats, map_id), seed):
        state = rules.evolve(state, event)
    refused: set[tuple[str, str]] = set()
    while True:
        for seat, command in _probes(rules, state, samples, chooser):
            try:
                rules.decide(state, seat, command, seed)
            except RuleViolation as violation:
                refused.add((violation.code, violation.section))
        acting = rules.to_act(state)
        if not acting:
            break
        seat = chooser.choice(acting)
        command = chooser.choice(rules.legal_moves(state, seat)).command
        for event in rules.decide(state, seat, command, seed):
            state = rules.evolve(state, event)
    assert ("game-over", _listed_section(rules, map_id, "game-over")) in refused
    assert refused - _listed(rules, map_id) == set()


def _listed_section(rules: GameRules[Any, Any, Any], map_id: str | None, code: str) -> str:
    return next(section for c, section in _listed(rules, map_id) if c == code)
