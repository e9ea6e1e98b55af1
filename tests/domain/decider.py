"""One way for every rule test to play a command and to expect a refusal, over the decider
protocol (`domain.kernel.protocol.GameRules`), whatever the game.

* `play(rules, state, seat, command)` decides `command`, checks that `decide` left the
  state it was given exactly as it was (a decider only reads), then applies the events:
  it returns them with the state they lead to.
* `refused(rules, state, seat, command)` expects a `RuleViolation` and returns it (its
  ``code`` and ``section`` are what the tests look at); the state must be untouched too.

"Untouched" is checked on the state's msgpack encoding, which covers every field of the
msgspec structs both games keep their states in.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules
from domain.kernel.rng import Seed

#: the seed rule tests decide with unless they need another
SEED = Seed(bytes(range(32)))


def _snapshot(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


def play(
    rules: GameRules[Any, Any, Any], state: Any, seat: int, command: Any, seed: Seed = SEED
) -> tuple[list[Any], Any]:
    """Decide `command` from `seat`, check the input state was not touched, then evolve:
    the events and the state they lead to (`state` itself, evolved in place where the
    rules do so)."""
    before = _snapshot(state)
    events = rules.decide(state, seat, command, seed)
    assert _snapshot(state) == before, "decide changed the state it was given"
    for event in events:
        state = rules.evolve(state, event)
    return events, state


def refused(
    rules: GameRules[Any, Any, Any], state: Any, seat: int, command: Any, seed: Seed = SEED
) -> RuleViolation:
    """The `RuleViolation` deciding `command` from `seat` raises (the test fails if it is
    accepted); the state must be left as it was."""
    before = _snapshot(state)
    with pytest.raises(RuleViolation) as caught:
        rules.decide(state, seat, command, seed)
    assert _snapshot(state) == before, "a refused command changed the state"
    return caught.value
