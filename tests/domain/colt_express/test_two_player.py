"""The two-player game (§8): two bandits each, 11-card decks, cover fire, friendly fire."""

from __future__ import annotations

import hashlib

import pytest

from domain.colt_express import RULES
from domain.colt_express.commands import (
    DeclineCoverFire,
    DrawCards,
    Fire,
    KeepCard,
    PlaceBandits,
    PlayCard,
)
from domain.colt_express.events import BulletTaken
from domain.colt_express.evolve import evolve
from domain.colt_express.final import final_scores
from domain.colt_express.round import to_act
from domain.colt_express.rules import legal_commands
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed

from .builders import SEED, of_type, options, play, resolve, scheming, table, with_card

FOUR = ["ghost", "doc", "tuco", "belle"]  # seat 0: ghost, doc; seat 1: tuco, belle


def opened():
    setup = Setup(seats=2, options={"characters": ",".join(FOUR)})
    events = RULES.start(setup, Seed(hashlib.sha256(b"two players").digest()))
    state = None
    for event in events:
        state = evolve(state, event)
    return state


def test_each_player_has_two_bandits_three_cars_and_an_eleven_card_deck():
    state = opened()
    assert state.controller == [0, 0, 1, 1] and len(state.wagons) == 3
    assert [len(d) for d in state.decks] == [11, 11]
    assert (
        sorted(state.decks[0]).count("ghost/marshal") + sorted(state.decks[0]).count("doc/marshal")
        == 1
    )
    assert len(state.held) == 4 and all(len(h) == 1 for h in state.held)


def test_each_player_chooses_which_bandit_starts_in_the_caboose():
    state = opened()
    first = state.first_player
    assert state.phase == "placing" and to_act(state) == [first]
    mine = FOUR[2 * first : 2 * first + 2]
    assert legal_commands(state, first) == [PlaceBandits(caboose=c) for c in mine]
    with pytest.raises(RuleViolation):
        play(state, PlaceBandits(caboose=FOUR[2 * (1 - first)]))
    play(state, PlaceBandits(caboose=mine[1]))
    b = state.bandit(mine[1])
    assert state.bandit_car[b] == 3 and state.bandit_car[b - 1] == 2
    other = FOUR[2 * (1 - first)]
    play(state, PlaceBandits(caboose=other))
    assert state.phase == "keeping" and to_act(state) == [first]


def test_at_the_start_of_a_round_a_player_keeps_one_card_then_draws_six_or_seven_with_doc():
    state = opened()
    first = state.first_player
    play(state, PlaceBandits(caboose=FOUR[2 * first]))
    play(state, PlaceBandits(caboose=FOUR[2 * (1 - first)]))
    for seat in (first, 1 - first):
        card = "doc/fire" if seat == 0 else "tuco/rob"
        play(state, KeepCard(card=card))
        assert card in state.hands[seat]
        assert len(state.hands[seat]) == (8 if seat == 0 else 7)
        assert len(state.hands[seat]) + len(state.decks[seat]) == 11
    assert state.phase == "schemin"


def test_a_face_up_fire_on_a_normal_turn_opens_a_cover_fire_with_the_other_bandit():
    hands = {"ghost": ["ghost/fire", "doc/move", "doc/marshal", "ghost/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    play(state, PlayCard(card="ghost/fire"))
    assert state.cover_pending and to_act(state) == [0]
    assert legal_commands(state, 0) == [PlayCard(card="doc/move"), DeclineCoverFire()]
    with pytest.raises(RuleViolation):
        play(state, DrawCards())
    (event,) = play(state, PlayCard(card="doc/move"))
    assert event.cover_fire and state.pile == ["ghost/fire", "doc/move"]
    assert to_act(state) == [1]


def test_cover_fire_may_be_declined_and_is_not_offered_in_a_tunnel():
    hands = {"ghost": ["ghost/fire", "doc/fire", "ghost/move"]}
    state = scheming(FOUR, hands=hands, two_player=True, round_card="r24-tunnel")
    play(state, PlayCard(card="ghost/fire"))
    play(state, DeclineCoverFire())
    assert not state.cover_pending and to_act(state) == [1]
    play(state, DrawCards())
    assert state.turn == 1  # a tunnel turn
    play(state, PlayCard(card="doc/fire"))
    assert not state.cover_pending and to_act(state) == [1]


def test_a_cover_card_never_opens_another_cover_fire():
    hands = {"ghost": ["ghost/fire", "doc/fire", "ghost/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    play(state, PlayCard(card="ghost/fire"))
    play(state, PlayCard(card="doc/fire"))
    assert not state.cover_pending and to_act(state) == [1]


def test_in_the_two_player_game_only_a_ghost_card_may_go_face_down():
    hands = {"ghost": ["ghost/fire", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    face_down = {
        c.card for c in legal_commands(state, 0) if isinstance(c, PlayCard) and c.face_down
    }
    assert face_down == {"ghost/fire"}


def test_a_player_may_shoot_his_own_other_bandit_but_it_is_no_gunslinger_shot():
    state = table(
        {"ghost": (2, "inside"), "doc": (3, "inside"), "tuco": (4, "roof"), "belle": (1, "roof")},
        two_player=True,
    )
    with_card(state, "ghost", "fire")
    assert {c.target for c in options(state)} == {"doc"}
    events = resolve(state, "ghost", "fire", Fire(target="doc"))
    assert of_type(events, BulletTaken)[0].card == "bullet/ghost/6"
    assert state.shots == [0, 0] and state.bullets_left[0] == 5
    assert state.decks[0][-2] == "bullet/ghost/6"  # under the resolved card, in his own deck


def test_belle_is_protected_by_her_partner_being_a_target():
    state = table(
        {"tuco": (2, "inside"), "belle": (3, "inside"), "ghost": (3, "inside"), "doc": (4, "roof")},
        two_player=True,
    )
    with_card(state, "ghost", "fire")
    assert options(state) == [Fire(target="tuco")]
    with_card(state, "tuco", "fire")
    assert {c.target for c in options(state)} == {"ghost"}


def test_two_player_scores_add_both_bandits_and_the_tie_break_counts_both():
    state = table(
        {"ghost": (2, "inside"), "doc": (3, "inside"), "tuco": (4, "roof"), "belle": (1, "roof")},
        two_player=True,
        held={"ghost": ["jewel-1"], "doc": ["jewel-2"], "tuco": ["strongbox-1"]},
    )
    state.shots = [1, 1]
    state.bullets_received = [0, 2, 1, 0]
    assert final_scores(state) == ([2000, 2000], [1], [0, 1])
    assert SEED  # the shared test seed exists for decide calls
