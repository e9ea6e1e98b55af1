"""End-of-round events (§6): each event of the round cards, and when events apply.

Every test runs the round on from an emptied pile (`run_round_end`), so the
event applies to the handcrafted position exactly as it stands. The end of the
round itself is in `test_round_end.py`.
"""

from __future__ import annotations

import msgspec
import pytest

from domain.colt_express.commands import GiveUpPurse, Pickpocket
from domain.colt_express.events import (
    BulletTaken,
    ColtExpressGameStarted,
    LootDropped,
    RansomPaid,
    RoundEnded,
    RoundEventBegan,
)
from domain.colt_express.evolve import evolve
from domain.colt_express.round import to_act
from domain.colt_express.rules import RULES, legal_commands
from domain.colt_express.state import State
from domain.colt_express.versions import ENGINE, RULES_VERSION, TIES_NAMED
from domain.colt_express.views import public_view
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from tests.domain.decider import SEED

from .builders import act, of_type, run_round_end, table, where

# --- when events apply ----------------------------------------------------------------


def test_a_card_without_event_ends_the_round_right_after_stealin():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside")}, round_card="r24-tunnel")
    state.decks = [["doc/move"] * 10, ["ghost/move"] * 10]
    events = run_round_end(state)
    assert not of_type(events, RoundEventBegan)
    assert of_type(events, RoundEnded) == [RoundEnded(round=0)]


def test_event_choices_are_asked_in_seat_order_from_the_first_player():
    state = table(
        {"doc": (1, "inside"), "ghost": (2, "inside"), "tuco": (3, "inside")},
        inside={1: ["purse-9"], 2: ["purse-10"], 3: ["purse-11"]},
        round_card="station-pickpocketing",
        round=4,
        first_player=1,
    )
    events = run_round_end(state)
    assert of_type(events, RoundEventBegan)[0].choosers == ["ghost", "tuco", "doc"]
    assert to_act(state) == [1]
    act(state, Pickpocket(token=None))
    assert to_act(state) == [2]


# --- Angry Marshal --------------------------------------------------------------------


def test_angry_marshal_shoots_his_roof_then_moves_back_with_an_encounter():
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (1, "inside"), "belle": (3, "roof")},
        marshal=1,
        round_card="r24-angry-marshal",
    )
    events = run_round_end(state)
    assert [e.bandit for e in of_type(events, BulletTaken)] == ["doc", "ghost"]
    assert state.marshal == 2 and where(state, "ghost") == (2, "roof")
    assert where(state, "tuco") == (1, "inside")


def test_angry_marshal_stays_in_the_caboose():
    state = table(
        {"doc": (4, "roof"), "ghost": (1, "inside")}, marshal=4, round_card="r24-angry-marshal"
    )
    run_round_end(state)
    assert state.marshal == 4 and state.bullets_received == [1, 0]


def test_angry_marshal_spares_bandits_on_other_roofs_and_inside_his_first_car():
    state = table(
        {"doc": (2, "roof"), "ghost": (3, "inside"), "tuco": (4, "inside")},
        marshal=1,
        round_card="r24-angry-marshal",
    )
    run_round_end(state)
    assert state.bullets_received == [0, 0, 0] and state.marshal == 2


def test_angry_marshal_gives_the_roof_volley_and_the_move_separate_shares_of_the_supply():
    # supply 1: the lone roof bandit gets it, the bandit met inside afterwards gets none
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside")},
        marshal=1,
        neutral_left=1,
        round_card="r24-angry-marshal",
    )
    run_round_end(state)
    assert state.bullets_received == [1, 0] and where(state, "ghost") == (2, "roof")
    # supply 1: two roof bandits cannot both be covered, the one met inside can
    state = table(
        {"doc": (1, "roof"), "tuco": (1, "roof"), "ghost": (2, "inside")},
        marshal=1,
        neutral_left=1,
        round_card="r24-angry-marshal",
    )
    events = run_round_end(state)
    assert [e.bandit for e in of_type(events, BulletTaken)] == ["ghost"]
    assert state.neutral_left == 0


