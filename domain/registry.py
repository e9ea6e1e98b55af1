"""The game kinds this server hosts, by their `kind` name.

Each game package exposes its rules object as ``RULES``; adding a kind is one
line here. The service looks kinds up only through `kinds()`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from domain.colt_express import RULES as COLT_EXPRESS
from domain.kernel.protocol import GameRules
from domain.ticket_to_ride import RULES as TICKET_TO_RIDE


@cache
def kinds() -> dict[str, GameRules[Any, Any, Any]]:
    """Every hosted game kind, keyed by ``descriptor.kind``."""
    found: list[GameRules[Any, Any, Any]] = []
    # one line per game package, added when the package lands:
    found.append(COLT_EXPRESS)
    found.append(TICKET_TO_RIDE)
    return {rules.descriptor.kind: rules for rules in found}
