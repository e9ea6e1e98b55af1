"""The ``random`` strategy: any legal move, uniformly, for every game kind."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any


def choose(
    view: Mapping[str, Any],
    legal_moves: Sequence[Mapping[str, Any]],
    material: Mapping[str, Any],
    rng: random.Random,
) -> dict[str, Any]:
    """One of `legal_moves`' commands, each equally likely."""
    command: dict[str, Any] = rng.choice(legal_moves)["command"]
    return command