# --- Swivel Arm and Braking -----------------------------------------------------------


def test_swivel_arm_sweeps_every_roof_bandit_to_the_caboose_roof():
    state = table(
        {"doc": (0, "roof"), "ghost": (2, "roof"), "tuco": (1, "inside")},
        round_card="r24-swivel-arm",
    )
    run_round_end(state)
    assert where(state, "doc") == (4, "roof") and where(state, "ghost") == (4, "roof")
    assert where(state, "tuco") == (1, "inside")


def test_braking_moves_roof_bandits_one_car_forward_and_the_locomotive_roof_stays():
    state = table(
        {"doc": (0, "roof"), "ghost": (3, "roof"), "tuco": (2, "inside")}, round_card="r24-braking"
    )
    run_round_end(state)
    assert [where(state, b) for b in ("doc", "ghost", "tuco")] == [
        (0, "roof"),
        (2, "roof"),
        (2, "inside"),
    ]


def test_braking_moves_each_roof_bandit_once_judged_where_he_stood():
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "roof"), "tuco": (3, "roof")}, round_card="r24-braking"
    )
    run_round_end(state)
    assert [where(state, b) for b in ("doc", "ghost", "tuco")] == [
        (0, "roof"),
        (1, "roof"),
        (2, "roof"),
    ]


def test_braking_and_swivel_arm_cause_no_encounter():
    state = table({"doc": (2, "roof"), "ghost": (4, "inside")}, marshal=1, round_card="r24-braking")
    events = run_round_end(state)
    assert where(state, "doc") == (1, "roof") and of_type(events, BulletTaken) == []
    state = table(
        {"doc": (2, "roof"), "ghost": (4, "roof")}, marshal=4, round_card="r24-swivel-arm"
    )
    events = run_round_end(state)
    assert where(state, "doc") == (4, "roof") and of_type(events, BulletTaken) == []


# --- Take It All! ---------------------------------------------------------------------


def test_take_it_all_puts_the_second_strongbox_in_the_marshals_car():
    state = table(
        {"doc": (0, "roof"), "ghost": (3, "roof")}, marshal=2, round_card="r24-take-it-all"
    )
    run_round_end(state)
    assert state.inside[2] == ["strongbox-2"] and state.reserve == []


def test_take_it_all_in_the_locomotive_and_never_a_second_time():
    state = table({"doc": (1, "roof"), "ghost": (3, "roof")}, round_card="r24-take-it-all")
    run_round_end(state)
    assert state.inside[0] == ["strongbox-2"] and state.reserve == []
    view = public_view(state)
    assert view.reserve == [] and [t.value for t in view.train[0].inside] == [1000]


# --- Passengers' Rebellion ------------------------------------------------------------


def test_passengers_rebellion_hits_every_bandit_inside_the_locomotive_included():
    state = table(
        {"doc": (0, "inside"), "ghost": (3, "roof"), "tuco": (2, "inside")},
        marshal=1,
        round_card="r24-rebellion",
    )
    run_round_end(state)
    assert state.bullets_received == [1, 0, 1] and state.neutral_left == 11


def test_passengers_rebellion_spares_roof_bandits_and_hits_the_ones_inside_together():
    state = table(
        {"doc": (1, "inside"), "ghost": (1, "roof"), "tuco": (4, "inside")},
        round_card="r56-rebellion",
        neutral_left=2,
    )
    run_round_end(state)
    assert state.bullets_received == [1, 0, 1] and state.neutral_left == 0


def test_a_rebellion_the_neutral_supply_cannot_cover_hands_out_nothing():
    state = table(
        {"doc": (0, "inside"), "tuco": (2, "inside")}, round_card="r24-rebellion", neutral_left=1
    )
    run_round_end(state)
    assert state.bullets_received == [0, 0]


# --- Pickpocketing --------------------------------------------------------------------


