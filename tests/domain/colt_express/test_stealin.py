"""Stealin' (§4.3): the pile resolved card by card, Move, Change floor, Punch, Rob, Marshal.

Fire and the bullet cards are in `test_fire.py`, the Marshal's encounters in
`test_marshal.py`, and a second reading of who reaches whom in `test_reach.py`.
"""

from __future__ import annotations

from domain.colt_express.commands import MoveBandit, MoveMarshal, Punch, Rob
from domain.colt_express.events import (
    BanditMoved,
    CardResolved,
    CardRevealed,
    LootDropped,
    LootTaken,
)
from domain.colt_express.rules import RULES, legal_commands
from domain.colt_express.views import public_view, redact
from tests.domain.decider import refused

from .builders import (
    act_refused,
    of_type,
    options,
    proceeded,
    resolve,
    table,
    where,
    with_card,
)

# --- the card's owner, compulsory actions, the card going home ----------------------


def test_a_face_down_card_is_turned_up_for_everyone_when_stealin_reaches_it():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    state.pile_down = [True, False]
    state.revealed = False
    assert public_view(state).pile[0].card is None
    events = proceeded(state)
    assert of_type(events, CardRevealed) == [CardRevealed(index=0, card="ghost/move")]
    assert public_view(state).pile[0].card == "ghost/move"
    assert public_view(state).pending_bandit == "ghost"


def test_only_the_cards_owner_may_decide_it():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    with_card(state, "doc", "move")
    assert refused(RULES, state, 1, MoveBandit(car=1)).code == "not-your-turn"


def test_the_owner_chooses_in_stealin_from_the_position_then_not_when_planned():
    """The Move planned from car 2 is carried out from wherever the bandit is when revealed."""
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    state.bandit_car[0] = 4  # moved by earlier cards since the Move was planned
    with_card(state, "ghost", "move")
    assert legal_commands(state, 0) == [MoveBandit(car=3)]


def test_an_action_that_can_be_carried_out_cannot_be_passed():
    """Rob with loot at hand: every option takes a token, and a card never resolves unasked."""
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")}, inside={2: ["jewel-1"]})
    with_card(state, "doc", "rob")
    assert options(state) == [Rob(token="jewel-1")]
    assert act_refused(state, Rob(token="jewel-2")).code == "illegal-action"
    assert state.revealed and state.pile_pos == 0


def test_no_card_lets_its_bandit_or_the_marshal_stay_where_they_are():
    state = table({"ghost": (2, "roof"), "doc": (2, "roof")}, marshal=3)
    with_card(state, "ghost", "move")
    assert MoveBandit(car=2) not in options(state)
    assert act_refused(state, MoveBandit(car=2)).code == "illegal-action"
    with_card(state, "ghost", "punch")
    assert all(c.car != 2 for c in options(state))
    assert act_refused(state, Punch(victim="doc", token=None, car=2)).code == "illegal-action"
    with_card(state, "ghost", "marshal")
    assert act_refused(state, MoveMarshal(car=3)).code == "illegal-action"


def test_a_resolved_card_goes_back_on_top_of_its_owners_deck_with_or_without_effect():
    state = table({"doc": (2, "inside"), "ghost": (4, "inside")})
    resolve(state, "doc", "change_floor")
    assert state.decks[0][-1] == "doc/change_floor"
    assert resolve(state, "doc", "rob")[-1] == CardResolved(index=0, effect=False)
    assert state.decks[0][-1] == "doc/rob"


# --- Move ------------------------------------------------------------------------


def test_move_inside_goes_to_an_adjacent_car_only():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    assert options(state) == [MoveBandit(car=1), MoveBandit(car=3)]


def test_move_inside_the_locomotive_has_one_destination():
    state = table({"ghost": (0, "inside"), "doc": (4, "inside")}, marshal=3)
    with_card(state, "ghost", "move")
    assert options(state) == [MoveBandit(car=1)]


def test_move_from_the_caboose_goes_only_forward_on_both_levels():
    state = table({"ghost": (4, "inside"), "doc": (1, "inside")})
    with_card(state, "ghost", "move")
    assert options(state) == [MoveBandit(car=3)]
    state = table({"ghost": (4, "roof"), "doc": (1, "inside")})
    with_card(state, "ghost", "move")
    assert [c.car for c in options(state)] == [1, 2, 3]


