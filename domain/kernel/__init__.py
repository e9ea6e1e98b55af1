"""What every game shares: the decider protocol, rule errors and auditable randomness."""

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, KindDescriptor, Result, StatusName
from domain.kernel.rng import Pick, Rng, Seed, Shuffle, commitment

__all__ = [
    "GameRules",
    "KindDescriptor",
    "Pick",
    "Result",
    "Rng",
    "RuleViolation",
    "Seed",
    "Shuffle",
    "StatusName",
    "commitment",
]
