"""The two-player game (§8): two bandits each, 11-card decks, cover fire, friendly fire."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from domain.colt_express.commands import (
    DeclineCoverFire,
    DrawCards,
    Fire,
    KeepCard,
    MoveBandit,
    PlaceBandits,
    PlayCard,
    Punch,
)
from domain.colt_express.components import PURSE_VALUES, ROUND_CARDS
from domain.colt_express.events import BulletTaken, SchemingEnded
from domain.colt_express.final import final_scores
from domain.colt_express.round import to_act
from domain.colt_express.rules import legal_commands
from domain.colt_express.state import State
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed

from .builders import (
    act,
    act_refused,
    of_type,
    options,
    resolve,
    run_round_end,
    scheming,
    started,
    table,
    where,
    with_card,
)

FOUR = ["ghost", "doc", "tuco", "belle"]  # seat 0: ghost, doc; seat 1: tuco, belle


def two_player_game() -> State:
    """A two-player game of `FOUR` just opened: the players are about to place their bandits."""
    setup = Setup(seats=2, options={"characters": ",".join(FOUR)})
    return started(setup, Seed(hashlib.sha256(b"two players").digest()))[0]


# --- setup and the start of each round ------------------------------------------------


def test_each_player_has_two_bandits_three_cars_and_an_eleven_card_deck():
    state = two_player_game()
    assert state.controller == [0, 0, 1, 1] and len(state.wagons) == 3
    assert state.bullets_left == [6, 6, 6, 6]
    for seat, (a, b) in enumerate([("ghost", "doc"), ("tuco", "belle")]):
        deck = Counter(state.decks[seat])
        five = ("move", "change_floor", "fire", "punch", "rob")
        assert all(deck[f"{x}/{action}"] == 1 for x in (a, b) for action in five)
        assert deck[f"{a}/marshal"] + deck[f"{b}/marshal"] == 1 and sum(deck.values()) == 11
    assert all(len(h) == 1 for h in state.held)
    held = sorted(t for h in state.held for t in h)
    assert held == ["purse-1", "purse-2", "purse-3", "purse-4"]
    assert all(state.purse_values[t] == 250 for t in held)
    assert not Counter(state.purse_values.values()) - Counter(PURSE_VALUES)
    assert all(ROUND_CARDS[c][0] == "2-4" for c in state.round_deck[:4])


def test_each_player_chooses_which_bandit_starts_in_the_caboose():
    state = two_player_game()
    first = state.first_player
    assert state.phase == "placing" and to_act(state) == [first]
    mine = FOUR[2 * first : 2 * first + 2]
    assert legal_commands(state, first) == [PlaceBandits(caboose=c) for c in mine]
    refusal = act_refused(state, PlaceBandits(caboose=FOUR[2 * (1 - first)]))
    assert refusal.code == "not-your-bandit"
    act(state, PlaceBandits(caboose=mine[1]))
    b = state.bandit(mine[1])
    assert state.bandit_car[b] == 3 and state.bandit_car[b - 1] == 2
    other = FOUR[2 * (1 - first)]
    act(state, PlaceBandits(caboose=other))
    assert state.phase == "keeping" and to_act(state) == [first]


def test_at_the_start_of_a_round_a_player_keeps_one_card_then_draws_six_or_seven_with_doc():
    state = two_player_game()
    first = state.first_player
    act(state, PlaceBandits(caboose=FOUR[2 * first]))
    act(state, PlaceBandits(caboose=FOUR[2 * (1 - first)]))
    for seat in (first, 1 - first):
        card = "doc/fire" if seat == 0 else "tuco/rob"
        act(state, KeepCard(card=card))
        assert card in state.hands[seat]
        assert len(state.hands[seat]) == (8 if seat == 0 else 7)
        assert len(state.hands[seat]) + len(state.decks[seat]) == 11
    assert state.phase == "schemin"


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
    act(state, KeepCard(card="ghost/rob"))
    assert state.hands[0][0] == "ghost/rob" and len(state.hands[0]) == 8  # Doc: 1 + 7
    assert to_act(state) == [1]
    act(state, KeepCard(card="tuco/move"))
    assert len(state.hands[1]) == 7 and state.phase == "schemin"


# --- Schemin': the turn order, the pile, Ghost ----------------------------------------


def test_a_two_player_switching_turn_runs_in_the_normal_order():
    state = scheming(FOUR, round_card="r24-angry-marshal", two_player=True, first_player=1)
    state.turn = 3  # N N T S
    seen = []
    for _ in range(2):
        seen.append(to_act(state)[0])
        act(state, DrawCards())
    assert seen == [1, 0]


def test_nothing_forces_a_player_to_alternate_his_bandits():
    hands = {"ghost": ["ghost/move", "ghost/rob", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/move"))
    act(state, DrawCards())
    act(state, PlayCard(card="ghost/rob"))
    assert state.pile == ["ghost/move", "ghost/rob"]


def test_in_the_two_player_game_only_a_ghost_card_may_go_face_down():
    hands = {"ghost": ["ghost/fire", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    face_down = {
        c.card for c in legal_commands(state, 0) if isinstance(c, PlayCard) and c.face_down
    }
    assert face_down == {"ghost/fire"}


# --- cover fire -----------------------------------------------------------------------


def test_a_face_up_fire_on_a_normal_turn_opens_a_cover_fire_with_the_other_bandit():
    hands = {"ghost": ["ghost/fire", "doc/move", "doc/marshal", "ghost/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/fire"))
    assert state.cover_pending and to_act(state) == [0]
    assert legal_commands(state, 0) == [PlayCard(card="doc/move"), DeclineCoverFire()]
    assert act_refused(state, DrawCards()).code == "cover-fire-pending"
    (event,) = act(state, PlayCard(card="doc/move"))
    assert event.cover_fire and state.pile == ["ghost/fire", "doc/move"]
    assert to_act(state) == [1]


def test_a_cover_card_must_be_a_face_up_non_marshal_card_of_the_other_bandit():
    hands = {"ghost": ["ghost/fire", "ghost/rob", "doc/marshal", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/fire"))
    for wrong in (
        PlayCard(card="ghost/rob"),
        PlayCard(card="doc/marshal"),
        PlayCard(card="doc/move", face_down=True),
    ):
        assert act_refused(state, wrong).code == "illegal-cover-fire"
    (event,) = act(state, PlayCard(card="doc/move"))
    assert event.cover_fire and not event.face_down


def test_cover_fire_may_be_declined_and_is_not_offered_in_a_tunnel():
    hands = {"ghost": ["ghost/fire", "doc/fire", "ghost/move"]}
    state = scheming(FOUR, hands=hands, two_player=True, round_card="r24-tunnel")
    act(state, PlayCard(card="ghost/fire"))
    act(state, DeclineCoverFire())
    assert not state.cover_pending and to_act(state) == [1]
    act(state, DrawCards())
    assert state.turn == 1  # a tunnel turn
    act(state, PlayCard(card="doc/fire"))
    assert not state.cover_pending and to_act(state) == [1]


def test_a_cover_card_never_opens_another_cover_fire():
    hands = {"ghost": ["ghost/fire", "doc/fire", "ghost/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/fire"))
    act(state, PlayCard(card="doc/fire"))
    assert not state.cover_pending and to_act(state) == [1]


def test_no_cover_fire_opens_when_the_other_bandit_has_no_card_that_could_follow():
    hands = {"ghost": ["ghost/fire", "doc/marshal", "bullet/tuco/6", "ghost/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/fire"))
    assert not state.cover_pending and to_act(state) == [1]


def test_a_fire_that_goes_face_down_opens_no_cover_fire():
    hands = {"ghost": ["ghost/fire", "doc/move"]}
    state = scheming(FOUR, hands=hands, two_player=True)
    act(state, PlayCard(card="ghost/fire", face_down=True))  # Ghost's first card
    assert not state.cover_pending and to_act(state) == [1]


@pytest.mark.parametrize(
    ("round_card", "turn"), [("r24-bridge", 1), ("r24-angry-marshal", 3)]
)  # speeding up; switching
def test_cover_fire_belongs_to_normal_turns_only(round_card, turn):
    hands = {"ghost": ["ghost/fire", "doc/move", "doc/fire"]}
    state = scheming(FOUR, hands=hands, two_player=True, round_card=round_card)
    state.turn = turn
    act(state, PlayCard(card="ghost/fire"))
    assert not state.cover_pending
    assert DeclineCoverFire() not in legal_commands(state, to_act(state)[0])


def test_a_cover_fire_on_the_last_action_of_schemin_is_played_before_stealin():
    hands = {"ghost": ["ghost/rob"], "tuco": ["tuco/fire", "belle/move", "tuco/rob"]}
    state = scheming(FOUR, hands=hands, two_player=True, round_card="r24-bridge")
    state.turn = 2  # the last turn of N 2 N
    act(state, PlayCard(card="ghost/rob"))
    assert act(state, PlayCard(card="tuco/fire")) and state.phase == "schemin"
    assert state.cover_pending and to_act(state) == [1]
    events = act(state, PlayCard(card="belle/move"))
    assert of_type(events, SchemingEnded) and state.pile == ["ghost/rob", "tuco/fire", "belle/move"]


# --- Stealin': whose card, friendly fire, bullets -------------------------------------


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


def test_belle_is_protected_by_her_partner_being_a_target():
    state = table(
        {"tuco": (2, "inside"), "belle": (3, "inside"), "ghost": (3, "inside"), "doc": (4, "roof")},
        two_player=True,
    )
    with_card(state, "ghost", "fire")
    assert options(state) == [Fire(target="tuco")]
    with_card(state, "tuco", "fire")
    assert {c.target for c in options(state)} == {"ghost"}


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


# --- scoring --------------------------------------------------------------------------


def test_two_player_scores_add_both_bandits_and_the_tie_break_counts_both():
    state = table(
        {"ghost": (2, "inside"), "doc": (3, "inside"), "tuco": (4, "roof"), "belle": (1, "roof")},
        two_player=True,
        held={"ghost": ["jewel-1"], "doc": ["jewel-2"], "tuco": ["strongbox-1"]},
    )
    state.shots = [1, 1]
    state.bullets_received = [0, 2, 1, 0]
    assert final_scores(state) == ([2000, 2000], [1], [0, 1])
