"""The catalogue of a kind's refusals: each code, the rule section it cites, its meaning.

A decider refuses with a `RuleViolation` whose ``code`` clients switch on. Each kind
keeps the codes it may raise as a ``Literal`` type (so a raise site naming a code
the catalogue lacks fails the type check), a plain-words meaning per code, and the
(code, section) pairs its rules raise; `catalogue` turns those into the `Refusal`
entries `GET /kinds` serves and ``docs/refusals.md`` lists. A test scans the raise
sites against the catalogue both ways (``tests/domain/test_refusal_catalogue.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any

import msgspec


class Refusal(msgspec.Struct, frozen=True):
    """One way a kind's rules refuse a command or a setup, as `GET /kinds` lists it."""

    code: Annotated[str, msgspec.Meta(
        description="The refusal's stable code: the problem's `code`, and the last part of "
        "its `type` (urn:roundhouse:rule:<kind>:<code>)")]
    section: Annotated[str, msgspec.Meta(
        description="The rule section the refusal cites (the problem's `section`), in the "
        "rulebook of the map or kind")]
    meaning: Annotated[str, msgspec.Meta(description="What the refusal means, in plain words")]
    maps: Annotated[list[str] | None, msgspec.Meta(
        description="The maps on which it cites this section; null: the kind has no maps")
    ] = None


#: a (code, section) pair a decider raises
Raised = tuple[str, str]


def catalogue(raised: Mapping[str | None, Iterable[Raised]],
              meanings: Mapping[Any, str]) -> list[Refusal]:
    """The entries of a kind whose maps (None: a kind without maps) raise the pairs
    `raised`, each code with its meaning: one entry per (code, section), naming the
    maps that cite it so, sorted by code then section (`meanings` is keyed by the kind's
    ``Code`` literal type)."""
    maps_of: dict[Raised, list[str]] = {}
    for map_id, pairs in raised.items():
        for pair in sorted(set(pairs)):
            maps_of.setdefault(pair, [])
            if map_id is not None:
                maps_of[pair].append(map_id)
    return [
        Refusal(code=code, section=section, meaning=meanings[code],
                maps=sorted(maps) if None not in raised else None)
        for (code, section), maps in sorted(maps_of.items())
    ]
