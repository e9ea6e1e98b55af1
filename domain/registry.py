"""The game kinds this server hosts, by their `kind` name."""

from __future__ import annotations

from typing import Any

from domain.kernel.protocol import GameRules

KINDS: dict[str, GameRules[Any, Any, Any]] = {}


def register(rules: GameRules[Any, Any, Any]) -> None:
    """Make a game kind available under its descriptor's `kind` name."""
    KINDS[rules.descriptor.kind] = rules
