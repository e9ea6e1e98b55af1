"""Review of Stealin' (§4.3, §4.4, §5): corners the first tests did not pin down."""

from __future__ import annotations

import pytest

from domain.colt_express.commands import Fire, MoveBandit, MoveMarshal, Punch, Rob
from domain.colt_express.events import (
    BanditMoved,
    BulletTaken,
    CardResolved,
    LootDropped,
    LootTaken,
)
from domain.colt_express.views import private_view, public_view
from domain.kernel.errors import RuleViolation

from .builders import of_type, options, play, resolve, table, where, with_card


def targets(state, shooter: str) -> set[str]:
    with_card(state, shooter, "fire")
    return {c.target for c in options(state)}


def refused(state, command) -> str:
    with pytest.raises(RuleViolation) as caught:
        play(state, command)
    return caught.value.code


# --- compulsory actions, nobody stays put (resolution 27) -----------------------------


def test_no_card_lets_its_bandit_or_the_marshal_stay_where_they_are():
    state = table({"ghost": (2, "roof"), "doc": (2, "roof")}, marshal=3)
    with_card(state, "ghost", "move")
    assert MoveBandit(car=2) not in options(state)
    assert refused(state, MoveBandit(car=2)) == "illegal-action"
    with_card(state, "ghost", "punch")
    assert all(c.car != 2 for c in options(state))
    assert refused(state, Punch(victim="doc", token=None, car=2)) == "illegal-action"
    with_card(state, "ghost", "marshal")
    assert refused(state, MoveMarshal(car=3)) == "illegal-action"


def test_an_action_that_can_be_carried_out_cannot_be_passed():
    """Rob with loot at hand: every option takes a token, and a card never resolves unasked."""
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")}, inside={2: ["jewel-1"]})
    with_card(state, "doc", "rob")
    assert options(state) == [Rob(token="jewel-1")]
    assert refused(state, Rob(token="jewel-2")) == "illegal-action"
    assert state.revealed and state.pile_pos == 0


# --- Move ------------------------------------------------------------------------


def test_move_from_the_caboose_goes_only_forward_on_both_levels():
    state = table({"ghost": (4, "inside"), "doc": (1, "inside")})
    with_card(state, "ghost", "move")
    assert options(state) == [MoveBandit(car=3)]
    state = table({"ghost": (4, "roof"), "doc": (1, "inside")})
    with_card(state, "ghost", "move")
    assert [c.car for c in options(state)] == [1, 2, 3]


def test_a_roof_move_passes_over_other_bandits():
    state = table({"ghost": (1, "roof"), "doc": (2, "roof"), "tuco": (3, "roof")})
    resolve(state, "ghost", "move", MoveBandit(car=4))
    assert where(state, "ghost") == (4, "roof")


def test_a_roof_move_above_the_marshal_causes_no_encounter():
    state = table({"ghost": (1, "roof"), "doc": (4, "inside")}, marshal=3)
    events = resolve(state, "ghost", "move", MoveBandit(car=3))
    assert where(state, "ghost") == (3, "roof") and of_type(events, BulletTaken) == []


# --- Fire ------------------------------------------------------------------------


def test_an_inside_shooter_may_shoot_forward_or_backward():
    state = table({"doc": (2, "inside"), "ghost": (1, "inside"), "tuco": (3, "inside")})
    assert targets(state, "doc") == {"ghost", "tuco"}


def test_a_roof_shooter_sees_the_nearest_roof_in_each_direction():
    state = table(
        {"doc": (2, "roof"), "ghost": (0, "roof"), "tuco": (3, "roof"), "belle": (4, "roof")}
    )
    assert targets(state, "doc") == {"ghost", "tuco"}


def test_the_marshal_never_blocks_a_shot_and_can_never_be_its_target():
    state = table({"doc": (1, "roof"), "ghost": (3, "roof")}, marshal=2)
    assert targets(state, "doc") == {"ghost"}
    assert refused(state, Fire(target="marshal")) == "illegal-action"
    state = table({"doc": (1, "inside"), "ghost": (2, "roof")}, marshal=2)
    assert resolve(state, "doc", "fire")[-1] == CardResolved(index=0, effect=False)


def test_tuco_keeps_his_normal_targets_besides_the_other_level_of_his_car():
    state = table(
        {"tuco": (2, "inside"), "ghost": (3, "inside"), "doc": (2, "roof"), "django": (1, "roof")}
    )
    assert targets(state, "tuco") == {"ghost", "doc"}
    state = table(
        {"tuco": (2, "roof"), "ghost": (4, "roof"), "doc": (2, "inside"), "django": (1, "inside")}
    )
    assert targets(state, "tuco") == {"ghost", "doc"}


def test_belle_under_tuco_is_protected_by_a_target_next_door():
    state = table({"tuco": (2, "inside"), "belle": (2, "roof"), "ghost": (3, "inside")})
    assert targets(state, "tuco") == {"ghost"}


def test_django_cannot_push_past_the_locomotive():
    state = table({"django": (2, "roof"), "ghost": (0, "roof")})
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (0, "roof")
    assert [e.card for e in of_type(events, BulletTaken)] == ["bullet/django/6"]


def test_django_pushing_along_the_marshals_roof_causes_no_encounter():
    state = table({"django": (1, "roof"), "ghost": (2, "roof")}, marshal=3)
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (3, "roof") and len(of_type(events, BulletTaken)) == 1


