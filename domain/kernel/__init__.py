"""What every game shares: the decider protocol, rule errors and auditable randomness."""

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import (
    LEGACY_RULES_VERSION,
    GameRules,
    KindDescriptor,
    Result,
    StatusName,
    recorded_setup,
)
from domain.kernel.rng import Pick, Rng, Seed, Shuffle, commitment
from domain.kernel.scores import Figure, ScoreTerm, SeatScore

__all__ = [
    "LEGACY_RULES_VERSION",
    "Figure",
    "GameRules",
    "KindDescriptor",
    "Pick",
    "Result",
    "Rng",
    "RuleViolation",
    "ScoreTerm",
    "SeatScore",
    "Seed",
    "Shuffle",
    "StatusName",
    "commitment",
    "recorded_setup",
]
