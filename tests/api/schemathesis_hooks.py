"""schemathesis hooks: what the OpenAPI document cannot make a fuzzer generate by itself.

Load with ``SCHEMATHESIS_HOOKS=tests.api.schemathesis_hooks`` (from the
repository's root; README, "Fuzzing the API"). What it adds:

* ``POST /replays`` takes a game log as JSON Lines (``application/x-ndjson``),
  which the document can only call a string. Its bodies are drawn from real
  logs: short random games of every registered kind played through the rules
  and sealed as the store seals them, whole or cut after any record (a
  running game's export), so every body is a log the server must verify.
* Seat tokens that the stateful phase carries from ``POST /games/{id}/seats``
  to the next request (the document's links) are real credentials, not
  generated ones: `LinkedTokens` says so, so that the ignored-auth check
  probes them without and with a wrong token instead of counting them as
  invalid auth that the server took.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import schemathesis
from hypothesis import strategies as st

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.registry import kinds
from service.audit.export import MEDIA_TYPE, encode_log
from tests.audit.logs import play_log

#: how many games of each kind the log bodies come from (small: they are played at import)
GAMES_PER_KIND = 2
#: the fewest seats, so the games are short
SEATS = 2


@cache
def _logs() -> tuple[bytes, ...]:
    logs = []
    for number, rules in enumerate(kinds().values()):
        for game in range(GAMES_PER_KIND):
            seed = Seed(bytes([number, game]) * 16)
            records = play_log(rules, Setup(seats=SEATS), seed, random.Random(game))
            for end in (len(records), max(1, len(records) // 3)):
                logs.append(encode_log(records[:end]))
    return tuple(logs)


schemathesis.openapi.media_type(MEDIA_TYPE, st.sampled_from(_logs()))


#: a seat or host token as the server issues them (`secrets.token_urlsafe(32)`)
_ISSUED = re.compile(r"^Bearer [A-Za-z0-9_-]{43}$")


@schemathesis.auth(refresh_interval=None)
class LinkedTokens:
    """A request's ``Authorization`` that a link filled in with an issued token is explicit."""

    def get(self, case: Any, context: Any) -> str | None:
        value = (case.headers or {}).get("Authorization")
        return value if isinstance(value, str) and _ISSUED.match(value) else None

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers["Authorization"] = data
