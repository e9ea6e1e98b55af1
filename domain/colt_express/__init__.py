"""Colt Express (base game, 2-6 players, with the two-player rules of §8).

The specification is ``shared/reference/colt-express/rules.md`` with its
"Resolved:" lines; `RULES` is the game's decider for `domain.registry`.

How the package maps the table onto the protocol:

* Schemin' is one command per action (``play-card`` / ``draw-cards``); the
  two-player cover fire is a second, optional action of the same seat.
* Stealin' asks the owner of each revealed card for **one** command carrying
  every choice the card needs (a Punch's victim, token, Cheyenne's grab and
  direction). Nothing is revealed between those choices, so this loses
  nothing against asking them one by one (rules §4.3, resolution 29). A card
  with no choice (Change floor) or no legal way resolves by itself.
* Characters are drawn at random unless the ``characters`` option names them
  (rules §3.7 leaves the choosing to the lobby).

What the rules mark as less certain is implemented exactly as ``rules.md``
settles it and no further: the two-player game (§8, from the 2016 rules),
the neutral-bullet shortage (all or nothing per group, §5) and the other
points listed in its §10. Expansions and the "expert" variant are out (§9).
"""

from domain.colt_express.rules import RULES

__all__ = ["RULES"]
