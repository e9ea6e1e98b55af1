"""Colt Express (base game, 2-6 players, with the two-player rules of §8).

The specification is ``shared/reference/colt-express/rules.md``; `RULES` is
the game's decider for `domain.registry`.
"""

from domain.colt_express.rules import RULES

__all__ = ["RULES"]