def test_each_shot_hands_over_the_next_lower_label_and_counts_as_public():
    state = table({"doc": (2, "inside"), "ghost": (3, "inside")})
    resolve(state, "doc", "fire", Fire(target="ghost"))
    events = resolve(state, "doc", "fire", Fire(target="ghost"))
    assert of_type(events, BulletTaken)[0].card == "bullet/doc/5"
    doc, ghost = public_view(state).bandits
    assert (doc.bullets_left, ghost.bullets_received) == (4, 2)


# --- Punch -----------------------------------------------------------------------


def test_belle_alone_with_the_puncher_must_be_punched():
    state = table({"doc": (2, "inside"), "belle": (2, "inside"), "ghost": (2, "roof")})
    with_card(state, "doc", "punch")
    assert {c.victim for c in options(state)} == {"belle"}


def test_a_punch_drops_then_cheyenne_grabs_then_the_knock_back_then_the_encounter():
    state = table(
        {"cheyenne": (2, "inside"), "ghost": (2, "inside")},
        held={"ghost": ["purse-9"]},
        marshal=1,
    )
    events = resolve(
        state, "cheyenne", "punch", Punch(victim="ghost", token="purse-9", car=1, take_purse=True)
    )
    kinds = [type(e).__name__ for e in events]
    assert kinds == [
        "LootDropped",
        "LootTaken",
        "BanditMoved",
        "BanditMoved",
        "BulletTaken",
        "CardResolved",
    ]
    assert of_type(events, LootDropped)[0] == LootDropped("ghost", "purse-9", 2, False)
    assert of_type(events, LootTaken)[0].bandit == "cheyenne"
    assert [(e.car, e.roof, e.cause) for e in of_type(events, BanditMoved)] == [
        (1, False, "punch"),
        (1, True, "marshal"),
    ]


def test_a_punch_on_the_roof_drops_the_token_on_that_roof():
    state = table({"doc": (3, "roof"), "ghost": (3, "roof")}, held={"ghost": ["strongbox-1"]})
    resolve(state, "doc", "punch", Punch(victim="ghost", token="strongbox-1", car=4))
    assert state.roof[3] == ["strongbox-1"] and state.inside[3] == []


def test_cheyenne_may_leave_a_dropped_purse_on_the_floor():
    state = table({"cheyenne": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    resolve(state, "cheyenne", "punch", Punch("ghost", "purse-7", 3, take_purse=False))
    assert state.inside[2] == ["purse-7"] and state.held[0] == []


def test_only_cheyenne_may_grab_a_purse():
    state = table({"doc": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    with_card(state, "doc", "punch")
    assert refused(state, Punch("ghost", "purse-7", 3, take_purse=True)) == "illegal-action"


# --- Rob ---------------------------------------------------------------------------


def test_rob_inside_takes_only_inside_loot_and_any_token_there():
    state = table(
        {"doc": (2, "inside"), "ghost": (4, "inside")},
        inside={2: ["purse-8", "jewel-1"]},
        roof={2: ["jewel-2"]},
    )
    with_card(state, "doc", "rob")
    assert options(state) == [Rob(token="purse-8"), Rob(token="jewel-1")]
    resolve(state, "doc", "rob", Rob(token="jewel-1"))
    assert state.held[0] == ["jewel-1"] and state.inside[2] == ["purse-8"]


# --- Marshal ---------------------------------------------------------------------


def test_the_marshal_goes_either_way_and_may_enter_the_locomotive():
    state = table({"doc": (0, "inside"), "ghost": (4, "inside")}, marshal=1)
    with_card(state, "ghost", "marshal")
    assert options(state) == [MoveMarshal(car=0), MoveMarshal(car=2)]
    resolve(state, "ghost", "marshal", MoveMarshal(car=0))
    assert state.marshal == 0 and where(state, "doc") == (0, "roof")


def test_bandits_on_the_roof_of_the_car_the_marshal_enters_are_left_alone():
    state = table({"doc": (2, "roof"), "ghost": (4, "inside")}, marshal=1)
    events = resolve(state, "ghost", "marshal", MoveMarshal(car=2))
    assert where(state, "doc") == (2, "roof") and of_type(events, BulletTaken) == []


def test_once_the_neutral_supply_is_empty_nobody_receives_neutral_bullets():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")}, marshal=1, neutral_left=0)
    events = resolve(state, "ghost", "move", MoveBandit(car=1))
    assert where(state, "ghost") == (1, "roof") and of_type(events, BulletTaken) == []
    assert state.neutral_left == 0


def test_a_card_without_effect_still_goes_home_on_top_of_its_owners_deck():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    assert resolve(state, "doc", "rob")[-1] == CardResolved(index=0, effect=False)
    assert state.decks[0][-1] == "doc/rob"


# --- what a purse's holder remembers (§4.5) ----------------------------------------


def test_a_purse_value_stays_known_to_a_seat_after_the_purse_is_punched_away():
    state = table(
        {"doc": (2, "inside"), "ghost": (2, "inside")},
        inside={2: ["purse-9"]},
        purse_values={"purse-9": 500},
    )
    resolve(state, "ghost", "rob", Rob(token="purse-9"))
    resolve(state, "doc", "punch", Punch(victim="ghost", token="purse-9", car=3))
    assert state.inside[2] == ["purse-9"]
    assert private_view(state, 1).purse_values["purse-9"] == 500
    assert private_view(state, 1).public.train[2].inside[0].value == 500
    assert "purse-9" not in private_view(state, 0).purse_values
    assert public_view(state).train[2].inside[0].value is None
