"""Build sealed logs the way the store records them, and tamper with them."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import random_commands
from service.store.games import GameStore
from service.store.live import LiveGame
from service.store.opening import Opening
from service.store.records import GENESIS_HASH, Record, sealed

TIME = "2026-01-01T00:00:00Z"


def play_log(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    seed: Seed,
    chooser: random.Random,
    game_id: str = "g1",
) -> list[Record]:
    """A complete, sealed log of one random legal game (same shape as the store's)."""
    setup = msgspec.structs.replace(setup, rules_version=rules.rules_version(setup))
    bodies: list[dict[str, Any]] = [dict(
        type="created",
        payload={"kind": rules.descriptor.kind, "setup": msgspec.to_builtins(setup),
                 "seed_commitment": seed.commitment, "seed_chosen_by_client": False})]
    bodies += [dict(type="seat-joined", seat=s, payload={"name": f"p{s}"})
               for s in range(setup.seats)]
    opening = rules.start(setup, seed)
    bodies.append(dict(type="started", events=as_json(opening)))
    state: Any = None
    for event in opening:
        state = rules.evolve(state, event)
    for seat, command, events in random_commands(rules, state, seed, chooser):
        bodies.append(dict(type="command", seat=seat, command_id=f"c{len(bodies)}",
                           payload=as_json(command), events=as_json(events)))
    return reseal([Record(game_id=game_id, version=v, time=TIME, **body)
                   for v, body in enumerate(bodies, 1)], seed)


def as_json(value: Any) -> Any:
    """What the store keeps: JSON values (tuples read back as lists)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def reseal(records: list[Record], seed: Seed | None = None) -> list[Record]:
    """Renumber and re-hash a log: what a forger rewriting the whole chain would do.

    The salts come from `seed`, by default the seed the log reveals (a forged
    one included: a forger makes the chain agree with the seed it shows).
    """
    if seed is None:
        seed = Seed.from_hex(next(e["seed"] for r in records for e in r.events if "seed" in e))
    out: list[Record] = []
    previous = GENESIS_HASH
    for version, record in enumerate(records, 1):
        record = sealed(msgspec.structs.replace(record, version=version, prev_hash=previous),
                        seed.value)
        out.append(record)
        previous = record.hash
    return out


def edit(record: Record, **changes: Any) -> Record:
    """`record` with some fields changed and its stored hash left as it was."""
    return msgspec.structs.replace(record, **changes)


def replace_at(log: list[Record], index: int, record: Record) -> list[Record]:
    """`log` with the record at `index` replaced."""
    return [*log[:index], record, *log[index + 1 :]]


def play_in_store(
    store: GameStore,
    kind: str,
    setup: Setup,
    chooser: random.Random,
    *,
    finish: bool = True,
    seed: Seed | None = None,
) -> str:
    """Create, seat, start and (with `finish`) play a random game in `store`; its id.

    A `seed` is taken as a client's choice (the game then says so).
    """
    game_id = store.create(kind, setup, Opening(seed=seed))
    tokens = [store.join(game_id, f"p{seat}").token for seat in range(setup.seats)]
    store.start(game_id, tokens[0])
    rules = store.kinds[kind]

    def choose(live: LiveGame, _: int | None) -> tuple[int, Any] | None:
        seats = rules.to_act(live.state)
        if not seats:
            return None
        seat = chooser.choice(seats)
        return seat, chooser.choice(rules.legal_moves(live.state, seat)).command

    for _ in range(100_000 if finish else 10):
        move = store.read(game_id, choose)
        if move is None:
            break
        store.command(game_id, tokens[move[0]], move[1])
    return game_id


def redacted(records: list[Record], rules: GameRules[Any, Any, Any], viewer: int | None
             ) -> list[Record]:
    """A running game's export for `viewer`, as the server redacts it
    (`service.views.game_view.redacted_record`), from plain records: hashes kept."""
    out = []
    for record in records:
        events = [as_json(rules.redact(msgspec.convert(e, rules.event_type), viewer))
                  for e in record.events]
        payload = record.payload
        if record.type == "command" and record.seat != viewer and payload is not None:
            payload = {"type": payload["type"]}
        out.append(msgspec.structs.replace(record, events=events, payload=payload))
    return out
