"""End-of-round events (§6) and the end of a round (§7)."""

from __future__ import annotations

import msgspec
import pytest

from domain.colt_express.commands import GiveUpPurse, Pickpocket
from domain.colt_express.events import (
    BulletTaken,
    ColtExpressGameStarted,
    HandDealt,
    LootDropped,
    RansomPaid,
    RoundBegan,
    RoundEnded,
    RoundEventBegan,
)
from domain.colt_express.evolve import evolve
from domain.colt_express.round import to_act
from domain.colt_express.rules import RULES, legal_commands
from domain.colt_express.state import State
from domain.colt_express.versions import ENGINE, RULES_VERSION, TIES_NAMED
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup

from .builders import SEED, of_type, play, run_round_end, table, where


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


def test_take_it_all_puts_the_second_strongbox_in_the_marshals_car():
    state = table(
        {"doc": (0, "roof"), "ghost": (3, "roof")}, marshal=2, round_card="r24-take-it-all"
    )
    run_round_end(state)
    assert state.inside[2] == ["strongbox-2"] and state.reserve == []


def test_passengers_rebellion_hits_every_bandit_inside_the_locomotive_included():
    state = table(
        {"doc": (0, "inside"), "ghost": (3, "roof"), "tuco": (2, "inside")},
        marshal=1,
        round_card="r24-rebellion",
    )
    run_round_end(state)
    assert state.bullets_received == [1, 0, 1] and state.neutral_left == 11


def test_a_rebellion_the_neutral_supply_cannot_cover_hands_out_nothing():
    state = table(
        {"doc": (0, "inside"), "tuco": (2, "inside")}, round_card="r24-rebellion", neutral_left=1
    )
    run_round_end(state)
    assert state.bullets_received == [0, 0]


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
    events = play(state, Pickpocket(token="purse-9"))
    assert state.held[0] == ["purse-9"] and state.phase == "finished"


def test_pickpocketing_may_be_declined():
    state = table(
        {"doc": (1, "inside"), "ghost": (2, "roof")},
        inside={1: ["purse-9"]},
        round_card="station-pickpocketing",
        round=4,
    )
    run_round_end(state)
    play(state, Pickpocket(token=None))
    assert state.held[0] == [] and state.inside[1] == ["purse-9"]


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
    play(state, GiveUpPurse(token="purse-10"))
    assert to_act(state) == [3]
    assert legal_commands(state, 3) == [GiveUpPurse(token="purse-14")]  # the lowest, alone
    events = play(state, GiveUpPurse(token="purse-14"))
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
        play(state, GiveUpPurse(token="purse-10"))
        assert state.roof[2] == ["purse-14", "purse-10"] and state.phase == "finished"


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


def test_a_round_end_makes_the_next_player_first_and_deals_again():
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")}, first_player=2
    )
    state.decks = [["doc/move"] * 10, ["ghost/move"] * 10, ["tuco/move"] * 10]
    events = run_round_end(state)
    assert of_type(events, RoundEnded) == [RoundEnded(round=0)]
    assert of_type(events, RoundBegan) == [
        RoundBegan(round=1, card=state.round_deck[1], first_player=0)
    ]
    assert [e.seat for e in of_type(events, HandDealt)] == [0, 1, 2]
    assert to_act(state) == [0] and state.phase == "schemin"


def test_the_game_ends_after_the_fifth_round_and_reveals_the_seed():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside")}, round=4)
    run_round_end(state)
    assert state.phase == "finished" and state.seed is not None and to_act(state) == []


def test_each_round_reshuffles_every_card_a_player_owns_bullets_included():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside")})
    actions = [f"doc/{a}" for a in ("move", "fire", "rob", "punch", "marshal")] * 2
    state.decks = [[*actions, "bullet/ghost/6", "bullet/neutral"], ["ghost/move"] * 10]
    events = run_round_end(state)
    (dealt,) = [e for e in of_type(events, HandDealt) if e.seat == 0]
    assert dealt.shuffle is not None
    assert sorted(dealt.shuffle.before) == sorted(state.decks[0] + state.hands[0])
    assert {"bullet/ghost/6", "bullet/neutral"} <= set(dealt.shuffle.before)
    assert len(state.hands[0]) == 7  # Doc


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
    play(state, Pickpocket(token=None))
    assert to_act(state) == [2]


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