def test_pickpocketing_lets_a_lone_bandit_take_a_purse_if_he_wants():
    state = table(
        {"doc": (1, "inside"), "ghost": (2, "roof"), "tuco": (3, "inside"), "belle": (3, "inside")},
        inside={1: ["purse-9", "jewel-1"], 3: ["purse-10"]},
        roof={2: ["jewel-2"]},
        round_card="station-pickpocketing",
        round=4,
    )
    events = run_round_end(state)
    assert of_type(events, RoundEventBegan) == [
        RoundEventBegan(event="pickpocketing", choosers=["doc"])
    ]
    assert legal_commands(state, 0) == [Pickpocket(token=None), Pickpocket(token="purse-9")]
    events = act(state, Pickpocket(token="purse-9"))
    assert state.held[0] == ["purse-9"] and state.phase == "finished"


def test_pickpocketing_may_be_declined():
    state = table(
        {"doc": (1, "inside"), "ghost": (2, "roof")},
        inside={1: ["purse-9"]},
        round_card="station-pickpocketing",
        round=4,
    )
    run_round_end(state)
    act(state, Pickpocket(token=None))
    assert state.held[0] == [] and state.inside[1] == ["purse-9"]


def test_pickpocketing_asks_a_lone_roof_bandit_and_skips_those_without_a_purse_or_company():
    state = table(
        {
            "doc": (1, "roof"),
            "ghost": (2, "inside"),
            "tuco": (3, "roof"),
            "belle": (3, "roof"),
            "django": (4, "inside"),
        },
        roof={1: ["purse-9", "purse-10"], 3: ["purse-11"]},
        inside={2: ["jewel-1"]},
        round_card="station-pickpocketing",
        round=4,
    )
    events = run_round_end(state)
    assert of_type(events, RoundEventBegan)[0].choosers == ["doc"]
    assert legal_commands(state, 0) == [
        Pickpocket(token=None),
        Pickpocket(token="purse-9"),
        Pickpocket(token="purse-10"),
    ]
    act(state, Pickpocket(token="purse-10"))
    assert state.held[0] == ["purse-10"] and state.roof[1] == ["purse-9"]


# --- Marshal's Revenge ----------------------------------------------------------------


def _revenge_table(engine: str = ENGINE) -> State:
    """Doc (tied lowest purses), Belle (one lowest purse) and Ghost (no purse) on the
    Marshal's roof, Tuco inside his car."""
    return table(
        {"doc": (2, "roof"), "ghost": (2, "roof"), "tuco": (2, "inside"), "belle": (2, "roof")},
        marshal=2,
        held={
            "doc": ["purse-9", "purse-10", "purse-11", "jewel-1"],
            "ghost": ["jewel-2"],
            "tuco": ["purse-12"],
            "belle": ["purse-13", "purse-14"],
        },
        purse_values={"purse-9": 250, "purse-10": 250, "purse-11": 500,
                      "purse-13": 450, "purse-14": 300},
        round_card="station-marshals-revenge",
        round=4,
        engine=engine,
    )


def test_marshals_revenge_asks_every_purse_holder_on_his_roof_tied_or_not():
    """Rules 0.3: being asked tells nobody whose lowest purses tie (values are hidden)."""
    state = _revenge_table()
    events = run_round_end(state)
    assert of_type(events, RoundEventBegan)[0].choosers == ["doc", "belle"]
    assert of_type(events, LootDropped) == []  # nobody loses a purse unasked
    assert to_act(state) == [0]
    assert legal_commands(state, 0) == [GiveUpPurse(token="purse-9"), GiveUpPurse(token="purse-10")]
    act(state, GiveUpPurse(token="purse-10"))
    assert to_act(state) == [3]
    assert legal_commands(state, 3) == [GiveUpPurse(token="purse-14")]  # the lowest, alone
    events = act(state, GiveUpPurse(token="purse-14"))
    assert of_type(events, LootDropped) == [
        LootDropped(bandit="belle", token="purse-14", car=2, roof=True)]
    assert state.held == [["purse-9", "purse-11", "jewel-1"], ["jewel-2"], ["purse-12"],
                          ["purse-13"]]
    assert state.roof[2] == ["purse-10", "purse-14"] and state.phase == "finished"


