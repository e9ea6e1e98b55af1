"""Random legal games to the end, 2-6 players, with invariants checked at every step.

Loot is conserved, every bandit stays on the train and out of the Marshal's
car, cards and bullets are conserved, `decide` never changes the state it is
given, replaying the log rebuilds the live state, and nothing hidden shows in
a view or in an event redacted for someone else.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.colt_express import RULES
from domain.colt_express.commands import (
    Command,
    DeclineCoverFire,
    DrawCards,
    Fire,
    GiveUpPurse,
    KeepCard,
    MoveBandit,
    MoveMarshal,
    Pickpocket,
    PlaceBandits,
    PlayCard,
    Punch,
    Rob,
)
from domain.colt_express.components import BULLETS_PER_BANDIT, NEUTRAL_BULLETS, card_parts
from domain.colt_express.events import ColtExpressGameEnded
from domain.colt_express.evolve import evolve
from domain.colt_express.state import State
from domain.colt_express.views import private_view, public_view
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game

from .secrecy import event_leaks, view_leaks


def loot(state: State) -> Counter[str]:
    tokens = [t for place in (*state.inside, *state.roof, *state.held) for t in place]
    return Counter(tokens + state.reserve)


def check_event(state: State, tokens: Counter[str]) -> None:
    """Invariants that hold after every single event."""
    ransoms = Counter(f"ransom-{k}" for k in range(1, state.ransoms + 1))
    assert loot(state) == tokens + ransoms, "loot is conserved"
    for b in range(len(state.characters)):
        assert 0 <= state.bandit_car[b] <= state.caboose, "bandits stay on the train"
    assert 0 <= state.marshal <= state.caboose


def check_board(state: State) -> None:
    """Invariants that hold once a command's events are all applied."""
    for b in range(len(state.characters)):
        assert state.bandit_roof[b] or state.bandit_car[b] != state.marshal, (
            "nobody with the Marshal"
        )
    per_seat = 2 if state.two_player else 1
    for seat in range(state.seats):
        bandits = [b for b in range(len(state.characters)) if state.controller[b] == seat]
        pending = [
            c
            for c in state.pile[state.pile_pos :]
            if card_parts(c)[0] in {state.characters[b] for b in bandits}
        ]
        cards = len(state.hands[seat]) + len(state.decks[seat]) + len(pending)
        received = sum(state.bullets_received[b] for b in bandits)
        assert cards == (11 if per_seat == 2 else 10) + received, "cards are conserved"
    fired = sum(BULLETS_PER_BANDIT - left for left in state.bullets_left)
    neutral = NEUTRAL_BULLETS - state.neutral_left
    assert sum(state.bullets_received) == fired + neutral


def strays(state: State) -> list[Command]:
    """Commands that are wrong almost everywhere: unknown names, cars off the train."""
    somebody = state.characters[-1]
    return [
        PlaceBandits(caboose="zorro"),
        KeepCard(card="zorro/move"),
        PlayCard(card="zorro/move"),
        PlayCard(card=f"{somebody}/fire", face_down=True),
        DrawCards(),
        DeclineCoverFire(),
        MoveBandit(car=-1),
        MoveBandit(car=2),
        Fire(target="zorro"),
        Fire(target=somebody),
        Punch(victim=somebody, token="jewel-99", car=9),
        Rob(token="purse-99"),
        MoveMarshal(car=1),
        Pickpocket(token="purse-99"),
        GiveUpPurse(token="purse-1"),
    ]


def check_refusals(state: State, seat: int, legal: list[Command], seed: Seed) -> None:
    """Whatever is not a legal move now is refused with a rule code, the state untouched."""
    waiting = [s for s in range(state.seats) if s != seat]
    for command in strays(state):
        for who in (seat, *waiting[:1]):
            if who == seat and command in legal:
                continue
            before = state.clone()
            try:
                RULES.decide(state, who, command, seed)
            except RuleViolation as refusal:
                assert refusal.code and refusal.message
            else:
                # only Schemin' accepts more than it lists: a tunnel card sent face up
                assert who == seat and state.phase == "schemin", (command, state.phase)
            assert state == before


def play_checked(seats: int, seed: Seed, chooser: random.Random, secrecy_every: int) -> None:
    log = RULES.start(Setup(seats=seats), seed)
    state: State | None = None
    viewers: list[int | None] = [None, *range(seats)]
    for event in log:
        state = evolve(state, event)
        for viewer in viewers:
            assert event_leaks(event, viewer, state, seed.hex) == []
    assert state is not None
    tokens = loot(state)
    commands = 0
    while RULES.to_act(state):
        (seat,) = RULES.to_act(state)
        moves = RULES.legal_moves(state, seat)
        assert moves, "whoever is to act has a legal move"
        if commands % secrecy_every == 3:
            check_refusals(state, seat, [m.command for m in moves], seed)
        before = state.clone()
        events = RULES.decide(state, seat, chooser.choice(moves).command, seed)
        assert state == before, "decide leaves the state alone"
        for event in events:
            state = evolve(state, event)
            check_event(state, tokens)
            for viewer in viewers:
                assert event_leaks(event, viewer, state, seed.hex) == [], (event, viewer)
        log.extend(events)
        check_board(state)
        commands += 1
        if commands % secrecy_every == 0:
            assert not view_leaks(state, public_view, None)
            for viewer in range(seats):
                assert not view_leaks(state, lambda s, v=viewer: private_view(s, v), viewer)
    assert isinstance(log[-1], ColtExpressGameEnded) and state.round == 5
    result = RULES.result(state)
    assert result is not None and result.winners
    replayed: State | None = None
    for event in log:
        replayed = evolve(replayed, event)
    assert replayed == state, "replaying the log rebuilds the game"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(min_value=2, max_value=6),
    seed=st.binary(min_size=32, max_size=32),
    choices=st.integers(min_value=0, max_value=2**32),
)
def test_random_games_keep_every_invariant(seats, seed, choices):
    play_checked(seats, Seed(seed), random.Random(choices), secrecy_every=7)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_selfplay_finishes_games_for_every_player_count(seats):
    for i in range(5):
        state, log = play_random_game(
            RULES, Setup(seats=seats), Seed(bytes([seats, i]) * 16), random.Random(i)
        )
        assert RULES.result(state) is not None and isinstance(log[-1], ColtExpressGameEnded)
