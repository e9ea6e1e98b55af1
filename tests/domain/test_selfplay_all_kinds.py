"""Every registered game kind keeps the protocol's shared conventions in random play.

Iterates `domain.registry.kinds()`, so a kind registered later is checked
without touching this file: each map and variant at its smallest and largest
seat count plays one random game through `play_random_game`, with the
conventions the service relies on checked at every step (see
``domain/kernel/protocol.py`` and the helpers' common brief):

* `decide` never mutates the state it is given;
* every legal move's ``command`` survives JSON as the kind's command type;
* every event survives JSON as the kind's event type, and `redact` returns
  the same event type for every viewer;
* the first event carries the seed commitment, the last the seed, and no
  earlier event (even unredacted) contains the seed;
* replaying the log through `evolve` from nothing equals the live state;
* the finished game has a result for every seat and no one left to act.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import msgspec

from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.registry import kinds
from tests.domain.random_states import each_extreme_setup


class _Conventions:
    """The kind's rules, checking every command and legal move as a game is played."""

    def __init__(self, rules: GameRules[Any, Any, Any]) -> None:
        self.rules = rules
        self.commands = msgspec.json.Decoder(rules.command_type)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def legal_moves(self, state: Any, seat: int) -> list[Any]:
        moves = self.rules.legal_moves(state, seat)
        assert moves, f"seat {seat} is to act but has no legal move"
        for move in moves:
            assert self.commands.decode(msgspec.json.encode(move.command)) == move.command
        return moves

    def decide(self, state: Any, seat: int, command: Any, seed: Seed) -> list[Any]:
        before = copy.deepcopy(state)
        events = self.rules.decide(state, seat, command, seed)
        assert state == before, f"decide changed the state ({type(command).__name__})"
        return events


@each_extreme_setup()
def test_random_game_keeps_the_shared_conventions(kind: str, setup: Setup) -> None:
    rules = kinds()[kind]
    seed = Seed(bytes([setup.seats, 7]) * 16)
    live, log = play_random_game(_Conventions(rules), setup, seed, random.Random(setup.seats))

    events = msgspec.json.Decoder(rules.event_type)
    for event in log:
        assert events.decode(msgspec.json.encode(event)) == event
        for viewer in [None, *range(setup.seats)]:
            assert type(rules.redact(event, viewer)) is type(event)
    assert log[0].seed_commitment == seed.commitment
    assert log[-1].seed == seed.hex
    assert not any(seed.hex.encode() in msgspec.json.encode(e) for e in log[:-1])

    state = None
    for event in log:
        state = rules.evolve(state, event)
    assert state == live

    result = rules.result(live)
    assert result is not None
    assert len(result.scores) == setup.seats
    assert result.winners and set(result.winners) <= set(range(setup.seats))
    assert rules.to_act(live) == []
    public = msgspec.json.encode(rules.public_view(live))
    assert msgspec.json.decode(public, type=rules.public_view_type) is not None
