"""What became of each character in a finished game (`domain.kernel.outcomes`).

A character is ``played`` by the seat that controls it and ``won`` when that
seat is among the winners (§8: the richest bandit; with two players each seat
controls two characters, both win or lose with it).
"""

from __future__ import annotations

from domain.colt_express.state import State
from domain.kernel.outcomes import Outcome


def outcomes(state: State) -> list[Outcome]:
    """Each character played, and those that won (empty before the end)."""
    if state.winners is None:
        return []
    found = []
    for character, seat in zip(state.characters, state.controller, strict=True):
        found.append(Outcome("character", character, "played"))
        if seat in state.winners:
            found.append(Outcome("character", character, "won"))
    return found
