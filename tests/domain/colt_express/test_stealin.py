"""Stealin' (§4.3, §5): each action, each character power, the Marshal."""

from __future__ import annotations

import pytest

from domain.colt_express.commands import Fire, MoveBandit, MoveMarshal, Punch, Rob
from domain.colt_express.events import (
    BanditMoved,
    BulletTaken,
    CardResolved,
    LootTaken,
    MarshalMoved,
)
from domain.colt_express.views import redact
from domain.kernel.errors import RuleViolation

from .builders import of_type, options, play, resolve, table, where, with_card


def targets(state, shooter: str) -> set[str]:
    with_card(state, shooter, "fire")
    return {c.target for c in options(state)}


# --- Move ------------------------------------------------------------------------


def test_move_inside_goes_to_an_adjacent_car_only():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    assert options(state) == [MoveBandit(car=1), MoveBandit(car=3)]


def test_move_inside_the_locomotive_has_one_destination():
    state = table({"ghost": (0, "inside"), "doc": (4, "inside")}, marshal=3)
    with_card(state, "ghost", "move")
    assert options(state) == [MoveBandit(car=1)]


def test_move_on_the_roof_goes_one_to_three_cars_but_never_past_the_ends():
    state = table({"ghost": (1, "roof"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    assert [c.car for c in options(state)] == [0, 2, 3, 4]
    state = table({"ghost": (0, "roof"), "doc": (4, "inside")}, cars=6)
    with_card(state, "ghost", "move")
    assert [c.car for c in options(state)] == [1, 2, 3]


def test_move_is_carried_out_on_the_same_level():
    state = table({"ghost": (1, "roof"), "doc": (4, "inside")})
    events = resolve(state, "ghost", "move", MoveBandit(car=4))
    assert where(state, "ghost") == (4, "roof")
    assert events[-1] == CardResolved(index=0, effect=True)


def test_a_move_the_card_does_not_allow_is_refused():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    with pytest.raises(RuleViolation) as refused:
        play(state, MoveBandit(car=4))
    assert refused.value.code == "illegal-action"


def test_moving_inside_into_the_marshals_car_sends_the_bandit_up_with_a_neutral_bullet():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")}, marshal=1)
    events = resolve(state, "ghost", "move", MoveBandit(car=1))
    assert where(state, "ghost") == (1, "roof")
    assert of_type(events, BulletTaken) == [
        BulletTaken(bandit="ghost", card="bullet/neutral", shooter=None)
    ]
    assert state.neutral_left == 12 and state.bullets_received[0] == 1


# --- Change floor ----------------------------------------------------------------


def test_change_floor_needs_no_choice_and_switches_level():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    resolve(state, "ghost", "change_floor")
    assert where(state, "ghost") == (2, "roof")
    resolve(state, "ghost", "change_floor")
    assert where(state, "ghost") == (2, "inside")


def test_coming_down_into_the_marshals_car_sends_the_bandit_straight_back_up():
    state = table({"ghost": (2, "roof"), "doc": (4, "inside")}, marshal=2)
    events = resolve(state, "ghost", "change_floor")
    assert where(state, "ghost") == (2, "roof")
    assert [e.roof for e in of_type(events, BanditMoved)] == [False, True]
    assert len(of_type(events, BulletTaken)) == 1


# --- Fire ------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["roof", "inside"])
def test_the_rulebooks_four_bandit_example(level):
    """Ghost; Tuco and Cheyenne together; Doc: the rulebook's example, both levels."""
    state = table(
        {"ghost": (1, level), "tuco": (2, level), "cheyenne": (2, level), "doc": (3, level)}
    )
    assert targets(state, "ghost") == {"tuco", "cheyenne"}
    assert targets(state, "tuco") == {"ghost", "doc"}


def test_a_roof_shooter_never_hits_bandits_inside_and_the_nearest_roof_blocks():
    state = table(
        {"doc": (0, "roof"), "ghost": (1, "inside"), "tuco": (2, "roof"), "belle": (4, "roof")}
    )
    assert targets(state, "doc") == {"tuco"}


def test_an_inside_shooter_reaches_only_adjacent_cars_inside():
    state = table(
        {"doc": (2, "inside"), "ghost": (1, "roof"), "tuco": (3, "inside"), "django": (4, "inside")}
    )
    assert targets(state, "doc") == {"tuco"}


def test_nobody_in_the_shooters_own_car_can_be_shot():
    state = table({"doc": (2, "inside"), "ghost": (2, "roof"), "tuco": (2, "inside")})
    assert targets(state, "doc") == set()


def test_tuco_also_shoots_through_the_roof_of_his_own_car():
    state = table({"tuco": (2, "inside"), "ghost": (2, "roof"), "doc": (2, "inside")})
    assert targets(state, "tuco") == {"ghost"}


def test_belle_is_protected_while_someone_else_can_be_shot():
    state = table({"doc": (2, "inside"), "belle": (1, "inside"), "ghost": (3, "inside")})
    assert targets(state, "doc") == {"ghost"}


def test_belle_must_be_shot_when_she_is_the_only_target():
    state = table({"doc": (2, "inside"), "belle": (1, "inside"), "ghost": (4, "roof")})
    assert targets(state, "doc") == {"belle"}


def test_belle_blocks_the_line_of_sight_like_anyone():
    state = table({"doc": (1, "roof"), "belle": (2, "roof"), "ghost": (3, "roof")})
    assert targets(state, "doc") == {"belle"}


def test_a_shot_hands_over_the_highest_remaining_bullet_card():
    state = table({"doc": (2, "inside"), "ghost": (3, "inside")}, bullets_left={"doc": 4})
    events = resolve(state, "doc", "fire", Fire(target="ghost"))
    assert of_type(events, BulletTaken) == [
        BulletTaken(bandit="ghost", card="bullet/doc/4", shooter="doc")
    ]
    assert state.bullets_left[0] == 3
    assert state.decks[1][-1] == "bullet/doc/4"  # on top of the target's deck
    assert state.shots == [1, 0]


def test_a_fire_without_target_has_no_effect_and_keeps_the_bullet():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    events = resolve(state, "doc", "fire")
    assert events[-1] == CardResolved(index=0, effect=False)
    assert state.bullets_left[0] == 6


def test_a_bandit_out_of_bullets_fires_with_no_effect():
    state = table({"doc": (2, "inside"), "ghost": (3, "inside")}, bullets_left={"doc": 0})
    events = resolve(state, "doc", "fire")
    assert events[-1] == CardResolved(index=0, effect=False)
    assert state.bullets_received[1] == 0


def test_django_pushes_his_target_one_car_away_on_the_same_level():
    state = table({"django": (1, "roof"), "ghost": (3, "roof")})
    resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (4, "roof")
    state = table({"django": (3, "inside"), "ghost": (2, "inside")}, marshal=4)
    resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (1, "inside")


def test_django_cannot_push_anyone_off_the_train():
    state = table({"django": (3, "inside"), "ghost": (4, "inside")})
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (4, "inside")
    assert len(of_type(events, BulletTaken)) == 1


def test_django_pushing_a_bandit_into_the_marshals_car_causes_an_encounter():
    state = table({"django": (3, "inside"), "ghost": (2, "inside")}, marshal=1)
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (1, "roof")
    assert [e.card for e in of_type(events, BulletTaken)] == ["bullet/django/6", "bullet/neutral"]


# --- Punch -----------------------------------------------------------------------


def test_punch_victims_share_the_location_and_belle_is_protected():
    state = table(
        {"doc": (2, "roof"), "belle": (2, "roof"), "ghost": (2, "roof"), "tuco": (2, "inside")}
    )
    with_card(state, "doc", "punch")
    assert {c.victim for c in options(state)} == {"ghost"}


def test_a_punch_drops_the_chosen_token_where_both_stand_and_knocks_the_victim_back():
    state = table(
        {"doc": (2, "roof"), "ghost": (2, "roof")}, held={"ghost": ["purse-9", "jewel-1"]}
    )
    with_card(state, "doc", "punch")
    assert set(options(state)) == {
        Punch(victim="ghost", token=t, car=c) for t in ("purse-9", "jewel-1") for c in (1, 3)
    }
    resolve(state, "doc", "punch", Punch(victim="ghost", token="jewel-1", car=3))
    assert state.roof[2] == ["jewel-1"]
    assert state.held[1] == ["purse-9"]
    assert where(state, "ghost") == (3, "roof")


def test_a_victim_in_the_locomotive_is_only_knocked_backward_and_in_the_caboose_forward():
    state = table({"doc": (0, "roof"), "ghost": (0, "roof")})
    with_card(state, "doc", "punch")
    assert {c.car for c in options(state)} == {1}
    state = table({"doc": (4, "inside"), "ghost": (4, "inside")})
    with_card(state, "doc", "punch")
    assert {c.car for c in options(state)} == {3}


def test_a_victim_without_loot_is_still_knocked_back():
    state = table({"doc": (2, "inside"), "ghost": (2, "inside")})
    with_card(state, "doc", "punch")
    assert options(state) == [
        Punch(victim="ghost", token=None, car=1),
        Punch(victim="ghost", token=None, car=3),
    ]
    resolve(state, "doc", "punch", Punch(victim="ghost", token=None, car=1))
    assert where(state, "ghost") == (1, "inside")


def test_a_punch_with_nobody_to_punch_has_no_effect():
    state = table({"doc": (2, "inside"), "ghost": (2, "roof")})
    assert resolve(state, "doc", "punch")[-1] == CardResolved(index=0, effect=False)


def test_a_punch_into_the_marshals_car_causes_an_encounter():
    state = table({"doc": (2, "inside"), "ghost": (2, "inside")}, marshal=1)
    resolve(state, "doc", "punch", Punch(victim="ghost", token=None, car=1))
    assert where(state, "ghost") == (1, "roof")
    assert state.bullets_received[1] == 1


def test_cheyenne_may_keep_a_purse_her_punch_drops():
    state = table({"cheyenne": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    with_card(state, "cheyenne", "punch")
    assert Punch(victim="ghost", token="purse-7", car=1, take_purse=True) in options(state)
    assert Punch(victim="ghost", token="purse-7", car=1, take_purse=False) in options(state)
    resolve(state, "cheyenne", "punch", Punch("ghost", "purse-7", 1, take_purse=True))
    assert state.held[0] == ["purse-7"] and state.inside[2] == []
    assert "purse-7" in state.known[0]


def test_cheyenne_cannot_keep_a_jewel_and_others_cannot_keep_anything():
    state = table({"cheyenne": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["jewel-2"]})
    with_card(state, "cheyenne", "punch")
    assert not any(c.take_purse for c in options(state))
    state = table({"doc": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    with_card(state, "doc", "punch")
    assert not any(c.take_purse for c in options(state))


# --- Rob -------------------------------------------------------------------------


def test_rob_takes_a_token_from_the_bandits_own_location():
    state = table(
        {"doc": (2, "roof"), "ghost": (4, "inside")},
        inside={2: ["jewel-1"]},
        roof={2: ["purse-8"]},
        purse_values={"purse-8": 450},
    )
    with_card(state, "doc", "rob")
    assert options(state) == [Rob(token="purse-8")]
    events = resolve(state, "doc", "rob", Rob(token="purse-8"))
    assert state.held[0] == ["purse-8"] and state.roof[2] == []
    (taken,) = of_type(events, LootTaken)
    assert taken.value == 450
    assert redact(taken, 0).value == 450  # the robber looks at his purse
    assert redact(taken, 1).value is None and redact(taken, None).value is None


def test_rob_with_nothing_to_take_has_no_effect():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")}, roof={2: ["jewel-1"]})
    assert resolve(state, "doc", "rob")[-1] == CardResolved(index=0, effect=False)


# --- Marshal ---------------------------------------------------------------------


def test_the_marshal_moves_one_car_and_only_backward_from_the_locomotive():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    with_card(state, "doc", "marshal")
    assert options(state) == [MoveMarshal(car=1)]
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")}, marshal=4)
    with_card(state, "doc", "marshal")
    assert options(state) == [MoveMarshal(car=3)]


def test_every_bandit_inside_the_car_the_marshal_enters_flees_with_a_neutral_bullet():
    state = table({"doc": (1, "inside"), "ghost": (1, "inside"), "tuco": (1, "roof")})
    events = resolve(state, "tuco", "marshal", MoveMarshal(car=1))
    assert of_type(events, MarshalMoved) == [MarshalMoved(car=1)]
    assert where(state, "doc") == (1, "roof") and where(state, "ghost") == (1, "roof")
    assert state.bullets_received == [1, 1, 0]
    assert state.neutral_left == 11


def test_a_group_the_neutral_supply_cannot_cover_gets_no_bullets_but_still_flees():
    state = table(
        {"doc": (1, "inside"), "ghost": (1, "inside"), "tuco": (1, "roof")}, neutral_left=1
    )
    events = resolve(state, "tuco", "marshal", MoveMarshal(car=1))
    assert of_type(events, BulletTaken) == []
    assert where(state, "doc") == (1, "roof") and state.neutral_left == 1


def test_a_resolved_card_goes_back_on_top_of_its_owners_deck():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    resolve(state, "doc", "change_floor")
    assert state.decks[0][-1] == "doc/change_floor"


def test_only_the_cards_owner_may_decide_it():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    with_card(state, "doc", "move")
    with pytest.raises(RuleViolation) as refused:
        play(state, MoveBandit(car=1), seat=1)
    assert refused.value.code == "not-your-turn"
