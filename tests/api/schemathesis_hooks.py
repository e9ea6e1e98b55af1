"""schemathesis hooks: what the OpenAPI document cannot make a fuzzer generate by itself.

Load with ``SCHEMATHESIS_HOOKS=tests.api.schemathesis_hooks`` (from the
repository's root; README, "Fuzzing the API"). What it adds:

* ``POST /replays`` takes a game log as JSON Lines (``application/x-ndjson``),
  which the document can only call a string. Its bodies are drawn from real
  logs: short random games of every registered kind played through the rules
  and sealed as the store seals them, whole or cut after any record (a
  running game's export), so every body is a log the server must verify.
* ``GET /kinds/{kind}/material`` takes ``seats``, ``map`` and ``variant`` as
  separate query parameters, so the document cannot say which variants a map
  has, or that a variant is only for some seat counts (the variant
  parameter's description says so). Queries for a setup the kind does not
  have are left out; the descriptors (`GET /kinds`) say which.
* JSON Schema counts ``3.0`` as an integer; the server, decoding strictly,
  takes only integer literals where it says integer (the API description
  says so). Bodies with a float of integral value are left out.
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

from domain.kernel.protocol import KindDescriptor, Setup
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


def _setup_exists(
    descriptor: KindDescriptor, map_id: str | None, variant: str | None, seats: int
) -> bool:
    """Whether the kind has a setup on `map_id` with `variant` for `seats` (None: defaults)."""
    boards = [m for m in descriptor.maps if m.id == (map_id or descriptor.default_map)]
    if descriptor.maps and not boards:
        return map_id is None and not descriptor.default_map
    board = boards[0] if boards else None
    low, high = (board.min_seats, board.max_seats) if board else (
        descriptor.min_seats, descriptor.max_seats)
    variant = variant or (board.default_variant if board else None)
    if variant is None:
        return low <= seats <= high
    for found in [*(board.variants if board else []), *descriptor.variants]:
        if found.id == variant:
            return max(low, found.min_seats or low) <= seats <= min(high, found.max_seats or high)
    return False


def _integral_float(value: Any) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(_integral_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_integral_float(v) for v in value)
    return False


@schemathesis.hook
def filter_case(context: Any, case: Any) -> bool:
    """Leave out what the document cannot exclude (see the module's docstring).

    A case hook rather than body and query hooks: the coverage phase applies only these.
    """
    if _integral_float(case.body):
        return False
    path = case.operation.path
    query = case.query
    if not (path.startswith("/kinds/") and path.endswith("/material")) or not query:
        return True
    descriptor = kinds()[path.split("/")[2]].descriptor
    seats, map_id, variant = str(query.get("seats")), query.get("map"), query.get("variant")
    if not seats.isdigit() or not all(v is None or isinstance(v, str) for v in (map_id, variant)):
        return True  # a malformed query: the server refuses it, as the document says
    return _setup_exists(descriptor, map_id, variant, int(seats))


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
