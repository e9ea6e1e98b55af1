"""Ids that must be unique but need not be secret: command ids and request ids.

Drawn from a generator of this module's own, seeded from the system once per
process (and again in a forked child), rather than `uuid.uuid4` or `secrets`,
which ask the system for randomness on every call: on ``POST /commands`` that
call was 1-2% of the server's CPU. Its own generator, so that code seeding the
global `random` (a test, a bot) cannot make ids repeat. Anything a client must
not guess (tokens, invite codes, stream tickets, seeds) keeps using `secrets`.
"""

from __future__ import annotations

import os
import random

_IDS = random.Random()
os.register_at_fork(after_in_child=_IDS.seed)


def unique_hex() -> str:
    """128 random bits as 32 lowercase hex digits (the length of ``uuid4().hex``)."""
    return f"{_IDS.getrandbits(128):032x}"
