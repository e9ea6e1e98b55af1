"""Review of the round-end events (§6), the end of a round and scoring (§7)."""

from __future__ import annotations

from domain.colt_express.commands import Fire, MoveBandit, Pickpocket
from domain.colt_express.events import BulletTaken, RoundEnded, RoundEventBegan
from domain.colt_express.final import final_scores
from domain.colt_express.rules import legal_commands
from domain.colt_express.views import public_view

from .builders import of_type, play, resolve, run_round_end, table, where


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


def test_angry_marshal_spares_bandits_on_other_roofs_and_inside_his_first_car():
    state = table(
        {"doc": (2, "roof"), "ghost": (3, "inside"), "tuco": (4, "inside")},
        marshal=1,
        round_card="r24-angry-marshal",
    )
    run_round_end(state)
    assert state.bullets_received == [0, 0, 0] and state.marshal == 2


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


def test_take_it_all_in_the_locomotive_and_never_a_second_time():
    state = table({"doc": (1, "roof"), "ghost": (3, "roof")}, round_card="r24-take-it-all")
    run_round_end(state)
    assert state.inside[0] == ["strongbox-2"] and state.reserve == []
    view = public_view(state)
    assert view.reserve == [] and [t.value for t in view.train[0].inside] == [1000]


def test_passengers_rebellion_spares_roof_bandits_and_hits_the_ones_inside_together():
    state = table(
        {"doc": (1, "inside"), "ghost": (1, "roof"), "tuco": (4, "inside")},
        round_card="r56-rebellion",
        neutral_left=2,
    )
    run_round_end(state)
    assert state.bullets_received == [1, 0, 1] and state.neutral_left == 0


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
    play(state, Pickpocket(token="purse-10"))
    assert state.held[0] == ["purse-10"] and state.roof[1] == ["purse-9"]


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


def test_hostage_ransom_is_a_public_250_token():
    state = table(
        {"doc": (0, "inside"), "ghost": (1, "inside")}, round_card="station-hostage", round=4
    )
    events = run_round_end(state)
    assert of_type(events, RoundEventBegan)[0].choosers == []
    (token,) = state.held[0]
    assert public_view(state).bandits[0].loot[0].value == 250 and token.startswith("ransom-")


def test_a_card_without_event_ends_the_round_right_after_stealin():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside")}, round_card="r24-tunnel")
    state.decks = [["doc/move"] * 10, ["ghost/move"] * 10]
    events = run_round_end(state)
    assert not of_type(events, RoundEventBegan)
    assert of_type(events, RoundEnded) == [RoundEnded(round=0)]


def test_a_game_is_five_rounds_and_the_first_player_moves_left_each_round():
    state = table({"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")})
    state.decks = [["doc/move"] * 10, ["ghost/move"] * 10, ["tuco/move"] * 10]
    firsts = []
    for played in range(5):
        assert state.round == played
        firsts.append(state.first_player)
        state.hands = [[], [], []]
        state.decks = [["doc/move"] * 10, ["ghost/move"] * 10, ["tuco/move"] * 10]
        state.phase = "stealin"
        run_round_end(state)
    assert firsts == [0, 1, 2, 0, 1] and state.phase == "finished"


def test_the_winner_counts_every_token_kind_and_the_gunslinger_bonus():
    state = table(
        {"doc": (1, "roof"), "ghost": (2, "inside"), "tuco": (3, "inside")},
        held={
            "doc": ["purse-9", "ransom-1"],
            "ghost": ["jewel-1", "jewel-2"],
            "tuco": ["strongbox-1"],
        },
        purse_values={"purse-9": 500},
        round=4,
    )
    state.shots = [0, 0, 1]
    assert final_scores(state) == ([750, 1000, 2000], [2], [2])


def test_the_tie_break_counts_neutral_bullets_and_bullets_from_players_alike():
    state = table(
        {"doc": (2, "inside"), "ghost": (3, "inside"), "tuco": (1, "inside")},
        held={"doc": ["strongbox-1", "jewel-1"], "ghost": ["jewel-2", "jewel-3", "jewel-4"]},
        marshal=4,
        round=4,
    )
    resolve(state, "ghost", "move", MoveBandit(car=4))  # the Marshal: a neutral bullet
    resolve(state, "tuco", "fire", Fire(target="doc"))  # a bullet from a player
    assert state.bullets_received == [1, 1, 0]
    scores, winners, gunslingers = final_scores(state)
    assert scores == [1500, 1500, 1000] and gunslingers == [2] and winners == [0, 1]
    resolve(state, "ghost", "change_floor")  # down into the Marshal's car: one more
    assert final_scores(state)[1] == [0]
