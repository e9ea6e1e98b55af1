"""Review of the two-player game (§8): cover fire limits, whose card is whose, shared decks."""

from __future__ import annotations

import pytest

from domain.colt_express.commands import (
    DeclineCoverFire,
    DrawCards,
    Fire,
    KeepCard,
    MoveBandit,
    PlayCard,
    Punch,
)
from domain.colt_express.events import SchemingEnded
from domain.colt_express.round import to_act
from domain.colt_express.rules import legal_commands
from domain.kernel.errors import RuleViolation

from .builders import (
    of_type,
    options,
    play,
    resolve,
    run_round_end,
    scheming,
    table,
    where,
    with_card,
)

FOUR = ["ghost", "doc", "tuco", "belle"]  # seat 0: ghost, doc; seat 1: tuco, belle


def refused(state, command) -> str:
    with pytest.raises(RuleViolation) as caught:
        play(state, command)
    return caught.value.code


def test_a_cover_card_must_be_a_face_up_non_marshal_card_of_the_other_bandit():
    hands = {"ghost": ["ghost/fire", "ghost/rob", "doc/marshal", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    play(state, PlayCard(card="ghost/fire"))
    assert refused(state, PlayCard(card="ghost/rob")) == "illegal-cover-fire"
    assert refused(state, PlayCard(card="doc/marshal")) == "illegal-cover-fire"
    assert refused(state, PlayCard(card="doc/move", face_down=True)) == "illegal-cover-fire"
    (event,) = play(state, PlayCard(card="doc/move"))
    assert event.cover_fire and not event.face_down


def test_no_cover_fire_opens_when_the_other_bandit_has_no_card_that_could_follow():
    hands = {"ghost": ["ghost/fire", "doc/marshal", "bullet/tuco/6", "ghost/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    play(state, PlayCard(card="ghost/fire"))
    assert not state.cover_pending and to_act(state) == [1]


def test_a_fire_that_goes_face_down_opens_no_cover_fire():
    hands = {"ghost": ["ghost/fire", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    play(state, PlayCard(card="ghost/fire", face_down=True))  # Ghost's first card
    assert not state.cover_pending and to_act(state) == [1]


@pytest.mark.parametrize(
    ("round_card", "turn"), [("r24-bridge", 1), ("r24-angry-marshal", 3)]
)  # speeding up; switching
def test_cover_fire_belongs_to_normal_turns_only(round_card, turn):
    hands = {"ghost": ["ghost/fire", "doc/move", "doc/fire"]}
    state = scheming(FOUR, hands=hands, two_player=True, round_card=round_card)
    state.turn = turn
    play(state, PlayCard(card="ghost/fire"))
    assert not state.cover_pending
    assert DeclineCoverFire() not in legal_commands(state, to_act(state)[0])


def test_a_cover_fire_on_the_last_action_of_schemin_is_played_before_stealin():
    hands = {"ghost": ["ghost/rob"], "tuco": ["tuco/fire", "belle/move", "tuco/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True, round_card="r24-bridge")
    state.turn = 2  # the last turn of N 2 N
    play(state, PlayCard(card="ghost/rob"))
    assert play(state, PlayCard(card="tuco/fire")) and state.phase == "schemin"
    assert state.cover_pending and to_act(state) == [1]
    events = play(state, PlayCard(card="belle/move"))
    assert of_type(events, SchemingEnded) and state.pile == ["ghost/rob", "tuco/fire", "belle/move"]


def test_a_two_player_switching_turn_runs_in_the_normal_order():
    state = scheming(FOUR, round_card="r24-angry-marshal", two_player=True, first_player=1)
    state.turn = 3  # N N T S
    seen = []
    for _ in range(2):
        seen.append(to_act(state)[0])
        play(state, DrawCards())
    assert seen == [1, 0]


def test_nothing_forces_a_player_to_alternate_his_bandits():
    hands = {"ghost": ["ghost/move", "ghost/rob", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    play(state, PlayCard(card="ghost/move"))
    play(state, DrawCards())
    play(state, PlayCard(card="ghost/rob"))
    assert state.pile == ["ghost/move", "ghost/rob"]


def test_each_card_moves_the_bandit_it_shows_and_its_controller_decides():
    state = table(
        {"ghost": (1, "inside"), "doc": (3, "inside"), "tuco": (4, "roof"), "belle": (2, "roof")},
        two_player=True,
    )
    with_card(state, "doc", "move")
    assert to_act(state) == [0]
    resolve(state, "doc", "move", MoveBandit(car=2))
    assert where(state, "doc") == (2, "inside") and where(state, "ghost") == (1, "inside")
    with_card(state, "belle", "move")
    assert to_act(state) == [1]


def test_a_player_may_punch_his_own_other_bandit():
    state = table(
        {"ghost": (2, "inside"), "doc": (2, "inside"), "tuco": (4, "roof"), "belle": (1, "roof")},
        two_player=True,
        held={"doc": ["jewel-1"]},
    )
    with_card(state, "ghost", "punch")
    assert {c.victim for c in options(state)} == {"doc"}
    resolve(state, "ghost", "punch", Punch(victim="doc", token="jewel-1", car=3))
    assert state.inside[2] == ["jewel-1"] and where(state, "doc") == (3, "inside")


def test_a_bullet_goes_into_the_deck_of_the_hit_bandits_controller_and_counts_for_the_shooter():
    state = table(
        {"ghost": (2, "inside"), "doc": (4, "roof"), "tuco": (3, "inside"), "belle": (1, "roof")},
        two_player=True,
    )
    resolve(state, "tuco", "fire", Fire(target="ghost"))
    assert state.decks[0] == ["bullet/tuco/6"] and state.decks[1] == ["tuco/fire"]
    assert state.shots == [0, 1] and state.bullets_left == [6, 6, 5, 6]


def test_each_bandit_has_his_own_six_bullets():
    state = table(
        {"ghost": (2, "inside"), "doc": (2, "roof"), "tuco": (3, "inside"), "belle": (3, "roof")},
        two_player=True,
        bullets_left={"ghost": 0},
    )
    assert resolve(state, "ghost", "fire")[-1].effect is False
    resolve(state, "doc", "fire", Fire(target="belle"))
    assert state.bullets_left == [0, 5, 6, 6]


def test_every_round_starts_with_the_keep_then_draw_and_the_new_first_player_keeps_first():
    state = table(
        {"ghost": (1, "inside"), "doc": (3, "inside"), "tuco": (4, "roof"), "belle": (2, "roof")},
        two_player=True,
        first_player=1,
    )
    state.decks = [[f"ghost/{a}" for a in ("move", "rob")] * 5 + ["bullet/tuco/6"], ["tuco/rob"]]
    state.decks[1] = [*state.decks[1] * 10, "tuco/move"]
    run_round_end(state)
    assert state.phase == "keeping" and state.first_player == 0 and to_act(state) == [0]
    assert KeepCard(card="bullet/tuco/6") in legal_commands(state, 0)  # any card of the deck
    play(state, KeepCard(card="ghost/rob"))
    assert state.hands[0][0] == "ghost/rob" and len(state.hands[0]) == 8  # Doc: 1 + 7
    assert to_act(state) == [1]
    play(state, KeepCard(card="tuco/move"))
    assert len(state.hands[1]) == 7 and state.phase == "schemin"