def test_move_on_the_roof_goes_one_to_three_cars_but_never_past_the_ends():
    state = table({"ghost": (1, "roof"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    assert [c.car for c in options(state)] == [0, 2, 3, 4]
    state = table({"ghost": (0, "roof"), "doc": (4, "inside")}, cars=6)
    with_card(state, "ghost", "move")
    assert [c.car for c in options(state)] == [1, 2, 3]


def test_a_roof_move_passes_over_other_bandits():
    state = table({"ghost": (1, "roof"), "doc": (2, "roof"), "tuco": (3, "roof")})
    resolve(state, "ghost", "move", MoveBandit(car=4))
    assert where(state, "ghost") == (4, "roof")


def test_move_is_carried_out_on_the_same_level():
    state = table({"ghost": (1, "roof"), "doc": (4, "inside")})
    events = resolve(state, "ghost", "move", MoveBandit(car=4))
    assert where(state, "ghost") == (4, "roof")
    assert events[-1] == CardResolved(index=0, effect=True)


def test_a_move_the_card_does_not_allow_is_refused():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    with_card(state, "ghost", "move")
    assert act_refused(state, MoveBandit(car=4)).code == "illegal-action"


# --- Change floor ----------------------------------------------------------------


def test_change_floor_needs_no_choice_and_switches_level():
    state = table({"ghost": (2, "inside"), "doc": (4, "inside")})
    resolve(state, "ghost", "change_floor")
    assert where(state, "ghost") == (2, "roof")
    resolve(state, "ghost", "change_floor")
    assert where(state, "ghost") == (2, "inside")


# --- Punch -----------------------------------------------------------------------


def test_punch_victims_share_the_location_and_belle_is_protected():
    state = table(
        {"doc": (2, "roof"), "belle": (2, "roof"), "ghost": (2, "roof"), "tuco": (2, "inside")}
    )
    with_card(state, "doc", "punch")
    assert {c.victim for c in options(state)} == {"ghost"}


def test_belle_alone_with_the_puncher_must_be_punched():
    state = table({"doc": (2, "inside"), "belle": (2, "inside"), "ghost": (2, "roof")})
    with_card(state, "doc", "punch")
    assert {c.victim for c in options(state)} == {"belle"}


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


def test_a_punch_on_the_roof_drops_the_token_on_that_roof():
    state = table({"doc": (3, "roof"), "ghost": (3, "roof")}, held={"ghost": ["strongbox-1"]})
    resolve(state, "doc", "punch", Punch(victim="ghost", token="strongbox-1", car=4))
    assert state.roof[3] == ["strongbox-1"] and state.inside[3] == []


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


def test_cheyenne_may_keep_a_purse_her_punch_drops():
    state = table({"cheyenne": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    with_card(state, "cheyenne", "punch")
    assert Punch(victim="ghost", token="purse-7", car=1, take_purse=True) in options(state)
    assert Punch(victim="ghost", token="purse-7", car=1, take_purse=False) in options(state)
    resolve(state, "cheyenne", "punch", Punch("ghost", "purse-7", 1, take_purse=True))
    assert state.held[0] == ["purse-7"] and state.inside[2] == []
    assert "purse-7" in state.known[0]


def test_cheyenne_may_leave_a_dropped_purse_on_the_floor():
    state = table({"cheyenne": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    resolve(state, "cheyenne", "punch", Punch("ghost", "purse-7", 3, take_purse=False))
    assert state.inside[2] == ["purse-7"] and state.held[0] == []


def test_cheyenne_cannot_keep_a_jewel_and_others_cannot_keep_anything():
    state = table({"cheyenne": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["jewel-2"]})
    with_card(state, "cheyenne", "punch")
    assert not any(c.take_purse for c in options(state))
    state = table({"doc": (2, "inside"), "ghost": (2, "inside")}, held={"ghost": ["purse-7"]})
    with_card(state, "doc", "punch")
    assert not any(c.take_purse for c in options(state))
    refusal = act_refused(state, Punch("ghost", "purse-7", 3, take_purse=True))
    assert refusal.code == "illegal-action"


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


def test_the_marshal_goes_either_way_and_may_enter_the_locomotive():
    state = table({"doc": (0, "inside"), "ghost": (4, "inside")}, marshal=1)
    with_card(state, "ghost", "marshal")
    assert options(state) == [MoveMarshal(car=0), MoveMarshal(car=2)]
    resolve(state, "ghost", "marshal", MoveMarshal(car=0))
    assert state.marshal == 0 and where(state, "doc") == (0, "roof")