def test_tied_and_untied_holders_look_alike_to_others():
    """The public record of the event is the same whatever the hidden purse values."""
    untied = _revenge_table()
    untied.purse_values["purse-10"] = 700  # Doc's lowest is now purse-9 alone
    began = [of_type(run_round_end(s), RoundEventBegan)[0] for s in (_revenge_table(), untied)]
    assert began[0] == began[1]
    assert to_act(untied) == [0] and len(legal_commands(untied, 0)) == 1


def test_marshals_revenge_ignores_bandits_inside_and_those_with_no_purse():
    state = table(
        {"doc": (2, "roof"), "ghost": (1, "roof"), "tuco": (3, "inside")},
        marshal=2,
        held={"doc": ["jewel-1", "strongbox-1"], "ghost": ["purse-9"], "tuco": ["purse-10"]},
        round_card="station-marshals-revenge",
        round=4,
    )
    run_round_end(state)
    assert state.held == [["jewel-1", "strongbox-1"], ["purse-9"], ["purse-10"]]
    assert state.roof[2] == []


def test_before_0_3_marshals_revenge_asks_only_tied_holders():
    """0.1 and 0.2 logs replay as they were decided: the untied lose theirs at once."""
    for engine in sorted(TIES_NAMED):
        state = _revenge_table(engine)
        events = run_round_end(state)
        assert of_type(events, RoundEventBegan)[0].choosers == ["doc"]
        assert of_type(events, LootDropped) == [
            LootDropped(bandit="belle", token="purse-14", car=2, roof=True)]
        assert legal_commands(state, 0) == [GiveUpPurse(token="purse-9"),
                                            GiveUpPurse(token="purse-10")]
        act(state, GiveUpPurse(token="purse-10"))
        assert state.roof[2] == ["purse-14", "purse-10"] and state.phase == "finished"


def test_the_opening_records_the_rules_version_from_0_3_on():
    """A 0.3 game says so in its first event; 0.1 and 0.2 openings stay as they were dealt."""
    current = RULES.start(Setup(3), SEED)[0]
    assert isinstance(current, ColtExpressGameStarted)
    assert current.rules_version == RULES_VERSION and evolve(None, current).every_holder_chooses
    for version in ("0.1", f"0.2/colt-express@{RULES_VERSION.partition('@')[2]}"):
        old = RULES.start(Setup(3, rules_version=version), SEED)[0]
        assert isinstance(old, ColtExpressGameStarted) and old.rules_version is None
        assert b"rules_version" not in msgspec.json.encode(old)
        assert not evolve(None, old).every_holder_chooses
        assert msgspec.structs.replace(old, rules_version=current.rules_version) == current
    with pytest.raises(RuleViolation) as refused:
        RULES.start(Setup(3, rules_version="0.9/colt-express@sha256:0"), SEED)
    assert refused.value.code == "bad-setup"


# --- Hostage-Taking of the Conductor --------------------------------------------------


def test_hostage_taking_pays_250_to_each_bandit_in_or_on_the_locomotive():
    state = table(
        {"doc": (0, "roof"), "ghost": (0, "inside"), "tuco": (1, "roof")},
        marshal=2,
        round_card="station-hostage",
        round=4,
    )
    events = run_round_end(state)
    assert [e.bandit for e in of_type(events, RansomPaid)] == ["doc", "ghost"]
    assert state.scores is not None
    assert state.scores[0] == state.scores[1] and state.scores[0] - state.scores[2] == 250


def test_hostage_ransom_is_a_public_250_token():
    state = table(
        {"doc": (0, "inside"), "ghost": (1, "inside")}, round_card="station-hostage", round=4
    )
    events = run_round_end(state)
    assert of_type(events, RoundEventBegan)[0].choosers == []
    (token,) = state.held[0]
    assert public_view(state).bandits[0].loot[0].value == 250 and token.startswith("ransom-")
