"""A new game: its created record, sealed with a fresh secret seed, and its aggregate.

The record names the defaults the setup left out (it says what the game is
played on) and the rules version, publishes the seed's commitment, and carries
the lobby's terms (listed, private, the clock). The seed itself, the host
token and the invite code are kept only in the aggregate (the last two as
hashes), never in the record.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed, derive_seed
from service.store.aggregate import Game
from service.store.clocks import ClockRule
from service.store.commands import plain
from service.store.errors import BadSetup, UnknownKind
from service.store.records import Record, sealed
from service.store.tokens import token_hash


@dataclass(frozen=True)
class Opening:
    """What a creator asks for besides the kind and the setup."""

    seed_entropy: str | None = None
    #: a client's whole seed, taken as it is (only where the server allows it)
    seed: Seed | None = None
    listed: bool = True
    host_token: str | None = None
    invite_code: str | None = None
    clock: ClockRule | None = None


def rules_for(kinds: Mapping[str, GameRules[Any, Any, Any]], kind: str, setup: Setup
              ) -> tuple[GameRules[Any, Any, Any], Setup]:
    """The kind's rules and the setup as recorded (defaults named, rules version), or
    `UnknownKind` / `BadSetup`."""
    rules = kinds.get(kind)
    if rules is None:
        raise UnknownKind(kind, sorted(kinds))
    try:
        rules.check_setup(setup)
    except RuleViolation as violation:
        raise BadSetup(violation) from None
    setup = rules.descriptor.resolved(setup)
    return rules, msgspec.structs.replace(setup, rules_version=rules.rules_version(setup))


def created(kind: str, setup: Setup, opening: Opening, now: datetime) -> Game:
    """The aggregate of a new game whose log starts with its sealed created record."""
    chosen_by_client = opening.seed is not None
    seed = opening.seed
    if seed is None:
        seed = Seed(derive_seed(secrets.token_bytes(32), (opening.seed_entropy or "").encode()))
    game_id = uuid.uuid4()
    record = sealed(
        Record(
            game_id=str(game_id),
            version=1,
            type="created",
            time=now.isoformat(),
            payload={
                "kind": kind,
                "setup": plain(setup),
                "seed_commitment": seed.commitment,
                "seed_chosen_by_client": chosen_by_client,
                "listed": opening.listed,
                "private": opening.invite_code is not None,
                **({} if opening.clock is None else {"clock": plain(opening.clock)}),
            },
        ),
        seed.value,
    )
    return Game.create(
        game_id, record, seed.hex, now,
        host_token_hash=None if opening.host_token is None else token_hash(opening.host_token),
        invite_hash=None if opening.invite_code is None else token_hash(opening.invite_code),
    )
