"""The Marshal and neutral bullets (§5): nobody stays inside the Marshal's car.

Every way a bandit can come inside the Marshal's car (Move, Change floor,
a Punch's knock-back, Django's push) goes through `move_to`, and the Marshal
entering a car goes through `encounter`, so the rule is applied in one place.
Neutral bullets are handed out per group, all or nothing, because a short
supply must not favour whoever happens to be processed first (§5, Resolved).
"""

from __future__ import annotations

from domain.colt_express.components import NEUTRAL_BULLET
from domain.colt_express.events import BanditMoved, BulletTaken
from domain.colt_express.lookahead import Lookahead


def encounter(look: Lookahead, bandits: list[int]) -> None:
    """Bandits inside the Marshal's car flee to its roof, each with a neutral bullet (§5)."""
    s = look.state
    for b in bandits:
        look.emit(BanditMoved(bandit=s.characters[b], car=s.marshal, roof=True, cause="marshal"))
    neutral_bullets(look, bandits)


def neutral_bullets(look: Lookahead, bandits: list[int]) -> None:
    """One neutral bullet each, or none for the group if the supply cannot cover it (§5)."""
    s = look.state
    if not bandits or s.neutral_left < len(bandits):
        return
    for b in bandits:
        look.emit(BulletTaken(bandit=s.characters[b], card=NEUTRAL_BULLET, shooter=None))


def move_to(look: Lookahead, b: int, car: int, roof: bool, cause: str) -> None:
    """Move a bandit, then the Marshal encounter if he came inside the Marshal's car."""
    s = look.state
    look.emit(BanditMoved(bandit=s.characters[b], car=car, roof=roof, cause=cause))
    if not roof and car == s.marshal:
        encounter(look, [b])
