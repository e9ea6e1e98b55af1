"""The Marshal and neutral bullets (§5): nobody stays inside the Marshal's car.

Each way of coming inside his car (Move, Change floor, Punch, Django's push)
and the Marshal entering a car; his roof is never affected; neutral bullets
go to a group all or nothing. The events' volleys are in `test_round_events.py`.
"""

from __future__ import annotations

from domain.colt_express.commands import Fire, MoveBandit, MoveMarshal, Punch
from domain.colt_express.events import BanditMoved, BulletTaken, MarshalMoved

from .builders import of_type, resolve, table, where

# --- coming inside his car ----------------------------------------------------------


def test_moving_inside_into_the_marshals_car_sends_the_bandit_up_with_a_neutral_bullet():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")}, marshal=1)
    events = resolve(state, "ghost", "move", MoveBandit(car=1))
    assert where(state, "ghost") == (1, "roof")
    assert of_type(events, BulletTaken) == [
        BulletTaken(bandit="ghost", card="bullet/neutral", shooter=None)
    ]
    assert state.neutral_left == 12 and state.bullets_received[0] == 1


def test_coming_down_into_the_marshals_car_sends_the_bandit_straight_back_up():
    state = table({"ghost": (2, "roof"), "doc": (4, "inside")}, marshal=2)
    events = resolve(state, "ghost", "change_floor")
    assert where(state, "ghost") == (2, "roof")
    assert [e.roof for e in of_type(events, BanditMoved)] == [False, True]
    assert len(of_type(events, BulletTaken)) == 1


def test_a_punch_into_the_marshals_car_causes_an_encounter():
    state = table({"doc": (2, "inside"), "ghost": (2, "inside")}, marshal=1)
    resolve(state, "doc", "punch", Punch(victim="ghost", token=None, car=1))
    assert where(state, "ghost") == (1, "roof")
    assert state.bullets_received[1] == 1


def test_django_pushing_a_bandit_into_the_marshals_car_causes_an_encounter():
    state = table({"django": (3, "inside"), "ghost": (2, "inside")}, marshal=1)
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (1, "roof")
    assert [e.card for e in of_type(events, BulletTaken)] == ["bullet/django/6", "bullet/neutral"]


def test_every_bandit_inside_the_car_the_marshal_enters_flees_with_a_neutral_bullet():
    state = table({"doc": (1, "inside"), "ghost": (1, "inside"), "tuco": (1, "roof")})
    events = resolve(state, "tuco", "marshal", MoveMarshal(car=1))
    assert of_type(events, MarshalMoved) == [MarshalMoved(car=1)]
    assert where(state, "doc") == (1, "roof") and where(state, "ghost") == (1, "roof")
    assert state.bullets_received == [1, 1, 0]
    assert state.neutral_left == 11


# --- his roof ---------------------------------------------------------------------


def test_a_roof_move_above_the_marshal_causes_no_encounter():
    state = table({"ghost": (1, "roof"), "doc": (4, "inside")}, marshal=3)
    events = resolve(state, "ghost", "move", MoveBandit(car=3))
    assert where(state, "ghost") == (3, "roof") and of_type(events, BulletTaken) == []


def test_django_pushing_along_the_marshals_roof_causes_no_encounter():
    state = table({"django": (1, "roof"), "ghost": (2, "roof")}, marshal=3)
    events = resolve(state, "django", "fire", Fire(target="ghost"))
    assert where(state, "ghost") == (3, "roof") and len(of_type(events, BulletTaken)) == 1


def test_bandits_on_the_roof_of_the_car_the_marshal_enters_are_left_alone():
    state = table({"doc": (2, "roof"), "ghost": (4, "inside")}, marshal=1)
    events = resolve(state, "ghost", "marshal", MoveMarshal(car=2))
    assert where(state, "doc") == (2, "roof") and of_type(events, BulletTaken) == []


# --- the neutral supply -------------------------------------------------------------


def test_a_group_the_neutral_supply_cannot_cover_gets_no_bullets_but_still_flees():
    state = table(
        {"doc": (1, "inside"), "ghost": (1, "inside"), "tuco": (1, "roof")}, neutral_left=1
    )
    events = resolve(state, "tuco", "marshal", MoveMarshal(car=1))
    assert of_type(events, BulletTaken) == []
    assert where(state, "doc") == (1, "roof") and state.neutral_left == 1


def test_once_the_neutral_supply_is_empty_nobody_receives_neutral_bullets():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")}, marshal=1, neutral_left=0)
    events = resolve(state, "ghost", "move", MoveBandit(car=1))
    assert where(state, "ghost") == (1, "roof") and of_type(events, BulletTaken) == []
    assert state.neutral_left == 0
