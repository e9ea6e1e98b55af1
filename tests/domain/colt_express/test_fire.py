"""Fire (§4.3) and the bullet cards (§4.4): who can be shot, Tuco, Belle, Django, the labels.

Who reaches whom is also checked on random tables against a second reading of
the rules in `test_reach.py`.
"""

from __future__ import annotations

import pytest

from domain.colt_express.commands import Fire
from domain.colt_express.events import BulletTaken, CardResolved
from domain.colt_express.state import State
from domain.colt_express.views import public_view

from .builders import act_refused, of_type, options, resolve, table, where, with_card


def targets(state: State, shooter: str) -> set[str]:
    """The bandits `shooter`'s Fire card may hit."""
    with_card(state, shooter, "fire")
    return {c.target for c in options(state)}


# --- who can be shot -----------------------------------------------------------


@pytest.mark.parametrize("level", ["roof", "inside"])
def test_the_rulebooks_four_bandit_example(level):
    """Ghost; Tuco and Cheyenne together; Doc: the rulebook's example, both levels."""
    state = table(
        {"ghost": (1, level), "tuco": (2, level), "cheyenne": (2, level), "doc": (3, level)}
    )
    assert targets(state, "ghost") == {"tuco", "cheyenne"}
    assert targets(state, "tuco") == {"ghost", "doc"}


def test_nobody_in_the_shooters_own_car_can_be_shot():
    state = table({"doc": (2, "inside"), "ghost": (2, "roof"), "tuco": (2, "inside")})
    assert targets(state, "doc") == set()


def test_an_inside_shooter_reaches_only_adjacent_cars_inside():
    state = table(
        {"doc": (2, "inside"), "ghost": (1, "roof"), "tuco": (3, "inside"), "django": (4, "inside")}
    )
    assert targets(state, "doc") == {"tuco"}


def test_an_inside_shooter_may_shoot_forward_or_backward():
    state = table({"doc": (2, "inside"), "ghost": (1, "inside"), "tuco": (3, "inside")})
    assert targets(state, "doc") == {"ghost", "tuco"}


def test_a_roof_shooter_never_hits_bandits_inside_and_the_nearest_roof_blocks():
    state = table(
        {"doc": (0, "roof"), "ghost": (1, "inside"), "tuco": (2, "roof"), "belle": (4, "roof")}
    )
    assert targets(state, "doc") == {"tuco"}


def test_a_roof_shooter_sees_the_nearest_roof_in_each_direction():
    state = table(
        {"doc": (2, "roof"), "ghost": (0, "roof"), "tuco": (3, "roof"), "belle": (4, "roof")}
    )
    assert targets(state, "doc") == {"ghost", "tuco"}


def test_the_marshal_never_blocks_a_shot_and_can_never_be_its_target():
    state = table({"doc": (1, "roof"), "ghost": (3, "roof")}, marshal=2)
    assert targets(state, "doc") == {"ghost"}
    assert act_refused(state, Fire(target="marshal")).code == "illegal-action"
    state = table({"doc": (1, "inside"), "ghost": (2, "roof")}, marshal=2)
    assert resolve(state, "doc", "fire")[-1] == CardResolved(index=0, effect=False)


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


# --- Tuco and Belle --------------------------------------------------------------


def test_tuco_also_shoots_through_the_roof_of_his_own_car():
    state = table({"tuco": (2, "inside"), "ghost": (2, "roof"), "doc": (2, "inside")})
    assert targets(state, "tuco") == {"ghost"}


def test_tuco_keeps_his_normal_targets_besides_the_other_level_of_his_car():
    state = table(
        {"tuco": (2, "inside"), "ghost": (3, "inside"), "doc": (2, "roof"), "django": (1, "roof")}
    )
    assert targets(state, "tuco") == {"ghost", "doc"}
    state = table(
        {"tuco": (2, "roof"), "ghost": (4, "roof"), "doc": (2, "inside"), "django": (1, "inside")}
    )
    assert targets(state, "tuco") == {"ghost", "doc"}


def test_belle_is_protected_while_someone_else_can_be_shot():
    state = table({"doc": (2, "inside"), "belle": (1, "inside"), "ghost": (3, "inside")})
    assert targets(state, "doc") == {"ghost"}


def test_belle_must_be_shot_when_she_is_the_only_target():
    state = table({"doc": (2, "inside"), "belle": (1, "inside"), "ghost": (4, "roof")})
    assert targets(state, "doc") == {"belle"}


def test_belle_blocks_the_line_of_sight_like_anyone():
    state = table({"doc": (1, "roof"), "belle": (2, "roof"), "ghost": (3, "roof")})
    assert targets(state, "doc") == {"belle"}


def test_belle_under_tuco_is_protected_by_a_target_next_door():
    state = table({"tuco": (2, "inside"), "belle": (2, "roof"), "ghost": (3, "inside")})
    assert targets(state, "tuco") == {"ghost"}


# --- Django ------------------------------------------------------------------------


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


def test_django_cannot_push_past_the_locomotive():
    state = table({"django": (2, "roof"), "ghost": (0, "roof")})
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (0, "roof")
    assert [e.card for e in of_type(events, BulletTaken)] == ["bullet/django/6"]


# --- the bullet cards (§4.4) ---------------------------------------------------------


def test_a_shot_hands_over_the_highest_remaining_bullet_card():
    state = table({"doc": (2, "inside"), "ghost": (3, "inside")}, bullets_left={"doc": 4})
    events = resolve(state, "doc", "fire", Fire(target="ghost"))
    assert of_type(events, BulletTaken) == [
        BulletTaken(bandit="ghost", card="bullet/doc/4", shooter="doc")
    ]
    assert state.bullets_left[0] == 3
    assert state.decks[1][-1] == "bullet/doc/4"  # on top of the target's deck
    assert state.shots == [1, 0]


def test_each_shot_hands_over_the_next_lower_label_and_counts_as_public():
    state = table({"doc": (2, "inside"), "ghost": (3, "inside")})
    resolve(state, "doc", "fire", Fire(target="ghost"))
    events = resolve(state, "doc", "fire", Fire(target="ghost"))
    assert of_type(events, BulletTaken)[0].card == "bullet/doc/5"
    doc, ghost = public_view(state).bandits
    assert (doc.bullets_left, ghost.bullets_received) == (4, 2)
